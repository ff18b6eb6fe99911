//! The `fsm` tool's integration tests, as one test binary: one module per subject, and one
//! support module (`support`) for what they share. One binary links the tool and its
//! dev-dependencies once instead of once per file.
//!
//! Run one subject with `cargo test -p fsm-cli --test it SUBJECT::`, e.g. `lsp::`.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

mod support;

mod bounds;
mod cli;
mod editors;
mod flatten_clean;
mod fmt;
mod json;
mod lsp;
mod mermaid;
mod mermaid_render;
mod neovim;
mod observe;
mod robustness;
mod spin;
mod superstates;
mod testgen;
mod verify;
