//! The covering suites that `fsm tests` generates from the specs (`fsm_dsl::testgen::cases`),
//! run against the runtimes that embed those machines: every step's expected state, actions and
//! variables compared with what the runtime does. The suites are read from the specs at test
//! time, so a changed spec is tested as it now reads.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

use fsm_dsl::testgen::{self, Step, Suite};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rfc_fsm::watchdog::{Command, Config, MessageKind, Watchdog};
use std::time::Duration;

fn suite(spec: &str) -> Suite {
    let compiled = fsm_dsl::compile(spec);
    let machine = compiled.machine.expect("the spec checks");
    let suite = testgen::cases(&machine);
    assert_eq!(suite.incomplete, None);
    assert!(suite.untaken.is_empty(), "transitions not reached: {:?}", suite.untaken);
    suite
}

fn var(step: &Step, name: &str) -> i64 {
    step.vars.iter().find(|(n, _)| n == name).map(|(_, x)| *x).unwrap()
}

/// The commands an RFC 3539 action becomes (`SetWatchdog` sets the deadline instead).
fn command_of(action: &str) -> Option<Command> {
    Some(match action {
        "start Tw" => return None,
        "SendWatchdog" => Command::SendDwr,
        "Failover" => Command::Failover,
        "Failback" => Command::Failback,
        "CloseConnection" => Command::CloseConnection,
        "AttemptOpen" => Command::AttemptOpen,
        "Throwaway" => Command::Throwaway,
        other => panic!("an action the watchdog test does not know: {other}"),
    })
}

/// Runs one suite against `Watchdog`. `NonDWA` is sent as `non_dwa` (any other message, or a
/// DWR, which the watchdog also answers with a DWA while the connection is open, RFC 6733 §5.5).
fn run_watchdog_suite(non_dwa: MessageKind) {
    let suite = suite(include_str!("../specs/rfc3539_watchdog.fsm"));
    assert!(suite.stats.cases >= 10, "{:?}", suite.stats);
    for (n, case) in suite.cases.iter().enumerate() {
        let mut wd = Watchdog::new(Config::default(), StdRng::seed_from_u64(n as u64));
        let mut now = Duration::ZERO;
        assert!(wd.start(now).is_empty());
        assert_eq!(wd.state().unwrap().name(), suite.initial);
        assert_eq!(wd.deadline(), Some(now + wd.tw().unwrap()), "the entry action sets Tw");
        for (i, step) in case.steps.iter().enumerate() {
            let at = format!("case {} step {} ({} in {})", n + 1, i + 1, step.input, step.from);
            assert_eq!(wd.state().unwrap().name(), step.from, "{at}");
            let before = wd.deadline();
            let open = wd.connection_open();
            let commands = match step.event.as_str() {
                "ConnectionUp" => {
                    now += Duration::from_secs(1);
                    wd.connection_up(now)
                }
                "ConnectionDown" => {
                    now += Duration::from_secs(1);
                    wd.connection_down(now)
                }
                "DWA" => {
                    now += Duration::from_secs(1);
                    wd.message_received(now, MessageKind::Dwa)
                }
                "NonDWA" => {
                    now += Duration::from_secs(1);
                    wd.message_received(now, non_dwa)
                }
                "TwExpiry" => {
                    now = wd.deadline().expect("Tw runs in every state");
                    wd.timer_expired(now)
                }
                other => panic!("an event the watchdog test does not know: {other}"),
            };
            let mut expected: Vec<Command> = step.actions.iter().filter_map(|a| command_of(a)).collect();
            if step.event == "NonDWA" && non_dwa == MessageKind::Dwr && open {
                expected.push(Command::SendDwa);
            }
            assert_eq!(commands.to_vec(), expected, "{at}");
            assert_eq!(wd.state().unwrap().name(), step.to, "{at}");
            assert_eq!(i64::from(wd.pending()), var(step, "Pending"), "{at}");
            if step.actions.iter().any(|a| a == "start Tw") {
                assert_eq!(wd.deadline(), Some(now + wd.tw().unwrap()), "{at}: Tw set");
            } else if step.event != "TwExpiry" {
                assert_eq!(wd.deadline(), before, "{at}: Tw left alone");
            }
        }
    }
}

#[test]
fn the_watchdog_runs_the_rfc3539_suite() {
    run_watchdog_suite(MessageKind::Other);
}

#[test]
fn the_watchdog_runs_the_rfc3539_suite_with_dwrs_as_the_other_messages() {
    run_watchdog_suite(MessageKind::Dwr);
}
