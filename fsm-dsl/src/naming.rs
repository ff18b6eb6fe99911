//! The names the generated code uses, in one place: the checker refuses a spec name that would
//! collide with them, and the code generator writes them. A test in `codegen` keeps the lists
//! here equal to the associated items it generates.

/// The Rust module name the generated code uses for a machine: its name in snake case, split
/// into words as `heck` does (the case conversion crate this replaces, with the same output): at
/// every character that is not a letter or a digit (dropped), before an uppercase letter that
/// follows a lowercase one, and before the last of a run of uppercase letters that a lowercase
/// one follows (`XMLHttpRequest` is `xml_http_request`); the words lowercased, joined by `_`.
pub fn module_name(machine: &str) -> String {
    let mut out = String::with_capacity(machine.len() + 4);
    let mut push_word = |word: &str| {
        if !out.is_empty() {
            out.push('_');
        }
        let mut chars = word.chars().peekable();
        while let Some(c) = chars.next() {
            // A final sigma, as `str::to_lowercase` writes it at the end of a word.
            if c == '\u{3a3}' && chars.peek().is_none() {
                out.push('\u{3c2}');
            } else {
                out.extend(c.to_lowercase());
            }
        }
    };
    for part in machine.split(|c: char| !c.is_alphanumeric()) {
        let chars: Vec<(usize, char)> = part.char_indices().collect();
        let mut start = 0;
        // Whether the word so far ends in a lowercase (`Some(false)`) or an uppercase letter.
        let mut upper: Option<bool> = None;
        for (at, &(i, c)) in chars.iter().enumerate() {
            let Some(&(next_i, next)) = chars.get(at + 1) else {
                push_word(&part[start..]);
                break;
            };
            let now = if c.is_lowercase() {
                Some(false)
            } else if c.is_uppercase() {
                Some(true)
            } else {
                upper
            };
            if now == Some(false) && next.is_uppercase() {
                push_word(&part[start..next_i]);
                start = next_i;
                upper = None;
            } else if upper == Some(true) && c.is_uppercase() && next.is_lowercase() {
                push_word(&part[start..i]);
                start = i;
                upper = None;
            } else {
                upper = now;
            }
        }
    }
    out
}

/// The Rust identifier for a name the checker accepted: the name itself, with `_` appended to a
/// Rust keyword. Names that are not identifiers (possible only for a model built by hand) are
/// mangled rather than allowed to fail: other characters become `_`, and an `X` goes before a
/// leading digit or a lone `_`.
pub fn rust_ident(name: &str) -> String {
    if is_own_ident(name) {
        return name.to_owned();
    }
    let mut clean: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if clean.is_empty() || clean.starts_with(|c: char| c.is_ascii_digit()) || clean == "_" {
        clean.insert(0, 'X');
    }
    if is_rust_keyword(&clean) {
        clean.push('_');
    }
    clean
}

/// Whether a name is its own Rust identifier ([`rust_ident`] leaves it as it is): ASCII letters,
/// digits and `_`, not starting with a digit, not `_` alone, not a keyword. Every name the
/// checker accepts but a keyword is one, so the code generator can use it without a copy.
pub fn is_own_ident(name: &str) -> bool {
    let bytes = name.as_bytes();
    match bytes.first() {
        None | Some(b'0'..=b'9') => false,
        Some(_) => {
            name != "_" && bytes.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_') && !is_rust_keyword(name)
        }
    }
}

/// Names that the generated code uses for associated items of the enums (`State::ALL`,
/// `State::from_name`, `Timer::default_duration`, ...), so that no variant may take them.
pub const ENUM_ITEMS: &[&str] = &[
    "ALL",
    "name",
    "label",
    "index",
    "from_name",
    "is_final",
    "entry_actions",
    "exit_actions",
    "starts",
    "stops",
    "expiry",
    "timer",
    "default_duration",
];

/// Names that the generated code of a machine with superstates uses for associated items of
/// `State` and `Superstate`, so that no state may take them.
pub const SUPERSTATE_ITEMS: &[&str] = &["is_in", "superstate", "parent", "states"];

/// Whether a name is that of a crate that every Rust crate sees without declaring it (`std`,
/// `core`: the extern prelude): a module of that name beside a `use std::...` makes the path
/// ambiguous (E0659), so no machine's module may take it. (`alloc`, `proc_macro` and `test`
/// are seen only where a crate declares them, and stay free.)
pub fn is_std_crate(name: &str) -> bool {
    matches!(name, "std" | "core")
}

/// Whether a name is a Rust keyword (strict, reserved, or weak in item position).
pub fn is_rust_keyword(name: &str) -> bool {
    matches!(
        name,
        "as" | "break"
            | "const"
            | "continue"
            | "crate"
            | "else"
            | "enum"
            | "extern"
            | "false"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "self"
            | "Self"
            | "static"
            | "struct"
            | "super"
            | "trait"
            | "true"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "async"
            | "await"
            | "dyn"
            | "abstract"
            | "become"
            | "box"
            | "do"
            | "final"
            | "macro"
            | "override"
            | "priv"
            | "typeof"
            | "unsized"
            | "virtual"
            | "yield"
            | "try"
            | "gen"
            | "union"
            | "_"
    )
}

#[cfg(all(test, feature = "build"))]
mod tests {
    use super::{ENUM_ITEMS, SUPERSTATE_ITEMS, is_own_ident, rust_ident};

    /// The generator's shortcut holds exactly for the names that `rust_ident` leaves alone.
    #[test]
    fn own_identifiers_are_those_rust_ident_keeps() {
        let names = ["S0", "OKAY", "_x", "x_1", "_", "", "1a", "a-b", "fn", "self", "Self", "r#x", "é", "async"];
        for name in names {
            assert_eq!(is_own_ident(name), rust_ident(name) == name, "{name:?}");
        }
    }

    /// Every associated item the generator writes on the enums a spec's names become variants of
    /// is in the lists the checker protects, so that no name the checker accepts can collide.
    #[test]
    fn the_checker_protects_every_generated_enum_item() {
        let spec = "machine M {
            initial state A { entry Go; timer T; }
            state Outer { initial state B; state C; }
            final state D;
            event E; action Go; guard g; timer T = 1s;
            A -> B on E [g] / Go; A -> D on E [!g]; A -> A on TExpiry;
            Outer -> A on E; ignore TExpiry in Outer;
        }";
        let compiled = crate::compile(spec);
        assert!(!compiled.has_errors(), "{:?}", compiled.diagnostics);
        let machine = compiled.machine.expect("a model");
        let tokens = crate::codegen::generate(&machine, &crate::codegen::Options::default());
        let file: syn::File = syn::parse2(tokens).expect("the generated code parses");
        let enums = ["State", "Event", "Action", "Guard", "Timer", "Superstate"];
        let mut seen = Vec::new();
        let mut visit = |items: &[syn::Item]| {
            for item in items {
                let syn::Item::Impl(block) = item else { continue };
                if block.trait_.is_some() {
                    continue;
                }
                let syn::Type::Path(ty) = &*block.self_ty else { continue };
                let Some(name) = ty.path.get_ident() else { continue };
                if !enums.contains(&name.to_string().as_str()) {
                    continue;
                }
                for member in &block.items {
                    match member {
                        syn::ImplItem::Fn(f) => seen.push(f.sig.ident.to_string()),
                        syn::ImplItem::Const(c) => seen.push(c.ident.to_string()),
                        _ => {}
                    }
                }
            }
        };
        for item in &file.items {
            if let syn::Item::Mod(syn::ItemMod { content: Some((_, items)), .. }) = item {
                visit(items);
            }
        }
        visit(&file.items);
        assert!(seen.len() > 10, "the test found the generated items: {seen:?}");
        for name in &seen {
            assert!(
                ENUM_ITEMS.contains(&name.as_str()) || SUPERSTATE_ITEMS.contains(&name.as_str()),
                "the generated code has `{name}` on an enum of the spec's names, which the checker does not protect"
            );
        }
    }
}

#[cfg(test)]
mod module_names {
    use super::module_name;
    use proptest::prelude::*;

    #[test]
    fn are_snake_case_words() {
        for (machine, module) in [
            ("Failover", "failover"),
            ("Rfc3539Watchdog", "rfc3539_watchdog"),
            ("DiameterPeer", "diameter_peer"),
            ("IUA_ASP_Side", "iua_asp_side"),
            ("XMLHttpRequest", "xml_http_request"),
            ("already_snake", "already_snake"),
            ("__Lead__trail__", "lead_trail"),
            ("ABC", "abc"),
            ("aB1cD", "a_b1c_d"),
            ("ΣΑΣ", "σας"),
            ("", ""),
        ] {
            assert_eq!(module_name(machine), module, "{machine}");
        }
    }

    /// `Std` and `Core` would shadow crates every crate sees; `Test`, `Alloc` and `ProcMacro`
    /// name crates a crate sees only when it declares them, and make good machine names.
    #[test]
    fn only_std_and_core_are_refused_as_crates() {
        for (machine, refused) in
            [("Std", true), ("Core", true), ("Test", false), ("Alloc", false), ("ProcMacro", false)]
        {
            let text = format!("machine {machine} {{ initial state A; event E; internal A on E; }}");
            let compiled = crate::compile(&text);
            assert_eq!(compiled.has_errors(), refused, "{machine}: {:?}", compiled.diagnostics);
        }
    }

    proptest! {
        /// The same names as heck's `to_snake_case`, which the generator used before.
        #[test]
        fn agree_with_heck(machine in "[aAzZ09_ -]{0,12}|\\PC{0,6}") {
            prop_assert_eq!(module_name(&machine), heck::ToSnakeCase::to_snake_case(machine.as_str()));
        }
    }
}
