//! The Diameter base protocol codec (RFC 6733): the message header (§3), AVPs (§4), the messages
//! of a peer connection (CER/CEA §5.3, DPR/DPA §5.4, DWR/DWA §5.5), a strict decoder whose
//! errors carry the Result-Code to answer with (§7.1), and a framer for TCP streams.
//!
//! Every message starts with the 20-octet header (RFC 6733 §3): Version (1), a 24-bit Message
//! Length in octets covering the header and the padded AVPs, the command flags R, P, E, T, a
//! 24-bit Command Code, the Application-ID, and the Hop-by-Hop and End-to-End Identifiers, all
//! in network byte order. AVPs follow (§4.1): a u32 AVP Code, the flags V, M, P, a 24-bit AVP
//! Length covering the AVP header and the data but not the padding, a u32 Vendor-ID when V is
//! set, the data, then zero padding to a multiple of 4 octets.
//!
//! Two levels:
//!
//! - [`RawMessage`]: a header and a list of [`Avp`]s, for any command of any application. The
//!   grouped AVPs of the base protocol that a peer connection uses (Vendor-Specific-Application-Id
//!   and Failed-AVP) are parsed as [`AvpValue::Grouped`], all others are kept as octets.
//! - [`Message`]: the six messages of the base protocol that a peer connection exchanges, with
//!   their AVPs as typed fields, and [`Message::Other`] for everything else (so that a peer can
//!   answer it, e.g. with DIAMETER_COMMAND_UNSUPPORTED).
//!
//! ```
//! use rfc_fsm::diameter::codec::{Dwr, Message};
//!
//! let dwr = Message::Dwr(Dwr {
//!     hop_by_hop: 0x1234,
//!     end_to_end: 0x5678,
//!     origin_host: "peer.example.net".into(),
//!     origin_realm: "example.net".into(),
//!     origin_state_id: Some(7),
//! });
//! let bytes = dwr.encode()?;
//! assert_eq!(&bytes[..8], [1, 0, 0, 76, 0x80, 0, 0x01, 0x18]); // version 1, 76 octets, R, 280
//! assert_eq!(Message::decode(&bytes), Ok(dwr));
//! # Ok::<(), rfc_fsm::diameter::codec::EncodeError>(())
//! ```

mod avp;
mod decode;
mod dictionary;
mod framer;
mod header;
mod messages;
mod raw;
pub mod result_code;

pub use avp::{Avp, AvpValue};
pub use dictionary::{avp_code, command_code};
pub use framer::Framer;
pub use header::{CommandFlags, Header};
pub use messages::{
    ApplicationId, Capabilities, Cea, Cer, DisconnectCause, Dpa, Dpr, Dwa, Dwr, Message, VendorSpecificApplicationId,
};
pub use raw::RawMessage;

use thiserror::Error;

/// The protocol version of RFC 6733, the first octet of every message (§3).
pub const VERSION: u8 = 1;

/// The length of the message header, in octets (RFC 6733 §3).
pub const HEADER_LEN: usize = 20;

/// The longest message the codec sends or accepts, in octets, header included: 64 KiB. RFC 6733
/// allows up to 2^24 - 1 octets (the Message Length is 24 bits); the messages of a peer
/// connection are far shorter, and the bound keeps the memory a peer gives to one message small.
pub const MAX_MESSAGE_LEN: usize = 64 * 1024;

/// How deeply Grouped AVPs (RFC 6733 §4.4) may nest: a Grouped AVP inside 7 others is accepted,
/// one more level is refused by the decoder and the encoder. This bounds the recursion of both.
pub const MAX_GROUPED_DEPTH: usize = 8;

/// Why bytes are not one valid Diameter message: the Result-Code a Diameter node would answer
/// with (RFC 6733 §7.1, see [`result_code`]), the offset of the offending field in octets from
/// the first octet of the message, the AVP to put in the answer's Failed-AVP (§7.5), and a
/// description.
///
/// The offsets: 0 for the version, 1 for the Message Length (also for a message shorter than
/// its header), 4 for the command flags; for an AVP, its first octet (its AVP Code), whatever is
/// wrong with it; for a missing AVP, the end of the list it should be in (the end of the message,
/// or of the data of the Grouped AVP).
///
/// `failed_avp` is `None` for errors in the header. For an AVP whose header is wrong (its length,
/// padding or flags) it is the AVP's code and flags with a zero-filled value of the minimum length
/// of its type, as RFC 6733 §7.1.5 allows for DIAMETER_INVALID_AVP_LENGTH; for a missing AVP, an
/// AVP of that code with such a value (§7.5); for an AVP whose data has the wrong size for its
/// type (DIAMETER_INVALID_AVP_LENGTH too) or a wrong value, an unsupported AVP or one too many,
/// the AVP as received.
///
/// To answer a request that fails to decode, a peer reads its header with [`Header::decode`],
/// which succeeds whenever the error is past the header (`offset >= 20`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("{reason} (at offset {offset}: {})", result_code::label(*.result_code))]
pub struct DecodeError {
    /// The Result-Code to answer with (RFC 6733 §7.1); protocol errors (3xxx) go in an answer
    /// with the E bit set (§7.2).
    pub result_code: u32,
    /// Where in the message, in octets from its first octet.
    pub offset: usize,
    /// The AVP to report in the Failed-AVP of the answer (RFC 6733 §7.5).
    pub failed_avp: Option<Avp>,
    /// What is wrong, for humans.
    pub reason: String,
}

impl DecodeError {
    pub(crate) fn new(result_code: u32, offset: usize, reason: impl Into<String>) -> Self {
        Self { result_code, offset, failed_avp: None, reason: reason.into() }
    }

    pub(crate) fn with_avp(mut self, avp: Avp) -> Self {
        self.failed_avp = Some(avp);
        self
    }
}

/// Why a message cannot be encoded: a value the wire cannot carry or that RFC 6733 does not allow
/// (the decoder would refuse it), or a message longer than [`MAX_MESSAGE_LEN`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("cannot encode {message}: {reason}")]
pub struct EncodeError {
    /// The name of the message ("CER", ...), or "message" for a [`RawMessage`].
    pub message: &'static str,
    /// What is wrong.
    pub reason: String,
}

impl EncodeError {
    pub(crate) fn new(message: &'static str, reason: impl Into<String>) -> Self {
        Self { message, reason: reason.into() }
    }
}
