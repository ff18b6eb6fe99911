//! Declarations into tables: states (with their labels), events (with their data), actions,
//! guards, variables (type and initial value checked), and timers last, each with its expiry
//! event and its start and stop actions, named by the spec's aliases where it gives them; then
//! the initial state and the machine's settings (`ref`, `unhandled`, `diagram { }`).

use super::{GENERATED_ITEMS, MAX_DOMAIN, Resolver, named};
use crate::ast::{self, Name, SmolStr, Span};
use crate::check::report::{self, Kind};
use crate::ir::{self, ActionId, EventId, StateId, TimerId};
use rustc_hash::FxHashMap as HashMap;

impl Resolver<'_> {
    pub(super) fn declare_all(&mut self) {
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
                            labels.insert(label.value.clone(), (s.decl.name.text.as_str().to_owned(), label.span));
                        }
                    }
                    self.states.push(ir::State {
                        named: named(&s.decl.name, s.decl.label.as_ref(), item.docs()),
                        is_final: s.is_final.is_some(),
                        entry: Vec::new(),
                        exit: Vec::new(),
                        entry_groups: Vec::new(),
                        exit_groups: Vec::new(),
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
                            self.refused_payloads.push(EventId(self.events.len()));
                            None
                        }
                        None => None,
                    };
                    self.events.push(ir::Event {
                        named: named(&d.name, d.label.as_ref(), item.docs()),
                        timer: None,
                        payload,
                    });
                }
                ast::ItemKind::Action(a)
                    if a.alias.is_none() && self.enter(Kind::Action, &a.decl.name, self.actions.len()) =>
                {
                    self.actions.push(ir::Action {
                        named: named(&a.decl.name, a.decl.label.as_ref(), item.docs()),
                        kind: ir::ActionKind::User,
                        implied: false,
                    });
                }
                ast::ItemKind::Group(g) if self.enter(Kind::Group, &g.decl.name, self.groups.len()) => {
                    self.groups.push(super::GroupEntry {
                        item,
                        decl: g,
                        expansion: super::Expansion::NotYet,
                        used: false,
                    });
                }
                ast::ItemKind::Guard(d) if self.enter(Kind::Guard, &d.name, self.guards.len()) => {
                    self.guards.push(ir::Guard { named: named(&d.name, d.label.as_ref(), item.docs()) });
                }
                ast::ItemKind::Var(v) => self.declare_var(v, item.docs()),
                _ => {}
            }
        }
        // Timers last, so that the names they generate clash with declared ones, not the
        // other way round, whatever the order of the spec. An `action X = start T;` gives the
        // operation its name before the timer is declared.
        // Several names may stand for one operation (RFCs name a timer's restart differently
        // in different places): the first names the timer's own action, the others are
        // actions of the same kind.
        let mut aliases: HashMap<(&str, ast::TimerOpKind), Vec<Alias<'_>>> = HashMap::default();
        for item in &spec.items {
            let ast::ItemKind::Action(ast::ActionDecl { decl, alias: Some(op) }) = &item.kind else { continue };
            aliases.entry((op.timer.text.as_str(), op.kind)).or_default().push((decl, item.docs()));
        }
        for item in &spec.items {
            if let ast::ItemKind::Timer(t) = &item.kind {
                let d = &t.decl;
                if let Some(payload) = &t.payload {
                    self.diagnostics.push(report::payload_on_timer(&d.name, payload));
                }
                let names = |op| aliases.get(&(d.name.text.as_str(), op)).map_or(&[][..], Vec::as_slice);
                self.declare_timer(t, item.docs(), names(ast::TimerOpKind::Start), names(ast::TimerOpKind::Stop));
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
        // A parameter's values are explored only where a guard reads it, and then all its
        // combinations with the others are bounded together (`MAX_STARTS`): one read only by
        // durations, say an interval in microseconds, may be as wide as its RFC says.
        if !v.param && ty.size() > MAX_DOMAIN {
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
        // A parameter without a default starts, for the checker, at its type's smallest value;
        // it explores every value a guard can tell apart (see `ir::Machine::starts`).
        let Some(literal) = v.init else {
            if self.enter(Kind::Var, &v.name, self.vars.len()) {
                let named = named(&v.name, None, docs);
                self.vars.push(ir::Var {
                    named,
                    ty,
                    init: ty.min(),
                    output: false,
                    param: true,
                    has_default: false,
                    running: None,
                });
            } else {
                self.unsound = true;
            }
            return;
        };
        let what = if v.param { "default" } else { "initial value" };
        let init = match (ty, literal) {
            (ir::VarType::Bool, ast::Literal::Bool(b, _)) => i64::from(b),
            (ir::VarType::Int { min, max }, ast::Literal::Int(n, span)) => {
                if (n < min || n > max) && !empty {
                    // The repaired value is a guess: exploring from it could report anything.
                    self.unsound = true;
                    self.diagnostics.push(report::out_of_range(
                        span,
                        format!("the {what} {n} of `{}` is outside {min}..={max}", v.name.text),
                        "out of range",
                    ));
                }
                n.clamp(min, max)
            }
            (_, lit) => {
                self.unsound = true;
                self.diagnostics.push(report::type_mismatch(
                    lit.span(),
                    format!("the {what} of `{}` does not match its type", v.name.text),
                    "wrong type",
                ));
                ty.min()
            }
        };
        if !self.enter(Kind::Var, &v.name, self.vars.len()) {
            // Which of the two declarations the assignments and guards mean is not known.
            self.unsound = true;
        } else {
            let named = named(&v.name, None, docs);
            self.vars.push(ir::Var {
                named,
                ty,
                init,
                output: v.output,
                param: v.param,
                has_default: true,
                running: None,
            });
        }
    }

    /// Declares a timer with its expiry event and its start and stop actions, named by their
    /// aliases where the spec gives them (`action SetWatchdog = start Tw;`): the first alias of
    /// an operation names the timer's own action, each further one is an action of its own that
    /// does the same.
    fn declare_timer(&mut self, timer: &ast::TimerDecl, docs: &[String], starts: &[Alias<'_>], stops: &[Alias<'_>]) {
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
            let clashing = Name { text: SmolStr::new(&expiry_name), span };
            self.diagnostics.push(report::clash(
                Kind::Event,
                &clashing,
                d.name.span,
                &format!("the expiry event of timer `{t}`"),
            ));
        } else {
            self.event_tab.insert(expiry_name.clone(), (self.events.len(), d.name.span));
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
            // A group shares the actions' names (effect lists name both).
            let taken = self.action_tab.get(&named.name).or_else(|| self.group_tab.get(&named.name));
            match taken {
                Some((_, first)) if alias.is_some() => {
                    let name = Name { text: SmolStr::new(&named.name), span: named.span };
                    self.diagnostics.push(report::duplicate(Kind::Action, &name, first));
                }
                Some((_, span)) => {
                    let clashing = Name { text: SmolStr::new(&named.name), span };
                    self.diagnostics.push(report::clash(
                        Kind::Action,
                        &clashing,
                        d.name.span,
                        &format!("an action of timer `{t}`"),
                    ));
                }
                None => {
                    self.action_tab.insert(named.name.clone(), (self.actions.len(), named.span));
                }
            }
            self.actions.push(ir::Action { named, kind, implied: alias.is_none() });
            ActionId(self.actions.len() - 1)
        };
        let start = operation(ast::TimerOpKind::Start, starts.first().copied());
        let stop = operation(ast::TimerOpKind::Stop, stops.first().copied());
        for &alias in starts.iter().skip(1) {
            operation(ast::TimerOpKind::Start, Some(alias));
        }
        for &alias in stops.iter().skip(1) {
            operation(ast::TimerOpKind::Stop, Some(alias));
        }
        self.timers.push(ir::Timer {
            named: named(&d.name, d.label.as_ref(), docs),
            start,
            stop,
            expiry,
            default: timer.default,
            duration: None,
            running: None,
        });
    }

    pub(super) fn initial_state(&mut self) -> Option<StateId> {
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

    pub(super) fn machine_settings(&mut self) -> (Vec<String>, ast::Policy) {
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
    pub(super) fn diagram_settings(&mut self) -> ir::Diagram {
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
}

/// An `action NAME = start T;` (or `stop`): its declaration and its doc lines.
type Alias<'a> = (&'a ast::Decl, &'a [String]);
