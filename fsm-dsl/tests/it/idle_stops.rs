//! A step leaves out each `stop` of a timer that is proved not running at that point
//! (`ir::Machine::step_effects`), and emits every other one.

use fsm_dsl::ir::{Cell, Effect, Machine};

const SPEC: &str = r#"
machine Stops {
    unhandled = ignore;
    initial state Idle { entry stop T; }
    state Waiting { timer T; }
    state Other;
    event Go;
    event Back;
    event Twice;
    timer T;
    Idle -> Waiting on Go;
    Waiting -> Idle on TExpiry;
    Waiting -> Other on Back;
    internal Waiting on Twice / stop T, stop T, start T, stop T;
    Other -> Idle on Go / stop T;
    Other -> Other on Twice / start T, stop T;
}
"#;

/// The actions of the step from `state` on `event`, by name (timer operations as `stop T`).
fn step(m: &Machine, state: &str, event: &str) -> Vec<String> {
    let (s, e) = (m.state_named(state).unwrap(), m.event_named(event).unwrap());
    let Cell::Rules(rules) = m.cell(s, e) else { panic!("{state} does not handle {event}") };
    m.step_effects(s, e, rules[0])
        .iter()
        .filter_map(|effect| match effect {
            Effect::Action(a) => Some(m.action_sim_text(*a)),
            _ => None,
        })
        .collect()
}

#[test]
fn stops_of_idle_timers_are_left_out_and_the_others_kept() {
    let m = fsm_dsl::compile(SPEC).machine.expect("the spec checks");
    // The expiry disarmed T: leaving Waiting on it stops nothing, and Idle's entry neither.
    assert_eq!(step(&m, "Waiting", "TExpiry"), Vec::<String>::new());
    // On another event T may be running in Waiting: its exit stops it; Other's nothing runs.
    assert_eq!(step(&m, "Waiting", "Back"), ["stop T"]);
    // A second stop has nothing to stop; after a start, the stop is needed again.
    assert_eq!(step(&m, "Waiting", "Twice"), ["stop T", "start T", "stop T"]);
    // T never runs in Other (every way in stops it): the transition's stop goes.
    assert_eq!(step(&m, "Other", "Go"), Vec::<String>::new());
    assert_eq!(step(&m, "Other", "Twice"), ["start T", "stop T"]);
    // Nothing runs before the start: the initial entry's stop goes too.
    assert!(m.start_effects().is_empty());
    // The spec's own lists keep every stop as written: `Other -> Idle on Go / stop T` and
    // Idle's `entry stop T`.
    let other = m.state_named("Other").unwrap();
    assert_eq!(m.effects_of(other, fsm_dsl::ir::TransitionId(4)).len(), 2);
}
