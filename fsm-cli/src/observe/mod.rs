//! `fsm observe`: a conformance monitor. It replays a recorded trace of events and actions
//! against a spec and reports each step that the spec does not allow, with what it allows there
//! and the `ref` of the transitions that should have applied.
//!
//! What the trace does not say is unknown, and the monitor keeps every possibility consistent
//! with what it does say: a set of configurations (state, variables, and the observable actions
//! the machine has run that the trace has not shown yet). A named guard that a record does not
//! give may hold or not (each value is tried). Only the observable actions are compared. An
//! event the trace declares hidden (a timer expiry, which leaves no mark on the wire) may happen
//! between any two records. An action record is the next action the machine owes, or one a
//! hidden event ran; actions listed on an event's own record are that step's, exactly. Actions
//! the machine owes at the end of the trace and never showed are a deviation too.
//!
//! A record deviates when no configuration and no choice of the unknowns explains it; the
//! monitor then goes on from what the spec would have done (in the state the record gives, if
//! it gives one), so that one deviation is reported once and the rest of the trace is checked.
//!
//! `trace.rs` reads the trace format, JSON lines: a protocol's own traces are converted to it by
//! the protocol's crate, so that the tool knows no protocol.

mod trace;

pub use trace::{Options, TraceError, read_trace};

use crate::interp::Interpreter;
use fsm_dsl::diag::plural;
use fsm_dsl::ir::{ActionId, EventId, GuardId, Machine, StateId, StepKind, TransitionId};
use std::collections::BTreeSet;

/// At most this many configurations are kept (a spec whose variables have large domains and a
/// trace that says little about them could otherwise grow the set without bound).
pub const MAX_CONFIGURATIONS: usize = 4096;
/// At most this many unknown guards are enumerated per step (2^this combinations).
pub const MAX_UNKNOWN_GUARDS: usize = 10;

/// A trace ready to replay.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The actions the trace shows; the others are not compared. `None`: all of them.
    pub observable: Option<Vec<ActionId>>,
    /// Events that may happen unseen.
    pub hidden: Vec<EventId>,
    /// The variables the machine starts with (by `VarId`), where the trace gives its
    /// parameters values; `None`: the declared ones.
    pub start: Option<Vec<i64>>,
    /// The observed steps, in order.
    pub steps: Vec<Observed>,
}

impl Observed {
    /// `: NOTE`, or nothing.
    fn note_text(&self) -> String {
        if self.note.is_empty() { String::new() } else { format!(": {}", self.note) }
    }
}

/// What one record of the trace saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// An event, with the guards whose value the trace gives and, if the trace says so, the
    /// observable actions it ran then and there (`None`: they show later, as `Action` records).
    Event {
        /// The event.
        event: EventId,
        /// Named guards whose value the trace gives.
        guards: Vec<(GuardId, bool)>,
        /// The observable actions of this step, in order, when the record lists them.
        actions: Option<Vec<ActionId>>,
    },
    /// An action, seen on its own: the next one the machine owes, or one of a hidden event.
    Action(ActionId),
}

/// One observed step.
#[derive(Clone, Debug)]
pub struct Observed {
    /// Where it is in the input (line, from 1).
    pub line: usize,
    /// Its time as the input gives it, if it does.
    pub at: Option<String>,
    /// What was seen.
    pub seen: Seen,
    /// The state after the step, if the trace gives it.
    pub state: Option<StateId>,
    /// What the input said, for the report (a Diameter message, say).
    pub note: String,
}

/// A configuration: the state, the variables (indexed by `VarId`) and the observable actions
/// the machine has run that the trace has not shown yet (the wire lags the machine).
#[derive(Clone, Debug)]
struct Config {
    state: StateId,
    vars: Vec<i64>,
    owed: Vec<ActionId>,
    /// Where the first owed action was run: the step (from 1) and the transition. Not part of
    /// the configuration's identity (the first one found is kept), only of the report.
    since: Option<(usize, Option<TransitionId>)>,
}

impl PartialEq for Config {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state && self.vars == other.vars && self.owed == other.owed
    }
}

impl Config {
    /// Owes `actions` too, run at `step` by `transition`.
    fn owe(&mut self, actions: &[ActionId], step: usize, transition: Option<TransitionId>) {
        if self.owed.is_empty() && !actions.is_empty() {
            self.since = Some((step, transition));
        }
        self.owed.extend_from_slice(actions);
    }

    /// The first owed action is shown.
    fn pay(&self) -> Config {
        let owed = self.owed[1..].to_vec();
        let since = if owed.is_empty() { None } else { self.since };
        Config { owed, since, ..self.clone() }
    }

    fn forgiven(&self) -> Config {
        Config { owed: Vec::new(), since: None, ..self.clone() }
    }
}

/// At most this many observable actions may be owed (run, not yet seen) at once.
pub const MAX_OWED: usize = 8;

/// Where a debt of actions began: the step (from 1) and the transition that ran the first.
pub type Since = Option<(usize, Option<TransitionId>)>;

/// One way the spec can handle an event from one configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allowed {
    /// The state it starts from.
    pub from: StateId,
    /// The variables then, as text (`Pending=true, NumDWA=0`).
    pub vars: String,
    /// The event.
    pub event: EventId,
    /// The transition taken, if any.
    pub transition: Option<TransitionId>,
    /// Transition, internal, ignored, unhandled.
    pub kind: StepKind,
    /// The state after.
    pub to: StateId,
    /// The observable actions it shows.
    pub actions: Vec<ActionId>,
}

/// A step the spec does not allow.
#[derive(Clone, Debug)]
pub struct Deviation {
    /// The step's position in the trace (from 1); one past the last step for actions the spec
    /// owes at the end and the trace never shows.
    pub step: usize,
    /// Actions the machine owed then (run by the spec, not yet shown), per configuration, with
    /// the step (from 1) and the transition that ran the first of them.
    pub owed: Vec<(Vec<ActionId>, Since)>,
    /// What the spec allows there (deduplicated): the step's event, or the hidden events.
    pub allowed: Vec<Allowed>,
}

/// The result of a replay.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// The deviations, in trace order.
    pub deviations: Vec<Deviation>,
    /// The steps that more than one configuration or choice of unknowns explained.
    pub ambiguous: usize,
    /// The states possible at the end (those owing no action, if some do not).
    pub end: BTreeSet<StateId>,
    /// Whether the configuration set hit [`MAX_CONFIGURATIONS`] and was cut.
    pub truncated: bool,
}

/// Every result of `event` from `config`: the guards the trace gives are fixed, the others
/// the pair reads are tried both ways. The actions are the observable ones.
fn outcomes(
    m: &Machine,
    trace: &Trace,
    config: &Config,
    event: EventId,
    given: &[(GuardId, bool)],
) -> Vec<(Allowed, Config)> {
    let unknown: Vec<GuardId> = crate::testgen::named_guards(m, config.state, event)
        .into_iter()
        .filter(|g| !given.iter().any(|(h, _)| h == g))
        .take(MAX_UNKNOWN_GUARDS)
        .collect();
    let mut results: Vec<(Allowed, Config)> = Vec::new();
    for bits in 0u32..(1 << unknown.len()) {
        let mut guards = vec![false; m.guards.len()];
        for &(g, v) in given {
            guards[g.0] = v;
        }
        for (i, g) in unknown.iter().enumerate() {
            guards[g.0] = bits & (1 << i) != 0;
        }
        let mut it = Interpreter::at(m, config.state, config.vars.clone());
        let step = it.step(event, &guards);
        let allowed = Allowed {
            from: config.state,
            vars: vars_text(m, &config.vars),
            event,
            transition: step.transition,
            kind: step.kind,
            to: step.to,
            actions: observable(trace, &step.actions),
        };
        let next = Config { state: it.state(), vars: it.vars().to_vec(), ..config.clone() };
        if !results.iter().any(|(a, c)| *a == allowed && *c == next) {
            results.push((allowed, next));
        }
    }
    results
}

/// `Pending=true, NumDWA=0`.
pub(crate) fn vars_text(m: &Machine, vars: &[i64]) -> String {
    m.vars
        .iter()
        .zip(vars)
        .map(|(v, &x)| match v.ty {
            fsm_dsl::ir::VarType::Bool => format!("{}={}", v.named.name, x != 0),
            fsm_dsl::ir::VarType::Int { .. } => format!("{}={x}", v.named.name),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn observable(trace: &Trace, actions: &[ActionId]) -> Vec<ActionId> {
    match &trace.observable {
        Some(shown) => actions.iter().copied().filter(|a| shown.contains(a)).collect(),
        None => actions.to_vec(),
    }
}

fn insert(set: &mut Vec<Config>, config: Config, truncated: &mut bool) {
    if config.owed.len() > MAX_OWED || set.contains(&config) {
        return;
    }
    if set.len() >= MAX_CONFIGURATIONS {
        *truncated = true;
        return;
    }
    set.push(config);
}

/// Adds the configurations reachable through hidden events, their observable actions owed.
fn hidden_closure(m: &Machine, trace: &Trace, step: usize, set: &mut Vec<Config>, truncated: &mut bool) {
    let mut at = 0;
    while at < set.len() {
        let config = set[at].clone();
        for &event in &trace.hidden {
            for (allowed, mut next) in outcomes(m, trace, &config, event, &[]) {
                next.owe(&allowed.actions, step, allowed.transition);
                insert(set, next, truncated);
            }
        }
        at += 1;
    }
}

/// Replays `trace` from the machine's initial configuration (its entry actions not compared).
pub fn observe(m: &Machine, trace: &Trace) -> Outcome {
    let (start, _) = Interpreter::start_with(m, trace.start.clone().unwrap_or_else(|| m.initial_vars()));
    let mut set = vec![Config { state: start.state(), vars: start.vars().to_vec(), owed: Vec::new(), since: None }];
    let mut outcome = Outcome::default();
    for (n, step) in trace.steps.iter().enumerate() {
        hidden_closure(m, trace, n + 1, &mut set, &mut outcome.truncated);
        let mut next: Vec<Config> = Vec::new();
        let mut explanations = 0;
        let mut allowed: Vec<Allowed> = Vec::new();
        let mut fallback: Vec<Config> = Vec::new();
        for config in &set {
            let state_agrees = |s: StateId| step.state.is_none_or(|want| want == s);
            match &step.seen {
                Seen::Event { event, guards, actions } => {
                    for (a, mut after) in outcomes(m, trace, config, *event, guards) {
                        let fits = match actions {
                            // Listed with the event: exactly these, and nothing owed before.
                            Some(seen) => config.owed.is_empty() && *seen == a.actions,
                            None => true,
                        };
                        if actions.is_none() {
                            after.owe(&a.actions, n + 1, a.transition);
                        }
                        if fits && state_agrees(a.to) {
                            explanations += 1;
                            insert(&mut next, after.clone(), &mut outcome.truncated);
                        }
                        if state_agrees(a.to) {
                            insert(&mut fallback, after.forgiven(), &mut outcome.truncated);
                        }
                        allowed.push(a);
                    }
                }
                Seen::Action(action) => {
                    if config.owed.first() == Some(action) && state_agrees(config.state) {
                        explanations += 1;
                        insert(&mut next, config.pay(), &mut outcome.truncated);
                    }
                    // What the hidden events would have shown from here, for the report.
                    if config.owed.is_empty() {
                        for &event in &trace.hidden {
                            allowed.extend(outcomes(m, trace, config, event, &[]).into_iter().map(|(a, _)| a));
                        }
                    }
                    if state_agrees(config.state) {
                        insert(&mut fallback, config.forgiven(), &mut outcome.truncated);
                    }
                }
            }
        }
        if explanations > 1 {
            outcome.ambiguous += 1;
        }
        if next.is_empty() {
            allowed.sort_by(|a, b| {
                (a.from, a.event, &a.vars, a.transition).cmp(&(b.from, b.event, &b.vars, b.transition))
            });
            allowed.dedup();
            let owed = owed_of(&set);
            outcome.deviations.push(Deviation { step: n + 1, owed, allowed });
            // Go on from what the spec would have done (in the state the trace gives, if it
            // gives one), forgiving what was owed; with nothing, from where the machine was.
            next = fallback;
            if next.is_empty() {
                next = set.iter().map(|c| Config { state: step.state.unwrap_or(c.state), ..c.forgiven() }).collect();
                next.dedup();
            }
        }
        set = next;
    }
    // Actions the machine ran and the trace never showed.
    if !set.is_empty() && set.iter().all(|c| !c.owed.is_empty()) {
        let owed = owed_of(&set);
        outcome.deviations.push(Deviation { step: trace.steps.len() + 1, owed, allowed: Vec::new() });
    }
    // The ends that owe nothing, when there are some: a debt the trace never paid is no end.
    let settled: BTreeSet<StateId> = set.iter().filter(|c| c.owed.is_empty()).map(|c| c.state).collect();
    outcome.end = if settled.is_empty() { set.iter().map(|c| c.state).collect() } else { settled };
    outcome
}

/// The smallest debts of a set of configurations (a larger one only adds hidden events that
/// could have happened), each with where it began.
fn owed_of(set: &[Config]) -> Vec<(Vec<ActionId>, Since)> {
    let mut owed: Vec<(Vec<ActionId>, Since)> = Vec::new();
    let least = set.iter().map(|c| c.owed.len()).filter(|&n| n > 0).min().unwrap_or(0);
    for c in set.iter().filter(|c| !c.owed.is_empty() && c.owed.len() == least) {
        if !owed.iter().any(|(o, _)| *o == c.owed) {
            owed.push((c.owed.clone(), c.since));
        }
    }
    owed.sort_by(|a, b| a.0.cmp(&b.0));
    owed
}

fn names(m: &Machine, actions: &[ActionId]) -> String {
    if actions.is_empty() {
        return "nothing".to_owned();
    }
    actions.iter().map(|&a| m.action_sim_text(a)).collect::<Vec<_>>().join(", ")
}

fn what_happened(m: &Machine, step: &Observed) -> String {
    let mut text = match &step.seen {
        Seen::Event { event, guards, actions } => {
            let mut text = format!("event {}", m.event(*event).named.name);
            for &(g, v) in guards {
                text.push_str(&format!(" [{}{}]", if v { "" } else { "!" }, m.guards[g.0].named.name));
            }
            if let Some(actions) = actions {
                text.push_str(&format!(", showing {}", names(m, actions)));
            }
            text
        }
        Seen::Action(a) => format!("action {}", m.action_sim_text(*a)),
    };
    if let Some(s) = step.state {
        text.push_str(&format!(", then in {}", m.state(s).named.name));
    }
    text
}

/// The report: one paragraph per deviation, then a summary line.
pub fn render(m: &Machine, trace: &Trace, outcome: &Outcome) -> String {
    let mut out = String::new();
    if let Some(shown) = &trace.observable {
        out.push_str(&format!("observed actions: {}\n", names(m, shown)));
    }
    if !trace.hidden.is_empty() {
        let hidden: Vec<&str> = trace.hidden.iter().map(|&e| m.event(e).named.name.as_str()).collect();
        out.push_str(&format!("hidden events (may happen unseen): {}\n", hidden.join(", ")));
    }
    out.push_str("unknown guards: each value is tried; a step conforms if some choice explains it\n");
    for d in &outcome.deviations {
        match trace.steps.get(d.step - 1) {
            Some(step) => {
                let at = step.at.as_deref().map(|t| format!(" at {t}")).unwrap_or_default();
                let note = if step.note.is_empty() { String::new() } else { format!(": {}", step.note) };
                out.push_str(&format!("\ndeviation at step {} (line {}{at}){note}\n", d.step, step.line));
                out.push_str(&format!("  happened: {}\n", what_happened(m, step)));
            }
            None => out.push_str("\ndeviation at the end of the trace\n  happened: the trace ends\n"),
        }
        for (owed, since) in &d.owed {
            let since = match since {
                Some((step, transition)) => {
                    let place = trace
                        .steps
                        .get(step - 1)
                        .map(|s| format!(" (line {}{})", s.line, s.note_text()))
                        .unwrap_or_default();
                    let by = transition
                        .map(|t| {
                            let tr = m.transition(t);
                            let refs = if tr.refs().is_empty() {
                                String::new()
                            } else {
                                format!(" ({})", tr.refs().join("; "))
                            };
                            format!(", run by {}{refs}", crate::coverage::transition_text(m, tr))
                        })
                        .unwrap_or_default();
                    format!(" since step {step}{place}{by}")
                }
                None => String::new(),
            };
            out.push_str(&format!("  the spec owed first: {}{since}\n", names(m, owed)));
        }
        let mut refs: Vec<&str> = Vec::new();
        for a in &d.allowed {
            let how = match a.transition {
                Some(t) => {
                    let transition = m.transition(t);
                    for r in transition.refs() {
                        if !refs.contains(&r.as_str()) {
                            refs.push(r);
                        }
                    }
                    let refs = if transition.refs().is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", transition.refs().join("; "))
                    };
                    format!("{}{refs}", crate::coverage::transition_text(m, transition))
                }
                None => a.kind.as_str().replace('_', " "),
            };
            let vars = if a.vars.is_empty() { String::new() } else { format!(" ({})", a.vars) };
            out.push_str(&format!(
                "  the spec allows: in {}{vars} on {}: {how}, showing {}\n",
                m.state(a.from).named.name,
                m.event(a.event).named.name,
                names(m, &a.actions)
            ));
        }
        if !refs.is_empty() {
            out.push_str(&format!("  should have applied: {}\n", refs.join("; ")));
        }
    }
    let end: Vec<&str> = outcome.end.iter().map(|&s| m.state(s).named.name.as_str()).collect();
    out.push_str(&format!(
        "\n{} {}, {} {}, {} {} explained more than one way; possible states at the end: {}\n",
        trace.steps.len(),
        plural(trace.steps.len(), "step"),
        outcome.deviations.len(),
        plural(outcome.deviations.len(), "deviation"),
        outcome.ambiguous,
        plural(outcome.ambiguous, "step"),
        if end.is_empty() { "none".to_owned() } else { end.join(", ") }
    ));
    if outcome.truncated {
        out.push_str(&format!(
            "(the configurations were cut at {MAX_CONFIGURATIONS}: some explanations were not tried)\n"
        ));
    }
    out
}
