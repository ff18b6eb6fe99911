//! The value of a string literal of the macro's input (`"specs/x.fsm"`, `r#"machine .."#`), as
//! Rust reads it: the escapes of the Rust reference's string literals and raw strings.
//!
//! The compiler has checked the literal's text before the macro sees it, so this only has to read
//! a valid literal right; anything else (a byte string, a C string, a malformed escape from a
//! hand-made token) is no string literal. A few dozen lines rather than a crate: the macro reads
//! one or two literals a call, and every user's build would compile the crate.

/// The value of a string literal's source text, or `None` for another token or a malformed one.
/// A suffix (`"text"suffix`) is allowed and left aside, as the compiler leaves it to the macro.
pub(super) fn string_value(literal: &str) -> Option<String> {
    if let Some(raw) = literal.strip_prefix('r') {
        let hashes = raw.bytes().take_while(|&b| b == b'#').count();
        let body = raw[hashes..].strip_prefix('"')?;
        let close = format!("\"{}", "#".repeat(hashes));
        let end = body.find(&close)?;
        return suffix_ok(&body[end + close.len()..]).then(|| body[..end].to_owned());
    }
    let mut chars = literal.strip_prefix('"')?.chars();
    let mut value = String::new();
    loop {
        match chars.next()? {
            '"' => return suffix_ok(chars.as_str()).then_some(value),
            '\\' => match chars.next()? {
                'n' => value.push('\n'),
                'r' => value.push('\r'),
                't' => value.push('\t'),
                '\\' => value.push('\\'),
                '0' => value.push('\0'),
                '\'' => value.push('\''),
                '"' => value.push('"'),
                'x' => {
                    let digits = chars.as_str().get(..2).filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))?;
                    let code = u8::from_str_radix(digits, 16).ok().filter(u8::is_ascii)?;
                    chars.nth(1);
                    value.push(char::from(code));
                }
                'u' => {
                    let rest = chars.as_str().strip_prefix('{')?;
                    let end = rest.find('}')?;
                    let digits: String = rest[..end].chars().filter(|&c| c != '_').collect();
                    if digits.is_empty()
                        || digits.len() > 6
                        || rest.starts_with('_')
                        || !digits.bytes().all(|b| b.is_ascii_hexdigit())
                    {
                        return None;
                    }
                    value.push(char::from_u32(u32::from_str_radix(&digits, 16).ok()?)?);
                    chars = rest[end + 1..].chars();
                }
                // A line continuation: the line break and the white space that follows are skipped.
                '\n' => chars = chars.as_str().trim_start_matches([' ', '\t', '\n']).chars(),
                _ => return None,
            },
            c => value.push(c),
        }
    }
}

/// Whether what follows the closing quote is empty or an identifier (a literal's suffix).
fn suffix_ok(suffix: &str) -> bool {
    suffix.is_empty()
        || (suffix.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && suffix.chars().all(|c| c.is_alphanumeric() || c == '_'))
}

#[cfg(test)]
mod tests {
    use super::string_value;
    use proc_macro2::Literal;
    use proptest::prelude::*;

    #[test]
    fn reads_escapes_raw_strings_and_continuations() {
        let cases = [
            (r#""specs/failover.fsm""#, "specs/failover.fsm"),
            (r#""a\nb\tc\rd\\e\0f\'g\"h""#, "a\nb\tc\rd\\e\0f'g\"h"),
            (r#""\x41\x7f\u{e9}\u{1F_600}\u{0}""#, "A\x7f\u{e9}\u{1F600}\0"),
            ("\"one \\\n   \t two\"", "one two"),
            (r#"r"no \n escape""#, r"no \n escape"),
            (r###"r##"a "# quote"##"###, r##"a "# quote"##),
            (r#""suffixed"abc"#, "suffixed"),
            ("\"\"", ""),
            ("\"é and ü\"", "é and ü"),
        ];
        for (literal, value) in cases {
            assert_eq!(string_value(literal).as_deref(), Some(value), "{literal}");
        }
    }

    #[test]
    fn refuses_what_is_not_a_string_literal() {
        for literal in [
            "b\"bytes\"",
            "c\"c string\"",
            "br\"raw bytes\"",
            "'c'",
            "12",
            "\"unterminated",
            r#""\x80""#,
            r#""\xg0""#,
            r#""\u{}""#,
            r#""\u{_1}""#,
            r#""\u{1234567}""#,
            r#""\u{d800}""#,
            r#""\q""#,
            r#""\x+1""#,
            r#""\u{+1}""#,
            r#""a"1"#,
            "r#\"unterminated\"",
        ] {
            assert_eq!(string_value(literal), None, "{literal}");
        }
    }

    proptest! {
        /// Any text, written as a literal the way the compiler's tokens print it, reads back.
        #[test]
        fn reads_back_any_text(text in any::<String>()) {
            prop_assert_eq!(string_value(&Literal::string(&text).to_string()), Some(text));
        }
    }
}
