//! The trace formats of `fsm observe`, read into a [`Trace`] for one machine.
//!
//! - `jsonl`: one JSON object per line. `{"event":"DWA","guards":{"g":true},"actions":["A"],
//!   "state":"OKAY","at":"1.5","note":".."}` is an event (`guards`, `actions`, `state`, `at`
//!   and `note` optional; `to` is read as `state`, so `fsm sim`'s output replays);
//!   `{"action":"SendWatchdog"}` an action seen on its own; `{"observable":[..],"hidden":[..]}`
//!   says which actions the trace shows and which events may happen unseen. `fsm sim`'s first
//!   line (`"step":0`) is the start and is skipped.
//! - `diameter-trace`: the Diameter driver's trace as the interop tests print it (`ours 1.234s ->
//!   #1 DWR 280 R hbh=0x0000002a`); other lines are skipped.
//! - `diameter-tshark`: tshark's fields of a Diameter capture, [`TSHARK_FIELDS`] separated by
//!   `|`; `diameter-pcap`: a capture file, which `fsm observe` decodes by running tshark so.
//!
//! The Diameter formats observe the RFC 3539 watchdog of one node (`--node`) from the messages
//! on the wire (RFC 6733 §5.5): the connection is up for the watchdog once the CEA is seen
//! (`ConnectionUp`), down when the transport closes or another connection starts
//! (`ConnectionDown`); a DWA the node receives is `DWA`, any other message it receives
//! `NonDWA`; a DWR the node sends is its `SendWatchdog`, the only action the wire shows; its
//! timer expiries (`TwExpiry`) are hidden. The spec must have those names.

use super::{Observed, Seen, Trace};
use fsm_dsl::ir::{ActionId, EventId, Machine};
use serde_json::Value;
use std::path::Path;
use thiserror::Error;

/// How to read a trace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TraceFormat {
    /// JSON lines of events and actions.
    #[default]
    Jsonl,
    /// The Diameter driver's trace text.
    DiameterTrace,
    /// tshark's fields of a Diameter capture (`TSHARK_FIELDS`, `|`-separated).
    DiameterTshark,
    /// A Diameter capture file, decoded by running tshark.
    DiameterPcap,
}

/// What `fsm observe` was told besides the spec and the trace.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The trace's format.
    pub format: TraceFormat,
    /// The node whose watchdog the Diameter formats observe: `client` (the side that opened the
    /// connection), `server`, `IP:PORT`, `IP` or `:PORT` for tshark; `peer` (the default) or
    /// `ours` for the driver's trace.
    pub node: Option<String>,
    /// Observable actions (names); empty: the trace's own list, or every action.
    pub observable: Vec<String>,
    /// Hidden events (names), added to the trace's own.
    pub hidden: Vec<String>,
}

/// The fields `diameter-tshark` expects, in order (`tshark -T fields -E separator=| -e ...`).
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
#[derive(Debug, Error)]
pub enum TraceError {
    /// A line is malformed or names what the spec does not have.
    #[error("line {line}: {why}")]
    Line {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The trace as a whole cannot be used with this spec or these options.
    #[error("{0}")]
    Unusable(String),
}

fn line_error(line: usize, why: impl Into<String>) -> TraceError {
    TraceError::Line { line, why: why.into() }
}

fn event(m: &Machine, name: &str) -> Result<EventId, String> {
    m.event_named(name).ok_or_else(|| format!("the spec has no event `{name}`"))
}

/// An action by its name, or as `fsm sim` prints a timer operation (`start Tw`).
fn action(m: &Machine, name: &str) -> Result<ActionId, String> {
    (0..m.actions.len())
        .map(ActionId)
        .find(|&a| m.action(a).named.name == name || m.action_sim_text(a) == name)
        .ok_or_else(|| format!("the spec has no action `{name}`"))
}

/// Reads `text` as `options.format` says, for machine `m`. `diameter-pcap` takes the path of
/// the capture as `text` and runs tshark on it.
pub fn read_trace(m: &Machine, text: &str, options: &Options) -> Result<Trace, TraceError> {
    let mut trace = match options.format {
        TraceFormat::Jsonl => jsonl(m, text)?,
        TraceFormat::DiameterTrace => watchdog(m, driver_trace(text, options.node.as_deref())?)?,
        TraceFormat::DiameterTshark => watchdog(m, tshark_fields(text, options.node.as_deref())?)?,
        TraceFormat::DiameterPcap => {
            let fields = run_tshark(Path::new(text.trim()))?;
            watchdog(m, tshark_fields(&fields, options.node.as_deref())?)?
        }
    };
    if !options.observable.is_empty() {
        let shown: Result<Vec<ActionId>, String> = options.observable.iter().map(|a| action(m, a)).collect();
        trace.observable = Some(shown.map_err(TraceError::Unusable)?);
    }
    for name in &options.hidden {
        let e = event(m, name).map_err(TraceError::Unusable)?;
        if !trace.hidden.contains(&e) {
            trace.hidden.push(e);
        }
    }
    Ok(trace)
}

fn names(value: &Value, line: usize, what: &str) -> Result<Vec<String>, TraceError> {
    let list = value.as_array().ok_or_else(|| line_error(line, format!("`{what}` is not a list")))?;
    list.iter()
        .map(|v| v.as_str().map(str::to_owned).ok_or_else(|| line_error(line, format!("`{what}` holds a non-string"))))
        .collect()
}

fn jsonl(m: &Machine, text: &str) -> Result<Trace, TraceError> {
    let mut trace = Trace::default();
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line).map_err(|e| line_error(line_no, e.to_string()))?;
        let Some(object) = value.as_object() else { return Err(line_error(line_no, "not a JSON object")) };
        let text_of = |key: &str| {
            object.get(key).map(|v| match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
        };
        let bad = |why: String| line_error(line_no, why);
        if object.contains_key("observable") || object.contains_key("hidden") {
            if let Some(list) = object.get("observable") {
                let shown: Result<Vec<ActionId>, String> =
                    names(list, line_no, "observable")?.iter().map(|a| action(m, a)).collect();
                trace.observable = Some(shown.map_err(bad)?);
            }
            if let Some(list) = object.get("hidden") {
                for name in names(list, line_no, "hidden")? {
                    trace.hidden.push(event(m, &name).map_err(bad)?);
                }
            }
            continue;
        }
        if object.get("step").and_then(Value::as_u64) == Some(0) && !object.contains_key("event") {
            continue;
        }
        let state = match object.get("state").or_else(|| object.get("to")).and_then(Value::as_str) {
            Some(name) => Some(m.state_named(name).ok_or_else(|| bad(format!("the spec has no state `{name}`")))?),
            None => None,
        };
        let seen = if let Some(name) = object.get("event") {
            let name = name.as_str().ok_or_else(|| bad("`event` is not a string".into()))?;
            let event = event(m, name).map_err(bad)?;
            let mut guards = Vec::new();
            if let Some(given) = object.get("guards") {
                let given = given.as_object().ok_or_else(|| bad("`guards` is not an object".into()))?;
                for (name, value) in given {
                    let g = m.guard_named(name).ok_or_else(|| bad(format!("the spec has no guard `{name}`")))?;
                    let v = value.as_bool().ok_or_else(|| bad(format!("guard `{name}` is not true or false")))?;
                    guards.push((g, v));
                }
            }
            let actions = match object.get("actions") {
                Some(list) => {
                    let listed: Result<Vec<ActionId>, String> =
                        names(list, line_no, "actions")?.iter().map(|a| action(m, a)).collect();
                    Some(listed.map_err(bad)?)
                }
                None => None,
            };
            Seen::Event { event, guards, actions }
        } else if let Some(name) = object.get("action") {
            let name = name.as_str().ok_or_else(|| bad("`action` is not a string".into()))?;
            Seen::Action(action(m, name).map_err(bad)?)
        } else {
            return Err(bad("expected an `event`, an `action`, or `observable` / `hidden`".into()));
        };
        let note = text_of("note").unwrap_or_default();
        trace.steps.push(Observed { line: line_no, at: text_of("at"), seen, state, note });
    }
    Ok(trace)
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

fn command_name(code: u32, request: bool) -> &'static str {
    match (code, request) {
        (257, true) => "CER",
        (257, false) => "CEA",
        (280, true) => "DWR",
        (280, false) => "DWA",
        (282, true) => "DPR",
        (282, false) => "DPA",
        _ => "Other",
    }
}

/// Lines `ours 1.234s -> #1 DWR 280 R hbh=0x0000002a result=2001` of the driver's trace.
fn driver_trace(text: &str, node: Option<&str>) -> Result<Vec<Wire>, TraceError> {
    let ours = match node.unwrap_or("peer") {
        "peer" => false,
        "ours" => true,
        other => {
            return Err(TraceError::Unusable(format!(
                "--node is `peer` or `ours` for the driver's trace, not `{other}`"
            )));
        }
    };
    let mut wires = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [origin, at, direction, conn, command, code, flags, ..] = fields[..] else { continue };
        if origin != "ours" || !conn.starts_with('#') || !(direction == "->" || direction == "<-") {
            continue;
        }
        let Ok(code) = code.parse::<u32>() else {
            return Err(line_error(n + 1, format!("`{code}` is not a Command Code")));
        };
        let request = flags.starts_with('R');
        let result = fields.iter().find_map(|f| f.strip_prefix("result=")).and_then(|r| r.parse::<u32>().ok());
        let sent_by_us = direction == "->";
        let _ = command;
        wires.push(Wire {
            line: n + 1,
            at: at.to_owned(),
            conn: conn.to_owned(),
            from_node: sent_by_us == ours,
            what: WireKind::Message {
                command: command_name(code, request),
                request,
                success: result.is_none_or(|r| (2000..3000).contains(&r)),
            },
        });
    }
    Ok(wires)
}

fn flag(text: &str) -> bool {
    matches!(text, "1" | "True" | "true")
}

/// tshark's `TSHARK_FIELDS`, one packet a line; a packet may carry several messages (the
/// values of one field are then `,`-separated).
fn tshark_fields(text: &str, node: Option<&str>) -> Result<Vec<Wire>, TraceError> {
    let node = node.ok_or_else(|| {
        TraceError::Unusable("--node names the node observed in a capture: client, server, IP:PORT, IP or :PORT".into())
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
        let success = results.iter().all(|r| (2000..3000).contains(r));
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
    Ok(wires)
}

fn run_tshark(path: &Path) -> Result<String, TraceError> {
    let mut command = std::process::Command::new("tshark");
    command.args(["-n", "-r"]).arg(path).args(["-T", "fields", "-E", "separator=|"]);
    for field in TSHARK_FIELDS {
        command.args(["-e", field]);
    }
    let output = command.output().map_err(|e| TraceError::Unusable(format!("cannot run tshark: {e}")))?;
    if !output.status.success() {
        return Err(TraceError::Unusable(format!("tshark failed: {}", String::from_utf8_lossy(&output.stderr).trim())));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The node's RFC 3539 watchdog as the wire shows it (see the module's documentation).
fn watchdog(m: &Machine, wires: Vec<Wire>) -> Result<Trace, TraceError> {
    let need = |name: &str| {
        event(m, name).map_err(|e| TraceError::Unusable(format!("{e}, which the Diameter formats observe (RFC 3539)")))
    };
    let (up, down, dwa, non_dwa, expiry) =
        (need("ConnectionUp")?, need("ConnectionDown")?, need("DWA")?, need("NonDWA")?, need("TwExpiry")?);
    let send = action(m, "SendWatchdog")
        .map_err(|e| TraceError::Unusable(format!("{e}, which the Diameter formats observe")))?;
    let mut trace = Trace { observable: Some(vec![send]), hidden: vec![expiry], steps: Vec::new() };
    let mut open: Option<String> = None;
    let step =
        |w: &Wire, seen: Seen, note: String| Observed { line: w.line, at: Some(w.at.clone()), seen, state: None, note };
    let event = |e: EventId| Seen::Event { event: e, guards: Vec::new(), actions: None };
    for w in &wires {
        if let Some(conn) = open.as_ref().filter(|c| **c != w.conn) {
            let note = format!("{conn} gone: {} starts", w.conn);
            trace.steps.push(step(w, event(down), note));
            open = None;
        }
        let by = if w.from_node { "sent by the node" } else { "received by the node" };
        match &w.what {
            WireKind::Close => {
                if open.take().is_some() {
                    trace.steps.push(step(w, event(down), format!("{} closed", w.conn)));
                }
            }
            WireKind::Message { command: "CEA", success, .. } if open.is_none() => {
                if *success {
                    open = Some(w.conn.clone());
                    trace.steps.push(step(w, event(up), format!("CEA {by} on {}", w.conn)));
                }
            }
            WireKind::Message { .. } if open.is_none() => {}
            WireKind::Message { command, request, .. } if !w.from_node => {
                let e = if *command == "DWA" { dwa } else { non_dwa };
                let kind = if *request { "request" } else { "answer" };
                trace.steps.push(step(w, event(e), format!("{command} ({kind}) {by}")));
            }
            WireKind::Message { command: "DWR", .. } => {
                trace.steps.push(step(w, Seen::Action(send), format!("DWR {by}")));
            }
            WireKind::Message { .. } => {}
        }
    }
    Ok(trace)
}
