//! A bounded soak of the Diameter driver (RFC 6733 peer with the RFC 3539 watchdog), on
//! loopback TCP only, that stops by itself:
//!
//! ```text
//! cargo run --release --example diameter_soak -- --seconds 180
//! ```
//!
//! Our node connects to a node this program plays, which misbehaves on purpose, one behaviour
//! per connection, in turn: it closes the connection soon (churn; it closes every
//! connection after a few seconds anyway), sends a
//! malformed or a truncated message, stops reading for a while (a slow reader: our writes back
//! up), stops answering the application's requests, or behaves. Meanwhile the application sends
//! requests steadily, with a burst now and then, to an alternate peer (counted, not sent)
//! between our watchdog's Failover and Failback as RFC 3539 §5 wants. At the end the program checks, and exits 1 if
//! one fails, that nothing panicked, that every request the application sent was answered,
//! failed over (outstanding when our watchdog reported Failover) or reported (an error event),
//! that none was lost silently, that the driver dropped no event (it waits for the application
//! to read them instead), and that resident memory after the warm-up (the first quarter) stayed
//! within 8 MiB of its level then. It runs on two tokio worker threads, and prints its figures.

use rand::rngs::StdRng;
use rand::{RngExt as _, SeedableRng};
use rfc_fsm::diameter::codec::{Avp, Capabilities, Cea, CommandFlags, Dpa, Dwa, Framer, Header, Message, RawMessage};
use rfc_fsm::diameter::driver::{self, Control, Direction, DriverConfig, Event, Mode};
use rfc_fsm::diameter::peer::{PeerConfig, PeerError, PeerEvent};
use rfc_fsm::watchdog;
use std::collections::{BTreeMap, VecDeque};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

/// The application's command (any command of application 4 the other node answers).
const COMMAND: u32 = 265;
const APPLICATION: u32 = 4;

/// How the other node treats one connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Behaviour {
    Good,
    Churn,
    Malformed,
    Truncated,
    SlowReader,
    Mute,
}

fn capabilities() -> Capabilities {
    let mut c = PeerConfig::new("chaos.example.org", "example.org", vec!["127.0.0.1".parse().expect("an address")])
        .capabilities;
    c.auth_application_ids = vec![APPLICATION];
    c
}

/// The other node, on one connection.
async fn serve(mut stream: TcpStream, behaviour: Behaviour, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut framer = Framer::new();
    let mut buffer = vec![0u8; 16 * 1024];
    let started = Instant::now();
    // Every connection ends, the churning ones soonest.
    let life = if behaviour == Behaviour::Churn {
        Duration::from_millis(rng.random_range(300..3_000))
    } else {
        // Long enough to outlast REOPEN (three watchdogs, about 9 s) and serve a while.
        Duration::from_millis(rng.random_range(12_000..25_000))
    };
    let mut answered = 0u32;
    loop {
        if started.elapsed() > life {
            return;
        }
        if behaviour == Behaviour::SlowReader && answered > 20 && rng.random_range(0..50) == 0 {
            tokio::time::sleep(Duration::from_millis(rng.random_range(200..1_500))).await;
        }
        let read = tokio::time::timeout(Duration::from_millis(200), stream.read(&mut buffer)).await;
        let n = match read {
            Ok(Ok(0)) | Ok(Err(_)) => return,
            Ok(Ok(n)) => n,
            Err(_) => continue,
        };
        framer.push(&buffer[..n]);
        while let Some(next) = framer.next_message() {
            let Ok(bytes) = next else { return };
            let Ok(raw) = RawMessage::decode(&bytes) else { continue };
            let h = raw.header;
            let reply: Option<Vec<u8>> = match Message::decode(&bytes) {
                Ok(Message::Cer(_)) => Message::Cea(Cea {
                    hop_by_hop: h.hop_by_hop,
                    end_to_end: h.end_to_end,
                    result_code: 2001,
                    capabilities: capabilities(),
                    error_message: None,
                    failed_avp: None,
                })
                .encode()
                .ok(),
                Ok(Message::Dwr(_)) if behaviour != Behaviour::Mute || answered < 3 => Message::Dwa(Dwa {
                    hop_by_hop: h.hop_by_hop,
                    end_to_end: h.end_to_end,
                    result_code: 2001,
                    origin_host: "chaos.example.org".into(),
                    origin_realm: "example.org".into(),
                    error_message: None,
                    failed_avp: None,
                    origin_state_id: None,
                })
                .encode()
                .ok(),
                Ok(Message::Dpr(_)) => Message::Dpa(Dpa {
                    hop_by_hop: h.hop_by_hop,
                    end_to_end: h.end_to_end,
                    result_code: 2001,
                    origin_host: "chaos.example.org".into(),
                    origin_realm: "example.org".into(),
                    error_message: None,
                    failed_avp: None,
                })
                .encode()
                .ok(),
                _ if h.command_code == COMMAND && h.flags.request && behaviour != Behaviour::Mute => {
                    answered += 1;
                    match behaviour {
                        Behaviour::Malformed if answered.is_multiple_of(25) => {
                            Some(vec![1, 0, 0, 20, 0, 0, 1, 9, 0xff, 0xff])
                        }
                        Behaviour::Truncated if answered.is_multiple_of(25) => {
                            let answer = answer(h);
                            let _ = stream.write_all(&answer[..answer.len() / 2]).await;
                            return;
                        }
                        _ => Some(answer(h)),
                    }
                }
                _ => None,
            };
            if let Some(reply) = reply
                && stream.write_all(&reply).await.is_err()
            {
                return;
            }
        }
    }
}

fn answer(request: Header) -> Vec<u8> {
    RawMessage {
        header: request.answer(),
        avps: vec![Avp::utf8(263, "soak;1").with_mandatory(true), Avp::unsigned32(268, 2001).with_mandatory(true)],
    }
    .encode()
    .unwrap_or_default()
}

fn request(end_to_end: u32) -> RawMessage {
    RawMessage {
        header: Header {
            flags: CommandFlags { request: true, proxiable: true, ..CommandFlags::default() },
            command_code: COMMAND,
            application_id: APPLICATION,
            hop_by_hop: 0,
            end_to_end,
        },
        avps: vec![Avp::utf8(263, "soak;1").with_mandatory(true)],
    }
}

/// Resident memory in KiB (Linux), 0 where unknown.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// What became of the application's requests.
#[derive(Default, Debug)]
struct Ledger {
    submitted: u64,
    /// Sent to the driver, not yet seen on the wire nor refused: by End-to-End Identifier.
    dispatching: VecDeque<u32>,
    /// On the wire, waiting for an answer.
    outstanding: BTreeMap<u32, ()>,
    answered: u64,
    failed_over: u64,
    reported: u64,
    /// Between Failover and Failback: new requests go to an alternate peer (RFC 3539 §5).
    in_failover: bool,
    /// Requests routed to the alternate peer while failed over, never sent to this one.
    routed_elsewhere: u64,
}

impl Ledger {
    fn on_event(&mut self, event: &Event) {
        match event {
            Event::Message(e) if e.command_code == COMMAND && e.direction == Direction::Sent && e.request => {
                if let Some(i) = self.dispatching.iter().position(|&x| x == e.end_to_end) {
                    self.dispatching.remove(i);
                    if self.in_failover {
                        // Taken by the driver before it learnt of the failover: the application
                        // has already moved its requests to the alternate peer.
                        self.failed_over += 1;
                    } else {
                        self.outstanding.insert(e.end_to_end, ());
                    }
                }
            }
            Event::Peer { event: PeerEvent::Received { message, .. }, .. }
                if message.header.command_code == COMMAND
                    && !message.header.flags.request
                    && self.outstanding.remove(&message.header.end_to_end).is_some() =>
            {
                self.answered += 1;
            }
            Event::Peer { event: PeerEvent::Failover, .. } => {
                self.failed_over += self.outstanding.len() as u64;
                self.outstanding.clear();
                self.in_failover = true;
            }
            Event::Peer { event: PeerEvent::Failback, .. } => self.in_failover = false,
            // The driver takes the application's messages in order: a refusal is the oldest one
            // not yet seen on the wire.
            Event::Peer { event: PeerEvent::Error(PeerError::NotOpen { .. }), .. }
                if self.dispatching.pop_front().is_some() =>
            {
                self.reported += 1;
            }
            _ => {}
        }
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let seconds: u64 = args
        .iter()
        .position(|a| a == "--seconds")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(120);
    let duration = Duration::from_secs(seconds.max(8));
    let listener = match TcpListener::bind("127.0.0.1:0").await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("soak: cannot listen on loopback: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Ok(address) = listener.local_addr() else { return ExitCode::FAILURE };
    // The other node: one behaviour per connection.
    let behaviours = std::sync::Arc::new(std::sync::Mutex::new(BTreeMap::<String, u64>::new()));
    let counts = behaviours.clone();
    tokio::spawn(async move {
        let mut rng = StdRng::seed_from_u64(15);
        let mut connections = 0usize;
        while let Ok((stream, _)) = listener.accept().await {
            // Each behaviour in turn, so that a run of a few minutes sees them all.
            const TURNS: [Behaviour; 6] = [
                Behaviour::Good,
                Behaviour::Malformed,
                Behaviour::Churn,
                Behaviour::SlowReader,
                Behaviour::Truncated,
                Behaviour::Mute,
            ];
            let behaviour = TURNS[connections % TURNS.len()];
            connections += 1;
            *counts.lock().expect("counts").entry(format!("{behaviour:?}")).or_default() += 1;
            tokio::spawn(serve(stream, behaviour, rng.random()));
        }
    });

    let mut peer = PeerConfig::new("soak.example.net", "example.net", vec!["127.0.0.1".parse().expect("an address")]);
    peer.capabilities.auth_application_ids = vec![APPLICATION];
    peer.timeout = Duration::from_secs(2);
    peer.watchdog = watchdog::Config::for_testing_below_rfc_minimum(Duration::from_secs(3)).expect("Twinit of 3 s");
    peer.max_outstanding_requests = 1024;
    let mut config = DriverConfig::new(peer);
    config.trace_limit = 10_000;
    config.seed = Some(15);
    let (events_tx, mut events_rx) = mpsc::channel(driver::EVENTS_CAPACITY);
    let (control, control_rx) = mpsc::channel(64);
    let task = tokio::spawn(driver::run(config, Mode::Connect(address), events_tx, control_rx));

    let started = Instant::now();
    let mut ledger = Ledger::default();
    let mut rng = StdRng::seed_from_u64(3539);
    let mut next_e2e = 1u32;
    let mut tick = tokio::time::interval(Duration::from_millis(5));
    let mut samples: Vec<(Duration, u64)> = Vec::new();
    let mut last_sample = Instant::now();
    let mut opens = 0u64;
    let mut malformed = 0u64;
    // Requests the application has to send: one per tick, with a burst now and then. They go
    // out as the control channel has room, and the events are read meanwhile: the driver takes
    // no control while its events wait for room, so an application that waited to send without
    // reading would wait for ever.
    let mut to_send = 0u64;
    let mut most_waiting = 0u64;
    while started.elapsed() < duration {
        tokio::select! {
            permit = control.reserve(), if to_send > 0 => {
                let Ok(permit) = permit else {
                    eprintln!("soak: the driver ended early");
                    return ExitCode::FAILURE;
                };
                to_send -= 1;
                ledger.submitted += 1;
                if ledger.in_failover {
                    ledger.routed_elsewhere += 1;
                    continue;
                }
                ledger.dispatching.push_back(next_e2e);
                permit.send(Control::Send(request(next_e2e)));
                next_e2e = next_e2e.wrapping_add(1).max(1);
            }
            _ = tick.tick() => {
                to_send += if rng.random_range(0..400) == 0 { 200 } else { 1 };
                most_waiting = most_waiting.max(to_send);
                if last_sample.elapsed() >= Duration::from_secs(1) {
                    samples.push((started.elapsed(), rss_kib()));
                    last_sample = Instant::now();
                }
            }
            Some(event) = events_rx.recv() => {
                match &event {
                    Event::Peer { event: PeerEvent::Open { .. }, .. } => opens += 1,
                    Event::Peer { event: PeerEvent::Error(PeerError::Malformed { .. } | PeerError::Framing { .. }), .. } => malformed += 1,
                    _ => {}
                }
                ledger.on_event(&event);
            }
        }
    }
    // Stop sending; let the answers come in, then disconnect.
    let drain = Instant::now();
    while drain.elapsed() < Duration::from_secs(8) && !(ledger.dispatching.is_empty() && ledger.outstanding.is_empty())
    {
        if let Ok(Some(event)) = tokio::time::timeout(Duration::from_millis(100), events_rx.recv()).await {
            ledger.on_event(&event);
        }
    }
    let _ = control.send(Control::Stop(rfc_fsm::diameter::codec::DisconnectCause::DoNotWantToTalkToYou)).await;
    drop(control);
    while let Some(event) = events_rx.recv().await {
        ledger.on_event(&event);
    }
    let report = match task.await {
        Ok(Ok(report)) => report,
        Ok(Err(e)) => {
            eprintln!("soak: the driver failed: {e}");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("soak: the driver panicked: {e}");
            return ExitCode::FAILURE;
        }
    };

    let warm = samples.iter().find(|(at, _)| *at >= duration / 4).map_or(0, |s| s.1);
    let after: Vec<u64> = samples.iter().filter(|(at, _)| *at >= duration / 4).map(|s| s.1).collect();
    let (low, high) = (after.iter().min().copied().unwrap_or(0), after.iter().max().copied().unwrap_or(0));
    let lost = ledger.dispatching.len() as u64 + ledger.outstanding.len() as u64;
    let unsent = to_send;
    println!(
        "soak: {} s on loopback, other node's behaviours per connection: {:?}",
        duration.as_secs(),
        behaviours.lock().expect("counts")
    );
    println!(
        "soak: connections opened {opens}, malformed or unframeable messages reported {malformed}, watchdog failovers {}, failbacks {}",
        report.counters.failovers, report.counters.failbacks
    );
    println!(
        "soak: requests {}: routed to the alternate while failed over {}; sent to our peer {}: answered {}, failed over {}, reported not sent {}, unaccounted {lost}; events dropped {}",
        ledger.submitted,
        ledger.routed_elsewhere,
        ledger.submitted - ledger.routed_elsewhere,
        ledger.answered,
        ledger.failed_over,
        ledger.reported,
        report.events_dropped
    );
    println!(
        "soak: most requests waiting for room in the control channel {most_waiting}, left unsent at the end {unsent}"
    );
    println!(
        "soak: resident memory after warm-up: {warm} KiB at {} s, then between {low} and {high} KiB",
        duration.as_secs() / 4
    );
    let mut ok = true;
    if lost > 0 || report.events_dropped > 0 {
        eprintln!("soak: FAILED: {lost} requests unaccounted for ({} events dropped)", report.events_dropped);
        ok = false;
    }
    if high > warm + 8 * 1024 {
        eprintln!("soak: FAILED: resident memory grew from {warm} to {high} KiB after the warm-up");
        ok = false;
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
