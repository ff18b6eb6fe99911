//! The `fsm` command line: `check`, `fmt`, `lsp`, `dot`, `mermaid`, `table`, `gen`, `tests`,
//! `coverage`, `observe`, `sim`, `flatten` and `equiv`. Kept in the library, with its output
//! streams passed in, so that tests run it
//! without spawning a process.

use crate::diag::{self, Diagnostic, Source};
use crate::generate;
use crate::interp::{self, Interpreter};
use crate::ir::Machine;
use clap::{Parser, Subcommand, ValueEnum};
use serde_json::{Map, Value, json};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// Check state machine specs, draw them, simulate them, and regenerate their documents.
#[derive(Debug, Parser)]
#[command(name = "fsm", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// When to colour diagnostics.
    #[arg(long, value_enum, default_value_t = Color::Auto, global = true)]
    pub color: Color,
}

/// When to colour diagnostics.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Color {
    /// When standard error is a terminal.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Diagnostic output formats.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    /// rustc-like text on standard error.
    Human,
    /// One JSON object per diagnostic and line, on standard output.
    Json,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check specs and report every problem; exits 1 if any has an error.
    Check {
        /// Spec files.
        #[arg(required = true)]
        specs: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Format specs in the canonical layout, in place. A spec with syntax errors is left as it
    /// is and its errors reported (exit 1).
    Fmt {
        /// Spec files; `-` reads standard input and writes standard output.
        #[arg(required = true)]
        specs: Vec<PathBuf>,
        /// Only compare: exit 1, naming the files that would change, and write nothing.
        #[arg(long)]
        check: bool,
        /// Write the formatted text to standard output instead of the files.
        #[arg(long, conflicts_with = "check")]
        stdout: bool,
    },
    /// Run the language server on standard input and output (for editors): diagnostics as the
    /// text changes, hover, formatting.
    Lsp,
    /// Print a spec as a Graphviz DOT graph. Each option overrides the spec's `diagram { }`
    /// setting of the same name (by default top to bottom, events and actions shown).
    Dot {
        /// Spec file.
        spec: PathBuf,
        /// Direction, events, actions.
        #[command(flatten)]
        look: Look,
    },
    /// Print a spec as a Mermaid `stateDiagram-v2` (what GitHub draws from a ```mermaid block).
    /// The options are those of `dot`.
    Mermaid {
        /// Spec file.
        spec: PathBuf,
        /// Direction, events, actions.
        #[command(flatten)]
        look: Look,
    },
    /// Print a spec's state x event matrix as a Markdown table.
    Table {
        /// Spec file.
        spec: PathBuf,
    },
    /// Check every spec under the specs directory and rewrite the generated directory.
    Gen {
        /// Only compare: exit 1, naming the stale files, if anything differs.
        #[arg(long)]
        check: bool,
        /// Where the specs are (default: `specs/` here or in the nearest parent that has one).
        #[arg(long)]
        specs: Option<PathBuf>,
        /// Where the outputs go (default: `generated/` beside the specs directory).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Print a covering test suite: event sequences from the start, shortest first, that take
    /// every transition (each guard outcome, each variable case) and hit every ignored and
    /// unhandled pair, with the expected state and actions at each step. Exits 1 when the
    /// exploration stopped at a limit.
    Tests {
        /// Spec file.
        spec: PathBuf,
        /// Output format: readable text, or one JSON document (schema in the README).
        #[arg(long, value_enum, default_value_t = SuiteFormat::Text)]
        format: SuiteFormat,
    },
    /// Report which transitions and `ref`s of the specs the tests took, from the records of
    /// machines generated with `fsm!(.., coverage = recorder)` (a directory of `*.jsonl`):
    /// a summary on standard output, the full report as Markdown with `--out`. Exits 1 with
    /// `--require-all` when some transition was not taken.
    Coverage {
        /// The directory of records.
        records: PathBuf,
        /// The specs (default: every spec in `specs/` here or in the nearest parent that has one).
        #[arg(long = "spec", value_name = "SPEC")]
        specs: Vec<PathBuf>,
        /// Write the Markdown report here.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Exit 1 if some transition of a spec was not taken.
        #[arg(long)]
        require_all: bool,
    },
    /// Replay a trace (JSON lines of events and actions, or a tshark export of Diameter
    /// messages) against a spec and report each step where the trace does what the spec does
    /// not allow, with the `ref` of the transitions that should have applied. Guards and
    /// variables the trace does not give are unknown: any value consistent with the trace is
    /// allowed. Exits 1 on a deviation.
    Observe {
        /// Spec file.
        spec: PathBuf,
        /// Trace file.
        trace: PathBuf,
        /// How to read the trace.
        #[arg(long, value_enum, default_value_t = crate::observe::TraceFormat::Jsonl)]
        format: crate::observe::TraceFormat,
        /// The node whose watchdog the Diameter formats observe: for a capture `client` (the
        /// side that opened the connection), `server`, `IP:PORT`, `IP` or `:PORT`; for the
        /// driver's trace `peer` (the default: the other side) or `ours`.
        #[arg(long)]
        node: Option<String>,
        /// Only these actions are compared (repeat; default: the trace's own list, or all).
        #[arg(long = "observable", value_name = "ACTION")]
        observable: Vec<String>,
        /// Events that may happen without showing in the trace (repeat; timer expiries, say).
        #[arg(long = "hidden", value_name = "EVENT")]
        hidden: Vec<String>,
    },
    /// Print a spec with its variables expanded into explicit states (it checks clean itself).
    Flatten {
        /// Spec file.
        spec: PathBuf,
    },
    /// Decide whether two specs produce the same actions for every sequence of events; if not,
    /// print each difference with a shortest event sequence that shows it. Exits 1 when they
    /// differ.
    Equiv {
        /// The first spec (A).
        a: PathBuf,
        /// The second spec (B).
        b: PathBuf,
        /// `NAME_IN_A=NAME_IN_B`: an event, action, guard or timer that B calls otherwise.
        #[arg(long = "map", value_name = "A=B", value_parser = parse_mapping)]
        map: Vec<(String, String)>,
        /// An action (B's name) to leave out of the comparison.
        #[arg(long = "hide", value_name = "ACTION")]
        hide: Vec<String>,
        /// An event run on A before comparing (repeat for several, in order).
        #[arg(long = "prefix-a", value_name = "EVENT")]
        prefix_a: Vec<String>,
        /// An event run on B before comparing.
        #[arg(long = "prefix-b", value_name = "EVENT")]
        prefix_b: Vec<String>,
        /// Compare each step's actions ignoring their order.
        #[arg(long)]
        unordered: bool,
    },
    /// Run a spec through the interpreter: events from the arguments, or one per line on
    /// standard input. `Event[g1,g2]` sets those named guards true for that step. Prints one
    /// JSON object per step.
    Sim {
        /// Spec file.
        spec: PathBuf,
        /// Events, in order.
        events: Vec<String>,
    },
}

/// How to draw a diagram; each option left out is the spec's choice.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct Look {
    /// Which way transitions run: TB (top to bottom), LR, BT or RL.
    #[arg(long, value_enum)]
    pub direction: Option<DirectionArg>,
    /// Whether edges show events and guards.
    #[arg(long, value_enum, value_name = "show|hide")]
    pub events: Option<Shown>,
    /// Whether edges show effects and states their entry, exit and internal transitions.
    #[arg(long, value_enum, value_name = "show|hide")]
    pub actions: Option<Shown>,
}

impl Look {
    /// The spec's options with these overrides.
    pub fn options(self, m: &Machine) -> crate::diagram::Options {
        let mut options = crate::diagram::Options::of(m);
        if let Some(d) = self.direction {
            options.direction = match d {
                DirectionArg::TB => crate::ast::Direction::TopToBottom,
                DirectionArg::LR => crate::ast::Direction::LeftToRight,
                DirectionArg::BT => crate::ast::Direction::BottomToTop,
                DirectionArg::RL => crate::ast::Direction::RightToLeft,
            };
        }
        if let Some(shown) = self.events {
            options.events = matches!(shown, Shown::Show);
        }
        if let Some(shown) = self.actions {
            options.actions = matches!(shown, Shown::Show);
        }
        options
    }
}

/// A diagram's direction, as Graphviz and Mermaid write it.
#[allow(clippy::upper_case_acronyms)] // the two-letter codes are what users type
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum DirectionArg {
    /// Top to bottom.
    #[value(name = "TB", alias = "tb")]
    TB,
    /// Left to right.
    #[value(name = "LR", alias = "lr")]
    LR,
    /// Bottom to top.
    #[value(name = "BT", alias = "bt")]
    BT,
    /// Right to left.
    #[value(name = "RL", alias = "rl")]
    RL,
}

/// Show or hide a part of the labels.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Shown {
    /// Show it.
    Show,
    /// Hide it.
    Hide,
}

/// Formats of `fsm tests`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SuiteFormat {
    /// A summary, then one line per step.
    Text,
    /// One JSON document.
    Json,
}

/// Reads `--map NAME_IN_A=NAME_IN_B`.
fn parse_mapping(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => Ok((a.trim().to_owned(), b.trim().to_owned())),
        _ => Err(format!("expected NAME_IN_A=NAME_IN_B, not `{text}`")),
    }
}

/// Where output goes.
pub struct Io<'a> {
    /// Standard output.
    pub out: &'a mut dyn Write,
    /// Standard error.
    pub err: &'a mut dyn Write,
    /// Standard input (for `sim` without event arguments).
    pub input: &'a mut dyn BufRead,
    /// Whether to colour diagnostics.
    pub color: bool,
}

/// Runs a parsed command line. Returns the process exit code: 0 on success (warnings allowed),
/// 1 when a spec has errors or outputs are stale, 2 when a file cannot be read or written.
pub fn run(cli: Cli, io: &mut Io<'_>) -> i32 {
    let result = match cli.command {
        Command::Check { specs, format } => check(&specs, format, io),
        Command::Fmt { specs, check, stdout } => fmt(&specs, check, stdout, io),
        // The server speaks on the process's own standard input and output, which `main` runs
        // it on before locking them for the other commands.
        Command::Lsp => Err("`fsm lsp` runs only as the `fsm` command, on its standard input and output".into()),
        Command::Dot { spec, look } => {
            with_machine(&spec, io, |m, io| write_out(io, &crate::dot::render_with(m, look.options(m))))
        }
        Command::Mermaid { spec, look } => {
            with_machine(&spec, io, |m, io| write_out(io, &crate::mermaid::render_with(m, look.options(m))))
        }
        Command::Table { spec } => with_machine(&spec, io, |m, io| write_out(io, &crate::markdown::matrix(m))),
        Command::Gen { check, specs, out } => regenerate(check, specs, out, io),
        Command::Tests { spec, format } => with_machine(&spec, io, |m, io| tests(m, format, io)),
        Command::Sim { spec, events } => with_machine(&spec, io, |m, io| sim(m, &events, io)),
        Command::Coverage { records, specs, out, require_all } => coverage(&records, specs, out, require_all, io),
        Command::Observe { spec, trace, format, node, observable, hidden } => with_machine(&spec, io, |m, io| {
            // A capture is decoded by tshark from its path; the other formats are read here.
            let options = crate::observe::Options { format, node, observable, hidden };
            observe(m, &trace, &options, io)
        }),
        Command::Flatten { spec } => with_machine(&spec, io, |m, io| match crate::flatten::flatten(m) {
            Ok(text) => write_out(io, &text),
            Err(e) => Err(format!("cannot flatten {}: {e}", spec.display())),
        }),
        Command::Equiv { a, b, map, hide, prefix_a, prefix_b, unordered } => {
            let options = crate::equiv::Options { map, hide, prefix_a, prefix_b, unordered };
            equiv(&a, &b, &options, io)
        }
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            let _ = writeln!(io.err, "error: {message}");
            2
        }
    }
}

type Outcome = Result<i32, String>;

fn write_out(io: &mut Io<'_>, text: &str) -> Outcome {
    io.out.write_all(text.as_bytes()).map_err(|e| format!("cannot write the output: {e}"))?;
    Ok(0)
}

/// Reads a spec file; a file that is not UTF-8 is refused with the offset of the first bad byte.
fn read(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        format!("{} is not UTF-8 text: invalid byte at offset {at} (line {line})", path.display())
    })
}

fn print_diagnostics(io: &mut Io<'_>, name: &str, text: &str, diagnostics: &[Diagnostic]) {
    if !diagnostics.is_empty() {
        let _ = write!(io.err, "{}", diag::render(Source { name, text }, diagnostics, io.color));
    }
}

fn check(specs: &[PathBuf], format: Format, io: &mut Io<'_>) -> Outcome {
    let mut errors = 0;
    let mut warnings = 0;
    let mut unreadable = 0;
    for path in specs {
        // A file that cannot be read is reported, and the others are still checked.
        let text = match read(path) {
            Ok(text) => text,
            Err(message) => {
                let _ = writeln!(io.err, "error: {message}");
                unreadable += 1;
                continue;
            }
        };
        let name = path.to_string_lossy();
        let compiled = crate::compile(&text);
        let (e, w) = compiled.counts();
        errors += e;
        warnings += w;
        match format {
            Format::Human => print_diagnostics(io, &name, &text, &compiled.diagnostics),
            Format::Json => {
                for d in &compiled.diagnostics {
                    let line = diag::to_json(Source { name: &name, text: &text }, d);
                    writeln!(io.out, "{line}").map_err(|e| format!("cannot write the output: {e}"))?;
                }
            }
        }
    }
    if let Format::Human = format {
        // A file that could not be read was not checked: the summary says so, not "0 errors".
        let checked = specs.len() - unreadable;
        let unread = if unreadable > 0 {
            format!("; {unreadable} {} could not be read", diag::plural(unreadable, "file"))
        } else {
            String::new()
        };
        let _ = writeln!(
            io.err,
            "checked {} {}: {} {}, {} {}{unread}",
            checked,
            diag::plural(checked, "spec"),
            errors,
            diag::plural(errors, "error"),
            warnings,
            diag::plural(warnings, "warning")
        );
    }
    if unreadable > 0 {
        return Ok(2);
    }
    Ok(i32::from(errors > 0))
}

/// `fsm fmt`: each file formatted, compared (`--check`) or printed (`--stdout`, `-`). Exit 1
/// when a file would change (`--check`) or has syntax errors, 2 when one cannot be read or
/// written; the other files are still done.
fn fmt(specs: &[PathBuf], check: bool, stdout: bool, io: &mut Io<'_>) -> Outcome {
    let mut code = 0;
    let mut unformatted = Vec::new();
    for path in specs {
        let stdin = path.as_os_str() == "-";
        let text = if stdin {
            let mut text = String::new();
            io.input.read_to_string(&mut text).map_err(|e| format!("cannot read standard input: {e}"))?;
            text
        } else {
            match read(path) {
                Ok(text) => text,
                Err(message) => {
                    let _ = writeln!(io.err, "error: {message}");
                    code = 2;
                    continue;
                }
            }
        };
        let name = if stdin { "<stdin>".into() } else { path.to_string_lossy() };
        let formatted = match crate::fmt::format(&text) {
            Ok(formatted) => formatted,
            Err(crate::fmt::Error::Syntax(diagnostics)) => {
                print_diagnostics(io, &name, &text, &diagnostics);
                let _ = writeln!(io.err, "error: {name} has syntax errors: left as it is");
                code = code.max(1);
                continue;
            }
            Err(error) => {
                let _ = writeln!(io.err, "error: {name}: {error}");
                code = code.max(1);
                continue;
            }
        };
        if check {
            if formatted != text {
                unformatted.push(name.into_owned());
            }
        } else if stdout || stdin {
            write_out(io, &formatted)?;
        } else if formatted != text
            && let Err(e) = std::fs::write(path, &formatted)
        {
            let _ = writeln!(io.err, "error: cannot write {name}: {e}");
            code = 2;
        }
    }
    if !unformatted.is_empty() {
        for name in &unformatted {
            let _ = writeln!(io.err, "unformatted: {name}");
        }
        let _ = writeln!(io.err, "run `cargo fsm fmt` on these files");
        code = code.max(1);
    }
    Ok(code)
}

fn with_machine(path: &Path, io: &mut Io<'_>, f: impl FnOnce(&Machine, &mut Io<'_>) -> Outcome) -> Outcome {
    let text = read(path)?;
    let compiled = crate::compile(&text);
    let name = path.to_string_lossy();
    let errors: Vec<Diagnostic> = compiled.diagnostics.iter().filter(|d| d.is_error()).cloned().collect();
    match &compiled.machine {
        Some(m) => f(m, io),
        None => {
            print_diagnostics(io, &name, &text, &errors);
            Ok(1)
        }
    }
}

/// The nearest directory, from here upwards, that has a `specs/` directory.
fn project_root() -> PathBuf {
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    here.ancestors().find(|dir| dir.join("specs").is_dir()).map_or(here.clone(), Path::to_path_buf)
}

fn regenerate(check: bool, specs: Option<PathBuf>, out: Option<PathBuf>, io: &mut Io<'_>) -> Outcome {
    let root = project_root();
    let specs_dir = specs.unwrap_or_else(|| root.join("specs"));
    let out_dir = out.unwrap_or_else(|| specs_dir.parent().unwrap_or(&root).join("generated"));
    let specs = generate::read_specs(&specs_dir).map_err(|e| e.to_string())?;
    if specs.is_empty() {
        return Err(format!("no `.fsm` file in {}", specs_dir.display()));
    }
    let relative = |p: &Path| p.strip_prefix(&root).unwrap_or(p).display().to_string();
    let mut failed = false;
    for spec in &specs {
        let name = relative(&spec.path);
        print_diagnostics(io, &name, &spec.text, &spec.compiled.diagnostics);
        failed |= spec.compiled.has_errors();
        let _ = writeln!(io.out, "{}", spec.summary(&name));
    }
    let label = specs_dir.file_name().map_or("specs".into(), |n| n.to_string_lossy().into_owned());
    let report = generate::run(&specs, &out_dir, &label, check).map_err(|e| e.to_string())?;
    if report.no_graphviz && !check {
        let _ = writeln!(
            io.err,
            "note: Graphviz (`dot`) is not installed: SVGs are left as they are (scripts/install-deps installs it)"
        );
    }
    if check {
        for path in &report.changed {
            let state = if path.exists() { "stale" } else { "missing" };
            let _ = writeln!(io.err, "{state}: {}", relative(path));
        }
        if report.no_graphviz && report.changed.iter().any(|p| p.extension().is_some_and(|e| e == "svg")) {
            let _ = writeln!(io.err, "note: rendering SVGs needs Graphviz (`dot`); scripts/install-deps installs it");
        }
        for path in &report.orphans {
            let _ = writeln!(io.err, "stale: {} (its spec is gone)", relative(path));
        }
        if !report.changed.is_empty() || !report.orphans.is_empty() {
            let _ = writeln!(io.err, "generated files are out of date: run `cargo fsm gen`");
            failed = true;
        }
    } else {
        for path in &report.changed {
            let _ = writeln!(io.out, "wrote {}", relative(path));
        }
        for path in &report.orphans {
            let _ = writeln!(io.out, "removed {}", relative(path));
        }
    }
    Ok(i32::from(failed))
}

fn equiv(a: &Path, b: &Path, options: &crate::equiv::Options, io: &mut Io<'_>) -> Outcome {
    let load = |path: &Path, io: &mut Io<'_>| -> Result<Option<Machine>, String> {
        let text = read(path)?;
        let compiled = crate::compile(&text);
        if compiled.machine.is_none() {
            let errors: Vec<Diagnostic> = compiled.diagnostics.into_iter().filter(Diagnostic::is_error).collect();
            print_diagnostics(io, &path.to_string_lossy(), &text, &errors);
        }
        Ok(compiled.machine)
    };
    let (Some(ma), Some(mb)) = (load(a, io)?, load(b, io)?) else { return Ok(1) };
    let report = crate::equiv::compare(&ma, &mb, options).map_err(|e| e.to_string())?;
    write_out(io, &crate::equiv::render(&report, &a.to_string_lossy(), &b.to_string_lossy()))?;
    Ok(i32::from(!report.equivalent()))
}

/// The header of the coverage report: it says how the file is made (and it does not carry the
/// marker of `gen`'s files, so that `gen` never takes it for its own).
const COVERAGE_HEADER: &str = "# Transition coverage\n\nWhich transitions and `ref` rows of each spec the runtimes' tests take: written by\n`scripts/coverage` (the tests built with the `coverage` feature, then `fsm coverage`).\n\n";

fn coverage(records: &Path, specs: Vec<PathBuf>, out: Option<PathBuf>, require_all: bool, io: &mut Io<'_>) -> Outcome {
    let paths = if specs.is_empty() {
        let loaded = generate::read_specs(&project_root().join("specs")).map_err(|e| e.to_string())?;
        loaded.into_iter().map(|s| s.path).collect()
    } else {
        specs
    };
    let root = project_root();
    let mut machines = Vec::new();
    for path in &paths {
        let text = read(path)?;
        let compiled = crate::compile(&text);
        let Some(machine) = compiled.machine else {
            let errors: Vec<Diagnostic> = compiled.diagnostics.into_iter().filter(|d| d.is_error()).collect();
            print_diagnostics(io, &path.to_string_lossy(), &text, &errors);
            return Ok(1);
        };
        let shown = path.strip_prefix(&root).unwrap_or(path).to_string_lossy().into_owned();
        machines.push((shown, machine));
    }
    let records = crate::coverage::read_records(records).map_err(|e| e.to_string())?;
    let specs: Vec<(String, &Machine)> = machines.iter().map(|(p, m)| (p.clone(), m)).collect();
    let report = crate::coverage::report(&specs, &records);
    if let Some(out) = out {
        let text = crate::coverage::markdown(&report, COVERAGE_HEADER);
        std::fs::write(&out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    write_out(io, &crate::coverage::summary(&report))?;
    let complete = report.specs.iter().all(|s| s.taken() == s.transitions.len());
    Ok(i32::from(require_all && !complete))
}

fn observe(m: &Machine, trace: &Path, options: &crate::observe::Options, io: &mut Io<'_>) -> Outcome {
    let text = match options.format {
        crate::observe::TraceFormat::DiameterPcap => trace.to_string_lossy().into_owned(),
        _ => read(trace)?,
    };
    let trace = crate::observe::read_trace(m, &text, options).map_err(|e| format!("{}: {e}", trace.display()))?;
    let result = crate::observe::observe(m, &trace);
    write_out(io, &crate::observe::render(m, &trace, &result))?;
    Ok(i32::from(!result.deviations.is_empty()))
}

fn tests(m: &Machine, format: SuiteFormat, io: &mut Io<'_>) -> Outcome {
    let suite = crate::testgen::cases(m);
    match format {
        SuiteFormat::Text => write_out(io, &crate::testgen::text(m, &suite))?,
        SuiteFormat::Json => write_out(io, &format!("{}\n", crate::testgen::to_json(m, &suite)))?,
    };
    if let Some(why) = &suite.incomplete {
        let _ = writeln!(io.err, "error: the suite is incomplete: {why}");
        return Ok(1);
    }
    Ok(0)
}

fn actions_json(m: &Machine, actions: &[crate::ir::ActionId]) -> Value {
    Value::Array(actions.iter().map(|a| Value::String(m.action_sim_text(*a))).collect())
}

fn vars_json(m: &Machine, values: &[i64]) -> Value {
    let mut map = Map::new();
    for (var, &value) in m.vars.iter().zip(values) {
        let v = match var.ty {
            crate::ir::VarType::Bool => Value::Bool(value != 0),
            crate::ir::VarType::Int { .. } => Value::from(value),
        };
        map.insert(var.named.name.clone(), v);
    }
    Value::Object(map)
}

fn sim(m: &Machine, events: &[String], io: &mut Io<'_>) -> Outcome {
    let (mut it, entry) = Interpreter::start(m);
    let mut first = json!({ "step": 0, "state": m.state(it.state()).named.name, "actions": actions_json(m, &entry) });
    if !m.vars.is_empty() {
        first["vars"] = vars_json(m, it.vars());
    }
    writeln!(io.out, "{first}").map_err(|e| e.to_string())?;
    // Events stream in one at a time, so that `sim` can be driven interactively.
    let mut from_args = events.iter().cloned().map(Ok);
    let mut from_input = (&mut *io.input).lines().map(|l| l.map_err(|e| format!("cannot read standard input: {e}")));
    let lines: &mut dyn Iterator<Item = Result<String, String>> =
        if events.is_empty() { &mut from_input } else { &mut from_args };
    let mut step = 0;
    for line in lines {
        let line = line?;
        // `#` starts a comment, on a line of its own or after an event.
        let trimmed = line.split('#').next().unwrap_or("").trim();
        if trimmed.is_empty() {
            continue;
        }
        step += 1;
        let (event, guards) = match interp::parse_input(m, trimmed) {
            Ok(input) => input,
            Err(error) => {
                let _ = writeln!(io.err, "error: step {step}: {error}");
                return Ok(1);
            }
        };
        let s = it.step(event, &guards);
        let mut object = json!({
            "step": step,
            "from": m.state(s.from).named.name,
            "event": m.event(s.event).named.name,
            "to": m.state(s.to).named.name,
            "kind": s.kind.as_str(),
            "actions": actions_json(m, &s.actions),
        });
        if !m.vars.is_empty() {
            object["vars"] = vars_json(m, it.vars());
        }
        writeln!(io.out, "{object}").map_err(|e| e.to_string())?;
    }
    Ok(0)
}
