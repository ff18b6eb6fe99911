//! The cost of the front end and code generation on large specs: a machine of N states and 10
//! events, every state handling every event (10 N transitions), for N = 2,500, 5,000 and
//! 10,000. Prints the time of the whole front end (parse + check + codegen, what the `fsm!`
//! macro does but the DOT text) for each size and how it grows, and for 10,000 states the
//! split, each stage against pest's raw parse of the text: the raw parse, the checked-in parser
//! alone (with the nesting check before it), the syntax tree built from its pairs, `check`, and
//! code generation. Criterion times each on its own; the split printed at the end comes from a
//! paired measurement, made before criterion's, that is robust to the load of a shared machine:
//! 31 rounds, in each of which every stage runs once, in an order shuffled afresh; it prints the
//! median of each stage and its ratio to the raw parse's, and the median of the ratios within
//! each round.
//!
//! The raw parse is pest's own parser of the grammar, as `pest_derive` writes it, not the
//! checked-in one (which casts its steps to one function type to build faster, see
//! `fsm-dsl/tests/it/parser.rs`): the baseline is what pest does. This benchmark lives in the root
//! package so that pest is built as in a crate that uses `fsm!`: without its `std` feature,
//! whose stack guard probes the stack on every rule (about a third more instructions in a
//! parse). `fsm-dsl`'s own tests turn that feature on (`pest_generator` needs it), which would
//! add the same cost to both sides and so flatter the ratios.
//!
//! Beside the valid text, a junk-heavy one of the same length (a machine's head, then lines of
//! `junk junk -> ;;;`, each three items that do not parse): the parse with error recovery of
//! it, against the parse of the valid text, per byte, in the same rounds.
//!
//! `cargo bench --bench front_end` (short: `-- --warm-up-time 1 --measurement-time 3`; only the
//! paired split: `-- paired-only`, a filter that no criterion benchmark matches)

#![allow(clippy::unwrap_used, missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput};
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

const EVENTS: usize = 10;
const SIZES: [usize; 3] = [2_500, 5_000, 10_000];
const SPLIT: usize = 10_000;

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

/// A text as long as `like`: a machine's head, then lines of junk until the length is reached.
fn junk(like: usize) -> String {
    let mut text = String::from("machine Junk {\n    initial state S;\n    event E;\n");
    while text.len() + 18 < like {
        text.push_str("junk junk -> ;;;\n");
    }
    while text.len() < like - 1 {
        text.push(' ');
    }
    text.push('}');
    text
}

// pest_derive without its `std` feature (which would turn on pest's stack guard in fsm-dsl's
// test builds too) writes `alloc::` paths.
extern crate alloc;

/// pest's parser of the grammar, untouched: the baseline of the split.
#[derive(pest_derive::Parser)]
#[grammar = "../fsm-dsl/src/syntax/fsm.pest"]
struct PestParser;

/// Whether pest's own parser accepts `text` as a whole file.
fn pest_parse(text: &str) -> bool {
    <PestParser as pest::Parser<Rule>>::parse(Rule::file, text).is_ok()
}

/// Parse, check and generate: the whole front end.
fn front_end(text: &str) -> usize {
    let compiled = fsm_dsl::compile(text);
    assert!(compiled.diagnostics.is_empty(), "{:?}", compiled.diagnostics.first());
    let machine = compiled.machine.unwrap();
    let tokens = fsm_dsl::codegen::generate(&machine, &fsm_dsl::codegen::Options::default());
    machine.transitions.len() + usize::from(!tokens.is_empty())
}

fn estimate(group: &str, id: &str) -> Option<f64> {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("../criterion")
        .join(group)
        .join(id)
        .join("new/estimates.json");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// The stages of the split, in pipeline order.
const STAGES: [&str; 7] =
    ["raw pest parse", "checked-in parser", "parse and syntax tree", "check", "codegen", "front end", "parse of junk"];

/// The texts and inputs every stage of the split reads: the spec, its syntax tree, its model.
struct Inputs {
    text: String,
    /// A junk-heavy text as long as `text`.
    junk: String,
    ast: fsm_dsl::ast::Spec,
    machine: fsm_dsl::ir::Machine,
}

impl Inputs {
    fn new() -> Self {
        let text = spec(SPLIT);
        let (ast, diagnostics) = fsm_dsl::syntax::parse(&text);
        assert!(diagnostics.is_empty());
        let ast = ast.unwrap();
        let machine = fsm_dsl::check::check(&ast).0.unwrap();
        assert!(pest_parse(&text) && fsm_dsl::syntax::follows_grammar(&text));
        let junk = junk(text.len());
        assert_eq!(junk.len(), text.len());
        let (tree, diagnostics) = fsm_dsl::syntax::parse(&junk);
        assert!(tree.is_some() && diagnostics.len() > 100_000, "{}", diagnostics.len());
        Inputs { text, junk, ast, machine }
    }

    /// Runs stage `k` of [`STAGES`] once.
    fn run(&self, k: usize) {
        let text = black_box(self.text.as_str());
        match k {
            0 => drop(black_box(pest_parse(text))),
            1 => drop(black_box(fsm_dsl::syntax::follows_grammar(text))),
            2 => drop(black_box(fsm_dsl::syntax::parse(text))),
            3 => drop(black_box(fsm_dsl::check::check(black_box(&self.ast)))),
            4 => drop(black_box(fsm_dsl::codegen::generate(
                black_box(&self.machine),
                &fsm_dsl::codegen::Options::default(),
            ))),
            5 => drop(black_box(front_end(text))),
            _ => drop(black_box(fsm_dsl::syntax::parse(black_box(self.junk.as_str())))),
        }
    }
}

fn split(c: &mut Criterion, inputs: &Inputs) {
    let mut group = c.benchmark_group("front_end_split");
    for (k, stage) in STAGES.iter().enumerate() {
        group.bench_function(*stage, |b| b.iter(|| inputs.run(k)));
    }
    group.finish();
}

/// Rounds of the paired measurement.
const ROUNDS: usize = 31;

/// The paired measurement of the split: in each round every stage runs once, so that a change
/// of load on the machine falls on every stage alike, in an order shuffled afresh each round
/// (from a fixed seed). A stage leaves the allocator's free memory to the next one (a stage
/// that follows one that freed much finds its pages already mapped), so no stage may always
/// follow the same one: a rotation of one order would always put the raw parse after the whole
/// front end. Each stage's times in nanoseconds, one a round.
fn paired(inputs: &Inputs) -> [Vec<f64>; STAGES.len()] {
    let mut times: [Vec<f64>; STAGES.len()] = Default::default();
    let mut order: [usize; STAGES.len()] = std::array::from_fn(|k| k);
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    for _ in 0..ROUNDS {
        // Fisher-Yates with xorshift64.
        for i in (1..order.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        for &stage in &order {
            let start = Instant::now();
            inputs.run(stage);
            times[stage].push(start.elapsed().as_nanos() as f64);
        }
    }
    times
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    // The paired split runs first, in a process that has done nothing else yet, so that it
    // measures the same whether or not criterion's runs are filtered out (`paired-only`). After
    // criterion's thousands of runs it gave x1.46 where runs on their own gave x1.35 to x1.42,
    // for the same code on the same machine; what in the process state causes that is not known.
    let inputs = Inputs::new();
    let times = paired(&inputs);
    let mut c = Criterion::default().sample_size(10).configure_from_args();
    let mut group = c.benchmark_group("check_and_codegen");
    // Whether criterion ran the sizes in this process (not with a filter such as `paired-only`):
    // only then are its saved estimates this run's.
    let sized = std::cell::Cell::new(false);
    for states in SIZES {
        let text = spec(states);
        group.throughput(Throughput::Elements((states * EVENTS) as u64));
        group.bench_with_input(BenchmarkId::from_parameter(states), &text, |b, text| {
            sized.set(true);
            b.iter(|| front_end(black_box(text)))
        });
    }
    group.finish();
    split(&mut c, &inputs);
    c.final_summary();
    println!("\nparse + check + codegen (median), transitions = 10 x states:");
    if !sized.get() {
        println!("  (not measured in this run)");
    }
    let mut previous: Option<(usize, f64)> = None;
    for states in SIZES.into_iter().filter(|_| sized.get()) {
        let Some(ns) = estimate("check_and_codegen", &states.to_string()) else { continue };
        let growth = previous
            .map_or(String::new(), |(n, t)| format!("  x{:.2} for x{:.1} the size", ns / t, states as f64 / n as f64));
        println!("  {states:>6} states, {:>7} transitions: {:8.1} ms{growth}", states * EVENTS, ns / 1e6);
        previous = Some((states, ns));
    }
    // The tree is what `parse` adds to the checked-in parser's own run, round by round.
    let tree: Vec<f64> = times[2].iter().zip(&times[1]).map(|(parse, parser)| parse - parser).collect();
    let rows = [
        (STAGES[0], &times[0]),
        (STAGES[1], &times[1]),
        ("syntax tree (from pairs)", &tree),
        (STAGES[3], &times[3]),
        (STAGES[4], &times[4]),
        (STAGES[5], &times[5]),
        (STAGES[6], &times[6]),
    ];
    let raw = median(times[0].clone());
    println!("\n{SPLIT} states, {ROUNDS} paired rounds, against the raw pest parse: the median time, its");
    println!("ratio to the raw parse's median, and the median of the ratios within each round:");
    for (stage, ns) in rows {
        let within: Vec<f64> = ns.iter().zip(&times[0]).map(|(t, r)| t / r).collect();
        let ms = median(ns.clone());
        println!("  {stage:<24} {:8.1} ms  x{:.2}  x{:.2}", ms / 1e6, ms / raw, median(within));
    }
    // The two texts are equally long: the ratio of times is the ratio per byte.
    let junk: Vec<f64> = times[6].iter().zip(&times[2]).map(|(j, v)| j / v).collect();
    println!(
        "\nthe parse of {} octets of junk against as many valid ones (parse and syntax tree), per byte: x{:.2} \
         (median of the ratios within each round)",
        inputs.junk.len(),
        median(junk)
    );
}
