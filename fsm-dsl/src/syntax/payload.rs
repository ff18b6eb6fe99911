//! The data of an event (`event RcvSegment(Segment);`): the text between the parentheses, and
//! whether it is a Rust type path that the generated module can name. The grammar takes the text
//! whole (balanced brackets), so that a type that is not a path is the checker's E0020, said
//! where it stands, rather than a syntax error.

use super::MAX_NESTING;
use super::grammar::{Grammar, Rule};
use crate::ast::{self, Span};
use pest::Parser as _;
use pest::iterators::Pair;

/// The data of a declaration: `span` is the type between its parentheses in `text`.
pub(super) fn build(text: &str, span: Span) -> ast::Payload {
    let ty = &text[span.range()];
    ast::Payload { ty: collapse_white_space(ty), is_path: is_rust_path(ty), span }
}

/// The type of an event's data as the syntax tree keeps it and `fsm fmt` writes it: each run of
/// the grammar's white space (space, tab, line feed, carriage return) made one space, and none
/// at the ends. Other characters that Unicode calls white space (a vertical tab, a form feed)
/// stay as they are: the grammar does not skip them, so they decide [`ast::Payload::is_path`],
/// and a text without them would read differently.
pub fn collapse_white_space(ty: &str) -> String {
    ty.split([' ', '\t', '\n', '\r']).filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ")
}

/// Whether `text` is a Rust type path that a generated module can name: segments that are
/// identifiers and not keywords, except a leading `crate`, `self` or `super` (and `super`
/// after those), each with optional generic arguments that are paths or integers.
fn is_rust_path(text: &str) -> bool {
    // Generic arguments nest with `<`, which `check_nesting` does not count: bounded here, before
    // anything recurses.
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            // The spec's grammar skips a byte order mark as white space; Rust's lexer does not.
            '\u{FEFF}' => return false,
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_NESTING {
            return false;
        }
    }
    let Ok(mut pairs) = Grammar::parse(Rule::rust_path, text) else { return false };
    let Some(path) = pairs.next().and_then(|p| p.into_inner().find(|p| p.as_rule() == Rule::path_body)) else {
        return false;
    };
    fn body_ok(body: Pair<'_, Rule>) -> bool {
        let mut rooted = false;
        let mut leading = true;
        for (i, part) in body.into_inner().enumerate() {
            match part.as_rule() {
                Rule::path_root => rooted = true,
                Rule::path_segment => {
                    let mut parts = part.into_inner();
                    let Some(name) = parts.next() else { return false };
                    let name = name.as_str();
                    let position = if rooted { i - 1 } else { i };
                    let allowed = match name {
                        "crate" | "self" => !rooted && position == 0,
                        "super" => !rooted && leading,
                        _ => {
                            leading = false;
                            !crate::naming::is_rust_keyword(name)
                        }
                    };
                    if !allowed {
                        return false;
                    }
                    for args in parts {
                        for arg in args.into_inner() {
                            if let Some(inner) = arg.into_inner().next()
                                && inner.as_rule() == Rule::path_body
                                && !body_ok(inner)
                            {
                                return false;
                            }
                        }
                    }
                }
                _ => return false,
            }
        }
        // A path that is only `crate`, `self` or `super` names a module, not a type.
        !leading
    }
    body_ok(path)
}

#[cfg(test)]
mod tests {
    use super::is_rust_path;

    #[test]
    fn event_data_is_a_rust_type_path() {
        for path in [
            "Segment",
            "crate::tcp::Segment",
            "::std::vec::Vec<u8>",
            "Vec<Vec<u8>>",
            "Vec::<u8>",
            "heapless::Vec<u8, 64>",
            "HashMap<K, V,>",
            "self::Frame",
            "super::super::Shared",
        ] {
            assert!(is_rust_path(path), "{path} is a path");
        }
        for not in [
            "",
            "&Segment",
            "&'a Segment",
            "(u8, u8)",
            "[u8; 4]",
            "type",
            "crate",
            "super",
            "a::crate::b",
            "a::super::b",
            "::crate::X",
            "Self",
            "Box<dyn Fn()>",
            "Vec<'a>",
            "Vec<u8",
            "a b",
            "u8 + 1",
            // Found by the `spec` fuzz target: the grammar skips a byte order mark, Rust does not.
            "super::\u{FEFF}Shared",
            "Vec<\u{FEFF}u8>",
            // Rust's lexer skips a vertical tab, the path grammar does not: the type is refused
            // (E0020), which the formatter must not change by collapsing it as white space
            // (`fmt::white_space_the_grammar_does_not_skip_stays_in_an_events_data`).
            "super::\u{B}Shared",
        ] {
            assert!(!is_rust_path(not), "{not:?} is not a path");
        }
        let deep = format!("{}u8{}", "Vec<".repeat(100), ">".repeat(100));
        assert!(!is_rust_path(&deep), "nesting is bounded");
        let fine = format!("{}u8{}", "Vec<".repeat(10), ">".repeat(10));
        assert!(is_rust_path(&fine));
    }
}
