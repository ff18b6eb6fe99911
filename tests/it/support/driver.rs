//! Running our Diameter peer's driver in tests and checking what it did: its events, its
//! message trace, and tshark's reading of the pcap file it writes.

use rfc_fsm::diameter::codec::DisconnectCause;
use rfc_fsm::diameter::codec::result_code::DIAMETER_SUCCESS;
use rfc_fsm::diameter::driver::{self, Control, Direction, DriverConfig, DriverError, Event, Mode, Report, TraceEntry};
use rfc_fsm::diameter::peer::{PeerConfig, PeerEvent};
use rfc_fsm::watchdog;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::tshark::{assert_clean, tshark};

/// Scheduling slack allowed on every real-time check against another implementation (a shared
/// 2-core machine).
pub const SLACK: Duration = Duration::from_millis(750);

/// Blocks on an external peer (a process we wait for) without stalling the runtime's other
/// tasks.
pub fn blocking<T>(f: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(f)
}

pub fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

// --- Running a driver and watching its events ---------------------------------------------------

pub struct Running {
    pub control: mpsc::Sender<Control>,
    log: Arc<Mutex<Vec<Event>>>,
    task: Option<JoinHandle<Result<Report, DriverError>>>,
}

pub fn launch(config: DriverConfig, mode: Mode) -> Running {
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
    pub fn events(&self) -> Vec<Event> {
        self.log.lock().unwrap().clone()
    }

    pub fn peer_events(&self) -> Vec<(Duration, PeerEvent)> {
        self.events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Peer { at, event } => Some((at, event)),
                _ => None,
            })
            .collect()
    }

    pub fn trace(&self) -> Vec<TraceEntry> {
        self.events()
            .into_iter()
            .filter_map(|e| match e {
                Event::Message(entry) => Some(entry),
                _ => None,
            })
            .collect()
    }

    /// The watchdog's moves: (when, to).
    pub fn watchdog_moves(&self) -> Vec<(Duration, Option<watchdog::State>)> {
        self.peer_events()
            .into_iter()
            .filter_map(|(at, e)| match e {
                PeerEvent::Watchdog { to, .. } => Some((at, to)),
                _ => None,
            })
            .collect()
    }

    /// Waits until `done` holds of the events, at most `within`.
    pub async fn wait(&self, what: &str, within: Duration, done: impl Fn(&Running) -> bool) {
        let deadline = tokio::time::Instant::now() + within;
        while !done(self) {
            assert!(tokio::time::Instant::now() < deadline, "no {what} within {within:?}: {:#?}", self.peer_events());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub async fn stop(&mut self, cause: DisconnectCause) -> Report {
        self.control.send(Control::Stop(cause)).await.unwrap();
        let report = self.task.take().unwrap().await.unwrap().unwrap();
        // Let the collector take the last events.
        tokio::time::sleep(Duration::from_millis(50)).await;
        report
    }
}

pub fn is_open(r: &Running) -> bool {
    r.peer_events().iter().any(|(_, e)| matches!(e, PeerEvent::Open { .. }))
}

/// Whether every DWR this side sent has its DWA in the trace: none of its watchdog's exchanges
/// is in flight. A stop stops the watchdog (RFC 3539 counts only while it runs), so a DWA that
/// arrives after it is in the trace but not in the counters: a test that compares the
/// counters stops at rest (see `diameter_driver/closing.rs`).
pub fn own_dwrs_answered(r: &Running) -> bool {
    let trace = r.trace();
    let answered = |dwr: &TraceEntry| {
        trace.iter().any(|e| {
            e.command == "DWA"
                && e.direction == Direction::Received
                && (e.hop_by_hop, e.end_to_end) == (dwr.hop_by_hop, dwr.end_to_end)
        })
    };
    trace.iter().filter(|e| e.command == "DWR" && e.direction == Direction::Sent).all(answered)
}

pub fn reached(r: &Running, state: watchdog::State, after: Duration) -> Option<Duration> {
    r.watchdog_moves().into_iter().find(|&(at, to)| at >= after && to == Some(state)).map(|(at, _)| at)
}

pub fn driver_config(peer: PeerConfig, seed: u64, pcap: Option<PathBuf>) -> DriverConfig {
    let mut c = DriverConfig::new(peer);
    c.seed = Some(seed);
    c.pcap = pcap;
    c
}

/// A path named `name` in a new directory of its own, which is removed, with whatever the test
/// wrote there, when the returned `TempDir` is dropped (keep it until the file is read).
pub fn temp(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::Builder::new().prefix("rfc-fsm-diameter-driver-").tempdir().unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

// --- Checks on a trace --------------------------------------------------------------------------

/// Every DWR in `trace` (either way) is answered with a DWA of the same Hop-by-Hop and
/// End-to-End Identifiers going the other way, unless it was sent in the last `grace`.
pub fn every_dwr_answered(trace: &[TraceEntry], grace: Duration) {
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
pub fn dwrs_at_tw(trace: &[TraceEntry], twinit: Duration, slack: Duration) -> usize {
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

/// tshark decodes every message of the pcap file as the Diameter message of the trace, and
/// finds nothing malformed nor any warning or error.
pub fn tshark_agrees(path: &Path, trace: &[TraceEntry]) {
    let fields =
        tshark(path, &[], &["frame.protocols", "diameter.cmd.code", "diameter.flags.request", "diameter.hopbyhopid"]);
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
    assert_clean(&tshark(path, &[], &[]));
}
