//! Whole-machine analyses on a resolved model: what can happen, decided by evaluating every
//! guard formula over every combination of named-guard values and every reachable value of the
//! variables (named guards are free inputs; variables are tracked from their initial values).
//!
//! From one exploration of the (state, variables) space come: unreachable states, transitions
//! whose guard never holds, pairs where two transitions can both be taken, pairs where no guard
//! holds, and assignments that leave a variable's range. The remaining checks (unhandled pairs,
//! dead ends, lone `else`, unused declarations, timers) read the table directly.
//!
//! This module holds the limits, [`analyse`] (which runs them all) and the evaluation that every
//! exploration shares (the guards a pair reads, the transitions it takes, the effects on the
//! variables); `timers.rs` uses it too. `analysis/explore.rs` is the exploration of the (state,
//! variables) space and what it finds; `analysis/table.rs` the checks that read the table
//! directly; `analysis/stuck.rs` the configurations from which no event leads out of a state.

use super::report;
use super::timers::Running;
use crate::ast::{Name, SmolStr};
use crate::diag::Diagnostic;
use crate::ir::{self, Cell, Condition, EventId, Machine, StateId, TransitionId};

mod explore;
mod stuck;
mod table;
use explore::explore;
use stuck::stuck;
use table::{dead_ends, lone_else, unhandled, unused};

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
        let mut is_dead = vec![false; m.states.len()];
        for &s in &dead {
            is_dead[s.0] = true;
        }
        out.extend(stuck(m, &explored.graph, &is_dead));
    }
    out.extend(dead.iter().map(|&s| report::dead_end(&name(&m.state(s).named))));
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

/// The named guards and the variables that the guards of a pair's rules read, into `guards` and
/// `vars` (cleared first), each once, in the order the rules mention them.
pub(super) fn reads(m: &Machine, rules: &[TransitionId], guards: &mut Vec<ir::GuardId>, vars: &mut Vec<ir::VarId>) {
    guards.clear();
    vars.clear();
    for &t in rules {
        if let Condition::When(e) = &m.transition(t).condition {
            e.collect(guards, vars);
        }
    }
}

/// The transitions a pair takes for given guard and variable values, into `out` (cleared
/// first): none, one, or (when the spec is not deterministic) several, the `else` ones only
/// when nothing else holds. A buffer rather than a new list, since the analyses decide every
/// pair of every configuration.
pub(super) fn decide(m: &Machine, rules: &[TransitionId], guards: &[bool], vars: &[i64], out: &mut Vec<TransitionId>) {
    out.clear();
    for &t in rules {
        match &m.transition(t).condition {
            Condition::Always => out.push(t),
            Condition::When(e) if e.eval(guards, vars) => out.push(t),
            Condition::When(_) | Condition::Else => {}
        }
    }
    if out.is_empty() {
        out.extend(rules.iter().copied().filter(|&t| m.transition(t).condition == Condition::Else));
    }
}

/// Applies effects to variable values. A value that would leave its range is kept at the edge
/// of the range (so that exploring can go on) and reported: the position of the effect, the
/// variable and the value it would have had.
pub(super) fn apply<'e>(
    m: &Machine,
    effects: impl IntoIterator<Item = &'e ir::Effect>,
    vars: &mut [i64],
) -> Option<(usize, ir::VarId, i128)> {
    let mut first = None;
    for (i, effect) in effects.into_iter().enumerate() {
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

fn name(named: &ir::Named) -> Name {
    Name { text: SmolStr::new(&named.name), span: named.span }
}

fn pair_text(m: &Machine, s: StateId, e: EventId) -> String {
    format!("`{}` on `{}`", m.state(s).named.name, m.event(e).named.name)
}
