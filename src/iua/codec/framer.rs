//! Cutting IUA messages out of a byte stream (e.g. TCP, in tests), by the Message Length field
//! of the common header (RFC 4233 §3.1).

use super::{DecodeError, HEADER_LEN, MAX_MESSAGE_LEN};
use crate::framing::{LengthField, LengthFramer};

/// Reassembles messages from a byte stream: [`push`](Framer::push) the bytes as they arrive,
/// then take the messages with [`next_message`](Framer::next_message) until it returns `None`.
///
/// Messages are cut by the Message Length of their header (octets 4 to 7), and are not checked
/// further: pass them to [`decode`](super::decode()). A length under 8 octets or over
/// [`MAX_MESSAGE_LEN`] loses the message boundaries for good: `next_message` returns that error
/// once, and the framer is then failed (see [`is_failed`](Framer::is_failed)): it drops what is
/// pushed and returns `None` forever, and the stream must be closed.
///
/// Memory stays bounded: the framer holds the bytes pushed and not yet returned, so at most one
/// maximal message ([`MAX_MESSAGE_LEN`] octets) plus what the last `push` added, as long as
/// `next_message` is called after each `push` until it returns `None`.
///
/// ```
/// use rfc_fsm::iua::codec::{decode, encode, Framer, Message};
///
/// let bytes = encode(&Message::AspUpAck { info: None })?;
/// let mut framer = Framer::new();
/// framer.push(&bytes[..5]);
/// assert!(framer.next_message().is_none());
/// framer.push(&bytes[5..]);
/// let message = framer.next_message().unwrap().unwrap();
/// assert_eq!(decode(&message), Ok(Message::AspUpAck { info: None }));
/// # Ok::<(), rfc_fsm::iua::codec::EncodeError>(())
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
        Self(LengthFramer::new(LengthField { offset: 4, size: 4, min: HEADER_LEN, max: MAX_MESSAGE_LEN }))
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
    /// A [`DecodeError`] (Protocol Error, offset 4 in the message) when a Message Length is
    /// under 8 or over [`MAX_MESSAGE_LEN`] octets; the framer has then failed.
    pub fn next_message(&mut self) -> Option<Result<Vec<u8>, DecodeError>> {
        Some(self.0.next_message()?.map_err(|length| {
            let reason = format!("message length {length} outside {HEADER_LEN}..={MAX_MESSAGE_LEN}: stream unusable");
            DecodeError::protocol(4, reason)
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
