//! Equivalence of two checked machines: do they produce the same actions for every sequence of
//! events? Decided by a breadth-first search over pairs of configurations (state and variable
//! values of each machine), so every difference found comes with a shortest event sequence that
//! shows it.
//!
//! Names are matched by identity unless mapped (`--map SendDWR=SendWatchdog`); events that only
//! one machine has are left out of the compared alphabet; hidden actions are removed from both
//! sides before comparing; a prefix of events can bring a machine to the configuration the
//! comparison starts from (its actions count as the start's). Named guards are inputs: every
//! combination of their values is tried. A start of a timer with a duration is compared with
//! its duration (`start Tw (30 s)`): in the largest unit that writes it whole where the
//! configuration gives it, as its expression where it reads the event's data (`start Lease
//! (DhcpAck.lease s)`).

use crate::interp::Interpreter;
use fsm_dsl::ir::{ActionId, ActionKind, Cell, Condition, EventId, Machine, StateId, StepKind, TimerId};
use std::collections::{HashMap, VecDeque};
use thiserror::Error;

/// Most pairs of configurations explored.
pub const MAX_PAIRS: usize = 1_000_000;
/// Most named guards that one step may read, of both machines together (the guards of A's
/// rules for the state and event, and of B's): each combination of their values is tried.
pub const MAX_GUARDS: usize = 12;

/// How to compare.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `(name in A, name in B)`: an event, action, timer or guard of A that B calls otherwise.
    pub map: Vec<(String, String)>,
    /// Actions (of either machine, by B's name once mapped) left out of the comparison.
    pub hide: Vec<String>,
    /// Events run on A before comparing; their actions count as A's start.
    pub prefix_a: Vec<String>,
    /// Events run on B before comparing; their actions count as B's start.
    pub prefix_b: Vec<String>,
    /// Compare each step's actions as a multiset, ignoring their order.
    pub unordered: bool,
}

/// What one machine did in one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observed {
    /// The state after the step (its identifier).
    pub state: String,
    /// How the event was dealt with (`None` for the start).
    pub kind: Option<StepKind>,
    /// The actions compared (mapped to B's names, hidden ones removed), each start of a timer
    /// with a duration followed by it (`start Tw (30 s)`).
    pub actions: Vec<String>,
}

/// One step of a distinguishing sequence: the input and both machines' answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// The event (B's name), or `None` for the start.
    pub event: Option<String>,
    /// Named guards set true for the step (B's names).
    pub guards: Vec<String>,
    /// What A did.
    pub a: Observed,
    /// What B did.
    pub b: Observed,
}

/// A shortest event sequence after which the machines' actions differ (at its last step).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The steps, starting with the start (step 0).
    pub trace: Vec<TraceStep>,
}

/// The verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Events compared (B's names).
    pub alphabet: Vec<String>,
    /// Events only A has (left out).
    pub only_a: Vec<String>,
    /// Events only B has (left out).
    pub only_b: Vec<String>,
    /// Pairs of configurations explored.
    pub pairs: usize,
    /// Every difference, each with its shortest sequence; empty when the machines are
    /// equivalent. One per pair of transitions that first disagree.
    pub differences: Vec<Difference>,
}

impl Report {
    /// Whether no difference was found.
    pub fn equivalent(&self) -> bool {
        self.differences.is_empty()
    }
}

/// Why the comparison could not be made.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum EquivError {
    /// A name in `--map`, `--hide` or a prefix is not one of the machine's.
    #[error("{side} has no {what} named `{name}`")]
    UnknownName {
        /// "A" or "B".
        side: &'static str,
        /// "event", "name", ...
        what: &'static str,
        /// The name.
        name: String,
    },
    /// Too many pairs of configurations.
    #[error("more than {MAX_PAIRS} pairs of configurations: the machines are too large to compare")]
    TooLarge,
    /// Too many named guards read in one step.
    #[error(
        "`{event}` in `{state_a}` (A) and `{state_b}` (B) reads {count} named guards, more than {MAX_GUARDS}: too many combinations to compare"
    )]
    TooManyGuards {
        /// The event, by B's name.
        event: String,
        /// A's state.
        state_a: String,
        /// B's state.
        state_b: String,
        /// How many named guards the two machines' rules read there.
        count: usize,
    },
}

struct Side<'m> {
    m: &'m Machine,
    /// A's names mapped to B's; identity for B.
    rename: HashMap<String, String>,
}

impl Side<'_> {
    fn name(&self, name: &str) -> String {
        self.rename.get(name).cloned().unwrap_or_else(|| name.to_owned())
    }

    fn action(&self, a: ActionId) -> String {
        let action = self.m.action(a);
        match action.kind {
            ActionKind::User => self.name(&action.named.name),
            ActionKind::Start(t) => format!("start {}", self.name(&self.m.timers[t.0].named.name)),
            ActionKind::Stop(t) => format!("stop {}", self.name(&self.m.timers[t.0].named.name)),
        }
    }

    /// The actions of a step as compared: mapped to B's names, hidden ones left out, each start
    /// of a timer with a duration followed by it, from `started`, the step's starts with their
    /// durations in order ([`Interpreter::started`]).
    fn compared(&self, options: &Options, actions: &[ActionId], started: &[(TimerId, Option<u64>)]) -> Vec<String> {
        let mut durations = started.iter();
        let mut out = Vec::new();
        for &a in actions {
            let name = self.action(a);
            let mut duration = None;
            // The interpreter lists a start exactly when its timer has a duration or a default.
            if let ActionKind::Start(t) = self.m.action(a).kind
                && let timer = &self.m.timers[t.0]
                && (timer.duration.is_some() || timer.default.is_some())
                && let Some(&(_, millis)) = durations.next()
            {
                duration = Some(match (millis, &timer.duration) {
                    (Some(millis), _) => crate::markdown::duration_text(std::time::Duration::from_millis(millis)),
                    (None, Some(d)) => self.renamed_text(&d.text),
                    (None, None) => "?".to_owned(),
                });
            }
            if options.hide.contains(&name) {
                continue;
            }
            out.push(match duration {
                Some(duration) => format!("{name} ({duration})"),
                None => name,
            });
        }
        out
    }

    /// A duration's text with the events it reads (`DhcpAck.` in `DhcpAck.lease s`) under B's
    /// names.
    fn renamed_text(&self, text: &str) -> String {
        let mut out = String::new();
        let mut word = String::new();
        for c in text.chars().chain(std::iter::once(' ')) {
            if c.is_ascii_alphanumeric() || c == '_' {
                word.push(c);
                continue;
            }
            // A word before `.` that does not follow one is an event's name.
            let is_event = c == '.' && !out.ends_with('.');
            out.push_str(&if is_event { self.name(&word) } else { std::mem::take(&mut word) });
            word.clear();
            out.push(c);
        }
        out.pop();
        out
    }

    fn observe(&self, state: StateId, kind: Option<StepKind>, mut actions: Vec<String>, options: &Options) -> Observed {
        if options.unordered {
            actions.sort();
        }
        Observed { state: self.m.state(state).named.name.clone(), kind, actions }
    }

    fn event(&self, renamed: &str) -> Option<EventId> {
        self.m.events.iter().position(|e| self.name(&e.named.name) == renamed).map(EventId)
    }

    /// Adds to `names` (B's names, no duplicates) the named guards that the rules of `state` on
    /// `event` read.
    fn read(&self, state: StateId, event: EventId, names: &mut Vec<String>) {
        let Cell::Rules(rules) = self.m.cell(state, event) else { return };
        let (mut guards, mut vars) = (Vec::new(), Vec::new());
        for &t in rules.iter() {
            if let Condition::When(e) = &self.m.transition(t).condition {
                e.collect(&mut guards, &mut vars);
            }
        }
        for g in guards {
            let name = self.name(&self.m.guards[g.0].named.name);
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }

    /// Guard values for this machine from the combined input (B's names).
    fn guards(&self, names: &[String], values: u32) -> Vec<bool> {
        self.m
            .guards
            .iter()
            .map(|g| names.iter().position(|n| *n == self.name(&g.named.name)).is_some_and(|i| values >> i & 1 == 1))
            .collect()
    }
}

type Config = (StateId, Vec<i64>);

/// Runs a prefix of events (A's or B's own names) from the start; `actions` gets the actions
/// compared of the start and of every event of the prefix.
fn start<'m>(
    s: &Side<'m>,
    options: &Options,
    side: &'static str,
    prefix: &[String],
    actions: &mut Vec<String>,
) -> Result<Interpreter<'m>, EquivError> {
    let m = s.m;
    let (mut it, entry) = Interpreter::start(m);
    actions.extend(s.compared(options, &entry, it.started()));
    for name in prefix {
        let e =
            m.event_named(name).ok_or_else(|| EquivError::UnknownName { side, what: "event", name: name.clone() })?;
        let step = it.step(e, &vec![false; m.guards.len()]);
        actions.extend(s.compared(options, &step.actions, it.started()));
    }
    Ok(it)
}

fn check_names(m: &Machine, side: &'static str, names: impl Iterator<Item = String>) -> Result<(), EquivError> {
    for name in names {
        let known = m.events.iter().map(|e| &e.named.name).chain(m.actions.iter().map(|a| &a.named.name));
        let known: Vec<&String> =
            known.chain(m.guards.iter().map(|g| &g.named.name)).chain(m.timers.iter().map(|t| &t.named.name)).collect();
        if !known.contains(&&name) {
            return Err(EquivError::UnknownName { side, what: "event, action, guard or timer", name });
        }
    }
    Ok(())
}

/// Compares two machines.
pub fn compare(a: &Machine, b: &Machine, options: &Options) -> Result<Report, EquivError> {
    check_names(a, "A", options.map.iter().map(|(x, _)| x.clone()))?;
    check_names(b, "B", options.map.iter().map(|(_, y)| y.clone()))?;
    let side_a = Side { m: a, rename: options.map.iter().cloned().collect() };
    let side_b = Side { m: b, rename: HashMap::new() };

    let names_a: Vec<String> = a.events.iter().map(|e| side_a.name(&e.named.name)).collect();
    let names_b: Vec<String> = b.events.iter().map(|e| e.named.name.clone()).collect();
    let alphabet: Vec<String> = names_b.iter().filter(|n| names_a.contains(n)).cloned().collect();
    let only_a = a
        .events
        .iter()
        .filter(|e| !names_b.contains(&side_a.name(&e.named.name)))
        .map(|e| e.named.name.clone())
        .collect();
    let only_b = names_b.iter().filter(|n| !names_a.contains(n)).cloned().collect();
    let inputs: Vec<(EventId, EventId, String)> =
        alphabet.iter().filter_map(|n| Some((side_a.event(n)?, side_b.event(n)?, n.clone()))).collect();

    let (mut start_a, mut start_b) = (Vec::new(), Vec::new());
    let it_a = start(&side_a, options, "A", &options.prefix_a, &mut start_a)?;
    let it_b = start(&side_b, options, "B", &options.prefix_b, &mut start_b)?;
    let first = TraceStep {
        event: None,
        guards: Vec::new(),
        a: side_a.observe(it_a.state(), None, start_a, options),
        b: side_b.observe(it_b.state(), None, start_b, options),
    };
    let mut report = Report { alphabet, only_a, only_b, pairs: 1, differences: Vec::new() };
    if first.a.actions != first.b.actions {
        report.differences.push(Difference { trace: vec![first] });
        return Ok(report);
    }

    // Breadth-first over pairs of configurations; `parent` rebuilds the shortest path.
    let root: (Config, Config) = ((it_a.state(), it_a.vars().to_vec()), (it_b.state(), it_b.vars().to_vec()));
    let mut steps: Vec<TraceStep> = vec![first];
    let mut parent: Vec<Option<usize>> = vec![None];
    let mut seen: HashMap<(Config, Config), usize> = HashMap::from([(root.clone(), 0)]);
    let mut queue = VecDeque::from([(root, 0usize)]);
    let mut found: Vec<(String, usize)> = Vec::new();
    while let Some((((sa, va), (sb, vb)), at)) = queue.pop_front() {
        for (ea, eb, name) in &inputs {
            // Only the guards that the two cells read decide the step: their combinations.
            let mut guard_names = Vec::new();
            side_a.read(sa, *ea, &mut guard_names);
            side_b.read(sb, *eb, &mut guard_names);
            if guard_names.len() > MAX_GUARDS {
                return Err(EquivError::TooManyGuards {
                    event: name.clone(),
                    state_a: a.state(sa).named.name.clone(),
                    state_b: b.state(sb).named.name.clone(),
                    count: guard_names.len(),
                });
            }
            for values in 0..1u32 << guard_names.len() {
                let mut ia = Interpreter::at(a, sa, va.clone());
                let mut ib = Interpreter::at(b, sb, vb.clone());
                let step_a = ia.step(*ea, &side_a.guards(&guard_names, values));
                let step_b = ib.step(*eb, &side_b.guards(&guard_names, values));
                let step = TraceStep {
                    event: Some(name.clone()),
                    guards: guard_names
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| values >> i & 1 == 1)
                        .map(|(_, g)| g.clone())
                        .collect(),
                    a: side_a.observe(
                        ia.state(),
                        Some(step_a.kind),
                        side_a.compared(options, &step_a.actions, ia.started()),
                        options,
                    ),
                    b: side_b.observe(
                        ib.state(),
                        Some(step_b.kind),
                        side_b.compared(options, &step_b.actions, ib.started()),
                        options,
                    ),
                };
                let differs = step.a.actions != step.b.actions;
                steps.push(step);
                parent.push(Some(at));
                let here = steps.len() - 1;
                if differs {
                    // One difference per pair of rules that disagree: the first found is the
                    // shortest.
                    let key =
                        format!("{:?}/{:?}/{:?}/{:?}", step_a.transition, step_a.kind, step_b.transition, step_b.kind);
                    if !found.iter().any(|(k, _)| *k == key) {
                        found.push((key, here));
                    }
                    continue;
                }
                let pair = ((ia.state(), ia.vars().to_vec()), (ib.state(), ib.vars().to_vec()));
                if !seen.contains_key(&pair) {
                    if seen.len() >= MAX_PAIRS {
                        return Err(EquivError::TooLarge);
                    }
                    seen.insert(pair.clone(), here);
                    queue.push_back((pair, here));
                }
            }
        }
    }
    report.pairs = seen.len();
    for (_, end) in found {
        let mut trace = Vec::new();
        let mut at = Some(end);
        while let Some(i) = at {
            trace.push(steps[i].clone());
            at = parent[i];
        }
        trace.reverse();
        report.differences.push(Difference { trace });
    }
    report.differences.sort_by_key(|d| d.trace.len());
    Ok(report)
}

/// The report as text for people: the verdict, then each difference as a table of steps.
pub fn render(report: &Report, a_name: &str, b_name: &str) -> String {
    let mut out = String::new();
    let list = |names: &[String]| if names.is_empty() { "none".to_owned() } else { names.join(", ") };
    out.push_str(&format!("A: {a_name}\nB: {b_name}\n"));
    out.push_str(&format!("compared events: {}\n", list(&report.alphabet)));
    out.push_str(&format!("events only in A (left out): {}\n", list(&report.only_a)));
    out.push_str(&format!("events only in B (left out): {}\n", list(&report.only_b)));
    out.push_str(&format!("pairs of configurations explored: {}\n", report.pairs));
    if report.equivalent() {
        out.push_str("equivalent: the same actions for every sequence of events\n");
        return out;
    }
    out.push_str(&format!("not equivalent: {} difference(s)\n", report.differences.len()));
    for (n, d) in report.differences.iter().enumerate() {
        let events: Vec<String> = d.trace.iter().skip(1).map(step_input).collect();
        out.push_str(&format!(
            "\ndifference {}: after {}\n",
            n + 1,
            if events.is_empty() { "the start".to_owned() } else { events.join(", ") }
        ));
        for (i, s) in d.trace.iter().enumerate() {
            let input = if i == 0 { "(start)".to_owned() } else { step_input(s) };
            let mark = if i + 1 == d.trace.len() { "  <-- differs" } else { "" };
            out.push_str(&format!(
                "  {i:>2} {input:<16} A: {:<22} [{}]\n     {:<16} B: {:<22} [{}]{mark}\n",
                s.a.state,
                s.a.actions.join(", "),
                "",
                s.b.state,
                s.b.actions.join(", ")
            ));
        }
    }
    out
}

fn step_input(s: &TraceStep) -> String {
    let event = s.event.clone().unwrap_or_default();
    if s.guards.is_empty() { event } else { format!("{event}[{}]", s.guards.join(",")) }
}
