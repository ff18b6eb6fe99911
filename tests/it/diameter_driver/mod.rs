//! The Diameter peer driver over tokio: two of our peers, one connecting and one listening,
//! over loopback TCP in real time (Tw under the RFC minimum through the testing option) and over
//! in-memory pipes on tokio's paused clock (the RFC's default Tw of 30 s). Capabilities exchange,
//! DWR/DWA both ways at Tw with every DWR answered, a frozen peer (a proxy that stops forwarding)
//! taking the watchdog through OKAY, SUSPECT (failover) and DOWN, the reconnection through REOPEN
//! to OKAY (failback) after three answered watchdogs, DPR/DPA closing cleanly; bad octets over
//! TCP; tshark decoding the pcap files the driver writes as Diameter, with nothing malformed; the
//! watchdog's counters at the close, over a slow link on the paused clock (`closing.rs`).
//! The same over TLS, with the identity checks (`tls`), and hostile peers (`hostile`).

mod closing;
mod hostile;
mod scripted;
mod tcp;
mod tls;
mod virtual_time;

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use rfc_fsm::diameter::driver::Connection;
use rfc_fsm::diameter::pcap::placeholder;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, DuplexStream, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

// --- A connection the test hands the driver ----------------------------------------------------

/// A stream that records when it is dropped: the driver has let go of the connection (its
/// stream, TLS session, framer and buffers).
struct Tracked {
    inner: DuplexStream,
    dropped: Arc<AtomicBool>,
}

impl Drop for Tracked {
    fn drop(&mut self) {
        self.dropped.store(true, Ordering::SeqCst);
    }
}

impl AsyncRead for Tracked {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bytes: &[u8]) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, bytes)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// A connection to hand the driver (as accepted, from `port`), the other end, and whether the
/// driver dropped its end; `buffer` octets fit in the pipe each way.
fn accepted(port: u16, buffer: usize) -> (Connection, DuplexStream, Arc<AtomicBool>) {
    let (ours, theirs) = tokio::io::duplex(buffer);
    let dropped = Arc::new(AtomicBool::new(false));
    let stream = Box::new(Tracked { inner: theirs, dropped: dropped.clone() });
    (Connection { stream, local: placeholder(true, 3868), remote: placeholder(false, port) }, ours, dropped)
}

/// Whether the driver has let go of the connection `dropped` watches.
fn let_go(dropped: &Arc<AtomicBool>) -> bool {
    dropped.load(Ordering::SeqCst)
}

// --- A proxy that can freeze --------------------------------------------------------------------

/// Copies from `r` to `w` until either ends; while `frozen`, what is read is dropped, as a peer
/// that stopped would.
async fn forward(mut r: impl AsyncRead + Unpin, mut w: impl AsyncWrite + Unpin, frozen: watch::Receiver<bool>) {
    let mut buffer = [0u8; 4096];
    loop {
        match r.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                if !*frozen.borrow() && w.write_all(&buffer[..n]).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Joins two streams both ways; when one side closes, both are closed.
async fn pipe<A, B>(a: A, b: B, frozen: watch::Receiver<bool>)
where
    A: AsyncRead + AsyncWrite + Send + Unpin + 'static,
    B: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    let (ar, aw) = tokio::io::split(a);
    let (br, bw) = tokio::io::split(b);
    tokio::select! {
        () = forward(ar, bw, frozen.clone()) => {}
        () = forward(br, aw, frozen) => {}
    }
}

/// A TCP proxy to `upstream`, frozen while the watch says so.
async fn tcp_proxy(upstream: SocketAddr, frozen: watch::Receiver<bool>) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let Ok(server) = TcpStream::connect(upstream).await else { continue };
            tokio::spawn(pipe(client, server, frozen.clone()));
        }
    });
    address
}
