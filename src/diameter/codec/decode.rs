//! Decoding the messages of a peer connection (RFC 6733 §5.3 to §5.5) from their AVPs, strictly:
//! each AVP of the command's format as often as it allows, with a value of its type (§4.2,
//! §4.3), the required ones present, and no unknown AVP with the M bit (§4.1).

use std::net::IpAddr;

use super::dictionary::{avp_code, avp_name, command_code, lookup, missing};
use super::messages::{
    ApplicationId, Capabilities, Cea, Cer, DisconnectCause, Dpa, Dpr, Dwa, Dwr, VendorSpecificApplicationId,
};
use super::result_code::{
    DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, DIAMETER_AVP_UNSUPPORTED, DIAMETER_INVALID_AVP_LENGTH,
    DIAMETER_INVALID_AVP_VALUE, DIAMETER_INVALID_HDR_BITS, DIAMETER_MISSING_AVP,
};
use super::{Avp, AvpValue, DecodeError, HEADER_LEN, Message, RawMessage};

/// The base messages, by Command Code and R bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Cer,
    Cea,
    Dwr,
    Dwa,
    Dpr,
    Dpa,
}

impl Kind {
    const fn of(command_code: u32, request: bool) -> Option<Self> {
        Some(match (command_code, request) {
            (command_code::CAPABILITIES_EXCHANGE, true) => Self::Cer,
            (command_code::CAPABILITIES_EXCHANGE, false) => Self::Cea,
            (command_code::DEVICE_WATCHDOG, true) => Self::Dwr,
            (command_code::DEVICE_WATCHDOG, false) => Self::Dwa,
            (command_code::DISCONNECT_PEER, true) => Self::Dpr,
            (command_code::DISCONNECT_PEER, false) => Self::Dpa,
            _ => return None,
        })
    }

    const fn name(self) -> &'static str {
        match self {
            Self::Cer => "CER",
            Self::Cea => "CEA",
            Self::Dwr => "DWR",
            Self::Dwa => "DWA",
            Self::Dpr => "DPR",
            Self::Dpa => "DPA",
        }
    }

    /// The AVPs of the command's format, besides `* [ AVP ]` (RFC 6733 §5.3.1 to §5.5.2).
    const fn allowed(self) -> &'static [u32] {
        use avp_code::*;
        match self {
            Self::Cer => &[
                ORIGIN_HOST,
                ORIGIN_REALM,
                HOST_IP_ADDRESS,
                VENDOR_ID,
                PRODUCT_NAME,
                ORIGIN_STATE_ID,
                SUPPORTED_VENDOR_ID,
                AUTH_APPLICATION_ID,
                INBAND_SECURITY_ID,
                ACCT_APPLICATION_ID,
                VENDOR_SPECIFIC_APPLICATION_ID,
                FIRMWARE_REVISION,
            ],
            Self::Cea => &[
                RESULT_CODE,
                ORIGIN_HOST,
                ORIGIN_REALM,
                HOST_IP_ADDRESS,
                VENDOR_ID,
                PRODUCT_NAME,
                ORIGIN_STATE_ID,
                ERROR_MESSAGE,
                FAILED_AVP,
                SUPPORTED_VENDOR_ID,
                AUTH_APPLICATION_ID,
                INBAND_SECURITY_ID,
                ACCT_APPLICATION_ID,
                VENDOR_SPECIFIC_APPLICATION_ID,
                FIRMWARE_REVISION,
            ],
            Self::Dwr => &[ORIGIN_HOST, ORIGIN_REALM, ORIGIN_STATE_ID],
            Self::Dwa => &[RESULT_CODE, ORIGIN_HOST, ORIGIN_REALM, ERROR_MESSAGE, FAILED_AVP, ORIGIN_STATE_ID],
            Self::Dpr => &[ORIGIN_HOST, ORIGIN_REALM, DISCONNECT_CAUSE],
            Self::Dpa => &[RESULT_CODE, ORIGIN_HOST, ORIGIN_REALM, ERROR_MESSAGE, FAILED_AVP],
        }
    }
}

/// An AVP and the offset of its first octet in the message.
struct Found {
    offset: usize,
    avp: Avp,
}

impl Found {
    fn value_error(self, reason: String) -> DecodeError {
        DecodeError::new(DIAMETER_INVALID_AVP_VALUE, self.offset, reason).with_avp(self.avp)
    }

    fn name(&self) -> String {
        avp_name(self.avp.code, self.avp.vendor_id)
    }

    fn u32(self) -> Result<u32, DecodeError> {
        match self.avp.as_u32() {
            Some(value) => Ok(value),
            None => Err(self.not_u32()),
        }
    }

    /// An AVP whose length does not fit its type: DIAMETER_INVALID_AVP_LENGTH (RFC 6733 §7.1.5),
    /// with the AVP as received in the Failed-AVP.
    fn length_error(self, reason: String) -> DecodeError {
        DecodeError::new(DIAMETER_INVALID_AVP_LENGTH, self.offset, reason).with_avp(self.avp)
    }

    /// An Unsigned32 of other than 4 octets: RFC 6733 §4.2 says its "AVP Length field MUST be set
    /// to 12 (16 if the 'V' bit is enabled)", so it is DIAMETER_INVALID_AVP_LENGTH (§7.1.5).
    fn not_u32(self) -> DecodeError {
        let size = self.avp.as_bytes().map_or(0, <[u8]>::len);
        let reason = format!("{} of {size} octets, not the 4 of an Unsigned32", self.name());
        self.length_error(reason)
    }

    fn text(self) -> Result<String, DecodeError> {
        let Some(text) = self.avp.as_str() else {
            let reason = format!("{} is not valid UTF-8", self.name());
            return Err(self.value_error(reason));
        };
        Ok(text.to_owned())
    }

    /// An Address (RFC 6733 §4.3.1): the 2-octet AddressType, then the address. A length that
    /// does not fit (no AddressType, IPv4 of other than 4 octets, IPv6 of other than 16) is
    /// DIAMETER_INVALID_AVP_LENGTH; another family than IPv4 (1) and IPv6 (2), which a
    /// Host-IP-Address cannot carry here, DIAMETER_INVALID_AVP_VALUE.
    fn address(self) -> Result<IpAddr, DecodeError> {
        if let Some(address) = self.avp.as_address() {
            return Ok(address);
        }
        let data = self.avp.as_bytes().unwrap_or_default();
        let (name, size) = (self.name(), data.len());
        let expected = match data.first_chunk::<2>().map(|family| u16::from_be_bytes(*family)) {
            None => return Err(self.length_error(format!("{name} of {size} octets, too short for an AddressType"))),
            Some(1) => "6 for IPv4",
            Some(2) => "18 for IPv6",
            Some(family) => {
                let reason = format!("{name} of AddressType {family}, not IPv4 (1) or IPv6 (2)");
                return Err(self.value_error(reason));
            }
        };
        Err(self.length_error(format!("{name} of {size} octets, not the {expected}")))
    }

    /// The AVPs of a Grouped AVP, with their offsets.
    fn children(self) -> Result<(Vec<Self>, usize), DecodeError> {
        let start = self.offset + self.avp.header_len();
        let end = self.offset + self.avp.wire_len();
        let AvpValue::Grouped(avps) = self.avp.value else {
            let reason = format!("{} is not Grouped", avp_name(self.avp.code, self.avp.vendor_id));
            return Err(self.value_error(reason));
        };
        Ok((with_offsets(avps, start), end))
    }
}

/// The AVPs of a list that starts at `offset`, with their offsets: the decoder checked that each
/// takes exactly its [`Avp::wire_len`] octets.
fn with_offsets(avps: Vec<Avp>, mut offset: usize) -> Vec<Found> {
    let mut found = Vec::with_capacity(avps.len());
    for avp in avps {
        let len = avp.wire_len();
        found.push(Found { offset, avp });
        offset = offset.saturating_add(len);
    }
    found
}

fn too_many(found: Found) -> DecodeError {
    let reason = format!("{} appears more often than the command allows", found.name());
    DecodeError::new(DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, found.offset, reason).with_avp(found.avp)
}

/// Records an AVP that may appear once.
fn once<T>(slot: &mut Option<T>, found: Found, read: fn(Found) -> Result<T, DecodeError>) -> Result<(), DecodeError> {
    if slot.is_some() {
        return Err(too_many(found));
    }
    *slot = Some(read(found)?);
    Ok(())
}

/// Records an AVP that may appear any number of times.
fn many<T>(list: &mut Vec<T>, found: Found, read: fn(Found) -> Result<T, DecodeError>) -> Result<(), DecodeError> {
    list.push(read(found)?);
    Ok(())
}

/// Refuses an AVP outside the format of its message or Grouped AVP if it has the M bit and the
/// codec does not know it (RFC 6733 §4.1, DIAMETER_AVP_UNSUPPORTED); ignores it otherwise.
fn other(found: Found) -> Result<(), DecodeError> {
    let known = found.avp.vendor_id.is_none() && lookup(found.avp.code).is_some();
    if found.avp.mandatory && !known {
        let reason = format!("{} has the M bit and is not supported", found.name());
        return Err(DecodeError::new(DIAMETER_AVP_UNSUPPORTED, found.offset, reason).with_avp(found.avp));
    }
    Ok(())
}

fn need<T>(value: Option<T>, code: u32, end: usize, what: &str) -> Result<T, DecodeError> {
    value.ok_or_else(|| {
        let reason = format!("{what} without {}", avp_name(code, None));
        DecodeError::new(DIAMETER_MISSING_AVP, end, reason).with_avp(missing(code))
    })
}

/// The AVPs of a base message, as they are found.
#[derive(Default)]
struct Fields {
    result_code: Option<u32>,
    origin_host: Option<String>,
    origin_realm: Option<String>,
    host_ip_addresses: Vec<IpAddr>,
    vendor_id: Option<u32>,
    product_name: Option<String>,
    origin_state_id: Option<u32>,
    error_message: Option<String>,
    failed_avp: Option<Vec<Avp>>,
    supported_vendor_ids: Vec<u32>,
    auth_application_ids: Vec<u32>,
    inband_security_ids: Vec<u32>,
    acct_application_ids: Vec<u32>,
    vendor_specific_application_ids: Vec<VendorSpecificApplicationId>,
    firmware_revision: Option<u32>,
    disconnect_cause: Option<DisconnectCause>,
}

impl Fields {
    fn record(&mut self, kind: Kind, found: Found) -> Result<(), DecodeError> {
        use avp_code::*;
        if found.avp.vendor_id.is_some() || !kind.allowed().contains(&found.avp.code) {
            return other(found);
        }
        match found.avp.code {
            RESULT_CODE => once(&mut self.result_code, found, Found::u32),
            ORIGIN_HOST => once(&mut self.origin_host, found, Found::text),
            ORIGIN_REALM => once(&mut self.origin_realm, found, Found::text),
            HOST_IP_ADDRESS => many(&mut self.host_ip_addresses, found, Found::address),
            VENDOR_ID => once(&mut self.vendor_id, found, Found::u32),
            PRODUCT_NAME => once(&mut self.product_name, found, Found::text),
            ORIGIN_STATE_ID => once(&mut self.origin_state_id, found, Found::u32),
            ERROR_MESSAGE => once(&mut self.error_message, found, Found::text),
            FAILED_AVP => once(&mut self.failed_avp, found, failed_avp),
            SUPPORTED_VENDOR_ID => many(&mut self.supported_vendor_ids, found, Found::u32),
            AUTH_APPLICATION_ID => many(&mut self.auth_application_ids, found, Found::u32),
            INBAND_SECURITY_ID => many(&mut self.inband_security_ids, found, Found::u32),
            ACCT_APPLICATION_ID => many(&mut self.acct_application_ids, found, Found::u32),
            VENDOR_SPECIFIC_APPLICATION_ID => many(&mut self.vendor_specific_application_ids, found, vsai),
            FIRMWARE_REVISION => once(&mut self.firmware_revision, found, Found::u32),
            DISCONNECT_CAUSE => once(&mut self.disconnect_cause, found, disconnect_cause),
            _ => other(found),
        }
    }
}

fn disconnect_cause(found: Found) -> Result<DisconnectCause, DecodeError> {
    let Some(value) = found.avp.as_u32() else {
        return Err(found.not_u32());
    };
    DisconnectCause::from_value(value)
        .ok_or_else(|| found.value_error(format!("Disconnect-Cause {value}, not 0, 1 or 2")))
}

fn failed_avp(found: Found) -> Result<Vec<Avp>, DecodeError> {
    match found.avp.value {
        AvpValue::Grouped(avps) if !avps.is_empty() => Ok(avps),
        value => {
            let found = Found { avp: Avp { value, ..found.avp }, ..found };
            Err(found.value_error("Failed-AVP without any AVP".to_owned()))
        }
    }
}

/// A Vendor-Specific-Application-Id (RFC 6733 §6.11): {Vendor-Id} and exactly one of
/// [Auth-Application-Id] and [Acct-Application-Id]; neither is DIAMETER_MISSING_AVP (with an
/// Auth-Application-Id as example), both DIAMETER_AVP_OCCURS_TOO_MANY_TIMES (with the second).
fn vsai(found: Found) -> Result<VendorSpecificApplicationId, DecodeError> {
    let (children, end) = found.children()?;
    let mut vendor_id = None;
    let mut application = None;
    for child in children {
        if child.avp.vendor_id.is_some() {
            other(child)?;
            continue;
        }
        match child.avp.code {
            avp_code::VENDOR_ID => once(&mut vendor_id, child, Found::u32)?,
            avp_code::AUTH_APPLICATION_ID => once(&mut application, child, |c| c.u32().map(ApplicationId::Auth))?,
            avp_code::ACCT_APPLICATION_ID => once(&mut application, child, |c| c.u32().map(ApplicationId::Acct))?,
            _ => other(child)?,
        }
    }
    let what = "Vendor-Specific-Application-Id";
    Ok(VendorSpecificApplicationId {
        vendor_id: need(vendor_id, avp_code::VENDOR_ID, end, what)?,
        application: need(application, avp_code::AUTH_APPLICATION_ID, end, what)?,
    })
}

/// The typed message of a decoded message of `len` octets (see [`Message`] for what decodes as
/// which).
pub(super) fn typed(raw: RawMessage, len: usize) -> Result<Message, DecodeError> {
    let flags = raw.header.flags;
    let kind = Kind::of(raw.header.command_code, flags.request);
    let Some(kind) = kind.filter(|_| raw.header.application_id == 0 && !flags.error) else {
        return Ok(Message::Other(raw));
    };
    if flags.proxiable || flags.retransmitted {
        let reason = format!("P or T bit set in a {}, which is never proxied nor sent to another peer", kind.name());
        return Err(DecodeError::new(DIAMETER_INVALID_HDR_BITS, 4, reason));
    }
    let (hop_by_hop, end_to_end) = (raw.header.hop_by_hop, raw.header.end_to_end);
    let mut f = Fields::default();
    for found in with_offsets(raw.avps, HEADER_LEN) {
        f.record(kind, found)?;
    }
    build(kind, f, hop_by_hop, end_to_end, len)
}

/// The message of `kind` from its fields, or DIAMETER_MISSING_AVP for the first required AVP
/// missing, in the order of the command's format, at the end of the message (`len`).
fn build(kind: Kind, mut f: Fields, hop_by_hop: u32, end_to_end: u32, len: usize) -> Result<Message, DecodeError> {
    use avp_code::*;
    let what = kind.name();
    let addresses = |addresses: Vec<IpAddr>| {
        if addresses.is_empty() { need(None, HOST_IP_ADDRESS, len, what) } else { Ok(addresses) }
    };
    let capabilities = |f: &mut Fields| -> Result<Capabilities, DecodeError> {
        Ok(Capabilities {
            origin_host: need(f.origin_host.take(), ORIGIN_HOST, len, what)?,
            origin_realm: need(f.origin_realm.take(), ORIGIN_REALM, len, what)?,
            host_ip_addresses: addresses(std::mem::take(&mut f.host_ip_addresses))?,
            vendor_id: need(f.vendor_id, VENDOR_ID, len, what)?,
            product_name: need(f.product_name.take(), PRODUCT_NAME, len, what)?,
            origin_state_id: f.origin_state_id,
            supported_vendor_ids: std::mem::take(&mut f.supported_vendor_ids),
            auth_application_ids: std::mem::take(&mut f.auth_application_ids),
            inband_security_ids: std::mem::take(&mut f.inband_security_ids),
            acct_application_ids: std::mem::take(&mut f.acct_application_ids),
            vendor_specific_application_ids: std::mem::take(&mut f.vendor_specific_application_ids),
            firmware_revision: f.firmware_revision,
        })
    };
    Ok(match kind {
        Kind::Cer => Message::Cer(Cer { hop_by_hop, end_to_end, capabilities: capabilities(&mut f)? }),
        Kind::Cea => Message::Cea(Cea {
            hop_by_hop,
            end_to_end,
            result_code: need(f.result_code, RESULT_CODE, len, what)?,
            capabilities: capabilities(&mut f)?,
            error_message: f.error_message,
            failed_avp: f.failed_avp,
        }),
        Kind::Dwr => Message::Dwr(Dwr {
            hop_by_hop,
            end_to_end,
            origin_host: need(f.origin_host, ORIGIN_HOST, len, what)?,
            origin_realm: need(f.origin_realm, ORIGIN_REALM, len, what)?,
            origin_state_id: f.origin_state_id,
        }),
        Kind::Dwa => Message::Dwa(Dwa {
            hop_by_hop,
            end_to_end,
            result_code: need(f.result_code, RESULT_CODE, len, what)?,
            origin_host: need(f.origin_host, ORIGIN_HOST, len, what)?,
            origin_realm: need(f.origin_realm, ORIGIN_REALM, len, what)?,
            error_message: f.error_message,
            failed_avp: f.failed_avp,
            origin_state_id: f.origin_state_id,
        }),
        Kind::Dpr => Message::Dpr(Dpr {
            hop_by_hop,
            end_to_end,
            origin_host: need(f.origin_host, ORIGIN_HOST, len, what)?,
            origin_realm: need(f.origin_realm, ORIGIN_REALM, len, what)?,
            disconnect_cause: need(f.disconnect_cause, DISCONNECT_CAUSE, len, what)?,
        }),
        Kind::Dpa => Message::Dpa(Dpa {
            hop_by_hop,
            end_to_end,
            result_code: need(f.result_code, RESULT_CODE, len, what)?,
            origin_host: need(f.origin_host, ORIGIN_HOST, len, what)?,
            origin_realm: need(f.origin_realm, ORIGIN_REALM, len, what)?,
            error_message: f.error_message,
            failed_avp: f.failed_avp,
        }),
    })
}
