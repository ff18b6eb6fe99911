//! TCP's three-way handshake and a simultaneous close (RFC 793 §3.4 Figure 7, §3.5 Figure 14)
//! between two connections, each the machine generated from `tests/data/ok/tcp.fsm`. The
//! segment event carries the segment: the hooks classify it for the guards (`ack_of_syn`,
//! `ack_of_fin`, ...) and read it to build the segments they send. Prints the exchange.
//!
//! Run with `cargo run --example tcp_handshake`; `tests/it/tcp_handshake.rs` runs it too.

use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;

fsm_macros::fsm!("tests/data/ok/tcp.fsm");

/// A TCP segment, reduced to what the connection state machine reads: the sequence and
/// acknowledgment numbers and the control bits (RFC 793 §3.1). It is neither `Copy` nor
/// `Clone`: the machine moves it to the hooks and never copies it.
#[derive(Debug, PartialEq, Eq)]
pub struct Segment {
    /// SEG.SEQ: the first sequence number of the segment.
    pub seq: u32,
    /// SEG.ACK: the next sequence number the sender expects (with `ack` set).
    pub ack_no: u32,
    /// The control bits.
    pub syn: bool,
    /// ACK: `ack_no` is significant.
    pub ack: bool,
    /// No more data from the sender.
    pub fin: bool,
    /// Reset the connection.
    pub rst: bool,
}

impl Segment {
    /// SEG.LEN: the octets of sequence space it occupies (a SYN and a FIN count one each; the
    /// segments here carry no text).
    fn len(&self) -> u32 {
        u32::from(self.syn) + u32::from(self.fin)
    }
}

impl fmt::Display for Segment {
    /// As RFC 793 writes segments in its figures: `<SEQ=100><ACK=301><CTL=SYN,ACK>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<SEQ={}>", self.seq)?;
        if self.ack {
            write!(f, "<ACK={}>", self.ack_no)?;
        }
        let bits: Vec<&str> = [(self.syn, "SYN"), (self.fin, "FIN"), (self.ack, "ACK"), (self.rst, "RST")]
            .into_iter()
            .filter_map(|(set, name)| set.then_some(name))
            .collect();
        write!(f, "<CTL={}>", bits.join(","))
    }
}

/// The transmission control block of one connection (RFC 793 §3.2), and what it sends: the
/// hooks of its machine.
#[derive(Debug)]
pub struct Tcb {
    /// The initial send sequence number this side chooses.
    iss: u32,
    /// SND.NXT: the next sequence number to send.
    snd_nxt: u32,
    /// RCV.NXT: the next sequence number expected.
    rcv_nxt: u32,
    /// Whether our FIN was sent: only then can an ACK be an "ACK of FIN".
    fin_sent: bool,
    /// Whether the 2MSL timer runs.
    two_msl: bool,
    /// Segments sent, not yet on the wire.
    outbox: VecDeque<Segment>,
    /// The actions run by the last step, for the transcript.
    ran: Vec<tcp::Action>,
}

impl Tcb {
    /// A TCB that will choose `iss` as its initial send sequence number.
    pub fn new(iss: u32) -> Self {
        Tcb { iss, snd_nxt: iss, rcv_nxt: 0, fin_sent: false, two_msl: false, outbox: VecDeque::new(), ran: Vec::new() }
    }

    /// Takes what `segment` occupies of the other side's sequence space: RCV.NXT moves past it.
    fn receive(&mut self, segment: &Segment) {
        self.rcv_nxt = segment.seq.wrapping_add(segment.len());
    }

    /// Sends a segment from SND.NXT, acknowledging RCV.NXT (unless it is the first SYN).
    fn send(&mut self, syn: bool, ack: bool, fin: bool) {
        let segment =
            Segment { seq: self.snd_nxt, ack_no: if ack { self.rcv_nxt } else { 0 }, syn, ack, fin, rst: false };
        self.snd_nxt = self.snd_nxt.wrapping_add(segment.len());
        self.outbox.push_back(segment);
    }
}

impl tcp::Hooks for Tcb {
    /// Classifies the segment being handled (RFC 793 §3.9, SEGMENT ARRIVES).
    fn guard(&mut self, guard: tcp::Guard, input: &tcp::Input) -> bool {
        let tcp::Input::RcvSegment(segment) = input else {
            // The only guard of a user call: no text is ever on hand here.
            return false;
        };
        match guard {
            tcp::Guard::rst => segment.rst,
            tcp::Guard::ack => segment.ack,
            tcp::Guard::syn => segment.syn,
            tcp::Guard::ack_of_syn => segment.ack && segment.ack_no == self.iss.wrapping_add(1),
            tcp::Guard::ack_of_fin => segment.ack && self.fin_sent && segment.ack_no == self.snd_nxt,
            tcp::Guard::fin => segment.fin,
            tcp::Guard::text_on_hand => false,
        }
    }

    fn action(&mut self, action: tcp::Action, input: Option<&mut tcp::Input>) {
        self.ran.push(action);
        // The segment this action answers, if the event is one.
        let segment = match input {
            Some(tcp::Input::RcvSegment(segment)) => Some(&*segment),
            _ => None,
        };
        match action {
            tcp::Action::CreateTcb => self.snd_nxt = self.iss,
            tcp::Action::SendSyn => self.send(true, false, false),
            tcp::Action::SendSynAck => {
                if let Some(segment) = segment {
                    self.receive(segment);
                }
                self.snd_nxt = self.iss;
                self.send(true, true, false);
            }
            tcp::Action::SendAck => {
                if let Some(segment) = segment {
                    self.receive(segment);
                }
                self.send(false, true, false);
            }
            tcp::Action::SendFin => {
                self.send(false, true, true);
                self.fin_sent = true;
            }
            tcp::Action::StartTwoMSL => self.two_msl = true,
            tcp::Action::StopTwoMSL => self.two_msl = false,
            // What the rest do is the user's side of the connection, not seen on the wire here.
            _ => {}
        }
    }
}

/// One side of the exchange: a connection and its TCB.
pub struct Endpoint {
    /// `A` or `B`, as in RFC 793's figures.
    pub name: &'static str,
    /// The generated machine.
    pub machine: tcp::Machine,
    /// Its hooks.
    pub tcb: Tcb,
}

/// One line of the transcript: what one endpoint did with one input.
#[derive(Debug, PartialEq, Eq)]
pub struct Line {
    /// When, on the virtual clock.
    pub at: Duration,
    /// Which endpoint.
    pub endpoint: &'static str,
    /// The input, as the spec shows it (a segment as RFC 793 writes it).
    pub input: String,
    /// The state before.
    pub from: tcp::State,
    /// The state after.
    pub to: tcp::State,
    /// The actions run, in order.
    pub actions: Vec<tcp::Action>,
    /// The segments sent, as RFC 793 writes them.
    pub sent: Vec<String>,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let actions: Vec<String> = self.actions.iter().map(ToString::to_string).collect();
        write!(
            f,
            "{:>4} s  {}  {:<12} --{}--> {:<12} [{}]",
            self.at.as_secs(),
            self.endpoint,
            self.from.to_string(),
            self.input,
            self.to.to_string(),
            actions.join(", ")
        )?;
        for segment in &self.sent {
            write!(f, "\n         {} sends {segment}", self.endpoint)?;
        }
        Ok(())
    }
}

impl Endpoint {
    fn new(name: &'static str, iss: u32) -> Self {
        let mut tcb = Tcb::new(iss);
        let machine = tcp::Machine::start(&mut tcb);
        Endpoint { name, machine, tcb }
    }

    /// Hands one input to the machine and records what happened.
    fn handle(&mut self, at: Duration, input: tcp::Input) -> Line {
        let shown = match &input {
            tcp::Input::RcvSegment(segment) => format!("rcv {segment}"),
            other => other.to_string(),
        };
        let from = self.machine.state();
        self.tcb.ran.clear();
        let sent_before = self.tcb.outbox.len();
        self.machine.step(input, &mut self.tcb);
        let sent = self.tcb.outbox.iter().skip(sent_before).map(ToString::to_string).collect();
        Line {
            at,
            endpoint: self.name,
            input: shown,
            from,
            to: self.machine.state(),
            actions: std::mem::take(&mut self.tcb.ran),
            sent,
        }
    }
}

/// Delivers every segment in flight, in the order sent, until none is left; each endpoint's
/// segments go to the other. Segments already in both outboxes cross on the wire.
fn deliver(at: Duration, a: &mut Endpoint, b: &mut Endpoint, transcript: &mut Vec<Line>) {
    loop {
        let from_a: Vec<Segment> = a.tcb.outbox.drain(..).collect();
        let from_b: Vec<Segment> = b.tcb.outbox.drain(..).collect();
        if from_a.is_empty() && from_b.is_empty() {
            return;
        }
        for segment in from_a {
            transcript.push(b.handle(at, tcp::Input::RcvSegment(segment)));
        }
        for segment in from_b {
            transcript.push(a.handle(at, tcp::Input::RcvSegment(segment)));
        }
    }
}

/// Runs the exchange: B listens, A opens (the three-way handshake); then both close at once
/// (their FINs cross), and both wait 2 MSL in TIME-WAIT. Returns the transcript and the two
/// endpoints at the end.
pub fn exchange() -> (Vec<Line>, Endpoint, Endpoint) {
    let mut transcript = Vec::new();
    let mut a = Endpoint::new("A", 100);
    let mut b = Endpoint::new("B", 300);
    let start = Duration::ZERO;

    // The three-way handshake (RFC 793 Figure 7).
    transcript.push(b.handle(start, tcp::Input::PassiveOpen));
    transcript.push(a.handle(start, tcp::Input::ActiveOpen));
    deliver(start, &mut a, &mut b, &mut transcript);

    // A simultaneous close (RFC 793 Figure 14): both CLOSE before either FIN arrives.
    transcript.push(a.handle(start, tcp::Input::Close));
    transcript.push(b.handle(start, tcp::Input::Close));
    deliver(start, &mut a, &mut b, &mut transcript);

    // Both wait in TIME-WAIT for the timeout the spec gives 2MSL.
    let two_msl = tcp::Timer::TwoMSL.default_duration().unwrap_or(Duration::from_secs(240));
    for endpoint in [&mut a, &mut b] {
        if endpoint.tcb.two_msl {
            let expiry = tcp::Input::try_from(tcp::Timer::TwoMSL.expiry());
            if let Ok(expiry) = expiry {
                transcript.push(endpoint.handle(start + two_msl, expiry));
            }
        }
    }
    (transcript, a, b)
}

fn main() {
    let (transcript, a, b) = exchange();
    println!("TCP A (ISS 100) and TCP B (ISS 300), machines generated from tests/data/ok/tcp.fsm:\n");
    for line in &transcript {
        println!("{line}");
    }
    println!("\nA ends in {}, B in {}.", a.machine.state(), b.machine.state());
}
