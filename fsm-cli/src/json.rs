//! Diagnostics as JSON, for tools (`fsm check --format json`): one object per diagnostic, in
//! the schema the book gives.

use fsm_dsl::diag::{Diagnostic, Label, Source, render};
use serde_json::json;

/// A diagnostic as JSON: code, severity, message, file, positions (1-based lines and columns,
/// byte offsets), labels, notes, help, and the text [`render`] gives for it.
pub fn diagnostic(source: Source<'_>, diagnostic: &Diagnostic) -> serde_json::Value {
    let label = |l: &Label, primary: bool| {
        let (line, column) = source.line_col(l.span.start());
        let (end_line, end_column) = source.line_col(l.span.end());
        json!({
            "primary": primary,
            "message": l.message,
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
            "byte_start": l.span.start(),
            "byte_end": l.span.end(),
        })
    };
    let (line, column) = source.line_col(diagnostic.primary.span.start());
    let mut labels = vec![label(&diagnostic.primary, true)];
    labels.extend(diagnostic.secondary.iter().map(|l| label(l, false)));
    json!({
        "code": diagnostic.code.as_str(),
        "severity": diagnostic.severity().as_str(),
        "message": diagnostic.message,
        "file": source.name,
        "line": line,
        "column": column,
        "labels": labels,
        "notes": diagnostic.notes,
        "help": diagnostic.shown_help(),
        "rendered": render(source, std::slice::from_ref(diagnostic), false),
    })
}
