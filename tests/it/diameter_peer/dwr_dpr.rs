//! DWR and DPR answered, DPR/DPA closing, and Stop in every state (RFC 6733 §5.4, §5.5).

use std::time::Duration;

use super::{
    client_config, closes, connects, crossing, ms, new_peer, only_send, open_initiator, open_responder, reports, secs,
    sends, waiting_for_cea, watchdog_moves,
};
use crate::support::fixtures::{bytes, their_cea, their_cer, their_dpa, their_dpr, their_dwa, their_dwr};
use rfc_fsm::diameter::codec::result_code::DIAMETER_SUCCESS;
use rfc_fsm::diameter::codec::{DisconnectCause, Message};
use rfc_fsm::diameter::peer::{Event, Output, PeerError, PeerEvent, Role, State};
use rfc_fsm::watchdog;

// --- DWR, DPR -----------------------------------------------------------------------------------

#[test]
fn a_dwr_is_answered_with_a_dwa_on_either_connection() {
    for (mut p, conn) in [open_initiator(), open_responder()] {
        let out = p.receive(secs(1), conn, &bytes(&their_dwr(0xabc)));
        let (to, Message::Dwa(dwa)) = only_send(&out) else { panic!("{out:#?}") };
        assert_eq!(to, conn);
        assert_eq!((dwa.hop_by_hop, dwa.end_to_end), (0xabc, 0xabc + 7));
        assert_eq!((dwa.result_code, dwa.origin_state_id), (DIAMETER_SUCCESS, Some(5)));
        assert_eq!(dwa.origin_host, "client.example.net");
        let counters = p.watchdog_ref().counters();
        assert_eq!((counters.dwr_received, counters.dwa_sent), (1, 1));
        let restarted = secs(1) + p.watchdog_ref().tw().unwrap();
        assert_eq!(p.watchdog_ref().poll_timeout(), Some(restarted), "any message restarts Tw (RFC 3539 row 2)");
    }
}

#[test]
fn the_watchdog_sends_a_dwr_at_tw_and_fails_over_without_answer() {
    let (mut p, conn) = open_initiator();
    let tw1 = p.poll_timeout().unwrap();
    let out = p.handle_timeout(tw1);
    let (to, Message::Dwr(dwr)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, dwr.origin_state_id), (conn, Some(5)));
    // Answered: Pending cleared, Tw restarted.
    let out = p.receive(tw1 + ms(20), conn, &bytes(&their_dwa(&dwr)));
    assert!(out.is_empty(), "{out:#?}");
    let tw2 = p.poll_timeout().unwrap();
    assert_eq!(only_send(&p.handle_timeout(tw2)).1.name(), "DWR");
    // Not answered: the next expiry fails over (row 13), the one after closes (row 14).
    let tw3 = p.poll_timeout().unwrap();
    let out = p.handle_timeout(tw3);
    assert!(sends(&out).is_empty(), "no second DWR while one is pending");
    assert_eq!(watchdog_moves(&out), [(Some(watchdog::State::OKAY), Some(watchdog::State::SUSPECT))]);
    assert!(reports(&out).contains(&PeerEvent::Failover));
    let tw4 = p.poll_timeout().unwrap();
    let out = p.handle_timeout(tw4);
    assert_eq!(closes(&out), [conn]);
    assert_eq!(watchdog_moves(&out), [(Some(watchdog::State::SUSPECT), Some(watchdog::State::DOWN))]);
    assert_eq!(p.state(), State::Closed);
    // Row 16: the next expiry attempts to reopen.
    let tw5 = p.poll_timeout().unwrap();
    assert!((secs(4)..=secs(8)).contains(&(tw5 - tw4)));
    assert_eq!(connects(&p.handle_timeout(tw5)).len(), 1);
}

/// RFC 6733 §3: reserved command flags are ignored by the receiver, so a DWA with one set is the
/// answer to the DWR all the same.
#[test]
fn a_dwa_with_a_reserved_command_flag_answers_the_watchdog() {
    let (mut p, conn) = open_initiator();
    let tw = p.poll_timeout().unwrap();
    let (_, Message::Dwr(dwr)) = only_send(&p.handle_timeout(tw)) else { panic!() };
    let mut answer = bytes(&their_dwa(&dwr));
    answer[4] |= 0x08;
    let out = p.receive(tw + ms(10), conn, &answer);
    assert!(out.is_empty(), "{out:#?}");
    assert!(!p.watchdog_ref().pending());
    let out = p.handle_timeout(p.poll_timeout().unwrap());
    assert!(!reports(&out).contains(&PeerEvent::Failover), "{out:#?}");
    assert_eq!(only_send(&out).1.name(), "DWR", "the next DWR, not a failover");
}

#[test]
fn a_dpr_is_answered_and_the_peer_closes() {
    for cause in [DisconnectCause::Rebooting, DisconnectCause::Busy, DisconnectCause::DoNotWantToTalkToYou] {
        let (mut p, conn) = open_initiator();
        let dpr = their_dpr(cause);
        let out = p.receive(secs(1), conn, &bytes(&dpr));
        let (to, Message::Dpa(dpa)) = only_send(&out) else { panic!("{out:#?}") };
        assert_eq!((to, dpa.hop_by_hop, dpa.end_to_end, dpa.result_code), (conn, 0x3000, 0x4000, DIAMETER_SUCCESS));
        let reconnect = cause == DisconnectCause::Rebooting;
        assert!(reports(&out).contains(&PeerEvent::DisconnectRequested { cause, reconnect }));
        assert!(closes(&out).is_empty(), "the DPR's sender closes the connection (§5.4)");
        assert_eq!(p.state(), State::Closing);
        // The peer disconnects: Closed, and the watchdog fails over (row 22).
        let out = p.transport_down(secs(1) + ms(10), conn);
        assert_eq!(p.state(), State::Closed);
        assert_eq!(watchdog_moves(&out), [(Some(watchdog::State::OKAY), Some(watchdog::State::DOWN))]);
        assert!(reports(&out).contains(&PeerEvent::Failover));
        // After REBOOTING, Tw reconnects; after BUSY or DO_NOT_WANT_TO_TALK_TO_YOU, it does not
        // (§5.4.3 "SHOULD NOT attempt reconnection") until the application starts the peer again.
        let mut attempts = 0;
        for _ in 0..3 {
            let tw = p.poll_timeout().unwrap();
            attempts += connects(&p.handle_timeout(tw)).len();
            if attempts > 0 {
                break;
            }
        }
        assert_eq!(attempts > 0, reconnect, "{cause:?}");
        if !reconnect {
            let now = secs(60);
            assert_eq!(connects(&p.start(now)).len(), 1, "start() allows it again");
        }
    }
}

#[test]
fn after_a_dpa_the_peer_that_does_not_disconnect_is_disconnected_at_the_timeout() {
    let (mut p, conn) = open_responder();
    let out = p.receive(secs(1), conn, &bytes(&their_dpr(DisconnectCause::Rebooting)));
    assert_eq!(only_send(&out).1.name(), "DPA");
    // Tw may expire first (a DWR is not sent in Closing); the Timeout closes.
    let mut out = Vec::new();
    while closes(&out).is_empty() {
        let deadline = p.poll_timeout().unwrap();
        assert!(deadline <= secs(6));
        out = p.handle_timeout(deadline);
        if !closes(&out).is_empty() {
            assert_eq!(deadline, secs(1) + secs(5), "the Timeout of Closing");
        }
    }
    assert_eq!(closes(&out), [conn]);
    assert!(
        reports(&out)
            .contains(&PeerEvent::Error(PeerError::Failed { state: State::Closing, event: Event::TimeoutExpiry }))
    );
    assert_eq!(p.state(), State::Closed);
}

#[test]
fn stop_sends_a_dpr_and_closes_on_the_dpa() {
    for (mut p, conn) in [open_initiator(), open_responder()] {
        let out = p.stop(secs(2), DisconnectCause::DoNotWantToTalkToYou);
        let (to, Message::Dpr(dpr)) = only_send(&out) else { panic!("{out:#?}") };
        assert_eq!((to, dpr.disconnect_cause), (conn, DisconnectCause::DoNotWantToTalkToYou));
        assert_eq!((p.state(), p.watchdog_state()), (State::Closing, None));
        let out = p.receive(secs(2) + ms(10), conn, &bytes(&their_dpa(&dpr)));
        assert_eq!(closes(&out), [conn], "the DPA's receiver disconnects (§5.4)");
        assert_eq!(p.state(), State::Closed);
        assert!(!reports(&out).contains(&PeerEvent::Failover), "a stop is not a failure");
        assert_eq!(p.poll_timeout(), None, "nothing left to do");
    }
}

/// RFC 6733 §5.4: every DPR is answered with a DPA, one that crosses ours too (both sides stop at
/// once): the peer's DPR is answered in Closing, on either connection, and the DPA to ours closes.
#[test]
fn a_dpr_that_crosses_ours_is_answered() {
    for (mut p, conn) in [open_initiator(), open_responder()] {
        let out = p.stop(secs(1), DisconnectCause::Rebooting);
        let (_, Message::Dpr(ours)) = only_send(&out) else { panic!("{out:#?}") };
        let out = p.receive(secs(1) + ms(5), conn, &bytes(&their_dpr(DisconnectCause::Busy)));
        let (to, Message::Dpa(dpa)) = only_send(&out) else { panic!("{out:#?}") };
        assert_eq!((to, dpa.hop_by_hop, dpa.end_to_end, dpa.result_code), (conn, 0x3000, 0x4000, DIAMETER_SUCCESS));
        assert!(closes(&out).is_empty());
        assert_eq!(p.state(), State::Closing, "still waiting for the DPA to our DPR");
        let out = p.receive(secs(1) + ms(10), conn, &bytes(&their_dpa(&ours)));
        assert_eq!(closes(&out), [conn]);
        assert_eq!(p.state(), State::Closed);
        assert!(!reports(&out).iter().any(|e| matches!(e, PeerEvent::Error(_))), "{out:#?}");
    }
}

#[test]
fn stop_without_a_dpa_closes_at_the_timeout() {
    let (mut p, conn) = open_initiator();
    p.stop(secs(2), DisconnectCause::Rebooting);
    let out = p.handle_timeout(secs(7));
    assert_eq!(closes(&out), [conn]);
    assert_eq!(p.state(), State::Closed);
}

/// The machine's transitions in `out`, as (from, to, event).
fn moves(out: &[Output]) -> Vec<(State, State, Event)> {
    reports(out)
        .into_iter()
        .filter_map(|e| match e {
            PeerEvent::State { from, to, event } => Some((from, to, event)),
            _ => None,
        })
        .collect()
}

/// Stop while a connection is being set up is the spec's Abort (§5.6.1 has no Stop there): the
/// connection is closed, without DPR, and the machine goes to Closed on Stop.
#[test]
fn stop_while_connecting_aborts_the_connection() {
    let mut p = new_peer(client_config());
    let out = p.start(Duration::ZERO);
    let [conn] = connects(&out)[..] else { panic!() };
    let out = p.stop(ms(1), DisconnectCause::Rebooting);
    assert_eq!(closes(&out), [conn]);
    assert!(sends(&out).is_empty(), "{out:#?}");
    assert_eq!(moves(&out), [(State::Wait_Conn_Ack, State::Closed, Event::Stop)]);
    assert_eq!((p.state(), p.poll_timeout()), (State::Closed, None));
    // A connection reported late is closed.
    assert_eq!(closes(&p.transport_up(ms(2), conn)), [conn]);
    // Waiting for the CEA: aborted too, and the CEA that comes late opens nothing.
    let mut p = new_peer(client_config());
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let out = p.stop(ms(1), DisconnectCause::Rebooting);
    assert_eq!(closes(&out), [conn]);
    assert!(sends(&out).is_empty(), "no DPR before the capabilities exchange: {out:#?}");
    assert_eq!(moves(&out), [(State::Wait_I_CEA, State::Closed, Event::Stop)]);
    assert_eq!((p.state(), p.poll_timeout()), (State::Closed, None));
    assert!(p.receive(ms(2), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4]))).is_empty());
    assert_eq!(p.state(), State::Closed);
}

/// Stop during the election closes both connections, the accepted one first and without a CEA
/// (neither DIAMETER_SUCCESS nor ELECTION_LOST: the election is abandoned), from Wait-Returns
/// and from Wait-Conn-Ack/Elect alike.
#[test]
fn stop_during_the_election_aborts_both_connections() {
    // Lost the election: Wait-Returns, waiting for the CEA on the initiated connection.
    let (mut p, initiated, _, accepted, _) = crossing("a.example.net", "z.example.net");
    assert_eq!(p.state(), State::Wait_Returns);
    let out = p.stop(ms(3), DisconnectCause::Rebooting);
    assert_eq!(closes(&out), [accepted, initiated]);
    assert!(sends(&out).is_empty(), "{out:#?}");
    assert_eq!(moves(&out), [(State::Wait_Returns, State::Closed, Event::Stop)]);
    assert_eq!((p.state(), p.poll_timeout(), p.open_connection()), (State::Closed, None, None));

    // The CER came while connecting: Wait-Conn-Ack/Elect.
    let mut c = client_config();
    c.capabilities.origin_host = "z.example.net".into();
    let mut p = new_peer(c);
    let [initiated] = connects(&p.start(Duration::ZERO))[..] else { panic!() };
    let (accepted, _) = p.transport_accepted(ms(1));
    p.receive(ms(2), accepted, &bytes(&Message::Cer(their_cer("a.example.net", &[4]))));
    assert_eq!(p.state(), State::Wait_Conn_Ack_Elect);
    let out = p.stop(ms(3), DisconnectCause::Rebooting);
    assert_eq!(closes(&out), [accepted, initiated]);
    assert!(sends(&out).is_empty(), "{out:#?}");
    assert_eq!(moves(&out), [(State::Wait_Conn_Ack_Elect, State::Closed, Event::Stop)]);
    assert_eq!((p.state(), p.poll_timeout()), (State::Closed, None));
    // The initiated connection, reported established late, is closed and elects nothing.
    let out = p.transport_up(ms(4), initiated);
    assert_eq!(closes(&out), [initiated]);
    assert!(sends(&out).is_empty() && reports(&out).is_empty(), "{out:#?}");
}

/// Stop where nothing is being set up is not an abort: ignored in Closed and in Closing (the DPR
/// already went out).
#[test]
fn stop_in_closed_or_closing_changes_nothing() {
    let mut p = new_peer(client_config());
    assert!(p.stop(ms(1), DisconnectCause::Rebooting).is_empty());
    assert_eq!(p.state(), State::Closed);
    let (mut p, conn) = open_initiator();
    let (_, Message::Dpr(_)) = only_send(&p.stop(secs(1), DisconnectCause::Rebooting)) else { panic!() };
    let deadline = p.poll_timeout();
    let out = p.stop(secs(2), DisconnectCause::Busy);
    assert!(out.is_empty(), "{out:#?}");
    assert_eq!(
        (p.state(), p.poll_timeout(), p.open_connection()),
        (State::Closing, deadline, Some((conn, Role::Initiator)))
    );
}
