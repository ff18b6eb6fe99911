//! The IUA message codec (RFC 4233 §3): typed messages, their encoding, a strict decoder, and
//! a framer that cuts messages out of a byte stream.
//!
//! Every message starts with the 8-octet common header (RFC 4233 §3.1): Version (1), a
//! reserved octet (0), Message Class, Message Type, and the Message Length in octets, header
//! included, as a u32 in network byte order. Parameters follow as TLVs (the variable-length
//! parameter format of RFC 4233 §3): a u16 Tag, a u16 Length covering tag, length and value
//! but not the padding, the value, then zero padding to a multiple of 4 octets.
//!
//! The codec handles the MGMT, ASPSM and ASPTM messages and the QPTM Data Request and Data
//! Indication; the other QPTM messages (Unit Data, Establish, Release) and the TEI Query
//! Request of RFC 5133 are refused by [`decode()`] with Unsupported Message Type.
//!
//! ```
//! use rfc_fsm::iua::codec::{decode, encode, Message};
//!
//! let up = Message::AspUp { asp_id: Some(7), info: None };
//! let bytes = encode(&up)?;
//! assert_eq!(bytes, [1, 0, 3, 1, 0, 0, 0, 16, 0x00, 0x11, 0, 8, 0, 0, 0, 7]);
//! assert_eq!(decode(&bytes), Ok(up));
//! # Ok::<(), rfc_fsm::iua::codec::EncodeError>(())
//! ```

mod decode;
mod encode;
mod framer;
mod params;

pub use decode::decode;
pub use encode::{encode, encode_into, encode_lenient};
pub use framer::Framer;
pub use params::{Dlci, ErrorCode, InterfaceId, InterfaceIds, Status, TeiStatus, TrafficMode};

use thiserror::Error;

/// The protocol version of RFC 4233, the first octet of every message (§3.1.1).
pub const VERSION: u8 = 1;

/// The length of the common message header, in octets (RFC 4233 §3.1).
pub const HEADER_LEN: usize = 8;

/// The longest message the codec sends or accepts, in octets, header included: 64 KiB. RFC
/// 4233 sets no bound (the length field is 32 bits); this one keeps memory use bounded, and
/// leaves room for the largest parameter (65 535 octets) of a typical message.
pub const MAX_MESSAGE_LEN: usize = 64 * 1024;

/// The most integer Interface Identifiers one message can carry: 16 381, the octets of the
/// longest message ([`MAX_MESSAGE_LEN`]) less the header and the parameter's tag and length, at 4
/// octets each. A message with other parameters carries fewer: an ASP Active with a Traffic
/// Mode Type, 16 379.
pub const MAX_INTEGER_INTERFACE_IDS: usize = (MAX_MESSAGE_LEN - HEADER_LEN - 4) / 4;

/// The most Interface Identifier ranges one message can carry: 8 190, as for
/// [`MAX_INTEGER_INTERFACE_IDS`] at 8 octets each.
pub const MAX_INTERFACE_ID_RANGES: usize = (MAX_MESSAGE_LEN - HEADER_LEN - 4) / 8;

/// The message classes of IUA (RFC 4233 §3.1.2); the others belong to other SIGTRAN
/// adaptation layers or are reserved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MessageClass {
    /// 0: Management (Error, Notify, TEI Status).
    Mgmt = 0,
    /// 3: ASP State Maintenance (ASP Up, ASP Down, Heartbeat and their acknowledgements).
    Aspsm = 3,
    /// 4: ASP Traffic Maintenance (ASP Active, ASP Inactive and their acknowledgements).
    Asptm = 4,
    /// 5: Q.921/Q.931 Boundary Primitives Transport (Data, Unit Data, Establish, Release).
    Qptm = 5,
}

impl MessageClass {
    /// The value on the wire (octet 2 of the header).
    #[must_use]
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The class of a wire value, `None` for a class IUA does not have.
    #[must_use]
    pub const fn from_value(value: u8) -> Option<Self> {
        match value {
            0 => Some(Self::Mgmt),
            3 => Some(Self::Aspsm),
            4 => Some(Self::Asptm),
            5 => Some(Self::Qptm),
            _ => None,
        }
    }
}

/// The two ends of an IUA association: the signalling gateway and the ASP (the MGC), RFC 4233
/// §1.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The signalling gateway, which terminates the ISDN D channels.
    Sg,
    /// The Application Server Process.
    Asp,
}

/// The side that sends the messages of a class and type (RFC 4233 §3.3), the QPTM messages the
/// codec does not decode included: the ASP sends ASP Up, ASP Down, ASP Active, ASP Inactive,
/// TEI Status Request and the QPTM requests (Data, Unit Data, Establish, Release); the SG sends
/// their acknowledgements, Notify, TEI Status Confirm and Indication and the QPTM confirms and
/// indications. `None` for the messages both sides send (Error, Heartbeat, Heartbeat Ack) and
/// for a class or type IUA does not define.
#[must_use]
pub const fn sender(class: MessageClass, type_code: u8) -> Option<Side> {
    match (class, type_code) {
        (MessageClass::Mgmt, 1 | 3 | 4)
        | (MessageClass::Aspsm, 4 | 5)
        | (MessageClass::Asptm, 3 | 4)
        | (MessageClass::Qptm, 2 | 4 | 6 | 7 | 9 | 10) => Some(Side::Sg),
        (MessageClass::Mgmt, 2)
        | (MessageClass::Aspsm, 1 | 2)
        | (MessageClass::Asptm, 1 | 2)
        | (MessageClass::Qptm, 1 | 3 | 5 | 8) => Some(Side::Asp),
        _ => None,
    }
}

/// An IUA message (RFC 4233 §3.3), with its parameters as typed fields. Optional parameters
/// are `Option`s; [`encode()`] writes the parameters in the order RFC 4233 lists them.
///
/// The INFO String (tag 0x0004, RFC 4233 §3.3: "any meaningful 8-bit ASCII character string")
/// is kept as its octets, from 0 to 255 of them, whatever their encoding: a message with a
/// Latin-1 or other non-UTF-8 INFO String decodes, and encodes back to the same octets.
/// `String::from_utf8_lossy` shows one; `"text".into()` makes one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Message {
    /// MGMT 0, Error (RFC 4233 §3.3): Error Code (mandatory), Interface Identifiers, Diagnostic
    /// Information.
    Error {
        /// Why the error is sent.
        code: ErrorCode,
        /// The Interface Identifiers the error is about.
        interface_ids: Option<InterfaceIds>,
        /// Any information germane to the error, typically the first 40 octets of the
        /// offending message (at most 65 531 octets).
        diagnostic: Option<Vec<u8>>,
    },
    /// MGMT 1, Notify (RFC 4233 §3.3): Status (mandatory), ASP Identifier, Interface Identifiers,
    /// INFO String.
    Notify {
        /// The AS state change or other event notified.
        status: Status,
        /// The ASP Identifier of the ASP concerned (e.g. the alternate ASP).
        asp_id: Option<u32>,
        /// The Interface Identifiers of the AS concerned.
        interface_ids: Option<InterfaceIds>,
        /// INFO String: free text, at most 255 octets (see [`Message`]).
        info: Option<Vec<u8>>,
    },
    /// MGMT 2, TEI Status Request (RFC 4233 §3.3): Interface Identifier, DLCI (both mandatory).
    TeiStatusRequest {
        /// The D channel.
        interface_id: InterfaceId,
        /// The SAPI and TEI asked about.
        dlci: Dlci,
    },
    /// MGMT 3, TEI Status Confirm (RFC 4233 §3.3): Interface Identifier, DLCI, TEI Status (all
    /// mandatory).
    TeiStatusConfirm {
        /// The D channel.
        interface_id: InterfaceId,
        /// The SAPI and TEI concerned.
        dlci: Dlci,
        /// Whether Q.921 considers the TEI assigned.
        status: TeiStatus,
    },
    /// MGMT 4, TEI Status Indication (RFC 4233 §3.3): Interface Identifier, DLCI, TEI Status (all
    /// mandatory).
    TeiStatusIndication {
        /// The D channel.
        interface_id: InterfaceId,
        /// The SAPI and TEI concerned.
        dlci: Dlci,
        /// Whether Q.921 considers the TEI assigned.
        status: TeiStatus,
    },
    /// ASPSM 1, ASP Up (RFC 4233 §3.3): ASP Identifier, INFO String.
    AspUp {
        /// A value identifying the ASP among the ASPs of its AS.
        asp_id: Option<u32>,
        /// INFO String: free text, at most 255 octets (see [`Message`]).
        info: Option<Vec<u8>>,
    },
    /// ASPSM 2, ASP Down (RFC 4233 §3.3): INFO String.
    AspDown {
        /// INFO String: free text, at most 255 octets (see [`Message`]).
        info: Option<Vec<u8>>,
    },
    /// ASPSM 3, Heartbeat (RFC 4233 §3.3): Heartbeat Data.
    Heartbeat {
        /// Data for the sender only, echoed in Heartbeat Ack (at most 65 531 octets).
        data: Option<Vec<u8>>,
    },
    /// ASPSM 4, ASP Up Ack (RFC 4233 §3.3): INFO String.
    AspUpAck {
        /// INFO String: free text, at most 255 octets (see [`Message`]).
        info: Option<Vec<u8>>,
    },
    /// ASPSM 5, ASP Down Ack (RFC 4233 §3.3): INFO String.
    AspDownAck {
        /// INFO String: free text, at most 255 octets (see [`Message`]).
        info: Option<Vec<u8>>,
    },
    /// ASPSM 6, Heartbeat Ack (RFC 4233 §3.3): Heartbeat Data.
    HeartbeatAck {
        /// The Heartbeat Data of the Heartbeat, unchanged (at most 65 531 octets).
        data: Option<Vec<u8>>,
    },
    /// ASPTM 1, ASP Active (RFC 4233 §3.3): Traffic Mode Type, Interface Identifiers, INFO String.
    AspActive {
        /// Over-ride or load-share.
        traffic_mode: Option<TrafficMode>,
        /// The interfaces to activate; `None` means all those of the ASP's AS(s).
        interface_ids: Option<InterfaceIds>,
        /// INFO String: free text, at most 255 octets (see [`Message`]).
        info: Option<Vec<u8>>,
    },
    /// ASPTM 2, ASP Inactive (RFC 4233 §3.3): Interface Identifiers, INFO String.
    AspInactive {
        /// The interfaces to deactivate; `None` means all those of the ASP's AS(s).
        interface_ids: Option<InterfaceIds>,
        /// INFO String: free text, at most 255 octets (see [`Message`]).
        info: Option<Vec<u8>>,
    },
    /// ASPTM 3, ASP Active Ack (RFC 4233 §3.3): Traffic Mode Type, Interface Identifiers, INFO
    /// String.
    AspActiveAck {
        /// Over-ride or load-share.
        traffic_mode: Option<TrafficMode>,
        /// The interfaces activated.
        interface_ids: Option<InterfaceIds>,
        /// INFO String: free text, at most 255 octets (see [`Message`]).
        info: Option<Vec<u8>>,
    },
    /// ASPTM 4, ASP Inactive Ack (RFC 4233 §3.3): Interface Identifiers, INFO String.
    AspInactiveAck {
        /// The interfaces deactivated.
        interface_ids: Option<InterfaceIds>,
        /// INFO String: free text, at most 255 octets (see [`Message`]).
        info: Option<Vec<u8>>,
    },
    /// QPTM 1, Data Request (RFC 4233 §3.3): Interface Identifier, DLCI, Protocol Data (all
    /// mandatory); from the ASP, a Q.921 DL-DATA request.
    DataRequest {
        /// The D channel.
        interface_id: InterfaceId,
        /// The SAPI and TEI of the data link.
        dlci: Dlci,
        /// The Q.921 user data (e.g. a Q.931 message), at most 65 531 octets and in practice
        /// less: the whole message must fit in [`MAX_MESSAGE_LEN`].
        data: Vec<u8>,
    },
    /// QPTM 2, Data Indication (RFC 4233 §3.3): Interface Identifier, DLCI, Protocol Data (all
    /// mandatory); from the SG, a Q.921 DL-DATA indication.
    DataIndication {
        /// The D channel.
        interface_id: InterfaceId,
        /// The SAPI and TEI of the data link.
        dlci: Dlci,
        /// The Q.921 user data, as for [`Message::DataRequest`].
        data: Vec<u8>,
    },
}

impl Message {
    /// The message class (octet 2 of the header).
    #[must_use]
    pub const fn class(&self) -> MessageClass {
        match self {
            Self::Error { .. }
            | Self::Notify { .. }
            | Self::TeiStatusRequest { .. }
            | Self::TeiStatusConfirm { .. }
            | Self::TeiStatusIndication { .. } => MessageClass::Mgmt,
            Self::AspUp { .. }
            | Self::AspDown { .. }
            | Self::Heartbeat { .. }
            | Self::AspUpAck { .. }
            | Self::AspDownAck { .. }
            | Self::HeartbeatAck { .. } => MessageClass::Aspsm,
            Self::AspActive { .. }
            | Self::AspInactive { .. }
            | Self::AspActiveAck { .. }
            | Self::AspInactiveAck { .. } => MessageClass::Asptm,
            Self::DataRequest { .. } | Self::DataIndication { .. } => MessageClass::Qptm,
        }
    }

    /// The message type within its class (octet 3 of the header).
    #[must_use]
    pub const fn type_code(&self) -> u8 {
        match self {
            Self::Error { .. } => 0,
            Self::Notify { .. } | Self::AspUp { .. } | Self::AspActive { .. } | Self::DataRequest { .. } => 1,
            Self::TeiStatusRequest { .. }
            | Self::AspDown { .. }
            | Self::AspInactive { .. }
            | Self::DataIndication { .. } => 2,
            Self::TeiStatusConfirm { .. } | Self::Heartbeat { .. } | Self::AspActiveAck { .. } => 3,
            Self::TeiStatusIndication { .. } | Self::AspUpAck { .. } | Self::AspInactiveAck { .. } => 4,
            Self::AspDownAck { .. } => 5,
            Self::HeartbeatAck { .. } => 6,
        }
    }

    /// The side that sends this message (see [`sender`]), `None` for Error, Heartbeat and
    /// Heartbeat Ack, which both sides send.
    #[must_use]
    pub const fn sender(&self) -> Option<Side> {
        sender(self.class(), self.type_code())
    }

    /// The name RFC 4233 gives the message: "ASP Up", "Data Request", ...
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Self::Error { .. } => "Error",
            Self::Notify { .. } => "Notify",
            Self::TeiStatusRequest { .. } => "TEI Status Request",
            Self::TeiStatusConfirm { .. } => "TEI Status Confirm",
            Self::TeiStatusIndication { .. } => "TEI Status Indication",
            Self::AspUp { .. } => "ASP Up",
            Self::AspDown { .. } => "ASP Down",
            Self::Heartbeat { .. } => "Heartbeat",
            Self::AspUpAck { .. } => "ASP Up Ack",
            Self::AspDownAck { .. } => "ASP Down Ack",
            Self::HeartbeatAck { .. } => "Heartbeat Ack",
            Self::AspActive { .. } => "ASP Active",
            Self::AspInactive { .. } => "ASP Inactive",
            Self::AspActiveAck { .. } => "ASP Active Ack",
            Self::AspInactiveAck { .. } => "ASP Inactive Ack",
            Self::DataRequest { .. } => "Data Request",
            Self::DataIndication { .. } => "Data Indication",
        }
    }
}

/// Why bytes are not one valid IUA message: the Error Code an IUA node would answer with, the
/// offset in octets from the start of the message of the offending field, and a description.
///
/// The offsets: 0 version, 1 reserved octet, 2 class, 3 type, 4 length (also for a message
/// shorter than its header); for a parameter, its first octet (tag) when the tag is unknown,
/// not allowed in the message, or repeated, its length field (first octet + 2) when the length
/// is wrong, the octet of the value (first octet + 4 or further) for a value out of range, the
/// first non-zero octet of bad padding, and the end of the message for a missing mandatory
/// parameter.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("{reason} (at offset {offset}: {code})")]
pub struct DecodeError {
    /// The Error Code to report (RFC 4233 §3.3): Protocol Error unless a more specific one
    /// applies.
    pub code: ErrorCode,
    /// Where in the message, in octets from its first octet.
    pub offset: usize,
    /// What is wrong, for humans.
    pub reason: String,
}

impl DecodeError {
    pub(crate) fn new(code: ErrorCode, offset: usize, reason: impl Into<String>) -> Self {
        Self { code, offset, reason: reason.into() }
    }

    pub(crate) fn protocol(offset: usize, reason: impl Into<String>) -> Self {
        Self::new(ErrorCode::ProtocolError, offset, reason)
    }

    /// The Error Code that `receiver` answers the undecodable `bytes` with (RFC 4233 §3.3.3.1):
    /// [`code`](Self::code), except for a message type the codec does not support that only
    /// `receiver`'s own side sends (a QPTM Establish Request received by an ASP, say), which the
    /// peer had no business sending: Unexpected Message, as RFC 4233's example of an MGC
    /// receiving an Establish Request says. The same type received by the other side stays
    /// Unsupported Message Type: the peer may send it, this implementation does not support it.
    #[must_use]
    pub fn answer_code(&self, bytes: &[u8], receiver: Side) -> ErrorCode {
        let own = match bytes {
            [_, _, class, type_code, ..] => {
                MessageClass::from_value(*class).and_then(|class| sender(class, *type_code)) == Some(receiver)
            }
            _ => false,
        };
        if self.code == ErrorCode::UnsupportedMessageType && own { ErrorCode::UnexpectedMessage } else { self.code }
    }
}

/// Why a [`Message`] cannot be encoded: a value out of the range RFC 4233 allows (see
/// [`Message::validate`]) or a message longer than [`MAX_MESSAGE_LEN`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("cannot encode {message}: {reason}")]
pub struct EncodeError {
    /// The name of the message ("ASP Up", ...).
    pub message: &'static str,
    /// What is wrong.
    pub reason: String,
}
