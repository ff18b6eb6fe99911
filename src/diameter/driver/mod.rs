//! The Diameter peer ([`Peer`]) over tokio: TCP connections (or any byte streams), messages
//! framed by the codec's [`Framer`](super::codec::Framer), timers from the peer's deadline, a trace of every message,
//! and optionally a pcap file of the exchange.
//!
//! [`run`] is the whole peer as one future: it connects (or accepts), performs the capabilities
//! exchange, hands the open connection to the RFC 3539 watchdog, answers DWRs, sends DWRs when
//! the watchdog says so, reconnects on AttemptOpen, and reports every state change, failover and
//! failback, and every message sent or received, on the `events` channel. It ends after
//! [`Control::Stop`] (DPR, DPA, the connection closed) and returns a [`Report`] with the trace.
//! [`spawn`] runs it as a task behind a [`PeerHandle`].
//!
//! Memory is bounded: one framer per connection (at most one message of
//! [`DriverConfig::max_message_len`] octets buffered, 64 KiB by default), bounded queues of
//! messages to write per connection ([`DriverConfig::send_queue`]), a bounded channel from the
//! connections (readers wait when it is full, so TCP pushes back), at most
//! [`DriverConfig::trace_limit`] trace entries (the oldest go first), and the events of one input
//! held while the application's events channel is full.
//!
//! No event is dropped while the application holds the receiver: when the events channel is
//! full, the driver keeps the events of the input it is handling and takes no other input (no
//! message from a connection, no control, no timer) until the application has made room for
//! them. The connections' readers then wait, and TCP pushes back on the peer. So the application
//! reads its events in a task that does not itself wait on the control channel (or with
//! `select!` over both): a task that waits to send a control while events are not read waits
//! for ever. Events are dropped, and counted in [`Report::events_dropped`], only once the
//! receiver is gone.
//!
//! Flow control, per connection: the peer's requests are answered as fast as the peer reads the
//! answers. The reader passes a message on only while fewer than `send_queue` answers to the
//! messages it passed wait to be written, and otherwise stops reading (TCP pushes back), so any
//! number of pipelined requests is answered in order. The application's messages
//! ([`Control::Send`]) are taken while fewer than `send_queue` of them (with the few the peer
//! sends of itself) wait on the open connection, and otherwise wait in the control channel. A connection is stuck when a message
//! waits more than the peer's Timeout ([`PeerConfig::timeout`], RFC 6733 §5.6) to be written,
//! from when it was queued: the peer does not read. It is then closed at once (reported as
//! [`TransportEvent::Lost`]), and the peer sees it lost.
//!
//! Bad octets never panic: a message that does not decode is handled by the peer (answered with
//! the error's Result-Code when it is a request); a Message Length that loses the stream closes
//! the connection (the peer sees it lost, and the watchdog reconnects).
//!
//! TLS (feature `tls`): set `DriverConfig::tls` to a `TlsConfig` (certificate chain, key and
//! trust roots from PEM files) and every connection, opened or accepted, runs TLS 1.2 or 1.3
//! from its first octet with mutual authentication, the peer's Origin-Host checked against its
//! certificate (RFC 6733 §13.1; the module `tls` says what is done and what is not, among it RFC
//! 3588's Inband-Security-Id negotiation and the RC4 and 3DES suites).
//!
//! # Hostile peers
//!
//! What the driver promises against a peer that misbehaves on purpose, each shown by a test of
//! `tests/it/diameter_driver/hostile.rs` (`h::`) or `tls.rs` (`t::`) that asserts a bound on
//! memory or on what is kept, on tokio's paused clock:
//!
//! | The peer | The driver | Shown by |
//! |---|---|---|
//! | connects and never sends a CER | closes it at the peer's Timeout (RFC 6733 §5.6.2), reports [`PeerError::NoCer`](super::peer::PeerError::NoCer), lets it go; at most [`PeerConfig::max_pending_accepts`] wait at once, the oldest closed for a newer | `h::a_connection_that_never_sends_a_cer_is_closed_at_the_timeout_and_let_go` (and `over_tls_...`) |
//! | announces a 16 MB message, then trickles octets | refuses the length once its 4 octets are read, before buffering the message ([`DriverConfig::max_message_len`]); closes the connection without an answer (the Hop-by-Hop Identifier that a DIAMETER_INVALID_MESSAGE_LENGTH answer, RFC 6733 §7.1.5, needs may not have come, and the next message starts 16 MB later), reports [`PeerError::Framing`](super::peer::PeerError::Framing) | `h::a_header_announcing_16_mb_closes_the_connection_before_anything_is_allocated` |
//! | sends valid requests faster than the application reads its events | pauses the connection: the events channel ([`EVENTS_CAPACITY`]) and the readers' channel ([`INTERNAL_CAPACITY`] messages) fill, then the reader stops and TCP pushes back; nothing is dropped or answered DIAMETER_TOO_BUSY, every request reaches the application once it reads | `h::a_flood_of_requests_is_paused_at_a_bound_and_nothing_is_lost` |
//! | floods connections from unknown nodes | answers each CER DIAMETER_UNKNOWN_PEER (with [`PeerConfig::peer_host`], or when the certificate does not prove its Origin-Host) and closes it; nothing is kept once it is closed ([`Peer::connections_held`](super::peer::Peer::connections_held)) | `h::a_flood_of_unknown_peers_is_refused_one_by_one_and_nothing_is_kept` |
//! | sends octets that are not TLS | fails the handshake, closes, reports [`Event::Refused`]; the peer never sees the connection | `h::octets_that_are_not_tls_are_refused_before_the_peer_sees_them` |
//! | stalls its TLS handshake, or floods handshakes | ends each handshake at the peer's Timeout; at most [`PeerConfig::max_pending_accepts`] at once, others refused at once ([`Event::Refused`]) | `h::stalled_tls_handshakes_end_at_the_timeout_and_are_bounded_in_number` |
//! | presents a certificate that does not chain to the roots | fails the handshake: no CER is sent or read | `t::a_client_certificate_nobody_trusts_never_gets_as_far_as_a_cer`, `t::a_server_certificate_...` |
//! | claims an Origin-Host its certificate does not name | refuses its CER with DIAMETER_UNKNOWN_PEER, or its CEA (the spec's guard `authenticated`), closes, reports [`PeerEvent::IdentityMismatch`] | `t::a_cer_from_another_node_than_the_certificate_is_refused_with_unknown_peer`, `t::a_cea_from_...` |
//!
//! ```no_run
//! use rfc_fsm::diameter::codec::DisconnectCause;
//! use rfc_fsm::diameter::driver::{self, DriverConfig, Event, Mode};
//! use rfc_fsm::diameter::peer::{PeerConfig, PeerEvent};
//!
//! # async fn example() -> Result<(), Box<dyn std::error::Error>> {
//! let peer = PeerConfig::new("client.example.net", "example.net", vec!["127.0.0.1".parse()?]);
//! let mut handle = driver::spawn(DriverConfig::new(peer), Mode::Connect("127.0.0.1:3868".parse()?));
//! while let Some(event) = handle.next_event().await {
//!     if let Event::Peer { event: PeerEvent::Open { .. }, .. } = event {
//!         break;
//!     }
//! }
//! let report = handle.stop(DisconnectCause::Rebooting).await?;
//! println!("{} messages", report.trace.len());
//! # Ok(())
//! # }
//! ```

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::future::Future;
use std::io::{self, BufWriter};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rand::SeedableRng;
use rand::rngs::StdRng;
use thiserror::Error;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, mpsc};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::codec::{DisconnectCause, HEADER_LEN, MAX_MESSAGE_LEN, RawMessage};
use super::pcap::DiameterPcap;
use super::peer::{ConfigError, ConnId, Peer, PeerConfig, PeerEvent, State};
use crate::watchdog;

mod apply;
mod tasks;
#[cfg(feature = "tls")]
pub mod tls;
mod trace;

use tasks::{Acceptor, Internal, Link, SendQueue, accept_custom, accept_tcp};
#[cfg(feature = "tls")]
pub use tls::{TlsConfig, TlsError};
pub use trace::{Direction, TraceEntry};

/// How many reports (a message each, at most) the connections' tasks may have in flight to the
/// driver: 256. With the events channel full, the readers stop once this many wait.
pub const INTERNAL_CAPACITY: usize = 256;

/// How long the driver waits, at the end, for the messages queued on its connections to be
/// written: 1 s. Then the connections are dropped, written or not.
pub const FLUSH_TIME: Duration = Duration::from_secs(1);

/// The largest [`DriverConfig::send_queue`]: 4096 messages. A larger value is taken as this one.
pub const MAX_SEND_QUEUE: usize = 4096;

/// The capacity of the events channel of [`spawn`].
pub const EVENTS_CAPACITY: usize = 1024;

/// A byte stream a peer connection runs on: a `TcpStream`, one end of `tokio::io::duplex`, ...
pub trait Stream: AsyncRead + AsyncWrite + Send + Unpin + 'static {}

impl<S: AsyncRead + AsyncWrite + Send + Unpin + 'static> Stream for S {}

/// A connection: its stream and its addresses (for the pcap file and the events).
pub struct Connection {
    /// The stream.
    pub stream: Box<dyn Stream>,
    /// This side's address.
    pub local: SocketAddr,
    /// The other side's address.
    pub remote: SocketAddr,
}

impl fmt::Debug for Connection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Connection").field("local", &self.local).field("remote", &self.remote).finish_non_exhaustive()
    }
}

impl Connection {
    /// A TCP connection, with Nagle's algorithm off (each message goes out at once).
    ///
    /// # Errors
    ///
    /// The socket's addresses cannot be read.
    pub fn tcp(stream: TcpStream) -> io::Result<Self> {
        let (local, remote) = (stream.local_addr()?, stream.peer_addr()?);
        stream.set_nodelay(true)?;
        Ok(Connection { stream: Box::new(stream), local, remote })
    }
}

/// A future of the driver's tasks.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// Opens a connection to the peer: called for each attempt.
pub type Connector = Arc<dyn Fn() -> BoxFuture<io::Result<Connection>> + Send + Sync>;

/// How the driver reaches the peer. It sets [`PeerConfig::initiate`]: on for a mode that
/// connects, off for one that only listens (the watchdog's AttemptOpen then waits for the peer
/// to connect again).
pub enum Mode {
    /// Connect to this address over TCP, at start and on each AttemptOpen (initiator).
    Connect(SocketAddr),
    /// Accept TCP connections on this listener (responder only).
    Listen(TcpListener),
    /// Connections from elsewhere (in-memory pipes in tests, a proxy, TLS): `connector` opens
    /// one (none: responder only), `incoming` brings those the peer opened (none: no listening).
    Custom {
        /// Opens a connection to the peer.
        connector: Option<Connector>,
        /// The connections the peer opened.
        incoming: Option<mpsc::Receiver<Connection>>,
    },
}

impl fmt::Debug for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mode::Connect(address) => f.debug_tuple("Connect").field(address).finish(),
            Mode::Listen(listener) => f.debug_tuple("Listen").field(&listener.local_addr().ok()).finish(),
            Mode::Custom { connector, incoming } => f
                .debug_struct("Custom")
                .field("connector", &connector.is_some())
                .field("incoming", &incoming.is_some())
                .finish(),
        }
    }
}

/// The driver's settings.
#[derive(Clone, Debug)]
pub struct DriverConfig {
    /// The peer (identity, Timeout, watchdog). Its `initiate` is set from the [`Mode`]; its
    /// `origin_state_id`, when `None`, is set to the wall-clock time in seconds (RFC 6733 §8.16:
    /// it changes with each restart).
    pub peer: PeerConfig,
    /// How many messages may wait to be written on one connection, of each kind: answers to the
    /// peer's requests (beyond it, the connection is not read until some are written), and the
    /// application's messages (beyond it, [`Control`]s wait until some are written); with the
    /// few the peer sends of itself (CEA, DWR, DPR, ...), at most about twice this many in all.
    /// From 1 to [`MAX_SEND_QUEUE`] (4096): 0 is taken as 1, more as 4096. 64 by default. Whatever
    /// the queue, a message that waits more than the Timeout to be written closes its connection
    /// as stuck (see the [module](self) documentation).
    pub send_queue: usize,
    /// How many trace entries are kept; the oldest go first. 100 000 by default.
    pub trace_limit: usize,
    /// A pcap file to write every message sent and received to (see [`super::pcap`]).
    pub pcap: Option<PathBuf>,
    /// The seed of the random source (Tw jitter, identifiers); from the system when `None`.
    pub seed: Option<u64>,
    /// The longest message the peer may send, in octets (RFC 6733 §3's Message Length, header
    /// included): a header announcing more closes the connection as soon as its first 4 octets
    /// are read, before anything is allocated for the message (see the module documentation).
    /// From 20 to [`MAX_MESSAGE_LEN`] (64 KiB): less is taken as 20, more as 64 KiB. 64 KiB by
    /// default.
    pub max_message_len: usize,
    /// TLS on every connection, from its first octet (RFC 6733 §13.1; see [`tls`]): `None`, the
    /// default, is plain TCP (or whatever the [`Mode`]'s streams are).
    #[cfg(feature = "tls")]
    pub tls: Option<TlsConfig>,
}

impl DriverConfig {
    /// The defaults around a peer configuration.
    #[must_use]
    pub fn new(peer: PeerConfig) -> Self {
        DriverConfig {
            peer,
            send_queue: 64,
            trace_limit: 100_000,
            pcap: None,
            seed: None,
            max_message_len: MAX_MESSAGE_LEN,
            #[cfg(feature = "tls")]
            tls: None,
        }
    }

    /// Checks the configuration as [`run`] does, before running it.
    ///
    /// # Errors
    ///
    /// [`DriverError::Config`] for a peer configuration [`PeerConfig::validate`] refuses.
    pub fn validate(&self) -> Result<(), DriverError> {
        Ok(self.peer.validate()?)
    }

    /// [`send_queue`](Self::send_queue) within its bounds.
    fn queue_bound(&self) -> usize {
        self.send_queue.clamp(1, MAX_SEND_QUEUE)
    }

    /// [`max_message_len`](Self::max_message_len) within its bounds.
    fn message_bound(&self) -> usize {
        self.max_message_len.clamp(HEADER_LEN, MAX_MESSAGE_LEN)
    }
}

/// What the application tells the driver. Controls are taken in order, and only while the open
/// connection has room for the application's messages (see [`DriverConfig::send_queue`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Control {
    /// Disconnect with this cause (DPR, DPA; RFC 6733 §5.4) and end [`run`]: within the Timeout
    /// (Closing, RFC 6733 §5.6.1) plus [`FLUSH_TIME`] once taken; taking it waits at most about
    /// one Timeout more, for the open connection to have room or to be closed as stuck. These
    /// bounds hold while the application reads its events: the driver takes no input while they
    /// wait for room.
    Stop(DisconnectCause),
    /// Send a message to the peer on the open connection (see [`Peer::send`]).
    Send(RawMessage),
}

/// What happened to a transport connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportEvent {
    /// This side connected.
    Connected {
        /// This side's address.
        local: SocketAddr,
        /// The peer's address.
        remote: SocketAddr,
    },
    /// The peer connected.
    Accepted {
        /// This side's address.
        local: SocketAddr,
        /// The peer's address.
        remote: SocketAddr,
    },
    /// The connection could not be made.
    ConnectFailed(String),
    /// The connection was lost (the peer closed it, or the I/O failed).
    Lost(Option<String>),
    /// This side closed it.
    Closed,
}

/// What the driver tells the application.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Something the peer reports: state changes of both machines, failover, failback, ...
    Peer {
        /// When, since [`run`] started.
        at: Duration,
        /// What.
        event: PeerEvent,
    },
    /// A message sent or received.
    Message(TraceEntry),
    /// A connection was closed before it reached the peer: its TLS handshake failed (a
    /// certificate that does not verify, octets that are not TLS) or did not end within the
    /// peer's Timeout, or [`PeerConfig::max_pending_accepts`] handshakes were under way already.
    Refused {
        /// When, since [`run`] started.
        at: Duration,
        /// The other side's address.
        remote: SocketAddr,
        /// Why.
        reason: String,
    },
    /// A connection came or went.
    Transport {
        /// When, since [`run`] started.
        at: Duration,
        /// Which connection.
        conn: ConnId,
        /// What.
        event: TransportEvent,
    },
}

/// What a finished [`run`] leaves.
#[derive(Clone, Debug)]
pub struct Report {
    /// The messages sent and received, in order (the last [`DriverConfig::trace_limit`]).
    pub trace: Vec<TraceEntry>,
    /// Trace entries dropped to keep within the limit.
    pub trace_dropped: u64,
    /// Events not delivered because the application had dropped the events receiver (the driver
    /// waits for room rather than drop an event the receiver can still take).
    pub events_dropped: u64,
    /// The watchdog's counters. [`Control::Stop`] stops the watchdog, which counts only while
    /// it runs (RFC 3539): a DWA that arrives after the stop is in the trace, not counted.
    pub counters: watchdog::Counters,
    /// The peer state machine's last state.
    pub state: State,
    /// Why the pcap file stopped being written, if it did.
    pub pcap_error: Option<String>,
}

/// Why the driver could not run.
#[derive(Debug, Error)]
pub enum DriverError {
    /// The peer's configuration.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The pcap file cannot be created.
    #[error("cannot create the pcap file: {0}")]
    Pcap(String),
    /// The driver's task panicked or was cancelled.
    #[error("the driver's task failed: {0}")]
    Task(String),
}

/// A running driver ([`spawn`]).
#[derive(Debug)]
pub struct PeerHandle {
    control: mpsc::Sender<Control>,
    events: mpsc::Receiver<Event>,
    task: JoinHandle<Result<Report, DriverError>>,
}

/// Runs [`run`] as a tokio task, with an events channel of [`EVENTS_CAPACITY`]. With the feature
/// `tracing`, the task runs in the span current here, so that the peer's connection span (see
/// [`Peer`]) is made under it.
pub fn spawn(config: DriverConfig, mode: Mode) -> PeerHandle {
    let (events_tx, events) = mpsc::channel(EVENTS_CAPACITY);
    let (control, control_rx) = mpsc::channel(16);
    // With the feature `tracing`, the peer's connection span goes under the caller's.
    let task = tokio::spawn(crate::trace::in_current_span(run(config, mode, events_tx, control_rx)));
    PeerHandle { control, events, task }
}

impl PeerHandle {
    /// The next event, `None` once the driver has ended.
    pub async fn next_event(&mut self) -> Option<Event> {
        self.events.recv().await
    }

    /// The sender of controls, to keep after the handle is consumed.
    pub fn control(&self) -> mpsc::Sender<Control> {
        self.control.clone()
    }

    /// Sends a message to the peer (see [`Control::Send`]); waits while the controls wait (the
    /// open connection's send queue is full, see [`DriverConfig::send_queue`]); ignored once the
    /// driver has ended.
    pub async fn send(&self, message: RawMessage) {
        let _ = self.control.send(Control::Send(message)).await;
    }

    /// Stops the peer (DPR with `cause`, DPA, close) and waits for the driver to end, dropping
    /// the events not read: see [`Control::Stop`] for how long that takes at most.
    ///
    /// # Errors
    ///
    /// [`DriverError`] if the driver could not run or its task failed.
    pub async fn stop(mut self, cause: DisconnectCause) -> Result<Report, DriverError> {
        let _ = self.control.send(Control::Stop(cause)).await;
        let drain = async { while self.events.recv().await.is_some() {} };
        let (_, result) = tokio::join!(drain, self.task);
        result.map_err(|e| DriverError::Task(e.to_string()))?
    }

    /// Waits for the driver to end by itself, dropping the events not read.
    ///
    /// # Errors
    ///
    /// As [`stop`](Self::stop).
    pub async fn join(mut self) -> Result<Report, DriverError> {
        let drain = async { while self.events.recv().await.is_some() {} };
        let (_, result) = tokio::join!(drain, self.task);
        result.map_err(|e| DriverError::Task(e.to_string()))?
    }
}

/// The driver's state.
struct Driver {
    peer: Peer<Instant, StdRng>,
    config: DriverConfig,
    start: Instant,
    /// The time of the input being handled, since `start`: every event and trace entry it causes
    /// carries it.
    batch_at: Duration,
    connector: Option<Connector>,
    internal: mpsc::Sender<Internal>,
    events: mpsc::Sender<Event>,
    links: HashMap<ConnId, Link>,
    connecting: HashMap<ConnId, JoinHandle<()>>,
    /// Writer tasks of closed connections still flushing.
    flushing: Vec<JoinHandle<()>>,
    /// The credit of the message being handled, for the first message sent on its connection.
    credit: Option<(ConnId, OwnedSemaphorePermit)>,
    trace: VecDeque<TraceEntry>,
    trace_dropped: u64,
    /// The events of the input being handled that the events channel had no room for, in order;
    /// no other input is taken until they are all sent.
    held: VecDeque<Event>,
    events_dropped: u64,
    pcap: Option<DiameterPcap<BufWriter<std::fs::File>>>,
    pcap_error: Option<String>,
}

/// Runs the peer until [`Control::Stop`] (or the control channel closes, which stops it with
/// REBOOTING) and the connection is closed, and every event has been taken from `events`. While
/// `events` is full the driver takes no input (see the module documentation): the application
/// reads `events` concurrently with this future, as [`spawn`]'s [`PeerHandle`] does.
///
/// # Errors
///
/// [`DriverError::Config`] for a configuration the peer refuses, [`DriverError::Pcap`] when the
/// pcap file cannot be created. Once running, I/O errors are connection losses, reported as
/// events, never errors of `run`.
pub async fn run(
    config: DriverConfig,
    mode: Mode,
    events: mpsc::Sender<Event>,
    mut control: mpsc::Receiver<Control>,
) -> Result<Report, DriverError> {
    let start = Instant::now();
    let unix = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (internal, mut internal_rx) = mpsc::channel(INTERNAL_CAPACITY);
    let handover = Acceptor {
        internal: internal.clone(),
        #[cfg(feature = "tls")]
        tls: config.tls.clone().map(|tls| (tls, config.peer.max_pending_accepts.max(1), config.peer.timeout)),
    };
    let (connector, acceptor) = match mode {
        Mode::Connect(address) => {
            let connector: Connector =
                Arc::new(move || Box::pin(async move { Connection::tcp(TcpStream::connect(address).await?) }));
            (Some(connector), None)
        }
        Mode::Listen(listener) => (None, Some(tokio::spawn(accept_tcp(listener, handover)))),
        Mode::Custom { connector, incoming } => {
            (connector, incoming.map(|incoming| tokio::spawn(accept_custom(incoming, handover))))
        }
    };
    let mut peer_config = config.peer.clone();
    peer_config.initiate = connector.is_some();
    if peer_config.capabilities.origin_state_id.is_none() {
        peer_config.capabilities.origin_state_id = Some(u32::try_from(unix & 0xffff_ffff).unwrap_or(0));
    }
    let rng = match config.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => rand::make_rng(),
    };
    let peer = Peer::new(peer_config, rng, unix)?;
    let pcap = match &config.pcap {
        Some(path) => {
            let file =
                std::fs::File::create(path).map_err(|e| DriverError::Pcap(format!("{}: {e}", path.display())))?;
            Some(DiameterPcap::new(BufWriter::new(file)).map_err(|e| DriverError::Pcap(e.to_string()))?)
        }
        None => None,
    };
    let mut driver = Driver {
        peer,
        config,
        start,
        batch_at: Duration::ZERO,
        connector,
        internal,
        events,
        links: HashMap::new(),
        connecting: HashMap::new(),
        flushing: Vec::new(),
        credit: None,
        trace: VecDeque::new(),
        trace_dropped: 0,
        held: VecDeque::new(),
        events_dropped: 0,
        pcap,
        pcap_error: None,
    };
    let now = driver.begin();
    let outputs = driver.peer.start(now);
    driver.apply(outputs);
    let mut stopping = false;
    let mut control_open = true;
    let events = driver.events.clone();
    while !(stopping && driver.peer.state() == State::Closed) {
        let deadline = driver.peer.poll_timeout();
        let full = driver.full_queue();
        // Backpressure: while events wait for room, no input is taken.
        let holding = !driver.held.is_empty();
        tokio::select! {
            permit = events.reserve(), if holding => driver.release(permit.ok()),
            Some(message) = internal_rx.recv(), if !holding => driver.internal(message),
            () = written(full.clone()), if full.is_some() => {}
            command = control.recv(), if control_open && full.is_none() && !holding => {
                let now = driver.begin();
                let outputs = match command {
                    Some(Control::Send(message)) => driver.peer.send(now, message),
                    Some(Control::Stop(cause)) => {
                        stopping = true;
                        driver.peer.stop(now, cause)
                    }
                    None => {
                        control_open = false;
                        stopping = true;
                        driver.peer.stop(now, DisconnectCause::Rebooting)
                    }
                };
                driver.apply(outputs);
            }
            () = sleep(deadline), if !holding => {
                let now = driver.begin();
                let now = deadline.map_or(now, |d| d.max(now));
                let outputs = driver.peer.handle_timeout(now);
                driver.apply(outputs);
            }
        }
    }
    if let Some(acceptor) = acceptor {
        acceptor.abort();
    }
    Ok(driver.finish().await)
}

/// Waits until a message of the queue is written.
async fn written(queue: Option<Arc<SendQueue>>) {
    match queue {
        Some(queue) => queue.written.notified().await,
        None => std::future::pending().await,
    }
}

/// Sleeps until the deadline, or forever without one.
async fn sleep(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}
