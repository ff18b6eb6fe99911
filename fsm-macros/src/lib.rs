//! The `fsm!` macro: compiles a state machine spec into Rust at build time.
//!
//! This crate is a thin shim; the work is done by [`fsm_dsl::expand`], which reads the spec,
//! checks it and generates the code (or the errors).

/// Compiles a spec into a module named after the machine (in snake case).
///
/// ```ignore
/// fsm_macros::fsm!("specs/failover.fsm");            // a file, relative to CARGO_MANIFEST_DIR
/// fsm_macros::fsm!(path = "specs/failover.fsm");     // the same
/// fsm_macros::fsm!(source = "machine Door { ... }"); // the spec inline
/// ```
///
/// The module holds the `State`, `Event`, `Action`, `Guard` and `Timer` enums, the `Guards`
/// and `Vars` structs, the `TRANSITIONS` table, the `DOT` text, `dispatch` / `dispatch_with`,
/// and the `Machine` wrapper with its `Hooks` trait. A spec with errors gives one
/// `compile_error!` per error, with the spec's file, line, column and source line.
#[proc_macro]
pub fn fsm(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    fsm_dsl::expand::expand(input.into()).into()
}
