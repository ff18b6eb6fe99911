//! `fsm observe` on traces the interop tests recorded (`tests/it/diameter_interop.rs` writes them
//! to `target/tmp/interop/`; two runs are kept in `tests/data/observe/`): the Erlang/OTP node's
//! RFC 3539 watchdog, seen from the messages of our driver's trace (`diameter::watchdog_trace`,
//! written as the tool's JSON lines), against `specs/rfc3539_watchdog.fsm`. The reports are
//! pinned whole: what the monitor says about an implementation nobody here wrote is a result,
//! and a change to it should be seen (in the book's copies too).

use clap::Parser;
use rfc_fsm::diameter::watchdog_trace;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The driver's trace at `trace` as JSON lines (the peer's watchdog), then `fsm observe
/// specs/rfc3539_watchdog.fsm TRACE.jsonl`: exit code and report.
fn observe(trace: &Path) -> (i32, String) {
    let text = std::fs::read_to_string(trace).unwrap();
    let lines = watchdog_trace::to_json_lines(&watchdog_trace::from_driver_trace(&text, None).unwrap());
    let jsonl = tempfile_dir().join(trace.with_extension("jsonl").file_name().unwrap());
    std::fs::write(&jsonl, lines).unwrap();
    let spec = root().join("specs/rfc3539_watchdog.fsm");
    let args = ["fsm", "observe", &spec.to_string_lossy(), &jsonl.to_string_lossy()];
    let cli = fsm_cli::cli::Cli::try_parse_from(args).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut input = std::io::empty();
    let code =
        fsm_cli::cli::run(cli, &mut fsm_cli::cli::Io { out: &mut out, err: &mut err, input: &mut input, color: false });
    assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
    let report = String::from_utf8(out).unwrap();
    println!("{report}");
    (code, report)
}

const HEADER: &str = "\
observed actions: SendWatchdog
hidden events (may happen unseen): TwExpiry
unknown guards: each value is tried; a step conforms if some choice explains it
";

#[test]
fn the_otp_connector_s_watchdog_conforms() {
    // The OTP node connects to us, sends a DWR every Tw (1 s), each answered; then DPR/DPA.
    let (code, report) = observe(&root().join("tests/data/observe/otp_listen.trace"));
    assert_eq!(code, 0, "{report}");
    // Our driver's trace shows no close, so the end is open: OKAY, or DOWN after hidden expiries.
    assert_eq!(
        report,
        format!(
            "{HEADER}\n12 steps, 0 deviations, 11 steps explained more than one way; possible states at the end: OKAY, DOWN\n"
        )
    );
}

/// `otp_listen.trace` seeded with a fault: our answer to the OTP node's second DWR taken out.
fn observe_seeded() -> (i32, String) {
    let text = std::fs::read_to_string(root().join("tests/data/observe/otp_listen.trace")).unwrap();
    let seeded: String = text.lines().filter(|l| !l.contains("3.846s -> #1 DWA")).map(|l| format!("{l}\n")).collect();
    assert_eq!(seeded.lines().count() + 1, text.lines().count(), "one line taken out");
    let dir = tempfile_dir();
    let path = dir.join("otp_listen_seeded.trace");
    std::fs::write(&path, seeded).unwrap();
    observe(&path)
}

#[test]
fn a_dropped_dwa_makes_the_next_dwr_a_deviation_from_row_13() {
    // Seeded: our answer to the OTP node's second DWR is taken out of the trace. Its next DWR
    // then comes with one outstanding, where RFC 3539 has the node fail over, silently.
    let (code, report) = observe_seeded();
    assert_eq!(code, 1, "{report}");
    assert_eq!(
        report,
        format!(
            "{HEADER}
deviation at step 5 (line 17 at 4.849s): DWR sent by the node
  happened: action SendWatchdog
  the spec allows: in OKAY (Pending=true, NumDWA=0) on TwExpiry: OKAY -> SUSPECT on TwExpiry [Pending] (RFC 3539 App. A row 13), showing nothing
  the spec allows: in SUSPECT (Pending=true, NumDWA=0) on TwExpiry: SUSPECT -> DOWN on TwExpiry (RFC 3539 App. A row 14), showing nothing
  the spec allows: in DOWN (Pending=true, NumDWA=0) on TwExpiry: internal DOWN on TwExpiry (RFC 3539 App. A row 16), showing nothing
  should have applied: RFC 3539 App. A row 13; RFC 3539 App. A row 14; RFC 3539 App. A row 16

11 steps, 1 deviation, 9 steps explained more than one way; possible states at the end: OKAY, DOWN
"
        )
    );
}

#[test]
fn the_otp_listener_starts_a_new_watchdog_on_reconnection_where_the_spec_reopens() {
    // We connect to the OTP node, freeze it until our watchdog takes the connection down, and
    // reconnect. RFC 3539 (and the spec: one watchdog per peer, across connections) has the
    // node's watchdog go DOWN -> REOPEN on the new connection and send a DWR at once (row 21);
    // the OTP node logs `watchdog from=initial to=okay` instead (a new watchdog for the accepted
    // connection) and never sends one. A finding about OTP as a listener, or about where the
    // spec's one-watchdog-per-peer reading applies: reported, not hidden.
    let (code, report) = observe(&root().join("tests/data/observe/otp_connect.trace"));
    assert_eq!(code, 1, "{report}");
    assert!(report.contains("deviation at the end of the trace\n  happened: the trace ends\n"), "{report}");
    assert!(
        report.contains("the spec owed first: SendWatchdog since step 7 (line 32: CEA sent by the node on #2), run by DOWN -> REOPEN on ConnectionUp (RFC 3539 App. A row 21)"),
        "{report}"
    );
    assert!(!report.contains("since step 2"), "only the smallest debt is shown: {report}");
    assert!(report.contains("1 deviation"), "{report}");
}

/// The book's transcripts of these three reports (`book/src/testing/observe.md`) are what the
/// monitor reports now: the two runs' in full after their commands, the seeded one after its
/// header.
#[test]
fn the_book_shows_the_reports_as_they_are() {
    let book = std::fs::read_to_string(root().join("book/src/testing/observe.md")).unwrap();
    let after = |start: &str| -> String {
        let at = book.find(start).unwrap_or_else(|| panic!("the book has no block with {start:?}"));
        let end = at + book[at..].find("```").unwrap();
        book[at..end].to_owned()
    };
    for name in ["otp_listen", "otp_connect"] {
        let (_, report) = observe(&root().join(format!("tests/data/observe/{name}.trace")));
        let command = format!("$ cargo fsm observe specs/rfc3539_watchdog.fsm {name}.jsonl\n");
        assert_eq!(after(&command)[command.len()..], report, "the book's report of {name}");
    }
    let (_, report) = observe_seeded();
    assert_eq!(after("deviation at step 5"), report[HEADER.len() + 1..], "the book's seeded report");
}

/// A directory of this test binary's own under the target's temporary directory.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("observe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The same exchange as the driver prints it and as tshark decodes its capture (the node is the
/// peer, the server on 3868) conforms, read either way.
#[test]
fn a_watchdog_read_from_either_input_conforms() {
    let driver = "\
ours     0.001s -> #1 CER 257 R hbh=0x00000001
ours     0.010s <- #1 CEA 257 A hbh=0x00000001 result=2001
ours     3.000s -> #1 DWR 280 R hbh=0x00000002
ours     3.001s <- #1 DWA 280 A hbh=0x00000002 result=2001
ours    20.000s <- #1 DWR 280 R hbh=0x00000003
ours    20.001s -> #1 DWA 280 A hbh=0x00000003 result=2001
ours    21.000s <- #2 CER 257 R hbh=0x00000004
";
    let tshark = "\
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
    let m =
        fsm_dsl::compile(&std::fs::read_to_string(root().join("specs/rfc3539_watchdog.fsm")).unwrap()).machine.unwrap();
    for records in
        [watchdog_trace::from_driver_trace(driver, None), watchdog_trace::from_tshark_fields(tshark, Some("server"))]
    {
        let lines = watchdog_trace::to_json_lines(&records.unwrap());
        let trace = fsm_cli::observe::read_trace(&m, &lines, &fsm_cli::observe::Options::default()).unwrap();
        let outcome = fsm_cli::observe::observe(&m, &trace);
        assert!(outcome.deviations.is_empty(), "{}", fsm_cli::observe::render(&m, &trace, &outcome));
    }
}
