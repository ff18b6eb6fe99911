//! The watchdog (RFC 3539) over a reopened connection, and two peers on a simulated network.

use std::collections::HashSet;
use std::time::Duration;

use super::{connects, ms, only_send, open_initiator, reports, secs, watchdog_moves};
use crate::support::fixtures::{bytes, request, their_cea, their_dwa, their_dwr};
use crate::support::peer_sim::{LATENCY, Sim, config, peer};
use rfc_fsm::diameter::codec::result_code::DIAMETER_SUCCESS;
use rfc_fsm::diameter::codec::{DisconnectCause, Message};
use rfc_fsm::diameter::peer::{DiscardReason, Event, PeerEvent, State};
use rfc_fsm::watchdog;

// --- Reopen (RFC 3539 rows 21, 5, 6, 7) ---------------------------------------------------------

#[test]
fn a_reopened_connection_returns_to_service_after_three_answered_watchdogs() {
    let (mut p, conn) = open_initiator();
    // The connection breaks: DOWN.
    let out = p.transport_down(secs(1), conn);
    assert!(reports(&out).contains(&PeerEvent::Failover));
    let tw = p.poll_timeout().unwrap();
    let [conn] = connects(&p.handle_timeout(tw))[..] else { panic!() };
    let out = p.transport_up(tw + ms(1), conn);
    let (_, Message::Cer(cer)) = only_send(&out) else { panic!() };
    let out = p.receive(tw + ms(2), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    // Row 21: REOPEN, and a DWR at once.
    assert_eq!(watchdog_moves(&out), [(Some(watchdog::State::DOWN), Some(watchdog::State::REOPEN))]);
    let (_, Message::Dwr(dwr)) = only_send(&out) else { panic!("{out:#?}") };
    // Row 7: what is not a DWA is thrown away; a DWR is still answered.
    let ccr = request(272, 4, vec![]);
    let out = p.receive(tw + ms(3), conn, &ccr.encode().unwrap());
    let reason = DiscardReason::NotInService;
    assert_eq!(reports(&out), [PeerEvent::Discarded { conn, command_code: 272, hop_by_hop: 77, reason }]);
    assert_eq!(only_send(&p.receive(tw + ms(3), conn, &bytes(&their_dwr(9)))).1.name(), "DWA");
    // Three DWAs, one per Tw: failback on the third (rows 6, 6, 5).
    let mut dwr = dwr;
    for n in 1..=3 {
        let out = p.receive(p.poll_timeout().unwrap() - ms(1), conn, &bytes(&their_dwa(&dwr)));
        if n < 3 {
            assert!(out.is_empty(), "DWA {n}: {out:#?}");
            assert_eq!(p.watchdog_state(), Some(watchdog::State::REOPEN));
            let expiry = p.poll_timeout().unwrap();
            let out = p.handle_timeout(expiry);
            let (_, Message::Dwr(next)) = only_send(&out) else { panic!("{out:#?}") };
            dwr = next;
        } else {
            assert_eq!(
                reports(&out),
                [
                    PeerEvent::Watchdog { from: Some(watchdog::State::REOPEN), to: Some(watchdog::State::OKAY) },
                    PeerEvent::Failback
                ]
            );
        }
    }
    let ccr = request(272, 4, vec![]);
    let out = p.receive(p.poll_timeout().unwrap() - ms(1), conn, &ccr.encode().unwrap());
    assert!(matches!(reports(&out)[..], [PeerEvent::Received { .. }]));
}

// --- Two peers, simulated network ---------------------------------------------------------------

fn pair(twinit_a: u64, twinit_b: u64, seed: u64) -> Sim {
    let a = peer(config("a.example.net", true, twinit_a), seed);
    let b = peer(config("b.example.net", false, twinit_b), seed + 1000);
    let mut sim = Sim::new(a, b);
    sim.start(1);
    sim.start(0);
    sim.run_for(secs(1));
    for side in [0, 1] {
        assert_eq!(sim.peers[side].watchdog_state(), Some(watchdog::State::OKAY), "side {side}");
    }
    sim
}

/// Every DWR of `from` sent since `since` (and long enough ago) is answered by the other side
/// with a DWA of the same identifiers.
fn all_answered(sim: &Sim, from: usize, since: Duration) -> usize {
    let dwrs: Vec<_> =
        sim.sent(from, "DWR").into_iter().filter(|w| w.at >= since && w.at + 2 * LATENCY <= sim.now).collect();
    let dwas: HashSet<(u32, u32)> = sim
        .sent(1 - from, "DWA")
        .iter()
        .map(|w| {
            let h = w.message.header();
            (h.hop_by_hop, h.end_to_end)
        })
        .collect();
    for dwr in &dwrs {
        let h = dwr.message.header();
        assert!(dwas.contains(&(h.hop_by_hop, h.end_to_end)), "DWR {:#x} of side {from} unanswered", h.hop_by_hop);
    }
    dwrs.len()
}

#[test]
fn watchdogs_flow_both_ways_at_tw_and_each_side_answers() {
    for seed in 0..8 {
        let mut sim = pair(6, 6, seed);
        sim.run_for(secs(600));
        let (a, b) = (all_answered(&sim, 0, Duration::ZERO), all_answered(&sim, 1, Duration::ZERO));
        assert!(a > 0 && b > 0, "seed {seed}: DWRs sent {a} and {b}");
        assert!(a + b >= 600 / 8, "seed {seed}: at least one DWR per Twinit + 2 s: {}", a + b);
        // Each DWR goes out Tw (Twinit +/- 2 s) after its sender's timer was last set: by the
        // sender's previous DWR (row 12) or by a message it received (rows 1, 2).
        for side in [0, 1] {
            for dwr in sim.sent(side, "DWR") {
                let set = sim
                    .wire
                    .iter()
                    .filter_map(|w| match w.from == side {
                        true if w.message.name() == "DWR" => Some(w.at),
                        true => None,
                        false => Some(w.at + LATENCY),
                    })
                    .filter(|&t| t < dwr.at)
                    .max()
                    .unwrap();
                let tw = dwr.at - set;
                assert!((secs(4)..=secs(8)).contains(&tw), "seed {seed}: side {side} DWR at {:?}: {tw:?}", dwr.at);
            }
        }
        assert_eq!(sim.peers[0].watchdog_ref().counters().failovers, 0);
    }
}

#[test]
fn a_frozen_peer_is_failed_over_then_reopened_after_three_watchdogs() {
    for seed in 0..8 {
        let mut sim = pair(6, 30, seed);
        sim.run_for(secs(20));
        let frozen_at = sim.now;
        sim.freeze(1);
        sim.run_for(secs(60));
        let a = sim.events_of(0);
        let moves: Vec<(Duration, Option<watchdog::State>)> = a
            .iter()
            .filter_map(|(t, e)| match e {
                PeerEvent::Watchdog { to, .. } if *t > frozen_at => Some((*t, *to)),
                _ => None,
            })
            .collect();
        let [(suspect_at, Some(watchdog::State::SUSPECT)), (down_at, Some(watchdog::State::DOWN)), ..] = moves[..]
        else {
            panic!("seed {seed}: {moves:?}")
        };
        // The last DWR went out at an expiry; SUSPECT one Tw later (row 13), DOWN one more (14).
        let last_dwr = sim.sent(0, "DWR").iter().map(|w| w.at).filter(|&t| t < suspect_at).max().unwrap();
        assert!((secs(4)..=secs(8)).contains(&(suspect_at - last_dwr)), "seed {seed}");
        assert!((secs(4)..=secs(8)).contains(&(down_at - suspect_at)), "seed {seed}");
        assert!(a.contains(&(suspect_at, PeerEvent::Failover)));
        assert_eq!(sim.peers[0].state(), State::Closed);
        // While frozen, each Tw attempts to reopen (row 16), in vain.
        let attempts =
            a.iter().filter(|(t, e)| *t > down_at && matches!(e, PeerEvent::State { event: Event::Start, .. }));
        assert!(attempts.count() >= 3, "seed {seed}");

        // Back: reconnected, REOPEN, three DWRs answered, failback.
        let thawed_at = sim.now;
        sim.thaw(1);
        sim.run_for(secs(60));
        let a = sim.events_of(0);
        let after: Vec<&PeerEvent> = a.iter().filter(|(t, _)| *t > thawed_at).map(|(_, e)| e).collect();
        let reopen =
            after.iter().position(|e| matches!(e, PeerEvent::Watchdog { to: Some(watchdog::State::REOPEN), .. }));
        let failback = after.iter().position(|e| **e == PeerEvent::Failback);
        let (Some(reopen), Some(failback)) = (reopen, failback) else { panic!("seed {seed}: {after:#?}") };
        assert!(reopen < failback);
        let reopen_at = a.iter().filter(|(t, _)| *t > thawed_at).nth(reopen).unwrap().0;
        let failback_at = a.iter().filter(|(t, _)| *t > thawed_at).nth(failback).unwrap().0;
        let dwrs = sim.sent(0, "DWR").into_iter().filter(|w| w.at >= reopen_at && w.at <= failback_at).count();
        assert_eq!(dwrs, 3, "seed {seed}: three watchdogs before failback");
        assert_eq!(sim.peers[0].watchdog_state(), Some(watchdog::State::OKAY));
        all_answered(&sim, 0, thawed_at);
    }
}

#[test]
fn two_peers_disconnect_cleanly() {
    let mut sim = pair(6, 6, 3);
    sim.run_for(secs(10));
    let out = sim.peers[0].stop(sim.now, DisconnectCause::Rebooting);
    sim.apply(0, out);
    sim.run_for(secs(1));
    assert_eq!(sim.peers[0].state(), State::Closed);
    assert_eq!(sim.peers[1].state(), State::Closed);
    let names: Vec<&str> = sim.wire.iter().rev().take(2).map(|w| w.message.name()).collect();
    assert_eq!(names, ["DPA", "DPR"]);
    // The other side saw the DPR and the disconnection; it fails over, as RFC 3539 says.
    assert!(sim.events_of(1).iter().any(|(_, e)| matches!(e, PeerEvent::DisconnectRequested { .. })));
    assert_eq!(sim.peers[1].watchdog_state(), Some(watchdog::State::DOWN));
    assert_eq!(sim.peers[0].watchdog_state(), None);
}

#[test]
fn two_peers_that_stop_at_once_disconnect_cleanly() {
    let mut sim = pair(6, 6, 5);
    sim.run_for(secs(10));
    for side in [0, 1] {
        let out = sim.peers[side].stop(sim.now, DisconnectCause::Rebooting);
        sim.apply(side, out);
    }
    sim.run_for(secs(1));
    for side in [0, 1] {
        assert_eq!(sim.peers[side].state(), State::Closed, "side {side}");
        assert_eq!(sim.sent(side, "DPR").len(), 1);
        assert_eq!(sim.sent(side, "DPA").len(), 1, "side {side} answers the DPR that crossed its own");
        let errors: Vec<_> =
            sim.events_of(side).into_iter().filter(|(_, e)| matches!(e, PeerEvent::Error(_))).collect();
        assert!(errors.is_empty(), "side {side}: {errors:#?}");
    }
}
