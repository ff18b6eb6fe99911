//! Answers matched to the requests they answer (RFC 6733 §3), ours and the application's.

use std::time::Duration;

use super::{
    answer, client_config, closes, connects, ms, new_peer, only_send, open_initiator, open_responder, reports, secs,
    sends, waiting_for_cea,
};
use crate::support::fixtures::{bytes, request, their_cea, their_dpa, their_dpr, their_dwa, their_dwr};
use rfc_fsm::diameter::codec::result_code::{
    DIAMETER_SUCCESS, DIAMETER_TOO_BUSY, DIAMETER_UNABLE_TO_COMPLY, DIAMETER_UNKNOWN_PEER,
};
use rfc_fsm::diameter::codec::{DisconnectCause, Dpr, Dwr, Message, command_code};
use rfc_fsm::diameter::peer::{ConnId, DiscardReason, Output, PeerEvent, Role, State};
use rfc_fsm::watchdog;

// --- Answers match requests (RFC 6733 §3) -------------------------------------------------------

fn unsolicited(out: &[Output], conn: ConnId, hop_by_hop: u32) -> bool {
    reports(out).iter().any(|e| {
        matches!(e, PeerEvent::Discarded { conn: c, hop_by_hop: h, reason: DiscardReason::Unsolicited, .. }
            if *c == conn && *h == hop_by_hop)
    })
}

/// RFC 6733 §3: "An answer message that is received with an unknown Hop-by-Hop Identifier MUST be
/// discarded": a CEA that answers no CER of ours does not open the connection.
#[test]
fn a_cea_to_no_cer_of_ours_is_discarded() {
    let mut p = new_peer(client_config());
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let mut stray = cer.clone();
    stray.hop_by_hop = cer.hop_by_hop.wrapping_add(1000);
    let out = p.receive(ms(1), conn, &bytes(&their_cea(&stray, DIAMETER_SUCCESS, &[4])));
    assert!(unsolicited(&out, conn, stray.hop_by_hop), "{out:#?}");
    assert!(closes(&out).is_empty() && sends(&out).is_empty());
    assert_eq!(p.state(), State::Wait_I_CEA);
    // The CEA to our CER opens it; a second one is an answer to nothing.
    p.receive(ms(2), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert_eq!(p.state(), State::I_Open);
    let out = p.receive(ms(3), conn, &bytes(&their_cea(&cer, DIAMETER_UNABLE_TO_COMPLY, &[4])));
    assert!(unsolicited(&out, conn, cer.hop_by_hop), "{out:#?}");
    // Not a refused capabilities exchange: that one succeeded, and the connection stays open.
    assert!(!reports(&out).iter().any(|e| matches!(e, PeerEvent::CapabilitiesRefused { .. })), "{out:#?}");
    assert_eq!(p.state(), State::I_Open);
}

/// A CEA with the E bit (RFC 6733 §7.2; DIAMETER_UNKNOWN_PEER from a node that does not know us)
/// refuses our CER: the connection is closed and the refusal reported with its Result-Code.
#[test]
fn a_cea_with_the_e_bit_refuses_the_capabilities_exchange() {
    let mut p = new_peer(client_config());
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let refusal = answer(command_code::CAPABILITIES_EXCHANGE, 0, cer.hop_by_hop, true, DIAMETER_UNKNOWN_PEER);
    let out = p.receive(ms(1), conn, &refusal.encode().unwrap());
    assert_eq!(closes(&out), [conn]);
    let refused = PeerEvent::CapabilitiesRefused { conn, role: Role::Initiator, result_code: DIAMETER_UNKNOWN_PEER };
    assert!(reports(&out).contains(&refused), "{out:#?}");
    assert_eq!(p.state(), State::Closed);
}

/// RFC 3539 §3.4.1 and Appendix A: after a reopen, three watchdogs "sent and answered" put the
/// connection back in service. A DWA to no DWR of ours (RFC 6733 §3: discarded), or a second DWA
/// to the same DWR, is not one of them.
#[test]
fn only_answers_to_our_dwrs_count_towards_the_reopen() {
    let (mut p, conn) = open_initiator();
    p.transport_down(secs(1), conn);
    let tw = p.poll_timeout().unwrap();
    let [conn] = connects(&p.handle_timeout(tw))[..] else { panic!() };
    let (_, Message::Cer(cer)) = only_send(&p.transport_up(tw + ms(1), conn)) else { panic!() };
    let out = p.receive(tw + ms(2), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    let (_, Message::Dwr(dwr)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(p.watchdog_state(), Some(watchdog::State::REOPEN));
    let t = tw + ms(3);
    assert!(p.receive(t, conn, &bytes(&their_dwa(&dwr))).is_empty());
    for hop_by_hop in [dwr.hop_by_hop, 0xdead_0001, 0xdead_0002] {
        let stray = Dwr { hop_by_hop, ..dwr.clone() };
        let out = p.receive(t, conn, &bytes(&their_dwa(&stray)));
        assert!(unsolicited(&out, conn, hop_by_hop), "{out:#?}");
    }
    assert_eq!(p.watchdog_state(), Some(watchdog::State::REOPEN), "one DWR answered, not three");
    assert_eq!(p.watchdog_ref().counters().dwa_received, 1);
}

/// In OKAY, a DWA to no DWR of ours does not clear the pending DWR: unanswered, it fails over at
/// the next expiry (RFC 3539 row 13).
#[test]
fn a_dwa_to_no_dwr_of_ours_does_not_answer_the_watchdog() {
    for (mut p, conn) in [open_initiator(), open_responder()] {
        let tw = p.poll_timeout().unwrap();
        let (_, Message::Dwr(dwr)) = only_send(&p.handle_timeout(tw)) else { panic!() };
        let stray = Dwr { hop_by_hop: dwr.hop_by_hop.wrapping_add(77), ..dwr.clone() };
        let out = p.receive(tw + ms(1), conn, &bytes(&their_dwa(&stray)));
        assert!(unsolicited(&out, conn, stray.hop_by_hop), "{out:#?}");
        assert!(p.watchdog_ref().pending());
        let out = p.handle_timeout(p.poll_timeout().unwrap());
        assert!(reports(&out).contains(&PeerEvent::Failover), "our DWR is still unanswered: {out:#?}");
    }
}

/// A DWA with the E bit that answers our DWR (a peer too busy, say) still shows the peer alive: it
/// is the watchdog's answer (RFC 3539 counts any DWA), and it does not go to the application.
#[test]
fn a_dwa_with_the_e_bit_answers_the_watchdog() {
    let (mut p, conn) = open_initiator();
    let tw = p.poll_timeout().unwrap();
    let (_, Message::Dwr(dwr)) = only_send(&p.handle_timeout(tw)) else { panic!() };
    let busy = answer(command_code::DEVICE_WATCHDOG, 0, dwr.hop_by_hop, true, DIAMETER_TOO_BUSY);
    let out = p.receive(tw + ms(1), conn, &busy.encode().unwrap());
    assert!(out.is_empty(), "{out:#?}");
    assert!(!p.watchdog_ref().pending());
    assert_eq!(p.watchdog_ref().counters().dwa_received, 1);
    let out = p.handle_timeout(p.poll_timeout().unwrap());
    assert!(!reports(&out).contains(&PeerEvent::Failover), "{out:#?}");
    assert_eq!(only_send(&out).1.name(), "DWR");
}

/// A DPA that answers no DPR of ours does not close a connection in Closing; the DPA to ours does.
#[test]
fn a_dpa_to_no_dpr_of_ours_is_discarded() {
    for (mut p, conn) in [open_initiator(), open_responder()] {
        let (_, Message::Dpr(dpr)) = only_send(&p.stop(secs(1), DisconnectCause::Rebooting)) else { panic!() };
        let stray = Dpr { hop_by_hop: dpr.hop_by_hop ^ 0xffff, ..dpr.clone() };
        let out = p.receive(secs(1) + ms(1), conn, &bytes(&their_dpa(&stray)));
        assert!(unsolicited(&out, conn, stray.hop_by_hop), "{out:#?}");
        assert!(closes(&out).is_empty());
        assert_eq!(p.state(), State::Closing);
        let out = p.receive(secs(1) + ms(2), conn, &bytes(&their_dpa(&dpr)));
        assert_eq!((closes(&out), p.state()), (vec![conn], State::Closed));
    }
    // After a DPR received, no DPR of ours waits: any DPA is discarded.
    let (mut p, conn) = open_initiator();
    p.receive(secs(1), conn, &bytes(&their_dpr(DisconnectCause::Rebooting)));
    let Message::Dpr(dpr) = their_dpr(DisconnectCause::Rebooting) else { unreachable!() };
    let out = p.receive(secs(1) + ms(1), conn, &bytes(&their_dpa(&dpr)));
    assert!(unsolicited(&out, conn, dpr.hop_by_hop), "{out:#?}");
    assert_eq!(p.state(), State::Closing);
}

/// The answers to the application's requests go to the application, each once, on the connection
/// the request went out on; an answer to no request it sent is discarded and reported.
#[test]
fn application_answers_match_the_requests_sent() {
    let (mut p, conn) = open_initiator();
    let (_, Message::Other(ccr)) = only_send(&p.send(secs(1), request(272, 4, vec![]))) else { panic!() };
    let h = ccr.header.hop_by_hop;
    // Unknown Hop-by-Hop Identifier; the right one with another Command Code.
    for (code, hop_by_hop) in [(272, 0x0bad_f00d), (271, h)] {
        let out = p.receive(secs(2), conn, &answer(code, 4, hop_by_hop, false, DIAMETER_SUCCESS).encode().unwrap());
        assert!(unsolicited(&out, conn, hop_by_hop), "{out:#?}");
        assert!(!reports(&out).iter().any(|e| matches!(e, PeerEvent::Received { .. })));
    }
    // The answer, with the E bit or not, goes to the application; a second one does not.
    let cca = answer(272, 4, h, true, DIAMETER_TOO_BUSY);
    let out = p.receive(secs(2), conn, &cca.encode().unwrap());
    assert_eq!(reports(&out), [PeerEvent::Received { conn, message: cca.clone() }]);
    let out = p.receive(secs(2), conn, &cca.encode().unwrap());
    assert!(unsolicited(&out, conn, h), "{out:#?}");
    // A base request of the application's own: its answer is the application's too.
    let dwr = request(command_code::DEVICE_WATCHDOG, 0, vec![]);
    let (_, Message::Other(dwr)) = only_send(&p.send(secs(3), dwr)) else { panic!() };
    let Message::Dwr(template) = their_dwr(0) else { unreachable!() };
    let dwa = their_dwa(&Dwr { hop_by_hop: dwr.header.hop_by_hop, ..template });
    let out = p.receive(secs(3), conn, &bytes(&dwa));
    assert_eq!(reports(&out), [PeerEvent::Received { conn, message: dwa.to_raw() }]);
    assert_eq!(p.watchdog_ref().counters().dwa_received, 0, "not the watchdog's");
}

/// At most `max_outstanding_requests` requests wait for their answers: the oldest is forgotten,
/// and its answer discarded; a lost connection forgets its requests.
#[test]
fn outstanding_requests_are_bounded() {
    let mut c = client_config();
    c.max_outstanding_requests = 2;
    let mut p = new_peer(c);
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    p.receive(ms(1), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    let sent: Vec<u32> = (0..3)
        .map(|_| {
            let (_, Message::Other(r)) = only_send(&p.send(secs(1), request(272, 4, vec![]))) else { panic!() };
            r.header.hop_by_hop
        })
        .collect();
    let out = p.receive(secs(2), conn, &answer(272, 4, sent[0], false, DIAMETER_SUCCESS).encode().unwrap());
    assert!(unsolicited(&out, conn, sent[0]), "the oldest was forgotten: {out:#?}");
    for &h in &sent[1..] {
        let out = p.receive(secs(2), conn, &answer(272, 4, h, false, DIAMETER_SUCCESS).encode().unwrap());
        assert!(matches!(reports(&out)[..], [PeerEvent::Received { .. }]), "{out:#?}");
    }
    // Many more than the bound: only the last two are remembered.
    let last: Vec<u32> = (0..1000)
        .map(|_| {
            let (_, Message::Other(r)) = only_send(&p.send(secs(3), request(272, 4, vec![]))) else { panic!() };
            r.header.hop_by_hop
        })
        .collect();
    let received = last
        .iter()
        .filter(|&&h| {
            let out = p.receive(secs(4), conn, &answer(272, 4, h, false, DIAMETER_SUCCESS).encode().unwrap());
            matches!(reports(&out)[..], [PeerEvent::Received { .. }])
        })
        .count();
    assert_eq!(received, 2);
}
