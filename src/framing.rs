//! Cutting messages out of a byte stream by the length field of their header, for the protocols
//! whose header carries the length of the whole message: IUA (RFC 4233 §3.1, over TCP in tests)
//! and Diameter (RFC 6733 §3, over TCP). Each codec wraps [`LengthFramer`] in its own `Framer`,
//! which turns a bad length into that protocol's error.

/// Where a header holds the message length, and the lengths allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LengthField {
    /// Octets before the field.
    pub offset: usize,
    /// The field's size in octets, 1 to 4, big-endian.
    pub size: usize,
    /// The smallest length allowed (the header's), in octets.
    pub min: usize,
    /// The largest length allowed, in octets.
    pub max: usize,
}

/// Reassembles messages from a byte stream: the octets go in with [`push`](Self::push), the
/// messages come out of [`next_message`](Self::next_message). A length outside
/// `min..=max` loses the message boundaries for good: `next_message` returns it once as an
/// error, and the framer has then failed: it drops what is pushed and returns `None` forever.
///
/// Memory stays bounded: the framer holds the octets pushed and not yet returned, so at most one
/// maximal message plus what the last `push` added, as long as `next_message` is called after
/// each `push` until it returns `None`.
#[derive(Clone, Debug)]
pub(crate) struct LengthFramer {
    field: LengthField,
    /// Received octets; those before `start` were already returned.
    buffer: Vec<u8>,
    start: usize,
    failed: bool,
}

impl LengthFramer {
    /// An empty framer for messages whose length is in `field`.
    pub const fn new(field: LengthField) -> Self {
        Self { field, buffer: Vec::new(), start: 0, failed: false }
    }

    /// Adds received octets (ignored once the framer has failed).
    pub fn push(&mut self, bytes: &[u8]) {
        if self.failed {
            return;
        }
        if self.start > 0 {
            self.buffer.drain(..self.start);
            self.start = 0;
        }
        self.buffer.extend_from_slice(bytes);
    }

    /// The next complete message, header included; `None` if more octets are needed (or the
    /// framer has failed); `Err(length)` for a length outside the allowed range, after which the
    /// framer has failed.
    pub fn next_message(&mut self) -> Option<Result<Vec<u8>, u64>> {
        if self.failed {
            return None;
        }
        let LengthField { offset, size, min, max } = self.field;
        let pending = self.buffer.get(self.start..).unwrap_or_default();
        let field = pending.get(offset..offset + size)?;
        let length = field.iter().fold(0u64, |length, &octet| length << 8 | u64::from(octet));
        let len = usize::try_from(length).unwrap_or(usize::MAX);
        if !(min..=max).contains(&len) {
            self.failed = true;
            self.buffer = Vec::new();
            self.start = 0;
            return Some(Err(length));
        }
        let message = pending.get(..len)?.to_vec();
        self.start += len;
        if self.start == self.buffer.len() {
            self.buffer.clear();
            self.start = 0;
        }
        Some(Ok(message))
    }

    /// Where the length is, and the lengths allowed.
    pub const fn field(&self) -> LengthField {
        self.field
    }

    /// The octets received and not yet returned as messages.
    pub fn buffered(&self) -> usize {
        self.buffer.len().saturating_sub(self.start)
    }

    /// The octets of memory the framer holds (its buffer's capacity).
    pub fn allocated(&self) -> usize {
        self.buffer.capacity()
    }

    /// Whether a bad length has made the stream unusable.
    pub const fn is_failed(&self) -> bool {
        self.failed
    }
}
