//! Our Diameter peer against an implementation nobody here wrote: Erlang/OTP's `diameter`
//! application, run by `tests/erlang/diameter_node.escript` on loopback TCP. Both directions of
//! the capabilities exchange; DWRs at Tw, each side answering the other's; the OTP node frozen
//! with SIGSTOP, our watchdog going OKAY -> SUSPECT (failover) -> DOWN on the RFC 3539
//! schedule, and after SIGCONT reconnecting through REOPEN to OKAY (failback) after three
//! answered watchdogs; DPR/DPA both ways. Each run's message trace, ours and the OTP node's, is
//! printed and written to `<target>/tmp/interop/`, and tshark decodes the pcap file of our side
//! as Diameter with nothing malformed.
//!
//! Twinit is 3 s on our side (through `watchdog::Config::for_testing_below_rfc_minimum`, so Tw
//! is drawn in [1 s, 5 s]); the OTP node's Tw is set per test, without jitter.

use crate::support::driver::*;
use crate::support::erlang::{self, ErlangNode, NodeConfig, erlang_available};
use crate::support::fixtures::*;
use rfc_fsm::diameter::codec::DisconnectCause;
use rfc_fsm::diameter::driver::{Direction, Mode, TraceEntry};
use rfc_fsm::diameter::peer::PeerEvent;
use rfc_fsm::watchdog::{self, State};
use std::fmt::Write as _;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// Our Twinit.
const TWINIT: Duration = Duration::from_secs(3);
/// Our longest Tw: Twinit plus the jitter.
const TW_MAX: Duration = Duration::from_secs(5);

/// Our side, named `host`, serving the OTP node of `node` only (RFC 6733 §5.6.1: a CER from another
/// Origin-Host is refused).
fn our_config(host: &str, pcap: &std::path::Path, node: &NodeConfig) -> rfc_fsm::diameter::driver::DriverConfig {
    let mut peer = peer_config(host, TWINIT, Duration::from_secs(2));
    peer.peer_host = Some(node.origin_host.clone());
    // The OTP node's service has only the common application, and it announces it
    // (Auth-Application-Id 0): OTP answers a CER that does not name it with
    // DIAMETER_NO_COMMON_APPLICATION, so we announce it too.
    peer.capabilities.auth_application_ids = vec![0];
    driver_config(peer, 3539, Some(pcap.to_owned()))
}

/// Our trace and the OTP node's lines on one time line (seconds since our driver started),
/// printed and written to `<target>/tmp/interop/NAME.trace`.
fn record(name: &str, started: Instant, ours: &Running, trace: &[TraceEntry], node: &ErlangNode) -> String {
    let mut lines: Vec<(f64, String)> = trace.iter().map(|e| (e.at.as_secs_f64(), format!("ours {e}"))).collect();
    for (at, event) in ours.peer_events() {
        let what = match event {
            PeerEvent::Watchdog { to, .. } => {
                format!("watchdog -> {}", to.map_or("stopped".to_owned(), |s| s.to_string()))
            }
            PeerEvent::Failover => "failover".to_owned(),
            PeerEvent::Failback => "failback".to_owned(),
            _ => continue,
        };
        lines.push((at.as_secs_f64(), format!("ours {:>9.3}s    {what}", at.as_secs_f64())));
    }
    // The node's lines count from the harness's epoch (its first node's start).
    let epoch = erlang::epoch();
    let offset = match started.checked_duration_since(epoch) {
        Some(after) => after.as_secs_f64(),
        None => -epoch.duration_since(started).as_secs_f64(),
    };
    for (at, line) in node.lines() {
        let since = at.as_secs_f64() - offset;
        lines.push((since, format!("otp  {since:>9.3}s {line}")));
    }
    lines.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut text = String::new();
    for (_, line) in &lines {
        let _ = writeln!(text, "{line}");
    }
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("interop");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.trace")), &text).unwrap();
    println!("--- {name}: message trace (ours: time, direction, connection, command; otp: its events)\n{text}");
    text
}

/// The OTP node's RFC 3539 watchdog, observed from the wire by `fsm observe` against
/// `specs/rfc3539_watchdog.fsm`, read twice by `diameter::watchdog_trace`: from tshark's decode of
/// the pcap file of our side (kept as `<target>/tmp/interop/NAME.pcap`, with its JSON lines as
/// `NAME.jsonl`; the node is the TCP `side`, `client` or `server`) and from our driver's trace
/// (the node is the peer). Both readings must see the same messages; the
/// report (written to `NAME.observe` and printed) says where the node did what the spec does not
/// allow. A deviation is a finding about the node or about the spec, not a failure of this test:
/// the book quotes the reports (`book/src/testing/observe.md`).
fn observe_otp(name: &str, pcap: &std::path::Path, side: &str, trace_text: &str) -> String {
    use rfc_fsm::diameter::watchdog_trace::{self, Seen};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("interop");
    let kept = dir.join(format!("{name}.pcap"));
    std::fs::copy(pcap, &kept).unwrap();
    let spec = fsm_dsl::compile(include_str!("../../specs/rfc3539_watchdog.fsm")).machine.unwrap();
    let tshark = watchdog_trace::tshark_command(&kept).output().unwrap();
    assert!(tshark.status.success(), "tshark: {}", String::from_utf8_lossy(&tshark.stderr));
    let fields = String::from_utf8_lossy(&tshark.stdout);
    let from_pcap = watchdog_trace::from_tshark_fields(&fields, Some(side)).unwrap();
    let from_trace = watchdog_trace::from_driver_trace(trace_text, Some("peer")).unwrap();
    // The driver's trace has no closes: a connection's end shows only when the next one starts.
    let messages = |records: &[watchdog_trace::Record]| -> Vec<Seen> {
        records.iter().map(|r| r.seen).filter(|s| *s != Seen::Event("ConnectionDown")).collect()
    };
    assert_eq!(messages(&from_pcap), messages(&from_trace), "tshark and our trace see the same watchdog steps");
    assert!(matches!(from_pcap.first().map(|r| r.seen), Some(Seen::Event(_))), "{from_pcap:?}");
    let lines = watchdog_trace::to_json_lines(&from_pcap);
    std::fs::write(dir.join(format!("{name}.jsonl")), &lines).unwrap();
    let options = fsm_cli::observe::Options::default();
    let trace = fsm_cli::observe::read_trace(&spec, &lines, &options).unwrap();
    let report = fsm_cli::observe::render(&spec, &trace, &fsm_cli::observe::observe(&spec, &trace));
    std::fs::write(dir.join(format!("{name}.observe")), &report).unwrap();
    println!(
        "--- {name}: the OTP node's watchdog (cargo run --example watchdog_trace -- pcap {name}.pcap {side} > {name}.jsonl; fsm observe specs/rfc3539_watchdog.fsm {name}.jsonl)\n{report}"
    );
    report
}

/// The DWRs we sent and the DWAs we received in `[from, to)`.
fn watchdogs_between(trace: &[TraceEntry], from: Duration, to: Duration) -> (usize, usize) {
    let within = |e: &&TraceEntry| e.at >= from && e.at < to;
    let sent = trace.iter().filter(within).filter(|e| e.command == "DWR" && e.direction == Direction::Sent).count();
    let answered =
        trace.iter().filter(within).filter(|e| e.command == "DWA" && e.direction == Direction::Received).count();
    (sent, answered)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn we_connect_to_otp_and_its_freeze_takes_our_watchdog_down_and_back_on_the_rfc_schedule() {
    if !erlang_available() {
        return;
    }
    // The OTP node's Tw is long: our DWRs (every Tw of ours, at most 5 s) keep it from sending
    // its own, so that every DWR here is ours and every DWA its answer.
    let config = NodeConfig::new(Duration::from_secs(20)).label("otp").tc(Duration::from_secs(1));
    let mut otp = blocking(|| ErlangNode::spawn(erlang::Mode::Listen(0), &config)).unwrap();
    let started = Instant::now();
    let (_scratch, pcap) = temp("connect.pcap");
    let ours_config = our_config("rust.example.net", &pcap, &config);
    let mut ours = launch(ours_config, Mode::Connect(otp.addr()));

    // Capabilities exchange, then watchdogs at our Tw, each answered.
    ours.wait("OKAY", Duration::from_secs(15), |r| reached(r, State::OKAY, Duration::ZERO).is_some()).await;
    blocking(|| otp.expect("peer_up", |l| l.starts_with("peer_up peer=rust.example.net"), Duration::from_secs(10)));
    let dwas =
        |r: &Running| r.trace().iter().filter(|e| e.command == "DWA" && e.direction == Direction::Received).count();
    ours.wait("three answered DWRs", TW_MAX * 3 + SLACK * 3, |r| dwas(r) >= 3).await;
    every_dwr_answered(&ours.trace(), SLACK);
    assert!(dwrs_at_tw(&ours.trace(), TWINIT, SLACK) >= 2, "{:#?}", ours.trace());
    assert!(
        !ours.trace().iter().any(|e| e.command == "DWR" && e.direction == Direction::Received),
        "the OTP node sent a DWR although ours kept it busy"
    );

    // Freeze the OTP node: one DWR, SUSPECT with failover one Tw later, DOWN one Tw after that.
    blocking(|| otp.suspend()).unwrap();
    let frozen_at = started.elapsed();
    ours.wait("DOWN", TW_MAX * 3 + SLACK * 3, |r| reached(r, State::DOWN, frozen_at).is_some()).await;
    let suspect = reached(&ours, State::SUSPECT, frozen_at).expect("SUSPECT before DOWN");
    let down = reached(&ours, State::DOWN, frozen_at).unwrap();
    let trace = ours.trace();
    let last_heard = trace.iter().filter(|e| e.direction == Direction::Received && e.at <= suspect).map(|e| e.at).max();
    let probes: Vec<&TraceEntry> = trace
        .iter()
        .filter(|e| e.command == "DWR" && e.direction == Direction::Sent && last_heard.is_some_and(|l| e.at > l))
        .filter(|e| e.at < suspect)
        .collect();
    assert_eq!(probes.len(), 1, "one unanswered DWR before SUSPECT: {probes:#?}");
    let tw_low = TWINIT - watchdog::JITTER - SLACK;
    let in_tw = |d: Duration| d >= tw_low && d <= TW_MAX + SLACK;
    assert!(in_tw(suspect - probes[0].at), "SUSPECT {:?} after the DWR", suspect - probes[0].at);
    assert!(in_tw(down - suspect), "DOWN {:?} after SUSPECT", down - suspect);
    let failovers: Vec<Duration> =
        ours.peer_events().iter().filter(|(_, e)| *e == PeerEvent::Failover).map(|(at, _)| *at).collect();
    assert_eq!(failovers.len(), 1, "one failover");
    assert!(failovers[0] >= suspect && failovers[0] <= suspect + SLACK, "failover with SUSPECT");

    // Let it go: our next attempt reconnects, REOPEN, three answered watchdogs, OKAY with failback.
    blocking(|| otp.resume()).unwrap();
    ours.wait("OKAY again", TW_MAX * 8 + Duration::from_secs(10), |r| reached(r, State::OKAY, down).is_some()).await;
    let reopen = reached(&ours, State::REOPEN, down).expect("REOPEN before OKAY");
    let okay = reached(&ours, State::OKAY, down).unwrap();
    let (sent, answered) = watchdogs_between(&ours.trace(), reopen, okay + Duration::from_millis(1));
    assert_eq!((sent, answered), (3, 3), "three watchdogs in REOPEN, all answered");
    let failbacks: Vec<Duration> =
        ours.peer_events().iter().filter(|(_, e)| *e == PeerEvent::Failback).map(|(at, _)| *at).collect();
    assert_eq!(failbacks.len(), 1, "one failback");
    assert!(failbacks[0] >= okay && failbacks[0] <= okay + SLACK, "failback with OKAY");
    blocking(|| otp.expect("peer_up again", |l| l.starts_with("peer_up"), Duration::from_secs(10)));

    // DPR/DPA: we disconnect, the OTP node answers, the connection closes.
    let report = ours.stop(DisconnectCause::DoNotWantToTalkToYou).await;
    let tail: Vec<(&str, Direction)> = report.trace.iter().rev().take(2).map(|e| (e.command, e.direction)).collect();
    assert_eq!(tail, [("DPA", Direction::Received), ("DPR", Direction::Sent)], "ends with DPR/DPA");
    blocking(|| {
        otp.expect("DPR received", |l| l == "recv msg=DPR", Duration::from_secs(10));
        otp.expect("DPA sent", |l| l == "send msg=DPA", Duration::from_secs(10));
        otp.expect("peer_down", |l| l.starts_with("peer_down"), Duration::from_secs(10));
    });
    let text = record("connect", started, &ours, &report.trace, &otp);
    assert!(blocking(|| otp.stop(Duration::from_secs(20))).unwrap().success());
    tshark_agrees(&pcap, &report.trace);
    observe_otp("connect", &pcap, "server", &text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn otp_connects_to_us_we_answer_its_dwrs_at_its_tw_and_its_dpr_with_dpa() {
    if !erlang_available() {
        return;
    }
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let started = Instant::now();
    // The OTP node's Tw (1 s) is below ours (at least 1 s, 3 s on average): its DWRs keep our
    // watchdog from sending, so that every DWR here is the OTP node's, answered by us.
    let otp_tw = Duration::from_secs(1);
    let config = NodeConfig::new(otp_tw).label("otp-connector");
    let (_scratch, pcap) = temp("listen.pcap");
    let ours_config = our_config("rust-listener.example.net", &pcap, &config);
    let mut ours = launch(ours_config, Mode::Listen(listener));
    let mut otp = blocking(|| ErlangNode::spawn(erlang::Mode::Connect(address), &config)).unwrap();

    ours.wait("OKAY", Duration::from_secs(20), |r| reached(r, State::OKAY, Duration::ZERO).is_some()).await;
    blocking(|| {
        otp.expect("peer_up", |l| l.starts_with("peer_up peer=rust-listener.example.net"), Duration::from_secs(10))
    });
    let dwrs =
        |r: &Running| r.trace().iter().filter(|e| e.command == "DWR" && e.direction == Direction::Received).count();
    ours.wait("five DWRs from the OTP node", otp_tw * 5 + Duration::from_secs(5), |r| dwrs(r) >= 5).await;
    let trace = ours.trace();
    every_dwr_answered(&trace, SLACK);
    // They come at the OTP node's Tw: each one Tw after our answer to the previous one.
    let received: Vec<&TraceEntry> =
        trace.iter().filter(|e| e.command == "DWR" && e.direction == Direction::Received).collect();
    for pair in received.windows(2) {
        let gap = pair[1].at - pair[0].at;
        assert!(gap >= otp_tw - SLACK.min(otp_tw) && gap <= otp_tw + SLACK, "DWRs {gap:?} apart");
    }

    // The OTP node stops: DPR, which we answer with DPA; the connection closes.
    assert!(blocking(|| otp.stop(Duration::from_secs(20))).unwrap().success());
    ours.wait("DPR answered", Duration::from_secs(10), |r| {
        r.trace().iter().any(|e| e.command == "DPA" && e.direction == Direction::Sent)
    })
    .await;
    let report = ours.stop(DisconnectCause::Rebooting).await;
    let dpr = report.trace.iter().position(|e| e.command == "DPR" && e.direction == Direction::Received);
    let dpa = report.trace.iter().position(|e| e.command == "DPA" && e.direction == Direction::Sent);
    assert!(dpr.is_some() && dpa > dpr, "DPR received, then DPA sent: {:#?}", report.trace);
    assert!(
        ours.peer_events().iter().any(|(_, e)| matches!(e, PeerEvent::DisconnectRequested { .. })),
        "the DPR is reported"
    );
    let text = record("listen", started, &ours, &report.trace, &otp);
    assert!(text.contains("send msg=DPR") && text.contains("recv msg=DPA"), "the OTP node saw its DPA");
    tshark_agrees(&pcap, &report.trace);
    observe_otp("listen", &pcap, "client", &text);
}
