//! The Diameter message header (RFC 6733 §3): its fields, its command flags, and the checks of
//! version, length and flags that come before any AVP is read.

use super::result_code::{DIAMETER_INVALID_HDR_BITS, DIAMETER_INVALID_MESSAGE_LENGTH, DIAMETER_UNSUPPORTED_VERSION};
use super::{DecodeError, EncodeError, HEADER_LEN, MAX_MESSAGE_LEN, VERSION};

/// The largest value of a 24-bit field (Message Length, Command Code, AVP Length).
pub(super) const MAX_U24: u32 = 0x00ff_ffff;

/// The command flags of a message (RFC 6733 §3), octet 4 of the header: `R P E T r r r r`. The
/// four reserved bits are always sent as 0 and ignored on receipt (§3: "reserved for future use,
/// and MUST be set to zero, and ignored by the receiver").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CommandFlags {
    /// R: a request; clear in an answer.
    pub request: bool,
    /// P: the message may be proxied, relayed or redirected; clear means it is processed
    /// locally (always so for the messages of a peer connection).
    pub proxiable: bool,
    /// E: an answer reporting a protocol error (§7.2); never set in a request.
    pub error: bool,
    /// T: a request possibly retransmitted after a link failover (§5.5.4); never set in an
    /// answer.
    pub retransmitted: bool,
}

impl CommandFlags {
    /// The R bit in the flags octet.
    pub const REQUEST: u8 = 0x80;
    /// The P bit in the flags octet.
    pub const PROXIABLE: u8 = 0x40;
    /// The E bit in the flags octet.
    pub const ERROR: u8 = 0x20;
    /// The T bit in the flags octet.
    pub const RETRANSMITTED: u8 = 0x10;
    /// The reserved bits of the flags octet.
    pub const RESERVED: u8 = 0x0f;

    /// The flags octet.
    #[must_use]
    pub const fn bits(self) -> u8 {
        (if self.request { Self::REQUEST } else { 0 })
            | (if self.proxiable { Self::PROXIABLE } else { 0 })
            | (if self.error { Self::ERROR } else { 0 })
            | (if self.retransmitted { Self::RETRANSMITTED } else { 0 })
    }

    /// The flags of an octet, ignoring its reserved bits.
    #[must_use]
    pub const fn from_bits(bits: u8) -> Self {
        Self {
            request: bits & Self::REQUEST != 0,
            proxiable: bits & Self::PROXIABLE != 0,
            error: bits & Self::ERROR != 0,
            retransmitted: bits & Self::RETRANSMITTED != 0,
        }
    }

    /// What is wrong with a combination of flags RFC 6733 §3 forbids: E in a request, or T in an
    /// answer.
    fn problem(self) -> Option<&'static str> {
        if self.request && self.error {
            Some("the E bit is set in a request")
        } else if !self.request && self.retransmitted {
            Some("the T bit is set in an answer")
        } else {
            None
        }
    }
}

/// The header of a message (RFC 6733 §3), without the version (always 1) and the Message Length
/// (computed when the message is encoded, checked when it is decoded).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Header {
    /// The command flags (octet 4).
    pub flags: CommandFlags,
    /// The Command Code, 24 bits (octets 5 to 7).
    pub command_code: u32,
    /// The application the message belongs to, 0 for the base protocol (octets 8 to 11).
    pub application_id: u32,
    /// Matches an answer to its request on one hop (octets 12 to 15).
    pub hop_by_hop: u32,
    /// Detects duplicate messages end to end (octets 16 to 19).
    pub end_to_end: u32,
}

impl Header {
    /// The header of the answer to a request with this header (RFC 6733 §6.2): the same Command
    /// Code, Application-ID, identifiers and P bit; R, E and T clear (set E for a protocol error).
    #[must_use]
    pub const fn answer(&self) -> Self {
        let flags =
            CommandFlags { request: false, proxiable: self.flags.proxiable, error: false, retransmitted: false };
        Self { flags, ..*self }
    }

    /// The 20 octets of the header of a message of `length` octets, header included.
    ///
    /// # Errors
    ///
    /// [`EncodeError`] if `length` is not a multiple of 4 between [`HEADER_LEN`] and
    /// [`MAX_MESSAGE_LEN`], the Command Code does not fit in 24 bits, or the flags are a
    /// combination RFC 6733 §3 forbids (E in a request, T in an answer).
    pub fn encode(&self, length: usize) -> Result<[u8; HEADER_LEN], EncodeError> {
        let error = |reason: String| EncodeError::new("message", reason);
        if !(HEADER_LEN..=MAX_MESSAGE_LEN).contains(&length) || !length.is_multiple_of(4) {
            let reason = format!("length of {length} octets, not a multiple of 4 in {HEADER_LEN}..={MAX_MESSAGE_LEN}");
            return Err(error(reason));
        }
        if self.command_code > MAX_U24 {
            return Err(error(format!("Command Code {} does not fit in 24 bits", self.command_code)));
        }
        if let Some(problem) = self.flags.problem() {
            return Err(error(problem.to_owned()));
        }
        let length = u32::try_from(length).unwrap_or(MAX_U24).to_be_bytes();
        let code = self.command_code.to_be_bytes();
        let mut out = [0; HEADER_LEN];
        out[..4].copy_from_slice(&[VERSION, length[1], length[2], length[3]]);
        out[4..8].copy_from_slice(&[self.flags.bits(), code[1], code[2], code[3]]);
        out[8..12].copy_from_slice(&self.application_id.to_be_bytes());
        out[12..16].copy_from_slice(&self.hop_by_hop.to_be_bytes());
        out[16..20].copy_from_slice(&self.end_to_end.to_be_bytes());
        Ok(out)
    }

    /// Reads and checks the header of `message`, which must hold exactly one message (RFC 6733
    /// §3), from its first octet to its last; the AVPs are not looked at.
    ///
    /// # Errors
    ///
    /// [`DecodeError`], without a Failed-AVP, in this order:
    /// - DIAMETER_UNSUPPORTED_VERSION at offset 0: a version other than 1;
    /// - DIAMETER_INVALID_MESSAGE_LENGTH at offset 1: fewer than 20 octets, or a Message Length
    ///   under 20, over [`MAX_MESSAGE_LEN`], not a multiple of 4, or other than the length of
    ///   `message`;
    /// - DIAMETER_INVALID_HDR_BITS at offset 4: E in a request, T in an answer (§3).
    ///
    /// The reserved command flags are ignored (§3): a message with one of them set decodes as if
    /// it were clear, and encodes back with it clear.
    pub fn decode(message: &[u8]) -> Result<Self, DecodeError> {
        if let Some(&version) = message.first()
            && version != VERSION
        {
            let reason = format!("version {version}, not {VERSION}");
            return Err(DecodeError::new(DIAMETER_UNSUPPORTED_VERSION, 0, reason));
        }
        let Some(&[_, l0, l1, l2, flags, c0, c1, c2, a0, a1, a2, a3, h0, h1, h2, h3, e0, e1, e2, e3]) =
            message.get(..HEADER_LEN)
        else {
            let reason = format!("{} octets, shorter than the {HEADER_LEN}-octet header", message.len());
            return Err(DecodeError::new(DIAMETER_INVALID_MESSAGE_LENGTH, 1, reason));
        };
        let length = u32::from_be_bytes([0, l0, l1, l2]);
        let len = usize::try_from(length).unwrap_or(usize::MAX);
        let problem = if len < HEADER_LEN {
            Some(format!("Message Length {length} is shorter than the {HEADER_LEN}-octet header"))
        } else if len > MAX_MESSAGE_LEN {
            Some(format!("Message Length {length} is longer than the maximum of {MAX_MESSAGE_LEN}"))
        } else if !len.is_multiple_of(4) {
            Some(format!("Message Length {length} is not a multiple of 4"))
        } else if len != message.len() {
            Some(format!("Message Length {length} but {} octets", message.len()))
        } else {
            None
        };
        if let Some(reason) = problem {
            return Err(DecodeError::new(DIAMETER_INVALID_MESSAGE_LENGTH, 1, reason));
        }
        // RFC 6733 §3: the reserved bits are "ignored by the receiver".
        let flags = CommandFlags::from_bits(flags);
        if let Some(problem) = flags.problem() {
            return Err(DecodeError::new(DIAMETER_INVALID_HDR_BITS, 4, problem));
        }
        Ok(Self {
            flags,
            command_code: u32::from_be_bytes([0, c0, c1, c2]),
            application_id: u32::from_be_bytes([a0, a1, a2, a3]),
            hop_by_hop: u32::from_be_bytes([h0, h1, h2, h3]),
            end_to_end: u32::from_be_bytes([e0, e1, e2, e3]),
        })
    }
}
