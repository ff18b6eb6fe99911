//! The command line as clap reads it: the subcommands and their options, and how a diagram's
//! options on the command line override the spec's.

use clap::{Parser, Subcommand, ValueEnum};
use fsm_dsl::ir::Machine;
use std::path::PathBuf;

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
    /// Print the Rust module of one spec: what `fsm gen` writes to `generated/NAME.rs` (the code
    /// `fsm!` generates, formatted by rustfmt as configured for the spec's directory), but the
    /// first line, which names the command and the spec.
    Rust {
        /// Spec file.
        spec: PathBuf,
        /// Emit a `tracing` event from `Machine::start` and `Machine::step`, as `fsm!(..,
        /// tracing)` does (the crate then depends on `tracing` 0.1).
        #[arg(long)]
        tracing: bool,
        /// Add `Snapshot`, `Machine::snapshot` and `Machine::restore`, as `fsm!(.., serde)` does
        /// (the crate then depends on `serde` with `derive`, and needs `alloc`).
        #[arg(long)]
        serde: bool,
        /// Add `TRANSITIONS`, the spec's transitions as static data, as `fsm!(.., transitions)`
        /// does.
        #[arg(long)]
        transitions: bool,
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
        /// A parameter's value for every case (`--param unreliable=false`); the others take
        /// their defaults (a parameter without one, its type's smallest value).
        #[arg(long = "param", value_name = "NAME=VALUE")]
        params: Vec<String>,
        /// Output format: readable text, or one JSON document (schema in the book, "Test suites from a spec").
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
    /// Replay a trace (JSON lines of events and actions) against a spec and report each step where the trace does what the spec does
    /// not allow, with the `ref` of the transitions that should have applied. Guards and
    /// variables the trace does not give are unknown: any value consistent with the trace is
    /// allowed. Exits 1 on a deviation.
    Observe {
        /// Spec file.
        spec: PathBuf,
        /// Trace file.
        trace: PathBuf,
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
    /// Explore a system of specs over channels (a `.fsys` file) for deadlocks, unspecified
    /// receptions, overflows and broken invariants.
    ///
    /// Every interleaving is explored breadth first; each violation is printed with a shortest
    /// message sequence chart (text and Mermaid). Exits 0 when every property holds in every
    /// reachable state, 1 on a violation, on errors in the system or its specs, or when a bound
    /// stopped the exploration, 2 when a file cannot be read.
    Verify {
        /// The system file.
        system: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
        /// Most states stored before stopping.
        #[arg(long, default_value_t = 10_000_000)]
        max_states: usize,
        /// Deepest state expanded, in moves from the start.
        #[arg(long, default_value_t = 10_000)]
        max_depth: usize,
        /// Write each violation's trace as each instance saw it, one file per violation and
        /// instance (`PROPERTY.INSTANCE.jsonl`, JSON lines that `fsm observe` replays against
        /// the instance's spec), into this directory.
        #[arg(long, value_name = "DIR", conflicts_with = "promela")]
        traces: Option<PathBuf>,
        /// Write the system as a Promela model for SPIN instead of exploring it (to standard
        /// output, or to the file of `-o`).
        #[arg(long)]
        promela: bool,
        /// The file the Promela model is written to.
        #[arg(short = 'o', long = "output", value_name = "FILE", requires = "promela")]
        output: Option<PathBuf>,
    },
    /// Run a spec through the interpreter: events from the arguments, or one per line on
    /// standard input. `Event[g1,g2]` sets those named guards true for that step;
    /// `Event[field=3600]` gives a field of the event's data that a timer's duration reads.
    /// Prints one JSON object per step.
    Sim {
        /// Spec file.
        spec: PathBuf,
        /// A parameter's value for this run (`--param retries=3`, `--param reliable=true`);
        /// the others take their defaults (a parameter without one, its type's smallest value).
        #[arg(long = "param", value_name = "NAME=VALUE")]
        params: Vec<String>,
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
    pub fn options(self, m: &Machine) -> fsm_dsl::diagram::Options {
        let mut options = fsm_dsl::diagram::Options::of(m);
        if let Some(d) = self.direction {
            options.direction = match d {
                DirectionArg::TB => fsm_dsl::ast::Direction::TopToBottom,
                DirectionArg::LR => fsm_dsl::ast::Direction::LeftToRight,
                DirectionArg::BT => fsm_dsl::ast::Direction::BottomToTop,
                DirectionArg::RL => fsm_dsl::ast::Direction::RightToLeft,
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

/// Formats of `fsm verify`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ReportFormat {
    /// The summary, then each violation's charts (text and Mermaid), on standard output.
    Text,
    /// One JSON document: the summary, and each violation with its charts.
    Json,
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
