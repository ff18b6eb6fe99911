//! The editor grammars of `editors/` against the grammars of record, `fsm-dsl/src/syntax/fsm.pest`
//! for specs and `fsm-cli/src/verify/system.pest` for systems, and the VS Code extension against
//! `fsm lsp`:
//!
//! - `words`: the keywords of `syntax::KEYWORDS` and the contextual words of `fsm.pest` are the
//!   words of the tree-sitter grammar and of the TextMate grammar, no more and no fewer; every
//!   item form of `fsm.pest` has its tree-sitter node; the TextMate grammar's includes resolve;
//!   the same for the words of `system.pest` and of the systems' tree-sitter grammar
//!   (`editors/tree-sitter-fsm/fsys/`) and TextMate grammar, and every item form of `system.pest`;
//! - `agreement`: tree-sitter finds an ERROR or MISSING node exactly where pest refuses the
//!   syntax: on every spec of the repository, on single mistakes and oddities, on mutated specs;
//! - `system_agreement`: the same for the systems (`.fsys`) and their tree-sitter grammar;
//! - `tree_sitter`: the corpus passes (the specs' cases and the systems'), each grammar's `src/`
//!   is what `tree-sitter generate` makes of its `grammar.js`, and each query captures what it
//!   must;
//! - `vscode`: the TextMate grammar's snapshot and unit tests pass (`editors/vscode/test.sh`),
//!   the manifest names its files and pins its packages, and the extension's command line starts
//!   `fsm lsp`, which answers a client (`editors/vscode/tests/client.test.js`).
//!
//! The tools (the tree-sitter CLI, Node.js and the npm packages of `editors/vscode`) are installed
//! by `scripts/install-deps`. Without them a test prints a notice and passes, unless `CI` is set:
//! there a missing tool is a failure.

mod agreement;
mod system_agreement;
mod tree_sitter;
mod vscode;
mod words;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

/// The tree-sitter CLI version `scripts/install-deps` installs (its `TREE_SITTER_CLI_VERSION`).
pub(crate) fn tree_sitter_version() -> String {
    let script = read(&root().join("scripts/install-deps"));
    let line = script.lines().find_map(|l| l.strip_prefix("TREE_SITTER_CLI_VERSION="));
    line.expect("scripts/install-deps sets TREE_SITTER_CLI_VERSION").trim().to_owned()
}

pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The tree-sitter package: the specs' grammar at its root, the systems' in `fsys/` (the
/// second entry of its `tree-sitter.json`).
pub(crate) fn tree_sitter_dir() -> PathBuf {
    root().join("editors/tree-sitter-fsm")
}

/// The systems' grammar (`.fsys`): `grammar.js`, `src/` and `queries/` (its tests are in the
/// package's `test/`, marked `:language(fsys)`).
pub(crate) fn fsys_dir() -> PathBuf {
    tree_sitter_dir().join("fsys")
}

pub(crate) fn vscode_dir() -> PathBuf {
    root().join("editors/vscode")
}

pub(crate) fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Whether a test that needs `tool` may go on: `Some(())` when it is there; `None` after a notice
/// when it is missing outside CI; a failure when it is missing in CI.
pub(crate) fn tool_present(tool: &str, present: bool) -> Option<()> {
    if present {
        return Some(());
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{tool} is missing (CI is set, so this fails): scripts/install-deps installs it"
    );
    eprintln!("notice: {tool} is missing, this test is skipped (scripts/install-deps installs it)");
    None
}

/// The pinned tree-sitter CLI, if it is installed, run in the package (the specs' grammar).
pub(crate) fn tree_sitter() -> Option<Command> {
    tree_sitter_in(&tree_sitter_dir())
}

/// The pinned tree-sitter CLI, if it is installed, run in `dir`: `parse` and `query` read the
/// grammar of the folder they run in (the package's root is the specs' grammar, `fsys/` the
/// systems').
pub(crate) fn tree_sitter_in(dir: &Path) -> Option<Command> {
    let pinned = tree_sitter_version();
    let version = Command::new("tree-sitter").arg("--version").output();
    // `tree-sitter 0.26.13 (...)`
    let present = version.as_ref().is_ok_and(|out| {
        out.status.success() && String::from_utf8_lossy(&out.stdout).split_whitespace().nth(1) == Some(pinned.as_str())
    });
    tool_present(&format!("tree-sitter {pinned}"), present)?;
    let mut command = Command::new("tree-sitter");
    command.current_dir(dir);
    Some(command)
}

pub(crate) fn node_present() -> bool {
    Command::new("node").arg("--version").output().is_ok_and(|out| out.status.success())
}

/// Runs a tree-sitter command, one at a time: `parse`, `test` and `query` compile the parser
/// into the same cache when it is missing or stale.
pub(crate) fn run_tree_sitter(command: Command) -> Output {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    run(command)
}

pub(crate) fn run(mut command: Command) -> Output {
    command.output().unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"))
}

pub(crate) fn assert_success(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

pub(crate) fn textmate_grammar() -> serde_json::Value {
    serde_json::from_str(&read(&vscode_dir().join("syntaxes/fsm.tmLanguage.json"))).unwrap()
}
