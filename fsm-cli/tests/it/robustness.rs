//! The front end never panics, whatever the text: random bytes, random token soup, and random
//! edits of the real specs. Whatever checks clean also renders (DOT, Markdown, Rust) and
//! simulates without panicking. Whatever parses formats (`fsm fmt`) to the same syntax tree
//! and comments, and formats again to itself.

use fsm_cli::interp::Interpreter;
use fsm_dsl::diag::{self, Source};
use fsm_dsl::ir::EventId;
use proptest::prelude::*;

const FAILOVER: &str = include_str!("../../../specs/failover.fsm");
const IUA_AS: &str = include_str!("../../../specs/iua_as.fsm");

/// Runs every stage that accepts the text.
fn exercise(text: &str) {
    let compiled = fsm_dsl::compile(text);
    let source = Source { name: "fuzz.fsm", text };
    let _ = diag::render(source, &compiled.diagnostics, true);
    for d in &compiled.diagnostics {
        assert!(d.primary.span.start() <= d.primary.span.end() && d.primary.span.end() <= text.len(), "{d:?}");
        let _ = fsm_cli::json::diagnostic(source, d);
    }
    match fsm_cli::fmt::format(text) {
        // `format` has compared the trees, the comments and a second run.
        Ok(formatted) => assert_eq!(fsm_cli::fmt::format(&formatted).unwrap(), formatted),
        Err(fsm_cli::fmt::Error::Syntax(_)) => {}
        Err(e) => panic!("{e}:\n{text}"),
    }
    if let Some(m) = &compiled.machine {
        assert!(!compiled.has_errors());
        let _ = fsm_dsl::dot::render(m);
        let _ = fsm_cli::markdown::render(m, "fuzz.fsm", Some("fuzz.svg"));
        let _ = fsm_dsl::codegen::generate(m, &fsm_dsl::codegen::Options { transitions: true, ..Default::default() });
        let (mut it, _) = Interpreter::start(m);
        for i in 0..50 {
            let guards = vec![i % 3 == 0; m.guards.len()];
            let _ = it.step(EventId(i % m.events.len().max(1)), &guards);
        }
    }
}

const TOKENS: &[&str] = &[
    "machine",
    "M",
    "{",
    "}",
    "state",
    "initial",
    "final",
    "event",
    "action",
    "guard",
    "timer",
    "var",
    "ref",
    "\"x\"",
    "on",
    "internal",
    "ignore",
    "in",
    "except",
    "else",
    "entry",
    "exit",
    "start",
    "stop",
    "unhandled",
    "=",
    "error",
    "warn",
    ";",
    ",",
    "->",
    "*",
    "[",
    "]",
    "(",
    ")",
    "!",
    "&&",
    "||",
    "==",
    "<",
    ">=",
    "/",
    "+=",
    "-=",
    "A",
    "B",
    "E",
    "g",
    "T",
    "TExpiry",
    "n",
    ":",
    "bool",
    "0",
    "-1",
    "..=",
    "3",
    "true",
    "false",
    "///",
    "//",
    "\n",
    "99999999999999999999",
];

fn token_soup() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(TOKENS), 0..120).prop_map(|t| t.join(" "))
}

/// A real spec with a few random edits: cut a range, or insert a token.
fn edited(base: &'static str) -> impl Strategy<Value = String> {
    let edit = (any::<prop::sample::Index>(), 0usize..40, proptest::sample::select(TOKENS), any::<bool>());
    proptest::collection::vec(edit, 1..6).prop_map(move |edits| {
        let mut text = base.to_owned();
        for (at, len, token, cut) in edits {
            let mut start = at.index(text.len().max(1)).min(text.len());
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            if cut {
                let mut end = (start + len).min(text.len());
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                text.replace_range(start..end, "");
            } else {
                text.insert_str(start, token);
            }
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        exercise(&text);
    }

    #[test]
    fn token_soup_never_panics(text in token_soup()) {
        exercise(&format!("machine M {{ {text} }}"));
        exercise(&text);
    }

    #[test]
    fn edited_failover_never_panics(text in edited(FAILOVER)) {
        exercise(&text);
    }

    #[test]
    fn edited_iua_as_never_panics(text in edited(IUA_AS)) {
        exercise(&text);
    }
}

#[test]
fn pathological_inputs() {
    for text in [
        "",
        "machine",
        "machine M {",
        "machine M { }",
        "machine M { initial state A; }",
        "\u{feff}machine M { initial state A; }",
        "machine M { initial state A; event E; internal A on E [((((((((((g))))))))))]; }",
        "machine M { initial state A; var x: -9223372036854775808..=9223372036854775807 = 0; }",
        "machine M { initial state A; event E; var x: 0..=3 = 0; internal A on E / x -= -9223372036854775808; }",
        "machine M { initial state A; event E; var x: 0..=3 = 0; internal A on E [x < 99999999999999999999]; }",
        "machine M { ref \"\\",
        "machine M { initial state A \"\u{1F600}\"; event E; internal A on E; }",
        &"machine M { ".repeat(1000),
        &format!(
            "machine M {{ initial state A; event E; guard g; internal A on E [{}g{}]; }}",
            "(".repeat(10_000),
            ")".repeat(10_000)
        ),
        &format!("machine M {{ initial state A; event E; guard g; internal A on E [{}g]; }}", "!".repeat(10_000)),
    ] {
        exercise(text);
    }
}
