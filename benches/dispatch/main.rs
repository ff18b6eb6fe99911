//! The Failover machine (`specs/failover.fsm`) six ways, in one run, over the same event
//! streams: the dispatch that `fsm!` generates (`step`), three hand-written forms, smlang 0.8
//! and rust-fsm 0.8. Every side does the same work per event: it updates its state and folds
//! each action of the step, in order, into a checksum through the same `sink`, each through its
//! library's own way of handing over actions (a slice for the generated `Step::actions`, the
//! hand-written forms and rust-fsm's output, smlang's context methods). Each side sits in a
//! wrapper of the same shape, `fn(&mut machine, event, &mut checksum)`, timed under two
//! treatments: every wrapper `#[inline(never)]` (behind a call), and every wrapper
//! `#[inline(always)]` (inlinable: what the compiler does inside is then each side's own).
//!
//! The hand-written side is the three forms a person would write (`by_hand.rs`), all returning
//! `(State, &'static [Action])` with the lists as named constants: a `match (state, event)`
//! whose wildcards (`(_, Start)`, `(INIT, _)`) let rustc test a few conditions first, a `match`
//! on the state, then on the event, the common cases first, which rustc turns into two jump
//! tables, and a lookup table of (target, actions), a row per state, read with no branch.
//! None is fastest everywhere, so all three stay, and the ratio is the generated code's time
//! over the fastest of every other side.
//!
//! Two streams of 10,000 events from a fixed seed: `uniform` (each of the seven events equally
//! likely) and `trace` (a watchdog's life: mostly messages other than DWA in OKAY_NoPending,
//! a watchdog expiry answered by a DWA now and then, rarely a lost answer or a lost
//! connection). Before timing, the six sides must agree on every state and every action of
//! both streams. Criterion times each side on its own; the summary at the end comes from a
//! paired measurement that is robust to the load of a shared machine: 1,500 rounds, in each of
//! which every side runs the stream once, in an order that rotates; it prints each side's
//! median time per event and the ratio of the generated code to the fastest of the others.
//!
//! `cargo bench --bench dispatch` (short: `-- --warm-up-time 1 --measurement-time 3`; only the
//! paired summary: `-- paired-only`, a filter that no criterion benchmark matches)

#![allow(clippy::unwrap_used, missing_docs)]

use criterion::{Criterion, Throughput};
use std::hint::black_box;
use std::time::Instant;

mod generated {
    fsm_macros::fsm!("specs/failover.fsm");
}
use generated::failover::{self as fo, Action, Event, State};
#[path = "../support/streams.rs"]
mod streams;
use streams::Rng;

const EVENTS: usize = 10_000;

/// What every side does with each action: folds it into a checksum.
#[inline(always)]
fn sink(acc: &mut u64, action: Action) {
    *acc = acc.rotate_left(7) ^ (action as u64 + 1);
}

/// Each of the seven events equally likely.
fn uniform() -> Vec<Event> {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    (0..EVENTS).map(|_| Event::ALL[rng.below(Event::ALL.len() as u64) as usize]).collect()
}

/// A watchdog's life ([`streams::watchdog_life`]).
fn trace() -> Vec<Event> {
    streams::watchdog_life(EVENTS).into_iter().map(|name| Event::from_name(name).unwrap()).collect()
}

// --- The generated code -------------------------------------------------------------------

struct Generated {
    state: State,
    vars: fo::Vars,
}

#[inline(always)]
fn generated_body(m: &mut Generated, event: Event, acc: &mut u64) {
    let step = fo::step(m.state, &mut m.vars, event);
    for &action in step.actions {
        sink(acc, action);
    }
    m.state = step.target;
}

// --- By hand (`by_hand.rs`) ----------------------------------------------------------------

mod by_hand;
use by_hand::lists;

/// The body of each hand-written side: the same loop as the generated side's.
macro_rules! hand_bodies {
    ($($body:ident = $dispatch:path;)*) => {$(
        #[inline(always)]
        fn $body(state: &mut State, event: Event, acc: &mut u64) {
            let (target, actions) = $dispatch(*state, event);
            for &action in actions {
                sink(acc, action);
            }
            *state = target;
        }
    )*};
}

hand_bodies! {
    pairs_body = by_hand::pairs;
    nested_body = by_hand::nested;
    table_body = by_hand::table;
}

// --- smlang --------------------------------------------------------------------------------

mod sm;

#[inline(always)]
fn smlang_body(m: &mut sm::StateMachine<sm::Context>, event: sm::Events, acc: &mut u64) {
    // Every (state, event) pair is a transition, so this never fails; the actions fold into
    // the context's checksum, which is handed over after the step.
    let _ = m.process_event(event);
    *acc = m.context().acc;
}

// --- rust-fsm ------------------------------------------------------------------------------

mod rfsm;

#[inline(always)]
fn rust_fsm_body(m: &mut rfsm::failover::StateMachine, event: rfsm::failover::Input, acc: &mut u64) {
    if let Ok(Some(output)) = m.consume(&event) {
        for &action in output.actions() {
            sink(acc, action);
        }
    }
}

// --- The two treatments: wrappers of one shape --------------------------------------------

macro_rules! wrappers {
    ($($call:ident, $inline:ident: $machine:ty, $event:ty => $body:ident;)*) => {$(
        #[inline(never)]
        fn $call(machine: &mut $machine, event: $event, acc: &mut u64) {
            $body(machine, event, acc)
        }
        #[inline(always)]
        fn $inline(machine: &mut $machine, event: $event, acc: &mut u64) {
            $body(machine, event, acc)
        }
    )*};
}

wrappers! {
    generated_call, generated_inline: Generated, Event => generated_body;
    pairs_call, pairs_inline: State, Event => pairs_body;
    nested_call, nested_inline: State, Event => nested_body;
    table_call, table_inline: State, Event => table_body;
    smlang_call, smlang_inline: sm::StateMachine<sm::Context>, sm::Events => smlang_body;
    rust_fsm_call, rust_fsm_inline: rfsm::failover::StateMachine, rfsm::failover::Input => rust_fsm_body;
}

fn new_generated() -> Generated {
    Generated { state: fo::INITIAL, vars: fo::Vars::INITIAL }
}
fn new_hand() -> State {
    fo::INITIAL
}
fn new_smlang() -> sm::StateMachine<sm::Context> {
    sm::StateMachine::new(sm::Context { acc: 0 })
}
fn new_rust_fsm() -> rfsm::failover::StateMachine {
    rfsm::failover::StateMachine::new()
}

/// Runs a stream through one side; returns the checksum.
#[inline(always)]
fn run<M, E: Copy>(events: &[E], new: impl Fn() -> M, step: impl Fn(&mut M, E, &mut u64)) -> u64 {
    let mut machine = new();
    let mut acc = 0;
    for &event in events {
        step(&mut machine, black_box(event), &mut acc);
    }
    acc
}

/// A state's name with case and underscores dropped, to compare the sides' states.
fn plain(name: impl std::fmt::Debug) -> String {
    format!("{name:?}").replace('_', "").to_lowercase()
}

/// Every side must agree with the generated code, step by step, before their speed is compared.
fn agree(events: &[Event]) {
    let (mut g, mut s, mut r) = (new_generated(), new_smlang(), new_rust_fsm());
    let mut hand = [new_hand(); 3];
    let (mut ag, mut as_, mut ar, mut ah) = (0, 0, 0, [0; 3]);
    for (i, &e) in events.iter().enumerate() {
        generated_call(&mut g, e, &mut ag);
        pairs_call(&mut hand[0], e, &mut ah[0]);
        nested_call(&mut hand[1], e, &mut ah[1]);
        table_call(&mut hand[2], e, &mut ah[2]);
        smlang_call(&mut s, sm::event(e), &mut as_);
        rust_fsm_call(&mut r, rfsm::event(e), &mut ar);
        let mut states = vec![plain(g.state), plain(s.state()), plain(r.state())];
        states.extend(hand.iter().map(plain));
        assert!(states.iter().all(|x| *x == states[0]), "event {i} ({e:?}): {states:?}");
        let mut sums = vec![as_, ar];
        sums.extend(ah);
        assert!(sums.iter().all(|&x| x == ag), "event {i} ({e:?}): actions differ");
    }
}

/// The sides, in the order of the printed table; the generated code first.
const SIDES: [&str; 6] = ["generated", "by-hand-pairs", "by-hand-nested", "by-hand-table", "smlang", "rust-fsm"];
const TREATMENTS: [&str; 2] = ["behind-a-call", "inlinable"];

/// One stream in each side's alphabet.
struct Streams {
    events: Vec<Event>,
    sm: Vec<sm::Events>,
    rfsm: Vec<rfsm::failover::Input>,
}

impl Streams {
    fn new(events: Vec<Event>) -> Streams {
        let sm = events.iter().map(|&e| sm::event(e)).collect();
        let rfsm = events.iter().map(|&e| rfsm::event(e)).collect();
        Streams { events, sm, rfsm }
    }
}

/// A pass of one side over its stream, returning the checksum.
type Pass<'a> = Box<dyn Fn() -> u64 + 'a>;

/// Every side's pass over `s`, in the order of [`SIDES`], behind a call or inlinable; a pass is
/// one dynamic call, inside which the side's loop is compiled for it alone.
fn passes(s: &Streams, call: bool) -> [Pass<'_>; SIDES.len()] {
    let (events, sm_events, rfsm_events) = (&s.events[..], &s.sm[..], &s.rfsm[..]);
    if call {
        [
            Box::new(move || run(events, new_generated, generated_call)),
            Box::new(move || run(events, new_hand, pairs_call)),
            Box::new(move || run(events, new_hand, nested_call)),
            Box::new(move || run(events, new_hand, table_call)),
            Box::new(move || run(sm_events, new_smlang, smlang_call)),
            Box::new(move || run(rfsm_events, new_rust_fsm, rust_fsm_call)),
        ]
    } else {
        [
            Box::new(move || run(events, new_generated, generated_inline)),
            Box::new(move || run(events, new_hand, pairs_inline)),
            Box::new(move || run(events, new_hand, nested_inline)),
            Box::new(move || run(events, new_hand, table_inline)),
            Box::new(move || run(sm_events, new_smlang, smlang_inline)),
            Box::new(move || run(rfsm_events, new_rust_fsm, rust_fsm_inline)),
        ]
    }
}

fn bench(c: &mut Criterion) {
    for (name, events) in [("uniform", uniform()), ("trace", trace())] {
        agree(&events);
        let streams = Streams::new(events);
        for treatment in TREATMENTS {
            let mut group = c.benchmark_group(format!("failover-{name}-{treatment}"));
            group.throughput(Throughput::Elements(EVENTS as u64));
            for (side, pass) in SIDES.iter().zip(passes(&streams, treatment == "behind-a-call")) {
                group.bench_function(*side, |b| b.iter(&pass));
            }
            group.finish();
        }
    }
}

/// Rounds of the paired measurement.
const ROUNDS: usize = 1_500;

/// The paired measurement: in each round every side runs the stream once, in an order that
/// rotates from round to round, so that a change of load on the machine falls on every side
/// alike; the median pass of each side, per event.
fn paired(streams: &Streams, call: bool) -> [f64; SIDES.len()] {
    let passes = passes(streams, call);
    let mut times: [Vec<f64>; SIDES.len()] = Default::default();
    for round in 0..ROUNDS {
        for k in 0..SIDES.len() {
            let side = (round + k) % SIDES.len();
            let start = Instant::now();
            black_box(passes[side]());
            times[side].push(start.elapsed().as_nanos() as f64);
        }
    }
    times.map(|mut t| {
        t.sort_by(f64::total_cmp);
        t[t.len() / 2] / streams.events.len() as f64
    })
}

/// The share of the trace that is a message other than DWA in OKAY_NoPending.
fn okay_share(events: &[Event]) -> f64 {
    let (mut state, mut vars, mut okay) = (fo::INITIAL, fo::Vars::INITIAL, 0);
    for &e in events {
        okay += usize::from(state == State::OKAY_NoPending && e == Event::NonDWA);
        state = fo::step(state, &mut vars, e).target;
    }
    okay as f64 / events.len() as f64
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
    println!("\ntrace: {:.1}% NonDWA in OKAY_NoPending", 100.0 * okay_share(&trace()));
    println!("ns per event, median of {ROUNDS} paired rounds; ratio = generated / the fastest of the others:");
    for (name, events) in [("uniform", uniform()), ("trace", trace())] {
        let streams = Streams::new(events);
        for treatment in TREATMENTS {
            let per_event = paired(&streams, treatment == "behind-a-call");
            let best = per_event[1..].iter().copied().fold(f64::INFINITY, f64::min);
            let cells: Vec<String> = SIDES.iter().zip(&per_event).map(|(s, t)| format!("{s} {t:.2}")).collect();
            println!("  {:<32} {}  ratio {:.2}", format!("{name}, {treatment}"), cells.join("  "), per_event[0] / best);
        }
    }
}
