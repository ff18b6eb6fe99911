//! The compiler never panics, whatever the text: random text and pathological inputs go through
//! the parser and the checker, and whatever checks clean also generates its Rust (and its DOT,
//! with `dot`). The tool's stages (formatter, interpreter, JSON, Markdown) are exercised on the
//! same kinds of input, and on token soup and edited specs, by `fsm-cli`'s `robustness` tests.

use fsm_dsl::diag::{self, Source};
use proptest::prelude::*;

/// Runs every stage of the compiler that accepts the text.
fn exercise(text: &str) {
    let compiled = fsm_dsl::compile(text);
    let _ = diag::render(Source { name: "fuzz.fsm", text }, &compiled.diagnostics, true);
    for d in &compiled.diagnostics {
        assert!(d.primary.span.start() <= d.primary.span.end() && d.primary.span.end() <= text.len(), "{d:?}");
    }
    if let Some(m) = &compiled.machine {
        assert!(!compiled.has_errors());
        // The transition table too, where this build has its generator (`cargo test -p fsm-dsl`
        // alone does not).
        let options = fsm_dsl::codegen::Options { transitions: cfg!(feature = "transitions"), ..Default::default() };
        let tokens = fsm_dsl::codegen::generate(m, &options).to_string();
        assert!(!tokens.contains("compile_error"), "{tokens}");
        #[cfg(feature = "dot")]
        let _ = fsm_dsl::dot::render(m);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        exercise(&text);
        exercise(&format!("machine M {{ {text} }}"));
    }
}

#[test]
fn pathological_inputs() {
    for text in [
        "",
        "machine",
        "machine M {",
        "machine M { }",
        "\u{feff}machine M { initial state A; }",
        "machine M { initial state A; var x: -9223372036854775808..=9223372036854775807 = 0; }",
        "machine M { initial state A; event E; var x: 0..=3 = 0; internal A on E / x -= -9223372036854775808; }",
        "machine M { initial state A; event E; var x: 0..=3 = 0; internal A on E [x < 99999999999999999999]; }",
        "machine M { ref \"\\",
        &"machine M { ".repeat(1000),
        &format!(
            "machine M {{ initial state A; event E; guard g; internal A on E [{}g{}]; }}",
            "(".repeat(10_000),
            ")".repeat(10_000)
        ),
    ] {
        exercise(text);
    }
}

/// A comment or a doc comment that runs to the end of the file is read a character range at a
/// time (`line_rest`); where the file ends there, pest's expected tokens include those ranges
/// (`\0..\t`, ...), and the error says what may follow without naming any of them: only the
/// ranges of letters and digits are described, as a name and an integer.
#[test]
fn a_comment_that_ends_the_file_leaves_the_expected_items_alone() {
    let items = "`}` or an item (`state`, `initial`, `final`, `event`, `action`, `group`, `guard`, `timer`, \
                 `var`, `output`, `param`, `ref`, `ignore`, `internal`, `error`, `unhandled`, `diagram` or a transition)";
    for (text, expected) in [
        ("/// a doc comment, and no machine", "expected `machine` or a doc comment, found end of file".to_owned()),
        ("// a comment\n/// a doc comment\u{1}", "expected `machine` or a doc comment, found end of file".to_owned()),
        ("machine M {\n  state A;\n  // a comment\u{1} at the end", format!("expected {items}, found end of file")),
        ("machine M {\n  state A;\n  // a comment", format!("expected {items}, found end of file")),
        (
            "machine M {\n  state A;\n  /// a doc comment\u{1}",
            "expected `#`, `*`, `action`, `diagram`, `error`, `event`, \
          `final`, `group`, `guard`, `ignore`, `initial`, `internal`, `output`, `param`, `ref`, `state`, `timer`, \
          `unhandled`, `var`, a doc comment, a name or an attribute (`#[allow(W0002)]`), found end of file"
                .to_owned(),
        ),
    ] {
        let (_, diagnostics) = fsm_dsl::syntax::parse(text);
        let messages: Vec<&str> = diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, [expected.as_str()], "{text:?}");
    }
}

/// A string that does not end on its line is marked to the line's end, without the `\r` of a
/// CRLF line end (which would put the carets past the text).
#[test]
fn an_unterminated_string_is_marked_to_its_line_end_crlf_or_not() {
    for end in ["\n", "\r\n"] {
        let text = ["machine M {", "  initial state A;", "  event E \"open;", "  internal A on E;", "}", ""].join(end);
        let (_, diagnostics) = fsm_dsl::syntax::parse(&text);
        let [d] = diagnostics.as_slice() else { panic!("{diagnostics:?}") };
        assert_eq!(d.message, "this string does not end on its line");
        assert_eq!(&text[d.primary.span.start()..d.primary.span.end()], "\"open;", "{end:?}");
    }
}
