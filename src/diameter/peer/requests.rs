//! The connections being set up and the outstanding-request table: which of our requests an
//! answer answers (RFC 6733 §3: the Hop-by-Hop Identifier, on the connection it was sent on).

use std::collections::{HashMap, VecDeque};

use super::ConnId;
use crate::diameter::codec::{Cer, DecodeError, Header, Message};

/// The connection this side initiated.
#[derive(Clone, Copy, Debug)]
pub(super) struct Initiated {
    pub(super) id: ConnId,
    /// The transport connection is established.
    pub(super) established: bool,
    /// Not closed by either side.
    pub(super) open: bool,
    /// The Hop-by-Hop Identifier of the CER sent on it, until its CEA arrives.
    pub(super) cer: Option<u32>,
}

/// The connection the peer initiated, with its CER.
#[derive(Clone, Debug)]
pub(super) struct Accepted {
    pub(super) id: ConnId,
    pub(super) open: bool,
    pub(super) cer: Cer,
    /// The Result-Code of our CEA (Process-CER).
    pub(super) result_code: u32,
    /// The CEA was sent.
    pub(super) answered: bool,
}

/// An accepted connection waiting for its CER (RFC 6733 §5.6.2).
#[derive(Clone, Copy, Debug)]
pub(super) struct Pending<T> {
    pub(super) id: ConnId,
    /// When the CER is due; `None` if the time type cannot represent it (never).
    pub(super) deadline: Option<T>,
}

/// A received message, decoded or not.
#[derive(Clone, Debug)]
pub(super) enum Received {
    Ok(Message),
    Malformed { header: Option<Header>, error: DecodeError },
}

impl Received {
    /// The header of an answer (the R bit clear), `None` for a request or for octets too short
    /// for a header.
    pub(super) fn answer_header(&self) -> Option<Header> {
        let header = match self {
            Received::Ok(message) if !message.is_request() => message.header(),
            Received::Malformed { header: Some(header), .. } if !header.flags.request => *header,
            _ => return None,
        };
        Some(header)
    }

    /// The Result-Code of an answer that decodes and has one.
    pub(super) fn result_code(&self) -> Option<u32> {
        match self {
            Received::Ok(Message::Cea(m)) => Some(m.result_code),
            Received::Ok(Message::Dwa(m)) => Some(m.result_code),
            Received::Ok(Message::Dpa(m)) => Some(m.result_code),
            Received::Ok(Message::Other(raw)) if !raw.header.flags.request => raw.result_code(),
            _ => None,
        }
    }
}

/// Which of our requests an answer answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Answers {
    /// The CER on the initiated connection.
    Cer,
    /// The watchdog's DWR.
    Dwr,
    /// Our DPR.
    Dpr,
    /// A request of the application ([`Peer::send`](super::Peer::send)).
    Application,
}

/// The application's requests that wait for an answer: Hop-by-Hop Identifier, connection and
/// Command Code, at most `max` of them; when full, the oldest is forgotten (its answer, should it
/// still come, is discarded).
#[derive(Clone, Debug)]
pub(super) struct Outstanding {
    max: usize,
    /// Hop-by-Hop Identifier -> (connection, Command Code, when it was recorded).
    by_hop_by_hop: HashMap<u32, (ConnId, u32, u64)>,
    /// The records in the order they were made, some of them answered or forgotten since.
    order: VecDeque<(u64, u32)>,
    next: u64,
}

impl Outstanding {
    pub(super) fn new(max: usize) -> Self {
        Outstanding { max: max.max(1), by_hop_by_hop: HashMap::new(), order: VecDeque::new(), next: 0 }
    }

    fn live(&self, (seq, hop_by_hop): (u64, u32)) -> bool {
        self.by_hop_by_hop.get(&hop_by_hop).is_some_and(|&(_, _, s)| s == seq)
    }

    pub(super) fn insert(&mut self, conn: ConnId, hop_by_hop: u32, command_code: u32) {
        while self.by_hop_by_hop.len() >= self.max {
            let Some(oldest) = self.order.pop_front() else { break };
            if self.live(oldest) {
                self.by_hop_by_hop.remove(&oldest.1);
            }
        }
        let seq = self.next;
        self.next = self.next.wrapping_add(1);
        self.by_hop_by_hop.insert(hop_by_hop, (conn, command_code, seq));
        self.order.push_back((seq, hop_by_hop));
        // Answered records leave their place in `order` behind: sweep them now and then, so that
        // it stays within twice the bound.
        if self.order.len() > self.max.saturating_mul(2) {
            let order = std::mem::take(&mut self.order);
            self.order = order.into_iter().filter(|&entry| self.live(entry)).collect();
        }
    }

    /// Whether the request of `hop_by_hop` and `command_code` went out on `conn`; it is answered.
    pub(super) fn take(&mut self, conn: ConnId, hop_by_hop: u32, command_code: u32) -> bool {
        let sent = self.by_hop_by_hop.get(&hop_by_hop).is_some_and(|&(c, code, _)| c == conn && code == command_code);
        if sent {
            self.by_hop_by_hop.remove(&hop_by_hop);
        }
        sent
    }

    pub(super) fn forget(&mut self, conn: ConnId) {
        self.by_hop_by_hop.retain(|_, &mut (c, _, _)| c != conn);
    }
}
