//! The syntax tree of a system resolved over its instances' checked machines into a
//! [`System`], with every problem of the text reported at once (`verify::diag`).

use super::diag::{Code, Diagnostic};
use super::model::{
    Channel, Environment, Instance, Invariant, Loaded, MAX_CAPACITY, MAX_CHANNELS, MAX_GUARDS, MAX_INSTANCES,
    MAX_MESSAGES, MAX_RECEIVERS, MAX_STATES, MAX_TIMERS, Predicate, System,
};
use super::step;
use super::syntax::{Fault, Formula, Item, Name, Qualified, SystemAst};
use fsm_dsl::ast::CmpOp;
use fsm_dsl::ir::{ActionId, Cell, Condition, EventId, Machine, StateId, VarType};
use std::collections::HashMap;
use std::ops::Range;

/// Resolves a parsed system. `load` gives the machine of a spec path as written (relative to
/// the system file); it is called once per distinct path. Returns the system, or every problem
/// found, in text order.
pub fn resolve(ast: &SystemAst, load: &mut dyn FnMut(&str) -> Loaded) -> Result<System, Vec<Diagnostic>> {
    let mut r = Resolver { diagnostics: Vec::new(), instances: Vec::new(), unloaded: Vec::new(), channels: Vec::new() };
    let mut loaded: HashMap<String, Option<Box<Machine>>> = HashMap::new();
    let mut spans = Vec::new();
    // Declarations first, so that later items may name any instance or channel.
    for item in &ast.items {
        match item {
            Item::Instance { name, path, arguments } => {
                if r.instances.iter().any(|i| i.name == name.text) {
                    r.diagnostics.push(Diagnostic::duplicate("instance", &name.text, name.span.clone()));
                    continue;
                }
                let machine = loaded
                    .entry(path.text.clone())
                    .or_insert_with(|| match load(&path.text) {
                        Loaded::Machine(m) => Some(m),
                        Loaded::Unreadable(e) => {
                            r.diagnostics.push(Diagnostic::unreadable(path.span.clone(), &path.text, &e));
                            None
                        }
                        Loaded::Errors(n) => {
                            r.diagnostics.push(Diagnostic::spec_errors(path.span.clone(), &path.text, n));
                            None
                        }
                    })
                    .clone();
                let Some(machine) = machine.map(|m| *m) else {
                    // Its spec's own diagnostics say why: no cascade of unknown names.
                    r.unloaded.push(name.text.clone());
                    continue;
                };
                if machine.states.len() > MAX_STATES {
                    let what = format!("the states of `{}` ({})", path.text, machine.states.len());
                    r.diagnostics.push(Diagnostic::too_large(path.span.clone(), what, MAX_STATES));
                }
                if machine.timers.len() > MAX_TIMERS {
                    let what = format!("the timers of `{}` ({})", path.text, machine.timers.len());
                    r.diagnostics.push(Diagnostic::too_large(path.span.clone(), what, MAX_TIMERS));
                }
                if machine.guards.len() > MAX_GUARDS {
                    let what = format!("the named guards of `{}` ({})", path.text, machine.guards.len());
                    r.diagnostics.push(Diagnostic::too_large(path.span.clone(), what, MAX_GUARDS));
                }
                if r.instances.len() == MAX_INSTANCES {
                    r.diagnostics.push(Diagnostic::too_large(
                        name.span.clone(),
                        "the number of instances".into(),
                        MAX_INSTANCES,
                    ));
                    r.unloaded.push(name.text.clone());
                    continue;
                }
                let (states, events, actions) = (machine.states.len(), machine.events.len(), machine.actions.len());
                let end = machine.states.iter().map(|s| s.is_final).collect();
                let start = r.arguments(&machine, &name.text, arguments);
                let reads = guards_read(&machine);
                let first_var = r.instances.iter().map(|i| i.machine.vars.len()).sum();
                r.instances.push(Instance {
                    name: name.text.clone(),
                    path: path.text.clone(),
                    start,
                    machine,
                    sends: vec![Vec::new(); actions],
                    flushes: vec![Vec::new(); actions],
                    deferred: vec![false; states * events],
                    reads,
                    end,
                    tracked: 0,
                    first_var,
                });
                spans.push(name.span.clone());
            }
            Item::Channel { name, messages, capacity, faults } => r.channel(name, messages, capacity, faults),
            _ => {}
        }
    }
    let mut environment = Vec::new();
    let mut invariants: Vec<Invariant> = Vec::new();
    let mut homes: Vec<Invariant> = Vec::new();
    for item in &ast.items {
        match item {
            Item::Send { action, message } => {
                let a = r.action(action);
                let m = r.message(message);
                if let (Some((i, a)), Some((c, m))) = (a, m) {
                    r.instances[i].sends[a.0].push((c, m));
                    let sender = &mut r.channels[c].sender[usize::from(m)];
                    sender.get_or_insert(i);
                }
            }
            Item::Flush { channels, action } => {
                let a = r.action(action);
                let cs: Vec<Option<usize>> = channels.iter().map(|c| r.channel_named(c)).collect();
                if let Some((i, a)) = a {
                    r.instances[i].flushes[a.0].extend(cs.into_iter().flatten());
                }
            }
            Item::Receive { message, events } => {
                let m = r.message(message);
                let events: Vec<Option<(usize, EventId)>> = events.iter().map(|e| r.event(e)).collect();
                if let Some((c, m)) = m {
                    let receivers = &mut r.channels[c].receivers[usize::from(m)];
                    receivers.extend(events.into_iter().flatten());
                    if receivers.len() > MAX_RECEIVERS {
                        let what =
                            format!("the number of events `{}.{}` becomes", message.owner.text, message.member.text);
                        r.diagnostics.push(Diagnostic::too_large(message.member.span.clone(), what, MAX_RECEIVERS));
                        receivers.truncate(MAX_RECEIVERS);
                    }
                }
            }
            Item::Environment { event, when } => {
                if let Some((instance, event)) = r.event(event) {
                    let m = &r.instances[instance].machine;
                    // The expiry of a timer that no `[running T]` variable keeps: the
                    // exploration keeps whether it runs.
                    if let Some(t) = m.event(event).timer
                        && m.timers.get(t.0).is_some_and(|timer| timer.running.is_none())
                        && t.0 < MAX_TIMERS
                    {
                        r.instances[instance].tracked |= 1 << t.0;
                    }
                    environment.push(Environment { instance, event, when: *when });
                }
            }
            Item::Defer { event, states } => {
                if let Some((i, e)) = r.event(event) {
                    for s in r.states(i, states) {
                        let events = r.instances[i].machine.events.len();
                        r.instances[i].deferred[s.0 * events + e.0] = true;
                    }
                }
            }
            Item::End { instance, states } => {
                if let Some(i) = r.instance(instance) {
                    for s in r.states(i, states) {
                        r.instances[i].end[s.0] = true;
                    }
                }
            }
            Item::Invariant { name, at_quiescence, formula } => {
                if invariants.iter().any(|v| v.name == name.text) {
                    r.diagnostics.push(Diagnostic::duplicate("invariant", &name.text, name.span.clone()));
                }
                if let Some(predicate) = r.predicate(formula) {
                    invariants.push(Invariant { name: name.text.clone(), predicate, at_quiescence: *at_quiescence });
                }
            }
            Item::Home { name, formula } => {
                if homes.iter().any(|v| v.name == name.text) {
                    r.diagnostics.push(Diagnostic::duplicate("home state", &name.text, name.span.clone()));
                }
                if let Some(predicate) = r.predicate(formula) {
                    homes.push(Invariant { name: name.text.clone(), predicate, at_quiescence: false });
                }
            }
            Item::Instance { .. } | Item::Channel { .. } => {}
        }
    }
    if !r.diagnostics.is_empty() {
        r.diagnostics.sort_by_key(|d| d.span.start);
        return Err(r.diagnostics);
    }
    Ok(System {
        name: ast.name.text.clone(),
        fields: step::fields(&r.instances),
        instances: r.instances,
        channels: r.channels,
        environment,
        invariants,
        homes,
    })
}

struct Resolver {
    diagnostics: Vec<Diagnostic>,
    instances: Vec<Instance>,
    /// Instances declared whose spec could not be used (already reported): names that resolve
    /// to nothing, silently.
    unloaded: Vec<String>,
    channels: Vec<Channel>,
}

impl Resolver {
    /// The variables `machine` starts with in the instance `instance`: the declared initial
    /// values, with the `arguments` given to its parameters (`param` items of its spec).
    fn arguments(&mut self, machine: &Machine, instance: &str, arguments: &[(Name, Name)]) -> Vec<i64> {
        let mut start = machine.initial_vars();
        let mut given = Vec::new();
        for (parameter, value) in arguments {
            let Some(v) = machine.vars.iter().position(|v| v.param && v.named.name == parameter.text) else {
                let params = machine.vars.iter().filter(|v| v.param).map(|v| v.named.name.as_str());
                let owner = format!("`{instance}`");
                self.diagnostics.push(Diagnostic::unknown(
                    Code::UnknownParameter,
                    "parameter",
                    &parameter.text,
                    parameter.span.clone(),
                    &owner,
                    params,
                ));
                continue;
            };
            if given.contains(&v) {
                self.diagnostics.push(Diagnostic::given_twice(&parameter.text, parameter.span.clone()));
                continue;
            }
            given.push(v);
            let (parsed, valid) = match machine.vars[v].ty {
                VarType::Bool => (
                    match value.text.as_str() {
                        "true" => Some(1),
                        "false" => Some(0),
                        _ => None,
                    },
                    "`true` or `false`".to_owned(),
                ),
                VarType::Int { min, max } => (
                    value.text.parse::<i64>().ok().filter(|n| (min..=max).contains(n)),
                    format!("an integer in {min}..={max}"),
                ),
            };
            match parsed {
                Some(x) => start[v] = x,
                None => self.diagnostics.push(Diagnostic::bad_argument(
                    value.span.clone(),
                    &value.text,
                    &parameter.text,
                    &valid,
                )),
            }
        }
        start
    }

    fn channel(&mut self, name: &Name, messages: &[Name], capacity: &(u64, Range<usize>), faults: &[Fault]) {
        if self.channels.iter().any(|c| c.name == name.text) {
            self.diagnostics.push(Diagnostic::duplicate("channel", &name.text, name.span.clone()));
            return;
        }
        if self.channels.len() == MAX_CHANNELS {
            self.diagnostics.push(Diagnostic::too_large(
                name.span.clone(),
                "the number of channels".into(),
                MAX_CHANNELS,
            ));
            return;
        }
        let mut names: Vec<String> = Vec::new();
        for m in messages {
            if names.contains(&m.text) {
                self.diagnostics.push(Diagnostic::duplicate("message", &m.text, m.span.clone()));
            } else {
                names.push(m.text.clone());
            }
        }
        if names.len() > MAX_MESSAGES {
            let what = format!("the number of messages of `{}`", name.text);
            self.diagnostics.push(Diagnostic::too_large(name.span.clone(), what, MAX_MESSAGES));
            names.truncate(MAX_MESSAGES);
        }
        if capacity.0 > MAX_CAPACITY || capacity.0 == 0 {
            self.diagnostics.push(Diagnostic::capacity(capacity.1.clone(), capacity.0, MAX_CAPACITY));
        }
        let n = names.len();
        self.channels.push(Channel {
            name: name.text.clone(),
            messages: names,
            capacity: usize::try_from(capacity.0.clamp(1, MAX_CAPACITY)).unwrap_or(1),
            loss: faults.contains(&Fault::Loss),
            duplication: faults.contains(&Fault::Duplication),
            reordering: faults.contains(&Fault::Reordering),
            receivers: vec![Vec::new(); n],
            sender: vec![None; n],
        });
    }

    fn instance(&mut self, name: &Name) -> Option<usize> {
        let found = self.instances.iter().position(|i| i.name == name.text);
        if found.is_none() && !self.unloaded.contains(&name.text) {
            let known = self.instances.iter().map(|i| i.name.as_str());
            let d = Diagnostic::unknown(
                Code::UnknownInstance,
                "instance",
                &name.text,
                name.span.clone(),
                "the system",
                known,
            );
            self.diagnostics.push(d);
        }
        found
    }

    fn event(&mut self, q: &Qualified) -> Option<(usize, EventId)> {
        let i = self.instance(&q.owner)?;
        let m = &self.instances[i].machine;
        let found = m.event_named(&q.member.text);
        if found.is_none() {
            let known = m.events.iter().map(|e| e.named.name.as_str());
            let owner = format!("`{}` ({})", q.owner.text, self.instances[i].path);
            let d =
                Diagnostic::unknown(Code::UnknownEvent, "event", &q.member.text, q.member.span.clone(), &owner, known);
            self.diagnostics.push(d);
        }
        Some((i, found?))
    }

    fn action(&mut self, q: &Qualified) -> Option<(usize, ActionId)> {
        let i = self.instance(&q.owner)?;
        let m = &self.instances[i].machine;
        let found = m.actions.iter().position(|a| a.named.name == q.member.text).map(ActionId);
        if found.is_none() {
            let known = m.actions.iter().map(|a| a.named.name.as_str());
            let owner = format!("`{}` ({})", q.owner.text, self.instances[i].path);
            let d = Diagnostic::unknown(
                Code::UnknownAction,
                "action",
                &q.member.text,
                q.member.span.clone(),
                &owner,
                known,
            );
            self.diagnostics.push(d);
        }
        Some((i, found?))
    }

    fn channel_named(&mut self, name: &Name) -> Option<usize> {
        let found = self.channels.iter().position(|c| c.name == name.text);
        if found.is_none() {
            let known = self.channels.iter().map(|c| c.name.as_str());
            let d = Diagnostic::unknown(
                Code::UnknownChannel,
                "channel",
                &name.text,
                name.span.clone(),
                "the system",
                known,
            );
            self.diagnostics.push(d);
        }
        found
    }

    fn message(&mut self, q: &Qualified) -> Option<(usize, u8)> {
        let c = self.channel_named(&q.owner)?;
        let channel = &self.channels[c];
        match channel.messages.iter().position(|m| *m == q.member.text) {
            Some(m) => Some((c, u8::try_from(m).ok()?)),
            None => {
                let d =
                    Diagnostic::not_carried(&channel.name, &q.member.text, q.member.span.clone(), &channel.messages);
                self.diagnostics.push(d);
                None
            }
        }
    }

    fn states(&mut self, i: usize, names: &[Name]) -> Vec<StateId> {
        names.iter().filter_map(|n| self.state(i, n)).collect()
    }

    fn state(&mut self, i: usize, name: &Name) -> Option<StateId> {
        let instance = &self.instances[i];
        let found = instance.machine.state_named(&name.text);
        if found.is_none() {
            let known = instance.machine.states.iter().map(|s| s.named.name.as_str());
            let owner = format!("`{}` ({})", instance.name, instance.path);
            let d = Diagnostic::unknown(Code::UnknownState, "state", &name.text, name.span.clone(), &owner, known);
            self.diagnostics.push(d);
        }
        found
    }

    fn predicate(&mut self, f: &Formula) -> Option<Predicate> {
        Some(match f {
            Formula::Compare { instance, var: None, op, value } => {
                let i = self.instance(instance)?;
                let equal = match op.0 {
                    CmpOp::Eq => true,
                    CmpOp::Ne => false,
                    _ => {
                        self.diagnostics
                            .push(Diagnostic::mismatch(op.1.clone(), "a state is compared only with `==` or `!=`"));
                        return None;
                    }
                };
                Predicate::InState(i, self.state(i, value)?, equal)
            }
            Formula::Compare { instance, var: Some(var), op, value } => {
                let i = self.instance(instance)?;
                let m = &self.instances[i].machine;
                let Some(v) = m.vars.iter().position(|x| x.named.name == var.text) else {
                    let known = m.vars.iter().map(|x| x.named.name.as_str());
                    let owner = format!("`{}` ({})", instance.text, self.instances[i].path);
                    let d = Diagnostic::unknown(
                        Code::UnknownVariable,
                        "variable",
                        &var.text,
                        var.span.clone(),
                        &owner,
                        known,
                    );
                    self.diagnostics.push(d);
                    return None;
                };
                let number = match (m.vars[v].ty, value.text.as_str()) {
                    (VarType::Bool, "true") => Some(1),
                    (VarType::Bool, "false") => Some(0),
                    (VarType::Int { .. }, text) => text.parse::<i64>().ok(),
                    _ => None,
                };
                let Some(number) = number else {
                    let expected = match m.vars[v].ty {
                        VarType::Bool => format!("`{}` is a `bool`: compare it with `true` or `false`", var.text),
                        VarType::Int { min, max } => {
                            format!("`{}` is an integer in {min}..={max}: compare it with an integer", var.text)
                        }
                    };
                    self.diagnostics.push(Diagnostic::mismatch(value.span.clone(), &expected));
                    return None;
                };
                Predicate::Var(i, v, op.0, number)
            }
            Formula::Not(inner) => Predicate::Not(Box::new(self.predicate(inner)?)),
            Formula::And(parts) => Predicate::And(self.predicates(parts)?),
            Formula::Or(parts) => Predicate::Or(self.predicates(parts)?),
        })
    }

    /// Every part resolved (each reports its own problems), or none.
    fn predicates(&mut self, parts: &[Formula]) -> Option<Vec<Predicate>> {
        let resolved: Vec<Option<Predicate>> = parts.iter().map(|p| self.predicate(p)).collect();
        resolved.into_iter().collect()
    }
}

/// Per (state, event) of `machine`, the named guards its transitions' conditions read, a bit
/// per `GuardId` (the machine has at most [`MAX_GUARDS`]; see `Instance::reads`).
fn guards_read(machine: &Machine) -> Vec<u32> {
    let events = machine.events.len();
    let mut reads = vec![0u32; machine.states.len() * events];
    for (s, e) in (0..machine.states.len()).flat_map(|s| (0..events).map(move |e| (s, e))) {
        let Cell::Rules(rules) = machine.cell(StateId(s), EventId(e)) else { continue };
        let mut guards = Vec::new();
        for &t in rules {
            if let Condition::When(expr) = &machine.transition(t).condition {
                expr.collect(&mut guards, &mut Vec::new());
            }
        }
        reads[s * events + e] = guards.iter().filter(|g| g.0 < MAX_GUARDS).fold(0, |mask, g| mask | 1 << g.0);
    }
    reads
}
