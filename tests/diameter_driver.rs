//! The Diameter peer driver over tokio: two of our peers, one connecting and one listening,
//! over loopback TCP in real time (Tw under the RFC minimum through the testing option) and over
//! in-memory pipes on tokio's paused clock (the RFC's default Tw of 30 s). Capabilities exchange,
//! DWR/DWA both ways at Tw with every DWR answered, a frozen peer (a proxy that stops forwarding)
//! taking the watchdog through OKAY, SUSPECT (failover) and DOWN, the reconnection through REOPEN
//! to OKAY (failback) after three answered watchdogs, DPR/DPA closing cleanly; bad octets over
//! TCP; tshark decoding the pcap files the driver writes as Diameter, with nothing malformed.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

use rfc_fsm::diameter::codec::result_code::{DIAMETER_APPLICATION_UNSUPPORTED, DIAMETER_MISSING_AVP, DIAMETER_SUCCESS};
use rfc_fsm::diameter::codec::{
    Avp, Cer, CommandFlags, DisconnectCause, Dwr, Framer, Header, Message, RawMessage, avp_code, command_code,
};
use rfc_fsm::diameter::driver::{
    self, Connection, Connector, Control, Direction, DriverConfig, DriverError, Event, Mode, Report, TraceEntry,
};
use rfc_fsm::diameter::pcap::placeholder;
use rfc_fsm::diameter::peer::{PeerConfig, PeerEvent, Role, State};
use rfc_fsm::watchdog;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

// --- Running a driver and watching its events ---------------------------------------------------

struct Running {
    control: mpsc::Sender<Control>,
    log: Arc<Mutex<Vec<Event>>>,
    task: Option<JoinHandle<Result<Report, DriverError>>>,
}

fn launch(config: DriverConfig, mode: Mode) -> Running {
    let (events_tx, mut events_rx) = mpsc::channel(driver::EVENTS_CAPACITY);
    let (control, control_rx) = mpsc::channel(8);
    let task = tokio::spawn(driver::run(config, mode, events_tx, control_rx));
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    tokio::spawn(async move {
        while let Some(event) = events_rx.recv().await {
            sink.lock().unwrap().push(event);
        }
    });
    Running { control, log, task: Some(task) }
}

impl Running {
    fn events(&self) -> Vec<Event> {
        self.log.lock().unwrap().clone()
    }

    fn peer_events(&self) -> Vec<(Duration, PeerEvent)> {
        self.events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Peer { at, event } => Some((at, event)),
                _ => None,
            })
            .collect()
    }

    fn trace(&self) -> Vec<TraceEntry> {
        self.events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Message(entry) => Some(entry),
                _ => None,
            })
            .collect()
    }

    /// The watchdog's moves: (when, to).
    fn watchdog_moves(&self) -> Vec<(Duration, Option<watchdog::State>)> {
        self.peer_events()
            .into_iter()
            .filter_map(|(at, e)| match e {
                PeerEvent::Watchdog { to, .. } => Some((at, to)),
                _ => None,
            })
            .collect()
    }

    /// Waits until `done` holds of the events, at most `within`.
    async fn wait(&self, what: &str, within: Duration, done: impl Fn(&Running) -> bool) {
        let deadline = tokio::time::Instant::now() + within;
        while !done(self) {
            assert!(tokio::time::Instant::now() < deadline, "no {what} within {within:?}: {:#?}", self.peer_events());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    async fn stop(&mut self, cause: DisconnectCause) -> Report {
        self.control.send(Control::Stop(cause)).await.unwrap();
        let report = self.task.take().unwrap().await.unwrap().unwrap();
        // Let the collector take the last events.
        tokio::time::sleep(Duration::from_millis(50)).await;
        report
    }
}

fn is_open(r: &Running) -> bool {
    r.peer_events().iter().any(|(_, e)| matches!(e, PeerEvent::Open { .. }))
}

fn reached(r: &Running, state: watchdog::State, after: Duration) -> Option<Duration> {
    r.watchdog_moves().into_iter().find(|&(at, to)| at >= after && to == Some(state)).map(|(at, _)| at)
}

fn peer_config(host: &str, twinit: Duration, timeout: Duration) -> PeerConfig {
    let mut c = PeerConfig::new(host, "example.net", vec!["127.0.0.1".parse().unwrap()]);
    c.auth_application_ids = vec![4];
    c.timeout = timeout;
    c.watchdog = if twinit < watchdog::TWINIT_MIN {
        watchdog::Config::for_testing_below_rfc_minimum(twinit).unwrap()
    } else {
        watchdog::Config::new(twinit).unwrap()
    };
    c
}

fn driver_config(peer: PeerConfig, seed: u64, pcap: Option<PathBuf>) -> DriverConfig {
    let mut c = DriverConfig::new(peer);
    c.seed = Some(seed);
    c.pcap = pcap;
    c
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rfc-fsm-diameter-driver-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

// --- Checks on a trace --------------------------------------------------------------------------

/// Every DWR in `trace` (either way) is answered with a DWA of the same Hop-by-Hop and
/// End-to-End Identifiers going the other way, unless it was sent in the last `grace`.
fn every_dwr_answered(trace: &[TraceEntry], grace: Duration) {
    let end = trace.last().map_or(Duration::ZERO, |e| e.at);
    for dwr in trace.iter().filter(|e| e.command == "DWR" && e.at + grace < end) {
        let answered = trace.iter().any(|e| {
            e.command == "DWA"
                && e.direction != dwr.direction
                && (e.hop_by_hop, e.end_to_end) == (dwr.hop_by_hop, dwr.end_to_end)
                && e.result_code == Some(DIAMETER_SUCCESS)
        });
        assert!(answered, "{dwr} unanswered");
    }
}

/// Each DWR this side sent went out Tw (Twinit +/- 2 s, plus `slack` for the scheduler) after
/// its timer was last set: by its previous DWR, its CEA, or a message it received (RFC 3539
/// rows 1, 2, 12, 20). Returns how many were checked.
fn dwrs_at_tw(trace: &[TraceEntry], twinit: Duration, slack: Duration) -> usize {
    let mut checked = 0;
    for (i, dwr) in trace.iter().enumerate().filter(|(_, e)| e.command == "DWR" && e.direction == Direction::Sent) {
        let set = trace[..i]
            .iter()
            .filter(|e| match e.direction {
                Direction::Received => true,
                Direction::Sent => matches!(e.command, "DWR" | "CEA"),
            })
            .map(|e| e.at)
            .max();
        let Some(set) = set else { continue };
        // A connection's first DWR in REOPEN goes out at the connection up (row 21), not at Tw.
        if trace[..i].last().is_some_and(|e| e.command == "CEA") {
            continue;
        }
        let tw = dwr.at - set;
        let (low, high) = (twinit - watchdog::JITTER, twinit + watchdog::JITTER + slack);
        assert!(tw >= low.saturating_sub(slack) && tw <= high, "{dwr}: Tw {tw:?} outside {low:?}..={high:?}");
        checked += 1;
    }
    checked
}

// --- tshark -------------------------------------------------------------------------------------

fn tshark(path: &Path, fields: &[&str]) -> String {
    let mut command = Command::new("tshark");
    command.arg("-n").arg("-r").arg(path);
    if fields.is_empty() {
        command.arg("-V");
    } else {
        command.args(["-T", "fields", "-E", "separator=|"]);
        for f in fields {
            command.args(["-e", f]);
        }
    }
    let output =
        command.output().unwrap_or_else(|e| panic!("tshark cannot run ({e}); scripts/install-deps installs it"));
    assert!(output.status.success(), "tshark failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

/// tshark decodes every message of the pcap file as the Diameter message of the trace, and
/// finds nothing malformed nor any warning or error.
fn tshark_agrees(path: &Path, trace: &[TraceEntry]) {
    let fields =
        tshark(path, &["frame.protocols", "diameter.cmd.code", "diameter.flags.request", "diameter.hopbyhopid"]);
    let rows: Vec<Vec<&str>> =
        fields.lines().map(|l| l.split('|').collect()).filter(|r: &Vec<&str>| !r[1].is_empty()).collect();
    assert_eq!(rows.len(), trace.len(), "one Diameter packet per message:\n{fields}");
    for (row, entry) in rows.iter().zip(trace) {
        assert!(row[0].ends_with(":tcp:diameter"), "{row:?} for {entry}");
        assert_eq!(row[1].parse::<u32>().unwrap(), entry.command_code, "{entry}");
        let request = matches!(row[2], "1" | "True" | "true");
        assert_eq!(request, entry.request, "{entry}");
        let hbh = u32::from_str_radix(row[3].trim_start_matches("0x"), 16).unwrap();
        assert_eq!(hbh, entry.hop_by_hop, "{entry}");
    }
    let text = tshark(path, &[]);
    for bad in ["Malformed", "Expert Info (Warning", "Expert Info (Error", "[Unreassembled", "Unknown"] {
        assert!(!text.contains(bad), "tshark says `{bad}`:\n{}", context(&text, bad));
    }
}

/// The lines of tshark's output around the first line containing `word`.
fn context(text: &str, word: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.contains(word)).unwrap_or(0);
    lines[at.saturating_sub(30)..(at + 5).min(lines.len())].join("\n")
}

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
    let mut server =
        launch(driver_config(peer_config("server.example.net", twinit, secs(2.0)), 11, None), Mode::Listen(listener));
    let pcap = temp("exchange.pcap");
    let mut client = launch(
        driver_config(peer_config("client.example.net", twinit, secs(2.0)), 12, Some(pcap.clone())),
        Mode::Connect(address),
    );
    client.wait("capabilities exchange", secs(5.0), is_open).await;
    server.wait("capabilities exchange", secs(5.0), is_open).await;
    let open = client.peer_events().into_iter().find_map(|(_, e)| match e {
        PeerEvent::Open { role, peer, .. } => Some((role, peer)),
        _ => None,
    });
    let (role, remote) = open.unwrap();
    assert_eq!((role, remote.origin_host.as_str()), (Role::Initiator, "server.example.net"));
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

    // The trace: CER/CEA first, DPR/DPA last, every DWR answered, each at Tw.
    let trace = &client_report.trace;
    let names: Vec<&str> = trace.iter().map(|e| e.command).collect();
    assert_eq!(names[..2], ["CER", "CEA"]);
    assert_eq!(names[names.len() - 2..], ["DPR", "DPA"]);
    assert!(names[2..names.len() - 2].iter().all(|n| matches!(*n, "DWR" | "DWA")), "{names:?}");
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
        driver_config(peer_config("client.example.net", twinit, secs(1.0)), 22, Some(pcap.clone())),
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
    peer.host_ip_addresses.clear();
    let (events, _) = mpsc::channel(1);
    let (_, control) = mpsc::channel(1);
    let result =
        driver::run(DriverConfig::new(peer), Mode::Connect("127.0.0.1:1".parse().unwrap()), events, control).await;
    assert!(matches!(result, Err(DriverError::Config(_))));
}
