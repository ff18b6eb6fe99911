//! The commands and AVPs of RFC 6733 that a peer connection uses: their codes, data types
//! (§4.2, §4.3) and M-bit rules (the AVP table of §4.5).

use super::{Avp, AvpValue};

/// The Command Codes of the base protocol messages of a peer connection (RFC 6733 §3.1). The
/// request and the answer share the code; the R bit tells them apart.
pub mod command_code {
    /// 257: Capabilities-Exchange-Request/Answer, CER/CEA (§5.3.1, §5.3.2).
    pub const CAPABILITIES_EXCHANGE: u32 = 257;
    /// 280: Device-Watchdog-Request/Answer, DWR/DWA (§5.5.1, §5.5.2).
    pub const DEVICE_WATCHDOG: u32 = 280;
    /// 282: Disconnect-Peer-Request/Answer, DPR/DPA (§5.4.1, §5.4.2).
    pub const DISCONNECT_PEER: u32 = 282;
}

/// The AVP Codes of RFC 6733 that the base messages of a peer connection carry (§4.5); they
/// are sent without a Vendor-ID.
pub mod avp_code {
    /// 257, Address (§5.3.5): an IP address of the sender.
    pub const HOST_IP_ADDRESS: u32 = 257;
    /// 258, Unsigned32 (§6.8): an application whose authentication and authorization part is
    /// supported.
    pub const AUTH_APPLICATION_ID: u32 = 258;
    /// 259, Unsigned32 (§6.9): an application whose accounting part is supported.
    pub const ACCT_APPLICATION_ID: u32 = 259;
    /// 260, Grouped (§6.11): a vendor-specific application: {Vendor-Id} and exactly one of
    /// [Auth-Application-Id] [Acct-Application-Id].
    pub const VENDOR_SPECIFIC_APPLICATION_ID: u32 = 260;
    /// 264, DiameterIdentity (§6.3): the FQDN of the sender.
    pub const ORIGIN_HOST: u32 = 264;
    /// 265, Unsigned32 (§5.3.6): a vendor whose vendor-specific AVPs the sender supports.
    pub const SUPPORTED_VENDOR_ID: u32 = 265;
    /// 266, Unsigned32 (§5.3.3): the IANA enterprise number of the vendor of the sender.
    pub const VENDOR_ID: u32 = 266;
    /// 267, Unsigned32 (§5.3.4): the firmware revision of the sender.
    pub const FIRMWARE_REVISION: u32 = 267;
    /// 268, Unsigned32 (§7.1): the result of a request.
    pub const RESULT_CODE: u32 = 268;
    /// 269, UTF8String (§5.3.7): the vendor-assigned name of the product.
    pub const PRODUCT_NAME: u32 = 269;
    /// 273, Enumerated (§5.4.3): why a DPR is sent.
    pub const DISCONNECT_CAUSE: u32 = 273;
    /// 278, Unsigned32 (§8.16): a value that changes when the sender loses its state.
    pub const ORIGIN_STATE_ID: u32 = 278;
    /// 279, Grouped (§7.5): the AVPs that made a request fail.
    pub const FAILED_AVP: u32 = 279;
    /// 281, UTF8String (§7.3): a text about a Result-Code, for humans.
    pub const ERROR_MESSAGE: u32 = 281;
    /// 296, DiameterIdentity (§6.4): the realm of the sender.
    pub const ORIGIN_REALM: u32 = 296;
    /// 299, Unsigned32 (§6.10): a security mechanism (0 NO_INBAND_SECURITY, 1 TLS).
    pub const INBAND_SECURITY_ID: u32 = 299;
}

/// The data types of the AVPs the codec knows (RFC 6733 §4.2, §4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DataType {
    /// 32 bits, network byte order.
    Unsigned32,
    /// Integer32 (§4.3.1): a value of a list.
    Enumerated,
    /// UTF-8 text.
    Utf8String,
    /// An FQDN or a realm, in ASCII (§4.3.1).
    DiameterIdentity,
    /// A 2-octet IANA address family, then the address (§4.3.1).
    Address,
    /// A sequence of AVPs (§4.4).
    Grouped,
}

/// What RFC 6733 says about one AVP.
#[derive(Clone, Copy, Debug)]
pub(super) struct AvpDef {
    pub name: &'static str,
    pub data_type: DataType,
    /// Whether the M bit MUST be set (§4.5); the others MUST NOT have it.
    pub mandatory: bool,
}

/// The definition of a base AVP sent without Vendor-ID, `None` for the others.
pub(super) const fn lookup(code: u32) -> Option<AvpDef> {
    use DataType::*;
    use avp_code::*;
    let (name, data_type, mandatory) = match code {
        HOST_IP_ADDRESS => ("Host-IP-Address", Address, true),
        AUTH_APPLICATION_ID => ("Auth-Application-Id", Unsigned32, true),
        ACCT_APPLICATION_ID => ("Acct-Application-Id", Unsigned32, true),
        VENDOR_SPECIFIC_APPLICATION_ID => ("Vendor-Specific-Application-Id", Grouped, true),
        ORIGIN_HOST => ("Origin-Host", DiameterIdentity, true),
        SUPPORTED_VENDOR_ID => ("Supported-Vendor-Id", Unsigned32, true),
        VENDOR_ID => ("Vendor-Id", Unsigned32, true),
        FIRMWARE_REVISION => ("Firmware-Revision", Unsigned32, false),
        RESULT_CODE => ("Result-Code", Unsigned32, true),
        PRODUCT_NAME => ("Product-Name", Utf8String, false),
        DISCONNECT_CAUSE => ("Disconnect-Cause", Enumerated, true),
        ORIGIN_STATE_ID => ("Origin-State-Id", Unsigned32, true),
        FAILED_AVP => ("Failed-AVP", Grouped, true),
        ERROR_MESSAGE => ("Error-Message", Utf8String, false),
        ORIGIN_REALM => ("Origin-Realm", DiameterIdentity, true),
        INBAND_SECURITY_ID => ("Inband-Security-Id", Unsigned32, true),
        _ => return None,
    };
    Some(AvpDef { name, data_type, mandatory })
}

/// Whether the decoder parses the data of an AVP as Grouped: the Grouped AVPs of the base
/// protocol that a peer connection uses, sent without Vendor-ID.
pub(super) fn is_grouped(code: u32, vendor_id: Option<u32>) -> bool {
    vendor_id.is_none() && matches!(lookup(code), Some(AvpDef { data_type: DataType::Grouped, .. }))
}

/// The name of an AVP for messages: "Origin-Host", or "AVP 1234" / "AVP 1234 of vendor 10415".
pub(super) fn avp_name(code: u32, vendor_id: Option<u32>) -> String {
    match (vendor_id, lookup(code)) {
        (None, Some(def)) => def.name.to_owned(),
        (None, None) => format!("AVP {code}"),
        (Some(vendor), _) => format!("AVP {code} of vendor {vendor}"),
    }
}

/// A base AVP with `value`, the M bit as RFC 6733 §4.5 requires, no Vendor-ID.
pub(super) fn base_avp(code: u32, value: AvpValue) -> Avp {
    let mandatory = lookup(code).is_some_and(|def| def.mandatory);
    Avp { code, vendor_id: None, mandatory, protected: false, value }
}

/// An example of an AVP for a Failed-AVP (RFC 6733 §7.5, §7.1.5): its code and flags with a
/// zero-filled value of the minimum length of its type (4 octets for Unsigned32 and Enumerated,
/// 6 for Address, none for text and Grouped AVPs and for AVPs the codec does not know).
pub(super) fn example(code: u32, vendor_id: Option<u32>, mandatory: bool, protected: bool) -> Avp {
    let data_type = if vendor_id.is_none() { lookup(code).map(|def| def.data_type) } else { None };
    let value = match data_type {
        Some(DataType::Unsigned32 | DataType::Enumerated) => AvpValue::Raw(vec![0; 4]),
        Some(DataType::Address) => AvpValue::Raw(vec![0; 6]),
        Some(DataType::Grouped) => AvpValue::Grouped(Vec::new()),
        Some(DataType::Utf8String | DataType::DiameterIdentity) | None => AvpValue::Raw(Vec::new()),
    };
    Avp { code, vendor_id, mandatory, protected, value }
}

/// The example of a missing base AVP, with the M bit of RFC 6733 §4.5.
pub(super) fn missing(code: u32) -> Avp {
    let mandatory = lookup(code).is_some_and(|def| def.mandatory);
    example(code, None, mandatory, false)
}
