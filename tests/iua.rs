//! IUA layer management (RFC 4233 §4.3) at the SG and at the ASP, driven through encoded
//! messages on a virtual clock: the procedures of §4.3.3 as cases, and properties over random
//! message sequences from several ASPs.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

use proptest::prelude::*;
use rfc_fsm::iua::asp::{self, Asp, AspConfig, AspEvent};
use rfc_fsm::iua::codec::{self, Dlci, ErrorCode, InterfaceId, InterfaceIds, Message, Status, TrafficMode};
use rfc_fsm::iua::sg::{AsConfig, AssocId, Output, Sg, SgConfig, SgEvent};
use rfc_fsm::machines::{iua_as, iua_asp};
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
        sg.association_up(assoc);
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

#[test]
fn asp_up_is_acknowledged_then_the_as_inactive_notify_follows() {
    let mut sg = sg(TrafficMode::Override);
    let out = rx(&mut sg, A, asp_up(), Duration::ZERO);
    assert_eq!(sent(&out), [(A, up_ack()), (A, notify(Status::as_inactive()))]);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_INACTIVE));
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_INACTIVE));
}

#[test]
fn asp_down_after_asp_up_is_acknowledged_and_the_as_goes_down_without_notify() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    let out = rx(&mut sg, A, asp_down(), Duration::ZERO);
    assert_eq!(sent(&out), [(A, down_ack())], "there is no Notify for AS-DOWN");
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_DOWN));
}

#[test]
fn asp_down_while_down_is_still_acknowledged() {
    let mut sg = sg(TrafficMode::Override);
    let out = rx(&mut sg, A, asp_down(), Duration::ZERO);
    assert_eq!(sent(&out), [(A, down_ack())]);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_DOWN));
}

#[test]
fn two_asp_ups_get_two_acks_and_nothing_else() {
    let mut sg = sg(TrafficMode::Override);
    let first = rx(&mut sg, A, asp_up(), Duration::ZERO);
    let second = rx(&mut sg, A, asp_up(), Duration::ZERO);
    assert_eq!(sent(&first)[0], (A, up_ack()));
    assert_eq!(sent(&second), [(A, up_ack())]);
}

#[test]
fn asp_active_is_acknowledged_then_the_as_active_notify_follows() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    let out = rx(&mut sg, A, asp_active(Some(TrafficMode::Override)), Duration::ZERO);
    assert_eq!(sent(&out), [(A, active_ack_echoing(TrafficMode::Override)), (A, notify(Status::as_active()))]);
}

#[test]
fn the_last_active_asp_going_inactive_makes_the_as_pending_then_inactive_after_tr() {
    let mut sg = active_sg(TrafficMode::Override);
    let out = rx(&mut sg, A, asp_inactive(), Duration::ZERO);
    assert_eq!(sent(&out), [(A, inactive_ack()), (A, notify(Status::as_pending()))]);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    assert_eq!(sg.poll_timeout(), Some(Duration::from_secs(2)));
    assert_eq!(sent(&sg.handle_timeout(Duration::from_millis(1999))), []);
    let out = sg.handle_timeout(Duration::from_secs(2));
    assert_eq!(sent(&out), [(A, notify(Status::as_inactive()))]);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_INACTIVE));
    assert_eq!(sg.poll_timeout(), None);
}

#[test]
fn duplicate_asp_active_and_asp_inactive_are_acknowledged() {
    let mut sg = active_sg(TrafficMode::Override);
    let out = rx(&mut sg, A, asp_active(Some(TrafficMode::Override)), Duration::ZERO);
    assert_eq!(sent(&out), [(A, active_ack_echoing(TrafficMode::Override))]);
    rx(&mut sg, A, asp_inactive(), Duration::ZERO);
    let out = rx(&mut sg, A, asp_inactive(), Duration::ZERO);
    assert_eq!(sent(&out), [(A, inactive_ack())]);
}

#[test]
fn asp_up_from_an_active_asp_is_acknowledged_with_an_unexpected_message_error() {
    let mut sg = active_sg(TrafficMode::Override);
    let out = rx(&mut sg, A, asp_up(), Duration::ZERO);
    let messages = sent(&out);
    assert_eq!(messages[..2], [(A, up_ack()), (A, error(ErrorCode::UnexpectedMessage))]);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_INACTIVE));
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
}

#[test]
fn messages_on_an_association_that_is_not_up_are_dropped_and_counted() {
    let mut sg: Sg<Duration> = Sg::new(config(TrafficMode::Override));
    let heartbeat = Message::Heartbeat { data: None };
    for n in 0..1000 {
        let out = rx(&mut sg, AssocId(100 + n), heartbeat.clone(), Duration::ZERO);
        assert_eq!(out, [Output::Event(SgEvent::UnknownAssociation { assoc: AssocId(100 + n) })]);
    }
    assert_eq!(sg.asp_state(AssocId(100)), None, "no entry was made");
    assert_eq!(sg.dropped_from_unknown_associations(), 1000);
    sg.association_up(A);
    assert_eq!(sent(&rx(&mut sg, A, heartbeat.clone(), Duration::ZERO)), [(A, Message::HeartbeatAck { data: None })]);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    sg.association_down(Duration::ZERO, A);
    assert_eq!(sg.asp_state(A), None, "forgotten with its association");
    let late = rx(&mut sg, A, asp_active(None), Duration::ZERO);
    assert_eq!(late, [Output::Event(SgEvent::UnknownAssociation { assoc: A })]);
    assert_eq!(sg.dropped_from_unknown_associations(), 1001);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_DOWN));
}

#[test]
fn a_lockout_outlives_the_association_and_can_follow_the_asp_identifier() {
    let mut sg = sg(TrafficMode::Override);
    sg.set_blocked(A, true);
    sg.association_down(Duration::ZERO, A);
    sg.association_up(A);
    let blocked = [(A, error(ErrorCode::RefusedManagementBlocking))];
    assert_eq!(sent(&rx(&mut sg, A, asp_up(), Duration::ZERO)), blocked);
    sg.association_down(Duration::ZERO, A);
    sg.association_up(A);
    assert_eq!(sent(&rx(&mut sg, A, asp_up(), Duration::ZERO)), blocked, "still locked out after a reconnection");
    sg.set_blocked(A, false);
    assert_eq!(sent(&rx(&mut sg, A, asp_up(), Duration::ZERO))[0], (A, up_ack()));
    // By ASP Identifier, on any association.
    sg.set_asp_id_blocked(7, true);
    let up7 = Message::AspUp { asp_id: Some(7), info: None };
    assert_eq!(sent(&rx(&mut sg, B, up7.clone(), Duration::ZERO)), [(B, error(ErrorCode::RefusedManagementBlocking))]);
    assert_eq!(sent(&rx(&mut sg, C, up7, Duration::ZERO)), [(C, error(ErrorCode::RefusedManagementBlocking))]);
    assert_eq!(sent(&rx(&mut sg, B, Message::AspUp { asp_id: Some(8), info: None }, Duration::ZERO))[0], (B, up_ack()));
}

#[test]
fn interface_identifiers_are_looked_up_by_value_and_by_range() {
    // 50 ASes of 100 interfaces each, the first one also listing an interface of the second.
    let mut config = SgConfig { recovery_timer: Duration::from_secs(2), queue_limit: 4, application_servers: vec![] };
    for k in 0..50u32 {
        let mut ids: Vec<u32> = (k * 100..(k + 1) * 100).collect();
        if k == 0 {
            ids.push(150);
        }
        config.application_servers.push(AsConfig {
            name: format!("AS {k}"),
            interface_ids: ids,
            traffic_mode: TrafficMode::Loadshare,
        });
    }
    let mut sg: Sg<Duration> = Sg::new(config);
    sg.association_up(A);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    // The most integers an ASP Active carries, all naming the last AS: each is one lookup.
    let many: Vec<u32> = (0..16_379).map(|i| 4_999 - i % 100).collect();
    let active = |ids| Message::AspActive { traffic_mode: None, interface_ids: Some(ids), info: None };
    let out = rx(&mut sg, A, active(InterfaceIds::Integers(many)), Duration::ZERO);
    assert!(matches!(sent(&out)[0].1, Message::AspActiveAck { .. }));
    assert_eq!(sg.active_asps(49), [A]);
    assert_eq!(sg.active_asps(48), []);
    // Overlapping ranges: each AS inside them once; a range naming nothing configured is an error.
    let ranges = InterfaceIds::Ranges((0..8_000).map(|i| (i % 300, 299)).collect());
    assert!(matches!(sent(&rx(&mut sg, A, active(ranges), Duration::ZERO))[0].1, Message::AspActiveAck { .. }));
    assert_eq!((0..4).map(|i| sg.active_asps(i).len()).collect::<Vec<_>>(), [1, 1, 1, 0]);
    let nothing = InterfaceIds::Ranges(vec![(10_000, 20_000)]);
    assert_eq!(
        sent(&rx(&mut sg, A, active(nothing), Duration::ZERO)),
        [(A, error(ErrorCode::InvalidInterfaceIdentifier))]
    );
    // Interface 150 belongs to the first AS that lists it.
    assert_eq!(indications(&sg.deliver(Duration::ZERO, 150, dlci(), data(1))), [(A, data(1))]);
    assert_eq!(sg.as_counters(0).unwrap().routed, 1);
    assert_eq!(sg.as_counters(1).unwrap().routed, 0);
}

#[test]
fn an_as_without_interface_identifiers_is_notified_without_them() {
    let mut sg: Sg<Duration> = Sg::new(SgConfig {
        application_servers: vec![AsConfig {
            name: "bare".into(),
            interface_ids: vec![],
            traffic_mode: TrafficMode::Override,
        }],
        ..SgConfig::default()
    });
    sg.association_up(A);
    let out = rx(&mut sg, A, asp_up(), Duration::ZERO);
    let inactive = Message::Notify { status: Status::as_inactive(), asp_id: None, interface_ids: None, info: None };
    assert_eq!(sent(&out), [(A, up_ack()), (A, inactive.clone())]);
    assert!(codec::encode(&inactive).is_ok());
}

#[test]
fn a_blocked_asp_is_refused() {
    let mut sg = sg(TrafficMode::Override);
    sg.set_blocked(A, true);
    let out = rx(&mut sg, A, asp_up(), Duration::ZERO);
    assert_eq!(sent(&out), [(A, error(ErrorCode::RefusedManagementBlocking))]);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_DOWN));
}

#[test]
fn a_traffic_mode_the_as_does_not_use_is_an_error_0x05() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    let out = rx(&mut sg, A, asp_active(Some(TrafficMode::Loadshare)), Duration::ZERO);
    assert_eq!(sent(&out), [(A, error(ErrorCode::UnsupportedTrafficHandlingMode))]);
    assert_eq!(ErrorCode::UnsupportedTrafficHandlingMode.value(), 0x05);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_INACTIVE));
}

#[test]
fn an_interface_identifier_no_as_serves_is_an_error() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    let active =
        Message::AspActive { traffic_mode: None, interface_ids: Some(InterfaceIds::Integers(vec![99])), info: None };
    let out = rx(&mut sg, A, active, Duration::ZERO);
    assert_eq!(sent(&out), [(A, error(ErrorCode::InvalidInterfaceIdentifier))]);
}

#[test]
fn text_interface_identifiers_are_an_unsupported_type_0x08() {
    assert_eq!(
        (ErrorCode::UnsupportedInterfaceIdentifierType.value(), ErrorCode::UnsupportedInterfaceIdentifierType.name()),
        (0x08, Some("Unsupported Interface Identifier Type"))
    );
    let text = Some(InterfaceIds::Text(vec!["pri1".into()]));
    let unsupported = [(A, error(ErrorCode::UnsupportedInterfaceIdentifierType))];
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    let active = Message::AspActive { traffic_mode: None, interface_ids: text.clone(), info: None };
    assert_eq!(sent(&rx(&mut sg, A, active, Duration::ZERO)), unsupported);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_INACTIVE));
    rx(&mut sg, A, asp_active(None), Duration::ZERO);
    let inactive = Message::AspInactive { interface_ids: text, info: None };
    assert_eq!(sent(&rx(&mut sg, A, inactive, Duration::ZERO)), unsupported);
    let request = Message::DataRequest { interface_id: InterfaceId::Text("pri1".into()), dlci: dlci(), data: data(1) };
    let out = rx(&mut sg, A, request, Duration::ZERO);
    assert_eq!(sent(&out), unsupported);
    assert_eq!(events(&out), []);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_ACTIVE));
}

#[test]
fn asp_inactive_naming_an_unconfigured_interface_is_an_error_0x02() {
    let mut sg = active_sg(TrafficMode::Override);
    let unknown = Message::AspInactive { interface_ids: Some(InterfaceIds::Integers(vec![99])), info: None };
    assert_eq!(
        sent(&rx(&mut sg, A, unknown.clone(), Duration::ZERO)),
        [(A, error(ErrorCode::InvalidInterfaceIdentifier))]
    );
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_ACTIVE), "nothing changed");
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_ACTIVE));
    let mixed = Message::AspInactive { interface_ids: Some(InterfaceIds::Integers(vec![IID, 99])), info: None };
    assert_eq!(sent(&rx(&mut sg, A, mixed, Duration::ZERO)), [(A, error(ErrorCode::InvalidInterfaceIdentifier))]);
    rx(&mut sg, A, asp_inactive(), Duration::ZERO);
    assert_eq!(sent(&rx(&mut sg, A, unknown, Duration::ZERO)), [(A, error(ErrorCode::InvalidInterfaceIdentifier))]);
    let known = Message::AspInactive { interface_ids: Some(InterfaceIds::Integers(vec![IID])), info: None };
    assert_eq!(sent(&rx(&mut sg, A, known, Duration::ZERO)), [(A, inactive_ack())], "already inactive: acknowledged");
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
        sg.association_up(assoc);
    }
    sg
}

fn ids(list: &[u32]) -> Option<InterfaceIds> {
    Some(InterfaceIds::Integers(list.to_vec()))
}

/// RFC 4233 §4.3.1.2: an AS stays AS-INACTIVE while one of its ASPs is still inactive; only
/// the last one going down takes it down.
#[test]
fn an_as_stays_inactive_while_another_asp_is_inactive() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    let out = rx(&mut sg, A, asp_down(), Duration::ZERO);
    assert_eq!(sent(&out), [(A, down_ack())], "no Notify: the AS did not change");
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_INACTIVE));
    let out = rx(&mut sg, B, asp_down(), Duration::ZERO);
    assert_eq!(sent(&out), [(B, down_ack())]);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_DOWN));
}

/// RFC 4233 §4.3.3.5: an ASP active in two ASes that withdraws from one stays ASP-ACTIVE (the
/// ASP Inactive is acknowledged) and keeps the traffic of the other; RFC 4233 §4.3.1.2: an AS
/// in AS-PENDING lets other ASPs change state and waits for T(r). (The SG tells an AS of an
/// ASP becoming inactive only if the ASP was active in it, which no ASP of a pending AS is: the
/// spec's `internal AS_PENDING on AspInactive [!came_up]` is never asked of the SG's machine,
/// and the AS stays pending all the same.)
#[test]
fn an_asp_withdrawing_from_one_of_two_ases_stays_active_and_a_pending_as_waits() {
    let mut sg = two_ases();
    let t = Duration::ZERO;
    rx(&mut sg, A, asp_up(), t);
    rx(&mut sg, A, Message::AspActive { traffic_mode: None, interface_ids: ids(&[10, 20]), info: None }, t);
    assert_eq!((sg.as_state(0), sg.as_state(1)), (Some(iua_as::State::AS_ACTIVE), Some(iua_as::State::AS_ACTIVE)));
    let out = rx(&mut sg, A, Message::AspInactive { interface_ids: ids(&[10]), info: None }, t);
    let acks: Vec<_> = sent(&out).into_iter().filter(|(_, m)| matches!(m, Message::AspInactiveAck { .. })).collect();
    assert_eq!(acks.len(), 1, "{out:#?}");
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_ACTIVE), "still active in AS 1");
    assert_eq!((sg.as_state(0), sg.as_state(1)), (Some(iua_as::State::AS_PENDING), Some(iua_as::State::AS_ACTIVE)));
    // B, active in AS 1 too, then withdraws from it: AS 0, pending, is not concerned.
    rx(&mut sg, B, asp_up(), t);
    rx(&mut sg, B, Message::AspActive { traffic_mode: None, interface_ids: ids(&[20]), info: None }, t);
    rx(&mut sg, B, Message::AspInactive { interface_ids: ids(&[20]), info: None }, t);
    assert_eq!(sg.asp_state(B), Some(iua_asp::State::ASP_INACTIVE));
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING), "T(r) decides");
    assert_eq!(sg.poll_timeout(), Some(Duration::from_secs(2)));
    sg.handle_timeout(Duration::from_secs(2));
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_INACTIVE));
}

#[test]
fn a_data_request_for_an_interface_the_asp_is_not_active_for_is_an_error_0x02() {
    let mut sg = two_ases();
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    rx(&mut sg, A, Message::AspActive { traffic_mode: None, interface_ids: ids(&[10]), info: None }, Duration::ZERO);
    let request = |iid| Message::DataRequest { interface_id: InterfaceId::Integer(iid), dlci: dlci(), data: data(1) };
    for iid in [999, 20] {
        let out = rx(&mut sg, A, request(iid), Duration::ZERO);
        assert_eq!(sent(&out), [(A, error(ErrorCode::InvalidInterfaceIdentifier))], "interface {iid}");
        assert_eq!(events(&out), [], "interface {iid} is not forwarded");
    }
    let out = rx(&mut sg, A, request(10), Duration::ZERO);
    assert_eq!(
        events(&out),
        [SgEvent::DataFromAsp { assoc: A, interface_id: InterfaceId::Integer(10), dlci: dlci(), data: data(1) }]
    );
    // An ASP active nowhere has its data discarded, whatever the interface (§4.3.3.4).
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    assert_eq!(
        events(&rx(&mut sg, B, request(999), Duration::ZERO)),
        [SgEvent::DataFromInactiveAspDiscarded { assoc: B }]
    );
}

#[test]
fn tei_status_request_is_unsupported_and_sg_messages_from_an_asp_are_unexpected() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    let request = Message::TeiStatusRequest { interface_id: InterfaceId::Integer(IID), dlci: dlci() };
    assert_eq!(sent(&rx(&mut sg, A, request, Duration::ZERO)), [(A, error(ErrorCode::UnsupportedMessageType))]);
    let confirm = Message::TeiStatusConfirm {
        interface_id: InterfaceId::Integer(IID),
        dlci: dlci(),
        status: codec::TeiStatus::Assigned,
    };
    let indication = Message::DataIndication { interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(1) };
    for message in [confirm, indication, up_ack()] {
        assert_eq!(sent(&rx(&mut sg, A, message, Duration::ZERO)), [(A, error(ErrorCode::UnexpectedMessage))]);
    }
}

#[test]
fn tei_status_messages_from_the_sg_reach_the_asp_user_and_asp_messages_from_the_sg_are_unexpected() {
    let mut asp = active_asp();
    for confirm in [true, false] {
        let (interface_id, status) = (InterfaceId::Integer(IID), codec::TeiStatus::Unassigned);
        let message = if confirm {
            Message::TeiStatusConfirm { interface_id: interface_id.clone(), dlci: dlci(), status }
        } else {
            Message::TeiStatusIndication { interface_id: interface_id.clone(), dlci: dlci(), status }
        };
        let out = from_sg(&mut asp, message, Duration::ZERO);
        assert_eq!(out, [asp::Output::Event(AspEvent::TeiStatus { interface_id, dlci: dlci(), status })]);
    }
    let request = Message::TeiStatusRequest { interface_id: InterfaceId::Integer(IID), dlci: dlci() };
    for message in [request, asp_up(), asp_active(None)] {
        assert_eq!(asp_sent(&from_sg(&mut asp, message, Duration::ZERO)), [error(ErrorCode::UnexpectedMessage)]);
    }
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
}

/// A QPTM message of a type the codec does not decode: Interface Identifier 7, DLCI 0/1.
fn qptm(type_code: u8) -> Vec<u8> {
    let mut bytes = vec![1, 0, 5, type_code, 0, 0, 0, 24];
    bytes.extend([0, 1, 0, 8, 0, 0, 0, 7, 0, 5, 0, 8, 0, 3, 0, 0]);
    bytes
}

fn error_code(message: &Message) -> Option<ErrorCode> {
    match message {
        Message::Error { code, .. } => Some(*code),
        _ => None,
    }
}

#[test]
fn qptm_establish_release_and_unit_data_are_unexpected_at_the_side_that_sends_them() {
    // Unit Data Request 3, Establish Request 5, Release Request 8 come from an ASP; Unit Data
    // Indication 4, Establish Confirm 6 and Indication 7, Release Confirm 9 and Indication 10
    // from an SG.
    let mut sg = sg(TrafficMode::Override);
    let mut asp = Asp::new(AspConfig::default());
    asp.association_up(Duration::ZERO);
    for type_code in 3..=10u8 {
        let from_asp = [3, 5, 8].contains(&type_code);
        let at_sg = sent(&sg.receive(Duration::ZERO, A, &qptm(type_code)));
        let at_asp = asp_sent(&asp.receive(Duration::ZERO, &qptm(type_code)));
        let (expected_sg, expected_asp) = if from_asp {
            (ErrorCode::UnsupportedMessageType, ErrorCode::UnexpectedMessage)
        } else {
            (ErrorCode::UnexpectedMessage, ErrorCode::UnsupportedMessageType)
        };
        assert_eq!(error_code(&at_sg[0].1), Some(expected_sg), "QPTM {type_code} at the SG");
        assert_eq!(error_code(&at_asp[0]), Some(expected_asp), "QPTM {type_code} at the ASP");
    }
}

/// Bytes with a valid ASP Up header, changed at one octet.
fn corrupted(at: usize, value: u8) -> Vec<u8> {
    let mut bytes = codec::encode(&asp_up()).unwrap();
    bytes[at] = value;
    bytes
}

#[test]
fn bad_version_class_and_type_get_their_errors() {
    for (bytes, code, value) in [
        (corrupted(0, 2), ErrorCode::InvalidVersion, 0x01),
        (corrupted(2, 1), ErrorCode::UnsupportedMessageClass, 0x03),
        (corrupted(3, 9), ErrorCode::UnsupportedMessageType, 0x04),
    ] {
        let mut sg = sg(TrafficMode::Override);
        let out = sg.receive(Duration::ZERO, A, &bytes);
        let replies = sent(&out);
        assert_eq!(replies.len(), 1);
        match &replies[0].1 {
            Message::Error { code: got, .. } => assert_eq!((*got, got.value()), (code, value)),
            other => panic!("expected an Error, got {other:?}"),
        }
        assert!(matches!(events(&out)[0], SgEvent::Undecodable { .. }));
    }
}

#[test]
fn heartbeat_data_is_echoed_unchanged() {
    let mut sg = sg(TrafficMode::Override);
    let data = vec![1, 2, 3, 4, 5, 0, 0xff];
    let out = rx(&mut sg, A, Message::Heartbeat { data: Some(data.clone()) }, Duration::ZERO);
    assert_eq!(sent(&out), [(A, Message::HeartbeatAck { data: Some(data) })]);
}

#[test]
fn transport_down_takes_the_asp_down_and_the_as_pending() {
    let mut sg = active_sg(TrafficMode::Override);
    let out = sg.association_down(Duration::ZERO, A);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    assert!(events(&out).contains(&SgEvent::AspState { assoc: A, state: iua_asp::State::ASP_DOWN }));
    // Nobody is left to notify.
    assert_eq!(sent(&out), []);
    let out = sg.handle_timeout(Duration::from_secs(2));
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_DOWN), "T(r) expires with no ASP inactive");
    assert_eq!(events(&out), [SgEvent::AsState { as_index: 0, state: iua_as::State::AS_DOWN }], "nothing to discard");
}

#[test]
fn sctp_restart_takes_the_asp_down() {
    let mut sg = active_sg(TrafficMode::Override);
    sg.association_restart(Duration::ZERO, A);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_DOWN));
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

#[test]
fn override_moves_the_traffic_to_the_new_active_asp() {
    let mut sg = active_sg(TrafficMode::Override);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    assert_eq!(indications(&sg.deliver(Duration::ZERO, IID, dlci(), data(1))), [(A, data(1))]);
    let out = rx(&mut sg, B, asp_active(Some(TrafficMode::Override)), Duration::ZERO);
    let messages = sent(&out);
    assert_eq!(messages[0], (B, active_ack_echoing(TrafficMode::Override)));
    assert!(messages.contains(&(A, notify(Status::alternate_asp_active()))), "naming the AS's interfaces");
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_INACTIVE));
    assert_eq!(sg.active_asps(0), [B]);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_ACTIVE), "the AS never stopped being active");
    assert_eq!(indications(&sg.deliver(Duration::ZERO, IID, dlci(), data(2))), [(B, data(2))]);
}

#[test]
fn loadshare_shares_the_traffic_round_robin() {
    let mut sg = active_sg(TrafficMode::Loadshare);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    rx(&mut sg, B, asp_active(Some(TrafficMode::Loadshare)), Duration::ZERO);
    assert_eq!(sg.active_asps(0), [A, B]);
    let targets: Vec<AssocId> =
        (0..6).flat_map(|n| indications(&sg.deliver(Duration::ZERO, IID, dlci(), data(n)))).map(|(a, _)| a).collect();
    assert_eq!(targets, [A, B, A, B, A, B]);
    // One leaving keeps the AS active: the other takes all.
    rx(&mut sg, A, asp_inactive(), Duration::ZERO);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_ACTIVE));
    assert_eq!(indications(&sg.deliver(Duration::ZERO, IID, dlci(), data(9))), [(B, data(9))]);
}

#[test]
fn loadshare_keeps_sharing_among_the_asps_left_when_one_in_the_middle_leaves() {
    let mut sg = active_sg(TrafficMode::Loadshare);
    for assoc in [C, B] {
        rx(&mut sg, assoc, asp_up(), Duration::ZERO);
        rx(&mut sg, assoc, asp_active(Some(TrafficMode::Loadshare)), Duration::ZERO);
    }
    assert_eq!(sg.active_asps(0), [A, B, C], "in association order, whatever the order of activation");
    let round = |sg: &mut Sg<Duration>, n: u8| -> Vec<AssocId> {
        let mut targets: Vec<AssocId> = (0..n)
            .flat_map(|n| indications(&sg.deliver(Duration::ZERO, IID, dlci(), data(n))))
            .map(|(a, _)| a)
            .collect();
        targets.sort_unstable();
        targets
    };
    assert_eq!(round(&mut sg, 6), [A, A, B, B, C, C]);
    // C leaves, from the middle of the order of activation (A, C, B).
    rx(&mut sg, C, asp_inactive(), Duration::ZERO);
    assert_eq!(sg.active_asps(0), [A, B]);
    assert_eq!(round(&mut sg, 4), [A, A, B, B]);
    rx(&mut sg, C, asp_active(Some(TrafficMode::Loadshare)), Duration::ZERO);
    rx(&mut sg, A, asp_inactive(), Duration::ZERO);
    assert_eq!(sg.active_asps(0), [B, C]);
    assert_eq!(round(&mut sg, 4), [B, B, C, C]);
}

#[test]
fn notify_goes_to_every_asp_that_is_up_after_the_ack() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    rx(&mut sg, C, asp_up(), Duration::ZERO);
    rx(&mut sg, C, asp_down(), Duration::ZERO);
    let out = rx(&mut sg, A, asp_active(None), Duration::ZERO);
    assert_eq!(sent(&out), [(A, active_ack()), (A, notify(Status::as_active())), (B, notify(Status::as_active()))]);
}

#[test]
fn traffic_queued_while_pending_is_delivered_in_order_to_the_next_active_asp() {
    let mut sg = active_sg(TrafficMode::Override);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    sg.association_down(Duration::ZERO, A);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    for n in 0..3 {
        assert_eq!(indications(&sg.deliver(Duration::from_millis(100), IID, dlci(), data(n))), []);
    }
    assert_eq!(sg.queue_len(0), 3);
    let out = rx(&mut sg, B, asp_active(None), Duration::from_secs(1));
    assert_eq!(indications(&out), [(B, data(0)), (B, data(1)), (B, data(2))]);
    assert_eq!(sent(&out)[0], (B, active_ack()), "the ack comes first");
    assert_eq!(sg.queue_len(0), 0);
    assert_eq!(sg.poll_timeout(), None, "T(r) stopped");
    assert_eq!(sg.as_counters(0).unwrap().delivered, 3);
}

#[test]
fn a_full_queue_refuses_and_counts_and_expiry_discards_and_counts() {
    let mut sg = active_sg(TrafficMode::Override);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    rx(&mut sg, A, asp_inactive(), Duration::ZERO);
    let mut overflow = Vec::new();
    for n in 0..6 {
        overflow.extend(events(&sg.deliver(Duration::ZERO, IID, dlci(), data(n))));
    }
    assert_eq!(sg.queue_len(0), 4, "the configured limit");
    assert_eq!(
        overflow,
        [SgEvent::QueueOverflow { as_index: 0, total: 1 }, SgEvent::QueueOverflow { as_index: 0, total: 2 }]
    );
    let out = sg.handle_timeout(Duration::from_secs(2));
    assert!(events(&out).contains(&SgEvent::QueueDiscarded { as_index: 0, count: 4 }));
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_INACTIVE), "T(r) expires with ASPs inactive");
    let counters = sg.as_counters(0).unwrap();
    assert_eq!((counters.queued, counters.overflowed, counters.discarded_at_expiry), (4, 2, 4));
}

#[test]
fn data_from_an_asp_that_is_not_active_is_discarded() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    let request = Message::DataRequest { interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(1) };
    let out = rx(&mut sg, A, request.clone(), Duration::ZERO);
    assert_eq!(events(&out), [SgEvent::DataFromInactiveAspDiscarded { assoc: A }]);
    rx(&mut sg, A, asp_active(None), Duration::ZERO);
    let out = rx(&mut sg, A, request, Duration::ZERO);
    assert_eq!(
        events(&out),
        [SgEvent::DataFromAsp { assoc: A, interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(1) }]
    );
}

#[test]
fn a_recovery_timer_too_long_to_represent_never_expires_and_the_queue_waits_for_an_asp() {
    let mut sg: Sg<Duration> = Sg::new(SgConfig { recovery_timer: Duration::MAX, ..config(TrafficMode::Override) });
    sg.association_up(A);
    sg.association_up(B);
    let t = Duration::from_secs(1);
    rx(&mut sg, A, asp_up(), t);
    rx(&mut sg, B, asp_up(), t);
    rx(&mut sg, A, asp_active(None), t);
    let out = rx(&mut sg, A, asp_down(), t);
    assert_eq!(sent(&out), [(A, down_ack()), (B, notify(Status::as_pending()))]);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    assert_eq!(sg.poll_timeout(), None, "T(r) cannot expire");
    sg.deliver(t, IID, dlci(), data(1));
    assert_eq!(sent(&sg.handle_timeout(Duration::MAX)), []);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    let out = rx(&mut sg, B, asp_active(None), Duration::MAX);
    assert_eq!(indications(&out), [(B, data(1))]);
}

// --- The ASP side -------------------------------------------------------------------------------

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

#[test]
fn tack_retransmits_until_the_ack_and_stops_when_the_transport_goes_down() {
    let mut asp = Asp::new(AspConfig::default());
    asp.association_up(Duration::ZERO);
    assert_eq!(asp_sent(&asp.request_up(Duration::ZERO)), [asp_up()]);
    assert_eq!(asp.poll_timeout(), Some(Duration::from_secs(2)), "T(ack) defaults to 2 s");
    assert_eq!(asp_sent(&asp.handle_timeout(Duration::from_secs(1))), [], "not yet");
    assert_eq!(asp_sent(&asp.handle_timeout(Duration::from_secs(2))), [asp_up()]);
    assert_eq!(asp_sent(&asp.handle_timeout(Duration::from_secs(4))), [asp_up()]);
    assert_eq!(asp.requests_sent(), 3);
    asp.association_down(Duration::from_secs(5));
    assert_eq!(asp.poll_timeout(), None, "T(ack) stopped");
    assert_eq!(asp_sent(&asp.handle_timeout(Duration::from_secs(6))), []);
    assert_eq!(asp.state(), asp::State::NO_ASSOCIATION);
}

#[test]
fn a_tack_too_long_to_represent_sends_each_request_once() {
    let mut asp = Asp::new(AspConfig { tack: Duration::MAX, ..AspConfig::default() });
    asp.association_up(Duration::ZERO);
    assert_eq!(asp_sent(&asp.request_up(Duration::from_secs(1))), [asp_up()]);
    assert_eq!(asp.state(), asp::State::UP_PENDING);
    assert_eq!(asp.poll_timeout(), None, "T(ack) cannot expire: no retransmission");
    assert_eq!(asp_sent(&asp.handle_timeout(Duration::MAX)), []);
    from_sg(&mut asp, up_ack(), Duration::from_secs(2));
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
}

#[test]
fn the_asp_sends_nothing_before_the_up_ack_and_no_data_before_the_active_ack() {
    let mut asp = Asp::new(AspConfig { traffic_mode: Some(TrafficMode::Override), ..AspConfig::default() });
    asp.association_up(Duration::ZERO);
    assert_eq!(asp_sent(&asp.request_active(Duration::ZERO)), [asp_up()], "ASP Up first");
    let refused = asp.send_data(Duration::ZERO, InterfaceId::Integer(IID), dlci(), data(1));
    assert_eq!(asp_sent(&refused), []);
    assert!(refused.contains(&asp::Output::Event(AspEvent::DataRefused)));
    let out = from_sg(&mut asp, up_ack(), Duration::ZERO);
    assert_eq!(
        asp_sent(&out),
        [Message::AspActive { traffic_mode: Some(TrafficMode::Override), interface_ids: None, info: None }]
    );
    assert!(asp_sent(&asp.send_data(Duration::ZERO, InterfaceId::Integer(IID), dlci(), data(2))).is_empty());
    from_sg(&mut asp, active_ack(), Duration::ZERO);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    assert_eq!(asp.poll_timeout(), None);
    let out = asp.send_data(Duration::ZERO, InterfaceId::Integer(IID), dlci(), data(3));
    assert_eq!(
        asp_sent(&out),
        [Message::DataRequest { interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(3) }]
    );
}

/// An ASP brought to ASP-ACTIVE.
fn active_asp() -> Asp<Duration> {
    let mut asp = Asp::new(AspConfig::default());
    asp.association_up(Duration::ZERO);
    asp.request_active(Duration::ZERO);
    from_sg(&mut asp, up_ack(), Duration::ZERO);
    from_sg(&mut asp, active_ack(), Duration::ZERO);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    asp
}

#[test]
fn an_unsolicited_asp_down_ack_brings_the_asp_back_up_and_active() {
    let mut asp = active_asp();
    let out = from_sg(&mut asp, down_ack(), Duration::ZERO);
    assert_eq!(asp_sent(&out), [asp_up()]);
    let out = from_sg(&mut asp, up_ack(), Duration::ZERO);
    assert_eq!(asp_sent(&out), [Message::AspActive { traffic_mode: None, interface_ids: None, info: None }]);
}

#[test]
fn an_unsolicited_asp_inactive_ack_asks_to_be_active_again() {
    let mut asp = active_asp();
    let out = from_sg(&mut asp, inactive_ack(), Duration::ZERO);
    assert_eq!(asp_sent(&out), [Message::AspActive { traffic_mode: None, interface_ids: None, info: None }]);
}

#[test]
fn notify_alternate_asp_active_leaves_the_asp_inactive() {
    let mut asp = active_asp();
    let out = from_sg(
        &mut asp,
        Message::Notify { status: Status::alternate_asp_active(), asp_id: None, interface_ids: None, info: None },
        Duration::ZERO,
    );
    assert_eq!(asp_sent(&out), []);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
}

#[test]
fn an_asp_and_an_sg_reach_active_together() {
    let mut sg = sg(TrafficMode::Override);
    let mut asp = Asp::new(AspConfig { traffic_mode: Some(TrafficMode::Override), ..AspConfig::default() });
    asp.association_up(Duration::ZERO);
    sg.association_up(A);
    let mut to_sg: Vec<Message> = asp_sent(&asp.request_active(Duration::ZERO));
    for _ in 0..10 {
        let mut to_asp = Vec::new();
        for m in to_sg.drain(..) {
            to_asp.extend(sent(&rx(&mut sg, A, m, Duration::ZERO)).into_iter().map(|(_, m)| m));
        }
        for m in to_asp {
            to_sg.extend(asp_sent(&from_sg(&mut asp, m, Duration::ZERO)));
        }
    }
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_ACTIVE));
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_ACTIVE));
}

/// ASPs of `two_ases`, each on its association.
type Asps = Vec<(AssocId, Asp<Duration>)>;

/// Carries messages between the SG and the ASPs, starting with `to_sg`, until both sides are
/// quiet; returns what the SG sent, in order.
fn settle(sg: &mut Sg<Duration>, asps: &mut Asps, mut to_sg: Vec<(AssocId, Message)>) -> Vec<(AssocId, Message)> {
    let mut from_the_sg = Vec::new();
    for _ in 0..50 {
        let mut to_asps = Vec::new();
        for (assoc, m) in to_sg.drain(..) {
            to_asps.extend(sent(&rx(sg, assoc, m, Duration::ZERO)));
        }
        if to_asps.is_empty() {
            break;
        }
        for (assoc, m) in to_asps {
            from_the_sg.push((assoc, m.clone()));
            if let Some((_, asp)) = asps.iter_mut().find(|(a, _)| *a == assoc) {
                to_sg.extend(asp_sent(&from_sg(asp, m, Duration::ZERO)).into_iter().map(|m| (assoc, m)));
            }
        }
    }
    from_the_sg
}

/// What an ASP sends for a request, addressed from its association.
fn requests(assoc: AssocId, out: &[asp::Output]) -> Vec<(AssocId, Message)> {
    asp_sent(out).into_iter().map(|m| (assoc, m)).collect()
}

fn asp_state(asps: &Asps, assoc: AssocId) -> asp::State {
    asps.iter().find(|(a, _)| *a == assoc).map(|(_, asp)| asp.state()).unwrap()
}

fn asp_mut(asps: &mut Asps, assoc: AssocId) -> &mut Asp<Duration> {
    asps.iter_mut().find(|(a, _)| *a == assoc).map(|(_, asp)| asp).unwrap()
}

/// Three ASPs, their associations up at both ends: `A` with the default configuration (no
/// Interface Identifiers: all ASes), active in both ASes of `two_ases`; `B` for AS 0 and `C` for
/// AS 1, both down.
fn a_active_in_both() -> (Sg<Duration>, Asps) {
    let mut sg = two_ases();
    let mut asps: Asps = vec![
        (A, Asp::new(AspConfig::default())),
        (B, Asp::new(AspConfig { interface_ids: ids(&[10]), ..AspConfig::default() })),
        (C, Asp::new(AspConfig { interface_ids: ids(&[20]), ..AspConfig::default() })),
    ];
    for (_, asp) in &mut asps {
        asp.association_up(Duration::ZERO);
    }
    let start = requests(A, &asp_mut(&mut asps, A).request_active(Duration::ZERO));
    let answers = settle(&mut sg, &mut asps, start);
    assert!(
        answers.contains(&(A, Message::AspActiveAck { traffic_mode: None, interface_ids: ids(&[10, 20]), info: None }))
    );
    assert_eq!(asp_state(&asps, A), asp::State::ASP_ACTIVE);
    assert_eq!(asp_mut(&mut asps, A).active_interface_ids(), Some(&[10, 20].into()));
    assert_eq!((sg.active_asps(0), sg.active_asps(1)), (vec![A], vec![A]));
    (sg, asps)
}

#[test]
fn a_takeover_of_one_as_leaves_an_asp_active_in_the_others_at_both_ends() {
    let (mut sg, mut asps) = a_active_in_both();
    // B takes AS 0 over: A is told which AS it lost.
    let start = requests(B, &asp_mut(&mut asps, B).request_active(Duration::ZERO));
    let answers = settle(&mut sg, &mut asps, start);
    let alternate =
        Message::Notify { status: Status::alternate_asp_active(), asp_id: None, interface_ids: ids(&[10]), info: None };
    assert!(answers.contains(&(A, alternate)), "{answers:?}");
    assert_eq!(asp_state(&asps, A), asp::State::ASP_ACTIVE, "still active for AS 1");
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_ACTIVE));
    assert_eq!(asp_mut(&mut asps, A).active_interface_ids(), Some(&[20].into()));
    assert_eq!((sg.active_asps(0), sg.active_asps(1)), (vec![B], vec![A]));
    assert_eq!(indications(&sg.deliver(Duration::ZERO, 20, dlci(), data(1))), [(A, data(1))]);
    assert_eq!(indications(&sg.deliver(Duration::ZERO, 10, dlci(), data(2))), [(B, data(2))]);
    // A refuses data for the AS it lost, and sends data for the other, which the SG forwards.
    let a = asp_mut(&mut asps, A);
    let refused = a.send_data(Duration::ZERO, InterfaceId::Integer(10), dlci(), data(3));
    assert_eq!(refused, [asp::Output::Event(AspEvent::DataRefused)]);
    let request = asp_sent(&a.send_data(Duration::ZERO, InterfaceId::Integer(20), dlci(), data(4)));
    let out = rx(&mut sg, A, request[0].clone(), Duration::ZERO);
    assert_eq!(
        events(&out),
        [SgEvent::DataFromAsp { assoc: A, interface_id: InterfaceId::Integer(20), dlci: dlci(), data: data(4) }]
    );
    // C takes AS 1 over: A has nothing left, and is inactive at both ends.
    let start = requests(C, &asp_mut(&mut asps, C).request_active(Duration::ZERO));
    settle(&mut sg, &mut asps, start);
    assert_eq!(asp_state(&asps, C), asp::State::ASP_ACTIVE);
    assert_eq!(asp_state(&asps, A), asp::State::ASP_INACTIVE);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_INACTIVE));
    assert_eq!(asp_mut(&mut asps, A).active_interface_ids(), None);
}

#[test]
fn an_asp_that_lost_one_as_asks_back_only_for_the_others() {
    let (mut sg, mut asps) = a_active_in_both();
    let start = requests(B, &asp_mut(&mut asps, B).request_active(Duration::ZERO));
    settle(&mut sg, &mut asps, start);
    assert_eq!((sg.active_asps(0), sg.active_asps(1)), (vec![B], vec![A]));
    // An ASP Inactive Ack A did not ask for: it returns to ASP-ACTIVE for AS 1 only (§4.3.3.5).
    let out = from_sg(asp_mut(&mut asps, A), inactive_ack(), Duration::ZERO);
    assert_eq!(asp_sent(&out), [Message::AspActive { traffic_mode: None, interface_ids: ids(&[20]), info: None }]);
    // An explicit M-ASP_ACTIVE after going inactive asks for everything configured again.
    let a = asp_mut(&mut asps, A);
    from_sg(a, active_ack(), Duration::ZERO);
    a.request_inactive(Duration::ZERO);
    from_sg(a, inactive_ack(), Duration::ZERO);
    assert_eq!(a.state(), asp::State::ASP_INACTIVE);
    assert_eq!(
        asp_sent(&a.request_active(Duration::ZERO)),
        [Message::AspActive { traffic_mode: None, interface_ids: None, info: None }]
    );
}

#[test]
fn an_asp_that_cannot_tell_which_ases_remain_withdraws_from_all() {
    // An SG whose ASP Active Ack names no Interface Identifier, and an ASP configured with none.
    let mut asp = Asp::new(AspConfig::default());
    asp.association_up(Duration::ZERO);
    asp.request_active(Duration::ZERO);
    from_sg(&mut asp, up_ack(), Duration::ZERO);
    from_sg(&mut asp, Message::AspActiveAck { traffic_mode: None, interface_ids: None, info: None }, Duration::ZERO);
    assert_eq!((asp.state(), asp.active_interface_ids()), (asp::State::ASP_ACTIVE, None));
    let alternate = Message::Notify {
        status: Status::alternate_asp_active(),
        asp_id: Some(2),
        interface_ids: ids(&[10]),
        info: None,
    };
    let out = from_sg(&mut asp, alternate, Duration::ZERO);
    assert!(out.contains(&asp::Output::Event(AspEvent::Notify {
        status: Status::alternate_asp_active(),
        asp_id: Some(2),
        interface_ids: ids(&[10])
    })));
    assert_eq!(asp_sent(&out), [asp_inactive()], "so that the SG agrees it is inactive everywhere");
    assert_eq!(asp.state(), asp::State::INACTIVE_PENDING);
    from_sg(&mut asp, inactive_ack(), Duration::ZERO);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    // Configured with integers, the ASP knows without the Ack's help.
    let mut asp = Asp::new(AspConfig { interface_ids: ids(&[10, 20]), ..AspConfig::default() });
    asp.association_up(Duration::ZERO);
    asp.request_active(Duration::ZERO);
    from_sg(&mut asp, up_ack(), Duration::ZERO);
    from_sg(&mut asp, Message::AspActiveAck { traffic_mode: None, interface_ids: None, info: None }, Duration::ZERO);
    let alternate =
        Message::Notify { status: Status::alternate_asp_active(), asp_id: None, interface_ids: ids(&[10]), info: None };
    assert_eq!(asp_sent(&from_sg(&mut asp, alternate, Duration::ZERO)), []);
    assert_eq!((asp.state(), asp.active_interface_ids()), (asp::State::ASP_ACTIVE, Some(&[20].into())));
}

#[test]
fn a_retransmitted_asp_active_crossing_a_takeover_leaves_both_ends_in_agreement() {
    let mut sg = two_ases();
    let mut a = Asp::new(AspConfig { interface_ids: ids(&[10]), ..AspConfig::default() });
    let mut b = Asp::new(AspConfig { interface_ids: ids(&[10]), ..AspConfig::default() });
    let t = Duration::from_secs(2);
    let (mut to_a, mut to_b): (Vec<Message>, Vec<Message>) = (Vec::new(), Vec::new());
    let post = |out: Vec<Output>, to_a: &mut Vec<Message>, to_b: &mut Vec<Message>| {
        for (assoc, m) in sent(&out) {
            if assoc == A {
                to_a.push(m)
            } else if assoc == B {
                to_b.push(m)
            }
        }
    };
    for asp in [&mut a, &mut b] {
        asp.association_up(Duration::ZERO);
        asp.request_up(Duration::ZERO);
        from_sg(asp, up_ack(), Duration::ZERO);
    }
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    // A asks to be active; no answer within T(ack), so it asks again.
    let first = asp_sent(&a.request_active(Duration::ZERO));
    let again = asp_sent(&a.handle_timeout(t));
    assert_eq!(first, again);
    // The SG takes A's first ASP Active, then B's (a takeover), then A's second: A is active
    // again, and B told Alternate ASP Active.
    post(rx(&mut sg, A, first[0].clone(), t), &mut to_a, &mut to_b);
    let b_active = asp_sent(&b.request_active(t));
    post(rx(&mut sg, B, b_active[0].clone(), t), &mut to_a, &mut to_b);
    post(rx(&mut sg, A, again[0].clone(), t), &mut to_a, &mut to_b);
    assert_eq!(sg.active_asps(0), [A]);
    // A reads Ack, Notify (Alternate ASP Active), Ack: the second Ack is the SG's last word,
    // which A takes. B reads Ack, then Notify (Alternate ASP Active).
    let mut replies: Vec<(AssocId, Message)> = Vec::new();
    for m in to_a.drain(..) {
        let out = from_sg(&mut a, m, t);
        replies.extend(requests(A, &out));
    }
    for m in to_b.drain(..) {
        replies.extend(requests(B, &from_sg(&mut b, m, t)));
    }
    assert_eq!(replies, [], "nothing left to ask");
    assert_eq!((a.state(), b.state()), (asp::State::ASP_ACTIVE, asp::State::ASP_INACTIVE));
    assert_eq!(
        (sg.asp_state(A), sg.asp_state(B)),
        (Some(iua_asp::State::ASP_ACTIVE), Some(iua_asp::State::ASP_INACTIVE))
    );
    // The traffic goes to the ASP that thinks itself active, and that ASP may answer it.
    assert_eq!(indications(&sg.deliver(t, 10, dlci(), data(1))), [(A, data(1))]);
    let request = asp_sent(&a.send_data(t, InterfaceId::Integer(10), dlci(), data(2)));
    assert_eq!(request.len(), 1);
    assert!(matches!(events(&rx(&mut sg, A, request[0].clone(), t))[..], [SgEvent::DataFromAsp { .. }]));
}

#[test]
fn an_active_request_while_waiting_for_the_inactive_ack_is_carried_out_after_it() {
    let mut asp = active_asp();
    asp.request_inactive(Duration::ZERO);
    assert_eq!(asp.state(), asp::State::INACTIVE_PENDING);
    assert_eq!(asp_sent(&asp.request_active(Duration::ZERO)), [], "kept for after the ASP Inactive Ack");
    let out = from_sg(&mut asp, inactive_ack(), Duration::ZERO);
    assert_eq!(asp_sent(&out), [Message::AspActive { traffic_mode: None, interface_ids: None, info: None }]);
    assert_eq!(asp.state(), asp::State::ACTIVE_PENDING);
    from_sg(&mut asp, active_ack(), Duration::ZERO);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    // An inactive request after it cancels it, and leaves no stale wish behind: an ASP Down
    // Ack it did not ask for brings the ASP back to ASP-INACTIVE, not further.
    asp.request_inactive(Duration::ZERO);
    asp.request_active(Duration::ZERO);
    asp.request_inactive(Duration::ZERO);
    assert_eq!(asp_sent(&from_sg(&mut asp, inactive_ack(), Duration::ZERO)), []);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    assert_eq!(asp_sent(&from_sg(&mut asp, down_ack(), Duration::ZERO)), [asp_up()]);
    assert_eq!(asp_sent(&from_sg(&mut asp, up_ack(), Duration::ZERO)), []);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
}

#[test]
fn data_indications_are_passed_up_only_while_the_sg_may_route_traffic_to_the_asp() {
    let indication = Message::DataIndication { interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(5) };
    let passed =
        [asp::Output::Event(AspEvent::Data { interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(5) })];
    let dropped = asp::Output::Event(AspEvent::DataDropped { interface_id: InterfaceId::Integer(IID) });
    let unexpected = asp::Output::Send { stream: 0, message: error(ErrorCode::UnexpectedMessage) };
    // No association: dropped, nobody to tell.
    let mut asp = Asp::new(AspConfig::default());
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), std::slice::from_ref(&dropped));
    // ASP-DOWN, waiting for ASP Up Ack, ASP-INACTIVE: dropped, and reported to the SG.
    asp.association_up(Duration::ZERO);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), [dropped.clone(), unexpected.clone()]);
    asp.request_up(Duration::ZERO);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), [dropped.clone(), unexpected.clone()]);
    from_sg(&mut asp, up_ack(), Duration::ZERO);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), [dropped, unexpected]);
    // Waiting for ASP Active Ack (data may overtake it), active, waiting for ASP Inactive Ack.
    asp.request_active(Duration::ZERO);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), passed);
    from_sg(&mut asp, active_ack(), Duration::ZERO);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), passed);
    asp.request_inactive(Duration::ZERO);
    assert_eq!(from_sg(&mut asp, indication, Duration::ZERO), passed);
}

// --- Properties ---------------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Input {
    Message(AssocId, Message),
    Garbage(AssocId, Vec<u8>),
    Up(AssocId),
    Down(AssocId),
    Restart(AssocId),
    Deliver,
    Wait(u32),
}

fn message() -> impl Strategy<Value = Message> {
    let ids = prop_oneof![
        Just(None),
        Just(Some(InterfaceIds::Integers(vec![IID]))),
        Just(Some(InterfaceIds::Integers(vec![99]))),
    ];
    let mode = prop_oneof![Just(None), Just(Some(TrafficMode::Override)), Just(Some(TrafficMode::Loadshare))];
    prop_oneof![
        4 => Just(asp_up()),
        2 => Just(asp_down()),
        4 => (mode, ids.clone()).prop_map(|(traffic_mode, interface_ids)| Message::AspActive { traffic_mode, interface_ids, info: None }),
        3 => ids.prop_map(|interface_ids| Message::AspInactive { interface_ids, info: None }),
        1 => Just(Message::Heartbeat { data: Some(vec![9, 9]) }),
        1 => Just(Message::DataRequest { interface_id: InterfaceId::Integer(IID), dlci: Dlci { sapi: 0, tei: 1 }, data: vec![1] }),
        1 => Just(up_ack()),
    ]
}

fn input() -> impl Strategy<Value = Input> {
    let assoc = prop_oneof![Just(A), Just(B), Just(C)];
    prop_oneof![
        10 => (assoc.clone(), message()).prop_map(|(a, m)| Input::Message(a, m)),
        1 => (assoc.clone(), proptest::collection::vec(any::<u8>(), 0..24)).prop_map(|(a, b)| Input::Garbage(a, b)),
        1 => assoc.clone().prop_map(Input::Up),
        1 => assoc.clone().prop_map(Input::Down),
        1 => assoc.prop_map(Input::Restart),
        5 => Just(Input::Deliver),
        2 => (0u32..3000).prop_map(Input::Wait),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random messages from three ASPs never panic; the AS is active exactly when an ASP is
    /// active in it; AS-PENDING is only entered from AS-ACTIVE; and the traffic delivered to
    /// the ASPs arrives once each, in the order the ISDN side sent it.
    #[test]
    fn random_sequences_keep_the_as_consistent(inputs in proptest::collection::vec(input(), 0..150), loadshare in any::<bool>()) {
        let mode = if loadshare { TrafficMode::Loadshare } else { TrafficMode::Override };
        let mut sg = sg(mode);
        let mut now = Duration::ZERO;
        let mut sent_data = 0u8;
        let mut received: Vec<u8> = Vec::new();
        let mut previous = sg.as_state(0).unwrap();
        for input in inputs {
            let out = match input {
                Input::Message(assoc, m) => rx(&mut sg, assoc, m, now),
                Input::Garbage(assoc, bytes) => sg.receive(now, assoc, &bytes),
                Input::Up(assoc) => {
                    sg.association_up(assoc);
                    Vec::new()
                }
                Input::Down(assoc) => sg.association_down(now, assoc),
                Input::Restart(assoc) => sg.association_restart(now, assoc),
                Input::Deliver => {
                    sent_data = sent_data.wrapping_add(1);
                    sg.deliver(now, IID, dlci(), vec![sent_data]).into()
                }
                Input::Wait(ms) => {
                    now += Duration::from_millis(u64::from(ms));
                    sg.handle_timeout(now)
                }
            };
            received.extend(indications(&out).into_iter().map(|(_, d)| d[0]));
            let state = sg.as_state(0).unwrap();
            let any_active = !sg.active_asps(0).is_empty();
            prop_assert_eq!(state == iua_as::State::AS_ACTIVE, any_active, "AS {:?} with active ASPs {:?}", state, sg.active_asps(0));
            if state == iua_as::State::AS_PENDING && previous != iua_as::State::AS_PENDING {
                prop_assert_eq!(previous, iua_as::State::AS_ACTIVE);
            }
            for assoc in sg.active_asps(0) {
                prop_assert_eq!(sg.asp_state(assoc), Some(iua_asp::State::ASP_ACTIVE));
            }
            previous = state;
        }
        // Each delivered message once, in the order sent (values wrap at 256; runs are short).
        let mut sorted = received.clone();
        sorted.dedup();
        prop_assert_eq!(&sorted, &received, "a message delivered twice");
        prop_assert!(received.windows(2).all(|w| w[0] < w[1]), "out of order: {:?}", received);
    }
}

/// What happens next in an exchange between three of our ASPs and our SG.
#[derive(Clone, Debug)]
enum Step {
    /// Layer management asks an ASP for a state: 0 up, 1 active, 2 inactive, 3 down.
    Request(usize, u8),
    /// An ASP's T(ack) expires: it sends its request again.
    Retransmit(usize),
    /// The oldest message from an ASP reaches the SG.
    ToSg(usize),
    /// The oldest message from the SG reaches an ASP.
    ToAsp(usize),
    /// Traffic from the ISDN side for an interface.
    Traffic(u32),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0usize..3, 0u8..4).prop_map(|(k, r)| Step::Request(k, r)),
        2 => (0usize..3).prop_map(Step::Retransmit),
        5 => (0usize..3).prop_map(Step::ToSg),
        5 => (0usize..3).prop_map(Step::ToAsp),
        1 => prop_oneof![Just(10u32), Just(20u32)].prop_map(Step::Traffic),
    ]
}

/// Runs `steps` between three ASPs (one for all ASes, one per AS) and the SG of `two_ases`,
/// then lets every message arrive, and says where an ASP and the SG disagree; returns the ASPs'
/// states. With `trace`, every message is printed as it arrives.
fn exchange(steps: &[Step], loadshare: bool, trace: bool) -> Result<[asp::State; 3], String> {
    let mut sg = two_ases();
    if loadshare {
        sg = Sg::new(SgConfig {
            application_servers: vec![
                AsConfig { name: "AS 0".into(), interface_ids: vec![10], traffic_mode: TrafficMode::Loadshare },
                AsConfig { name: "AS 1".into(), interface_ids: vec![20], traffic_mode: TrafficMode::Override },
            ],
            ..SgConfig::default()
        });
    }
    let assocs = [A, B, C];
    let mut asps = [
        Asp::new(AspConfig::default()),
        Asp::new(AspConfig { interface_ids: ids(&[10]), ..AspConfig::default() }),
        Asp::new(AspConfig { interface_ids: ids(&[20]), ..AspConfig::default() }),
    ];
    let mut to_sg: [std::collections::VecDeque<Message>; 3] = Default::default();
    let mut to_asp: [std::collections::VecDeque<Message>; 3] = Default::default();
    let mut now = Duration::ZERO;
    for (k, asp) in asps.iter_mut().enumerate() {
        sg.association_up(assocs[k]);
        asp.association_up(now);
    }
    let index = |assoc: AssocId| assocs.iter().position(|&a| a == assoc);
    let route = |out: Vec<Output>, to_asp: &mut [std::collections::VecDeque<Message>; 3]| {
        for (assoc, m) in sent(&out) {
            if let Some(k) = index(assoc) {
                to_asp[k].push_back(m);
            }
        }
    };
    let mut run = |step: &Step,
                   asps: &mut [Asp<Duration>; 3],
                   sg: &mut Sg<Duration>,
                   to_sg: &mut [std::collections::VecDeque<Message>; 3],
                   to_asp: &mut [std::collections::VecDeque<Message>; 3]| {
        match *step {
            Step::Request(k, r) => {
                let out = match r {
                    0 => asps[k].request_up(now),
                    1 => asps[k].request_active(now),
                    2 => asps[k].request_inactive(now),
                    _ => asps[k].request_down(now),
                };
                to_sg[k].extend(asp_sent(&out));
            }
            Step::Retransmit(k) => {
                if let Some(at) = asps[k].poll_timeout() {
                    now = now.max(at);
                    to_sg[k].extend(asp_sent(&asps[k].handle_timeout(now)));
                }
            }
            Step::ToSg(k) => {
                if let Some(m) = to_sg[k].pop_front() {
                    if trace {
                        println!("ASP {k} -> SG: {m:?}");
                    }
                    route(rx(sg, assocs[k], m, now), to_asp);
                    if trace {
                        println!("    SG has ASP {k} {:?}", sg.asp_state(assocs[k]));
                    }
                }
            }
            Step::ToAsp(k) => {
                if let Some(m) = to_asp[k].pop_front() {
                    if trace {
                        println!("SG -> ASP {k}: {m:?}");
                    }
                    to_sg[k].extend(asp_sent(&from_sg(&mut asps[k], m, now)));
                    if trace {
                        println!("    ASP {k} is {:?}", asps[k].state());
                    }
                }
            }
            Step::Traffic(iid) => route(sg.deliver(now, iid, dlci(), data(1)).into(), to_asp),
        }
        if trace && matches!(step, Step::Request(..) | Step::Retransmit(_)) {
            println!("{step:?}: ASPs {:?}", asps.iter().map(Asp::state).collect::<Vec<_>>());
        }
    };
    for s in steps {
        run(s, &mut asps, &mut sg, &mut to_sg, &mut to_asp);
    }
    // Every message arrives; no timer fires meanwhile.
    for _ in 0..1000 {
        if to_sg.iter().chain(to_asp.iter()).all(std::collections::VecDeque::is_empty) {
            break;
        }
        for k in 0..3 {
            run(&Step::ToSg(k), &mut asps, &mut sg, &mut to_sg, &mut to_asp);
            run(&Step::ToAsp(k), &mut asps, &mut sg, &mut to_sg, &mut to_asp);
        }
    }
    if !to_sg.iter().chain(to_asp.iter()).all(std::collections::VecDeque::is_empty) {
        return Err("the exchange never ends".into());
    }
    for (k, asp) in asps.iter().enumerate() {
        let assoc = assocs[k];
        let sg_active = sg.asp_state(assoc) == Some(iua_asp::State::ASP_ACTIVE);
        if (asp.state() == asp::State::ASP_ACTIVE) != sg_active {
            return Err(format!("{assoc:?}: ASP {:?}, SG {:?}", asp.state(), sg.asp_state(assoc)));
        }
        if let Some(active) = asp.active_interface_ids() {
            for (i, iid) in [(0, 10), (1, 20)] {
                if active.contains(&iid) != sg.active_asps(i).contains(&assoc) {
                    return Err(format!("{assoc:?} for interface {iid}: ASP {active:?}, SG {:?}", sg.active_asps(i)));
                }
            }
        }
    }
    Ok(asps.each_ref().map(Asp::state))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Three ASPs (one for all ASes, one per AS) and the SG of `two_ases`, with requests,
    /// retransmissions and deliveries in any order (each direction of each association keeping
    /// its order, as SCTP stream 0 does): once every message has arrived, each ASP and the SG
    /// agree whether it is active, and for which ASes when the ASP knows its interfaces.
    #[test]
    fn asps_and_the_sg_agree_once_the_messages_have_arrived(
        steps in proptest::collection::vec(step(), 0..120),
        loadshare in any::<bool>(),
    ) {
        if let Err(e) = exchange(&steps, loadshare, false) {
            return Err(TestCaseError::fail(e));
        }
    }
}

/// Over-ride. An ASP Down Ack left over from an earlier ASP Down crosses an ASP Active of ASP 0
/// and makes it send ASP Up again, which reaches the SG after the ASP Active: the SG answers it
/// with ASP Up Ack and Error (Unexpected Message) and has the ASP inactive again (RFC 4233
/// §4.3.3.1). The ASP, active by then, takes the ASP Up Ack as the SG's last word and asks to be
/// active again, so both ends agree (it once stayed ASP-ACTIVE while the SG had it inactive).
/// Layer management's last request was M-ASP_INACTIVE: that is where the ASP ends.
#[test]
fn an_asp_up_ack_after_the_asp_active_ack_makes_the_asp_ask_again() {
    use Step::{Request, Retransmit, ToAsp, ToSg};
    let steps = [
        Request(0, 0),
        ToSg(0),
        Request(2, 0),
        Request(0, 3),
        Retransmit(0),
        ToSg(0),
        ToAsp(0),
        ToAsp(0),
        ToAsp(0),
        ToSg(2),
        ToAsp(0),
        ToSg(0),
        Request(0, 0),
        Request(0, 3),
        ToSg(0),
        ToAsp(0),
        ToSg(0),
        Request(0, 1),
        ToAsp(0),
        ToAsp(0),
        Request(0, 2),
    ];
    let states = exchange(&steps, false, false).unwrap();
    assert_eq!(states[0], asp::State::ASP_INACTIVE);
}

/// The same in isolation: an ASP Up Ack reaching an active ASP moves it to ASP-INACTIVE and
/// makes it send ASP Active again (RFC 4233 §4.3.3.1, §4.3.3.5); in the other states it changes
/// nothing.
#[test]
fn an_asp_up_ack_while_active_means_inactive_at_the_sg() {
    let t = Duration::ZERO;
    let mut asp = Asp::new(AspConfig { interface_ids: ids(&[IID]), ..AspConfig::default() });
    asp.association_up(t);
    asp.request_active(t);
    from_sg(&mut asp, up_ack(), t);
    from_sg(&mut asp, active_ack(), t);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    let out = from_sg(&mut asp, up_ack(), t);
    assert_eq!(asp.state(), asp::State::ACTIVE_PENDING);
    assert_eq!(asp_sent(&out), [Message::AspActive { traffic_mode: None, interface_ids: ids(&[IID]), info: None }]);
    assert!(out.contains(&asp::Output::Event(AspEvent::State(asp::State::ACTIVE_PENDING))));
    assert_eq!(asp.active_interface_ids(), None);
    // Waiting for the ASP Active Ack, an ASP Up Ack answers an ASP Up sent before the ASP Active.
    assert!(asp_sent(&from_sg(&mut asp, up_ack(), t)).is_empty());
    assert_eq!(asp.state(), asp::State::ACTIVE_PENDING);
    from_sg(&mut asp, active_ack(), t);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    assert_eq!(asp.active_interface_ids(), Some(&[IID].into_iter().collect()));
}

#[test]
fn the_asp_active_ack_echoes_the_traffic_mode_of_the_asp_active() {
    for mode in [TrafficMode::Override, TrafficMode::Loadshare] {
        let mut sg = sg(mode);
        rx(&mut sg, A, asp_up(), Duration::ZERO);
        let out = rx(&mut sg, A, asp_active(Some(mode)), Duration::ZERO);
        assert_eq!(sent(&out)[0], (A, active_ack_echoing(mode)));
        // A repeated ASP Active without a mode gets an Ack without one.
        let out = rx(&mut sg, A, asp_active(None), Duration::ZERO);
        assert_eq!(sent(&out), [(A, active_ack())]);
    }
}

#[test]
fn an_asp_that_comes_up_in_an_active_as_is_told_after_its_ack() {
    let mut sg = active_sg(TrafficMode::Loadshare);
    let out = rx(&mut sg, B, asp_up(), Duration::ZERO);
    assert_eq!(sent(&out), [(B, up_ack()), (B, notify(Status::as_active()))], "to B alone");
    // A repeated ASP Up from an ASP already up changes no state: no Notify.
    let out = rx(&mut sg, B, asp_up(), Duration::ZERO);
    assert_eq!(sent(&out), [(B, up_ack())]);
}

#[test]
fn an_asp_that_comes_up_in_an_inactive_as_gets_its_ack_only() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    let out = rx(&mut sg, B, asp_up(), Duration::ZERO);
    assert_eq!(sent(&out), [(B, up_ack())]);
}

#[test]
fn an_asp_that_reconnects_while_tr_runs_learns_the_as_is_pending_and_gets_the_queue() {
    let mut sg = active_sg(TrafficMode::Override);
    let t = Duration::from_millis(100);
    sg.association_down(t, A);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    sg.deliver(t, IID, dlci(), data(1));
    sg.deliver(t, IID, dlci(), data(2));
    sg.association_up(A);
    let out = rx(&mut sg, A, asp_up(), t);
    assert_eq!(sent(&out), [(A, up_ack()), (A, notify(Status::as_pending()))]);
    let out = rx(&mut sg, A, asp_active(Some(TrafficMode::Override)), t);
    assert_eq!(indications(&out), [(A, data(1)), (A, data(2))], "the queue, in order");
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_ACTIVE));
    assert_eq!(sg.poll_timeout(), None);
}

#[test]
fn an_asp_up_visits_only_the_ases_it_moves() {
    // 500 ASes, all active through A: B's ASP Up is told each AS's state, and nothing else; its
    // ASP Down is acknowledged with no Notify at all (the ASes stay active through A).
    let ases: Vec<AsConfig> = (0..500)
        .map(|i| AsConfig { name: format!("AS {i}"), interface_ids: vec![i], traffic_mode: TrafficMode::Loadshare })
        .collect();
    let mut sg: Sg<Duration> = Sg::new(SgConfig { application_servers: ases, ..SgConfig::default() });
    sg.association_up(A);
    sg.association_up(B);
    let t = Duration::ZERO;
    rx(&mut sg, A, asp_up(), t);
    rx(&mut sg, A, Message::AspActive { traffic_mode: None, interface_ids: None, info: None }, t);
    let out = rx(&mut sg, B, asp_up(), t);
    let messages = sent(&out);
    assert_eq!(messages.len(), 501);
    assert_eq!(messages[0], (B, up_ack()));
    for (i, (assoc, message)) in messages[1..].iter().enumerate() {
        let iid = u32::try_from(i).unwrap();
        let expected = Message::Notify {
            status: Status::as_active(),
            asp_id: None,
            interface_ids: Some(InterfaceIds::Integers(vec![iid])),
            info: None,
        };
        assert_eq!((*assoc, message), (B, &expected), "in the order of the ASes");
    }
    let out = rx(&mut sg, B, asp_down(), t);
    assert_eq!(sent(&out), [(B, down_ack())]);
    assert!((0..500).all(|i| sg.as_state(i) == Some(iua_as::State::AS_ACTIVE)));
}

/// An ASP Active Ack that reaches ASP-INACTIVE after layer management asked for ASP-INACTIVE
/// (the ASP Active was on its way): the SG has the ASP active, and the ASP returns to
/// ASP-INACTIVE with ASP Inactive (RFC 4233 §4.3.3.4, §4.3.3.5). After a takeover, layer
/// management still wants the ASP active, and the same Ack makes it active (see the spec).
#[test]
fn an_asp_active_ack_after_an_inactive_request_makes_the_asp_withdraw() {
    let t = Duration::ZERO;
    let mut asp = Asp::new(AspConfig { interface_ids: ids(&[IID]), ..AspConfig::default() });
    asp.association_up(t);
    asp.request_up(t);
    from_sg(&mut asp, up_ack(), t);
    asp.request_active(t);
    asp.request_inactive(t);
    from_sg(&mut asp, active_ack(), t);
    // The ASP Inactive Ack of the ASP Inactive just sent makes it inactive.
    from_sg(&mut asp, inactive_ack(), t);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    asp.request_inactive(t);
    let out = from_sg(&mut asp, active_ack(), t);
    assert_eq!(asp.state(), asp::State::INACTIVE_PENDING);
    assert_eq!(asp_sent(&out), [Message::AspInactive { interface_ids: ids(&[IID]), info: None }]);
    from_sg(&mut asp, inactive_ack(), t);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    // Taken over, layer management's request stands: the Ack makes the ASP active.
    asp.request_active(t);
    from_sg(&mut asp, active_ack(), t);
    let alternate =
        Message::Notify { status: Status::alternate_asp_active(), asp_id: None, interface_ids: None, info: None };
    from_sg(&mut asp, alternate, t);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    let out = from_sg(&mut asp, active_ack(), t);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    assert!(asp_sent(&out).is_empty());
}
