//! AVPs (RFC 6733 §4): the header with the V, M and P bits and the optional Vendor-ID (§4.1),
//! the data types a peer connection uses (§4.2, §4.3), Grouped AVPs (§4.4), and the encoding and
//! strict parsing of a list of AVPs.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use super::dictionary::{avp_name, example, is_grouped};
use super::header::MAX_U24;
use super::result_code::{DIAMETER_INVALID_AVP_BITS, DIAMETER_INVALID_AVP_LENGTH, DIAMETER_INVALID_AVP_VALUE};
use super::{DecodeError, MAX_GROUPED_DEPTH, MAX_MESSAGE_LEN};

/// The IANA address family of IPv4 in an Address (RFC 6733 §4.3.1).
const FAMILY_IPV4: u16 = 1;
/// The IANA address family of IPv6 in an Address (RFC 6733 §4.3.1).
const FAMILY_IPV6: u16 = 2;

/// One AVP (RFC 6733 §4.1): its code, its Vendor-ID (`Some` sets the V bit), the M and P bits,
/// and its data.
///
/// ```
/// use rfc_fsm::diameter::codec::{avp_code, Avp};
/// use std::net::Ipv4Addr;
///
/// let address = Avp::address(avp_code::HOST_IP_ADDRESS, Ipv4Addr::new(192, 0, 2, 1).into()).with_mandatory(true);
/// assert_eq!(address.as_bytes(), Some(&[0, 1, 192, 0, 2, 1][..]));
/// assert_eq!(address.as_address(), Some(Ipv4Addr::new(192, 0, 2, 1).into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Avp {
    /// The AVP Code; with the Vendor-ID it names the attribute.
    pub code: u32,
    /// The Vendor-ID (an IANA enterprise number), sent with the V bit; `None` for the AVPs of
    /// the IETF. RFC 6733 §4.1.1 forbids `Some(0)`.
    pub vendor_id: Option<u32>,
    /// M: the receiver must understand the AVP or refuse the message (§4.1).
    pub mandatory: bool,
    /// P: reserved for end-to-end security, which no specification defines; sent as 0 (§4.1).
    pub protected: bool,
    /// The data.
    pub value: AvpValue,
}

/// The data of an AVP.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AvpValue {
    /// The octets of the data, without padding: every type but Grouped.
    Raw(Vec<u8>),
    /// The AVPs of a Grouped AVP (RFC 6733 §4.4), in order.
    Grouped(Vec<Avp>),
}

impl Avp {
    /// The V bit in the AVP flags octet.
    pub const VENDOR: u8 = 0x80;
    /// The M bit in the AVP flags octet.
    pub const MANDATORY: u8 = 0x40;
    /// The P bit in the AVP flags octet.
    pub const PROTECTED: u8 = 0x20;
    /// The reserved bits of the AVP flags octet.
    pub const RESERVED: u8 = 0x1f;

    /// An AVP with `value`, no Vendor-ID, the M and P bits clear.
    #[must_use]
    pub const fn new(code: u32, value: AvpValue) -> Self {
        Self { code, vendor_id: None, mandatory: false, protected: false, value }
    }

    /// An AVP whose data is `octets` (OctetString and the types derived from it, §4.2).
    #[must_use]
    pub const fn raw(code: u32, octets: Vec<u8>) -> Self {
        Self::new(code, AvpValue::Raw(octets))
    }

    /// An Unsigned32 AVP (or Enumerated, for values under 2^31): 4 octets, network byte order.
    #[must_use]
    pub fn unsigned32(code: u32, value: u32) -> Self {
        Self::raw(code, value.to_be_bytes().to_vec())
    }

    /// A UTF8String or DiameterIdentity AVP (§4.3.1): the octets of `text`.
    #[must_use]
    pub fn utf8(code: u32, text: &str) -> Self {
        Self::raw(code, text.as_bytes().to_vec())
    }

    /// An Address AVP (§4.3.1): the 2-octet address family (1 for IPv4, 2 for IPv6), then the 4
    /// or 16 octets of the address.
    #[must_use]
    pub fn address(code: u32, address: IpAddr) -> Self {
        let mut octets = Vec::with_capacity(18);
        match address {
            IpAddr::V4(v4) => {
                octets.extend_from_slice(&FAMILY_IPV4.to_be_bytes());
                octets.extend_from_slice(&v4.octets());
            }
            IpAddr::V6(v6) => {
                octets.extend_from_slice(&FAMILY_IPV6.to_be_bytes());
                octets.extend_from_slice(&v6.octets());
            }
        }
        Self::raw(code, octets)
    }

    /// A Grouped AVP (§4.4) of `avps`.
    #[must_use]
    pub const fn grouped(code: u32, avps: Vec<Self>) -> Self {
        Self::new(code, AvpValue::Grouped(avps))
    }

    /// The AVP with a Vendor-ID (and so the V bit).
    #[must_use]
    pub const fn with_vendor(mut self, vendor_id: u32) -> Self {
        self.vendor_id = Some(vendor_id);
        self
    }

    /// The AVP with the M bit set or clear.
    #[must_use]
    pub const fn with_mandatory(mut self, mandatory: bool) -> Self {
        self.mandatory = mandatory;
        self
    }

    /// The AVP with the P bit set or clear.
    #[must_use]
    pub const fn with_protected(mut self, protected: bool) -> Self {
        self.protected = protected;
        self
    }

    /// The AVP flags octet: `V M P r r r r r`.
    #[must_use]
    pub const fn flags(&self) -> u8 {
        (if self.vendor_id.is_some() { Self::VENDOR } else { 0 })
            | (if self.mandatory { Self::MANDATORY } else { 0 })
            | (if self.protected { Self::PROTECTED } else { 0 })
    }

    /// The length of the AVP header in octets: 8, or 12 with a Vendor-ID.
    #[must_use]
    pub const fn header_len(&self) -> usize {
        if self.vendor_id.is_some() { 12 } else { 8 }
    }

    /// The octets of the data, `None` for a Grouped AVP.
    #[must_use]
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match &self.value {
            AvpValue::Raw(octets) => Some(octets),
            AvpValue::Grouped(_) => None,
        }
    }

    /// The data as an Unsigned32, `None` unless it is exactly 4 octets.
    #[must_use]
    pub fn as_u32(&self) -> Option<u32> {
        match self.as_bytes()? {
            &[a, b, c, d] => Some(u32::from_be_bytes([a, b, c, d])),
            _ => None,
        }
    }

    /// The data as text, `None` unless it is valid UTF-8.
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        std::str::from_utf8(self.as_bytes()?).ok()
    }

    /// The data as an Address (§4.3.1), `None` unless it is family 1 with 4 octets or family 2
    /// with 16.
    #[must_use]
    pub fn as_address(&self) -> Option<IpAddr> {
        let (family, address) = self.as_bytes()?.split_first_chunk::<2>()?;
        match u16::from_be_bytes(*family) {
            FAMILY_IPV4 => <[u8; 4]>::try_from(address).ok().map(|a| IpAddr::V4(Ipv4Addr::from(a))),
            FAMILY_IPV6 => <[u8; 16]>::try_from(address).ok().map(|a| IpAddr::V6(Ipv6Addr::from(a))),
            _ => None,
        }
    }

    /// The AVPs of a Grouped AVP, `None` for raw data.
    #[must_use]
    pub fn as_grouped(&self) -> Option<&[Self]> {
        match &self.value {
            AvpValue::Raw(_) => None,
            AvpValue::Grouped(avps) => Some(avps),
        }
    }

    /// The octets the AVP takes on the wire, header and padding included, saturating. Only for
    /// AVPs that come from the decoder, whose nesting is bounded.
    pub(super) fn wire_len(&self) -> usize {
        let data = match &self.value {
            AvpValue::Raw(octets) => octets.len(),
            AvpValue::Grouped(avps) => avps.iter().fold(0, |sum: usize, avp| sum.saturating_add(avp.wire_len())),
        };
        padded(self.header_len().saturating_add(data))
    }

    /// Appends the encoding of the AVP to `out`: header, data, zero padding. `depth` is the
    /// number of Grouped AVPs around it.
    ///
    /// Refuses (leaving `out` partly written) a Grouped nesting deeper than
    /// [`MAX_GROUPED_DEPTH`], an AVP Length over 2^24 - 1, `out` growing past
    /// [`MAX_MESSAGE_LEN`], and raw data for the Grouped AVPs of the base protocol (the decoder
    /// would parse it as AVPs).
    pub(super) fn encode_into(&self, out: &mut Vec<u8>, depth: usize) -> Result<(), String> {
        let start = out.len();
        out.extend_from_slice(&self.code.to_be_bytes());
        out.extend_from_slice(&[self.flags(), 0, 0, 0]);
        if let Some(vendor_id) = self.vendor_id {
            out.extend_from_slice(&vendor_id.to_be_bytes());
        }
        match &self.value {
            AvpValue::Raw(_) if is_grouped(self.code, self.vendor_id) => {
                return Err(format!("{} must be Grouped, not raw octets", avp_name(self.code, self.vendor_id)));
            }
            AvpValue::Raw(octets) => {
                if out.len().saturating_add(octets.len()) > MAX_MESSAGE_LEN {
                    return Err(format!("longer than the maximum of {MAX_MESSAGE_LEN} octets"));
                }
                out.extend_from_slice(octets);
            }
            AvpValue::Grouped(avps) => {
                if depth >= MAX_GROUPED_DEPTH {
                    return Err(format!("Grouped AVPs nested deeper than {MAX_GROUPED_DEPTH}"));
                }
                for avp in avps {
                    avp.encode_into(out, depth + 1)?;
                }
            }
        }
        let length = out.len().saturating_sub(start);
        let length = u32::try_from(length).ok().filter(|&length| length <= MAX_U24);
        let Some(length) = length else {
            return Err(format!("{} is longer than 2^24 - 1 octets", avp_name(self.code, self.vendor_id)));
        };
        if let Some(field) = out.get_mut(start + 5..start + 8) {
            field.copy_from_slice(&length.to_be_bytes()[1..]);
        }
        out.resize(padded(out.len()), 0);
        if out.len() > MAX_MESSAGE_LEN {
            return Err(format!("longer than the maximum of {MAX_MESSAGE_LEN} octets"));
        }
        Ok(())
    }
}

/// `len` rounded up to a multiple of 4, saturating.
pub(super) const fn padded(len: usize) -> usize {
    len.saturating_add(3) & !3
}

/// Parses the AVPs of `message[start..end]` (RFC 6733 §4.1), strictly: each AVP has a length of
/// at least its header, stays within `end` with its padding, has zero padding and no reserved
/// flag set. The Grouped AVPs of the base protocol are parsed as such, at most
/// [`MAX_GROUPED_DEPTH`] deep; `depth` is the number of Grouped AVPs around the list. Offsets in
/// errors are from the start of `message`.
pub(super) fn parse_avps(message: &[u8], start: usize, end: usize, depth: usize) -> Result<Vec<Avp>, DecodeError> {
    let mut avps = Vec::new();
    let mut offset = start;
    while offset < end {
        let (avp, next) = parse_avp(message, offset, end, depth)?;
        avps.push(avp);
        offset = next;
    }
    Ok(avps)
}

/// Parses the AVP at `offset`; returns it and the offset after its padding.
fn parse_avp(message: &[u8], offset: usize, end: usize, depth: usize) -> Result<(Avp, usize), DecodeError> {
    let length_error = |reason: String| DecodeError::new(DIAMETER_INVALID_AVP_LENGTH, offset, reason);
    let within = message.get(offset..end).unwrap_or_default();
    let Some(&[c0, c1, c2, c3, flags, l0, l1, l2]) = within.get(..8) else {
        let error = length_error(format!("{} octets left, too few for an AVP header", within.len()));
        return Err(match within.first_chunk::<4>() {
            Some(&code) => error.with_avp(example(u32::from_be_bytes(code), None, false, false)),
            None => error,
        });
    };
    let code = u32::from_be_bytes([c0, c1, c2, c3]);
    let (mandatory, protected) = (flags & Avp::MANDATORY != 0, flags & Avp::PROTECTED != 0);
    let (vendor_id, header_len) = if flags & Avp::VENDOR != 0 {
        let Some(&[v0, v1, v2, v3]) = within.get(8..12) else {
            let error =
                length_error(format!("{} octets left, too few for an AVP header with a Vendor-ID", within.len()));
            return Err(error.with_avp(example(code, None, mandatory, protected)));
        };
        (Some(u32::from_be_bytes([v0, v1, v2, v3])), 12)
    } else {
        (None, 8)
    };
    let failed = || example(code, vendor_id, mandatory, protected);
    let name = avp_name(code, vendor_id);
    let length = usize::try_from(u32::from_be_bytes([0, l0, l1, l2])).unwrap_or(usize::MAX);
    if length < header_len {
        let reason = format!("{name} with AVP Length {length}, less than its {header_len}-octet header");
        return Err(length_error(reason).with_avp(failed()));
    }
    let (Some(data), Some(padding)) = (within.get(header_len..length), within.get(length..padded(length))) else {
        let reason = format!("{name} with AVP Length {length} runs past the end of its message or Grouped AVP");
        return Err(length_error(reason).with_avp(failed()));
    };
    if padding.iter().any(|&octet| octet != 0) {
        return Err(length_error(format!("{name} with non-zero padding")).with_avp(failed()));
    }
    if flags & Avp::RESERVED != 0 {
        let reason = format!("{name} with reserved AVP flags set ({flags:#04x})");
        return Err(DecodeError::new(DIAMETER_INVALID_AVP_BITS, offset, reason).with_avp(failed()));
    }
    let value = if is_grouped(code, vendor_id) {
        if depth >= MAX_GROUPED_DEPTH {
            let reason = format!("{name} nested in more than {} Grouped AVPs", MAX_GROUPED_DEPTH - 1);
            return Err(DecodeError::new(DIAMETER_INVALID_AVP_VALUE, offset, reason).with_avp(failed()));
        }
        let data_start = offset + header_len;
        AvpValue::Grouped(parse_avps(message, data_start, data_start + data.len(), depth + 1)?)
    } else {
        AvpValue::Raw(data.to_vec())
    };
    let avp = Avp { code, vendor_id, mandatory, protected, value };
    Ok((avp, offset + padded(length)))
}
