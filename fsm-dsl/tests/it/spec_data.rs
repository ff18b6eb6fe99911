//! Data-driven checker tests: every spec in `tests/data/ok` must check with no diagnostic at
//! all, and every spec in `tests/data/err` must give at least the diagnostic its file name
//! starts with (`E0003_misspelled_state.fsm` gives an E0003). The rendered diagnostics of each
//! error file are pinned by an insta snapshot. Adding a case is adding a file.

use fsm_dsl::diag::{self, Code, Source};
use std::collections::BTreeSet;
use std::path::Path;

fn render(path: &Path) -> (String, Vec<diag::Diagnostic>) {
    let text = std::fs::read_to_string(path).unwrap();
    let compiled = fsm_dsl::compile(&text);
    let name = format!("tests/data/err/{}", path.file_name().unwrap().to_string_lossy());
    let rendered = diag::render(Source { name: &name, text: &text }, &compiled.diagnostics, false);
    (rendered, compiled.diagnostics)
}

/// Read without `insta::glob!`, which takes no snapshot here: insta counts the failed snapshot
/// assertions of every glob running at once in one process-wide counter, so that a snapshot
/// that fails in `invalid_specs_report_their_code` also failed this test when both ran together.
#[test]
fn valid_specs_have_no_diagnostics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/ok");
    let mut paths: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.retain(|p| p.extension().is_some_and(|e| e == "fsm"));
    paths.sort();
    assert!(!paths.is_empty());
    for path in paths {
        let path = path.as_path();
        let text = std::fs::read_to_string(path).unwrap();
        let compiled = fsm_dsl::compile(&text);
        let name = path.display().to_string();
        assert!(
            compiled.diagnostics.is_empty(),
            "{name} should check clean:\n{}",
            diag::render(Source { name: &name, text: &text }, &compiled.diagnostics, false)
        );
        assert!(compiled.machine.is_some(), "{name} has no model");
    }
}

#[test]
fn invalid_specs_report_their_code() {
    insta::glob!("../../../tests/data", "err/*.fsm", |path| {
        let (rendered, diagnostics) = render(path);
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let expected = stem.split('_').next().unwrap();
        assert!(
            diagnostics.iter().any(|d| d.code.as_str() == expected),
            "{stem} should report {expected}, got:\n{rendered}"
        );
        // Errors mean no model; warnings alone leave it usable.
        let compiled = fsm_dsl::compile(&std::fs::read_to_string(path).unwrap());
        assert_eq!(compiled.machine.is_none(), diagnostics.iter().any(|d| d.is_error()), "{stem}");
        insta::assert_snapshot!(rendered);
    });
}

#[test]
fn every_code_has_an_error_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/err");
    let covered: BTreeSet<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().split('_').next().unwrap().to_owned())
        .collect();
    for code in Code::ALL {
        assert!(covered.contains(code.as_str()), "no file in tests/data/err exercises {}", code.as_str());
    }
}
