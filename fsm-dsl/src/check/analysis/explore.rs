//! The exploration of the (state, variables) space from the initial state: every reachable
//! configuration, every guard formula evaluated over every combination of named-guard values,
//! within the limits; and what it finds (conflicts, gaps, values out of range, unreachable
//! states, guards that never hold) as diagnostics.

use super::{Known, name, pair_text, value_text};
use crate::ast::Span;
use crate::check::eval::{
    Decisive, MAX_CONFIGURATIONS, MAX_EVALUATIONS, MAX_GUARD_COMBINATIONS, MAX_STARTS, MAX_UNREACHABLE_VALUATIONS,
    Valuation, apply, decide, decisive_combinations, reads,
};
use crate::check::report;
use crate::check::timers::Running;
use crate::diag::Diagnostic;
use crate::ir::{self, Cell, Condition, EventId, Machine, StateId, TransitionId};
use rustc_hash::FxHashMap as HashMap;
use rustc_hash::FxHashSet as HashSet;
use std::collections::BTreeMap;

/// What one exploration found.
#[derive(Default)]
pub(super) struct Explored {
    /// Per state: whether some configuration of it is reached.
    reached: Vec<bool>,
    /// Per transition: whether it is taken at least once.
    taken: Vec<bool>,
    /// The (state, event) pairs where each guarded transition is taken, as (transition, state,
    /// event): the pairs of its sources and events missing here are dead (W0012).
    taken_cells: HashSet<(TransitionId, StateId, EventId)>,
    /// Pairs of transitions that can both be taken, with the first witness.
    conflicts: BTreeMap<(TransitionId, TransitionId), (StateId, EventId, Option<String>)>,
    /// Pairs with guard values for which nothing is taken, with the first witness.
    gaps: BTreeMap<(StateId, EventId), Option<String>>,
    /// Assignments that leave a range: (where the assignment is, variable) -> note.
    ranges: BTreeMap<(Span, ir::VarId), String>,
    /// Set when a limit stopped the exploration: the partial results are not conclusive.
    pub(super) too_complex: Option<Diagnostic>,
    /// The configurations reached and the steps between them, complete when the exploration
    /// was not stopped: `stuck` reads them rather than exploring the same space again.
    pub(super) graph: Graph,
}

/// The (state, variables) configurations in breadth-first order from the start (so the first
/// of a state has the shortest event sequence), with the steps between them.
#[derive(Default)]
pub(super) struct Graph {
    /// Per configuration: its state and its variables' values (an index into `values`).
    pub(super) configs: Vec<(StateId, usize)>,
    /// Per configuration: how it was first reached (the configuration before, the event).
    pub(super) parents: Vec<Option<(usize, EventId)>>,
    /// The successors of configuration `n` are `edges[starts[n]..starts[n + 1]]` (a successor
    /// may be listed more than once).
    pub(super) starts: Vec<usize>,
    pub(super) edges: Vec<usize>,
    /// The distinct valuations met, one after the other, `width` values each: a configuration
    /// holds an index rather than a list of its own.
    values: Vec<i64>,
    width: usize,
}

impl Graph {
    /// The variables' values of valuation `v`.
    pub(super) fn valuation(&self, v: usize) -> &[i64] {
        &self.values[v * self.width..(v + 1) * self.width]
    }
}

/// Buffers that evaluating a pair reuses, so that exploring allocates per configuration found
/// at most, never per pair evaluated.
#[derive(Default)]
struct Scratch {
    /// The named guards the pair reads, in the order its rules mention them.
    guard_ids: Vec<ir::GuardId>,
    /// The variables the pair's guards read.
    read: Vec<ir::VarId>,
    /// The value of each named guard (indexed by id) for the combination being evaluated.
    values: Vec<bool>,
    /// The transitions one combination takes.
    selected: Vec<TransitionId>,
    /// The configurations the pair leads to: target states, and their variables' values one
    /// after the other in `next_values`.
    next: Vec<StateId>,
    next_values: Vec<i64>,
    /// The transitions whose configuration is in `next` already.
    followed: Vec<TransitionId>,
    /// The combinations of guard values where the pair does something first
    /// ([`decisive_combinations`]), and its scratch.
    combinations: Vec<u64>,
    decisive: Decisive,
}

/// Describes guard and variable values: "`a` is true, `running T` is false and `NumDWA` is 2";
/// `None` when nothing is read (the outcome does not depend on any value).
fn witness(
    m: &Machine,
    guard_ids: &[ir::GuardId],
    guards: &[bool],
    read: &[ir::VarId],
    vars: &[i64],
) -> Option<String> {
    let mut parts: Vec<String> =
        guard_ids.iter().map(|g| format!("`{}` is {}", m.guards[g.0].named.name, guards[g.0])).collect();
    parts.extend(read.iter().map(|&v| value_text(m, v, vars[v.0])));
    match parts.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        [init @ .., last] => Some(format!("{} and {last}", init.join(", "))),
    }
}

/// Where an out-of-range effect of `effects_of(source, t)` sits: the source's exit, the
/// transition, or the target's entry.
fn effect_place(m: &Machine, source: StateId, t: TransitionId, index: usize) -> (Span, String) {
    let transition = m.transition(t);
    let exit = if transition.target.is_some() { m.state(source).exit.len() } else { 0 };
    if index < exit {
        (m.state(source).named.span, format!("the exit assignment of `{}`", m.state(source).named.name))
    } else if index < exit + transition.effects.len() {
        (transition.span, "this transition's assignment".to_owned())
    } else {
        let target = transition.target.unwrap_or(source);
        (m.state(target).named.span, format!("the entry assignment of `{}`", m.state(target).named.name))
    }
}

/// Evaluates one (state, event) pair for given variable values and every combination of the
/// named guards it reads (`scratch.guard_ids`, `scratch.read`, filled by the caller): records
/// conflicts and gaps, and, for a reached configuration (`reached`), the transitions taken and
/// the values out of range; leaves the configurations it leads to in `scratch.next`.
#[allow(clippy::too_many_arguments)]
fn step_cell(
    m: &Machine,
    ex: &mut Explored,
    s: StateId,
    e: EventId,
    rules: &[TransitionId],
    vars: &[i64],
    reached: bool,
    arrived: bool,
    scratch: &mut Scratch,
) {
    let Scratch { guard_ids, read, values, selected, next, next_values, followed, combinations, decisive } = scratch;
    next.clear();
    next_values.clear();
    // What a transition leads to depends on the variables alone, not on the guards' values that
    // select it: each one's configuration is added once, whatever the number of combinations
    // that take it (up to 2^20), and so is staying put.
    followed.clear();
    let mut stayed = false;
    // Every other combination finds only what one of these found before it.
    decisive_combinations(m, rules, guard_ids, vars, true, decisive, combinations);
    for &mask in combinations.iter() {
        for (bit, g) in guard_ids.iter().enumerate() {
            values[g.0] = mask >> bit & 1 == 1;
        }
        decide(m, rules, values, vars, selected);
        match selected.as_slice() {
            [] => {
                ex.gaps.entry((s, e)).or_insert_with(|| witness(m, guard_ids, values, read, vars));
                // An expiry that no transition takes still stopped its timer (`arrived`: the
                // variables already say so): the machine stays, in a configuration of its own.
                if reached && arrived && !stayed {
                    stayed = true;
                    next.push(s);
                    next_values.extend_from_slice(vars);
                }
            }
            [_] => {}
            &[a, b, ..] => {
                let w = witness(m, guard_ids, values, read, vars);
                ex.conflicts.entry((a.min(b), a.max(b))).or_insert((s, e, w));
            }
        }
        if !reached {
            // What is taken, or goes out of range, from a state nothing reaches says nothing.
            continue;
        }
        // Several transitions are explored alike, so that one conflict does not also make states
        // look unreachable.
        for &t in selected.iter() {
            if followed.contains(&t) {
                continue;
            }
            followed.push(t);
            ex.taken[t.0] = true;
            if m.transition(t).condition != Condition::Always {
                ex.taken_cells.insert((t, s, e));
            }
            next.push(m.transition(t).target.unwrap_or(s));
            if vars.is_empty() {
                continue; // no variable: no effect writes one, and nothing to copy
            }
            let at = next_values.len();
            next_values.extend_from_slice(vars);
            let applied = apply(m, m.each_effect_of(s, t), &mut next_values[at..]);
            if let Some((index, v, value)) = applied {
                let mut read = read.clone();
                if !read.contains(&v) {
                    read.push(v);
                }
                let when = witness(m, guard_ids, values, &read, vars).map(|w| format!(" when {w}")).unwrap_or_default();
                let (span, place) = effect_place(m, s, t, index);
                let note = format!("{place} makes it {value}, for {}{when}", pair_text(m, s, e));
                ex.ranges.entry((span, v)).or_insert(note);
            }
        }
    }
}

/// E0015 for parameters read by guards whose values have more than [`MAX_STARTS`] combinations:
/// at the widest of them, naming each with its number of values.
fn too_many_starts(m: &Machine) -> Diagnostic {
    let params = m.guard_params();
    // The first declared of the widest, on a tie.
    let widest =
        params.iter().rev().max_by_key(|v| m.vars[v.0].ty.size()).map_or(m.named.span, |v| m.vars[v.0].named.span);
    let each: Vec<String> =
        params.iter().map(|v| format!("`{}` ({} values)", m.vars[v.0].named.name, m.vars[v.0].ty.size())).collect();
    report::too_complex(
        widest,
        format!("the parameters that guards read have more than {MAX_STARTS} combinations of values"),
        "narrow the ranges of the parameters that guards read; one that no guard reads is not explored",
    )
    .with_note(format!("the checker explores every combination of the values of {}", each.join(", ")))
}

/// Every combination of the variables' values, if there are not too many.
fn all_valuations(m: &Machine) -> Option<Vec<Valuation>> {
    let count = m.vars.iter().try_fold(1u128, |n, v| n.checked_mul(v.ty.size()))?;
    if count > MAX_UNREACHABLE_VALUATIONS {
        return None;
    }
    let mut all = vec![Vec::new()];
    for var in &m.vars {
        all = all
            .into_iter()
            .flat_map(|prefix| {
                (var.ty.min()..=var.ty.max()).map(move |x| {
                    let mut v = prefix.clone();
                    v.push(x);
                    v
                })
            })
            .collect();
    }
    Some(all)
}

pub(super) fn explore(m: &Machine, known: Known<'_>) -> Explored {
    let mut ex = Explored {
        reached: vec![false; m.states.len()],
        taken: vec![false; m.transitions.len()],
        graph: Graph { width: m.vars.len(), ..Graph::default() },
        ..Explored::default()
    };
    let mut budget = MAX_EVALUATIONS;
    // One start per combination of the parameters that guards read, each its own root.
    let Some(mut starts) = m.starts(MAX_STARTS) else {
        ex.too_complex = Some(too_many_starts(m));
        return ex;
    };
    for start in &mut starts {
        if let Some((_, v, value)) = apply(m, &m.state(m.initial).entry, start) {
            let initial = m.state(m.initial);
            let note = format!("the entry assignment of `{}` makes it {value} at the start", initial.named.name);
            ex.ranges.insert((initial.named.span, v), note);
        }
    }
    // Each guard combination of a pair is evaluated at least once, and the largest number of
    // combinations one pair can need is checked before anything runs.
    let mut scratch = Scratch { values: vec![false; m.guards.len()], ..Scratch::default() };
    // A pair reads at most every named guard: with few declared, no pair can need too many.
    let may_exceed = 1u128 << m.guards.len().min(127) > MAX_GUARD_COMBINATIONS;
    for e in (0..m.events.len()).map(EventId).filter(|_| may_exceed) {
        for s in (0..m.states.len()).map(StateId) {
            if let Cell::Rules(rules) = m.cell(s, e) {
                reads(m, rules, &mut scratch.guard_ids, &mut scratch.read);
                let combinations = 1u128 << scratch.guard_ids.len().min(127);
                if combinations > MAX_GUARD_COMBINATIONS {
                    ex.too_complex = Some(report::too_complex(
                        m.transition(rules[0]).span,
                        format!(
                            "deciding `{}` on `{}` needs {combinations} combinations of named guards, more than the {MAX_GUARD_COMBINATIONS} the checker evaluates",
                            m.state(s).named.name,
                            m.event(e).named.name
                        ),
                        "use fewer named guards for one state and event",
                    ));
                    return ex;
                }
            }
        }
    }
    let exhausted = |m: &Machine| {
        report::too_complex(
            m.named.span,
            format!("exploring the machine needs more than {MAX_EVALUATIONS} guard evaluations"),
            "narrow the variables' ranges, or use fewer named guards",
        )
    };
    // Configurations and valuations are numbered as they are first met; `graph.configs` is the
    // breadth-first queue itself.
    let mut valuations: HashMap<Box<[i64]>, usize> = HashMap::default();
    let mut seen: HashMap<(StateId, usize), usize> = HashMap::default();
    seen.reserve(m.states.len());
    let graph = &mut ex.graph;
    for start in starts {
        let valuation = valuations.len();
        if valuations.insert(start.clone().into_boxed_slice(), valuation).is_some() {
            continue;
        }
        graph.values.extend_from_slice(&start);
        seen.insert((m.initial, valuation), graph.configs.len());
        graph.configs.push((m.initial, valuation));
        graph.parents.push(None);
    }
    let mut vars = Vec::with_capacity(m.vars.len());
    let mut arrived_vars = Vec::with_capacity(m.vars.len());
    let mut next = 0;
    while next < ex.graph.configs.len() {
        let (s, current) = ex.graph.configs[next];
        ex.graph.starts.push(ex.graph.edges.len());
        ex.reached[s.0] = true;
        vars.clear();
        vars.extend_from_slice(ex.graph.valuation(current));
        for e in (0..m.events.len()).map(EventId) {
            let rules = match m.cell(s, e) {
                Cell::Rules(rules) => rules.as_slice(),
                _ => &[],
            };
            let cost = if rules.is_empty() {
                1
            } else {
                // At most 2^20 combinations here (checked above): the count fits in a u64.
                reads(m, rules, &mut scratch.guard_ids, &mut scratch.read);
                u128::from((1u64 << scratch.guard_ids.len()) * rules.len() as u64)
            };
            let Some(rest) = budget.checked_sub(cost) else {
                ex.too_complex = Some(exhausted(m));
                return ex;
            };
            budget = rest;
            // The expiry of a timer that a guard tests clears its running variable as it arrives.
            arrived_vars.clear();
            arrived_vars.extend_from_slice(&vars);
            let arrived = m.arrive(e, &mut arrived_vars);
            if !known.has(m, s, e) || rules.is_empty() && !arrived {
                continue;
            }
            if rules.is_empty() {
                // Ignored or unhandled, but the expiry stopped its timer: a configuration of its own.
                scratch.next.clear();
                scratch.next_values.clear();
                scratch.next.push(s);
                scratch.next_values.extend_from_slice(&arrived_vars);
            } else {
                scratch.read.sort();
                let here = if arrived { &arrived_vars } else { &vars };
                step_cell(m, &mut ex, s, e, rules, here, true, arrived, &mut scratch);
            }
            let graph = &mut ex.graph;
            for (i, &target) in scratch.next.iter().enumerate() {
                if seen.len() as u128 >= MAX_CONFIGURATIONS {
                    ex.too_complex = Some(report::too_complex(
                        m.named.span,
                        format!("the machine reaches more than {MAX_CONFIGURATIONS} (state, variables) configurations"),
                        "narrow the variables' ranges",
                    ));
                    return ex;
                }
                let after = &scratch.next_values[i * graph.width..(i + 1) * graph.width];
                // Most steps leave the variables as they are: no lookup for those. (A machine
                // without variables is not compared at all: glibc's `memcmp` of two empty slices
                // loads from their dangling pointer, masked, and that costs a fault assist.)
                let valuation = if after.is_empty() || after == vars.as_slice() {
                    current
                } else if let Some(&v) = valuations.get(after) {
                    v
                } else {
                    let v = valuations.len();
                    valuations.insert(after.into(), v);
                    graph.values.extend_from_slice(after);
                    v
                };
                let id = *seen.entry((target, valuation)).or_insert_with(|| {
                    graph.configs.push((target, valuation));
                    graph.parents.push(Some((next, e)));
                    graph.configs.len() - 1
                });
                graph.edges.push(id);
            }
        }
        next += 1;
    }
    ex.graph.starts.push(ex.graph.edges.len());
    // States no event sequence reaches are still checked for conflicts and gaps, over every
    // value of the variables: the generated code can be started in any state.
    let Some(valuations) = all_valuations(m) else { return ex };
    let unreached: Vec<StateId> = (0..m.states.len()).map(StateId).filter(|s| !ex.reached[s.0]).collect();
    for s in unreached {
        for e in (0..m.events.len()).map(EventId) {
            let Some(rules) = known.rules(m, s, e) else { continue };
            reads(m, rules, &mut scratch.guard_ids, &mut scratch.read);
            scratch.read.sort();
            for vars in &valuations {
                let Some(rest) = budget.checked_sub((1u128 << scratch.guard_ids.len()) * rules.len() as u128) else {
                    ex.too_complex = Some(exhausted(m));
                    return ex;
                };
                budget = rest;
                step_cell(m, &mut ex, s, e, rules, vars, false, false, &mut scratch);
            }
        }
    }
    ex
}

impl Explored {
    pub(super) fn diagnostics(&self, m: &Machine, known: Known<'_>, running: &Running) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for (&(a, b), (s, e, w)) in &self.conflicts {
            let (ta, tb) = (m.transition(a), m.transition(b));
            let mut d = report::non_deterministic(ta.span, tb.span, &pair_text(m, *s, *e), w.as_deref());
            if ta.wildcard != tb.wildcard {
                d = d.with_help(format!(
                    "leave `{}` out of the wildcard: `* except {} -> ...`",
                    m.state(*s).named.name,
                    m.state(*s).named.name
                ));
            } else if matches!((&ta.condition, &tb.condition), (Condition::Else, Condition::Else)) {
                // Both are `[else]` already: the general help would ask for one.
                d = d.with_help(
                    "keep one `[else]`: it is taken when no other guard of the pair holds, so a pair has at most one",
                );
            }
            out.push(d);
        }
        for (&(span, v), note) in &self.ranges {
            let var = &m.vars[v.0];
            let message = format!("`{}` can leave its range {}..={}", var.named.name, var.ty.min(), var.ty.max());
            out.push(
                report::out_of_range(span, message, "an assignment here goes out of range")
                    .with_note(note.clone())
                    .with_help("guard the assignment, or widen the range"),
            );
        }
        if let Some(d) = &self.too_complex {
            // The exploration stopped early: only what it proved so far is reported.
            out.push(d.clone());
            return out;
        }
        if let Some(code) = report::incomplete_code(m.policy) {
            for (&(s, e), w) in &self.gaps {
                let Cell::Rules(rules) = m.cell(s, e) else { continue };
                let mut d = report::incomplete(code, m.transition(rules[0]).span, &pair_text(m, s, e), w.as_deref());
                // A `*` from the same state does not take the cases left: it takes only the
                // events that no other transition of the state handles (this one is handled),
                // less those its `except` lists.
                if let Some(star) = m
                    .transitions
                    .iter()
                    .find(|t| t.other_events().is_some() && t.sources.contains(&s) && !t.events.contains(&e))
                {
                    d = d.with_secondary(
                        star.span,
                        format!(
                            "`*` does not take `{}`: only the events no other transition from `{}` handles, \
                             less its `except` list",
                            m.event(e).named.name,
                            m.state(s).named.name
                        ),
                    );
                }
                out.push(d);
            }
        }
        if known.partial() {
            // A dropped transition may reach the states and take the guards found idle here.
            return out;
        }
        for (i, state) in m.states.iter().enumerate() {
            if !self.reached[i] {
                out.push(report::unreachable(&name(&state.named)));
            }
        }
        // The pairs where a transition may be taken: a reached state, and for an expiry, a
        // state where its timer may be running (elsewhere the expiry never comes: W0007's).
        let live =
            |s: StateId, e: EventId| self.reached[s.0] && m.event(e).timer.is_none_or(|t| running.may_be_running(s, t));
        // Each guarded transition as written, over all its parts in the model.
        for parts in m.as_written(|t| !matches!(t.condition, Condition::Always)) {
            let first = m.transition(parts[0]);
            let span = first.span;
            let pairs = || {
                parts.iter().flat_map(|&id| {
                    let t = m.transition(id);
                    t.sources.iter().flat_map(move |&s| t.events.iter().map(move |&e| (id, s, e)))
                })
            };
            let taken = pairs().any(|(t, s, e)| live(s, e) && self.taken_cells.contains(&(t, s, e)));
            if !taken {
                if pairs().any(|(_, s, e)| live(s, e)) {
                    out.push(report::never_holds(span, first.guard_text()));
                }
                continue;
            }
            // Taken somewhere: the live pairs where it never is.
            let dead: Vec<(StateId, EventId)> = pairs()
                .filter(|&(t, s, e)| live(s, e) && !self.taken_cells.contains(&(t, s, e)))
                .map(|(_, s, e)| (s, e))
                .collect();
            if !dead.is_empty() {
                let pairs: Vec<String> = dead.iter().map(|&(s, e)| pair_text(m, s, e)).collect();
                out.push(report::dead_pairs(span, first.guard_text(), &pairs));
            }
        }
        out
    }
}
