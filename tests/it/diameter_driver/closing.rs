//! The watchdog's counters at the close, on tokio's paused clock. `Control::Stop` stops the
//! watchdog before the DPR goes out, and a stopped watchdog counts nothing (RFC 3539: it runs
//! while the peer is supervised), so the DWA of a DWR still in flight at the stop arrives,
//! is matched and traced, but is not counted: the report then says one DWA received fewer
//! than DWRs sent, while the other side's counter says every DWR was answered. Over
//! in-memory pipes whose server-to-client direction is slow (each chunk delivered
//! `LATENCY` after it was sent: the injected delay), a stop as soon as our second DWR goes out
//! always meets this, and a stop once every DWR of ours is answered never does. That race made
//! `tcp::two_peers_over_tcp_exchange_watchdogs_both_ways_and_disconnect_cleanly` fail now and
//! then (the client's `dwa_received` 1 where `dwr_sent` was 2), and it is why that test now
//! stops at rest.

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, DuplexStream};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

use super::forward;
use crate::support::driver::{Running, driver_config, every_dwr_answered, is_open, launch, own_dwrs_answered, secs};
use crate::support::fixtures::peer_config;
use rfc_fsm::diameter::codec::DisconnectCause;
use rfc_fsm::diameter::driver::{Connection, Connector, Direction, Mode, Report};
use rfc_fsm::diameter::pcap::placeholder;
use rfc_fsm::diameter::peer::{Event, PeerEvent, State};

/// How late the server's messages reach the client.
const LATENCY: Duration = Duration::from_secs(1);

/// Copies `r` to `w` in order, each chunk `latency` after it was read.
async fn late(mut r: impl AsyncRead + Unpin, mut w: impl AsyncWrite + Unpin, latency: Duration) {
    let (tx, mut rx) = mpsc::unbounded_channel::<(Instant, Vec<u8>)>();
    let read = async move {
        let mut buffer = [0u8; 4096];
        while let Ok(n @ 1..) = r.read(&mut buffer).await {
            if tx.send((Instant::now() + latency, buffer[..n].to_vec())).is_err() {
                return;
            }
        }
    };
    let write = async move {
        while let Some((due, bytes)) = rx.recv().await {
            tokio::time::sleep_until(due).await;
            if w.write_all(&bytes).await.is_err() {
                return;
            }
        }
    };
    tokio::join!(read, write);
}

/// Joins the client's end and the server's, the server's messages `LATENCY` late; when either
/// side closes, both are closed.
async fn slow_link(client: DuplexStream, server: DuplexStream) {
    let (client_read, client_write) = tokio::io::split(client);
    let (server_read, server_write) = tokio::io::split(server);
    let (_never, open) = watch::channel(false);
    tokio::select! {
        () = forward(client_read, server_write, open) => {}
        () = late(server_read, client_write, LATENCY) => {}
    }
}

/// A connector for the client and the server's incoming connections, over a slow link.
fn slow_network() -> (Connector, mpsc::Receiver<Connection>) {
    let (incoming_tx, incoming) = mpsc::channel(8);
    let connector: Connector = Arc::new(move || {
        let incoming_tx = incoming_tx.clone();
        Box::pin(async move {
            let (client_end, link_client) = tokio::io::duplex(64 * 1024);
            let (link_server, server_end) = tokio::io::duplex(64 * 1024);
            tokio::spawn(slow_link(link_client, link_server));
            let (client, server) = (placeholder(false, 40_001), placeholder(true, 3868));
            let accepted = Connection { stream: Box::new(server_end), local: server, remote: client };
            incoming_tx.send(accepted).await.map_err(|_| std::io::Error::other("no server"))?;
            Ok(Connection { stream: Box::new(client_end), local: client, remote: server })
        })
    });
    (connector, incoming)
}

fn dwrs_sent(r: &Running) -> usize {
    r.trace().iter().filter(|e| e.command == "DWR" && e.direction == Direction::Sent).count()
}

/// The client (Twinit 30 s) sends the DWRs: the server's Twinit of 60 s never expires, each DWR
/// received setting its Tw again. Once the client's second DWR is out, the client is stopped:
/// at once, or when `at_rest`, once that DWR is answered. Returns the client's report and the
/// server's, the server stopped once it has seen the disconnection.
async fn stop_after_the_second_dwr(at_rest: bool) -> (Report, Report) {
    let (connector, incoming) = slow_network();
    let server_config = driver_config(peer_config("server.example.net", secs(60.0), secs(10.0)), 51, None);
    let mut server = launch(server_config, Mode::Custom { connector: None, incoming: Some(incoming) });
    let client_config = driver_config(peer_config("client.example.net", secs(30.0), secs(10.0)), 52, None);
    let mut client = launch(client_config, Mode::Custom { connector: Some(connector), incoming: None });
    client.wait("capabilities exchange", secs(5.0), is_open).await;
    client.wait("our second DWR", secs(120.0), |r| dwrs_sent(r) >= 2).await;
    if at_rest {
        client.wait("its DWA", secs(5.0), own_dwrs_answered).await;
    }
    let client_report = client.stop(DisconnectCause::Rebooting).await;
    let disconnected = PeerEvent::State { from: State::Closing, to: State::Closed, event: Event::R_Peer_Disc };
    server.wait("the disconnection", secs(10.0), |r| r.peer_events().iter().any(|(_, e)| *e == disconnected)).await;
    let server_report = server.stop(DisconnectCause::Rebooting).await;
    (client_report, server_report)
}

#[tokio::test(start_paused = true)]
async fn a_dwa_that_arrives_after_the_stop_is_traced_but_not_counted() {
    let (client, server) = stop_after_the_second_dwr(false).await;
    let names: Vec<&str> = client.trace.iter().map(|e| e.command).collect();
    // Our second DWR, the DPR of the stop, then its DWA and the DPA, a LATENCY later.
    assert_eq!(names[names.len() - 4..], ["DWR", "DPR", "DWA", "DPA"], "{names:?}");
    every_dwr_answered(&client.trace, Duration::ZERO);
    // The stopped watchdog did not count the last DWA ...
    assert_eq!((client.counters.dwr_sent, client.counters.dwa_received), (2, 1));
    // ... while the server's watchdog counted every answer it gave: its counter is right.
    assert_eq!((server.counters.dwr_received, server.counters.dwa_sent), (2, 2));
    assert_eq!(client.state, State::Closed);
}

#[tokio::test(start_paused = true)]
async fn stopped_at_rest_the_counters_of_both_sides_agree() {
    let (client, server) = stop_after_the_second_dwr(true).await;
    let names: Vec<&str> = client.trace.iter().map(|e| e.command).collect();
    assert_eq!(names[names.len() - 4..], ["DWR", "DWA", "DPR", "DPA"], "{names:?}");
    assert_eq!((client.counters.dwr_sent, client.counters.dwa_received), (2, 2));
    assert_eq!(server.counters.dwa_sent, client.counters.dwr_sent);
    assert_eq!(client.state, State::Closed);
}
