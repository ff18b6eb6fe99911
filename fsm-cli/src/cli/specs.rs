//! The commands that read spec files as text: `check` (diagnostics, human or JSON, and a
//! summary) and `fmt` (the canonical layout, written, printed or compared).

use super::{Format, Io, Outcome, print_diagnostics, read, write_out};
use fsm_dsl::diag::{self, Source};
use std::path::PathBuf;

pub(super) fn check(specs: &[PathBuf], format: Format, io: &mut Io<'_>) -> Outcome {
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
        let compiled = fsm_dsl::compile(&text);
        let (e, w) = compiled.counts();
        errors += e;
        warnings += w;
        match format {
            Format::Human => print_diagnostics(io, &name, &text, &compiled.diagnostics),
            Format::Json => {
                for d in &compiled.diagnostics {
                    let line = crate::json::diagnostic(Source { name: &name, text: &text }, d);
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
pub(super) fn fmt(specs: &[PathBuf], check: bool, stdout: bool, io: &mut Io<'_>) -> Outcome {
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
        // A system description (`.fsys`) has its own grammar and layout.
        if path.extension().is_some_and(|e| e == "fsys") {
            match crate::verify::fmt::format(&text) {
                Ok(formatted) if check => {
                    if formatted != text {
                        unformatted.push(name.into_owned());
                    }
                }
                Ok(formatted) if stdout => {
                    write_out(io, &formatted)?;
                }
                Ok(formatted) => {
                    if formatted != text
                        && let Err(e) = std::fs::write(path, &formatted)
                    {
                        let _ = writeln!(io.err, "error: cannot write {name}: {e}");
                        code = 2;
                    }
                }
                Err(crate::verify::fmt::Error::Syntax(diagnostics)) => {
                    let _ = write!(io.err, "{}", crate::verify::diag::render(&name, &text, &diagnostics, io.color));
                    let _ = writeln!(io.err, "error: {name} has syntax errors: left as it is");
                    code = code.max(1);
                }
                Err(error) => {
                    let _ = writeln!(io.err, "error: {name}: {error}");
                    code = code.max(1);
                }
            }
            continue;
        }
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
