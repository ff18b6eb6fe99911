//! Two of our peers over loopback TCP in real time, Tw under the RFC minimum through the testing
//! option; and bad octets over TCP.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use super::tcp_proxy;
use crate::support::driver::{
    Running, driver_config, dwrs_at_tw, every_dwr_answered, is_open, launch, own_dwrs_answered, reached, secs, temp,
    tshark_agrees,
};
use crate::support::fixtures::{bytes, peer_config, request, serving, their_cer, their_dwr};
use rfc_fsm::diameter::codec::result_code::{DIAMETER_APPLICATION_UNSUPPORTED, DIAMETER_MISSING_AVP, DIAMETER_SUCCESS};
use rfc_fsm::diameter::codec::{Avp, DisconnectCause, Framer, Message, avp_code, command_code};
use rfc_fsm::diameter::driver::{Direction, Mode, TraceEntry};
use rfc_fsm::diameter::peer::{PeerEvent, Role, State};
use rfc_fsm::watchdog;

// --- Over loopback TCP, in real time -------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_peers_over_tcp_exchange_watchdogs_both_ways_and_disconnect_cleanly() {
    let twinit = secs(3.0); // under the RFC's 6 s: Config::for_testing_below_rfc_minimum
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let mut server = launch(
        driver_config(serving(peer_config("server.example.net", twinit, secs(2.0)), "client.example.net"), 11, None),
        Mode::Listen(listener),
    );
    let (_scratch, pcap) = temp("exchange.pcap");
    let mut client = launch(
        driver_config(
            serving(peer_config("client.example.net", twinit, secs(2.0)), "server.example.net"),
            12,
            Some(pcap.clone()),
        ),
        Mode::Connect(address),
    );
    client.wait("capabilities exchange", secs(5.0), is_open).await;
    server.wait("capabilities exchange", secs(5.0), is_open).await;
    let open = client.peer_events().into_iter().find_map(|(_, e)| match e {
        PeerEvent::Open { role, peer, .. } => Some((role, peer)),
        _ => None,
    });
    let (role, remote) = open.unwrap();
    assert_eq!((role, remote.capabilities.origin_host.as_str()), (Role::Initiator, "server.example.net"));
    assert_eq!(remote.common_applications, [4]);

    // DWRs both ways: each side's Tw sometimes expires first. We stop at rest, every DWR of
    // ours answered: the stop stops our watchdog, which would not count a DWA still on its way
    // (closing.rs). Our next Tw is then at least 1 s away (Twinit 3 s - 2 s).
    let both_ways = |r: &Running| {
        let trace = r.trace();
        let count = |d| trace.iter().filter(|e| e.command == "DWR" && e.direction == d).count();
        count(Direction::Sent) >= 2 && count(Direction::Received) >= 2 && own_dwrs_answered(r)
    };
    client.wait("DWRs both ways, ours answered", secs(60.0), both_ways).await;

    let client_report = client.stop(DisconnectCause::Rebooting).await;
    server
        .wait("the disconnection", secs(5.0), |r| {
            r.peer_events().iter().any(|(_, e)| {
                *e == PeerEvent::State {
                    from: State::Closing,
                    to: State::Closed,
                    event: rfc_fsm::diameter::peer::Event::R_Peer_Disc,
                }
            })
        })
        .await;
    let server_report = server.stop(DisconnectCause::Rebooting).await;

    // The trace: CER/CEA first, DPR/DPA last, every DWR answered, each at Tw. The server's Tw
    // may expire while our DPR is on its way: its DWR, and our DWA, then come between the DPR
    // and the DPA (every DWR is answered while the connection is open).
    let trace = &client_report.trace;
    let names: Vec<&str> = trace.iter().map(|e| e.command).collect();
    assert_eq!(names[..2], ["CER", "CEA"], "{names:?}");
    assert_eq!(names.last(), Some(&"DPA"), "{names:?}");
    let dpr = names.iter().rposition(|n| *n == "DPR").unwrap_or_else(|| panic!("no DPR: {names:?}"));
    let watchdogs = names[2..dpr].iter().chain(&names[dpr + 1..names.len() - 1]);
    assert!(watchdogs.copied().all(|n| matches!(n, "DWR" | "DWA")), "{names:?}");
    every_dwr_answered(trace, Duration::ZERO);
    every_dwr_answered(&server_report.trace, Duration::ZERO);
    let slack = secs(0.25);
    assert!(dwrs_at_tw(trace, twinit, slack) >= 2);
    assert!(dwrs_at_tw(&server_report.trace, twinit, slack) >= 2);
    // Every DWR of ours answered, as both watchdogs count.
    assert_eq!(client_report.counters.dwa_received, client_report.counters.dwr_sent, "{names:?}");
    assert_eq!(server_report.counters.dwa_sent, client_report.counters.dwr_sent, "{names:?}");
    assert_eq!((client_report.counters.failovers, client_report.state), (0, State::Closed));
    // The server saw a clean disconnection with REBOOTING: it may be connected to again.
    assert!(
        server
            .peer_events()
            .iter()
            .any(|(_, e)| *e == PeerEvent::DisconnectRequested { cause: DisconnectCause::Rebooting, reconnect: true })
    );
    assert_eq!(client_report.pcap_error, None);
    tshark_agrees(&pcap, trace);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frozen_peer_over_tcp_is_failed_over_then_failed_back_after_three_watchdogs() {
    use watchdog::State::{DOWN, INITIAL, OKAY, REOPEN, SUSPECT};
    // The listening side runs the RFC's default Tw (30 s) so that only the connecting side's
    // watchdog acts within the test.
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let upstream = listener.local_addr().unwrap();
    let mut server = launch(
        driver_config(peer_config("server.example.net", secs(30.0), secs(2.0)), 21, None),
        Mode::Listen(listener),
    );
    let (freeze, frozen) = watch::channel(false);
    let proxy = tcp_proxy(upstream, frozen).await;
    let twinit = secs(3.0);
    let (_scratch, pcap) = temp("freeze.pcap");
    let mut client = launch(
        driver_config(
            serving(peer_config("client.example.net", twinit, secs(1.0)), "server.example.net"),
            22,
            Some(pcap.clone()),
        ),
        Mode::Connect(proxy),
    );
    client.wait("capabilities exchange", secs(5.0), is_open).await;
    tokio::time::sleep(secs(2.0)).await;

    freeze.send(true).unwrap();
    let frozen_at = client.trace().last().unwrap().at;
    client.wait("DOWN", secs(25.0), |r| reached(r, DOWN, frozen_at).is_some()).await;
    let suspect_at = reached(&client, SUSPECT, frozen_at).unwrap();
    let down_at = reached(&client, DOWN, frozen_at).unwrap();
    let trace = client.trace();
    let last_dwr = trace.iter().filter(|e| e.command == "DWR" && e.direction == Direction::Sent && e.at < suspect_at);
    let last_dwr = last_dwr.map(|e| e.at).max().unwrap();
    let slack = secs(0.25);
    let tw = |d: Duration| (twinit - watchdog::JITTER - slack..=twinit + watchdog::JITTER + slack).contains(&d);
    assert!(tw(suspect_at - last_dwr), "SUSPECT {:?} after the unanswered DWR", suspect_at - last_dwr);
    assert!(tw(down_at - suspect_at), "DOWN {:?} after SUSPECT", down_at - suspect_at);
    let events = client.peer_events();
    assert!(events.iter().any(|(at, e)| *at == suspect_at && *e == PeerEvent::Failover));

    // Back: the next AttemptOpen reconnects, REOPEN, three answered DWRs, failback.
    tokio::time::sleep(secs(1.5)).await;
    freeze.send(false).unwrap();
    client.wait("failback", secs(40.0), |r| r.peer_events().iter().any(|(_, e)| *e == PeerEvent::Failback)).await;
    let reopen_at = reached(&client, REOPEN, down_at).unwrap();
    let okay_at = reached(&client, OKAY, reopen_at).unwrap();
    let trace = client.trace();
    let validation: Vec<&TraceEntry> = trace
        .iter()
        .filter(|e| e.command == "DWR" && e.direction == Direction::Sent && e.at >= reopen_at && e.at <= okay_at)
        .collect();
    assert_eq!(validation.len(), 3, "three watchdogs validate the connection (RFC 3539 §3.4.1)");
    let moves: Vec<Option<watchdog::State>> = client.watchdog_moves().into_iter().map(|(_, to)| to).collect();
    assert_eq!(moves, [Some(INITIAL), Some(OKAY), Some(SUSPECT), Some(DOWN), Some(REOPEN), Some(OKAY)]);

    let report = client.stop(DisconnectCause::Rebooting).await;
    server.stop(DisconnectCause::Rebooting).await;
    every_dwr_answered(&report.trace[report.trace.iter().position(|e| e.at >= reopen_at).unwrap()..], Duration::ZERO);
    assert_eq!((report.counters.failovers, report.counters.failbacks), (1, 1));
    tshark_agrees(&pcap, &report.trace);
}

/// Sends `bytes`, reads one message back (`None` if the connection closes first).
async fn exchange(stream: &mut TcpStream, framer: &mut Framer, bytes: &[u8]) -> Option<Message> {
    stream.write_all(bytes).await.unwrap();
    let mut buffer = [0u8; 4096];
    loop {
        if let Some(message) = framer.next_message() {
            return Some(Message::decode(&message.unwrap()).unwrap());
        }
        let n = tokio::time::timeout(secs(5.0), stream.read(&mut buffer)).await.unwrap().unwrap_or(0);
        if n == 0 {
            return None;
        }
        framer.push(&buffer[..n]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_octets_over_tcp_are_answered_or_close_the_connection() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let mut server = launch(
        driver_config(peer_config("server.example.net", secs(30.0), secs(2.0)), 31, None),
        Mode::Listen(listener),
    );

    // Garbage first: no CER, closed.
    let mut stream = TcpStream::connect(address).await.unwrap();
    let mut framer = Framer::new();
    let garbage = bytes(&Message::Other(request(272, 4, vec![])));
    assert!(exchange(&mut stream, &mut framer, &garbage).await.is_none(), "the first message must be a CER");

    // A proper CER, then a DWR without Origin-Host, a request of an application not shared,
    // then a Message Length that loses the stream.
    let mut stream = TcpStream::connect(address).await.unwrap();
    let mut framer = Framer::new();
    let cer = Message::Cer(their_cer("raw.example.org", &[4]));
    let Some(Message::Cea(cea)) = exchange(&mut stream, &mut framer, &bytes(&cer)).await else { panic!() };
    assert_eq!(cea.result_code, DIAMETER_SUCCESS);
    let dwr = request(command_code::DEVICE_WATCHDOG, 0, vec![Avp::utf8(avp_code::ORIGIN_REALM, "example.org")]);
    let dwr = bytes(&Message::Other(dwr));
    let Some(Message::Dwa(dwa)) = exchange(&mut stream, &mut framer, &dwr).await else { panic!() };
    assert_eq!((dwa.result_code, dwa.hop_by_hop), (DIAMETER_MISSING_AVP, 77));
    let other = bytes(&Message::Other(request(272, 16_777_238, vec![])));
    let Some(Message::Other(answer)) = exchange(&mut stream, &mut framer, &other).await else { panic!() };
    assert_eq!(answer.result_code(), Some(DIAMETER_APPLICATION_UNSUPPORTED));
    // A good DWR still works.
    let good = their_dwr(9);
    let Some(Message::Dwa(dwa)) = exchange(&mut stream, &mut framer, &bytes(&good)).await else { panic!() };
    assert_eq!(dwa.result_code, DIAMETER_SUCCESS);
    // Message Length 8: the stream is unusable, the connection is closed.
    assert!(exchange(&mut stream, &mut framer, &[1, 0, 0, 8, 0x80, 0, 1, 24]).await.is_none());
    server.wait("the failover", secs(2.0), |r| r.peer_events().iter().any(|(_, e)| *e == PeerEvent::Failover)).await;
    let report = server.stop(DisconnectCause::Rebooting).await;
    assert_eq!(report.state, State::Closed);
}
