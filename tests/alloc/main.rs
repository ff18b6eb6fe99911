//! The allocation counts: the watchdog on every input, the IUA SG per routed or queued message,
//! and a machine whose events carry data, each under a counting global allocator
//! (`stats_alloc`).
//!
//! A test binary of its own, not a module of `tests/it/`, and without libtest's harness
//! (`harness = false` in `Cargo.toml`): the global allocator is the process's, so it counts
//! every thread's allocations. Among the tests of `it` it would count theirs; under libtest it
//! would count the harness's own, whose main thread prints a "has been running for over 60
//! seconds" note, allocating, when a check runs long on a loaded machine. Here the checks run
//! one after the other on the main thread, and nothing else runs while one counts.
//!
//! `cargo test --test alloc [FILTER]` runs the checks whose names contain FILTER (all without
//! one); `-- --list` lists them, as libtest would.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

mod event_data;
mod iua;
mod watchdog;

use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Every check, by the name a filter matches.
const CHECKS: &[(&str, fn())] = &[
    ("event_data::handling_segments_allocates_nothing", event_data::handling_segments_allocates_nothing),
    ("iua::delivering_allocates_nothing_per_message", iua::delivering_allocates_nothing_per_message),
    ("watchdog::no_input_allocates", watchdog::no_input_allocates),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Cargo passes libtest's options through (`--nocapture`, `--test-threads=1`, ...): only the
    // filters (words not starting with `-`) and `--list` change what runs here.
    let filters: Vec<&str> = args.iter().map(String::as_str).filter(|arg| !arg.starts_with('-')).collect();
    let selected = CHECKS.iter().filter(|(name, _)| filters.is_empty() || filters.iter().any(|f| name.contains(f)));
    if args.iter().any(|arg| arg == "--list") {
        for (name, _) in selected {
            println!("{name}: test");
        }
        return;
    }
    let mut passed = 0;
    for (name, check) in selected {
        println!("test {name} ...");
        check();
        println!("test {name} ... ok");
        passed += 1;
    }
    println!("\ntest result: ok. {passed} passed; 0 failed");
}
