//! Test generation: a small set of event sequences that, each run from the start, together take
//! every transition of a machine under each guard outcome and each variable case that reaches
//! it, and hit every ignored and every unhandled (state, event) pair, with the state, actions and
//! variables expected after each step. A timer's expiry is sent only where the timer runs (a
//! step before started it, and none since stopped it or took its expiry): elsewhere it cannot
//! happen.
//!
//! How: a breadth-first exploration of the (state, variables, running timers) configurations
//! from the start, as the checker explores them (by state alone for the timers where the
//! checker's exploration stopped at its limits), trying every combination of the named guards
//! a cell reads (each step run by [`Interpreter`], so the expectations follow the one set of
//! execution rules, `ir::Machine::select`). Each [`Goal`] gets the shortest event sequence
//! that reaches it; a greedy set cover then keeps few of those sequences, each cut after its
//! last new goal. `render` prints a suite as text and as JSON (`fsm tests`).

mod render;

pub use render::{text, to_json};

use crate::interp::Interpreter;
use fsm_dsl::check::{MAX_CONFIGURATIONS, MAX_EVALUATIONS, MAX_GUARD_COMBINATIONS};
use fsm_dsl::ir::{
    ActionId, ActionKind, Cell, Condition, EventId, Expr, GuardId, Machine, StateId, StepKind, TransitionId, VarType,
};
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap, VecDeque};

/// What one (state, event) pair does in one step: the transition taken, or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// This transition is taken (external or internal).
    Take(TransitionId),
    /// The event is ignored (`ignore E in S`, or the `ignore` policy).
    Ignored,
    /// Nothing handles the event (an unmentioned pair, or no guard holds).
    Unhandled,
    /// The spec names the pair a protocol error (`error E in S`).
    ProtocolError,
}

/// One thing the suite must exercise: a (state, event) pair with one outcome, under one case of
/// the variables its guards read.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Goal {
    /// The state the event arrives in.
    pub state: StateId,
    /// The event.
    pub event: EventId,
    /// What the pair does.
    pub outcome: Outcome,
    /// The truth of each variable test (a `bool` variable or a comparison) that the guards of
    /// the pair read, in the order [`variable_tests`] lists them: one goal per case reached.
    pub case: Vec<bool>,
}

/// One step of a case: the event to send, the named-guard values to give, and what must follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The event's name (as the generated `Event::from_name` reads it).
    pub event: String,
    /// The named guards the pair reads, with the value to give each (the others are `false`).
    pub guards: Vec<(String, bool)>,
    /// The step as `fsm sim` reads it: `Event` or `Event[g1, g2]` (the guards set true).
    pub input: String,
    /// The state before the event.
    pub from: String,
    /// The state expected after it.
    pub to: String,
    /// Transition, internal, ignored, unhandled or protocol error.
    pub kind: StepKind,
    /// The actions expected, in order, as `fsm sim` prints them (`SendWatchdog`, `start Tw`).
    pub actions: Vec<String>,
    /// The starts of timers whose durations read parameters, variables or the event's data,
    /// in order, each with its duration in milliseconds as the interpreter computes it (`None`
    /// for one that reads the event's data, which a suite does not choose); empty in a machine
    /// without such timers.
    pub durations: Vec<(String, Option<u64>)>,
    /// The transition taken, if any.
    pub transition: Option<TransitionId>,
    /// The `ref`s of that transition (the RFC rows it transcribes).
    pub refs: Vec<String>,
    /// Every variable's value after the step (`bool` as 0 / 1), in declaration order.
    pub vars: Vec<(String, i64)>,
    /// The goal this step exercises.
    pub goal: Goal,
}

/// One test: run from the start, the steps in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The steps.
    pub steps: Vec<Step>,
}

/// Sizes of a suite, to weigh it against the machine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Transitions in the spec.
    pub transitions: usize,
    /// Transitions the suite takes at least once.
    pub transitions_covered: usize,
    /// (state, event) pairs of the machine (states x events).
    pub pairs: usize,
    /// Pairs that some transition handles (a transition written for several states or
    /// events, for a superstate or on `*`, handles several).
    pub handled_pairs: usize,
    /// Handled pairs where the suite takes a transition.
    pub handled_pairs_covered: usize,
    /// Reachable pairs with an ignored outcome that the suite hits.
    pub ignored_pairs: usize,
    /// Reachable pairs with an unhandled outcome that the suite hits.
    pub unhandled_pairs: usize,
    /// Reachable pairs that are protocol errors (`error` items) that the suite hits.
    pub error_pairs: usize,
    /// Reachable pairs of a timer's expiry and a state where that timer cannot be running
    /// (`check::running`): left out, since no running machine gets that input.
    pub expiries_left_out: usize,
    /// Goals found (each covered by the suite).
    pub goals: usize,
    /// (state, variables, running timers) configurations explored.
    pub configurations: usize,
    /// Cases in the suite.
    pub cases: usize,
    /// Steps in all cases.
    pub steps: usize,
}

/// A covering suite of one machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suite {
    /// The machine's name.
    pub machine: String,
    /// The initial state.
    pub initial: String,
    /// The initial state's entry actions (run by every case before its first step).
    pub entry: Vec<String>,
    /// The variables' values after the start.
    pub start_vars: Vec<(String, i64)>,
    /// The cases, shortest first.
    pub cases: Vec<Case>,
    /// Their sizes.
    pub stats: Stats,
    /// Transitions no case takes: no event sequence from the start reaches them (or the
    /// exploration stopped at a limit first).
    pub untaken: Vec<TransitionId>,
    /// Why the exploration stopped early, if it did: the suite then covers what it found.
    pub incomplete: Option<String>,
}

/// The variable tests the guards of a pair read: each `bool` variable and each comparison, in
/// the order they are written, without repeats.
pub fn variable_tests(m: &Machine, state: StateId, event: EventId) -> Vec<Expr> {
    fn walk(e: &Expr, out: &mut Vec<Expr>) {
        match e {
            Expr::Const(_) | Expr::Guard(_) => {}
            Expr::Var(_) | Expr::Cmp(..) => {
                if !out.contains(e) {
                    out.push(e.clone());
                }
            }
            Expr::Not(inner) => walk(inner, out),
            Expr::And(a, b) | Expr::Or(a, b) => {
                walk(a, out);
                walk(b, out);
            }
        }
    }
    let mut out = Vec::new();
    for e in conditions(m, state, event) {
        walk(e, &mut out);
    }
    out
}

fn conditions(m: &Machine, state: StateId, event: EventId) -> impl Iterator<Item = &Expr> {
    let rules: &[TransitionId] = match m.cell(state, event) {
        Cell::Rules(rules) => rules,
        _ => &[],
    };
    rules.iter().filter_map(|&t| match &m.transition(t).condition {
        Condition::When(e) => Some(e),
        _ => None,
    })
}

/// The named guards the guards of a pair read, in the order they are written.
pub fn named_guards(m: &Machine, state: StateId, event: EventId) -> Vec<GuardId> {
    let (mut guards, mut vars) = (Vec::new(), Vec::new());
    for e in conditions(m, state, event) {
        e.collect(&mut guards, &mut vars);
    }
    guards
}

/// A configuration reached, with the edge it was first reached by.
struct Node {
    state: StateId,
    vars: Vec<i64>,
    /// The timers running there (a bit per `TimerId` below [`TRACKED_TIMERS`]; none when the
    /// checker's analysis of running timers is not exact).
    timers: u128,
    /// The configuration it was first reached from, the input, and the goal that input hit.
    parent: Option<(usize, Input, usize)>,
}

/// What the guards of each (state, event) pair read, computed once (row-major by state).
struct Reads {
    events: usize,
    named: Vec<Vec<GuardId>>,
    tests: Vec<Vec<Expr>>,
}

impl Reads {
    fn new(m: &Machine) -> Self {
        let pairs = || (0..m.states.len()).flat_map(|s| (0..m.events.len()).map(move |e| (StateId(s), EventId(e))));
        Reads {
            events: m.events.len(),
            named: pairs().map(|(s, e)| named_guards(m, s, e)).collect(),
            tests: pairs().map(|(s, e)| variable_tests(m, s, e)).collect(),
        }
    }

    fn named(&self, s: StateId, e: EventId) -> &[GuardId] {
        self.named.get(s.0 * self.events + e.0).map_or(&[], Vec::as_slice)
    }

    fn case(&self, s: StateId, e: EventId, vars: &[i64]) -> Vec<bool> {
        self.tests.get(s.0 * self.events + e.0).map_or(Vec::new(), |t| t.iter().map(|t| t.eval(&[], vars)).collect())
    }
}

/// An event with the named-guard values given with it (indexed by `GuardId`).
#[derive(Clone)]
struct Input {
    event: EventId,
    guards: Vec<bool>,
}

/// How far the search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most (state, variables, running timers) configurations explored.
    pub configurations: u128,
    /// Most steps tried (one per configuration, event and named-guard combination).
    pub steps: u128,
    /// Most named-guard combinations for one (state, event) pair.
    pub guard_combinations: u128,
}

impl Limits {
    /// The checker's: [`MAX_CONFIGURATIONS`], [`MAX_EVALUATIONS`], [`MAX_GUARD_COMBINATIONS`]
    /// (a machine that checks clean stays within them).
    pub const CHECKER: Limits = Limits {
        configurations: MAX_CONFIGURATIONS,
        steps: MAX_EVALUATIONS,
        guard_combinations: MAX_GUARD_COMBINATIONS,
    };
}

/// Builds the covering suite of a machine within the checker's limits (see [`cases_within`]).
pub fn cases(m: &Machine) -> Suite {
    cases_within(m, &Limits::CHECKER)
}

/// Builds the covering suite of a machine. Never runs away: the search stops at `limits`, and
/// the suite then covers what was found and says why it stopped (`Suite::incomplete`).
pub fn cases_within(m: &Machine, limits: &Limits) -> Suite {
    cases_from(m, m.initial_vars(), limits)
}

/// Builds the covering suite of a machine started from `vars` (indexed by `VarId`): its
/// variables' initial values with the parameters' values chosen, as
/// [`crate::interp::set_param`] sets them. Every case starts there, so the suite covers what
/// the machine can do with those parameters (a transition that needs another value is
/// `Suite::untaken`). Never runs away, as [`cases_within`].
pub fn cases_from(m: &Machine, vars: Vec<i64>, limits: &Limits) -> Suite {
    let (start, entry) = Interpreter::start_with(m, vars.clone());
    let start_vars = start.vars().to_vec();
    // An expiry where its timer cannot be running is no input a running machine gets.
    // Every case starts from `vars`, so its parameters are constants: the timers that may run
    // where are those of that start alone. (Over every value, as the checker takes them, an
    // expiry of a timer that only another value starts would be asked for.)
    let running = fsm_dsl::check::running(&with_params_fixed(m, &start_vars));
    // A configuration is the state, the variables and the running timers: an expiry is sent
    // only where its timer runs, as a machine gets it. When the checker's own exploration of
    // those configurations stopped at its limits (many timers started and stopped apart), this
    // one would too: then, as the checker does, only the state says where a timer may run.
    let tracked = if running.exact() { TRACKED_TIMERS } else { 0 };
    let start_timers = running_after(m, &entry, 0, tracked);
    let mut nodes = vec![Node { state: m.initial, vars: start_vars.clone(), timers: start_timers, parent: None }];
    let mut index: HashMap<(StateId, Vec<i64>, u128), usize> = HashMap::new();
    index.insert((m.initial, start_vars.clone(), start_timers), 0);
    // Each goal, with the configuration it is reached from and the input that reaches it.
    let reads = Reads::new(m);
    let impossible =
        |state: StateId, event: EventId| m.event(event).timer.is_some_and(|t| !running.may_be_running(state, t));
    let mut skipped: BTreeSet<(StateId, EventId)> = BTreeSet::new();
    let mut goals: HashMap<Goal, usize> = HashMap::new();
    // Per goal (in the order found): the configuration it is reached from, the input, and the
    // configuration the input leads to.
    let mut reached: Vec<(usize, Input, usize)> = Vec::new();
    let mut order: Vec<Goal> = Vec::new();
    let mut incomplete = None;
    let mut budget = limits.steps;
    let mut queue = VecDeque::from([0]);
    'explore: while let Some(i) = queue.pop_front() {
        let (state, vars, timers) = (nodes[i].state, nodes[i].vars.clone(), nodes[i].timers);
        for event in (0..m.events.len()).map(EventId) {
            if impossible(state, event) {
                skipped.insert((state, event));
                continue;
            }
            // The expiry of a timer that this configuration has not started cannot arrive; one
            // that arrives disarms its timer.
            let armed = match m.event(event).timer.filter(|t| t.0 < tracked) {
                Some(t) if timers & 1 << t.0 == 0 => continue,
                Some(t) => timers & !(1 << t.0),
                None => timers,
            };
            let named = reads.named(state, event);
            let combinations = 1u128 << named.len().min(127);
            if combinations > limits.guard_combinations {
                incomplete = Some(format!(
                    "`{}` on `{}` reads {} named guards: more than the {} combinations allowed",
                    m.state(state).named.name,
                    m.event(event).named.name,
                    named.len(),
                    limits.guard_combinations
                ));
                break 'explore;
            }
            let case = reads.case(state, event, &vars);
            for mask in 0..combinations {
                let Some(rest) = budget.checked_sub(1) else {
                    incomplete = Some(format!("the search needs more than {} steps", limits.steps));
                    break 'explore;
                };
                budget = rest;
                let mut guards = vec![false; m.guards.len()];
                for (bit, g) in named.iter().enumerate() {
                    guards[g.0] = mask >> bit & 1 == 1;
                }
                let mut it = Interpreter::at(m, state, vars.clone());
                let step = it.step(event, &guards);
                let goal = Goal { state, event, outcome: outcome_of(step.kind, step.transition), case: case.clone() };
                let input = Input { event, guards };
                let key = (step.to, it.vars().to_vec(), running_after(m, &step.actions, armed, tracked));
                let target = match index.get(&key) {
                    Some(&target) => target,
                    None => {
                        if nodes.len() as u128 >= limits.configurations {
                            incomplete = Some(format!(
                                "the machine reaches more than {} (state, variables, running timers) configurations",
                                limits.configurations
                            ));
                            break 'explore;
                        }
                        index.insert(key.clone(), nodes.len());
                        queue.push_back(nodes.len());
                        // The goal's index is known below; the parent edge is completed there.
                        nodes.push(Node { state: key.0, vars: key.1, timers: key.2, parent: None });
                        nodes.len() - 1
                    }
                };
                let hit = match goals.get(&goal) {
                    Some(&g) => g,
                    None => {
                        goals.insert(goal.clone(), order.len());
                        order.push(goal);
                        reached.push((i, input.clone(), target));
                        order.len() - 1
                    }
                };
                if target != 0 && nodes[target].parent.is_none() {
                    nodes[target].parent = Some((i, input, hit));
                }
            }
        }
    }
    let configurations = nodes.len();
    // The shortest input sequence to each goal (the path to its configuration, then its input),
    // with the goal each input hits and the configurations it passes through.
    let candidates: Vec<Candidate> = reached
        .iter()
        .enumerate()
        .map(|(goal, (node, last, target))| {
            let (mut inputs, mut hits, mut through) = (vec![last.clone()], vec![goal], vec![*target, *node]);
            let mut at = *node;
            while let Some((parent, input, hit)) = &nodes[at].parent {
                inputs.push(input.clone());
                hits.push(*hit);
                through.push(*parent);
                at = *parent;
            }
            inputs.reverse();
            hits.reverse();
            through.reverse();
            Candidate { inputs, hits, through }
        })
        .collect();
    let chosen = cover(&candidates, order.len());
    let mut cases: Vec<Case> = chosen.iter().map(|c| Case { steps: replay(m, &vars, &reads, &c.inputs) }).collect();
    cases.sort_by_key(|c| c.steps.len());
    without_redundant(&mut cases);
    let taken: BTreeSet<TransitionId> = order
        .iter()
        .filter_map(|g| match g.outcome {
            Outcome::Take(t) => Some(t),
            _ => None,
        })
        .collect();
    let pairs_with = |wanted: Outcome| {
        order.iter().filter(|g| g.outcome == wanted).map(|g| (g.state, g.event)).collect::<BTreeSet<_>>().len()
    };
    let stats = Stats {
        transitions: m.transitions.len(),
        transitions_covered: taken.len(),
        pairs: m.states.len() * m.events.len(),
        // A pair of an expiry whose timer cannot be running there is no input: not counted.
        handled_pairs: (0..m.states.len())
            .flat_map(|s| (0..m.events.len()).map(move |e| (StateId(s), EventId(e))))
            .filter(|&(s, e)| matches!(m.cell(s, e), Cell::Rules(_)) && !impossible(s, e))
            .count(),
        handled_pairs_covered: order
            .iter()
            .filter(|g| matches!(g.outcome, Outcome::Take(_)))
            .map(|g| (g.state, g.event))
            .collect::<BTreeSet<_>>()
            .len(),
        ignored_pairs: pairs_with(Outcome::Ignored),
        unhandled_pairs: pairs_with(Outcome::Unhandled),
        error_pairs: pairs_with(Outcome::ProtocolError),
        expiries_left_out: skipped.len(),
        goals: order.len(),
        configurations,
        cases: cases.len(),
        steps: cases.iter().map(|c| c.steps.len()).sum(),
    };
    let untaken = (0..m.transitions.len()).map(TransitionId).filter(|t| !taken.contains(t)).collect();
    Suite {
        machine: m.named.name.clone(),
        initial: m.state(m.initial).named.name.clone(),
        entry: entry.iter().map(|a| m.action_sim_text(*a)).collect(),
        start_vars: named_vars(m, &start_vars),
        cases,
        stats,
        untaken,
        incomplete,
    }
}

/// Drops each case whose goals another case hits all of (a case chosen early for a goal that a
/// longer case, chosen later for a goal further on, passes through on its way: a counter that
/// a guard reads several times, say). Of two cases with the same goals, the shorter stays.
/// `cases` is sorted by length, and stays so.
fn without_redundant(cases: &mut Vec<Case>) {
    let goals: Vec<BTreeSet<&Goal>> = cases.iter().map(|c| c.steps.iter().map(|s| &s.goal).collect()).collect();
    let redundant: Vec<bool> = (0..goals.len())
        .map(|i| {
            (0..goals.len())
                .any(|j| j != i && goals[i].is_subset(&goals[j]) && (goals[i].len() < goals[j].len() || j < i))
        })
        .collect();
    let mut keep = redundant.iter().map(|r| !r);
    cases.retain(|_| keep.next().unwrap_or(true));
}

fn outcome_of(kind: StepKind, transition: Option<TransitionId>) -> Outcome {
    match (kind, transition) {
        (_, Some(t)) => Outcome::Take(t),
        (StepKind::Ignored, None) => Outcome::Ignored,
        (StepKind::ProtocolError, None) => Outcome::ProtocolError,
        _ => Outcome::Unhandled,
    }
}

fn named_vars(m: &Machine, values: &[i64]) -> Vec<(String, i64)> {
    m.vars.iter().zip(values).map(|(v, &x)| (v.named.name.clone(), x)).collect()
}

/// An input sequence from the start: the goal each input hits, and the configurations it passes
/// through (`through[k]` before input `k`, the last one after the last input).
#[derive(Clone)]
struct Candidate {
    inputs: Vec<Input>,
    hits: Vec<usize>,
    through: Vec<usize>,
}

impl Candidate {
    /// Whether the last input leaves the configuration as it was (an ignored or unhandled
    /// event, or a transition back to the same state and variables).
    fn loops(&self) -> bool {
        let n = self.through.len();
        n >= 2 && self.through[n - 1] == self.through[n - 2]
    }
}

/// Greedy set cover over the candidate sequences (lazy: a candidate's gain is recomputed only
/// when it reaches the top of the heap). Each pick is cut after its last step that exercises a
/// goal not yet covered; ties go to the shorter sequence, then to the earlier goal. A goal whose
/// input leaves its configuration unchanged needs no case of its own: its input is inserted
/// where a chosen case passes through that configuration, which changes nothing after it.
fn cover(candidates: &[Candidate], goals: usize) -> Vec<Candidate> {
    let distinct: Vec<Vec<usize>> = candidates
        .iter()
        .map(|c| {
            let mut d = c.hits.clone();
            d.sort_unstable();
            d.dedup();
            d
        })
        .collect();
    let mut covered = vec![false; goals];
    let gain = |d: &[usize], covered: &[bool]| d.iter().filter(|&&g| !covered.get(g).copied().unwrap_or(true)).count();
    let mut heap: BinaryHeap<(usize, Reverse<usize>, Reverse<usize>)> = distinct
        .iter()
        .enumerate()
        .filter(|(i, _)| !candidates[*i].loops())
        .map(|(i, d)| (gain(d, &covered), Reverse(candidates[i].inputs.len()), Reverse(i)))
        .collect();
    let mut chosen: Vec<Candidate> = Vec::new();
    while let Some((stale, len, Reverse(i))) = heap.pop() {
        let fresh = gain(&distinct[i], &covered);
        if fresh == 0 {
            continue;
        }
        if fresh < stale {
            heap.push((fresh, len, Reverse(i)));
            continue;
        }
        let c = &candidates[i];
        let last_new = c.hits.iter().rposition(|&g| !covered.get(g).copied().unwrap_or(true)).unwrap_or(0);
        for &g in &c.hits[..=last_new] {
            if let Some(slot) = covered.get_mut(g) {
                *slot = true;
            }
        }
        chosen.push(Candidate {
            inputs: c.inputs[..=last_new].to_vec(),
            hits: c.hits[..=last_new].to_vec(),
            through: c.through[..=last_new + 1].to_vec(),
        });
    }
    // The loops: where a chosen case first passes through the configuration, or else in a case
    // of their own (which later loops at that configuration join).
    let mut first_visit: HashMap<usize, (usize, usize)> = HashMap::new();
    for (k, c) in chosen.iter().enumerate() {
        for (p, &node) in c.through.iter().enumerate() {
            first_visit.entry(node).or_insert((k, p));
        }
    }
    let mut inserts: Vec<Vec<(usize, usize)>> = vec![Vec::new(); chosen.len()];
    for (i, c) in candidates.iter().enumerate() {
        let goal = c.hits.last().copied().unwrap_or(usize::MAX);
        if !c.loops() || covered.get(goal).copied().unwrap_or(true) {
            continue;
        }
        covered[goal] = true;
        let node = c.through[c.through.len() - 2];
        match first_visit.get(&node) {
            Some(&(k, p)) => inserts[k].push((p, i)),
            None => {
                let k = chosen.len();
                let p = c.inputs.len() - 1;
                let mut own = c.clone();
                own.inputs.pop();
                own.hits.pop();
                own.through.pop();
                for (q, &n) in own.through.iter().enumerate() {
                    first_visit.entry(n).or_insert((k, q));
                }
                chosen.push(own);
                inserts.push(vec![(p, i)]);
            }
        }
    }
    for (c, mut adds) in chosen.iter_mut().zip(inserts) {
        // Later positions first, so that earlier ones stay valid; at one position, in goal order.
        adds.sort_by_key(|&(p, i)| (Reverse(p), Reverse(i)));
        for (p, i) in adds {
            let lp = &candidates[i];
            let (input, hit) = (lp.inputs[lp.inputs.len() - 1].clone(), lp.hits[lp.hits.len() - 1]);
            let node = c.through[p];
            c.inputs.insert(p, input);
            c.hits.insert(p, hit);
            c.through.insert(p, node);
        }
    }
    chosen
}

/// Timers past this index are not tracked: their expiries are sent wherever the checker finds
/// they may run (a `u128` has a bit for each of the others).
const TRACKED_TIMERS: usize = 128;

/// The running timers after `actions`, in order, with `timers` running before them; only
/// those below `tracked`.
fn running_after(m: &Machine, actions: &[ActionId], mut timers: u128, tracked: usize) -> u128 {
    for &a in actions {
        match m.action(a).kind {
            ActionKind::Start(t) if t.0 < tracked => timers |= 1 << t.0,
            ActionKind::Stop(t) if t.0 < tracked => timers &= !(1 << t.0),
            _ => {}
        }
    }
    timers
}

/// `m` with each parameter fixed at its value in `vars`: a variable that nothing assigns,
/// starting there, so that an analysis explores that start alone.
fn with_params_fixed(m: &Machine, vars: &[i64]) -> Machine {
    let mut fixed = m.clone();
    for (var, &value) in fixed.vars.iter_mut().zip(vars).filter(|(var, _)| var.param) {
        var.param = false;
        var.init = value;
    }
    fixed
}

/// Runs a sequence from the start (with the variables `vars`) and writes down what each step
/// does.
fn replay(m: &Machine, vars: &[i64], reads: &Reads, inputs: &[Input]) -> Vec<Step> {
    let (mut it, _) = Interpreter::start_with(m, vars.to_vec());
    inputs
        .iter()
        .map(|input| {
            let named = reads.named(it.state(), input.event);
            let case = reads.case(it.state(), input.event, it.vars());
            let step = it.step(input.event, &input.guards);
            let event = m.event(input.event).named.name.clone();
            let set: Vec<&str> =
                named.iter().filter(|g| input.guards[g.0]).map(|g| m.guards[g.0].named.name.as_str()).collect();
            let text = if set.is_empty() { event.clone() } else { format!("{event}[{}]", set.join(", ")) };
            Step {
                event,
                guards: named.iter().map(|g| (m.guards[g.0].named.name.clone(), input.guards[g.0])).collect(),
                input: text,
                from: m.state(step.from).named.name.clone(),
                to: m.state(step.to).named.name.clone(),
                kind: step.kind,
                actions: step.actions.iter().map(|a| m.action_sim_text(*a)).collect(),
                durations: (it.started().iter())
                    .filter(|(t, _)| m.timers[t.0].duration.is_some())
                    .map(|&(t, ms)| (m.timers[t.0].named.name.clone(), ms))
                    .collect(),
                transition: step.transition,
                refs: step.transition.map(|t| m.transition(t).refs().to_vec()).unwrap_or_default(),
                vars: named_vars(m, it.vars()),
                goal: Goal {
                    state: step.from,
                    event: input.event,
                    outcome: outcome_of(step.kind, step.transition),
                    case,
                },
            }
        })
        .collect()
}

/// A variable's value as the spec writes it: `true` / `false` for a `bool`, the number otherwise.
pub fn value_text(m: &Machine, name: &str, value: i64) -> String {
    match m.vars.iter().find(|v| v.named.name == name).map(|v| v.ty) {
        Some(VarType::Bool) => (value != 0).to_string(),
        _ => value.to_string(),
    }
}
