//! The per-connection tasks: the acceptors (with the TLS handshakes of the accepted
//! connections, bounded in number and time), each connection's reader (framing, credits from its
//! send queue) and writer (the bounded queue, the stuck-writer timeout).

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt, ReadHalf, WriteHalf};
use tokio::net::TcpListener;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, mpsc};
use tokio::task::{JoinHandle, JoinSet};
use tokio::time::Instant;

use super::{Connection, Stream};
use crate::diameter::codec::{DecodeError, Framer};
use crate::diameter::peer::{ConnId, TransportIdentity};

/// What the transport proved of a connection's other end (TLS), if anything.
pub(super) type Identity = Option<Arc<dyn TransportIdentity>>;

/// What the connections' tasks tell the driver.
pub(super) enum Internal {
    Connected(ConnId, Connection, Identity),
    ConnectFailed(ConnId, io::Error),
    Accepted(Connection, Identity),
    /// An accepted connection closed before it reached the peer (its TLS handshake).
    #[cfg_attr(not(feature = "tls"), allow(dead_code, reason = "only TLS handshakes refuse connections"))]
    Refused(SocketAddr, String),
    /// A message, with the credit for its answer in the connection's send queue.
    Received(ConnId, Vec<u8>, OwnedSemaphorePermit),
    Framing(ConnId, DecodeError),
    Lost(ConnId, Option<io::Error>),
    /// A message waited more than the Timeout to be written.
    Stuck(ConnId),
}

/// A message to write, with when it was queued and the credit it holds, if it answers a message
/// the reader passed on.
pub(super) struct Outgoing {
    pub(super) bytes: Vec<u8>,
    pub(super) queued_at: Instant,
    pub(super) credit: Option<OwnedSemaphorePermit>,
}

/// The messages waiting to be written on one connection that do not answer a message the reader
/// passed on (the application's, and those the peer sends of itself): how many, and a signal
/// each time one is written.
#[derive(Default)]
pub(super) struct SendQueue {
    pub(super) waiting: AtomicUsize,
    pub(super) written: Notify,
}

/// An established connection.
pub(super) struct Link {
    pub(super) writer: mpsc::UnboundedSender<Outgoing>,
    pub(super) queue: Arc<SendQueue>,
    pub(super) write_task: JoinHandle<()>,
    pub(super) read_task: JoinHandle<()>,
    /// The pcap flow, and whether this side is the client in it.
    pub(super) flow: Option<(crate::diameter::pcap::FlowId, bool)>,
}

/// What the acceptors hand accepted connections to: the driver, through TLS when it is on.
#[derive(Clone)]
pub(super) struct Acceptor {
    pub(super) internal: mpsc::Sender<Internal>,
    /// TLS, how many handshakes may be under way at once, and how long each may take.
    #[cfg(feature = "tls")]
    pub(super) tls: Option<(super::TlsConfig, usize, Duration)>,
}

impl Acceptor {
    /// Hands a connection over, or starts its TLS handshake in `handshakes` (refused when full);
    /// false once the driver is gone.
    async fn hand_over(&self, connection: Connection, handshakes: &mut JoinSet<()>) -> bool {
        #[cfg(feature = "tls")]
        if let Some((tls, max, timeout)) = &self.tls {
            while handshakes.try_join_next().is_some() {}
            let remote = connection.remote;
            if handshakes.len() >= *max {
                drop(connection);
                let reason = format!("{max} TLS handshakes under way already");
                return self.internal.send(Internal::Refused(remote, reason)).await.is_ok();
            }
            let (tls, timeout, internal) = (tls.clone(), *timeout, self.internal.clone());
            handshakes.spawn(async move {
                let report = match tokio::time::timeout(timeout, tls.accept(connection)).await {
                    Ok(Ok((connection, identity))) => Internal::Accepted(connection, Some(identity)),
                    Ok(Err(error)) => Internal::Refused(remote, format!("TLS handshake failed: {error}")),
                    Err(_) => Internal::Refused(remote, format!("TLS handshake not done within {timeout:?}")),
                };
                let _ = internal.send(report).await;
            });
            return !self.internal.is_closed();
        }
        let _ = handshakes;
        self.internal.send(Internal::Accepted(connection, None)).await.is_ok()
    }
}

/// Accepts TCP connections; the handshakes under way end with the task.
pub(super) async fn accept_tcp(listener: TcpListener, acceptor: Acceptor) {
    let mut handshakes = JoinSet::new();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            Some(_) = handshakes.join_next() => continue,
        };
        let Ok((stream, _)) = accepted else {
            // Out of descriptors, or the like: try again a little later.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        if let Ok(connection) = Connection::tcp(stream)
            && !acceptor.hand_over(connection, &mut handshakes).await
        {
            return;
        }
    }
}

/// Takes the connections of [`Mode::Custom`](super::Mode::Custom)'s `incoming`.
pub(super) async fn accept_custom(mut incoming: mpsc::Receiver<Connection>, acceptor: Acceptor) {
    let mut handshakes = JoinSet::new();
    loop {
        let connection = tokio::select! {
            connection = incoming.recv() => connection,
            Some(_) = handshakes.join_next() => continue,
        };
        let Some(connection) = connection else { break };
        if !acceptor.hand_over(connection, &mut handshakes).await {
            return;
        }
    }
    // The last handshakes still reach the driver.
    while handshakes.join_next().await.is_some() {}
}

/// Reads messages and passes each on with a credit for its answer: without one (`send_queue`
/// answers wait to be written), it stops reading until one is written.
pub(super) async fn read_loop(
    conn: ConnId,
    mut reader: ReadHalf<Box<dyn Stream>>,
    internal: mpsc::Sender<Internal>,
    credits: Arc<Semaphore>,
    max_message_len: usize,
) {
    let mut framer = Framer::with_max_len(max_message_len);
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        while let Some(next) = framer.next_message() {
            let report = match next {
                Ok(message) => {
                    let Ok(credit) = credits.clone().acquire_owned().await else { return };
                    Internal::Received(conn, message, credit)
                }
                Err(error) => Internal::Framing(conn, error),
            };
            let failed = matches!(report, Internal::Framing(..));
            if internal.send(report).await.is_err() || failed {
                return;
            }
        }
        let read = reader.read(&mut buffer).await;
        match read {
            Ok(0) => {
                let _ = internal.send(Internal::Lost(conn, None)).await;
                return;
            }
            Ok(n) => framer.push(buffer.get(..n).unwrap_or_default()),
            Err(error) => {
                let _ = internal.send(Internal::Lost(conn, Some(error))).await;
                return;
            }
        }
    }
}

/// Writes the queued messages in order, each by `stuck_after` from when it was queued, else the
/// connection is stuck; once the queue is closed and written, shuts the write side down.
pub(super) async fn write_loop(
    conn: ConnId,
    mut writer: WriteHalf<Box<dyn Stream>>,
    mut queue: mpsc::UnboundedReceiver<Outgoing>,
    state: Arc<SendQueue>,
    internal: mpsc::Sender<Internal>,
    stuck_after: Duration,
) {
    while let Some(outgoing) = queue.recv().await {
        // TLS holds what is written until it is flushed (tokio-rustls); TCP flushes at once.
        let write = async {
            writer.write_all(&outgoing.bytes).await?;
            writer.flush().await
        };
        let written = match outgoing.queued_at.checked_add(stuck_after) {
            Some(deadline) => tokio::time::timeout_at(deadline, write).await,
            None => Ok(write.await),
        };
        match written {
            Ok(Ok(())) => {}
            Ok(Err(error)) => {
                let _ = internal.send(Internal::Lost(conn, Some(error))).await;
                return;
            }
            Err(_) => {
                let _ = internal.send(Internal::Stuck(conn)).await;
                return;
            }
        }
        // An answer gives its credit back to the reader; any other message its place to the
        // application.
        if outgoing.credit.is_none() {
            state.waiting.fetch_sub(1, Ordering::AcqRel);
            state.written.notify_one();
        }
    }
    let _ = tokio::time::timeout(stuck_after, writer.shutdown()).await;
}
