//! Messages as a header and a list of AVPs (RFC 6733 §3, §4), for any command of any
//! application.

use super::avp::parse_avps;
use super::dictionary::avp_code;
use super::{Avp, DecodeError, EncodeError, HEADER_LEN, Header};

/// A message as its header and its AVPs, in order (RFC 6733 §3, §4).
///
/// The decoder parses the Grouped AVPs of the base protocol that a peer connection uses
/// (Vendor-Specific-Application-Id and Failed-AVP, sent without Vendor-ID) as
/// [`AvpValue::Grouped`](super::AvpValue::Grouped), at any depth up to
/// [`MAX_GROUPED_DEPTH`](super::MAX_GROUPED_DEPTH), and keeps the data of every other AVP as
/// octets; it does not check which AVPs the command allows.
///
/// ```
/// use rfc_fsm::diameter::codec::{Avp, CommandFlags, Header, RawMessage};
///
/// let header = Header { flags: CommandFlags { request: true, ..CommandFlags::default() }, command_code: 272, application_id: 4, hop_by_hop: 1, end_to_end: 2 };
/// let message = RawMessage { header, avps: vec![Avp::utf8(263, "session;1").with_mandatory(true)] };
/// let bytes = message.encode()?;
/// assert_eq!(bytes.len(), 20 + 20); // header, then 8 + 9 octets of AVP padded to 20
/// assert_eq!(RawMessage::decode(&bytes), Ok(message));
/// # Ok::<(), rfc_fsm::diameter::codec::EncodeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RawMessage {
    /// The header; its version and Message Length are those of the encoding.
    pub header: Header,
    /// The AVPs, in order.
    pub avps: Vec<Avp>,
}

impl RawMessage {
    /// Decodes one message: `bytes` must hold exactly one, from its first octet to its last.
    ///
    /// Strict: the header is checked as [`Header::decode`] does; then every AVP must have an AVP
    /// Length of at least 8 octets (12 with the V bit) that stays, padding included, within the
    /// message (or its Grouped AVP), zero padding and no reserved AVP flag set. Never panics, and
    /// allocates memory in proportion to the length of `bytes` only.
    ///
    /// # Errors
    ///
    /// [`DecodeError`] for the first problem found: those of [`Header::decode`], then
    /// DIAMETER_INVALID_AVP_LENGTH (length or padding), DIAMETER_INVALID_AVP_BITS (reserved
    /// flags), DIAMETER_INVALID_AVP_VALUE (Grouped AVPs nested too deep), at the offset of the
    /// AVP.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let header = Header::decode(bytes)?;
        let avps = parse_avps(bytes, HEADER_LEN, bytes.len(), 0)?;
        Ok(Self { header, avps })
    }

    /// Encodes the message (RFC 6733 §3): the header with version 1 and the Message Length of
    /// the whole message, then each AVP with its AVP Length (excluding padding) and zero padding
    /// to a multiple of 4 octets.
    ///
    /// # Errors
    ///
    /// [`EncodeError`] if the header cannot be sent (see [`Header::encode`]), the message is
    /// longer than [`MAX_MESSAGE_LEN`](super::MAX_MESSAGE_LEN), Grouped AVPs nest deeper than
    /// [`MAX_GROUPED_DEPTH`](super::MAX_GROUPED_DEPTH), or a Vendor-Specific-Application-Id or
    /// Failed-AVP without Vendor-ID has raw data instead of AVPs.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        // Checks the header first, so that a bad one is reported whatever the AVPs.
        self.header.encode(HEADER_LEN)?;
        let mut out = vec![0; HEADER_LEN];
        for avp in &self.avps {
            avp.encode_into(&mut out, 0).map_err(|reason| EncodeError::new("message", reason))?;
        }
        let header = self.header.encode(out.len())?;
        if let Some(start) = out.get_mut(..HEADER_LEN) {
            start.copy_from_slice(&header);
        }
        Ok(out)
    }

    /// The first AVP of `code` without Vendor-ID, if any.
    #[must_use]
    pub fn find(&self, code: u32) -> Option<&Avp> {
        self.avps.iter().find(|avp| avp.code == code && avp.vendor_id.is_none())
    }

    /// The value of the first Result-Code AVP (RFC 6733 §7.1), if there is a well-formed one:
    /// what an answer that decodes as [`Message::Other`](super::Message::Other), such as an
    /// answer with the E bit, reports.
    #[must_use]
    pub fn result_code(&self) -> Option<u32> {
        self.find(avp_code::RESULT_CODE).and_then(Avp::as_u32)
    }
}
