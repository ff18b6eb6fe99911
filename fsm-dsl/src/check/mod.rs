//! Syntax tree to checked model: name resolution, the rules of the DSL, and the analyses
//! (determinism, completeness, reachability, unused declarations, timers).
//!
//! The checker never stops at the first problem. Resolution errors drop the item that has them
//! and go on; the analyses that look at the whole machine run only when resolution was clean,
//! so that one misspelled name does not also show up as an unhandled pair or a dead end.

mod analysis;
mod report;
mod resolve;

use crate::ast;
use crate::diag::Diagnostic;
use crate::ir;

pub use report::suggest;

/// Checks a parsed spec. Returns the model when there is no error (warnings allowed), and every
/// diagnostic, sorted by position.
pub fn check(spec: &ast::Spec) -> (Option<ir::Machine>, Vec<Diagnostic>) {
    let (machine, mut diagnostics) = resolve::resolve(spec);
    // Items that did not parse leave holes that the analyses would report again.
    let clean = !diagnostics.iter().any(Diagnostic::is_error) && spec.broken.is_empty();
    let machine = machine.filter(|_| clean);
    if let Some(machine) = &machine {
        diagnostics.extend(analysis::analyse(machine));
    }
    diagnostics.sort_by_key(|d| (d.primary.span.start, d.code));
    let ok = !diagnostics.iter().any(Diagnostic::is_error);
    (machine.filter(|_| ok), diagnostics)
}

/// A model of whatever resolved, errors notwithstanding: the macro generates its skeleton from
/// it, so that code using the machine sees the declared names while the spec is being fixed.
/// `None` when the spec declares no state.
pub fn skeleton(spec: &ast::Spec) -> Option<ir::Machine> {
    resolve::resolve(spec).0
}

/// The Rust module name the generated code uses for a machine: its name in snake case.
pub fn module_name(machine: &str) -> String {
    heck::ToSnakeCase::to_snake_case(machine)
}

/// Whether a name is a Rust keyword (strict, reserved, or weak in item position).
pub fn is_rust_keyword(name: &str) -> bool {
    matches!(
        name,
        "as" | "break"
            | "const"
            | "continue"
            | "crate"
            | "else"
            | "enum"
            | "extern"
            | "false"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "self"
            | "Self"
            | "static"
            | "struct"
            | "super"
            | "trait"
            | "true"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "async"
            | "await"
            | "dyn"
            | "abstract"
            | "become"
            | "box"
            | "do"
            | "final"
            | "macro"
            | "override"
            | "priv"
            | "typeof"
            | "unsized"
            | "virtual"
            | "yield"
            | "try"
            | "gen"
            | "union"
            | "_"
    )
}
