//! The `fsm!` macro: compiles a state machine spec into Rust at build time.
//!
//! This crate is a thin shim; the work is done by [`fsm_dsl::expand`], which reads the spec,
//! checks it and generates the code (or the errors). It depends on `fsm-dsl`, the compiler alone
//! (the `fsm` tool is the crate `fsm-cli`), so a crate that uses the macro builds little besides it.

// The reference is long, and Markdown: it lives beside this file (and is packaged with it).
#[doc = include_str!("fsm.md")]
#[proc_macro]
pub fn fsm(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    fsm_dsl::expand::expand(input.into()).into()
}
