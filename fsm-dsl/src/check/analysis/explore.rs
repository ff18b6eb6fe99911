//! The exploration of the (state, variables) space from the initial state: every reachable
//! configuration, every guard formula evaluated over every combination of named-guard values,
//! within the limits; and what it finds (conflicts, gaps, values out of range, unreachable
//! states, guards that never hold) as diagnostics.

use super::{
    Known, MAX_CONFIGURATIONS, MAX_EVALUATIONS, MAX_GUARD_COMBINATIONS, MAX_UNREACHABLE_VALUATIONS, Valuation, apply,
    decide, guards_of, name, pair_text,
};
use crate::ast::Span;
use crate::check::report;
use crate::diag::Diagnostic;
use crate::ir::{self, Cell, Condition, EventId, Machine, StateId, TransitionId};
use rustc_hash::FxHashSet as HashSet;
use std::collections::{BTreeMap, VecDeque};

/// What one exploration found.
#[derive(Default)]
pub(super) struct Explored {
    /// Reachable variable values per state; empty for unreachable states.
    reachable: Vec<Vec<Valuation>>,
    /// Transitions taken at least once.
    taken: HashSet<TransitionId>,
    /// Pairs of transitions that can both be taken, with the first witness.
    conflicts: BTreeMap<(TransitionId, TransitionId), (StateId, EventId, Option<String>)>,
    /// Pairs with guard values for which nothing is taken, with the first witness.
    gaps: BTreeMap<(StateId, EventId), Option<String>>,
    /// Assignments that leave a range: (where the assignment is, variable) -> note.
    ranges: BTreeMap<(Span, ir::VarId), String>,
    /// Set when a limit stopped the exploration: the partial results are not conclusive.
    pub(super) too_complex: Option<Diagnostic>,
}

/// Describes guard and variable values: "`a` is true, `b` is false and `NumDWA` is 2"; `None`
/// when nothing is read (the outcome does not depend on any value).
fn witness(
    m: &Machine,
    guard_ids: &[ir::GuardId],
    guards: &[bool],
    read: &[ir::VarId],
    vars: &[i64],
) -> Option<String> {
    let mut parts: Vec<String> =
        guard_ids.iter().map(|g| format!("`{}` is {}", m.guards[g.0].named.name, guards[g.0])).collect();
    for v in read {
        let var = &m.vars[v.0];
        let value = if var.ty == ir::VarType::Bool { (vars[v.0] != 0).to_string() } else { vars[v.0].to_string() };
        parts.push(format!("`{}` is {value}", var.named.name));
    }
    match parts.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        [init @ .., last] => Some(format!("{} and {last}", init.join(", "))),
    }
}

fn vars_read(m: &Machine, rules: &[TransitionId]) -> Vec<ir::VarId> {
    let mut guards = Vec::new();
    let mut vars = Vec::new();
    for &t in rules {
        if let Condition::When(e) = &m.transition(t).condition {
            e.collect(&mut guards, &mut vars);
        }
    }
    vars.sort();
    vars
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
/// named guards it reads: records conflicts, gaps, transitions taken and values out of range,
/// and returns the configurations it leads to.
fn step_cell(
    m: &Machine,
    ex: &mut Explored,
    s: StateId,
    e: EventId,
    rules: &[TransitionId],
    vars: &[i64],
) -> Vec<(StateId, Valuation)> {
    let guard_ids = guards_of(m, rules);
    let read = vars_read(m, rules);
    let mut next_configs = Vec::new();
    let mut values = vec![false; m.guards.len()];
    for mask in 0..1u64 << guard_ids.len() {
        for (bit, g) in guard_ids.iter().enumerate() {
            values[g.0] = mask >> bit & 1 == 1;
        }
        let selected = decide(m, rules, &values, vars);
        match selected.as_slice() {
            [] => {
                ex.gaps.entry((s, e)).or_insert_with(|| witness(m, &guard_ids, &values, &read, vars));
            }
            [_] => {}
            &[a, b, ..] => {
                let w = witness(m, &guard_ids, &values, &read, vars);
                ex.conflicts.entry((a.min(b), a.max(b))).or_insert((s, e, w));
            }
        }
        // Several transitions are explored alike, so that one conflict does not also make states
        // look unreachable.
        for t in selected {
            ex.taken.insert(t);
            let target = m.transition(t).target.unwrap_or(s);
            let mut next = vars.to_vec();
            let applied = apply(m, m.each_effect_of(s, t), &mut next);
            if let Some((index, v, value)) = applied {
                let mut read = read.clone();
                if !read.contains(&v) {
                    read.push(v);
                }
                let when =
                    witness(m, &guard_ids, &values, &read, vars).map(|w| format!(" when {w}")).unwrap_or_default();
                let (span, place) = effect_place(m, s, t, index);
                let note = format!("{place} makes it {value}, for {}{when}", pair_text(m, s, e));
                ex.ranges.entry((span, v)).or_insert(note);
            }
            next_configs.push((target, next));
        }
    }
    next_configs
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
    let mut ex = Explored { reachable: vec![Vec::new(); m.states.len()], ..Explored::default() };
    let mut budget = MAX_EVALUATIONS;
    let mut seen: HashSet<(StateId, Valuation)> = HashSet::default();
    let mut queue = VecDeque::new();
    let mut start = m.initial_vars();
    if let Some((_, v, value)) = apply(m, &m.state(m.initial).entry, &mut start) {
        let initial = m.state(m.initial);
        let note = format!("the entry assignment of `{}` makes it {value} at the start", initial.named.name);
        ex.ranges.insert((initial.named.span, v), note);
    }
    // Each guard combination of a pair is evaluated at least once, and the largest number of
    // combinations one pair can need is checked before anything runs.
    for e in (0..m.events.len()).map(EventId) {
        for s in (0..m.states.len()).map(StateId) {
            if let Cell::Rules(rules) = m.cell(s, e) {
                let combinations = 1u128 << guards_of(m, rules).len().min(127);
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
    seen.insert((m.initial, start.clone()));
    queue.push_back((m.initial, start));
    while let Some((s, vars)) = queue.pop_front() {
        ex.reachable[s.0].push(vars.clone());
        for e in (0..m.events.len()).map(EventId) {
            let cost = match m.cell(s, e) {
                Cell::Rules(rules) => (1u128 << guards_of(m, rules).len()) * rules.len() as u128,
                _ => 1,
            };
            let Some(rest) = budget.checked_sub(cost) else {
                ex.too_complex = Some(exhausted(m));
                return ex;
            };
            budget = rest;
            let Some(rules) = known.rules(m, s, e) else { continue };
            for (target, next) in step_cell(m, &mut ex, s, e, rules, &vars) {
                if seen.len() as u128 >= MAX_CONFIGURATIONS {
                    ex.too_complex = Some(report::too_complex(
                        m.named.span,
                        format!("the machine reaches more than {MAX_CONFIGURATIONS} (state, variables) configurations"),
                        "narrow the variables' ranges",
                    ));
                    return ex;
                }
                if seen.insert((target, next.clone())) {
                    queue.push_back((target, next));
                }
            }
        }
    }
    // States no event sequence reaches are still checked for conflicts and gaps, over every
    // value of the variables: the generated code can be started in any state.
    let Some(valuations) = all_valuations(m) else { return ex };
    let unreached: Vec<StateId> = (0..m.states.len()).map(StateId).filter(|s| ex.reachable[s.0].is_empty()).collect();
    for s in unreached {
        for e in (0..m.events.len()).map(EventId) {
            let Some(rules) = known.rules(m, s, e) else { continue };
            for vars in &valuations {
                let Some(rest) = budget.checked_sub((1u128 << guards_of(m, rules).len()) * rules.len() as u128) else {
                    ex.too_complex = Some(exhausted(m));
                    return ex;
                };
                budget = rest;
                let mut taken = std::mem::take(&mut ex.taken);
                let mut ranges = std::mem::take(&mut ex.ranges);
                let _ = step_cell(m, &mut ex, s, e, rules, vars);
                // What is taken, or goes out of range, from a state nothing reaches says nothing.
                std::mem::swap(&mut ex.taken, &mut taken);
                std::mem::swap(&mut ex.ranges, &mut ranges);
            }
        }
    }
    ex
}

impl Explored {
    pub(super) fn diagnostics(&self, m: &Machine, known: Known<'_>) -> Vec<Diagnostic> {
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
                out.push(report::incomplete(code, m.transition(rules[0]).span, &pair_text(m, s, e), w.as_deref()));
            }
        }
        if known.partial() {
            // A dropped transition may reach the states and take the guards found idle here.
            return out;
        }
        for (i, state) in m.states.iter().enumerate() {
            if self.reachable[i].is_empty() {
                out.push(report::unreachable(&name(&state.named)));
            }
        }
        for (i, t) in m.transitions.iter().enumerate() {
            let from_reachable = t.sources.iter().any(|s| !self.reachable[s.0].is_empty());
            let guarded = !matches!(t.condition, Condition::Always);
            if guarded && from_reachable && !self.taken.contains(&TransitionId(i)) {
                out.push(report::never_holds(t.span, &t.guard_text));
            }
        }
        out
    }
}
