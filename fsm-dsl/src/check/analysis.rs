//! Whole-machine analyses on a resolved model: what can happen, decided by evaluating every
//! guard formula over every combination of named-guard values and every reachable value of the
//! variables (named guards are free inputs; variables are tracked from their initial values).
//!
//! From one exploration of the (state, variables) space come: unreachable states, transitions
//! whose guard never holds, pairs where two transitions can both be taken, pairs where no guard
//! holds, and assignments that leave a variable's range. The remaining checks (unhandled pairs,
//! dead ends, lone `else`, unused declarations, timers) read the table directly.

use super::report::{self, Kind};
use super::timers::Running;
use crate::ast::{Name, Span};
use crate::diag::Diagnostic;
use crate::ir::{self, Cell, Condition, EventId, Machine, StateId, TransitionId};
use rustc_hash::FxHashSet as HashSet;
use std::collections::{BTreeMap, VecDeque};

/// Most guard combinations evaluated for one (state, event) pair: 2^20.
pub const MAX_GUARD_COMBINATIONS: u128 = 1 << 20;
/// Most (state, variable values) pairs explored.
pub const MAX_CONFIGURATIONS: u128 = 1 << 20;
/// Most guard evaluations in one analysis, so that a hostile spec cannot run for long.
pub const MAX_EVALUATIONS: u128 = 1 << 26;
/// Most variable valuations tried in each state that no event sequence reaches.
pub const MAX_UNREACHABLE_VALUATIONS: u128 = 1 << 12;

/// Runs every analysis and returns its diagnostics.
///
/// `unknown`, when resolution dropped items for errors, flags the (state, event) pairs those
/// items may concern (row by row). The analyses then skip those pairs and never follow them, so
/// that what they explore is a part of what the whole machine can do: a conflict, a gap or a
/// range found there is real. What the dropped items could change anywhere (unreachable states,
/// guards that never hold, unused declarations, timers) is not reported.
pub fn analyse(m: &Machine, unknown: Option<&[bool]>, running: &Running) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let known = Known(unknown);
    let explored = explore(m, known);
    out.extend(explored.diagnostics(m, known));
    out.extend(unhandled(m, known, running));
    let dead = dead_ends(m, known);
    // A trap is only certain on the whole machine: a dropped item may be the way out.
    if unknown.is_none() && explored.too_complex.is_none() {
        let dead_states: Vec<&str> = dead
            .iter()
            .map(|d| d.primary.span)
            .filter_map(|span| m.states.iter().find(|s| s.named.span == span).map(|s| s.named.name.as_str()))
            .collect();
        out.extend(stuck(m, &dead_states));
    }
    out.extend(dead);
    out.extend(lone_else(m, known));
    if unknown.is_none() {
        out.extend(unused(m));
    }
    out
}

/// Which pairs the analyses may read: all of them, or those no dropped item concerns.
#[derive(Clone, Copy)]
struct Known<'a>(Option<&'a [bool]>);

impl Known<'_> {
    fn partial(self) -> bool {
        self.0.is_some()
    }

    /// The rules of a pair, unless a dropped item may concern it.
    fn rules(self, m: &Machine, s: StateId, e: EventId) -> Option<&[TransitionId]> {
        match m.cell(s, e) {
            Cell::Rules(rules) if self.has(m, s, e) => Some(rules),
            _ => None,
        }
    }

    fn has(self, m: &Machine, s: StateId, e: EventId) -> bool {
        self.0.is_none_or(|unknown| !unknown.get(s.0 * m.events.len() + e.0).copied().unwrap_or(true))
    }
}

type Valuation = Vec<i64>;

#[derive(Default)]
struct Explored {
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
    too_complex: Option<Diagnostic>,
}

pub(super) fn guards_of(m: &Machine, rules: &[TransitionId]) -> Vec<ir::GuardId> {
    let mut guards = Vec::new();
    let mut vars = Vec::new();
    for &t in rules {
        if let Condition::When(e) = &m.transition(t).condition {
            e.collect(&mut guards, &mut vars);
        }
    }
    guards
}

/// The transitions a pair takes for given guard and variable values: none, one, or (when the
/// spec is not deterministic) several, the `else` ones only when nothing else holds.
pub(super) fn decide(m: &Machine, rules: &[TransitionId], guards: &[bool], vars: &[i64]) -> Vec<TransitionId> {
    let mut enabled = Vec::new();
    let mut elses = Vec::new();
    for &t in rules {
        match &m.transition(t).condition {
            Condition::Always => enabled.push(t),
            Condition::When(e) if e.eval(guards, vars) => enabled.push(t),
            Condition::When(_) => {}
            Condition::Else => elses.push(t),
        }
    }
    if enabled.is_empty() { elses } else { enabled }
}

/// Applies effects to variable values. A value that would leave its range is kept at the edge
/// of the range (so that exploring can go on) and reported: the position of the effect, the
/// variable and the value it would have had.
pub(super) fn apply(m: &Machine, effects: &[ir::Effect], vars: &mut [i64]) -> Option<(usize, ir::VarId, i128)> {
    let mut first = None;
    for (i, effect) in effects.iter().enumerate() {
        let (v, value) = match *effect {
            ir::Effect::Action(_) => continue,
            ir::Effect::Set(v, x) => (v, i128::from(x)),
            ir::Effect::Add(v, d) => (v, i128::from(vars[v.0]) + i128::from(d)),
        };
        let ty = m.vars[v.0].ty;
        let clamped = value.clamp(i128::from(ty.min()), i128::from(ty.max()));
        if clamped != value {
            first = first.or(Some((i, v, value)));
        }
        vars[v.0] = i64::try_from(clamped).unwrap_or(ty.min());
    }
    first
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
            // With no variable there is nothing to apply (and no effect list to build).
            let applied = if m.vars.is_empty() { None } else { apply(m, &m.effects_of(s, t), &mut next) };
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

fn explore(m: &Machine, known: Known<'_>) -> Explored {
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

fn name(named: &ir::Named) -> Name {
    Name { text: named.name.clone(), span: named.span }
}

fn pair_text(m: &Machine, s: StateId, e: EventId) -> String {
    format!("`{}` on `{}`", m.state(s).named.name, m.event(e).named.name)
}

impl Explored {
    fn diagnostics(&self, m: &Machine, known: Known<'_>) -> Vec<Diagnostic> {
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

/// Pairs that nothing mentions, under a policy that forbids or warns about them; one
/// diagnostic per state. The expiry of a timer that cannot be running in a state cannot happen
/// there: it needs no handling (`timers`).
fn unhandled(m: &Machine, known: Known<'_>, running: &Running) -> Vec<Diagnostic> {
    let Some(code) = report::unhandled_code(m.policy) else { return Vec::new() };
    let mut out = Vec::new();
    for (i, state) in m.states.iter().enumerate() {
        if state.is_final {
            continue;
        }
        let events: Vec<&str> = (0..m.events.len())
            .filter(|&e| {
                m.events[e].timer.is_none_or(|t| running.expiry_possible(StateId(i), t))
                    && matches!(m.cell(StateId(i), EventId(e)), Cell::Unmentioned)
                    && known.has(m, StateId(i), EventId(e))
            })
            .map(|e| m.events[e].named.name.as_str())
            .collect();
        if !events.is_empty() {
            out.push(report::unhandled(code, &name(&state.named), &events));
        }
    }
    out
}

/// States that are not final and have no transition to another state. A machine of one state
/// has nowhere else to go, so it has no dead end.
fn dead_ends(m: &Machine, known: Known<'_>) -> Vec<Diagnostic> {
    if m.states.len() < 2 {
        return Vec::new();
    }
    let mut way_out = vec![false; m.states.len()];
    for t in &m.transitions {
        for &s in &t.sources {
            if t.target.is_some_and(|target| target != s) {
                way_out[s.0] = true;
            }
        }
    }
    // A dropped transition may be the way out of a state it may concern.
    for (i, out) in way_out.iter_mut().enumerate() {
        *out |= (0..m.events.len()).any(|e| !known.has(m, StateId(i), EventId(e)));
    }
    m.states
        .iter()
        .zip(way_out)
        .filter(|(s, out)| !s.is_final && !out)
        .map(|(s, _)| report::dead_end(&name(&s.named)))
        .collect()
}

/// `else` transitions that have no guarded alternative in any of their pairs.
fn lone_else(m: &Machine, known: Known<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, t) in m.transitions.iter().enumerate() {
        if t.condition != Condition::Else {
            continue;
        }
        let has_alternative = t.sources.iter().any(|&s| {
            t.events.iter().any(|&e| match m.cell(s, e) {
                _ if !known.has(m, s, e) => true,
                Cell::Rules(rules) => rules.iter().any(|&r| r.0 != i),
                _ => false,
            })
        });
        if !has_alternative {
            out.push(report::lone_else(t.span));
        }
    }
    out
}

/// Declarations that nothing uses, and timers used by halves.
fn unused(m: &Machine) -> Vec<Diagnostic> {
    let mut events_used = vec![false; m.events.len()];
    let mut events_handled = vec![false; m.events.len()];
    for (i, cell) in m.cells.iter().enumerate() {
        let e = i % m.events.len().max(1);
        match cell {
            Cell::Unmentioned => {}
            Cell::Ignored => events_used[e] = true,
            Cell::Rules(_) => {
                events_used[e] = true;
                events_handled[e] = true;
            }
        }
    }
    let mut actions_used = vec![false; m.actions.len()];
    let mut vars_written = vec![false; m.vars.len()];
    let mut guards_read = Vec::new();
    let mut vars_read = Vec::new();
    let all_effects = m
        .states
        .iter()
        .flat_map(|s| s.entry.iter().chain(&s.exit))
        .chain(m.transitions.iter().flat_map(|t| &t.effects));
    for effect in all_effects {
        match *effect {
            ir::Effect::Action(a) => actions_used[a.0] = true,
            ir::Effect::Set(v, _) | ir::Effect::Add(v, _) => vars_written[v.0] = true,
        }
    }
    for t in &m.transitions {
        if let Condition::When(e) = &t.condition {
            e.collect(&mut guards_read, &mut vars_read);
        }
    }
    let mut out = Vec::new();
    for (i, e) in m.events.iter().enumerate() {
        if e.timer.is_none() && !events_used[i] {
            out.push(report::unused(Kind::Event, &name(&e.named)));
        }
    }
    for (i, a) in m.actions.iter().enumerate() {
        if a.kind == ir::ActionKind::User && !actions_used[i] {
            out.push(report::unused(Kind::Action, &name(&a.named)));
        }
    }
    for (i, g) in m.guards.iter().enumerate() {
        if !guards_read.contains(&ir::GuardId(i)) {
            out.push(report::unused(Kind::Guard, &name(&g.named)));
        }
    }
    for (i, v) in m.vars.iter().enumerate() {
        if !v.output && !vars_read.contains(&ir::VarId(i)) {
            out.push(if vars_written[i] {
                report::never_read(&name(&v.named))
            } else {
                report::unused(Kind::Var, &name(&v.named))
            });
        }
    }
    for timer in &m.timers {
        let started = actions_used[timer.start.0];
        let stopped = actions_used[timer.stop.0];
        let handled = events_handled[timer.expiry.0];
        let expiry = &m.event(timer.expiry).named.name;
        let timer_name = name(&timer.named);
        if !started && !stopped && !events_used[timer.expiry.0] {
            out.push(report::unused(Kind::Timer, &timer_name));
        } else if started && !handled {
            out.push(report::expiry_not_handled(&timer_name, expiry));
        } else if handled && !started {
            out.push(report::never_started(&timer_name, expiry));
        }
    }
    out
}

/// A state and the variables' values.
type Configuration = (StateId, Valuation);

/// Reachable configurations (a state and the variables' values) from which no sequence of
/// events leads to another state, in states that are not final: the machine is trapped there
/// although the state has transitions out (a state with none is a dead end, reported as such).
/// One diagnostic per state, for the configuration reached by the shortest event sequence.
///
/// The configurations are explored on their own, edges recorded, rather than read from
/// `explore`, so that this check does not constrain how that one is made fast; it stays within
/// the same limits and says nothing when they are exceeded (`explore` reports that).
fn stuck(m: &Machine, dead: &[&str]) -> Vec<Diagnostic> {
    if m.states.len() < 2 {
        return Vec::new();
    }
    let mut start = m.initial_vars();
    let _ = apply(m, &m.state(m.initial).entry, &mut start);
    let mut index: rustc_hash::FxHashMap<Configuration, usize> = rustc_hash::FxHashMap::default();
    // Per configuration: the configuration, how it was first reached (parent, event), its successors.
    let mut nodes: Vec<(Configuration, Option<(usize, EventId)>)> = Vec::new();
    let mut edges: Vec<Vec<usize>> = Vec::new();
    let mut budget = MAX_EVALUATIONS;
    index.insert((m.initial, start.clone()), 0);
    nodes.push(((m.initial, start), None));
    edges.push(Vec::new());
    let mut values = vec![false; m.guards.len()];
    let mut next = 0;
    while next < nodes.len() {
        let (s, vars) = nodes[next].0.clone();
        for e in (0..m.events.len()).map(EventId) {
            let Cell::Rules(rules) = m.cell(s, e) else { continue };
            let guard_ids = guards_of(m, rules);
            let Some(rest) = budget.checked_sub((1u128 << guard_ids.len().min(127)) * rules.len() as u128) else {
                return Vec::new();
            };
            budget = rest;
            for mask in 0..1u64 << guard_ids.len() {
                for (bit, g) in guard_ids.iter().enumerate() {
                    values[g.0] = mask >> bit & 1 == 1;
                }
                for t in decide(m, rules, &values, &vars) {
                    let mut after = vars.clone();
                    let _ = apply(m, &m.effects_of(s, t), &mut after);
                    let key = (m.transition(t).target.unwrap_or(s), after);
                    let id = match index.get(&key) {
                        Some(&id) => id,
                        None => {
                            if nodes.len() as u128 >= MAX_CONFIGURATIONS {
                                return Vec::new();
                            }
                            index.insert(key.clone(), nodes.len());
                            nodes.push((key, Some((next, e))));
                            edges.push(Vec::new());
                            nodes.len() - 1
                        }
                    };
                    if !edges[next].contains(&id) {
                        edges[next].push(id);
                    }
                }
            }
        }
        next += 1;
    }
    // Configurations that can reach another state: those with an edge to one, then, backwards
    // along edges within a state, those that reach them.
    let state_of = |n: usize| nodes[n].0.0;
    let mut within: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut escapes = vec![false; nodes.len()];
    let mut queue = VecDeque::new();
    for (n, succ) in edges.iter().enumerate() {
        for &k in succ {
            if state_of(k) == state_of(n) {
                within[k].push(n);
            } else if !escapes[n] {
                escapes[n] = true;
                queue.push_back(n);
            }
        }
    }
    while let Some(k) = queue.pop_front() {
        for &n in &within[k] {
            if !escapes[n] {
                escapes[n] = true;
                queue.push_back(n);
            }
        }
    }
    let mut reported = vec![false; m.states.len()];
    let mut out = Vec::new();
    // Nodes are in breadth-first order: the first trapped configuration of a state has the
    // shortest event sequence.
    for n in 0..nodes.len() {
        let s = state_of(n);
        let state = m.state(s);
        if escapes[n] || reported[s.0] || state.is_final || dead.contains(&state.named.name.as_str()) {
            continue;
        }
        reported[s.0] = true;
        let mut path = Vec::new();
        let mut at = n;
        while let Some((parent, e)) = nodes[at].1 {
            path.push(format!("`{}`", m.event(e).named.name));
            at = parent;
        }
        path.reverse();
        let vars = &nodes[n].0.1;
        let values: Vec<String> = m
            .vars
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let value = if v.ty == ir::VarType::Bool { (vars[i] != 0).to_string() } else { vars[i].to_string() };
                format!("`{}` is {value}", v.named.name)
            })
            .collect();
        out.push(report::trapped(&name(&state.named), &path, &values));
    }
    out
}
