//! What every exploration of a machine's (state, variables) space shares: its limits, and the
//! evaluation of one step (the guards a pair's rules read, the transitions it takes for given
//! values, the effects on the variables). The whole-machine analyses (`analysis`) and the timer
//! analysis (`timers`) both explore, and both use this module; neither uses the other for it.

use crate::ir::{self, Condition, Machine, TransitionId};

/// Most guard combinations evaluated for one (state, event) pair: 2^20.
pub const MAX_GUARD_COMBINATIONS: u128 = 1 << 20;
/// Most (state, variable values) pairs explored.
pub const MAX_CONFIGURATIONS: u128 = 1 << 20;
/// Most guard evaluations in one analysis, so that a hostile spec cannot run for long.
pub const MAX_EVALUATIONS: u128 = 1 << 26;
/// Most variable valuations tried in each state that no event sequence reaches.
pub const MAX_UNREACHABLE_VALUATIONS: u128 = 1 << 12;
/// At most this many starts, one per combination of the values of the parameters that guards
/// read (`ir::Machine::starts`), each explored as a root of the configurations.
pub const MAX_STARTS: usize = 1 << 12;

/// The values of the variables, indexed by `VarId`.
pub(super) type Valuation = Vec<i64>;

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
