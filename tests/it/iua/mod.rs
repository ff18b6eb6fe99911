//! IUA layer management (RFC 4233 §4.3) at the SG and at the ASP, driven through encoded
//! messages on a virtual clock: the procedures of §4.3.3 as cases, and properties over random
//! message sequences from several ASPs.

mod asp_side;
mod properties;
mod sg_side;
mod traffic;

use rfc_fsm::iua::asp::{self, Asp, AspConfig};
use rfc_fsm::iua::codec::{self, Dlci, ErrorCode, InterfaceIds, Message, Status, TrafficMode};
use rfc_fsm::iua::sg::{AsConfig, AssocId, Output, Sg, SgConfig, SgEvent};
use rfc_fsm::machines::iua_as;
use std::time::Duration;

const A: AssocId = AssocId(1);
const B: AssocId = AssocId(2);
const C: AssocId = AssocId(3);
const IID: u32 = 7;

fn config(mode: TrafficMode) -> SgConfig {
    SgConfig {
        recovery_timer: Duration::from_secs(2),
        queue_limit: 4,
        application_servers: vec![AsConfig { name: "PRI 1".into(), interface_ids: vec![IID], traffic_mode: mode }],
    }
}

/// An SG whose associations to `A`, `B` and `C` are up.
fn sg(mode: TrafficMode) -> Sg<Duration> {
    let mut sg = Sg::new(config(mode));
    for assoc in [A, B, C] {
        sg.transport_up(Duration::ZERO, assoc);
    }
    sg
}

fn dlci() -> Dlci {
    Dlci { sapi: 0, tei: 1 }
}

/// Sends a message from an ASP and returns the messages the SG sends back, per association.
fn rx(sg: &mut Sg<Duration>, assoc: AssocId, message: Message, now: Duration) -> Vec<Output> {
    sg.receive(now, assoc, &codec::encode(&message).unwrap())
}

fn sent(out: &[Output]) -> Vec<(AssocId, Message)> {
    out.iter()
        .filter_map(|o| match o {
            Output::Send { assoc, message, .. } => Some((*assoc, message.clone())),
            Output::Event(_) => None,
        })
        .collect()
}

fn events(out: &[Output]) -> Vec<SgEvent> {
    out.iter()
        .filter_map(|o| match o {
            Output::Event(e) => Some(e.clone()),
            Output::Send { .. } => None,
        })
        .collect()
}

fn asp_up() -> Message {
    Message::AspUp { asp_id: None, info: None }
}
fn asp_down() -> Message {
    Message::AspDown { info: None }
}
fn asp_active(mode: Option<TrafficMode>) -> Message {
    Message::AspActive { traffic_mode: mode, interface_ids: Some(InterfaceIds::Integers(vec![IID])), info: None }
}
fn asp_inactive() -> Message {
    Message::AspInactive { interface_ids: None, info: None }
}
fn notify(status: Status) -> Message {
    Message::Notify { status, asp_id: None, interface_ids: Some(InterfaceIds::Integers(vec![IID])), info: None }
}
fn error(code: ErrorCode) -> Message {
    Message::Error { code, interface_ids: None, diagnostic: None }
}
fn up_ack() -> Message {
    Message::AspUpAck { info: None }
}
/// The ASP Active Ack of the one-AS configuration: it names the AS's interface.
fn active_ack() -> Message {
    Message::AspActiveAck { traffic_mode: None, interface_ids: Some(InterfaceIds::Integers(vec![IID])), info: None }
}
/// The ASP Active Ack that answers an ASP Active naming a traffic mode: it echoes the mode.
fn active_ack_echoing(mode: TrafficMode) -> Message {
    Message::AspActiveAck {
        traffic_mode: Some(mode),
        interface_ids: Some(InterfaceIds::Integers(vec![IID])),
        info: None,
    }
}
fn inactive_ack() -> Message {
    Message::AspInactiveAck { interface_ids: None, info: None }
}
fn down_ack() -> Message {
    Message::AspDownAck { info: None }
}

/// An SG with ASP `A` up and active.
fn active_sg(mode: TrafficMode) -> Sg<Duration> {
    let mut sg = sg(mode);
    let t = Duration::ZERO;
    rx(&mut sg, A, asp_up(), t);
    rx(&mut sg, A, asp_active(Some(mode)), t);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_ACTIVE));
    sg
}

fn asp_sent(out: &[asp::Output]) -> Vec<Message> {
    out.iter()
        .filter_map(|o| match o {
            asp::Output::Send { message, .. } => Some(message.clone()),
            asp::Output::Event(_) => None,
        })
        .collect()
}

fn from_sg(asp: &mut Asp<Duration>, message: Message, now: Duration) -> Vec<asp::Output> {
    asp.receive(now, &codec::encode(&message).unwrap())
}

/// An ASP brought to ASP-ACTIVE.
fn active_asp() -> Asp<Duration> {
    let mut asp = Asp::new(AspConfig::default());
    asp.transport_up(Duration::ZERO);
    asp.request_active(Duration::ZERO);
    from_sg(&mut asp, up_ack(), Duration::ZERO);
    from_sg(&mut asp, active_ack(), Duration::ZERO);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    asp
}

/// An SG with two Over-ride ASes, interfaces 10 and 20, and associations `A`, `B` and `C` up.
fn two_ases() -> Sg<Duration> {
    let mut sg = Sg::new(SgConfig {
        recovery_timer: Duration::from_secs(2),
        queue_limit: 4,
        application_servers: vec![
            AsConfig { name: "AS 0".into(), interface_ids: vec![10], traffic_mode: TrafficMode::Override },
            AsConfig { name: "AS 1".into(), interface_ids: vec![20], traffic_mode: TrafficMode::Override },
        ],
    });
    for assoc in [A, B, C] {
        sg.transport_up(Duration::ZERO, assoc);
    }
    sg
}

fn ids(list: &[u32]) -> Option<InterfaceIds> {
    Some(InterfaceIds::Integers(list.to_vec()))
}

fn data(n: u8) -> Vec<u8> {
    vec![n; 3]
}

fn indications(out: &[Output]) -> Vec<(AssocId, Vec<u8>)> {
    sent(out)
        .into_iter()
        .filter_map(|(assoc, m)| match m {
            Message::DataIndication { data, .. } => Some((assoc, data)),
            _ => None,
        })
        .collect()
}
