//! How the driver carries out an input: the peer's outputs applied to connections, the
//! application's events sent with backpressure, the trace and the pcap written.

use std::collections::VecDeque;
use std::io::BufWriter;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::sync::{Semaphore, mpsc};
use tokio::time::Instant;

use super::tasks::{Internal, Link, Outgoing, SendQueue, read_loop, write_loop};
use super::trace::{Direction, TraceEntry};
use super::{Connection, Driver, Event, FLUSH_TIME, Report, TransportEvent};
use crate::diameter::pcap::DiameterPcap;
use crate::diameter::peer::{ConnId, Output, PeerEvent, Role};

impl Driver {
    /// Marks the start of an input's handling.
    pub(super) fn begin(&mut self) -> Instant {
        let now = Instant::now();
        self.batch_at = now.saturating_duration_since(self.start);
        now
    }

    fn at(&self) -> Duration {
        self.batch_at
    }

    /// Sends an event to the application, or holds it (after those already held, to keep the
    /// order) while the channel is full; drops it only when the receiver is gone.
    fn event(&mut self, event: Event) {
        if !self.held.is_empty() {
            self.held.push_back(event);
            return;
        }
        match self.events.try_send(event) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(event)) => self.held.push_back(event),
            Err(mpsc::error::TrySendError::Closed(_)) => self.events_dropped += 1,
        }
    }

    /// Sends the held events, the first through `permit` (room reserved in the channel), the
    /// others while there is room; with no permit (the receiver is gone), drops them all.
    pub(super) fn release(&mut self, permit: Option<mpsc::Permit<'_, Event>>) {
        let Some(permit) = permit else {
            self.events_dropped += self.held.len() as u64;
            self.held.clear();
            return;
        };
        if let Some(event) = self.held.pop_front() {
            permit.send(event);
        }
        while let Some(event) = self.held.pop_front() {
            match self.events.try_send(event) {
                Ok(()) => {}
                Err(mpsc::error::TrySendError::Full(event)) => {
                    self.held.push_front(event);
                    return;
                }
                Err(mpsc::error::TrySendError::Closed(_)) => self.events_dropped += 1,
            }
        }
    }

    fn transport(&mut self, conn: ConnId, event: TransportEvent) {
        let at = self.at();
        self.event(Event::Transport { at, conn, event });
    }

    fn pcap(
        &mut self,
        f: impl FnOnce(&mut DiameterPcap<BufWriter<std::fs::File>>) -> Result<(), pcap_file::PcapError>,
    ) {
        if let Some(pcap) = &mut self.pcap
            && let Err(error) = f(pcap)
        {
            self.pcap_error = Some(error.to_string());
            self.pcap = None;
        }
    }

    fn record(&mut self, direction: Direction, conn: ConnId, bytes: &[u8]) {
        let at = self.at();
        let entry = TraceEntry::new(at, direction, conn, bytes);
        if self.trace.len() >= self.config.trace_limit.max(1) {
            self.trace.pop_front();
            self.trace_dropped += 1;
        }
        self.trace.push_back(entry.clone());
        self.event(Event::Message(entry));
        if let Some((flow, client)) = self.links.get(&conn).and_then(|l| l.flow) {
            let from_client = client == (direction == Direction::Sent);
            self.pcap(|p| p.message(flow, from_client, at, bytes));
        }
    }

    /// Starts the tasks of a new connection.
    fn link(&mut self, conn: ConnId, connection: Connection, role: Role) {
        let at = self.at();
        let (client, server) = match role {
            Role::Initiator => (connection.local, connection.remote),
            Role::Responder => (connection.remote, connection.local),
        };
        let mut flow = None;
        if let Some(pcap) = &mut self.pcap {
            match pcap.open(client, server, at) {
                Ok(id) => flow = Some((id, role == Role::Initiator)),
                Err(error) => {
                    self.pcap_error = Some(error.to_string());
                    self.pcap = None;
                }
            }
        }
        let event = match role {
            Role::Initiator => TransportEvent::Connected { local: connection.local, remote: connection.remote },
            Role::Responder => TransportEvent::Accepted { local: connection.local, remote: connection.remote },
        };
        let (reader, writer) = tokio::io::split(connection.stream);
        let (queue_tx, queue_rx) = mpsc::unbounded_channel();
        let queue = Arc::new(SendQueue::default());
        let credits = Arc::new(Semaphore::new(self.config.queue_bound()));
        let read_task =
            tokio::spawn(read_loop(conn, reader, self.internal.clone(), credits, self.config.message_bound()));
        let stuck_after = self.config.peer.timeout;
        let write = write_loop(conn, writer, queue_rx, queue.clone(), self.internal.clone(), stuck_after);
        let write_task = tokio::spawn(write);
        self.links.insert(conn, Link { writer: queue_tx, queue, write_task, read_task, flow });
        self.transport(conn, event);
    }

    /// Closes a connection. When `by_us`, what is queued is still written (each message by the
    /// Timeout from when it was queued, and until [`finish`](Self::finish) at the latest), then
    /// the write side is shut down; a connection lost or stuck is dropped at once.
    fn unlink(&mut self, conn: ConnId, by_us: bool) {
        if let Some(task) = self.connecting.remove(&conn) {
            task.abort();
        }
        let Some(link) = self.links.remove(&conn) else { return };
        link.read_task.abort();
        drop(link.writer);
        self.flushing.retain(|t| !t.is_finished());
        if by_us {
            self.flushing.push(link.write_task);
        } else {
            link.write_task.abort();
        }
        if let Some((flow, client)) = link.flow {
            let at = self.at();
            self.pcap(|p| p.close(flow, client == by_us, at));
        }
    }

    /// The send queue of the open connection when the application's messages (with those the peer
    /// sends of itself) fill it: controls wait until one is written.
    pub(super) fn full_queue(&self) -> Option<Arc<SendQueue>> {
        let (conn, _) = self.peer.open_connection()?;
        let queue = &self.links.get(&conn)?.queue;
        (queue.waiting.load(Ordering::Acquire) >= self.config.queue_bound()).then(|| queue.clone())
    }

    pub(super) fn internal(&mut self, message: Internal) {
        let now = self.begin();
        let outputs = match message {
            Internal::Connected(conn, connection, identity) => {
                if self.connecting.remove(&conn).is_none() {
                    return;
                }
                if let Some(identity) = identity {
                    self.peer.transport_authenticated(conn, identity);
                }
                self.link(conn, connection, Role::Initiator);
                self.peer.transport_up(now, conn)
            }
            Internal::ConnectFailed(conn, error) => {
                if self.connecting.remove(&conn).is_none() {
                    return;
                }
                self.transport(conn, TransportEvent::ConnectFailed(error.to_string()));
                self.peer.transport_failed(now, conn)
            }
            Internal::Accepted(connection, identity) => {
                let (conn, outputs) = self.peer.transport_accepted(now);
                if let Some(identity) = identity {
                    self.peer.transport_authenticated(conn, identity);
                }
                self.link(conn, connection, Role::Responder);
                outputs
            }
            Internal::Refused(remote, reason) => {
                let at = self.at();
                self.event(Event::Refused { at, remote, reason });
                return;
            }
            Internal::Received(conn, bytes, credit) => {
                if !self.links.contains_key(&conn) {
                    return;
                }
                self.record(Direction::Received, conn, &bytes);
                self.credit = Some((conn, credit));
                self.peer.receive(now, conn, &bytes)
            }
            Internal::Framing(conn, error) => {
                if !self.links.contains_key(&conn) {
                    return;
                }
                self.peer.framing_failed(now, conn, error)
            }
            Internal::Lost(conn, error) => {
                if !self.links.contains_key(&conn) {
                    return;
                }
                self.unlink(conn, false);
                self.transport(conn, TransportEvent::Lost(error.map(|e| e.to_string())));
                self.peer.transport_down(now, conn)
            }
            Internal::Stuck(conn) => {
                if !self.links.contains_key(&conn) {
                    return;
                }
                self.unlink(conn, false);
                let timeout = self.config.peer.timeout;
                let reason = format!("a message waited more than {timeout:?} to be written: the peer does not read");
                self.transport(conn, TransportEvent::Lost(Some(reason)));
                self.peer.transport_down(now, conn)
            }
        };
        self.apply(outputs);
        // The credit of a message that got no answer on its connection goes back.
        self.credit = None;
    }

    /// Carries out the peer's outputs, and those of the inputs they cause.
    pub(super) fn apply(&mut self, outputs: Vec<Output>) {
        let mut todo: VecDeque<Output> = outputs.into();
        while let Some(output) = todo.pop_front() {
            match output {
                Output::Connect(conn) => {
                    let Some(connector) = self.connector.clone() else {
                        todo.extend(self.peer.transport_failed(Instant::now(), conn));
                        continue;
                    };
                    let internal = self.internal.clone();
                    #[cfg(feature = "tls")]
                    let tls = self.config.tls.clone().map(|tls| (tls, self.config.peer.peer_host.clone()));
                    let task = tokio::spawn(async move {
                        let connected = connector().await;
                        // The handshake is bounded by the machine's Timeout in Wait-Conn-Ack,
                        // which aborts this task.
                        #[cfg(feature = "tls")]
                        let connected = match (connected, tls) {
                            (Ok(connection), Some((tls, host))) => tls
                                .connect(connection, host.as_deref())
                                .await
                                .map(|(connection, identity)| (connection, Some(identity)))
                                .map_err(|e| std::io::Error::new(e.kind(), format!("TLS handshake failed: {e}"))),
                            (connected, _) => connected.map(|connection| (connection, None)),
                        };
                        #[cfg(not(feature = "tls"))]
                        let connected = connected.map(|connection| (connection, None));
                        let report = match connected {
                            Ok((connection, identity)) => Internal::Connected(conn, connection, identity),
                            Err(error) => Internal::ConnectFailed(conn, error),
                        };
                        let _ = internal.send(report).await;
                    });
                    self.connecting.insert(conn, task);
                }
                Output::Send(conn, message) => {
                    let bytes = match message.encode() {
                        Ok(bytes) => bytes,
                        Err(error) => {
                            let at = self.at();
                            let event = PeerEvent::Error(error.into());
                            self.event(Event::Peer { at, event });
                            continue;
                        }
                    };
                    // A writer that ended has its connection's loss on the way.
                    if self.links.get(&conn).is_none_or(|link| link.writer.is_closed()) {
                        continue;
                    }
                    self.record(Direction::Sent, conn, &bytes);
                    let credit = self.credit.take_if(|(c, _)| *c == conn).map(|(_, credit)| credit);
                    if let Some(link) = self.links.get(&conn) {
                        let counted = credit.is_none();
                        if counted {
                            link.queue.waiting.fetch_add(1, Ordering::AcqRel);
                        }
                        let sent = link.writer.send(Outgoing { bytes, queued_at: Instant::now(), credit });
                        if sent.is_err() && counted {
                            link.queue.waiting.fetch_sub(1, Ordering::AcqRel);
                        }
                    }
                }
                Output::Close(conn) => {
                    if self.links.contains_key(&conn) {
                        self.unlink(conn, true);
                        self.transport(conn, TransportEvent::Closed);
                    } else {
                        self.unlink(conn, true);
                    }
                }
                Output::Event(event) => {
                    let at = self.at();
                    self.event(Event::Peer { at, event });
                }
            }
        }
    }

    /// Closes what is left, waits [`FLUSH_TIME`] at most for the queued messages to be written,
    /// drops the connections, and reports.
    pub(super) async fn finish(mut self) -> Report {
        let conns: Vec<ConnId> = self.links.keys().copied().collect();
        for conn in conns {
            self.unlink(conn, true);
        }
        for (_, task) in self.connecting.drain() {
            task.abort();
        }
        let mut flushing = std::mem::take(&mut self.flushing);
        let _ = tokio::time::timeout(FLUSH_TIME, async {
            for task in &mut flushing {
                let _ = task.await;
            }
        })
        .await;
        // Those still writing after the flush time let go of their connections.
        for task in flushing {
            task.abort();
        }
        // The events still held go out as the application makes room (or are counted as dropped
        // if it has gone).
        while let Some(event) = self.held.pop_front() {
            if self.events.send(event).await.is_err() {
                self.events_dropped += 1;
            }
        }
        if let Some(pcap) = self.pcap.take() {
            use std::io::Write as _;
            if let Err(error) = pcap.into_inner().flush() {
                self.pcap_error = Some(error.to_string());
            }
        }
        Report {
            trace: self.trace.into_iter().collect(),
            trace_dropped: self.trace_dropped,
            events_dropped: self.events_dropped,
            counters: *self.peer.watchdog_ref().counters(),
            state: self.peer.state(),
            pcap_error: self.pcap_error,
        }
    }
}
