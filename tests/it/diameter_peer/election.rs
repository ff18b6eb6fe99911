//! The election of RFC 6733 §5.6.4, and CERs from the peer or from other nodes.

use std::time::Duration;

use super::{
    P, client_config, closes, connects, crossing, ms, new_peer, only_send, open_initiator, open_responder, reports,
    secs, sends, waiting_for_cea,
};
use crate::support::fixtures::{bytes, their_cea, their_cer};
use rfc_fsm::diameter::codec::result_code::{DIAMETER_SUCCESS, DIAMETER_UNKNOWN_PEER, ELECTION_LOST};
use rfc_fsm::diameter::codec::{Message, command_code};
use rfc_fsm::diameter::peer::{ConnId, Event, PeerError, PeerEvent, Role, State};
use rfc_fsm::watchdog;

// --- Election (RFC 6733 §5.6.4) -----------------------------------------------------------------

#[test]
fn the_winner_of_the_election_keeps_the_connection_it_accepted() {
    // "b" succeeds "A" (case-insensitively "a"): we win.
    let (p, initiated, _, accepted, out) = crossing("b.example.net", "A.EXAMPLE.NET");
    let events = reports(&out);
    assert!(events.contains(&PeerEvent::Election { won: true }), "{events:#?}");
    assert_eq!(closes(&out), [initiated], "the winner closes the connection it initiated");
    let (to, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, cea.result_code), (accepted, DIAMETER_SUCCESS));
    assert_eq!(p.state(), State::R_Open);
    assert_eq!(p.open_connection(), Some((accepted, Role::Responder)));
    assert_eq!(p.watchdog_state(), Some(watchdog::State::OKAY));
}

#[test]
fn the_loser_of_the_election_keeps_its_connection_and_refuses_the_other() {
    let (mut p, initiated, cer, accepted, out) = crossing("a.example.net", "z.example.net");
    assert!(reports(&out).contains(&PeerEvent::Election { won: false }));
    assert!(sends(&out).is_empty() && closes(&out).is_empty(), "{out:#?}");
    assert_eq!(p.state(), State::Wait_Returns);
    let out = p.receive(ms(3), initiated, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert_eq!(p.state(), State::I_Open);
    let (to, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, cea.result_code), (accepted, ELECTION_LOST));
    assert_eq!(closes(&out), [accepted]);
    assert!(reports(&out).iter().any(|e| matches!(e, PeerEvent::Open { role: Role::Initiator, .. })));
    assert_eq!(p.watchdog_state(), Some(watchdog::State::OKAY));
}

#[test]
fn a_cer_while_connecting_waits_for_the_connection_then_elects() {
    let mut c = client_config();
    c.capabilities.origin_host = "z.example.net".into();
    let mut p = new_peer(c.clone());
    let [initiated] = connects(&p.start(Duration::ZERO))[..] else { panic!() };
    let (accepted, _) = p.transport_accepted(ms(1));
    let out = p.receive(ms(2), accepted, &bytes(&Message::Cer(their_cer("a.example.net", &[4]))));
    assert_eq!(p.state(), State::Wait_Conn_Ack_Elect);
    assert!(sends(&out).is_empty(), "no CEA before the election");
    let out = p.transport_up(ms(3), initiated);
    // I-Snd-CER on the new connection, then Elect: won, so the CER's connection is closed.
    assert_eq!(p.state(), State::R_Open);
    assert_eq!(closes(&out), [initiated]);
    let answers: Vec<_> = sends(&out).into_iter().map(|(c, m)| (c, m.name())).collect();
    assert_eq!(answers, [(initiated, "CER"), (accepted, "CEA")]);

    // The initiated connection fails instead: R-Open with the CEA.
    let mut p = new_peer(c);
    let [initiated] = connects(&p.start(Duration::ZERO))[..] else { panic!() };
    let (accepted, _) = p.transport_accepted(ms(1));
    p.receive(ms(2), accepted, &bytes(&Message::Cer(their_cer("a.example.net", &[4]))));
    let out = p.transport_failed(ms(3), initiated);
    assert_eq!(p.state(), State::R_Open);
    assert_eq!(only_send(&out).0, accepted);
}

/// A peer named `ours` that receives a CER from `theirs` while its own connection is still
/// being set up: Wait-Conn-Ack/Elect, the accepted connection waiting for the election.
fn electing_while_connecting(ours: &str, theirs: &str) -> (P, ConnId, ConnId) {
    let mut c = client_config();
    c.capabilities.origin_host = ours.into();
    let mut p = new_peer(c);
    let [initiated] = connects(&p.start(Duration::ZERO))[..] else { panic!() };
    let (accepted, _) = p.transport_accepted(ms(1));
    p.receive(ms(2), accepted, &bytes(&Message::Cer(their_cer(theirs, &[4]))));
    assert_eq!(p.state(), State::Wait_Conn_Ack_Elect);
    (p, initiated, accepted)
}

/// RFC 6733 §5.6.1, Wait-Conn-Ack/Elect: the accepted connection lost (R-Peer-Disc) drops it
/// and goes on waiting for the initiated one; a CER on yet another connection is rejected.
#[test]
fn in_wait_conn_ack_elect_the_accepted_connection_may_go_and_another_cer_is_rejected() {
    let (mut p, initiated, accepted) = electing_while_connecting("z.example.net", "a.example.net");
    let (third, _) = p.transport_accepted(ms(3));
    let out = p.receive(ms(4), third, &bytes(&Message::Cer(their_cer("a.example.net", &[4]))));
    assert_eq!(closes(&out), [third], "R-Reject");
    assert!(sends(&out).is_empty(), "{out:#?}");
    assert_eq!(p.state(), State::Wait_Conn_Ack_Elect);
    let out = p.transport_down(ms(5), accepted);
    assert_eq!(p.state(), State::Wait_Conn_Ack, "R-Peer-Disc: R-Disc, back to Wait-Conn-Ack");
    assert!(sends(&out).is_empty(), "{out:#?}");
    // The initiated connection then opens as usual.
    let out = p.transport_up(ms(6), initiated);
    let (to, Message::Cer(_)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, p.state()), (initiated, State::Wait_I_CEA));

    // Neither connection answers within the Timeout (5 s from entering Wait-Conn-Ack/Elect):
    // both are closed, Closed, an error reported.
    let (mut p, initiated, accepted) = electing_while_connecting("z.example.net", "a.example.net");
    assert_eq!(p.poll_timeout(), Some(ms(2) + secs(5)));
    let out = p.handle_timeout(ms(2) + secs(5));
    let mut closed = closes(&out);
    closed.sort();
    let mut both = vec![initiated, accepted];
    both.sort();
    assert_eq!((closed, p.state()), (both, State::Closed), "{out:#?}");
    assert!(
        reports(&out).contains(&PeerEvent::Error(PeerError::Failed {
            state: State::Wait_Conn_Ack_Elect,
            event: Event::TimeoutExpiry
        })),
        "{out:#?}"
    );
}

/// RFC 6733 §5.6.1, Wait-Returns (the election lost, the CEA awaited on the initiated
/// connection): a CER on another connection is rejected; the accepted connection lost sends the
/// peer back to Wait-I-CEA; the Timeout without a CEA closes everything (Error).
#[test]
fn in_wait_returns_a_cer_is_rejected_the_accepted_connection_may_go_and_the_timeout_closes() {
    let (mut p, initiated, cer, accepted, _) = crossing("a.example.net", "z.example.net");
    assert_eq!(p.state(), State::Wait_Returns);
    let (third, _) = p.transport_accepted(ms(3));
    let out = p.receive(ms(4), third, &bytes(&Message::Cer(their_cer("z.example.net", &[4]))));
    assert_eq!(closes(&out), [third], "R-Reject");
    assert_eq!(p.state(), State::Wait_Returns);
    let out = p.transport_down(ms(5), accepted);
    assert!(sends(&out).is_empty() && closes(&out).is_empty(), "{out:#?}");
    assert_eq!(p.state(), State::Wait_I_CEA, "R-Peer-Disc: R-Disc, back to Wait-I-CEA");
    let out = p.receive(ms(6), initiated, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert_eq!(p.state(), State::I_Open);
    assert!(reports(&out).iter().any(|e| matches!(e, PeerEvent::Open { role: Role::Initiator, .. })));

    // No CEA within the Timeout (5 s from entering Wait-Returns): both connections closed,
    // Closed, an error reported.
    let (mut p, initiated, _, accepted, _) = crossing("a.example.net", "z.example.net");
    assert_eq!(p.poll_timeout(), Some(ms(2) + secs(5)));
    let out = p.handle_timeout(ms(2) + secs(5));
    let mut closed = closes(&out);
    closed.sort();
    let mut both = vec![initiated, accepted];
    both.sort();
    assert_eq!(closed, both, "{out:#?}");
    assert_eq!(p.state(), State::Closed);
    assert!(
        reports(&out)
            .contains(&PeerEvent::Error(PeerError::Failed { state: State::Wait_Returns, event: Event::TimeoutExpiry })),
        "{out:#?}"
    );
}

#[test]
fn a_second_connection_of_an_open_responder_is_rejected() {
    let (mut p, conn) = open_responder();
    let (other, _) = p.transport_accepted(secs(1));
    let out = p.receive(secs(1), other, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    assert_eq!(closes(&out), [other], "R-Reject");
    assert!(sends(&out).is_empty(), "{out:#?}");
    assert_eq!((p.state(), p.open_connection()), (State::R_Open, Some((conn, Role::Responder))));
}

/// RFC 6733 §5.6.1: a CER's Origin-Host "is used to locate the state machine associated with that
/// peer", and the election of §5.6.4 is between two connections with the same peer. With the
/// peer's Origin-Host configured, a CER from another node while our connection waits for its
/// CEA is refused with DIAMETER_UNKNOWN_PEER: no election, the connection to the peer kept.
#[test]
fn a_cer_from_another_node_is_refused_and_never_elected() {
    let mut c = client_config();
    c.peer_host = Some("server.example.org".into());
    let mut p = new_peer(c.clone());
    let (initiated, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let (stranger, _) = p.transport_accepted(ms(1));
    let their = their_cer("aaa.stranger.example", &[4]);
    let out = p.receive(ms(2), stranger, &bytes(&Message::Cer(their.clone())));
    let (to, Message::Other(refusal)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(to, stranger);
    assert!(refusal.header.flags.error && !refusal.header.flags.request, "a protocol error (§7.2)");
    assert_eq!(refusal.header.command_code, command_code::CAPABILITIES_EXCHANGE);
    assert_eq!((refusal.header.hop_by_hop, refusal.header.end_to_end), (their.hop_by_hop, their.end_to_end));
    assert_eq!(refusal.result_code(), Some(DIAMETER_UNKNOWN_PEER));
    assert_eq!(closes(&out), [stranger]);
    let events = reports(&out);
    assert!(!events.iter().any(|e| matches!(e, PeerEvent::Election { .. } | PeerEvent::State { .. })), "{events:#?}");
    let refused = PeerEvent::CapabilitiesRefused { conn: stranger, role: Role::Responder, result_code: 3010 };
    assert!(events.contains(&refused));
    assert_eq!(p.state(), State::Wait_I_CEA);
    // The peer's CEA still opens the connection this side initiated.
    p.receive(ms(3), initiated, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert_eq!(p.open_connection(), Some((initiated, Role::Initiator)));

    // The peer itself, its Origin-Host in another case: the election takes place.
    let mut p = new_peer(c.clone());
    waiting_for_cea(&mut p, Duration::ZERO);
    let (accepted, _) = p.transport_accepted(ms(1));
    let out = p.receive(ms(2), accepted, &bytes(&Message::Cer(their_cer("SERVER.example.org", &[4]))));
    assert!(reports(&out).contains(&PeerEvent::Election { won: false }), "{out:#?}");

    // A responder serves its peer only.
    c.initiate = false;
    let mut p = new_peer(c);
    p.start(Duration::ZERO);
    let (stranger, _) = p.transport_accepted(ms(1));
    let out = p.receive(ms(1), stranger, &bytes(&Message::Cer(their_cer("other.example.org", &[4]))));
    assert_eq!(closes(&out), [stranger]);
    assert_eq!(p.state(), State::Closed);
    let (conn, _) = p.transport_accepted(ms(2));
    let out = p.receive(ms(2), conn, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    let (_, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(cea.result_code, DIAMETER_SUCCESS);
    assert_eq!(p.open_connection(), Some((conn, Role::Responder)));
}

/// Without the peer's Origin-Host, any node that connects is the peer: its CER while our
/// connection waits for the CEA is elected against (the documented limitation of `peer_host`).
#[test]
fn without_a_peer_host_any_node_is_the_peer() {
    let (p, initiated, _, _, out) = crossing("b.example.net", "a.stranger.example");
    assert!(reports(&out).contains(&PeerEvent::Election { won: true }));
    assert_eq!(closes(&out), [initiated]);
    assert_eq!(p.state(), State::R_Open);
}

#[test]
fn a_second_connection_of_an_open_peer_is_rejected() {
    let (mut p, conn) = open_initiator();
    let (other, _) = p.transport_accepted(secs(1));
    let out = p.receive(secs(1), other, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    assert_eq!(closes(&out), [other], "R-Reject");
    assert_eq!(p.open_connection(), Some((conn, Role::Initiator)));
}
