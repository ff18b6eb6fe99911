//! `fsm fmt` never changes what a spec means and is idempotent: on every spec of the repository
//! (those with checker errors included) and on random specs laid out at random with comments,
//! the formatted text parses to the same syntax tree (spans aside), checks to the same
//! diagnostics and generates the same Rust, keeps every comment once and in order, and is left
//! as it is by a second run. The layout does not depend on the input's: a spec with its white
//! space changed at random formats to the same text.

use crate::support::random_spec::{rule, spec};
use fsm_cli::fmt::{self, Error};
use proptest::prelude::*;
use std::path::Path;

/// The `//` comments of a spec, read here independently of the formatter: outside strings,
/// not doc comments (`///`, but `////` is a comment), without trailing white space.
fn comments(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut i = 0;
    let bytes = text.as_bytes();
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if text[i..].starts_with("//") => {
                let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
                let line = &text[i..end];
                let doc = line.starts_with("///") && !line.starts_with("////");
                if !doc {
                    found.push(line.trim_end().to_owned());
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    found
}

/// What a spec means, as far as every output can tell: its syntax tree without spans, its
/// diagnostics (code and message), and the generated Rust when it checks.
fn meaning(text: &str) -> (String, Vec<String>, Option<String>) {
    let compiled = fsm_dsl::compile(text);
    let tree = compiled.ast.as_ref().map(fmt::without_spans).unwrap_or_default();
    let diagnostics = compiled.diagnostics.iter().map(|d| format!("{:?} {}", d.code, d.message)).collect();
    let rust = compiled
        .machine
        .as_ref()
        .map(|m| fsm_dsl::codegen::generate(m, &fsm_dsl::codegen::Options::default()).to_string());
    (tree, diagnostics, rust)
}

/// Formats `text` and checks every property; returns the formatted text.
fn faithful(text: &str) -> String {
    let formatted = fmt::layout(text).unwrap_or_else(|e| panic!("{e}:\n{text}")).text;
    assert_eq!(meaning(text), meaning(&formatted), "the meaning changed:\n{text}\n---\n{formatted}");
    assert_eq!(comments(text), comments(&formatted), "the comments changed:\n{text}\n---\n{formatted}");
    let again = fmt::layout(&formatted).unwrap().text;
    assert_eq!(formatted, again, "a second run changed the layout of\n{text}");
    // `format` checks the same on its own and accepts what `layout` produced.
    assert_eq!(fmt::format(text).unwrap(), formatted);
    formatted
}

fn specs_in(dir: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
    let mut specs: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "fsm"))
        .map(|p| (p.display().to_string(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    specs.sort();
    assert!(!specs.is_empty(), "no spec in {}", dir.display());
    specs
}

#[test]
fn every_spec_of_the_repository_formats_faithfully() {
    let mut formatted = 0;
    for dir in [
        "specs",
        "tests/data/ok",
        "tests/data/before",
        "tests/data/rewritten",
        "tests/data/flat",
        "tests/data/table",
        "tests/data/err",
    ] {
        for (path, text) in specs_in(dir) {
            match fmt::layout(&text) {
                Err(Error::Syntax(diagnostics)) => {
                    // Only a spec with a syntax error is refused.
                    assert!(dir == "tests/data/err", "{path} refused");
                    assert!(diagnostics.iter().any(|d| d.code == fsm_dsl::diag::Code::Syntax), "{path}");
                }
                Err(e) => panic!("{path}: {e}"),
                Ok(_) => {
                    faithful(&text);
                    formatted += 1;
                }
            }
        }
    }
    assert!(formatted > 60, "only {formatted} specs formatted");
}

#[test]
fn the_repository_specs_are_formatted_and_fit_in_100_columns() {
    for dir in ["specs", "tests/data/ok"] {
        for (path, text) in specs_in(dir) {
            let formatted = fmt::format(&text).unwrap();
            assert!(formatted == text, "{path} is not formatted: run `cargo fsm fmt {path}`");
            // Only what the formatter cannot break may be longer: a doc comment (its lines are
            // the item's documentation), a reference alone on its line.
            for (n, line) in text.lines().enumerate() {
                let unbreakable = line.trim_start().starts_with("///")
                    || line.trim_start().starts_with("ref \"") && line.matches("ref \"").count() == 1;
                assert!(
                    line.chars().count() <= fmt::MAX_WIDTH || unbreakable,
                    "{path}:{}: longer than 100 columns",
                    n + 1
                );
            }
        }
    }
}

/// The canonical layout of a spec that uses every construct, with comments everywhere.
#[test]
fn the_layout_by_example() {
    let text = r#"// header


/// The machine.
// between docs
/// More.
machine   M "m" {  // after the brace


    ref "x" ;   // trailing
    // on its own line

    unhandled=ignore;
    initial state A { // in the body
      entry X ; }
    state B {
    }
    state C { entry X, // inside a list
       Y; exit Z; timer T;
       // before the brace
    }
    state D "a label that makes the state far too long for one line" { entry X, Y; exit Z; timer T; }
    event E ( Vec < u8 > ) ;
    action X ; action Y; action Z = start T;
    #[allow(W0002, W0001)] // on the attribute
    timer T "t" = 2 s;
    output var n : 0..=3 = 0 ;
    var b: bool = false;
    A -> B // after the target
      on E [ !( n < 2 ) && (n>=1 || n == 0) ] / X, n += 1 ref "a";
    internal B on E /
    // before an effect
    Y;
    A, B, C -> D on E [!b && n == 3 && !(b || n == 2) && (n == 1 || b)] / X, Y, Z, n -= 1, b = true ref "a long reference" ref "another";
    ignore * in C otherwise;
    ignore E in D ref "one reference, and another that does not fit on the same line" ref "§1.2.3.4";
    diagram { direction = LR ; events=hide; }

    #![allow(W0003)]

}   // the end

// after
"#;
    let expected = r#"// header

/// The machine.
// between docs
/// More.
machine M "m" { // after the brace
    ref "x"; // trailing
    // on its own line

    unhandled = ignore;
    initial state A { // in the body
        entry X;
    }
    state B {}
    state C {
        entry X, // inside a list
            Y;
        exit Z;
        timer T;
        // before the brace
    }
    state D "a label that makes the state far too long for one line" {
        entry X, Y;
        exit Z;
        timer T;
    }
    event E(Vec < u8 >);
    action X;
    action Y;
    action Z = start T;
    #[allow(W0002, W0001)] // on the attribute
    timer T "t" = 2 s;
    output var n: 0..=3 = 0;
    var b: bool = false;
    A -> B // after the target
        on E [!(n < 2) && (n >= 1 || n == 0)] / X, n += 1 ref "a";
    internal B on E /
        // before an effect
        Y;
    A, B, C -> D on E [!b && n == 3 && !(b || n == 2) && (n == 1 || b)] / X, Y, Z, n -= 1, b = true
        ref "a long reference" ref "another";
    ignore * in C otherwise;
    ignore E in D
        ref "one reference, and another that does not fit on the same line" ref "§1.2.3.4";
    diagram { direction = LR; events = hide; }

    #![allow(W0003)]
} // the end

// after
"#;
    assert_eq!(faithful(text), expected);
}

#[test]
fn a_clause_too_long_for_a_line_breaks_inside() {
    let names: Vec<String> = (0..30).map(|i| format!("State{i}")).collect();
    let mut text = String::from("machine M {\n");
    for name in &names {
        text.push_str(&format!("    state {name};\n"));
    }
    text.push_str(&format!("    event E;\n    {} -> State0 on E;\n}}\n", names.join(", ")));
    let formatted = faithful(&text);
    let transition: Vec<&str> = formatted.lines().skip_while(|l| !l.contains("State0, State1,")).collect();
    assert!(transition.len() > 3, "{formatted}");
    assert!(transition[0].starts_with("    State0, State1,"), "{formatted}");
    assert!(transition[1].starts_with("        State"), "{formatted}");
    assert!(transition.iter().all(|l| l.chars().count() <= fmt::MAX_WIDTH), "{formatted}");
}

/// Found by the `spec` fuzz target: the formatter collapsed every Unicode white space in an
/// event's data type, a vertical tab too, which the grammar does not skip. `super::\u{B}Shared`
/// is not a path (E0020), `super:: Shared` is: the formatted spec meant something else, and
/// `fsm fmt` refused it as its own internal error. Only the grammar's white space is collapsed.
#[test]
fn white_space_the_grammar_does_not_skip_stays_in_an_events_data() {
    for odd in ['\u{B}', '\u{C}', '\u{85}', '\u{2028}'] {
        let text =
            format!("machine M {{\n    event E(super::{odd}Shared);\n    initial state A;\n    internal A on E;\n}}\n");
        assert!(fsm_dsl::compile(&text).has_errors(), "{text:?}");
        let formatted = faithful(&text);
        assert!(formatted.contains(&format!("super::{odd}Shared")), "{formatted:?}");
    }
    let spaced = "machine M {\n    event E(Vec< \t u8\r\n >);\n    initial state A;\n    internal A on E;\n}\n";
    assert!(faithful(spaced).contains("event E(Vec< u8 >);"));
}

#[test]
fn a_spec_with_a_syntax_error_is_refused_with_its_diagnostics() {
    let too_long = format!("machine M {{ {} }}", " ".repeat(fsm_dsl::MAX_SPEC_BYTES));
    for text in
        ["machine M { state A }", "machine M { ref \"\\q\"; }", "", "machine M { initial state A; } x", &too_long]
    {
        match fmt::format(text) {
            Err(Error::Syntax(diagnostics)) => assert!(!diagnostics.is_empty(), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

/// Random white space and comments between the tokens of a spec (`seps` picks one for each
/// place); doc comments only where an item ends.
fn relayout(text: &str, seps: &[u8]) -> String {
    const TRIVIA: &[&str] = &[" ", "\n", "\n\n\n   ", "\t", " // c\n", "\n// c\n\n", "  // c\n  // d\n"];
    let mut out = String::new();
    let mut k = 0;
    let pick = |out: &mut String, k: &mut usize, doc_allowed: bool| {
        let choice = usize::from(seps.get(*k).copied().unwrap_or(0));
        *k += 1;
        if doc_allowed && choice % 11 == 10 {
            out.push_str(&format!("\n/// doc {k}\n"));
        } else {
            out.push_str(&TRIVIA[choice % TRIVIA.len()].replace('c', &format!("c{k}")).replace('d', &format!("d{k}")));
        }
    };
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            let doc_allowed = out.ends_with(';') && chars.peek().is_some_and(|&c| c != '}');
            pick(&mut out, &mut k, doc_allowed);
        } else {
            if matches!(c, ';' | ',') && !out.ends_with(char::is_whitespace) && seps.get(k).is_some_and(|s| s % 3 == 0)
            {
                pick(&mut out, &mut k, false);
            }
            out.push(c);
        }
    }
    out
}

/// The white space of a spec changed without changing where lines or blank lines are: outside
/// strings and comments, each run of spaces becomes another run of spaces and tabs.
fn respace(text: &str, widths: &[u8]) -> String {
    let mut out = String::new();
    let mut k = 0;
    let mut in_string = false;
    let mut in_comment = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => in_comment = false,
            '"' if !in_comment => in_string = !in_string,
            '\\' if in_string => {
                out.push(c);
                if let Some(next) = chars.next() {
                    out.push(next);
                }
                continue;
            }
            '/' if !in_string && chars.peek() == Some(&'/') => in_comment = true,
            ' ' if !in_string && !in_comment => {
                while chars.peek() == Some(&' ') {
                    chars.next();
                }
                let w = widths.get(k).copied().unwrap_or(1);
                k += 1;
                out.push_str(if w % 4 == 0 { "\t" } else { " " });
                out.push_str(&" ".repeat(usize::from(w % 3)));
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_specs_laid_out_at_random_format_faithfully(
        states in 2..4usize,
        events in 1..3usize,
        rules in prop::collection::vec(rule(), 2..9),
        seps in prop::collection::vec(any::<u8>(), 0..400),
    ) {
        let text = relayout(&spec(states, events, &rules), &seps);
        faithful(&text);
    }
}

proptest! {
    // Each case formats a whole spec of the repository four times.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_layout_does_not_depend_on_the_spaces_of_the_input(
        which in 0..6usize,
        widths in prop::collection::vec(any::<u8>(), 0..2000),
    ) {
        let specs = specs_in("specs");
        let (path, text) = &specs[which % specs.len()];
        let respaced = respace(text, &widths);
        // `format` checks the tree, the comments and a second run itself.
        prop_assert_eq!(fmt::format(&respaced).unwrap(), fmt::format(text).unwrap(), "{}", path);
    }
}

/// `.fsys` files go through the system formatter: the repository's systems are formatted, and a
/// messy one is laid out, comments kept, by `fsm fmt` as for specs.
#[test]
fn system_descriptions_have_their_own_layout() {
    for dir in ["specs/systems", "tests/data/systems", "tests/data/systems/bugs"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
        for entry in std::fs::read_dir(path).unwrap() {
            let file = entry.unwrap().path();
            if file.extension().is_some_and(|e| e == "fsys") {
                let text = std::fs::read_to_string(&file).unwrap();
                assert_eq!(fsm_cli::verify::fmt::format(&text).unwrap(), text, "{} is not formatted", file.display());
            }
        }
    }
    let messy = "system S{instance a=\"a.fsm\";// the one\nchannel c{M}capacity 1;\n\n\n\nend a in A,B;}";
    let tidy = "system S {\n    instance a = \"a.fsm\"; // the one\n    channel c { M } capacity 1;\n\n    end a in A, B;\n}\n";
    assert_eq!(fsm_cli::verify::fmt::format(messy).unwrap(), tidy);
    assert!(matches!(fsm_cli::verify::fmt::format("system S {"), Err(fsm_cli::verify::fmt::Error::Syntax(_))));
}
