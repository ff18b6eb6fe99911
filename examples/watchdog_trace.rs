//! A Diameter node's RFC 3539 watchdog, from the driver's trace or a capture, as the JSON lines
//! that `fsm observe` replays against `specs/rfc3539_watchdog.fsm`:
//!
//! ```text
//! cargo run --example watchdog_trace -- driver TRACE [peer|ours] > trace.jsonl
//! cargo run --example watchdog_trace -- tshark FIELDS NODE > trace.jsonl
//! cargo run --example watchdog_trace -- pcap CAPTURE NODE > trace.jsonl
//! cargo fsm observe specs/rfc3539_watchdog.fsm trace.jsonl
//! ```
//!
//! `driver` reads the driver's trace as the interop tests print it; `tshark` tshark's fields of a
//! capture (`diameter::watchdog_trace::TSHARK_FIELDS`, `|`-separated); `pcap` a capture file,
//! which it decodes by running tshark. NODE is `client`, `server`, `IP:PORT`, `IP` or `:PORT`.

use rfc_fsm::diameter::watchdog_trace::{self, Record, TraceError};
use std::path::Path;
use std::process::ExitCode;

fn records(input: &str, path: &Path, node: Option<&str>) -> Result<Vec<Record>, String> {
    let read = || std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()));
    let located = |e: TraceError| format!("{}: {e}", path.display());
    match input {
        "driver" => watchdog_trace::from_driver_trace(&read()?, node).map_err(located),
        "tshark" => watchdog_trace::from_tshark_fields(&read()?, node).map_err(located),
        "pcap" => {
            let output =
                watchdog_trace::tshark_command(path).output().map_err(|e| format!("cannot run tshark: {e}"))?;
            if !output.status.success() {
                return Err(format!("tshark failed: {}", String::from_utf8_lossy(&output.stderr).trim()));
            }
            watchdog_trace::from_tshark_fields(&String::from_utf8_lossy(&output.stdout), node).map_err(located)
        }
        other => Err(format!("the input is `driver`, `tshark` or `pcap`, not `{other}`")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(input), Some(path)) = (args.first(), args.get(1)) else {
        eprintln!("usage: watchdog_trace driver|tshark|pcap FILE [NODE]");
        return ExitCode::from(2);
    };
    match records(input, Path::new(path), args.get(2).map(String::as_str)) {
        Ok(records) => {
            print!("{}", watchdog_trace::to_json_lines(&records));
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
