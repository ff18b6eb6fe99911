//! Two of our peers over TLS on in-memory pipes and tokio's paused clock: mutual authentication
//! (a certificate from a CA nobody trusts never gets as far as a CER, either way), the Origin-Host
//! bound to the certificate (refused either way, and reported), TLS 1.2 and 1.3, and the
//! election of RFC 6733 §5.6.4 when both connect at once; and once over loopback TCP.

use std::sync::Arc;

use tokio::io::AsyncWriteExt;
use tokio::sync::mpsc;

use crate::support::driver::{Running, driver_config, is_open, launch, secs};
use crate::support::fixtures::{bytes, peer_config, their_cer};
use crate::support::tls;
use rfc_fsm::diameter::codec::result_code::DIAMETER_UNKNOWN_PEER;
use rfc_fsm::diameter::codec::{DisconnectCause, Framer, Message};
use rfc_fsm::diameter::driver::{Connection, Connector, DriverConfig, Event, Mode, TransportEvent};
use rfc_fsm::diameter::pcap::placeholder;
use rfc_fsm::diameter::peer::{PeerEvent, Role};

/// A connector to a driver listening on `incoming`: each connection an in-memory pipe.
fn pipe_to(incoming: mpsc::Sender<Connection>, port: u16) -> Connector {
    Arc::new(move || {
        let incoming = incoming.clone();
        Box::pin(async move {
            let (ours, theirs) = tokio::io::duplex(64 * 1024);
            let (client, server) = (placeholder(false, port), placeholder(true, 3868));
            let accepted = Connection { stream: Box::new(theirs), local: server, remote: client };
            incoming.send(accepted).await.map_err(|_| std::io::Error::other("nobody listens"))?;
            Ok(Connection { stream: Box::new(ours), local: client, remote: server })
        })
    })
}

/// A driver for `host` whose certificate, from `issuer`, names `certified`.
fn node(host: &str, issuer: &tls::Ca, certified: &str, seed: u64) -> DriverConfig {
    let mut config = driver_config(peer_config(host, secs(30.0), secs(5.0)), seed, None);
    config.tls = Some(tls::node_by(issuer, certified));
    config
}

/// A server and a client over TLS; the client's connection attempts are retried by its watchdog.
fn pair(server: DriverConfig, client: DriverConfig) -> (Running, Running) {
    let (incoming_tx, incoming) = mpsc::channel(8);
    let server = launch(server, Mode::Custom { connector: None, incoming: Some(incoming) });
    let client = launch(client, Mode::Custom { connector: Some(pipe_to(incoming_tx, 40_100)), incoming: None });
    (server, client)
}

fn refused(r: &Running) -> Vec<String> {
    r.events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Refused { reason, .. } => Some(reason),
            Event::Transport { event: TransportEvent::ConnectFailed(reason), .. } => Some(reason),
            _ => None,
        })
        .collect()
}

fn mismatches(r: &Running) -> Vec<(Role, String, String)> {
    r.peer_events()
        .into_iter()
        .filter_map(|(_, e)| match e {
            PeerEvent::IdentityMismatch { role, origin_host, certificate, .. } => {
                Some((role, origin_host, certificate))
            }
            _ => None,
        })
        .collect()
}

#[tokio::test(start_paused = true)]
async fn a_client_certificate_nobody_trusts_never_gets_as_far_as_a_cer() {
    let (mut server, mut client) = pair(
        node("server.example.net", tls::ca(), "server.example.net", 81),
        node("client.example.net", tls::rogue_ca(), "client.example.net", 82),
    );
    server.wait("the refusal", secs(1.0), |r| !refused(r).is_empty()).await;
    assert!(refused(&server)[0].contains("TLS handshake failed"), "{:?}", refused(&server));
    client.stop(DisconnectCause::Rebooting).await;
    let report = server.stop(DisconnectCause::Rebooting).await;
    assert!(report.trace.is_empty(), "no CER reached the server: {:?}", report.trace);
}

#[tokio::test(start_paused = true)]
async fn a_server_certificate_nobody_trusts_never_gets_as_far_as_a_cer() {
    let (mut server, mut client) = pair(
        node("server.example.net", tls::rogue_ca(), "server.example.net", 83),
        node("client.example.net", tls::ca(), "client.example.net", 84),
    );
    client.wait("the refusal", secs(1.0), |r| !refused(r).is_empty()).await;
    assert!(refused(&client)[0].contains("TLS handshake failed"), "{:?}", refused(&client));
    let report = client.stop(DisconnectCause::Rebooting).await;
    assert!(report.trace.is_empty(), "no CER sent: {:?}", report.trace);
    server.stop(DisconnectCause::Rebooting).await;
}

/// The client's certificate names another node than its CER's Origin-Host: its CER is answered
/// DIAMETER_UNKNOWN_PEER and the connection closed (RFC 6733 §5.3, §7.1.3), and both sides say so.
#[tokio::test(start_paused = true)]
async fn a_cer_from_another_node_than_the_certificate_is_refused_with_unknown_peer() {
    let (mut server, mut client) = pair(
        node("server.example.net", tls::ca(), "server.example.net", 85),
        node("client.example.net", tls::ca(), "impostor.example.net", 86),
    );
    server.wait("the mismatch", secs(1.0), |r| !mismatches(r).is_empty()).await;
    let expected = (Role::Responder, "client.example.net".to_owned(), "impostor.example.net".to_owned());
    assert_eq!(mismatches(&server)[0], expected);
    let refused_cea = |r: &Running| {
        r.peer_events().iter().any(|(_, e)| {
            matches!(
                e,
                PeerEvent::CapabilitiesRefused { role: Role::Initiator, result_code: DIAMETER_UNKNOWN_PEER, .. }
            )
        })
    };
    client.wait("the refusal", secs(1.0), refused_cea).await;
    assert!(!is_open(&client) && !is_open(&server));
    client.stop(DisconnectCause::Rebooting).await;
    server.stop(DisconnectCause::Rebooting).await;
}

/// The server's certificate names another node than its CEA's Origin-Host: the CEA opens
/// nothing (I-Rcv-Non-CEA, the connection closed), and the client says so.
#[tokio::test(start_paused = true)]
async fn a_cea_from_another_node_than_the_certificate_opens_nothing() {
    let (mut server, mut client) = pair(
        node("server.example.net", tls::ca(), "impostor.example.net", 87),
        node("client.example.net", tls::ca(), "client.example.net", 88),
    );
    client.wait("the mismatch", secs(1.0), |r| !mismatches(r).is_empty()).await;
    let expected = (Role::Initiator, "server.example.net".to_owned(), "impostor.example.net".to_owned());
    assert_eq!(mismatches(&client)[0], expected);
    assert!(!is_open(&client));
    client.stop(DisconnectCause::Rebooting).await;
    server.stop(DisconnectCause::Rebooting).await;
}

/// A client of TLS 1.2 only, and one of TLS 1.3 only, both complete the capabilities exchange.
#[tokio::test(start_paused = true)]
async fn tls_1_2_and_1_3_are_both_spoken() {
    for (versions, expected) in [
        (&[&rustls::version::TLS12][..], rustls::ProtocolVersion::TLSv1_2),
        (&[&rustls::version::TLS13][..], rustls::ProtocolVersion::TLSv1_3),
    ] {
        let config = node("server.example.net", tls::ca(), "server.example.net", 89);
        let (incoming_tx, incoming) = mpsc::channel(1);
        let mut server = launch(config, Mode::Custom { connector: None, incoming: Some(incoming) });
        let (ours, theirs) = tokio::io::duplex(64 * 1024);
        let connection =
            Connection { stream: Box::new(theirs), local: placeholder(true, 3868), remote: placeholder(false, 40_200) };
        incoming_tx.send(connection).await.unwrap();
        let connector = tls::raw_client(tls::ca(), "peer.example.org", versions);
        let name = rustls::pki_types::ServerName::try_from("server.example.net").unwrap();
        let mut stream = connector.connect(name, ours).await.unwrap();
        assert_eq!(stream.get_ref().1.protocol_version(), Some(expected));
        stream.write_all(&bytes(&Message::Cer(their_cer("peer.example.org", &[4])))).await.unwrap();
        stream.flush().await.unwrap();
        let mut framer = Framer::new();
        let cea = loop {
            let mut buffer = [0u8; 1024];
            let n = tokio::io::AsyncReadExt::read(&mut stream, &mut buffer).await.unwrap();
            assert!(n > 0, "closed before the CEA");
            framer.push(&buffer[..n]);
            if let Some(message) = framer.next_message() {
                break Message::decode(&message.unwrap()).unwrap();
            }
        };
        assert!(matches!(cea, Message::Cea(cea) if cea.result_code == 2001), "{expected:?}");
        server.wait("the open connection", secs(1.0), is_open).await;
        server.stop(DisconnectCause::Rebooting).await;
    }
}

/// Both peers connect to each other at once over TLS: each gets the other's CER while waiting
/// for its CEA, and the election of RFC 6733 §5.6.4 leaves one connection open on both sides:
/// the winner (the greater Origin-Host, b.example.net) answers the CER on the connection its peer
/// initiated and closes its own (Wait-Returns, Win-Election: I-Disc, R-Snd-CEA).
#[tokio::test(start_paused = true)]
async fn two_peers_connecting_at_once_over_tls_elect_one_connection() {
    let (to_a, incoming_a) = mpsc::channel(8);
    let (to_b, incoming_b) = mpsc::channel(8);
    let a = node("a.example.net", tls::ca(), "a.example.net", 90);
    let b = node("b.example.net", tls::ca(), "b.example.net", 91);
    let mut a = launch(a, Mode::Custom { connector: Some(pipe_to(to_b, 40_301)), incoming: Some(incoming_a) });
    let mut b = launch(b, Mode::Custom { connector: Some(pipe_to(to_a, 40_302)), incoming: Some(incoming_b) });
    a.wait("open", secs(5.0), is_open).await;
    b.wait("open", secs(5.0), is_open).await;
    let summary = |r: &Running| {
        let events = r.peer_events();
        let elections: Vec<bool> = events
            .iter()
            .filter_map(|(_, e)| match e {
                PeerEvent::Election { won } => Some(*won),
                _ => None,
            })
            .collect();
        let opened: Vec<Role> = events
            .iter()
            .filter_map(|(_, e)| match e {
                PeerEvent::Open { role, .. } => Some(*role),
                _ => None,
            })
            .collect();
        (elections, opened)
    };
    assert_eq!(summary(&a), (vec![false], vec![Role::Initiator]), "a lost, its connection kept");
    assert_eq!(summary(&b), (vec![true], vec![Role::Responder]), "b won, answered a's CER");
    assert!(mismatches(&a).is_empty() && mismatches(&b).is_empty());
    b.stop(DisconnectCause::Rebooting).await;
    a.stop(DisconnectCause::Rebooting).await;
}

/// Over loopback TCP in real time, the listening and connecting modes: the handshakes of
/// `Mode::Listen`'s acceptor and `Mode::Connect`'s connector, then CER/CEA, DPR/DPA.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_loopback_tcp_listen_and_connect_speak_tls() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let mut server = launch(node("server.example.net", tls::ca(), "server.example.net", 92), Mode::Listen(listener));
    let mut client = launch(node("client.example.net", tls::ca(), "client.example.net", 93), Mode::Connect(address));
    client.wait("the open connection", secs(10.0), is_open).await;
    server.wait("the open connection", secs(10.0), is_open).await;
    let report = client.stop(DisconnectCause::Rebooting).await;
    let names: Vec<&str> = report.trace.iter().map(|e| e.command).collect();
    assert_eq!((names.first(), names.last()), (Some(&"CER"), Some(&"DPA")), "{names:?}");
    server.stop(DisconnectCause::Rebooting).await;
}
