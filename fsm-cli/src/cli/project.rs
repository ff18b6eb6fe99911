//! The commands that work on the project's directories: `gen` (writes or checks `generated/`
//! from `specs/`) and `coverage` (joins a coverage run's records with the specs).

use super::{Io, Outcome, print_diagnostics, read, write_out};
use crate::generate;
use fsm_dsl::diag::Diagnostic;
use fsm_dsl::ir::Machine;
use std::path::{Path, PathBuf};

/// The nearest directory, from here upwards, that has a `specs/` directory.
fn project_root() -> PathBuf {
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    here.ancestors().find(|dir| dir.join("specs").is_dir()).map_or(here.clone(), Path::to_path_buf)
}

pub(super) fn regenerate(check: bool, specs: Option<PathBuf>, out: Option<PathBuf>, io: &mut Io<'_>) -> Outcome {
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

/// The header of the coverage report: it says how the file is made (and it does not carry the
/// marker of `gen`'s files, so that `gen` never takes it for its own).
const COVERAGE_HEADER: &str = "# Transition coverage\n\nWhich transitions and `ref` rows of each spec the runtimes' tests take: written by\n`scripts/coverage` (the tests built with the `coverage` feature, then `fsm coverage`).\n\n";

pub(super) fn coverage(
    records: &Path,
    specs: Vec<PathBuf>,
    out: Option<PathBuf>,
    require_all: bool,
    io: &mut Io<'_>,
) -> Outcome {
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
        let compiled = fsm_dsl::compile(&text);
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
