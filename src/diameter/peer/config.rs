//! The peer's configuration and its limits, and what the capabilities exchange makes of the
//! two nodes' announcements (RFC 6733 §5.3).

use std::net::IpAddr;
use std::time::Duration;

use thiserror::Error;

use super::{MAX_ERROR_MESSAGE, RELAY_APPLICATION_ID};
use crate::diameter::codec::result_code::{DIAMETER_NO_COMMON_APPLICATION, DIAMETER_SUCCESS};
use crate::diameter::codec::{ApplicationId, Capabilities, Cea, EncodeError, Message};
use crate::watchdog;

/// A configuration the peer refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// Origin-Host, Origin-Realm or the peer's Origin-Host empty, not ASCII, or longer than
    /// [`MAX_IDENTITY_LEN`] (255) octets: a DiameterIdentity is an FQDN or a realm (RFC 6733
    /// §4.3.1), a DNS name, which has at most 255 octets (RFC 1035 §2.3.4).
    #[error("{0} must be an ASCII DiameterIdentity of 1 to 255 octets (RFC 6733 §4.3.1, RFC 1035 §2.3.4)")]
    Identity(&'static str),
    /// No Host-IP-Address: CER and CEA need at least one (§5.3.1).
    #[error("at least one Host-IP-Address is needed (RFC 6733 §5.3.1)")]
    NoHostIpAddress,
    /// A zero Timeout.
    #[error("the Timeout of RFC 6733 §5.6 must be longer than zero")]
    ZeroTimeout,
    /// A Timeout over [`MAX_TIMEOUT`] (24 hours).
    #[error("the Timeout of RFC 6733 §5.6 is {0:?}, above the maximum of 24 hours")]
    TimeoutTooLong(Duration),
    /// A bound that must be at least 1 is 0: `max_pending_accepts` (no connection could wait for
    /// its CER) or `max_outstanding_requests` (no answer could reach the application).
    #[error("{0} must be at least 1")]
    Zero(&'static str),
    /// The CER and CEA of these capabilities cannot be encoded (more than
    /// [`MAX_MESSAGE_LEN`](crate::diameter::codec::MAX_MESSAGE_LEN) octets, ...): the peer could never
    /// connect.
    #[error("no CER or CEA can carry these capabilities: {0}")]
    Capabilities(EncodeError),
}

/// The longest DiameterIdentity the configuration takes, in octets: that of a DNS name (RFC 1035
/// §2.3.4), which an FQDN or a realm is (RFC 6733 §4.3.1).
pub const MAX_IDENTITY_LEN: usize = 255;

/// The longest Timeout the configuration takes: 24 hours. RFC 6733 §5.6 leaves it to the
/// implementation; the bound keeps every wait it bounds (the transport connection, the CEA, the
/// DPA, the CER on an accepted connection) finite, and so [`Peer::stop`](super::Peer::stop) too, as
/// [`watchdog::TWINIT_MAX`] does for Twinit.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(24 * 60 * 60);

/// The local node and how it runs the peer connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerConfig {
    /// What this node announces in its CER and CEA (RFC 6733 §5.3): Origin-Host (its
    /// DiameterIdentity, also in DWR, DWA, DPR and DPA), Origin-Realm, at least one
    /// Host-IP-Address (§5.3.5), Vendor-Id (§5.3.3), Product-Name (§5.3.7), Origin-State-Id
    /// (§8.16: changes with each restart that loses state; also in DWR and DWA; the driver sets
    /// it from the clock when `None`), Firmware-Revision (§5.3.4), and the applications: no
    /// Auth- or Acct-Application-Id for a node of the base protocol only (§6.8, §6.9).
    pub capabilities: Capabilities,
    /// The Timeout of RFC 6733 §5.6: how long to wait for the transport connection, for the CEA,
    /// for the DPA or for the peer to disconnect after a DPA, and for the CER on an accepted
    /// connection (§5.6.2's implementation-defined timeout). More than zero and at most
    /// [`MAX_TIMEOUT`] (24 hours); 10 s by default.
    pub timeout: Duration,
    /// The watchdog's settings (Twinit, RFC 3539 §3.4.1).
    pub watchdog: watchdog::Config,
    /// Whether this side connects to the peer (at start and on the watchdog's AttemptOpen); a
    /// responder only accepts. `true` by default.
    pub initiate: bool,
    /// How many accepted connections may wait for their CER at once (each for the Timeout at
    /// most, RFC 6733 §5.6.2). When one more is accepted, the one that has waited longest is
    /// closed (reported as [`PeerError::NoCer`](super::PeerError::NoCer)), so that connections that send nothing cannot
    /// keep the peer out: the peer, which sends its CER as soon as it is connected, gets in
    /// unless more than this many connections arrive in the time its CER takes. At least 1; 4 by
    /// default.
    pub max_pending_accepts: usize,
    /// The Origin-Host of the peer this node serves, if it is known (RFC 6733 §5.6.1: "the
    /// Origin-Host [of a CER] is used to locate the state machine associated with that peer").
    /// When set, a CER from another Origin-Host (compared without ASCII case) is answered with
    /// DIAMETER_UNKNOWN_PEER (3010, a protocol error: an answer with the E bit, §7.1.3, §7.2), its
    /// connection closed, and it is reported as [`PeerEvent::CapabilitiesRefused`](super::PeerEvent::CapabilitiesRefused): it never
    /// reaches the machine, so it never opens a connection nor holds an election (§5.6.4) against
    /// the connection this node initiated. When `None` (the default), any node that connects is
    /// taken as the peer; and since the Origin-Host at the other end of the initiated connection
    /// is only known from its CEA, which comes after the election, a CER that arrives while the
    /// initiated connection waits for its CEA is elected against whatever its Origin-Host: set
    /// `peer_host` to keep other nodes out of the election. The CEA on the initiated connection
    /// is not checked against it.
    pub peer_host: Option<String>,
    /// How many of the application's requests ([`Peer::send`](super::Peer::send)) may wait for their answers: the
    /// peer remembers each one's Hop-by-Hop Identifier to hand its answer to the application,
    /// and discards answers to no request it remembers (RFC 6733 §3). When full, the oldest is
    /// forgotten, and its answer, should it still come, is discarded. The memory it takes grows
    /// with the requests waiting, a few tens of octets each, up to this bound. At least 1; 4096
    /// by default.
    pub max_outstanding_requests: usize,
}

impl PeerConfig {
    /// A configuration with this identity and the defaults: vendor 0, product "rfc-fsm", no
    /// Origin-State-Id or Firmware-Revision, no application (base protocol only), any peer,
    /// Timeout 10 s, Twinit 30 s, initiator, 4 pending accepts, 4096 outstanding requests.
    pub fn new(origin_host: impl Into<String>, origin_realm: impl Into<String>, addresses: Vec<IpAddr>) -> Self {
        PeerConfig {
            capabilities: Capabilities {
                origin_host: origin_host.into(),
                origin_realm: origin_realm.into(),
                host_ip_addresses: addresses,
                vendor_id: 0,
                product_name: "rfc-fsm".to_owned(),
                origin_state_id: None,
                supported_vendor_ids: Vec::new(),
                auth_application_ids: Vec::new(),
                inband_security_ids: Vec::new(),
                acct_application_ids: Vec::new(),
                vendor_specific_application_ids: Vec::new(),
                firmware_revision: None,
            },
            timeout: Duration::from_secs(10),
            watchdog: watchdog::Config::default(),
            initiate: true,
            max_pending_accepts: 4,
            max_outstanding_requests: 4096,
            peer_host: None,
        }
    }

    /// Checks what the peer needs.
    ///
    /// # Errors
    ///
    /// [`ConfigError`]: an Origin-Host, Origin-Realm or peer's Origin-Host that is empty, not
    /// ASCII or longer than 255 octets; no Host-IP-Address; a zero Timeout, or one over 24 hours;
    /// a zero `max_pending_accepts` or `max_outstanding_requests`; capabilities too large for a
    /// CER or a CEA.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let identity = |s: &str| !s.is_empty() && s.is_ascii() && s.len() <= MAX_IDENTITY_LEN;
        let c = &self.capabilities;
        if !identity(&c.origin_host) {
            return Err(ConfigError::Identity("Origin-Host"));
        }
        if !identity(&c.origin_realm) {
            return Err(ConfigError::Identity("Origin-Realm"));
        }
        if self.peer_host.as_deref().is_some_and(|host| !identity(host)) {
            return Err(ConfigError::Identity("the peer's Origin-Host"));
        }
        if c.host_ip_addresses.is_empty() {
            return Err(ConfigError::NoHostIpAddress);
        }
        if self.timeout.is_zero() {
            return Err(ConfigError::ZeroTimeout);
        }
        if self.timeout > MAX_TIMEOUT {
            return Err(ConfigError::TimeoutTooLong(self.timeout));
        }
        if self.max_pending_accepts == 0 {
            return Err(ConfigError::Zero("max_pending_accepts"));
        }
        if self.max_outstanding_requests == 0 {
            return Err(ConfigError::Zero("max_outstanding_requests"));
        }
        // The largest message built from the capabilities: a CEA with an Error-Message (the CER
        // and the other CEAs are shorter).
        let cea = Cea {
            hop_by_hop: 0,
            end_to_end: 0,
            result_code: DIAMETER_NO_COMMON_APPLICATION,
            capabilities: c.clone(),
            error_message: Some("x".repeat(MAX_ERROR_MESSAGE)),
            failed_avp: None,
        };
        Message::Cea(cea).encode().map_err(ConfigError::Capabilities)?;
        Ok(())
    }

    /// The applications this node supports, the base application (0) included.
    fn supported(&self) -> impl Iterator<Item = u32> + '_ {
        std::iter::once(0).chain(announced(&self.capabilities))
    }
}

/// The remote peer as its CER or CEA described it (RFC 6733 §5.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemotePeer {
    /// What it announced: Origin-Host, Origin-Realm, addresses, product, applications.
    pub capabilities: Capabilities,
    /// The applications both nodes support (the base application 0 when the peer announced it).
    pub common_applications: Vec<u32>,
}

impl RemotePeer {
    /// The peer as the capabilities of its CER or CEA describe it.
    pub(super) fn of(c: &Capabilities, config: &PeerConfig) -> Self {
        let applications: Vec<u32> = announced(c).collect();
        RemotePeer { capabilities: c.clone(), common_applications: common_applications(config, &applications) }
    }

    /// The applications it announced: Auth-Application-Id, Acct-Application-Id and those of its
    /// Vendor-Specific-Application-Ids, in that order.
    #[must_use]
    pub fn applications(&self) -> Vec<u32> {
        announced(&self.capabilities).collect()
    }
}

/// The applications announced in `c`: Auth-Application-Id, Acct-Application-Id and those of the
/// Vendor-Specific-Application-Ids, in that order.
pub(super) fn announced(c: &Capabilities) -> impl Iterator<Item = u32> + '_ {
    let vendor = c.vendor_specific_application_ids.iter().map(|v| match v.application {
        ApplicationId::Auth(id) | ApplicationId::Acct(id) => id,
    });
    c.auth_application_ids.iter().chain(&c.acct_application_ids).copied().chain(vendor)
}

/// The applications of `theirs` that this node supports (RFC 6733 §5.3: the intersection, the
/// base application 0 always supported, the relay application sharing everything).
fn common_applications(config: &PeerConfig, theirs: &[u32]) -> Vec<u32> {
    let ours: Vec<u32> = config.supported().collect();
    let relay = |apps: &[u32]| apps.contains(&RELAY_APPLICATION_ID);
    let mut common: Vec<u32> = if relay(theirs) {
        ours.clone()
    } else if relay(&ours) {
        theirs.to_vec()
    } else {
        theirs.iter().copied().filter(|a| ours.contains(a)).collect()
    };
    common.sort_unstable();
    common.dedup();
    common
}

/// The Result-Code of the CEA that answers a CER announcing `theirs` (RFC 6733 §5.3): success
/// when the nodes share an application other than the base one, when neither announces any, or
/// when either is a relay ("receiving a CER or CEA from a peer advertising itself as a relay
/// [...] MUST be interpreted as having common applications with the peer").
pub(super) fn capabilities_result(config: &PeerConfig, theirs: &[u32]) -> u32 {
    let both_base_only = theirs.iter().all(|&a| a == 0) && config.supported().all(|a| a == 0);
    let relay = theirs.contains(&RELAY_APPLICATION_ID) || config.supported().any(|a| a == RELAY_APPLICATION_ID);
    if both_base_only || relay || common_applications(config, theirs).iter().any(|&a| a != 0) {
        DIAMETER_SUCCESS
    } else {
        DIAMETER_NO_COMMON_APPLICATION
    }
}
