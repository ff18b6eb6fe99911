//! The specs rewritten with newer forms of the DSL (`ignore * otherwise`, state-scoped timers,
//! timer defaults, no `ignore` for an expiry that cannot happen) behave as the versions kept in
//! `tests/data/before/`: `fsm equiv` finds no difference, the same timers may be running in
//! each state, and every (state, event) pair is handled, ignored or left unmentioned alike (the
//! generated code tells an ignored pair from an unhandled one), except the expiries that the
//! checker proves cannot happen, which the rewrites no longer ignore.
//!
//! A rewrite is compared with the spec as it was rewritten: `specs/NAME.fsm`, or
//! `tests/data/rewritten/NAME.fsm` once the spec has changed since in what it does. The Diameter
//! peer's has: Stop while a connection is being set up is its Abort, and Wait-I-CEA takes every
//! message before the CEA by its own event; `the_peer_spec_changed_only_its_rules_for_stop_and_non_cea`
//! pins what that change is and is not.

use fsm_cli::equiv::{self, Options};
use fsm_dsl::ir::{Cell, EventId, Machine, StateId};
use std::path::Path;

fn machine(path: &str) -> Machine {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    let compiled = fsm_dsl::compile(&text);
    assert!(compiled.diagnostics.is_empty(), "{path}: {:?}", compiled.diagnostics);
    compiled.machine.unwrap()
}

/// The spec as rewritten: the copy kept in `tests/data/rewritten/` if the spec changed since.
fn rewritten(name: &str) -> Machine {
    let kept = format!("tests/data/rewritten/{name}.fsm");
    if Path::new(env!("CARGO_MANIFEST_DIR")).join(&kept).exists() {
        machine(&kept)
    } else {
        machine(&format!("specs/{name}.fsm"))
    }
}

/// Each pair as (state, event, "rules" / "ignored" / "unmentioned"), by name; an expiry that
/// cannot happen (its timer is never running in that reachable state) as "cannot happen".
fn table(m: &Machine) -> Vec<(String, String, &'static str)> {
    let running = fsm_dsl::check::running(m);
    let mut out = Vec::new();
    for (s, state) in m.states.iter().enumerate() {
        for (e, event) in m.events.iter().enumerate() {
            let impossible =
                event.timer.is_some_and(|t| running.reached(StateId(s)) && !running.may_be_running(StateId(s), t));
            let kind = match m.cell(StateId(s), EventId(e)) {
                Cell::Ignored(_) | Cell::Unmentioned if impossible => "cannot happen",
                Cell::Rules(_) => "rules",
                Cell::Ignored(_) => "ignored",
                Cell::Error(_) => "error",
                Cell::Unmentioned => "unmentioned",
            };
            out.push((state.named.name.clone(), event.named.name.clone(), kind));
        }
    }
    out.sort();
    out
}

#[test]
fn rewritten_specs_behave_as_before() {
    for name in ["diameter_peer", "iua_asp_side", "rfc3539_watchdog", "failover", "iua_as"] {
        let before = machine(&format!("tests/data/before/{name}.fsm"));
        let now = rewritten(name);
        let report = equiv::compare(&before, &now, &Options::default()).unwrap();
        assert!(report.equivalent(), "{name}: {}", equiv::render(&report, "before", "now"));
        assert_eq!(may_run(&before), may_run(&now), "{name}");
        assert_eq!(table(&before), table(&now), "{name}");
    }
}

/// Per state, by name (sorted): the timers that may be running there.
fn may_run(m: &Machine) -> Vec<(String, Vec<String>)> {
    let running = fsm_dsl::check::running(m);
    (0..m.states.len())
        .map(StateId)
        .map(|s| {
            let timers = running.may_run(s).iter().map(|t| m.timers[t.index()].named.name.clone()).collect();
            (m.state(s).named.name.clone(), timers)
        })
        .collect::<std::collections::BTreeMap<_, _>>()
        .into_iter()
        .collect()
}

/// The specs rewritten with superstates, each kept flat as it was in `tests/data/flat/`.
const SUPERSTATE_REWRITES: &[&str] = &["failover", "iua_asp_side"];

#[test]
fn superstate_rewrites_behave_as_their_flat_versions() {
    for name in SUPERSTATE_REWRITES {
        let flat = machine(&format!("tests/data/flat/{name}.fsm"));
        let nested = machine(&format!("specs/{name}.fsm"));
        assert!(!nested.superstates.is_empty(), "{name} has no superstate");
        let report = equiv::compare(&flat, &nested, &Options::default()).unwrap();
        assert!(report.equivalent(), "{name}: {}", equiv::render(&report, "flat", "nested"));
        assert_eq!(may_run(&flat), may_run(&nested), "{name}");
        // Handled, ignored and unmentioned pairs alike: the generated code tells them apart.
        assert_eq!(table(&flat), table(&nested), "{name}");
    }
}

#[test]
fn the_equivalence_sees_a_changed_superstate() {
    // The test above can fail: without OKAY's exit, leaving OKAY no longer fails over.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/failover.fsm");
    let text = std::fs::read_to_string(path).unwrap();
    let without = text.replace("exit Failover;", "");
    assert_ne!(without, text);
    let changed = fsm_dsl::compile(&without).machine.unwrap();
    let flat = machine("tests/data/flat/failover.fsm");
    assert!(!equiv::compare(&flat, &changed, &Options::default()).unwrap().equivalent());
}

#[test]
fn the_rewrites_drop_only_ignores_of_expiries_that_cannot_happen() {
    // The relaxed comparison above can fail: the rewrites leave unmentioned exactly the expiries
    // their `before` versions ignored where the timer cannot run, and nothing else.
    let mut dropped = Vec::new();
    for name in ["iua_as", "iua_asp_side", "failover"] {
        let before = machine(&format!("tests/data/before/{name}.fsm"));
        let now = machine(&format!("specs/{name}.fsm"));
        for (s, state) in now.states.iter().enumerate() {
            // By name: a rewrite with superstates may declare the states in another order.
            let old = before.state_named(&state.named.name).unwrap();
            for (e, event) in now.events.iter().enumerate() {
                let (was, is) = (before.cell(old, EventId(e)), now.cell(StateId(s), EventId(e)));
                // Transitions are compared by `fsm equiv` above; here only what kind of cell.
                if std::mem::discriminant(was) != std::mem::discriminant(is) {
                    assert!(event.timer.is_some(), "{name}: {} on {} changed", state.named.name, event.named.name);
                    assert!(
                        matches!((was, is), (Cell::Ignored(_), Cell::Unmentioned)),
                        "{name}: {was:?} became {is:?}"
                    );
                    dropped.push(format!("{name}: {} in {}", event.named.name, state.named.name));
                }
            }
        }
    }
    assert_eq!(
        dropped,
        [
            "iua_as: TrExpiry in AS_DOWN",
            "iua_as: TrExpiry in AS_INACTIVE",
            "iua_as: TrExpiry in AS_ACTIVE",
            "iua_asp_side: TackExpiry in ASP_DOWN",
            "iua_asp_side: TackExpiry in ASP_INACTIVE",
            "iua_asp_side: TackExpiry in ASP_ACTIVE",
            "failover: TwExpiry in INIT",
        ]
    );
}

#[test]
fn the_comparison_sees_a_changed_fallback() {
    // The test above can fail: dropping the fallback of the Diameter peer leaves its pairs
    // unmentioned, and a fallback that also covered handled pairs would change transitions.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rewritten/diameter_peer.fsm");
    let text = std::fs::read_to_string(path).unwrap();
    let without = text.replace("ignore * otherwise", "ignore Start in R_Open otherwise");
    assert_ne!(without, text);
    let compiled = fsm_dsl::compile(&without.replace("unhandled = error;", "unhandled = ignore;"));
    let changed = compiled.machine.unwrap();
    assert_ne!(table(&machine("tests/data/before/diameter_peer.fsm")), table(&changed));
}

/// The Diameter peer's spec after its rewrite changed what it does in these pairs only, each from
/// ignored to a transition to Closed: Stop in the four states where a connection is being set up
/// (Abort), and the messages other than CEA in Wait-I-CEA (Error, as I-Rcv-Non-CEA there). `fsm
/// equiv` sees the change; everything else is as rewritten.
#[test]
fn the_peer_spec_changed_only_its_rules_for_stop_and_non_cea() {
    let (rewritten, now) = (rewritten("diameter_peer"), machine("specs/diameter_peer.fsm"));
    assert!(!equiv::compare(&rewritten, &now, &Options::default()).unwrap().equivalent());
    // What a changed pair does now: each rule's target and actions, by name.
    let rules = |state: &str, event: &str| -> Vec<(Option<String>, Vec<String>)> {
        let s = now.states.iter().position(|s| s.named.name == state).unwrap();
        let e = now.events.iter().position(|e| e.named.name == event).unwrap();
        let Cell::Rules(rules) = now.cell(StateId(s), EventId(e)) else { return Vec::new() };
        rules
            .iter()
            .map(|r| {
                let t = now.transition(*r);
                let actions = t
                    .effects
                    .iter()
                    .filter_map(|e| match e {
                        fsm_dsl::ir::Effect::Action(a) => Some(now.action(*a).named.name.clone()),
                        _ => None,
                    })
                    .collect();
                (t.target.map(|s| now.state(s).named.name.clone()), actions)
            })
            .collect()
    };
    let mut changed = Vec::new();
    for (was, is) in table(&rewritten).into_iter().zip(table(&now)) {
        assert_eq!((&was.0, &was.1), (&is.0, &is.1));
        if was != is {
            assert_eq!((was.2, is.2), ("ignored", "rules"), "{} on {}", was.0, was.1);
            changed.push((was.0.clone(), was.1.clone(), rules(&was.0, &was.1)));
        }
    }
    let to_closed = |action: &str| vec![(Some("Closed".to_owned()), vec![action.to_owned()])];
    let stop = ["Wait_Conn_Ack", "Wait_Conn_Ack_Elect", "Wait_I_CEA", "Wait_Returns"]
        .map(|s| (s.to_owned(), "Stop".to_owned(), to_closed("Abort")));
    let non_cea = ["I_Rcv_DPA", "I_Rcv_DPR", "I_Rcv_DWA", "I_Rcv_DWR", "I_Rcv_Message"]
        .map(|e| ("Wait_I_CEA".to_owned(), e.to_owned(), to_closed("Error")));
    let mut expected: Vec<_> = stop.into_iter().chain(non_cea).collect();
    expected.sort();
    changed.sort();
    assert_eq!(changed, expected);
}

#[test]
fn timers_carry_their_rfc_defaults_into_the_generated_code() {
    use rfc_fsm::machines::{failover, iua_asp_side, rfc3539_watchdog};
    use std::time::Duration;
    // RFC 4233 §4.3.3.1: T(ack) 2 s; RFC 3539 §3.4.1: Twinit 30 s.
    assert_eq!(iua_asp_side::Timer::Tack.default_duration(), Some(Duration::from_secs(2)));
    assert_eq!(rfc3539_watchdog::Timer::Tw.default_duration(), Some(Duration::from_secs(30)));
    assert_eq!(failover::Timer::Tw.default_duration(), Some(Duration::from_secs(30)));
    // A labelled timer is shown by its label: its expiry and its operations.
    assert_eq!(iua_asp_side::Event::TackExpiry.to_string(), "T(ack) expiry");
    assert_eq!(iua_asp_side::Event::TackExpiry.name(), "TackExpiry");
}

#[test]
fn timer_defaults_take_each_unit_and_state_timers_start_and_stop() {
    let m = machine("tests/data/ok/timer_defaults_and_state_timers.fsm");
    let defaults: Vec<(String, Option<u128>)> =
        m.timers.iter().map(|t| (t.named.name.clone(), t.default.map(|d| d.as_millis()))).collect();
    assert_eq!(
        defaults,
        [
            ("Rto".to_owned(), Some(500)),
            ("Linger".to_owned(), Some(240_000)),
            ("Keepalive".to_owned(), Some(7_200_000)),
            ("Probe".to_owned(), Some(1_000)),
        ]
    );
    let actions = |effects: &[fsm_dsl::ir::Effect]| -> Vec<String> {
        effects
            .iter()
            .map(|e| match e {
                fsm_dsl::ir::Effect::Action(a) => m.action(*a).named.label.clone().unwrap_or_default(),
                other => format!("{other:?}"),
            })
            .collect()
    };
    let state = |name: &str| m.states.iter().find(|s| s.named.name == name).unwrap();
    // In the order written: the entry action, then the timer.
    assert_eq!(actions(&state("Waiting").entry), ["", "start RTO"]);
    assert_eq!(actions(&state("Waiting").exit), ["stop RTO"]);
    assert_eq!(actions(&state("Lingering").entry), ["start 2MSL", "start Keepalive"]);
    assert_eq!(actions(&state("Lingering").exit), ["stop 2MSL", "stop Keepalive", ""]);
    let rto = m.timers.iter().find(|t| t.named.name == "Rto").unwrap();
    assert_eq!(m.event(rto.expiry).named.label.as_deref(), Some("RTO expiry"));
}

mod data {
    fsm_macros::fsm!("tests/data/ok/timer_defaults_and_state_timers.fsm", transitions);
}

#[test]
fn generated_timers_show_their_labels_and_defaults_in_any_unit() {
    use data::retransmit::{Action, Event, State, Timer};
    use std::time::Duration;
    assert_eq!(Timer::Rto.default_duration(), Some(Duration::from_millis(500)));
    assert_eq!(Timer::Linger.default_duration(), Some(Duration::from_secs(240)));
    assert_eq!(Timer::Keepalive.default_duration(), Some(Duration::from_secs(7200)));
    assert_eq!(Event::RtoExpiry.to_string(), "RTO expiry");
    assert_eq!(Event::KeepaliveExpiry.to_string(), "KeepaliveExpiry");
    assert_eq!(Action::StartRto.to_string(), "start RTO");
    assert_eq!(Action::StopLinger.to_string(), "stop 2MSL");
    // `timer Rto;` in the state: started after the entry action, stopped on exit.
    assert_eq!(State::Waiting.entry_actions(), [Action::Send, Action::StartRto]);
    assert_eq!(State::Waiting.exit_actions(), [Action::StopRto]);
}
