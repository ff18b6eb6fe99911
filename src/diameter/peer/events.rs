//! What the peer tells the application: state changes, discarded messages and errors.

use thiserror::Error;

use super::config::RemotePeer;
use super::{ConnId, Event, Role, State};
use crate::diameter::codec::{DecodeError, DisconnectCause, EncodeError, RawMessage};
use crate::watchdog;

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
    /// The Origin-Host of the peer's CER or CEA is not one its certificate proves (see
    /// [`Peer::transport_authenticated`](super::Peer::transport_authenticated), RFC 6733 §13.1):
    /// a CER is answered with DIAMETER_UNKNOWN_PEER and its connection closed (also reported as
    /// [`CapabilitiesRefused`](Self::CapabilitiesRefused)); a CEA closes its connection (the
    /// spec's guard `authenticated`, `specs/diameter_peer.fsm`).
    IdentityMismatch {
        /// The connection.
        conn: ConnId,
        /// Which side opened it.
        role: Role,
        /// The Origin-Host of the CER or CEA.
        origin_host: String,
        /// What the certificate names (its DNS-IDs).
        certificate: String,
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
    /// answer to a request it sent with [`Peer::send`](super::Peer::send).
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
