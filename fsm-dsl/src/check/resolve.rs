//! Name resolution: declarations into tables, references into ids, and the rules that need
//! nothing but the names (duplicates, kinds, types, the initial state, final states, the
//! (state, event) table).

use super::report::{self, Kind};
use crate::ast::{self, Name, Span};
use crate::diag::Diagnostic;
use crate::ir::{self, ActionId, EventId, GuardId, StateId, TimerId, TransitionId, VarId};
use rustc_hash::FxHashMap as HashMap;

/// Largest variable domain the checker accepts: it evaluates guards over every value.
pub const MAX_DOMAIN: u128 = 1 << 16;

/// Most (state, event) pairs a machine may have: the checker and the generated code keep a
/// table of them.
pub const MAX_CELLS: usize = 1 << 22;

use crate::naming::ENUM_ITEMS as GENERATED_ITEMS;

#[derive(Default)]
struct Table {
    index: HashMap<String, (usize, Span)>,
}

impl Table {
    fn get(&self, name: &str) -> Option<(usize, Span)> {
        self.index.get(name).copied()
    }

    fn names(&self) -> impl Iterator<Item = &str> {
        self.index.keys().map(String::as_str)
    }
}

struct Resolver<'a> {
    spec: &'a ast::Spec,
    diagnostics: Vec<Diagnostic>,
    states: Vec<ir::State>,
    state_tab: Table,
    events: Vec<ir::Event>,
    event_tab: Table,
    actions: Vec<ir::Action>,
    action_tab: Table,
    guards: Vec<ir::Guard>,
    guard_tab: Table,
    timers: Vec<ir::Timer>,
    timer_tab: Table,
    vars: Vec<ir::Var>,
    var_tab: Table,
    /// Items dropped for an error: the states and the events they concern, `None` where a name
    /// did not resolve (then it may be any).
    dropped: Vec<Dropped>,
    /// Set by an error the analyses cannot work around.
    unsound: bool,
}

/// The states and the events of an item dropped for an error; `None` for any.
type Dropped = (Option<Vec<StateId>>, Option<Vec<EventId>>);

/// What resolution could not settle, so that the analyses can still run on the rest.
#[derive(Debug, Default)]
pub struct Unknown {
    /// One flag per (state, event) pair, row by row: whether an item that did not resolve may
    /// concern it (the pair's content is then not known).
    pub cells: Vec<bool>,
    /// Whether an error leaves the whole model in doubt (an entry or exit effect that did not
    /// resolve, no initial state, a variable too large to explore): no analysis runs then.
    pub unsound: bool,
}

pub(super) fn named(name: &Name, label: Option<&ast::Str>, docs: &[String]) -> ir::Named {
    ir::Named { name: name.text.clone(), label: label.map(|l| l.value.clone()), doc: docs.join("\n"), span: name.span }
}

/// Resolves a spec. The model is returned whenever the machine has a state, errors or not; the
/// caller decides whether errors make it unusable.
pub fn resolve(spec: &ast::Spec) -> (Option<ir::Machine>, Vec<Diagnostic>, Unknown) {
    let mut r = Resolver {
        spec,
        diagnostics: Vec::new(),
        states: Vec::new(),
        state_tab: Table::default(),
        events: Vec::new(),
        event_tab: Table::default(),
        actions: Vec::new(),
        action_tab: Table::default(),
        guards: Vec::new(),
        guard_tab: Table::default(),
        timers: Vec::new(),
        timer_tab: Table::default(),
        vars: Vec::new(),
        var_tab: Table::default(),
        dropped: Vec::new(),
        unsound: false,
    };
    let module = super::module_name(&spec.name.text);
    let valid = module.starts_with(|c: char| c.is_ascii_alphabetic())
        || (module.starts_with('_') && module.chars().any(|c| c.is_ascii_alphanumeric()));
    if !valid || crate::naming::is_rust_keyword(&module) {
        r.diagnostics.push(report::bad_module_name(&spec.name, &module));
    }
    r.declare_all();
    // With no initial state (an error already reported), the first state stands in, so that the
    // macro's skeleton still has a model.
    let initial = r.initial_state();
    r.unsound |= initial.is_none();
    let initial = initial.or_else(|| (!r.states.is_empty()).then_some(StateId(0)));
    let (refs, policy) = r.machine_settings();
    let diagram = r.diagram_settings();
    let entry_exit = r.resolve_entry_exit();
    let transitions = r.resolve_transitions();
    for (state, (entry, exit)) in r.states.iter_mut().zip(entry_exit) {
        state.entry = entry;
        state.exit = exit;
    }
    let cell_count = r.states.len().saturating_mul(r.events.len());
    if cell_count > MAX_CELLS {
        r.diagnostics.push(report::too_complex(
            spec.name.span,
            format!(
                "{} states and {} events make {cell_count} (state, event) pairs, more than the {MAX_CELLS} the checker handles",
                r.states.len(),
                r.events.len()
            ),
            "split the machine",
        ));
        return (None, r.diagnostics, Unknown { cells: Vec::new(), unsound: true });
    }
    let cells = r.build_cells(&transitions);
    let n_events = r.events.len();
    let mut unknown = Unknown { cells: vec![false; cells.len()], unsound: r.unsound };
    for (states, events) in &r.dropped {
        let states = states.clone().unwrap_or_else(|| (0..r.states.len()).map(StateId).collect());
        let events = events.clone().unwrap_or_else(|| (0..n_events).map(EventId).collect());
        for s in &states {
            for e in &events {
                unknown.cells[s.0 * n_events + e.0] = true;
            }
        }
    }
    let machine = initial.map(|initial| ir::Machine {
        named: named(&spec.name, spec.label.as_ref(), &spec.docs),
        refs,
        policy,
        diagram,
        states: r.states,
        events: r.events,
        actions: r.actions,
        guards: r.guards,
        timers: r.timers,
        vars: r.vars,
        initial,
        transitions,
        cells,
        superstates: Vec::new(),
    });
    (machine, r.diagnostics, unknown)
}

impl Resolver<'_> {
    fn items(&self) -> impl Iterator<Item = &ast::Item> {
        self.spec.items.iter()
    }

    fn table(&self, kind: Kind) -> &Table {
        match kind {
            Kind::State => &self.state_tab,
            Kind::Event => &self.event_tab,
            Kind::Action => &self.action_tab,
            Kind::Guard => &self.guard_tab,
            Kind::Timer => &self.timer_tab,
            Kind::Var => &self.var_tab,
        }
    }

    fn table_mut(&mut self, kind: Kind) -> &mut Table {
        match kind {
            Kind::State => &mut self.state_tab,
            Kind::Event => &mut self.event_tab,
            Kind::Action => &mut self.action_tab,
            Kind::Guard => &mut self.guard_tab,
            Kind::Timer => &mut self.timer_tab,
            Kind::Var => &mut self.var_tab,
        }
    }

    /// Enters a name into its table, reporting duplicates and reserved names. Guards and
    /// variables share one namespace, since guard expressions read both. Returns whether the
    /// name is new.
    fn enter(&mut self, kind: Kind, name: &Name, index: usize) -> bool {
        let namespace: &[Kind] = match kind {
            Kind::Guard | Kind::Var => &[Kind::Guard, Kind::Var],
            _ => std::slice::from_ref(&kind),
        };
        for &k in namespace {
            if let Some((_, first)) = self.table(k).get(&name.text) {
                self.diagnostics.push(report::duplicate(kind, name, first));
                return false;
            }
        }
        if crate::naming::is_rust_keyword(&name.text) {
            self.diagnostics.push(report::reserved(kind, name, "it is a Rust keyword"));
        } else if GENERATED_ITEMS.contains(&name.text.as_str()) {
            self.diagnostics.push(report::reserved(kind, name, "the generated code uses it"));
        }
        self.table_mut(kind).index.insert(name.text.clone(), (index, name.span));
        true
    }

    fn declare_all(&mut self) {
        let spec = self.spec;
        let mut labels: HashMap<String, (String, Span)> = HashMap::default();
        for item in &spec.items {
            match &item.kind {
                ast::ItemKind::State(s) => {
                    if !self.enter(Kind::State, &s.decl.name, self.states.len()) {
                        // Which of the two bodies is meant is not known.
                        self.unsound |= !s.entry.is_empty() || !s.exit.is_empty();
                        continue;
                    }
                    if let Some(label) = &s.decl.label {
                        if let Some((first, span)) = labels.get(&label.value) {
                            self.diagnostics.push(report::duplicate_label(
                                &s.decl.name,
                                &label.value,
                                label.span,
                                first,
                                *span,
                            ));
                        } else {
                            labels.insert(label.value.clone(), (s.decl.name.text.clone(), label.span));
                        }
                    }
                    self.states.push(ir::State {
                        named: named(&s.decl.name, s.decl.label.as_ref(), &item.docs),
                        is_final: s.is_final.is_some(),
                        entry: Vec::new(),
                        exit: Vec::new(),
                    });
                }
                ast::ItemKind::Event(ast::EventDecl { decl: d, payload })
                    if self.enter(Kind::Event, &d.name, self.events.len()) =>
                {
                    // A type that is not a path is reported and left out, so that the skeleton the
                    // macro generates from a spec with errors stays valid Rust.
                    let payload = match payload {
                        Some(p) if p.is_path => Some(p.ty.clone()),
                        Some(p) => {
                            self.diagnostics.push(report::payload_not_path(&d.name, p));
                            None
                        }
                        None => None,
                    };
                    self.events.push(ir::Event {
                        named: named(&d.name, d.label.as_ref(), &item.docs),
                        timer: None,
                        payload,
                    });
                }
                ast::ItemKind::Action(a)
                    if a.alias.is_none() && self.enter(Kind::Action, &a.decl.name, self.actions.len()) =>
                {
                    self.actions.push(ir::Action {
                        named: named(&a.decl.name, a.decl.label.as_ref(), &item.docs),
                        kind: ir::ActionKind::User,
                    });
                }
                ast::ItemKind::Guard(d) if self.enter(Kind::Guard, &d.name, self.guards.len()) => {
                    self.guards.push(ir::Guard { named: named(&d.name, d.label.as_ref(), &item.docs) });
                }
                ast::ItemKind::Var(v) => self.declare_var(v, &item.docs),
                _ => {}
            }
        }
        // Timers last, so that the names they generate clash with declared ones, not the
        // other way round, whatever the order of the spec. An `action X = start T;` gives the
        // operation its name before the timer is declared.
        let mut aliases: HashMap<(&str, ast::TimerOpKind), (&ast::Decl, &[String])> = HashMap::default();
        for item in &spec.items {
            let ast::ItemKind::Action(ast::ActionDecl { decl, alias: Some(op) }) = &item.kind else { continue };
            let key = (op.timer.text.as_str(), op.kind);
            match aliases.get(&key) {
                Some((first, _)) => {
                    self.diagnostics.push(report::duplicate(Kind::Action, &decl.name, first.name.span).with_note(
                        format!("`{}` already names this operation of timer `{}`", first.name.text, op.timer.text),
                    ))
                }
                None => {
                    aliases.insert(key, (decl, &item.docs));
                }
            }
        }
        for item in &spec.items {
            if let ast::ItemKind::Timer(t) = &item.kind {
                let d = &t.decl;
                if let Some(payload) = &t.payload {
                    self.diagnostics.push(report::payload_on_timer(&d.name, payload));
                }
                let start = aliases.get(&(d.name.text.as_str(), ast::TimerOpKind::Start)).copied();
                let stop = aliases.get(&(d.name.text.as_str(), ast::TimerOpKind::Stop)).copied();
                self.declare_timer(t, &item.docs, start, stop);
            }
        }
        // An alias of a timer that does not exist.
        for item in &spec.items {
            if let ast::ItemKind::Action(ast::ActionDecl { alias: Some(op), .. }) = &item.kind {
                let _ = self.timer(&op.timer);
            }
        }
    }

    /// Declares a variable. A bad type or initial value is reported, and the variable is still
    /// declared (with a repaired type or value) so that its uses do not cascade into errors.
    fn declare_var(&mut self, v: &ast::VarDecl, docs: &[String]) {
        let mut empty = false;
        let ty = match v.ty {
            ast::VarType::Bool => ir::VarType::Bool,
            ast::VarType::Int { min, max } => {
                if min > max {
                    self.diagnostics.push(report::out_of_range(
                        v.ty_span,
                        format!("the range {min}..={max} of `{}` is empty", v.name.text),
                        "empty range",
                    ));
                    // Said once: the initial value is not checked against an empty range.
                    empty = true;
                    self.unsound = true;
                    ir::VarType::Int { min, max: min }
                } else {
                    ir::VarType::Int { min, max }
                }
            }
        };
        if ty.size() > MAX_DOMAIN {
            self.unsound = true;
            self.diagnostics.push(report::too_complex(
                v.ty_span,
                format!(
                    "the range of `{}` has {} values, more than the {MAX_DOMAIN} the checker evaluates",
                    v.name.text,
                    ty.size()
                ),
                "narrow the range",
            ));
        }
        let init = match (ty, v.init) {
            (ir::VarType::Bool, ast::Literal::Bool(b, _)) => i64::from(b),
            (ir::VarType::Int { min, max }, ast::Literal::Int(n, span)) => {
                if (n < min || n > max) && !empty {
                    // The repaired value is a guess: exploring from it could report anything.
                    self.unsound = true;
                    self.diagnostics.push(report::out_of_range(
                        span,
                        format!("the initial value {n} of `{}` is outside {min}..={max}", v.name.text),
                        "out of range",
                    ));
                }
                n.clamp(min, max)
            }
            (_, lit) => {
                self.unsound = true;
                self.diagnostics.push(report::type_mismatch(
                    lit.span(),
                    format!("the initial value of `{}` does not match its type", v.name.text),
                    "wrong type",
                ));
                ty.min()
            }
        };
        if !self.enter(Kind::Var, &v.name, self.vars.len()) {
            // Which of the two declarations the assignments and guards mean is not known.
            self.unsound = true;
        } else {
            self.vars.push(ir::Var { named: named(&v.name, None, docs), ty, init, output: v.output });
        }
    }

    /// Declares a timer with its expiry event and its start and stop actions, named by their
    /// aliases where the spec gives them (`action SetWatchdog = start Tw;`).
    fn declare_timer(
        &mut self,
        timer: &ast::TimerDecl,
        docs: &[String],
        start: Option<(&ast::Decl, &[String])>,
        stop: Option<(&ast::Decl, &[String])>,
    ) {
        let d = &timer.decl;
        if !self.enter(Kind::Timer, &d.name, self.timers.len()) {
            return;
        }
        let id = TimerId(self.timers.len());
        let t = &d.name.text;
        // Where the timer is shown (tables, diagrams, `Display`), it is shown by its label.
        let shown = d.label.as_ref().map(|l| l.value.clone());
        let expiry_name = format!("{t}Expiry");
        let expiry_label = shown.as_ref().map_or_else(|| expiry_name.clone(), |l| format!("{l} expiry"));
        if let Some((_, span)) = self.event_tab.get(&expiry_name) {
            let clashing = Name { text: expiry_name.clone(), span };
            self.diagnostics.push(report::clash(
                Kind::Event,
                &clashing,
                d.name.span,
                &format!("the expiry event of timer `{t}`"),
            ));
        } else {
            self.event_tab.index.insert(expiry_name.clone(), (self.events.len(), d.name.span));
        }
        let expiry = EventId(self.events.len());
        self.events.push(ir::Event {
            named: ir::Named {
                name: expiry_name.clone(),
                label: Some(expiry_label),
                doc: format!("The timer `{t}` has expired."),
                span: d.name.span,
            },
            timer: Some(id),
            payload: None,
        });
        let mut operation = |op: ast::TimerOpKind, alias: Option<(&ast::Decl, &[String])>| {
            let (default_name, label, kind, doc) = match op {
                ast::TimerOpKind::Start => (
                    format!("Start{t}"),
                    format!("start {}", shown.as_deref().unwrap_or(t)),
                    ir::ActionKind::Start(id),
                    format!("Arm (or re-arm) the timer `{t}`."),
                ),
                ast::TimerOpKind::Stop => (
                    format!("Stop{t}"),
                    format!("stop {}", shown.as_deref().unwrap_or(t)),
                    ir::ActionKind::Stop(id),
                    format!("Disarm the timer `{t}`."),
                ),
            };
            let named = match alias {
                Some((decl, alias_docs)) => {
                    let mut n = named(&decl.name, decl.label.as_ref(), alias_docs);
                    if n.doc.is_empty() {
                        n.doc = doc;
                    }
                    if crate::naming::is_rust_keyword(&n.name) {
                        self.diagnostics.push(report::reserved(Kind::Action, &decl.name, "it is a Rust keyword"));
                    } else if GENERATED_ITEMS.contains(&n.name.as_str()) {
                        self.diagnostics.push(report::reserved(Kind::Action, &decl.name, "the generated code uses it"));
                    }
                    n
                }
                None => ir::Named { name: default_name, label: Some(label), doc, span: d.name.span },
            };
            match self.action_tab.get(&named.name) {
                Some((_, first)) if alias.is_some() => {
                    let name = Name { text: named.name.clone(), span: named.span };
                    self.diagnostics.push(report::duplicate(Kind::Action, &name, first));
                }
                Some((_, span)) => {
                    let clashing = Name { text: named.name.clone(), span };
                    self.diagnostics.push(report::clash(
                        Kind::Action,
                        &clashing,
                        d.name.span,
                        &format!("an action of timer `{t}`"),
                    ));
                }
                None => {
                    self.action_tab.index.insert(named.name.clone(), (self.actions.len(), named.span));
                }
            }
            self.actions.push(ir::Action { named, kind });
            ActionId(self.actions.len() - 1)
        };
        let start = operation(ast::TimerOpKind::Start, start);
        let stop = operation(ast::TimerOpKind::Stop, stop);
        self.timers.push(ir::Timer {
            named: named(&d.name, d.label.as_ref(), docs),
            start,
            stop,
            expiry,
            default: timer.default,
        });
    }

    fn initial_state(&mut self) -> Option<StateId> {
        let mut first: Option<(StateId, &Name)> = None;
        for item in &self.spec.items {
            let ast::ItemKind::State(s) = &item.kind else { continue };
            let Some(keyword) = s.initial else { continue };
            match first {
                None => first = self.state_tab.get(&s.decl.name.text).map(|(i, _)| (StateId(i), &s.decl.name)),
                Some((_, f)) => self.diagnostics.push(report::several_initial(&s.decl.name, keyword, &f.text, f.span)),
            }
        }
        // An item that did not parse may have been the initial state.
        if first.is_none() && self.spec.broken.is_empty() {
            self.diagnostics.push(report::no_initial(&self.spec.name));
        }
        first.map(|(id, _)| id)
    }

    fn machine_settings(&mut self) -> (Vec<String>, ast::Policy) {
        let mut refs = Vec::new();
        let mut policy: Option<(ast::Policy, Span)> = None;
        for item in &self.spec.items {
            match &item.kind {
                ast::ItemKind::Ref(s) => refs.push(s.value.clone()),
                ast::ItemKind::Unhandled(p, span) => match policy {
                    Some((_, first)) => self.diagnostics.push(report::duplicate_setting("unhandled", *span, first)),
                    None => policy = Some((*p, *span)),
                },
                _ => {}
            }
        }
        (refs, policy.map(|(p, _)| p).unwrap_or_default())
    }

    /// The `diagram { }` settings; each may be set once in the machine (over all such items).
    fn diagram_settings(&mut self) -> ir::Diagram {
        let mut diagram = ir::Diagram::default();
        let mut seen: Vec<ast::DiagramSetting> = Vec::new();
        for item in &self.spec.items {
            let ast::ItemKind::Diagram(settings) = &item.kind else { continue };
            for &setting in settings {
                if let Some(first) = seen.iter().find(|s| s.name() == setting.name()) {
                    self.diagnostics.push(report::duplicate_setting(setting.name(), setting.span(), first.span()));
                    continue;
                }
                seen.push(setting);
                match setting {
                    ast::DiagramSetting::Direction(d, _) => diagram.direction = d,
                    ast::DiagramSetting::Events(shown, _) => diagram.events = shown,
                    ast::DiagramSetting::Actions(shown, _) => diagram.actions = shown,
                }
            }
        }
        diagram
    }

    // -----------------------------------------------------------------------------------------
    // Lookups: each reports an undefined name (with a suggestion) or a name of the wrong kind.

    /// Reports a name that is not in the table of `kind`: as a name of another kind if it is
    /// one, else as undefined with the closest of `candidates`.
    fn missing(&mut self, kind: Kind, name: &Name, candidates: &[Kind]) {
        let timer = name.text.strip_suffix("Expiry").unwrap_or(&name.text);
        if self.spec.broken.contains(&name.text) || self.spec.broken.contains(timer) {
            return; // possibly declared in an item that did not parse: no cascade
        }
        let other = [Kind::State, Kind::Event, Kind::Action, Kind::Guard, Kind::Timer, Kind::Var]
            .into_iter()
            .filter(|k| !candidates.contains(k))
            .find_map(|k| self.table(k).get(&name.text).map(|(_, span)| (k, span)));
        let diagnostic = match other {
            Some((actual, span)) => report::wrong_kind(kind, name, actual, span),
            None => {
                let names = candidates.iter().flat_map(|&k| self.table(k).names());
                report::undefined(kind, name, report::suggest(&name.text, names))
            }
        };
        self.diagnostics.push(diagnostic);
    }

    fn lookup(&mut self, kind: Kind, name: &Name) -> Option<usize> {
        let found = self.table(kind).get(&name.text).map(|(i, _)| i);
        if found.is_none() {
            self.missing(kind, name, &[kind]);
        }
        found
    }

    fn state(&mut self, name: &Name) -> Option<StateId> {
        self.lookup(Kind::State, name).map(StateId)
    }

    fn event(&mut self, name: &Name) -> Option<EventId> {
        self.lookup(Kind::Event, name).map(EventId)
    }

    fn action(&mut self, name: &Name) -> Option<ActionId> {
        self.lookup(Kind::Action, name).map(ActionId)
    }

    fn timer(&mut self, name: &Name) -> Option<TimerId> {
        self.lookup(Kind::Timer, name).map(TimerId)
    }

    fn var(&mut self, name: &Name) -> Option<VarId> {
        self.lookup(Kind::Var, name).map(VarId)
    }

    /// A name read by a guard expression: a named guard or a variable.
    fn value(&mut self, name: &Name) -> Option<Result<GuardId, VarId>> {
        if let Some((i, _)) = self.guard_tab.get(&name.text) {
            return Some(Ok(GuardId(i)));
        }
        if let Some((i, _)) = self.var_tab.get(&name.text) {
            return Some(Err(VarId(i)));
        }
        self.missing(Kind::Guard, name, &[Kind::Guard, Kind::Var]);
        None
    }

    // -----------------------------------------------------------------------------------------
    // Effects, guards and transitions.

    fn effects(&mut self, effects: &[ast::Effect]) -> Option<Vec<ir::Effect>> {
        let mut out = Vec::with_capacity(effects.len());
        let mut ok = true;
        for effect in effects {
            let resolved = match effect {
                ast::Effect::Action(name) => self.action(name).map(ir::Effect::Action),
                ast::Effect::Timer(op) => self.timer(&op.timer).map(|t| {
                    let timer = &self.timers[t.0];
                    ir::Effect::Action(match op.kind {
                        ast::TimerOpKind::Start => timer.start,
                        ast::TimerOpKind::Stop => timer.stop,
                    })
                }),
                ast::Effect::Assign { var, op, value } => self.assignment(var, *op, *value),
            };
            match resolved {
                Some(e) => out.push(e),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    fn assignment(&mut self, var: &Name, op: ast::AssignOp, value: ast::Literal) -> Option<ir::Effect> {
        let id = self.var(var)?;
        let ty = self.vars[id.0].ty;
        match (ty, op, value) {
            (ir::VarType::Bool, ast::AssignOp::Set, ast::Literal::Bool(b, _)) => {
                Some(ir::Effect::Set(id, i64::from(b)))
            }
            (ir::VarType::Int { min, max }, ast::AssignOp::Set, ast::Literal::Int(n, span)) => {
                if n < min || n > max {
                    self.diagnostics.push(report::out_of_range(
                        span,
                        format!("{n} is outside the range {min}..={max} of `{}`", var.text),
                        "out of range",
                    ));
                    return None;
                }
                Some(ir::Effect::Set(id, n))
            }
            (ir::VarType::Int { .. }, ast::AssignOp::Add | ast::AssignOp::Sub, ast::Literal::Int(n, span)) => {
                let delta = if op == ast::AssignOp::Sub { n.checked_neg() } else { Some(n) };
                match delta {
                    Some(d) => Some(ir::Effect::Add(id, d)),
                    None => {
                        self.diagnostics.push(report::out_of_range(span, format!("cannot subtract {n}"), "too large"));
                        None
                    }
                }
            }
            (ir::VarType::Bool, ast::AssignOp::Add | ast::AssignOp::Sub, _) => {
                self.diagnostics.push(report::type_mismatch(
                    var.span.to(value.span()),
                    format!("`{}` is a bool: it can only be set with `=`", var.text),
                    "arithmetic on a bool",
                ));
                None
            }
            (_, _, lit) => {
                self.diagnostics.push(report::type_mismatch(
                    lit.span(),
                    format!("the value does not match the type of `{}`", var.text),
                    "wrong type",
                ));
                None
            }
        }
    }

    fn expr(&mut self, expr: &ast::Expr) -> Option<ir::Expr> {
        Some(match expr {
            ast::Expr::Bool(b, _) => ir::Expr::Const(*b),
            ast::Expr::Name(name) => match self.value(name)? {
                Ok(g) => ir::Expr::Guard(g),
                Err(v) => {
                    if self.vars[v.0].ty != ir::VarType::Bool {
                        self.diagnostics.push(
                            report::type_mismatch(
                                name.span,
                                format!("`{}` is an integer, not a condition", name.text),
                                "integer",
                            )
                            .with_help(format!("compare it, for example `{} > 0`", name.text)),
                        );
                        return None;
                    }
                    ir::Expr::Var(v)
                }
            },
            ast::Expr::Not(e, _) => ir::Expr::Not(Box::new(self.expr(e)?)),
            ast::Expr::And(a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                ir::Expr::And(Box::new(a?), Box::new(b?))
            }
            ast::Expr::Or(a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                ir::Expr::Or(Box::new(a?), Box::new(b?))
            }
            ast::Expr::Cmp(op, a, b) => {
                let (a, b) = (self.operand(a), self.operand(b));
                ir::Expr::Cmp(*op, a?, b?)
            }
        })
    }

    fn operand(&mut self, operand: &ast::Operand) -> Option<ir::Operand> {
        match operand {
            ast::Operand::Int(n, _) => Some(ir::Operand::Const(*n)),
            ast::Operand::Name(name) => {
                let v = self.var(name)?;
                if self.vars[v.0].ty == ir::VarType::Bool {
                    self.diagnostics.push(
                        report::type_mismatch(
                            name.span,
                            format!("`{}` is a bool and cannot be compared as a number", name.text),
                            "bool",
                        )
                        .with_help(format!("use `{}` or `!{}` as the condition", name.text, name.text)),
                    );
                    return None;
                }
                Some(ir::Operand::Var(v))
            }
        }
    }

    fn resolve_entry_exit(&mut self) -> Vec<(Vec<ir::Effect>, Vec<ir::Effect>)> {
        let mut out = vec![(Vec::new(), Vec::new()); self.states.len()];
        for item in &self.spec.items {
            let ast::ItemKind::State(s) = &item.kind else { continue };
            let Some((i, span)) = self.state_tab.get(&s.decl.name.text) else { continue };
            if span != s.decl.name.span {
                continue; // a duplicate declaration, already reported
            }
            let (entry, exit) = (self.effects(&s.entry), self.effects(&s.exit));
            self.unsound |= entry.is_none() || exit.is_none();
            out[i] = (entry.unwrap_or_default(), exit.unwrap_or_default());
        }
        out
    }

    /// Reports a name written twice in one list (`A, A -> B`).
    fn repeats(&mut self, kind: Kind, names: &[Name]) {
        for (i, name) in names.iter().enumerate() {
            if let Some(first) = names[..i].iter().find(|n| n.text == name.text) {
                self.diagnostics.push(report::listed_twice(kind, name, first.span));
            }
        }
    }

    fn state_set(&mut self, set: &ast::StateSet) -> Option<Vec<StateId>> {
        match set {
            ast::StateSet::Names(names) => {
                self.repeats(Kind::State, names);
                let ids: Vec<Option<StateId>> = names.iter().map(|n| self.state(n)).collect();
                ids.into_iter().collect()
            }
            ast::StateSet::All { except, .. } => {
                self.repeats(Kind::State, except);
                let excluded: Vec<Option<StateId>> = except.iter().map(|n| self.state(n)).collect();
                let excluded: Vec<StateId> = excluded.into_iter().collect::<Option<_>>()?;
                Some(
                    (0..self.states.len())
                        .map(StateId)
                        .filter(|s| !self.states[s.0].is_final && !excluded.contains(s))
                        .collect(),
                )
            }
        }
    }

    /// Resolves every transition; those with an error are dropped (the error is reported).
    fn resolve_transitions(&mut self) -> Vec<ir::Transition> {
        let spec = self.spec;
        let mut out = Vec::new();
        for item in &spec.items {
            let ast::ItemKind::Transition(t) = &item.kind else { continue };
            let sources = self.state_set(&t.sources);
            let target = t.target.as_ref().map(|n| self.state(n));
            self.repeats(Kind::Event, &t.events);
            let events: Vec<Option<EventId>> = t.events.iter().map(|e| self.event(e)).collect();
            let condition = match &t.guard {
                None => Some(ir::Condition::Always),
                Some(ast::GuardClause::Else(_)) => Some(ir::Condition::Else),
                Some(ast::GuardClause::Expr(e)) => self.expr(e).map(ir::Condition::When),
            };
            let effects = self.effects(&t.effects);
            let events: Option<Vec<EventId>> = events.into_iter().collect();
            let target = match target {
                None => Some(None),
                Some(Some(s)) => Some(Some(s)),
                Some(None) => None,
            };
            // A transition with an error is dropped; the pairs it may concern are remembered, so
            // that the analyses leave them alone instead of reporting what its absence causes.
            let (Some(_), Some(_), Some(condition), Some(effects), Some(target)) =
                (&sources, &events, condition, effects, target)
            else {
                self.dropped.push((sources, events));
                continue;
            };
            let (Some(sources), Some(events)) = (sources, events) else { continue };
            for name in source_names(&t.sources) {
                if let Some((i, decl)) = self.state_tab.get(&name.text)
                    && self.states[i].is_final
                {
                    let declared = self.final_keyword(&name.text).unwrap_or(decl);
                    self.diagnostics.push(report::leaves_final(name, declared, item.span));
                }
            }
            let guard_text = match &t.guard {
                None => String::new(),
                Some(ast::GuardClause::Else(_)) => "else".to_owned(),
                Some(ast::GuardClause::Expr(e)) => e.to_string(),
            };
            out.push(ir::Transition {
                sources,
                wildcard: matches!(t.sources, ast::StateSet::All { .. }),
                events,
                condition,
                guard_text,
                target,
                effects,
                refs: t.refs.iter().map(|r| r.value.clone()).collect(),
                doc: item.docs.join("\n"),
                span: item.span,
            });
        }
        out
    }

    fn final_keyword(&self, state: &str) -> Option<Span> {
        self.items().find_map(|item| match &item.kind {
            ast::ItemKind::State(s) if s.decl.name.text == state => s.is_final,
            _ => None,
        })
    }

    /// Fills the (state, event) table from the transitions and the `ignore` items.
    fn build_cells(&mut self, transitions: &[ir::Transition]) -> Vec<ir::Cell> {
        let n_events = self.events.len();
        let mut cells = vec![ir::Cell::Unmentioned; self.states.len() * n_events];
        for (i, t) in transitions.iter().enumerate() {
            for &s in &t.sources {
                for &e in &t.events {
                    let cell = &mut cells[s.0 * n_events + e.0];
                    match cell {
                        // A name listed twice (reported) puts the transition in a pair once.
                        ir::Cell::Rules(rules) if rules.last() == Some(&TransitionId(i)) => {}
                        ir::Cell::Rules(rules) => rules.push(TransitionId(i)),
                        _ => *cell = ir::Cell::Rules(vec![TransitionId(i)]),
                    }
                }
            }
        }
        let spec = self.spec;
        for item in &spec.items {
            let ast::ItemKind::Ignore(ignore) = &item.kind else { continue };
            let states = match &ignore.states {
                None => Some((0..self.states.len()).map(StateId).collect()),
                Some(set) => self.state_set(set),
            };
            self.repeats(Kind::Event, &ignore.events);
            let (events, names): (Vec<Option<EventId>>, Vec<Name>) = match ignore.every_event {
                Some(star) => (0..n_events)
                    .map(|e| (Some(EventId(e)), Name { text: self.events[e].named.name.clone(), span: star }))
                    .unzip(),
                None => (ignore.events.iter().map(|e| self.event(e)).collect(), ignore.events.clone()),
            };
            if states.is_none() || events.iter().any(Option::is_none) {
                self.dropped.push((states.clone(), events.iter().copied().collect()));
            }
            let Some(states) = states else { continue };
            for (e, name) in events.into_iter().zip(&names) {
                let Some(e) = e else { continue };
                if ignore.otherwise {
                    // A fallback: the pairs some transition handles keep their transitions.
                    for &s in &states {
                        let cell = &mut cells[s.0 * n_events + e.0];
                        if matches!(cell, ir::Cell::Unmentioned) {
                            *cell = ir::Cell::Ignored;
                        }
                    }
                    continue;
                }
                // One diagnostic per ignored event, naming every state where it is also handled.
                let mut conflicts: Vec<(String, Span)> = Vec::new();
                for &s in &states {
                    let cell = &mut cells[s.0 * n_events + e.0];
                    match cell {
                        ir::Cell::Rules(rules) => {
                            let handled = rules.first().map_or(item.span, |t| transitions[t.0].span);
                            conflicts.push((self.states[s.0].named.name.clone(), handled));
                        }
                        _ => *cell = ir::Cell::Ignored,
                    }
                }
                if !conflicts.is_empty() {
                    self.diagnostics.push(report::ignored_and_handled(&conflicts, &name.text, item.span));
                }
            }
        }
        cells
    }
}

fn source_names(set: &ast::StateSet) -> &[Name] {
    match set {
        ast::StateSet::Names(names) => names,
        ast::StateSet::All { .. } => &[],
    }
}
