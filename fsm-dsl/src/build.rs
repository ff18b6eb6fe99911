//! A machine's Rust module as a source file, for crates that want no proc-macro in their build:
//! a `build.rs` script writes it to `OUT_DIR` ([`compile`]) and the crate `include!`s it, or
//! `fsm gen` writes it into the repository (`generated/NAME.rs`, through [`module_source`]) and
//! the crate includes that. Either way the crate depends on nothing but the generated file; the
//! code is what `fsm!` generates, formatted with prettyplease. (Cargo feature `build`.)
//!
//! ```no_run
//! // build.rs, with `fsm-dsl = { version = "0.1", features = ["build"] }`
//! // under [build-dependencies]:
//! fn main() {
//!     if let Err(error) = fsm_dsl::build::compile("specs/failover.fsm") {
//!         panic!("{error}");
//!     }
//! }
//! ```
//!
//! and in the crate: `include!(concat!(env!("OUT_DIR"), "/failover.rs"));`, which defines the
//! module `failover` as `fsm!("specs/failover.fsm")` would.

// The example above is a build script: its `main` is the point.
#![allow(clippy::needless_doctest_main)]

use crate::{codegen, diag, ir};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// What the written module holds besides what `fsm!` always generates.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Whether to include the `DOT` constant (the Graphviz text of the machine), as
    /// `fsm!(..., dot)` does. Needs the Cargo feature `dot`; without it, [`compile_to`] refuses.
    pub dot: bool,
    /// Whether `Machine::start` and `Machine::step` emit a `tracing` event each, and `Hooks`
    /// has `instance`, the id they carry, as `fsm!(..., tracing)` does: the crate that includes
    /// the module then depends on `tracing` 0.1. Off, the module is the same as without it.
    pub tracing: bool,
    /// Whether the module has `Snapshot`, `Machine::snapshot`, `Machine::restore` and
    /// `Machine::restore_with`, `SCHEMA` and `VERSION`, as `fsm!(..., serde)` does: the crate
    /// that includes the module then depends on `serde` with `derive`, and needs `alloc`. Off,
    /// the module is the same as without it.
    pub serde: bool,
    /// Whether the module has `TRANSITIONS` (the spec's transitions as static data) and its
    /// `Transition` type, as `fsm!(..., transitions)` does. `tracing` brings them too.
    pub transitions: bool,
}

/// Why a module could not be written.
#[derive(Debug, Error)]
pub enum BuildError {
    /// The spec file cannot be read (or is not UTF-8).
    #[error("cannot read the spec file {path}: {source}")]
    Read {
        /// The spec file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The spec has errors: their rendered text (rustc-like, with `file:line:col` and carets).
    #[error("{rendered}")]
    Spec {
        /// The spec file.
        path: PathBuf,
        /// The errors, rendered as `fsm check` prints them.
        rendered: String,
    },
    /// `OUT_DIR` is not set: [`compile`] is meant to run in a build script.
    #[error("OUT_DIR is not set: fsm_dsl::build::compile runs in a build script (use compile_to elsewhere)")]
    NoOutDir,
    /// The output file cannot be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The output file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// [`Options::dot`] was asked for, but this build of `fsm-dsl` has no DOT renderer.
    #[error("the DOT constant needs the `dot` feature of fsm-dsl")]
    NoDot,
}

/// A written module.
#[derive(Clone, Debug)]
pub struct Written {
    /// The file written: `OUT_DIR/STEM.rs` for the spec `STEM.fsm`.
    pub path: PathBuf,
    /// The spec's warnings, rendered (empty when there are none).
    pub warnings: String,
}

/// For a build script: checks `spec` (a path relative to the crate's directory, where Cargo
/// runs build scripts) and writes its module to `OUT_DIR/STEM.rs`. Tells Cargo to run the
/// script again when the spec changes (`cargo:rerun-if-changed`) and prints each warning of
/// the spec as a `cargo:warning`. On an error, the script should fail with the error's text
/// (the spec's diagnostics, rendered).
pub fn compile(spec: impl AsRef<Path>) -> Result<PathBuf, BuildError> {
    compile_with(spec, Options::default())
}

/// [`compile`] with options.
pub fn compile_with(spec: impl AsRef<Path>, options: Options) -> Result<PathBuf, BuildError> {
    let spec = spec.as_ref();
    println!("cargo:rerun-if-changed={}", spec.display());
    let out_dir = std::env::var_os("OUT_DIR").ok_or(BuildError::NoOutDir)?;
    let written = compile_to(spec, Path::new(&out_dir), options)?;
    for line in written.warnings.lines() {
        println!("cargo:warning={line}");
    }
    Ok(written.path)
}

/// Checks `spec` and writes its module to `out_dir/STEM.rs`, creating `out_dir` if needed.
/// Prints nothing. The file is rewritten only when its contents change, so that an unchanged
/// spec does not make Cargo rebuild the crate.
pub fn compile_to(spec: &Path, out_dir: &Path, options: Options) -> Result<Written, BuildError> {
    let text = std::fs::read_to_string(spec).map_err(|source| BuildError::Read { path: spec.to_owned(), source })?;
    let name = spec.display().to_string();
    let compiled = crate::compile(&text);
    let source = diag::Source { name: &name, text: &text };
    let Some(machine) = &compiled.machine else {
        let errors: Vec<diag::Diagnostic> = compiled.diagnostics.iter().filter(|d| d.is_error()).cloned().collect();
        return Err(BuildError::Spec { path: spec.to_owned(), rendered: diag::render(source, &errors, false) });
    };
    let warnings = if compiled.diagnostics.is_empty() {
        String::new()
    } else {
        diag::render(source, &compiled.diagnostics, false)
    };
    let stem = spec.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let path = out_dir.join(format!("{stem}.rs"));
    let contents = module_source(machine, &format!("`fsm_dsl::build` from {name}"), options)?;
    std::fs::create_dir_all(out_dir).map_err(|source| BuildError::Write { path: out_dir.to_owned(), source })?;
    if std::fs::read_to_string(&path).ok().as_deref() != Some(contents.as_str()) {
        std::fs::write(&path, &contents).map_err(|source| BuildError::Write { path: path.clone(), source })?;
    }
    Ok(Written { path, warnings })
}

/// The module of a checked machine as formatted Rust source, headed by a comment that says it
/// was generated by `origin` (for example "`fsm gen` from specs/failover.fsm"). The file holds
/// outer items only, so that `include!` takes it.
pub fn module_source(machine: &ir::Machine, origin: &str, options: Options) -> Result<String, BuildError> {
    let dot = if options.dot { Some(dot_text(machine)?) } else { None };
    let tokens = codegen::generate(
        machine,
        &codegen::Options {
            spec_path: None,
            dot,
            coverage: None,
            diagram: None,
            tracing: options.tracing,
            serde: options.serde,
            transitions: options.transitions,
            skeleton: false,
        },
    );
    // The code generator's output always parses; should it ever not, the unformatted tokens
    // still compile the same.
    let body = match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(mut file) => {
            allow_as_source(&mut file);
            prettyplease::unparse(&file)
        }
        Err(_) => tokens.to_string(),
    };
    Ok(format!("// generated by {origin}; do not edit.\n\n{body}"))
}

/// Included as source, the module meets a lint that rustc does not apply to a macro's output:
/// a crate uses only part of a machine (`dead_code`). The module allows it, with that reason,
/// so that a crate under `#![deny(warnings)]` takes the file as it takes `fsm!`.
fn allow_as_source(file: &mut syn::File) {
    for item in &mut file.items {
        let allow = quote::quote! { #[allow(dead_code, reason = "a crate may use only part of a machine")] };
        if let (syn::Item::Mod(module), Ok(allow)) =
            (item, syn::parse::Parser::parse2(syn::Attribute::parse_outer, allow))
        {
            module.attrs.extend(allow);
        }
    }
}

#[cfg(feature = "dot")]
fn dot_text(machine: &ir::Machine) -> Result<String, BuildError> {
    Ok(crate::dot::render(machine))
}

#[cfg(not(feature = "dot"))]
fn dot_text(_: &ir::Machine) -> Result<String, BuildError> {
    Err(BuildError::NoDot)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A clean spec of two states.
    const DOOR: &str =
        "machine Door { initial state Shut; state Open; event Push; Shut -> Open on Push; Open -> Shut on Push; }";

    fn temp_dir(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new().prefix(&format!("fsm-build-{name}-")).tempdir().expect("a temporary directory")
    }

    #[test]
    fn a_spec_becomes_a_formatted_module_in_the_output_directory() {
        let scratch = temp_dir("ok");
        let dir = scratch.path();
        let spec = dir.join("door.fsm");
        std::fs::write(&spec, DOOR).expect("the spec");
        let out = dir.join("out");
        let written = compile_to(&spec, &out, Options::default()).expect("a clean spec");
        assert_eq!(written.path, out.join("door.rs"));
        assert!(written.warnings.is_empty(), "{}", written.warnings);
        let source = std::fs::read_to_string(&written.path).expect("the module");
        assert!(source.starts_with("// generated by `fsm_dsl::build` from "), "{source}");
        assert!(source.contains("pub mod door {\n"), "formatted, one item a line: {source}");
        assert!(!source.contains("DOT"), "no DOT unless asked for: {source}");
        assert!(!source.contains("include_str"), "the file does not point back at the spec: {source}");
    }

    #[test]
    fn tracing_adds_the_events_and_the_hook_and_nothing_else_changes_without_it() {
        let machine = crate::compile(DOOR).machine.expect("a clean spec");
        let module = |tracing| module_source(&machine, "a test", Options { tracing, ..Options::default() });
        let (plain, traced) = (module(false).expect("plain"), module(true).expect("traced"));
        assert_eq!(plain, module_source(&machine, "a test", Options::default()).expect("default"));
        assert!(!plain.contains("tracing"), "{plain}");
        assert_eq!(traced.matches("::tracing::debug!(").count(), 2, "{traced}");
        assert!(traced.contains("fn instance(&self) -> u64 {"), "{traced}");
    }

    #[test]
    fn serde_adds_the_snapshot_and_nothing_else_changes_without_it() {
        let machine = crate::compile(DOOR).machine.expect("a clean spec");
        let module = |serde| module_source(&machine, "a test", Options { serde, ..Options::default() });
        let (plain, saved) = (module(false).expect("plain"), module(true).expect("saved"));
        assert_eq!(plain, module_source(&machine, "a test", Options::default()).expect("default"));
        assert!(!plain.contains("serde") && !plain.contains("Snapshot"), "{plain}");
        assert!(saved.contains("pub struct Snapshot {"), "{saved}");
        assert!(saved.contains("pub const SCHEMA: &str = \"machine Door\\nstate Shut\\nstate Open\\n\";"), "{saved}");
    }

    #[test]
    fn a_spec_with_errors_gives_its_rendered_diagnostics_and_writes_nothing() {
        let scratch = temp_dir("err");
        let dir = scratch.path();
        let spec = dir.join("door.fsm");
        std::fs::write(&spec, "machine Door { initial state Shut; event Push; Shut -> Opn on Push; }").expect("spec");
        let error = compile_to(&spec, &dir.join("out"), Options::default()).expect_err("an error");
        let text = error.to_string();
        assert!(text.contains("error[E0003]"), "{text}");
        assert!(text.contains("door.fsm:1:"), "{text}");
        assert!(!dir.join("out/door.rs").exists());
    }

    #[test]
    fn a_missing_spec_is_an_error_that_names_it() {
        let error = compile_to(Path::new("/nonexistent/x.fsm"), Path::new("/nonexistent"), Options::default())
            .expect_err("an error");
        assert!(error.to_string().contains("cannot read the spec file /nonexistent/x.fsm"), "{error}");
    }
}
