//! An interpreter of the checked model: what `fsm sim` runs, and the reference that the
//! generated dispatch is tested against. It follows the same rules as the generated code:
//! guards pick at most one transition; an external transition runs the source's exit effects,
//! its own, then the target's entry effects; an internal one runs only its own.

use fsm_dsl::ir::{
    ActionId, ActionKind, Effect, EventId, Machine, Selection, StateId, StepKind, TimerId, TransitionId,
};
use thiserror::Error;

/// The machine's current configuration, stepped one event at a time.
///
/// `V` holds the variables, indexed by `VarId`: the interpreter's own `Vec` by default, or a
/// slice borrowed from a larger configuration (`&mut [i64]`, as `fsm verify` steps one instance
/// of a system in place).
#[derive(Clone, Debug)]
pub struct Interpreter<'m, V = Vec<i64>> {
    machine: &'m Machine,
    state: StateId,
    vars: V,
    /// The starts of timers with a duration in the last step (or the start): see
    /// [`Interpreter::started`].
    started: Vec<(TimerId, Option<u64>)>,
    /// Whether [`Interpreter::started`] is kept: see [`Interpreter::ignoring_durations`].
    durations: bool,
    /// The fields of the data of the event being handled that durations read (see
    /// [`Interpreter::step_with_data`]), by their path (`lease`, `options.lease`).
    data: Vec<(String, u64)>,
}

/// What one event did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The state before the event.
    pub from: StateId,
    /// The event.
    pub event: EventId,
    /// The state after the event (equal to `from` unless a transition was taken).
    pub to: StateId,
    /// Transition, internal, ignored, unhandled or protocol error.
    pub kind: StepKind,
    /// The actions run, in order (variable assignments are not actions).
    pub actions: Vec<ActionId>,
    /// The transition taken, if any.
    pub transition: Option<TransitionId>,
}

impl<'m> Interpreter<'m> {
    /// Starts the machine: enters the initial state, running its entry effects. Returns the
    /// interpreter and the entry actions.
    pub fn start(machine: &'m Machine) -> (Self, Vec<ActionId>) {
        Self::start_with(machine, machine.initial_vars())
    }

    /// Starts the machine from variables set by hand (the parameters' values given: see
    /// [`set_param`]), as [`Interpreter::start`] does from their declared values.
    pub fn start_with(machine: &'m Machine, vars: Vec<i64>) -> (Self, Vec<ActionId>) {
        let mut it = Interpreter::at(machine, machine.initial, vars);
        // No timer runs before the start: a `stop` in the initial entry is left out.
        let mut idle = u128::MAX;
        let mut actions = Vec::new();
        it.run(&machine.state(machine.initial).entry, &mut idle, &mut actions);
        (it, actions)
    }
}

impl<'m, V: AsRef<[i64]> + AsMut<[i64]>> Interpreter<'m, V> {
    /// Resumes a machine at a given configuration (variables indexed by `VarId`).
    pub fn at(machine: &'m Machine, state: StateId, vars: V) -> Self {
        Interpreter { machine, state, vars, started: Vec::new(), durations: true, data: Vec::new() }
    }

    /// The same interpreter, keeping no [`Interpreter::started`] from its next step on (empty
    /// after each step): a caller that never reads the timers' durations spares their
    /// evaluation and the list's storage.
    pub fn ignoring_durations(mut self) -> Self {
        self.durations = false;
        self
    }

    /// The current state.
    pub fn state(&self) -> StateId {
        self.state
    }

    /// The current variable values, indexed by `VarId` (`bool` as 0 / 1).
    pub fn vars(&self) -> &[i64] {
        self.vars.as_ref()
    }

    /// Each start of a timer with a duration that the last step (or the start) ran, in order,
    /// with the duration in milliseconds: a duration that reads variables
    /// ([`fsm_dsl::ir::Timer::duration`]) evaluated with their values at that point of the
    /// step, as the RFC means it, a constant one as the spec gives it, one that reads the
    /// event's data with the fields given to [`Interpreter::step_with_data`]: `None` when a
    /// field it reads was not given.
    pub fn started(&self) -> &[(TimerId, Option<u64>)] {
        &self.started
    }

    /// Handles one event with the given named-guard values (indexed by `GuardId`; missing ones
    /// are `false`).
    pub fn step(&mut self, event: EventId, guards: &[bool]) -> Step {
        self.step_with_data(event, guards, Vec::new())
    }

    /// As [`Interpreter::step`], with the values of fields of the event's data that timers'
    /// durations read (`timer Lease = DhcpAck.lease s;`), each by its path after the event
    /// (`("lease", 3600)`), as `u64` (what the generated code reads them as).
    pub fn step_with_data(&mut self, event: EventId, guards: &[bool], data: Vec<(String, u64)>) -> Step {
        self.data = data;
        let mut actions = Vec::new();
        let step = self.advance(event, guards, &mut actions);
        Step { actions, ..step }
    }

    /// As [`Interpreter::step`], appending the actions run to `actions` (a buffer the caller
    /// reuses) instead: the step returned has none.
    pub fn step_into(&mut self, event: EventId, guards: &[bool], actions: &mut Vec<ActionId>) -> Step {
        self.data.clear();
        self.advance(event, guards, actions)
    }

    /// One step with the event's data in `self.data`, its actions appended to `actions`.
    fn advance(&mut self, event: EventId, guards: &[bool], actions: &mut Vec<ActionId>) -> Step {
        let m = self.machine;
        let from = self.state;
        self.started.clear();
        // The expiry of a timer that a guard tests (`[running T]`) clears its variable first.
        let _ = m.arrive(event, self.vars.as_mut());
        match m.select(from, event, guards, self.vars.as_ref()) {
            Selection::None(kind) => Step { from, event, to: from, kind, actions: Vec::new(), transition: None },
            Selection::Take(t) => {
                let transition = m.transition(t);
                // Spelled out here rather than taken from `Machine::step_effects`, which the code
                // generator uses: the two are tested against each other. A `stop` of a timer
                // that is idle at that point is left out: idle are the timers the checker proved
                // not running in the state, and the event's own timer, until a `start`.
                let mut idle = m.idle_timers.get(from.0).copied().unwrap_or(0);
                if let Some(timer) = m.events.get(event.0).and_then(|e| e.timer).filter(|t| t.0 < 128) {
                    idle |= 1 << timer.0;
                }
                if let Some(target) = transition.target {
                    self.run(&m.state(from).exit, &mut idle, actions);
                    self.run(&transition.effects, &mut idle, actions);
                    self.run(&m.state(target).entry, &mut idle, actions);
                } else {
                    self.run(&transition.effects, &mut idle, actions);
                }
                let kind = if transition.target.is_some() { StepKind::Transition } else { StepKind::Internal };
                self.state = transition.target.unwrap_or(from);
                Step { from, event, to: self.state, kind, actions: Vec::new(), transition: Some(t) }
            }
        }
    }

    /// Runs effects: applies assignments, appends the actions to `actions` in order. Values are
    /// kept inside their declared range (the checker proves they stay there; this only guards
    /// against a configuration set by hand with `at`).
    /// `idle`: a bit per timer that is not running at this point of the step (see `step`).
    fn run(&mut self, effects: &[Effect], idle: &mut u128, actions: &mut Vec<ActionId>) {
        for effect in effects {
            match *effect {
                Effect::Action(a) => {
                    let bit = |t: TimerId| if t.0 < 128 { 1u128 << t.0 } else { 0 };
                    match self.machine.action(a).kind {
                        ActionKind::Start(t) => {
                            *idle &= !bit(t);
                            let timer = &self.machine.timers[t.0];
                            match &timer.duration {
                                _ if !self.durations => {}
                                Some(duration) => {
                                    let data = &self.data;
                                    let field = |path: &[String]| {
                                        let path = path.join(".");
                                        let value = data.iter().find(|(p, _)| *p == path)?.1;
                                        Some(i64::try_from(value).unwrap_or(i64::MAX))
                                    };
                                    self.started.push((t, duration.millis_with(self.vars.as_ref(), &field)));
                                }
                                None => self.started.extend(
                                    timer.default.map(|d| (t, Some(u64::try_from(d.as_millis()).unwrap_or(u64::MAX)))),
                                ),
                            }
                        }
                        ActionKind::Stop(t) if *idle & bit(t) != 0 => continue,
                        ActionKind::Stop(t) => *idle |= bit(t),
                        ActionKind::User => {}
                    }
                    actions.push(a);
                }
                Effect::Set(v, x) => self.set(v.0, x),
                Effect::Add(v, d) => {
                    let current = self.vars.as_ref().get(v.0).copied().unwrap_or(0);
                    self.set(v.0, current.saturating_add(d));
                }
            }
        }
    }

    fn set(&mut self, index: usize, value: i64) {
        let Some(var) = self.machine.vars.get(index) else { return };
        if let Some(slot) = self.vars.as_mut().get_mut(index) {
            *slot = value.clamp(var.ty.min(), var.ty.max());
        }
    }
}

/// A bad line of simulator input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InputError {
    /// The event is not one of the machine's.
    #[error("unknown event `{name}`; the events are: {valid}")]
    UnknownEvent {
        /// What was given.
        name: String,
        /// The machine's events, comma-separated.
        valid: String,
    },
    /// A guard in brackets is not one of the machine's.
    #[error("unknown guard `{name}`; the guards are: {valid}")]
    UnknownGuard {
        /// What was given.
        name: String,
        /// The machine's guards, comma-separated (or "none").
        valid: String,
    },
    /// The text is not `EVENT` or `EVENT[guard, ...]`.
    #[error(
        "cannot read `{text}`: write an event as `Name`, `Name[guard, guard]` or, with fields of its data that durations read, `Name[FIELD=VALUE]`"
    )]
    Malformed {
        /// What was given.
        text: String,
    },
    /// A `FIELD=VALUE` in brackets names no field of the event's data that a duration reads,
    /// or its value is not an unsigned integer.
    #[error("{why}; the fields of `{event}` that durations read are: {valid}")]
    BadField {
        /// What is wrong.
        why: String,
        /// The event.
        event: String,
        /// The paths of its fields that durations read, comma-separated (or "none").
        valid: String,
    },
    /// A parameter's value is not `NAME=VALUE` with a parameter of the machine and a value of
    /// its type and range.
    #[error("{why}; the parameters are: {valid}")]
    BadParam {
        /// What is wrong.
        why: String,
        /// The machine's parameters with their types, comma-separated (or "none").
        valid: String,
    },
}

/// Sets one parameter in `vars` (indexed by `VarId`) from `NAME=VALUE` (`retries=3`,
/// `reliable=true`), checked against the parameter's type and range; returns which one it set.
pub fn set_param(machine: &Machine, vars: &mut [i64], text: &str) -> Result<fsm_dsl::ir::VarId, InputError> {
    let valid = || {
        let params: Vec<String> = (machine.vars.iter().filter(|v| v.param))
            .map(|v| match v.ty {
                fsm_dsl::ir::VarType::Bool => format!("{}: bool", v.named.name),
                fsm_dsl::ir::VarType::Int { min, max } => format!("{}: {min}..={max}", v.named.name),
            })
            .collect();
        if params.is_empty() { "none".to_owned() } else { params.join(", ") }
    };
    let bad = |why: String| InputError::BadParam { why, valid: valid() };
    let Some((name, value)) = text.split_once('=') else {
        return Err(bad(format!("cannot read `{text}`: write `NAME=VALUE`")));
    };
    let (name, value) = (name.trim(), value.trim());
    let Some(i) = machine.vars.iter().position(|v| v.param && v.named.name == name) else {
        return Err(bad(format!("no parameter named `{name}`")));
    };
    let var = &machine.vars[i];
    let parsed = match var.ty {
        fsm_dsl::ir::VarType::Bool => match value {
            "true" => Some(1),
            "false" => Some(0),
            _ => None,
        },
        fsm_dsl::ir::VarType::Int { min, max } => value.parse::<i64>().ok().filter(|n| (min..=max).contains(n)),
    };
    match (parsed, vars.get_mut(i)) {
        (Some(x), Some(slot)) => {
            *slot = x;
            Ok(fsm_dsl::ir::VarId(i))
        }
        _ => Err(bad(format!("`{value}` is not a value of `{name}`"))),
    }
}

/// Reads one simulator input: `Event` or `Event[guard1, guard2]`, the listed guards true for
/// that step and all others false. Returns the event and the guard values (by `GuardId`).
pub fn parse_input(machine: &Machine, text: &str) -> Result<Input, InputError> {
    let text = text.trim();
    let (name, guards) = match text.split_once('[') {
        None => (text, ""),
        Some((name, rest)) => match rest.strip_suffix(']') {
            Some(inner) if !inner.contains(['[', ']']) => (name.trim(), inner),
            _ => return Err(InputError::Malformed { text: text.to_owned() }),
        },
    };
    if name.is_empty() {
        return Err(InputError::Malformed { text: text.to_owned() });
    }
    let event = machine.event_named(name).ok_or_else(|| InputError::UnknownEvent {
        name: name.to_owned(),
        valid: list(machine.events.iter().map(|e| e.named.name.as_str())),
    })?;
    let mut values = vec![false; machine.guards.len()];
    let mut data = Vec::new();
    let mut fields = None;
    for g in guards.split(',').map(str::trim).filter(|g| !g.is_empty()) {
        if let Some((field, value)) = g.split_once('=') {
            let (field, value) = (field.trim(), value.trim());
            let fields = fields.get_or_insert_with(|| fields_read(machine, event));
            let bad = |why: String| InputError::BadField {
                why,
                event: name.to_owned(),
                valid: list(fields.iter().map(String::as_str)),
            };
            if !fields.iter().any(|f| f == field) {
                return Err(bad(format!("no duration reads the field `{field}`")));
            }
            let value = value.parse::<u64>().map_err(|_| bad(format!("`{value}` is not an unsigned integer")))?;
            data.push((field.to_owned(), value));
            continue;
        }
        let id = machine.guard_named(g).ok_or_else(|| InputError::UnknownGuard {
            name: g.to_owned(),
            valid: list(machine.guards.iter().map(|g| g.named.name.as_str())),
        })?;
        values[id.0] = true;
    }
    Ok(Input { event, guards: values, data })
}

/// One line of simulator input, read by [`parse_input`]: `Event`, `Event[guard, guard]`, and in
/// the brackets the fields of the event's data that timers' durations read, as `FIELD=VALUE`
/// (`DhcpAck[lease=3600]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The event.
    pub event: EventId,
    /// The named guards' values, indexed by `GuardId`: those named hold.
    pub guards: Vec<bool>,
    /// The fields given, by path (`lease`, `options.lease`), for [`Interpreter::step_with_data`].
    pub data: Vec<(String, u64)>,
}

/// The paths of the fields of `event`'s data that timers' durations read, without repeats.
fn fields_read(machine: &Machine, event: EventId) -> Vec<String> {
    fn walk(e: &fsm_dsl::ir::IntExpr, event: EventId, out: &mut Vec<String>) {
        match e {
            fsm_dsl::ir::IntExpr::Field(of, path) if *of == event => {
                let path = path.join(".");
                if !out.contains(&path) {
                    out.push(path);
                }
            }
            fsm_dsl::ir::IntExpr::Op(_, a, b) => {
                walk(a, event, out);
                walk(b, event, out);
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for duration in machine.timers.iter().filter_map(|t| t.duration.as_ref()) {
        walk(&duration.expr, event, &mut out);
    }
    out
}

fn list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let all: Vec<&str> = names.collect();
    if all.is_empty() { "none".to_owned() } else { all.join(", ") }
}
