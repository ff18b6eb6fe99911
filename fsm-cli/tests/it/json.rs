//! `fsm check --format json`'s objects (`fsm_cli::json`): positions, help, and the note of a
//! capped spec.

use fsm_dsl::diag::{MAX_DIAGNOSTICS, Source};
use std::path::Path;

#[test]
fn the_json_of_the_last_kept_diagnostic_carries_the_count_of_the_rest() {
    let text = format!("machine M {{ initial state A; event E; A -> A on E; {} }}\n", "1x; ".repeat(5_000));
    let compiled = fsm_dsl::compile(&text);
    assert_eq!(compiled.diagnostics.len(), MAX_DIAGNOSTICS);
    let last = compiled.diagnostics.last().unwrap();
    let json = fsm_cli::json::diagnostic(Source { name: "x.fsm", text: &text }, last);
    assert!(json["notes"].as_array().unwrap().iter().any(|n| n.as_str().unwrap().starts_with("and 4900 more")));
}

#[test]
fn json_diagnostics_carry_positions_and_help() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/err/E0003_misspelled_state.fsm");
    let text = std::fs::read_to_string(path).unwrap();
    let compiled = fsm_dsl::compile(&text);
    let json = fsm_cli::json::diagnostic(Source { name: "x.fsm", text: &text }, &compiled.diagnostics[0]);
    assert_eq!(json["code"], "E0003");
    assert_eq!(json["severity"], "error");
    assert_eq!(json["line"], 6);
    assert_eq!(json["column"], 23);
    assert_eq!(json["help"], "did you mean `OKAY_Pending`?");
    assert_eq!(json["labels"][0]["end_column"], 34);
}
