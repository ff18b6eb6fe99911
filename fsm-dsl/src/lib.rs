//! The state machine DSL: grammar, checker, resolved model, and the outputs built from it
//! (Rust code, Graphviz DOT, Markdown, an interpreter), plus the `fsm` command-line tool.
//!
//! The pipeline runs one way: text -> [`syntax`] -> [`ast`] -> [`check`] -> [`ir`] -> outputs.
//! [`compile`] runs the front end on one spec and returns the model with every diagnostic.
//!
//! Cargo features: the `fsm!` macro needs none of them (the parser, the checker and the code
//! generator are always there). `dot` adds the module `dot` (the Graphviz text, through
//! askama); `build` adds `build` (a machine's module as a formatted Rust file, for `build.rs`
//! scripts); `cli`, on by default, adds the `fsm` tool and what only it uses (`cli`, `generate`,
//! `markdown`, `mermaid`, `interp`, `flatten`, `equiv`, `testgen`, `coverage`, `observe`, `fmt`,
//! `lsp`, `diag::to_json`) and turns on the other two.

pub mod ast;
#[cfg(feature = "build")]
pub mod build;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod codegen;
#[cfg(feature = "cli")]
pub mod coverage;
pub mod diag;
#[cfg(feature = "dot")]
pub mod diagram;
#[cfg(feature = "dot")]
pub mod dot;
#[cfg(feature = "cli")]
pub mod equiv;
pub mod expand;
#[cfg(feature = "cli")]
pub mod flatten;
#[cfg(feature = "cli")]
pub mod fmt;
#[cfg(feature = "cli")]
pub mod generate;
#[cfg(feature = "cli")]
pub mod interp;
pub mod ir;
mod list;
#[cfg(feature = "cli")]
pub mod lsp;
#[cfg(feature = "cli")]
pub mod markdown;
#[cfg(feature = "cli")]
pub mod mermaid;
pub mod naming;
#[cfg(feature = "cli")]
pub mod observe;
pub mod syntax;
#[cfg(feature = "cli")]
pub mod testgen;

use diag::Diagnostic;

/// The result of reading and checking one spec.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The syntax tree, when the file's frame could be read (even with errors inside).
    pub ast: Option<ast::Spec>,
    /// The checked model, when there is no error (warnings allowed).
    pub machine: Option<ir::Machine>,
    /// The diagnostics, errors and warnings, in source order: at most
    /// [`diag::MAX_DIAGNOSTICS`], the last one noting how many more there are.
    pub diagnostics: Vec<Diagnostic>,
    /// How many diagnostics were left out of `diagnostics` (see [`diag::cap`]).
    pub omitted: diag::Omitted,
}

impl Compiled {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The timers that may be running in each state of the checked model, as the checker's
    /// timer analysis found them (see [`check::Running`]); `None` when there is no model.
    pub fn running(&self) -> Option<check::Running> {
        self.machine.as_ref().map(check::running)
    }

    /// The number of errors and of warnings found, those left out included.
    pub fn counts(&self) -> (usize, usize) {
        let errors = self.diagnostics.iter().filter(|d| d.is_error()).count();
        (errors + self.omitted.errors, self.diagnostics.len() - errors + self.omitted.warnings)
    }
}

/// The largest spec text accepted: 64 MiB.
pub const MAX_SPEC_BYTES: usize = 64 << 20;

/// Parses and checks one spec text. Never panics, whatever the text.
pub fn compile(text: &str) -> Compiled {
    if text.len() > MAX_SPEC_BYTES {
        let d = syntax::too_long(text.len(), MAX_SPEC_BYTES, "the checker");
        return Compiled { ast: None, machine: None, diagnostics: vec![d], omitted: diag::Omitted::default() };
    }
    let (ast, mut diagnostics) = syntax::parse(text);
    let mut machine = None;
    if let Some(spec) = &ast {
        let (m, more) = check::check(spec);
        diagnostics.extend(more);
        // A syntax error may have dropped items; the model would be incomplete.
        if !diagnostics.iter().any(Diagnostic::is_error) {
            machine = m;
        }
    }
    diagnostics.sort_by_key(|d| (d.primary.span.start(), d.code));
    let (diagnostics, omitted) = diag::cap(diagnostics);
    Compiled { ast, machine, diagnostics, omitted }
}
