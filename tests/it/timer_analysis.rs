//! The checker's timer analysis: which timers may be running in each state of the RFC machines,
//! what "running" means after an expiry and a restart, and the mistakes it catches (a timer
//! left running where its expiry is ignored or unhandled, handling an expiry that cannot
//! happen).

use fsm_dsl::diag::{Code, Diagnostic};
use fsm_dsl::ir::Machine;
use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

fn machine(text: &str) -> Machine {
    let compiled = fsm_dsl::compile(text);
    assert!(compiled.diagnostics.is_empty(), "{:?}", compiled.diagnostics);
    compiled.machine.unwrap()
}

/// Per state, by name: the timers that may be running there, by name.
fn may_run(m: &Machine) -> Vec<(String, Vec<String>)> {
    let running = fsm_dsl::check::running(m);
    assert!(running.exact(), "the sets are per configuration");
    (0..m.states.len())
        .map(fsm_dsl::ir::StateId)
        .map(|s| {
            let timers = running.may_run(s).iter().map(|t| m.timers[t.index()].named.name.clone()).collect();
            (m.state(s).named.name.clone(), timers)
        })
        .collect()
}

fn pairs(list: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    list.iter().map(|(s, ts)| (s.to_string(), ts.iter().map(|t| t.to_string()).collect())).collect()
}

fn diagnostics(text: &str) -> Vec<Diagnostic> {
    fsm_dsl::compile(text).diagnostics
}

#[test]
fn the_sctp_timers_run_only_in_the_states_that_wait_with_them() {
    let m = machine(&read("tests/data/ok/sctp_association.fsm"));
    assert_eq!(
        may_run(&m),
        pairs(&[
            ("CLOSED", &[]),
            ("COOKIE_WAIT", &["T1Init"]),
            ("COOKIE_ECHOED", &["T1Cookie"]),
            ("ESTABLISHED", &[]),
            ("SHUTDOWN_PENDING", &[]),
            ("SHUTDOWN_SENT", &["T2Shutdown"]),
            ("SHUTDOWN_RECEIVED", &[]),
            ("SHUTDOWN_ACK_SENT", &["T2Shutdown"]),
        ])
    );
}

#[test]
fn the_bfd_detection_time_runs_only_in_init_and_up() {
    let compiled = fsm_dsl::compile(&read("tests/data/ok/bfd.fsm"));
    let running = compiled.running().unwrap();
    let m = compiled.machine.unwrap();
    assert_eq!(running, fsm_dsl::check::running(&m));
    assert_eq!(
        may_run(&m),
        pairs(&[("AdminDown", &[]), ("Down", &[]), ("Init", &["DetectTime"]), ("Up", &["DetectTime"])])
    );
}

#[test]
fn deleting_exit_stop_t1init_from_the_sctp_spec_is_reported() {
    let text = read("tests/data/ok/sctp_association.fsm");
    let without = text.replace("{ exit stop T1Init; }", ";");
    assert_ne!(without, text);
    // T1-init now runs on into COOKIE-ECHOED (and wherever the machine goes from there),
    // where nothing handles its expiry: under `unhandled = error`, an error.
    let found = diagnostics(&without);
    let cookie_echoed = found
        .iter()
        .find(|d| d.code == Code::Unhandled && d.message.contains("`COOKIE_ECHOED`"))
        .unwrap_or_else(|| panic!("no E0008 for COOKIE_ECHOED: {found:#?}"));
    assert!(cookie_echoed.message.contains("`T1InitExpiry`"), "{}", cookie_echoed.message);
    assert!(found.iter().all(|d| d.message.contains("T1InitExpiry")), "{found:#?}");

    // The way the spec was written before the analysis: the expiry ignored wherever it was
    // thought impossible. That `ignore` now hides a running timer, and says so.
    let old_style =
        without.replace("unhandled = error;", "unhandled = error;\n    ignore T1InitExpiry in * except COOKIE_WAIT;");
    let found = diagnostics(&old_style);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].code, Code::ExpiryIgnored);
    assert!(found[0].message.contains("`COOKIE_ECHOED`"), "{}", found[0].message);
    // With the exit stop in place, the same `ignore` is harmless: nothing to report.
    let harmless =
        text.replace("unhandled = error;", "unhandled = error;\n    ignore T1InitExpiry in * except COOKIE_WAIT;");
    assert!(diagnostics(&harmless).is_empty());
    // An intended ignore says so, and is then quiet.
    let allowed = old_style.replace("    ignore T1InitExpiry in", "    #[allow(W0008)]\n    ignore T1InitExpiry in");
    assert!(diagnostics(&allowed).is_empty(), "{:#?}", diagnostics(&allowed));
}

#[test]
fn an_expiry_disarms_its_timer_and_a_restart_keeps_it_running() {
    let spec = |on_expiry: &str| {
        format!(
            "machine M {{
                initial state Idle;
                state Waiting {{ entry start T; }}
                state Next;
                event Go;
                event Back;
                timer T;
                Idle -> Waiting on Go;
                {on_expiry}
                Next -> Idle on Back;
                ignore Back in Idle, Waiting;
                ignore Go in Waiting, Next;
                ignore TExpiry otherwise;
            }}"
        )
    };
    // The expiry leaves `Waiting`: the timer has fired, so it does not run on into `Next`.
    let m = machine(&spec("Waiting -> Next on TExpiry;"));
    assert_eq!(may_run(&m), pairs(&[("Idle", &[]), ("Waiting", &["T"]), ("Next", &[])]));
    // Restarted on the way: it runs in `Next` and, after `Back`, in `Idle`, where its expiry is
    // ignored.
    let found = diagnostics(&spec("Waiting -> Next on TExpiry / start T;"));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].code, Code::ExpiryIgnored);
    assert!(found[0].message.contains("states `Idle` and `Next`"), "{}", found[0].message);
    assert!(found[0].notes.iter().any(|n| n.starts_with("after `Go`, `TExpiry`, `Back`,")), "{:?}", found[0].notes);
    // The checker's public result gives the shortest sequence that leaves it running there.
    let m = fsm_dsl::compile(&spec("Waiting -> Next on TExpiry / start T;")).machine.unwrap();
    let running = fsm_dsl::check::running(&m);
    let idle = m.state_named("Idle").unwrap();
    let path: Vec<&str> = running
        .witness(idle, fsm_dsl::ir::TimerId(0))
        .unwrap()
        .iter()
        .map(|e| m.event(*e).named.name.as_str())
        .collect();
    assert_eq!(path, ["Go", "TExpiry", "Back"]);
}

#[test]
fn guards_and_variables_decide_which_paths_leave_a_timer_running() {
    // `retries` bounds the restarts; the transition that gives up does not restart, so `T` is
    // never running in `Failed`, and handling its expiry there would be dead.
    let text = "machine M {
        initial state Idle;
        state Trying;
        state Failed;
        event Go;
        event Reset;
        timer T;
        var retries: 0..=2 = 0;
        Idle -> Trying on Go / start T, retries = 0;
        internal Trying on TExpiry [retries < 2] / start T, retries += 1;
        Trying -> Failed on TExpiry [else];
        Failed -> Idle on Reset;
        ignore Go in Trying, Failed;
        ignore Reset in Idle, Trying;
    }";
    let m = machine(text);
    assert_eq!(may_run(&m), pairs(&[("Idle", &[]), ("Trying", &["T"]), ("Failed", &[])]));
    let dead = text.replace("Failed -> Idle on Reset;", "Failed -> Idle on Reset, TExpiry;");
    let found = diagnostics(&dead);
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::DeadExpiry], "{found:#?}");
    // Allowed on the transition, it is quiet.
    let allowed =
        text.replace("Failed -> Idle on Reset;", "#[allow(W0007)]\n        Failed -> Idle on Reset, TExpiry;");
    assert!(diagnostics(&allowed).is_empty(), "{:#?}", diagnostics(&allowed));
}

#[test]
fn a_name_error_leaves_no_timer_verdict_that_the_dropped_item_could_change() {
    // The misspelled transition might be the one that starts `T` in `Next`: the analysis says
    // nothing about the dead or ignored expiry it cannot decide.
    let text = "machine M {
        initial state Idle;
        state Next;
        event Go;
        timer T;
        Idle -> Nxt on Go / start T;
        Next -> Idle on Go, TExpiry;
        ignore Go in Idle;
        ignore TExpiry in Idle;
    }";
    let found = diagnostics(text);
    assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::Undefined], "{found:#?}");
}
