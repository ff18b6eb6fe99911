//! The parameter values of IUA messages (RFC 4233 §3.2, the IUA message header, and §3.3, the
//! messages) and their numeric codes.

use std::fmt;

/// Parameter tags (RFC 4233 §3), the 16-bit first field of every parameter.
pub(super) mod tag {
    /// Interface Identifier (integer): one or more u32.
    pub const INTERFACE_ID_INTEGER: u16 = 0x0001;
    /// Interface Identifier (text): one string.
    pub const INTERFACE_ID_TEXT: u16 = 0x0003;
    /// INFO String: 0 to 255 octets of text.
    pub const INFO_STRING: u16 = 0x0004;
    /// DLCI: 16-bit DLCI, 16-bit spare.
    pub const DLCI: u16 = 0x0005;
    /// Diagnostic Information: opaque octets.
    pub const DIAGNOSTIC_INFO: u16 = 0x0007;
    /// Interface Identifier (integer range): pairs of u32 start, stop.
    pub const INTERFACE_ID_RANGE: u16 = 0x0008;
    /// Heartbeat Data: opaque octets.
    pub const HEARTBEAT_DATA: u16 = 0x0009;
    /// Traffic Mode Type: u32.
    pub const TRAFFIC_MODE: u16 = 0x000b;
    /// Error Code: u32.
    pub const ERROR_CODE: u16 = 0x000c;
    /// Status: u16 Status Type, u16 Status Information.
    pub const STATUS: u16 = 0x000d;
    /// Protocol Data: the Q.921 user data.
    pub const PROTOCOL_DATA: u16 = 0x000e;
    /// Release Reason: u32 (Release messages, which this codec does not support).
    pub const RELEASE_REASON: u16 = 0x000f;
    /// TEI Status: u32.
    pub const TEI_STATUS: u16 = 0x0010;
    /// ASP Identifier: u32.
    pub const ASP_ID: u16 = 0x0011;

    /// The name of a tag of RFC 4233, or `None` for a tag IUA does not define.
    pub fn name(tag: u16) -> Option<&'static str> {
        Some(match tag {
            INTERFACE_ID_INTEGER => "Interface Identifier (integer)",
            INTERFACE_ID_TEXT => "Interface Identifier (text)",
            INFO_STRING => "INFO String",
            DLCI => "DLCI",
            DIAGNOSTIC_INFO => "Diagnostic Information",
            INTERFACE_ID_RANGE => "Interface Identifier (integer range)",
            HEARTBEAT_DATA => "Heartbeat Data",
            TRAFFIC_MODE => "Traffic Mode Type",
            ERROR_CODE => "Error Code",
            STATUS => "Status",
            PROTOCOL_DATA => "Protocol Data",
            RELEASE_REASON => "Release Reason",
            TEI_STATUS => "TEI Status",
            ASP_ID => "ASP Identifier",
            _ => return None,
        })
    }
}

/// The Interface Identifier of a message about one D channel: the QPTM messages and the TEI
/// Status messages (RFC 4233 §3.2, the IUA message header).
///
/// On the wire, an integer is a parameter of tag 0x0001 holding exactly one u32 (8 octets in
/// all); a text is a parameter of tag 0x0003 holding a non-empty UTF-8 string (4 octets plus the
/// string, then zero padding to a multiple of 4 octets).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InterfaceId {
    /// An integer Interface Identifier (tag 0x0001).
    Integer(u32),
    /// A text Interface Identifier (tag 0x0003): not empty, at most 65 531 octets of UTF-8.
    Text(String),
}

/// The Interface Identifiers of the management and ASPTM messages: Error, Notify, ASP Active,
/// ASP Inactive and their acknowledgements (RFC 4233 §3.3).
///
/// On the wire: `Integers` is one parameter of tag 0x0001 holding the u32s (4 octets each);
/// `Ranges` is one parameter of tag 0x0008 holding pairs of u32 start, stop (8 octets each);
/// `Text` is one parameter of tag 0x0003 per string. RFC 4233 allows integers and ranges in the
/// same message, and several parameters of each tag: [`decode`](super::decode()) gathers them in
/// wire order, and a mix of integers and ranges becomes `Ranges`, an integer `n` becoming the
/// range `(n, n)`. Text cannot be mixed with integers or ranges.
///
/// A mix decoded as `Ranges` takes 8 octets per integer when encoded again, so a received
/// message close to [`MAX_MESSAGE_LEN`](super::MAX_MESSAGE_LEN) may not fit once re-encoded.
///
/// Every list must be non-empty (a message for all interfaces carries no Interface Identifier
/// at all: `None`), every range must have start <= stop, and every text must be non-empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InterfaceIds {
    /// Integer Interface Identifiers (tag 0x0001), at most
    /// [`MAX_INTEGER_INTERFACE_IDS`](super::MAX_INTEGER_INTERFACE_IDS) (16 381) in one message,
    /// fewer when it has other parameters.
    Integers(Vec<u32>),
    /// Text Interface Identifiers (tag 0x0003), one parameter each.
    Text(Vec<String>),
    /// Inclusive ranges of integer Interface Identifiers (tag 0x0008), `(start, stop)`, at most
    /// [`MAX_INTERFACE_ID_RANGES`](super::MAX_INTERFACE_ID_RANGES) (8 190) in one message, fewer
    /// when it has other parameters.
    Ranges(Vec<(u32, u32)>),
}

impl InterfaceIds {
    /// Whether the integer Interface Identifier `id` is one of the integers or falls in one of
    /// the (inclusive) ranges. Always false for text Interface Identifiers.
    #[must_use]
    pub fn contains(&self, id: u32) -> bool {
        match self {
            Self::Integers(ids) => ids.contains(&id),
            Self::Ranges(ranges) => ranges.iter().any(|&(start, stop)| start <= id && id <= stop),
            Self::Text(_) => false,
        }
    }
}

/// The Traffic Mode Type of ASP Active and ASP Active Ack (RFC 4233 §3.3), a u32 on the
/// wire in a parameter of tag 0x000b (8 octets in all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrafficMode {
    /// Over-ride (1): the ASP takes all the traffic of the AS over.
    Override,
    /// Load-share (2): the ASP shares the traffic with the other active ASPs.
    Loadshare,
}

impl TrafficMode {
    /// The value on the wire: 1 for Over-ride, 2 for Load-share.
    #[must_use]
    pub const fn value(self) -> u32 {
        match self {
            Self::Override => 1,
            Self::Loadshare => 2,
        }
    }

    /// The mode of a wire value, `None` for a value other than 1 or 2.
    #[must_use]
    pub const fn from_value(value: u32) -> Option<Self> {
        match value {
            1 => Some(Self::Override),
            2 => Some(Self::Loadshare),
            _ => None,
        }
    }
}

/// A Data Link Connection Identifier: the Q.921 SAPI and TEI (RFC 4233 §3.2, the IUA message
/// header).
///
/// On the wire it is a parameter of tag 0x0005 (8 octets in all) whose value is the 16-bit DLCI
/// then 16 spare bits. The DLCI is laid out as the Q.921 address field:
///
/// ```text
///   octet 0:  SAPI (6 bits, most significant) | spare bit (0x02) | 0 (0x01)
///   octet 1:  TEI (7 bits, most significant)                     | 1 (0x01)
/// ```
///
/// so SAPI 0, TEI 64 is `0x00 0x81`. The fixed 0 and 1 bits must be right on receipt; the spare
/// bit and the 16 spare bits are sent as 0 and ignored on receipt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dlci {
    /// Service Access Point Identifier, 0 to 63 (6 bits).
    pub sapi: u8,
    /// Terminal Endpoint Identifier, 0 to 127 (7 bits; 127 is the group TEI).
    pub tei: u8,
}

impl Dlci {
    /// The largest SAPI: 63.
    pub const MAX_SAPI: u8 = 63;
    /// The largest TEI: 127.
    pub const MAX_TEI: u8 = 127;

    /// A DLCI, or `None` if the SAPI is above 63 or the TEI above 127.
    #[must_use]
    pub const fn new(sapi: u8, tei: u8) -> Option<Self> {
        if sapi <= Self::MAX_SAPI && tei <= Self::MAX_TEI { Some(Self { sapi, tei }) } else { None }
    }

    /// Whether the SAPI and the TEI are in range.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        self.sapi <= Self::MAX_SAPI && self.tei <= Self::MAX_TEI
    }

    /// The 16-bit DLCI field (octet 0 in the high byte), spare bit 0; `None` if out of range.
    #[must_use]
    pub const fn to_u16(self) -> Option<u16> {
        if self.is_valid() { Some(u16::from_be_bytes([self.sapi << 2, (self.tei << 1) | 1])) } else { None }
    }

    /// The DLCI of a 16-bit DLCI field (octet 0 in the high byte), ignoring the spare bit;
    /// `None` if the fixed bits are not 0 (octet 0) and 1 (octet 1).
    #[must_use]
    pub const fn from_u16(field: u16) -> Option<Self> {
        let [first, second] = field.to_be_bytes();
        if first & 0x01 != 0 || second & 0x01 != 1 {
            return None;
        }
        Some(Self { sapi: first >> 2, tei: second >> 1 })
    }
}

/// The Status of a Notify message (RFC 4233 §3.3): a u16 Status Type and a u16 Status
/// Information, in a parameter of tag 0x000d (8 octets in all).
///
/// The values IUA defines, which are the only ones [`decode`](super::decode()) accepts and the
/// constructors make: Type 1 (AS State Change) with Information 2 AS-INACTIVE, 3 AS-ACTIVE,
/// 4 AS-PENDING (1 is reserved); Type 2 (Other) with Information 1 Insufficient ASP resources
/// active in AS, 2 Alternate ASP Active.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Status {
    /// Status Type: 1 AS State Change, 2 Other.
    pub kind: u16,
    /// Status Information, whose meaning depends on the Status Type.
    pub info: u16,
}

impl Status {
    /// Status Type 1: Application Server state change.
    pub const AS_STATE_CHANGE: u16 = 1;
    /// Status Type 2: Other.
    pub const OTHER: u16 = 2;

    /// AS State Change: AS-INACTIVE (1, 2).
    #[must_use]
    pub const fn as_inactive() -> Self {
        Self { kind: Self::AS_STATE_CHANGE, info: 2 }
    }

    /// AS State Change: AS-ACTIVE (1, 3).
    #[must_use]
    pub const fn as_active() -> Self {
        Self { kind: Self::AS_STATE_CHANGE, info: 3 }
    }

    /// AS State Change: AS-PENDING (1, 4).
    #[must_use]
    pub const fn as_pending() -> Self {
        Self { kind: Self::AS_STATE_CHANGE, info: 4 }
    }

    /// Other: Insufficient ASP resources active in AS (2, 1).
    #[must_use]
    pub const fn insufficient_asps() -> Self {
        Self { kind: Self::OTHER, info: 1 }
    }

    /// Other: Alternate ASP Active (2, 2).
    #[must_use]
    pub const fn alternate_asp_active() -> Self {
        Self { kind: Self::OTHER, info: 2 }
    }

    /// Whether this is one of the five statuses IUA defines.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        matches!((self.kind, self.info), (Self::AS_STATE_CHANGE, 2..=4) | (Self::OTHER, 1..=2))
    }

    /// A short description ("AS-PENDING", ...), `None` for a status IUA does not define.
    #[must_use]
    pub const fn name(self) -> Option<&'static str> {
        match (self.kind, self.info) {
            (Self::AS_STATE_CHANGE, 2) => Some("AS-INACTIVE"),
            (Self::AS_STATE_CHANGE, 3) => Some("AS-ACTIVE"),
            (Self::AS_STATE_CHANGE, 4) => Some("AS-PENDING"),
            (Self::OTHER, 1) => Some("Insufficient ASP resources active in AS"),
            (Self::OTHER, 2) => Some("Alternate ASP Active"),
            _ => None,
        }
    }
}

/// The TEI Status of TEI Status Confirm and TEI Status Indication (RFC 4233 §3.3), a u32
/// in a parameter of tag 0x0010 (8 octets in all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeiStatus {
    /// 0: the TEI is considered assigned by Q.921.
    Assigned,
    /// 1: the TEI is considered unassigned by Q.921.
    Unassigned,
}

impl TeiStatus {
    /// The value on the wire: 0 assigned, 1 unassigned.
    #[must_use]
    pub const fn value(self) -> u32 {
        match self {
            Self::Assigned => 0,
            Self::Unassigned => 1,
        }
    }

    /// The status of a wire value, `None` for a value other than 0 or 1.
    #[must_use]
    pub const fn from_value(value: u32) -> Option<Self> {
        match value {
            0 => Some(Self::Assigned),
            1 => Some(Self::Unassigned),
            _ => None,
        }
    }
}

/// The Error Code of an Error message (RFC 4233 §3.3), a u32 in a parameter of tag 0x000c
/// (8 octets in all); also the code of a [`DecodeError`](super::DecodeError).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// 0x01: a message with a version this node does not support.
    InvalidVersion,
    /// 0x02: an Interface Identifier that is not configured.
    InvalidInterfaceIdentifier,
    /// 0x03: a message class this node does not support.
    UnsupportedMessageClass,
    /// 0x04: a message type this node does not support.
    UnsupportedMessageType,
    /// 0x05: a traffic mode the AS does not support or that conflicts with its current one.
    UnsupportedTrafficHandlingMode,
    /// 0x06: a message not expected in the current state.
    UnexpectedMessage,
    /// 0x07: any other protocol anomaly (a bogus message).
    ProtocolError,
    /// 0x08: a text Interface Identifier where only integers are supported.
    UnsupportedInterfaceIdentifierType,
    /// 0x09: a message on an unexpected SCTP stream.
    InvalidStreamIdentifier,
    /// 0x0a: a TEI that is not assigned on the D channel.
    UnassignedTei,
    /// 0x0b: a SAPI the SG does not recognize.
    UnrecognizedSapi,
    /// 0x0c: a TEI and SAPI combination that is not valid on the interface.
    InvalidTeiSapiCombination,
    /// 0x0d: refused for management reasons (e.g. a lockout).
    RefusedManagementBlocking,
    /// 0x0e: ASP Up without the ASP Identifier the SG requires.
    AspIdentifierRequired,
    /// 0x0f: ASP Up with an invalid (e.g. not unique) ASP Identifier.
    InvalidAspIdentifier,
    /// A code RFC 4233 does not define, as received. Sending `Other` with a defined code is
    /// refused by [`encode`](super::encode()): use the named variant.
    Other(u32),
}

impl ErrorCode {
    /// The value on the wire.
    #[must_use]
    pub const fn value(self) -> u32 {
        match self {
            Self::InvalidVersion => 0x01,
            Self::InvalidInterfaceIdentifier => 0x02,
            Self::UnsupportedMessageClass => 0x03,
            Self::UnsupportedMessageType => 0x04,
            Self::UnsupportedTrafficHandlingMode => 0x05,
            Self::UnexpectedMessage => 0x06,
            Self::ProtocolError => 0x07,
            Self::UnsupportedInterfaceIdentifierType => 0x08,
            Self::InvalidStreamIdentifier => 0x09,
            Self::UnassignedTei => 0x0a,
            Self::UnrecognizedSapi => 0x0b,
            Self::InvalidTeiSapiCombination => 0x0c,
            Self::RefusedManagementBlocking => 0x0d,
            Self::AspIdentifierRequired => 0x0e,
            Self::InvalidAspIdentifier => 0x0f,
            Self::Other(value) => value,
        }
    }

    /// The code of a wire value: a named variant for the 15 codes of RFC 4233, else `Other`.
    #[must_use]
    pub const fn from_value(value: u32) -> Self {
        match value {
            0x01 => Self::InvalidVersion,
            0x02 => Self::InvalidInterfaceIdentifier,
            0x03 => Self::UnsupportedMessageClass,
            0x04 => Self::UnsupportedMessageType,
            0x05 => Self::UnsupportedTrafficHandlingMode,
            0x06 => Self::UnexpectedMessage,
            0x07 => Self::ProtocolError,
            0x08 => Self::UnsupportedInterfaceIdentifierType,
            0x09 => Self::InvalidStreamIdentifier,
            0x0a => Self::UnassignedTei,
            0x0b => Self::UnrecognizedSapi,
            0x0c => Self::InvalidTeiSapiCombination,
            0x0d => Self::RefusedManagementBlocking,
            0x0e => Self::AspIdentifierRequired,
            0x0f => Self::InvalidAspIdentifier,
            other => Self::Other(other),
        }
    }

    /// The name RFC 4233 gives the code ("Protocol Error", ...), `None` for `Other`.
    #[must_use]
    pub const fn name(self) -> Option<&'static str> {
        Some(match self {
            Self::InvalidVersion => "Invalid Version",
            Self::InvalidInterfaceIdentifier => "Invalid Interface Identifier",
            Self::UnsupportedMessageClass => "Unsupported Message Class",
            Self::UnsupportedMessageType => "Unsupported Message Type",
            Self::UnsupportedTrafficHandlingMode => "Unsupported Traffic Handling Mode",
            Self::UnexpectedMessage => "Unexpected Message",
            Self::ProtocolError => "Protocol Error",
            Self::UnsupportedInterfaceIdentifierType => "Unsupported Interface Identifier Type",
            Self::InvalidStreamIdentifier => "Invalid Stream Identifier",
            Self::UnassignedTei => "Unassigned TEI",
            Self::UnrecognizedSapi => "Unrecognized SAPI",
            Self::InvalidTeiSapiCombination => "Invalid TEI, SAPI combination",
            Self::RefusedManagementBlocking => "Refused - Management Blocking",
            Self::AspIdentifierRequired => "ASP Identifier Required",
            Self::InvalidAspIdentifier => "Invalid ASP Identifier",
            Self::Other(_) => return None,
        })
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "error code {:#x}", self.value()),
        }
    }
}
