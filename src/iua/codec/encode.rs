//! Encoding messages (RFC 4233 §3): the common header, then the parameters in the order RFC
//! 4233 lists them, each padded with zeros to a multiple of 4 octets.

use super::params::{Dlci, ErrorCode, InterfaceId, InterfaceIds, tag};
use super::{
    EncodeError, HEADER_LEN, MAX_INTEGER_INTERFACE_IDS, MAX_INTERFACE_ID_RANGES, MAX_MESSAGE_LEN, Message, VERSION,
};

/// The longest parameter value, in octets: the 16-bit length covers the 4-octet tag and length.
pub(super) const MAX_VALUE_LEN: usize = u16::MAX as usize - 4;

/// The longest INFO String, in octets (RFC 4233 §3.3: "from 0 to 255 characters").
pub(super) const MAX_INFO_LEN: usize = 255;

/// The octets a parameter with a value of `value_len` octets takes, padding included.
const fn padded_len(value_len: usize) -> usize {
    value_len.saturating_add(4 + 3) & !3
}

/// Where the parameters of a message go: counted, or written.
trait Sink {
    /// A parameter whose value is `value`.
    fn bytes(&mut self, tag: u16, value: &[u8]);
    /// A parameter whose value is `count` u32s in network byte order.
    fn words(&mut self, tag: u16, count: usize, words: impl Iterator<Item = u32>);
}

/// Counts the octets of the parameters.
struct Counter(usize);

impl Sink for Counter {
    fn bytes(&mut self, _: u16, value: &[u8]) {
        self.0 = self.0.saturating_add(padded_len(value.len()));
    }

    fn words(&mut self, _: u16, count: usize, _: impl Iterator<Item = u32>) {
        self.0 = self.0.saturating_add(padded_len(count.saturating_mul(4)));
    }
}

/// Writes the parameters (of a validated message: the lengths fit in 16 bits).
struct Writer<'a>(&'a mut Vec<u8>);

impl Writer<'_> {
    fn header(&mut self, tag: u16, value_len: usize) {
        let len = u16::try_from(value_len.saturating_add(4)).unwrap_or(u16::MAX);
        self.0.extend_from_slice(&tag.to_be_bytes());
        self.0.extend_from_slice(&len.to_be_bytes());
    }

    fn pad(&mut self, value_len: usize) {
        let padding = padded_len(value_len).saturating_sub(value_len.saturating_add(4));
        self.0.resize(self.0.len().saturating_add(padding), 0);
    }
}

impl Sink for Writer<'_> {
    fn bytes(&mut self, tag: u16, value: &[u8]) {
        self.header(tag, value.len());
        self.0.extend_from_slice(value);
        self.pad(value.len());
    }

    fn words(&mut self, tag: u16, count: usize, words: impl Iterator<Item = u32>) {
        self.header(tag, count.saturating_mul(4));
        for word in words {
            self.0.extend_from_slice(&word.to_be_bytes());
        }
    }
}

fn u32_param(sink: &mut impl Sink, tag: u16, value: u32) {
    sink.words(tag, 1, std::iter::once(value));
}

fn interface_id(sink: &mut impl Sink, id: &InterfaceId) {
    match id {
        InterfaceId::Integer(id) => u32_param(sink, tag::INTERFACE_ID_INTEGER, *id),
        InterfaceId::Text(text) => sink.bytes(tag::INTERFACE_ID_TEXT, text.as_bytes()),
    }
}

fn interface_ids(sink: &mut impl Sink, ids: Option<&InterfaceIds>) {
    match ids {
        None => {}
        Some(InterfaceIds::Integers(ids)) => sink.words(tag::INTERFACE_ID_INTEGER, ids.len(), ids.iter().copied()),
        Some(InterfaceIds::Ranges(ranges)) => sink.words(
            tag::INTERFACE_ID_RANGE,
            ranges.len().saturating_mul(2),
            ranges.iter().flat_map(|&(start, stop)| [start, stop]),
        ),
        Some(InterfaceIds::Text(texts)) => {
            for text in texts {
                sink.bytes(tag::INTERFACE_ID_TEXT, text.as_bytes());
            }
        }
    }
}

fn dlci(sink: &mut impl Sink, dlci: Dlci) {
    let field = dlci.to_u16().unwrap_or(0);
    u32_param(sink, tag::DLCI, u32::from(field) << 16);
}

fn optional_bytes(sink: &mut impl Sink, tag: u16, value: Option<&[u8]>) {
    if let Some(value) = value {
        sink.bytes(tag, value);
    }
}

fn info(sink: &mut impl Sink, info: Option<&Vec<u8>>) {
    optional_bytes(sink, tag::INFO_STRING, info.map(Vec::as_slice));
}

/// Feeds the parameters of `message` to `sink`, in the order of RFC 4233 §3.3.
fn parameters(message: &Message, sink: &mut impl Sink) {
    match message {
        Message::Error { code, interface_ids: ids, diagnostic } => {
            u32_param(sink, tag::ERROR_CODE, code.value());
            interface_ids(sink, ids.as_ref());
            optional_bytes(sink, tag::DIAGNOSTIC_INFO, diagnostic.as_deref());
        }
        Message::Notify { status, asp_id, interface_ids: ids, info: text } => {
            u32_param(sink, tag::STATUS, (u32::from(status.kind) << 16) | u32::from(status.info));
            if let Some(asp_id) = asp_id {
                u32_param(sink, tag::ASP_ID, *asp_id);
            }
            interface_ids(sink, ids.as_ref());
            info(sink, text.as_ref());
        }
        Message::TeiStatusRequest { interface_id: id, dlci: link } => {
            interface_id(sink, id);
            dlci(sink, *link);
        }
        Message::TeiStatusConfirm { interface_id: id, dlci: link, status }
        | Message::TeiStatusIndication { interface_id: id, dlci: link, status } => {
            interface_id(sink, id);
            dlci(sink, *link);
            u32_param(sink, tag::TEI_STATUS, status.value());
        }
        Message::AspUp { asp_id, info: text } => {
            if let Some(asp_id) = asp_id {
                u32_param(sink, tag::ASP_ID, *asp_id);
            }
            info(sink, text.as_ref());
        }
        Message::AspDown { info: text } | Message::AspUpAck { info: text } | Message::AspDownAck { info: text } => {
            info(sink, text.as_ref());
        }
        Message::Heartbeat { data } | Message::HeartbeatAck { data } => {
            optional_bytes(sink, tag::HEARTBEAT_DATA, data.as_deref());
        }
        Message::AspActive { traffic_mode, interface_ids: ids, info: text }
        | Message::AspActiveAck { traffic_mode, interface_ids: ids, info: text } => {
            if let Some(mode) = traffic_mode {
                u32_param(sink, tag::TRAFFIC_MODE, mode.value());
            }
            interface_ids(sink, ids.as_ref());
            info(sink, text.as_ref());
        }
        Message::AspInactive { interface_ids: ids, info: text }
        | Message::AspInactiveAck { interface_ids: ids, info: text } => {
            interface_ids(sink, ids.as_ref());
            info(sink, text.as_ref());
        }
        Message::DataRequest { interface_id: id, dlci: link, data }
        | Message::DataIndication { interface_id: id, dlci: link, data } => {
            interface_id(sink, id);
            dlci(sink, *link);
            sink.bytes(tag::PROTOCOL_DATA, data);
        }
    }
}

fn check_len(what: &str, len: usize, max: usize) -> Result<(), String> {
    if len > max { Err(format!("{what} of {len} octets is longer than {max} octets")) } else { Ok(()) }
}

/// The checks of values: `strict` adds those of RFC 4233 to those of what fits on the wire.
#[derive(Clone, Copy)]
struct Checks {
    strict: bool,
}

impl Checks {
    fn text(self, what: &str, text: &str) -> Result<(), String> {
        if self.strict && text.is_empty() {
            return Err(format!("{what} is empty"));
        }
        check_len(what, text.len(), MAX_VALUE_LEN)
    }

    fn info(self, info: Option<&Vec<u8>>) -> Result<(), String> {
        let max = if self.strict { MAX_INFO_LEN } else { MAX_VALUE_LEN };
        info.map_or(Ok(()), |info| check_len("INFO String", info.len(), max))
    }

    fn interface_id(self, id: &InterfaceId) -> Result<(), String> {
        match id {
            InterfaceId::Integer(_) => Ok(()),
            InterfaceId::Text(text) => self.text("text Interface Identifier", text),
        }
    }

    fn interface_ids(self, ids: Option<&InterfaceIds>) -> Result<(), String> {
        let (count, max) = match ids {
            None => return Ok(()),
            Some(InterfaceIds::Integers(ids)) => (ids.len(), MAX_INTEGER_INTERFACE_IDS),
            Some(InterfaceIds::Ranges(ranges)) => {
                if let Some((start, stop)) = ranges.iter().find(|(start, stop)| start > stop)
                    && self.strict
                {
                    return Err(format!("Interface Identifier range {start}..{stop} ends before it starts"));
                }
                (ranges.len(), MAX_INTERFACE_ID_RANGES)
            }
            Some(InterfaceIds::Text(texts)) => {
                for text in texts {
                    self.text("text Interface Identifier", text)?;
                }
                (texts.len(), usize::MAX)
            }
        };
        if count == 0 && self.strict {
            return Err("empty list of Interface Identifiers (leave them out instead)".into());
        }
        if count > max { Err(format!("{count} Interface Identifiers, more than the {max} that fit")) } else { Ok(()) }
    }

    fn dlci(self, dlci: Dlci) -> Result<(), String> {
        if dlci.is_valid() {
            Ok(())
        } else {
            Err(format!("DLCI with SAPI {} (0 to 63) and TEI {} (0 to 127)", dlci.sapi, dlci.tei))
        }
    }

    fn message(self, message: &Message) -> Result<(), String> {
        match message {
            Message::Error { code, interface_ids, diagnostic } => {
                if let ErrorCode::Other(value) = code
                    && ErrorCode::from_value(*value) != *code
                    && self.strict
                {
                    return Err(format!("Error Code Other({value}) for a code RFC 4233 names: use the named variant"));
                }
                self.interface_ids(interface_ids.as_ref())?;
                check_len("Diagnostic Information", diagnostic.as_ref().map_or(0, Vec::len), MAX_VALUE_LEN)
            }
            Message::Notify { status, interface_ids, info, .. } => {
                if !status.is_valid() && self.strict {
                    let reason =
                        format!("Status Type {} Information {} is not one of RFC 4233", status.kind, status.info);
                    return Err(reason);
                }
                self.interface_ids(interface_ids.as_ref())?;
                self.info(info.as_ref())
            }
            Message::TeiStatusRequest { interface_id, dlci }
            | Message::TeiStatusConfirm { interface_id, dlci, .. }
            | Message::TeiStatusIndication { interface_id, dlci, .. } => {
                self.interface_id(interface_id)?;
                self.dlci(*dlci)
            }
            Message::AspUp { info, .. }
            | Message::AspDown { info }
            | Message::AspUpAck { info }
            | Message::AspDownAck { info } => self.info(info.as_ref()),
            Message::Heartbeat { data } | Message::HeartbeatAck { data } => {
                check_len("Heartbeat Data", data.as_ref().map_or(0, Vec::len), MAX_VALUE_LEN)
            }
            Message::AspActive { interface_ids, info, .. }
            | Message::AspActiveAck { interface_ids, info, .. }
            | Message::AspInactive { interface_ids, info }
            | Message::AspInactiveAck { interface_ids, info } => {
                self.interface_ids(interface_ids.as_ref())?;
                self.info(info.as_ref())
            }
            Message::DataRequest { interface_id, dlci, data }
            | Message::DataIndication { interface_id, dlci, data } => {
                self.interface_id(interface_id)?;
                self.dlci(*dlci)?;
                check_len("Protocol Data", data.len(), MAX_VALUE_LEN)
            }
        }
    }

    /// Checks `message`, its length included.
    fn check(self, message: &Message) -> Result<(), EncodeError> {
        let error = |reason: String| EncodeError { message: message.name(), reason };
        self.message(message).map_err(error)?;
        let len = message.encoded_len();
        if len > MAX_MESSAGE_LEN {
            return Err(error(format!("{len} octets is longer than the maximum of {MAX_MESSAGE_LEN}")));
        }
        Ok(())
    }
}

/// Writes a message that passed the checks.
fn write(message: &Message, out: &mut Vec<u8>) {
    let len = message.encoded_len();
    out.reserve(len);
    out.extend_from_slice(&[VERSION, 0, message.class().value(), message.type_code()]);
    out.extend_from_slice(&u32::try_from(len).unwrap_or(u32::MAX).to_be_bytes());
    parameters(message, &mut Writer(out));
}

impl Message {
    /// The length of the encoded message, in octets, header and padding included.
    #[must_use]
    pub fn encoded_len(&self) -> usize {
        let mut counter = Counter(HEADER_LEN);
        parameters(self, &mut counter);
        counter.0
    }

    /// Checks that the message can be sent as RFC 4233 §3.3 allows: its values are in the
    /// ranges [`decode`](super::decode()) accepts, and it is at most [`MAX_MESSAGE_LEN`] octets
    /// long. A message that passes decodes back to itself.
    ///
    /// The checks: INFO Strings of at most 255 octets; non-empty lists of Interface
    /// Identifiers (at most [`MAX_INTEGER_INTERFACE_IDS`] integers or
    /// [`MAX_INTERFACE_ID_RANGES`] ranges, and fewer if the message is then too long), ranges
    /// with start <= stop,
    /// non-empty texts; a DLCI with SAPI <= 63 and TEI <= 127; a Notify Status of RFC 4233;
    /// no `ErrorCode::Other` with a code RFC 4233 names; values of at most 65 531 octets.
    ///
    /// # Errors
    ///
    /// [`EncodeError`] naming the first value out of range.
    pub fn validate(&self) -> Result<(), EncodeError> {
        Checks { strict: true }.check(self)
    }
}

/// Appends the encoding of `message` (RFC 4233 §3) to `out`: the 8-octet header with the length
/// of the whole message, then the parameters in the order RFC 4233 lists them, each with a
/// length that excludes its padding, and zero padding to a multiple of 4 octets. The message is
/// first checked with [`Message::validate`]; on error `out` is left unchanged.
///
/// # Errors
///
/// [`EncodeError`] if the message has a value RFC 4233 does not allow or is longer than
/// [`MAX_MESSAGE_LEN`].
pub fn encode_into(message: &Message, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    message.validate()?;
    write(message, out);
    Ok(())
}

/// The encoding of `message` (RFC 4233 §3); see [`encode_into`].
///
/// # Errors
///
/// [`EncodeError`] if the message has a value RFC 4233 does not allow or is longer than
/// [`MAX_MESSAGE_LEN`].
pub fn encode(message: &Message) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    encode_into(message, &mut out)?;
    Ok(out)
}

/// The encoding of `message`, with the values [`Message::validate`] refuses but the wire can
/// carry written as given (an empty list of Interface Identifiers, an INFO String over 255
/// octets, an unknown Notify Status, ...): for testing how a peer answers them.
///
/// # Errors
///
/// [`EncodeError`] if the message cannot be represented on the wire at all: a DLCI with a SAPI
/// over 63 or a TEI over 127, a parameter value over 65 531 octets, or a message over
/// [`MAX_MESSAGE_LEN`] octets.
pub fn encode_lenient(message: &Message) -> Result<Vec<u8>, EncodeError> {
    (Checks { strict: false }).check(message)?;
    let mut out = Vec::new();
    write(message, &mut out);
    Ok(out)
}
