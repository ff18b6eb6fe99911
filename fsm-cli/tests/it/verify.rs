//! `fsm verify`'s system descriptions: every diagnostic code of `tests/data/systems/err`, all
//! problems in one run, no panic on any system text, and the exploration of a system small
//! enough to count by hand.

use fsm_cli::verify::{self, Bounds, diag::Code};
use proptest::prelude::*;
use std::path::Path;

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path).to_string_lossy().into_owned()
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
fn the_readme_lists_every_code() {
    let readme = std::fs::read_to_string(repo("README.md")).unwrap();
    for code in Code::ALL {
        let row = format!("| {} | {} |", code.as_str(), code.title());
        assert!(readme.contains(&row), "README.md lacks the row `{row}`");
    }
}

const PAIR: &str = include_str!("../../../specs/systems/watchdog_pair.fsys");
const WATCHDOG: &str = include_str!("../../../specs/rfc3539_watchdog.fsm");
const RESPONDER: &str = include_str!("../../../specs/systems/dwa_responder.fsm");

/// Every stage on a system text whose specs are read from memory: a diagnostic's span lies in
/// the text, and a system that checks has its instances.
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
        assert!(!system.instances.is_empty());
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
    "i",
    ":",
    "==",
    "!=",
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
