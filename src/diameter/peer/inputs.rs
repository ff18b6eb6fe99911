//! The peer's inputs: each turns into events of the generated machine, run one after another
//! (`Peer::drain`), and returns the outputs to carry out.

use std::marker::PhantomData;
use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::config::{ConfigError, PeerConfig, RemotePeer};
use super::events::{DiscardReason, PeerError, PeerEvent};
use super::hooks::DiameterPeerHooks;
use super::inner::lenient_header;
use super::requests::{Answers, Outstanding, Pending, Received};
use super::{ConnId, Context, Core, Event, MAX_STEPS, Output, Peer, Role, Run, State, TransportIdentity};
use crate::diameter::codec::result_code::DIAMETER_UNKNOWN_PEER;
use crate::diameter::codec::result_code::is_success;
use crate::diameter::codec::{DecodeError, DisconnectCause, Dwr, Message, RawMessage, command_code};
use crate::machines::diameter_peer as machine;
use crate::time::Time;
use crate::watchdog::{self, MessageKind, Watchdog};

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
        let watchdog = Watchdog::new(config.watchdog);
        let jitter = SmallRng::seed_from_u64(rng.next_u64());
        let hop_by_hop = rng.next_u32();
        let time_bits = u32::try_from(unix_seconds & 0xfff).unwrap_or(0);
        let end_to_end = (time_bits << 20) | (rng.next_u32() & 0x000f_ffff);
        // The spec's initial state, Closed, has no entry action: there is nothing to run.
        let mut vars = machine::Vars::INITIAL;
        let entry = machine::enter_initial(&mut vars);
        debug_assert!(entry.is_empty(), "Closed gained entry actions: run them through the hooks");
        let machine = machine::Machine::at(machine::INITIAL, vars);
        let config_max_requests = config.max_outstanding_requests;
        let span = crate::trace::diameter_peer(&config.capabilities.origin_host, config.peer_host.as_deref());
        Ok(Peer {
            machine,
            span,
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
                identities: Vec::new(),
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
        let outputs = self.watchdog(&mut run, |wd, now, rng| wd.start(now, rng));
        self.watchdog_outputs(&mut run, &outputs);
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
        self.watchdog(&mut run, |wd, now, _| {
            wd.stop(now);
            watchdog::Outputs::new()
        });
        self.core.watchdog_up = false;
        for pending in std::mem::take(&mut self.core.pending) {
            run.out.push(Output::Close(pending.id));
        }
        run.event(Event::Stop, Context::None);
        self.finish(run)
    }

    /// The transport connection of [`Output::Connect`] is established (RFC 6733 §5.6.2
    /// I-Rcv-Conn-Ack). One the peer no longer wants (it timed out or was aborted) is closed.
    pub fn transport_up(&mut self, now: T, conn: ConnId) -> Vec<Output> {
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

    /// The transport connection of [`Output::Connect`] could not be established (RFC 6733 §5.6.2
    /// I-Rcv-Conn-Nack).
    pub fn transport_failed(&mut self, now: T, conn: ConnId) -> Vec<Output> {
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
    pub fn transport_accepted(&mut self, now: T) -> (ConnId, Vec<Output>) {
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

    /// The transport authenticated the other end of `conn` (TLS with mutual authentication, RFC
    /// 6733 §13.1) as `identity`: the Origin-Host of the CER (accepted connection) or CEA
    /// (initiated connection) that comes on it must be one `identity` proves, or the capabilities
    /// exchange fails: the spec's guard `authenticated` is false, and a CER is answered with
    /// DIAMETER_UNKNOWN_PEER (3010, §7.1.3) and its connection closed (R-Refuse-Identity), a CEA
    /// closes the initiated connection (I-Refuse-Identity, then Error in Wait-I-CEA; I-Disc and
    /// the accepted connection answered in Wait-Returns). Either is reported as
    /// [`PeerEvent::IdentityMismatch`]. Call it once the peer knows the connection (after
    /// [`Output::Connect`] or [`transport_accepted`](Self::transport_accepted)) and before the
    /// first message received on it; without it, nothing is checked (plain TCP). Ignored for a
    /// connection the peer does not hold; forgotten with the connection.
    pub fn transport_authenticated(&mut self, conn: ConnId, identity: Arc<dyn TransportIdentity>) {
        if !self.core.is_live(conn) {
            return;
        }
        self.core.identities.retain(|(c, _)| *c != conn);
        self.core.identities.push((conn, identity));
    }

    /// How many connections the peer holds something for (the initiated one, the accepted one,
    /// those waiting for their CER, and what the transport proved of them): at most
    /// [`PeerConfig::max_pending_accepts`] plus 2, whatever was accepted and refused before. For
    /// tests and monitoring: what a flood of connections leaves behind.
    #[must_use]
    pub fn connections_held(&self) -> usize {
        let core = &self.core;
        let initiated = usize::from(core.initiated.is_some_and(|i| i.open));
        let accepted = usize::from(core.accepted.as_ref().is_some_and(|a| a.open));
        let identities = core.identities.iter().filter(|(c, _)| !core.is_live(*c)).count();
        initiated + accepted + core.pending.len() + identities
    }

    /// A transport connection was lost (closed by the peer, or failed): I-Peer-Disc,
    /// R-Peer-Disc, or I-Rcv-Conn-Nack for one still being established.
    pub fn transport_down(&mut self, now: T, conn: ConnId) -> Vec<Output> {
        let mut run = Run::new(now);
        self.lost(&mut run, conn);
        self.finish(run)
    }

    /// One message arrived on a connection: `bytes` is exactly one message, as
    /// [`Framer`](crate::diameter::codec::Framer) cuts it. Never panics, whatever the octets.
    pub fn receive(&mut self, now: T, conn: ConnId, bytes: &[u8]) -> Vec<Output> {
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

    /// The octets on a connection do not frame (the [`Framer`](crate::diameter::codec::Framer) failed):
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
        let outputs = self.watchdog(&mut run, |wd, now, rng| wd.handle_timeout(now, rng));
        self.watchdog_outputs(&mut run, &outputs);
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
    pub fn watchdog_ref(&self) -> &Watchdog<T> {
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
        let entered = self.span.enter();
        let step = m.step(event, &mut DiameterPeerHooks { core: &mut self.core, run, context, from, event });
        drop(entered);
        self.machine = m;
        if step.target != from {
            // Reported before what the transition's actions output.
            let report = Output::Event(PeerEvent::State { from, to: step.target, event });
            run.out.insert(mark.min(run.out.len()), report);
        }
        self.sync_watchdog(run);
        step.kind
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
        let outputs = if up {
            self.watchdog(run, |wd, now, rng| wd.transport_up(now, rng))
        } else {
            self.watchdog(run, |wd, now, rng| wd.transport_down(now, rng))
        };
        self.watchdog_outputs(run, &outputs);
    }

    /// Calls the watchdog and reports its change of state.
    fn watchdog(
        &mut self,
        run: &mut Run<T>,
        f: impl FnOnce(&mut Watchdog<T>, T, &mut SmallRng) -> watchdog::Outputs,
    ) -> watchdog::Outputs {
        let from = self.core.watchdog.state();
        let outputs = {
            let _in = self.span.enter();
            f(&mut self.core.watchdog, run.now, &mut self.core.jitter)
        };
        let to = self.core.watchdog.state();
        if from != to {
            run.report(PeerEvent::Watchdog { from, to });
        }
        outputs
    }

    /// Carries out the watchdog's outputs (see the module documentation).
    fn watchdog_outputs(&mut self, run: &mut Run<T>, outputs: &[watchdog::Output]) {
        for output in outputs {
            match output {
                watchdog::Output::SendDwr => {
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
                watchdog::Output::SendDwa => {}
                watchdog::Output::AttemptOpen => {
                    let core = &self.core;
                    if core.config.initiate && core.enabled && core.reconnect && self.machine.state() == State::Closed {
                        run.event(Event::Start, Context::None);
                    }
                }
                watchdog::Output::CloseConnection => {
                    if let Some((id, _)) = self.open_connection() {
                        run.out.push(Output::Close(id));
                        self.lost(run, id);
                    }
                }
                watchdog::Output::Failover => run.report(PeerEvent::Failover),
                watchdog::Output::Failback => run.report(PeerEvent::Failback),
                watchdog::Output::Throwaway => run.throwaway = true,
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
            let outputs = self.watchdog(run, |wd, now, rng| wd.receive(now, kind, rng));
            self.watchdog_outputs(run, &outputs);
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
