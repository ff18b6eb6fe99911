//! Moving IUA messages between an SG and an ASP. RFC 4233 runs over SCTP; this machine has no
//! SCTP, so the transport is a trait with two implementations: an in-process pair of channels
//! (for tests) and TCP with messages cut by the IUA header's length (for the example). TCP
//! has no streams: messages received over it are reported on stream 0.

use super::codec::{Framer, MAX_MESSAGE_LEN};
use std::future::Future;
use std::io;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::mpsc;

/// One end of an association.
pub trait Transport {
    /// Sends one encoded IUA message on an SCTP stream.
    ///
    /// # Errors
    ///
    /// The association is closed, or the I/O failed.
    fn send(&mut self, stream: u16, message: &[u8]) -> impl Future<Output = io::Result<()>> + Send;

    /// The next message and its stream, or `None` once the peer has closed the association.
    ///
    /// # Errors
    ///
    /// The I/O failed, or the peer sent bytes that do not frame as IUA messages.
    fn recv(&mut self) -> impl Future<Output = io::Result<Option<(u16, Vec<u8>)>>> + Send;
}

/// An in-process association: two ends joined by bounded channels.
pub struct InProcess {
    tx: mpsc::Sender<(u16, Vec<u8>)>,
    rx: mpsc::Receiver<(u16, Vec<u8>)>,
}

impl InProcess {
    /// Two joined ends; each direction holds at most `capacity` messages in flight.
    pub fn pair(capacity: usize) -> (InProcess, InProcess) {
        let (a_tx, b_rx) = mpsc::channel(capacity.max(1));
        let (b_tx, a_rx) = mpsc::channel(capacity.max(1));
        (InProcess { tx: a_tx, rx: a_rx }, InProcess { tx: b_tx, rx: b_rx })
    }
}

impl Transport for InProcess {
    async fn send(&mut self, stream: u16, message: &[u8]) -> io::Result<()> {
        self.tx.send((stream, message.to_vec())).await.map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))
    }

    async fn recv(&mut self) -> io::Result<Option<(u16, Vec<u8>)>> {
        Ok(self.rx.recv().await)
    }
}

/// The receiving half of a byte stream carrying IUA messages, cut by the header's length.
pub struct FramedReader<R> {
    reader: R,
    framer: Framer,
}

impl<R: AsyncRead + Unpin + Send> FramedReader<R> {
    /// Reads messages from `reader`.
    pub fn new(reader: R) -> Self {
        FramedReader { reader, framer: Framer::new() }
    }

    /// The next message, or `None` at the end of the stream.
    ///
    /// # Errors
    ///
    /// The read failed, or the bytes do not frame as IUA messages (the stream is then unusable).
    pub async fn recv(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut buffer = vec![0u8; 4096.min(MAX_MESSAGE_LEN)];
        loop {
            match self.framer.next_message() {
                Some(Ok(message)) => return Ok(Some(message)),
                Some(Err(error)) => return Err(io::Error::new(io::ErrorKind::InvalidData, error)),
                None => {}
            }
            let n = self.reader.read(&mut buffer).await?;
            if n == 0 {
                return Ok(None);
            }
            self.framer.push(&buffer[..n]);
        }
    }
}

/// An association over TCP: messages framed by the IUA header's length field.
pub struct Tcp {
    reader: FramedReader<OwnedReadHalf>,
    writer: OwnedWriteHalf,
}

impl Tcp {
    /// Wraps a connected TCP stream.
    pub fn new(stream: TcpStream) -> Self {
        let (read, write) = stream.into_split();
        Tcp { reader: FramedReader::new(read), writer: write }
    }
}

impl Transport for Tcp {
    async fn send(&mut self, _stream: u16, message: &[u8]) -> io::Result<()> {
        self.writer.write_all(message).await
    }

    async fn recv(&mut self) -> io::Result<Option<(u16, Vec<u8>)>> {
        Ok(self.reader.recv().await?.map(|m| (0, m)))
    }
}
