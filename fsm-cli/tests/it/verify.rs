//! `fsm verify`: the repository's systems and their verdicts, the seeded bugs of
//! `tests/data/systems/bugs` each found with a shortest message sequence chart, the bounds,
//! every diagnostic code of `tests/data/systems/err`, and no panic on any system text (checked,
//! explored, rendered and exported to Promela).

use clap::Parser as _;
use fsm_cli::cli::{self, Cli};
use fsm_cli::verify::{self, Bounds, diag::Code, render};
use proptest::prelude::*;
use std::path::Path;

struct Run {
    code: i32,
    out: String,
    err: String,
}

fn run(args: &[&str]) -> Run {
    let cli = Cli::try_parse_from(std::iter::once("fsm").chain(args.iter().copied())).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut input: &[u8] = b"";
    let mut io = cli::Io { out: &mut out, err: &mut err, input: &mut input, color: false };
    let code = cli::run(cli, &mut io);
    Run { code, out: String::from_utf8(out).unwrap(), err: String::from_utf8(err).unwrap() }
}

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path).to_string_lossy().into_owned()
}

fn verify(path: &str, more: &[&str]) -> Run {
    let path = repo(path);
    let mut args = vec!["verify", path.as_str()];
    args.extend_from_slice(more);
    run(&args)
}

#[test]
fn the_watchdog_pair_verifies_with_its_state_count() {
    let r = verify("specs/systems/watchdog_pair.fsys", &[]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(r.out.contains("system WatchdogPair: 4 instances, 2 channels, 6 environment events"), "{}", r.out);
    assert!(r.out.contains("explored 1649 states, 9348 transitions, depth 28, in "), "{}", r.out);
    // Two octets a state and one a variable per watchdog (and Tw's running bit), a state per
    // responder, a length per channel (empty here at the smallest).
    assert!(r.out.contains("memory: 16 octets per state packed (exact storage), 40 with the index"), "{}", r.out);
    assert!(r.out.lines().any(|l| l.starts_with("  home both_okay ") && l.ends_with(" holds")), "{}", r.out);
    assert!(r.out.contains("verdict: every property holds in every reachable state"), "{}", r.out);
}

/// The system gives the SIP client's `unreliable` parameter: over a reliable transport Timer A
/// never runs, so its expiry is no move and the one INVITE fits the channel; with the spec's
/// default (UDP), Timer A retransmits the INVITE and the channel of one overflows.
#[test]
fn instance_parameters_decide_which_timers_run_and_so_the_verdict() {
    let r = verify("tests/data/systems/sip_transport.fsys", &[]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(r.out.contains("explored 5 states, 5 transitions, depth 3"), "{}", r.out);
    assert!(r.out.contains("verdict: every property holds in every reachable state"), "{}", r.out);

    let dir = tempfile_dir("udp");
    let text = std::fs::read_to_string(repo("tests/data/systems/sip_transport.fsys")).unwrap();
    let udp = text.replace(" (unreliable = false, T1 = 500)", "");
    assert_ne!(udp, text);
    let file = dir.join("sip_udp.fsys");
    std::fs::write(&file, udp.replace("\"../ok/", &format!("\"{}/", repo("tests/data/ok")))).unwrap();
    std::fs::copy(repo("tests/data/systems/invite_sink.fsm"), dir.join("invite_sink.fsm")).unwrap();
    let r = run(&["verify", &file.to_string_lossy()]);
    assert_eq!(r.code, 1, "{}{}", r.out, r.err);
    assert!(r.out.contains("channel overflow             VIOLATED (7 moves), shortest trace: 2 moves"), "{}", r.out);
    assert!(r.out.contains("client: TimerAExpiry: Calling -> Calling / RetransmitInvite, StartTimerA"), "{}", r.out);
    std::fs::remove_dir_all(dir).unwrap();
}

/// A scratch directory of its own under the target directory's tmp.
fn tempfile_dir(label: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("verify-{label}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_diameter_election_ends_with_one_connection_open() {
    let r = verify("specs/systems/diameter_election.fsys", &[]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(r.out.contains("system DiameterElection: 4 instances, 7 channels, 6 environment events"), "{}", r.out);
    assert!(r.out.contains("explored 141 states, 305 transitions, depth 14, in "), "{}", r.out);
    assert!(r.out.contains("memory: 16 octets per state packed (exact storage), 57 with the index"), "{}", r.out);
    for property in ["deadlock", "unspecified reception", "channel overflow", "invariant one_connection at quiescence"]
    {
        assert!(r.out.lines().any(|l| l.starts_with(&format!("  {property} ")) && l.ends_with(" holds")), "{}", r.out);
    }
    assert!(r.out.lines().any(|l| l.starts_with("  home settled ") && l.ends_with(" holds")), "{}", r.out);
    assert!(r.out.contains("verdict: every property holds in every reachable state"), "{}", r.out);
}

#[test]
fn the_iua_restart_finds_where_the_model_lags_the_runtime() {
    let r = verify("specs/systems/iua_restart.fsys", &[]);
    assert_eq!(r.code, 1, "{}{}", r.out, r.err);
    assert!(r.out.contains("system IuaRestart: 6 instances, 7 channels, 9 environment events"), "{}", r.out);
    assert!(r.out.contains("explored 14096 states, 57836 transitions, depth 32, in "), "{}", r.out);
    assert!(r.out.contains("memory: 27 octets per state packed (exact storage), 48 with the index"), "{}", r.out);
    for property in ["deadlock", "unspecified reception", "channel overflow", "invariant queue_settled at quiescence"] {
        assert!(r.out.lines().any(|l| l.starts_with(&format!("  {property} ")) && l.ends_with(" holds")), "{}", r.out);
    }
    assert!(r.out.lines().any(|l| l.starts_with("  home all_active ") && l.ends_with(" holds")), "{}", r.out);
    // A free guard: the SG keeps the ASP active for another AS, which one AS cannot do.
    assert!(
        r.out.contains("invariant views_agree at quiescence   VIOLATED (23 states), shortest trace: 13 moves"),
        "{}",
        r.out
    );
    assert!(r.out.contains("sg: AspInactive: ASP_ACTIVE -> ASP_ACTIVE / SendAspInactiveAck"), "{}", r.out);
    // The gap this system found in our ASP spec (a frame routed before the ASP Down arrived
    // was dropped in DOWN_PENDING) is closed: DOWN_PENDING never drops a frame here any more.
    // What is left is the model's: the AS, told through `sgas`, routes a frame after the SG's
    // ASP machine acknowledged ASP Inactive; the runtime tells the AS in the same step.
    assert!(
        r.out.contains("invariant passed_up                   VIOLATED (3465 states), shortest trace: 16 moves"),
        "{}",
        r.out
    );
    assert!(r.out.contains("as: Data: AS_ACTIVE -> AS_ACTIVE / Route"), "{}", r.out);
    assert!(r.out.contains("in: ledger=Empty, assoc=Up, asp=ASP_INACTIVE, sg=ASP_INACTIVE, as=AS_ACTIVE"), "{}", r.out);
    assert!(!r.out.contains("DOWN_PENDING -> DOWN_PENDING / DropData"), "{}", r.out);
    assert!(r.out.contains("verdict: 2 of 7 properties violated"), "{}", r.out);
}

#[test]
fn a_channel_one_too_small_overflows_in_a_shortest_chart() {
    let r = verify("tests/data/systems/bugs/overflow.fsys", &[]);
    assert_eq!(r.code, 1, "{}{}", r.out, r.err);
    assert!(r.out.contains("channel overflow             VIOLATED (176 moves), shortest trace: 5 moves"), "{}", r.out);
    assert!(r.out.contains("   5  ba delivers DWR\n"), "{}", r.out);
    assert!(
        r.out.contains("        ra -> ab: DWA\n     x  channel overflow: DWA sent to ab, which holds 1 message"),
        "{}",
        r.out
    );
    // Each step cites the row of RFC 3539 Appendix A that it took.
    assert!(
        r.out.contains("wa: TwExpiry: OKAY -> OKAY / SendWatchdog, SetWatchdog [RFC 3539 App. A row 12]"),
        "{}",
        r.out
    );
    assert!(r.out.contains("```mermaid\nsequenceDiagram\n    participant wa\n"), "{}", r.out);
    assert!(r.out.contains("    wb-)wa: 5. DWR (ba)\n"), "{}", r.out);
    // Shortest: explored to depth 4 only (so no move out of a configuration 4 moves deep), the
    // overflow is not found.
    let r = verify("tests/data/systems/bugs/overflow.fsys", &["--max-depth", "4"]);
    assert_eq!(r.code, 1);
    assert!(r.out.contains("stopped at the bound of depth 4"), "{}", r.out);
    assert!(r.out.contains("channel overflow             holds so far"), "{}", r.out);
}

#[test]
fn a_dropped_transition_is_an_unspecified_reception_in_a_shortest_chart() {
    let r = verify("tests/data/systems/bugs/unspecified.fsys", &[]);
    assert_eq!(r.code, 1, "{}{}", r.out, r.err);
    assert!(r.out.contains("unspecified reception        VIOLATED (96 moves), shortest trace: 5 moves"), "{}", r.out);
    assert!(
        r.out.contains("x  unspecified reception: DWR at the head of ba arrives at wa as NonDWA in state REOPEN"),
        "{}",
        r.out
    );
    assert!(r.out.contains("in: wa=REOPEN, ra=Answering, wb=OKAY, rb=Answering; ab=[DWR], ba=[DWR]"), "{}", r.out);
    let r = verify("tests/data/systems/bugs/unspecified.fsys", &["--max-depth", "4"]);
    assert!(r.out.contains("unspecified reception        holds so far"), "{}", r.out);
}

#[test]
fn a_deferred_message_waits_at_the_head_instead() {
    let r = verify("tests/data/systems/bugs/deferred.fsys", &[]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(r.out.contains("explored 1329 states"), "{}", r.out);
}

#[test]
fn a_system_with_nothing_left_to_do_deadlocks() {
    let r = verify("tests/data/systems/bugs/deadlock.fsys", &[]);
    assert_eq!(r.code, 1);
    assert!(r.out.contains("deadlock                     VIOLATED (1 state), shortest trace: 2 moves"), "{}", r.out);
    assert!(r.out.contains("in: wa=OKAY, ra=Answering, wb=OKAY, rb=Answering; ab=[], ba=[]"), "{}", r.out);
}

#[test]
fn an_invariant_is_broken_by_a_timer_racing_a_dwr() {
    let r = verify("tests/data/systems/bugs/suspect.fsys", &[]);
    assert_eq!(r.code, 1);
    assert!(r.out.contains("invariant a_never_suspects   VIOLATED (266 states), shortest trace: 3 moves"), "{}", r.out);
    assert!(
        r.out.contains("wa: TwExpiry: OKAY -> SUSPECT / Failover, SetWatchdog [RFC 3539 App. A row 13]"),
        "{}",
        r.out
    );
}

#[test]
fn the_state_bound_stops_with_the_statistics_so_far() {
    let r = verify("specs/systems/watchdog_pair.fsys", &["--max-states", "100"]);
    assert_eq!(r.code, 1);
    assert!(r.out.contains("explored 100 states"), "{}", r.out);
    assert!(r.out.contains("stopped at the bound of 100 states"), "{}", r.out);
    assert!(r.out.contains("verdict: no violation within the bounds (not a proof)"), "{}", r.out);
}

#[test]
fn the_summary_and_charts_as_json() {
    let r = verify("tests/data/systems/bugs/overflow.fsys", &["--format", "json"]);
    assert_eq!(r.code, 1);
    let doc: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(doc["states"], 1521);
    assert_eq!(doc["verified"], false);
    assert_eq!(doc["properties"][2]["property"], "channel overflow");
    assert_eq!(doc["properties"][2]["verdict"], "violated");
    assert_eq!(doc["properties"][2]["trace_moves"], 5);
    assert!(doc["violations"][0]["mermaid"].as_str().unwrap().starts_with("sequenceDiagram\n"));
}

/// Checks a system file as `fsm verify` does, its specs read relative to it; returns the
/// rendered diagnostics of the specs and of the system.
fn check_file(path: &Path) -> (verify::Checked, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let dir = path.parent().unwrap().to_path_buf();
    let checked =
        verify::check(&text, &mut |spec: &str| std::fs::read_to_string(dir.join(spec)).map_err(|e| e.to_string()));
    let mut rendered = String::new();
    for spec in &checked.specs {
        let source = fsm_dsl::diag::Source { name: &spec.path, text: &spec.text };
        rendered.push_str(&fsm_dsl::diag::render(source, &spec.diagnostics, false));
    }
    rendered.push_str(&verify::diag::render(&path.to_string_lossy(), &text, &checked.diagnostics, false));
    (checked, rendered)
}

#[test]
fn every_code_has_an_example_that_gives_it() {
    for code in Code::ALL {
        let prefix = code.as_str().to_lowercase();
        let dir = repo("tests/data/systems/err");
        let file = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(&format!("{prefix}_")))
            .unwrap_or_else(|| panic!("no tests/data/systems/err/{prefix}_*.fsys"));
        let (checked, rendered) = check_file(&file);
        assert!(checked.system.is_none(), "{}", file.display());
        assert!(checked.diagnostics.iter().all(|d| d.code == *code), "{}: {rendered}", file.display());
        let head = format!("error[{}]", code.as_str());
        assert!(rendered.contains(&head), "{}: {rendered}", file.display());
        assert!(rendered.contains(".fsys:"), "{rendered}");
        assert!(rendered.contains("= help: "), "{rendered}");
    }
}

/// A keyword is a whole word: one that runs into the name after it is a syntax error where
/// the keyword should be, never the keyword and the name (`instancewa` is no `instance wa`).
/// A keyword may still be a name.
#[test]
fn keywords_are_whole_words() {
    let system = |item: &str| format!("system S {{\n    instance wa = \"w.fsm\";\n    {item}\n}}\n");
    for (item, expected) in [
        ("instancewb = \"w.fsm\";", "expected `instance`"),
        ("endwa in DOWN;", "expected `instance`"),
        ("defer wa.E inDOWN;", "expected `in`"),
        ("channel ab { DWR } capacity2;", "expected `capacity`"),
        ("environment wa.Tw atquiescence;", "expected `always` or `at quiescence`"),
    ] {
        let text = system(item);
        let error = verify::syntax::parse(&text).map(|_| ()).unwrap_err();
        let rendered = verify::diag::render("s.fsys", &text, std::slice::from_ref(&error), false);
        assert_eq!(error.code, Code::Syntax, "{item}: {rendered}");
        assert!(rendered.contains("s.fsys:3:"), "{item}: {rendered}");
        assert!(rendered.contains(expected), "{item}: {rendered}");
    }
    let ast = verify::syntax::parse(&system("end end in DOWN;")).unwrap();
    assert_eq!(ast.items.len(), 2);
}

#[test]
fn all_problems_are_reported_in_one_run() {
    let (checked, rendered) = check_file(Path::new(&repo("tests/data/systems/err/v0010_unknown_state.fsys")));
    assert_eq!(checked.diagnostics.len(), 3, "{rendered}");
    assert!(rendered.contains("v0010_unknown_state.fsys:6:36"), "{rendered}");
    assert!(rendered.contains("help: did you mean `SUSPECT`?"), "{rendered}");
    // A spec with errors: its own diagnostics, and the system's pointing at the instance.
    let (checked, rendered) = check_file(Path::new(&repo("tests/data/systems/err/v0003_spec_errors.fsys")));
    assert_eq!(checked.specs.len(), 1);
    assert!(rendered.contains("error[E0003]: no state named `Nowhere`"), "{rendered}");
}

#[test]
fn the_command_prints_the_specs_diagnostics_before_the_systems() {
    let r = verify("tests/data/systems/err/v0003_spec_errors.fsys", &[]);
    assert_eq!(r.code, 1);
    let spec = r.err.find("error[E0003]").unwrap();
    assert!(spec < r.err.find("error[V0003]").unwrap(), "{}", r.err);
    assert!(r.err.contains("v0003_spec_errors.fsys: 1 error; the system was not explored"), "{}", r.err);
}

#[test]
fn the_book_lists_every_code() {
    let checker = std::fs::read_to_string(repo("book/src/checker.md")).unwrap();
    for code in Code::ALL {
        let row = format!("| {} | {} |", code.as_str(), code.title());
        assert!(checker.contains(&row), "book/src/checker.md lacks the row `{row}`");
    }
}

const PAIR: &str = include_str!("../../../specs/systems/watchdog_pair.fsys");
const WATCHDOG: &str = include_str!("../../../specs/rfc3539_watchdog.fsm");
const RESPONDER: &str = include_str!("../../../specs/systems/dwa_responder.fsm");

/// Every stage on a system text whose specs are read from memory: a diagnostic's span lies in
/// the text, and a system that checks is explored (within small bounds) and rendered.
fn exercise(text: &str) {
    let mut read = |path: &str| match path {
        p if p.contains("responder") => Ok(RESPONDER.to_owned()),
        p if p.contains("watchdog") => Ok(WATCHDOG.to_owned()),
        p if p.contains("bad") => Ok("machine {".to_owned()),
        _ => Err("no such file".to_owned()),
    };
    let checked = verify::check(text, &mut read);
    let _ = verify::diag::render("fuzz.fsys", text, &checked.diagnostics, true);
    for d in &checked.diagnostics {
        assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "{d:?}");
    }
    if let Some(system) = checked.system {
        // The Promela export writes the model or says why it cannot, and never panics.
        let _ = verify::promela::promela(&system, "fuzz.fsys");
        let report = verify::explore(&system, Bounds { max_states: 300, max_depth: 12 });
        let _ = render::summary(&system, &report);
        let _ = render::summary_json(&system, &report);
        for v in &report.violations {
            let _ = render::chart_text(&system, v);
            let _ = render::chart_mermaid(&system, v);
        }
    }
}

const TOKENS: &[&str] = &[
    "system",
    "S",
    "{",
    "}",
    "instance",
    "wa",
    "ra",
    "=",
    "\"watchdog.fsm\"",
    "\"responder.fsm\"",
    "\"bad.fsm\"",
    "channel",
    "ab",
    "DWR",
    "DWA",
    "capacity",
    "0",
    "1",
    "3",
    "99999999999999999999",
    "loss",
    "duplication",
    "reordering",
    ";",
    ",",
    ".",
    "->",
    "send",
    "SendWatchdog",
    "SendDWA",
    "flush",
    "on",
    "receive",
    "NonDWA",
    "environment",
    "TwExpiry",
    "ConnectionUp",
    "always",
    "at",
    "quiescence",
    "defer",
    "in",
    "DOWN",
    "end",
    "invariant",
    "home",
    "i",
    ":",
    "==",
    "!=",
    "<",
    "<=",
    ">=",
    "-1",
    "true",
    "Pending",
    "NumDWA",
    "!",
    "&&",
    "||",
    "(",
    ")",
    "///",
    "//",
    "\n",
    "é",
    "\u{0}",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn no_panic_on_token_soup(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..80)) {
        exercise(&tokens.join(" "));
    }

    #[test]
    fn no_panic_on_edits_of_the_watchdog_pair(
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(TOKENS), 0usize..12), 1..6)
    ) {
        // The example with its paths as the reader above knows them, then cut and spliced.
        let mut text = PAIR.replace("../rfc3539_watchdog.fsm", "watchdog.fsm").replace("dwa_responder.fsm", "responder.fsm");
        for (at, token, cut) in edits {
            let mut i = at.index(text.len() + 1);
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            let mut j = (i + cut).min(text.len());
            while !text.is_char_boundary(j) {
                j -= 1;
            }
            text.replace_range(i..j, token);
        }
        exercise(&text);
    }

    #[test]
    fn no_panic_on_random_text(text in "\\PC{0,200}") {
        exercise(&text);
    }
}

#[test]
fn deep_parentheses_are_refused_before_the_parser_recurses() {
    let text = format!(
        "system S {{ instance wa = \"watchdog.fsm\"; invariant i: {}wa == DOWN{}; }}",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let checked = verify::check(&text, &mut |_| Ok(WATCHDOG.to_owned()));
    assert_eq!(checked.diagnostics[0].code, Code::TooLarge);
    let text =
        format!("system S {{ instance wa = \"watchdog.fsm\"; invariant i: {}wa == DOWN; }}", "!".repeat(100_000));
    let checked = verify::check(&text, &mut |_| Ok(WATCHDOG.to_owned()));
    assert!(checked.system.is_some(), "{:?}", checked.diagnostics);
}

const PINGER: &str = "machine Pinger { initial state Idle; state Waiting; event Go; event Pong; action SendPing;
    Idle -> Waiting on Go / SendPing; Waiting -> Idle on Pong; ignore Go in Waiting; ignore Pong in Idle; }";
const PONGER: &str =
    "machine Ponger { initial state Ready; event Ping; action SendPong; internal Ready on Ping / SendPong; }";

/// A system small enough to count by hand.
fn ping_pong(faults: &str) -> verify::Report {
    let text = format!(
        "system PingPong {{ instance p = \"pinger.fsm\"; instance q = \"ponger.fsm\";
        channel ping {{ Ping }} capacity 1 {faults}; channel pong {{ Pong }} capacity 1;
        send p.SendPing -> ping.Ping; send q.SendPong -> pong.Pong;
        receive ping.Ping -> q.Ping; receive pong.Pong -> p.Pong;
        environment p.Go always; end p in Idle; }}"
    );
    let mut read = |path: &str| Ok(if path == "pinger.fsm" { PINGER } else { PONGER }.to_owned());
    let checked = verify::check(&text, &mut read);
    verify::explore(&checked.system.unwrap(), Bounds::default())
}

#[test]
fn the_state_space_of_a_ping_pong_is_the_one_counted_by_hand() {
    // (Idle, -, -) -Go-> (Waiting, Ping, -) -deliver-> (Waiting, -, Pong) -deliver-> (Idle, -, -):
    // 3 configurations, 3 moves, depth 2; Go is ignored in Waiting, so it is no move there.
    let report = ping_pong("");
    assert_eq!((report.states, report.transitions, report.depth), (3, 3, 2));
    assert!(report.violations.is_empty() && report.stopped.is_none());
    // With loss, the Ping may vanish: (Waiting, -, -) has no move and Waiting is no end state.
    let report = ping_pong("loss");
    assert_eq!((report.states, report.transitions), (4, 4));
    assert_eq!(report.violations.len(), 1);
    let v = &report.violations[0];
    assert_eq!(v.property, verify::Property::Deadlock);
    assert_eq!(v.trace.len(), 3, "start, Go, the loss: {:?}", v.trace);
    assert!(matches!(v.trace[2], verify::step::Move::Lose { channel: 0, position: 0, message: 0 }));
}

/// A timer's expiry reads the timer as stopped, as the step does (`Machine::arrive`) and as
/// the checker and the Promela export read it: a transition guarded by `[!running T]` on T's
/// expiry is taken, so the waiter reaches its final state and nothing deadlocks. (The
/// exploration once chose the transitions before the arrival, found none, and reported a
/// deadlock that the spec, the simulator and SPIN do not have.)
#[test]
fn an_expiry_reads_its_timer_as_stopped() {
    let spec = "machine Waiter {
        initial state Idle { entry start T; }
        final state Done;
        timer T;
        Idle -> Done on TExpiry [!running T];
    }";
    let mut read = |_: &str| Ok(spec.to_owned());
    let checked = verify::check(r#"system S { instance w = "waiter.fsm"; environment w.TExpiry always; }"#, &mut read);
    assert!(checked.diagnostics.is_empty() && checked.specs.is_empty(), "{:?}", checked.diagnostics);
    let report = verify::explore(&checked.system.unwrap(), Bounds::default());
    assert_eq!((report.states, report.transitions), (2, 1));
    assert!(report.violations.is_empty(), "{:?}", report.violations);
}

/// A message with two receivers, the first of which sends to a full channel: the overflow is
/// the message the first receiver could not send, and its move is the whole delivery, the
/// second receiver's step included, as the report's chart shows it.
#[test]
fn an_overflow_in_a_delivery_to_two_receivers_is_the_whole_delivery() {
    use verify::step::{Move, Problem};
    let specs = |path: &str| -> Result<String, String> {
        Ok(match path {
            "p.fsm" => {
                "machine P { initial state Idle; final state Sent; event Go; action SendM;
                Idle -> Sent on Go / SendM; }"
            }
            "q.fsm" => {
                "machine Q { initial state Ready { entry SendX; } event M; action SendX;
                internal Ready on M / SendX; }"
            }
            _ => "machine R { initial state Ready; event M; action Note; internal Ready on M / Note; }",
        }
        .to_owned())
    };
    let checked = verify::check(
        r#"system S { instance p = "p.fsm"; instance q = "q.fsm"; instance r = "r.fsm";
            channel m { M } capacity 1; channel x { X } capacity 1;
            send p.SendM -> m.M; send q.SendX -> x.X; receive m.M -> q.M, r.M;
            environment p.Go always; }"#,
        &mut |path: &str| specs(path),
    );
    assert!(checked.diagnostics.is_empty() && checked.specs.is_empty(), "{:?}", checked.diagnostics);
    let report = verify::explore(&checked.system.unwrap(), Bounds::default());
    let overflow = report.violations.iter().find(|v| v.property == verify::Property::Overflow).expect("an overflow");
    let Some(Problem::Overflow { by, channel: 1, message: 0 }) = &overflow.problem else {
        panic!("{:?}", overflow.problem)
    };
    let Move::Deliver { channel: 0, message: 0, steps } = by.as_ref() else { panic!("{by:?}") };
    assert_eq!(steps.iter().map(|s| s.instance).collect::<Vec<_>>(), [1, 2], "{steps:?}");
    assert!(steps.iter().all(|s| s.actions.len() == 1), "{steps:?}");
}

/// The charts of the seeded bugs render with the real Mermaid CLI (`mmdc`, as in
/// `mermaid_render.rs`), in one run: no syntax error, and every lifeline drawn.
#[test]
fn mermaid_cli_renders_the_charts_of_the_seeded_bugs() {
    let dir = tempfile::tempdir().unwrap();
    let mut markdown = String::new();
    let mut charts = 0;
    for name in ["overflow", "unspecified", "deadlock", "suspect"] {
        let (checked, rendered) = check_file(Path::new(&repo(&format!("tests/data/systems/bugs/{name}.fsys"))));
        let system = checked.system.unwrap_or_else(|| panic!("{name}: {rendered}"));
        let report = verify::explore(&system, Bounds::default());
        assert_eq!(report.violations.len(), 1, "{name}");
        for v in &report.violations {
            markdown.push_str(&format!("```mermaid\n{}```\n\n", render::chart_mermaid(&system, v)));
            charts += 1;
        }
    }
    std::fs::write(dir.path().join("all.md"), markdown).unwrap();
    // Chromium refuses to run as root without `--no-sandbox` (CI runs as root).
    std::fs::write(dir.path().join("puppeteer.json"), r#"{"args": ["--no-sandbox"]}"#).unwrap();
    let chromium = std::env::var("PUPPETEER_EXECUTABLE_PATH").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    let output = std::process::Command::new("mmdc")
        .current_dir(dir.path())
        .env("PUPPETEER_EXECUTABLE_PATH", &chromium)
        .args(["--quiet", "--puppeteerConfigFile", "puppeteer.json", "--input", "all.md", "--output", "out.md"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run the Mermaid CLI (`mmdc`): {e}; scripts/install-deps installs it"));
    assert!(output.status.success(), "mmdc failed: {}", String::from_utf8_lossy(&output.stderr));
    for i in 1..=charts {
        let svg = std::fs::read_to_string(dir.path().join(format!("out-{i}.svg"))).unwrap();
        assert!(!svg.contains("Syntax error in text"), "chart {i}: Mermaid reports a syntax error");
        for lifeline in ["wa", "ra", "wb", "rb"] {
            assert!(svg.contains(&format!(">{lifeline}<")), "chart {i} does not draw {lifeline}");
        }
    }
}

#[test]
fn a_duplicated_ping_overflows_the_pong_channel() {
    // The Ping duplicated (ping now holds 2), both copies delivered: the second Pong finds the
    // pong channel full. 11 configurations, counted by hand.
    let text = "system PingPong { instance p = \"pinger.fsm\"; instance q = \"ponger.fsm\";
        channel ping { Ping } capacity 2 duplication; channel pong { Pong } capacity 1;
        send p.SendPing -> ping.Ping; send q.SendPong -> pong.Pong;
        receive ping.Ping -> q.Ping; receive pong.Pong -> p.Pong; environment p.Go always; }";
    let mut read = |path: &str| Ok(if path == "pinger.fsm" { PINGER } else { PONGER }.to_owned());
    let system = verify::check(text, &mut read).system.unwrap();
    let report = verify::explore(&system, Bounds::default());
    assert_eq!(report.states, 11);
    let v = &report.violations[0];
    assert_eq!(v.property, verify::Property::Overflow);
    assert_eq!(render::moves(v), 4);
    assert!(matches!(v.trace[2], verify::step::Move::Duplicate { channel: 0, message: 0 }), "{:?}", v.trace);
    let chart = render::chart_text(&system, v);
    assert!(chart.contains("   2  ping duplicates Ping (fault)\n"), "{chart}");
}

#[test]
fn a_message_that_overtakes_another_is_an_unspecified_reception() {
    let sender = "machine Sender { initial state Ready; final state Sent; event Go; action SendA; action SendB;
        Ready -> Sent on Go / SendA, SendB; }";
    let receiver = "machine Receiver { unhandled = warn; initial state Wait; state GotA; final state Done;
        event A; event B; Wait -> GotA on A; GotA -> Done on B; }";
    let system = |faults: &str| {
        let text = format!(
            "system Order {{ instance s = \"sender.fsm\"; instance r = \"receiver.fsm\";
            channel c {{ A, B }} capacity 2 {faults}; send s.SendA -> c.A; send s.SendB -> c.B;
            receive c.A -> r.A; receive c.B -> r.B; environment s.Go always; }}"
        );
        let mut read = |path: &str| Ok(if path == "sender.fsm" { sender } else { receiver }.to_owned());
        verify::check(&text, &mut read).system.unwrap()
    };
    // In order: Ready/Wait, Sent/Wait [A, B], Sent/GotA [B], Sent/Done, all final: no violation.
    let report = verify::explore(&system(""), Bounds::default());
    assert_eq!(report.states, 4);
    assert!(report.violations.is_empty());
    let reordering = system("reordering");
    let report = verify::explore(&reordering, Bounds::default());
    assert_eq!(report.states, 5);
    let v = &report.violations[0];
    assert_eq!(v.property, verify::Property::UnspecifiedReception);
    assert!(matches!(v.trace[2], verify::step::Move::Reorder { channel: 0, position: 1, message: 1 }), "{:?}", v.trace);
    assert!(render::problem_text(&reordering, v).contains("B at the head of c arrives at r as B in state Wait"));
}

#[test]
fn a_message_that_becomes_too_many_events_is_refused() {
    let events = vec!["q.Ping"; 17].join(", ");
    let text = format!(
        "system S {{ instance q = \"ponger.fsm\"; channel c {{ Ping }} capacity 1; receive c.Ping -> {events}; }}"
    );
    let checked = verify::check(&text, &mut |_| Ok(PONGER.to_owned()));
    assert_eq!(checked.diagnostics.len(), 1, "{:?}", checked.diagnostics);
    assert_eq!(checked.diagnostics[0].code, Code::TooLarge);
    assert!(checked.diagnostics[0].message.contains("the number of events `c.Ping` becomes"));
}

#[test]
fn an_invariant_over_a_variable_finds_numdwa_left_at_minus_one() {
    // Row 19 marks an expiry with a DWR pending by NumDWA = -1, and row 18 leaves REOPEN for
    // DOWN without resetting it (row 21 does, on the way back): by design, NumDWA means
    // something only in REOPEN, and the checker finds the 5 moves that show it.
    let text = "system Alone { instance wa = \"watchdog.fsm\";
        environment wa.TwExpiry always; environment wa.ConnectionUp always; environment wa.ConnectionDown always;
        invariant numdwa: wa.NumDWA >= 0 || wa == REOPEN;
        invariant pending: !(wa.Pending == true && wa == INITIAL); }";
    let system = verify::check(text, &mut |_| Ok(WATCHDOG.to_owned())).system.unwrap();
    let report = verify::explore(&system, Bounds::default());
    assert_eq!((report.states, report.transitions), (9, 18));
    assert_eq!(report.violations.len(), 1);
    let v = &report.violations[0];
    assert_eq!(v.property, verify::Property::Invariant(0));
    assert_eq!(render::moves(v), 5);
    let chart = render::chart_text(&system, v);
    assert!(
        chart.contains("wa: TwExpiry: REOPEN -> DOWN / CloseConnection, SetWatchdog [RFC 3539 App. A row 18]"),
        "{chart}"
    );
    assert!(chart.contains("        in: wa=DOWN\n"), "{chart}");
}

#[test]
fn a_lost_ping_strands_the_pinger_away_from_its_home_state() {
    let text = "system PingPong { instance p = \"pinger.fsm\"; instance q = \"ponger.fsm\";
        channel ping { Ping } capacity 1 loss; channel pong { Pong } capacity 1;
        send p.SendPing -> ping.Ping; send q.SendPong -> pong.Pong;
        receive ping.Ping -> q.Ping; receive pong.Pong -> p.Pong; environment p.Go always;
        end p in Idle, Waiting; end q in Ready; home idle: p == Idle; }";
    let mut read = |path: &str| Ok(if path == "pinger.fsm" { PINGER } else { PONGER }.to_owned());
    let system = verify::check(text, &mut read).system.unwrap();
    let report = verify::explore(&system, Bounds::default());
    // Waiting with nothing in flight is an end state here, so no deadlock: but Idle is out of
    // reach from it, and the shortest way there is start, Go, the loss.
    assert_eq!(report.violations.len(), 1, "{:?}", report.violations);
    let v = &report.violations[0];
    assert_eq!(v.property, verify::Property::Home(0));
    assert_eq!(render::moves(v), 2);
    assert!(render::problem_text(&system, v).contains("home idle: no path from here reaches it"));
    // Without the loss, Idle is always within reach.
    let reliable = verify::check(&text.replace("capacity 1 loss", "capacity 1"), &mut read).system.unwrap();
    assert!(verify::explore(&reliable, Bounds::default()).violations.is_empty());
    // On a partial exploration the property is not decided.
    let report = verify::explore(&system, Bounds { max_states: 2, max_depth: 100 });
    let summary = render::summary(&system, &report);
    assert!(
        summary.lines().any(|l| l.starts_with("  home idle ") && l.ends_with(" not decided: it needs every state")),
        "{summary}"
    );
}

#[test]
fn an_agreement_at_quiescence_is_checked_only_with_nothing_in_flight() {
    let system = |faults: &str| {
        let text = format!(
            "system PingPong {{ instance p = \"pinger.fsm\"; instance q = \"ponger.fsm\";
            channel ping {{ Ping }} capacity 1 {faults}; channel pong {{ Pong }} capacity 1;
            send p.SendPing -> ping.Ping; send q.SendPong -> pong.Pong;
            receive ping.Ping -> q.Ping; receive pong.Pong -> p.Pong; environment p.Go always;
            end p in Idle, Waiting; end q in Ready;
            invariant settled at quiescence: p == Idle; invariant idle: p == Idle; }}"
        );
        let mut read = |path: &str| Ok(if path == "pinger.fsm" { PINGER } else { PONGER }.to_owned());
        verify::check(&text, &mut read).system.unwrap()
    };
    // Reliable: the pinger waits only while a Ping or a Pong is in flight.
    let reliable = system("");
    let report = verify::explore(&reliable, Bounds::default());
    assert_eq!(report.violations.len(), 1);
    assert_eq!(report.violations[0].property, verify::Property::Invariant(1));
    assert_eq!(render::moves(&report.violations[0]), 1);
    assert!(render::summary(&reliable, &report).contains("invariant settled at quiescence"));
    // Lossy: a lost Ping leaves it waiting with nothing in flight.
    let lossy = system("loss");
    let report = verify::explore(&lossy, Bounds::default());
    let v = report.violations.iter().find(|v| v.property == verify::Property::Invariant(0)).unwrap();
    assert_eq!(render::moves(v), 2);
}

/// Found by the `system` fuzz target: a NUL in the system text reached the terminal raw in the
/// rendered diagnostic. Control characters are now shown as a spec's are (`␀`), and a long line
/// only by a window around the problem.
#[test]
fn a_rendered_diagnostic_shows_control_characters_visibly_and_long_lines_in_part() {
    let text = format!("system S {{\n    envi\0\0ronment wa.Nope always;{}\n}}\n", " ".repeat(100_000));
    let checked = verify::check(&text, &mut |_: &str| Err("no file".to_owned()));
    assert!(!checked.diagnostics.is_empty());
    let rendered = verify::diag::render("s.fsys", &text, &checked.diagnostics, false);
    assert!(!rendered.chars().any(|c| c.is_control() && c != '\n' && c != '\t'), "{rendered:?}");
    assert!(rendered.contains("envi␀␀ronment"), "{rendered}");
    assert!(rendered.len() < 2_000, "{} octets", rendered.len());
}

/// An instance whose spec has errors: the spec's diagnostics and one pointing at the instance,
/// not an "unknown instance" at every later use of its name.
#[test]
fn an_instance_whose_spec_fails_is_not_reported_again_at_each_use() {
    let (checked, rendered) = check_file(Path::new(&repo("tests/data/systems/err/v0003_spec_errors.fsys")));
    assert!(checked.diagnostics.iter().all(|d| d.code == Code::SpecErrors), "{rendered}");
    assert!(!rendered.contains("unknown instance"), "{rendered}");
}

/// Explores a system file and returns it with its report.
fn explored(path: &Path) -> (verify::System, verify::Report) {
    let (checked, rendered) = check_file(path);
    let system = checked.system.unwrap_or_else(|| panic!("{}: {rendered}", path.display()));
    let report = verify::explore(&system, Bounds { max_states: 100_000, max_depth: 1_000 });
    (system, report)
}

/// Every violation of every system here, seeded bugs included, replayed instance by instance
/// by `fsm observe` against the instance's own spec: what the exploration says each instance
/// did, its spec allows, step for step, with the parameters the system gives.
#[test]
fn each_instances_part_of_a_violation_replays_in_fsm_observe() {
    let scratch = tempfile_dir("traces");
    // The SIP client over a reliable transport (a parameter other than its default), with an
    // invariant it breaks as soon as it sends the INVITE.
    let sip = std::fs::read_to_string(repo("tests/data/systems/sip_transport.fsys")).unwrap();
    let sip = sip
        .replace("    end server in Listening;", "    end server in Listening;\n    invariant idle: client == Idle;");
    let sip = sip.replace("\"../ok/", &format!("\"{}/", repo("tests/data/ok")));
    std::fs::write(scratch.join("sip.fsys"), sip).unwrap();
    std::fs::copy(repo("tests/data/systems/invite_sink.fsm"), scratch.join("invite_sink.fsm")).unwrap();
    let mut files = vec![scratch.join("sip.fsys")];
    for dir in ["tests/data/systems/bugs", "specs/systems"] {
        let mut found: Vec<_> = std::fs::read_dir(repo(dir)).unwrap().map(|e| e.unwrap().path()).collect();
        found.retain(|p| p.extension().is_some_and(|e| e == "fsys"));
        found.sort();
        files.extend(found);
    }
    let (mut replayed, mut with_params) = (0, 0);
    for file in &files {
        let (system, report) = explored(file);
        for v in &report.violations {
            for (instance, text) in system.instances.iter().zip(render::instance_traces(&system, v)) {
                let trace = fsm_cli::observe::read_trace(&instance.machine, &text, &Default::default())
                    .unwrap_or_else(|e| panic!("{}: {e}\n{text}", file.display()));
                with_params += usize::from(text.starts_with("{\"params\":"));
                let outcome = fsm_cli::observe::observe(&instance.machine, &trace);
                assert!(
                    outcome.deviations.is_empty(),
                    "{} {}: {:?}\n{text}",
                    file.display(),
                    instance.name,
                    outcome.deviations
                );
                replayed += trace.steps.len();
            }
        }
    }
    assert!(replayed >= 17, "{replayed} steps replayed");
    assert_eq!(with_params, 1, "the SIP client's trace gives its parameter");
    std::fs::remove_dir_all(scratch).unwrap();
}

#[test]
fn the_command_writes_each_instances_trace_and_the_json_report_holds_them() {
    let dir = tempfile_dir("traces-cli");
    let out = dir.join("out");
    let r = verify("tests/data/systems/bugs/overflow.fsys", &["--traces", &out.to_string_lossy()]);
    assert_eq!(r.code, 1, "{}{}", r.out, r.err);
    let mut written: Vec<String> =
        std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    written.sort();
    assert_eq!(
        written,
        [
            "channel_overflow.ra.jsonl",
            "channel_overflow.rb.jsonl",
            "channel_overflow.wa.jsonl",
            "channel_overflow.wb.jsonl"
        ]
    );
    let wa = std::fs::read_to_string(out.join("channel_overflow.wa.jsonl")).unwrap();
    assert_eq!(
        wa.lines().next(),
        Some(r#"{"event":"ConnectionUp","actions":["SetWatchdog"],"state":"OKAY","note":"move 1: environment"}"#)
    );
    let r = verify("tests/data/systems/bugs/overflow.fsys", &["--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(doc["violations"][0]["traces"]["wa"].as_str(), Some(wa.as_str()));
    std::fs::remove_dir_all(dir).unwrap();
}

/// The systems whose reachable configurations the exploration's own tests walk: those of the
/// repository and the seeded bugs (overflows, unspecified receptions, a deferred message, a
/// deadlock among them).
const WALKED: [&str; 7] = [
    "specs/systems/iua_restart.fsys",
    "specs/systems/diameter_election.fsys",
    "specs/systems/watchdog_pair.fsys",
    "tests/data/systems/bugs/overflow.fsys",
    "tests/data/systems/bugs/unspecified.fsys",
    "tests/data/systems/bugs/deferred.fsys",
    "tests/data/systems/bugs/deadlock.fsys",
];

/// The checked system of a file of the repository.
fn system_of(path: &str) -> verify::System {
    let (checked, _) = check_file(Path::new(&repo(path)));
    checked.system.unwrap_or_else(|| panic!("{path}: {:?}", checked.diagnostics))
}

/// The watchdog pair over channels of three messages with every fault: several messages of two
/// kinds in a channel, so that losses, duplications and reorderings all apply.
fn watchdog_pair_with_every_fault() -> verify::System {
    let text = std::fs::read_to_string(repo("specs/systems/watchdog_pair.fsys")).unwrap();
    let text = text.replace("capacity 2 loss;", "capacity 3 loss duplication reordering;");
    assert_eq!(text.matches("capacity 3 loss duplication reordering;").count(), 2);
    let dir = repo("specs/systems");
    let checked = verify::check(&text, &mut |path: &str| {
        std::fs::read_to_string(Path::new(&dir).join(path)).map_err(|e| e.to_string())
    });
    checked.system.unwrap_or_else(|| panic!("{:?}", checked.diagnostics))
}

/// The exploration makes the channels' faults by editing packed configurations
/// (`step::faults_packed`): on every configuration of the watchdog pair with every fault, they
/// are the faults that `step::successors` lists after its steps, packed, in the same order, as
/// the traces' replay needs.
#[test]
fn faults_made_on_packed_configurations_are_the_successors_faults() {
    use verify::step;
    let system = watchdog_pair_with_every_fault();
    let prefix = step::instance_octets(&system);
    let (start, mut seen) = (step::initial(&system).unwrap().1, std::collections::HashSet::new());
    let mut queue = std::collections::VecDeque::from([start]);
    let (mut faults, mut steps, mut packed) = (step::Packed::default(), Vec::new(), Vec::new());
    // Losses, duplications and reorderings checked.
    let mut kinds = [0usize; 3];
    while let Some(config) = queue.pop_front() {
        if seen.len() >= 20_000 || !seen.insert(config.clone()) {
            continue;
        }
        let all = step::successors(&system, &config);
        step::steps_into(&system, &config, &mut steps, &mut step::Scratch::new(true));
        step::pack(&system, &config, &mut packed);
        step::faults_packed(&system, &packed, prefix, &mut faults);
        let listed = &all[steps.len()..];
        assert_eq!(listed.len(), faults.len(), "{config:?}");
        for (k, outcome) in listed.iter().enumerate() {
            let Ok((m, next)) = outcome else { panic!("a fault is a move: {outcome:?}") };
            kinds[match m {
                step::Move::Lose { .. } => 0,
                step::Move::Duplicate { .. } => 1,
                step::Move::Reorder { .. } => 2,
                _ => panic!("a fault is a loss, a duplication or a reordering: {m:?}"),
            }] += 1;
            step::pack(&system, next, &mut packed);
            assert_eq!(faults.get(k), packed.as_slice(), "{m:?} out of {config:?}");
            assert_eq!(&step::unpack(&system, faults.get(k)), next);
        }
        queue.extend(all.into_iter().filter_map(Result::ok).map(|(_, next)| next));
    }
    // Every kind of fault came up, many times.
    assert!(seen.len() >= 1_000 && kinds.iter().all(|&n| n >= 1_000), "{} configurations, {kinds:?}", seen.len());
}

/// The exploration steps instances without recording the moves (`Scratch::new(false)`), and
/// names a move by its place in the list: on every reachable configuration of the systems of
/// the repository and of the seeded bugs (overflows and unspecified receptions among them),
/// the moves made without a record reach the same configurations, or run into the same
/// problems, in the same order, as the recorded ones; only the record is missing.
#[test]
fn unrecorded_steps_are_the_recorded_steps_in_the_same_order() {
    use verify::step::{self, Move, Problem, Scratch};
    let mut problems = [0usize; 2];
    for path in WALKED {
        let system = system_of(path);
        let Ok((_, start)) = step::initial(&system) else { continue };
        let mut seen = std::collections::HashSet::new();
        let mut queue = std::collections::VecDeque::from([start]);
        let (mut recorded, mut unrecorded, mut lean) = (Vec::new(), Vec::new(), Scratch::new(false));
        while let Some(config) = queue.pop_front() {
            if !seen.insert(config.clone()) {
                continue;
            }
            step::steps_into(&system, &config, &mut recorded, &mut Scratch::new(true));
            step::steps_into(&system, &config, &mut unrecorded, &mut lean);
            assert_eq!(recorded.len(), unrecorded.len(), "{path}: {config:?}");
            for (full, bare) in recorded.iter().zip(&unrecorded) {
                match (full, bare) {
                    (Ok((m, next)), Ok((bare_move, bare_next))) => {
                        assert_eq!(next, bare_next, "{path}: {m:?} out of {config:?}");
                        match (m, bare_move) {
                            (
                                Move::Deliver { channel, message, .. },
                                Move::Deliver { channel: c, message: n, steps },
                            ) => {
                                assert_eq!((channel, message), (c, n));
                                assert!(steps.is_empty());
                            }
                            (Move::Environment { step }, Move::Environment { step: bare_step }) => {
                                assert_eq!(
                                    (step.instance, step.event, step.to),
                                    (bare_step.instance, bare_step.event, bare_step.to)
                                );
                                assert!(bare_step.actions.is_empty());
                            }
                            _ => panic!("{path}: {m:?} made as {bare_move:?}"),
                        }
                    }
                    (
                        Err(Problem::Overflow { channel, message, .. }),
                        Err(Problem::Overflow { channel: c, message: n, .. }),
                    ) => {
                        assert_eq!((channel, message), (c, n), "{path}: out of {config:?}");
                        problems[0] += 1;
                    }
                    (Err(unspecified @ Problem::Unspecified { .. }), Err(bare)) => {
                        assert_eq!(unspecified, bare, "{path}: out of {config:?}");
                        problems[1] += 1;
                    }
                    _ => panic!("{path}: {full:?} made as {bare:?} out of {config:?}"),
                }
            }
            queue.extend(step::successors(&system, &config).into_iter().filter_map(Result::ok).map(|(_, next)| next));
        }
    }
    // Both kinds of problem came up.
    assert!(problems.iter().all(|&n| n > 0), "{problems:?}");
}

/// The exploration (packed configurations, moves made without a record, faults made on the
/// packed octets) counts what a plain breadth-first search over `step::successors`, storing
/// whole configurations, counts: the same states, moves and depth, on the systems of the
/// repository, the seeded bugs, and the watchdog pair over channels of three messages with
/// every fault.
#[test]
fn the_exploration_counts_what_a_plain_search_over_the_successors_counts() {
    use verify::step;
    let systems = WALKED.iter().map(|&path| (path, system_of(path)));
    for (path, system) in systems.chain([("the watchdog pair with every fault", watchdog_pair_with_every_fault())]) {
        let report = verify::explore(&system, Bounds::default());
        assert!(report.stopped.is_none(), "{path}");
        let Ok((_, start)) = step::initial(&system) else {
            assert_eq!(report.states, 0, "{path}");
            continue;
        };
        let mut seen = std::collections::HashSet::from([start.clone()]);
        let (mut level, mut depth, mut transitions) = (vec![start], 0, 0);
        loop {
            let mut next = Vec::new();
            for config in &level {
                let moves = step::successors(&system, config);
                transitions += moves.len();
                for (_, reached) in moves.into_iter().filter_map(Result::ok) {
                    if seen.insert(reached.clone()) {
                        next.push(reached);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            depth += 1;
            level = next;
        }
        assert_eq!((report.states, report.transitions, report.depth), (seen.len(), transitions, depth), "{path}");
    }
}
