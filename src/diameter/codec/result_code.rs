//! The values of the Result-Code AVP (RFC 6733 §7.1), by class: 1xxx informational, 2xxx
//! success, 3xxx protocol errors (answered with the E bit set, §7.2), 4xxx transient failures,
//! 5xxx permanent failures.

/// Whether a Result-Code is of the success class, 2xxx (RFC 6733 §7.1.2).
pub const fn is_success(result_code: u32) -> bool {
    result_code >= 2000 && result_code < 3000
}

/// 1001 (§7.1.1): the authentication needs another round trip.
pub const DIAMETER_MULTI_ROUND_AUTH: u32 = 1001;

/// 2001 (§7.1.2): the request was completed.
pub const DIAMETER_SUCCESS: u32 = 2001;
/// 2002 (§7.1.2): completed, but the application needs more processing.
pub const DIAMETER_LIMITED_SUCCESS: u32 = 2002;

/// 3001 (§7.1.3): a Command Code the receiver does not support.
pub const DIAMETER_COMMAND_UNSUPPORTED: u32 = 3001;
/// 3002 (§7.1.3): the message could not be delivered to its destination.
pub const DIAMETER_UNABLE_TO_DELIVER: u32 = 3002;
/// 3003 (§7.1.3): the Destination-Realm is not recognized.
pub const DIAMETER_REALM_NOT_SERVED: u32 = 3003;
/// 3004 (§7.1.3): the requested server cannot provide the service.
pub const DIAMETER_TOO_BUSY: u32 = 3004;
/// 3005 (§7.1.3): an agent detected a loop.
pub const DIAMETER_LOOP_DETECTED: u32 = 3005;
/// 3006 (§7.1.3): a redirect agent answers with where to send the request.
pub const DIAMETER_REDIRECT_INDICATION: u32 = 3006;
/// 3007 (§7.1.3): a request for an application that is not supported.
pub const DIAMETER_APPLICATION_UNSUPPORTED: u32 = 3007;
/// 3008 (§7.1.3): header bits set to an invalid combination, or inconsistent with the command.
pub const DIAMETER_INVALID_HDR_BITS: u32 = 3008;
/// 3009 (§7.1.3): AVP flag bits set to an unrecognized value, or inconsistent with the AVP.
pub const DIAMETER_INVALID_AVP_BITS: u32 = 3009;
/// 3010 (§7.1.3): a CER from a peer that is not known.
pub const DIAMETER_UNKNOWN_PEER: u32 = 3010;

/// 4001 (§7.1.4): the authentication failed.
pub const DIAMETER_AUTHENTICATION_REJECTED: u32 = 4001;
/// 4002 (§7.1.4): no space to store an accounting record.
pub const DIAMETER_OUT_OF_SPACE: u32 = 4002;
/// 4003 (§7.1.4): the peer lost the election of the connection to keep (§5.6.4).
pub const ELECTION_LOST: u32 = 4003;

/// 5001 (§7.1.5): an AVP with the M bit that the receiver does not recognize or support.
pub const DIAMETER_AVP_UNSUPPORTED: u32 = 5001;
/// 5002 (§7.1.5): an unknown Session-Id.
pub const DIAMETER_UNKNOWN_SESSION_ID: u32 = 5002;
/// 5003 (§7.1.5): the user could not be authorized.
pub const DIAMETER_AUTHORIZATION_REJECTED: u32 = 5003;
/// 5004 (§7.1.5): an AVP with an invalid value in its data.
pub const DIAMETER_INVALID_AVP_VALUE: u32 = 5004;
/// 5005 (§7.1.5): an AVP that the command requires is missing.
pub const DIAMETER_MISSING_AVP: u32 = 5005;
/// 5006 (§7.1.5): the user has used up the allowed resources.
pub const DIAMETER_RESOURCES_EXCEEDED: u32 = 5006;
/// 5007 (§7.1.5): AVPs that contradict each other.
pub const DIAMETER_CONTRADICTING_AVPS: u32 = 5007;
/// 5008 (§7.1.5): an AVP that must not be present.
pub const DIAMETER_AVP_NOT_ALLOWED: u32 = 5008;
/// 5009 (§7.1.5): an AVP more often than the command allows.
pub const DIAMETER_AVP_OCCURS_TOO_MANY_TIMES: u32 = 5009;
/// 5010 (§7.1.5): a CER with no application in common with the receiver.
pub const DIAMETER_NO_COMMON_APPLICATION: u32 = 5010;
/// 5011 (§7.1.5): a message of an unsupported protocol version.
pub const DIAMETER_UNSUPPORTED_VERSION: u32 = 5011;
/// 5012 (§7.1.5): the request is rejected for unspecified reasons.
pub const DIAMETER_UNABLE_TO_COMPLY: u32 = 5012;
/// 5013 (§7.1.5): a reserved bit of the header is set, or the header bits are set incorrectly.
pub const DIAMETER_INVALID_BIT_IN_HEADER: u32 = 5013;
/// 5014 (§7.1.5): an AVP with an invalid length.
pub const DIAMETER_INVALID_AVP_LENGTH: u32 = 5014;
/// 5015 (§7.1.5): a message with an invalid length.
pub const DIAMETER_INVALID_MESSAGE_LENGTH: u32 = 5015;
/// 5016 (§7.1.5): an AVP whose flag bits are an invalid combination.
pub const DIAMETER_INVALID_AVP_BIT_COMBO: u32 = 5016;
/// 5017 (§7.1.5): a CER with no security mechanism in common with the receiver.
pub const DIAMETER_NO_COMMON_SECURITY: u32 = 5017;

/// The name RFC 6733 gives a Result-Code ("DIAMETER_SUCCESS", ...), or `None` for a value it
/// does not define (other applications define more).
#[must_use]
pub const fn name(code: u32) -> Option<&'static str> {
    Some(match code {
        DIAMETER_MULTI_ROUND_AUTH => "DIAMETER_MULTI_ROUND_AUTH",
        DIAMETER_SUCCESS => "DIAMETER_SUCCESS",
        DIAMETER_LIMITED_SUCCESS => "DIAMETER_LIMITED_SUCCESS",
        DIAMETER_COMMAND_UNSUPPORTED => "DIAMETER_COMMAND_UNSUPPORTED",
        DIAMETER_UNABLE_TO_DELIVER => "DIAMETER_UNABLE_TO_DELIVER",
        DIAMETER_REALM_NOT_SERVED => "DIAMETER_REALM_NOT_SERVED",
        DIAMETER_TOO_BUSY => "DIAMETER_TOO_BUSY",
        DIAMETER_LOOP_DETECTED => "DIAMETER_LOOP_DETECTED",
        DIAMETER_REDIRECT_INDICATION => "DIAMETER_REDIRECT_INDICATION",
        DIAMETER_APPLICATION_UNSUPPORTED => "DIAMETER_APPLICATION_UNSUPPORTED",
        DIAMETER_INVALID_HDR_BITS => "DIAMETER_INVALID_HDR_BITS",
        DIAMETER_INVALID_AVP_BITS => "DIAMETER_INVALID_AVP_BITS",
        DIAMETER_UNKNOWN_PEER => "DIAMETER_UNKNOWN_PEER",
        DIAMETER_AUTHENTICATION_REJECTED => "DIAMETER_AUTHENTICATION_REJECTED",
        DIAMETER_OUT_OF_SPACE => "DIAMETER_OUT_OF_SPACE",
        ELECTION_LOST => "ELECTION_LOST",
        DIAMETER_AVP_UNSUPPORTED => "DIAMETER_AVP_UNSUPPORTED",
        DIAMETER_UNKNOWN_SESSION_ID => "DIAMETER_UNKNOWN_SESSION_ID",
        DIAMETER_AUTHORIZATION_REJECTED => "DIAMETER_AUTHORIZATION_REJECTED",
        DIAMETER_INVALID_AVP_VALUE => "DIAMETER_INVALID_AVP_VALUE",
        DIAMETER_MISSING_AVP => "DIAMETER_MISSING_AVP",
        DIAMETER_RESOURCES_EXCEEDED => "DIAMETER_RESOURCES_EXCEEDED",
        DIAMETER_CONTRADICTING_AVPS => "DIAMETER_CONTRADICTING_AVPS",
        DIAMETER_AVP_NOT_ALLOWED => "DIAMETER_AVP_NOT_ALLOWED",
        DIAMETER_AVP_OCCURS_TOO_MANY_TIMES => "DIAMETER_AVP_OCCURS_TOO_MANY_TIMES",
        DIAMETER_NO_COMMON_APPLICATION => "DIAMETER_NO_COMMON_APPLICATION",
        DIAMETER_UNSUPPORTED_VERSION => "DIAMETER_UNSUPPORTED_VERSION",
        DIAMETER_UNABLE_TO_COMPLY => "DIAMETER_UNABLE_TO_COMPLY",
        DIAMETER_INVALID_BIT_IN_HEADER => "DIAMETER_INVALID_BIT_IN_HEADER",
        DIAMETER_INVALID_AVP_LENGTH => "DIAMETER_INVALID_AVP_LENGTH",
        DIAMETER_INVALID_MESSAGE_LENGTH => "DIAMETER_INVALID_MESSAGE_LENGTH",
        DIAMETER_INVALID_AVP_BIT_COMBO => "DIAMETER_INVALID_AVP_BIT_COMBO",
        DIAMETER_NO_COMMON_SECURITY => "DIAMETER_NO_COMMON_SECURITY",
        _ => return None,
    })
}

/// Whether a Result-Code is a protocol error (3xxx, RFC 6733 §7.1.3), which may only be sent in
/// an answer with the E bit set.
#[must_use]
pub const fn is_protocol_error(code: u32) -> bool {
    code >= 3000 && code < 4000
}

/// The name and value of a Result-Code, for messages: "DIAMETER_MISSING_AVP 5005", or
/// "Result-Code 9999" for one RFC 6733 does not define.
pub(super) fn label(code: u32) -> String {
    match name(code) {
        Some(name) => format!("{name} {code}"),
        None => format!("Result-Code {code}"),
    }
}
