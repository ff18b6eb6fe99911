//! The `fsm` command line: `check`, `fmt`, `lsp`, `dot`, `mermaid`, `table`, `gen`, `tests`,
//! `coverage`, `observe`, `sim`, `flatten`, `equiv` and `verify`. Kept in the library, with its output
//! streams passed in, so that tests run it
//! without spawning a process.
//!
//! This module holds [`run`], which dispatches a parsed command line, and what every command
//! shares (reading a spec, printing its diagnostics, [`Io`]). `cli/args.rs` is the command line
//! as clap reads it; the commands live by what they work on: `cli/specs.rs` the spec texts
//! (`check`, `fmt`), `cli/project.rs` the project's directories (`gen`, `coverage`),
//! `cli/model.rs` a checked model (`tests`, `sim`, `observe`, `equiv`), `cli/verify.rs` a
//! system of models (`verify`).

use fsm_dsl::diag::{self, Diagnostic, Source};
use fsm_dsl::ir::Machine;
use std::io::{BufRead, Write};
use std::path::Path;

mod args;
mod model;
mod project;
mod specs;
mod verify;
pub use args::{Cli, Color, Command, DirectionArg, Format, Look, ReportFormat, Shown, SuiteFormat};
use model::{equiv, observe, sim, tests};
use project::{coverage, regenerate};
use specs::{check, fmt};

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
            with_machine(&spec, io, |m, io| write_out(io, &fsm_dsl::dot::render_with(m, look.options(m))))
        }
        Command::Mermaid { spec, look } => {
            with_machine(&spec, io, |m, io| write_out(io, &crate::mermaid::render_with(m, look.options(m))))
        }
        Command::Table { spec } => with_machine(&spec, io, |m, io| write_out(io, &crate::markdown::matrix(m))),
        Command::Rust { spec, tracing, serde, transitions } => with_machine(&spec, io, |m, io| {
            let origin = format!("`fsm rust` from {}", spec.display());
            let options = fsm_dsl::build::Options { tracing, serde, transitions, ..fsm_dsl::build::Options::default() };
            match fsm_dsl::build::module_source(m, &origin, options) {
                // Formatted as `gen` formats it, with the configuration of the spec's project.
                Ok(text) => {
                    let dir = spec.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
                    write_out(io, &crate::generate::rustfmt(&text, dir).unwrap_or(text))
                }
                Err(e) => Err(format!("cannot write the module of {}: {e}", spec.display())),
            }
        }),
        Command::Gen { check, specs, out } => regenerate(check, specs, out, io),
        Command::Tests { spec, params, format } => with_machine(&spec, io, |m, io| tests(m, &params, format, io)),
        Command::Sim { spec, params, events } => with_machine(&spec, io, |m, io| sim(m, &params, &events, io)),
        Command::Coverage { records, specs, out, require_all } => coverage(&records, specs, out, require_all, io),
        Command::Observe { spec, trace, observable, hidden } => with_machine(&spec, io, |m, io| {
            let options = crate::observe::Options { observable, hidden };
            observe(m, &trace, &options, io)
        }),
        Command::Flatten { spec } => with_machine(&spec, io, |m, io| match crate::flatten::flatten(m) {
            Ok(text) => write_out(io, &text),
            Err(e) => Err(format!("cannot flatten {}: {e}", spec.display())),
        }),
        Command::Verify { system, promela: true, output, .. } => verify::promela(&system, output.as_deref(), io),
        Command::Verify { system, format, max_states, max_depth, traces, .. } => {
            let bounds = crate::verify::Bounds { max_states, max_depth };
            verify::verify(&system, format, bounds, traces.as_deref(), io)
        }
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

fn with_machine(path: &Path, io: &mut Io<'_>, f: impl FnOnce(&Machine, &mut Io<'_>) -> Outcome) -> Outcome {
    let text = read(path)?;
    let compiled = fsm_dsl::compile(&text);
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
