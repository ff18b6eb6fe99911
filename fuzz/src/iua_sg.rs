//! The IUA signalling gateway (RFC 4233 §4.3) driven by operations drawn from the input:
//! associations up, down and restarted, well-formed ASP messages and raw octets received,
//! traffic from the ISDN side, lockouts, time passing. After every step: each AS's queue is
//! within its bound; every message for a configured interface is routed, queued, refused or
//! discarded, and counted; every queued message is delivered or counted as discarded; every
//! state change reported is a transition of `specs/iua_asp.fsm` or `specs/iua_as.fsm`; an AS is
//! AS-ACTIVE exactly when an ASP is active in it.

use arbitrary::Unstructured;
use rfc_fsm::iua::codec::{Dlci, InterfaceIds, Message, TrafficMode, encode};
use rfc_fsm::iua::sg::{AsConfig, AssocId, Output, Sg, SgConfig, SgEvent};
use rfc_fsm::machines::{iua_as, iua_asp};
use std::time::Duration;

const QUEUE_LIMIT: usize = 3;
const ASSOCIATIONS: u32 = 3;

fn config() -> SgConfig {
    SgConfig {
        recovery_timer: Duration::from_secs(2),
        queue_limit: QUEUE_LIMIT,
        application_servers: vec![
            AsConfig { name: "over".into(), interface_ids: vec![1, 2], traffic_mode: TrafficMode::Override },
            AsConfig { name: "share".into(), interface_ids: vec![3], traffic_mode: TrafficMode::Loadshare },
        ],
    }
}

/// A message an ASP may send, picked by the input.
fn asp_message(u: &mut Unstructured<'_>) -> arbitrary::Result<Message> {
    let iids = |u: &mut Unstructured<'_>| -> arbitrary::Result<Option<InterfaceIds>> {
        Ok(match u.int_in_range(0..=3)? {
            0 => None,
            1 => Some(InterfaceIds::Integers(vec![1])),
            2 => Some(InterfaceIds::Integers(vec![3])),
            _ => Some(InterfaceIds::Integers(vec![u.int_in_range(0..=4)?])),
        })
    };
    let mode = |u: &mut Unstructured<'_>| -> arbitrary::Result<Option<TrafficMode>> {
        Ok(match u.int_in_range(0..=2)? {
            0 => None,
            1 => Some(TrafficMode::Override),
            _ => Some(TrafficMode::Loadshare),
        })
    };
    Ok(match u.int_in_range(0..=6)? {
        0 => Message::AspUp { asp_id: if u.arbitrary()? { Some(u.int_in_range(0..=2)?) } else { None }, info: None },
        1 => Message::AspDown { info: None },
        2 => Message::AspActive { traffic_mode: mode(u)?, interface_ids: iids(u)?, info: None },
        3 => Message::AspInactive { interface_ids: iids(u)?, info: None },
        4 => Message::Heartbeat { data: Some(vec![1, 2, 3]) },
        5 => Message::DataRequest {
            interface_id: rfc_fsm::iua::codec::InterfaceId::Integer(u.int_in_range(0..=4)?),
            dlci: Dlci { sapi: 0, tei: 1 },
            data: vec![0x42; usize::from(u.int_in_range(0u8..=8)?)],
        },
        _ => Message::AspUpAck { info: None },
    })
}

/// Whether the spec has a transition from `from` to `to` (or the state did not change).
fn asp_edge(from: iua_asp::State, to: iua_asp::State) -> bool {
    static MOVES: std::sync::LazyLock<crate::Moves> =
        std::sync::LazyLock::new(|| crate::Moves::of(include_str!("../../specs/iua_asp.fsm")));
    MOVES.step(from.name(), to.name())
}

/// Whether the spec has a transition from `from` to `to` (or the state did not change).
fn as_edge(from: iua_as::State, to: iua_as::State) -> bool {
    static MOVES: std::sync::LazyLock<crate::Moves> =
        std::sync::LazyLock::new(|| crate::Moves::of(include_str!("../../specs/iua_as.fsm")));
    MOVES.step(from.name(), to.name())
}

/// The properties, on one input.
pub fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let config = config();
    let mut sg: Sg<Duration> = Sg::new(config.clone());
    let mut now = Duration::ZERO;
    for _ in 0..256 {
        if u.is_empty() {
            break;
        }
        let Ok(op) = u.int_in_range(0u8..=8) else { break };
        let assoc = AssocId(u.int_in_range(0..=ASSOCIATIONS - 1).unwrap_or(0));
        let asps_before: Vec<Option<iua_asp::State>> = (0..ASSOCIATIONS).map(|a| sg.asp_state(AssocId(a))).collect();
        let ases_before: Vec<iua_as::State> =
            (0..config.application_servers.len()).map(|i| sg.as_state(i).expect("a configured AS")).collect();
        let counters_before: Vec<_> =
            (0..config.application_servers.len()).map(|i| *sg.as_counters(i).expect("an AS")).collect();
        let mut delivered_to: Option<usize> = None;
        let out = match op {
            0 => {
                sg.transport_up(now, assoc);
                Vec::new()
            }
            1 => sg.transport_down(now, assoc),
            2 => sg.transport_restart(now, assoc),
            3 | 4 => match asp_message(&mut u) {
                Ok(message) => match encode(&message) {
                    Ok(bytes) => sg.receive(now, assoc, &bytes),
                    Err(_) => Vec::new(),
                },
                Err(_) => break,
            },
            5 => {
                let len = usize::from(u.int_in_range(0u8..=40).unwrap_or(0));
                let bytes = u.bytes(len.min(u.len())).unwrap_or_default().to_vec();
                sg.receive(now, assoc, &bytes)
            }
            6 => {
                let iid = u.int_in_range(0..=4).unwrap_or(0);
                delivered_to = config.application_servers.iter().position(|a| a.interface_ids.contains(&iid));
                sg.deliver(now, iid, Dlci { sapi: 0, tei: 1 }, vec![7; 3]).into()
            }
            7 => {
                sg.set_blocked(assoc, u.arbitrary().unwrap_or(false));
                Vec::new()
            }
            _ => {
                now += Duration::from_millis(u.int_in_range(0..=3000).unwrap_or(0));
                if sg.poll_timeout().is_some_and(|d| d <= now) { sg.handle_timeout(now) } else { Vec::new() }
            }
        };
        check(&sg, &config, &out, &asps_before, &ases_before, &counters_before, delivered_to);
    }
}

fn check(
    sg: &Sg<Duration>,
    config: &SgConfig,
    out: &[Output],
    asps_before: &[Option<iua_asp::State>],
    ases_before: &[iua_as::State],
    counters_before: &[rfc_fsm::iua::sg::AsCounters],
    delivered_to: Option<usize>,
) {
    let mut asps: Vec<iua_asp::State> = asps_before.iter().map(|s| s.unwrap_or(iua_asp::State::ASP_DOWN)).collect();
    let mut ases = ases_before.to_vec();
    let mut indications = 0u64;
    for output in out {
        match output {
            Output::Event(SgEvent::AspState { assoc, state }) => {
                let from = asps[assoc.0 as usize];
                assert!(asp_edge(from, *state), "ASP {assoc:?}: {from:?} -> {state:?} is not in the spec");
                asps[assoc.0 as usize] = *state;
            }
            Output::Event(SgEvent::AsState { as_index, state }) => {
                let from = ases[*as_index];
                assert!(as_edge(from, *state), "AS {as_index}: {from:?} -> {state:?} is not in the spec");
                ases[*as_index] = *state;
            }
            Output::Send { message, .. } => {
                if let Err(e) = encode(message) {
                    panic!("the SG sends {message:?}, which does not encode: {e}");
                }
                if matches!(message, Message::DataIndication { .. }) {
                    indications += 1;
                }
            }
            Output::Event(_) => {}
        }
    }
    let mut routed_or_delivered = 0;
    for (i, before) in counters_before.iter().enumerate() {
        let state = sg.as_state(i).expect("a configured AS");
        assert_eq!(state, ases[i], "AS {i}: the reported states end elsewhere");
        assert_eq!(state == iua_as::State::AS_ACTIVE, !sg.active_asps(i).is_empty(), "AS {i} in {state:?}");
        let queue = sg.queue_len(i);
        assert!(queue <= config.queue_limit, "AS {i} queues {queue}");
        let c = sg.as_counters(i).expect("an AS");
        assert_eq!(
            c.queued,
            c.delivered + c.discarded_at_expiry + queue as u64,
            "AS {i}: a queued message is lost: {c:?}"
        );
        let handled = |c: &rfc_fsm::iua::sg::AsCounters| c.routed + c.queued + c.overflowed + c.discarded_no_asp;
        let expected = u64::from(delivered_to == Some(i));
        assert_eq!(handled(c) - handled(before), expected, "AS {i}: traffic not accounted for: {before:?} -> {c:?}");
        routed_or_delivered += (c.routed - before.routed) + (c.delivered - before.delivered);
    }
    assert_eq!(indications, routed_or_delivered, "Data Indications sent do not match the counters");
    for (a, state) in asps.iter().enumerate() {
        if let Some(now) = sg.asp_state(AssocId(a as u32)) {
            assert_eq!(now, *state, "ASP {a}: the reported states end elsewhere");
        }
    }
}
