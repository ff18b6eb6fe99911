//! Random specs with variables, named guards, internal transitions and assignments: one
//! machine `M` with states `S0..`, events `E0..`, a guard `g`, an action `Act`, an integer `n`
//! and a flag `b`, and random transitions among them. Many check clean; all parse.

use proptest::prelude::*;

/// One random transition (indices taken modulo what the spec declares).
#[derive(Clone, Debug)]
pub struct Rule {
    pub source: usize,
    pub target: Option<usize>,
    pub event: usize,
    pub guard: usize,
    pub effect: usize,
}

const GUARDS: &[&str] =
    &["", " [n == 0]", " [n == 1]", " [n < 2]", " [b]", " [!b]", " [g]", " [!g && n != 2]", " [else]"];
const EFFECTS: &[&str] = &["", " / n = 1", " / n = 0", " / b = true", " / b = false", " / Act", " / n = 2, b = false"];

/// The text of a spec with `states` states (2 to 4), `events` events and the given transitions,
/// one item a line.
pub fn spec(states: usize, events: usize, rules: &[Rule]) -> String {
    let mut text = String::from("machine M {\n    unhandled = ignore;\n    initial state S0;\n");
    for s in 1..states {
        text.push_str(&format!("    state S{s};\n"));
    }
    for e in 0..events {
        text.push_str(&format!("    event E{e};\n"));
    }
    text.push_str("    guard g;\n    action Act;\n    var n: 0..=2 = 0;\n    var b: bool = false;\n");
    for r in rules {
        let (source, event) = (r.source % states, r.event % events);
        let (guard, effect) = (GUARDS[r.guard % GUARDS.len()], EFFECTS[r.effect % EFFECTS.len()]);
        match r.target {
            Some(t) => text.push_str(&format!("    S{source} -> S{} on E{event}{guard}{effect};\n", t % states)),
            None => text.push_str(&format!("    internal S{source} on E{event}{guard}{effect};\n")),
        }
    }
    text.push_str("}\n");
    text
}

/// A random transition.
pub fn rule() -> impl Strategy<Value = Rule> {
    (0..4usize, prop::option::of(0..4usize), 0..3usize, 0..GUARDS.len(), 0..EFFECTS.len())
        .prop_map(|(source, target, event, guard, effect)| Rule { source, target, event, guard, effect })
}
