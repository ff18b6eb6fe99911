//! Transition coverage of the generated machines, for `fsm coverage` (built only with the
//! crate's `coverage` feature: without it the machines are generated with no call at all).
//!
//! With the feature, every machine in [`crate::machines`] is generated with
//! `fsm!(spec, coverage = crate::coverage::record)`, so that each `Machine::step` that takes a
//! transition calls [`record`] with the machine's name and the transition's index among its
//! spec's transitions, in spec order. The free function `step` does not record: a runtime that probes its machine (the SG's `moves`) is not counted.
//!
//! Each thread keeps the set of (machine, transition) pairs it took, at most one entry per
//! transition of the crate's machines (bounded memory), and writes it when the thread ends: one
//! file of JSON lines in the directory `FSM_COVERAGE_DIR` (by default `target/fsm-coverage` of
//! this crate), one line per pair:
//!
//! ```text
//! {"test":"watchdog::okay_suspect_down","machine":"Rfc3539Watchdog","transition":12}
//! ```
//!
//! The test is the test binary's name and the thread's name, which the test harness sets to the
//! test's path; a thread that is not a test's (a worker of a multi-threaded tokio runtime) is
//! named as it is (`diameter_driver::tokio-runtime-worker`). Writing is best effort: a file that
//! cannot be written loses that thread's records, and the test goes on.

use std::cell::RefCell;
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The transitions one thread took, written out when the thread ends.
struct Taken {
    pairs: HashSet<(&'static str, usize)>,
}

impl Drop for Taken {
    fn drop(&mut self) {
        if self.pairs.is_empty() {
            return;
        }
        let test = test_name();
        let mut pairs: Vec<_> = self.pairs.drain().collect();
        pairs.sort_unstable();
        let mut text = String::new();
        for (machine, transition) in pairs {
            text.push_str(&format!(
                "{{\"test\":\"{}\",\"machine\":\"{}\",\"transition\":{transition}}}\n",
                escape(&test),
                escape(machine)
            ));
        }
        let _ = write_records(&text);
    }
}

thread_local! {
    static TAKEN: RefCell<Taken> = RefCell::new(Taken { pairs: HashSet::new() });
}

/// Records that `machine` (its `NAME`) took the transition at index `transition` of its
/// spec (in spec order). Called by the generated `Machine::step`; cheap (a hash set insertion), never
/// panics, does nothing once the thread's records are being written.
pub fn record(machine: &'static str, transition: usize) {
    let _ = TAKEN.try_with(|taken| {
        if let Ok(mut taken) = taken.try_borrow_mut() {
            taken.pairs.insert((machine, transition));
        }
    });
}

/// `binary::thread`: the test binary without Cargo's hash, and the thread's name.
fn test_name() -> String {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|path| path.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let binary = match binary.rsplit_once('-') {
        Some((name, hash)) if hash.chars().all(|c| c.is_ascii_hexdigit()) => name.to_owned(),
        _ => binary,
    };
    let thread = std::thread::current().name().unwrap_or("unnamed").to_owned();
    format!("{binary}::{thread}")
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Writes one thread's lines to a file of its own (so that threads never interleave).
fn write_records(text: &str) -> std::io::Result<()> {
    static FILES: AtomicUsize = AtomicUsize::new(0);
    let dir = match std::env::var_os("FSM_COVERAGE_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("fsm-coverage"),
    };
    std::fs::create_dir_all(&dir)?;
    let n = FILES.fetch_add(1, Ordering::Relaxed);
    let path = dir.join(format!("{}-{n}.jsonl", std::process::id()));
    std::fs::OpenOptions::new().create(true).append(true).open(path)?.write_all(text.as_bytes())
}
