//! Every name of a spec, where it stands and what it names, from the syntax tree's spans: the
//! ground of go to definition, references, rename, the outline and semantic tokens.
//!
//! Names are resolved as the checker resolves them: one namespace per kind, a guard clause's
//! names as guards or else `bool` variables, and an event `TExpiry` that no `event` declares as
//! the expiry of the timer `T` (its occurrence is then the `T` part of the word).

use fsm_dsl::ast::{self, Span};
use std::collections::HashMap;

/// What a name names, in the DSL's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A state (a superstate is a state with substates).
    State,
    /// An event.
    Event,
    /// A guard.
    Guard,
    /// An action.
    Action,
    /// A timer.
    Timer,
    /// A variable.
    Var,
    /// An effect group.
    Group,
}

impl Kind {
    /// The noun, as the checker's messages say it.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::State => "state",
            Kind::Event => "event",
            Kind::Guard => "guard",
            Kind::Action => "action",
            Kind::Timer => "timer",
            Kind::Var => "variable",
            Kind::Group => "group",
        }
    }
}

/// One occurrence of a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occurrence {
    /// The name (for a timer's expiry, the timer's).
    pub name: String,
    /// What it names.
    pub kind: Kind,
    /// Where it stands (for a timer's expiry, the timer's part of the event's word).
    pub span: Span,
    /// Whether this is the declaration.
    pub is_decl: bool,
}

/// The occurrences of a spec's names, in no particular order, each span once.
#[derive(Debug, Default)]
pub struct Index {
    /// Every occurrence.
    pub occurrences: Vec<Occurrence>,
}

impl Index {
    /// Indexes `spec`.
    pub fn new(spec: &ast::Spec) -> Index {
        let mut declared: HashMap<(Kind, &str), ()> = HashMap::new();
        let mut builder = Builder { occurrences: Vec::new() };
        for item in &spec.items {
            builder.declarations(item, &mut declared);
        }
        let names = Names { declared };
        for item in &spec.items {
            builder.references(item, &names);
        }
        let mut seen = std::collections::HashSet::new();
        builder.occurrences.retain(|o| seen.insert(o.span));
        Index { occurrences: builder.occurrences }
    }

    /// The occurrence whose span holds byte `at` (its end included, where a cursor stands after
    /// the word).
    pub fn at(&self, at: usize) -> Option<&Occurrence> {
        self.occurrences.iter().find(|o| o.span.start() <= at && at <= o.span.end())
    }

    /// The declaration of a name of a kind (the first, when it is declared twice).
    pub fn declaration(&self, kind: Kind, name: &str) -> Option<&Occurrence> {
        self.occurrences.iter().filter(|o| o.is_decl && o.kind == kind && o.name == name).min_by_key(|o| o.span.start())
    }

    /// Every occurrence of a name of a kind, in source order.
    pub fn all(&self, kind: Kind, name: &str) -> Vec<&Occurrence> {
        let mut all: Vec<&Occurrence> = self.occurrences.iter().filter(|o| o.kind == kind && o.name == name).collect();
        all.sort_by_key(|o| o.span.start());
        all
    }

    /// The declared names of a kind, sorted, each once.
    pub fn declared(&self, kind: Kind) -> Vec<&str> {
        let mut names: Vec<&str> =
            self.occurrences.iter().filter(|o| o.is_decl && o.kind == kind).map(|o| o.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        names
    }
}

struct Names<'a> {
    declared: HashMap<(Kind, &'a str), ()>,
}

impl Names<'_> {
    fn has(&self, kind: Kind, name: &str) -> bool {
        self.declared.contains_key(&(kind, name))
    }
}

struct Builder {
    occurrences: Vec<Occurrence>,
}

impl Builder {
    fn push(&mut self, kind: Kind, name: &ast::Name, is_decl: bool) {
        self.occurrences.push(Occurrence { name: name.text.as_str().to_owned(), kind, span: name.span, is_decl });
    }

    fn declarations<'a>(&mut self, item: &'a ast::Item, declared: &mut HashMap<(Kind, &'a str), ()>) {
        let (kind, name) = match &item.kind {
            ast::ItemKind::State(s) => {
                for sub in &s.substates {
                    self.declarations(sub, declared);
                }
                (Kind::State, &s.decl.name)
            }
            ast::ItemKind::Event(e) => (Kind::Event, &e.decl.name),
            ast::ItemKind::Action(a) => (Kind::Action, &a.decl.name),
            ast::ItemKind::Guard(g) => (Kind::Guard, &g.name),
            ast::ItemKind::Timer(t) => (Kind::Timer, &t.decl.name),
            ast::ItemKind::Var(v) => (Kind::Var, &v.name),
            ast::ItemKind::Group(g) => (Kind::Group, &g.decl.name),
            _ => return,
        };
        declared.insert((kind, name.text.as_str()), ());
        self.push(kind, name, true);
    }

    fn references(&mut self, item: &ast::Item, names: &Names<'_>) {
        match &item.kind {
            ast::ItemKind::State(s) => {
                for effect in s.entry.iter().chain(&s.exit) {
                    self.effect(effect, names);
                }
                for sub in &s.substates {
                    self.references(sub, names);
                }
            }
            ast::ItemKind::Action(a) => {
                if let Some(op) = &a.alias {
                    self.push(Kind::Timer, &op.timer, false);
                }
            }
            ast::ItemKind::Timer(t) => {
                if let Some(duration) = &t.duration {
                    self.int_expr(&duration.expr);
                }
            }
            ast::ItemKind::Group(g) => {
                for effect in &g.effects {
                    self.effect(effect, names);
                }
            }
            ast::ItemKind::Transition(t) => {
                self.states(&t.sources);
                if let Some(target) = &t.target {
                    self.push(Kind::State, target, false);
                }
                for event in t.events.iter().chain(t.other.iter().flat_map(|o| o.except.iter())) {
                    self.event(event, names);
                }
                if let Some(ast::GuardClause::Expr(e)) = t.guard.as_deref() {
                    self.expr(e, names);
                }
                for effect in &t.effects {
                    self.effect(effect, names);
                }
            }
            ast::ItemKind::Ignore(i) => {
                for event in &i.events {
                    self.event(event, names);
                }
                if let Some(states) = &i.states {
                    self.states(states);
                }
            }
            _ => {}
        }
    }

    fn states(&mut self, set: &ast::StateSet) {
        let names = match set {
            ast::StateSet::Names(names) => names,
            ast::StateSet::All { except, .. } => except,
        };
        for name in names {
            self.push(Kind::State, name, false);
        }
    }

    /// An event's name: a declared event, or else the expiry of a declared timer.
    fn event(&mut self, name: &ast::Name, names: &Names<'_>) {
        if !names.has(Kind::Event, &name.text)
            && let Some(timer) = name.text.strip_suffix("Expiry")
            && names.has(Kind::Timer, timer)
        {
            let span = Span::new(name.span.start(), name.span.start() + timer.len());
            self.occurrences.push(Occurrence { name: timer.to_owned(), kind: Kind::Timer, span, is_decl: false });
            return;
        }
        self.push(Kind::Event, name, false);
    }

    /// The parameters, variables and events (whose data it reads) of a timer's duration.
    fn int_expr(&mut self, expr: &ast::IntExpr) {
        match expr {
            ast::IntExpr::Int(..) => {}
            ast::IntExpr::Name(n) => self.push(Kind::Var, n, false),
            ast::IntExpr::Field(event, ..) => self.push(Kind::Event, event, false),
            ast::IntExpr::Op(_, a, b, _) => {
                self.int_expr(a);
                self.int_expr(b);
            }
        }
    }

    fn expr(&mut self, expr: &ast::Expr, names: &Names<'_>) {
        match expr {
            ast::Expr::Name(n) => {
                let kind = if !names.has(Kind::Guard, &n.text) && names.has(Kind::Var, &n.text) {
                    Kind::Var
                } else {
                    Kind::Guard
                };
                self.push(kind, n, false);
            }
            ast::Expr::Bool(..) => {}
            ast::Expr::Not(e, _) => self.expr(e, names),
            ast::Expr::And(a, b) | ast::Expr::Or(a, b) => {
                self.expr(a, names);
                self.expr(b, names);
            }
            ast::Expr::Cmp(_, a, b) => {
                for operand in [a, b] {
                    if let ast::Operand::Name(n) = operand {
                        self.push(Kind::Var, n, false);
                    }
                }
            }
            ast::Expr::Running(timer, _) => self.push(Kind::Timer, timer, false),
        }
    }

    /// An effect's name: an action, or else a declared group.
    fn effect(&mut self, effect: &ast::Effect, names: &Names<'_>) {
        match effect {
            ast::Effect::Action(n) if !names.has(Kind::Action, &n.text) && names.has(Kind::Group, &n.text) => {
                self.push(Kind::Group, n, false)
            }
            ast::Effect::Action(n) => self.push(Kind::Action, n, false),
            ast::Effect::Timer(op) => self.push(Kind::Timer, &op.timer, false),
            ast::Effect::Assign(a) => self.push(Kind::Var, &a.var, false),
        }
    }
}
