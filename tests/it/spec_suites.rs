//! The covering suites that `fsm tests` generates from the specs (`fsm_cli::testgen::cases`),
//! run against the generated machine of every spec in `specs/` (hooks that give each step's
//! guard values and record the actions) and against the runtimes that embed the RFC 3539
//! watchdog and the IUA ASP: every step's expected state, actions and variables compared with
//! what the code does. The suites are read from the specs at test
//! time, so a changed spec is tested as it now reads.

use fsm_cli::testgen::{self, Step, Suite};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rfc_fsm::watchdog::{Config, MessageKind, Output, Watchdog};
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

/// The outputs an RFC 3539 action becomes (`SetWatchdog` sets the deadline instead).
fn output_of(action: &str) -> Option<Output> {
    Some(match action {
        "start Tw" => return None,
        "SendWatchdog" => Output::SendDwr,
        "Failover" => Output::Failover,
        "Failback" => Output::Failback,
        "CloseConnection" => Output::CloseConnection,
        "AttemptOpen" => Output::AttemptOpen,
        "Throwaway" => Output::Throwaway,
        other => panic!("an action the watchdog test does not know: {other}"),
    })
}

/// Runs one suite against `Watchdog`. `NonDWA` is sent as `non_dwa` (any other message, or a
/// DWR, which the watchdog also answers with a DWA while the connection is open, RFC 6733 §5.5).
fn run_watchdog_suite(non_dwa: MessageKind) {
    let suite = suite(include_str!("../../specs/rfc3539_watchdog.fsm"));
    assert!(suite.stats.steps >= 24, "{:?}", suite.stats);
    for (n, case) in suite.cases.iter().enumerate() {
        let mut wd = Watchdog::new(Config::default());
        let mut rng = StdRng::seed_from_u64(n as u64);
        let mut now = Duration::ZERO;
        assert!(wd.start(now, &mut rng).is_empty());
        assert_eq!(wd.state().unwrap().name(), suite.initial);
        assert_eq!(wd.poll_timeout(), Some(now + wd.tw().unwrap()), "the entry action sets Tw");
        for (i, step) in case.steps.iter().enumerate() {
            let at = format!("case {} step {} ({} in {})", n + 1, i + 1, step.input, step.from);
            assert_eq!(wd.state().unwrap().name(), step.from, "{at}");
            let before = wd.poll_timeout();
            let open = wd.connection_open();
            let outputs = match step.event.as_str() {
                "ConnectionUp" => {
                    now += Duration::from_secs(1);
                    wd.transport_up(now, &mut rng)
                }
                "ConnectionDown" => {
                    now += Duration::from_secs(1);
                    wd.transport_down(now, &mut rng)
                }
                "DWA" => {
                    now += Duration::from_secs(1);
                    wd.receive(now, MessageKind::Dwa, &mut rng)
                }
                "NonDWA" => {
                    now += Duration::from_secs(1);
                    wd.receive(now, non_dwa, &mut rng)
                }
                "TwExpiry" => {
                    now = wd.poll_timeout().expect("Tw runs in every state");
                    wd.handle_timeout(now, &mut rng)
                }
                other => panic!("an event the watchdog test does not know: {other}"),
            };
            let mut expected: Vec<Output> = step.actions.iter().filter_map(|a| output_of(a)).collect();
            if step.event == "NonDWA" && non_dwa == MessageKind::Dwr && open {
                expected.push(Output::SendDwa);
            }
            assert_eq!(outputs.to_vec(), expected, "{at}");
            assert_eq!(wd.state().unwrap().name(), step.to, "{at}");
            assert_eq!(i64::from(wd.pending()), var(step, "Pending"), "{at}");
            if step.actions.iter().any(|a| a == "start Tw") {
                assert_eq!(wd.poll_timeout(), Some(now + wd.tw().unwrap()), "{at}: Tw set");
            } else if step.event != "TwExpiry" {
                assert_eq!(wd.poll_timeout(), before, "{at}: Tw left alone");
            }
        }
    }
}

/// Runs the suite of a spec against its generated machine (`rfc_fsm::machines::NAME`), through
/// hooks that answer each named guard with the step's value and record the actions.
macro_rules! generated_machine_runs_its_suite {
    ($test:ident, $module:ident, $spec:literal) => {
        generated_machine_runs_its_suite!(@run $test, $module, $spec, []);
    };
    ($test:ident, $module:ident, $spec:literal, guards) => {
        generated_machine_runs_its_suite!(@run $test, $module, $spec, [
            fn guard(&mut self, guard: machine::Guard) -> bool {
                // The machine asks only for the guards its pair reads, which the step lists.
                match self.guards.iter().find(|(name, _)| name == guard.name()) {
                    Some((_, value)) => *value,
                    None => panic!("guard `{}` asked for, not one the pair reads", guard.name()),
                }
            }
        ]);
    };
    (@run $test:ident, $module:ident, $spec:literal, [$($guard_hook:tt)*]) => {
        #[test]
        fn $test() {
            use rfc_fsm::machines::$module as machine;

            struct Hooks<'a> {
                #[allow(dead_code, reason = "read by the hooks of a machine with named guards only")]
                guards: &'a [(String, bool)],
                actions: Vec<String>,
            }

            impl machine::Hooks for Hooks<'_> {
                $($guard_hook)*

                fn action(&mut self, action: machine::Action) {
                    self.actions.push(match (action.starts(), action.stops()) {
                        (Some(t), _) => format!("start {}", t.name()),
                        (_, Some(t)) => format!("stop {}", t.name()),
                        _ => action.name().to_owned(),
                    });
                }
            }

            let text = include_str!(concat!("../../specs/", $spec));
            let model = fsm_dsl::compile(text).machine.unwrap();
            let suite = suite(text);
            for (n, case) in suite.cases.iter().enumerate() {
                let mut hooks = Hooks { guards: &[], actions: Vec::new() };
                let mut m = machine::Machine::start(&mut hooks);
                assert_eq!(hooks.actions, suite.entry);
                assert_eq!(m.state().name(), suite.initial);
                for (i, step) in case.steps.iter().enumerate() {
                    let at = format!("{} case {} step {} ({} in {})", $spec, n + 1, i + 1, step.input, step.from);
                    let event = machine::Event::from_name(&step.event).unwrap();
                    let mut hooks = Hooks { guards: &step.guards, actions: Vec::new() };
                    m.step(event, &mut hooks);
                    assert_eq!(hooks.actions, step.actions, "{at}");
                    assert_eq!(m.state(), machine::State::from_name(&step.to).unwrap(), "{at}");
                    if !step.vars.is_empty() {
                        let fields: Vec<String> = step
                            .vars
                            .iter()
                            .map(|(name, x)| format!("{name}: {}", testgen::value_text(&model, name, *x)))
                            .collect();
                        assert_eq!(format!("{:?}", m.vars()), format!("Vars {{ {} }}", fields.join(", ")), "{at}");
                    }
                }
            }
        }
    };
}

generated_machine_runs_its_suite!(generated_watchdog_runs_its_suite, rfc3539_watchdog, "rfc3539_watchdog.fsm");
generated_machine_runs_its_suite!(generated_failover_runs_its_suite, failover, "failover.fsm");
generated_machine_runs_its_suite!(generated_iua_asp_runs_its_suite, iua_asp, "iua_asp.fsm", guards);
generated_machine_runs_its_suite!(generated_iua_as_runs_its_suite, iua_as, "iua_as.fsm", guards);
generated_machine_runs_its_suite!(generated_iua_asp_side_runs_its_suite, iua_asp_side, "iua_asp_side.fsm", guards);
generated_machine_runs_its_suite!(generated_diameter_peer_runs_its_suite, diameter_peer, "diameter_peer.fsm", guards);

#[test]
fn the_watchdog_runs_the_rfc3539_suite() {
    run_watchdog_suite(MessageKind::Other);
}

#[test]
fn the_watchdog_runs_the_rfc3539_suite_with_dwrs_as_the_other_messages() {
    run_watchdog_suite(MessageKind::Dwr);
}

mod iua_asp {
    //! The ASP side of RFC 4233 layer management (`src/iua/asp.rs`) on the suite of
    //! `specs/iua_asp_side.fsm`. The spec's named guards are facts the runtime derives from the
    //! SG's messages, so each step's guard values are produced by what the test sends: an ASP
    //! Active Ack that lists Interface Identifiers 1 and 2 (or none, when the next takeover
    //! must find the ASP not knowing its interfaces), a Notify (Alternate ASP Active) that names
    //! interface 1 (a partial takeover) or none (the whole of it), data for an interface the
    //! ASP is not active for.

    use super::suite;
    use fsm_cli::testgen::{Case, Step};
    use rfc_fsm::iua::asp::{Asp, AspConfig, AspEvent, Output};
    use rfc_fsm::iua::codec::{self, Dlci, InterfaceId, InterfaceIds, Message, Status};
    use std::time::Duration;

    fn guard(step: &Step, name: &str) -> bool {
        step.guards.iter().any(|(g, v)| g == name && *v)
    }

    /// Whether the ASP must know the interfaces it is active for at the next step that asks,
    /// looking ahead from `from` to that step (or to the next ASP Active Ack).
    fn must_know_ids(case: &Case, from: usize) -> bool {
        for step in &case.steps[from + 1..] {
            if guard(step, "scope_unknown") {
                return false;
            }
            if guard(step, "active_elsewhere") || guard(step, "foreign_iid") {
                return true;
            }
            if step.event == "AspActiveAck" {
                break;
            }
        }
        true
    }

    /// What one output is, for comparison with the spec's actions.
    fn label(output: &Output) -> String {
        match output {
            Output::Send { message, .. } => {
                let text = format!("{message:?}");
                text.split([' ', '{', '(']).next().unwrap_or_default().to_owned()
            }
            Output::Event(AspEvent::State(s)) => format!("state {}", s.name()),
            Output::Event(AspEvent::DataRefused) => "RefuseData".into(),
            Output::Event(AspEvent::Data { .. }) => "PassUpData".into(),
            Output::Event(AspEvent::DataDropped { .. }) => "DropData".into(),
            Output::Event(AspEvent::Notify { .. }) => "notify".into(),
            Output::Event(other) => format!("{other:?}"),
        }
    }

    /// The output an action of the spec becomes (T(ack) and the confirms have none: the
    /// deadline shows the first, the state change the others).
    fn expected(action: &str) -> Option<String> {
        Some(
            match action {
                "SendAspUp" => "AspUp",
                "SendAspActive" => "AspActive",
                "SendAspInactive" => "AspInactive",
                "SendAspDown" => "AspDown",
                "TransmitData" => "DataRequest",
                "RefuseData" => "RefuseData",
                "PassUpData" => "PassUpData",
                "DropData" => "DropData",
                "ErrorUnexpectedMessage" => "Error",
                "start Tack" | "stop Tack" | "ConfirmUp" | "ConfirmActive" | "ConfirmInactive" | "ConfirmDown" => {
                    return None;
                }
                other => panic!("an action the ASP test does not know: {other}"),
            }
            .to_owned(),
        )
    }

    fn bytes(message: &Message) -> Vec<u8> {
        codec::encode(message).unwrap()
    }

    #[test]
    fn the_asp_runs_the_iua_asp_side_suite() {
        let suite = suite(include_str!("../../specs/iua_asp_side.fsm"));
        let tack = Duration::from_secs(2);
        let dlci = Dlci { sapi: 0, tei: 1 };
        // The suite sets each named guard true somewhere, so each way of producing it is run.
        for name in ["active_elsewhere", "scope_unknown", "foreign_iid"] {
            assert!(suite.cases.iter().flat_map(|c| &c.steps).any(|s| guard(s, name)), "{name} is never true");
        }
        for (n, case) in suite.cases.iter().enumerate() {
            let mut asp: Asp<Duration> = Asp::new(AspConfig { tack, ..AspConfig::default() });
            let mut now = Duration::ZERO;
            assert_eq!(asp.state().name(), suite.initial);
            for (i, step) in case.steps.iter().enumerate() {
                let at = format!("case {} step {} ({} in {})", n + 1, i + 1, step.input, step.from);
                assert_eq!(asp.state().name(), step.from, "{at}");
                let before = asp.poll_timeout();
                if step.event != "TackExpiry" {
                    now += Duration::from_millis(100);
                }
                let out = match step.event.as_str() {
                    "AssociationUp" => asp.transport_up(now),
                    "AssociationDown" => asp.transport_down(now),
                    "UpRequest" => asp.request_up(now),
                    "ActiveRequest" => asp.request_active(now),
                    "InactiveRequest" => asp.request_inactive(now),
                    "DownRequest" => asp.request_down(now),
                    "AspUpAck" => asp.receive(now, &bytes(&Message::AspUpAck { info: None })),
                    "AspDownAck" => asp.receive(now, &bytes(&Message::AspDownAck { info: None })),
                    "AspInactiveAck" => {
                        asp.receive(now, &bytes(&Message::AspInactiveAck { interface_ids: None, info: None }))
                    }
                    "AspActiveAck" => {
                        let ids = must_know_ids(case, i).then(|| InterfaceIds::Integers(vec![1, 2]));
                        let ack = Message::AspActiveAck { traffic_mode: None, interface_ids: ids, info: None };
                        asp.receive(now, &bytes(&ack))
                    }
                    "AlternateAspActive" => {
                        let partial = guard(step, "active_elsewhere") || guard(step, "scope_unknown");
                        let ids = partial.then(|| InterfaceIds::Integers(vec![1]));
                        let status = Status::alternate_asp_active();
                        let notify = Message::Notify { status, asp_id: None, interface_ids: ids, info: None };
                        asp.receive(now, &bytes(&notify))
                    }
                    "SendData" => {
                        let id = if guard(step, "foreign_iid") {
                            99
                        } else {
                            asp.active_interface_ids().and_then(|ids| ids.iter().next().copied()).unwrap_or(1)
                        };
                        asp.send_data(now, InterfaceId::Integer(id), dlci, vec![1, 2, 3])
                    }
                    "DataIndication" => {
                        let data =
                            Message::DataIndication { interface_id: InterfaceId::Integer(1), dlci, data: vec![7] };
                        asp.receive(now, &bytes(&data))
                    }
                    "TackExpiry" => {
                        // The suite sends an expiry only where the timer may be running.
                        now = asp.poll_timeout().expect("T(ack) runs where the suite lets it expire");
                        asp.handle_timeout(now)
                    }
                    other => panic!("an event the ASP test does not know: {other}"),
                };
                let mut want: Vec<String> = step.actions.iter().filter_map(|a| expected(a)).collect();
                if step.event == "AlternateAspActive" {
                    want.insert(0, "notify".into());
                }
                if step.to != step.from {
                    want.push(format!("state {}", step.to));
                }
                let got: Vec<String> = out.iter().map(label).collect();
                assert_eq!(got, want, "{at}");
                assert_eq!(asp.state().name(), step.to, "{at}");
                let timer = step.actions.iter().rev().find(|a| a.ends_with(" Tack"));
                let deadline = match timer.map(String::as_str) {
                    Some("start Tack") => Some(now + tack),
                    Some(_) => None,
                    None if step.event == "TackExpiry" => None,
                    None => before,
                };
                assert_eq!(asp.poll_timeout(), deadline, "{at}: T(ack)");
            }
        }
    }
}
