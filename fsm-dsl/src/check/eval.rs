//! What every exploration of a machine's (state, variables) space shares: its limits, and the
//! evaluation of one step (the guards a pair's rules read, the transitions it takes for given
//! values, the effects on the variables). The whole-machine analyses (`analysis`) and the timer
//! analysis (`timers`) both explore, and both use this module; neither uses the other for it.

use crate::ir::{self, Condition, Machine, TransitionId};
use rustc_hash::FxHashSet as HashSet;

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

/// Below this many guards a pair's combinations are all evaluated one by one: fewer than a word.
const WORD_GUARDS: usize = 6;

/// The combinations of guard values at which a pair's decision shows something new, in
/// ascending order, into `out` (cleared first); combination `c` gives `guard_ids[n]` the value
/// of bit `n` of `c`, the order in which the analyses enumerate them. They are the first at which
/// no rule is selected, the first that selects each rule, and, with `pairs`, the first at which
/// each two rules are the first two selected. Every other combination shows only what one
/// before it in the list showed (nothing selected, rules selected before, a first two seen
/// before), so an analysis that records the first witness of each finding and follows each
/// transition once may run its step over these alone: it finds the same, with the same
/// witnesses, in the same order.
///
/// With fewer than [`WORD_GUARDS`] guards, every combination. Otherwise the rules are evaluated
/// 64 combinations at a time ([`ir::Expr::eval_words`]): 2^14 evaluations of each rule for a
/// pair that reads 20 guards, not 2^20.
pub(super) fn decisive_combinations(
    m: &Machine,
    rules: &[TransitionId],
    guard_ids: &[ir::GuardId],
    vars: &[i64],
    pairs: bool,
    scratch: &mut Decisive,
    out: &mut Vec<u64>,
) {
    out.clear();
    let count = 1u64 << guard_ids.len();
    if guard_ids.len() < WORD_GUARDS {
        out.extend(0..count);
        return;
    }
    // Bits 0 to 5 of a combination are the position in the word; each guard among them takes
    // the same pattern in every word, the others one value per word.
    const PATTERNS: [u64; 6] = [
        0xAAAA_AAAA_AAAA_AAAA,
        0xCCCC_CCCC_CCCC_CCCC,
        0xF0F0_F0F0_F0F0_F0F0,
        0xFF00_FF00_FF00_FF00,
        0xFFFF_0000_FFFF_0000,
        0xFFFF_FFFF_0000_0000,
    ];
    let Decisive { words, selected, rule_seen, leads, seconds, pair_seen } = scratch;
    words.clear();
    words.resize(m.guards.len(), 0);
    for (n, g) in guard_ids.iter().enumerate().take(PATTERNS.len()) {
        words[g.0] = PATTERNS[n];
    }
    let has_else = rules.iter().any(|&t| m.transition(t).condition == Condition::Else);
    selected.clear();
    selected.resize(rules.len(), 0);
    rule_seen.clear();
    rule_seen.resize(rules.len(), false);
    pair_seen.clear();
    let mut none_seen = false;
    for base in (0..count).step_by(64) {
        for (n, g) in guard_ids.iter().enumerate().skip(PATTERNS.len()) {
            words[g.0] = if base >> n & 1 == 1 { u64::MAX } else { 0 };
        }
        let mut any = 0;
        for (word, &t) in selected.iter_mut().zip(rules) {
            *word = match &m.transition(t).condition {
                Condition::Always => u64::MAX,
                Condition::When(e) => e.eval_words(words, vars),
                Condition::Else => 0,
            };
            any |= *word;
        }
        if has_else {
            for (word, &t) in selected.iter_mut().zip(rules) {
                if m.transition(t).condition == Condition::Else {
                    *word = !any;
                }
            }
        }
        let mut found = |bits: u64, seen: &mut bool| {
            if bits != 0 && !*seen {
                *seen = true;
                out.push(base + u64::from(bits.trailing_zeros()));
            }
        };
        found(if has_else { 0 } else { !any }, &mut none_seen);
        for (&bits, seen) in selected.iter().zip(rule_seen.iter_mut()) {
            found(bits, seen);
        }
        if !pairs {
            if (none_seen || has_else) && rule_seen.iter().all(|&seen| seen) {
                break; // nothing is left to happen first
            }
            continue;
        }
        // Each combination has one first rule and at most one second: at most 64 rules lead
        // somewhere in the word, and 64 come second, whatever the number of rules.
        let (mut one, mut two) = (0u64, 0u64);
        leads.clear();
        seconds.clear();
        for (r, &bits) in selected.iter().enumerate() {
            let (lead, second) = (bits & !one, bits & one & !two);
            if lead != 0 {
                leads.push((r, lead));
            }
            if second != 0 {
                seconds.push((r, second));
            }
            two |= bits & one;
            one |= bits;
        }
        for &(j, second) in seconds.iter() {
            for &(i, lead) in leads.iter().take_while(|(i, _)| *i < j) {
                let both = lead & second;
                if both != 0 && pair_seen.insert((i, j)) {
                    out.push(base + u64::from(both.trailing_zeros()));
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
}

/// What [`decisive_combinations`] works in, kept across calls so that a call allocates only
/// while the buffers grow.
#[derive(Default)]
pub(super) struct Decisive {
    /// A word per named guard: its value in each of 64 combinations.
    words: Vec<u64>,
    /// Per rule: the combinations of the word that select it.
    selected: Vec<u64>,
    /// Per rule: whether a combination before selected it.
    rule_seen: Vec<bool>,
    /// The rules (by position) that are first somewhere in the word, and second, with where.
    leads: Vec<(usize, u64)>,
    seconds: Vec<(usize, u64)>,
    /// The first twos (by position) seen before.
    pair_seen: HashSet<(usize, usize)>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Cell, EventId, StateId};
    use proptest::prelude::*;

    /// What [`decisive_combinations`] promises, by enumerating every combination: the first
    /// where nothing is selected, the first that selects each rule, and (with `pairs`) the
    /// first where each two rules are the first two selected.
    fn by_definition(
        m: &Machine,
        rules: &[TransitionId],
        guard_ids: &[ir::GuardId],
        vars: &[i64],
        pairs: bool,
    ) -> Vec<u64> {
        let (mut values, mut selected, mut out) = (vec![false; m.guards.len()], Vec::new(), Vec::new());
        let (mut none, mut rules_seen, mut pairs_seen) = (false, Vec::new(), Vec::new());
        for combination in 0..1u64 << guard_ids.len() {
            for (n, g) in guard_ids.iter().enumerate() {
                values[g.0] = combination >> n & 1 == 1;
            }
            decide(m, rules, &values, vars, &mut selected);
            let mut first = selected.is_empty() && !none;
            none |= selected.is_empty();
            for t in &selected {
                if !rules_seen.contains(t) {
                    rules_seen.push(*t);
                    first = true;
                }
            }
            if let (true, [a, b, ..]) = (pairs, selected.as_slice())
                && !pairs_seen.contains(&(*a, *b))
            {
                pairs_seen.push((*a, *b));
                first = true;
            }
            if first {
                out.push(combination);
            }
        }
        out
    }

    /// The first pair's rules of `text`, the guards they read and the combinations both ways,
    /// with and without pairs, for `x` = 0.
    fn both_ways(text: &str) {
        let spec = crate::syntax::parse(text).0.expect("the spec parses");
        let m = crate::check::skeleton(&spec).expect("a model");
        let Cell::Rules(rules) = m.cell(StateId(0), EventId(0)) else { panic!("no rules in {text}") };
        let (mut guard_ids, mut read) = (Vec::new(), Vec::new());
        reads(&m, rules, &mut guard_ids, &mut read);
        let (mut scratch, mut out) = (Decisive::default(), Vec::new());
        for pairs in [false, true] {
            decisive_combinations(&m, rules, &guard_ids, &[0], pairs, &mut scratch, &mut out);
            assert_eq!(out, by_definition(&m, rules, &guard_ids, &[0], pairs), "{text} (pairs: {pairs})");
        }
    }

    #[test]
    fn the_first_combination_that_selects_nothing_may_follow_every_rule_selected() {
        // `g6`, read seventh, is bit 6: false in the first word, where every rule is selected;
        // nothing is selected first at 64.
        both_ways(
            "machine M { initial state S; event E; var x: 0..=3 = 0; guard g0; guard g1; guard g2;
             guard g3; guard g4; guard g5; guard g6;
             internal S on E [(g0 || g1 || g2 || g3 || g4 || g5 || true) && !g6];
             internal S on E [g0]; }",
        );
    }

    #[test]
    fn more_rules_than_a_word_has_combinations() {
        // 70 rules over six guards: more rules than combinations in a word, and more first
        // twos than a word could lead.
        let mut text = String::from("machine M { initial state S; event E; var x: 0..=3 = 0; ");
        for g in 0..7 {
            text.push_str(&format!("guard g{g}; "));
        }
        for r in 0..70 {
            let (a, b) = (r % 7, (r / 7) % 7);
            let guard = if r % 3 == 0 { format!("g{a} && !g{b}") } else { format!("g{a} || g{b}") };
            text.push_str(&format!("internal S on E [{guard}]; "));
        }
        text.push('}');
        both_ways(&text);
    }

    /// A guard over `count` named guards and a variable `x` in 0..=3, as spec text.
    fn guard(count: usize) -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            (0..count).prop_map(|g| format!("g{g}")),
            (0..4i64).prop_map(|c| format!("x == {c}")),
            Just("true".to_owned()),
        ];
        leaf.prop_recursive(4, 24, 2, |inner| {
            prop_oneof![
                inner.clone().prop_map(|e| format!("!({e})")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a} && {b})")),
                (inner.clone(), inner).prop_map(|(a, b)| format!("({a} || {b})")),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(160))]

        /// Evaluated a word at a time (six guards or more), the combinations are exactly those
        /// the definition gives, for rules that overlap, leave gaps, or end with `else`, and
        /// every value of the variable the guards read.
        #[test]
        fn decisive_combinations_are_the_first_of_each_finding(
            (count, guards) in (6usize..=9).prop_flat_map(|count| (Just(count), proptest::collection::vec(guard(count), 1..=5))),
            otherwise in any::<bool>(),
            x in 0i64..=3,
        ) {
            let mut text = String::from("machine M { initial state S; event E; var x: 0..=3 = 0; ");
            for g in 0..count {
                text.push_str(&format!("guard g{g}; "));
            }
            // The first rule reads every guard, so that the pair reads `count` of them.
            let all = (0..count).map(|g| format!("g{g}")).collect::<Vec<_>>().join(" || ");
            for (i, guard) in guards.iter().enumerate() {
                let guard = if i == 0 { format!("({guard}) && ({all} || true)") } else { guard.clone() };
                text.push_str(&format!("internal S on E [{guard}]; "));
            }
            if otherwise {
                text.push_str("internal S on E [else]; ");
            }
            text.push('}');
            let spec = crate::syntax::parse(&text).0.expect("the spec parses");
            let m = crate::check::skeleton(&spec).expect("a model");
            let Cell::Rules(rules) = m.cell(StateId(0), EventId(0)) else { panic!("no rules in {text}") };
            let (mut guard_ids, mut read) = (Vec::new(), Vec::new());
            reads(&m, rules, &mut guard_ids, &mut read);
            prop_assert!(guard_ids.len() >= WORD_GUARDS, "{text}");
            let vars = [x];
            let (mut scratch, mut out) = (Decisive::default(), Vec::new());
            for pairs in [false, true] {
                decisive_combinations(&m, rules, &guard_ids, &vars, pairs, &mut scratch, &mut out);
                prop_assert_eq!(&out, &by_definition(&m, rules, &guard_ids, &vars, pairs), "{} (pairs: {})", text, pairs);
            }
        }
    }
}
