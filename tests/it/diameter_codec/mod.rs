//! The Diameter base protocol codec (RFC 6733 §3 to §5, §7): encodings written out by hand from
//! the formats of the RFC, every decode error with its Result-Code and offset, unknown AVPs, and
//! properties over random messages, bytes, mutations and stream splits.

mod decode_errors;
mod encode_errors;
mod encodings;
mod properties;

use crate::support::mutation::{mutate, mutation};
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
