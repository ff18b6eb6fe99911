//! The trace monitor (`fsm_cli::observe`) on the RFC 3539 watchdog of `specs/`: traces seen from
//! the wire, deviations, what the spec owes at the end, and `fsm sim`'s output replayed.

use fsm_cli::interp::Interpreter;
use fsm_cli::observe::{Options, Outcome, Trace, observe, read_trace, render};
use fsm_dsl::ir::Machine;

const WATCHDOG: &str = include_str!("../../../specs/rfc3539_watchdog.fsm");

fn watchdog() -> Machine {
    fsm_dsl::compile(WATCHDOG).machine.unwrap()
}

fn replay(m: &Machine, text: &str) -> (Trace, Outcome) {
    let trace = read_trace(m, text, &Options::default()).unwrap();
    let outcome = observe(m, &trace);
    (trace, outcome)
}

const WIRE: &str = r#"{"observable":["SendWatchdog"],"hidden":["TwExpiry"]}
{"event":"ConnectionUp","at":"0.1"}
{"action":"SendWatchdog","at":"3.0"}
{"event":"DWA","at":"3.1"}
{"action":"SendWatchdog","at":"6.0"}
{"event":"DWA","at":"6.1"}
{"event":"NonDWA","at":"7.0"}
"#;

#[test]
fn a_watchdog_seen_from_the_wire_conforms() {
    let m = watchdog();
    let (trace, outcome) = replay(&m, WIRE);
    assert!(outcome.deviations.is_empty(), "{}", render(&m, &trace, &outcome));
    // Without time, a DWR seen late may be one sent before hidden expiries took the node
    // SUSPECT and DOWN (which show nothing on this wire): DOWN is possible too.
    let end: Vec<&str> = outcome.end.iter().map(|&s| m.state(s).named.name.as_str()).collect();
    assert_eq!(end, ["OKAY", "DOWN"]);
    // Told the state, the monitor keeps only the explanations that lead there.
    let pinned = WIRE.replace(r#"{"event":"NonDWA","at":"7.0"}"#, r#"{"event":"NonDWA","at":"7.0","state":"OKAY"}"#);
    let (_, outcome) = replay(&m, &pinned);
    assert_eq!(outcome.end.iter().map(|&s| m.state(s).named.name.as_str()).collect::<Vec<_>>(), ["OKAY"]);
}

#[test]
fn a_second_dwr_while_the_first_is_unanswered_is_row_13_not_taken() {
    let m = watchdog();
    let seeded = WIRE.replace(
        r#"{"event":"DWA","at":"6.1"}"#,
        r#"{"action":"SendWatchdog","at":"9.0","note":"a second DWR, the first unanswered"}"#,
    );
    let (trace, outcome) = replay(&m, &seeded);
    let report = render(&m, &trace, &outcome);
    assert_eq!(outcome.deviations.len(), 1, "{report}");
    assert_eq!(outcome.deviations[0].step, 5);
    assert!(report.contains("deviation at step 5 (line 6 at 9.0): a second DWR, the first unanswered"), "{report}");
    assert!(report.contains("  happened: action SendWatchdog\n"), "{report}");
    assert!(
        report.contains("the spec allows: in OKAY (Pending=true, NumDWA=0) on TwExpiry: OKAY -> SUSPECT on TwExpiry [Pending] (RFC 3539 App. A row 13), showing nothing"),
        "{report}"
    );
    assert!(report.contains("should have applied: RFC 3539 App. A row 13"), "{report}");
    // The monitor goes on: the NonDWA after it is checked from what the spec allowed.
    assert!(report.contains("6 steps, 1 deviation"), "{report}");
}

#[test]
fn an_action_the_spec_owes_and_the_trace_never_shows_is_a_deviation_at_the_end() {
    let m = watchdog();
    // Row 21: a reconnection in DOWN sends a DWR at once; here none follows.
    let text = r#"{"observable":["SendWatchdog"]}
{"event":"ConnectionUp"}
{"event":"ConnectionDown"}
{"event":"ConnectionUp"}
"#;
    let (trace, outcome) = replay(&m, text);
    let report = render(&m, &trace, &outcome);
    assert_eq!(outcome.deviations.len(), 1, "{report}");
    assert!(report.contains("deviation at the end of the trace"), "{report}");
    assert!(report.contains("the spec owed first: SendWatchdog"), "{report}");
}

#[test]
fn actions_listed_on_an_event_are_that_steps_exactly() {
    let m = watchdog();
    let good = r#"{"event":"ConnectionUp","actions":["start Tw"],"state":"OKAY"}
{"event":"TwExpiry","actions":["SendWatchdog","SetWatchdog"]}"#;
    assert!(replay(&m, good).1.deviations.is_empty());
    let bad = r#"{"event":"ConnectionUp","actions":["SetWatchdog"]}
{"event":"TwExpiry","actions":["SetWatchdog"],"state":"OKAY"}"#;
    let (trace, outcome) = replay(&m, bad);
    let report = render(&m, &trace, &outcome);
    assert_eq!(outcome.deviations.iter().map(|d| d.step).collect::<Vec<_>>(), [2], "{report}");
    assert!(report.contains("happened: event TwExpiry, showing start Tw, then in OKAY"), "{report}");
    assert!(report.contains("should have applied: RFC 3539 App. A row 12"), "{report}");
}

#[test]
fn fsm_sim_output_replays_without_deviation() {
    let m = watchdog();
    let mut it = Interpreter::start(&m).0;
    let mut text = String::from("{\"step\":0,\"state\":\"INITIAL\",\"actions\":[\"start Tw\"]}\n");
    for name in ["ConnectionUp", "TwExpiry", "TwExpiry", "DWA", "ConnectionDown", "ConnectionUp", "DWA"] {
        let step = it.step(m.event_named(name).unwrap(), &[]);
        let actions: Vec<String> = step.actions.iter().map(|&a| format!("\"{}\"", m.action_sim_text(a))).collect();
        text.push_str(&format!(
            "{{\"event\":\"{name}\",\"to\":\"{}\",\"actions\":[{}]}}\n",
            m.state(step.to).named.name,
            actions.join(",")
        ));
    }
    let (trace, outcome) = replay(&m, &text);
    assert!(outcome.deviations.is_empty(), "{}", render(&m, &trace, &outcome));
    assert_eq!(outcome.ambiguous, 0);
}

const LIFT: &str = "machine Lift { initial state Idle; state Moving; event Call; event Arrive; action Go; action Stop;
    guard door_shut;
    Idle -> Moving on Call [door_shut] / Go ref \"§1\"; internal Idle on Call [!door_shut] ref \"§2\";
    Moving -> Idle on Arrive / Stop ref \"§3\"; ignore Call in Moving; ignore Arrive in Idle; }";

#[test]
fn an_unknown_guard_is_either_value_and_the_trace_decides() {
    let m = fsm_dsl::compile(LIFT).machine.unwrap();
    // No guard given: a Call that shows nothing is the guard false; one that shows Go, true.
    let (trace, outcome) =
        replay(&m, "{\"event\":\"Call\"}\n{\"action\":\"Go\"}\n{\"event\":\"Arrive\",\"actions\":[\"Stop\"]}\n");
    assert!(outcome.deviations.is_empty(), "{}", render(&m, &trace, &outcome));
    // The Call alone is explained both ways; the Go after it tells which.
    assert_eq!(outcome.ambiguous, 1);
    assert_eq!(outcome.end.iter().map(|&s| m.state(s).named.name.as_str()).collect::<Vec<_>>(), ["Idle"]);
    // Given false, the Go cannot be explained.
    let (trace, outcome) = replay(&m, "{\"event\":\"Call\",\"guards\":{\"door_shut\":false}}\n{\"action\":\"Go\"}\n");
    let report = render(&m, &trace, &outcome);
    assert_eq!(outcome.deviations.len(), 1, "{report}");
    assert!(report.contains("happened: action Go"), "{report}");
}

#[test]
fn bad_lines_say_where_and_why() {
    let m = watchdog();
    let error = |text: &str| read_trace(&m, text, &Options::default()).unwrap_err().to_string();
    assert_eq!(error("{\"event\":\"DWA\"}\n{\"event\":\"DWX\"}"), "line 2: the spec has no event `DWX`");
    assert_eq!(error("{\"action\":\"Fly\"}"), "line 1: the spec has no action `Fly`");
    assert_eq!(error("[1]"), "line 1: not a JSON object");
    assert!(error("{\"event\":").starts_with("line 1: EOF while parsing"));
    assert_eq!(error("{\"at\":1}"), "line 1: expected an `event`, an `action`, or `observable` / `hidden`");
    assert_eq!(error("{\"event\":\"DWA\",\"state\":\"UP\"}"), "line 1: the spec has no state `UP`");
    assert_eq!(error("{\"event\":\"DWA\",\"line\":-1}"), "line 1: `line` is not a line number");
}

#[test]
fn a_record_converted_from_another_input_is_reported_at_its_line_there() {
    let m = watchdog();
    let text = "{\"event\":\"ConnectionUp\",\"line\":40}\n{\"event\":\"ConnectionUp\",\"line\":52,\"at\":\"9.5s\"}";
    let (trace, outcome) = replay(&m, text);
    assert_eq!(trace.steps.iter().map(|s| s.line).collect::<Vec<_>>(), [40, 52]);
    let report = render(&m, &trace, &outcome);
    // Every action is observable here: the timer start ConnectionUp owes never shows.
    assert!(report.contains("start Tw since step 1 (line 40)"), "{report}");
}

proptest::proptest! {
    /// No text makes the reader or the monitor panic: a trace is bytes from anywhere.
    #[test]
    fn any_text_is_read_or_refused_and_replayed_without_panic(
        lines in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::string::string_regex(".{0,60}").unwrap(),
                proptest::string::string_regex(r#"\{"(event|action|state|guards|observable|hidden)":("(DWA|NonDWA|TwExpiry|ConnectionUp|SendWatchdog|OKAY)"|\[("DWA"|"SendWatchdog"|1)?\]|\{\}|1)\}"#).unwrap(),
            ],
            0..12,
        ),
    ) {
        let m = watchdog();
        let text = lines.join("\n");
        if let Ok(trace) = read_trace(&m, &text, &Options::default()) {
            let outcome = observe(&m, &trace);
            let _ = render(&m, &trace, &outcome);
        }
    }
}

/// What the spec allows is worded as `fsm sim` words a step: a protocol error is "protocol
/// error", not the kind's Rust name.
#[test]
fn an_allowed_protocol_error_is_said_in_words() {
    let m = fsm_dsl::compile(
        r#"machine M { event A; event B; action X; initial state S; S -> S on A / X; error B in S "bad"; }"#,
    )
    .machine
    .unwrap();
    let (trace, outcome) = replay(&m, "{\"observable\":[\"X\"]}\n{\"event\":\"B\",\"actions\":[\"X\"]}\n");
    let report = render(&m, &trace, &outcome);
    assert!(report.contains("  the spec allows: in S on B: protocol error, showing nothing\n"), "{report}");
}
