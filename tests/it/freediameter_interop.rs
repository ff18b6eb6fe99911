//! Our Diameter peer against a second implementation nobody here wrote: freeDiameter's daemon
//! (`tests/it/support/freediameter.rs`), on loopback TCP, no SCTP, without TLS and with it. Both
//! directions of the capabilities exchange; DWR/DWA both ways; the daemon frozen with SIGSTOP
//! taking our watchdog through SUSPECT (failover) and DOWN, and after SIGCONT back through REOPEN
//! to OKAY (failback) after three answered watchdogs; DPR/DPA both ways. tshark decodes the pcap
//! file of our side as Diameter with nothing malformed. Over TLS from the first octet (RFC 6733
//! §13.1), both directions with both certificates checked, and a daemon whose certificate names
//! another host than the one we mean to reach, refused. Each run's trace, ours and the daemon's
//! log, is printed.
//!
//! Our Twinit is 3 s when we connect (through `watchdog::Config::for_testing_below_rfc_minimum`,
//! so Tw is drawn in [1 s, 5 s]: our DWRs keep the daemon's own at bay), and 10 s when the
//! daemon connects (its Tw, 6 s, the least it accepts, is then the shorter: its DWRs come and we
//! answer them).

use crate::support::driver::*;
use crate::support::fixtures::*;
use crate::support::freediameter::{self, FreeDiameter, freediameter_available};
use rfc_fsm::diameter::codec::DisconnectCause;
use rfc_fsm::diameter::driver::{Direction, Event, Mode, TraceEntry, TransportEvent};
use rfc_fsm::diameter::peer::{PeerEvent, RELAY_APPLICATION_ID};
use rfc_fsm::watchdog::State;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// Our longest Tw with a Twinit of 3 s: Twinit plus the jitter.
const TW_MAX: Duration = Duration::from_secs(5);

fn our_config(host: &str, pcap: &std::path::Path, twinit: Duration) -> rfc_fsm::diameter::driver::DriverConfig {
    let mut peer = peer_config(host, twinit, Duration::from_secs(2));
    peer.peer_host = Some(freediameter::IDENTITY.to_owned());
    // freeDiameter has no application here but the relay one: a CER that does not share it is
    // answered with DIAMETER_NO_COMMON_APPLICATION.
    peer.capabilities.auth_application_ids = vec![RELAY_APPLICATION_ID];
    driver_config(peer, 6733, Some(pcap.to_owned()))
}

/// Our trace and the daemon's log, printed for the record.
fn record(name: &str, ours: &Running, trace: &[TraceEntry], fd: &FreeDiameter) {
    let mut text = String::new();
    for e in trace {
        text.push_str(&format!("ours {e}\n"));
    }
    for (at, event) in ours.peer_events() {
        if let PeerEvent::Watchdog { to, .. } = event {
            text.push_str(&format!("ours {:>9.3}s    watchdog -> {to:?}\n", at.as_secs_f64()));
        }
    }
    println!("--- {name}: our trace\n{text}--- freeDiameter's log\n{}", fd.log());
}

fn count(trace: &[TraceEntry], command: &str, direction: Direction, from: Duration, to: Duration) -> usize {
    trace.iter().filter(|e| e.command == command && e.direction == direction && e.at >= from && e.at < to).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn we_connect_to_freediameter_and_its_freeze_takes_our_watchdog_down_and_back() {
    if !freediameter_available() {
        return;
    }
    // The daemon's own connection attempts go to a port where nothing listens.
    let nowhere = std::net::SocketAddr::from(([127, 0, 0, 1], freediameter::free_port()));
    let fd = blocking(|| FreeDiameter::spawn("connect", "rust.example.net", nowhere, 6, 30));
    let (_scratch, pcap) = temp("freediameter-connect.pcap");
    let config = our_config("rust.example.net", &pcap, Duration::from_secs(3));
    let started = Instant::now();
    let mut ours = launch(config, Mode::Connect(fd.addr()));

    ours.wait("OKAY", Duration::from_secs(15), |r| reached(r, State::OKAY, Duration::ZERO).is_some()).await;
    let dwas =
        |r: &Running| r.trace().iter().filter(|e| e.command == "DWA" && e.direction == Direction::Received).count();
    ours.wait("three answered DWRs", TW_MAX * 3 + SLACK * 3, |r| dwas(r) >= 3).await;
    every_dwr_answered(&ours.trace(), SLACK);

    // Freeze the daemon: SUSPECT with failover, then DOWN.
    blocking(|| fd.suspend());
    let frozen_at = started.elapsed();
    ours.wait("DOWN", TW_MAX * 3 + SLACK * 3, |r| reached(r, State::DOWN, frozen_at).is_some()).await;
    let suspect = reached(&ours, State::SUSPECT, frozen_at).expect("SUSPECT before DOWN");
    let down = reached(&ours, State::DOWN, frozen_at).unwrap();
    assert!(suspect < down);
    let failovers = ours.peer_events().iter().filter(|(_, e)| *e == PeerEvent::Failover).count();
    assert_eq!(failovers, 1, "one failover");

    // Let it go: we reconnect, REOPEN, three answered watchdogs, OKAY with failback.
    blocking(|| fd.resume());
    ours.wait("OKAY again", TW_MAX * 8 + Duration::from_secs(15), |r| reached(r, State::OKAY, down).is_some()).await;
    let reopen = reached(&ours, State::REOPEN, down).expect("REOPEN before OKAY");
    let okay = reached(&ours, State::OKAY, down).unwrap();
    let trace = ours.trace();
    let answered = count(&trace, "DWA", Direction::Received, reopen, okay + Duration::from_millis(1));
    assert_eq!(answered, 3, "three DWAs in REOPEN before OKAY (RFC 3539 §3.4.1)");
    // freeDiameter, reopening too, sends its own watchdogs in a burst; ours stay one per Tw.
    let ours_in_reopen: Vec<Duration> = trace
        .iter()
        .filter(|e| e.command == "DWR" && e.direction == Direction::Sent && e.at >= reopen && e.at <= okay)
        .map(|e| e.at)
        .collect();
    let tw_low = Duration::from_secs(3) - rfc_fsm::watchdog::JITTER - SLACK;
    for pair in ours_in_reopen.windows(2) {
        assert!(pair[1] - pair[0] >= tw_low, "our DWRs in REOPEN {:?} apart", pair[1] - pair[0]);
    }
    let failbacks = ours.peer_events().iter().filter(|(_, e)| *e == PeerEvent::Failback).count();
    assert_eq!(failbacks, 1, "one failback");

    // DPR/DPA: we disconnect, the daemon answers.
    let report = ours.stop(DisconnectCause::DoNotWantToTalkToYou).await;
    record("connect", &ours, &report.trace, &fd);
    let tail: Vec<(&str, Direction)> = report.trace.iter().rev().take(2).map(|e| (e.command, e.direction)).collect();
    assert_eq!(tail, [("DPA", Direction::Received), ("DPR", Direction::Sent)], "ends with DPR/DPA");
    tshark_agrees(&pcap, &report.trace);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn freediameter_connects_to_us_we_answer_its_dwrs_and_its_dpr() {
    if !freediameter_available() {
        return;
    }
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (_scratch, pcap) = temp("freediameter-listen.pcap");
    let config = our_config("rust-listener.example.net", &pcap, Duration::from_secs(10));
    let mut ours = launch(config, Mode::Listen(listener));
    let mut fd = blocking(|| FreeDiameter::spawn("listen", "rust-listener.example.net", address, 6, 1));

    ours.wait("OKAY", Duration::from_secs(20), |r| reached(r, State::OKAY, Duration::ZERO).is_some()).await;
    assert!(
        ours.peer_events()
            .iter()
            .any(|(_, e)| matches!(e, PeerEvent::Open { role: rfc_fsm::diameter::peer::Role::Responder, .. })),
        "the daemon's CER opened the connection"
    );
    let dwrs =
        |r: &Running| r.trace().iter().filter(|e| e.command == "DWR" && e.direction == Direction::Received).count();
    // Its Tw is 6 s with a jitter of up to 2 s.
    ours.wait("two DWRs from the daemon", Duration::from_secs(8) * 2 + SLACK * 2, |r| dwrs(r) >= 2).await;
    every_dwr_answered(&ours.trace(), SLACK);

    // The daemon stops: its DPR, our DPA.
    blocking(|| fd.terminate(Duration::from_secs(30)));
    ours.wait("DPR answered", Duration::from_secs(10), |r| {
        r.trace().iter().any(|e| e.command == "DPA" && e.direction == Direction::Sent)
    })
    .await;
    let report = ours.stop(DisconnectCause::Rebooting).await;
    record("listen", &ours, &report.trace, &fd);
    let dpr = report.trace.iter().position(|e| e.command == "DPR" && e.direction == Direction::Received);
    let dpa = report.trace.iter().position(|e| e.command == "DPA" && e.direction == Direction::Sent);
    assert!(dpr.is_some() && dpa > dpr, "DPR received, then DPA sent: {:#?}", report.trace);
    tshark_agrees(&pcap, &report.trace);
}

// --- Over TLS, from the first octet (RFC 6733 §13.1) ---------------------------------------------

/// Our configuration over TLS: a certificate naming our Origin-Host, from the CA both trust.
fn our_tls_config(host: &str, pcap: &std::path::Path) -> rfc_fsm::diameter::driver::DriverConfig {
    let mut config = our_config(host, pcap, Duration::from_secs(3));
    config.tls = Some(crate::support::tls::node(host));
    config
}

fn mismatches(r: &Running) -> Vec<PeerEvent> {
    r.peer_events().into_iter().map(|(_, e)| e).filter(|e| matches!(e, PeerEvent::IdentityMismatch { .. })).collect()
}

/// We connect to freeDiameter's secure port: TLS with both certificates checked, CER/CEA with
/// its Origin-Host bound to its certificate, a DWR answered each way, DPR/DPA.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn we_connect_to_freediameter_over_tls() {
    if !freediameter_available() {
        return;
    }
    let nowhere = std::net::SocketAddr::from(([127, 0, 0, 1], freediameter::free_port()));
    let fd =
        blocking(|| FreeDiameter::spawn_tls("tls-connect", "rust.example.net", nowhere, 6, 30, freediameter::IDENTITY));
    let (_scratch, pcap) = temp("freediameter-tls-connect.pcap");
    let mut ours = launch(our_tls_config("rust.example.net", &pcap), Mode::Connect(fd.addr()));
    ours.wait("OKAY", Duration::from_secs(15), |r| reached(r, State::OKAY, Duration::ZERO).is_some()).await;
    let dwa = |r: &Running| r.trace().iter().any(|e| e.command == "DWA" && e.direction == Direction::Received);
    ours.wait("our DWR answered", TW_MAX + SLACK * 2, dwa).await;
    let report = ours.stop(DisconnectCause::DoNotWantToTalkToYou).await;
    record("tls-connect", &ours, &report.trace, &fd);
    assert!(mismatches(&ours).is_empty());
    let tail: Vec<(&str, Direction)> = report.trace.iter().rev().take(2).map(|e| (e.command, e.direction)).collect();
    assert_eq!(tail, [("DPA", Direction::Received), ("DPR", Direction::Sent)], "ends with DPR/DPA");
    assert!(fd.lines().iter().any(|(_, l)| l.contains("TLS")), "freeDiameter spoke TLS:\n{}", fd.log());
}

/// freeDiameter connects to us over TLS: its CER, with its Origin-Host bound to its
/// certificate, opens the connection; we answer its DWR... or it ours; then its DPR.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn freediameter_connects_to_us_over_tls() {
    if !freediameter_available() {
        return;
    }
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (_scratch, pcap) = temp("freediameter-tls-listen.pcap");
    let mut ours = launch(our_tls_config("rust-listener.example.net", &pcap), Mode::Listen(listener));
    let mut fd = blocking(|| {
        FreeDiameter::spawn_tls("tls-listen", "rust-listener.example.net", address, 6, 1, freediameter::IDENTITY)
    });
    ours.wait("OKAY", Duration::from_secs(20), |r| reached(r, State::OKAY, Duration::ZERO).is_some()).await;
    let opened = ours
        .peer_events()
        .iter()
        .any(|(_, e)| matches!(e, PeerEvent::Open { role: rfc_fsm::diameter::peer::Role::Responder, .. }));
    assert!(opened, "the daemon's CER opened the connection");
    let dwa = |r: &Running| r.trace().iter().any(|e| e.command == "DWA");
    ours.wait("a DWR answered", TW_MAX + SLACK * 2, dwa).await;
    blocking(|| fd.terminate(Duration::from_secs(30)));
    ours.wait("DPR answered", Duration::from_secs(10), |r| {
        r.trace().iter().any(|e| e.command == "DPA" && e.direction == Direction::Sent)
    })
    .await;
    let report = ours.stop(DisconnectCause::Rebooting).await;
    record("tls-listen", &ours, &report.trace, &fd);
    assert!(mismatches(&ours).is_empty());
}

/// We mean to reach `hss.example.org`, and freeDiameter's certificate names another host (its
/// own, `fd.example.org`; freeDiameter will not start with a certificate that does not name its
/// Identity, so it cannot present one for another host than its Origin-Host): the handshake fails
/// on our side, no CER is sent, and we say so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn freediameter_with_a_certificate_for_another_host_is_refused() {
    if !freediameter_available() {
        return;
    }
    let nowhere = std::net::SocketAddr::from(([127, 0, 0, 1], freediameter::free_port()));
    let fd =
        blocking(|| FreeDiameter::spawn_tls("tls-other", "rust.example.net", nowhere, 6, 30, freediameter::IDENTITY));
    let (_scratch, pcap) = temp("freediameter-tls-other.pcap");
    let mut config = our_tls_config("rust.example.net", &pcap);
    config.peer.peer_host = Some("hss.example.org".to_owned());
    let mut ours = launch(config, Mode::Connect(fd.addr()));
    let failed = |r: &Running| {
        r.events().iter().any(|e| {
            matches!(e, Event::Transport { event: TransportEvent::ConnectFailed(reason), .. } if reason.contains("TLS handshake failed"))
        })
    };
    ours.wait("the refusal", Duration::from_secs(15), failed).await;
    let report = ours.stop(DisconnectCause::Rebooting).await;
    record("tls-other", &ours, &report.trace, &fd);
    assert!(report.trace.is_empty(), "no CER sent: {:#?}", report.trace);
}
