//! The compiler's integration tests, as one test binary: one module per subject. One binary
//! links the crate and its dev-dependencies once instead of once per file.
//!
//! Run one subject with `cargo test -p fsm-dsl --test it SUBJECT::`, e.g. `spec_data::`.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

mod bounds;
mod durations;
mod idle_stops;
mod module_cycles;
mod parser;
mod robustness;
mod spec_data;
