//! The RFC 3539 watchdog of one Diameter node, read from the messages on the wire, as a trace
//! that `fsm observe` replays against `specs/rfc3539_watchdog.fsm`.
//!
//! Two inputs: the driver's trace as the interop tests print it ([`from_driver_trace`]: `ours
//! 1.234s -> #1 DWR 280 R hbh=0x0000002a`), and tshark's fields of a Diameter capture
//! ([`from_tshark_fields`]: [`TSHARK_FIELDS`] separated by `|`, as [`tshark_command`] runs
//! tshark on a pcap file). Both give [`Record`]s, which [`to_json_lines`] writes in the JSON
//! lines format of `fsm observe`, the tool's one trace format: the tool knows no protocol, and
//! this module knows no tool.
//!
//! What the wire shows of the watchdog (RFC 6733 §5.5): the connection is up for the watchdog
//! once the CEA is seen (`ConnectionUp`), down when the transport closes or another connection
//! starts (`ConnectionDown`); a DWA the node receives is `DWA`, any other message it receives
//! `NonDWA`; a DWR the node sends is its `SendWatchdog`, the only action the wire shows; its
//! timer expiries (`TwExpiry`) are hidden. The spec observed must have those names.
//!
//! ```text
//! cargo run --example watchdog_trace -- driver otp_listen.trace > otp_listen.jsonl
//! cargo fsm observe specs/rfc3539_watchdog.fsm otp_listen.jsonl
//! ```

use crate::diameter::codec::command_code::{CAPABILITIES_EXCHANGE, DEVICE_WATCHDOG, DISCONNECT_PEER};
use crate::diameter::codec::result_code::is_success;
use serde_json::{Value, json};
use std::path::Path;
use thiserror::Error;

/// The events the wire shows, by their names in `specs/rfc3539_watchdog.fsm`.
pub const EVENTS: [&str; 4] = ["ConnectionUp", "ConnectionDown", "DWA", "NonDWA"];
/// The actions the wire shows: the node's DWR.
pub const OBSERVABLE: [&str; 1] = ["SendWatchdog"];
/// The events that happen without a mark on the wire: the watchdog timer's expiry.
pub const HIDDEN: [&str; 1] = ["TwExpiry"];

/// The fields [`from_tshark_fields`] expects, in order (`tshark -T fields -E separator=| -e ...`).
pub const TSHARK_FIELDS: [&str; 12] = [
    "frame.time_relative",
    "ip.src",
    "ipv6.src",
    "tcp.srcport",
    "tcp.stream",
    "tcp.flags.syn",
    "tcp.flags.fin",
    "tcp.flags.reset",
    "diameter.cmd.code",
    "diameter.flags.request",
    "diameter.Result-Code",
    "ip.dst",
];

/// Why a trace cannot be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TraceError {
    /// A line is malformed.
    #[error("line {line}: {why}")]
    Line {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The node to observe is not one the input can name.
    #[error("{0}")]
    Node(String),
}

/// What one record shows of the node's watchdog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// An event of the watchdog, one of [`EVENTS`].
    Event(&'static str),
    /// An action of the watchdog, one of [`OBSERVABLE`].
    Action(&'static str),
}

/// One step of the node's watchdog, as the wire shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The line of the input it comes from, from 1 (the monitor's report cites it).
    pub line: usize,
    /// Its time as the input gives it (seconds, as text).
    pub at: String,
    /// What was seen.
    pub seen: Seen,
    /// What the input said, for the report (`DWR sent by the node`).
    pub note: String,
}

/// One thing seen on a Diameter connection.
#[derive(Clone, Debug)]
struct Wire {
    line: usize,
    at: String,
    /// The connection (a driver connection number, a tcp.stream).
    conn: String,
    /// Whether the observed node sent it.
    from_node: bool,
    what: WireKind,
}

#[derive(Clone, Debug)]
enum WireKind {
    Message { command: &'static str, request: bool, success: bool },
    Close,
}

fn line_error(line: usize, why: impl Into<String>) -> TraceError {
    TraceError::Line { line, why: why.into() }
}

fn command_name(code: u32, request: bool) -> &'static str {
    match (code, request) {
        (CAPABILITIES_EXCHANGE, true) => "CER",
        (CAPABILITIES_EXCHANGE, false) => "CEA",
        (DEVICE_WATCHDOG, true) => "DWR",
        (DEVICE_WATCHDOG, false) => "DWA",
        (DISCONNECT_PEER, true) => "DPR",
        (DISCONNECT_PEER, false) => "DPA",
        _ => "Other",
    }
}

/// The watchdog of `node` in the driver's trace (lines `ours 1.234s -> #1 DWR 280 R
/// hbh=0x0000002a result=2001`; other lines are skipped). `node` is `peer` (the other side: the
/// default) or `ours`. The driver's trace shows no closes: a connection ends when the next starts.
pub fn from_driver_trace(text: &str, node: Option<&str>) -> Result<Vec<Record>, TraceError> {
    let ours = match node.unwrap_or("peer") {
        "peer" => false,
        "ours" => true,
        other => {
            return Err(TraceError::Node(format!(
                "the node is `peer` or `ours` for the driver's trace, not `{other}`"
            )));
        }
    };
    let mut wires = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [origin, at, direction, conn, _command, code, flags, ..] = fields[..] else { continue };
        if origin != "ours" || !conn.starts_with('#') || !(direction == "->" || direction == "<-") {
            continue;
        }
        let Ok(code) = code.parse::<u32>() else {
            return Err(line_error(n + 1, format!("`{code}` is not a Command Code")));
        };
        let request = flags.starts_with('R');
        let result = fields.iter().find_map(|f| f.strip_prefix("result=")).and_then(|r| r.parse::<u32>().ok());
        let sent_by_us = direction == "->";
        wires.push(Wire {
            line: n + 1,
            at: at.to_owned(),
            conn: conn.to_owned(),
            from_node: sent_by_us == ours,
            what: WireKind::Message {
                command: command_name(code, request),
                request,
                success: result.is_none_or(is_success),
            },
        });
    }
    Ok(watchdog(&wires))
}

fn flag(text: &str) -> bool {
    matches!(text, "1" | "True" | "true")
}

/// The watchdog of `node` in tshark's [`TSHARK_FIELDS`], one packet a line (a packet may carry
/// several messages: the values of one field are then `,`-separated). `node` is `client` (the
/// side that opened the connection), `server`, `IP:PORT`, `IP` or `:PORT`.
pub fn from_tshark_fields(text: &str, node: Option<&str>) -> Result<Vec<Record>, TraceError> {
    let node = node.ok_or_else(|| {
        TraceError::Node("a capture needs the node observed: client, server, IP:PORT, IP or :PORT".into())
    })?;
    let (node_ip, node_port) = match node.rsplit_once(':') {
        Some((ip, port)) if port.chars().all(|c| c.is_ascii_digit()) => (ip, port),
        _ => (node, ""),
    };
    let mut wires = Vec::new();
    let mut closed: Vec<String> = Vec::new();
    // The client of each stream: the sender of its first packet (its SYN).
    let mut clients: Vec<(String, String)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let f: Vec<&str> = line.split('|').collect();
        if f.len() < TSHARK_FIELDS.len() {
            if line.trim().is_empty() {
                continue;
            }
            return Err(line_error(
                n + 1,
                format!("expected the {} fields of TSHARK_FIELDS separated by `|`", TSHARK_FIELDS.len()),
            ));
        }
        let src_ip = if f[1].is_empty() { f[2] } else { f[1] };
        let source = format!("{src_ip}:{}", f[3]);
        if !clients.iter().any(|(stream, _)| stream == f[4]) {
            clients.push((f[4].to_owned(), source.clone()));
        }
        let is_client = clients.iter().any(|(stream, client)| stream == f[4] && *client == source);
        let from_node = match node {
            "client" => is_client,
            "server" => !is_client,
            _ => (node_ip.is_empty() || node_ip == src_ip) && (node_port.is_empty() || node_port == f[3]),
        };
        let conn = format!("stream {}", f[4]);
        let at = f[0].to_owned();
        let codes: Vec<&str> = f[8].split(',').filter(|c| !c.is_empty()).collect();
        let requests: Vec<&str> = f[9].split(',').collect();
        let results: Vec<u32> = f[10].split(',').filter_map(|r| r.parse().ok()).collect();
        let success = results.iter().all(|&r| is_success(r));
        for (i, code) in codes.iter().enumerate() {
            let code: u32 = code.parse().map_err(|_| line_error(n + 1, format!("`{code}` is not a Command Code")))?;
            let request = requests.get(i).is_some_and(|r| flag(r));
            let command = command_name(code, request);
            wires.push(Wire {
                line: n + 1,
                at: at.clone(),
                conn: conn.clone(),
                from_node,
                what: WireKind::Message { command, request, success },
            });
        }
        if (flag(f[6]) || flag(f[7])) && !closed.contains(&conn) {
            closed.push(conn.clone());
            wires.push(Wire { line: n + 1, at, conn, from_node, what: WireKind::Close });
        }
    }
    Ok(watchdog(&wires))
}

/// The tshark command line that prints a capture file's [`TSHARK_FIELDS`] for
/// [`from_tshark_fields`]. Run it and read its standard output.
pub fn tshark_command(capture: &Path) -> std::process::Command {
    let mut command = std::process::Command::new("tshark");
    command.args(["-n", "-r"]).arg(capture).args(["-T", "fields", "-E", "separator=|"]);
    for field in TSHARK_FIELDS {
        command.args(["-e", field]);
    }
    command
}

/// The node's RFC 3539 watchdog as the wire shows it (see the module's documentation).
fn watchdog(wires: &[Wire]) -> Vec<Record> {
    let [up, down, dwa, non_dwa] = EVENTS;
    let [send] = OBSERVABLE;
    let mut records = Vec::new();
    let mut open: Option<&str> = None;
    let record = |w: &Wire, seen: Seen, note: String| Record { line: w.line, at: w.at.clone(), seen, note };
    for w in wires {
        if let Some(conn) = open.filter(|c| *c != w.conn) {
            records.push(record(w, Seen::Event(down), format!("{conn} gone: {} starts", w.conn)));
            open = None;
        }
        let by = if w.from_node { "sent by the node" } else { "received by the node" };
        match &w.what {
            WireKind::Close => {
                if open.take().is_some() {
                    records.push(record(w, Seen::Event(down), format!("{} closed", w.conn)));
                }
            }
            WireKind::Message { command: "CEA", success, .. } if open.is_none() => {
                if *success {
                    open = Some(&w.conn);
                    records.push(record(w, Seen::Event(up), format!("CEA {by} on {}", w.conn)));
                }
            }
            WireKind::Message { .. } if open.is_none() => {}
            WireKind::Message { command, request, .. } if !w.from_node => {
                let e = if *command == "DWA" { dwa } else { non_dwa };
                let kind = if *request { "request" } else { "answer" };
                records.push(record(w, Seen::Event(e), format!("{command} ({kind}) {by}")));
            }
            WireKind::Message { command: "DWR", .. } => {
                records.push(record(w, Seen::Action(send), format!("DWR {by}")));
            }
            WireKind::Message { .. } => {}
        }
    }
    records
}

/// `records` in `fsm observe`'s JSON lines: first `{"observable":["SendWatchdog"],"hidden":
/// ["TwExpiry"]}`, then one object a record (`event` or `action`, `at`, `note`, and `line`, the
/// line of the original input that the report cites).
pub fn to_json_lines(records: &[Record]) -> String {
    let mut out = json!({ "observable": OBSERVABLE, "hidden": HIDDEN }).to_string();
    out.push('\n');
    for r in records {
        let (key, name) = match r.seen {
            Seen::Event(name) => ("event", name),
            Seen::Action(name) => ("action", name),
        };
        let mut object = serde_json::Map::new();
        object.insert(key.into(), Value::from(name));
        object.insert("at".into(), Value::from(r.at.as_str()));
        object.insert("note".into(), Value::from(r.note.as_str()));
        object.insert("line".into(), Value::from(r.line));
        out.push_str(&Value::Object(object).to_string());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
