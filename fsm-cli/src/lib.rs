//! The `fsm` tool over the compiler of `fsm-dsl`: the command line ([`cli`]), the language
//! server ([`lsp`]), the formatter ([`fmt`]), the files of `generated/` ([`generate`]: Rust,
//! DOT, SVG, Markdown, Mermaid), the interpreter ([`interp`]) and what is built on it (test
//! generation [`testgen`], transition [`coverage`], the trace monitor [`observe`]), the
//! model transforms [`flatten`] and [`equiv`], and the checker of systems of machines over
//! channels [`verify`].
//!
//! Nothing in `fsm-dsl` imports this crate: a change here rebuilds neither the compiler nor the
//! `fsm!` macro. The binary `fsm` is `src/main.rs`; the library is what it and the tests run.

pub mod cli;
pub mod coverage;
pub mod equiv;
pub mod flatten;
pub mod fmt;
pub mod generate;
pub mod interp;
pub mod json;
pub mod lsp;
pub mod markdown;
pub mod mermaid;
pub mod observe;
pub mod testgen;
pub mod verify;
