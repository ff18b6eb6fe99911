//! Where an execution of the `spec` target goes, by kind of input: each file under the given
//! directories (by default the seeds as `scripts/fuzz` gives them, `fuzz/seeds/spec`, `specs/`
//! and `tests/data/`, and the campaign's corpus) runs through the target's properties
//! (`rfc_fsm_fuzz::spec::run`) ROUNDS times, timed, and is counted by what the front end makes
//! of it: a syntax error, another error, or a valid spec. For each kind: how
//! many inputs, the milliseconds per execution, and, for the inputs with syntax errors, the
//! parse's parts. A release build without instrumentation, so the figures are the code's own,
//! not libFuzzer's:
//!
//! ```sh
//! cd fuzz && cargo run --release --example spec_costs -- [ROUNDS] [DIR...]
//! ```
//!
//! Also the slowest inputs, which a campaign meets again and again.

use fsm_dsl::diag::{Code, Source};
use fsm_dsl::syntax::grammar::{Grammar, Rule};
use pest::Parser as _;
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let rounds = match args.first().map(|a| a.parse::<usize>()) {
        Some(Ok(n)) => {
            args.remove(0);
            n.max(1)
        }
        _ => 3,
    };
    if args.is_empty() {
        args = ["seeds/spec", "../specs", "../tests/data", "campaign/spec"].map(str::to_owned).to_vec();
    }
    // Every file under the directories, as libFuzzer reads them.
    let mut inputs = Vec::new();
    let mut dirs: Vec<std::path::PathBuf> = args.iter().map(Into::into).collect();
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                inputs.push((path.display().to_string(), std::fs::read(&path).expect("a readable input")));
            }
        }
    }
    inputs.sort();
    // Kind 0: syntax errors; 1: other errors; 2: valid.
    let kinds: Vec<usize> = inputs
        .iter()
        .map(|(_, data)| {
            let compiled = fsm_dsl::compile(&String::from_utf8_lossy(data));
            if compiled.machine.is_some() {
                2
            } else if compiled.diagnostics.iter().any(|d| d.code == Code::Syntax) {
                0
            } else {
                1
            }
        })
        .collect();
    let mut run = vec![0f64; inputs.len()];
    for _ in 0..rounds {
        for (i, (_, data)) in inputs.iter().enumerate() {
            let started = Instant::now();
            rfc_fsm_fuzz::spec::run(data);
            run[i] += started.elapsed().as_secs_f64();
        }
    }
    // The parts of the front end's work on the inputs with syntax errors.
    let mut parts = [0f64; 5];
    let mut broken_items = 0usize;
    let mut diagnostics = 0usize;
    for _ in 0..rounds {
        for (_, data) in inputs.iter().zip(&kinds).filter(|(_, k)| **k == 0).map(|(input, _)| input) {
            let text = String::from_utf8_lossy(data);
            let started = Instant::now();
            let (_, found) = fsm_dsl::syntax::parse(&text);
            parts[0] += started.elapsed().as_secs_f64();
            diagnostics += found.len();
            let started = Instant::now();
            let lenient = Grammar::parse(Rule::file_recover, &text);
            parts[1] += started.elapsed().as_secs_f64();
            let junk: Vec<&str> = lenient
                .map(|pairs| pairs.flatten().filter(|p| p.as_rule() == Rule::junk).map(|p| p.as_str()).collect())
                .unwrap_or_default();
            broken_items += junk.len();
            for item in junk {
                let started = Instant::now();
                let _ = Grammar::parse(Rule::mistake, item);
                parts[2] += started.elapsed().as_secs_f64();
                pest::set_error_detail(true);
                let started = Instant::now();
                let _ = Grammar::parse(Rule::item_alone, item);
                parts[3] += started.elapsed().as_secs_f64();
                pest::set_error_detail(false);
            }
            let compiled = fsm_dsl::compile(&text);
            let started = Instant::now();
            let rendered =
                rfc_fsm_fuzz::spec::rendered(Source { name: "fuzz.fsm", text: &text }, &compiled.diagnostics);
            parts[4] += started.elapsed().as_secs_f64();
            std::hint::black_box(rendered);
        }
    }
    let ms = |seconds: f64, count: usize| seconds * 1e3 / (rounds * count.max(1)) as f64;
    println!("{} inputs from {}, {rounds} rounds, release build without instrumentation", inputs.len(), args.join(" "));
    println!();
    println!("| inputs | count | ms per execution | share of all |");
    println!("|---|---|---|---|");
    let total: f64 = run.iter().sum();
    for (kind, name) in ["syntax errors", "other errors", "valid specs"].iter().enumerate() {
        let (count, seconds) =
            kinds.iter().zip(&run).filter(|(k, _)| **k == kind).fold((0, 0.0), |(n, s), (_, t)| (n + 1, s + t));
        println!("| {name} | {count} | {:.3} | {:.0}% |", ms(seconds, count), seconds / total * 100.0);
    }
    let syntax = kinds.iter().filter(|k| **k == 0).count();
    println!();
    println!(
        "inputs with syntax errors: {:.1} broken items and {:.1} diagnostics of the parse each; ms per input:",
        broken_items as f64 / (rounds * syntax.max(1)) as f64,
        diagnostics as f64 / (rounds * syntax.max(1)) as f64
    );
    println!();
    println!("| part | ms per input |");
    println!("|---|---|");
    let names = [
        "the parse (`syntax::parse`), in all",
        "its lenient parse (`file_recover`)",
        "its matching of broken items against the forms the DSL lacks (`mistake`)",
        "its reading of broken items again with pest's error detail (`item_alone`)",
        "rendering the diagnostics the target renders (`spec::rendered`: the first eight and the last)",
    ];
    for (name, seconds) in names.iter().zip(parts) {
        println!("| {name} | {:.3} |", ms(seconds, syntax));
    }
    let mut slowest: Vec<usize> = (0..inputs.len()).collect();
    slowest.sort_by(|&a, &b| run[b].total_cmp(&run[a]));
    println!();
    println!("slowest inputs (ms per execution, octets, path):");
    for &i in slowest.iter().take(5) {
        println!("  {:.1} {} {}", run[i] * 1e3 / rounds as f64, inputs[i].1.len(), inputs[i].0);
    }
}
