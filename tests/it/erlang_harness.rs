//! The Erlang interop harness (tests/it/support/erlang.rs driving tests/erlang/diameter_node.escript)
//! checked on its own, Erlang against Erlang: a listening and a connecting OTP diameter node
//! come up, the connector's RFC 3539 watchdog sees the listener hang (SIGSTOP) and recover
//! (SIGCONT), and both stop cleanly with DPR/DPA. If this passes, a failing interop test points
//! at our peer, not at the harness.

use crate::support::erlang::{ErlangNode, Mode, NodeConfig, erlang_available, field, trace};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// The watchdog timer of both nodes: 1 s, far below RFC 3539's 6 s minimum, to keep the test
/// short (the script passes it to OTP in a form OTP uses as it is).
const TW: Duration = Duration::from_secs(1);

/// Timeouts for what should take a Tw or two: generous, for a loaded machine.
const SOON: Duration = Duration::from_secs(15);

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

#[test]
fn watchdog_between_two_erlang_nodes() {
    if !erlang_available() {
        return;
    }
    let test_start = Instant::now();
    let listener_config = NodeConfig::new(TW).label("listener").origin_host("listener.example.org");
    let mut listener = ErlangNode::spawn(Mode::Listen(0), &listener_config).unwrap();
    assert_ne!(listener.port(), 0);
    let connector_config = NodeConfig::new(TW).label("connector").origin_host("connector.example.org");
    let mut connector = ErlangNode::spawn(Mode::Connect(listener.addr()), &connector_config).unwrap();
    println!("both nodes ready after {:.2} s; listener on port {}", secs(test_start.elapsed()), listener.port());

    // Capabilities exchange, then OKAY on both sides.
    connector.expect_line("send msg=CER", SOON);
    connector.expect_line("recv msg=CEA", SOON);
    connector.expect_line("peer_up peer=listener.example.org", SOON);
    connector.expect_line("watchdog from=initial to=okay", SOON);
    listener.expect_line("recv msg=CER", SOON);
    listener.expect_line("peer_up peer=connector.example.org", SOON);
    listener.expect_line("watchdog from=initial to=okay", SOON);

    // The watchdogs at work: a DWR/DWA round trip each way.
    connector.expect_line("send msg=DWR", SOON);
    connector.expect_line("recv msg=DWA", SOON);
    connector.expect_line("recv msg=DWR", SOON);
    connector.expect_line("send msg=DWA", SOON);

    // The listener hangs: the connector's watchdog goes OKAY -> SUSPECT within 2 Tw (the timer
    // restarted at the last message received, then a DWR goes unanswered), then DOWN one Tw later.
    listener.suspend().unwrap();
    let suspended = Instant::now();
    // (OTP reports the peer down, then the watchdog transition that took it down.)
    connector.expect_line("peer_down peer=listener.example.org", SOON);
    let suspect = connector.expect_line("watchdog from=okay to=suspect", SOON);
    let down = connector.expect_line("watchdog from=suspect to=down", SOON);
    let to_suspect = suspect.at - suspended;
    let to_down = down.at - suspect.at;
    println!(
        "suspended listener: connector SUSPECT after {:.3} s, DOWN {:.3} s later",
        secs(to_suspect),
        secs(to_down)
    );
    assert!(to_suspect <= 2 * TW + Duration::from_secs(5), "SUSPECT after {to_suspect:?}, Tw {TW:?}");
    assert!(to_down >= TW / 2 && to_down <= TW + Duration::from_secs(5), "DOWN {to_down:?} after SUSPECT, Tw {TW:?}");

    // The listener comes back: the connector reconnects, its watchdog goes DOWN -> REOPEN on the
    // new connection's CEA, and REOPEN -> OKAY after three DWR/DWA rounds (the first at once,
    // then one per Tw: about 2 Tw).
    listener.resume().unwrap();
    let resumed = Instant::now();
    connector.expect_line("reconnect", SOON);
    let reopen = connector.expect_line("watchdog from=down to=reopen", SOON);
    connector.expect_line("peer_up peer=listener.example.org", SOON);
    let okay = connector.expect_line("watchdog from=reopen to=okay", SOON);
    println!(
        "resumed listener: connector REOPEN after {:.3} s, OKAY {:.3} s later",
        secs(reopen.at - resumed),
        secs(okay.at - reopen.at)
    );
    let to_okay = okay.at - reopen.at;
    assert!(to_okay >= TW && to_okay <= 3 * TW + Duration::from_secs(5), "OKAY {to_okay:?} after REOPEN");
    // The listener takes the new connection as the same peer coming back: REOPEN, then OKAY.
    listener.expect_line("watchdog from=initial to=reopen", SOON);
    listener.expect_line("peer_up peer=connector.example.org", SOON);
    listener.expect_line("watchdog from=reopen to=okay", SOON);

    // A clean stop: the connector sends DPR, the listener answers DPA and sees the peer go.
    connector.expect_line("send msg=DWR", SOON);
    let status = connector.stop(SOON).unwrap();
    assert!(status.success(), "connector exit: {status}\n{}", connector.trace());
    connector.expect_line("stopping", SOON);
    connector.expect_line("send msg=DPR", SOON);
    connector.expect_line("recv msg=DPA", SOON);
    connector.expect_line("stopped", SOON);
    listener.expect_line("recv msg=DPR", SOON);
    listener.expect_line("send msg=DPA", SOON);
    listener.expect_line("peer_down peer=connector.example.org", SOON);
    let status = listener.stop(SOON).unwrap();
    assert!(status.success(), "listener exit: {status}\n{}", listener.trace());
    listener.expect_line("stopped", SOON);

    for node in [&listener, &connector] {
        let stderr = node.stderr_lines();
        assert!(stderr.is_empty(), "stderr of the Erlang nodes:\n{}", trace(&[&listener, &connector]));
    }
    println!("trace:\n{}", trace(&[&listener, &connector]));
    println!("total {:.2} s", secs(test_start.elapsed()));
}

#[test]
fn a_dropped_node_leaves_no_process_behind() {
    if !erlang_available() {
        return;
    }
    let mut node = ErlangNode::listen(TW).unwrap();
    let pid = node.pid();
    assert_eq!(field("ready port=1234", "port"), Some("1234"));
    node.suspend().unwrap();
    drop(node);
    // The script was our child and is reaped; nothing is left in its process group (which had
    // the same id as the script).
    let group = rustix::process::Pid::from_raw(i32::try_from(pid).unwrap()).unwrap();
    assert!(rustix::process::test_kill_process_group(group).is_err(), "processes left in group {pid}");
}

#[test]
fn a_node_that_cannot_start_says_why() {
    if !erlang_available() {
        return;
    }
    let mut config = NodeConfig::new(TW);
    config.extra_args.push("--no-such-option".into());
    let addr: SocketAddr = "127.0.0.1:9".parse().unwrap();
    let error = ErlangNode::spawn(Mode::Connect(addr), &config).err().unwrap();
    assert!(error.to_string().contains("--no-such-option"), "{error}");
}
