//! Two of our peers over in-memory pipes on tokio's paused clock, with the RFC's default Tw of
//! 30 s, over plain streams and over TLS (the same watchdog, failover, failback and DPR); and a
//! configuration the driver refuses.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{mpsc, watch};

use super::pipe;
use crate::support::driver::{
    driver_config, dwrs_at_tw, every_dwr_answered, is_open, launch, reached, secs, temp, tshark_agrees,
};
use crate::support::fixtures::peer_config;
use crate::support::tls;
use rfc_fsm::diameter::codec::DisconnectCause;
use rfc_fsm::diameter::driver::{self, Connection, Connector, DriverConfig, DriverError, Mode, TraceEntry};
use rfc_fsm::diameter::pcap::placeholder;
use rfc_fsm::diameter::peer::PeerEvent;
use rfc_fsm::watchdog;

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
    keeps_the_rfc_schedule(false).await;
}

#[tokio::test(start_paused = true)]
async fn on_virtual_time_the_driver_keeps_the_rfc_schedule_over_tls() {
    keeps_the_rfc_schedule(true).await;
}

async fn keeps_the_rfc_schedule(over_tls: bool) {
    let twinit = watchdog::TWINIT_DEFAULT;
    let (freeze, frozen) = watch::channel(false);
    let (connector, incoming) = memory_network(frozen);
    let mut server_config = driver_config(peer_config("server.example.net", twinit, secs(10.0)), 41, None);
    server_config.trace_limit = 4;
    let (_scratch, pcap) = temp(if over_tls { "virtual-tls.pcap" } else { "virtual.pcap" });
    let mut client_config =
        driver_config(peer_config("client.example.net", twinit, secs(10.0)), 42, Some(pcap.clone()));
    if over_tls {
        server_config.tls = Some(tls::node("server.example.net"));
        client_config.tls = Some(tls::node("client.example.net"));
    }
    let mut server = launch(server_config, Mode::Custom { connector: None, incoming: Some(incoming) });
    let mut client = launch(client_config, Mode::Custom { connector: Some(connector), incoming: None });
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
