//! The readers of the driver's trace and of tshark's fields, on the same exchange.

use super::{
    Record, Seen, TSHARK_FIELDS, TraceError, from_driver_trace, from_tshark_fields, to_json_lines, tshark_command,
};
use serde_json::{Value, json};
use std::path::Path;

/// The same exchange as the driver prints it and as tshark decodes its capture: the node is the
/// peer (the server, on 3868).
const DRIVER: &str = "\
ours     0.001s -> #1 CER 257 R hbh=0x00000001
ours     0.010s <- #1 CEA 257 A hbh=0x00000001 result=2001
ours     0.010s    watchdog -> OKAY
otp      0.011s peer_up peer=rust.example.net
ours     3.000s -> #1 DWR 280 R hbh=0x00000002
ours     3.001s <- #1 DWA 280 A hbh=0x00000002 result=2001
ours    20.000s <- #1 DWR 280 R hbh=0x00000003
ours    20.001s -> #1 DWA 280 A hbh=0x00000003 result=2001
ours    21.000s <- #2 CER 257 R hbh=0x00000004
";

const TSHARK: &str = "\
0.000|127.0.0.1||40000|0|1|0|0||||127.0.0.1
0.000|127.0.0.1||3868|0|1|0|0||||127.0.0.1
0.001|127.0.0.1||40000|0|0|0|0|257|1||127.0.0.1
0.010|127.0.0.1||3868|0|0|0|0|257|0|2001|127.0.0.1
3.000|127.0.0.1||40000|0|0|0|0|280|1||127.0.0.1
3.001|127.0.0.1||3868|0|0|0|0|280|0|2001|127.0.0.1
20.000|127.0.0.1||3868|0|0|0|0|280|1||127.0.0.1
20.001|127.0.0.1||40000|0|0|0|0|280|0|2001|127.0.0.1
20.500|127.0.0.1||40000|0|0|1|0||||127.0.0.1
";

fn names(records: &[Record]) -> Vec<&'static str> {
    records
        .iter()
        .map(|r| match r.seen {
            Seen::Event(name) | Seen::Action(name) => name,
        })
        .collect()
}

#[test]
fn the_driver_trace_and_tshark_fields_give_the_nodes_watchdog() {
    let driver = from_driver_trace(DRIVER, None).unwrap();
    let server = from_tshark_fields(TSHARK, Some("server")).unwrap();
    let by_port = from_tshark_fields(TSHARK, Some(":3868")).unwrap();
    // Our DWR is a NonDWA to the node, its DWR its SendWatchdog; the answers it sends are not
    // watchdog actions; the connection ends with the next one (driver) or the FIN (tshark).
    let expected = ["ConnectionUp", "NonDWA", "SendWatchdog", "DWA", "ConnectionDown"];
    assert_eq!(names(&driver), expected);
    assert_eq!(names(&server), expected);
    assert_eq!(names(&by_port), expected);
    assert_eq!(server[2].note, "DWR sent by the node");
    assert_eq!((driver[2].line, driver[2].at.as_str()), (7, "20.000s"));
    // Seen from our side, the roles swap: our DWR is the SendWatchdog.
    let ours = from_driver_trace(DRIVER, Some("ours")).unwrap();
    assert_eq!(names(&ours), ["ConnectionUp", "SendWatchdog", "DWA", "NonDWA", "ConnectionDown"]);
}

#[test]
fn a_node_the_input_cannot_name_and_a_short_line_are_refused() {
    assert!(matches!(from_tshark_fields(TSHARK, None), Err(TraceError::Node(_))));
    assert!(matches!(from_driver_trace(DRIVER, Some("client")), Err(TraceError::Node(_))));
    let short = from_tshark_fields("1|2", Some("client")).unwrap_err().to_string();
    assert!(short.starts_with("line 1: expected the 12 fields"), "{short}");
    let code = from_driver_trace("ours 1.0s -> #1 DWR 2x8 R", None).unwrap_err();
    assert_eq!(code, TraceError::Line { line: 1, why: "`2x8` is not a Command Code".into() });
}

#[test]
fn the_json_lines_say_what_is_shown_and_where_each_record_comes_from() {
    let text = to_json_lines(&from_driver_trace(DRIVER, None).unwrap());
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0], json!({ "observable": ["SendWatchdog"], "hidden": ["TwExpiry"] }));
    assert_eq!(
        lines[1],
        json!({ "event": "ConnectionUp", "at": "0.010s", "note": "CEA sent by the node on #1", "line": 2 })
    );
    assert_eq!(
        lines[3],
        json!({ "action": "SendWatchdog", "at": "20.000s", "note": "DWR sent by the node", "line": 7 })
    );
    assert_eq!(lines.len(), 6);
}

#[test]
fn tshark_is_asked_for_the_fields_in_order() {
    let command = tshark_command(Path::new("x.pcap"));
    let args: Vec<String> = command.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
    assert_eq!(args[..7], ["-n", "-r", "x.pcap", "-T", "fields", "-E", "separator=|"]);
    let fields: Vec<&str> = args[7..].iter().skip(1).step_by(2).map(String::as_str).collect();
    assert_eq!(fields, TSHARK_FIELDS);
}

/// The watchdog's spec, which the converted traces are replayed against.
static WATCHDOG: std::sync::LazyLock<fsm_dsl::ir::Machine> = std::sync::LazyLock::new(|| {
    let text = include_str!("../../../specs/rfc3539_watchdog.fsm");
    fsm_dsl::compile(text).machine.expect("the watchdog's spec compiles")
});

proptest::proptest! {
    /// No text makes the readers panic: a trace is bytes from anywhere.
    #[test]
    fn any_text_is_read_or_refused_without_panic(
        lines in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::string::string_regex(".{0,60}").unwrap(),
                proptest::string::string_regex(r"ours +[0-9.]{1,5}s (->|<-) #[0-9] [A-Z]{3} (257|280|282|9x) [RA]E? hbh=0x0( result=[0-9]{4})?").unwrap(),
                proptest::string::string_regex(r"[0-9.]{0,4}\|(127\.0\.0\.1)?\|\|(3868|40000)?\|[01]\|[01]?\|[01]?\|[01]?\|(257|280|282|1,2|x)?\|[01,]{0,3}\|(2001|5012)?\|").unwrap(),
            ],
            0..12,
        ),
    ) {
        let text = lines.join("\n");
        for records in [from_driver_trace(&text, None), from_tshark_fields(&text, Some("client"))].into_iter().flatten() {
            // Whatever the readers accept, `fsm observe` reads back and replays.
            let lines = to_json_lines(&records);
            let trace = fsm_cli::observe::read_trace(&WATCHDOG, &lines, &fsm_cli::observe::Options::default());
            let trace = trace.map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{e}: {lines}")))?;
            let _ = fsm_cli::observe::observe(&WATCHDOG, &trace);
        }
    }
}
