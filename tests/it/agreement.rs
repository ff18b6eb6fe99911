//! The interpreter of the checked model (what `fsm sim` runs) and the dispatch that the macro
//! generates agree, step by step, on random event sequences with random guard values: same
//! state, same kind of step, same actions in the same order.

use fsm_cli::interp::Interpreter;
use proptest::prelude::*;

/// Runs one random sequence through both and compares every step. A machine with parameters
/// is started with the values given (`params { reliable: false }`) on both sides.
///
/// A machine with a timer whose duration reads variables is run with `durations`: its hooks
/// take each start through `Hooks::start`, and the durations it hands over must be those the
/// interpreter evaluates at the start.
macro_rules! agreement_test {
    ($test:ident, $module:path, $spec:literal) => {
        agreement_test!(@run $test, $module, $spec, [], |hooks: &mut Hooks| generated::Machine::start(hooks), [], []);
    };
    // A machine with named guards: its hooks answer them from the step's random bits.
    ($test:ident, $module:path, $spec:literal, guards) => {
        agreement_test!(
            @run $test, $module, $spec, [],
            |hooks: &mut Hooks| generated::Machine::start(hooks),
            [],
            [
                fn guard(&mut self, guard: generated::Guard) -> bool {
                    self.bits >> guard as usize & 1 == 1
                }
            ]
        );
    };
    ($test:ident, $module:path, $spec:literal, params { $($name:ident: $value:expr),* }) => {
        agreement_test!(
            @run $test, $module, $spec,
            [$(format!("{}={}", stringify!($name), $value)),*],
            |hooks: &mut Hooks| generated::Machine::start(generated::Params { $($name: $value),* }, hooks),
            [],
            []
        );
    };
    ($test:ident, $module:path, $spec:literal, params { $($name:ident: $value:expr),* }, durations) => {
        agreement_test!(
            @run $test, $module, $spec,
            [$(format!("{}={}", stringify!($name), $value)),*],
            |hooks: &mut Hooks| generated::Machine::start(generated::Params { $($name: $value),* }, hooks),
            [
                fn start(&mut self, action: generated::Action, timer: generated::Timer, duration: std::time::Duration) {
                    self.actions.push(action.name());
                    self.durations.push((timer.name().to_owned(), Some(u64::try_from(duration.as_millis()).unwrap())));
                }
            ],
            []
        );
    };
    (@run $test:ident, $module:path, $spec:literal, [$($param:expr),*], $start:expr, [$($start_hook:tt)*], [$($guard_hook:tt)*]) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            #[test]
            fn $test(steps in proptest::collection::vec((any::<usize>(), any::<u32>()), 0..200)) {
                use $module as generated;

                struct Hooks {
                    #[allow(dead_code, reason = "read by the hooks of a machine with named guards only")]
                    bits: u32,
                    actions: Vec<&'static str>,
                    durations: Vec<(String, Option<u64>)>,
                }
                impl generated::Hooks for Hooks {
                    fn action(&mut self, action: generated::Action) {
                        self.actions.push(action.name());
                    }
                    $($start_hook)*
                    $($guard_hook)*
                }
                let durations_checked = stringify!($($start_hook)*) != "";

                // Checked once for all the cases.
                static MODEL: std::sync::OnceLock<fsm_dsl::ir::Machine> = std::sync::OnceLock::new();
                let model = MODEL.get_or_init(|| {
                    let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $spec));
                    fsm_dsl::compile(text).machine.expect("the spec checks")
                });
                let mut vars = model.initial_vars();
                for param in [$($param),*] as [String; _] {
                    fsm_cli::interp::set_param(model, &mut vars, &param).expect("a parameter of the spec");
                }
                let (mut interpreter, entry) = Interpreter::start_with(model, vars);
                let mut hooks = Hooks { bits: 0, actions: Vec::new(), durations: Vec::new() };
                let start = $start;
                let mut machine = start(&mut hooks);
                let names = |actions: &[fsm_dsl::ir::ActionId]| -> Vec<String> {
                    actions.iter().map(|a| model.action(*a).named.name.clone()).collect()
                };
                let started = |interpreter: &Interpreter<'_>| -> Vec<(String, Option<u64>)> {
                    interpreter.started().iter().map(|&(t, ms)| (model.timers[t.0].named.name.clone(), ms)).collect()
                };
                prop_assert_eq!(names(&entry), hooks.actions.clone());
                if durations_checked {
                    prop_assert_eq!(started(&interpreter), std::mem::take(&mut hooks.durations));
                }
                for (event, bits) in steps {
                    let event = generated::Event::ALL[event % generated::Event::ALL.len()];
                    let guards: Vec<bool> = (0..model.guards.len()).map(|g| bits >> g & 1 == 1).collect();
                    let step = interpreter.step(model.event_named(event.name()).unwrap(), &guards);
                    hooks.bits = bits;
                    hooks.actions.clear();
                    let generated_step = machine.step(event, &mut hooks);
                    prop_assert_eq!(model.state(step.to).named.name.as_str(), machine.state().name());
                    prop_assert_eq!(generated_step.target, machine.state());
                    prop_assert_eq!(step.kind.as_str().replace('_', ""), format!("{:?}", generated_step.kind).to_lowercase());
                    prop_assert_eq!(names(&step.actions), hooks.actions.clone());
                    // The actions the hooks ran are those the step lists.
                    let listed: Vec<&str> = generated_step.actions.iter().map(|a| a.name()).collect();
                    prop_assert_eq!(listed, hooks.actions.clone());
                    prop_assert_eq!(step.transition.map(|t| t.0), generated_step.transition.map(usize::from));
                    if durations_checked {
                        prop_assert_eq!(started(&interpreter), std::mem::take(&mut hooks.durations));
                    }
                }
            }
        }
    };
}

/// `TRANSITIONS` (the `transitions` option) says what the spec says, row for row: sources,
/// events, target, own actions, guard text, refs and doc.
macro_rules! transitions_test {
    ($test:ident, $module:path, $spec:literal) => {
        #[test]
        fn $test() {
            use $module as generated;
            let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $spec));
            let model = fsm_dsl::compile(text).machine.expect("the spec checks");
            assert_eq!(generated::TRANSITIONS.len(), model.transitions.len());
            for (row, t) in generated::TRANSITIONS.iter().zip(&model.transitions) {
                let sources: Vec<&str> = row.sources.iter().map(|s| s.name()).collect();
                let model_sources: Vec<&str> = t.sources.iter().map(|s| model.state(*s).named.name.as_str()).collect();
                assert_eq!(sources, model_sources);
                let events: Vec<&str> = row.events.iter().map(|e| e.name()).collect();
                let model_events: Vec<&str> = t.events.iter().map(|e| model.events[e.0].named.name.as_str()).collect();
                assert_eq!(events, model_events);
                assert_eq!(row.target.map(|s| s.name()), t.target.map(|s| model.state(s).named.name.as_str()));
                let own: Vec<String> = t
                    .effects
                    .iter()
                    .filter_map(|e| match e {
                        fsm_dsl::ir::Effect::Action(a) => Some(model.action(*a).named.name.clone()),
                        _ => None,
                    })
                    .collect();
                let row_actions: Vec<String> = row.actions.iter().map(|a| a.name().to_owned()).collect();
                assert_eq!(row_actions, own);
                assert_eq!(row.guard.unwrap_or(""), t.guard_text());
                let model_refs: Vec<&str> = t.refs().iter().map(String::as_str).collect();
                assert_eq!(row.refs.to_vec(), model_refs);
                assert_eq!(row.doc, t.doc());
            }
        }
    };
}

agreement_test!(failover_agrees, rfc_fsm::machines::failover, "specs/failover.fsm");
agreement_test!(iua_asp_agrees, rfc_fsm::machines::iua_asp, "specs/iua_asp.fsm", guards);
agreement_test!(iua_as_agrees, rfc_fsm::machines::iua_as, "specs/iua_as.fsm", guards);

// Smaller specs that exercise what the RFC specs do not: exit actions, self versus internal
// transitions, variables, `else`, wildcards, final states, the `ignore` policy.
mod data {
    fsm_macros::fsm!("tests/data/ok/internal_and_self.fsm", transitions);
    fsm_macros::fsm!("tests/data/ok/variables.fsm", transitions);
    fsm_macros::fsm!("tests/data/ok/guards_and_else.fsm", transitions);
    fsm_macros::fsm!("tests/data/ok/wildcard_and_except.fsm", transitions);
    fsm_macros::fsm!("tests/data/ok/timers.fsm", transitions);
    fsm_macros::fsm!("tests/data/ok/policy_ignore.fsm", transitions);
}

agreement_test!(self_and_internal_agree, data::counter, "tests/data/ok/internal_and_self.fsm");
agreement_test!(variables_agree, data::reopen, "tests/data/ok/variables.fsm");
agreement_test!(guards_and_else_agree, data::door, "tests/data/ok/guards_and_else.fsm", guards);
agreement_test!(wildcards_agree, data::link, "tests/data/ok/wildcard_and_except.fsm");
agreement_test!(timers_agree, data::watchdog, "tests/data/ok/timers.fsm");
agreement_test!(policy_ignore_agrees, data::pushed, "tests/data/ok/policy_ignore.fsm");
agreement_test!(rfc3539_agrees, rfc_fsm::machines::rfc3539_watchdog, "specs/rfc3539_watchdog.fsm");

mod more_data {
    fsm_macros::fsm!("tests/data/ok/many_guards.fsm", transitions);
    fsm_macros::fsm!("tests/data/ok/timer_alias_and_default_name.fsm", transitions);
}
agreement_test!(many_guards_agree, more_data::deep, "tests/data/ok/many_guards.fsm");
agreement_test!(alias_and_default_name_agree, more_data::alarm, "tests/data/ok/timer_alias_and_default_name.fsm");
// The constructs that say an RFC machine as its RFC does: transitions on any other event
// (states, superstates and `*`), effect groups, several names for one timer operation,
// parameters, tests of whether a timer runs. Their modules compile without a warning.
mod rfc_constructs {
    #![deny(warnings)]
    fsm_macros::fsm!("tests/data/ok/any_other_event.fsm", transitions);
    fsm_macros::fsm!("tests/data/ok/effect_groups.fsm", transitions);
    fsm_macros::fsm!("tests/data/ok/timer_aliases.fsm", transitions);
    fsm_macros::fsm!("tests/data/ok/sip_invite_client.fsm", transitions);
    /// A DHCPACK: the lease it grants, in seconds (RFC 2132 §9.2), which the lease timers'
    /// durations read.
    pub struct Ack {
        pub lease: u32,
    }
    fsm_macros::fsm!("tests/data/ok/dhcp_client.fsm", transitions);
    fsm_macros::fsm!("tests/data/ok/sctp_t3_rtx.fsm", transitions);
}
agreement_test!(sctp_t3_rtx_agrees, rfc_constructs::sctp_t3_rtx, "tests/data/ok/sctp_t3_rtx.fsm");
agreement_test!(any_other_event_agrees, rfc_constructs::session, "tests/data/ok/any_other_event.fsm", guards);
agreement_test!(effect_groups_agree, rfc_constructs::link, "tests/data/ok/effect_groups.fsm");
agreement_test!(timer_aliases_agree, rfc_constructs::keepalive, "tests/data/ok/timer_aliases.fsm");
agreement_test!(
    sip_invite_client_agrees,
    rfc_constructs::sip_invite_client,
    "tests/data/ok/sip_invite_client.fsm",
    params { unreliable: true, T1: 500 },
    durations
);
agreement_test!(
    sip_invite_client_over_a_reliable_transport_agrees,
    rfc_constructs::sip_invite_client,
    "tests/data/ok/sip_invite_client.fsm",
    params { unreliable: false, T1: 2000 },
    durations
);
agreement_test!(iua_asp_side_agrees, rfc_fsm::machines::iua_asp_side, "specs/iua_asp_side.fsm", guards);
agreement_test!(diameter_peer_agrees, rfc_fsm::machines::diameter_peer, "specs/diameter_peer.fsm", guards);

// A machine large enough for the generated dispatch to read most cells from a table. Its
// generator leaves cells unhandled and guards open on purpose: the checker's warnings, which
// `fsm!` reports as `deprecated` warnings of the build, are expected here.
#[allow(deprecated)]
mod table {
    fsm_macros::fsm!("tests/data/table/large_table.fsm", transitions);
}
agreement_test!(table_dispatch_agrees, table::table, "tests/data/table/large_table.fsm", guards);

// The RFC specs' modules with `TRANSITIONS`, which the root crate's leave out.
mod rfc {
    fsm_macros::fsm!("specs/failover.fsm", transitions);
    fsm_macros::fsm!("specs/rfc3539_watchdog.fsm", transitions);
    fsm_macros::fsm!("specs/iua_asp.fsm", transitions);
    fsm_macros::fsm!("specs/iua_as.fsm", transitions);
    fsm_macros::fsm!("specs/iua_asp_side.fsm", transitions);
    fsm_macros::fsm!("specs/diameter_peer.fsm", transitions);
}

transitions_test!(failover_transitions, rfc::failover, "specs/failover.fsm");
transitions_test!(rfc3539_transitions, rfc::rfc3539_watchdog, "specs/rfc3539_watchdog.fsm");
transitions_test!(iua_asp_transitions, rfc::iua_asp, "specs/iua_asp.fsm");
transitions_test!(iua_as_transitions, rfc::iua_as, "specs/iua_as.fsm");
transitions_test!(iua_asp_side_transitions, rfc::iua_asp_side, "specs/iua_asp_side.fsm");
transitions_test!(diameter_peer_transitions, rfc::diameter_peer, "specs/diameter_peer.fsm");
transitions_test!(self_and_internal_transitions, data::counter, "tests/data/ok/internal_and_self.fsm");
transitions_test!(variables_transitions, data::reopen, "tests/data/ok/variables.fsm");
transitions_test!(guards_and_else_transitions, data::door, "tests/data/ok/guards_and_else.fsm");
transitions_test!(wildcards_transitions, data::link, "tests/data/ok/wildcard_and_except.fsm");
transitions_test!(timers_transitions, data::watchdog, "tests/data/ok/timers.fsm");
transitions_test!(policy_ignore_transitions, data::pushed, "tests/data/ok/policy_ignore.fsm");
transitions_test!(many_guards_transitions, more_data::deep, "tests/data/ok/many_guards.fsm");
transitions_test!(alias_transitions, more_data::alarm, "tests/data/ok/timer_alias_and_default_name.fsm");
transitions_test!(sctp_t3_rtx_transitions, rfc_constructs::sctp_t3_rtx, "tests/data/ok/sctp_t3_rtx.fsm");
transitions_test!(any_other_event_transitions, rfc_constructs::session, "tests/data/ok/any_other_event.fsm");
transitions_test!(effect_groups_transitions, rfc_constructs::link, "tests/data/ok/effect_groups.fsm");
transitions_test!(timer_aliases_transitions, rfc_constructs::keepalive, "tests/data/ok/timer_aliases.fsm");
transitions_test!(
    sip_invite_client_transitions,
    rfc_constructs::sip_invite_client,
    "tests/data/ok/sip_invite_client.fsm"
);
transitions_test!(dhcp_client_transitions, rfc_constructs::dhcp_client, "tests/data/ok/dhcp_client.fsm");
transitions_test!(table_transitions, table::table, "tests/data/table/large_table.fsm");

/// The cause that the generated `error_cause` gives each (state, event) pair is the one of the
/// spec's `error` item for the pair, and `None` elsewhere: on the table dispatch (whose error
/// cells are code beside the table) and on TCP (a `match`).
#[test]
fn error_causes_agree() {
    fn expected(text: &str) -> Vec<Option<String>> {
        let model = fsm_dsl::compile(text).machine.expect("the spec checks");
        model
            .cells
            .iter()
            .map(|cell| match cell {
                fsm_dsl::ir::Cell::Error(id) => model.protocol_error(*id).cause.clone(),
                _ => None,
            })
            .collect()
    }
    macro_rules! causes {
        ($module:path) => {{
            use $module as generated;
            let mut out = Vec::new();
            for state in generated::State::ALL {
                for event in generated::Event::ALL {
                    out.push(generated::error_cause(state, event).map(str::to_owned));
                }
            }
            out
        }};
    }
    let table = expected(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/table/large_table.fsm")));
    assert_eq!(table.iter().flatten().count(), 2, "the table spec has two pairs with a cause");
    assert_eq!(causes!(table::table), table);
    let tcp = expected(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ok/tcp.fsm")));
    assert_eq!(causes!(tcp_data::tcp), tcp);
}

/// The TCP machine, whose segment event carries the segment: the generated wrapper that takes
/// an `Input` agrees with the interpreter, which takes the event by name; every guard and action
/// of a step sees the segment of that step. Its module compiles without a warning.
mod tcp_data {
    #![deny(warnings)]
    /// The segment: only its number, to check that the hooks see the right one.
    pub struct Segment(pub u32);

    fsm_macros::fsm!("tests/data/ok/tcp.fsm");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn tcp_with_segments_agrees(steps in proptest::collection::vec((any::<usize>(), any::<u32>()), 0..200)) {
        use tcp_data::tcp as generated;

        struct Hooks {
            bits: u32,
            actions: Vec<&'static str>,
            /// The number of every segment a guard or an action saw.
            seen: Vec<u32>,
        }
        impl generated::Hooks for Hooks {
            fn guard(&mut self, guard: generated::Guard, input: &generated::Input) -> bool {
                if let generated::Input::RcvSegment(segment) = input {
                    self.seen.push(segment.0);
                }
                self.bits >> guard as usize & 1 == 1
            }
            fn action(&mut self, action: generated::Action, input: Option<&mut generated::Input>) {
                if let Some(generated::Input::RcvSegment(segment)) = input {
                    self.seen.push(segment.0);
                }
                self.actions.push(action.name());
            }
        }

        let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ok/tcp.fsm"));
        let model = fsm_dsl::compile(text).machine.expect("the spec checks");
        let (mut interpreter, entry) = Interpreter::start(&model);
        let mut hooks = Hooks { bits: 0, actions: Vec::new(), seen: Vec::new() };
        let mut machine = generated::Machine::start(&mut hooks);
        let names = |actions: &[fsm_dsl::ir::ActionId]| -> Vec<String> {
            actions.iter().map(|a| model.action(*a).named.name.clone()).collect()
        };
        prop_assert_eq!(names(&entry), hooks.actions.clone());
        for (n, (event, bits)) in steps.into_iter().enumerate() {
            let event = generated::Event::ALL[event % generated::Event::ALL.len()];
            let number = u32::try_from(n).unwrap();
            let input = match generated::Input::try_from(event) {
                Ok(input) => input,
                Err(generated::Event::RcvSegment) => generated::Input::RcvSegment(tcp_data::Segment(number)),
                Err(other) => panic!("{other} carries data the test does not know"),
            };
            let guards: Vec<bool> = (0..model.guards.len()).map(|g| bits >> g & 1 == 1).collect();
            let step = interpreter.step(model.event_named(event.name()).unwrap(), &guards);
            hooks.bits = bits;
            hooks.actions.clear();
            hooks.seen.clear();
            let before = machine.state();
            let generated_step = machine.step(input, &mut hooks);
            prop_assert_eq!(model.state(step.to).named.name.as_str(), machine.state().name());
            // A protocol error's cause is the spec's (the interpreter's cell says which item).
            let cause = match model.cell(step.from, model.event_named(event.name()).unwrap()) {
                fsm_dsl::ir::Cell::Error(id) => model.protocol_error(*id).cause.as_deref(),
                _ => None,
            };
            prop_assert_eq!(cause, generated::error_cause(before, event));
            prop_assert_eq!(step.kind.as_str().replace('_', ""), format!("{:?}", generated_step.kind).to_lowercase());
            prop_assert_eq!(step.transition.map(|t| t.0), generated_step.transition.map(usize::from));
            prop_assert_eq!(names(&step.actions), hooks.actions.clone());
            if event == generated::Event::RcvSegment {
                prop_assert!(hooks.seen.iter().all(|&seen| seen == number), "{:?}", hooks.seen);
            } else {
                prop_assert!(hooks.seen.is_empty());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// The DHCP client, whose lease timers' durations read the lease of the DHCPACK that starts
    /// them: every duration the generated `Machine` hands to `Hooks::start` is the one the
    /// interpreter computes from the same lease (and from the retransmission count), step by step.
    #[test]
    fn dhcp_client_with_leases_agrees(steps in proptest::collection::vec((any::<usize>(), any::<u32>()), 0..200)) {
        use rfc_constructs::dhcp_client as generated;

        struct Hooks {
            actions: Vec<&'static str>,
            durations: Vec<(String, Option<u64>)>,
        }
        impl generated::Hooks for Hooks {
            fn action(&mut self, action: generated::Action, _input: Option<&mut generated::Input>) {
                self.actions.push(action.name());
            }
            fn start(
                &mut self,
                action: generated::Action,
                timer: generated::Timer,
                duration: std::time::Duration,
                _input: Option<&mut generated::Input>,
            ) {
                self.actions.push(action.name());
                self.durations.push((timer.name().to_owned(), Some(u64::try_from(duration.as_millis()).unwrap())));
            }
        }

        let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ok/dhcp_client.fsm"));
        let model = fsm_dsl::compile(text).machine.expect("the spec checks");
        let (mut interpreter, _) = Interpreter::start(&model);
        let mut hooks = Hooks { actions: Vec::new(), durations: Vec::new() };
        let mut machine = generated::Machine::start(&mut hooks);
        let started = |interpreter: &Interpreter<'_>| -> Vec<(String, Option<u64>)> {
            interpreter.started().iter().map(|&(t, ms)| (model.timers[t.0].named.name.clone(), ms)).collect()
        };
        for (event, lease) in steps {
            let event = generated::Event::ALL[event % generated::Event::ALL.len()];
            let (input, data) = match generated::Input::try_from(event) {
                Ok(input) => (input, Vec::new()),
                Err(generated::Event::DhcpAck) => {
                    (generated::Input::DhcpAck(rfc_constructs::Ack { lease }), vec![("lease".to_owned(), u64::from(lease))])
                }
                Err(other) => panic!("{other} carries data the test does not know"),
            };
            let step = interpreter.step_with_data(model.event_named(event.name()).unwrap(), &[], data);
            hooks.actions.clear();
            let generated_step = machine.step(input, &mut hooks);
            prop_assert_eq!(model.state(step.to).named.name.as_str(), machine.state().name());
            prop_assert_eq!(step.transition.map(|t| t.0), generated_step.transition.map(usize::from));
            let names: Vec<String> = step.actions.iter().map(|a| model.action(*a).named.name.clone()).collect();
            prop_assert_eq!(names, hooks.actions.clone());
            let expected = started(&interpreter);
            prop_assert!(expected.iter().all(|(_, ms)| ms.is_some()), "every duration has its data: {:?}", expected);
            prop_assert_eq!(expected, std::mem::take(&mut hooks.durations));
        }
    }
}
