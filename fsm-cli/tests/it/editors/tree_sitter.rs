//! The tree-sitter grammars' own checks: their corpus, their generated parsers, their queries.

use std::path::Path;

use super::{
    assert_success, fsys_dir, node_present, read, root, run_tree_sitter, tool_present, tree_sitter, tree_sitter_dir,
    tree_sitter_in,
};

#[test]
fn the_tree_sitter_corpus_passes() {
    let Some(mut command) = tree_sitter() else { return };
    command.arg("test");
    let out = run_tree_sitter(command);
    assert_success("tree-sitter test (editors/tree-sitter-fsm)", &out);
    // The systems' cases are in the same run (their corpus in test/corpus/fsys/, each marked
    // `:language(fsys)`; their highlights in test/highlight/pair.fsys): see that they ran.
    let stdout = String::from_utf8_lossy(&out.stdout);
    for ran in ["fsys:", "Invariants and home states", "pair.fsys"] {
        assert!(stdout.contains(ran), "tree-sitter test ran no {ran:?} (the systems' tests):\n{stdout}");
    }
}

/// Generates the parser of `dir`'s `grammar.js`, with the package's `tree-sitter.json` beside it
/// (`generate` looks for it in the folder and the folders above, and writes ABI 15 and the
/// package's version only with it), in a temporary folder, and compares it with `dir`'s `src/`.
fn assert_generated(dir: &Path) {
    let Some(mut command) = tree_sitter() else { return };
    // `tree-sitter generate` runs grammar.js with Node.js.
    if tool_present("node", node_present()).is_none() {
        return;
    }
    let temp = tempfile::tempdir().unwrap();
    std::fs::copy(dir.join("grammar.js"), temp.path().join("grammar.js")).unwrap();
    std::fs::copy(tree_sitter_dir().join("tree-sitter.json"), temp.path().join("tree-sitter.json")).unwrap();
    command.current_dir(temp.path()).arg("generate");
    assert_success("tree-sitter generate", &run_tree_sitter(command));
    let name = dir.strip_prefix(root()).unwrap().display().to_string();
    for file in [
        "src/parser.c",
        "src/grammar.json",
        "src/node-types.json",
        "src/tree_sitter/parser.h",
        "src/tree_sitter/alloc.h",
        "src/tree_sitter/array.h",
    ] {
        let fresh = read(&temp.path().join(file));
        let committed = std::fs::read_to_string(dir.join(file)).unwrap_or_default();
        assert!(
            fresh == committed,
            "{name}/{file} is not what grammar.js generates: run `tree-sitter generate` in {name} and commit src/"
        );
    }
}

#[test]
fn the_committed_parser_is_generated_from_grammar_js() {
    assert_generated(&tree_sitter_dir());
}

#[test]
fn the_committed_system_parser_is_generated_from_its_grammar_js() {
    assert_generated(&fsys_dir());
}

/// Runs each query of `dir`'s `queries/` on `file` and asserts the captures it must make.
fn assert_captures(dir: &Path, file: &Path, queries: &[(&str, &[&str])]) {
    let name = file.file_name().unwrap().to_string_lossy();
    for (query, captures) in queries {
        let Some(mut command) = tree_sitter_in(dir) else { return };
        command.arg("query").arg(format!("queries/{query}.scm")).arg(file);
        let out = run_tree_sitter(command);
        assert_success(&format!("tree-sitter query queries/{query}.scm"), &out);
        let stdout = String::from_utf8_lossy(&out.stdout);
        for capture in *captures {
            // `capture: NAME, start: ...` or, with the text, `capture: N - NAME, start: ...`.
            let found = stdout.lines().any(|l| {
                let l = l.trim_start();
                l.starts_with(&format!("capture: {capture},")) || l.contains(&format!(" - {capture}, start"))
            });
            assert!(found, "queries/{query}.scm captures no @{capture} in {name}:\n{stdout}");
        }
    }
}

#[test]
fn every_query_compiles_and_captures_in_a_spec_with_superstates() {
    // Each query file, and captures it must make in tests/data/ok/superstates.fsm.
    let queries = [
        ("highlights", &["type", "constant", "function.method", "keyword", "comment.documentation"][..]),
        ("locals", &["local.scope", "local.definition.type", "local.reference"][..]),
        ("folds", &["fold"][..]),
        ("indents", &["indent.begin", "indent.end"][..]),
    ];
    assert_captures(&tree_sitter_dir(), &root().join("tests/data/ok/superstates.fsm"), &queries);
}

#[test]
fn every_system_query_compiles_and_captures_in_a_system() {
    // Each query file of fsys/, and captures it must make in specs/systems/watchdog_pair.fsys
    // (instances, channels with a fault, every kind of rule but `defer` and `end`, a home state).
    let queries = [
        (
            "highlights",
            &[
                "keyword",
                "type",
                "variable",
                "constant",
                "constant.builtin",
                "function.method",
                "function",
                "string",
                "number",
                "comment.documentation",
            ][..],
        ),
        ("locals", &["local.scope", "local.definition.var", "local.definition.function", "local.reference"][..]),
        ("folds", &["fold"][..]),
        ("indents", &["indent.begin", "indent.end"][..]),
    ];
    assert_captures(&fsys_dir(), &root().join("specs/systems/watchdog_pair.fsys"), &queries);
}
