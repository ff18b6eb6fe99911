//! Cutting Diameter messages out of a TCP byte stream (RFC 6733 §2.1), by the 24-bit Message
//! Length of their header (§3).

use super::result_code::DIAMETER_INVALID_MESSAGE_LENGTH;
use super::{DecodeError, HEADER_LEN, MAX_MESSAGE_LEN};
use crate::framing::{LengthField, LengthFramer};

/// Reassembles messages from a byte stream: [`push`](Framer::push) the octets as they arrive,
/// then take the messages with [`next_message`](Framer::next_message) until it returns `None`.
///
/// Messages are cut by the Message Length of their header (octets 1 to 3) and are not checked
/// further: pass them to [`Message::decode`](super::Message::decode). A Message Length under
/// 20 octets or over [`MAX_MESSAGE_LEN`] loses the message boundaries for good: `next_message`
/// returns that error once, and the framer has then failed (see
/// [`is_failed`](Framer::is_failed)): it drops what is pushed and returns `None` forever, and the
/// connection must be closed. A Message Length that is not a multiple of 4 still gives a
/// boundary, so the message is returned and its decoding reports the error.
///
/// Memory stays bounded: the framer holds the octets pushed and not yet returned, so at most one
/// maximal message ([`MAX_MESSAGE_LEN`] octets) plus what the last `push` added, as long as
/// `next_message` is called after each `push` until it returns `None`.
///
/// ```
/// use rfc_fsm::diameter::codec::{Dwr, Framer, Message};
///
/// let dwr = Message::Dwr(Dwr { hop_by_hop: 1, end_to_end: 2, origin_host: "a".into(), origin_realm: "b".into(), origin_state_id: None });
/// let bytes = dwr.encode()?;
/// let mut framer = Framer::new();
/// framer.push(&bytes[..5]);
/// assert!(framer.next_message().is_none());
/// framer.push(&bytes[5..]);
/// let message = framer.next_message().unwrap().unwrap();
/// assert_eq!(Message::decode(&message), Ok(dwr));
/// # Ok::<(), rfc_fsm::diameter::codec::EncodeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Framer(LengthFramer);

impl Default for Framer {
    fn default() -> Self {
        Self::new()
    }
}

impl Framer {
    /// An empty framer.
    #[must_use]
    pub const fn new() -> Self {
        Self(LengthFramer::new(LengthField { offset: 1, size: 3, min: HEADER_LEN, max: MAX_MESSAGE_LEN }))
    }

    /// An empty framer that refuses a Message Length over `max` octets (taken within 20 and
    /// [`MAX_MESSAGE_LEN`]), as [`next_message`](Self::next_message) refuses one over
    /// [`MAX_MESSAGE_LEN`]: as soon as the length is read (the header's first 4 octets), before
    /// the message is buffered, so that a peer announcing 16 MB costs 4 octets of memory.
    #[must_use]
    pub fn with_max_len(max: usize) -> Self {
        let max = max.clamp(HEADER_LEN, MAX_MESSAGE_LEN);
        Self(LengthFramer::new(LengthField { offset: 1, size: 3, min: HEADER_LEN, max }))
    }

    /// Adds received octets (ignored once the framer has failed).
    pub fn push(&mut self, bytes: &[u8]) {
        self.0.push(bytes);
    }

    /// The next complete message, header included; `None` if more octets are needed (or the
    /// framer has failed).
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] (DIAMETER_INVALID_MESSAGE_LENGTH, offset 1 in the message) when a Message
    /// Length is under 20 or over [`MAX_MESSAGE_LEN`] octets (or the maximum of
    /// [`with_max_len`](Self::with_max_len)); the framer has then failed.
    pub fn next_message(&mut self) -> Option<Result<Vec<u8>, DecodeError>> {
        Some(self.0.next_message()?.map_err(|length| {
            let max = self.0.field().max;
            let reason = format!("Message Length {length} outside {HEADER_LEN}..={max}: the stream is unusable");
            DecodeError::new(DIAMETER_INVALID_MESSAGE_LENGTH, 1, reason)
        }))
    }

    /// The octets received and not yet returned as messages.
    #[must_use]
    pub fn buffered(&self) -> usize {
        self.0.buffered()
    }

    /// The octets of memory the framer holds (its buffer's capacity): about twice the largest
    /// amount buffered at once.
    #[must_use]
    pub fn allocated(&self) -> usize {
        self.0.allocated()
    }

    /// Whether a bad Message Length has made the stream unusable.
    #[must_use]
    pub const fn is_failed(&self) -> bool {
        self.0.is_failed()
    }
}
