//! The IUA message codec (RFC 4233 §3): encodings written out by hand from the formats of the
//! RFC, every decode error with its code and offset, and properties over random messages,
//! bytes, mutations and stream splits.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

#[path = "support/mutation.rs"]
mod mutation;

use mutation::{mutate, mutation};
use proptest::prelude::*;
use rfc_fsm::iua::codec::{
    DecodeError, Dlci, ErrorCode, Framer, HEADER_LEN, InterfaceId, InterfaceIds, MAX_INTEGER_INTERFACE_IDS,
    MAX_INTERFACE_ID_RANGES, MAX_MESSAGE_LEN, Message, MessageClass, Side, Status, TeiStatus, TrafficMode, VERSION,
    decode, encode, encode_into, encode_lenient, sender,
};

/// A message: the header for `class` and `type_code` with the right length, then `body`.
fn message(class: u8, type_code: u8, body: &[u8]) -> Vec<u8> {
    let len = u32::try_from(HEADER_LEN + body.len()).unwrap();
    let mut bytes = vec![VERSION, 0, class, type_code];
    bytes.extend_from_slice(&len.to_be_bytes());
    bytes.extend_from_slice(body);
    bytes
}

/// A parameter with its padding.
fn param(tag: u16, value: &[u8]) -> Vec<u8> {
    let mut bytes = tag.to_be_bytes().to_vec();
    bytes.extend_from_slice(&u16::try_from(4 + value.len()).unwrap().to_be_bytes());
    bytes.extend_from_slice(value);
    while !bytes.len().is_multiple_of(4) {
        bytes.push(0);
    }
    bytes
}

fn params(list: &[Vec<u8>]) -> Vec<u8> {
    list.concat()
}

fn dlci(sapi: u8, tei: u8) -> Dlci {
    Dlci::new(sapi, tei).unwrap()
}

/// The error decoding `bytes`, which must fail.
fn error(bytes: &[u8]) -> DecodeError {
    match decode(bytes) {
        Ok(message) => panic!("decoded {message:?}"),
        Err(error) => error,
    }
}

fn assert_error(bytes: &[u8], code: ErrorCode, offset: usize) {
    let error = error(bytes);
    assert_eq!((error.code, error.offset), (code, offset), "{error}");
}

fn assert_encoding(message: &Message, bytes: &[u8]) {
    assert_eq!(encode(message).unwrap(), bytes, "encoding of {message:?}");
    assert_eq!(encode_lenient(message).unwrap(), bytes);
    assert_eq!(decode(bytes).unwrap(), *message);
    assert_eq!(message.encoded_len(), bytes.len());
}

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

// --- Decode errors: the header -------------------------------------------------------------

fn asp_up_ack() -> Vec<u8> {
    message(3, 4, &[])
}

#[test]
fn a_version_other_than_1_is_invalid_version_at_0() {
    for version in [0, 2, 255] {
        let mut bytes = asp_up_ack();
        bytes[0] = version;
        assert_error(&bytes, ErrorCode::InvalidVersion, 0);
    }
    assert_error(&[2], ErrorCode::InvalidVersion, 0);
}

#[test]
fn a_reserved_octet_other_than_0_is_a_protocol_error_at_1() {
    let mut bytes = asp_up_ack();
    bytes[1] = 0x80;
    assert_error(&bytes, ErrorCode::ProtocolError, 1);
}

#[test]
fn a_class_iua_does_not_have_is_unsupported_message_class_at_2() {
    for class in [1, 2, 6, 7, 8, 9, 10, 127, 255] {
        assert_error(&message(class, 1, &[]), ErrorCode::UnsupportedMessageClass, 2);
    }
}

#[test]
fn an_unknown_type_is_unsupported_message_type_at_3() {
    for (class, type_code) in [(3, 7), (3, 0), (0, 5), (0, 8), (4, 0), (4, 5), (5, 0), (5, 11), (5, 255)] {
        assert_error(&message(class, type_code, &[]), ErrorCode::UnsupportedMessageType, 3);
    }
    // Unit Data, Establish and Release are IUA messages this codec does not support.
    for type_code in 3..=10 {
        assert_error(&message(5, type_code, &[]), ErrorCode::UnsupportedMessageType, 3);
    }
}

#[test]
fn a_length_field_larger_than_the_data_is_a_protocol_error_at_4() {
    let mut bytes = asp_up_ack();
    bytes[7] = 12;
    assert_error(&bytes, ErrorCode::ProtocolError, 4);
    let full = encode(&Message::AspUp { asp_id: Some(1), info: None }).unwrap();
    assert_error(&full[..12], ErrorCode::ProtocolError, 4);
}

#[test]
fn a_length_field_smaller_than_the_data_is_a_protocol_error_at_4() {
    let mut bytes = asp_up_ack();
    bytes.extend_from_slice(&asp_up_ack());
    assert_error(&bytes, ErrorCode::ProtocolError, 4);
    let mut padded = asp_up_ack();
    padded.extend_from_slice(&[0; 4]);
    assert_error(&padded, ErrorCode::ProtocolError, 4);
}

#[test]
fn a_length_field_under_8_or_not_a_multiple_of_4_is_a_protocol_error_at_4() {
    for length in [0, 4, 7] {
        let mut bytes = asp_up_ack();
        bytes[7] = length;
        assert_error(&bytes, ErrorCode::ProtocolError, 4);
    }
    let mut bytes = message(3, 3, &[0, 9, 0, 5, 1]);
    assert_eq!(bytes.len(), 13);
    assert_error(&bytes, ErrorCode::ProtocolError, 4);
    bytes.extend_from_slice(&[0, 0, 0]);
    bytes[7] = 16;
    assert_eq!(decode(&bytes).unwrap(), Message::Heartbeat { data: Some(vec![1]) });
}

#[test]
fn a_message_over_the_maximum_length_is_a_protocol_error_at_4() {
    let data_len = MAX_MESSAGE_LEN - HEADER_LEN - 4;
    let longest = Message::Heartbeat { data: Some(vec![7; data_len]) };
    let bytes = encode(&longest).unwrap();
    assert_eq!(bytes.len(), MAX_MESSAGE_LEN);
    assert_eq!(decode(&bytes).unwrap(), longest);

    let too_long = message(3, 3, &param(9, &vec![7; data_len + 4]));
    assert_eq!(too_long.len(), MAX_MESSAGE_LEN + 4);
    assert_error(&too_long, ErrorCode::ProtocolError, 4);
    let mut huge = asp_up_ack();
    huge[4..8].copy_from_slice(&u32::MAX.to_be_bytes());
    assert_error(&huge, ErrorCode::ProtocolError, 4);
}

#[test]
fn data_shorter_than_the_header_is_a_protocol_error_at_4() {
    let bytes = asp_up_ack();
    for len in 0..HEADER_LEN {
        assert_error(&bytes[..len], ErrorCode::ProtocolError, 4);
    }
}

// --- Decode errors: the parameters ---------------------------------------------------------

#[test]
fn a_parameter_length_under_4_is_a_protocol_error_at_its_length_field() {
    for length in 0..4 {
        let bytes = message(3, 1, &[0, 0x11, 0, length, 0, 0, 0, 1]);
        assert_error(&bytes, ErrorCode::ProtocolError, 10);
    }
}

#[test]
fn a_parameter_running_past_the_message_is_a_protocol_error_at_its_length_field() {
    let bytes = message(3, 1, &[0, 0x11, 0, 12, 0, 0, 0, 1]);
    assert_error(&bytes, ErrorCode::ProtocolError, 10);
    // the second parameter runs past: offsets are from the start of the message
    let body = params(&[param(0x11, &[0, 0, 0, 1]), vec![0, 4, 0, 9, b'a', b'b', b'c', b'd']]);
    assert_error(&message(3, 1, &body), ErrorCode::ProtocolError, 18);
}

#[test]
fn non_zero_padding_is_a_protocol_error_at_the_padding() {
    let bytes = message(3, 1, &[0, 4, 0, 5, b'a', 0, 1, 0]);
    assert_error(&bytes, ErrorCode::ProtocolError, 14);
    let bytes = message(3, 1, &[0, 4, 0, 7, b'a', b'b', b'c', 0x20]);
    assert_error(&bytes, ErrorCode::ProtocolError, 15);
}

#[test]
fn an_unknown_tag_is_a_protocol_error_at_the_parameter() {
    for tag in [0x0000, 0x0002, 0x0006, 0x000a, 0x0012, 0x0200, 0xffff] {
        let body = params(&[param(0x11, &[0, 0, 0, 1]), param(tag, &[0, 0, 0, 0])]);
        assert_error(&message(3, 1, &body), ErrorCode::ProtocolError, 16);
    }
}

#[test]
fn a_tag_not_allowed_in_the_message_is_a_protocol_error_at_the_parameter() {
    // a DLCI, a Protocol Data, an Interface Identifier, a Release Reason in ASP Up
    for tag in [0x05, 0x0e, 0x01, 0x0f, 0x0c, 0x0d, 0x0b] {
        assert_error(&message(3, 1, &param(tag, &[0, 0, 0, 1])), ErrorCode::ProtocolError, 8);
    }
    // an ASP Identifier in ASP Down, Heartbeat Data in Notify, INFO String in Data Request
    assert_error(&message(3, 2, &param(0x11, &[0, 0, 0, 1])), ErrorCode::ProtocolError, 8);
    let notify = params(&[param(0x0d, &[0, 1, 0, 2]), param(0x09, &[1])]);
    assert_error(&message(0, 1, &notify), ErrorCode::ProtocolError, 16);
    let data = params(&[param(0x01, &[0, 0, 0, 1]), param(0x05, &[0, 1, 0, 0]), param(0x04, b"hi"), param(0x0e, &[1])]);
    assert_error(&message(5, 1, &data), ErrorCode::ProtocolError, 24);
}

#[test]
fn a_duplicate_parameter_is_a_protocol_error_at_the_second() {
    let body = params(&[param(0x11, &[0, 0, 0, 1]), param(0x11, &[0, 0, 0, 2])]);
    assert_error(&message(3, 1, &body), ErrorCode::ProtocolError, 16);
    let body = params(&[param(0x04, b""), param(0x04, b"")]);
    assert_error(&message(3, 4, &body), ErrorCode::ProtocolError, 12);
    // two Interface Identifiers in a Data Request, which is about one interface
    let body = params(&[param(0x01, &[0, 0, 0, 1]), param(0x03, b"x"), param(0x05, &[0, 1, 0, 0]), param(0x0e, &[1])]);
    assert_error(&message(5, 1, &body), ErrorCode::ProtocolError, 16);
}

#[test]
fn a_missing_mandatory_parameter_is_a_protocol_error_at_the_end() {
    assert_error(&message(0, 0, &[]), ErrorCode::ProtocolError, 8);
    let only_diagnostic = param(0x07, &[1, 2, 3, 4]);
    assert_error(&message(0, 0, &only_diagnostic), ErrorCode::ProtocolError, 16);
    assert_error(&message(0, 1, &param(0x11, &[0, 0, 0, 1])), ErrorCode::ProtocolError, 16);
    let header = params(&[param(0x01, &[0, 0, 0, 1]), param(0x05, &[0, 1, 0, 0])]);
    assert_error(&message(0, 3, &header), ErrorCode::ProtocolError, 24);
    assert_error(&message(5, 2, &header), ErrorCode::ProtocolError, 24);
    let no_dlci = params(&[param(0x01, &[0, 0, 0, 1]), param(0x0e, &[1])]);
    assert_error(&message(5, 1, &no_dlci), ErrorCode::ProtocolError, 24);
    let no_interface = params(&[param(0x05, &[0, 1, 0, 0]), param(0x0e, &[1])]);
    assert_error(&message(5, 1, &no_interface), ErrorCode::ProtocolError, 24);
    assert_error(&message(0, 2, &param(0x05, &[0, 1, 0, 0])), ErrorCode::ProtocolError, 16);
}

#[test]
fn a_value_of_the_wrong_size_is_a_protocol_error_at_the_length_field() {
    assert_error(&message(3, 1, &param(0x11, &[0, 0, 0, 0, 0, 0, 0, 1])), ErrorCode::ProtocolError, 10);
    assert_error(&message(3, 1, &param(0x11, &[0, 1])), ErrorCode::ProtocolError, 10);
    assert_error(&message(0, 0, &param(0x0c, &[])), ErrorCode::ProtocolError, 10);
    assert_error(&message(0, 1, &param(0x0d, &[0, 1, 0, 2, 0])), ErrorCode::ProtocolError, 10);
    assert_error(&message(4, 1, &param(0x0b, &[0, 0, 1])), ErrorCode::ProtocolError, 10);
    // a DLCI of 2 octets, without its spare
    let body = params(&[param(0x01, &[0, 0, 0, 1]), param(0x05, &[0, 1])]);
    assert_error(&message(0, 2, &body), ErrorCode::ProtocolError, 18);
    // integer Interface Identifiers: a multiple of 4 octets, at least one; exactly one in QPTM
    assert_error(&message(4, 2, &param(0x01, &[0, 0, 0, 1, 0, 0])), ErrorCode::ProtocolError, 10);
    assert_error(&message(4, 2, &param(0x01, &[])), ErrorCode::ProtocolError, 10);
    let two = params(&[param(0x01, &[0, 0, 0, 1, 0, 0, 0, 2]), param(0x05, &[0, 1, 0, 0])]);
    assert_error(&message(0, 2, &two), ErrorCode::ProtocolError, 10);
    // ranges: a multiple of 8 octets, at least one
    assert_error(&message(4, 2, &param(0x08, &[0, 0, 0, 1])), ErrorCode::ProtocolError, 10);
    assert_error(&message(4, 2, &param(0x08, &[])), ErrorCode::ProtocolError, 10);
    // an empty text Interface Identifier, an INFO String over 255 octets
    assert_error(&message(4, 2, &param(0x03, b"")), ErrorCode::ProtocolError, 10);
    assert_error(&message(3, 4, &param(0x04, &[b'a'; 256])), ErrorCode::ProtocolError, 10);
    assert_eq!(
        decode(&message(3, 4, &param(0x04, &[b'a'; 255]))).unwrap(),
        Message::AspUpAck { info: Some(vec![b'a'; 255]) }
    );
}

#[test]
fn a_traffic_mode_other_than_1_or_2_is_unsupported_traffic_handling_mode() {
    for mode in [0u32, 3, 0x0100_0001] {
        let bytes = message(4, 1, &param(0x0b, &mode.to_be_bytes()));
        assert_error(&bytes, ErrorCode::UnsupportedTrafficHandlingMode, 12);
        let ack = message(4, 3, &params(&[param(0x04, b"a"), param(0x0b, &mode.to_be_bytes())]));
        assert_error(&ack, ErrorCode::UnsupportedTrafficHandlingMode, 20);
    }
}

#[test]
fn a_bad_dlci_is_a_protocol_error_at_its_octet() {
    let with =
        |dlci: [u8; 4]| message(5, 1, &params(&[param(0x01, &[0, 0, 0, 1]), param(0x05, &dlci), param(0x0e, &[1])]));
    assert_error(&with([0x01, 0x81, 0, 0]), ErrorCode::ProtocolError, 20);
    assert_error(&with([0x00, 0x80, 0, 0]), ErrorCode::ProtocolError, 21);
    let spare = decode(&with([0x06, 0x81, 0xff, 0xff])).unwrap();
    assert_eq!(
        spare,
        Message::DataRequest { interface_id: InterfaceId::Integer(1), dlci: dlci(1, 64), data: vec![1] },
        "the spare bits are ignored"
    );
}

#[test]
fn invalid_utf8_in_a_text_interface_identifier_is_a_protocol_error_at_the_first_bad_octet() {
    assert_error(&message(4, 2, &param(0x03, &[0xc3])), ErrorCode::ProtocolError, 12);
    let data = params(&[param(0x03, &[b'a', 0x80]), param(0x05, &[0, 1, 0, 0]), param(0x0e, &[1])]);
    assert_error(&message(5, 1, &data), ErrorCode::ProtocolError, 13);
}

#[test]
fn an_info_string_is_kept_as_octets_whatever_their_encoding() {
    // ASP Up with the INFO String "caf\xe9" (Latin-1), 8 octets: tag, length, 4 octets of text.
    let latin1 = [1, 0, 3, 1, 0, 0, 0, 16, 0, 4, 0, 8, b'c', b'a', b'f', 0xe9];
    let up = Message::AspUp { asp_id: None, info: Some(vec![b'c', b'a', b'f', 0xe9]) };
    assert_eq!(decode(&latin1), Ok(up.clone()));
    assert_eq!(encode(&up).unwrap(), latin1, "the round trip is exact");
    // Not even a valid prefix of UTF-8, with padding.
    let odd = Message::AspDown { info: Some(vec![0xff, 0xfe, 0x80]) };
    let bytes = encode(&odd).unwrap();
    assert_eq!(bytes, [1, 0, 3, 2, 0, 0, 0, 16, 0, 4, 0, 7, 0xff, 0xfe, 0x80, 0]);
    assert_eq!(decode(&bytes), Ok(odd));
    assert_eq!(Message::AspUpAck { info: Some("SG1".into()) }, Message::AspUpAck { info: Some(b"SG1".to_vec()) });
}

#[test]
fn out_of_range_statuses_and_tei_statuses_are_protocol_errors_at_the_field() {
    assert_error(&message(0, 1, &param(0x0d, &[0, 3, 0, 1])), ErrorCode::ProtocolError, 12);
    assert_error(&message(0, 1, &param(0x0d, &[0, 0, 0, 2])), ErrorCode::ProtocolError, 12);
    // AS-DOWN (1) is reserved in IUA
    assert_error(&message(0, 1, &param(0x0d, &[0, 1, 0, 1])), ErrorCode::ProtocolError, 14);
    assert_error(&message(0, 1, &param(0x0d, &[0, 2, 0, 3])), ErrorCode::ProtocolError, 14);
    let body = params(&[param(0x01, &[0, 0, 0, 1]), param(0x05, &[0, 1, 0, 0]), param(0x10, &[0, 0, 0, 2])]);
    assert_error(&message(0, 4, &body), ErrorCode::ProtocolError, 28);
}

#[test]
fn interface_identifier_types_that_do_not_fit_the_message() {
    // a range where one Interface Identifier is expected
    let body = params(&[param(0x08, &[0, 0, 0, 1, 0, 0, 0, 2]), param(0x05, &[0, 1, 0, 0]), param(0x0e, &[1])]);
    assert_error(&message(5, 1, &body), ErrorCode::UnsupportedInterfaceIdentifierType, 8);
    // text mixed with integers, either way round
    let body = params(&[param(0x01, &[0, 0, 0, 1]), param(0x03, b"a")]);
    assert_error(&message(4, 1, &body), ErrorCode::ProtocolError, 16);
    let body = params(&[param(0x03, b"a"), param(0x08, &[0, 0, 0, 1, 0, 0, 0, 2])]);
    assert_error(&message(0, 1, &params(&[param(0x0d, &[0, 1, 0, 3]), body])), ErrorCode::ProtocolError, 24);
    // a range that ends before it starts, at the range
    let body = param(0x08, &[0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 9, 0, 0, 0, 8]);
    assert_error(&message(4, 2, &body), ErrorCode::ProtocolError, 20);
    // none at all in ASPSM
    assert_error(&message(3, 1, &param(0x03, b"a")), ErrorCode::ProtocolError, 8);
}

// --- Decoding what RFC 4233 allows beyond what encode writes ------------------------------

#[test]
fn integer_and_range_interface_identifiers_combine() {
    let body = params(&[param(0x01, &[0, 0, 0, 1, 0, 0, 0, 2]), param(0x01, &[0, 0, 0, 3])]);
    assert_eq!(
        decode(&message(4, 2, &body)).unwrap(),
        Message::AspInactive { interface_ids: Some(InterfaceIds::Integers(vec![1, 2, 3])), info: None }
    );
    let body =
        params(&[param(0x01, &[0, 0, 0, 1]), param(0x08, &[0, 0, 0, 5, 0, 0, 0, 9]), param(0x01, &[0, 0, 0, 7])]);
    let ids = InterfaceIds::Ranges(vec![(1, 1), (5, 9), (7, 7)]);
    assert_eq!(decode(&message(4, 2, &body)).unwrap(), Message::AspInactive { interface_ids: Some(ids), info: None });
}

#[test]
fn parameters_may_come_in_any_order() {
    let body = params(&[param(0x04, b"hi"), param(0x01, &[0, 0, 0, 4]), param(0x0b, &[0, 0, 0, 2])]);
    assert_eq!(
        decode(&message(4, 1, &body)).unwrap(),
        Message::AspActive {
            traffic_mode: Some(TrafficMode::Loadshare),
            interface_ids: Some(InterfaceIds::Integers(vec![4])),
            info: Some("hi".into()),
        }
    );
}

#[test]
fn unknown_error_codes_are_kept() {
    let bytes = message(0, 0, &param(0x0c, &[0, 0, 0x12, 0x34]));
    let decoded = decode(&bytes).unwrap();
    assert_eq!(decoded, Message::Error { code: ErrorCode::Other(0x1234), interface_ids: None, diagnostic: None });
    assert_eq!(encode(&decoded).unwrap(), bytes);
}

#[test]
fn decode_errors_display_their_reason_and_offset() {
    let error = error(&message(4, 1, &param(0x0b, &[0, 0, 0, 3])));
    let text = error.to_string();
    assert!(text.contains("Traffic Mode Type 3") && text.contains("offset 12"), "{text}");
    let boxed: Box<dyn std::error::Error> = Box::new(error);
    assert!(boxed.to_string().contains("Unsupported Traffic Handling Mode"));
}

// --- Encoding what RFC 4233 does not allow -------------------------------------------------

#[test]
fn encode_refuses_values_rfc_4233_does_not_allow() {
    let refused = [
        Message::AspUp { asp_id: None, info: Some(vec![b'x'; 256]) },
        Message::AspInactive { interface_ids: Some(InterfaceIds::Integers(Vec::new())), info: None },
        Message::AspInactive { interface_ids: Some(InterfaceIds::Text(vec![String::new()])), info: None },
        Message::AspInactive { interface_ids: Some(InterfaceIds::Ranges(vec![(2, 1)])), info: None },
        Message::Notify { status: Status { kind: 1, info: 1 }, asp_id: None, interface_ids: None, info: None },
        Message::Error { code: ErrorCode::Other(7), interface_ids: None, diagnostic: None },
        Message::TeiStatusRequest { interface_id: InterfaceId::Text(String::new()), dlci: dlci(0, 0) },
        Message::TeiStatusRequest { interface_id: InterfaceId::Integer(0), dlci: Dlci { sapi: 64, tei: 0 } },
        Message::DataRequest { interface_id: InterfaceId::Integer(0), dlci: dlci(0, 0), data: vec![0; 65_509] },
    ];
    for message in refused {
        let error = encode(&message).unwrap_err();
        assert_eq!(error.message, message.name());
        assert!(message.validate().is_err());
        let mut out = vec![1, 2, 3];
        assert!(encode_into(&message, &mut out).is_err());
        assert_eq!(out, [1, 2, 3], "left unchanged");
    }
    let fits = Message::DataRequest { interface_id: InterfaceId::Integer(0), dlci: dlci(0, 0), data: vec![0; 65_508] };
    assert_eq!(encode(&fits).unwrap().len(), MAX_MESSAGE_LEN);
}

#[test]
fn the_most_interface_identifiers_a_message_carries() {
    assert_eq!((MAX_INTEGER_INTERFACE_IDS, MAX_INTERFACE_ID_RANGES), (16_381, 8_190));
    let integers = |n: usize| InterfaceIds::Integers((0..n as u32).collect());
    let ranges = |n: usize| InterfaceIds::Ranges((0..n as u32).map(|i| (2 * i, 2 * i + 1)).collect());
    for (ids, item) in [(integers(MAX_INTEGER_INTERFACE_IDS), 4), (ranges(MAX_INTERFACE_ID_RANGES), 8)] {
        let inactive = Message::AspInactive { interface_ids: Some(ids), info: None };
        let bytes = encode(&inactive).unwrap();
        assert!(bytes.len() <= MAX_MESSAGE_LEN && bytes.len() + item > MAX_MESSAGE_LEN, "{}", bytes.len());
        assert_eq!(decode(&bytes), Ok(inactive));
    }
    for ids in [integers(MAX_INTEGER_INTERFACE_IDS + 1), ranges(MAX_INTERFACE_ID_RANGES + 1)] {
        let error = encode(&Message::AspInactive { interface_ids: Some(ids), info: None }).unwrap_err();
        assert!(error.reason.contains("that fit"), "{error}");
    }
    // Other parameters leave room for fewer: a Traffic Mode Type takes 8 octets.
    let active = |n| Message::AspActive {
        traffic_mode: Some(TrafficMode::Override),
        interface_ids: Some(integers(n)),
        info: None,
    };
    assert!(encode(&active(MAX_INTEGER_INTERFACE_IDS - 2)).is_ok());
    assert!(encode(&active(MAX_INTEGER_INTERFACE_IDS - 1)).unwrap_err().reason.contains("longer than the maximum"));
}

#[test]
fn each_message_has_its_sender() {
    let asp = Some(Side::Asp);
    let sg = Some(Side::Sg);
    let table: [(MessageClass, Vec<Option<Side>>); 4] = [
        (MessageClass::Mgmt, vec![None, sg, asp, sg, sg]),
        (MessageClass::Aspsm, vec![None, asp, asp, None, sg, sg, None]),
        (MessageClass::Asptm, vec![None, asp, asp, sg, sg]),
        (MessageClass::Qptm, vec![None, asp, sg, asp, sg, asp, sg, sg, asp, sg, sg, None]),
    ];
    for (class, senders) in table {
        for (type_code, expected) in senders.iter().enumerate() {
            assert_eq!(sender(class, type_code as u8), *expected, "{class:?} {type_code}");
        }
    }
    assert_eq!(Message::AspUp { asp_id: None, info: None }.sender(), asp);
    assert_eq!(
        Message::Notify { status: Status::as_active(), asp_id: None, interface_ids: None, info: None }.sender(),
        sg
    );
    assert_eq!(Message::Heartbeat { data: None }.sender(), None);
}

#[test]
fn an_unsupported_qptm_message_of_the_receivers_own_side_is_unexpected() {
    // Establish Request (QPTM 5), sent by an ASP; Establish Confirm (QPTM 6), sent by an SG.
    let body = params(&[param(0x01, &[0, 0, 0, 1]), param(0x05, &[0, 1, 0, 0])]);
    for (type_code, at_sg, at_asp) in [
        (5, ErrorCode::UnsupportedMessageType, ErrorCode::UnexpectedMessage),
        (6, ErrorCode::UnexpectedMessage, ErrorCode::UnsupportedMessageType),
        (3, ErrorCode::UnsupportedMessageType, ErrorCode::UnexpectedMessage),
        (10, ErrorCode::UnexpectedMessage, ErrorCode::UnsupportedMessageType),
    ] {
        let bytes = message(5, type_code, &body);
        let error = error(&bytes);
        assert_eq!(error.code, ErrorCode::UnsupportedMessageType, "the codec itself knows no direction");
        assert_eq!(error.answer_code(&bytes, Side::Sg), at_sg, "QPTM {type_code} at the SG");
        assert_eq!(error.answer_code(&bytes, Side::Asp), at_asp, "QPTM {type_code} at the ASP");
    }
    // Other errors are answered with their own code.
    let bad_version = [2, 0, 5, 5, 0, 0, 0, 8];
    assert_eq!(error(&bad_version).answer_code(&bad_version, Side::Asp), ErrorCode::InvalidVersion);
}

#[test]
fn encode_lenient_writes_what_fits_on_the_wire_even_if_the_peer_will_refuse_it() {
    let empty = Message::AspInactive { interface_ids: Some(InterfaceIds::Integers(Vec::new())), info: None };
    let bytes = encode_lenient(&empty).unwrap();
    assert_eq!(bytes, [1, 0, 4, 2, 0, 0, 0, 12, 0, 1, 0, 4]);
    assert_error(&bytes, ErrorCode::ProtocolError, 10);
    let pending_down =
        Message::Notify { status: Status { kind: 1, info: 1 }, asp_id: None, interface_ids: None, info: None };
    assert_error(&encode_lenient(&pending_down).unwrap(), ErrorCode::ProtocolError, 14);
}

#[test]
fn what_the_wire_cannot_carry_is_an_error_even_when_lenient() {
    let bad_dlci =
        Message::TeiStatusRequest { interface_id: InterfaceId::Integer(0), dlci: Dlci { sapi: 0, tei: 200 } };
    assert!(encode_lenient(&bad_dlci).unwrap_err().to_string().contains("DLCI"));
    let too_long = Message::Heartbeat { data: Some(vec![0; MAX_MESSAGE_LEN - 8]) };
    assert!(encode_lenient(&too_long).unwrap_err().to_string().contains("longer than the maximum"));
    assert!(encode(&too_long).is_err());
}

// --- The framer ----------------------------------------------------------------------------

fn some_messages() -> Vec<Message> {
    vec![
        Message::AspUp { asp_id: Some(1), info: Some("asp".into()) },
        Message::Heartbeat { data: Some(vec![9; 1000]) },
        Message::AspDownAck { info: None },
        Message::DataIndication { interface_id: InterfaceId::Integer(3), dlci: dlci(0, 64), data: vec![1, 2, 3] },
    ]
}

#[test]
fn the_framer_cuts_a_stream_split_at_every_point() {
    let encodings: Vec<Vec<u8>> = some_messages().iter().map(|m| encode(m).unwrap()).collect();
    let stream = encodings.concat();
    for cut in 0..=stream.len() {
        let mut framer = Framer::new();
        let mut out = Vec::new();
        for piece in [&stream[..cut], &stream[cut..]] {
            framer.push(piece);
            while let Some(message) = framer.next_message() {
                out.push(message.unwrap());
            }
        }
        assert_eq!(out, encodings, "cut at {cut}");
        assert_eq!(framer.buffered(), 0);
    }
}

#[test]
fn the_framer_waits_for_whole_messages_one_octet_at_a_time() {
    let bytes = encode(&Message::AspUp { asp_id: Some(1), info: None }).unwrap();
    let mut framer = Framer::new();
    for (index, octet) in bytes.iter().enumerate() {
        assert!(framer.next_message().is_none());
        framer.push(&[*octet]);
        assert_eq!(framer.buffered(), index + 1);
    }
    assert_eq!(framer.next_message().unwrap().unwrap(), bytes);
    assert!(framer.next_message().is_none());
}

#[test]
fn the_framer_refuses_lengths_under_8_or_over_the_maximum_and_then_stays_failed() {
    let too_long = u32::try_from(MAX_MESSAGE_LEN + 4).unwrap();
    for length in [0, 4, 7, too_long, u32::MAX] {
        let mut framer = Framer::new();
        let good = encode(&Message::AspDown { info: None }).unwrap();
        framer.push(&good);
        framer.push(&[1, 0, 3, 1]);
        framer.push(&length.to_be_bytes());
        assert_eq!(framer.next_message().unwrap().unwrap(), good);
        let error = framer.next_message().unwrap().unwrap_err();
        assert_eq!((error.code, error.offset), (ErrorCode::ProtocolError, 4));
        assert!(framer.is_failed());
        assert!(framer.next_message().is_none());
        framer.push(&good);
        assert!(framer.next_message().is_none());
        assert_eq!(framer.buffered(), 0, "nothing is kept once failed");
    }
}

#[test]
fn the_framer_cuts_by_length_and_leaves_checking_to_decode() {
    let mut framer = Framer::new();
    let odd = message(9, 9, &[0xff; 4]);
    framer.push(&odd);
    assert_eq!(framer.next_message().unwrap().unwrap(), odd);
    assert_error(&odd, ErrorCode::UnsupportedMessageClass, 2);
}

#[test]
fn the_framer_buffers_at_most_what_is_pushed() {
    let bytes = encode(&Message::Heartbeat { data: Some(vec![1; MAX_MESSAGE_LEN - 12]) }).unwrap();
    let mut framer = Framer::new();
    for chunk in bytes.chunks(1000) {
        framer.push(chunk);
        assert!(framer.buffered() <= MAX_MESSAGE_LEN);
        if framer.buffered() < bytes.len() {
            assert!(framer.next_message().is_none());
        }
    }
    assert_eq!(framer.next_message().unwrap().unwrap(), bytes);
    assert_eq!(framer.buffered(), 0);
}

#[test]
fn the_framer_memory_stays_bounded_over_a_long_stream() {
    let one = encode(&Message::Heartbeat { data: Some(vec![5; 988]) }).unwrap();
    assert_eq!(one.len(), 1000);
    let stream = one.repeat(1000);
    let mut framer = Framer::new();
    let mut count = 0;
    for chunk in stream.chunks(700) {
        framer.push(chunk);
        while let Some(message) = framer.next_message() {
            assert_eq!(message.unwrap(), one);
            count += 1;
        }
        assert!(framer.buffered() < 1000);
        assert!(framer.allocated() <= 8 * 1024, "{} octets held", framer.allocated());
    }
    assert_eq!(count, 1000);
    framer.push(&[1, 0, 3, 3, 0, 0, 0, 4]);
    assert!(framer.next_message().unwrap().is_err());
    assert_eq!(framer.allocated(), 0);
}

// --- Properties ----------------------------------------------------------------------------

fn text() -> impl Strategy<Value = String> {
    "\\PC{1,24}"
}

/// INFO Strings: text, and any octets (an 8-bit string need not be UTF-8).
fn info() -> impl Strategy<Value = Option<Vec<u8>>> {
    proptest::option::of(prop_oneof!["\\PC{0,60}".prop_map(String::into_bytes), bytes(256)])
}

fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..max)
}

fn interface_id() -> impl Strategy<Value = InterfaceId> {
    prop_oneof![any::<u32>().prop_map(InterfaceId::Integer), text().prop_map(InterfaceId::Text)]
}

fn interface_ids() -> impl Strategy<Value = Option<InterfaceIds>> {
    let range = (any::<u32>(), any::<u32>()).prop_map(|(a, b)| (a.min(b), a.max(b)));
    proptest::option::of(prop_oneof![
        proptest::collection::vec(any::<u32>(), 1..20).prop_map(InterfaceIds::Integers),
        proptest::collection::vec(text(), 1..5).prop_map(InterfaceIds::Text),
        proptest::collection::vec(range, 1..10).prop_map(InterfaceIds::Ranges),
    ])
}

fn dlci_strategy() -> impl Strategy<Value = Dlci> {
    (0u8..=63, 0u8..=127).prop_map(|(sapi, tei)| dlci(sapi, tei))
}

fn status() -> impl Strategy<Value = Status> {
    prop_oneof![
        Just(Status::as_inactive()),
        Just(Status::as_active()),
        Just(Status::as_pending()),
        Just(Status::insufficient_asps()),
        Just(Status::alternate_asp_active()),
    ]
}

fn error_code() -> impl Strategy<Value = ErrorCode> {
    prop_oneof![
        (1u32..=15).prop_map(ErrorCode::from_value),
        (16u32..).prop_map(ErrorCode::Other),
        Just(ErrorCode::Other(0))
    ]
}

fn traffic_mode() -> impl Strategy<Value = Option<TrafficMode>> {
    proptest::option::of(prop_oneof![Just(TrafficMode::Override), Just(TrafficMode::Loadshare)])
}

fn tei_status() -> impl Strategy<Value = TeiStatus> {
    prop_oneof![Just(TeiStatus::Assigned), Just(TeiStatus::Unassigned)]
}

fn any_message() -> impl Strategy<Value = Message> {
    prop_oneof![
        (error_code(), interface_ids(), proptest::option::of(bytes(60)))
            .prop_map(|(code, interface_ids, diagnostic)| Message::Error { code, interface_ids, diagnostic }),
        (status(), proptest::option::of(any::<u32>()), interface_ids(), info())
            .prop_map(|(status, asp_id, interface_ids, info)| Message::Notify { status, asp_id, interface_ids, info }),
        (interface_id(), dlci_strategy())
            .prop_map(|(interface_id, dlci)| Message::TeiStatusRequest { interface_id, dlci }),
        (interface_id(), dlci_strategy(), tei_status())
            .prop_map(|(interface_id, dlci, status)| Message::TeiStatusConfirm { interface_id, dlci, status }),
        (interface_id(), dlci_strategy(), tei_status())
            .prop_map(|(interface_id, dlci, status)| Message::TeiStatusIndication { interface_id, dlci, status }),
        (proptest::option::of(any::<u32>()), info()).prop_map(|(asp_id, info)| Message::AspUp { asp_id, info }),
        info().prop_map(|info| Message::AspDown { info }),
        proptest::option::of(bytes(100)).prop_map(|data| Message::Heartbeat { data }),
        info().prop_map(|info| Message::AspUpAck { info }),
        info().prop_map(|info| Message::AspDownAck { info }),
        proptest::option::of(bytes(100)).prop_map(|data| Message::HeartbeatAck { data }),
        (traffic_mode(), interface_ids(), info()).prop_map(|(traffic_mode, interface_ids, info)| Message::AspActive {
            traffic_mode,
            interface_ids,
            info
        }),
        (interface_ids(), info()).prop_map(|(interface_ids, info)| Message::AspInactive { interface_ids, info }),
        (traffic_mode(), interface_ids(), info()).prop_map(|(traffic_mode, interface_ids, info)| {
            Message::AspActiveAck { traffic_mode, interface_ids, info }
        }),
        (interface_ids(), info()).prop_map(|(interface_ids, info)| Message::AspInactiveAck { interface_ids, info }),
        (interface_id(), dlci_strategy(), bytes(300)).prop_map(|(interface_id, dlci, data)| Message::DataRequest {
            interface_id,
            dlci,
            data
        }),
        (interface_id(), dlci_strategy(), bytes(300)).prop_map(|(interface_id, dlci, data)| Message::DataIndication {
            interface_id,
            dlci,
            data
        }),
    ]
}

/// What a decode must satisfy whatever the bytes: an error points into the message (or at the
/// length field of a short one), and a decoded message encodes and decodes back to itself.
fn check_decode(bytes: &[u8]) -> Result<(), TestCaseError> {
    match decode(bytes) {
        Ok(message) => {
            let encoded = encode(&message).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(decode(&encoded), Ok(message));
        }
        Err(error) => {
            prop_assert!(error.offset <= bytes.len().max(HEADER_LEN), "{} for {} octets", error, bytes.len());
            prop_assert!(!error.reason.is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn messages_round_trip(message in any_message()) {
        let bytes = encode(&message).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(encode_lenient(&message), Ok(bytes.clone()));
        prop_assert_eq!(bytes.len() % 4, 0);
        prop_assert_eq!(bytes.len(), message.encoded_len());
        prop_assert_eq!(u32::from_be_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize, bytes.len());
        prop_assert_eq!((bytes[2], bytes[3]), (message.class().value(), message.type_code()));
        prop_assert_eq!(decode(&bytes), Ok(message));
    }

    #[test]
    fn random_bytes_never_panic(bytes in bytes(200)) {
        check_decode(&bytes)?;
    }

    #[test]
    fn random_parameters_under_a_valid_header_never_panic(
        class in prop_oneof![Just(0u8), Just(3), Just(4), Just(5)],
        type_code in 0u8..8,
        body in proptest::collection::vec(
            (0u16..0x14, bytes(20)).prop_map(|(tag, value)| param(tag, &value)), 0..6),
    ) {
        check_decode(&message(class, type_code, &body.concat()))?;
    }

    #[test]
    fn mutations_of_valid_encodings_never_panic(
        message in any_message(),
        mutations in proptest::collection::vec(mutation(), 1..4),
        fix_length in any::<bool>(),
    ) {
        let mut bytes = encode(&message).unwrap();
        for mutation in &mutations {
            mutate(&mut bytes, mutation);
        }
        if fix_length && bytes.len() >= HEADER_LEN {
            let len = u32::try_from(bytes.len()).unwrap();
            bytes[4..8].copy_from_slice(&len.to_be_bytes());
        }
        check_decode(&bytes)?;
    }

    #[test]
    fn truncations_of_valid_encodings_are_refused(message in any_message(), cut in any::<usize>()) {
        let bytes = encode(&message).unwrap();
        let cut = cut % bytes.len();
        let error = decode(&bytes[..cut]).unwrap_err();
        prop_assert_eq!(error.code, ErrorCode::ProtocolError);
        prop_assert_eq!(error.offset, 4);
    }

    #[test]
    fn the_framer_reassembles_a_stream_split_at_random_points(
        messages in proptest::collection::vec(any_message(), 0..8),
        cuts in proptest::collection::vec(any::<usize>(), 0..20),
    ) {
        let encodings: Vec<Vec<u8>> = messages.iter().map(|m| encode(m).unwrap()).collect();
        let stream = encodings.concat();
        let mut cuts: Vec<usize> = cuts.iter().map(|cut| cut % (stream.len() + 1)).collect();
        cuts.push(0);
        cuts.push(stream.len());
        cuts.sort_unstable();
        let mut framer = Framer::new();
        let mut out = Vec::new();
        for window in cuts.windows(2) {
            framer.push(&stream[window[0]..window[1]]);
            while let Some(message) = framer.next_message() {
                out.push(message.unwrap());
            }
        }
        prop_assert_eq!(framer.buffered(), 0);
        prop_assert_eq!(&out, &encodings);
        let decoded: Vec<Message> = out.iter().map(|bytes| decode(bytes).unwrap()).collect();
        prop_assert_eq!(decoded, messages);
    }
}
