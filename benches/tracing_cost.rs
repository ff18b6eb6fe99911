//! What `fsm!(..., tracing)` costs per step: the Failover machine (`specs/failover.fsm`)
//! generated twice in this crate, without the option and with it, each stepped through its
//! `Machine::step` over the same stream of 10,000 events (the dispatch benchmark's `trace`
//! stream: a watchdog's life), with hooks that fold each action into a checksum, behind a call
//! of the same shape (`#[inline(never)]`). One run, two phases, each a paired measurement
//! (rounds in which every side runs the stream once, in an order that rotates, so that the
//! load of a shared machine falls on every side alike; the median pass of each side):
//!
//! 1. no subscriber installed in the process (as a program that never sets one): without the
//!    option, and with it;
//! 2. then a global subscriber that takes every event and drops it (tracing-subscriber's
//!    registry with a layer that records nothing): without the option, and with it. Each event
//!    is then built and handed to the subscriber, which is the least a subscriber that keeps
//!    them costs; formatting or writing them is the subscriber's own cost on top.
//!
//! Both phases time the machine without the option again, so each ratio is within its phase.
//! `cargo bench --bench tracing_cost` prints the table; `scripts/tracing-cost --write` puts it in
//! benches/README.md.

#![allow(clippy::unwrap_used, missing_docs)]

use std::hint::black_box;
use std::time::Instant;

mod plain {
    fsm_macros::fsm!("specs/failover.fsm");
}
mod traced {
    fsm_macros::fsm!("specs/failover.fsm", tracing);
}
use plain::failover as p;
use traced::failover as t;
#[path = "support/streams.rs"]
mod streams;

const EVENTS: usize = 10_000;
const ROUNDS: usize = 1_500;

/// The dispatch benchmark's `trace`: a watchdog's life ([`streams::watchdog_life`]).
fn trace() -> Vec<p::Event> {
    streams::watchdog_life(EVENTS).into_iter().map(|name| p::Event::from_name(name).unwrap()).collect()
}

/// The hooks of both sides: each action folded into a checksum.
struct Sum(u64);

impl p::Hooks for Sum {
    fn action(&mut self, action: p::Action) {
        self.0 = self.0.rotate_left(7) ^ (action as u64 + 1);
    }
}

impl t::Hooks for Sum {
    fn action(&mut self, action: t::Action) {
        self.0 = self.0.rotate_left(7) ^ (action as u64 + 1);
    }
}

#[inline(never)]
fn plain_call(m: &mut p::Machine, event: p::Event, sum: &mut Sum) {
    m.step(event, sum);
}

#[inline(never)]
fn traced_call(m: &mut t::Machine, event: t::Event, sum: &mut Sum) {
    m.step(event, sum);
}

fn plain_pass(events: &[p::Event]) -> u64 {
    let mut sum = Sum(0);
    let mut m = p::Machine::start(&mut sum);
    for &event in events {
        plain_call(&mut m, black_box(event), &mut sum);
    }
    sum.0
}

fn traced_pass(events: &[t::Event]) -> u64 {
    let mut sum = Sum(0);
    let mut m = t::Machine::start(&mut sum);
    for &event in events {
        traced_call(&mut m, black_box(event), &mut sum);
    }
    sum.0
}

/// The paired measurement of `passes`: the median pass of each, in nanoseconds per event.
fn paired(passes: &[&dyn Fn() -> u64]) -> Vec<f64> {
    let mut times = vec![Vec::with_capacity(ROUNDS); passes.len()];
    for round in 0..ROUNDS {
        for k in 0..passes.len() {
            let side = (round + k) % passes.len();
            let start = Instant::now();
            black_box(passes[side]());
            times[side].push(start.elapsed().as_nanos() as f64);
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2] / EVENTS as f64
        })
        .collect()
}

/// A layer that takes every event and does nothing with it.
struct Discard;

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Discard {}

fn main() {
    let events = trace();
    let traced_events: Vec<t::Event> = events.iter().map(|&e| t::Event::ALL[e as usize]).collect();
    // The two sides step alike, and the option leaves `Machine` as it is.
    assert_eq!(plain_pass(&events), traced_pass(&traced_events));
    assert_eq!(size_of::<p::Machine>(), size_of::<t::Machine>());
    let plain = || plain_pass(&events);
    let traced = || traced_pass(&traced_events);

    // Phase 1, before any subscriber exists in the process.
    let none = paired(&[&plain, &traced]);
    // Phase 2: a global subscriber that accepts and drops every event.
    use tracing_subscriber::layer::SubscriberExt;
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(Discard)).unwrap();
    let discard = paired(&[&plain, &traced]);

    println!(
        "ns per step through `Machine::step`, median of {ROUNDS} paired rounds of {EVENTS} events; \
         `Machine`: {} octets either way (a `tracing::Span` it would hold: {} octets)",
        size_of::<p::Machine>(),
        size_of::<tracing::Span>()
    );
    println!();
    println!("| subscriber | without `tracing` | with `tracing` | cost of the option per step |");
    println!("|---|---|---|---|");
    for (name, [off, on]) in [
        ("none installed", [none[0], none[1]]),
        ("registry + a layer that drops every event", [discard[0], discard[1]]),
    ] {
        println!("| {name} | {off:.2} ns | {on:.2} ns ({:.2}x) | {:+.2} ns |", on / off, on - off);
    }
}
