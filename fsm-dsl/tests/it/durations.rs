//! Timers whose durations read parameters and variables (`timer A = T1 * 2^n ms;`): what the
//! model keeps of them, how it evaluates them, and the code generated for them.

use fsm_dsl::ir::Machine;
use std::time::Duration;

const SPEC: &str = r#"
machine Retransmit {
    unhandled = ignore;
    initial state Idle;
    state Waiting;
    final state Done;
    event Send;
    event Ack;
    param T1: 1..=60000 = 500;
    param cap: 1..=100;
    var n: 0..=6 = 0;
    timer A = T1 * 2^n ms;
    timer B = 64 * T1 ms;
    timer C = min(4 * 2^n, cap) s;
    timer D = (T1 + 6) * 2 - max(n, 1) ms;
    timer E = 64 * 500 ms;
    Idle -> Waiting on Send / n = 0, start A, start B, start C, start D, start E;
    internal Waiting on AExpiry [n < 6] / n += 1, start A;
    internal Waiting on AExpiry [else] / start A;
    Waiting -> Done on Ack, BExpiry, CExpiry, DExpiry, EExpiry / stop A, stop B, stop C, stop D, stop E;
}
"#;

fn machine() -> Machine {
    let compiled = fsm_dsl::compile(SPEC);
    assert!(compiled.diagnostics.is_empty(), "{:#?}", compiled.diagnostics);
    compiled.machine.unwrap()
}

#[test]
fn a_duration_keeps_its_canonical_text_and_a_constant_one_is_folded() {
    let m = machine();
    let text =
        |name: &str| m.timers.iter().find(|t| t.named.name == name).unwrap().duration.as_ref().map(|d| d.text.clone());
    assert_eq!(text("A").as_deref(), Some("T1 * 2^n ms"));
    assert_eq!(text("B").as_deref(), Some("64 * T1 ms"));
    assert_eq!(text("C").as_deref(), Some("min(4 * 2^n, cap) s"));
    assert_eq!(text("D").as_deref(), Some("(T1 + 6) * 2 - max(n, 1) ms"));
    // No name read: a constant, as `= 32 s` is.
    let e = m.timers.iter().find(|t| t.named.name == "E").unwrap();
    assert_eq!((e.duration.clone(), e.default), (None, Some(Duration::from_secs(32))));
}

#[test]
fn durations_are_evaluated_with_the_values_given_and_saturate() {
    let m = machine();
    let var = |name: &str| m.vars.iter().position(|v| v.named.name == name).unwrap();
    let mut vars = m.initial_vars();
    let at = |vars: &[i64], name: &str| {
        m.timers.iter().find(|t| t.named.name == name).unwrap().duration.as_ref().unwrap().millis(vars).unwrap()
    };
    vars[var("cap")] = 10;
    assert_eq!(at(&vars, "A"), 500);
    assert_eq!(at(&vars, "B"), 32_000);
    assert_eq!(at(&vars, "C"), 4_000);
    assert_eq!(at(&vars, "D"), 1_011);
    vars[var("n")] = 3;
    assert_eq!(at(&vars, "A"), 4_000);
    assert_eq!(at(&vars, "C"), 10_000, "capped");
    assert_eq!(at(&vars, "D"), 1_009);
    // Out of the checker's ranges (set by hand), the arithmetic saturates rather than wraps.
    vars[var("n")] = 70;
    assert_eq!(at(&vars, "A"), u64::try_from(i64::MAX).unwrap());
    vars[var("T1")] = -5;
    assert_eq!(at(&vars, "B"), 0, "a negative value counts as zero");
}

#[test]
fn the_default_is_the_value_at_the_start_when_every_parameter_read_has_one() {
    let m = machine();
    let default = |name: &str| m.timers.iter().find(|t| t.named.name == name).unwrap().default;
    assert_eq!(default("A"), Some(Duration::from_millis(500)));
    assert_eq!(default("B"), Some(Duration::from_secs(32)));
    assert_eq!(default("C"), None, "`cap` has no default");
}

#[test]
fn the_generated_machine_hands_each_duration_over_with_its_start() {
    let m = machine();
    let code = fsm_dsl::codegen::generate(&m, &fsm_dsl::codegen::Options::default()).to_string();
    let code = code.replace(' ', "");
    assert!(code.contains("pubfnduration(self,vars:&Vars)->Option<::core::time::Duration>"), "{code}");
    assert!(code.contains("fnstart(&mutself,action:Action,timer:Timer,duration:::core::time::Duration)"), "{code}");
    assert!(code.contains("run(hooks,&self.vars,action);"), "{code}");
    assert!(code.contains("i64::from(vars.T1).saturating_mul(2i64.saturating_pow("), "{code}");
}

#[test]
fn a_machine_without_such_durations_keeps_its_code() {
    let constant = SPEC
        .replace("T1 * 2^n ms", "500 ms")
        .replace("64 * T1 ms", "32 s")
        .replace("min(4 * 2^n, cap) s", "4 s")
        .replace("(T1 + 6) * 2 - max(n, 1) ms", "1 s");
    let m = fsm_dsl::compile(&constant).machine.unwrap();
    let code = fsm_dsl::codegen::generate(&m, &fsm_dsl::codegen::Options::default()).to_string();
    assert!(!code.contains("fn duration"), "{code}");
    assert!(!code.contains("fn run"), "{code}");
    assert!(code.contains("hooks . action (action)"), "{code}");
}

/// A lease whose timers read the lease of the DHCPACK that starts them (`DhcpAck.lease s`).
const LEASE: &str = r#"
machine Lease {
    unhandled = ignore;
    initial state Init;
    state Bound;
    event Ack(crate::Ack);
    event Release;
    var renewals: 0..=3 = 0;
    timer T1 = Ack.lease * 500 ms;
    timer Expiry = min(Ack.options.lease + renewals, 86400) s;
    Init -> Bound on Ack / start T1, start Expiry;
    internal Bound on Ack [renewals < 3] / renewals += 1, start T1, start Expiry;
    Bound -> Init on Release, T1Expiry, ExpiryExpiry / stop T1, stop Expiry;
}
"#;

#[test]
fn a_duration_reads_fields_of_the_starting_event_s_data() {
    let compiled = fsm_dsl::compile(LEASE);
    assert!(compiled.diagnostics.is_empty(), "{:#?}", compiled.diagnostics);
    let m = compiled.machine.unwrap();
    let timer = |name: &str| m.timers.iter().find(|t| t.named.name == name).unwrap();
    let ack = m.event_named("Ack").unwrap();
    let (t1, expiry) = (timer("T1"), timer("Expiry"));
    assert_eq!(t1.duration.as_ref().unwrap().text, "Ack.lease * 500 ms");
    assert_eq!(expiry.duration.as_ref().unwrap().text, "min(Ack.options.lease + renewals, 86400) s");
    assert_eq!(t1.duration.as_ref().unwrap().data, Some(ack));
    // No value until the event comes: no default, and none without the field's value.
    assert_eq!((t1.default, expiry.default), (None, None));
    let vars = m.initial_vars();
    assert_eq!(t1.duration.as_ref().unwrap().millis(&vars), None);
    let lease = |path: &[String]| match path.join(".").as_str() {
        "lease" => Some(3600),
        "options.lease" => Some(100_000),
        _ => None,
    };
    assert_eq!(t1.duration.as_ref().unwrap().millis_with(&vars, &lease), Some(1_800_000));
    assert_eq!(expiry.duration.as_ref().unwrap().millis_with(&vars, &lease), Some(86_400_000), "capped");

    let code = fsm_dsl::codegen::generate(&m, &fsm_dsl::codegen::Options::default()).to_string().replace(' ', "");
    assert!(
        code.contains("pubfnduration(self,vars:&Vars,input:Option<&Input>)->Option<::core::time::Duration>"),
        "{code}"
    );
    assert!(code.contains("letSome(Input::Ack(data))=inputelse{returnNone};"), "{code}");
    assert!(code.contains("u64::from(data.options.lease)"), "{code}");
    assert!(code.contains("timer.duration(vars,input.as_deref())"), "{code}");
}
