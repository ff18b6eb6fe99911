//! Encodings written out by hand from the formats of RFC 4233 §3, and the types of the codec.

use super::*;

// --- Encodings written out by hand --------------------------------------------------------

#[test]
fn asp_up_with_an_asp_identifier() {
    let up = Message::AspUp { asp_id: Some(0x0102_0304), info: None };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 3, 1, 0, 0, 0, 16, // version 1, ASPSM, ASP Up, 16 octets
        0x00, 0x11, 0, 8, 1, 2, 3, 4, // ASP Identifier
    ];
    assert_encoding(&up, &bytes);
}

#[test]
fn asp_up_with_an_info_string_needing_padding() {
    let up = Message::AspUp { asp_id: Some(1), info: Some("SG1".into()) };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 3, 1, 0, 0, 0, 24,
        0x00, 0x11, 0, 8, 0, 0, 0, 1,
        0x00, 0x04, 0, 7, b'S', b'G', b'1', 0, // INFO String: length 7, one octet of padding
    ];
    assert_encoding(&up, &bytes);
}

#[test]
fn asp_active_override_with_an_integer_interface_identifier() {
    let active = Message::AspActive {
        traffic_mode: Some(TrafficMode::Override),
        interface_ids: Some(InterfaceIds::Integers(vec![5])),
        info: None,
    };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 4, 1, 0, 0, 0, 24, // ASPTM, ASP Active
        0x00, 0x0b, 0, 8, 0, 0, 0, 1, // Traffic Mode Type: Over-ride
        0x00, 0x01, 0, 8, 0, 0, 0, 5, // Interface Identifier (integer)
    ];
    assert_encoding(&active, &bytes);
}

#[test]
fn asp_active_ack_loadshare_with_several_integers() {
    let ack = Message::AspActiveAck {
        traffic_mode: Some(TrafficMode::Loadshare),
        interface_ids: Some(InterfaceIds::Integers(vec![1, 0xffff_ffff])),
        info: None,
    };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 4, 3, 0, 0, 0, 28,
        0x00, 0x0b, 0, 8, 0, 0, 0, 2,
        0x00, 0x01, 0, 12, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff,
    ];
    assert_encoding(&ack, &bytes);
}

#[test]
fn asp_inactive_with_ranges_and_text_interface_identifiers() {
    let ranges = Message::AspInactive { interface_ids: Some(InterfaceIds::Ranges(vec![(1, 3), (10, 10)])), info: None };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 4, 2, 0, 0, 0, 28,
        0x00, 0x08, 0, 20, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 10, 0, 0, 0, 10,
    ];
    assert_encoding(&ranges, &bytes);

    let text = Message::AspInactiveAck {
        interface_ids: Some(InterfaceIds::Text(vec!["e1".into(), "pri-3".into()])),
        info: None,
    };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 4, 4, 0, 0, 0, 28,
        0x00, 0x03, 0, 6, b'e', b'1', 0, 0, // one parameter per text
        0x00, 0x03, 0, 9, b'p', b'r', b'i', b'-', b'3', 0, 0, 0,
    ];
    assert_encoding(&text, &bytes);
}

#[test]
fn notify_as_pending() {
    let notify = Message::Notify { status: Status::as_pending(), asp_id: None, interface_ids: None, info: None };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 0, 1, 0, 0, 0, 16, // MGMT, Notify
        0x00, 0x0d, 0, 8, 0, 1, 0, 4, // Status: AS State Change, AS-PENDING
    ];
    assert_encoding(&notify, &bytes);
}

#[test]
fn notify_alternate_asp_active_with_all_parameters_in_rfc_order() {
    let notify = Message::Notify {
        status: Status::alternate_asp_active(),
        asp_id: Some(9),
        interface_ids: Some(InterfaceIds::Integers(vec![7])),
        info: Some("x".into()),
    };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 0, 1, 0, 0, 0, 40,
        0x00, 0x0d, 0, 8, 0, 2, 0, 2,
        0x00, 0x11, 0, 8, 0, 0, 0, 9,
        0x00, 0x01, 0, 8, 0, 0, 0, 7,
        0x00, 0x04, 0, 5, b'x', 0, 0, 0,
    ];
    assert_encoding(&notify, &bytes);
}

#[test]
fn error_unexpected_message() {
    let error = Message::Error { code: ErrorCode::UnexpectedMessage, interface_ids: None, diagnostic: None };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 0, 0, 0, 0, 0, 16, // MGMT, Error
        0x00, 0x0c, 0, 8, 0, 0, 0, 6, // Error Code: Unexpected Message
    ];
    assert_encoding(&error, &bytes);
}

#[test]
fn error_with_interface_identifiers_and_diagnostic() {
    let error = Message::Error {
        code: ErrorCode::InvalidInterfaceIdentifier,
        interface_ids: Some(InterfaceIds::Integers(vec![3])),
        diagnostic: Some(vec![1, 0, 4, 1, 0, 0]),
    };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 0, 0, 0, 0, 0, 36,
        0x00, 0x0c, 0, 8, 0, 0, 0, 2,
        0x00, 0x01, 0, 8, 0, 0, 0, 3,
        0x00, 0x07, 0, 10, 1, 0, 4, 1, 0, 0, 0, 0,
    ];
    assert_encoding(&error, &bytes);
}

#[test]
fn data_request_with_a_dlci_and_data_needing_padding() {
    let data =
        Message::DataRequest { interface_id: InterfaceId::Integer(1), dlci: dlci(0, 64), data: vec![0x08, 0x01, 0x05] };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 5, 1, 0, 0, 0, 32, // QPTM, Data Request
        0x00, 0x01, 0, 8, 0, 0, 0, 1, // Interface Identifier (integer)
        0x00, 0x05, 0, 8, 0x00, 0x81, 0, 0, // DLCI: SAPI 0 | spare 0 | 0, TEI 64 | 1; 16 spare bits
        0x00, 0x0e, 0, 7, 0x08, 0x01, 0x05, 0, // Protocol Data, length 7, one octet of padding
    ];
    assert_encoding(&data, &bytes);
}

#[test]
fn data_indication_with_a_text_interface_identifier() {
    let data = Message::DataIndication {
        interface_id: InterfaceId::Text("D1".into()),
        dlci: dlci(63, 127),
        data: vec![0xaa; 4],
    };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 5, 2, 0, 0, 0, 32,
        0x00, 0x03, 0, 6, b'D', b'1', 0, 0,
        0x00, 0x05, 0, 8, 0xfc, 0xff, 0, 0, // SAPI 63 << 2, TEI 127 << 1 | 1
        0x00, 0x0e, 0, 8, 0xaa, 0xaa, 0xaa, 0xaa,
    ];
    assert_encoding(&data, &bytes);
}

#[test]
fn tei_status_messages() {
    let request = Message::TeiStatusRequest { interface_id: InterfaceId::Integer(2), dlci: dlci(0, 0) };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 0, 2, 0, 0, 0, 24,
        0x00, 0x01, 0, 8, 0, 0, 0, 2,
        0x00, 0x05, 0, 8, 0x00, 0x01, 0, 0,
    ];
    assert_encoding(&request, &bytes);

    let confirm = Message::TeiStatusConfirm {
        interface_id: InterfaceId::Integer(2),
        dlci: dlci(16, 3),
        status: TeiStatus::Unassigned,
    };
    #[rustfmt::skip]
    let bytes = [
        1, 0, 0, 3, 0, 0, 0, 32,
        0x00, 0x01, 0, 8, 0, 0, 0, 2,
        0x00, 0x05, 0, 8, 0x40, 0x07, 0, 0,
        0x00, 0x10, 0, 8, 0, 0, 0, 1,
    ];
    assert_encoding(&confirm, &bytes);

    let indication = Message::TeiStatusIndication {
        interface_id: InterfaceId::Integer(2),
        dlci: dlci(16, 3),
        status: TeiStatus::Assigned,
    };
    let mut expected = bytes.to_vec();
    expected[3] = 4;
    expected[31] = 0;
    assert_encoding(&indication, &expected);
}

#[test]
fn aspsm_messages_without_parameters_and_heartbeats() {
    for (message, type_code) in [
        (Message::AspDown { info: None }, 2),
        (Message::Heartbeat { data: None }, 3),
        (Message::AspUpAck { info: None }, 4),
        (Message::AspDownAck { info: None }, 5),
        (Message::HeartbeatAck { data: None }, 6),
    ] {
        assert_encoding(&message, &[1, 0, 3, type_code, 0, 0, 0, 8]);
    }
    let beat = Message::Heartbeat { data: Some(vec![1, 2, 3, 4, 5]) };
    assert_encoding(&beat, &[1, 0, 3, 3, 0, 0, 0, 20, 0, 9, 0, 9, 1, 2, 3, 4, 5, 0, 0, 0]);
    let empty = Message::HeartbeatAck { data: Some(Vec::new()) };
    assert_encoding(&empty, &[1, 0, 3, 6, 0, 0, 0, 12, 0, 9, 0, 4]);
}

#[test]
fn encode_into_appends() {
    let mut out = vec![0xee];
    encode_into(&Message::AspDown { info: None }, &mut out).unwrap();
    assert_eq!(out, [0xee, 1, 0, 3, 2, 0, 0, 0, 8]);
    encode_into(&Message::AspDownAck { info: None }, &mut out).unwrap();
    assert_eq!(out.len(), 17);
}

// --- Types ---------------------------------------------------------------------------------

#[test]
fn classes_types_and_names() {
    assert_eq!(
        [MessageClass::Mgmt, MessageClass::Aspsm, MessageClass::Asptm, MessageClass::Qptm].map(MessageClass::value),
        [0, 3, 4, 5]
    );
    for value in 0..=255 {
        assert_eq!(
            MessageClass::from_value(value).map(MessageClass::value),
            [0, 3, 4, 5].contains(&value).then_some(value)
        );
    }
    let up = Message::AspUp { asp_id: None, info: None };
    assert_eq!((up.class(), up.type_code(), up.name()), (MessageClass::Aspsm, 1, "ASP Up"));
    let ack = Message::AspInactiveAck { interface_ids: None, info: None };
    assert_eq!((ack.class(), ack.type_code(), ack.name()), (MessageClass::Asptm, 4, "ASP Inactive Ack"));
    let request = Message::TeiStatusRequest { interface_id: InterfaceId::Integer(0), dlci: dlci(0, 0) };
    assert_eq!((request.class(), request.type_code(), request.name()), (MessageClass::Mgmt, 2, "TEI Status Request"));
}

#[test]
fn error_codes_round_trip_through_their_values() {
    for value in 0..64 {
        assert_eq!(ErrorCode::from_value(value).value(), value);
        assert_eq!(matches!(ErrorCode::from_value(value), ErrorCode::Other(_)), !(1..=15).contains(&value));
    }
    assert_eq!(ErrorCode::ProtocolError.value(), 7);
    assert_eq!(ErrorCode::InvalidAspIdentifier.value(), 0x0f);
    assert_eq!(ErrorCode::from_value(0x0c), ErrorCode::InvalidTeiSapiCombination);
    assert_eq!(ErrorCode::UnsupportedTrafficHandlingMode.to_string(), "Unsupported Traffic Handling Mode");
    assert_eq!(ErrorCode::Other(0x99).to_string(), "error code 0x99");
}

#[test]
fn statuses_traffic_modes_and_tei_statuses() {
    let statuses = [
        Status::as_inactive(),
        Status::as_active(),
        Status::as_pending(),
        Status::insufficient_asps(),
        Status::alternate_asp_active(),
    ];
    assert_eq!(statuses.map(|s| (s.kind, s.info)), [(1, 2), (1, 3), (1, 4), (2, 1), (2, 2)]);
    assert!(statuses.iter().all(|s| s.is_valid()));
    assert!(!Status { kind: 1, info: 1 }.is_valid());
    assert_eq!(Status::as_pending().name(), Some("AS-PENDING"));
    assert_eq!([TrafficMode::Override, TrafficMode::Loadshare].map(TrafficMode::value), [1, 2]);
    assert_eq!(TrafficMode::from_value(3), None);
    assert_eq!([TeiStatus::Assigned, TeiStatus::Unassigned].map(TeiStatus::value), [0, 1]);
    assert_eq!(TeiStatus::from_value(2), None);
}

#[test]
fn dlci_layout_and_ranges() {
    assert_eq!(dlci(0, 64).to_u16(), Some(0x0081));
    assert_eq!(dlci(63, 127).to_u16(), Some(0xfcff));
    assert_eq!(dlci(1, 0).to_u16(), Some(0x0401));
    assert_eq!(Dlci::new(64, 0), None);
    assert_eq!(Dlci::new(0, 128), None);
    assert_eq!(Dlci { sapi: 64, tei: 0 }.to_u16(), None);
    assert_eq!(Dlci::from_u16(0x0081), Some(dlci(0, 64)));
    assert_eq!(Dlci::from_u16(0x0281), Some(dlci(0, 64)), "the spare bit is ignored");
    assert_eq!(Dlci::from_u16(0x0181), None, "the zero bit must be 0");
    assert_eq!(Dlci::from_u16(0x0080), None, "the one bit must be 1");
    for sapi in 0..=63 {
        for tei in 0..=127 {
            assert_eq!(Dlci::from_u16(dlci(sapi, tei).to_u16().unwrap()), Some(dlci(sapi, tei)));
        }
    }
}

#[test]
fn interface_ids_contain() {
    let ints = InterfaceIds::Integers(vec![1, 5]);
    assert!(ints.contains(5) && !ints.contains(2));
    let ranges = InterfaceIds::Ranges(vec![(10, 20), (30, 30)]);
    assert!(ranges.contains(10) && ranges.contains(20) && ranges.contains(30));
    assert!(!ranges.contains(9) && !ranges.contains(21) && !ranges.contains(31));
    assert!(!InterfaceIds::Text(vec!["5".into()]).contains(5));
}
