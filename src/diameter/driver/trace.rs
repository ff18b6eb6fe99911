//! The driver's trace: every message sent and received, with its time, connection and summary.

use std::fmt;
use std::time::Duration;

use crate::diameter::codec::{Header, Message, command_code};
use crate::diameter::peer::ConnId;

/// Which way a message went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// This side sent it.
    Sent,
    /// This side received it.
    Received,
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Sent => "->",
            Direction::Received => "<-",
        })
    }
}

/// One message sent or received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceEntry {
    /// When, since [`run`](super::run) started.
    pub at: Duration,
    /// Which way.
    pub direction: Direction,
    /// On which connection.
    pub conn: ConnId,
    /// RFC 6733's abbreviation for a base message ("CER", "DWA", ...; an answer with the E bit
    /// too), "Other" for another message, "malformed" for octets that do not decode.
    pub command: &'static str,
    /// The Command Code (0 when the header cannot be read).
    pub command_code: u32,
    /// The Application-ID.
    pub application_id: u32,
    /// The R bit.
    pub request: bool,
    /// The E bit.
    pub error: bool,
    /// The Hop-by-Hop Identifier.
    pub hop_by_hop: u32,
    /// The End-to-End Identifier.
    pub end_to_end: u32,
    /// The Result-Code of an answer that has one.
    pub result_code: Option<u32>,
    /// The length of the message, in octets.
    pub length: usize,
}

impl TraceEntry {
    pub(super) fn new(at: Duration, direction: Direction, conn: ConnId, bytes: &[u8]) -> Self {
        let decoded = Message::decode(bytes);
        let header = match &decoded {
            Ok(message) => Some(message.header()),
            Err(_) => Header::decode(bytes).ok(),
        };
        let (command, result_code) = match &decoded {
            Ok(message) => (name(message), result_code(message)),
            Err(_) => ("malformed", None),
        };
        let header = header.unwrap_or_default();
        TraceEntry {
            at,
            direction,
            conn,
            command,
            command_code: header.command_code,
            application_id: header.application_id,
            request: header.flags.request,
            error: header.flags.error,
            hop_by_hop: header.hop_by_hop,
            end_to_end: header.end_to_end,
            result_code,
            length: bytes.len(),
        }
    }
}

impl fmt::Display for TraceEntry {
    /// `   1.234s -> #1 DWR 280 R hbh=0x0000002a`, with the Result-Code of an answer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let flags = format!("{}{}", if self.request { "R" } else { "A" }, if self.error { "E" } else { "" });
        write!(
            f,
            "{:>9.3}s {} {} {} {} {flags} hbh={:#010x}",
            self.at.as_secs_f64(),
            self.direction,
            self.conn,
            self.command,
            self.command_code,
            self.hop_by_hop
        )?;
        if let Some(code) = self.result_code {
            write!(f, " result={code}")?;
        }
        Ok(())
    }
}

/// The name of a message; an error answer to a base request (which decodes as `Other`) is named
/// after the command's answer.
fn name(message: &Message) -> &'static str {
    match message {
        Message::Other(raw) if raw.header.application_id == 0 && raw.header.flags.error => {
            match raw.header.command_code {
                command_code::CAPABILITIES_EXCHANGE => "CEA",
                command_code::DEVICE_WATCHDOG => "DWA",
                command_code::DISCONNECT_PEER => "DPA",
                _ => message.name(),
            }
        }
        _ => message.name(),
    }
}

fn result_code(message: &Message) -> Option<u32> {
    match message {
        Message::Cea(m) => Some(m.result_code),
        Message::Dwa(m) => Some(m.result_code),
        Message::Dpa(m) => Some(m.result_code),
        Message::Other(raw) if !raw.header.flags.request => raw.result_code(),
        _ => None,
    }
}
