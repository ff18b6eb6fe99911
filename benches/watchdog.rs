//! The RFC 3539 watchdog at scale: 1,000,000 watchdogs (the driver's configuration: the jitter's
//! random source passed in, one for all), driven round-robin on one thread, allocations counted.
//!
//! `cargo bench --bench watchdog` (add `-- N` for N watchdogs). Prints the size of a watchdog,
//! the events per second of each kind of input, the allocations per event and the peak
//! resident memory (VmHWM).

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
        wd.connection_up_with(t0, &mut rng);
        wds.push(wd);
    }
    println!("watchdogs: {n}, {} octets each (Watchdog<tokio::time::Instant, ()>)", size_of::<Wd>());
    println!("{:<36} {:>14} {:>12}", "input (round-robin)", "events/s", "allocs/event");
    // Traffic: every message received restarts Tw (rows 2, 1), drawing jitter.
    let at = t0 + Duration::from_millis(10);
    run("message received (other)", 1, &mut wds, &mut rng, |wd, rng| {
        wd.message_received_with(at, MessageKind::Other, rng).len()
    });
    run("message received (DWR, answered)", 1, &mut wds, &mut rng, |wd, rng| {
        wd.message_received_with(at, MessageKind::Dwr, rng).len()
    });
    // Tw expiries: each watchdog's own deadline (row 12 sends a DWR, row 1 takes the DWA).
    run("Tw expiry, then its DWA", 2, &mut wds, &mut rng, |wd, rng| {
        let deadline = wd.deadline().unwrap();
        wd.timer_expired_with(deadline, rng).len() + wd.message_received_with(deadline, MessageKind::Dwa, rng).len()
    });
    run("early timer call (no expiry)", 1, &mut wds, &mut rng, |wd, rng| wd.timer_expired_with(at, rng).len());
    println!("peak resident memory (VmHWM): {} KiB", vm_kib("VmHWM:"));
    println!("elapsed: {:.1} s", start.elapsed().as_secs_f64());
}

/// Type of the watchdogs measured: the driver's.
type Wd = Watchdog<tokio::time::Instant, ()>;

/// Runs `f` on every watchdog, round-robin, `ROUNDS` times, and prints the events per second
/// (`per_call` events per call of `f`) and the allocations per event. `f` is a generic
/// parameter, so that it is inlined as a caller's own code would be.
fn run<F: FnMut(&mut Wd, &mut SmallRng) -> usize>(
    label: &str,
    per_call: usize,
    wds: &mut [Wd],
    rng: &mut SmallRng,
    mut f: F,
) {
    let region = Region::new(GLOBAL);
    let begin = Instant::now();
    let mut sink = 0usize;
    for _ in 0..ROUNDS {
        for wd in wds.iter_mut() {
            sink = sink.wrapping_add(f(wd, rng));
        }
    }
    let elapsed = begin.elapsed();
    let change = region.change();
    black_box(sink);
    let events = (ROUNDS * wds.len() * per_call) as f64;
    let allocs = (change.allocations + change.reallocations) as f64 / events;
    println!("{label:<36} {:>14.0} {allocs:>12.3}", events / elapsed.as_secs_f64());
}
