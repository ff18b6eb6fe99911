//! Diameter fixtures shared by the peer, driver and interop tests: our peer's configuration, and
//! the messages the other side sends (RFC 6733 §5.3 to §5.5).

use rfc_fsm::diameter::codec::result_code::DIAMETER_SUCCESS;
use rfc_fsm::diameter::codec::{
    Avp, Capabilities, Cea, Cer, CommandFlags, DisconnectCause, Dpa, Dpr, Dwa, Dwr, Header, Message, RawMessage,
};
use rfc_fsm::diameter::peer::PeerConfig;
use rfc_fsm::watchdog;
use std::time::Duration;

// --- Our side -----------------------------------------------------------------------------------

/// Our peer named `host` in realm `example.net` at 127.0.0.1, announcing Auth-Application-Id 4,
/// with this Timeout and a watchdog of this Twinit (below the RFC 3539 minimum of 6 s through
/// the testing option). Tests change what they need from there.
pub fn peer_config(host: &str, twinit: Duration, timeout: Duration) -> PeerConfig {
    let mut c = PeerConfig::new(host, "example.net", vec!["127.0.0.1".parse().unwrap()]);
    c.capabilities.auth_application_ids = vec![4];
    c.timeout = timeout;
    c.watchdog = if twinit < watchdog::TWINIT_MIN {
        watchdog::Config::for_testing_below_rfc_minimum(twinit).unwrap()
    } else {
        watchdog::Config::new(twinit).unwrap()
    };
    c
}

/// The configuration serving the peer of Origin-Host `peer` only (`PeerConfig::peer_host`).
pub fn serving(mut config: PeerConfig, peer: &str) -> PeerConfig {
    config.peer_host = Some(peer.to_owned());
    config
}

// --- The other side -----------------------------------------------------------------------------

/// The Origin-Host of the other side's messages, but for its CER, which names its own.
pub const THEIR_HOST: &str = "server.example.org";

/// A CER from `host` announcing the Auth-Application-Ids `auth`.
pub fn their_cer(host: &str, auth: &[u32]) -> Cer {
    Cer {
        hop_by_hop: 0x1000,
        end_to_end: 0x2000,
        capabilities: Capabilities {
            origin_host: host.into(),
            origin_realm: "example.org".into(),
            host_ip_addresses: vec!["192.0.2.9".parse().unwrap()],
            vendor_id: 10415,
            product_name: "them".into(),
            origin_state_id: Some(99),
            supported_vendor_ids: vec![],
            auth_application_ids: auth.to_vec(),
            inband_security_ids: vec![],
            acct_application_ids: vec![],
            vendor_specific_application_ids: vec![],
            firmware_revision: None,
        },
    }
}

/// The CEA to our CER `to`, with this Result-Code, announcing the Auth-Application-Ids `auth`.
pub fn their_cea(to: &Cer, result_code: u32, auth: &[u32]) -> Message {
    Message::Cea(Cea {
        hop_by_hop: to.hop_by_hop,
        end_to_end: to.end_to_end,
        result_code,
        capabilities: Capabilities { origin_host: THEIR_HOST.into(), ..their_cer("", auth).capabilities },
        error_message: None,
        failed_avp: None,
    })
}

/// A DWR with this Hop-by-Hop Identifier.
pub fn their_dwr(hop_by_hop: u32) -> Message {
    Message::Dwr(Dwr {
        hop_by_hop,
        end_to_end: hop_by_hop + 7,
        origin_host: THEIR_HOST.into(),
        origin_realm: "example.org".into(),
        origin_state_id: Some(99),
    })
}

/// The DWA to our DWR `to`, DIAMETER_SUCCESS.
pub fn their_dwa(to: &Dwr) -> Message {
    Message::Dwa(Dwa {
        hop_by_hop: to.hop_by_hop,
        end_to_end: to.end_to_end,
        result_code: DIAMETER_SUCCESS,
        origin_host: THEIR_HOST.into(),
        origin_realm: "example.org".into(),
        error_message: None,
        failed_avp: None,
        origin_state_id: Some(99),
    })
}

/// A DPR with this Disconnect-Cause.
pub fn their_dpr(cause: DisconnectCause) -> Message {
    Message::Dpr(Dpr {
        hop_by_hop: 0x3000,
        end_to_end: 0x4000,
        origin_host: THEIR_HOST.into(),
        origin_realm: "example.org".into(),
        disconnect_cause: cause,
    })
}

/// The DPA to our DPR `to`, DIAMETER_SUCCESS.
pub fn their_dpa(to: &Dpr) -> Message {
    Message::Dpa(Dpa {
        hop_by_hop: to.hop_by_hop,
        end_to_end: to.end_to_end,
        result_code: DIAMETER_SUCCESS,
        origin_host: THEIR_HOST.into(),
        origin_realm: "example.org".into(),
        error_message: None,
        failed_avp: None,
    })
}

/// A request of any command and application, with these AVPs (Hop-by-Hop 77, End-to-End 88):
/// what the base protocol does not decode, or a base request built by hand to be malformed.
pub fn request(command_code: u32, application_id: u32, avps: Vec<Avp>) -> RawMessage {
    let flags = CommandFlags { request: true, ..CommandFlags::default() };
    RawMessage { header: Header { flags, command_code, application_id, hop_by_hop: 77, end_to_end: 88 }, avps }
}

/// The encoding of `message`.
pub fn bytes(message: &Message) -> Vec<u8> {
    message.encode().unwrap()
}
