//! System text (the `.fsys` files of `fsm verify`): read and resolved against two specs of the
//! repository and one spec taken from the input; whatever comes out is bounded and printable;
//! a system that resolves is explored within small bounds, its report keeps to them and renders,
//! each violation's message sequence chart renders, and its Promela export, where the system has
//! one, is a whole model (one active process, closed); the formatter lays out what parses and
//! leaves its own output as it is.
//!
//! The input is a system text, optionally followed by a line `---` and the text of `fuzz.fsm`,
//! which the system may name as an instance's spec; it may also name `watchdog.fsm` (RFC 3539's
//! watchdog) and `dwa_responder.fsm` (the watchdog pair's DWR answerer). Any other path cannot
//! be read.

use fsm_cli::verify::{self, explore, promela, render};

const WATCHDOG: &str = include_str!("../../specs/rfc3539_watchdog.fsm");
const RESPONDER: &str = include_str!("../../specs/systems/dwa_responder.fsm");

/// Most configurations an exploration of a fuzzed system stores.
const MAX_STATES: usize = 2_000;

/// The properties, on one input.
pub fn run(data: &[u8]) {
    let input = String::from_utf8_lossy(data);
    let (text, spec) = input.split_once("\n---\n").unwrap_or((&input, ""));
    let mut read = |path: &str| match path {
        "watchdog.fsm" => Ok(WATCHDOG.to_owned()),
        "dwa_responder.fsm" => Ok(RESPONDER.to_owned()),
        "fuzz.fsm" => Ok(spec.to_owned()),
        other => Err(format!("no file `{other}` here")),
    };
    // The formatter: no panic; what it lays out it leaves as it is, and it refuses only what
    // does not parse (an internal error is a bug of the formatter).
    match verify::fmt::format(text) {
        Ok(formatted) => assert_eq!(verify::fmt::format(&formatted).ok().as_deref(), Some(formatted.as_str())),
        Err(verify::fmt::Error::Syntax(_)) => {}
        Err(error) => panic!("{error}"),
    }
    let checked = verify::check(text, &mut read);
    for d in &checked.diagnostics {
        assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "{d:?}");
        assert!(!d.message.is_empty());
    }
    let rendered = verify::diag::render("fuzz.fsys", text, &checked.diagnostics, false);
    // What reaches a terminal holds no control character but line ends and tabs.
    assert!(!rendered.chars().any(|c| c.is_control() && c != '\n' && c != '\t'), "{rendered:?}");
    for spec in &checked.specs {
        assert!(!spec.diagnostics.is_empty(), "a spec reported with errors has some");
    }
    let Some(system) = checked.system else {
        assert!(
            !checked.diagnostics.is_empty() || !checked.specs.is_empty(),
            "a system that does not resolve says why"
        );
        return;
    };
    assert!(checked.diagnostics.is_empty(), "a system came out of a text with problems");

    let report = explore::explore(&system, explore::Bounds { max_states: MAX_STATES, max_depth: 200 });
    assert!(report.states <= MAX_STATES, "{} configurations stored", report.states);
    assert!(report.depth <= 200);
    assert!(report.packed_bytes <= report.memory_bytes);
    assert!(!render::summary(&system, &report).is_empty());
    let json = render::summary_json(&system, &report);
    assert!(json.is_object(), "{json}");
    for v in &report.violations {
        assert!(!render::problem_text(&system, v).is_empty());
        assert!(render::moves(v) <= report.depth + 1, "a violation is no deeper than the exploration");
    }
    if let Ok(model) = promela::promela(&system, "fuzz.fsys") {
        // One process, whose body closes the model.
        assert!(model.contains("active proctype "), "{model}");
        assert!(model.trim_end().ends_with('}'), "{model}");
    }
}
