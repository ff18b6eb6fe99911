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
//! one); `--skip`, `--exact` and `--list` work as with libtest. Built with the `coverage`
//! feature (`--all-features`), whose recorder allocates, the checks are reported ignored.

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

/// What libtest's command line asks of this binary: the filters, the `--skip` filters and
/// `--list`; libtest's other options are accepted and have nothing to change here.
struct Args {
    filters: Vec<String>,
    skip: Vec<String>,
    exact: bool,
    list: bool,
}

impl Args {
    fn parse(mut args: impl Iterator<Item = String>) -> Args {
        let mut parsed = Args { filters: Vec::new(), skip: Vec::new(), exact: false, list: false };
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--list" => parsed.list = true,
                "--exact" => parsed.exact = true,
                "--skip" => parsed.skip.extend(args.next()),
                // libtest's options that take their value as the next argument.
                "--test-threads" | "--format" | "--color" | "--logfile" | "--shuffle-seed" | "-Z" => {
                    args.next();
                }
                _ if arg.starts_with('-') => {}
                _ => parsed.filters.push(arg),
            }
        }
        parsed
    }

    fn selects(&self, name: &str) -> bool {
        let matches = |pattern: &String| if self.exact { name == pattern } else { name.contains(pattern.as_str()) };
        (self.filters.is_empty() || self.filters.iter().any(matches)) && !self.skip.iter().any(matches)
    }
}

fn main() {
    let args = Args::parse(std::env::args().skip(1));
    let selected = CHECKS.iter().filter(|(name, _)| args.selects(name));
    if args.list {
        for (name, _) in selected {
            println!("{name}: test");
        }
        return;
    }
    // With `coverage`, each generated `Machine::step` records the transition it takes in its
    // thread's set (`rfc_fsm::coverage`), which grows as new ones are taken: the counts would
    // be the recorder's, not the runtime's. The checks are reported ignored, as libtest does.
    if cfg!(feature = "coverage") {
        let mut ignored = 0;
        for (name, _) in selected {
            println!("test {name} ... ignored, the coverage feature allocates to record transitions");
            ignored += 1;
        }
        println!("\ntest result: ok. 0 passed; 0 failed; {ignored} ignored");
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
