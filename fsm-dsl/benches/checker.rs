//! The cost of the front end and code generation on large specs: a machine of N states and 10
//! events, every state handling every event (10 N transitions), for N = 2,500, 5,000 and
//! 10,000. Prints the time of `check` + codegen for each size and how it grows.
//!
//! `cargo bench -p fsm-dsl --bench checker`

#![allow(clippy::unwrap_used, missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput};
use std::fmt::Write as _;
use std::hint::black_box;

const EVENTS: usize = 10;
const SIZES: [usize; 3] = [2_500, 5_000, 10_000];

/// A spec of `states` states where event `j` takes state `i` to state `i + j + 1` (mod N).
fn spec(states: usize) -> String {
    let mut text = String::with_capacity(states * EVENTS * 40);
    text.push_str("/// A large generated machine.\nmachine Large {\n    initial state S0;\n");
    for i in 1..states {
        let _ = writeln!(text, "    state S{i};");
    }
    for j in 0..EVENTS {
        let _ = writeln!(text, "    event E{j};");
    }
    text.push_str("    action Step;\n");
    for i in 0..states {
        for j in 0..EVENTS {
            let _ = writeln!(text, "    S{i} -> S{} on E{j} / Step;", (i + j + 1) % states);
        }
    }
    text.push_str("}\n");
    text
}

fn check_and_generate(text: &str) -> usize {
    let compiled = fsm_dsl::compile(text);
    assert!(compiled.diagnostics.is_empty(), "{:?}", compiled.diagnostics.first());
    let machine = compiled.machine.unwrap();
    let tokens = fsm_dsl::codegen::generate(&machine, &fsm_dsl::codegen::Options::default());
    machine.transitions.len() + tokens.into_iter().count()
}

fn estimate(size: usize) -> Option<f64> {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("../criterion/check_and_codegen")
        .join(size.to_string())
        .join("new/estimates.json");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}

fn main() {
    let mut c = Criterion::default().sample_size(10).configure_from_args();
    let mut group = c.benchmark_group("check_and_codegen");
    for states in SIZES {
        let text = spec(states);
        group.throughput(Throughput::Elements((states * EVENTS) as u64));
        group.bench_with_input(BenchmarkId::from_parameter(states), &text, |b, text| {
            b.iter(|| check_and_generate(black_box(text)))
        });
    }
    group.finish();
    c.final_summary();
    println!("\ncheck + codegen (median), transitions = 10 x states:");
    let mut previous: Option<(usize, f64)> = None;
    for states in SIZES {
        let Some(ns) = estimate(states) else { continue };
        let growth = previous
            .map_or(String::new(), |(n, t)| format!("  x{:.2} for x{:.1} the size", ns / t, states as f64 / n as f64));
        println!("  {states:>6} states, {:>7} transitions: {:8.1} ms{growth}", states * EVENTS, ns / 1e6);
        previous = Some((states, ns));
    }
}
