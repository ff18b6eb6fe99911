//! The per-connection tasks: the acceptors, each connection's reader (framing, credits from
//! its send queue) and writer (the bounded queue, the stuck-writer timeout).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt, ReadHalf, WriteHalf};
use tokio::net::TcpListener;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, mpsc};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::{Connection, Stream};
use crate::diameter::codec::{DecodeError, Framer};
use crate::diameter::peer::ConnId;

/// What the connections' tasks tell the driver.
pub(super) enum Internal {
    Connected(ConnId, Connection),
    ConnectFailed(ConnId, io::Error),
    Accepted(Connection),
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

pub(super) async fn accept_tcp(listener: TcpListener, internal: mpsc::Sender<Internal>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            // Out of descriptors, or the like: try again a little later.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        if let Ok(connection) = Connection::tcp(stream)
            && internal.send(Internal::Accepted(connection)).await.is_err()
        {
            return;
        }
    }
}

pub(super) async fn accept_custom(mut incoming: mpsc::Receiver<Connection>, internal: mpsc::Sender<Internal>) {
    while let Some(connection) = incoming.recv().await {
        if internal.send(Internal::Accepted(connection)).await.is_err() {
            return;
        }
    }
}

/// Reads messages and passes each on with a credit for its answer: without one (`send_queue`
/// answers wait to be written), it stops reading until one is written.
pub(super) async fn read_loop(
    conn: ConnId,
    mut reader: ReadHalf<Box<dyn Stream>>,
    internal: mpsc::Sender<Internal>,
    credits: Arc<Semaphore>,
) {
    let mut framer = Framer::new();
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
        let write = writer.write_all(&outgoing.bytes);
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
