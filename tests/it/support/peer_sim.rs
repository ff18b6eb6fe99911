//! Two sans-IO Diameter peers joined by a simulated network on a virtual clock: what one sends,
//! the other receives after a latency; connections are made, accepted and closed as the peers
//! ask. One side can be frozen (it receives nothing and its timers do not run) or unreachable.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rfc_fsm::diameter::codec::Message;
use rfc_fsm::diameter::peer::{ConnId, Output, Peer, PeerConfig, PeerEvent};
use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use super::fixtures::peer_config;

/// The time a message or a connection event takes to reach the other side.
pub const LATENCY: Duration = Duration::from_millis(10);

pub type SimPeer = Peer<Duration, StdRng>;

/// What arrives at a side.
#[derive(Clone, Debug)]
enum Delivery {
    Connected(ConnId),
    ConnectFailed(ConnId),
    /// A connection from the other side: accept it and link it to the other side's `ConnId`.
    Incoming(ConnId),
    Bytes(ConnId, Vec<u8>),
    Disconnected(ConnId),
}

/// One message on the wire.
#[derive(Clone, Debug)]
pub struct WireEntry {
    pub at: Duration,
    /// The side that sent it.
    pub from: usize,
    pub message: Message,
}

pub struct Sim {
    pub now: Duration,
    pub peers: [SimPeer; 2],
    /// (side, its connection) -> the other side's connection.
    links: HashMap<(usize, ConnId), ConnId>,
    /// (side, the other side's connection) -> this side's connection, once accepted.
    agenda: BTreeMap<(Duration, u64), (usize, Delivery)>,
    seq: u64,
    pub frozen: [bool; 2],
    pub unreachable: [bool; 2],
    pub events: Vec<(Duration, usize, PeerEvent)>,
    pub wire: Vec<WireEntry>,
    /// Deliveries held while a side is frozen (connection events only; messages are lost).
    held: Vec<(usize, Delivery)>,
}

/// A peer of the simulation: `peer_config` with Timeout 5 s, Twinit `twinit_secs`, Origin-State-Id 1,
/// connecting if `initiate`.
pub fn config(host: &str, initiate: bool, twinit_secs: u64) -> PeerConfig {
    let mut c = peer_config(host, Duration::from_secs(twinit_secs), Duration::from_secs(5));
    c.initiate = initiate;
    c.capabilities.origin_state_id = Some(1);
    c
}

pub fn peer(config: PeerConfig, seed: u64) -> SimPeer {
    Peer::new(config, StdRng::seed_from_u64(seed), 1_700_000_000).unwrap()
}

impl Sim {
    /// Side 0 connects, side 1 listens.
    pub fn new(a: SimPeer, b: SimPeer) -> Self {
        Sim {
            now: Duration::ZERO,
            peers: [a, b],
            links: HashMap::new(),
            agenda: BTreeMap::new(),
            seq: 0,
            frozen: [false; 2],
            unreachable: [false; 2],
            events: Vec::new(),
            wire: Vec::new(),
            held: Vec::new(),
        }
    }

    fn at(&mut self, when: Duration, side: usize, delivery: Delivery) {
        self.seq += 1;
        self.agenda.insert((when, self.seq), (side, delivery));
    }

    /// Carries out a side's outputs.
    pub fn apply(&mut self, side: usize, outputs: Vec<Output>) {
        let other = 1 - side;
        let later = self.now + LATENCY;
        for output in outputs {
            match output {
                Output::Connect(conn) => {
                    if self.unreachable[other] || self.frozen[other] {
                        self.at(later, side, Delivery::ConnectFailed(conn));
                    } else {
                        // The other side accepts before this side learns it is connected.
                        self.at(later, other, Delivery::Incoming(conn));
                        self.at(later, side, Delivery::Connected(conn));
                    }
                }
                Output::Send(conn, message) => {
                    let bytes = message.encode().expect("the peer sends messages that encode");
                    assert_eq!(Message::decode(&bytes).as_ref(), Ok(&message), "round trip");
                    self.wire.push(WireEntry { at: self.now, from: side, message });
                    if let Some(&theirs) = self.links.get(&(side, conn)) {
                        self.at(later, other, Delivery::Bytes(theirs, bytes));
                    }
                }
                Output::Close(conn) => {
                    if let Some(theirs) = self.links.remove(&(side, conn)) {
                        self.links.remove(&(other, theirs));
                        self.at(later, other, Delivery::Disconnected(theirs));
                    }
                }
                Output::Event(event) => self.events.push((self.now, side, event)),
            }
        }
    }

    fn deliver(&mut self, side: usize, delivery: Delivery) {
        let now = self.now;
        let outputs = match delivery {
            Delivery::Connected(conn) => self.peers[side].transport_up(now, conn),
            Delivery::ConnectFailed(conn) => self.peers[side].transport_failed(now, conn),
            Delivery::Incoming(theirs) => {
                let (mine, outputs) = self.peers[side].transport_accepted(now);
                self.links.insert((side, mine), theirs);
                self.links.insert((1 - side, theirs), mine);
                outputs
            }
            Delivery::Bytes(conn, bytes) => self.peers[side].receive(now, conn, &bytes),
            Delivery::Disconnected(conn) => self.peers[side].transport_down(now, conn),
        };
        self.apply(side, outputs);
    }

    /// Runs until `until`: deliveries and timers in time order.
    pub fn run_until(&mut self, until: Duration) {
        for _ in 0..1_000_000 {
            let next_delivery = self.agenda.first_key_value().map(|(&(t, _), _)| t);
            let timers = [0, 1].map(|s| if self.frozen[s] { None } else { self.peers[s].poll_timeout() });
            let next_timer = timers.iter().flatten().min().copied();
            let next = [next_delivery, next_timer].into_iter().flatten().min();
            let Some(next) = next.filter(|&t| t <= until) else { break };
            self.now = self.now.max(next);
            if next_delivery == Some(next) {
                let Some((_, (side, delivery))) = self.agenda.pop_first() else { break };
                if self.frozen[side] {
                    // A frozen side's messages are lost; its connection events wait.
                    if !matches!(delivery, Delivery::Bytes(..)) {
                        self.held.push((side, delivery));
                    }
                    continue;
                }
                self.deliver(side, delivery);
            } else {
                for side in [0, 1] {
                    if timers[side] == Some(next) {
                        let outputs = self.peers[side].handle_timeout(next);
                        self.apply(side, outputs);
                    }
                }
            }
        }
        self.now = self.now.max(until);
    }

    pub fn run_for(&mut self, d: Duration) {
        let until = self.now + d;
        self.run_until(until);
    }

    pub fn freeze(&mut self, side: usize) {
        self.frozen[side] = true;
    }

    pub fn thaw(&mut self, side: usize) {
        self.frozen[side] = false;
        for (s, d) in std::mem::take(&mut self.held) {
            let now = self.now;
            self.at(now, s, d);
        }
    }

    pub fn start(&mut self, side: usize) {
        let outputs = self.peers[side].start(self.now);
        self.apply(side, outputs);
    }

    /// The events of one side since `from` (an index in `events`).
    pub fn events_of(&self, side: usize) -> Vec<(Duration, PeerEvent)> {
        self.events.iter().filter(|(_, s, _)| *s == side).map(|(t, _, e)| (*t, e.clone())).collect()
    }

    /// The messages a side sent, by name.
    pub fn sent(&self, side: usize, name: &str) -> Vec<&WireEntry> {
        self.wire.iter().filter(|w| w.from == side && w.message.name() == name).collect()
    }
}
