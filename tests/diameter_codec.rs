//! The Diameter base protocol codec (RFC 6733 §3 to §5, §7): encodings written out by hand from
//! the formats of the RFC, every decode error with its Result-Code and offset, unknown AVPs, and
//! properties over random messages, bytes, mutations and stream splits.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

#[path = "support/mutation.rs"]
mod mutation;

use mutation::{mutate, mutation};
use proptest::prelude::*;
use rfc_fsm::diameter::codec::result_code::{
    self, DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, DIAMETER_AVP_UNSUPPORTED, DIAMETER_COMMAND_UNSUPPORTED,
    DIAMETER_INVALID_AVP_BITS, DIAMETER_INVALID_AVP_LENGTH, DIAMETER_INVALID_AVP_VALUE, DIAMETER_INVALID_BIT_IN_HEADER,
    DIAMETER_INVALID_HDR_BITS, DIAMETER_INVALID_MESSAGE_LENGTH, DIAMETER_MISSING_AVP, DIAMETER_NO_COMMON_APPLICATION,
    DIAMETER_SUCCESS, DIAMETER_UNKNOWN_PEER, DIAMETER_UNSUPPORTED_VERSION,
};
use rfc_fsm::diameter::codec::{
    ApplicationId, Avp, AvpValue, Capabilities, Cea, Cer, CommandFlags, DecodeError, DisconnectCause, Dpa, Dpr, Dwa,
    Dwr, Framer, HEADER_LEN, Header, MAX_GROUPED_DEPTH, MAX_MESSAGE_LEN, Message, RawMessage,
    VendorSpecificApplicationId, avp_code, command_code,
};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

const R: u8 = 0x80;
const M: u8 = 0x40;
const V: u8 = 0x80;

/// A message: the header with the right Message Length, then `body`.
fn message(flags: u8, command: u32, application: u32, body: &[u8]) -> Vec<u8> {
    let len = u32::try_from(HEADER_LEN + body.len()).unwrap().to_be_bytes();
    let code = command.to_be_bytes();
    let mut bytes = vec![1, len[1], len[2], len[3], flags, code[1], code[2], code[3]];
    bytes.extend_from_slice(&application.to_be_bytes());
    bytes.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 2]); // Hop-by-Hop 1, End-to-End 2
    bytes.extend_from_slice(body);
    bytes
}

/// An AVP without Vendor-ID, with its padding.
fn avp(code: u32, flags: u8, value: &[u8]) -> Vec<u8> {
    let len = u32::try_from(8 + value.len()).unwrap().to_be_bytes();
    let mut bytes = code.to_be_bytes().to_vec();
    bytes.extend_from_slice(&[flags, len[1], len[2], len[3]]);
    bytes.extend_from_slice(value);
    while !bytes.len().is_multiple_of(4) {
        bytes.push(0);
    }
    bytes
}

/// An AVP with the V bit and a Vendor-ID, with its padding.
fn vendor_avp(code: u32, flags: u8, vendor: u32, value: &[u8]) -> Vec<u8> {
    let len = u32::try_from(12 + value.len()).unwrap().to_be_bytes();
    let mut bytes = code.to_be_bytes().to_vec();
    bytes.extend_from_slice(&[flags | V, len[1], len[2], len[3]]);
    bytes.extend_from_slice(&vendor.to_be_bytes());
    bytes.extend_from_slice(value);
    while !bytes.len().is_multiple_of(4) {
        bytes.push(0);
    }
    bytes
}

fn u32_avp(code: u32, value: u32) -> Vec<u8> {
    avp(code, M, &value.to_be_bytes())
}

/// Origin-Host "a" and Origin-Realm "b": 24 octets.
fn identity() -> Vec<u8> {
    [avp(avp_code::ORIGIN_HOST, M, b"a"), avp(avp_code::ORIGIN_REALM, M, b"b")].concat()
}

fn dwr_with(extra: &[Vec<u8>]) -> Vec<u8> {
    message(R, command_code::DEVICE_WATCHDOG, 0, &[identity(), extra.concat()].concat())
}

fn dwa_with(extra: &[Vec<u8>]) -> Vec<u8> {
    let body = [u32_avp(avp_code::RESULT_CODE, DIAMETER_SUCCESS), identity(), extra.concat()].concat();
    message(0, command_code::DEVICE_WATCHDOG, 0, &body)
}

fn cer_with(extra: &[Vec<u8>]) -> Vec<u8> {
    let body = [
        identity(),
        avp(avp_code::HOST_IP_ADDRESS, M, &[0, 1, 192, 0, 2, 1]),
        u32_avp(avp_code::VENDOR_ID, 0),
        avp(avp_code::PRODUCT_NAME, 0, b"p"),
        extra.concat(),
    ]
    .concat();
    message(R, command_code::CAPABILITIES_EXCHANGE, 0, &body)
}

fn error(bytes: &[u8]) -> DecodeError {
    match Message::decode(bytes) {
        Ok(message) => panic!("decoded {message:?}"),
        Err(error) => error,
    }
}

#[track_caller]
fn assert_error(bytes: &[u8], result_code: u32, offset: usize) -> DecodeError {
    let error = error(bytes);
    assert_eq!((error.result_code, error.offset), (result_code, offset), "{error}");
    assert!(!error.reason.is_empty());
    error
}

#[track_caller]
fn assert_encoding(message: &Message, bytes: &[u8]) {
    assert_eq!(message.encode().unwrap(), bytes, "encoding of {message:?}");
    assert_eq!(Message::decode(bytes).unwrap(), *message);
    assert_eq!(RawMessage::decode(bytes).unwrap().encode().unwrap(), bytes);
}

// ---------------------------------------------------------------------------------------------
// Encodings written out from RFC 6733 §3 (header), §4.1 (AVP header) and the Command Code
// Formats of §5.3.1, §5.4.1, §5.5.1 and §5.5.2.

#[test]
fn dwr_encoding() {
    let dwr = Message::Dwr(Dwr {
        hop_by_hop: 0x1122_3344,
        end_to_end: 0x5566_7788,
        origin_host: "dwr.example.com".into(),
        origin_realm: "example.com".into(),
        origin_state_id: Some(1),
    });
    let bytes = [
        // Version 1, Message Length 76; flags R; Command Code 280; Application-ID 0
        &[1, 0, 0, 76, 0x80, 0, 0x01, 0x18, 0, 0, 0, 0][..],
        // Hop-by-Hop, End-to-End
        &[0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88],
        // Origin-Host (264), M, AVP Length 8 + 15, one octet of padding
        &[0, 0, 0x01, 0x08, 0x40, 0, 0, 23],
        b"dwr.example.com",
        &[0],
        // Origin-Realm (296), M, AVP Length 8 + 11, one octet of padding
        &[0, 0, 0x01, 0x28, 0x40, 0, 0, 19],
        b"example.com",
        &[0],
        // Origin-State-Id (278), M, AVP Length 12, value 1
        &[0, 0, 0x01, 0x16, 0x40, 0, 0, 12, 0, 0, 0, 1],
    ]
    .concat();
    assert_encoding(&dwr, &bytes);
    assert_eq!((dwr.name(), dwr.is_request()), ("DWR", true));
}

#[test]
fn dwa_encoding() {
    let dwa = Message::Dwa(Dwa {
        hop_by_hop: 0x1122_3344,
        end_to_end: 0x5566_7788,
        result_code: DIAMETER_SUCCESS,
        origin_host: "dwa.example.com".into(),
        origin_realm: "example.com".into(),
        error_message: Some("ok".into()),
        failed_avp: None,
        origin_state_id: Some(7),
    });
    let bytes = [
        // Version 1, Message Length 100; no flags (an answer); Command Code 280; Application-ID 0
        &[1, 0, 0, 100, 0x00, 0, 0x01, 0x18, 0, 0, 0, 0][..],
        &[0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88],
        // Result-Code (268), M, 12, DIAMETER_SUCCESS (2001)
        &[0, 0, 0x01, 0x0c, 0x40, 0, 0, 12, 0, 0, 0x07, 0xd1],
        &[0, 0, 0x01, 0x08, 0x40, 0, 0, 23],
        b"dwa.example.com",
        &[0],
        &[0, 0, 0x01, 0x28, 0x40, 0, 0, 19],
        b"example.com",
        &[0],
        // Error-Message (281), M bit clear (RFC 6733 §4.5), AVP Length 10, two octets of padding
        &[0, 0, 0x01, 0x19, 0x00, 0, 0, 10],
        b"ok",
        &[0, 0],
        // Origin-State-Id (278), M, 12, 7
        &[0, 0, 0x01, 0x16, 0x40, 0, 0, 12, 0, 0, 0, 7],
    ]
    .concat();
    assert_encoding(&dwa, &bytes);
    assert_eq!((dwa.name(), dwa.is_request()), ("DWA", false));
}

#[test]
fn cer_encoding_with_two_host_ip_addresses_and_a_vendor_specific_application() {
    let cer = Message::Cer(Cer {
        hop_by_hop: 1,
        end_to_end: 2,
        capabilities: Capabilities {
            origin_host: "cer.example.com".into(),
            origin_realm: "example.com".into(),
            host_ip_addresses: vec![
                IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)),
                IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1)),
            ],
            vendor_id: 32473,
            product_name: "rfc-fsm".into(),
            origin_state_id: None,
            supported_vendor_ids: vec![10415],
            auth_application_ids: vec![4],
            inband_security_ids: vec![],
            acct_application_ids: vec![3],
            vendor_specific_application_ids: vec![VendorSpecificApplicationId {
                vendor_id: 10415,
                application: ApplicationId::Auth(16_777_251),
            }],
            firmware_revision: Some(1),
        },
    });
    let bytes = [
        // Version 1, Message Length 216; R; Command Code 257; Application-ID 0; identifiers 1, 2
        &[1, 0, 0, 216, 0x80, 0, 0x01, 0x01, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2][..],
        &[0, 0, 0x01, 0x08, 0x40, 0, 0, 23],
        b"cer.example.com",
        &[0],
        &[0, 0, 0x01, 0x28, 0x40, 0, 0, 19],
        b"example.com",
        &[0],
        // Host-IP-Address (257), M, 8 + 6: AddressType 1 (IPv4), 192.0.2.1, two octets of padding
        &[0, 0, 0x01, 0x01, 0x40, 0, 0, 14, 0, 1, 192, 0, 2, 1, 0, 0],
        // Host-IP-Address, M, 8 + 18: AddressType 2 (IPv6), 2001:db8::1, two octets of padding
        &[0, 0, 0x01, 0x01, 0x40, 0, 0, 26, 0, 2, 0x20, 0x01, 0x0d, 0xb8],
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
        // Vendor-Id (266), M, 12, 32473
        &[0, 0, 0x01, 0x0a, 0x40, 0, 0, 12, 0, 0, 0x7e, 0xd9],
        // Product-Name (269), M bit clear, 8 + 7, one octet of padding
        &[0, 0, 0x01, 0x0d, 0x00, 0, 0, 15],
        b"rfc-fsm",
        &[0],
        // Supported-Vendor-Id (265) 10415, Auth-Application-Id (258) 4, Acct-Application-Id (259) 3
        &[0, 0, 0x01, 0x09, 0x40, 0, 0, 12, 0, 0, 0x28, 0xaf],
        &[0, 0, 0x01, 0x02, 0x40, 0, 0, 12, 0, 0, 0, 4],
        &[0, 0, 0x01, 0x03, 0x40, 0, 0, 12, 0, 0, 0, 3],
        // Vendor-Specific-Application-Id (260), M, 8 + 24: Vendor-Id 10415, Auth-Application-Id
        // 16777251
        &[0, 0, 0x01, 0x04, 0x40, 0, 0, 32],
        &[0, 0, 0x01, 0x0a, 0x40, 0, 0, 12, 0, 0, 0x28, 0xaf],
        &[0, 0, 0x01, 0x02, 0x40, 0, 0, 12, 0x01, 0, 0, 0x23],
        // Firmware-Revision (267), M bit clear, 12, 1
        &[0, 0, 0x01, 0x0b, 0x00, 0, 0, 12, 0, 0, 0, 1],
    ]
    .concat();
    assert_encoding(&cer, &bytes);
    assert_eq!((cer.name(), cer.is_request()), ("CER", true));
}

#[test]
fn dpr_encoding() {
    let dpr = Message::Dpr(Dpr {
        hop_by_hop: 5,
        end_to_end: 6,
        origin_host: "dpr.example.com".into(),
        origin_realm: "example.com".into(),
        disconnect_cause: DisconnectCause::DoNotWantToTalkToYou,
    });
    let bytes = [
        // Version 1, Message Length 76; R; Command Code 282; Application-ID 0; identifiers 5, 6
        &[1, 0, 0, 76, 0x80, 0, 0x01, 0x1a, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 6][..],
        &[0, 0, 0x01, 0x08, 0x40, 0, 0, 23],
        b"dpr.example.com",
        &[0],
        &[0, 0, 0x01, 0x28, 0x40, 0, 0, 19],
        b"example.com",
        &[0],
        // Disconnect-Cause (273), M, 12, DO_NOT_WANT_TO_TALK_TO_YOU (2)
        &[0, 0, 0x01, 0x11, 0x40, 0, 0, 12, 0, 0, 0, 2],
    ]
    .concat();
    assert_encoding(&dpr, &bytes);
    assert_eq!((dpr.name(), dpr.is_request()), ("DPR", true));
}

#[test]
fn cea_and_dpa_round_trip_with_a_failed_avp() {
    let failed = vec![Avp::unsigned32(avp_code::ORIGIN_STATE_ID, 0).with_mandatory(true)];
    let cea = Message::Cea(Cea {
        hop_by_hop: 9,
        end_to_end: 10,
        result_code: DIAMETER_NO_COMMON_APPLICATION,
        capabilities: Capabilities {
            origin_host: "h".into(),
            origin_realm: "r".into(),
            host_ip_addresses: vec![IpAddr::V4(Ipv4Addr::LOCALHOST)],
            vendor_id: 0,
            product_name: "p".into(),
            origin_state_id: Some(3),
            supported_vendor_ids: vec![1, 2],
            auth_application_ids: vec![],
            inband_security_ids: vec![0],
            acct_application_ids: vec![],
            vendor_specific_application_ids: vec![VendorSpecificApplicationId {
                vendor_id: 5,
                application: ApplicationId::Acct(6),
            }],
            firmware_revision: None,
        },
        error_message: Some("no common application".into()),
        failed_avp: Some(failed.clone()),
    });
    let bytes = cea.encode().unwrap();
    assert_eq!(Message::decode(&bytes), Ok(cea.clone()));
    assert_eq!((cea.name(), cea.is_request()), ("CEA", false));
    let raw = RawMessage::decode(&bytes).unwrap();
    let failed_avp = raw.find(avp_code::FAILED_AVP).unwrap();
    assert_eq!(failed_avp.as_grouped(), Some(&failed[..]));
    assert_eq!(raw.result_code(), Some(DIAMETER_NO_COMMON_APPLICATION));

    let dpa = Message::Dpa(Dpa {
        hop_by_hop: 1,
        end_to_end: 2,
        result_code: DIAMETER_SUCCESS,
        origin_host: "h".into(),
        origin_realm: "r".into(),
        error_message: None,
        failed_avp: Some(failed),
    });
    assert_eq!(Message::decode(&dpa.encode().unwrap()), Ok(dpa.clone()));
    assert_eq!((dpa.name(), dpa.is_request()), ("DPA", false));
}

#[test]
fn vendor_id_avp_round_trip() {
    // A 3GPP AVP (code 1407, vendor 10415) with the V and M bits: AVP Length 16.
    let header = Header {
        flags: CommandFlags { request: true, proxiable: true, ..CommandFlags::default() },
        command_code: 316,
        application_id: 16_777_251,
        hop_by_hop: 1,
        end_to_end: 2,
    };
    let vendor_avp = Avp::unsigned32(1407, 5).with_vendor(10415).with_mandatory(true);
    let message = RawMessage { header, avps: vec![vendor_avp.clone()] };
    let bytes = [
        &[1, 0, 0, 36, 0xc0, 0, 0x01, 0x3c, 0x01, 0, 0, 0x23, 0, 0, 0, 1, 0, 0, 0, 2][..],
        // AVP Code 1407, flags V and M, AVP Length 16, Vendor-ID 10415, value 5
        &[0, 0, 0x05, 0x7f, 0xc0, 0, 0, 16, 0, 0, 0x28, 0xaf, 0, 0, 0, 5],
    ]
    .concat();
    assert_eq!(message.encode().unwrap(), bytes);
    assert_eq!(RawMessage::decode(&bytes), Ok(message.clone()));
    assert_eq!(Message::decode(&bytes), Ok(Message::Other(message)));
    assert_eq!((vendor_avp.header_len(), vendor_avp.flags(), vendor_avp.as_u32()), (12, 0xc0, Some(5)));
}

// ---------------------------------------------------------------------------------------------
// Unknown AVPs (RFC 6733 §4.1) and what decodes as Other.

#[test]
fn unknown_avps_without_the_m_bit_are_ignored_in_a_dwr() {
    let bytes = dwr_with(&[avp(999, 0, b"ignored"), vendor_avp(1, 0, 10415, &[1, 2, 3, 4])]);
    let expected =
        Dwr { hop_by_hop: 1, end_to_end: 2, origin_host: "a".into(), origin_realm: "b".into(), origin_state_id: None };
    assert_eq!(Message::decode(&bytes), Ok(Message::Dwr(expected)));
}

#[test]
fn an_unknown_avp_with_the_m_bit_is_unsupported_in_a_dwr() {
    let unknown = avp(999, M, b"xyz");
    let error = assert_error(&dwr_with(&[unknown]), DIAMETER_AVP_UNSUPPORTED, 44);
    assert_eq!(error.failed_avp, Some(Avp::raw(999, b"xyz".to_vec()).with_mandatory(true)));
    let vendor = vendor_avp(avp_code::ORIGIN_STATE_ID, M, 10415, &[0, 0, 0, 1]);
    let error = assert_error(&dwr_with(&[vendor]), DIAMETER_AVP_UNSUPPORTED, 44);
    assert_eq!(error.failed_avp.unwrap().vendor_id, Some(10415));
}

#[test]
fn known_base_avps_outside_the_command_format_are_ignored() {
    // A Result-Code and a Disconnect-Cause (with the M bit) in a DWR: allowed by * [ AVP ].
    let bytes = dwr_with(&[u32_avp(avp_code::RESULT_CODE, 1), u32_avp(avp_code::DISCONNECT_CAUSE, 9)]);
    assert!(matches!(Message::decode(&bytes), Ok(Message::Dwr(_))));
}

#[test]
fn other_commands_and_applications_decode_as_other() {
    let body = [avp(263, M, b"session"), identity()].concat();
    let unknown_command = message(R, 272, 4, &body);
    let Ok(Message::Other(raw)) = Message::decode(&unknown_command) else { panic!() };
    assert_eq!((raw.header.command_code, raw.header.application_id), (272, 4));
    assert_eq!(raw.avps.first().and_then(Avp::as_str), Some("session"));
    assert_eq!(Message::Other(raw.clone()).encode().unwrap(), unknown_command);
    let answer = raw.header.answer();
    assert_eq!((answer.flags, answer.hop_by_hop, answer.end_to_end), (CommandFlags::default(), 1, 2));

    let other_application = message(R, command_code::DEVICE_WATCHDOG, 3, &identity());
    assert!(matches!(Message::decode(&other_application), Ok(Message::Other(_))));
}

#[test]
fn an_error_answer_to_a_base_request_decodes_as_other() {
    // A CEA with the E bit (RFC 6733 §7.2): DIAMETER_UNKNOWN_PEER, without the CEA's AVPs.
    let body = [identity(), u32_avp(avp_code::RESULT_CODE, DIAMETER_UNKNOWN_PEER)].concat();
    let bytes = message(0x20, command_code::CAPABILITIES_EXCHANGE, 0, &body);
    let Ok(Message::Other(raw)) = Message::decode(&bytes) else { panic!() };
    assert_eq!(raw.result_code(), Some(DIAMETER_UNKNOWN_PEER));
    assert!(raw.header.flags.error);
}

// ---------------------------------------------------------------------------------------------
// Every decode error, with its Result-Code and offset.

#[test]
fn header_errors() {
    let dwr = dwr_with(&[]);
    let mut bytes = dwr.clone();
    bytes[0] = 2;
    assert_error(&bytes, DIAMETER_UNSUPPORTED_VERSION, 0);
    assert_error(&[2], DIAMETER_UNSUPPORTED_VERSION, 0);
    assert_error(&[], DIAMETER_INVALID_MESSAGE_LENGTH, 1);
    assert_error(&dwr[..19], DIAMETER_INVALID_MESSAGE_LENGTH, 1);
    for length in [16u8, 46, 40, 48] {
        // Shorter than the header, not a multiple of 4, shorter and longer than the 44 octets.
        let mut bytes = dwr.clone();
        bytes[3] = length;
        if length == 46 {
            bytes.extend_from_slice(&[0, 0]);
        }
        assert_error(&bytes, DIAMETER_INVALID_MESSAGE_LENGTH, 1);
    }
    let too_long = message(R, 272, 4, &avp(1, 0, &vec![0; MAX_MESSAGE_LEN - HEADER_LEN]));
    assert_error(&too_long, DIAMETER_INVALID_MESSAGE_LENGTH, 1);
    let max = message(R, 272, 4, &avp(1, 0, &vec![0; MAX_MESSAGE_LEN - HEADER_LEN - 8]));
    assert_eq!(max.len(), MAX_MESSAGE_LEN);
    assert!(Message::decode(&max).is_ok());

    // E in a request, T in an answer (RFC 6733 §3).
    for flags in [0xa0, 0x10, 0x30] {
        let mut bytes = dwr.clone();
        bytes[4] = flags;
        assert_error(&bytes, DIAMETER_INVALID_HDR_BITS, 4);
        assert_eq!(RawMessage::decode(&bytes).unwrap_err().result_code, DIAMETER_INVALID_HDR_BITS);
    }
    // P or T in a base message, which is never proxied nor retransmitted to another peer.
    for flags in [0xc0, 0x90] {
        let mut bytes = dwr.clone();
        bytes[4] = flags;
        assert_eq!(assert_error(&bytes, DIAMETER_INVALID_HDR_BITS, 4).failed_avp, None);
        assert!(RawMessage::decode(&bytes).is_ok());
    }
    assert_eq!(Header::decode(&dwr).unwrap().command_code, command_code::DEVICE_WATCHDOG);
}

/// RFC 6733 §3: the reserved command flags are "reserved for future use, and MUST be set to
/// zero, and ignored by the receiver".
#[test]
fn reserved_command_flags_are_ignored_on_receipt_and_sent_as_zero() {
    for reserved in [0x01, 0x02, 0x04, 0x08, CommandFlags::RESERVED] {
        for plain in [dwr_with(&[]), dwa_with(&[]), cer_with(&[]), message(R, 272, 4, &identity())] {
            let mut bytes = plain.clone();
            bytes[4] |= reserved;
            assert_eq!(Message::decode(&bytes), Message::decode(&plain), "flags {:#04x}", bytes[4]);
            assert_eq!(Header::decode(&bytes), Header::decode(&plain));
            let raw = RawMessage::decode(&bytes).unwrap();
            assert_eq!(raw.header.flags.bits() & CommandFlags::RESERVED, 0);
            assert_eq!(raw.encode().unwrap(), plain, "sent with the reserved bits at zero");
        }
    }
    // They do not hide the combinations §3 forbids: E in a request, T in an answer.
    let mut bytes = dwr_with(&[]);
    bytes[4] = R | CommandFlags::ERROR | 0x01;
    assert_error(&bytes, DIAMETER_INVALID_HDR_BITS, 4);
    let mut bytes = dwa_with(&[]);
    bytes[4] = CommandFlags::RETRANSMITTED | 0x08;
    assert_error(&bytes, DIAMETER_INVALID_HDR_BITS, 4);
}

#[test]
fn avp_length_errors() {
    // Only the AVP Code of an AVP is left.
    let bytes = dwr_with(&[avp_code::ORIGIN_STATE_ID.to_be_bytes().to_vec()]);
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_LENGTH, 44);
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::ORIGIN_STATE_ID, vec![0; 4])));
    // AVP Length under 8.
    let bytes = dwr_with(&[vec![0, 0, 0x01, 0x16, 0x40, 0, 0, 7]]);
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_LENGTH, 44);
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::ORIGIN_STATE_ID, vec![0; 4]).with_mandatory(true)));
    // AVP Length under 12 with the V bit, and a V bit with no room for the Vendor-ID.
    let bytes = dwr_with(&[vec![0, 0, 0x01, 0x16, 0xc0, 0, 0, 11, 0, 0, 0x28, 0xaf]]);
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_LENGTH, 44);
    assert_eq!(error.failed_avp.unwrap().vendor_id, Some(10415));
    assert_error(&dwr_with(&[vec![0, 0, 0x01, 0x16, 0xc0, 0, 0, 12]]), DIAMETER_INVALID_AVP_LENGTH, 44);
    // An AVP Length that runs past the end of the message (also by its padding).
    assert_error(&dwr_with(&[vec![0, 0, 0x01, 0x16, 0x40, 0, 0, 13, 0, 0, 0, 1]]), DIAMETER_INVALID_AVP_LENGTH, 44);
    assert_error(&dwr_with(&[vec![0, 0, 0x01, 0x16, 0x40, 0xff, 0xff, 0xff]]), DIAMETER_INVALID_AVP_LENGTH, 44);
    // Non-zero padding.
    let mut bytes = dwr_with(&[]);
    bytes[29] = 1; // the padding after Origin-Host "a"
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_LENGTH, 20);
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::ORIGIN_HOST, vec![]).with_mandatory(true)));
}

#[test]
fn reserved_avp_flags_are_invalid_avp_bits() {
    let bytes = dwr_with(&[avp(avp_code::ORIGIN_STATE_ID, M | 0x01, &[0, 0, 0, 1])]);
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_BITS, 44);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::ORIGIN_STATE_ID);
    assert_eq!(RawMessage::decode(&bytes).unwrap_err().result_code, DIAMETER_INVALID_AVP_BITS);
}

#[test]
fn missing_avps_with_an_example_in_failed_avp() {
    let dwr = message(R, command_code::DEVICE_WATCHDOG, 0, &avp(avp_code::ORIGIN_HOST, M, b"a"));
    let error = assert_error(&dwr, DIAMETER_MISSING_AVP, 32);
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::ORIGIN_REALM, vec![]).with_mandatory(true)));

    let dwa = message(0, command_code::DEVICE_WATCHDOG, 0, &identity());
    let error = assert_error(&dwa, DIAMETER_MISSING_AVP, 44);
    assert_eq!(error.failed_avp, Some(Avp::unsigned32(avp_code::RESULT_CODE, 0).with_mandatory(true)));

    let dpr = message(R, command_code::DISCONNECT_PEER, 0, &identity());
    let error = assert_error(&dpr, DIAMETER_MISSING_AVP, 44);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::DISCONNECT_CAUSE);

    let cer = message(R, command_code::CAPABILITIES_EXCHANGE, 0, &identity());
    let error = assert_error(&cer, DIAMETER_MISSING_AVP, 44);
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::HOST_IP_ADDRESS, vec![0; 6]).with_mandatory(true)));

    let body = [identity(), avp(avp_code::HOST_IP_ADDRESS, M, &[0, 1, 10, 0, 0, 1]), u32_avp(avp_code::VENDOR_ID, 0)];
    let cer = message(R, command_code::CAPABILITIES_EXCHANGE, 0, &body.concat());
    let error = assert_error(&cer, DIAMETER_MISSING_AVP, 72);
    // Product-Name has no M bit (RFC 6733 §4.5).
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::PRODUCT_NAME, vec![])));
}

#[test]
fn avps_that_occur_too_many_times() {
    let error = assert_error(&dwr_with(&[avp(avp_code::ORIGIN_HOST, M, b"c")]), DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, 44);
    assert_eq!(error.failed_avp.unwrap().as_str(), Some("c"));
    let states = [u32_avp(avp_code::ORIGIN_STATE_ID, 1), u32_avp(avp_code::ORIGIN_STATE_ID, 2)];
    assert_error(&dwr_with(&states), DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, 56);
    // Repeated AVPs where the format allows them.
    let twice = [avp(avp_code::HOST_IP_ADDRESS, M, &[0, 1, 10, 0, 0, 2]), u32_avp(avp_code::AUTH_APPLICATION_ID, 1)];
    let Ok(Message::Cer(cer)) = Message::decode(&cer_with(&[twice.concat(), twice.concat()])) else { panic!() };
    assert_eq!((cer.capabilities.host_ip_addresses.len(), cer.capabilities.auth_application_ids), (3, vec![1, 1]));
}

/// RFC 6733 §4.2: an Unsigned32's "AVP Length field MUST be set to 12"; §4.1: a message with an
/// invalid AVP length "MUST be rejected"; §7.1.5: that is DIAMETER_INVALID_AVP_LENGTH, with the
/// offending AVP in the Failed-AVP.
#[test]
fn avps_of_the_wrong_size_for_their_type_are_invalid_avp_length() {
    // An Unsigned32 of 3 octets, 5 and 8; a Disconnect-Cause (Enumerated) of 2.
    for data in [&[0, 0, 1][..], &[0, 0, 0, 0, 1], &[0; 8]] {
        let error =
            assert_error(&dwr_with(&[avp(avp_code::ORIGIN_STATE_ID, M, data)]), DIAMETER_INVALID_AVP_LENGTH, 44);
        assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::ORIGIN_STATE_ID, data.to_vec()).with_mandatory(true)));
    }
    let dpr = message(
        R,
        command_code::DISCONNECT_PEER,
        0,
        &[identity(), avp(avp_code::DISCONNECT_CAUSE, M, &[0, 1])].concat(),
    );
    assert_error(&dpr, DIAMETER_INVALID_AVP_LENGTH, 44);
    // Within a Grouped AVP: the Vendor-Id of a Vendor-Specific-Application-Id.
    let vsai = avp(
        avp_code::VENDOR_SPECIFIC_APPLICATION_ID,
        M,
        &[avp(avp_code::VENDOR_ID, M, &[0; 2]), u32_avp(avp_code::AUTH_APPLICATION_ID, 4)].concat(),
    );
    let error = assert_error(&cer_with(&[vsai]), DIAMETER_INVALID_AVP_LENGTH, 92);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::VENDOR_ID);
    // Addresses (§4.3.1): IPv4 with 16 octets; IPv6 with 4; no AddressType at all.
    for address in [&[0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0][..], &[0, 2, 1, 2, 3, 4], &[1], &[]] {
        let bytes = cer_with(&[avp(avp_code::HOST_IP_ADDRESS, M, address)]);
        let error = assert_error(&bytes, DIAMETER_INVALID_AVP_LENGTH, 84);
        assert_eq!(error.failed_avp.unwrap().as_bytes(), Some(address));
    }
}

#[test]
fn invalid_avp_values() {
    // An Address of a family that is neither IPv4 nor IPv6.
    let address = [0, 3, 10, 0, 0, 1];
    let error = assert_error(&cer_with(&[avp(avp_code::HOST_IP_ADDRESS, M, &address)]), DIAMETER_INVALID_AVP_VALUE, 84);
    assert_eq!(error.failed_avp.unwrap().as_bytes(), Some(&address[..]));
    // Text that is not UTF-8.
    let bytes =
        message(R, command_code::DEVICE_WATCHDOG, 0, &[avp(avp_code::ORIGIN_HOST, M, &[0xff]), identity()].concat());
    assert_error(&bytes, DIAMETER_INVALID_AVP_VALUE, 20);
    // A Disconnect-Cause out of range.
    let dpr =
        message(R, command_code::DISCONNECT_PEER, 0, &[identity(), u32_avp(avp_code::DISCONNECT_CAUSE, 3)].concat());
    let error = assert_error(&dpr, DIAMETER_INVALID_AVP_VALUE, 44);
    assert_eq!(error.failed_avp.unwrap().as_u32(), Some(3));
    // A Failed-AVP without AVPs.
    assert_error(&dwa_with(&[avp(avp_code::FAILED_AVP, M, &[])]), DIAMETER_INVALID_AVP_VALUE, 56);
}

#[test]
fn vendor_specific_application_id_errors() {
    let vendor = u32_avp(avp_code::VENDOR_ID, 10415);
    let auth = u32_avp(avp_code::AUTH_APPLICATION_ID, 4);
    let acct = u32_avp(avp_code::ACCT_APPLICATION_ID, 3);
    let vsai = |children: &[&Vec<u8>]| {
        avp(
            avp_code::VENDOR_SPECIFIC_APPLICATION_ID,
            M,
            &children.iter().copied().flatten().copied().collect::<Vec<_>>(),
        )
    };
    // The CER's fixed AVPs end at octet 84: the VSAI starts there, its AVPs at 92, 104, 116.
    let Ok(Message::Cer(cer)) = Message::decode(&cer_with(&[vsai(&[&vendor, &acct])])) else { panic!() };
    let expected = VendorSpecificApplicationId { vendor_id: 10415, application: ApplicationId::Acct(3) };
    assert_eq!(cer.capabilities.vendor_specific_application_ids, [expected]);

    let error = assert_error(&cer_with(&[vsai(&[&vendor, &auth, &acct])]), DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, 116);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::ACCT_APPLICATION_ID);
    assert_error(&cer_with(&[vsai(&[&vendor, &vendor, &acct])]), DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, 104);
    let error = assert_error(&cer_with(&[vsai(&[&auth])]), DIAMETER_MISSING_AVP, 104);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::VENDOR_ID);
    let error = assert_error(&cer_with(&[vsai(&[&vendor])]), DIAMETER_MISSING_AVP, 104);
    assert_eq!(error.failed_avp, Some(Avp::unsigned32(avp_code::AUTH_APPLICATION_ID, 0).with_mandatory(true)));
    assert_error(&cer_with(&[vsai(&[&vendor, &avp(9999, M, &[])])]), DIAMETER_AVP_UNSUPPORTED, 104);
    assert_error(
        &cer_with(&[vsai(&[&vendor, &avp(avp_code::AUTH_APPLICATION_ID, M, &[1])])]),
        DIAMETER_INVALID_AVP_LENGTH,
        104,
    );
    // An AVP inside whose length runs past the end of the Grouped AVP.
    let mut bad = vsai(&[&vendor, &auth]);
    bad[27] = 13; // the AVP Length of the Auth-Application-Id
    let error = assert_error(&cer_with(&[bad]), DIAMETER_INVALID_AVP_LENGTH, 104);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::AUTH_APPLICATION_ID);
}

/// `depth` Failed-AVPs, each inside the previous one, around an Origin-State-Id.
fn nested_failed_avps(depth: usize) -> Vec<u8> {
    let mut inner = u32_avp(avp_code::ORIGIN_STATE_ID, 1);
    for _ in 0..depth {
        inner = avp(avp_code::FAILED_AVP, M, &inner);
    }
    inner
}

#[test]
fn grouped_avps_nested_too_deep_are_refused() {
    let Ok(Message::Dwa(dwa)) = Message::decode(&dwa_with(&[nested_failed_avps(MAX_GROUPED_DEPTH)])) else { panic!() };
    let mut avps = dwa.failed_avp.unwrap();
    for _ in 1..MAX_GROUPED_DEPTH {
        avps = avps[0].as_grouped().unwrap().to_vec();
    }
    assert_eq!(avps[0].as_u32(), Some(1));
    // The AVP at depth 9 starts 8 octets after the one at depth 8.
    let bytes = dwa_with(&[nested_failed_avps(MAX_GROUPED_DEPTH + 1)]);
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_VALUE, 56 + 8 * MAX_GROUPED_DEPTH);
    assert_eq!(error.failed_avp, Some(Avp::grouped(avp_code::FAILED_AVP, vec![]).with_mandatory(true)));
    // Far deeper than the stack could take if the decoder recursed without a bound.
    let bytes = dwa_with(&[nested_failed_avps(5000)]);
    assert_eq!(error_of_raw(&bytes).result_code, DIAMETER_INVALID_AVP_VALUE);
}

fn error_of_raw(bytes: &[u8]) -> DecodeError {
    RawMessage::decode(bytes).unwrap_err()
}

#[test]
fn the_display_of_an_error_names_the_reason_offset_and_result_code() {
    let text = error(&dwr_with(&[avp(999, M, b"")])).to_string();
    assert_eq!(text, "AVP 999 has the M bit and is not supported (at offset 44: DIAMETER_AVP_UNSUPPORTED 5001)");
    assert_eq!(result_code::name(DIAMETER_INVALID_MESSAGE_LENGTH), Some("DIAMETER_INVALID_MESSAGE_LENGTH"));
    assert_eq!(result_code::name(42), None);
    assert!(result_code::is_protocol_error(DIAMETER_INVALID_HDR_BITS));
    assert!(!result_code::is_protocol_error(DIAMETER_MISSING_AVP));
}

#[test]
fn the_result_codes_have_the_values_of_rfc_6733() {
    let codes = [
        (DIAMETER_SUCCESS, 2001),
        (DIAMETER_COMMAND_UNSUPPORTED, 3001),
        (DIAMETER_INVALID_HDR_BITS, 3008),
        (DIAMETER_INVALID_AVP_BITS, 3009),
        (DIAMETER_UNKNOWN_PEER, 3010),
        (DIAMETER_AVP_UNSUPPORTED, 5001),
        (DIAMETER_INVALID_AVP_VALUE, 5004),
        (DIAMETER_MISSING_AVP, 5005),
        (DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, 5009),
        (DIAMETER_NO_COMMON_APPLICATION, 5010),
        (DIAMETER_UNSUPPORTED_VERSION, 5011),
        (DIAMETER_INVALID_BIT_IN_HEADER, 5013),
        (DIAMETER_INVALID_AVP_LENGTH, 5014),
        (DIAMETER_INVALID_MESSAGE_LENGTH, 5015),
    ];
    for (constant, value) in codes {
        assert_eq!(constant, value);
    }
}

// ---------------------------------------------------------------------------------------------
// Encode errors: the encoder refuses what the decoder would.

#[test]
fn encode_errors() {
    let cer = Cer {
        hop_by_hop: 1,
        end_to_end: 2,
        capabilities: Capabilities {
            origin_host: "h".into(),
            origin_realm: "r".into(),
            host_ip_addresses: vec![],
            vendor_id: 0,
            product_name: "p".into(),
            origin_state_id: None,
            supported_vendor_ids: vec![],
            auth_application_ids: vec![],
            inband_security_ids: vec![],
            acct_application_ids: vec![],
            vendor_specific_application_ids: vec![],
            firmware_revision: None,
        },
    };
    assert_eq!(Message::Cer(cer).encode().unwrap_err().message, "CER");
    let dwa = Dwa {
        hop_by_hop: 1,
        end_to_end: 2,
        result_code: DIAMETER_SUCCESS,
        origin_host: "h".into(),
        origin_realm: "r".into(),
        error_message: None,
        failed_avp: Some(vec![]),
        origin_state_id: None,
    };
    assert!(Message::Dwa(dwa).encode().is_err());

    let request = Header { flags: CommandFlags { request: true, ..CommandFlags::default() }, ..Header::default() };
    let raw = |header: Header, avps: Vec<Avp>| RawMessage { header, avps }.encode();
    assert!(raw(Header { command_code: 0x0100_0000, ..request }, vec![]).is_err());
    let error_request = CommandFlags { request: true, error: true, ..CommandFlags::default() };
    assert!(raw(Header { flags: error_request, ..request }, vec![]).is_err());
    let retransmitted_answer = CommandFlags { retransmitted: true, ..CommandFlags::default() };
    assert!(raw(Header { flags: retransmitted_answer, ..request }, vec![]).is_err());
    assert!(raw(request, vec![Avp::raw(avp_code::FAILED_AVP, vec![0; 8])]).is_err());
    assert!(raw(request, vec![Avp::raw(1, vec![0; MAX_MESSAGE_LEN])]).is_err());
    assert!(raw(request, vec![Avp::raw(1, vec![0; MAX_MESSAGE_LEN - HEADER_LEN - 8])]).is_ok());
    assert!(raw(request, vec![Avp::raw(1, vec![0; MAX_MESSAGE_LEN - HEADER_LEN - 7])]).is_err());
    let nest = |depth: usize| {
        let mut avp = Avp::unsigned32(avp_code::ORIGIN_STATE_ID, 1);
        for _ in 0..depth {
            avp = Avp::grouped(avp_code::FAILED_AVP, vec![avp]);
        }
        avp
    };
    assert!(raw(request, vec![nest(MAX_GROUPED_DEPTH)]).is_ok());
    assert!(raw(request, vec![nest(MAX_GROUPED_DEPTH + 1)]).is_err());
}

#[test]
fn avp_constructors_and_accessors() {
    let v6 = IpAddr::V6(Ipv6Addr::LOCALHOST);
    assert_eq!(Avp::address(1, v6).as_address(), Some(v6));
    assert_eq!(Avp::address(1, v6).as_bytes().map(<[u8]>::len), Some(18));
    assert_eq!(Avp::utf8(1, "é").as_str(), Some("é"));
    assert_eq!(Avp::raw(1, vec![0xff]).as_str(), None);
    assert_eq!(Avp::raw(1, vec![0; 3]).as_u32(), None);
    assert_eq!(Avp::raw(1, vec![0, 9, 1, 2, 3, 4]).as_address(), None);
    let group = Avp::grouped(2, vec![Avp::unsigned32(1, 7)]);
    assert_eq!((group.as_bytes(), group.as_u32()), (None, None));
    assert_eq!(group.as_grouped().map(<[Avp]>::len), Some(1));
    assert_eq!(Avp::raw(1, vec![]).as_grouped(), None);
    let flags = Avp::raw(1, vec![]).with_vendor(9).with_mandatory(true).with_protected(true);
    assert_eq!((flags.flags(), flags.header_len()), (0xe0, 12));
    assert_eq!(Avp::new(1, AvpValue::Raw(vec![])).flags(), 0);
    assert_eq!(DisconnectCause::from_value(1), Some(DisconnectCause::Busy));
    assert_eq!(DisconnectCause::Rebooting.value(), 0);
    assert_eq!(CommandFlags::from_bits(0xff).bits(), 0xf0);
}

// ---------------------------------------------------------------------------------------------
// The framer.

#[test]
fn the_framer_fails_for_good_on_a_bad_length() {
    for length in [[0, 0, 19], [0, 0, 0], [0x01, 0x00, 0x04]] {
        let mut framer = Framer::new();
        framer.push(&dwr_with(&[]));
        let mut bad = dwr_with(&[]);
        bad[1..4].copy_from_slice(&length);
        framer.push(&bad);
        assert!(framer.next_message().unwrap().is_ok());
        let error = framer.next_message().unwrap().unwrap_err();
        assert_eq!((error.result_code, error.offset), (DIAMETER_INVALID_MESSAGE_LENGTH, 1));
        assert!(framer.is_failed());
        framer.push(&dwr_with(&[]));
        assert!(framer.next_message().is_none());
        assert_eq!(framer.buffered(), 0);
    }
}

#[test]
fn the_framer_holds_at_most_one_message_and_a_push() {
    let dwr = dwr_with(&[]);
    let mut framer = Framer::new();
    for _ in 0..1000 {
        for chunk in dwr.chunks(7) {
            framer.push(chunk);
            while let Some(message) = framer.next_message() {
                assert_eq!(message.unwrap(), dwr);
            }
        }
    }
    assert_eq!(framer.buffered(), 0);
    assert!(framer.allocated() <= 4 * dwr.len());
    // A message of the maximal length arrives whole.
    let max = message(R, 272, 4, &avp(1, 0, &vec![0; MAX_MESSAGE_LEN - HEADER_LEN - 8]));
    framer.push(&max[..MAX_MESSAGE_LEN - 1]);
    assert!(framer.next_message().is_none());
    framer.push(&max[MAX_MESSAGE_LEN - 1..]);
    assert_eq!(framer.next_message().unwrap().unwrap().len(), MAX_MESSAGE_LEN);
}

// ---------------------------------------------------------------------------------------------
// Properties.

fn text() -> impl Strategy<Value = String> {
    "\\PC{0,12}"
}

fn addresses() -> impl Strategy<Value = Vec<IpAddr>> {
    proptest::collection::vec(any::<IpAddr>(), 1..4)
}

fn ids() -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(any::<u32>(), 0..3)
}

/// An AVP the decoder gives back as it is: raw data unless it is one of the Grouped AVPs of the
/// base protocol, which has AVPs inside.
fn leaf_avp() -> impl Strategy<Value = Avp> {
    let code = any::<u32>().prop_filter("not Grouped", |code| !(260..=279).contains(code));
    (
        code,
        proptest::option::of(any::<u32>()),
        any::<bool>(),
        any::<bool>(),
        proptest::collection::vec(any::<u8>(), 0..10),
    )
        .prop_map(|(code, vendor_id, mandatory, protected, value)| Avp {
            code,
            vendor_id,
            mandatory,
            protected,
            value: AvpValue::Raw(value),
        })
}

fn any_avp() -> impl Strategy<Value = Avp> {
    leaf_avp().prop_recursive(3, 16, 4, |inner| {
        (
            prop_oneof![Just(avp_code::FAILED_AVP), Just(avp_code::VENDOR_SPECIFIC_APPLICATION_ID)],
            proptest::collection::vec(inner, 0..4),
        )
            .prop_map(|(code, avps)| Avp::grouped(code, avps).with_mandatory(true))
    })
}

fn failed_avp() -> impl Strategy<Value = Option<Vec<Avp>>> {
    proptest::option::of(proptest::collection::vec(any_avp(), 1..3))
}

fn vsais() -> impl Strategy<Value = Vec<VendorSpecificApplicationId>> {
    let application =
        prop_oneof![any::<u32>().prop_map(ApplicationId::Auth), any::<u32>().prop_map(ApplicationId::Acct)];
    proptest::collection::vec(
        (any::<u32>(), application)
            .prop_map(|(vendor_id, application)| VendorSpecificApplicationId { vendor_id, application }),
        0..3,
    )
}

fn cer() -> impl Strategy<Value = Cer> {
    (
        (any::<u32>(), any::<u32>(), text(), text(), addresses(), any::<u32>(), text()),
        (any::<Option<u32>>(), ids(), ids(), ids(), ids(), vsais(), any::<Option<u32>>()),
    )
        .prop_map(
            |(
                (hop_by_hop, end_to_end, origin_host, origin_realm, host_ip_addresses, vendor_id, product_name),
                rest,
            )| {
                let (
                    origin_state_id,
                    supported_vendor_ids,
                    auth_application_ids,
                    inband_security_ids,
                    acct_application_ids,
                    vsais,
                    firmware_revision,
                ) = rest;
                Cer {
                    hop_by_hop,
                    end_to_end,
                    capabilities: Capabilities {
                        origin_host,
                        origin_realm,
                        host_ip_addresses,
                        vendor_id,
                        product_name,
                        origin_state_id,
                        supported_vendor_ids,
                        auth_application_ids,
                        inband_security_ids,
                        acct_application_ids,
                        vendor_specific_application_ids: vsais,
                        firmware_revision,
                    },
                }
            },
        )
}

fn any_message() -> impl Strategy<Value = Message> {
    let ids = || (any::<u32>(), any::<u32>());
    prop_oneof![
        cer().prop_map(Message::Cer),
        (cer(), any::<u32>(), proptest::option::of(text()), failed_avp()).prop_map(
            |(cer, result_code, error_message, failed_avp)| {
                Message::Cea(Cea {
                    hop_by_hop: cer.hop_by_hop,
                    end_to_end: cer.end_to_end,
                    result_code,
                    capabilities: cer.capabilities,
                    error_message,
                    failed_avp,
                })
            }
        ),
        (ids(), text(), text(), any::<Option<u32>>()).prop_map(
            |((hop_by_hop, end_to_end), origin_host, origin_realm, origin_state_id)| {
                Message::Dwr(Dwr { hop_by_hop, end_to_end, origin_host, origin_realm, origin_state_id })
            }
        ),
        (ids(), any::<u32>(), text(), text(), proptest::option::of(text()), failed_avp(), any::<Option<u32>>())
            .prop_map(
                |(
                    (hop_by_hop, end_to_end),
                    result_code,
                    origin_host,
                    origin_realm,
                    error_message,
                    failed_avp,
                    origin_state_id,
                )| {
                    Message::Dwa(Dwa {
                        hop_by_hop,
                        end_to_end,
                        result_code,
                        origin_host,
                        origin_realm,
                        error_message,
                        failed_avp,
                        origin_state_id,
                    })
                }
            ),
        (ids(), text(), text(), 0u32..3).prop_map(|((hop_by_hop, end_to_end), origin_host, origin_realm, cause)| {
            let disconnect_cause = DisconnectCause::from_value(cause).unwrap();
            Message::Dpr(Dpr { hop_by_hop, end_to_end, origin_host, origin_realm, disconnect_cause })
        }),
        (ids(), any::<u32>(), text(), text(), proptest::option::of(text()), failed_avp()).prop_map(
            |((hop_by_hop, end_to_end), result_code, origin_host, origin_realm, error_message, failed_avp)| {
                Message::Dpa(Dpa {
                    hop_by_hop,
                    end_to_end,
                    result_code,
                    origin_host,
                    origin_realm,
                    error_message,
                    failed_avp,
                })
            }
        ),
        raw_message().prop_map(Message::Other),
    ]
}

/// A message of another application (so that it decodes as Other).
fn raw_message() -> impl Strategy<Value = RawMessage> {
    (
        any::<bool>(),
        any::<bool>(),
        0u32..0x0100_0000,
        1u32..,
        any::<u32>(),
        any::<u32>(),
        proptest::collection::vec(any_avp(), 0..5),
    )
        .prop_map(|(request, proxiable, command_code, application_id, hop_by_hop, end_to_end, avps)| {
            let flags = CommandFlags { request, proxiable, error: !request, retransmitted: request && proxiable };
            RawMessage { header: Header { flags, command_code, application_id, hop_by_hop, end_to_end }, avps }
        })
}

fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..max)
}

/// What a decode must satisfy whatever the bytes: an error points into the message (or at the
/// length field of a short one) with a Failed-AVP that can be sent, and a decoded message
/// encodes and decodes back to itself (a raw one to the very same octets, but for the reserved
/// command flags).
fn check_decode(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(raw) = RawMessage::decode(bytes) {
        // The same octets, but for the reserved command flags, which are ignored and sent as 0.
        let mut expected = bytes.to_vec();
        expected[4] &= !CommandFlags::RESERVED;
        prop_assert_eq!(raw.encode().map_err(|e| TestCaseError::fail(e.to_string()))?, expected);
    }
    match Message::decode(bytes) {
        Ok(message) => {
            let encoded = message.encode().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(Message::decode(&encoded), Ok(message));
        }
        Err(error) => {
            prop_assert!(error.offset <= bytes.len().max(HEADER_LEN), "{} for {} octets", error, bytes.len());
            prop_assert!(!error.reason.is_empty());
            prop_assert!(result_code::name(error.result_code).is_some());
            if let Some(avp) = error.failed_avp {
                let answer =
                    RawMessage { header: Header::default(), avps: vec![Avp::grouped(avp_code::FAILED_AVP, vec![avp])] };
                prop_assert!(answer.encode().is_ok());
            }
        }
    }
    Ok(())
}

/// Random AVPs, mostly well-formed, with the codes of the base messages.
fn random_avp() -> impl Strategy<Value = Vec<u8>> {
    let code = prop_oneof![256u32..300, Just(999)];
    let flags = prop_oneof![Just(0u8), Just(M), any::<u8>()];
    (code, flags, bytes(20)).prop_map(|(code, flags, value)| avp(code, flags & !V, &value))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn messages_round_trip(message in any_message()) {
        let bytes = message.encode().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(bytes.len() % 4, 0);
        prop_assert_eq!(u32::from_be_bytes([0, bytes[1], bytes[2], bytes[3]]) as usize, bytes.len());
        prop_assert_eq!(Header::decode(&bytes), Ok(message.header()));
        prop_assert_eq!(Message::decode(&bytes), Ok(message));
    }

    #[test]
    fn random_bytes_never_panic(bytes in bytes(200)) {
        check_decode(&bytes)?;
    }

    #[test]
    fn random_avps_under_a_valid_header_never_panic(
        flags in prop_oneof![Just(0u8), Just(R)],
        command in prop_oneof![Just(257u32), Just(280), Just(282), Just(272)],
        body in proptest::collection::vec(random_avp(), 0..8),
        valid in proptest::collection::vec(any_avp(), 0..3),
    ) {
        let valid: Vec<u8> = RawMessage { header: Header::default(), avps: valid }.encode().unwrap()[HEADER_LEN..].to_vec();
        check_decode(&message(flags, command, 0, &[body.concat(), valid].concat()))?;
    }

    #[test]
    fn mutations_of_valid_encodings_never_panic(
        message in any_message(),
        mutations in proptest::collection::vec(mutation(), 1..4),
        fix_length in any::<bool>(),
    ) {
        let mut bytes = message.encode().unwrap();
        for mutation in &mutations {
            mutate(&mut bytes, mutation);
        }
        if fix_length && bytes.len() >= 4 {
            let len = u32::try_from(bytes.len()).unwrap().to_be_bytes();
            bytes[1..4].copy_from_slice(&len[1..]);
        }
        check_decode(&bytes)?;
    }

    #[test]
    fn truncations_of_valid_encodings_are_refused(message in any_message(), cut in any::<usize>()) {
        let bytes = message.encode().unwrap();
        let cut = cut % bytes.len();
        let error = Message::decode(&bytes[..cut]).unwrap_err();
        prop_assert_eq!((error.result_code, error.offset), (DIAMETER_INVALID_MESSAGE_LENGTH, 1));
    }

    #[test]
    fn the_framer_reassembles_a_stream_split_at_random_points(
        messages in proptest::collection::vec(any_message(), 0..8),
        cuts in proptest::collection::vec(any::<usize>(), 0..20),
    ) {
        let encodings: Vec<Vec<u8>> = messages.iter().map(|m| m.encode().unwrap()).collect();
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
        let decoded: Vec<Message> = out.iter().map(|bytes| Message::decode(bytes).unwrap()).collect();
        prop_assert_eq!(decoded, messages);
    }
}
