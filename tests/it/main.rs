//! The root package's integration tests, as one test binary: one module per subject, and one
//! support module (`support`) for what they share. One binary links the crate and its
//! dev-dependencies once instead of once per file (as ripgrep and rust-analyzer do).
//!
//! Run one subject with `cargo test --test it SUBJECT::`, e.g. `cargo test --test it specs::`.
//! The allocation counts are a binary of their own (`tests/alloc/`): its counting global
//! allocator would here count the allocations of every other test running beside them.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

mod support;

mod agreement;
mod build_script;
mod diameter_codec;
mod diameter_driver;
mod diameter_interop;
mod diameter_peer;
mod docs;
mod equivalence;
mod erlang_harness;
mod event_data;
mod freediameter_interop;
mod generated_modules;
mod iua;
mod iua_codec;
mod iua_wire;
mod no_std;
mod observe;
mod proptest_regressions;
mod snapshots_serde;
mod spec_rewrites;
mod spec_suites;
mod specs;
mod tcp_handshake;
mod timer_analysis;
mod tracing_events;
mod ui;
mod watchdog;

/// `tests/data/ok/event_data.fsm` names one of its event types from the crate root
/// (`crate::link::Settings`), as a spec whose module stands in a crate's root would: the module
/// that defines it is brought to this binary's root.
use event_data::link;
