//! `fsm fmt` for system descriptions (`.fsys`): one canonical layout, as the specs' formatter
//! gives specs theirs.
//!
//! The layout: `system NAME {` on its line, each item on one line indented by four spaces and
//! ended by its `;`, the closing `}` on its own line; single spaces between tokens, none before
//! `;`, `,`, `.`, `:` and `)`, none after `.`, `(` and `!`. Comments and doc comments stay where they
//! were written (a comment that ends a line stays at the end of that line, one on its own line
//! stays on its own line, indented as the items), blank lines between items are kept, at most
//! one in a row, none just inside the braces. An invariant or a home state wider than 100
//! characters has its formula on the following lines, indented by eight spaces, an operand of
//! its outermost `||` (or `&&`) a line, each line after the first starting with the operator.
//!
//! The text is read as tokens by the grammar's lexical rules (`system.pest`): only the white
//! space between tokens changes. [`format()`] checks its own work before returning it: the text
//! it returns holds the same tokens and comments in the same order, parses, and is left as it
//! is by a second run. A system with a syntax error is not formatted; its diagnostics are
//! returned.

use super::diag::Diagnostic;
use thiserror::Error;

/// Why a system text was not formatted.
#[derive(Debug, Error)]
pub enum Error {
    /// The text does not parse: the diagnostics say where and why. It is left as it is.
    #[error("the system has syntax errors")]
    Syntax(Vec<Diagnostic>),
    /// The formatter would have changed a token, lost a comment, or produced a layout it would
    /// change again: a bug of the formatter, reported rather than written.
    #[error("internal error of the formatter: {0}; the file is left as it is")]
    Internal(String),
    /// The formatted text would be longer than [`MAX_SYSTEM_BYTES`], which `fsm verify`
    /// refuses to read (the layout's indentation and line breaks can lengthen a text that was
    /// within it). The text is left as it is.
    ///
    /// [`MAX_SYSTEM_BYTES`]: super::syntax::MAX_SYSTEM_BYTES
    #[error(
        "the formatted system would be {octets} octets, more than the {limit} that fsm verify reads; the file is left as it is"
    )]
    TooLong {
        /// The formatted text's length, in octets.
        octets: usize,
        /// [`MAX_SYSTEM_BYTES`](super::syntax::MAX_SYSTEM_BYTES).
        limit: usize,
    },
}

/// One token of a system text, with the line breaks in the white space before it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Token<'a> {
    kind: Kind,
    text: &'a str,
    breaks: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `///` and the rest of its line.
    Doc,
    /// `//` (or `////`) and the rest of its line.
    Comment,
    /// Anything else: a word, a number, a string, a punctuation mark.
    Code,
}

/// The punctuation of two characters, which is one token.
const PAIRS: [&str; 7] = ["->", "==", "!=", "<=", ">=", "&&", "||"];

/// Splits `text` into tokens. Never fails: a character no rule knows is a token of its own
/// (the text does not parse then, and is not formatted).
fn tokens(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut at, mut breaks) = (0, 0);
    while at < bytes.len() {
        let rest = &text[at..];
        let c = bytes[at];
        if c == b'\n' {
            breaks += 1;
            at += 1;
            continue;
        }
        if matches!(c, b' ' | b'\t' | b'\r') || rest.starts_with('\u{FEFF}') {
            at += if c < 0x80 { 1 } else { '\u{FEFF}'.len_utf8() };
            continue;
        }
        let (kind, len) = if rest.starts_with("//") {
            let len = rest.find('\n').unwrap_or(rest.len());
            let doc = rest.starts_with("///") && !rest.starts_with("////");
            (if doc { Kind::Doc } else { Kind::Comment }, len)
        } else if c == b'"' {
            // To the closing quote, over escapes; a string the line ends first is cut there.
            let mut end = 1;
            let mut escaped = false;
            for (i, ch) in rest.char_indices().skip(1) {
                end = i + ch.len_utf8();
                if ch == '\n' {
                    end = i;
                    break;
                }
                if escaped {
                    escaped = false;
                } else if ch == '\\' {
                    escaped = true;
                } else if ch == '"' {
                    break;
                }
            }
            (Kind::Code, end)
        } else if c.is_ascii_alphanumeric() || c == b'_' || (c == b'-' && unary_minus(&out, rest)) {
            let len =
                1 + rest[1..].find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_')).unwrap_or(rest.len() - 1);
            (Kind::Code, len)
        } else if PAIRS.iter().any(|p| rest.starts_with(p)) {
            (Kind::Code, 2)
        } else {
            (Kind::Code, rest.chars().next().map_or(1, char::len_utf8))
        };
        out.push(Token { kind, text: &text[at..at + len], breaks });
        breaks = 0;
        at += len;
    }
    out
}

/// Whether a `-` starts a negative integer: followed by a digit, and not after an operand.
fn unary_minus(before: &[Token<'_>], rest: &str) -> bool {
    let digit = rest.as_bytes().get(1).is_some_and(u8::is_ascii_digit);
    let operand = before
        .iter()
        .rev()
        .find(|t| t.kind == Kind::Code)
        .is_some_and(|t| t.text.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '"' || c == ')'));
    digit && !operand
}

/// Whether a space goes between two code tokens.
fn spaced(before: &str, after: &str) -> bool {
    !matches!(after, ";" | "," | "." | ")" | ":") && !matches!(before, "." | "(" | "!")
}

/// Lays the tokens out (see the module docs).
fn lay_out(tokens: &[Token<'_>]) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    // At the start of a line; the last code token written; inside the system's braces.
    let mut line_start = true;
    let mut last: Option<&str> = None;
    let mut opened = false;
    for (n, t) in tokens.iter().enumerate() {
        let closing = t.kind == Kind::Code && t.text == "}" && depth == 1;
        let indent = if depth >= 1 && !closing { "    " } else { "" };
        let first_inside = last == Some("{") && depth == 1 && line_start;
        let blank = t.breaks >= 2 && !out.is_empty() && !first_inside && !closing;
        match t.kind {
            Kind::Comment if t.breaks == 0 && !line_start => {
                out.push(' ');
                out.push_str(t.text.trim_end());
                out.push('\n');
                line_start = true;
                continue;
            }
            Kind::Comment | Kind::Doc => {
                if !line_start {
                    out.push('\n');
                }
                if blank {
                    out.push('\n');
                }
                out.push_str(indent);
                out.push_str(t.text.trim_end());
                out.push('\n');
                line_start = true;
                continue;
            }
            Kind::Code => {}
        }
        if line_start {
            if blank {
                out.push('\n');
            }
            out.push_str(indent);
        } else if last.is_some_and(|b| spaced(b, t.text)) {
            out.push(' ');
        }
        out.push_str(t.text);
        line_start = false;
        match t.text {
            "{" => {
                depth += 1;
                if depth == 1 && !opened {
                    opened = true;
                    out.push('\n');
                    line_start = true;
                }
            }
            "}" => depth = depth.saturating_sub(1),
            ";" if depth == 1 => {
                // A comment on the same line follows the item.
                let trailing = tokens.get(n + 1).is_some_and(|next| next.kind == Kind::Comment && next.breaks == 0);
                if !trailing {
                    out.push('\n');
                    line_start = true;
                }
            }
            _ => {}
        }
        last = Some(t.text);
    }
    if !line_start {
        out.push('\n');
    }
    out
}

/// The width past which an invariant's or a home's formula is wrapped, in characters.
pub const MAX_WIDTH: usize = 100;

/// Wraps the lines of laid-out text that hold an invariant or a home state wider than
/// [`MAX_WIDTH`]: the formula on the lines after the `:`, indented by eight spaces, one operand
/// of its outermost `||` a line (or of its outermost `&&`, if it has no `||`), each line after
/// the first starting with the operator. Other lines are left as they are.
fn wrap(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let property = line.starts_with("    invariant ") || line.starts_with("    home ");
        let wide = line.chars().count() > MAX_WIDTH;
        match line.find(": ").filter(|_| property && wide && !line.contains("//")) {
            Some(colon) => {
                out.push_str(&line[..=colon]);
                out.push('\n');
                let formula = line[colon + 2..].trim_end();
                let body = formula.strip_suffix(';').unwrap_or(formula);
                let (operator, parts) = match split_top(body, " || ") {
                    Some(parts) => ("|| ", parts),
                    None => split_top(body, " && ").map_or(("", vec![body.to_owned()]), |parts| ("&& ", parts)),
                };
                for (n, part) in parts.iter().enumerate() {
                    out.push_str("        ");
                    if n > 0 {
                        out.push_str(operator);
                    }
                    out.push_str(part);
                    if n + 1 == parts.len() {
                        out.push(';');
                    }
                    out.push('\n');
                }
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// `text` split at each `separator` outside parentheses, or `None` if it has none there.
fn split_top(text: &str, separator: &str) -> Option<Vec<String>> {
    let (mut parts, mut depth, mut start, mut at) = (Vec::new(), 0i32, 0, 0);
    let mut in_string = false;
    let bytes = text.as_bytes();
    while at < bytes.len() {
        match bytes[at] {
            b'"' => in_string = !in_string,
            b'(' if !in_string => depth += 1,
            b')' if !in_string => depth -= 1,
            _ if depth == 0 && !in_string && text[at..].starts_with(separator) => {
                parts.push(text[start..at].to_owned());
                at += separator.len();
                start = at;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    parts.push(text[start..].to_owned());
    (parts.len() > 1).then_some(parts)
}

/// The code tokens and the comments of a text, which formatting keeps.
fn kept(tokens: &[Token<'_>]) -> Vec<(Kind, String)> {
    tokens.iter().map(|t| (t.kind, t.text.trim_end().to_owned())).collect()
}

/// Formats a system text. Returns the canonical text, the syntax errors of a text that does not
/// parse, or an internal error when the result would not be faithful (see the module docs).
/// Never panics, whatever the text.
pub fn format(text: &str) -> Result<String, Error> {
    super::syntax::parse(text).map_err(|d| Error::Syntax(vec![d]))?;
    let before = tokens(text);
    let first = wrap(&lay_out(&before));
    if first.len() > super::syntax::MAX_SYSTEM_BYTES {
        return Err(Error::TooLong { octets: first.len(), limit: super::syntax::MAX_SYSTEM_BYTES });
    }
    let again = tokens(&first);
    if kept(&again) != kept(&before) {
        return Err(Error::Internal("the layout changed a token or a comment".into()));
    }
    // White space separates tokens and means nothing else in the grammar: the same tokens in
    // the same order are the same system, if they still parse.
    if super::syntax::parse(&first).is_err() {
        return Err(Error::Internal("the formatted text does not parse".into()));
    }
    if wrap(&lay_out(&again)) != first {
        return Err(Error::Internal("a second run would change the layout again".into()));
    }
    Ok(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A system text within the limit whose layout (four spaces before each line) passes it is
    /// refused as too long, not written and not taken for the formatter's bug.
    #[test]
    fn a_layout_past_the_limit_is_refused_as_too_long() {
        let line = "send a.X -> c.Y;\n";
        let n = super::super::syntax::MAX_SYSTEM_BYTES / line.len() - 1;
        let text = format!("system S {{\n{}}}\n", line.repeat(n));
        assert!(text.len() <= super::super::syntax::MAX_SYSTEM_BYTES);
        match format(&text) {
            Err(Error::TooLong { octets, limit }) => {
                assert!(octets > limit && limit == super::super::syntax::MAX_SYSTEM_BYTES)
            }
            other => panic!("{:?}", other.map(|t| t.len())),
        }
    }

    #[test]
    fn items_one_a_line_comments_in_place() {
        let text = "/// Doc.\nsystem  S{instance a=\"x.fsm\"( p = 1 ,q=true ) ;// a\n\n\n  // own line\n\
                    channel c{M,N}capacity 2 loss;invariant i : !( a==A&&a . v>=-1 );}\n";
        let formatted = format(text).unwrap();
        assert_eq!(
            formatted,
            "/// Doc.\nsystem S {\n    instance a = \"x.fsm\" (p = 1, q = true); // a\n\n    // own line\n    \
             channel c { M, N } capacity 2 loss;\n    invariant i: !(a == A && a.v >= -1);\n}\n"
        );
        assert_eq!(format(&formatted).unwrap(), formatted);
    }

    #[test]
    fn a_wide_formula_is_wrapped_at_its_outermost_operator() {
        let long = "system S { invariant agree at quiescence: (a == Open && b == Open) || (a == Shut && b == Shut) || \
                    (a == Half && b == Half); home h: a == Open && b == Open && c == Open && d == Open && e == Open && f == Open && g == Open && h == Open; }";
        let formatted = format(long).unwrap();
        assert_eq!(
            formatted,
            "system S {\n    invariant agree at quiescence:\n        (a == Open && b == Open)\n        || (a == Shut && b == Shut)\n        \
             || (a == Half && b == Half);\n    home h:\n        a == Open\n        && b == Open\n        && c == Open\n        && d == Open\n        \
             && e == Open\n        && f == Open\n        && g == Open\n        && h == Open;\n}\n"
        );
        assert_eq!(format(&formatted).unwrap(), formatted);
    }

    #[test]
    fn a_system_with_a_syntax_error_is_left_alone() {
        assert!(matches!(format("system S { instance a; }"), Err(Error::Syntax(_))));
    }
}
