//! The language server's refresh after a change: for a generated spec of about 1,000 lines
//! (superstates, guards, a variable, a timer, every state handling every event), the time from
//! the new text to the diagnostics to publish. Issue 12's target is 50 ms.
//!
//! Three measures: the checker and the conversion to the protocol's diagnostics (clean spec),
//! the same for the spec with a mistake in it (a misspelled target: E0003 and what follows), and
//! the whole round trip through the server (a `didChange` sent on an in-memory connection to
//! the `publishDiagnostics` read back).
//!
//! Then a hostile scenario, timed by hand over a few rounds (each on a fresh server): a 3 MB
//! junk document opened, at once replaced by a small valid one, and a hover on the small one.
//! It prints the hover's latency (request sent to answer read) and the junk's own analysis
//! time, which the hover no longer waits for: the analysis runs off the server's loop.
//!
//! `cargo bench -p fsm-cli --bench lsp`

#![allow(clippy::unwrap_used, missing_docs)]

use criterion::Criterion;
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::json;
use std::fmt::Write as _;
use std::hint::black_box;

const STATES: usize = 84;
const EVENTS: usize = 10;

/// A spec of `STATES` states in three superstates, where event `j` takes state `i` to state
/// `i + j + 1` (mod `STATES`), the first event under a guard with an `[else]` beside it.
fn spec() -> String {
    let mut text = String::from("/// A generated machine of about 1,000 lines.\nmachine Large {\n");
    let per = STATES / 3;
    for group in 0..3 {
        let _ = writeln!(text, "    {}state G{group} {{", if group == 0 { "initial " } else { "" });
        for i in group * per..(group + 1) * per {
            let _ = writeln!(text, "        {}state S{i};", if i % per == 0 { "initial " } else { "" });
        }
        text.push_str("    }\n");
    }
    for j in 0..EVENTS {
        let _ = writeln!(text, "    event E{j};");
    }
    text.push_str("    guard ready;\n    action Step;\n    timer T;\n    var n: 0..=3 = 0;\n");
    for i in 0..STATES {
        let _ = writeln!(text, "    S{i} -> S{} on E0 [ready && n < 3] / Step, n += 1, start T;", (i + 1) % STATES);
        let _ = writeln!(text, "    internal S{i} on E0 [else] / n = 0;");
        for j in 1..EVENTS {
            let _ = writeln!(text, "    S{i} -> S{} on E{j} / Step;", (i + j + 1) % STATES);
        }
    }
    text.push_str("    internal * on TExpiry;\n}\n");
    text
}

fn refresh(uri: &lsp_types::Uri, text: &str) -> usize {
    let compiled = fsm_dsl::compile(text);
    fsm_cli::lsp::diagnostics(uri, text, &compiled).len()
}

/// A small valid spec and the position of a name in it to hover.
const SMALL: &str = "machine Door {\n    /// Closed.\n    initial state Shut;\n    state Open;\n    event Push;\n    Shut -> Open on Push;\n}\n";

/// One round of the junk scenario on a fresh server: the hover's latency, and the time from the
/// junk's opening to the server dropping its analysis.
fn junk_round(junk: &str) -> (std::time::Duration, std::time::Duration) {
    let (client, server) = Connection::memory();
    let thread = std::thread::spawn(move || fsm_cli::lsp::serve(&server));
    let send = |m: Message| client.sender.send(m).unwrap();
    send(Request::new(RequestId::from(1), "initialize".into(), json!({ "capabilities": {} })).into());
    let _ = client.receiver.recv().unwrap();
    send(Notification::new("initialized".into(), json!({})).into());
    let uri = "file:///junk.fsm";
    let opened = std::time::Instant::now();
    let open = json!({ "textDocument": { "uri": uri, "languageId": "fsm", "version": 1, "text": junk } });
    send(Notification::new("textDocument/didOpen".into(), open).into());
    let change = json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": SMALL }] });
    send(Notification::new("textDocument/didChange".into(), change).into());
    let asked = std::time::Instant::now();
    let hover = json!({ "textDocument": { "uri": uri }, "position": { "line": 2, "character": 20 } });
    send(Request::new(RequestId::from(2), "textDocument/hover".into(), hover).into());
    let (mut latency, mut stale) = (None, None);
    while latency.is_none() || stale.is_none() {
        match client.receiver.recv().unwrap() {
            Message::Response(r) => {
                assert!(r.response_result.unwrap()["contents"]["value"].as_str().unwrap().contains("Closed."));
                latency = Some(asked.elapsed());
            }
            Message::Notification(n) if n.method == "window/logMessage" => stale = Some(opened.elapsed()),
            Message::Notification(n) if n.params["version"] == 1 => stale = Some(opened.elapsed()),
            _ => {}
        }
    }
    send(Request::new(RequestId::from(3), "shutdown".into(), json!(null)).into());
    let _ = client.receiver.recv().unwrap();
    send(Notification::new("exit".into(), json!(null)).into());
    thread.join().unwrap().unwrap();
    (latency.unwrap(), stale.unwrap())
}

fn main() {
    let text = spec();
    let uri: lsp_types::Uri = "file:///large.fsm".parse().unwrap();
    assert_eq!(refresh(&uri, &text), 0, "{:?}", fsm_dsl::compile(&text).diagnostics.first());
    let broken = text.replacen("S1 -> S2 on E0", "S1 -> S2x on E0", 1);
    assert!(refresh(&uri, &broken) > 0);
    println!("the spec: {} lines, {} octets", text.lines().count(), text.len());

    let mut c = Criterion::default().sample_size(20).configure_from_args();
    let mut group = c.benchmark_group("lsp_refresh_1000_lines");
    group.bench_function("check and convert, clean", |b| b.iter(|| refresh(&uri, black_box(&text))));
    group.bench_function("check and convert, with a mistake", |b| b.iter(|| refresh(&uri, black_box(&broken))));

    let (client, server) = Connection::memory();
    let thread = std::thread::spawn(move || fsm_cli::lsp::serve(&server));
    client
        .sender
        .send(Request::new(RequestId::from(1), "initialize".into(), json!({ "capabilities": {} })).into())
        .unwrap();
    let _ = client.receiver.recv().unwrap();
    client.sender.send(Notification::new("initialized".into(), json!({})).into()).unwrap();
    let open = json!({ "textDocument": { "uri": uri.as_str(), "languageId": "fsm", "version": 1, "text": text } });
    client.sender.send(Notification::new("textDocument/didOpen".into(), open).into()).unwrap();
    let _ = client.receiver.recv().unwrap();
    let mut version = 1;
    group.bench_function("didChange to publishDiagnostics", |b| {
        b.iter(|| {
            version += 1;
            let change = json!({ "textDocument": { "uri": uri.as_str(), "version": version },
                                 "contentChanges": [{ "text": if version % 2 == 0 { &broken } else { &text } }] });
            client.sender.send(Notification::new("textDocument/didChange".into(), change).into()).unwrap();
            match client.receiver.recv().unwrap() {
                Message::Notification(n) => n.params["diagnostics"].as_array().map_or(0, Vec::len),
                other => panic!("{other:?}"),
            }
        })
    });
    group.finish();
    client.sender.send(Request::new(RequestId::from(2), "shutdown".into(), json!(null)).into()).unwrap();
    let _ = client.receiver.recv().unwrap();
    client.sender.send(Notification::new("exit".into(), json!(null)).into()).unwrap();
    thread.join().unwrap().unwrap();
    c.final_summary();

    let junk = format!("machine Junk {{\n{}}}\n", "junk junk -> ;;;\n".repeat(3_000_000 / 17));
    let mut rounds: Vec<_> = (0..5).map(|_| junk_round(&junk)).collect();
    rounds.sort();
    let (latency, stale) = rounds[rounds.len() / 2];
    println!(
        "\n{} octets of junk opened, then a small spec, then a hover: the hover answered in {:.2} ms (median of {} \
         rounds); the junk's analysis, dropped as stale, took {:.0} ms",
        junk.len(),
        latency.as_secs_f64() * 1e3,
        rounds.len(),
        stale.as_secs_f64() * 1e3
    );
}
