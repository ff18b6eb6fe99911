//! Decoding messages (RFC 4233 §3), strictly: exactly one well-formed message, every
//! parameter allowed in it and in range, every mandatory parameter present.

use super::encode::MAX_INFO_LEN;
use super::params::{Dlci, ErrorCode, InterfaceId, InterfaceIds, Status, TeiStatus, TrafficMode, tag};
use super::{DecodeError, HEADER_LEN, MAX_MESSAGE_LEN, Message, MessageClass, VERSION};

/// The messages the codec decodes, by class and type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Error,
    Notify,
    TeiStatusRequest,
    TeiStatusConfirm,
    TeiStatusIndication,
    AspUp,
    AspDown,
    Heartbeat,
    AspUpAck,
    AspDownAck,
    HeartbeatAck,
    AspActive,
    AspInactive,
    AspActiveAck,
    AspInactiveAck,
    DataRequest,
    DataIndication,
}

/// How a message carries Interface Identifiers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ids {
    /// Not at all.
    None,
    /// Exactly one, integer or text (the IUA message header of RFC 4233 §3.2).
    One,
    /// A list of integers and ranges, or of texts.
    List,
}

impl Kind {
    fn of(class: MessageClass, type_code: u8) -> Result<Self, DecodeError> {
        use Kind::*;
        Ok(match (class, type_code) {
            (MessageClass::Mgmt, 0) => Error,
            (MessageClass::Mgmt, 1) => Notify,
            (MessageClass::Mgmt, 2) => TeiStatusRequest,
            (MessageClass::Mgmt, 3) => TeiStatusConfirm,
            (MessageClass::Mgmt, 4) => TeiStatusIndication,
            (MessageClass::Aspsm, 1) => AspUp,
            (MessageClass::Aspsm, 2) => AspDown,
            (MessageClass::Aspsm, 3) => Heartbeat,
            (MessageClass::Aspsm, 4) => AspUpAck,
            (MessageClass::Aspsm, 5) => AspDownAck,
            (MessageClass::Aspsm, 6) => HeartbeatAck,
            (MessageClass::Asptm, 1) => AspActive,
            (MessageClass::Asptm, 2) => AspInactive,
            (MessageClass::Asptm, 3) => AspActiveAck,
            (MessageClass::Asptm, 4) => AspInactiveAck,
            (MessageClass::Qptm, 1) => DataRequest,
            (MessageClass::Qptm, 2) => DataIndication,
            (MessageClass::Qptm, 3..=10) => {
                let reason =
                    format!("QPTM message type {type_code} (Unit Data, Establish or Release) is not supported");
                return Err(DecodeError::new(ErrorCode::UnsupportedMessageType, 3, reason));
            }
            (class, _) => {
                let reason = format!("no message type {type_code} in message class {}", class.value());
                return Err(DecodeError::new(ErrorCode::UnsupportedMessageType, 3, reason));
            }
        })
    }

    const fn name(self) -> &'static str {
        use Kind::*;
        match self {
            Error => "Error",
            Notify => "Notify",
            TeiStatusRequest => "TEI Status Request",
            TeiStatusConfirm => "TEI Status Confirm",
            TeiStatusIndication => "TEI Status Indication",
            AspUp => "ASP Up",
            AspDown => "ASP Down",
            Heartbeat => "Heartbeat",
            AspUpAck => "ASP Up Ack",
            AspDownAck => "ASP Down Ack",
            HeartbeatAck => "Heartbeat Ack",
            AspActive => "ASP Active",
            AspInactive => "ASP Inactive",
            AspActiveAck => "ASP Active Ack",
            AspInactiveAck => "ASP Inactive Ack",
            DataRequest => "Data Request",
            DataIndication => "Data Indication",
        }
    }

    /// The parameters other than Interface Identifiers the message may carry (RFC 4233 §3.3).
    const fn allowed(self) -> &'static [u16] {
        use Kind::*;
        match self {
            Error => &[tag::ERROR_CODE, tag::DIAGNOSTIC_INFO],
            Notify => &[tag::STATUS, tag::ASP_ID, tag::INFO_STRING],
            TeiStatusRequest => &[tag::DLCI],
            TeiStatusConfirm | TeiStatusIndication => &[tag::DLCI, tag::TEI_STATUS],
            AspUp => &[tag::ASP_ID, tag::INFO_STRING],
            AspDown | AspUpAck | AspDownAck | AspInactive | AspInactiveAck => &[tag::INFO_STRING],
            Heartbeat | HeartbeatAck => &[tag::HEARTBEAT_DATA],
            AspActive | AspActiveAck => &[tag::TRAFFIC_MODE, tag::INFO_STRING],
            DataRequest | DataIndication => &[tag::DLCI, tag::PROTOCOL_DATA],
        }
    }

    const fn ids(self) -> Ids {
        use Kind::*;
        match self {
            Error | Notify | AspActive | AspInactive | AspActiveAck | AspInactiveAck => Ids::List,
            TeiStatusRequest | TeiStatusConfirm | TeiStatusIndication | DataRequest | DataIndication => Ids::One,
            AspUp | AspDown | Heartbeat | AspUpAck | AspDownAck | HeartbeatAck => Ids::None,
        }
    }
}

/// One parameter: where it starts in the message, its tag, and its value (without padding).
#[derive(Clone, Copy)]
struct Param<'a> {
    offset: usize,
    tag: u16,
    value: &'a [u8],
}

impl Param<'_> {
    fn name(self) -> &'static str {
        tag::name(self.tag).unwrap_or("parameter")
    }

    /// An error about the value's size, at the length field.
    fn size_error(self, expected: &str) -> DecodeError {
        let reason = format!("{} with a value of {} octets, not {expected}", self.name(), self.value.len());
        DecodeError::protocol(self.offset + 2, reason)
    }

    /// An error about the value, `at` octets into it.
    fn value_error(self, at: usize, reason: impl Into<String>) -> DecodeError {
        DecodeError::protocol(self.offset + 4 + at, reason)
    }

    fn word(self) -> Result<u32, DecodeError> {
        match self.value {
            &[a, b, c, d] => Ok(u32::from_be_bytes([a, b, c, d])),
            _ => Err(self.size_error("4")),
        }
    }

    fn text(self) -> Result<String, DecodeError> {
        match std::str::from_utf8(self.value) {
            Ok(text) => Ok(text.to_owned()),
            Err(error) => Err(self.value_error(error.valid_up_to(), format!("{} is not valid UTF-8", self.name()))),
        }
    }

    fn interface_text(self) -> Result<String, DecodeError> {
        if self.value.is_empty() {
            return Err(self.size_error("at least 1"));
        }
        self.text()
    }
}

/// The parameters of a message, as they are found.
#[derive(Default)]
struct Fields {
    error_code: Option<ErrorCode>,
    diagnostic: Option<Vec<u8>>,
    status: Option<Status>,
    asp_id: Option<u32>,
    info: Option<Vec<u8>>,
    dlci: Option<Dlci>,
    tei_status: Option<TeiStatus>,
    heartbeat: Option<Vec<u8>>,
    traffic_mode: Option<TrafficMode>,
    protocol_data: Option<Vec<u8>>,
    interface_id: Option<InterfaceId>,
    interface_ids: Option<InterfaceIds>,
}

fn once<T>(slot: &Option<T>, param: Param<'_>) -> Result<(), DecodeError> {
    if slot.is_some() {
        Err(DecodeError::protocol(param.offset, format!("{} appears twice", param.name())))
    } else {
        Ok(())
    }
}

fn words(value: &[u8]) -> impl Iterator<Item = u32> + '_ {
    value.chunks_exact(4).map(|word| word.try_into().map_or(0, u32::from_be_bytes))
}

impl Fields {
    fn interface_id(&mut self, kind: Kind, param: Param<'_>) -> Result<(), DecodeError> {
        match kind.ids() {
            Ids::None => Err(not_allowed(kind, param)),
            Ids::One => {
                if param.tag == tag::INTERFACE_ID_RANGE {
                    let reason = format!("a range of Interface Identifiers in {}, which is about one", kind.name());
                    return Err(DecodeError::new(ErrorCode::UnsupportedInterfaceIdentifierType, param.offset, reason));
                }
                if self.interface_id.is_some() {
                    let reason = format!("a second Interface Identifier in {}", kind.name());
                    return Err(DecodeError::protocol(param.offset, reason));
                }
                let id = if param.tag == tag::INTERFACE_ID_TEXT {
                    InterfaceId::Text(param.interface_text()?)
                } else {
                    InterfaceId::Integer(param.word()?)
                };
                self.interface_id = Some(id);
                Ok(())
            }
            Ids::List => self.interface_ids(param),
        }
    }

    fn interface_ids(&mut self, param: Param<'_>) -> Result<(), DecodeError> {
        let mixed = || DecodeError::protocol(param.offset, "text Interface Identifiers mixed with integer ones");
        match param.tag {
            tag::INTERFACE_ID_TEXT => {
                let text = param.interface_text()?;
                match &mut self.interface_ids {
                    None => self.interface_ids = Some(InterfaceIds::Text(vec![text])),
                    Some(InterfaceIds::Text(texts)) => texts.push(text),
                    Some(_) => return Err(mixed()),
                }
            }
            tag::INTERFACE_ID_INTEGER => {
                if param.value.is_empty() || !param.value.len().is_multiple_of(4) {
                    return Err(param.size_error("a non-zero multiple of 4"));
                }
                let ints = words(param.value);
                match &mut self.interface_ids {
                    None => self.interface_ids = Some(InterfaceIds::Integers(ints.collect())),
                    Some(InterfaceIds::Integers(all)) => all.extend(ints),
                    Some(InterfaceIds::Ranges(all)) => all.extend(ints.map(|id| (id, id))),
                    Some(InterfaceIds::Text(_)) => return Err(mixed()),
                }
            }
            _ => {
                if param.value.is_empty() || !param.value.len().is_multiple_of(8) {
                    return Err(param.size_error("a non-zero multiple of 8"));
                }
                let mut ranges = Vec::with_capacity(param.value.len() / 8);
                for (index, pair) in param.value.chunks_exact(8).enumerate() {
                    let mut pair = words(pair);
                    let (start, stop) = (pair.next().unwrap_or(0), pair.next().unwrap_or(0));
                    if start > stop {
                        let reason = format!("Interface Identifier range {start}..{stop} ends before it starts");
                        return Err(param.value_error(index * 8, reason));
                    }
                    ranges.push((start, stop));
                }
                match &mut self.interface_ids {
                    None => self.interface_ids = Some(InterfaceIds::Ranges(ranges)),
                    Some(InterfaceIds::Ranges(all)) => all.extend(ranges),
                    Some(InterfaceIds::Integers(ints)) => {
                        let mut all: Vec<(u32, u32)> = ints.iter().map(|&id| (id, id)).collect();
                        all.extend(ranges);
                        self.interface_ids = Some(InterfaceIds::Ranges(all));
                    }
                    Some(InterfaceIds::Text(_)) => return Err(mixed()),
                }
            }
        }
        Ok(())
    }

    /// Records a parameter other than an Interface Identifier, checking its value.
    fn other(&mut self, kind: Kind, param: Param<'_>) -> Result<(), DecodeError> {
        match param.tag {
            tag::ERROR_CODE => {
                once(&self.error_code, param)?;
                self.error_code = Some(ErrorCode::from_value(param.word()?));
            }
            tag::DIAGNOSTIC_INFO => {
                once(&self.diagnostic, param)?;
                self.diagnostic = Some(param.value.to_vec());
            }
            tag::STATUS => {
                once(&self.status, param)?;
                let word = param.word()?;
                let status = Status { kind: (word >> 16) as u16, info: (word & 0xffff) as u16 };
                if status.kind != Status::AS_STATE_CHANGE && status.kind != Status::OTHER {
                    return Err(param.value_error(0, format!("unknown Status Type {}", status.kind)));
                }
                if !status.is_valid() {
                    let reason = format!("unknown Status Information {} for Status Type {}", status.info, status.kind);
                    return Err(param.value_error(2, reason));
                }
                self.status = Some(status);
            }
            tag::ASP_ID => {
                once(&self.asp_id, param)?;
                self.asp_id = Some(param.word()?);
            }
            tag::INFO_STRING => {
                once(&self.info, param)?;
                if param.value.len() > MAX_INFO_LEN {
                    return Err(param.size_error("at most 255"));
                }
                // An 8-bit string (RFC 4233 §3.3): the octets as they are, UTF-8 or not.
                self.info = Some(param.value.to_vec());
            }
            tag::DLCI => {
                once(&self.dlci, param)?;
                let field = (param.word()? >> 16) as u16;
                let [first, _] = field.to_be_bytes();
                match Dlci::from_u16(field) {
                    Some(dlci) => self.dlci = Some(dlci),
                    None if first & 0x01 != 0 => return Err(param.value_error(0, "DLCI with the zero bit set")),
                    None => return Err(param.value_error(1, "DLCI with the one bit clear")),
                }
            }
            tag::TEI_STATUS => {
                once(&self.tei_status, param)?;
                let value = param.word()?;
                let status = TeiStatus::from_value(value);
                self.tei_status =
                    Some(status.ok_or_else(|| param.value_error(0, format!("unknown TEI Status {value}")))?);
            }
            tag::HEARTBEAT_DATA => {
                once(&self.heartbeat, param)?;
                self.heartbeat = Some(param.value.to_vec());
            }
            tag::TRAFFIC_MODE => {
                once(&self.traffic_mode, param)?;
                let value = param.word()?;
                let Some(mode) = TrafficMode::from_value(value) else {
                    let reason = format!("unknown Traffic Mode Type {value}");
                    return Err(DecodeError::new(ErrorCode::UnsupportedTrafficHandlingMode, param.offset + 4, reason));
                };
                self.traffic_mode = Some(mode);
            }
            tag::PROTOCOL_DATA => {
                once(&self.protocol_data, param)?;
                self.protocol_data = Some(param.value.to_vec());
            }
            _ => return Err(not_allowed(kind, param)),
        }
        Ok(())
    }
}

fn not_allowed(kind: Kind, param: Param<'_>) -> DecodeError {
    DecodeError::protocol(param.offset, format!("{} is not allowed in {}", param.name(), kind.name()))
}

/// Checks the common header (RFC 4233 §3.1); returns the message kind and the length.
fn header(bytes: &[u8]) -> Result<(Kind, usize), DecodeError> {
    if let Some(&version) = bytes.first()
        && version != VERSION
    {
        return Err(DecodeError::new(ErrorCode::InvalidVersion, 0, format!("version {version}, not {VERSION}")));
    }
    if let Some(&reserved) = bytes.get(1)
        && reserved != 0
    {
        return Err(DecodeError::protocol(1, format!("reserved octet {reserved:#04x}, not 0")));
    }
    let kind = match (bytes.get(2), bytes.get(3)) {
        (Some(&class), type_code) => {
            let Some(class) = MessageClass::from_value(class) else {
                let reason = format!("message class {class} is not one of IUA");
                return Err(DecodeError::new(ErrorCode::UnsupportedMessageClass, 2, reason));
            };
            type_code.map(|&type_code| Kind::of(class, type_code)).transpose()?
        }
        (None, _) => None,
    };
    let (Some(kind), Some(&[a, b, c, d])) = (kind, bytes.get(4..HEADER_LEN)) else {
        let reason = format!("{} octets, shorter than the {HEADER_LEN}-octet header", bytes.len());
        return Err(DecodeError::protocol(4, reason));
    };
    let length = u32::from_be_bytes([a, b, c, d]);
    let len = usize::try_from(length).unwrap_or(usize::MAX);
    let problem = if len < HEADER_LEN {
        Some(format!("message length {length} is shorter than the {HEADER_LEN}-octet header"))
    } else if len > MAX_MESSAGE_LEN {
        Some(format!("message length {length} is longer than the maximum of {MAX_MESSAGE_LEN}"))
    } else if !len.is_multiple_of(4) {
        Some(format!("message length {length} is not a multiple of 4"))
    } else if len > bytes.len() {
        Some(format!("message length {length} but only {} octets", bytes.len()))
    } else if len < bytes.len() {
        Some(format!("message length {length} but {} octets", bytes.len()))
    } else {
        None
    };
    match problem {
        Some(reason) => Err(DecodeError::protocol(4, reason)),
        None => Ok((kind, len)),
    }
}

/// Decodes one IUA message (RFC 4233 §3): `bytes` must hold exactly one message, from its
/// first octet to its last.
///
/// Strict: the version must be 1 and the reserved octet 0; the class and type must be those of
/// a [`Message`]; the length field must equal the length of `bytes`, be a multiple of 4 and at
/// most [`MAX_MESSAGE_LEN`]; every parameter must have a length of at least 4 that stays in
/// the message, zero padding, a tag RFC 4233 allows in the message (Interface Identifier
/// parameters may repeat as RFC 4233 allows, the others appear at most once) and a value of
/// the right size and in range; the mandatory parameters must be present. Parameters may come
/// in any order. Spare bits (in the DLCI) are ignored.
///
/// Never panics, and allocates memory in proportion to the length of `bytes` only.
///
/// # Errors
///
/// [`DecodeError`] for the first problem found, with the Error Code to answer with (see
/// [`DecodeError`] for the offsets): Invalid Version, Unsupported Message Class, Unsupported
/// Message Type, Unsupported Traffic Handling Mode (a Traffic Mode Type other than 1 or 2),
/// Unsupported Interface Identifier Type (a range where one Interface Identifier is expected),
/// Protocol Error for anything else.
pub fn decode(bytes: &[u8]) -> Result<Message, DecodeError> {
    let (kind, len) = header(bytes)?;
    let mut fields = Fields::default();
    let mut offset = HEADER_LEN;
    while offset < len {
        let Some(&[t0, t1, l0, l1]) = bytes.get(offset..offset + 4) else {
            return Err(DecodeError::protocol(offset, "parameter header cut short by the end of the message"));
        };
        let param_len = usize::from(u16::from_be_bytes([l0, l1]));
        if param_len < 4 {
            return Err(DecodeError::protocol(offset + 2, format!("parameter length {param_len}, less than 4")));
        }
        let end = offset + param_len;
        let padded_end = offset + ((param_len + 3) & !3);
        let (Some(value), Some(padding)) = (bytes.get(offset + 4..end), bytes.get(end..padded_end)) else {
            let reason = format!("parameter length {param_len} runs past the end of the message");
            return Err(DecodeError::protocol(offset + 2, reason));
        };
        if let Some(index) = padding.iter().position(|&octet| octet != 0) {
            return Err(DecodeError::protocol(end + index, "non-zero padding"));
        }
        let param = Param { offset, tag: u16::from_be_bytes([t0, t1]), value };
        match param.tag {
            tag::INTERFACE_ID_INTEGER | tag::INTERFACE_ID_TEXT | tag::INTERFACE_ID_RANGE => {
                fields.interface_id(kind, param)?;
            }
            known if kind.allowed().contains(&known) => fields.other(kind, param)?,
            known if tag::name(known).is_some() => return Err(not_allowed(kind, param)),
            unknown => return Err(DecodeError::protocol(offset, format!("unknown parameter tag {unknown:#06x}"))),
        }
        offset = padded_end;
    }
    build(kind, fields, len)
}

/// The message of `kind` from its parameters, or the error for the first mandatory one
/// missing.
fn build(kind: Kind, f: Fields, len: usize) -> Result<Message, DecodeError> {
    fn need<T>(value: Option<T>, kind: Kind, what: &str, len: usize) -> Result<T, DecodeError> {
        value.ok_or_else(|| DecodeError::protocol(len, format!("{} without its {what}", kind.name())))
    }
    Ok(match kind {
        Kind::Error => Message::Error {
            code: need(f.error_code, kind, "Error Code", len)?,
            interface_ids: f.interface_ids,
            diagnostic: f.diagnostic,
        },
        Kind::Notify => Message::Notify {
            status: need(f.status, kind, "Status", len)?,
            asp_id: f.asp_id,
            interface_ids: f.interface_ids,
            info: f.info,
        },
        Kind::TeiStatusRequest => Message::TeiStatusRequest {
            interface_id: need(f.interface_id, kind, "Interface Identifier", len)?,
            dlci: need(f.dlci, kind, "DLCI", len)?,
        },
        Kind::TeiStatusConfirm | Kind::TeiStatusIndication => {
            let interface_id = need(f.interface_id, kind, "Interface Identifier", len)?;
            let dlci = need(f.dlci, kind, "DLCI", len)?;
            let status = need(f.tei_status, kind, "TEI Status", len)?;
            if kind == Kind::TeiStatusConfirm {
                Message::TeiStatusConfirm { interface_id, dlci, status }
            } else {
                Message::TeiStatusIndication { interface_id, dlci, status }
            }
        }
        Kind::AspUp => Message::AspUp { asp_id: f.asp_id, info: f.info },
        Kind::AspDown => Message::AspDown { info: f.info },
        Kind::Heartbeat => Message::Heartbeat { data: f.heartbeat },
        Kind::AspUpAck => Message::AspUpAck { info: f.info },
        Kind::AspDownAck => Message::AspDownAck { info: f.info },
        Kind::HeartbeatAck => Message::HeartbeatAck { data: f.heartbeat },
        Kind::AspActive => {
            Message::AspActive { traffic_mode: f.traffic_mode, interface_ids: f.interface_ids, info: f.info }
        }
        Kind::AspInactive => Message::AspInactive { interface_ids: f.interface_ids, info: f.info },
        Kind::AspActiveAck => {
            Message::AspActiveAck { traffic_mode: f.traffic_mode, interface_ids: f.interface_ids, info: f.info }
        }
        Kind::AspInactiveAck => Message::AspInactiveAck { interface_ids: f.interface_ids, info: f.info },
        Kind::DataRequest | Kind::DataIndication => {
            let interface_id = need(f.interface_id, kind, "Interface Identifier", len)?;
            let dlci = need(f.dlci, kind, "DLCI", len)?;
            let data = need(f.protocol_data, kind, "Protocol Data", len)?;
            if kind == Kind::DataRequest {
                Message::DataRequest { interface_id, dlci, data }
            } else {
                Message::DataIndication { interface_id, dlci, data }
            }
        }
    })
}
