//! One driver and a scripted peer over in-memory pipes: silent connections, pipelined requests,
//! bursts and the send queue, a peer that does not read, Stop, the events channel.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

use super::{accepted, let_go};
use crate::support::driver::{Running, driver_config, launch, secs};
use crate::support::fixtures::{bytes, peer_config, serving, their_cer, their_dwr};
use rfc_fsm::diameter::codec::result_code::{DIAMETER_SUCCESS, DIAMETER_UNKNOWN_PEER};
use rfc_fsm::diameter::codec::{Avp, CommandFlags, DisconnectCause, Header, Message, RawMessage};
use rfc_fsm::diameter::driver::{
    self, Connection, Direction, DriverConfig, DriverError, Event, Mode, TraceEntry, TransportEvent,
};
use rfc_fsm::diameter::peer::{ConfigError, PeerError, PeerEvent, State};

// --- One driver and a scripted peer over in-memory pipes ----------------------------------------

/// The next message on `stream`, `None` at its end.
async fn next_message(stream: &mut (impl AsyncRead + Unpin)) -> Option<Message> {
    let mut head = [0u8; 4];
    stream.read_exact(&mut head).await.ok()?;
    let length = u32::from_be_bytes([0, head[1], head[2], head[3]]) as usize;
    let mut rest = vec![0u8; length.checked_sub(4)?];
    stream.read_exact(&mut rest).await.ok()?;
    Some(Message::decode(&[&head[..], &rest].concat()).unwrap())
}

/// The scripted peer's CER (`scripted.example.org`, Auth-Application-Id 4), encoded.
fn scripted_cer() -> Vec<u8> {
    bytes(&Message::Cer(their_cer("scripted.example.org", &[4])))
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
        let (connection, client, dropped) = accepted(40_000, 4096);
        incoming.send(connection).await.unwrap();
        silent.push((client, dropped));
    }
    tokio::time::sleep(secs(0.1)).await;
    let (connection, mut peer, _) = accepted(40_000, 4096);
    incoming.send(connection).await.unwrap();
    peer.write_all(&scripted_cer()).await.unwrap();
    let cea = tokio::time::timeout(secs(1.0), next_message(&mut peer)).await.unwrap();
    assert!(matches!(cea, Some(Message::Cea(ref cea)) if cea.result_code == DIAMETER_SUCCESS), "{cea:?}");
    // The oldest silent connection made room: closed, its stream let go.
    tokio::time::sleep(secs(0.1)).await;
    assert!(let_go(&silent[0].1));
    assert!(silent[1..].iter().all(|(_, dropped)| !let_go(dropped)));
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
    let (connection, client, _) = accepted(40_000, 1 << 20);
    incoming.send(connection).await.unwrap();
    let (r, mut w) = tokio::io::split(client);
    let reader = tokio::spawn(read_messages(r, 1 + 1000));
    let mut burst = scripted_cer();
    for i in 0..1000 {
        burst.extend(bytes(&their_dwr(i)));
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
    let mut burst = scripted_cer();
    for i in 0..100 {
        burst.extend(bytes(&their_dwr(i)));
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
    let (connection, mut client, _) = accepted(40_000, 512);
    incoming.send(connection).await.unwrap();
    client.write_all(&scripted_cer()).await.unwrap();
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
    let (connection, client, dropped) = accepted(40_000, 256);
    incoming.send(connection).await.unwrap();
    let (mut r, mut w) = tokio::io::split(client);
    w.write_all(&scripted_cer()).await.unwrap();
    assert!(matches!(next_message(&mut r).await, Some(Message::Cea(_))));
    let started = tokio::time::Instant::now();
    let flood = tokio::spawn(async move {
        for i in 0..200 {
            if w.write_all(&bytes(&their_dwr(i))).await.is_err() {
                break;
            }
        }
    });
    let stuck = |r: &Running| lost(r).iter().flatten().any(|reason| reason.contains("to be written"));
    server.wait("the connection closed as stuck", secs(10.0), stuck).await;
    let after = started.elapsed();
    assert!(after >= secs(2.0) && after <= secs(3.0), "stuck after {after:?}, the Timeout is 2 s");
    tokio::time::sleep(secs(0.01)).await;
    assert!(let_go(&dropped), "the stream is let go of");
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
        let (connection, mut client, _) = accepted(40_000, 4096);
        incoming.send(connection).await.unwrap();
        client.write_all(&scripted_cer()).await.unwrap();
        assert!(matches!(next_message(&mut client).await, Some(Message::Cea(_))));
        let (_client_reader, mut client_writer) = tokio::io::split(client);
        match scenario {
            Peer::Silent => {}
            Peer::Pipelining => {
                tokio::spawn(async move {
                    for i in 0..500 {
                        if client_writer.write_all(&bytes(&their_dwr(i))).await.is_err() {
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
    let (connection, mut client, dropped) = accepted(40_000, 4096);
    incoming.send(connection).await.unwrap();
    client.write_all(&scripted_cer()).await.unwrap();
    let Some(Message::Other(answer)) = next_message(&mut client).await else { panic!() };
    assert!(answer.header.flags.error);
    assert_eq!(answer.result_code(), Some(DIAMETER_UNKNOWN_PEER));
    assert!(next_message(&mut client).await.is_none(), "closed after the answer");
    assert!(let_go(&dropped));
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
    let (connection, mut client, _) = accepted(40_000, 4096);
    incoming.send(connection).await.unwrap();
    client.write_all(&scripted_cer()).await.unwrap();
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
    let (connection, client, _) = accepted(40_000, 1 << 20);
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
    let mut burst = scripted_cer();
    for i in 0..BURST {
        burst.extend(bytes(&their_dwr(u32::try_from(i).unwrap())));
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
    let (connection, mut client, _) = accepted(40_000, 1 << 16);
    incoming_tx.send(connection).await.unwrap();
    client.write_all(&scripted_cer()).await.unwrap();
    assert!(matches!(next_message(&mut client).await, Some(Message::Cea(_))));
    client.write_all(&bytes(&their_dwr(7))).await.unwrap();
    assert!(matches!(next_message(&mut client).await, Some(Message::Dwa(_))));
    control.send(driver::Control::Stop(DisconnectCause::Rebooting)).await.unwrap();
    let report = tokio::time::timeout(secs(30.0), task).await.unwrap().unwrap().unwrap();
    assert!(report.events_dropped >= 4, "{} events dropped", report.events_dropped);
}
