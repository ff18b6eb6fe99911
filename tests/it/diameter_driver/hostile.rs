//! Peers that misbehave on purpose, each against a bound on what the driver keeps (never on
//! wall time; tokio's paused clock runs the timeouts): a connection that never sends a CER, a
//! header announcing 16 MB then trickling octets, a flood of requests the application does not
//! drain, a flood of connections from unknown peers, and over TLS, octets that are not TLS, a
//! handshake that stalls and a flood of handshakes. The table of these promises is in the
//! driver's module documentation (`rfc_fsm::diameter::driver`).

use rand::SeedableRng;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt, DuplexStream};
use tokio::sync::mpsc;

use super::{accepted, let_go};
use crate::support::driver::{Running, driver_config, is_open, launch, secs};
use crate::support::fixtures::{bytes, peer_config, request, serving, their_cer};
use crate::support::tls;
use rfc_fsm::diameter::codec::result_code::DIAMETER_UNKNOWN_PEER;
use rfc_fsm::diameter::codec::{DisconnectCause, Framer, Message};
use rfc_fsm::diameter::driver::{self, Connection, DriverConfig, Event, Mode};
use rfc_fsm::diameter::peer::{Peer, PeerError, PeerEvent};

/// Waits (on the paused clock) until the other end reads the end of the stream; the octets read
/// before it.
async fn until_closed(stream: &mut (impl AsyncRead + Unpin)) -> Vec<u8> {
    let mut all = Vec::new();
    let _ = stream.read_to_end(&mut all).await;
    all
}

/// A listening driver serving `peer.example.org`, its connections from the returned sender.
fn server(tls: bool, adjust: impl FnOnce(&mut DriverConfig)) -> (Running, mpsc::Sender<Connection>) {
    let mut config =
        driver_config(serving(peer_config("server.example.net", secs(30.0), secs(10.0)), "peer.example.org"), 71, None);
    if tls {
        config.tls = Some(tls::node("server.example.net"));
    }
    adjust(&mut config);
    let (incoming_tx, incoming) = mpsc::channel(16);
    (launch(config, Mode::Custom { connector: None, incoming: Some(incoming) }), incoming_tx)
}

fn peer_errors(r: &Running) -> Vec<PeerError> {
    r.peer_events()
        .into_iter()
        .filter_map(|(_, e)| match e {
            PeerEvent::Error(error) => Some(error),
            _ => None,
        })
        .collect()
}

fn refused(r: &Running) -> Vec<String> {
    r.events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Refused { reason, .. } => Some(reason),
            _ => None,
        })
        .collect()
}

/// Completes a TLS handshake with the driver as `host` (certificate from the test CA).
async fn tls_client(stream: DuplexStream, host: &str) -> tokio_rustls::client::TlsStream<DuplexStream> {
    let connector = tls::raw_client(tls::ca(), host, rustls::DEFAULT_VERSIONS);
    let name = rustls::pki_types::ServerName::try_from("server.example.net").unwrap();
    connector.connect(name, stream).await.unwrap()
}

// --- A connection that never sends a CER ---------------------------------------------------------

/// RFC 6733 §5.6.2's wait for the CER is the peer's Timeout: a connection that sends nothing is
/// closed then, reported, and let go; over TLS, after a handshake that succeeded.
async fn never_sends_a_cer(over_tls: bool) {
    let (mut server, incoming) = server(over_tls, |_| {});
    let (connection, client, token) = accepted(40_001, 4096);
    incoming.send(connection).await.unwrap();
    let left = if over_tls {
        let mut client = tls_client(client, "peer.example.org").await;
        until_closed(&mut client).await
    } else {
        let mut client = client;
        until_closed(&mut client).await
    };
    assert!(left.is_empty(), "nothing sent to a connection without a CER");
    server.wait("the report", secs(1.0), |r| !peer_errors(r).is_empty()).await;
    assert!(matches!(peer_errors(&server)[..], [PeerError::NoCer { .. }]), "{:?}", peer_errors(&server));
    assert!(let_go(&token), "the driver let go of the connection");
    let report = server.stop(DisconnectCause::Rebooting).await;
    assert!(report.trace.is_empty());
}

#[tokio::test(start_paused = true)]
async fn a_connection_that_never_sends_a_cer_is_closed_at_the_timeout_and_let_go() {
    never_sends_a_cer(false).await;
}

#[tokio::test(start_paused = true)]
async fn over_tls_a_connection_that_never_sends_a_cer_is_closed_at_the_timeout_and_let_go() {
    never_sends_a_cer(true).await;
}

// --- 16 MB announced, then a trickle ------------------------------------------------------------

/// A header announcing 16 MB (the largest 24-bit Message Length) is refused as soon as its length
/// is read, whatever follows: the framer holds no more than what was pushed, and the driver
/// closes the connection (no answer: the Hop-by-Hop Identifier may not have arrived, and the next
/// message boundary is 16 MB away) and reports it.
#[tokio::test(start_paused = true)]
async fn a_header_announcing_16_mb_closes_the_connection_before_anything_is_allocated() {
    let huge = [1u8, 0xff, 0xff, 0xff];
    let mut framer = Framer::with_max_len(4096);
    framer.push(&huge);
    assert!(matches!(framer.next_message(), Some(Err(_))));
    assert!(framer.allocated() <= 64, "the framer holds {} octets", framer.allocated());
    framer.push(&[0u8; 1000]);
    assert_eq!(framer.allocated(), 0, "what follows is dropped");

    let (mut server, incoming) = server(false, |c| c.max_message_len = 4096);
    let (connection, mut client, token) = accepted(40_002, 4096);
    incoming.send(connection).await.unwrap();
    client.write_all(&bytes(&Message::Cer(their_cer("peer.example.org", &[4])))).await.unwrap();
    server.wait("the open connection", secs(1.0), is_open).await;
    // The header announces 16 MB; then octets trickle, one per second.
    client.write_all(&huge).await.unwrap();
    for _ in 0..8 {
        tokio::time::sleep(secs(1.0)).await;
        if client.write_all(&[0]).await.is_err() {
            break;
        }
    }
    let _ = until_closed(&mut client).await;
    assert!(let_go(&token), "the driver let go of the connection");
    let framing = peer_errors(&server).into_iter().any(|e| matches!(e, PeerError::Framing { .. }));
    assert!(framing, "{:?}", peer_errors(&server));
    // A message over the configured maximum (4096) but under the codec's (64 KiB) is refused alike.
    let (connection, mut client, token) = accepted(40_003, 8192);
    incoming.send(connection).await.unwrap();
    let mut cer = bytes(&Message::Cer(their_cer("peer.example.org", &[4])));
    cer[1..4].copy_from_slice(&[0, 0x13, 0x88]); // 5000 octets
    let _ = client.write_all(&cer).await;
    let _ = until_closed(&mut client).await;
    assert!(let_go(&token));
    server.stop(DisconnectCause::Rebooting).await;
}

// --- A flood of requests the application does not drain -----------------------------------------

/// The application does not read its events while the peer sends requests as fast as it can:
/// the driver keeps what fills the events channel and the channel from the connections, then
/// stops reading (TCP, here the pipe, pushes back on the peer). Nothing is dropped: once the
/// application reads, every request written reaches it, in order.
#[tokio::test(start_paused = true)]
async fn a_flood_of_requests_is_paused_at_a_bound_and_nothing_is_lost() {
    const PIPE: usize = 4096;
    let mut config =
        driver_config(serving(peer_config("server.example.net", secs(30.0), secs(10.0)), "peer.example.org"), 72, None);
    config.trace_limit = 16;
    let (incoming_tx, incoming) = mpsc::channel(1);
    let mut handle = driver::spawn(config, Mode::Custom { connector: None, incoming: Some(incoming) });
    let (connection, mut client, _token) = accepted(40_004, PIPE);
    incoming_tx.send(connection).await.unwrap();
    client.write_all(&bytes(&Message::Cer(their_cer("peer.example.org", &[4])))).await.unwrap();
    let mut cea = [0u8; 4];
    client.read_exact(&mut cea).await.unwrap();
    let one = bytes(&Message::Other(request(272, 4, vec![])));
    let mut written = 0usize;
    while tokio::time::timeout(secs(1.0), client.write_all(&one)).await.is_ok() {
        written += 1;
        assert!(written < 100_000, "the driver never stopped reading");
    }
    // Two events per request (its trace entry, its delivery); the readers' channel; what one
    // read of 16 KiB, the pipe and the framer hold.
    let bound = driver::EVENTS_CAPACITY / 2 + driver::INTERNAL_CAPACITY + (16 * 1024 + 2 * PIPE) / one.len() + 4;
    assert!(written <= bound, "{written} requests taken, bound {bound}");
    let mut delivered = 0usize;
    while delivered < written {
        let event = tokio::time::timeout(secs(1.0), handle.next_event()).await.unwrap().unwrap();
        if let Event::Peer { event: PeerEvent::Received { message, .. }, .. } = event {
            assert_eq!(message.header.command_code, 272);
            delivered += 1;
        }
    }
    let report = handle.stop(DisconnectCause::Rebooting).await.unwrap();
    assert_eq!(report.events_dropped, 0);
}

// --- A flood of connections from unknown peers ---------------------------------------------------

/// Each of 300 connections from another node than the peer is answered DIAMETER_UNKNOWN_PEER and
/// closed, and the driver lets go of every one; then the peer itself connects, and the sans-IO
/// peer holds nothing for the 300.
#[tokio::test(start_paused = true)]
async fn a_flood_of_unknown_peers_is_refused_one_by_one_and_nothing_is_kept() {
    const FLOOD: u16 = 300;
    let (mut server, incoming) = server(false, |_| {});
    let mut tokens = Vec::new();
    for i in 0..FLOOD {
        let (connection, mut client, token) = accepted(41_000 + i, 4096);
        incoming.send(connection).await.unwrap();
        client.write_all(&bytes(&Message::Cer(their_cer(&format!("intruder-{i}.example.org"), &[4])))).await.unwrap();
        let answer = until_closed(&mut client).await;
        let Ok(Message::Other(cea)) = Message::decode(&answer) else { panic!("{answer:?}") };
        assert_eq!(cea.result_code(), Some(DIAMETER_UNKNOWN_PEER));
        tokens.push(token);
    }
    assert!(tokens.iter().all(let_go), "the driver let go of every refused connection");
    let (connection, mut client, _token) = accepted(40_005, 4096);
    incoming.send(connection).await.unwrap();
    client.write_all(&bytes(&Message::Cer(their_cer("peer.example.org", &[4])))).await.unwrap();
    server.wait("the peer's connection open", secs(1.0), is_open).await;
    server.stop(DisconnectCause::Rebooting).await;

    // The same on the sans-IO peer, counted: nothing held once each is refused.
    let mut config = serving(peer_config("server.example.net", secs(30.0), secs(10.0)), "peer.example.org");
    config.initiate = false;
    let mut peer = Peer::new(config, rand::rngs::StdRng::seed_from_u64(7), 0).unwrap();
    let now = std::time::Duration::ZERO;
    peer.start(now);
    for i in 0..1000 {
        let (conn, _) = peer.transport_accepted(now);
        assert!(peer.connections_held() <= 4, "{} held", peer.connections_held());
        let cer = bytes(&Message::Cer(their_cer(&format!("intruder-{i}.example.org"), &[4])));
        peer.receive(now, conn, &cer);
    }
    assert_eq!(peer.connections_held(), 0);
}

// --- Hostile TLS ---------------------------------------------------------------------------------

/// Octets that are not TLS fail the handshake at once: the connection never reaches the peer,
/// is reported, and let go.
#[tokio::test(start_paused = true)]
async fn octets_that_are_not_tls_are_refused_before_the_peer_sees_them() {
    let (mut server, incoming) = server(true, |_| {});
    let (connection, mut client, token) = accepted(40_006, 4096);
    incoming.send(connection).await.unwrap();
    // A Diameter CER in the clear, where a TLS record is due; then garbage records.
    let mut junk = bytes(&Message::Cer(their_cer("peer.example.org", &[4])));
    junk.extend([0x16, 0x03, 0x03, 0x00, 0x05, 1, 2, 3, 4, 5, 0x17, 0x03, 0x03, 0xff, 0xff]);
    let _ = client.write_all(&junk).await;
    let _ = until_closed(&mut client).await;
    server.wait("the refusal", secs(1.0), |r| !refused(r).is_empty()).await;
    assert!(refused(&server)[0].contains("TLS handshake failed"), "{:?}", refused(&server));
    assert!(let_go(&token));
    let report = server.stop(DisconnectCause::Rebooting).await;
    assert!(report.trace.is_empty(), "nothing reached the peer: {:?}", report.trace);
}

/// A handshake that stalls (half a ClientHello) ends at the peer's Timeout; handshakes beyond
/// `max_pending_accepts` (4) at once are refused at once. Every connection is let go.
#[tokio::test(start_paused = true)]
async fn stalled_tls_handshakes_end_at_the_timeout_and_are_bounded_in_number() {
    const STALLED: u16 = 10;
    let (mut server, incoming) = server(true, |_| {});
    let mut ends = Vec::new();
    for i in 0..STALLED {
        let (connection, mut client, token) = accepted(42_000 + i, 4096);
        incoming.send(connection).await.unwrap();
        // A handshake record header announcing 512 octets, and 10 of them.
        client.write_all(&[0x16, 0x03, 0x01, 0x02, 0x00, 1, 0, 1, 0xfc, 3, 3, 0, 0, 0, 0]).await.unwrap();
        ends.push((client, token));
    }
    tokio::task::yield_now().await;
    server.wait("the surplus refused", secs(1.0), |r| refused(r).len() >= usize::from(STALLED) - 4).await;
    let under_way = refused(&server).iter().filter(|r| r.contains("under way")).count();
    assert_eq!(under_way, usize::from(STALLED) - 4, "{:?}", refused(&server));
    for (client, _) in &mut ends {
        let _ = until_closed(client).await;
    }
    let timed_out = refused(&server).iter().filter(|r| r.contains("not done within")).count();
    assert_eq!(timed_out, 4, "{:?}", refused(&server));
    assert!(ends.iter().all(|(_, token)| let_go(token)));
    let report = server.stop(DisconnectCause::Rebooting).await;
    assert!(report.trace.is_empty());
}
