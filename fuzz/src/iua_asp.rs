//! The IUA ASP side (RFC 4233 §4.3) driven by operations drawn from the input: associations up
//! and down, layer management's requests, data to send, SG messages (well-formed or raw octets)
//! received, time passing. After every step: every state change reported is a transition of
//! `specs/iua_asp_side.fsm` and ends in the state the ASP reports; every message it sends
//! encodes; T(ack) runs only while a request waits for its acknowledgement.

use arbitrary::Unstructured;
use rfc_fsm::iua::asp::{Asp, AspConfig, AspEvent, Output, State};
use rfc_fsm::iua::codec::{Dlci, InterfaceId, InterfaceIds, Message, TrafficMode, encode};
use std::time::Duration;

/// A message an SG may send, picked by the input.
fn sg_message(u: &mut Unstructured<'_>) -> arbitrary::Result<Message> {
    let iids = |u: &mut Unstructured<'_>| -> arbitrary::Result<Option<InterfaceIds>> {
        Ok(match u.int_in_range(0..=2)? {
            0 => None,
            1 => Some(InterfaceIds::Integers(vec![1])),
            _ => Some(InterfaceIds::Integers(vec![u.int_in_range(0..=3)?])),
        })
    };
    Ok(match u.int_in_range(0..=6)? {
        0 => Message::AspUpAck { info: None },
        1 => Message::AspDownAck { info: None },
        2 => Message::AspActiveAck { traffic_mode: Some(TrafficMode::Override), interface_ids: iids(u)?, info: None },
        3 => Message::AspInactiveAck { interface_ids: iids(u)?, info: None },
        4 => Message::DataIndication {
            interface_id: InterfaceId::Integer(u.int_in_range(0..=2)?),
            dlci: Dlci { sapi: 0, tei: 1 },
            data: vec![9; 4],
        },
        5 => Message::Heartbeat { data: None },
        _ => Message::AspUp { asp_id: None, info: None },
    })
}

/// Whether the spec's state `state` starts a timer on entry.
fn starts_a_timer_on_entry(state: &str) -> bool {
    static STARTERS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        let m = fsm_dsl::compile(include_str!("../../specs/iua_asp_side.fsm")).machine.expect("the spec compiles");
        let start = |a: fsm_dsl::ir::ActionId| matches!(m.action(a).kind, fsm_dsl::ir::ActionKind::Start(_));
        let starts =
            |s: &fsm_dsl::ir::State| s.entry.iter().any(|e| matches!(e, fsm_dsl::ir::Effect::Action(a) if start(*a)));
        m.states.iter().filter(|s| starts(s)).map(|s| s.named.name.clone()).collect()
    });
    STARTERS.iter().any(|s| s == state)
}

fn edge(from: State, to: State) -> bool {
    static MOVES: std::sync::LazyLock<crate::Moves> =
        std::sync::LazyLock::new(|| crate::Moves::of(include_str!("../../specs/iua_asp_side.fsm")));
    MOVES.step(from.name(), to.name())
}

/// The properties, on one input.
pub fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let config = AspConfig {
        asp_id: Some(1),
        traffic_mode: Some(TrafficMode::Override),
        interface_ids: Some(InterfaceIds::Integers(vec![1])),
        ..AspConfig::default()
    };
    let tack = config.tack;
    let mut asp: Asp<Duration> = Asp::new(config);
    let mut now = Duration::ZERO;
    for _ in 0..256 {
        let Ok(op) = u.int_in_range(0u8..=9) else { break };
        let before = asp.state();
        let out = match op {
            0 => asp.transport_up(now),
            1 => asp.transport_down(now),
            2 => asp.request_up(now),
            3 => asp.request_active(now),
            4 => asp.request_inactive(now),
            5 => asp.request_down(now),
            6 => asp.send_data(
                now,
                InterfaceId::Integer(u.int_in_range(0..=2).unwrap_or(1)),
                Dlci { sapi: 0, tei: 1 },
                vec![1; 2],
            ),
            7 => match sg_message(&mut u).ok().and_then(|m| encode(&m).ok()) {
                Some(bytes) => asp.receive(now, &bytes),
                None => break,
            },
            8 => {
                let len = usize::from(u.int_in_range(0u8..=40).unwrap_or(0));
                let bytes = u.bytes(len.min(u.len())).unwrap_or_default().to_vec();
                asp.receive(now, &bytes)
            }
            _ => {
                now += Duration::from_millis(u.int_in_range(0..=3000).unwrap_or(0));
                if asp.poll_timeout().is_some_and(|d| d <= now) { asp.handle_timeout(now) } else { Vec::new() }
            }
        };
        let mut state = before;
        for output in &out {
            match output {
                Output::Event(AspEvent::State(to)) => {
                    assert!(edge(state, *to), "{state:?} -> {to:?} is not in the spec");
                    state = *to;
                }
                Output::Send { message, .. } => {
                    if let Err(e) = encode(message) {
                        panic!("the ASP sends {message:?}, which does not encode: {e}");
                    }
                }
                Output::Event(_) => {}
            }
        }
        assert_eq!(state, asp.state(), "the reported states end elsewhere");
        // T(ack) runs only in a state that waits for an acknowledgement (whose entry starts it).
        if let Some(deadline) = asp.poll_timeout() {
            assert!(deadline <= now + tack, "T(ack) set beyond one period");
            let waits = starts_a_timer_on_entry(asp.state().name());
            assert!(waits, "T(ack) runs in {:?}", asp.state());
        }
    }
}
