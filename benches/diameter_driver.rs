//! The Diameter driver's application throughput over loopback TCP: requests of an application
//! (Command Code 272, Application 4) sent through `Control::Send`, answered by the other side's
//! application with DIAMETER_SUCCESS, through one connection and through 100 (one pair of
//! drivers per connection, both in this process), with a window of outstanding requests per
//! connection. Reports answers per second, the time per request and answer, and the resident
//! memory each open connection adds (both of its drivers, their tasks and sockets).
//!
//! `cargo bench --bench diameter_driver` (add `-- CONNECTIONS` to run one case).

#![allow(clippy::unwrap_used)] // a benchmark that cannot set up stops

mod support;
use support::vm_kib;

use rfc_fsm::diameter::codec::{Avp, CommandFlags, DisconnectCause, Header, RawMessage};
use rfc_fsm::diameter::driver::{self, DriverConfig, Event, Mode, PeerHandle};
use rfc_fsm::diameter::peer::{PeerConfig, PeerEvent};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, mpsc, oneshot};

/// Requests per case, over all its connections.
const REQUESTS: usize = 100_000;
/// Requests outstanding per connection.
const WINDOW: usize = 32;

fn main() {
    let numbers: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    if let [connections] = numbers[..] {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        runtime.block_on(run(connections));
        return;
    }
    println!("{REQUESTS} requests per case, {WINDOW} outstanding per connection, 2 worker threads");
    println!(
        "| connections | answers/s | per request and answer | memory per open connection (2 drivers) | peak memory |"
    );
    println!("|---|---|---|---|---|");
    let exe = std::env::current_exe().unwrap();
    for connections in [1, 100] {
        let output = std::process::Command::new(&exe).arg(connections.to_string()).output().unwrap();
        print!("{}", String::from_utf8_lossy(&output.stdout));
        eprint!("{}", String::from_utf8_lossy(&output.stderr));
    }
}

fn config(host: &str, seed: u64) -> DriverConfig {
    let mut peer = PeerConfig::new(host, "example.net", vec!["127.0.0.1".parse().unwrap()]);
    peer.capabilities.auth_application_ids = vec![4];
    let mut config = DriverConfig::new(peer);
    config.seed = Some(seed);
    // The trace is for diagnosis; a long-running agent keeps a short one.
    config.trace_limit = 1_000;
    config
}

/// Waits for the peer to be open.
async fn open(handle: &mut PeerHandle) {
    while let Some(event) = handle.next_event().await {
        if let Event::Peer { event: PeerEvent::Open { .. }, .. } = event {
            return;
        }
    }
    panic!("the driver ended before the connection opened");
}

fn request(n: usize) -> RawMessage {
    RawMessage {
        header: Header {
            flags: CommandFlags { request: true, proxiable: true, ..CommandFlags::default() },
            command_code: 272,
            application_id: 4,
            hop_by_hop: 0,
            end_to_end: 0,
        },
        avps: vec![Avp::utf8(263, &format!("client.example.net;1;{n}")), Avp::unsigned32(258, 4)],
    }
}

fn answer(request: &RawMessage) -> RawMessage {
    let mut header = request.header;
    header.flags.request = false;
    let mut avps: Vec<Avp> = request.find(263).cloned().into_iter().collect();
    avps.push(Avp::unsigned32(268, 2001));
    RawMessage { header, avps }
}

async fn run(connections: usize) {
    let per_connection = REQUESTS / connections;
    let before = vm_kib("VmRSS:");
    let mut pairs = Vec::new();
    for i in 0..connections {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let server = driver::spawn(config("server.example.net", 2 * i as u64), Mode::Listen(listener));
        let client = driver::spawn(config("client.example.net", 2 * i as u64 + 1), Mode::Connect(address));
        pairs.push((server, client));
    }
    for (server, client) in &mut pairs {
        open(server).await;
        open(client).await;
    }
    let opened = vm_kib("VmRSS:");

    let begin = Instant::now();
    let mut tasks = Vec::new();
    for (mut server, mut client) in pairs {
        // The server's application answers each request; it reads its events in one task and
        // answers from another, so that reading never waits for room to send.
        let (requests_tx, mut requests_rx) = mpsc::unbounded_channel();
        let answers = server.control();
        tokio::spawn(async move {
            while let Some(request) = requests_rx.recv().await {
                let request: RawMessage = request;
                if answers.send(driver::Control::Send(answer(&request))).await.is_err() {
                    break;
                }
            }
        });
        let (done, mut finished) = oneshot::channel::<()>();
        let server_events = tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = &mut finished => break,
                    event = server.next_event() => match event {
                        Some(Event::Peer { event: PeerEvent::Received { message, .. }, .. }) if message.header.flags.request => {
                            if requests_tx.send(message).is_err() {
                                break;
                            }
                        }
                        Some(_) => {}
                        None => break,
                    },
                }
            }
            server
        });
        // The client's application keeps WINDOW requests outstanding.
        let window = Arc::new(Semaphore::new(WINDOW));
        let sender = client.control();
        let permits = window.clone();
        tokio::spawn(async move {
            for n in 0..per_connection {
                permits.acquire().await.unwrap().forget();
                if sender.send(driver::Control::Send(request(n))).await.is_err() {
                    break;
                }
            }
        });
        tasks.push(tokio::spawn(async move {
            let mut answered = 0;
            while answered < per_connection {
                match client.next_event().await {
                    Some(Event::Peer { event: PeerEvent::Received { message, .. }, .. })
                        if !message.header.flags.request =>
                    {
                        assert_eq!(message.result_code(), Some(2001));
                        answered += 1;
                        window.add_permits(1);
                    }
                    Some(_) => {}
                    None => panic!("the client's driver ended"),
                }
            }
            (client, done, server_events)
        }));
    }
    let mut ends = Vec::new();
    for task in tasks {
        ends.push(task.await.unwrap());
    }
    let elapsed = begin.elapsed();
    let answers = per_connection * connections;
    for (client, done, server_events) in ends {
        client.stop(DisconnectCause::Rebooting).await.unwrap();
        let _ = done.send(());
        let server = server_events.await.unwrap();
        let _ = tokio::time::timeout(Duration::from_secs(5), server.stop(DisconnectCause::Rebooting)).await;
    }
    println!(
        "| {connections} | {:.0} | {:.1} us | {:.0} KiB | {} MiB |",
        answers as f64 / elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1e6 / answers as f64,
        opened.saturating_sub(before) as f64 / connections as f64,
        vm_kib("VmHWM:") / 1024
    );
}
