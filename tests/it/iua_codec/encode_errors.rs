//! Encoding what RFC 4233 does not allow, and the framer.

use super::*;

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
