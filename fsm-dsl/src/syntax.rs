//! Text to syntax tree: the pest grammar (`syntax/fsm.pest`; its parser, generated, in
//! `syntax/grammar.rs`), error recovery so that every broken item is reported and not only the
//! first, and the conversion of pest's parse tree into `ast` with spans.
//!
//! This module holds the entry points ([`parse`], [`parse_keeping_tree`], [`follows_grammar`]),
//! the bounds checked before anything recurses, and the DSL's keywords. `errors.rs` puts pest's
//! errors into words (what was expected, what was found, a help line for the commonest slips);
//! `walk.rs` turns the parse tree into `ast` (the machine and its items), `expr.rs` the guards
//! and effects inside them; `reader.rs` reads pest's parse tree for them, once and in order;
//! `mistakes.rs` names forms the DSL does not have, `payload.rs` reads an event's data type.

use crate::ast::{self, Span};
use crate::diag::{Code, Diagnostic};
use pest::Parser as _;
use pest::iterators::Pair;

mod errors;
mod expr;
// The parser of `syntax/fsm.pest`, generated ahead of time by pest's generator (so that users'
// builds need no `pest_derive`) and kept in step with the grammar by `tests/it/parser.rs`.
// Public for the formatter of `fsm-cli`, which lays out pest's pairs (comments included) rather
// than the syntax tree; the rules are the grammar file's, a contract the parser test keeps.
#[rustfmt::skip]
pub mod grammar;
mod mistakes;
mod payload;
mod reader;
mod walk;
use errors::from_pest;
use grammar::{Grammar, Rule};
pub use payload::collapse_white_space;
use walk::build_spec;

/// Deepest nesting of brackets accepted. Deeper text is refused before parsing, so that neither
/// the parser nor the tree walk can run out of stack on hostile input.
pub const MAX_NESTING: usize = 64;

/// Most terms one guard may join with `&&` or `||`, for the same reason.
pub const MAX_OPERANDS: usize = 256;

/// Parses a spec. Returns the syntax tree when the file's frame (`machine NAME { ... }`) could be
/// read, with every item that parsed, and one diagnostic per item that did not. A text longer
/// than [`Span::MAX_OFFSET`] octets (4 GiB less one) or nested deeper than [`MAX_NESTING`] gets
/// no tree and one diagnostic (E0015 for the length; [`crate::compile`] refuses texts beyond
/// [`crate::MAX_SPEC_BYTES`] before that).
pub fn parse(text: &str) -> (Option<ast::Spec>, Vec<Diagnostic>) {
    let (spec, diagnostics, _) = parse_keeping_tree(text);
    (spec, diagnostics)
}

/// [`parse`], and pest's parse tree of the file when it holds no item that failed to parse:
/// the pair of `file_recover`, whose children are those `file` would have (the formatter of
/// `fsm-cli` lays the text out from it, and so reads the text once, not twice).
pub fn parse_keeping_tree(text: &str) -> (Option<ast::Spec>, Vec<Diagnostic>, Option<Pair<'_, Rule>>) {
    if let Some(diagnostic) = check_length(text).or_else(|| check_nesting(text)) {
        return (None, vec![diagnostic], None);
    }
    // One parse, lenient: an item that does not parse becomes `junk`, reported on its own. A
    // text without junk follows the strict grammar (`file` is `file_recover` without the `junk`
    // alternative, which is tried only where no item parses), so it needs no parse again.
    // The strict parse's own error, with what was expected where (a parse again, with pest's
    // error detail), is needed only where the lenient reading reports nothing: when the frame
    // itself is broken.
    let strict = || match parse_detailed(Rule::file, text) {
        Err(error) => from_pest(text, 0, Rule::file, &error),
        // No junk, yet not the strict grammar: this cannot be; said rather than assumed.
        Ok(_) => Diagnostic::new(Code::Syntax, "the spec does not parse", Span::new(0, text.len()), "here"),
    };
    let Ok(mut pairs) = Grammar::parse(Rule::file_recover, text) else {
        let mut diagnostics = vec![strict()];
        note_cr_line_ends(text, &mut diagnostics);
        return (None, diagnostics, None);
    };
    let mut diagnostics = Vec::new();
    let file = pairs.next();
    let (spec, junk) = match file.clone() {
        Some(file) => build_spec(file, &mut diagnostics),
        None => (None, false),
    };
    if junk {
        if !diagnostics.iter().any(|d| d.code == Code::Syntax) {
            diagnostics.push(strict());
        }
        diagnostics.sort_by_key(|d| d.primary.span.start());
        note_cr_line_ends(text, &mut diagnostics);
        return (spec, diagnostics, None);
    }
    (spec, diagnostics, file)
}

/// A text whose lines end with a carriage return alone (classic Mac OS) is one line to the
/// grammar, and its first `//` comment runs to the end of the file: the first syntax error says
/// so, whatever it is.
fn note_cr_line_ends(text: &str, diagnostics: &mut [Diagnostic]) {
    if text.contains('\r')
        && !text.contains('\n')
        && let Some(first) = diagnostics.iter_mut().find(|d| d.code == Code::Syntax)
    {
        first.notes.push(
            "the lines of this text end with a carriage return alone; a spec's lines end with a line feed \
             (or CR LF), so all of it is one line here, and a `//` comment runs to its end"
                .to_owned(),
        );
    }
}

/// Parses `text` as `rule` with pest's error detail: an error then says which rules and tokens
/// were tried where the parse stopped (`Error::parse_attempts`), at several times the cost of a
/// plain parse. pest reads the setting from a process-wide flag when a parse starts; it is on
/// only while a detailed parse runs, under a lock, so that every other parse (the lenient one
/// that recovers from errors, above all) runs at full speed, and a detailed parse in one thread
/// cannot have its detail turned off by another's.
fn parse_detailed(rule: Rule, text: &str) -> Result<pest::iterators::Pairs<'_, Rule>, pest::error::Error<Rule>> {
    static DETAIL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    // The lock guards no data: a parse that panicked while holding it left nothing broken.
    let _held = DETAIL.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    pest::set_error_detail(true);
    let result = Grammar::parse(rule, text);
    pest::set_error_detail(false);
    result
}

/// Whether `text` follows the grammar: pest's parse alone, no syntax tree built and no
/// diagnostic (the `front_end` benchmark times it). `false` for a text [`parse`] refuses for
/// its length or nesting.
pub fn follows_grammar(text: &str) -> bool {
    check_length(text).is_none() && check_nesting(text).is_none() && Grammar::parse(Rule::file, text).is_ok()
}

/// Refuses text longer than a [`Span`] can point into (`Span::MAX_OFFSET`, 4 GiB less one).
fn check_length(text: &str) -> Option<Diagnostic> {
    (text.len() > Span::MAX_OFFSET).then(|| too_long(text.len(), Span::MAX_OFFSET, "the parser"))
}

/// E0015 for a text of `len` octets, more than the `max` that `reader` reads (the parser here,
/// the checker in [`crate::compile`]).
pub(crate) fn too_long(len: usize, max: usize, reader: &str) -> Diagnostic {
    Diagnostic::new(
        Code::TooComplex,
        format!("the spec is {len} octets long, more than the {max} {reader} reads"),
        Span::new(0, 0),
        "too long",
    )
}

/// Refuses text nested deeper than `MAX_NESTING`, outside strings and comments.
fn check_nesting(text: &str) -> Option<Diagnostic> {
    let mut depth = 0usize;
    for (at, bracket) in brackets(text) {
        match bracket {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(Diagnostic::new(
                        Code::Syntax,
                        format!("brackets nested more than {MAX_NESTING} deep"),
                        Span::new(at, at + 1),
                        "too deep",
                    ));
                }
            }
            _ => depth = depth.saturating_sub(1),
        }
    }
    None
}

/// The brackets of `text` (`(`, `[`, `{` and their closing ones) outside strings and comments,
/// with their offsets, in order. A string ends at its closing quote or at its line's end, a `\`
/// escaping the character after it (as the strict grammar reads it); a comment runs from `//`
/// to its line's end. What `check_nesting` counts, and where a syntax error finds the `{` a
/// spec leaves open.
fn brackets(text: &str) -> impl Iterator<Item = (usize, u8)> + '_ {
    // Every byte this looks at is ASCII, and in UTF-8 no byte of a longer character is: the text
    // is read as bytes, and a table finds the next one that matters (the rest pass in a tight loop).
    const MATTERS: [bool; 256] = {
        let mut matters = [false; 256];
        let bytes = b"\"/([{)]}";
        let mut k = 0;
        while k < bytes.len() {
            matters[bytes[k] as usize] = true;
            k += 1;
        }
        matters
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while let Some(skipped) = bytes.get(i..).and_then(|rest| rest.iter().position(|&b| MATTERS[usize::from(b)])) {
            let at = i + skipped;
            i = at + 1;
            match bytes[at] {
                b'"' => {
                    while let Some(&c) = bytes.get(i) {
                        i += 1;
                        match c {
                            b'\\' => i += 1,
                            b'"' | b'\n' => break,
                            _ => {}
                        }
                    }
                }
                b'/' if bytes.get(i) == Some(&b'/') => {
                    i = bytes[i..].iter().position(|&c| c == b'\n').map_or(bytes.len(), |newline| i + newline + 1);
                }
                b'/' => {}
                bracket => return Some((at, bracket)),
            }
        }
        None
    })
}

/// The keywords that start an item of a machine (the language server completes them where an
/// item may start; a misspelling of one there gets a "did you mean"). `group`, `error` and
/// `param` are among them, though they are not keywords (see [`KEYWORDS`]): a name may be
/// `group`, `error` or `param`.
pub const ITEM_KEYWORDS: [&str; 16] = [
    "state",
    "initial",
    "final",
    "event",
    "action",
    "guard",
    "timer",
    "var",
    "output",
    "ref",
    "internal",
    "ignore",
    "unhandled",
    "group",
    "error",
    "param",
];

/// The DSL's keywords: words that cannot be names (the language server highlights and
/// completes them, and refuses them as new names).
pub const KEYWORDS: [&str; 26] = [
    "machine",
    "state",
    "initial",
    "final",
    "event",
    "action",
    "guard",
    "timer",
    "var",
    "ref",
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
    "true",
    "false",
    "bool",
    "otherwise",
    "output",
];

fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

/// A line of spec text without the comment that ends it, if any: up to the first `//` outside a
/// string (a string ends at its closing quote or at the line's end; `\` escapes the character
/// after it).
fn without_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    let (mut i, mut in_string) = (0, false);
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

/// Whether `line`, without surrounding white space, is one attribute as the grammar reads it
/// (`#[allow(W0002)]`, `#![allow(W0002)]`).
fn is_attribute(line: &str) -> bool {
    // Most lines asked about are broken items of other kinds: they are told apart by their first
    // character before pest is asked (a parse costs its setup, however soon it fails).
    line.starts_with('#')
        && [Rule::attribute, Rule::machine_attribute].into_iter().any(|rule| {
            Grammar::parse(rule, line)
                .is_ok_and(|mut pairs| pairs.next().is_some_and(|p| p.as_str().len() == line.len()))
        })
}

#[cfg(test)]
mod tests {
    use super::{MAX_NESTING, check_nesting};

    /// A spec whose lines end with CR alone: its comment hides the rest, and the first error
    /// says why; with LF or CR LF the same text checks clean.
    #[test]
    fn lines_ended_by_cr_alone_are_named_in_the_first_error() {
        let lines =
            ["machine M {", "    // a comment", "    event E;", "    initial state A;", "    internal A on E;", "}"];
        let (_, diagnostics) = super::parse(&lines.join("\r"));
        let notes = &diagnostics.first().expect("a syntax error").notes;
        assert!(notes.iter().any(|n| n.contains("carriage return alone")), "{diagnostics:?}");
        for end in ["\n", "\r\n"] {
            assert!(crate::compile(&lines.join(end)).diagnostics.is_empty(), "{end:?}");
        }
    }

    /// Where `check_nesting` refuses `text`, if it does: the byte offset of the bracket too deep.
    fn refused_at(text: &str) -> Option<usize> {
        check_nesting(text).map(|d| d.primary.span.start())
    }

    #[test]
    fn nesting_is_counted_outside_strings_and_comments() {
        let deep = "(".repeat(MAX_NESTING + 1);
        assert_eq!(refused_at(&deep), Some(MAX_NESTING));
        assert_eq!(refused_at(&"(".repeat(MAX_NESTING)), None);
        // Closing brackets count down, whatever their kind.
        assert_eq!(refused_at(&"([{}])".repeat(100)), None);
        // Offsets are in octets, after characters of several.
        assert_eq!(refused_at(&format!("é€🦀{deep}")), Some(2 + 3 + 4 + MAX_NESTING));
        // In a string, brackets do not count, an escaped quote does not end it, a line end does.
        assert_eq!(refused_at(&format!("\"{deep}\"")), None);
        assert_eq!(refused_at(&format!("\"\\\"{deep}\"")), None);
        assert_eq!(refused_at(&format!("\"\\\\\"{deep}")), Some(4 + MAX_NESTING));
        assert_eq!(refused_at(&format!("\"open\n{deep}")), Some(6 + MAX_NESTING));
        assert_eq!(refused_at(&format!("\"\\é{deep}\"")), None);
        // In a comment, to the end of its line; a lone `/` is no comment.
        assert_eq!(refused_at(&format!("// {deep}")), None);
        assert_eq!(refused_at(&format!("//\n{deep}")), Some(3 + MAX_NESTING));
        assert_eq!(refused_at(&format!("/ {deep}")), Some(2 + MAX_NESTING));
        assert_eq!(refused_at(&format!("/{deep}")), Some(1 + MAX_NESTING));
    }
}
