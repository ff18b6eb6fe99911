//! What users of the `fsm!` macro see: the compile errors of bad specs and bad invocations
//! (pinned `.stderr` files), and a spec whose generated code compiles under
//! `#![deny(warnings, missing_docs)]`.
//!
//! The file-path case reaches the repository's `tests/ui/specs` from the crate trybuild builds
//! in `target/tests/trybuild/rfc-fsm`, so it assumes the default target directory.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
