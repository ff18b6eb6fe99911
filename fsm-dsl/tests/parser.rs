//! The parser in `src/syntax/grammar.rs` is what pest's generator makes of `src/syntax/fsm.pest`.
//!
//! The grammar file is the source of truth. The parser is generated ahead of time and checked in
//! so that a crate using `fsm!` builds neither `pest_derive` nor its dependencies; this test
//! fails, with the command to run, when the two disagree.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

use std::path::{Path, PathBuf};

/// The environment variable that makes this test rewrite the parser instead of failing.
const UPDATE: &str = "FSM_UPDATE_PARSER";

fn syntax_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/syntax")
}

/// The parser source for a grammar: pest's derive output for `struct Grammar`, formatted.
fn generate(grammar: &str) -> String {
    let input = quote::quote! {
        #[grammar_inline = #grammar]
        pub struct Grammar;
    };
    let parser = pest_generator::derive_parser(input, false);
    let file: syn::File = syn::parse2(parser).unwrap();
    format!(
        "//! The parser of `fsm.pest`, generated ahead of time by pest's generator (`pest_generator`\n\
         //! {}): `Grammar` parses, `Rule` names the grammar's rules.\n\
         //!\n\
         //! Do not edit. After a change to `fsm.pest`, run\n\
         //! `{UPDATE}=1 cargo test -p fsm-dsl --test parser` to rewrite this file.\n\
         \n\
         #![allow(dead_code, missing_docs, unused_qualifications, clippy::all)]\n\
         \n\
         /// The parser of the grammar; use it through `pest::Parser::parse`.\n\
         pub struct Grammar;\n\
         \n\
         {}",
        pest_version(),
        prettyplease::unparse(&file)
    )
}

/// The version of `pest_generator` this test was built with (from Cargo.lock), so that the
/// header says which generator wrote the file.
fn pest_version() -> String {
    let lock = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock")).unwrap();
    let at =
        lock.find("name = \"pest_generator\"\nversion = \"").unwrap() + "name = \"pest_generator\"\nversion = \"".len();
    let end = lock[at..].find('"').unwrap();
    lock[at..at + end].to_owned()
}

#[test]
fn the_checked_in_parser_is_generated_from_the_grammar() {
    let grammar = std::fs::read_to_string(syntax_dir().join("fsm.pest")).unwrap();
    let expected = generate(&grammar);
    let path = syntax_dir().join("grammar.rs");
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if current == expected {
        return;
    }
    if std::env::var_os(UPDATE).is_some() {
        std::fs::write(&path, &expected).unwrap();
        return;
    }
    panic!(
        "fsm-dsl/src/syntax/grammar.rs is not what pest's generator makes of fsm.pest: run `{UPDATE}=1 cargo test -p fsm-dsl --test parser`"
    );
}

#[test]
fn a_changed_grammar_changes_the_parser() {
    // The comparison above is only worth something if the output follows the grammar.
    let grammar = std::fs::read_to_string(syntax_dir().join("fsm.pest")).unwrap();
    let changed = grammar.replace("\"machine\"", "\"automaton\"");
    assert_ne!(generate(&grammar), generate(&changed));
}
