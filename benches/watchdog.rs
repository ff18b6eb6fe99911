//! The RFC 3539 watchdog at scale: 1,000,000 watchdogs (the driver's configuration: the jitter's
//! random source passed in, one for all), driven round-robin on one thread, allocations counted.
//!
//! `cargo bench --bench watchdog` (add `-- N` for N watchdogs). Prints the size of a watchdog,
//! the events per second of each kind of input (each call one event, every row counted the
//! same way), the allocations per event and the peak resident memory (VmHWM).

#![allow(clippy::unwrap_used)] // a benchmark that cannot set up stops

mod support;
use support::vm_kib;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rfc_fsm::watchdog::{Config, MessageKind, Watchdog};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use std::alloc::System;
use std::hint::black_box;
use std::time::{Duration, Instant};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Rounds over all the watchdogs per measured input kind.
const ROUNDS: usize = 5;

fn main() {
    let n: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(1_000_000);
    let mut rng = SmallRng::seed_from_u64(3539);
    let start = Instant::now();
    let mut wds: Vec<Wd> = Vec::with_capacity(n);
    let t0 = tokio::time::Instant::from_std(start);
    for _ in 0..n {
        let mut wd = Watchdog::new(Config::default(), ());
        wd.start_with(t0, &mut rng);
        wd.transport_up_with(t0, &mut rng);
        wds.push(wd);
    }
    println!("watchdogs: {n}, {} octets each (Watchdog<tokio::time::Instant, ()>)", size_of::<Wd>());
    println!("{:<36} {:>14} {:>12}", "input (round-robin)", "events/s", "allocs/event");
    // Traffic: every message received restarts Tw (rows 2, 1), drawing jitter.
    let at = t0 + Duration::from_millis(10);
    let mut other = Tally::new("message received (other)");
    let mut dwr = Tally::new("message received (DWR, answered)");
    for _ in 0..ROUNDS {
        other.pass(&mut wds, &mut rng, |wd, rng| wd.receive_with(at, MessageKind::Other, rng).len());
    }
    for _ in 0..ROUNDS {
        dwr.pass(&mut wds, &mut rng, |wd, rng| wd.receive_with(at, MessageKind::Dwr, rng).len());
    }
    other.print();
    dwr.print();
    // Tw expiries (row 12 sends a DWR), then the DWAs (row 1), one pass each per round, each
    // row counting its own events. Every Tw lies within Twinit + 2 s of the last reset, so one
    // time per round, 1 s past that, is past every deadline.
    let mut expiry = Tally::new("Tw expiry (DWR sent)");
    let mut dwa = Tally::new("DWA received");
    let step = Config::default().twinit() + Duration::from_secs(3);
    let mut now = at;
    for _ in 0..ROUNDS {
        now += step;
        expiry.pass(&mut wds, &mut rng, |wd, rng| wd.handle_timeout_with(now, rng).len());
        dwa.pass(&mut wds, &mut rng, |wd, rng| wd.receive_with(now, MessageKind::Dwa, rng).len());
    }
    expiry.print();
    dwa.print();
    let mut early = Tally::new("early timer call (no expiry)");
    for _ in 0..ROUNDS {
        early.pass(&mut wds, &mut rng, |wd, rng| wd.handle_timeout_with(at, rng).len());
    }
    early.print();
    assert_eq!(expiry.outputs, expiry.events, "every Tw expiry sends one DWR");
    assert_eq!(early.outputs, 0, "an early timer call does nothing");
    println!("peak resident memory (VmHWM): {} KiB", vm_kib("VmHWM:"));
    println!("elapsed: {:.1} s", start.elapsed().as_secs_f64());
}

/// Type of the watchdogs measured: the driver's.
type Wd = Watchdog<tokio::time::Instant, ()>;

/// The events, time, allocations and outputs of one kind of input, over its passes.
struct Tally {
    label: &'static str,
    events: u64,
    elapsed: Duration,
    allocations: u64,
    outputs: u64,
}

impl Tally {
    fn new(label: &'static str) -> Self {
        Tally { label, events: 0, elapsed: Duration::ZERO, allocations: 0, outputs: 0 }
    }

    /// Runs `f` (one input, one event) on every watchdog, round-robin, once, and counts it.
    /// `f` is a generic parameter, so that it is inlined as a caller's own code would be.
    fn pass<F: FnMut(&mut Wd, &mut SmallRng) -> usize>(&mut self, wds: &mut [Wd], rng: &mut SmallRng, mut f: F) {
        let region = Region::new(GLOBAL);
        let begin = Instant::now();
        let mut sink = 0usize;
        for wd in wds.iter_mut() {
            sink = sink.wrapping_add(f(wd, rng));
        }
        self.elapsed += begin.elapsed();
        let change = region.change();
        self.events += wds.len() as u64;
        self.allocations += (change.allocations + change.reallocations) as u64;
        self.outputs += black_box(sink) as u64;
    }

    /// Prints the events per second and the allocations per event.
    fn print(&self) {
        let events = self.events as f64;
        let rate = events / self.elapsed.as_secs_f64();
        println!("{:<36} {rate:>14.0} {:>12.3}", self.label, self.allocations as f64 / events);
    }
}
