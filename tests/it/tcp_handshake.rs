//! Runs `examples/tcp_handshake.rs`: two machines generated from `tests/data/ok/tcp.fsm`, whose
//! segment event carries the segment, go through RFC 793's three-way handshake (Figure 7) and a
//! simultaneous close (Figure 14), segment by segment as the RFC draws them.

// The example is the code under test, not support: it is included as it is, by its path.
#[allow(dead_code)] // `main` is the example's own
#[path = "../../examples/tcp_handshake.rs"]
mod example;

use example::{Segment, tcp};

/// The states each step went between, every segment sent, and the two endpoints at the end.
type Run =
    (Vec<(&'static str, tcp::State, tcp::State)>, Vec<(&'static str, String)>, example::Endpoint, example::Endpoint);

/// Each endpoint's (from, to) states in the transcript, and every segment sent, in order.
fn run() -> Run {
    let (transcript, a, b) = example::exchange();
    let steps = transcript.iter().map(|l| (l.endpoint, l.from, l.to)).collect();
    let sent = transcript.iter().flat_map(|l| l.sent.iter().map(move |s| (l.endpoint, s.clone()))).collect();
    (steps, sent, a, b)
}

#[test]
fn handshake_and_simultaneous_close_follow_rfc_793() {
    use tcp::State::*;
    let (steps, sent, a, b) = run();
    assert_eq!(
        steps,
        [
            ("B", CLOSED, LISTEN),
            ("A", CLOSED, SYN_SENT),
            ("B", LISTEN, SYN_RCVD),
            ("A", SYN_SENT, ESTAB),
            ("B", SYN_RCVD, ESTAB),
            ("A", ESTAB, FIN_WAIT_1),
            ("B", ESTAB, FIN_WAIT_1),
            ("B", FIN_WAIT_1, CLOSING),
            ("A", FIN_WAIT_1, CLOSING),
            ("B", CLOSING, TIME_WAIT),
            ("A", CLOSING, TIME_WAIT),
            ("A", TIME_WAIT, CLOSED),
            ("B", TIME_WAIT, CLOSED),
        ]
    );
    // RFC 793 Figure 7 (ISS 100 and 300), then Figure 14's crossing FINs and their ACKs.
    let expected = [
        ("A", "<SEQ=100><CTL=SYN>"),
        ("B", "<SEQ=300><ACK=101><CTL=SYN,ACK>"),
        ("A", "<SEQ=101><ACK=301><CTL=ACK>"),
        ("A", "<SEQ=101><ACK=301><CTL=FIN,ACK>"),
        ("B", "<SEQ=301><ACK=101><CTL=FIN,ACK>"),
        ("B", "<SEQ=302><ACK=102><CTL=ACK>"),
        ("A", "<SEQ=102><ACK=302><CTL=ACK>"),
    ];
    let expected: Vec<(&str, String)> = expected.iter().map(|&(e, s)| (e, s.to_owned())).collect();
    assert_eq!(sent, expected);
    assert_eq!((a.machine.state(), b.machine.state()), (CLOSED, CLOSED));
}

#[test]
fn the_hooks_see_the_segment_in_guards_and_actions() {
    use tcp::{Action, Input, State};
    let (transcript, _, _) = example::exchange();
    // The SYN,ACK answers the SYN's sequence number, read from the event's data by the action.
    let syn_ack = transcript.iter().find(|l| l.from == State::LISTEN).unwrap();
    assert_eq!(syn_ack.actions, [Action::SendSynAck]);
    assert_eq!(syn_ack.sent, ["<SEQ=300><ACK=101><CTL=SYN,ACK>"]);
    // The events keep their fieldless kind; an event with data cannot be made without it.
    let segment = Segment { seq: 1, ack_no: 0, syn: true, ack: false, fin: false, rst: false };
    assert_eq!(Input::RcvSegment(segment).event(), tcp::Event::RcvSegment);
    assert!(Input::try_from(tcp::Event::RcvSegment).is_err());
    assert!(matches!(Input::try_from(tcp::Event::Close), Ok(Input::Close)));
    assert_eq!(format!("{:?}", Input::Close), "Close");
}

#[test]
fn a_segment_the_guards_classify_differently_takes_another_transition() {
    use tcp::{Input, State};
    // In SYN-SENT, an ACK that acknowledges something never sent is answered with a reset
    // (RFC 793 §3.9, SYN-SENT STATE, first check the ACK bit), and the state stays.
    let mut tcb = example::Tcb::new(100);
    let mut machine = tcp::Machine::start(&mut tcb);
    machine.step(Input::ActiveOpen, &mut tcb);
    assert_eq!(machine.state(), State::SYN_SENT);
    let bad = Segment { seq: 7, ack_no: 555, syn: false, ack: true, fin: false, rst: false };
    let step = machine.step(Input::RcvSegment(bad), &mut tcb);
    assert_eq!(step.kind, tcp::Kind::Internal);
    assert_eq!(step.actions, [tcp::Action::SendRst]);
    assert_eq!(machine.state(), State::SYN_SENT);
    // The SYN,ACK that acknowledges our SYN establishes the connection.
    let good = Segment { seq: 300, ack_no: 101, syn: true, ack: true, fin: false, rst: false };
    machine.step(Input::RcvSegment(good), &mut tcb);
    assert_eq!(machine.state(), State::ESTAB);
}
