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
//! - The watchdog is told `transport_up` when the peer machine reaches I-Open or R-Open after a
//!   successful capabilities exchange (the connection is "open" in the Diameter sense), and
//!   `transport_down` when the machine gets back to Closed. Every message received on the open
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
//!   [`DecodeError`](super::codec::DecodeError) and its Failed-AVP (§7.5), with the E bit for a protocol error (3xxx, §7.2)
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
//! let out = peer.transport_up(t, conn);
//! assert!(matches!(out.last(), Some(Output::Send(c, Message::Cer(_))) if *c == conn));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::VecDeque;
use std::fmt;
use std::marker::PhantomData;

use rand::rngs::SmallRng;

use super::codec::{Cer, DisconnectCause, Message};
use crate::machines::diameter_peer as machine;
use crate::time::Time;
use crate::watchdog::Watchdog;

pub use machine::{Event, State};

mod config;
mod events;
mod hooks;
mod identity;
mod inner;
mod inputs;
mod requests;

pub use config::{ConfigError, MAX_IDENTITY_LEN, MAX_TIMEOUT, PeerConfig, RemotePeer};
pub use events::{DiscardReason, PeerError, PeerEvent};
pub use identity::TransportIdentity;
use requests::{Accepted, Initiated, Outstanding, Pending, Received};

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
/// caller reports it accepted ([`Peer::transport_accepted`]).
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

/// What the caller must do.
// A CER or CEA makes `Send` the large variant; outputs live briefly in a `Vec`, and boxing
// each message would cost an allocation per message sent.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Open a transport connection to the peer; report the result with [`Peer::transport_up`] or
    /// [`Peer::transport_failed`].
    Connect(ConnId),
    /// Send a message on a connection.
    Send(ConnId, Message),
    /// Close a connection (after sending what is queued on it); report nothing more about it.
    Close(ConnId),
    /// Tell the application.
    Event(PeerEvent),
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
        self.out.push(Output::Event(event));
    }

    fn event(&mut self, event: Event, context: Context) {
        self.work.push_back((event, context));
    }
}

/// Everything but the peer state machine, which the actions change.
struct Core<T, R> {
    config: PeerConfig,
    /// The watchdog, 64 octets: its jitter is drawn from `jitter`, passed in at each call.
    watchdog: Watchdog<T>,
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
    /// What the transport proved of each connection's other end (TLS): the Origin-Host of its
    /// CER or CEA must match it.
    identities: identity::Identities,
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
///
/// With the feature `tracing`, both machines' `tracing` events go in the connection's span,
/// `diameter_peer` (target `fsm`, fields `origin_host` and `peer_host`), made by
/// [`new`](Self::new) in the span current there.
pub struct Peer<T, R> {
    machine: machine::Machine,
    core: Core<T, R>,
    /// With the feature `tracing`, the connection's span: both machines step in it.
    span: crate::trace::Span,
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
