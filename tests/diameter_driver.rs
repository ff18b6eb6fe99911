//! The Diameter peer driver over tokio: two of our peers, one connecting and one listening,
//! over loopback TCP in real time (Tw under the RFC minimum through the testing option) and over
//! in-memory pipes on tokio's paused clock (the RFC's default Tw of 30 s). Capabilities exchange,
//! DWR/DWA both ways at Tw with every DWR answered, a frozen peer (a proxy that stops forwarding)
//! taking the watchdog through OKAY, SUSPECT (failover) and DOWN, the reconnection through REOPEN
//! to OKAY (failback) after three answered watchdogs, DPR/DPA closing cleanly; bad octets over
//! TCP; tshark decoding the pcap files the driver writes as Diameter, with nothing malformed.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

mod support;

use rfc_fsm::diameter::codec::result_code::{
    DIAMETER_APPLICATION_UNSUPPORTED, DIAMETER_MISSING_AVP, DIAMETER_SUCCESS, DIAMETER_UNKNOWN_PEER,
};
use rfc_fsm::diameter::codec::{
    Avp, Capabilities, Cer, CommandFlags, DisconnectCause, Dwr, Framer, Header, Message, RawMessage, avp_code,
    command_code,
};
use rfc_fsm::diameter::driver::{
    self, Connection, Connector, Direction, DriverConfig, DriverError, Event, Mode, TraceEntry, TransportEvent,
};
use rfc_fsm::diameter::pcap::placeholder;
use rfc_fsm::diameter::peer::{ConfigError, PeerError, PeerEvent, Role, State};
use rfc_fsm::watchdog;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};

use support::diameter::*;

// --- A proxy that can freeze --------------------------------------------------------------------

/// Copies from `r` to `w` until either ends; while `frozen`, what is read is dropped, as a peer
/// that stopped would.
async fn forward(mut r: impl AsyncRead + Unpin, mut w: impl AsyncWrite + Unpin, frozen: watch::Receiver<bool>) {
    let mut buffer = [0u8; 4096];
    loop {
        match r.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                if !*frozen.borrow() && w.write_all(&buffer[..n]).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Joins two streams both ways; when one side closes, both are closed.
async fn pipe<A, B>(a: A, b: B, frozen: watch::Receiver<bool>)
where
    A: AsyncRead + AsyncWrite + Send + Unpin + 'static,
    B: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    let (ar, aw) = tokio::io::split(a);
    let (br, bw) = tokio::io::split(b);
    tokio::select! {
        () = forward(ar, bw, frozen.clone()) => {}
        () = forward(br, aw, frozen) => {}
    }
}

/// A TCP proxy to `upstream`, frozen while the watch says so.
async fn tcp_proxy(upstream: SocketAddr, frozen: watch::Receiver<bool>) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let Ok(server) = TcpStream::connect(upstream).await else { continue };
            tokio::spawn(pipe(client, server, frozen.clone()));
        }
    });
    address
}

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
    let pcap = temp("exchange.pcap");
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

    // DWRs both ways: each side's Tw sometimes expires first.
    let both_ways = |r: &Running| {
        let trace = r.trace();
        let count = |d| trace.iter().filter(|e| e.command == "DWR" && e.direction == d).count();
        count(Direction::Sent) >= 2 && count(Direction::Received) >= 2
    };
    client.wait("DWRs both ways", secs(60.0), both_ways).await;

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
    assert_eq!(client_report.counters.dwa_received, client_report.counters.dwr_sent);
    assert_eq!(server_report.counters.dwa_sent, client_report.counters.dwr_sent);
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
    let _ = std::fs::remove_file(&pcap);
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
    let pcap = temp("freeze.pcap");
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
    let _ = std::fs::remove_file(&pcap);
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

fn raw_request(command_code: u32, application_id: u32, avps: Vec<Avp>) -> Vec<u8> {
    let flags = CommandFlags { request: true, ..CommandFlags::default() };
    let header = Header { flags, command_code, application_id, hop_by_hop: 5, end_to_end: 6 };
    RawMessage { header, avps }.encode().unwrap()
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
    let garbage = raw_request(272, 4, vec![]);
    assert!(exchange(&mut stream, &mut framer, &garbage).await.is_none(), "the first message must be a CER");

    // A proper CER, then a DWR without Origin-Host, a request of an application not shared,
    // then a Message Length that loses the stream.
    let mut stream = TcpStream::connect(address).await.unwrap();
    let mut framer = Framer::new();
    let cer = Message::Cer(Cer {
        hop_by_hop: 1,
        end_to_end: 2,
        capabilities: Capabilities {
            origin_host: "raw.example.org".into(),
            origin_realm: "example.org".into(),
            host_ip_addresses: vec!["127.0.0.1".parse().unwrap()],
            vendor_id: 0,
            product_name: "raw".into(),
            origin_state_id: None,
            supported_vendor_ids: vec![],
            auth_application_ids: vec![4],
            inband_security_ids: vec![],
            acct_application_ids: vec![],
            vendor_specific_application_ids: vec![],
            firmware_revision: None,
        },
    });
    let Some(Message::Cea(cea)) = exchange(&mut stream, &mut framer, &cer.encode().unwrap()).await else { panic!() };
    assert_eq!(cea.result_code, DIAMETER_SUCCESS);
    let dwr = raw_request(command_code::DEVICE_WATCHDOG, 0, vec![Avp::utf8(avp_code::ORIGIN_REALM, "example.org")]);
    let Some(Message::Dwa(dwa)) = exchange(&mut stream, &mut framer, &dwr).await else { panic!() };
    assert_eq!((dwa.result_code, dwa.hop_by_hop), (DIAMETER_MISSING_AVP, 5));
    let other = raw_request(272, 16_777_238, vec![]);
    let Some(Message::Other(answer)) = exchange(&mut stream, &mut framer, &other).await else { panic!() };
    assert_eq!(answer.result_code(), Some(DIAMETER_APPLICATION_UNSUPPORTED));
    // A good DWR still works.
    let good = Message::Dwr(Dwr {
        hop_by_hop: 9,
        end_to_end: 9,
        origin_host: "raw.example.org".into(),
        origin_realm: "example.org".into(),
        origin_state_id: None,
    });
    let Some(Message::Dwa(dwa)) = exchange(&mut stream, &mut framer, &good.encode().unwrap()).await else { panic!() };
    assert_eq!(dwa.result_code, DIAMETER_SUCCESS);
    // Message Length 8: the stream is unusable, the connection is closed.
    assert!(exchange(&mut stream, &mut framer, &[1, 0, 0, 8, 0x80, 0, 1, 24]).await.is_none());
    server.wait("the failover", secs(2.0), |r| r.peer_events().iter().any(|(_, e)| *e == PeerEvent::Failover)).await;
    let report = server.stop(DisconnectCause::Rebooting).await;
    assert_eq!(report.state, State::Closed);
}

// --- In-memory pipes, on tokio's paused clock ----------------------------------------------------

/// A network of in-memory pipes through a proxy that can freeze: the connector gives the client
/// one end, the server gets the other through its `incoming` channel.
fn memory_network(frozen: watch::Receiver<bool>) -> (Connector, mpsc::Receiver<Connection>) {
    let (incoming_tx, incoming) = mpsc::channel(8);
    let next_port = Arc::new(Mutex::new(40_000u16));
    let connector: Connector = Arc::new(move || {
        let incoming_tx = incoming_tx.clone();
        let frozen = frozen.clone();
        let port = {
            let mut p = next_port.lock().unwrap();
            *p += 1;
            *p
        };
        Box::pin(async move {
            let (client_end, proxy_a) = tokio::io::duplex(64 * 1024);
            let (proxy_b, server_end) = tokio::io::duplex(64 * 1024);
            tokio::spawn(pipe(proxy_a, proxy_b, frozen));
            let (client, server) = (placeholder(false, port), placeholder(true, 3868));
            let accepted = Connection { stream: Box::new(server_end), local: server, remote: client };
            incoming_tx.send(accepted).await.map_err(|_| std::io::Error::other("no server"))?;
            Ok(Connection { stream: Box::new(client_end), local: client, remote: server })
        })
    });
    (connector, incoming)
}

#[tokio::test(start_paused = true)]
async fn on_virtual_time_the_driver_keeps_the_rfc_schedule_with_the_default_tw() {
    let twinit = watchdog::TWINIT_DEFAULT;
    let (freeze, frozen) = watch::channel(false);
    let (connector, incoming) = memory_network(frozen);
    let mut server_config = driver_config(peer_config("server.example.net", twinit, secs(10.0)), 41, None);
    server_config.trace_limit = 4;
    let mut server = launch(server_config, Mode::Custom { connector: None, incoming: Some(incoming) });
    let pcap = temp("virtual.pcap");
    let mut client = launch(
        driver_config(peer_config("client.example.net", twinit, secs(10.0)), 42, Some(pcap.clone())),
        Mode::Custom { connector: Some(connector), incoming: None },
    );
    client.wait("capabilities exchange", secs(1.0), is_open).await;
    tokio::time::sleep(secs(300.0)).await;
    // Nothing is late on a virtual clock: every DWR at Tw exactly within Twinit +/- 2 s.
    let checked = dwrs_at_tw(&client.trace(), twinit, Duration::ZERO);
    let mut server_trace: Vec<TraceEntry> = server.trace();
    assert!(checked + dwrs_at_tw(&server_trace, twinit, Duration::ZERO) >= 300 / 32);
    every_dwr_answered(&client.trace(), secs(1.0));

    freeze.send(true).unwrap();
    let frozen_at = client.trace().last().unwrap().at;
    client.wait("DOWN", secs(200.0), |r| reached(r, watchdog::State::DOWN, frozen_at).is_some()).await;
    let suspect_at = reached(&client, watchdog::State::SUSPECT, frozen_at).unwrap();
    let down_at = reached(&client, watchdog::State::DOWN, frozen_at).unwrap();
    let in_tw = |d: Duration| (secs(28.0)..=secs(32.0)).contains(&d);
    assert!(in_tw(down_at - suspect_at), "{:?}", down_at - suspect_at);
    tokio::time::sleep(secs(100.0)).await;
    freeze.send(false).unwrap();
    client.wait("failback", secs(200.0), |r| r.peer_events().iter().any(|(_, e)| *e == PeerEvent::Failback)).await;
    let reopen_at = reached(&client, watchdog::State::REOPEN, down_at).unwrap();
    let okay_at = reached(&client, watchdog::State::OKAY, reopen_at).unwrap();
    // Row 21 sends the first DWR at the connection up; two more expiries send the others.
    assert!((secs(56.0)..=secs(64.0)).contains(&(okay_at - reopen_at)), "{:?}", okay_at - reopen_at);

    let report = client.stop(DisconnectCause::DoNotWantToTalkToYou).await;
    let names: Vec<&str> = report.trace.iter().rev().take(2).map(|e| e.command).collect();
    assert_eq!(names, ["DPA", "DPR"]);
    server
        .wait("DPR", secs(1.0), |r| {
            r.peer_events().iter().any(|(_, e)| {
                *e == PeerEvent::DisconnectRequested { cause: DisconnectCause::DoNotWantToTalkToYou, reconnect: false }
            })
        })
        .await;
    let server_report = server.stop(DisconnectCause::Rebooting).await;
    // The trace is bounded: the server kept its last 4 entries.
    server_trace = server_report.trace;
    assert_eq!(server_trace.len(), 4);
    assert!(server_report.trace_dropped > 0);
    assert_eq!(server_trace.last().unwrap().command, "DPA");
    tshark_agrees(&pcap, &report.trace);
    let _ = std::fs::remove_file(&pcap);
}

#[tokio::test]
async fn the_driver_refuses_a_bad_configuration() {
    let mut peer = peer_config("client.example.net", secs(30.0), secs(1.0));
    peer.capabilities.host_ip_addresses.clear();
    let (events, _) = mpsc::channel(1);
    let (_, control) = mpsc::channel(1);
    let result =
        driver::run(DriverConfig::new(peer), Mode::Connect("127.0.0.1:1".parse().unwrap()), events, control).await;
    assert!(matches!(result, Err(DriverError::Config(_))));
}

// --- One driver and a scripted peer over in-memory pipes ----------------------------------------

/// A stream that records when it is dropped: the driver has let go of the connection.
struct Tracked {
    inner: tokio::io::DuplexStream,
    dropped: Arc<AtomicBool>,
}

impl Drop for Tracked {
    fn drop(&mut self) {
        self.dropped.store(true, Ordering::SeqCst);
    }
}

impl AsyncRead for Tracked {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bytes: &[u8]) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, bytes)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// A connection to hand the driver (as accepted), the other end, and whether the driver dropped
/// its end; `buffer` octets fit in the pipe each way.
fn scripted(buffer: usize) -> (Connection, tokio::io::DuplexStream, Arc<AtomicBool>) {
    let (ours, theirs) = tokio::io::duplex(buffer);
    let dropped = Arc::new(AtomicBool::new(false));
    let stream = Box::new(Tracked { inner: theirs, dropped: dropped.clone() });
    let connection = Connection { stream, local: placeholder(true, 3868), remote: placeholder(false, 40_000) };
    (connection, ours, dropped)
}

/// The next message on `stream`, `None` at its end.
async fn next_message(stream: &mut (impl AsyncRead + Unpin)) -> Option<Message> {
    let mut head = [0u8; 4];
    stream.read_exact(&mut head).await.ok()?;
    let length = u32::from_be_bytes([0, head[1], head[2], head[3]]) as usize;
    let mut rest = vec![0u8; length.checked_sub(4)?];
    stream.read_exact(&mut rest).await.ok()?;
    Some(Message::decode(&[&head[..], &rest].concat()).unwrap())
}

fn scripted_cer(host: &str) -> Vec<u8> {
    Message::Cer(Cer {
        hop_by_hop: 1,
        end_to_end: 2,
        capabilities: Capabilities {
            origin_host: host.into(),
            origin_realm: "example.org".into(),
            host_ip_addresses: vec!["127.0.0.1".parse().unwrap()],
            vendor_id: 0,
            product_name: "scripted".into(),
            origin_state_id: None,
            supported_vendor_ids: vec![],
            auth_application_ids: vec![4],
            inband_security_ids: vec![],
            acct_application_ids: vec![],
            vendor_specific_application_ids: vec![],
            firmware_revision: None,
        },
    })
    .encode()
    .unwrap()
}

fn scripted_dwr(hop_by_hop: u32) -> Vec<u8> {
    let dwr = Dwr {
        hop_by_hop,
        end_to_end: hop_by_hop,
        origin_host: "scripted.example.org".into(),
        origin_realm: "example.org".into(),
        origin_state_id: None,
    };
    Message::Dwr(dwr).encode().unwrap()
}

/// A listening driver with connections from `incoming`.
fn listening(config: DriverConfig) -> (Running, mpsc::Sender<Connection>) {
    let (incoming_tx, incoming) = mpsc::channel(16);
    (launch(config, Mode::Custom { connector: None, incoming: Some(incoming) }), incoming_tx)
}

/// RFC 6733 §5.6.2 leaves the wait for the CER to the implementation: connections that send
/// nothing must not keep the peer out. With `max_pending_accepts` (4) of them waiting, the peer's
/// connection makes room by closing the oldest, and its CER is answered.
#[tokio::test(start_paused = true)]
async fn silent_connections_do_not_lock_the_peer_out() {
    let (mut server, incoming) =
        listening(driver_config(peer_config("server.example.net", secs(30.0), secs(10.0)), 51, None));
    let mut silent = Vec::new();
    for _ in 0..4 {
        let (connection, client, dropped) = scripted(4096);
        incoming.send(connection).await.unwrap();
        silent.push((client, dropped));
    }
    tokio::time::sleep(secs(0.1)).await;
    let (connection, mut peer, _) = scripted(4096);
    incoming.send(connection).await.unwrap();
    peer.write_all(&scripted_cer("scripted.example.org")).await.unwrap();
    let cea = tokio::time::timeout(secs(1.0), next_message(&mut peer)).await.unwrap();
    assert!(matches!(cea, Some(Message::Cea(ref cea)) if cea.result_code == DIAMETER_SUCCESS), "{cea:?}");
    // The oldest silent connection made room: closed, its stream let go.
    tokio::time::sleep(secs(0.1)).await;
    assert!(silent[0].1.load(Ordering::SeqCst));
    assert!(silent[1..].iter().all(|(_, dropped)| !dropped.load(Ordering::SeqCst)));
    assert!(server.peer_events().iter().any(|(_, e)| matches!(e, PeerEvent::Error(PeerError::NoCer { .. }))));
    server.stop(DisconnectCause::Rebooting).await;
}

/// Reads messages from `stream` until `count` have come or it ends; returns them.
async fn read_messages(mut stream: impl AsyncRead + Unpin, count: usize) -> Vec<Message> {
    let mut messages = Vec::new();
    while messages.len() < count {
        match next_message(&mut stream).await {
            Some(message) => messages.push(message),
            None => break,
        }
    }
    messages
}

fn lost(r: &Running) -> Vec<Option<String>> {
    r.events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Transport { event: TransportEvent::Lost(reason), .. } => Some(reason),
            _ => None,
        })
        .collect()
}

/// RFC 6733 puts no limit on the requests a peer may send before reading the answers: many more
/// pipelined DWRs than the send queue holds, in one write, are each answered, in order, while the
/// peer reads; the driver stops reading while the answers wait (TCP pushes back).
#[tokio::test(start_paused = true)]
async fn pipelined_requests_are_answered_whatever_the_send_queue() {
    let mut config = driver_config(peer_config("server.example.net", secs(30.0), secs(10.0)), 52, None);
    config.send_queue = 4;
    let (mut server, incoming) = listening(config);
    let (connection, client, _) = scripted(1 << 20);
    incoming.send(connection).await.unwrap();
    let (r, mut w) = tokio::io::split(client);
    let reader = tokio::spawn(read_messages(r, 1 + 1000));
    let mut burst = scripted_cer("scripted.example.org");
    for i in 0..1000 {
        burst.extend(scripted_dwr(i));
    }
    w.write_all(&burst).await.unwrap();
    let answers = tokio::time::timeout(secs(5.0), reader).await.unwrap().unwrap();
    assert_eq!(answers.len(), 1001, "lost: {:?}", lost(&server));
    assert!(matches!(answers[0], Message::Cea(_)));
    for (i, answer) in answers[1..].iter().enumerate() {
        let Message::Dwa(dwa) = answer else { panic!("{answer:?}") };
        assert_eq!((dwa.hop_by_hop, dwa.result_code), (u32::try_from(i).unwrap(), DIAMETER_SUCCESS));
    }
    assert_eq!(lost(&server), []);
    server.stop(DisconnectCause::Rebooting).await;
}

/// The same over TCP in real time with the default send queue: 100 DWRs in one write.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_pipelined_dwrs_over_tcp_is_answered() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let mut server = launch(
        driver_config(peer_config("server.example.net", secs(30.0), secs(5.0)), 53, None),
        Mode::Listen(listener),
    );
    let mut stream = TcpStream::connect(address).await.unwrap();
    let mut burst = scripted_cer("scripted.example.org");
    for i in 0..100 {
        burst.extend(scripted_dwr(i));
    }
    stream.write_all(&burst).await.unwrap();
    let answers = tokio::time::timeout(secs(10.0), read_messages(&mut stream, 101)).await.unwrap();
    assert_eq!(answers.len(), 101, "CEA and 100 DWAs; lost: {:?}", lost(&server));
    assert_eq!(lost(&server), []);
    server.stop(DisconnectCause::Rebooting).await;
}

/// The application's messages in a burst larger than the send queue: each is sent, in order, as
/// the peer reads; the driver takes the controls as the queue makes room.
#[tokio::test(start_paused = true)]
async fn the_applications_bursts_wait_for_room_in_the_send_queue() {
    let mut config = driver_config(peer_config("server.example.net", secs(30.0), secs(10.0)), 54, None);
    config.send_queue = 4;
    let (mut server, incoming) = listening(config);
    let (connection, mut client, _) = scripted(512);
    incoming.send(connection).await.unwrap();
    client.write_all(&scripted_cer("scripted.example.org")).await.unwrap();
    assert!(matches!(next_message(&mut client).await, Some(Message::Cea(_))));
    let control = server.control.clone();
    let application = tokio::spawn(async move {
        for i in 0..200u32 {
            let request = RawMessage {
                header: Header {
                    flags: CommandFlags { request: true, ..CommandFlags::default() },
                    command_code: 272,
                    application_id: 4,
                    hop_by_hop: 0,
                    end_to_end: i + 1,
                },
                avps: vec![Avp::utf8(263, &format!("session;{i}"))],
            };
            control.send(driver::Control::Send(request)).await.unwrap();
        }
    });
    // The peer reads slowly: a message every 10 ms.
    let mut received = Vec::new();
    while received.len() < 200 {
        let message = tokio::time::timeout(secs(1.0), next_message(&mut client)).await.unwrap().unwrap();
        received.push(message);
        tokio::time::sleep(secs(0.01)).await;
    }
    application.await.unwrap();
    let ends: Vec<u32> = received.iter().map(|m| m.header().end_to_end).collect();
    assert_eq!(ends, (1..=200).collect::<Vec<u32>>(), "every message, in order");
    assert_eq!(lost(&server), []);
    server.stop(DisconnectCause::Rebooting).await;
}

/// A peer that sends but never reads: the messages to it wait more than the Timeout to be
/// written, so the connection is closed as stuck, and let go of at once (the peer sees the end
/// of the stream), not held by a writer that waits forever.
#[tokio::test(start_paused = true)]
async fn a_connection_whose_peer_does_not_read_is_closed_and_let_go() {
    let mut config = driver_config(peer_config("server.example.net", secs(30.0), secs(2.0)), 55, None);
    config.send_queue = 4;
    let (mut server, incoming) = listening(config);
    let (connection, client, dropped) = scripted(256);
    incoming.send(connection).await.unwrap();
    let (mut r, mut w) = tokio::io::split(client);
    w.write_all(&scripted_cer("scripted.example.org")).await.unwrap();
    assert!(matches!(next_message(&mut r).await, Some(Message::Cea(_))));
    let started = tokio::time::Instant::now();
    let flood = tokio::spawn(async move {
        for i in 0..200 {
            if w.write_all(&scripted_dwr(i)).await.is_err() {
                break;
            }
        }
    });
    let stuck = |r: &Running| lost(r).iter().flatten().any(|reason| reason.contains("to be written"));
    server.wait("the connection closed as stuck", secs(10.0), stuck).await;
    let after = started.elapsed();
    assert!(after >= secs(2.0) && after <= secs(3.0), "stuck after {after:?}, the Timeout is 2 s");
    tokio::time::sleep(secs(0.01)).await;
    assert!(dropped.load(Ordering::SeqCst), "the stream is let go of");
    // What was written is there to read, then the end of the stream.
    let mut rest = Vec::new();
    tokio::time::timeout(secs(1.0), r.read_to_end(&mut rest)).await.unwrap().unwrap();
    tokio::time::timeout(secs(1.0), flood).await.unwrap().unwrap();
    assert!(server.peer_events().iter().any(|(_, e)| *e == PeerEvent::Failover));
    let report = server.stop(DisconnectCause::Rebooting).await;
    assert_eq!(report.state, State::Closed);
}

/// Stop against a peer that never answers the DPR ends at the Timeout, plus the flush time at
/// most: also when the peer pipelines requests and reads none of the answers (they do not hold
/// the controls back); behind a burst of the application to a peer that does not read, within
/// about twice the Timeout (the controls wait for room, which a stuck connection gives by
/// closing).
#[tokio::test(start_paused = true)]
async fn stop_ends_within_the_timeout_and_the_flush_time() {
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Peer {
        Silent,
        Pipelining,
        ApplicationBurst,
    }
    let timeout = secs(5.0);
    for scenario in [Peer::Silent, Peer::Pipelining, Peer::ApplicationBurst] {
        let mut config = driver_config(peer_config("server.example.net", secs(30.0), timeout), 56, None);
        config.send_queue = 4;
        let (mut server, incoming) = listening(config);
        let (connection, mut client, _) = scripted(4096);
        incoming.send(connection).await.unwrap();
        client.write_all(&scripted_cer("scripted.example.org")).await.unwrap();
        assert!(matches!(next_message(&mut client).await, Some(Message::Cea(_))));
        let (_client_reader, mut client_writer) = tokio::io::split(client);
        match scenario {
            Peer::Silent => {}
            Peer::Pipelining => {
                tokio::spawn(async move {
                    for i in 0..500 {
                        if client_writer.write_all(&scripted_dwr(i)).await.is_err() {
                            break;
                        }
                    }
                });
            }
            Peer::ApplicationBurst => {
                // Far more than the pipe and the queue hold: the controls wait behind them.
                let long = Avp::raw(9999, vec![0; 1000]);
                for _ in 0..12 {
                    let header = Header {
                        flags: CommandFlags { request: true, ..CommandFlags::default() },
                        command_code: 272,
                        application_id: 4,
                        ..Header::default()
                    };
                    let message = RawMessage { header, avps: vec![long.clone()] };
                    let control = server.control.clone();
                    tokio::spawn(async move { control.send(driver::Control::Send(message)).await });
                }
            }
        }
        tokio::time::sleep(secs(0.1)).await;
        let started = tokio::time::Instant::now();
        let report = server.stop(DisconnectCause::Rebooting).await;
        let took = started.elapsed();
        let bound = if scenario == Peer::ApplicationBurst { timeout * 2 } else { timeout } + driver::FLUSH_TIME;
        assert!(took <= bound + secs(0.1), "{scenario:?}: Stop took {took:?}");
        assert_eq!(report.state, State::Closed);
    }
}

/// A CER from another node than the configured peer is refused with DIAMETER_UNKNOWN_PEER, an
/// answer with the E bit (RFC 6733 §7.1.3, §7.2), traced as the CEA it is, and the connection
/// closed.
#[tokio::test(start_paused = true)]
async fn a_cer_from_another_node_than_the_peer_is_refused() {
    let config =
        driver_config(serving(peer_config("server.example.net", secs(30.0), secs(2.0)), "peer.example.org"), 59, None);
    let (mut server, incoming) = listening(config);
    let (connection, mut client, dropped) = scripted(4096);
    incoming.send(connection).await.unwrap();
    client.write_all(&scripted_cer("scripted.example.org")).await.unwrap();
    let Some(Message::Other(answer)) = next_message(&mut client).await else { panic!() };
    assert!(answer.header.flags.error);
    assert_eq!(answer.result_code(), Some(DIAMETER_UNKNOWN_PEER));
    assert!(next_message(&mut client).await.is_none(), "closed after the answer");
    assert!(dropped.load(Ordering::SeqCst));
    let report = server.stop(DisconnectCause::Rebooting).await;
    let names: Vec<(&str, bool, Option<u32>)> =
        report.trace.iter().map(|e| (e.command, e.error, e.result_code)).collect();
    assert_eq!(names, [("CER", false, None), ("CEA", true, Some(DIAMETER_UNKNOWN_PEER))]);
}

/// Values out of range: a send queue past the maximum is taken as the maximum (no panic), a
/// Timeout over 24 hours is refused before anything runs.
#[tokio::test(start_paused = true)]
async fn configurations_out_of_range() {
    let mut config = driver_config(peer_config("server.example.net", secs(30.0), secs(2.0)), 57, None);
    config.send_queue = usize::MAX;
    let (mut server, incoming) = listening(config);
    let (connection, mut client, _) = scripted(4096);
    incoming.send(connection).await.unwrap();
    client.write_all(&scripted_cer("scripted.example.org")).await.unwrap();
    assert!(matches!(next_message(&mut client).await, Some(Message::Cea(_))));
    assert_eq!(server.stop(DisconnectCause::Rebooting).await.state, State::Closed);

    let mut config = driver_config(peer_config("server.example.net", secs(30.0), secs(2.0)), 58, None);
    config.peer.timeout = Duration::MAX;
    assert!(matches!(config.validate(), Err(DriverError::Config(ConfigError::TimeoutTooLong(_)))));
    let (events, _) = mpsc::channel(1);
    let (_, control) = mpsc::channel(1);
    let mode = Mode::Custom { connector: None, incoming: None };
    let result = tokio::time::timeout(secs(1.0), driver::run(config, mode, events, control)).await.unwrap();
    assert!(matches!(result, Err(DriverError::Config(ConfigError::TimeoutTooLong(_)))));
}

/// An application that reads its events slowly loses none: a burst of pipelined DWRs worth
/// three times the events channel (two events each: the DWR received, the DWA sent) is answered
/// in full, and every event reaches the application, in order. While the application reads
/// nothing, the driver stops reading the connection, so the answers stop too (TCP pushes back).
#[tokio::test(start_paused = true)]
async fn a_slow_application_gets_every_event_of_a_burst() {
    const BURST: usize = 3 * driver::EVENTS_CAPACITY;
    let (incoming_tx, incoming) = mpsc::channel(16);
    let config = driver_config(peer_config("server.example.net", secs(30.0), secs(10.0)), 56, None);
    let mut handle = driver::spawn(config, Mode::Custom { connector: None, incoming: Some(incoming) });
    let (connection, client, _) = scripted(1 << 20);
    incoming_tx.send(connection).await.unwrap();
    let (mut r, mut w) = tokio::io::split(client);
    let answered = Arc::new(AtomicUsize::new(0));
    let count = answered.clone();
    let reader = tokio::spawn(async move {
        let mut answers = Vec::new();
        while answers.len() < 1 + BURST {
            let Some(message) = next_message(&mut r).await else { break };
            answers.push(message);
            count.fetch_add(1, Ordering::SeqCst);
        }
        answers
    });
    let mut burst = scripted_cer("scripted.example.org");
    for i in 0..BURST {
        burst.extend(scripted_dwr(u32::try_from(i).unwrap()));
    }
    w.write_all(&burst).await.unwrap();

    // The application reads nothing for 5 s: the driver has stopped well before the burst's end.
    tokio::time::sleep(secs(5.0)).await;
    let early = answered.load(Ordering::SeqCst);
    assert!(early < driver::EVENTS_CAPACITY, "{early} answers sent while no event was read");

    // Then it reads, slowly: 1 ms per event.
    let mut trace = Vec::new();
    let mut all = 0usize;
    while trace.iter().filter(|e: &&TraceEntry| e.command == "DWA").count() < BURST {
        let event = tokio::time::timeout(secs(5.0), handle.next_event()).await.unwrap().unwrap();
        all += 1;
        if let Event::Message(entry) = event {
            trace.push(entry);
        }
        tokio::time::sleep(secs(0.001)).await;
    }
    let answers = tokio::time::timeout(secs(5.0), reader).await.unwrap().unwrap();
    assert_eq!(answers.len(), 1 + BURST);
    let hop_by_hops = |command: &str, direction: Direction| -> Vec<u32> {
        trace.iter().filter(|e| e.command == command && e.direction == direction).map(|e| e.hop_by_hop).collect()
    };
    let expected: Vec<u32> = (0..u32::try_from(BURST).unwrap()).collect();
    assert_eq!(hop_by_hops("DWR", Direction::Received), expected, "every DWR received, once, in order");
    assert_eq!(hop_by_hops("DWA", Direction::Sent), expected, "every DWA sent, once, in order");
    assert!(all > 2 * BURST, "{all} events");
    let report = handle.stop(DisconnectCause::Rebooting).await.unwrap();
    assert_eq!(report.events_dropped, 0);
}

/// Events are dropped, and counted, only when nobody can take them: with the receiver gone the
/// driver neither waits nor stops serving the peer.
#[tokio::test(start_paused = true)]
async fn events_without_a_receiver_are_counted_and_the_driver_goes_on() {
    let (incoming_tx, incoming) = mpsc::channel(16);
    let (events, receiver) = mpsc::channel(1);
    drop(receiver);
    let (control, control_rx) = mpsc::channel(4);
    let config = driver_config(peer_config("server.example.net", secs(30.0), secs(10.0)), 57, None);
    let mode = Mode::Custom { connector: None, incoming: Some(incoming) };
    let task = tokio::spawn(driver::run(config, mode, events, control_rx));
    let (connection, mut client, _) = scripted(1 << 16);
    incoming_tx.send(connection).await.unwrap();
    client.write_all(&scripted_cer("scripted.example.org")).await.unwrap();
    assert!(matches!(next_message(&mut client).await, Some(Message::Cea(_))));
    client.write_all(&scripted_dwr(7)).await.unwrap();
    assert!(matches!(next_message(&mut client).await, Some(Message::Dwa(_))));
    control.send(driver::Control::Stop(DisconnectCause::Rebooting)).await.unwrap();
    let report = tokio::time::timeout(secs(30.0), task).await.unwrap().unwrap().unwrap();
    assert!(report.events_dropped >= 4, "{} events dropped", report.events_dropped);
}
