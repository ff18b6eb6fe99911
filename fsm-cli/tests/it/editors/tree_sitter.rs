//! The tree-sitter grammar's own checks: its corpus, its generated parser, its queries.

use super::{assert_success, node_present, read, root, run_tree_sitter, tool_present, tree_sitter, tree_sitter_dir};

#[test]
fn the_tree_sitter_corpus_passes() {
    let Some(mut command) = tree_sitter() else { return };
    command.arg("test");
    let out = run_tree_sitter(command);
    assert_success("tree-sitter test (editors/tree-sitter-fsm)", &out);
}

#[test]
fn the_committed_parser_is_generated_from_grammar_js() {
    let Some(mut command) = tree_sitter() else { return };
    // `tree-sitter generate` runs grammar.js with Node.js.
    if tool_present("node", node_present()).is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(tree_sitter_dir().join("grammar.js"), dir.path().join("grammar.js")).unwrap();
    std::fs::copy(tree_sitter_dir().join("tree-sitter.json"), dir.path().join("tree-sitter.json")).unwrap();
    command.current_dir(dir.path()).arg("generate");
    assert_success("tree-sitter generate", &run_tree_sitter(command));
    for file in [
        "src/parser.c",
        "src/grammar.json",
        "src/node-types.json",
        "src/tree_sitter/parser.h",
        "src/tree_sitter/alloc.h",
        "src/tree_sitter/array.h",
    ] {
        let fresh = read(&dir.path().join(file));
        let committed = std::fs::read_to_string(tree_sitter_dir().join(file)).unwrap_or_default();
        assert!(
            fresh == committed,
            "editors/tree-sitter-fsm/{file} is not what grammar.js generates: run `tree-sitter generate` \
             in editors/tree-sitter-fsm and commit src/"
        );
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
    let spec = root().join("tests/data/ok/superstates.fsm");
    for (query, captures) in queries {
        let Some(mut command) = tree_sitter() else { return };
        command.arg("query").arg(format!("queries/{query}.scm")).arg(&spec);
        let out = run_tree_sitter(command);
        assert_success(&format!("tree-sitter query queries/{query}.scm"), &out);
        let stdout = String::from_utf8_lossy(&out.stdout);
        for capture in captures {
            // `capture: NAME, start: ...` or, with the text, `capture: N - NAME, start: ...`.
            let found = stdout.lines().any(|l| {
                let l = l.trim_start();
                l.starts_with(&format!("capture: {capture},")) || l.contains(&format!(" - {capture}, start"))
            });
            assert!(found, "queries/{query}.scm captures no @{capture} in superstates.fsm:\n{stdout}");
        }
    }
}
