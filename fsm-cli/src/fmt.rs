//! `fsm fmt`: one canonical layout for a spec, read from pest's parse tree.
//!
//! The layout: items indented by four spaces, one per line; a long item wrapped at 100 columns
//! before its clauses (`on`, the guard, `/ EFFECTS`, each `ref`), and within a clause after its
//! commas or before `&&` and `||`, the continuation lines indented four spaces further; a state's
//! `{ }` body (and a `diagram { }`) on the declaration's line when it fits, otherwise one clause
//! per line; single spaces between tokens. Comments and doc comments stay where they were
//! written (a comment that ends a line stays at the end of that line, one on its own line stays
//! on its own line), blank lines between items are kept, at most one in a row.
//!
//! Comments are not in pest's tree (the grammar's `COMMENT` is silent): the printer
//! (`fmt/print.rs`) walks the tree and reads the text between two tokens with the same rule as
//! the grammar's implicit skip, so it sees exactly the comments the parser skipped, and nothing
//! else.
//!
//! [`format()`] checks its own work before returning it: the text it returns parses to the same
//! syntax tree as the input (spans aside), holds the same comments in the same order, and is
//! left as it is by a second run. A spec with a syntax error is not formatted; its diagnostics
//! are returned.

mod print;

use fsm_dsl::diag::{Code, Diagnostic};
use thiserror::Error;

/// The width that long items are wrapped to, in characters.
pub const MAX_WIDTH: usize = 100;

/// Why a spec was not formatted.
#[derive(Debug, Error)]
pub enum Error {
    /// The spec does not parse (or has another syntax error, such as a bad escape, or is longer
    /// than [`fsm_dsl::MAX_SPEC_BYTES`]): the diagnostics say where and why. The text is left as
    /// it is.
    #[error("the spec has syntax errors")]
    Syntax(Vec<Diagnostic>),
    /// The formatter would have changed the spec's meaning, lost a comment, or produced a layout
    /// it would change again: a bug of the formatter, reported rather than written.
    #[error("internal error of the formatter: {0}; the file is left as it is")]
    Internal(String),
    /// The formatted spec would be longer than [`fsm_dsl::MAX_SPEC_BYTES`], which the checker
    /// refuses to read (the layout's indentation and line breaks can lengthen a spec that was
    /// within it). The text is left as it is.
    #[error(
        "the formatted spec would be {octets} octets, more than the {limit} that the checker reads; the file is left as it is"
    )]
    TooLong {
        /// The formatted text's length, in octets.
        octets: usize,
        /// [`fsm_dsl::MAX_SPEC_BYTES`].
        limit: usize,
    },
}

/// A spec laid out, with the comments met on the way (`//` lines, doc comments excluded, in
/// source order, without trailing white space).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formatted {
    /// The formatted text, ending with one newline.
    pub text: String,
    /// The comments of the input, in order.
    pub comments: Vec<String>,
}

/// Formats a spec. Returns the canonical text, or the syntax errors of a spec that does not
/// parse, or an internal error when the result would not be faithful (see the module docs).
/// Never panics, whatever the text.
pub fn format(text: &str) -> Result<String, Error> {
    format_within(text, fsm_dsl::MAX_SPEC_BYTES)
}

/// [`format()`], refusing a formatted text longer than `limit` octets.
fn format_within(text: &str, limit: usize) -> Result<String, Error> {
    let (first, before) = read_and_lay_out(text)?;
    if first.text.len() > limit {
        return Err(Error::TooLong { octets: first.text.len(), limit });
    }
    // The formatted text read once: its syntax tree to compare, its layout for the fixed point.
    let (second, again) = match read_and_lay_out(&first.text) {
        Ok(read) => read,
        Err(Error::Syntax(_)) => return Err(Error::Internal("the formatted text does not parse".into())),
        Err(e) => return Err(e),
    };
    if without_spans(&again) != without_spans(&before) {
        return Err(Error::Internal("the formatted text has another syntax tree".into()));
    }
    if second.comments != first.comments {
        return Err(Error::Internal("the formatted text has other comments".into()));
    }
    if second.text != first.text {
        return Err(Error::Internal("a second run changes the layout".into()));
    }
    Ok(first.text)
}

/// Lays a spec out without checking the result: what [`format()`] returns when its checks pass.
/// Errors as [`format()`]'s.
pub fn layout(text: &str) -> Result<Formatted, Error> {
    read_and_lay_out(text).map(|(formatted, _)| formatted)
}

/// The layout, and the syntax tree of the input.
fn read_and_lay_out(text: &str) -> Result<(Formatted, fsm_dsl::ast::Spec), Error> {
    // What the checker refuses to read is not read here either (`compile` says why).
    if text.len() > fsm_dsl::MAX_SPEC_BYTES {
        return Err(Error::Syntax(fsm_dsl::compile(text).diagnostics));
    }
    // One parse gives the syntax tree and pest's tree, which the layout is read from.
    let (spec, diagnostics, file) = fsm_dsl::syntax::parse_keeping_tree(text);
    // Other errors that the syntax reports (a name listed twice, say) leave the text readable.
    match (spec, file) {
        (Some(spec), Some(file)) if !diagnostics.iter().any(|d| d.code == Code::Syntax) => {
            Ok((print::print(text, file).map_err(Error::Internal)?, spec))
        }
        _ => Err(Error::Syntax(diagnostics.into_iter().filter(Diagnostic::is_error).collect())),
    }
}

/// The `Debug` text of a syntax tree with every span left out: two texts that mean the same
/// have the same one.
pub fn without_spans(spec: &fsm_dsl::ast::Spec) -> String {
    let debug = format!("{spec:?}");
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug.as_str();
    const OPEN: &str = "Span { start: ";
    while let Some(at) = rest.find(OPEN) {
        out.push_str(&rest[..at]);
        match rest[at..].find('}') {
            Some(close) => rest = &rest[at + close + 1..],
            None => {
                rest = &rest[at..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A spec whose layout (indentation, a line per item) is longer than the limit is refused
    /// as too long, not written and not taken for the formatter's bug; within the limit, the
    /// same spec formats.
    #[test]
    fn a_layout_past_the_limit_is_refused_as_too_long() {
        let text = "machine Toggle{initial state Off;state On;event Flip;Off->On on Flip;On->Off on Flip;}";
        let formatted = format(text).unwrap();
        assert!(formatted.len() > text.len());
        match format_within(text, text.len()) {
            Err(Error::TooLong { octets, limit }) => assert_eq!((octets, limit), (formatted.len(), text.len())),
            other => panic!("{other:?}"),
        }
        assert_eq!(format_within(text, formatted.len()).unwrap(), formatted);
    }
}
