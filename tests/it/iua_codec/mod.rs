//! The IUA message codec (RFC 4233 §3): encodings written out by hand from the formats of the
//! RFC, every decode error with its code and offset, and properties over random messages,
//! bytes, mutations and stream splits.

mod decode_errors;
mod encode_errors;
mod encodings;
mod properties;

use crate::support::mutation::{mutate, mutation};
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
