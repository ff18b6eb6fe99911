//! The RFC 3539 watchdog at scale: fleets of 1,000,000 watchdogs driven round-robin on one
//! thread, allocations counted, in three layouts measured in one run on the same inputs:
//!
//! - lent: `Watchdog<tokio::time::Instant>` as the crate has it (and the Diameter driver holds
//!   it), the jitter's generator lent to each input, one `SmallRng` for the whole fleet;
//! - owns a `SmallRng`, owns a `StdRng`: the same watchdog beside a generator of its own, as a
//!   watchdog that carried its random source was (a wrapper of this benchmark's, for the
//!   comparison only), each seeded from the fleet's generator.
//!
//! `cargo bench --bench watchdog` (add `-- N` for fleets of N). Prints, as a Markdown table, the
//! events per second of each kind of input in each layout (each call one event, every row
//! counted the same way; the median of the rates of five passes over the fleet; the layouts
//! take turns within each round, so that the machine's load falls on them alike) with its ratio
//! to the lent layout, the octets per watchdog, the resident memory each fleet added, and the
//! allocations per event. `scripts/watchdog-fleet --write`
//! runs it and writes the table into benches/README.md.

#![allow(clippy::unwrap_used)] // a benchmark that cannot set up stops

mod support;
use support::vm_kib;

use rand::rngs::{SmallRng, StdRng};
use rand::{Rng, SeedableRng};
use rfc_fsm::watchdog::{Config, MessageKind, Outputs, Watchdog};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use std::alloc::System;
use std::hint::black_box;
use std::time::{Duration, Instant};
use tokio::time::Instant as Time;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Rounds over all the watchdogs per measured input kind.
const ROUNDS: usize = 5;

/// One input, at its time.
#[derive(Clone, Copy)]
enum Input {
    Start(Time),
    Up(Time),
    Receive(Time, MessageKind),
    Timeout(Time),
}

/// Gives `input` to `wd`, the jitter drawn from `rng`. The same code for every layout: only the
/// generator differs (generic, so that its draw is inlined as in a caller's own code).
#[inline(always)]
fn apply<G: Rng>(wd: &mut Watchdog<Time>, input: Input, rng: &mut G) -> Outputs {
    match input {
        Input::Start(now) => wd.start(now, rng),
        Input::Up(now) => wd.transport_up(now, rng),
        Input::Receive(now, kind) => wd.receive(now, kind, rng),
        Input::Timeout(now) => wd.handle_timeout(now, rng),
    }
}

/// A watchdog of the fleet, in one of the layouts: an input takes the fleet's generator, which
/// a layout that owns one leaves aside.
trait Layout: Sized {
    fn new(fleet_rng: &mut SmallRng) -> Self;
    fn watchdog(&self) -> &Watchdog<Time>;
    fn input(&mut self, input: Input, lent: &mut SmallRng) -> Outputs;
}

/// The crate's layout: the generator is lent.
impl Layout for Watchdog<Time> {
    fn new(_: &mut SmallRng) -> Self {
        Watchdog::new(Config::default())
    }
    fn watchdog(&self) -> &Watchdog<Time> {
        self
    }
    #[inline]
    fn input(&mut self, input: Input, lent: &mut SmallRng) -> Outputs {
        apply(self, input, lent)
    }
}

/// A watchdog that owns its generator `R` (the layout before the generator was lent).
struct Owning<R> {
    wd: Watchdog<Time>,
    rng: R,
}

impl<R: Rng + SeedableRng> Layout for Owning<R> {
    fn new(fleet_rng: &mut SmallRng) -> Self {
        Owning { wd: Watchdog::new(Config::default()), rng: R::seed_from_u64(fleet_rng.next_u64()) }
    }
    fn watchdog(&self) -> &Watchdog<Time> {
        &self.wd
    }
    #[inline]
    fn input(&mut self, input: Input, _: &mut SmallRng) -> Outputs {
        apply(&mut self.wd, input, &mut self.rng)
    }
}

/// One layout's fleet and its tallies, one per kind of input.
struct Fleet<L> {
    name: &'static str,
    wds: Vec<L>,
    resident_kib: u64,
    tallies: Vec<Tally>,
}

impl<L: Layout> Fleet<L> {
    /// `n` started watchdogs with their connections up at `t0`, and the resident memory they
    /// added.
    fn new(name: &'static str, n: usize, t0: Time, rng: &mut SmallRng) -> Self {
        let before = vm_kib("VmRSS:");
        let mut wds: Vec<L> = Vec::with_capacity(n);
        for _ in 0..n {
            let mut wd = L::new(rng);
            wd.input(Input::Start(t0), rng);
            wd.input(Input::Up(t0), rng);
            wds.push(wd);
        }
        let resident_kib = vm_kib("VmRSS:").saturating_sub(before);
        Fleet { name, wds, resident_kib, tallies: KINDS.iter().map(|_| Tally::default()).collect() }
    }

    /// Gives `input` (one event) to every watchdog, round-robin, once, and counts it in the
    /// tally of kind `kind`.
    fn pass(&mut self, kind: usize, lent: &mut SmallRng, input: Input) {
        let region = Region::new(GLOBAL);
        let begin = Instant::now();
        let mut sink = 0usize;
        for wd in &mut self.wds {
            sink = sink.wrapping_add(wd.input(input, lent).len());
        }
        let elapsed = begin.elapsed();
        let change = region.change();
        let tally = &mut self.tallies[kind];
        tally.rates.push(self.wds.len() as f64 / elapsed.as_secs_f64());
        tally.events += self.wds.len() as u64;
        tally.allocations += (change.allocations + change.reallocations) as u64;
        tally.outputs += black_box(sink) as u64;
    }
}

/// The kinds of input, in the order of the table's rows.
const KINDS: [&str; 5] = [
    "message received (other): Tw set again, with fresh jitter",
    "DWR received, answered",
    "Tw expiry (DWR sent)",
    "DWA received (the answer to that DWR)",
    "timer called early (no expiry)",
];
const OTHER: usize = 0;
const DWR: usize = 1;
const EXPIRY: usize = 2;
const DWA: usize = 3;
const EARLY: usize = 4;

/// The same inputs, at the same times, to every fleet: the fleets take turns within each
/// round.
macro_rules! each {
    ($fleets:expr, $kind:expr, $lent:expr, $input:expr) => {{
        let (lent, small, std) = &mut $fleets;
        lent.pass($kind, $lent, $input);
        small.pass($kind, $lent, $input);
        std.pass($kind, $lent, $input);
    }};
}

fn main() {
    let n: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(1_000_000);
    let start = Instant::now();
    let t0 = Time::from_std(start);
    let mut rng = SmallRng::seed_from_u64(3539);
    let mut fleets = (
        Fleet::<Watchdog<Time>>::new("lent generator", n, t0, &mut rng),
        Fleet::<Owning<SmallRng>>::new("owns a SmallRng", n, t0, &mut rng),
        Fleet::<Owning<StdRng>>::new("owns a StdRng", n, t0, &mut rng),
    );
    // Traffic: every message received restarts Tw (rows 2, 1), drawing jitter.
    let at = t0 + Duration::from_millis(10);
    for _ in 0..ROUNDS {
        each!(fleets, OTHER, &mut rng, Input::Receive(at, MessageKind::Other));
    }
    for _ in 0..ROUNDS {
        each!(fleets, DWR, &mut rng, Input::Receive(at, MessageKind::Dwr));
    }
    // Tw expiries (row 12 sends a DWR), then the DWAs (row 1), one pass each per round, each
    // row counting its own events. Every Tw lies within Twinit + 2 s of the last reset, so one
    // time per round, 1 s past that, is past every deadline.
    let step = Config::default().twinit() + Duration::from_secs(3);
    let mut now = at;
    for _ in 0..ROUNDS {
        now += step;
        each!(fleets, EXPIRY, &mut rng, Input::Timeout(now));
        each!(fleets, DWA, &mut rng, Input::Receive(now, MessageKind::Dwa));
    }
    for _ in 0..ROUNDS {
        each!(fleets, EARLY, &mut rng, Input::Timeout(at));
    }
    let (lent, small, std) = &fleets;
    for (name, tallies, wd) in [
        (lent.name, &lent.tallies, lent.wds.first().map(Layout::watchdog)),
        (small.name, &small.tallies, small.wds.first().map(Layout::watchdog)),
        (std.name, &std.tallies, std.wds.first().map(Layout::watchdog)),
    ] {
        assert_eq!(tallies[EXPIRY].outputs, tallies[EXPIRY].events, "{name}: every Tw expiry sends one DWR");
        assert_eq!(tallies[EARLY].outputs, 0, "{name}: an early timer call does nothing");
        assert_eq!(wd.map(|wd| wd.counters().dwr_sent), Some(ROUNDS as u32), "{name}");
    }
    print_table(n, lent, small, std);
    println!();
    println!(
        "Peak resident memory (VmHWM) of the run, the three fleets together: {} MiB; elapsed {:.1} s.",
        vm_kib("VmHWM:") / 1024,
        start.elapsed().as_secs_f64()
    );
}

/// The Markdown table: a row per kind of input, a column per layout, each rate with its ratio
/// to the lent layout's; then the octets per watchdog, the fleet's resident memory and the
/// allocations per event.
fn print_table(n: usize, lent: &Fleet<Watchdog<Time>>, small: &Fleet<Owning<SmallRng>>, std: &Fleet<Owning<StdRng>>) {
    let sizes = [size_of::<Watchdog<Time>>(), size_of::<Owning<SmallRng>>(), size_of::<Owning<StdRng>>()];
    let names = [lent.name, small.name, std.name];
    let tallies = [&lent.tallies, &small.tallies, &std.tallies];
    let resident = [lent.resident_kib, small.resident_kib, std.resident_kib];
    print!("| input (round-robin over {} watchdogs) |", thousands(n as u64));
    for (name, size) in names.iter().zip(sizes) {
        print!(" {name} ({size} octets) |");
    }
    println!();
    println!("|---|---|---|---|");
    for (kind, label) in KINDS.iter().enumerate() {
        print!("| {label} |");
        let base = tallies[0][kind].rate();
        for t in tallies {
            let rate = t[kind].rate();
            print!(" {:.1} M/s ({:.2}x) |", rate / 1e6, rate / base);
        }
        println!();
    }
    print!("| octets per watchdog (`size_of`) |");
    for size in sizes {
        print!(" {size} |");
    }
    println!();
    print!("| resident memory of the fleet (VmRSS added) |");
    for kib in resident {
        print!(" {} MiB ({:.0} octets per watchdog) |", kib / 1024, (kib * 1024) as f64 / n as f64);
    }
    println!();
    print!("| allocations per event, all inputs |");
    for t in tallies {
        let (allocations, events) = t.iter().fold((0, 0), |(a, e), t| (a + t.allocations, e + t.events));
        print!(" {} |", allocations as f64 / events as f64);
    }
    println!();
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The events, the rate of each pass, the allocations and the outputs of one kind of input,
/// over its passes.
#[derive(Default)]
struct Tally {
    events: u64,
    rates: Vec<f64>,
    allocations: u64,
    outputs: u64,
}

impl Tally {
    /// Events per second: the median of the passes' rates, which a pass slowed by another job's
    /// burst moves least.
    fn rate(&self) -> f64 {
        let mut rates = self.rates.clone();
        rates.sort_by(f64::total_cmp);
        rates.get(rates.len() / 2).copied().unwrap_or(0.0)
    }
}
