//! The state machine DSL's compiler: grammar, checker, resolved model, and the outputs the
//! `fsm!` macro and `build.rs` scripts need (Rust code, and the Graphviz DOT text).
//!
//! The pipeline runs one way: text -> [`syntax`] -> [`ast`] -> [`check`] -> [`ir`] -> outputs.
//! [`compile`] runs the front end on one spec and returns the model with every diagnostic.
//!
//! Cargo features: a plain `fsm!` needs none of them (the parser, the checker and the code
//! generator are always there). `dot` adds the modules `diagram` and `dot` (the Graphviz text,
//! through askama); `transitions`, `tracing` and `serde` add the code generator's parts for
//! those options (see [`codegen::Options`]); `build` adds `build` (a machine's module as a
//! formatted Rust file, for `build.rs` scripts) with every option; `color` renders diagnostics
//! with terminal colours; `fast-parse` inlines the parser's hot rules in an optimized build. The `fsm` tool (CLI,
//! language server, formatter, interpreter, ...) is the crate `fsm-cli`, built on this one.

pub mod ast;
#[cfg(feature = "build")]
pub mod build;
pub mod check;
pub mod codegen;
pub mod diag;
#[cfg(feature = "dot")]
pub mod diagram;
#[cfg(feature = "dot")]
pub mod dot;
pub mod expand;
pub mod ir;
mod list;
pub mod naming;
pub mod syntax;

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
