//! `fsm flatten` keeps a clean spec clean: on random specs with variables, named guards,
//! internal transitions and assignments, whatever checks without errors flattens into a spec
//! that checks without errors too (the checker reports a configuration the machine can be
//! trapped in, E0018, on the original, so that flattening cannot reveal it as a dead end).

use crate::support::random_spec::{rule, spec};
use fsm_dsl::diag::{self, Source};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn a_clean_spec_flattens_into_a_clean_spec(states in 2..4usize, events in 1..3usize, rules in prop::collection::vec(rule(), 2..9)) {
        let text = spec(states, events, &rules);
        let compiled = fsm_dsl::compile(&text);
        let Some(machine) = compiled.machine.as_ref() else { return Ok(()) };
        let flat = fsm_cli::flatten::flatten(machine).unwrap();
        let again = fsm_dsl::compile(&flat);
        prop_assert!(
            !again.has_errors(),
            "the spec\n{text}\nchecks clean but flattens into\n{flat}\nwhich has\n{}",
            diag::render(Source { name: "flat.fsm", text: &flat }, &again.diagnostics, false)
        );
    }
}

/// The example where flattening used to expose a dead end: now the original is refused.
#[test]
fn a_configuration_that_never_leaves_its_state_is_reported() {
    let text = "machine M { initial state A; state B; event E; event F; var n: 0..=1 = 0;
        A -> B on E [n == 0]; internal A on E [n == 1]; internal A on F / n = 1; B -> A on E;
        ignore F in B; }";
    let compiled = fsm_dsl::compile(text);
    let codes: Vec<&str> = compiled.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["E0018"]);
    assert_eq!(
        compiled.diagnostics[0].notes,
        ["after `F`: in `A` when `n` is 1, no sequence of events leads to another state"]
    );
    // A loop of configurations within one state is a trap too, not only a single one.
    let text = "machine M { initial state A; state B; event E; event F; var n: 0..=2 = 0;
        A -> B on E [n == 0]; internal A on E [n != 0] / n = 1; internal A on F [n != 0] / n = 2;
        internal A on F [n == 0] / n = 1; B -> A on E; ignore F in B; }";
    let codes: Vec<&str> = fsm_dsl::compile(text).diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["E0018"]);
}

/// `else` beside a transition whose guard the variables make true can never be taken: flatten
/// leaves it out, so the configuration only it would reach (here `S1` with `n` = 0, a dead end
/// in the flat machine) is not made up.
#[test]
fn an_else_that_the_variables_rule_out_is_not_flattened() {
    let text = "machine M { unhandled = ignore; initial state S0; state S1; event E0; var n: 0..=2 = 0;
        S0 -> S1 on E0 [else]; internal S0 on E0 [n == 0] / n = 1;
        S1 -> S0 on E0 [n == 1]; internal S1 on E0 [n == 0] / n = 0; }";
    let compiled = fsm_dsl::compile(text);
    assert!(!compiled.has_errors());
    let flat = fsm_cli::flatten::flatten(compiled.machine.as_ref().unwrap()).unwrap();
    assert!(!flat.contains("S1__n_0"), "{flat}");
    let again = fsm_dsl::compile(&flat);
    assert!(!again.has_errors(), "{flat}");
}

/// A labelled timer's implied operations stay implied in the flat spec: its `StopT`, shown as
/// `stop <label>`, is not written out as a declared action (which the generated `Action` enum
/// would then keep though nothing runs it).
#[test]
fn a_labelled_timers_implied_operations_stay_implied() {
    let text = r#"machine M { initial state A; state B; event E; timer T "T(ack)" = 2 s;
        A -> B on E / start T; B -> A on TExpiry; ignore E in B; }"#;
    let compiled = fsm_dsl::compile(text);
    assert!(!compiled.has_errors());
    let flat = fsm_cli::flatten::flatten(compiled.machine.as_ref().unwrap()).unwrap();
    assert!(!flat.contains("action StopT"), "{flat}");
    assert!(!flat.contains("action StartT"), "{flat}");
    let again = fsm_dsl::compile(&flat);
    assert!(!again.has_errors(), "{flat}");
    let shown = |m: &fsm_dsl::ir::Machine| m.shown_actions().iter().filter(|s| **s).count();
    assert_eq!(shown(again.machine.as_ref().unwrap()), shown(compiled.machine.as_ref().unwrap()), "{flat}");
}

/// An `ignore` keeps its doc comment and refs through flattening, written for a superstate or
/// for a leaf, each item as its own lines (before, the flat `ignore`s had neither).
#[test]
fn ignores_keep_their_docs_and_refs() {
    let text = r#"machine M {
        event Go;
        event Poll;
        initial state Idle;
        state Busy { state One; state Two; }
        Idle -> One on Go;
        One -> Two on Go;
        Two -> Idle on Go;
        /// Polls are answered elsewhere.
        ignore Poll in Busy ref "RFC 9999 §4.1";
        ignore Poll in Idle ref "RFC 9999 §4.2" ref "Table 3";
    }"#;
    let compiled = fsm_dsl::compile(text);
    assert!(!compiled.has_errors());
    let flat = fsm_cli::flatten::flatten(compiled.machine.as_ref().unwrap()).unwrap();
    assert!(
        flat.contains("    /// Polls are answered elsewhere.\n    ignore Poll in One, Two ref \"RFC 9999 §4.1\";\n"),
        "{flat}"
    );
    assert!(flat.contains("    ignore Poll in Idle ref \"RFC 9999 §4.2\" ref \"Table 3\";\n"), "{flat}");
    let again = fsm_dsl::compile(&flat);
    let ignores = |m: &fsm_dsl::ir::Machine| {
        let mut all: Vec<(String, Vec<String>)> = m.ignores.iter().map(|i| (i.doc.clone(), i.refs.clone())).collect();
        all.sort();
        all
    };
    assert_eq!(ignores(again.machine.as_ref().unwrap()), ignores(compiled.machine.as_ref().unwrap()), "{flat}");
}

/// The warnings a spec allows stay allowed in its flat form: `#![allow]` of the machine, and
/// `#[allow]` of each item, a superstate's reaching the leaves inside it (before, the flat spec
/// of a spec that checked clean drew the warnings its original allowed).
#[test]
fn allowed_warnings_stay_allowed() {
    let text = r#"machine M {
        #![allow(W0010)]
        unhandled = warn;
        event Go;
        event Poll(Frame);
        event Kick;
        #[allow(W0002)]
        action Spare;
        timer T;
        initial state Idle;
        #[allow(W0005)]
        state Busy { state One; state Two; }
        Idle -> One on Go / start T;
        One -> Two on Go;
        Two -> Idle on Go / stop T;
        Two -> Idle on TExpiry;
        ignore Poll;
        ignore Kick in Idle;
        #[allow(W0008)]
        ignore TExpiry in One;
    }"#;
    let compiled = fsm_dsl::compile(text);
    assert!(compiled.diagnostics.is_empty(), "{:?}", compiled.diagnostics);
    // Each `allow` silences something: without them, five warnings.
    let bare = text.replace("#![allow(W0010)]", "").replace("#[allow(W0002)]", "");
    let bare = bare.replace("#[allow(W0005)]", "").replace("#[allow(W0008)]", "");
    assert_eq!(fsm_dsl::compile(&bare).diagnostics.len(), 5);
    let flat = fsm_cli::flatten::flatten(compiled.machine.as_ref().unwrap()).unwrap();
    assert!(flat.contains("    #![allow(W0010)]\n"), "{flat}");
    assert!(flat.contains("    #[allow(W0002)]\n    action Spare;\n"), "{flat}");
    assert!(flat.contains("    #[allow(W0005)]\n    state One;\n    #[allow(W0005)]\n    state Two;\n"), "{flat}");
    assert!(flat.contains("    #[allow(W0008)]\n    ignore TExpiry in One;\n"), "{flat}");
    let again = fsm_dsl::compile(&flat);
    let rendered = diag::render(Source { name: "flat.fsm", text: &flat }, &again.diagnostics, false);
    assert!(again.diagnostics.is_empty(), "{flat}\n{rendered}");
}
