//! Every decode error with its code and offset, and what RFC 4233 allows beyond what encode writes.

use super::*;

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
