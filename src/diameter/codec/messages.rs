//! The messages of a peer connection (RFC 6733 §5.3 to §5.5) with their AVPs as typed fields,
//! and their encoding: the AVPs in the order of the Command Code Format of each message, with the
//! M bit as §4.5 requires and no Vendor-ID.

use std::net::IpAddr;

use super::dictionary::{avp_code, base_avp, command_code};
use super::{Avp, AvpValue, CommandFlags, DecodeError, EncodeError, Header, RawMessage};

/// What a node says of itself in a CER or a CEA (RFC 6733 §5.3.1, §5.3.2): the AVPs the two
/// messages share.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Capabilities {
    /// {Origin-Host}: the FQDN of the sender.
    pub origin_host: String,
    /// {Origin-Realm}: the realm of the sender.
    pub origin_realm: String,
    /// 1*{Host-IP-Address}: the addresses of the sender; at least one.
    pub host_ip_addresses: Vec<IpAddr>,
    /// {Vendor-Id}: the IANA enterprise number of the sender's vendor.
    pub vendor_id: u32,
    /// {Product-Name}: the name of the product.
    pub product_name: String,
    /// [Origin-State-Id]: changes each time the sender loses its state (§8.16).
    pub origin_state_id: Option<u32>,
    /// *[Supported-Vendor-Id]: vendors whose AVPs the sender supports.
    pub supported_vendor_ids: Vec<u32>,
    /// *[Auth-Application-Id]: the authentication applications supported.
    pub auth_application_ids: Vec<u32>,
    /// *[Inband-Security-Id]: the security mechanisms supported (0 none, 1 TLS).
    pub inband_security_ids: Vec<u32>,
    /// *[Acct-Application-Id]: the accounting applications supported.
    pub acct_application_ids: Vec<u32>,
    /// *[Vendor-Specific-Application-Id]: the vendor-specific applications supported.
    pub vendor_specific_application_ids: Vec<VendorSpecificApplicationId>,
    /// [Firmware-Revision]: the firmware revision of the product.
    pub firmware_revision: Option<u32>,
}

/// Capabilities-Exchange-Request (RFC 6733 §5.3.1): command 257, R set, sent first on a new
/// connection to announce the sender's identity and applications.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cer {
    /// The Hop-by-Hop Identifier of the header.
    pub hop_by_hop: u32,
    /// The End-to-End Identifier of the header.
    pub end_to_end: u32,
    /// The sender's identity and applications.
    pub capabilities: Capabilities,
}

/// Capabilities-Exchange-Answer (RFC 6733 §5.3.2): command 257, R clear, the answer to a CER.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cea {
    /// The Hop-by-Hop Identifier of the header (that of the CER).
    pub hop_by_hop: u32,
    /// The End-to-End Identifier of the header (that of the CER).
    pub end_to_end: u32,
    /// {Result-Code}: see [`result_code`](super::result_code).
    pub result_code: u32,
    /// The sender's identity and applications.
    pub capabilities: Capabilities,
    /// [Error-Message]: text about the Result-Code, for humans.
    pub error_message: Option<String>,
    /// [Failed-AVP]: the AVPs that made the CER fail; at least one when present.
    pub failed_avp: Option<Vec<Avp>>,
}

/// Device-Watchdog-Request (RFC 6733 §5.5.1): command 280, R set, sent when no traffic has been
/// exchanged for a while (RFC 3539).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dwr {
    /// The Hop-by-Hop Identifier of the header.
    pub hop_by_hop: u32,
    /// The End-to-End Identifier of the header.
    pub end_to_end: u32,
    /// {Origin-Host}: the FQDN of the sender.
    pub origin_host: String,
    /// {Origin-Realm}: the realm of the sender.
    pub origin_realm: String,
    /// [Origin-State-Id]: changes each time the sender loses its state (§8.16).
    pub origin_state_id: Option<u32>,
}

/// Device-Watchdog-Answer (RFC 6733 §5.5.2): command 280, R clear, the answer to a DWR.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dwa {
    /// The Hop-by-Hop Identifier of the header (that of the DWR).
    pub hop_by_hop: u32,
    /// The End-to-End Identifier of the header (that of the DWR).
    pub end_to_end: u32,
    /// {Result-Code}: see [`result_code`](super::result_code).
    pub result_code: u32,
    /// {Origin-Host}: the FQDN of the sender.
    pub origin_host: String,
    /// {Origin-Realm}: the realm of the sender.
    pub origin_realm: String,
    /// [Error-Message]: text about the Result-Code, for humans.
    pub error_message: Option<String>,
    /// [Failed-AVP]: the AVPs that made the DWR fail; at least one when present.
    pub failed_avp: Option<Vec<Avp>>,
    /// [Origin-State-Id]: changes each time the sender loses its state (§8.16).
    pub origin_state_id: Option<u32>,
}

/// Disconnect-Peer-Request (RFC 6733 §5.4.1): command 282, R set, announces that the sender
/// will close the connection.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dpr {
    /// The Hop-by-Hop Identifier of the header.
    pub hop_by_hop: u32,
    /// The End-to-End Identifier of the header.
    pub end_to_end: u32,
    /// {Origin-Host}: the FQDN of the sender.
    pub origin_host: String,
    /// {Origin-Realm}: the realm of the sender.
    pub origin_realm: String,
    /// {Disconnect-Cause}: why.
    pub disconnect_cause: DisconnectCause,
}

/// Disconnect-Peer-Answer (RFC 6733 §5.4.2): command 282, R clear, the answer to a DPR.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dpa {
    /// The Hop-by-Hop Identifier of the header (that of the DPR).
    pub hop_by_hop: u32,
    /// The End-to-End Identifier of the header (that of the DPR).
    pub end_to_end: u32,
    /// {Result-Code}: see [`result_code`](super::result_code).
    pub result_code: u32,
    /// {Origin-Host}: the FQDN of the sender.
    pub origin_host: String,
    /// {Origin-Realm}: the realm of the sender.
    pub origin_realm: String,
    /// [Error-Message]: text about the Result-Code, for humans.
    pub error_message: Option<String>,
    /// [Failed-AVP]: the AVPs that made the DPR fail; at least one when present.
    pub failed_avp: Option<Vec<Avp>>,
}

/// The Disconnect-Cause AVP (RFC 6733 §5.4.3), an Enumerated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum DisconnectCause {
    /// 0 REBOOTING: a scheduled reboot is imminent; the peer may reconnect.
    Rebooting = 0,
    /// 1 BUSY: the sender's resources are constrained; the peer should not reconnect.
    Busy = 1,
    /// 2 DO_NOT_WANT_TO_TALK_TO_YOU: no messages are expected soon; the peer should not
    /// reconnect.
    DoNotWantToTalkToYou = 2,
}

impl DisconnectCause {
    /// The value on the wire.
    #[must_use]
    pub const fn value(self) -> u32 {
        self as u32
    }

    /// The cause of a wire value, `None` for one RFC 6733 does not define.
    #[must_use]
    pub const fn from_value(value: u32) -> Option<Self> {
        match value {
            0 => Some(Self::Rebooting),
            1 => Some(Self::Busy),
            2 => Some(Self::DoNotWantToTalkToYou),
            _ => None,
        }
    }
}

/// The Vendor-Specific-Application-Id AVP (RFC 6733 §6.11), a Grouped AVP: {Vendor-Id} and
/// exactly one of [Auth-Application-Id] and [Acct-Application-Id].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VendorSpecificApplicationId {
    /// The vendor who may have authorship of the application (informational).
    pub vendor_id: u32,
    /// The application, and which part of it.
    pub application: ApplicationId,
}

/// An application of a [`VendorSpecificApplicationId`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ApplicationId {
    /// Auth-Application-Id (§6.8): its authentication and authorization part.
    Auth(u32),
    /// Acct-Application-Id (§6.9): its accounting part.
    Acct(u32),
}

/// A Diameter message: one of the six a peer connection exchanges (RFC 6733 §5.3 to §5.5), with
/// typed fields, or any other as a [`RawMessage`].
///
/// What decodes as which: a message of Application-ID 0 with Command Code 257, 280 or 282 is a
/// base message and decodes to its type, except an answer with the E bit set, which follows the
/// grammar of §7.2 rather than that of the command and decodes as `Other` (its Result-Code is
/// [`RawMessage::result_code`]). Every other message decodes as `Other`, so that a peer can
/// answer it.
///
/// Unknown AVPs: every base message ends with `* [ AVP ]`. The decoder ignores (and drops) the
/// AVPs a base message may carry but that it has no field for, as RFC 6733 §4.1 wants for AVPs
/// without the M bit, unless they have the M bit and the codec does not know them (any AVP with
/// a Vendor-ID, or one of the IETF that is not in [`avp_code`]): then it refuses the message with
/// DIAMETER_AVP_UNSUPPORTED and the AVP as Failed-AVP (§7.1.5). Known base AVPs outside the
/// command's format (a Result-Code in a DWR, ...) are ignored.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Message {
    /// Capabilities-Exchange-Request.
    Cer(Cer),
    /// Capabilities-Exchange-Answer.
    Cea(Cea),
    /// Device-Watchdog-Request.
    Dwr(Dwr),
    /// Device-Watchdog-Answer.
    Dwa(Dwa),
    /// Disconnect-Peer-Request.
    Dpr(Dpr),
    /// Disconnect-Peer-Answer.
    Dpa(Dpa),
    /// Any other message: another command, another application, or an error answer.
    Other(RawMessage),
}

impl Message {
    /// Decodes one message: `bytes` must hold exactly one, from its first octet to its last.
    ///
    /// Strict, as [`RawMessage::decode`] is; a base message must moreover have the P and T bits
    /// clear, every AVP its format requires, no more occurrences than it allows, values of the
    /// right size and in range, and no unknown AVP with the M bit. Never panics, and allocates
    /// memory in proportion to the length of `bytes` only.
    ///
    /// # Errors
    ///
    /// [`DecodeError`] for the first problem found (see [`DecodeError`] for the offsets and the
    /// Failed-AVP): those of [`RawMessage::decode`], then for a base message
    /// DIAMETER_INVALID_HDR_BITS (P or T set), DIAMETER_AVP_UNSUPPORTED,
    /// DIAMETER_INVALID_AVP_LENGTH (RFC 6733 §4.2, §7.1.5: an Unsigned32 or Enumerated of other
    /// than 4 octets, an Address too short for its AddressType or of the wrong length for IPv4
    /// or IPv6), DIAMETER_INVALID_AVP_VALUE (an Address of another family than 1 or 2, text that
    /// is not UTF-8, a Disconnect-Cause other than 0 to 2, an empty Failed-AVP),
    /// DIAMETER_AVP_OCCURS_TOO_MANY_TIMES and DIAMETER_MISSING_AVP. The Failed-AVP of these is
    /// the AVP as received.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        super::decode::typed(RawMessage::decode(bytes)?, bytes.len())
    }

    /// Encodes the message (RFC 6733 §3, §4): see [`Message::to_raw`] for the AVPs of the base
    /// messages, and [`RawMessage::encode`].
    ///
    /// # Errors
    ///
    /// [`EncodeError`] if a CER or CEA has no Host-IP-Address, a Failed-AVP has no AVP, the
    /// message is longer than [`MAX_MESSAGE_LEN`](super::MAX_MESSAGE_LEN), or for the reasons of
    /// [`RawMessage::encode`]. A message that encodes decodes back to itself (for `Other`, as
    /// long as its Grouped AVPs are those the decoder parses as Grouped).
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        let error = |reason: &str| Err(EncodeError::new(self.name(), reason));
        let (host_ip_addresses, failed_avp) = match self {
            Self::Cer(cer) => (Some(&cer.capabilities.host_ip_addresses), None),
            Self::Cea(cea) => (Some(&cea.capabilities.host_ip_addresses), cea.failed_avp.as_ref()),
            Self::Dwa(dwa) => (None, dwa.failed_avp.as_ref()),
            Self::Dpa(dpa) => (None, dpa.failed_avp.as_ref()),
            Self::Dwr(_) | Self::Dpr(_) | Self::Other(_) => (None, None),
        };
        if host_ip_addresses.is_some_and(Vec::is_empty) {
            return error("no Host-IP-Address (RFC 6733 requires at least one)");
        }
        if failed_avp.is_some_and(Vec::is_empty) {
            return error("a Failed-AVP without AVPs (RFC 6733 §7.5 requires at least one)");
        }
        self.to_raw().encode().map_err(|e| EncodeError::new(self.name(), e.reason))
    }

    /// The message as a header and AVPs. For a base message: Application-ID 0, the R bit for a
    /// request, the other flags clear, and the AVPs in the order of its Command Code Format
    /// (RFC 6733 §5.3.1 to §5.5.2), without Vendor-ID, with the M bit where §4.5 requires it.
    #[must_use]
    pub fn to_raw(&self) -> RawMessage {
        let mut avps = Vec::new();
        let mut push = |code: u32, value: AvpValue| avps.push(base_avp(code, value));
        let header = |command_code: u32, hop_by_hop: u32, end_to_end: u32| Header {
            flags: CommandFlags { request: self.is_request(), ..CommandFlags::default() },
            command_code,
            application_id: 0,
            hop_by_hop,
            end_to_end,
        };
        let header = match self {
            Self::Cer(m) => {
                let c = &m.capabilities;
                identity(&mut push, &c.origin_host, &c.origin_realm);
                host_and_product(&mut push, c);
                optional_u32(&mut push, avp_code::ORIGIN_STATE_ID, c.origin_state_id);
                applications(&mut push, c);
                optional_u32(&mut push, avp_code::FIRMWARE_REVISION, c.firmware_revision);
                header(command_code::CAPABILITIES_EXCHANGE, m.hop_by_hop, m.end_to_end)
            }
            Self::Cea(m) => {
                let c = &m.capabilities;
                push(avp_code::RESULT_CODE, u32_value(m.result_code));
                identity(&mut push, &c.origin_host, &c.origin_realm);
                host_and_product(&mut push, c);
                optional_u32(&mut push, avp_code::ORIGIN_STATE_ID, c.origin_state_id);
                error_and_failed(&mut push, m.error_message.as_deref(), m.failed_avp.as_deref());
                applications(&mut push, c);
                optional_u32(&mut push, avp_code::FIRMWARE_REVISION, c.firmware_revision);
                header(command_code::CAPABILITIES_EXCHANGE, m.hop_by_hop, m.end_to_end)
            }
            Self::Dwr(m) => {
                identity(&mut push, &m.origin_host, &m.origin_realm);
                optional_u32(&mut push, avp_code::ORIGIN_STATE_ID, m.origin_state_id);
                header(command_code::DEVICE_WATCHDOG, m.hop_by_hop, m.end_to_end)
            }
            Self::Dwa(m) => {
                push(avp_code::RESULT_CODE, u32_value(m.result_code));
                identity(&mut push, &m.origin_host, &m.origin_realm);
                error_and_failed(&mut push, m.error_message.as_deref(), m.failed_avp.as_deref());
                optional_u32(&mut push, avp_code::ORIGIN_STATE_ID, m.origin_state_id);
                header(command_code::DEVICE_WATCHDOG, m.hop_by_hop, m.end_to_end)
            }
            Self::Dpr(m) => {
                identity(&mut push, &m.origin_host, &m.origin_realm);
                push(avp_code::DISCONNECT_CAUSE, u32_value(m.disconnect_cause.value()));
                header(command_code::DISCONNECT_PEER, m.hop_by_hop, m.end_to_end)
            }
            Self::Dpa(m) => {
                push(avp_code::RESULT_CODE, u32_value(m.result_code));
                identity(&mut push, &m.origin_host, &m.origin_realm);
                error_and_failed(&mut push, m.error_message.as_deref(), m.failed_avp.as_deref());
                header(command_code::DISCONNECT_PEER, m.hop_by_hop, m.end_to_end)
            }
            Self::Other(raw) => return raw.clone(),
        };
        RawMessage { header, avps }
    }

    /// The abbreviation RFC 6733 gives the message ("CER", "DWA", ...), or "Other".
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Self::Cer(_) => "CER",
            Self::Cea(_) => "CEA",
            Self::Dwr(_) => "DWR",
            Self::Dwa(_) => "DWA",
            Self::Dpr(_) => "DPR",
            Self::Dpa(_) => "DPA",
            Self::Other(_) => "Other",
        }
    }

    /// Whether the message is a request (the R bit).
    #[must_use]
    pub const fn is_request(&self) -> bool {
        match self {
            Self::Cer(_) | Self::Dwr(_) | Self::Dpr(_) => true,
            Self::Cea(_) | Self::Dwa(_) | Self::Dpa(_) => false,
            Self::Other(raw) => raw.header.flags.request,
        }
    }

    /// The header the message is sent with (see [`Message::to_raw`]).
    #[must_use]
    pub fn header(&self) -> Header {
        match self {
            Self::Other(raw) => raw.header,
            _ => self.to_raw().header,
        }
    }
}

fn u32_value(value: u32) -> AvpValue {
    AvpValue::Raw(value.to_be_bytes().to_vec())
}

fn text_value(text: &str) -> AvpValue {
    AvpValue::Raw(text.as_bytes().to_vec())
}

fn optional_u32(push: &mut impl FnMut(u32, AvpValue), code: u32, value: Option<u32>) {
    if let Some(value) = value {
        push(code, u32_value(value));
    }
}

fn identity(push: &mut impl FnMut(u32, AvpValue), origin_host: &str, origin_realm: &str) {
    push(avp_code::ORIGIN_HOST, text_value(origin_host));
    push(avp_code::ORIGIN_REALM, text_value(origin_realm));
}

fn host_and_product(push: &mut impl FnMut(u32, AvpValue), c: &Capabilities) {
    for &address in &c.host_ip_addresses {
        push(avp_code::HOST_IP_ADDRESS, Avp::address(avp_code::HOST_IP_ADDRESS, address).value);
    }
    push(avp_code::VENDOR_ID, u32_value(c.vendor_id));
    push(avp_code::PRODUCT_NAME, text_value(&c.product_name));
}

fn applications(push: &mut impl FnMut(u32, AvpValue), apps: &Capabilities) {
    let lists = [
        (avp_code::SUPPORTED_VENDOR_ID, &apps.supported_vendor_ids),
        (avp_code::AUTH_APPLICATION_ID, &apps.auth_application_ids),
        (avp_code::INBAND_SECURITY_ID, &apps.inband_security_ids),
        (avp_code::ACCT_APPLICATION_ID, &apps.acct_application_ids),
    ];
    for (code, values) in lists {
        for &value in values.iter() {
            push(code, u32_value(value));
        }
    }
    for vsai in &apps.vendor_specific_application_ids {
        let application = match vsai.application {
            ApplicationId::Auth(id) => base_avp(avp_code::AUTH_APPLICATION_ID, u32_value(id)),
            ApplicationId::Acct(id) => base_avp(avp_code::ACCT_APPLICATION_ID, u32_value(id)),
        };
        let vendor = base_avp(avp_code::VENDOR_ID, u32_value(vsai.vendor_id));
        push(avp_code::VENDOR_SPECIFIC_APPLICATION_ID, AvpValue::Grouped(vec![vendor, application]));
    }
}

fn error_and_failed(push: &mut impl FnMut(u32, AvpValue), error_message: Option<&str>, failed_avp: Option<&[Avp]>) {
    if let Some(text) = error_message {
        push(avp_code::ERROR_MESSAGE, text_value(text));
    }
    if let Some(avps) = failed_avp {
        push(avp_code::FAILED_AVP, AvpValue::Grouped(avps.to_vec()));
    }
}
