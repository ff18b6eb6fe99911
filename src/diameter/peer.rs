//! The Diameter peer of RFC 6733, sans-IO: the peer state machine of §5.6 (capabilities exchange,
//! election, disconnection) with the transport failover watchdog of RFC 3539 (§5.5) on the
//! connection it opens. Inputs are values with the current time (the application's start and
//! stop, connection events, received octets, timer expiries); outputs are [`Output`]s: connect,
//! send a message on a connection, close a connection, report a [`PeerEvent`]. No socket, no
//! clock, no thread: [`super::driver`] runs it over tokio and TCP.
//!
//! Nothing here decides a transition. The peer's transitions are those of
//! `specs/diameter_peer.fsm`, compiled into [`crate::machines::diameter_peer`]; the watchdog's are
//! those of [`crate::watchdog::Watchdog`]. This module turns inputs into the machines' events,
//! carries out their actions (building CER, CEA, DWA, DPR, DPA), and joins the two machines:
//!
//! - The watchdog is told `connection_up` when the peer machine reaches I-Open or R-Open after a
//!   successful capabilities exchange (the connection is "open" in the Diameter sense), and
//!   `connection_down` when the machine gets back to Closed. Every message received on the open
//!   connection and not discarded (see below) is traffic for it (`MessageKind::Dwa` for the
//!   answer to its DWR, `Dwr` for a DWR, `Other` otherwise), fed before the peer machine sees the
//!   message, so that its `Throwaway` (in REOPEN) keeps application messages from the
//!   application.
//! - The watchdog's `SendDwr` is a message the node sends: the machine's Send-Message event, whose
//!   I-Snd-Message / R-Snd-Message action puts it on the open connection. Its `SendDwa` is dropped:
//!   the machine's own I-Snd-DWA / R-Snd-DWA action answers the DWR. `CloseConnection` closes the
//!   open connection, which the machine sees as I-Peer-Disc / R-Peer-Disc. `AttemptOpen` is the
//!   machine's Start event when this side initiates connections ([`PeerConfig::initiate`]); a
//!   responder waits for the peer to connect again. `Failover` and `Failback` are reported.
//!
//! Answers are matched with the requests they answer (RFC 6733 §3): by Hop-by-Hop Identifier and
//! Command Code, on the connection the request went out on, each once. The peer remembers its
//! CER, the watchdog's DWR (one at a time, RFC 3539), its DPR and the application's requests
//! ([`PeerConfig::max_outstanding_requests`] at most). An answer to none of them "MUST be
//! discarded" (§3): it is reported as [`PeerEvent::Discarded`] with
//! [`DiscardReason::Unsolicited`] and goes no further, so a stray CEA opens nothing, a stray DWA
//! answers no watchdog and a stray DPA closes nothing. Any answer to the watchdog's DWR is its
//! DWA, one with the E bit too (a peer that answers, even with an error, is alive; RFC 3539 counts
//! answers); any answer to our DPR is its DPA.
//!
//! A received message is one event, whatever the machine's state: its own (I-Rcv-DWR, ...,
//! I-Rcv-Message for anything else; R-... on the accepted connection), and the spec says what it
//! does in each state (in Wait-I-CEA, where the table of §5.6.1 calls every message but the CEA
//! I-Rcv-Non-CEA, each is an Error: the connection is closed). A CEA to our CER with a
//! Result-Code other than success (2xxx), or with the E bit, is not the positive CEA that opens
//! the connection: it is I-Rcv-Non-CEA, reported as [`PeerEvent::CapabilitiesRefused`] with its
//! Result-Code.
//!
//! Choices where RFC 6733 leaves room, all documented on the items concerned:
//!
//! - A CER is answered with DIAMETER_SUCCESS when the two nodes share an application, or when
//!   neither announces one (base protocol only); else DIAMETER_NO_COMMON_APPLICATION, and the
//!   connection is closed after the CEA (§5.3 "SHOULD disconnect"). The base application (0) is
//!   supported by every node, and the relay application (0xffffffff) shares every application:
//!   a relay's CER succeeds even with a node of the base protocol only (§5.3).
//! - A DPR received with cause REBOOTING lets the watchdog reconnect as after any loss; BUSY and
//!   DO_NOT_WANT_TO_TALK_TO_YOU ("SHOULD NOT attempt reconnection", §5.4.3) stop the reconnection
//!   attempts until the application calls [`Peer::start`] again. The peer may still connect to us.
//! - A message that does not decode: a request is answered with the Result-Code of its
//!   [`DecodeError`] and its Failed-AVP (§7.5), with the E bit for a protocol error (3xxx, §7.2)
//!   or as the command's answer for the base messages; an answer is dropped and reported. Framing
//!   errors (a Message Length that loses the stream) close the connection.
//! - A request of an application the two peers do not share is answered with
//!   DIAMETER_APPLICATION_UNSUPPORTED, a base-protocol command other than CER, DWR and DPR with
//!   DIAMETER_COMMAND_UNSUPPORTED (both with the E bit); other messages go to the application.
//! - Stop while a connection is being set up (Wait-Conn-Ack, Wait-I-CEA, Wait-Conn-Ack/Elect,
//!   Wait-Returns), where §5.6.1 has no Stop, is the spec's Abort to Closed: each connection is
//!   closed, the accepted one first and without a CEA.
//!
//! ```
//! use rfc_fsm::diameter::codec::{Message, DisconnectCause};
//! use rfc_fsm::diameter::peer::{Output, Peer, PeerConfig};
//! use rand::SeedableRng;
//! use std::time::Duration;
//!
//! let config = PeerConfig::new("client.example.net", "example.net", vec!["192.0.2.1".parse()?]);
//! let mut peer = Peer::new(config, rand::rngs::StdRng::seed_from_u64(1), 0)?;
//! let t = Duration::ZERO;
//! // Start: the watchdog and the machine change state (reported), and the peer connects.
//! let out = peer.start(t);
//! let Some(&Output::Connect(conn)) = out.last() else { panic!("{out:?}") };
//! // Connected: Wait-I-CEA, and the CER goes out.
//! let out = peer.connected(t, conn);
//! assert!(matches!(out.last(), Some(Output::Send(c, Message::Cer(_))) if *c == conn));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::net::IpAddr;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::marker::PhantomData;
use thiserror::Error;

use super::codec::result_code::{
    DIAMETER_APPLICATION_UNSUPPORTED, DIAMETER_COMMAND_UNSUPPORTED, DIAMETER_NO_COMMON_APPLICATION, DIAMETER_SUCCESS,
    DIAMETER_UNABLE_TO_COMPLY, DIAMETER_UNKNOWN_PEER, ELECTION_LOST, is_protocol_error,
};
use super::codec::{
    ApplicationId, Avp, Capabilities, Cea, Cer, CommandFlags, DecodeError, DisconnectCause, Dpa, Dpr, Dwa, Dwr,
    EncodeError, HEADER_LEN, Header, Message, RawMessage, avp_code, command_code,
};
use crate::machines::diameter_peer as machine;
use crate::time::Time;
use crate::watchdog::{self, Command, Commands, MessageKind, Watchdog};

pub use machine::{Event, State};

/// The relay application (RFC 6733 §2.4): a node announcing it shares every application.
pub const RELAY_APPLICATION_ID: u32 = 0xffff_ffff;

/// The Session-Id AVP code (RFC 6733 §8.8), copied from a request into its error answer.
const SESSION_ID: u32 = 263;

/// The longest Error-Message text the peer sends, in octets.
const MAX_ERROR_MESSAGE: usize = 200;

/// How many machine and watchdog steps one input may cause: far more than any input needs (a
/// handful); a bound so that no input can loop.
const MAX_STEPS: usize = 64;

/// A transport connection, named by the peer when it asks for it ([`Output::Connect`]) or when the
/// caller reports it accepted ([`Peer::accepted`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConnId(pub u64);

impl fmt::Display for ConnId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Which side opened a connection (RFC 6733 §5.6: the `I-` and `R-` events).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// This side connected: the initiator.
    Initiator,
    /// The peer connected: this side is the responder.
    Responder,
}

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
    /// [`MAX_MESSAGE_LEN`](super::codec::MAX_MESSAGE_LEN) octets, ...): the peer could never
    /// connect.
    #[error("no CER or CEA can carry these capabilities: {0}")]
    Capabilities(EncodeError),
}

/// The longest DiameterIdentity the configuration takes, in octets: that of a DNS name (RFC 1035
/// §2.3.4), which an FQDN or a realm is (RFC 6733 §4.3.1).
pub const MAX_IDENTITY_LEN: usize = 255;

/// The longest Timeout the configuration takes: 24 hours. RFC 6733 §5.6 leaves it to the
/// implementation; the bound keeps every wait it bounds (the transport connection, the CEA, the
/// DPA, the CER on an accepted connection) finite, and so [`Peer::stop`] too, as
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
    /// closed (reported as [`PeerError::NoCer`]), so that connections that send nothing cannot
    /// keep the peer out: the peer, which sends its CER as soon as it is connected, gets in
    /// unless more than this many connections arrive in the time its CER takes. At least 1; 4 by
    /// default.
    pub max_pending_accepts: usize,
    /// The Origin-Host of the peer this node serves, if it is known (RFC 6733 §5.6.1: "the
    /// Origin-Host [of a CER] is used to locate the state machine associated with that peer").
    /// When set, a CER from another Origin-Host (compared without ASCII case) is answered with
    /// DIAMETER_UNKNOWN_PEER (3010, a protocol error: an answer with the E bit, §7.1.3, §7.2), its
    /// connection closed, and it is reported as [`PeerEvent::CapabilitiesRefused`]: it never
    /// reaches the machine, so it never opens a connection nor holds an election (§5.6.4) against
    /// the connection this node initiated. When `None` (the default), any node that connects is
    /// taken as the peer; and since the Origin-Host at the other end of the initiated connection
    /// is only known from its CEA, which comes after the election, a CER that arrives while the
    /// initiated connection waits for its CEA is elected against whatever its Origin-Host: set
    /// `peer_host` to keep other nodes out of the election. The CEA on the initiated connection
    /// is not checked against it.
    pub peer_host: Option<String>,
    /// How many of the application's requests ([`Peer::send`]) may wait for their answers: the
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
    fn of(c: &Capabilities, config: &PeerConfig) -> Self {
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
fn announced(c: &Capabilities) -> impl Iterator<Item = u32> + '_ {
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
fn capabilities_result(config: &PeerConfig, theirs: &[u32]) -> u32 {
    let both_base_only = theirs.iter().all(|&a| a == 0) && config.supported().all(|a| a == 0);
    let relay = theirs.contains(&RELAY_APPLICATION_ID) || config.supported().any(|a| a == RELAY_APPLICATION_ID);
    if both_base_only || relay || common_applications(config, theirs).iter().any(|&a| a != 0) {
        DIAMETER_SUCCESS
    } else {
        DIAMETER_NO_COMMON_APPLICATION
    }
}

/// Whether a Result-Code is of the success class, 2xxx (RFC 6733 §7.1.2).
const fn is_success(result_code: u32) -> bool {
    result_code >= 2000 && result_code < 3000
}

/// Something the application should know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeerEvent {
    /// The peer state machine changed state (RFC 6733 §5.6.1) on `event`.
    State {
        /// The state it left.
        from: State,
        /// The state it entered.
        to: State,
        /// The event.
        event: Event,
    },
    /// The watchdog changed state (RFC 3539 Appendix A); `None` when it is stopped.
    Watchdog {
        /// The state it left.
        from: Option<watchdog::State>,
        /// The state it entered.
        to: Option<watchdog::State>,
    },
    /// RFC 3539 Failover(): send the pending requests to an alternate peer and route new ones
    /// there.
    Failover,
    /// RFC 3539 Failback(): the connection is in service again.
    Failback,
    /// The capabilities exchange succeeded (RFC 6733 §5.3): `conn` carries the peer's messages.
    Open {
        /// The connection.
        conn: ConnId,
        /// Which side opened it.
        role: Role,
        /// The peer, as its CER or CEA described it.
        peer: Box<RemotePeer>,
    },
    /// The capabilities exchange failed: our CEA refused the peer's CER, or the peer's CEA
    /// refused ours, with this Result-Code.
    CapabilitiesRefused {
        /// The connection.
        conn: ConnId,
        /// Which side opened it.
        role: Role,
        /// The Result-Code of the CEA.
        result_code: u32,
    },
    /// An election took place (RFC 6733 §5.6.4): `won` when our Origin-Host is the greater, and
    /// the connection we initiated is closed.
    Election {
        /// Whether this side won.
        won: bool,
    },
    /// The peer sent a DPR (RFC 6733 §5.4); `reconnect` says whether the watchdog will connect
    /// again (after REBOOTING only).
    DisconnectRequested {
        /// The Disconnect-Cause.
        cause: DisconnectCause,
        /// Whether this side will reconnect.
        reconnect: bool,
    },
    /// A message for the application: a request of another command or application, or the
    /// answer to a request it sent with [`Peer::send`].
    Received {
        /// The connection.
        conn: ConnId,
        /// The message.
        message: RawMessage,
    },
    /// A received message that was dropped, unanswered: see [`DiscardReason`].
    Discarded {
        /// The connection.
        conn: ConnId,
        /// Its Command Code.
        command_code: u32,
        /// Its Hop-by-Hop Identifier.
        hop_by_hop: u32,
        /// Why it was dropped.
        reason: DiscardReason,
    },
    /// Something went wrong.
    Error(PeerError),
}

/// Why a received message was dropped ([`PeerEvent::Discarded`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiscardReason {
    /// The watchdog threw it away (RFC 3539 Throwaway()): the connection is not in service (in
    /// REOPEN), so what is not a DWA does not reach the application.
    NotInService,
    /// An answer to no request this node sent on the connection, or sent and answered already:
    /// RFC 6733 §3, "an answer message that is received with an unknown Hop-by-Hop Identifier
    /// MUST be discarded". An answer matches a request by its Hop-by-Hop Identifier and its
    /// Command Code, on the connection the request went out on; each request is answered once.
    Unsolicited,
}

/// What went wrong, as reported in [`PeerEvent::Error`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PeerError {
    /// The peer state machine's Error action: `event` in `state` closed the connections (the
    /// Timeout; in Wait-I-CEA, a CEA that refuses ours as I-Rcv-Non-CEA, or another message by
    /// its own event: I-Rcv-DWR, I-Rcv-Message, ...).
    #[error("{event} in {state}: the connection is closed (RFC 6733 §5.6.1 Error)")]
    Failed {
        /// The state.
        state: State,
        /// The event.
        event: Event,
    },
    /// A message that does not decode.
    #[error("malformed message on {conn}: {error}")]
    Malformed {
        /// The connection.
        conn: ConnId,
        /// Why.
        error: DecodeError,
    },
    /// The octets on a connection do not frame as Diameter messages: the connection is closed.
    #[error("the stream on {conn} is unusable: {error}")]
    Framing {
        /// The connection.
        conn: ConnId,
        /// Why.
        error: DecodeError,
    },
    /// An accepted connection sent something else than a CER first, or nothing within the
    /// Timeout: it is closed (RFC 6733 §5.6.2).
    #[error("accepted connection {conn} closed: {reason}")]
    NoCer {
        /// The connection.
        conn: ConnId,
        /// What happened.
        reason: &'static str,
    },
    /// The peer is stopped: an accepted connection is closed at once.
    #[error("accepted connection {conn} refused: {reason}")]
    Refused {
        /// The connection.
        conn: ConnId,
        /// Why.
        reason: &'static str,
    },
    /// The application's message was not sent: no connection is open.
    #[error("message not sent: no open connection to the peer (state {state})")]
    NotOpen {
        /// The peer state machine's state.
        state: State,
    },
    /// A message could not be encoded (never for the messages the peer builds).
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// An input caused more steps than any should: the rest were dropped.
    #[error("too many steps for one input; the rest were dropped")]
    Runaway,
}

/// What the caller must do.
// A CER or CEA makes `Send` the large variant; outputs live briefly in a `Vec`, and boxing
// each message would cost an allocation per message sent.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Open a transport connection to the peer; report the result with [`Peer::connected`] or
    /// [`Peer::connect_failed`].
    Connect(ConnId),
    /// Send a message on a connection.
    Send(ConnId, Message),
    /// Close a connection (after sending what is queued on it); report nothing more about it.
    Close(ConnId),
    /// Tell the application.
    Report(PeerEvent),
}

/// The connection this side initiated.
#[derive(Clone, Copy, Debug)]
struct Initiated {
    id: ConnId,
    /// The transport connection is established.
    established: bool,
    /// Not closed by either side.
    open: bool,
    /// The Hop-by-Hop Identifier of the CER sent on it, until its CEA arrives.
    cer: Option<u32>,
}

/// The connection the peer initiated, with its CER.
#[derive(Clone, Debug)]
struct Accepted {
    id: ConnId,
    open: bool,
    cer: Cer,
    /// The Result-Code of our CEA (Process-CER).
    result_code: u32,
    /// The CEA was sent.
    answered: bool,
}

/// An accepted connection waiting for its CER (RFC 6733 §5.6.2).
#[derive(Clone, Copy, Debug)]
struct Pending<T> {
    id: ConnId,
    /// When the CER is due; `None` if the time type cannot represent it (never).
    deadline: Option<T>,
}

/// A received message, decoded or not.
#[derive(Clone, Debug)]
enum Received {
    Ok(Message),
    Malformed { header: Option<Header>, error: DecodeError },
}

impl Received {
    /// The header of an answer (the R bit clear), `None` for a request or for octets too short
    /// for a header.
    fn answer_header(&self) -> Option<Header> {
        let header = match self {
            Received::Ok(message) if !message.is_request() => message.header(),
            Received::Malformed { header: Some(header), .. } if !header.flags.request => *header,
            _ => return None,
        };
        Some(header)
    }

    /// The Result-Code of an answer that decodes and has one.
    fn result_code(&self) -> Option<u32> {
        match self {
            Received::Ok(Message::Cea(m)) => Some(m.result_code),
            Received::Ok(Message::Dwa(m)) => Some(m.result_code),
            Received::Ok(Message::Dpa(m)) => Some(m.result_code),
            Received::Ok(Message::Other(raw)) if !raw.header.flags.request => raw.result_code(),
            _ => None,
        }
    }
}

/// Which of our requests an answer answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answers {
    /// The CER on the initiated connection.
    Cer,
    /// The watchdog's DWR.
    Dwr,
    /// Our DPR.
    Dpr,
    /// A request of the application ([`Peer::send`]).
    Application,
}

/// The application's requests that wait for an answer: Hop-by-Hop Identifier, connection and
/// Command Code, at most `max` of them; when full, the oldest is forgotten (its answer, should it
/// still come, is discarded).
#[derive(Clone, Debug)]
struct Outstanding {
    max: usize,
    /// Hop-by-Hop Identifier -> (connection, Command Code, when it was recorded).
    by_hop_by_hop: HashMap<u32, (ConnId, u32, u64)>,
    /// The records in the order they were made, some of them answered or forgotten since.
    order: VecDeque<(u64, u32)>,
    next: u64,
}

impl Outstanding {
    fn new(max: usize) -> Self {
        Outstanding { max: max.max(1), by_hop_by_hop: HashMap::new(), order: VecDeque::new(), next: 0 }
    }

    fn live(&self, (seq, hop_by_hop): (u64, u32)) -> bool {
        self.by_hop_by_hop.get(&hop_by_hop).is_some_and(|&(_, _, s)| s == seq)
    }

    fn insert(&mut self, conn: ConnId, hop_by_hop: u32, command_code: u32) {
        while self.by_hop_by_hop.len() >= self.max {
            let Some(oldest) = self.order.pop_front() else { break };
            if self.live(oldest) {
                self.by_hop_by_hop.remove(&oldest.1);
            }
        }
        let seq = self.next;
        self.next = self.next.wrapping_add(1);
        self.by_hop_by_hop.insert(hop_by_hop, (conn, command_code, seq));
        self.order.push_back((seq, hop_by_hop));
        // Answered records leave their place in `order` behind: sweep them now and then, so that
        // it stays within twice the bound.
        if self.order.len() > self.max.saturating_mul(2) {
            let order = std::mem::take(&mut self.order);
            self.order = order.into_iter().filter(|&entry| self.live(entry)).collect();
        }
    }

    /// Whether the request of `hop_by_hop` and `command_code` went out on `conn`; it is answered.
    fn take(&mut self, conn: ConnId, hop_by_hop: u32, command_code: u32) -> bool {
        let sent = self.by_hop_by_hop.get(&hop_by_hop).is_some_and(|&(c, code, _)| c == conn && code == command_code);
        if sent {
            self.by_hop_by_hop.remove(&hop_by_hop);
        }
        sent
    }

    fn forget(&mut self, conn: ConnId) {
        self.by_hop_by_hop.retain(|_, &mut (c, _, _)| c != conn);
    }
}

/// What an event is about: the message, connection or CER it comes with.
#[derive(Clone, Debug)]
enum Context {
    None,
    /// A CER on a new connection (R-Conn-CER).
    Cer(ConnId, Box<Cer>),
    /// A message received on a connection.
    Message(ConnId, Box<Received>),
    /// A message to send (Send-Message).
    Outgoing(Box<Message>),
}

/// The effects of one input.
struct Run<T> {
    now: T,
    out: Vec<Output>,
    /// The machine's events still to run, each with what it concerns.
    work: VecDeque<(Event, Context)>,
    /// The watchdog threw the current message away.
    throwaway: bool,
}

impl<T> Run<T> {
    fn new(now: T) -> Self {
        Run { now, out: Vec::new(), work: VecDeque::new(), throwaway: false }
    }

    fn report(&mut self, event: PeerEvent) {
        self.out.push(Output::Report(event));
    }

    fn event(&mut self, event: Event, context: Context) {
        self.work.push_back((event, context));
    }
}

/// Everything but the peer state machine, which the actions change.
struct Core<T, R> {
    config: PeerConfig,
    /// The watchdog, 64 octets: its jitter is drawn from `jitter`, passed in at each call.
    watchdog: Watchdog<T, ()>,
    /// The random source of the watchdog's jitter (Tw), seeded from the peer's `R`.
    jitter: SmallRng,
    /// `R` seeds the peer and is not kept.
    seed: PhantomData<fn() -> R>,
    /// Started by the application and not stopped.
    enabled: bool,
    /// Whether AttemptOpen connects (false after a DPR with BUSY or DO_NOT_WANT_TO_TALK_TO_YOU).
    reconnect: bool,
    next_conn: u64,
    initiated: Option<Initiated>,
    accepted: Option<Accepted>,
    pending: Vec<Pending<T>>,
    /// The machine's Timeout timer.
    timeout: Option<T>,
    /// What the watchdog was told: the connection is up.
    watchdog_up: bool,
    hop_by_hop: u32,
    end_to_end: u32,
    /// The cause of the DPR that Stop sends.
    stop_cause: DisconnectCause,
    /// The watchdog's DWR waiting for its DWA (RFC 3539 sends one at a time): its connection and
    /// Hop-by-Hop Identifier.
    dwr: Option<(ConnId, u32)>,
    /// Our DPR waiting for its DPA: its connection and Hop-by-Hop Identifier.
    dpr: Option<(ConnId, u32)>,
    /// The application's requests waiting for their answers.
    requests: Outstanding,
    /// The peer as the successful CEA on the initiated connection described it.
    cea_remote: Option<RemotePeer>,
    /// The peer once a capabilities exchange succeeded.
    remote: Option<RemotePeer>,
}

/// The Diameter peer: the RFC 6733 §5.6 state machine of the connection to one peer and the RFC
/// 3539 watchdog on it, sans-IO. `T` is the time type (a `std` or `tokio` `Instant`, or a
/// `Duration` for a virtual clock), `R` the random source that seeds the identifiers and the
/// watchdog's jitter (a `SmallRng` of 32 octets, passed in to the 64-octet watchdog at each
/// call; `R` itself is not kept).
///
/// Each input returns the [`Output`]s to carry out, in order; [`poll_timeout`](Self::poll_timeout) says
/// when to call [`handle_timeout`](Self::handle_timeout) next. See the [module](self) documentation
/// for how the two machines are joined.
pub struct Peer<T, R> {
    machine: machine::Machine,
    core: Core<T, R>,
}

impl<T, R> fmt::Debug for Peer<T, R>
where
    T: Time,
    R: rand::Rng,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Peer")
            .field("state", &self.machine.state())
            .field("watchdog", &self.core.watchdog.state())
            .field("origin_host", &self.core.config.capabilities.origin_host)
            .finish_non_exhaustive()
    }
}

impl<T, R> Peer<T, R>
where
    T: Time,
    R: rand::Rng + SeedableRng,
{
    /// A stopped peer in Closed. `unix_seconds` is the wall-clock time (seconds since 1970),
    /// whose low 12 bits start the End-to-End Identifiers (RFC 6733 §3); the low 20 bits start
    /// at random, as the Hop-by-Hop Identifiers do. The watchdog's jitter comes from a generator
    /// seeded from `rng`.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for a configuration [`PeerConfig::validate`] refuses.
    pub fn new(config: PeerConfig, mut rng: R, unix_seconds: u64) -> Result<Self, ConfigError> {
        config.validate()?;
        let watchdog = Watchdog::new(config.watchdog, ());
        let jitter = SmallRng::seed_from_u64(rng.next_u64());
        let hop_by_hop = rng.next_u32();
        let time_bits = u32::try_from(unix_seconds & 0xfff).unwrap_or(0);
        let end_to_end = (time_bits << 20) | (rng.next_u32() & 0x000f_ffff);
        // The spec's initial state, Closed, has no entry action: there is nothing to run.
        let mut vars = machine::Vars::INITIAL;
        debug_assert!(machine::enter_initial(&mut vars).is_empty());
        let machine = machine::Machine::at(machine::INITIAL, vars);
        let config_max_requests = config.max_outstanding_requests;
        Ok(Peer {
            machine,
            core: Core {
                config,
                watchdog,
                jitter,
                seed: PhantomData,
                enabled: false,
                reconnect: true,
                next_conn: 1,
                initiated: None,
                accepted: None,
                pending: Vec::new(),
                timeout: None,
                watchdog_up: false,
                hop_by_hop,
                end_to_end,
                stop_cause: DisconnectCause::Rebooting,
                dwr: None,
                dpr: None,
                requests: Outstanding::new(config_max_requests),
                cea_remote: None,
                remote: None,
            },
        })
    }

    /// The application starts the peer: the watchdog starts (RFC 3539 INITIAL) and, for an
    /// initiator, the machine gets Start (it connects). Accepted connections are taken from now
    /// on. Starting a started peer only re-allows reconnection.
    pub fn start(&mut self, now: T) -> Vec<Output> {
        let mut run = Run::new(now);
        self.core.enabled = true;
        self.core.reconnect = true;
        let commands = self.watchdog(&mut run, |wd, now, rng| wd.start_with(now, rng));
        self.commands(&mut run, &commands);
        if self.core.config.initiate {
            run.event(Event::Start, Context::None);
        }
        self.finish(run)
    }

    /// The application stops the peer (RFC 6733 §5.4): the watchdog stops, an open connection is
    /// closed with DPR (`cause`) and DPA, a connection being set up is aborted (the spec's Abort:
    /// closed without DPR or CEA; RFC 6733 §5.6.1 has no Stop there), and no connection
    /// is accepted or attempted until [`start`](Self::start).
    pub fn stop(&mut self, now: T, cause: DisconnectCause) -> Vec<Output> {
        let mut run = Run::new(now);
        self.core.enabled = false;
        self.core.stop_cause = cause;
        self.watchdog(&mut run, |wd, _, _| {
            wd.stop();
            Commands::new()
        });
        self.core.watchdog_up = false;
        for pending in std::mem::take(&mut self.core.pending) {
            run.out.push(Output::Close(pending.id));
        }
        run.event(Event::Stop, Context::None);
        self.finish(run)
    }

    /// The connection of [`Output::Connect`] is established (I-Rcv-Conn-Ack). One the peer no
    /// longer wants (it timed out or was aborted) is closed.
    pub fn connected(&mut self, now: T, conn: ConnId) -> Vec<Output> {
        let mut run = Run::new(now);
        let live = self.core.is_live(conn);
        match &mut self.core.initiated {
            Some(i) if i.id == conn && i.open && !i.established => {
                i.established = true;
                run.event(Event::I_Rcv_Conn_Ack, Context::None);
            }
            _ if live => {}
            _ => run.out.push(Output::Close(conn)),
        }
        self.finish(run)
    }

    /// The connection of [`Output::Connect`] could not be established (I-Rcv-Conn-Nack).
    pub fn connect_failed(&mut self, now: T, conn: ConnId) -> Vec<Output> {
        let mut run = Run::new(now);
        if let Some(i) = &mut self.core.initiated
            && i.id == conn
            && i.open
            && !i.established
        {
            i.open = false;
            run.event(Event::I_Rcv_Conn_Nack, Context::None);
        }
        self.finish(run)
    }

    /// The caller accepted a transport connection: the peer names it and waits for its CER for
    /// the Timeout (RFC 6733 §5.6.2). A stopped peer closes it at once. With
    /// [`PeerConfig::max_pending_accepts`] connections waiting already, the one that has waited
    /// longest is closed to make room.
    pub fn accepted(&mut self, now: T) -> (ConnId, Vec<Output>) {
        let mut run = Run::new(now);
        let id = self.core.new_conn();
        if !self.core.enabled {
            run.out.push(Output::Close(id));
            run.report(PeerEvent::Error(PeerError::Refused { conn: id, reason: "the peer is stopped" }));
            return (id, self.finish(run));
        }
        while self.core.pending.len() >= self.core.config.max_pending_accepts.max(1) {
            let oldest = self.core.pending.remove(0);
            run.out.push(Output::Close(oldest.id));
            let reason = "closed for a newer connection: too many wait for their CER";
            run.report(PeerEvent::Error(PeerError::NoCer { conn: oldest.id, reason }));
        }
        self.core.pending.push(Pending { id, deadline: now.checked_add(self.core.config.timeout) });
        (id, self.finish(run))
    }

    /// A connection was lost (closed by the peer, or failed): I-Peer-Disc, R-Peer-Disc, or
    /// I-Rcv-Conn-Nack for one still being established.
    pub fn disconnected(&mut self, now: T, conn: ConnId) -> Vec<Output> {
        let mut run = Run::new(now);
        self.lost(&mut run, conn);
        self.finish(run)
    }

    /// One message arrived on a connection: `bytes` is exactly one message, as
    /// [`Framer`](super::codec::Framer) cuts it. Never panics, whatever the octets.
    pub fn received(&mut self, now: T, conn: ConnId, bytes: &[u8]) -> Vec<Output> {
        let mut run = Run::new(now);
        let received = match Message::decode(bytes) {
            Ok(message) => Received::Ok(message),
            Err(error) => {
                run.report(PeerEvent::Error(PeerError::Malformed { conn, error: error.clone() }));
                Received::Malformed { header: lenient_header(bytes), error }
            }
        };
        self.route(&mut run, conn, received);
        self.finish(run)
    }

    /// The octets on a connection do not frame (the [`Framer`](super::codec::Framer) failed):
    /// the connection is closed and handled as lost.
    pub fn framing_failed(&mut self, now: T, conn: ConnId, error: DecodeError) -> Vec<Output> {
        let mut run = Run::new(now);
        run.report(PeerEvent::Error(PeerError::Framing { conn, error }));
        run.out.push(Output::Close(conn));
        self.lost(&mut run, conn);
        self.finish(run)
    }

    /// The application sends a message to the peer (Send-Message): on the open connection, or
    /// [`PeerError::NotOpen`] is reported. A request gets a new Hop-by-Hop Identifier, and an
    /// End-to-End Identifier if it has 0 (RFC 6733 §3), and is remembered until its answer
    /// comes, which goes to the application as [`PeerEvent::Received`] (see
    /// [`PeerConfig::max_outstanding_requests`]); an answer is sent as it is. The
    /// watchdog's state is the application's to consult: RFC 3539 routes requests elsewhere
    /// between Failover and Failback.
    pub fn send(&mut self, now: T, mut message: RawMessage) -> Vec<Output> {
        let mut run = Run::new(now);
        if message.header.flags.request {
            message.header.hop_by_hop = self.core.next_hop_by_hop();
            if message.header.end_to_end == 0 {
                message.header.end_to_end = self.core.next_end_to_end();
            }
        }
        run.event(Event::Send_Message, Context::Outgoing(Box::new(Message::Other(message))));
        self.finish(run)
    }

    /// A timer fired: the Timeout of the machine, the CER wait of an accepted connection, or Tw.
    /// An early or stale call does nothing.
    pub fn handle_timeout(&mut self, now: T) -> Vec<Output> {
        let mut run = Run::new(now);
        if self.core.timeout.is_some_and(|t| t <= now) {
            self.core.timeout = None;
            run.event(Event::TimeoutExpiry, Context::None);
        }
        let (expired, waiting) =
            std::mem::take(&mut self.core.pending).into_iter().partition(|p| p.deadline.is_some_and(|d| d <= now));
        self.core.pending = waiting;
        for pending in expired {
            run.out.push(Output::Close(pending.id));
            run.report(PeerEvent::Error(PeerError::NoCer { conn: pending.id, reason: "no CER within the Timeout" }));
        }
        self.drain(&mut run);
        let commands = self.watchdog(&mut run, |wd, now, rng| wd.handle_timeout_with(now, rng));
        self.commands(&mut run, &commands);
        self.finish(run)
    }

    /// When [`handle_timeout`](Self::handle_timeout) must be called next, if a timer runs.
    pub fn poll_timeout(&self) -> Option<T> {
        let pending = self.core.pending.iter().filter_map(|p| p.deadline);
        [self.core.timeout, self.core.watchdog.poll_timeout()].into_iter().flatten().chain(pending).min()
    }

    /// The state of the peer state machine (RFC 6733 §5.6).
    pub fn state(&self) -> State {
        self.machine.state()
    }

    /// The state of the watchdog (RFC 3539), `None` when stopped.
    pub fn watchdog_state(&self) -> Option<watchdog::State> {
        self.core.watchdog.state()
    }

    /// The watchdog, to read its counters, Tw and configuration. Its jitter's random source is
    /// the peer's (seeded from the `R` given to [`new`](Self::new)), passed in at each call.
    pub fn watchdog_ref(&self) -> &Watchdog<T, ()> {
        &self.core.watchdog
    }

    /// The open connection and its role: the initiated one in I-Open, the accepted one in R-Open,
    /// whichever is left in Closing.
    pub fn open_connection(&self) -> Option<(ConnId, Role)> {
        let initiated = self.core.initiated.filter(|i| i.open && i.established).map(|i| (i.id, Role::Initiator));
        let accepted = self.core.accepted.as_ref().filter(|a| a.open).map(|a| (a.id, Role::Responder));
        match self.machine.state() {
            State::I_Open => initiated,
            State::R_Open => accepted,
            State::Closing => initiated.or(accepted),
            _ => None,
        }
    }

    /// The peer as the last successful capabilities exchange described it.
    pub fn remote(&self) -> Option<&RemotePeer> {
        self.core.remote.as_ref()
    }

    /// Whether the application started the peer and has not stopped it.
    pub fn is_started(&self) -> bool {
        self.core.enabled
    }

    /// The configuration.
    pub fn config(&self) -> &PeerConfig {
        &self.core.config
    }

    /// Runs the work left and returns the outputs. The requests sent on a connection it closes
    /// wait for no answer any more.
    fn finish(&mut self, mut run: Run<T>) -> Vec<Output> {
        self.drain(&mut run);
        for output in &run.out {
            if let Output::Close(conn) = output {
                self.core.forget(*conn);
            }
        }
        run.out
    }

    fn drain(&mut self, run: &mut Run<T>) {
        let mut steps = 0;
        while let Some((event, context)) = run.work.pop_front() {
            steps += 1;
            if steps > MAX_STEPS {
                run.work.clear();
                run.report(PeerEvent::Error(PeerError::Runaway));
                return;
            }
            let kind = self.step(run, event, &context);
            if kind == machine::Kind::Ignored
                && let Context::Outgoing(message) = &context
                && let Message::Other(_) = **message
            {
                run.report(PeerEvent::Error(PeerError::NotOpen { state: self.machine.state() }));
            }
        }
    }

    /// One event of the peer state machine, then the watchdog told of the connection's change.
    fn step(&mut self, run: &mut Run<T>, event: Event, context: &Context) -> machine::Kind {
        let from = self.machine.state();
        let mark = run.out.len();
        let mut m = self.machine;
        let outcome = m.handle(event, &mut DiameterPeerHooks { core: &mut self.core, run, context, from, event });
        self.machine = m;
        if outcome.target != from {
            // Reported before what the transition's actions output.
            let report = Output::Report(PeerEvent::State { from, to: outcome.target, event });
            run.out.insert(mark.min(run.out.len()), report);
        }
        self.sync_watchdog(run);
        outcome.kind
    }

    /// Tells the watchdog that the connection came up or went down, if it did.
    fn sync_watchdog(&mut self, run: &mut Run<T>) {
        let up = match self.machine.state() {
            State::I_Open => true,
            State::R_Open => self.core.accepted.as_ref().is_some_and(|a| is_success(a.result_code)),
            State::Closing => self.core.watchdog_up,
            _ => false,
        } && self.core.enabled;
        if up == self.core.watchdog_up {
            return;
        }
        self.core.watchdog_up = up;
        if up && let Some((conn, role)) = self.open_connection() {
            let remote = match role {
                Role::Initiator => self.core.cea_remote.clone(),
                Role::Responder => {
                    self.core.accepted.as_ref().map(|a| RemotePeer::of(&a.cer.capabilities, &self.core.config))
                }
            };
            if let Some(peer) = remote {
                self.core.remote = Some(peer.clone());
                run.report(PeerEvent::Open { conn, role, peer: Box::new(peer) });
            }
        }
        let commands = if up {
            self.watchdog(run, |wd, now, rng| wd.connection_up_with(now, rng))
        } else {
            self.watchdog(run, |wd, now, rng| wd.connection_down_with(now, rng))
        };
        self.commands(run, &commands);
    }

    /// Calls the watchdog and reports its change of state.
    fn watchdog(
        &mut self,
        run: &mut Run<T>,
        f: impl FnOnce(&mut Watchdog<T, ()>, T, &mut SmallRng) -> Commands,
    ) -> Commands {
        let from = self.core.watchdog.state();
        let commands = f(&mut self.core.watchdog, run.now, &mut self.core.jitter);
        let to = self.core.watchdog.state();
        if from != to {
            run.report(PeerEvent::Watchdog { from, to });
        }
        commands
    }

    /// Carries out the watchdog's commands (see the module documentation).
    fn commands(&mut self, run: &mut Run<T>, commands: &[Command]) {
        for command in commands {
            match command {
                Command::SendDwr => {
                    let dwr = Message::Dwr(Dwr {
                        hop_by_hop: self.core.next_hop_by_hop(),
                        end_to_end: self.core.next_end_to_end(),
                        origin_host: self.core.config.capabilities.origin_host.clone(),
                        origin_realm: self.core.config.capabilities.origin_realm.clone(),
                        origin_state_id: self.core.config.capabilities.origin_state_id,
                    });
                    run.event(Event::Send_Message, Context::Outgoing(Box::new(dwr)));
                }
                // The machine's I-Snd-DWA / R-Snd-DWA answers the DWR.
                Command::SendDwa => {}
                Command::AttemptOpen => {
                    let core = &self.core;
                    if core.config.initiate && core.enabled && core.reconnect && self.machine.state() == State::Closed {
                        run.event(Event::Start, Context::None);
                    }
                }
                Command::CloseConnection => {
                    if let Some((id, _)) = self.open_connection() {
                        run.out.push(Output::Close(id));
                        self.lost(run, id);
                    }
                }
                Command::Failover => run.report(PeerEvent::Failover),
                Command::Failback => run.report(PeerEvent::Failback),
                Command::Throwaway => run.throwaway = true,
            }
        }
    }

    /// A connection is gone (lost, or closed by us): the machine's event for it.
    fn lost(&mut self, run: &mut Run<T>, conn: ConnId) {
        self.core.forget(conn);
        if let Some(i) = &mut self.core.initiated
            && i.id == conn
            && i.open
        {
            i.open = false;
            let event = if i.established { Event::I_Peer_Disc } else { Event::I_Rcv_Conn_Nack };
            run.event(event, Context::None);
        } else if let Some(a) = &mut self.core.accepted
            && a.id == conn
            && a.open
        {
            a.open = false;
            run.event(Event::R_Peer_Disc, Context::None);
        } else {
            self.core.pending.retain(|p| p.id != conn);
        }
    }

    /// Turns a received message into the machine's event (see the module documentation).
    fn route(&mut self, run: &mut Run<T>, conn: ConnId, received: Received) {
        if let Some(at) = self.core.pending.iter().position(|p| p.id == conn) {
            self.core.pending.remove(at);
            self.first_message(run, conn, received);
            return;
        }
        let initiated = self.core.initiated.is_some_and(|i| i.id == conn && i.open && i.established);
        let accepted = self.core.accepted.as_ref().is_some_and(|a| a.id == conn && a.open);
        if !initiated && !accepted {
            return;
        }
        // RFC 6733 §3: an answer must answer a request sent on this connection.
        let answers = match received.answer_header() {
            Some(header) => match self.core.answered(conn, &header) {
                Some(answers) => Some(answers),
                None => {
                    let (command_code, hop_by_hop) = (header.command_code, header.hop_by_hop);
                    let reason = DiscardReason::Unsolicited;
                    run.report(PeerEvent::Discarded { conn, command_code, hop_by_hop, reason });
                    return;
                }
            },
            None => None,
        };
        if self.core.watchdog_up && self.open_connection().is_some_and(|(id, _)| id == conn) {
            // Any answer to the watchdog's DWR is its DWA: one with the E bit too, which proves
            // the peer alive as well (RFC 3539 §3.4.1 counts the answers, whatever they say).
            let kind = match (answers, &received) {
                (Some(Answers::Dwr), _) => MessageKind::Dwa,
                (_, Received::Ok(Message::Dwr(_))) => MessageKind::Dwr,
                _ => MessageKind::Other,
            };
            let commands = self.watchdog(run, |wd, now, rng| wd.message_received_with(now, kind, rng));
            self.commands(run, &commands);
        }
        let event = if initiated {
            match (answers, &received) {
                (Some(Answers::Cer), Received::Ok(Message::Cea(cea))) if is_success(cea.result_code) => {
                    self.core.cea_remote = Some(RemotePeer::of(&cea.capabilities, &self.core.config));
                    Event::I_Rcv_CEA
                }
                // A CEA that refuses ours, with or without the E bit (e.g. DIAMETER_UNKNOWN_PEER).
                (Some(Answers::Cer), _) => {
                    if let Some(result_code) = received.result_code() {
                        run.report(PeerEvent::CapabilitiesRefused { conn, role: Role::Initiator, result_code });
                    }
                    Event::I_Rcv_Non_CEA
                }
                (Some(Answers::Dwr), _) => Event::I_Rcv_DWA,
                (Some(Answers::Dpr), _) => Event::I_Rcv_DPA,
                (_, Received::Ok(Message::Dwr(_))) => Event::I_Rcv_DWR,
                (_, Received::Ok(Message::Dpr(_))) => Event::I_Rcv_DPR,
                _ => Event::I_Rcv_Message,
            }
        } else {
            match (answers, &received) {
                (Some(Answers::Dwr), _) => Event::R_Rcv_DWA,
                (Some(Answers::Dpr), _) => Event::R_Rcv_DPA,
                (_, Received::Ok(Message::Dwr(_))) => Event::R_Rcv_DWR,
                (_, Received::Ok(Message::Dpr(_))) => Event::R_Rcv_DPR,
                _ => Event::R_Rcv_Message,
            }
        };
        run.event(event, Context::Message(conn, Box::new(received)));
        self.drain(run);
        run.throwaway = false;
    }

    /// The first message on an accepted connection: a CER from the peer is R-Conn-CER; one from
    /// another node is refused (see [`PeerConfig::peer_host`]); anything else closes the
    /// connection (RFC 6733 §5.6.2), a malformed CER after an answer saying why.
    fn first_message(&mut self, run: &mut Run<T>, conn: ConnId, received: Received) {
        match received {
            Received::Ok(Message::Cer(cer)) => {
                if let Some(answer) = self.core.unknown_peer(&cer) {
                    run.out.push(Output::Send(conn, answer));
                    run.out.push(Output::Close(conn));
                    let result_code = DIAMETER_UNKNOWN_PEER;
                    run.report(PeerEvent::CapabilitiesRefused { conn, role: Role::Responder, result_code });
                    return;
                }
                run.event(Event::R_Conn_CER, Context::Cer(conn, Box::new(cer)));
            }
            Received::Malformed { header: Some(header), error }
                if header.flags.request && header.command_code == command_code::CAPABILITIES_EXCHANGE =>
            {
                if let Some(answer) = self.core.error_answer(&header, &error, None) {
                    run.out.push(Output::Send(conn, answer));
                }
                run.out.push(Output::Close(conn));
            }
            _ => {
                run.out.push(Output::Close(conn));
                run.report(PeerEvent::Error(PeerError::NoCer { conn, reason: "its first message is not a CER" }));
            }
        }
    }
}

impl<T, R> Core<T, R> {
    /// Records a request sent on `conn`, whose answer is to come on it (RFC 6733 §3).
    fn sent(&mut self, conn: ConnId, message: &Message) {
        match message {
            Message::Cer(cer) => {
                if let Some(i) = self.initiated.as_mut().filter(|i| i.id == conn) {
                    i.cer = Some(cer.hop_by_hop);
                }
            }
            Message::Dwr(dwr) => self.dwr = Some((conn, dwr.hop_by_hop)),
            Message::Dpr(dpr) => self.dpr = Some((conn, dpr.hop_by_hop)),
            Message::Other(raw) if raw.header.flags.request => {
                self.requests.insert(conn, raw.header.hop_by_hop, raw.header.command_code);
            }
            _ => {}
        }
    }

    /// The request an answer with `header`, received on `conn`, answers (RFC 6733 §3: the same
    /// Hop-by-Hop Identifier and Command Code), which is then answered; `None` for an answer to
    /// no request waiting on `conn`.
    fn answered(&mut self, conn: ConnId, header: &Header) -> Option<Answers> {
        let id = (conn, header.hop_by_hop);
        let base = header.application_id == 0;
        match header.command_code {
            command_code::CAPABILITIES_EXCHANGE if base => {
                if let Some(i) = self.initiated.as_mut().filter(|i| i.id == conn && i.cer == Some(header.hop_by_hop)) {
                    i.cer = None;
                    return Some(Answers::Cer);
                }
            }
            command_code::DEVICE_WATCHDOG if base && self.dwr == Some(id) => {
                self.dwr = None;
                return Some(Answers::Dwr);
            }
            command_code::DISCONNECT_PEER if base && self.dpr == Some(id) => {
                self.dpr = None;
                return Some(Answers::Dpr);
            }
            _ => {}
        }
        self.requests.take(conn, header.hop_by_hop, header.command_code).then_some(Answers::Application)
    }

    /// The answer to a CER from another node than [`PeerConfig::peer_host`]: DIAMETER_UNKNOWN_PEER
    /// with the E bit (RFC 6733 §7.1.3, §7.2) and the CER's Origin-Host as Failed-AVP; `None` for
    /// a CER from the peer, or when any node is the peer.
    fn unknown_peer(&self, cer: &Cer) -> Option<Message> {
        let expected = self.config.peer_host.as_deref()?;
        let theirs = &cer.capabilities.origin_host;
        if theirs.eq_ignore_ascii_case(expected) {
            return None;
        }
        let flags = CommandFlags { request: true, ..CommandFlags::default() };
        let (hop_by_hop, end_to_end) = (cer.hop_by_hop, cer.end_to_end);
        let command_code = command_code::CAPABILITIES_EXCHANGE;
        let header = Header { flags, command_code, application_id: 0, hop_by_hop, end_to_end };
        let error = DecodeError {
            result_code: DIAMETER_UNKNOWN_PEER,
            offset: 0,
            failed_avp: Some(Avp::utf8(avp_code::ORIGIN_HOST, theirs).with_mandatory(true)),
            reason: format!("this node serves {expected}, not {theirs}"),
        };
        self.error_answer(&header, &error, None)
    }

    /// The connection is gone: no answer will come on it.
    fn forget(&mut self, conn: ConnId) {
        if self.dwr.is_some_and(|(c, _)| c == conn) {
            self.dwr = None;
        }
        if self.dpr.is_some_and(|(c, _)| c == conn) {
            self.dpr = None;
        }
        self.requests.forget(conn);
    }

    /// Whether the peer uses `conn`: the initiated or accepted connection, or one waiting for its
    /// CER.
    fn is_live(&self, conn: ConnId) -> bool {
        self.initiated.is_some_and(|i| i.id == conn && i.open)
            || self.accepted.as_ref().is_some_and(|a| a.id == conn && a.open)
            || self.pending.iter().any(|p| p.id == conn)
    }

    fn new_conn(&mut self) -> ConnId {
        let id = ConnId(self.next_conn);
        self.next_conn = self.next_conn.wrapping_add(1);
        id
    }

    /// The next Hop-by-Hop Identifier: one more than the last (RFC 6733 §3: unique on the
    /// connection at any time).
    fn next_hop_by_hop(&mut self) -> u32 {
        self.hop_by_hop = self.hop_by_hop.wrapping_add(1);
        self.hop_by_hop
    }

    /// The next End-to-End Identifier: the high 12 bits from the clock at creation, the low 20
    /// counting from a random start (RFC 6733 §3).
    fn next_end_to_end(&mut self) -> u32 {
        let low = (self.end_to_end.wrapping_add(1)) & 0x000f_ffff;
        self.end_to_end = (self.end_to_end & 0xfff0_0000) | low;
        self.end_to_end
    }

    /// This node's capabilities, as its CER and CEA announce them (RFC 6733 §5.3).
    fn capabilities(&self) -> Capabilities {
        self.config.capabilities.clone()
    }

    /// The CEA answering the CER of these identifiers.
    fn cea(&self, (hop_by_hop, end_to_end): (u32, u32), result_code: u32) -> Cea {
        Cea {
            hop_by_hop,
            end_to_end,
            result_code,
            capabilities: self.capabilities(),
            error_message: None,
            failed_avp: None,
        }
    }

    fn cer(&mut self) -> Cer {
        let hop_by_hop = self.next_hop_by_hop();
        let end_to_end = self.next_end_to_end();
        Cer { hop_by_hop, end_to_end, capabilities: self.capabilities() }
    }

    /// The answer to a request that failed (RFC 6733 §7.2, §7.5): for a 3xxx, the error answer
    /// format with the E bit; for the other codes, the base command's answer (CEA, DWA, DPA) or
    /// the same format without the E bit. With the Failed-AVP and Error-Message when they encode,
    /// without them otherwise. `None` for a header that is not a request's.
    fn error_answer(&self, request: &Header, error: &DecodeError, session_id: Option<&Avp>) -> Option<Message> {
        if !request.flags.request {
            return None;
        }
        let text = truncate(&error.reason, MAX_ERROR_MESSAGE);
        let failed = error.failed_avp.clone().map(|avp| vec![avp]);
        let build =
            |failed: Option<Vec<Avp>>| self.error_message(request, error.result_code, &text, failed, session_id);
        let answer = build(failed);
        if answer.encode().is_ok() { Some(answer) } else { Some(build(None)) }
    }

    fn error_message(
        &self,
        request: &Header,
        result_code: u32,
        text: &str,
        failed_avp: Option<Vec<Avp>>,
        session_id: Option<&Avp>,
    ) -> Message {
        let c = &self.config;
        let (hop_by_hop, end_to_end) = (request.hop_by_hop, request.end_to_end);
        let (origin_host, origin_realm) = (c.capabilities.origin_host.clone(), c.capabilities.origin_realm.clone());
        let error_message = Some(text.to_owned());
        let base = request.application_id == 0 && !is_protocol_error(result_code);
        match request.command_code {
            command_code::DEVICE_WATCHDOG if base => Message::Dwa(Dwa {
                hop_by_hop,
                end_to_end,
                result_code,
                origin_host,
                origin_realm,
                error_message,
                failed_avp,
                origin_state_id: c.capabilities.origin_state_id,
            }),
            command_code::DISCONNECT_PEER if base => Message::Dpa(Dpa {
                hop_by_hop,
                end_to_end,
                result_code,
                origin_host,
                origin_realm,
                error_message,
                failed_avp,
            }),
            command_code::CAPABILITIES_EXCHANGE if base => {
                Message::Cea(Cea { error_message, failed_avp, ..self.cea((hop_by_hop, end_to_end), result_code) })
            }
            _ => {
                let mut header = request.answer();
                header.flags.error = is_protocol_error(result_code);
                let mut avps = Vec::new();
                avps.extend(session_id.cloned());
                avps.push(Avp::utf8(avp_code::ORIGIN_HOST, &c.capabilities.origin_host).with_mandatory(true));
                avps.push(Avp::utf8(avp_code::ORIGIN_REALM, &c.capabilities.origin_realm).with_mandatory(true));
                avps.push(Avp::unsigned32(avp_code::RESULT_CODE, result_code).with_mandatory(true));
                avps.push(Avp::utf8(avp_code::ERROR_MESSAGE, text));
                if let Some(failed) = failed_avp {
                    avps.push(Avp::grouped(avp_code::FAILED_AVP, failed).with_mandatory(true));
                }
                Message::Other(RawMessage { header, avps })
            }
        }
    }
}

fn truncate(text: &str, max: usize) -> String {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default().to_owned()
}

/// The header of a message that may not decode: [`Header::decode`] if it can, else the fields
/// read as they are from a message of at least 20 octets (to answer a request whose version,
/// length or flags are wrong).
fn lenient_header(bytes: &[u8]) -> Option<Header> {
    if let Ok(header) = Header::decode(bytes) {
        return Some(header);
    }
    let &[_, _, _, _, flags, c0, c1, c2, a0, a1, a2, a3, h0, h1, h2, h3, e0, e1, e2, e3] = bytes.get(..HEADER_LEN)?
    else {
        return None;
    };
    Some(Header {
        flags: CommandFlags::from_bits(flags),
        command_code: u32::from_be_bytes([0, c0, c1, c2]),
        application_id: u32::from_be_bytes([a0, a1, a2, a3]),
        hop_by_hop: u32::from_be_bytes([h0, h1, h2, h3]),
        end_to_end: u32::from_be_bytes([e0, e1, e2, e3]),
    })
}

/// Carries out the peer state machine's actions (RFC 6733 §5.6.3) for one event.
struct DiameterPeerHooks<'a, T, R> {
    core: &'a mut Core<T, R>,
    run: &'a mut Run<T>,
    context: &'a Context,
    /// The state the event arrived in.
    from: State,
    event: Event,
}

impl<T, R> DiameterPeerHooks<'_, T, R> {
    fn send_initiated(&mut self, message: Message) {
        if let Some(id) = self.core.initiated.filter(|i| i.open).map(|i| i.id) {
            self.core.sent(id, &message);
            self.run.out.push(Output::Send(id, message));
        }
    }

    fn send_accepted(&mut self, message: Message) {
        if let Some(id) = self.core.accepted.as_ref().filter(|a| a.open).map(|a| a.id) {
            self.core.sent(id, &message);
            self.run.out.push(Output::Send(id, message));
        }
    }

    /// The received message of the event.
    fn received(&self) -> Option<(ConnId, &Received)> {
        match self.context {
            Context::Message(conn, received) => Some((*conn, received)),
            _ => None,
        }
    }

    fn dwa(&self) -> Option<Message> {
        let Some((_, Received::Ok(Message::Dwr(dwr)))) = self.received() else { return None };
        let c = &self.core.config;
        Some(Message::Dwa(Dwa {
            hop_by_hop: dwr.hop_by_hop,
            end_to_end: dwr.end_to_end,
            result_code: DIAMETER_SUCCESS,
            origin_host: c.capabilities.origin_host.clone(),
            origin_realm: c.capabilities.origin_realm.clone(),
            error_message: None,
            failed_avp: None,
            origin_state_id: c.capabilities.origin_state_id,
        }))
    }

    fn dpr(&mut self) -> Message {
        Message::Dpr(Dpr {
            hop_by_hop: self.core.next_hop_by_hop(),
            end_to_end: self.core.next_end_to_end(),
            origin_host: self.core.config.capabilities.origin_host.clone(),
            origin_realm: self.core.config.capabilities.origin_realm.clone(),
            disconnect_cause: self.core.stop_cause,
        })
    }

    /// The DPA to the received DPR, which decides whether to reconnect (RFC 6733 §5.4.3).
    fn dpa(&mut self) -> Option<Message> {
        let Some((_, Received::Ok(Message::Dpr(dpr)))) = self.received() else { return None };
        let (hop_by_hop, end_to_end, cause) = (dpr.hop_by_hop, dpr.end_to_end, dpr.disconnect_cause);
        let reconnect = cause == DisconnectCause::Rebooting;
        self.core.reconnect &= reconnect;
        self.run.report(PeerEvent::DisconnectRequested { cause, reconnect });
        let c = &self.core.config;
        Some(Message::Dpa(Dpa {
            hop_by_hop,
            end_to_end,
            result_code: DIAMETER_SUCCESS,
            origin_host: c.capabilities.origin_host.clone(),
            origin_realm: c.capabilities.origin_realm.clone(),
            error_message: None,
            failed_avp: None,
        }))
    }

    fn outgoing(&self) -> Option<Message> {
        match self.context {
            Context::Outgoing(message) => Some((**message).clone()),
            _ => None,
        }
    }

    fn close_initiated(&mut self) {
        if let Some(i) = self.core.initiated.take()
            && i.open
        {
            self.run.out.push(Output::Close(i.id));
        }
    }

    fn close_accepted(&mut self) {
        if let Some(a) = self.core.accepted.take()
            && a.open
        {
            self.run.out.push(Output::Close(a.id));
        }
    }

    /// Process: hands the message to the application, or answers a request it cannot serve.
    fn process(&mut self) {
        let Some((conn, received)) = self.received() else {
            // Send-Message ignored: nothing to process.
            return;
        };
        if self.run.throwaway {
            let header = match received {
                Received::Ok(message) => Some(message.header()),
                Received::Malformed { header, .. } => *header,
            };
            let (command_code, hop_by_hop) = header.map_or((0, 0), |h| (h.command_code, h.hop_by_hop));
            let reason = DiscardReason::NotInService;
            self.run.report(PeerEvent::Discarded { conn, command_code, hop_by_hop, reason });
            return;
        }
        let answer = match received {
            Received::Malformed { header: Some(header), error } => self.core.error_answer(header, error, None),
            Received::Malformed { header: None, .. } => None,
            Received::Ok(Message::Other(raw)) => self.unsupported(raw),
            // A second CER on an open connection.
            Received::Ok(Message::Cer(cer)) => {
                Some(Message::Cea(self.core.cea((cer.hop_by_hop, cer.end_to_end), DIAMETER_UNABLE_TO_COMPLY)))
            }
            // The answer to a request of the application (answers to nothing were discarded).
            Received::Ok(_) => None,
        };
        if let Some(answer) = answer {
            self.run.out.push(Output::Send(conn, answer));
        } else if let Received::Ok(message) = received {
            self.run.report(PeerEvent::Received { conn, message: message.to_raw() });
        }
    }

    /// The error answer to a request this node does not serve: a base-protocol command it does
    /// not know (DIAMETER_COMMAND_UNSUPPORTED) or an application the peers do not share
    /// (DIAMETER_APPLICATION_UNSUPPORTED); `None` for what goes to the application.
    fn unsupported(&self, raw: &RawMessage) -> Option<Message> {
        let header = raw.header;
        if !header.flags.request {
            return None;
        }
        let result_code = if header.application_id == 0 {
            DIAMETER_COMMAND_UNSUPPORTED
        } else if self.core.remote.as_ref().is_some_and(|r| r.common_applications.contains(&header.application_id)) {
            return None;
        } else {
            DIAMETER_APPLICATION_UNSUPPORTED
        };
        let reason = if result_code == DIAMETER_COMMAND_UNSUPPORTED {
            format!("command {} of the base protocol is not supported", header.command_code)
        } else {
            format!("application {} is not shared with this peer", header.application_id)
        };
        let error = DecodeError { result_code, offset: 0, failed_avp: None, reason };
        self.core.error_answer(&header, &error, raw.find(SESSION_ID))
    }
}

impl<T, R> machine::Hooks for DiameterPeerHooks<'_, T, R>
where
    T: Time,
{
    fn action(&mut self, action: machine::Action) {
        use machine::Action as A;
        match action {
            // A Timeout the time type cannot represent never expires (see `crate::time`).
            A::StartTimeout => self.core.timeout = self.run.now.checked_add(self.core.config.timeout),
            A::StopTimeout => self.core.timeout = None,
            A::I_Snd_Conn_Req => {
                let id = self.core.new_conn();
                self.core.initiated = Some(Initiated { id, established: false, open: true, cer: None });
                self.run.out.push(Output::Connect(id));
            }
            A::R_Accept => {
                if let Context::Cer(conn, cer) = self.context {
                    let result_code = DIAMETER_SUCCESS;
                    let cer = (**cer).clone();
                    self.core.accepted = Some(Accepted { id: *conn, open: true, cer, result_code, answered: false });
                }
            }
            A::Process_CER => {
                if let Some(a) = &mut self.core.accepted {
                    let theirs: Vec<u32> = announced(&a.cer.capabilities).collect();
                    a.result_code = capabilities_result(&self.core.config, &theirs);
                }
            }
            A::R_Snd_CEA => {
                let Some(a) = self.core.accepted.as_mut().filter(|a| a.open) else { return };
                a.answered = true;
                let (id, result_code, cer) = (a.id, a.result_code, a.cer.clone());
                let cea = self.core.cea((cer.hop_by_hop, cer.end_to_end), result_code);
                self.run.out.push(Output::Send(id, Message::Cea(cea)));
                if !is_success(result_code) {
                    // RFC 6733 §5.3: "SHOULD disconnect the transport layer connection".
                    self.run.report(PeerEvent::CapabilitiesRefused { conn: id, role: Role::Responder, result_code });
                    self.run.out.push(Output::Close(id));
                    if let Some(a) = &mut self.core.accepted {
                        a.open = false;
                    }
                    self.run.event(Event::R_Peer_Disc, Context::None);
                }
            }
            A::I_Snd_CER => {
                let cer = Message::Cer(self.core.cer());
                self.send_initiated(cer);
            }
            // The CEA's content was read when it arrived (see `route`); the connection is
            // reported open when the watchdog is told so.
            A::Process_CEA => {}
            A::Elect => {
                // RFC 6733 §5.6.4: the octets of the Origin-Hosts, ASCII letters without case.
                let Some(a) = &self.core.accepted else { return };
                let ours = self.core.config.capabilities.origin_host.to_ascii_lowercase();
                let theirs = a.cer.capabilities.origin_host.to_ascii_lowercase();
                let won = ours.as_bytes() > theirs.as_bytes();
                self.run.report(PeerEvent::Election { won });
                if won {
                    self.run.event(Event::Win_Election, Context::None);
                }
            }
            A::R_Reject => {
                if let Context::Cer(conn, _) = self.context {
                    self.run.out.push(Output::Close(*conn));
                }
            }
            A::I_Disc => self.close_initiated(),
            A::R_Disc => {
                // The accepted connection is dropped unanswered after a lost election: say so
                // (RFC 6733 §7.1.4 ELECTION_LOST).
                if let Some(a) = self.core.accepted.as_ref().filter(|a| a.open && !a.answered) {
                    let cea = self.core.cea((a.cer.hop_by_hop, a.cer.end_to_end), ELECTION_LOST);
                    self.run.out.push(Output::Send(a.id, Message::Cea(cea)));
                }
                self.close_accepted();
            }
            A::Cleanup => self.core.initiated = None,
            // Stop while the connections are being set up: the accepted one has had no CEA and
            // gets none (the election is abandoned, not lost), then the initiated one.
            A::Abort => {
                self.close_accepted();
                self.close_initiated();
            }
            A::Error => {
                self.close_initiated();
                self.close_accepted();
                self.run.report(PeerEvent::Error(PeerError::Failed { state: self.from, event: self.event }));
            }
            A::I_Snd_Message => {
                if let Some(message) = self.outgoing() {
                    self.send_initiated(message);
                }
            }
            A::R_Snd_Message => {
                if let Some(message) = self.outgoing() {
                    self.send_accepted(message);
                }
            }
            A::Process => self.process(),
            A::Process_DWR | A::Process_DWA => {}
            A::I_Snd_DWA => {
                if let Some(dwa) = self.dwa() {
                    self.send_initiated(dwa);
                }
            }
            A::R_Snd_DWA => {
                if let Some(dwa) = self.dwa() {
                    self.send_accepted(dwa);
                }
            }
            A::I_Snd_DPR => {
                let dpr = self.dpr();
                self.send_initiated(dpr);
            }
            A::R_Snd_DPR => {
                let dpr = self.dpr();
                self.send_accepted(dpr);
            }
            A::I_Snd_DPA => {
                if let Some(dpa) = self.dpa() {
                    self.send_initiated(dpa);
                }
            }
            A::R_Snd_DPA => {
                if let Some(dpa) = self.dpa() {
                    self.send_accepted(dpa);
                }
            }
        }
    }
}
