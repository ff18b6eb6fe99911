//! `fsm verify`: reads a system description, reports its problems (and those of its specs), or
//! explores it and prints the summary and a message sequence chart per violated property.

use super::{Io, Outcome, ReportFormat, print_diagnostics, read};
use crate::verify::{self, Bounds, render};
use std::path::Path;

pub(super) fn verify(
    path: &Path,
    format: ReportFormat,
    bounds: Bounds,
    traces: Option<&Path>,
    io: &mut Io<'_>,
) -> Outcome {
    let Some(system) = checked(path, io)? else { return Ok(1) };
    let report = verify::explore(&system, bounds);
    if let Some(dir) = traces {
        write_traces(&system, &report, dir)?;
    }
    let written = match format {
        ReportFormat::Text => {
            let mut out = render::summary(&system, &report);
            for v in &report.violations {
                out.push('\n');
                out.push_str(&render::chart_text(&system, v));
                out.push_str("\n```mermaid\n");
                out.push_str(&render::chart_mermaid(&system, v));
                out.push_str("```\n");
            }
            io.out.write_all(out.as_bytes())
        }
        ReportFormat::Json => {
            let mut doc = render::summary_json(&system, &report);
            let charts: Vec<serde_json::Value> = report
                .violations
                .iter()
                .map(|v| {
                    serde_json::json!({
                        "property": render::property_name(&system, &v.property),
                        "problem": render::problem_text(&system, v),
                        "chart": render::chart_text(&system, v),
                        "mermaid": render::chart_mermaid(&system, v),
                        "traces": system
                            .instances
                            .iter()
                            .map(|i| i.name.clone())
                            .zip(render::instance_traces(&system, v).into_iter().map(serde_json::Value::String))
                            .collect::<serde_json::Map<_, _>>(),
                    })
                })
                .collect();
            doc["violations"] = serde_json::Value::Array(charts);
            writeln!(io.out, "{doc}")
        }
    };
    written.map_err(|e| format!("cannot write the output: {e}"))?;
    Ok(i32::from(!render::verified(&report)))
}

/// `--traces DIR`: each violation's trace per instance, `DIR/PROPERTY.INSTANCE.jsonl` (the
/// property's name with `_` for what is not a letter or a digit: `channel_overflow`,
/// `invariant_not_both_down`), the directory made if missing.
fn write_traces(system: &verify::System, report: &verify::Report, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    for v in &report.violations {
        let property: String = (render::property_name(system, &v.property).chars())
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        for (instance, text) in system.instances.iter().zip(render::instance_traces(system, v)) {
            let file = dir.join(format!("{property}.{}.jsonl", instance.name));
            std::fs::write(&file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        }
    }
    Ok(())
}

/// `fsm verify --promela`: the system as a Promela model, to `output` or standard output. A
/// system that Promela cannot express as `fsm verify` means it is refused (exit code 1).
pub(super) fn promela(path: &Path, output: Option<&Path>, io: &mut Io<'_>) -> Outcome {
    let Some(system) = checked(path, io)? else { return Ok(1) };
    let origin = path.file_name().map_or_else(|| path.to_string_lossy(), |f| f.to_string_lossy());
    let text = match verify::promela::promela(&system, &origin) {
        Ok(text) => text,
        Err(e) => {
            let _ = writeln!(io.err, "error: {e}");
            return Ok(1);
        }
    };
    match output {
        Some(file) => std::fs::write(file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?,
        None => io.out.write_all(text.as_bytes()).map_err(|e| format!("cannot write the output: {e}"))?,
    }
    Ok(0)
}

/// Reads and checks a system file, its specs read relative to it. Prints the problems of the
/// specs and of the system and gives `None` when there are any.
fn checked(path: &Path, io: &mut Io<'_>) -> Result<Option<verify::System>, String> {
    let text = read(path)?;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let mut read_spec = |spec: &str| read(&dir.join(spec));
    let checked = verify::check(&text, &mut read_spec);
    let name = path.to_string_lossy();
    for spec in &checked.specs {
        let shown = dir.join(&spec.path);
        print_diagnostics(io, &shown.to_string_lossy(), &spec.text, &spec.diagnostics);
    }
    let Some(system) = checked.system else {
        let _ = write!(io.err, "{}", verify::diag::render(&name, &text, &checked.diagnostics, io.color));
        let n = checked.diagnostics.len();
        let _ = writeln!(io.err, "{name}: {n} {}; the system was not explored", fsm_dsl::diag::plural(n, "error"));
        return Ok(None);
    };
    Ok(Some(system))
}
