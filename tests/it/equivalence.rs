//! `fsm flatten` and `fsm equiv`: every spec flattens into a spec that checks clean and is
//! equivalent to it, and the comparison of RFC 3539 Appendix A with the Failover design gives
//! exactly the differences the book documents (`book/src/testing/equiv.md`).

use fsm_cli::equiv::{self, Options};
use fsm_dsl::ir::Machine;
use std::path::Path;

fn machine(path: &str) -> Machine {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    fsm_dsl::compile(&text).machine.unwrap()
}

fn compile_clean(text: &str) -> Machine {
    let compiled = fsm_dsl::compile(text);
    let rendered =
        fsm_dsl::diag::render(fsm_dsl::diag::Source { name: "flat.fsm", text }, &compiled.diagnostics, false);
    assert!(compiled.diagnostics.is_empty(), "{rendered}\n{text}");
    compiled.machine.unwrap()
}

#[test]
fn every_spec_flattens_into_a_clean_equivalent_spec() {
    for spec in [
        "specs/rfc3539_watchdog.fsm",
        "specs/failover.fsm",
        "specs/iua_asp.fsm",
        "specs/iua_asp_side.fsm",
        "specs/iua_as.fsm",
        "specs/diameter_peer.fsm",
        "tests/data/ok/variables.fsm",
        "tests/data/ok/internal_and_self.fsm",
        "tests/data/ok/timers.fsm",
    ] {
        let original = machine(spec);
        let flat = compile_clean(&fsm_cli::flatten::flatten(&original).unwrap());
        assert!(flat.vars.is_empty(), "{spec}");
        let report = equiv::compare(&original, &flat, &Options::default()).unwrap();
        assert!(report.equivalent(), "{spec}: {}", equiv::render(&report, spec, "flattened"));
        // Flattening a flat machine changes nothing that can be observed either.
        let again = compile_clean(&fsm_cli::flatten::flatten(&flat).unwrap());
        assert!(equiv::compare(&flat, &again, &Options::default()).unwrap().equivalent(), "{spec}");
    }
}

#[test]
fn the_flattened_rfc_table_has_one_state_per_reachable_configuration() {
    let flat = compile_clean(&fsm_cli::flatten::flatten(&machine("specs/rfc3539_watchdog.fsm")).unwrap());
    let names: Vec<&str> = flat.states.iter().map(|s| s.named.name.as_str()).collect();
    assert!(names.contains(&"REOPEN__Pending_true__NumDWA_m1"), "{names:?}");
    assert!(names.contains(&"OKAY__Pending_true__NumDWA_0"), "{names:?}");
    // No configuration that cannot happen: REOPEN never holds NumDWA = 3.
    assert!(!names.iter().any(|n| n.starts_with("REOPEN__") && n.ends_with("NumDWA_3")), "{names:?}");
}

/// The options of the book's comparison.
fn rfc_vs_failover() -> Options {
    Options {
        map: vec![("SendDWR".into(), "SendWatchdog".into())],
        hide: vec!["CmdAck".into()],
        prefix_a: vec!["Start".into()],
        ..Options::default()
    }
}

fn sequences(report: &equiv::Report) -> Vec<String> {
    report
        .differences
        .iter()
        .map(|d| d.trace.iter().skip(1).map(|s| s.event.clone().unwrap()).collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn rfc3539_and_the_failover_design_differ_exactly_as_documented() {
    let a = machine("specs/failover.fsm");
    let b = machine("specs/rfc3539_watchdog.fsm");
    let report = equiv::compare(&a, &b, &rfc_vs_failover()).unwrap();
    assert_eq!(report.only_a, ["Start", "Stop"]);
    // Each sequence differs only at its last step, so the later ones reach DOWN through SUSPECT:
    // the direct way, a connection down in OKAY, already differs.
    assert_eq!(
        sequences(&report),
        [
            "ConnectionUp ConnectionDown",
            "ConnectionUp TwExpiry TwExpiry NonDWA TwExpiry",
            "ConnectionUp TwExpiry TwExpiry ConnectionDown ConnectionUp TwExpiry DWA DWA DWA",
            "ConnectionUp TwExpiry TwExpiry ConnectionDown ConnectionUp TwExpiry DWA DWA TwExpiry DWA",
        ]
    );
    // The first is only the order of two actions.
    let unordered = equiv::compare(&a, &b, &Options { unordered: true, ..rfc_vs_failover() }).unwrap();
    assert_eq!(
        sequences(&unordered),
        [
            "ConnectionUp TwExpiry TwExpiry NonDWA TwExpiry",
            "ConnectionUp ConnectionDown ConnectionUp TwExpiry DWA DWA DWA",
            "ConnectionUp ConnectionDown ConnectionUp TwExpiry DWA DWA TwExpiry DWA",
        ]
    );
}

#[test]
fn the_book_shows_the_comparison_as_it_is() {
    let chapter = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/testing/equiv.md");
    let readme = std::fs::read_to_string(chapter).unwrap();
    let start = readme.find("```text\nA: specs/failover.fsm").expect("the book shows the comparison") + 8;
    let end = start + readme[start..].find("```").unwrap();
    let report =
        equiv::compare(&machine("specs/failover.fsm"), &machine("specs/rfc3539_watchdog.fsm"), &rfc_vs_failover())
            .unwrap();
    assert_eq!(&readme[start..end], equiv::render(&report, "specs/failover.fsm", "specs/rfc3539_watchdog.fsm"));
}

#[test]
fn a_renamed_copy_is_equivalent_under_the_mapping_and_a_changed_one_is_not() {
    let base = "machine M { initial state A { entry Go; } state B; event E; event F; action Go; action Stop;
                A -> B on E / Stop; B -> A on F; ignore F in A; ignore E in B; }";
    let renamed =
        base.replace("Go", "Run").replace(" E;", " X;").replace("on E", "on X").replace("ignore E", "ignore X");
    let a = compile_clean(base);
    let b = compile_clean(&renamed);
    let options = Options { map: vec![("Go".into(), "Run".into()), ("E".into(), "X".into())], ..Options::default() };
    assert!(equiv::compare(&a, &b, &options).unwrap().equivalent());
    assert!(!equiv::compare(&a, &b, &Options::default()).unwrap().equivalent(), "unmapped names differ");
    let changed = compile_clean(&base.replace("B -> A on F;", "B -> A on F / Stop;"));
    let report = equiv::compare(&a, &changed, &Options::default()).unwrap();
    assert_eq!(sequences(&report), ["E F"]);
}

#[test]
fn named_guards_are_inputs_of_the_comparison() {
    let a = compile_clean(
        "machine G { initial state A; event E; guard g; action X; action Y;
        internal A on E [g] / X; internal A on E [else] / Y; }",
    );
    let b = compile_clean(
        "machine G { initial state A; event E; guard g; action X; action Y;
        internal A on E [!g] / Y; internal A on E [g] / X; }",
    );
    assert!(equiv::compare(&a, &b, &Options::default()).unwrap().equivalent());
    let c = compile_clean(
        "machine G { initial state A; event E; guard g; action X; action Y;
        internal A on E [!g] / X; internal A on E [g] / Y; }",
    );
    let report = equiv::compare(&a, &c, &Options::default()).unwrap();
    assert_eq!(report.differences.len(), 2, "both values of g differ");
    let guards: Vec<&Vec<String>> = report.differences.iter().map(|d| &d.trace[1].guards).collect();
    assert!(guards.contains(&&vec!["g".to_owned()]) && guards.contains(&&Vec::new()), "{guards:?}");
}

/// The limit on named guards is per step: a machine of 14 guards whose states read 7 each is
/// compared (before, 12 in the whole machine were the limit); a step that reads 13 is refused
/// with the event and the states where it stands.
#[test]
fn the_limit_on_named_guards_is_per_step() {
    let guards = |range: std::ops::Range<usize>| range.map(|i| format!("g{i}")).collect::<Vec<_>>();
    let machine = |b_reads: &[String]| {
        let all = guards(0..14);
        compile_clean(&format!(
            "machine G {{ initial state A; state B; event E; event F; action X; {}
            A -> B on F; B -> A on F;
            internal A on E [{}] / X; internal A on E [else];
            internal B on E [{}] / X; internal B on E [else]; }}",
            all.iter().map(|g| format!("guard {g};")).collect::<String>(),
            guards(0..7).join(" && "),
            b_reads.join(" || "),
        ))
    };
    let m = machine(&guards(7..14));
    let report = equiv::compare(&m, &m, &Options::default()).unwrap();
    assert!(report.equivalent() && report.pairs == 2, "{}", equiv::render(&report, "m", "m"));
    let wide = machine(&guards(1..14));
    let error = equiv::compare(&wide, &wide, &Options::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "`E` in `B` (A) and `B` (B) reads 13 named guards, more than 12: too many combinations to compare"
    );
}

#[test]
fn unknown_names_in_the_options_are_errors() {
    let a = machine("specs/failover.fsm");
    let b = machine("specs/rfc3539_watchdog.fsm");
    let bad = Options { map: vec![("SendDWRR".into(), "SendWatchdog".into())], ..Options::default() };
    assert!(matches!(equiv::compare(&a, &b, &bad), Err(equiv::EquivError::UnknownName { side: "A", .. })));
    let bad = Options { prefix_a: vec!["Begin".into()], ..Options::default() };
    assert!(equiv::compare(&a, &b, &bad).unwrap_err().to_string().contains("A has no event named `Begin`"));
}

#[test]
fn a_start_is_compared_with_its_duration() {
    // The same machine but for Tw's duration: a constant, one read from a variable, and one read
    // from the data of the event that starts it.
    let spec = |duration: &str| {
        format!(
            "machine W {{
                #![allow(W0002, W0010)]
                unhandled = ignore;
                initial state Idle;
                state Up {{ exit stop Tw; }}
                event Open(crate::Open);
                event Close;
                var n: 0..=2 = 1;
                timer Tw = {duration};
                Idle -> Up on Open / start Tw;
                Up -> Idle on Close, TwExpiry;
            }}"
        )
    };
    let compare = |a: &str, b: &str| {
        let report = equiv::compare(&compile_clean(&spec(a)), &compile_clean(&spec(b)), &Options::default()).unwrap();
        (report.equivalent(), equiv::render(&report, "a", "b"))
    };
    assert!(compare("2 s", "2000 ms").0, "the same duration, written otherwise");
    let (same, text) = compare("2 s", "3 s");
    assert!(!same);
    assert!(text.contains("[start Tw (2 s)]") && text.contains("[start Tw (3 s)]"), "{text}");
    assert!(compare("n * 2 s", "2 s").0, "n is 1 wherever Tw starts");
    assert!(!compare("Open.after s", "2 s").0);
    let (same, text) = compare("Open.after s", "Open.after * 1000 ms");
    assert!(!same, "expressions read from data are compared as written");
    assert!(text.contains("[start Tw (Open.after s)]"), "{text}");
    assert!(compare("Open.after s", "Open.after s").0);
}

#[test]
fn the_flat_machine_keeps_the_timers_default_durations() {
    let flat = fsm_cli::flatten::flatten(&machine("specs/rfc3539_watchdog.fsm")).unwrap();
    assert!(flat.contains("    timer Tw = 30 s;\n"), "{flat}");
}
