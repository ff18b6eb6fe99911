//! Layer management at the SG (RFC 4233 §4.3.3): ASP Up, Down, Active and Inactive with their
//! acknowledgements and Notify, the Interface Identifiers, and the Error messages.

use std::time::Duration;

use super::{
    A, B, C, IID, active_ack_echoing, active_asp, active_sg, asp_active, asp_down, asp_inactive, asp_sent, asp_up,
    config, data, dlci, down_ack, error, events, from_sg, ids, inactive_ack, indications, notify, rx, sent, sg,
    two_ases, up_ack,
};
use rfc_fsm::iua::asp::{self, Asp, AspConfig, AspEvent};
use rfc_fsm::iua::codec::{self, ErrorCode, InterfaceId, InterfaceIds, Message, Status, TrafficMode};
use rfc_fsm::iua::sg::{AsConfig, AssocId, Output, Sg, SgConfig, SgEvent};
use rfc_fsm::machines::{iua_as, iua_asp};

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
    sg.transport_up(Duration::ZERO, A);
    assert_eq!(sent(&rx(&mut sg, A, heartbeat.clone(), Duration::ZERO)), [(A, Message::HeartbeatAck { data: None })]);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    sg.transport_down(Duration::ZERO, A);
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
    sg.transport_down(Duration::ZERO, A);
    sg.transport_up(Duration::ZERO, A);
    let blocked = [(A, error(ErrorCode::RefusedManagementBlocking))];
    assert_eq!(sent(&rx(&mut sg, A, asp_up(), Duration::ZERO)), blocked);
    sg.transport_down(Duration::ZERO, A);
    sg.transport_up(Duration::ZERO, A);
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
    sg.transport_up(Duration::ZERO, A);
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
    sg.transport_up(Duration::ZERO, A);
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
    asp.transport_up(Duration::ZERO);
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
    let out = sg.transport_down(Duration::ZERO, A);
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
    sg.transport_restart(Duration::ZERO, A);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_DOWN));
}
