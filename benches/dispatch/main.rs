//! The Failover machine (`specs/failover.fsm`) four ways, in one run, over the same event
//! streams: the dispatch that `fsm!` generates (`step`), a hand-written `match`, smlang 0.8 and
//! rust-fsm 0.8. Every side does the same work per event: it updates its state and folds each
//! action of the step, in order, into a checksum through the same `sink`, each through its
//! library's own way of handing over actions (the generated `Step::actions`, a slice
//! for the hand-written `match` and rust-fsm's output, smlang's context methods). Each side sits in a
//! wrapper of the same shape, `fn(&mut machine, event, &mut checksum)`, timed under two
//! treatments: every wrapper `#[inline(never)]` (behind a call), and every wrapper
//! `#[inline(always)]` (inlinable: what the compiler does inside is then each side's own).
//!
//! Two streams of 10,000 events from a fixed seed: `uniform` (each of the seven events equally
//! likely) and `trace` (a watchdog's life: mostly messages other than DWA in OKAY_NoPending,
//! a watchdog expiry answered by a DWA now and then, rarely a lost answer or a lost
//! connection). Before timing, the four sides must agree on every state and every action of
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

const EVENTS: usize = 10_000;

/// What every side does with each action: folds it into a checksum.
#[inline(always)]
fn sink(acc: &mut u64, action: Action) {
    *acc = acc.rotate_left(7) ^ (action as u64 + 1);
}

/// A reproducible pseudo-random sequence (xorshift64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Each of the seven events equally likely.
fn uniform() -> Vec<Event> {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    (0..EVENTS).map(|_| Event::ALL[rng.below(Event::ALL.len() as u64) as usize]).collect()
}

/// A watchdog's life: started, connected, then per step 98% a message other than DWA, 1.6% an
/// expiry whose DWR is answered, 0.3% an expiry left unanswered (SUSPECT, then a message fails
/// back), 0.1% a lost connection (reopened and validated by three DWAs).
fn trace() -> Vec<Event> {
    use Event::*;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut events = vec![Start, ConnectionUp];
    while events.len() < EVENTS {
        match rng.below(1000) {
            0..980 => events.push(NonDWA),
            980..996 => events.extend([TwExpiry, DWA]),
            996..999 => events.extend([TwExpiry, TwExpiry, NonDWA]),
            _ => events.extend([ConnectionDown, TwExpiry, ConnectionUp, DWA, TwExpiry, DWA, TwExpiry, DWA]),
        }
    }
    events.truncate(EVENTS);
    events
}

// --- The generated code -------------------------------------------------------------------

struct Generated {
    state: State,
    vars: fo::Vars,
}

#[inline(always)]
fn generated_body(m: &mut Generated, event: Event, acc: &mut u64) {
    let step = fo::step(m.state, &mut m.vars, event, |_| false);
    for &action in step.actions {
        sink(acc, action);
    }
    m.state = step.target;
}

// --- By hand -------------------------------------------------------------------------------

/// The Failover design as a programmer would write it by hand.
#[inline(always)]
fn by_hand(state: State, event: Event) -> (State, &'static [Action]) {
    use Action::*;
    use Event::*;
    use State::*;
    match (state, event) {
        (INIT, Start) => (INITIAL, &[CmdAck, SetWatchdog]),
        (INIT, Stop) | (_, Start) => (state, &[CmdAck]),
        (OKAY_NoPending | OKAY_Pending, Stop) => (INIT, &[Failover, CloseConnection, StopTw, CmdAck]),
        (
            SUSPECT | PAUSE | REOPEN_Pending | REOPEN_NoPending | REOPEN1_Pending | REOPEN1_NoPending | REOPEN2_Pending,
            Stop,
        ) => (INIT, &[CloseConnection, StopTw, CmdAck]),
        (INITIAL | DOWN, Stop) => (INIT, &[StopTw, CmdAck]),
        (INIT, _) => (state, &[]),
        (INITIAL, TwExpiry) | (DOWN, TwExpiry) => (state, &[AttemptOpen, SetWatchdog]),
        (INITIAL, ConnectionUp) => (OKAY_NoPending, &[SetWatchdog]),
        (INITIAL | DOWN, DWA | NonDWA) => (state, &[Throwaway]),
        (INITIAL | DOWN, ConnectionDown) => (state, &[]),
        (OKAY_NoPending, DWA | NonDWA) => (state, &[SetWatchdog]),
        (OKAY_NoPending, TwExpiry) => (OKAY_Pending, &[SendDWR, SetWatchdog]),
        (OKAY_Pending, DWA) => (OKAY_NoPending, &[SetWatchdog]),
        (OKAY_Pending, NonDWA) => (state, &[SetWatchdog]),
        (OKAY_Pending, TwExpiry) => (SUSPECT, &[Failover, SetWatchdog]),
        (OKAY_NoPending | OKAY_Pending, ConnectionDown) => (DOWN, &[Failover, CloseConnection, SetWatchdog]),
        (SUSPECT, DWA | NonDWA) => (OKAY_NoPending, &[Failback, SetWatchdog]),
        (SUSPECT, TwExpiry | ConnectionDown) => (DOWN, &[CloseConnection, SetWatchdog]),
        (DOWN, ConnectionUp) => (REOPEN_Pending, &[SendDWR, SetWatchdog]),
        (REOPEN_Pending, DWA) => (REOPEN_NoPending, &[]),
        (REOPEN1_Pending, DWA) => (REOPEN1_NoPending, &[]),
        (REOPEN2_Pending, DWA) | (REOPEN1_NoPending, DWA) => (OKAY_NoPending, &[Failback]),
        (REOPEN_NoPending, DWA) => (REOPEN1_NoPending, &[]),
        (REOPEN_NoPending, TwExpiry) => (REOPEN1_Pending, &[SendDWR, SetWatchdog]),
        (REOPEN1_NoPending, TwExpiry) => (REOPEN2_Pending, &[SendDWR, SetWatchdog]),
        (REOPEN_Pending | REOPEN1_Pending | REOPEN2_Pending, TwExpiry) => (PAUSE, &[SetWatchdog]),
        (PAUSE, DWA) => (REOPEN_NoPending, &[]),
        (PAUSE, TwExpiry) => (DOWN, &[CloseConnection, SetWatchdog]),
        (PAUSE | REOPEN_Pending | REOPEN_NoPending | REOPEN1_Pending | REOPEN1_NoPending | REOPEN2_Pending, NonDWA) => {
            (state, &[Throwaway])
        }
        (
            PAUSE | REOPEN_Pending | REOPEN_NoPending | REOPEN1_Pending | REOPEN1_NoPending | REOPEN2_Pending,
            ConnectionDown,
        ) => (DOWN, &[CloseConnection, SetWatchdog]),
        (_, ConnectionUp) => (state, &[]),
    }
}

#[inline(always)]
fn hand_body(state: &mut State, event: Event, acc: &mut u64) {
    let (target, actions) = by_hand(*state, event);
    for &action in actions {
        sink(acc, action);
    }
    *state = target;
}

// --- The complete action lists of the Failover design's steps (exit, own, entry) ----------

mod lists {
    use super::Action::{self, *};
    pub const CMDACK_SET: &[Action] = &[CmdAck, SetWatchdog];
    pub const CMDACK: &[Action] = &[CmdAck];
    pub const STOP_OKAY: &[Action] = &[Failover, CloseConnection, StopTw, CmdAck];
    pub const STOP_CONNECTED: &[Action] = &[CloseConnection, StopTw, CmdAck];
    pub const STOP_UNCONNECTED: &[Action] = &[StopTw, CmdAck];
    pub const ATTEMPT: &[Action] = &[AttemptOpen, SetWatchdog];
    pub const SET: &[Action] = &[SetWatchdog];
    pub const THROW: &[Action] = &[Throwaway];
    pub const SEND_DWR: &[Action] = &[SendDWR, SetWatchdog];
    pub const FAILOVER_SET: &[Action] = &[Failover, SetWatchdog];
    pub const DOWN_OKAY: &[Action] = &[Failover, CloseConnection, SetWatchdog];
    pub const DOWN: &[Action] = &[CloseConnection, SetWatchdog];
    pub const FAILBACK_SET: &[Action] = &[Failback, SetWatchdog];
    pub const FAILBACK: &[Action] = &[Failback];
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
    hand_call, hand_inline: State, Event => hand_body;
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

/// The four sides must agree, step by step, before their speed is compared.
fn agree(events: &[Event]) {
    let (mut g, mut h, mut s, mut r) = (new_generated(), new_hand(), new_smlang(), new_rust_fsm());
    let (mut ag, mut ah, mut as_, mut ar) = (0, 0, 0, 0);
    for (i, &e) in events.iter().enumerate() {
        generated_call(&mut g, e, &mut ag);
        hand_call(&mut h, e, &mut ah);
        smlang_call(&mut s, sm::event(e), &mut as_);
        rust_fsm_call(&mut r, rfsm::event(e), &mut ar);
        let states = [plain(g.state), plain(h), plain(s.state()), plain(r.state())];
        assert!(states.iter().all(|x| *x == states[0]), "event {i} ({e:?}): {states:?}");
        assert!([ah, as_, ar].iter().all(|&x| x == ag), "event {i} ({e:?}): actions differ");
    }
}

const SIDES: [&str; 4] = ["generated", "hand-written", "smlang", "rust-fsm"];
const TREATMENTS: [&str; 2] = ["behind-a-call", "inlinable"];

fn bench(c: &mut Criterion) {
    for (name, events) in [("uniform", uniform()), ("trace", trace())] {
        agree(&events);
        let sm_events: Vec<sm::Events> = events.iter().map(|&e| sm::event(e)).collect();
        let rfsm_events: Vec<rfsm::failover::Input> = events.iter().map(|&e| rfsm::event(e)).collect();
        for treatment in TREATMENTS {
            let mut group = c.benchmark_group(format!("failover-{name}-{treatment}"));
            group.throughput(Throughput::Elements(EVENTS as u64));
            let call = treatment == "behind-a-call";
            group.bench_function(SIDES[0], |b| {
                if call {
                    b.iter(|| run(&events, new_generated, generated_call))
                } else {
                    b.iter(|| run(&events, new_generated, generated_inline))
                }
            });
            group.bench_function(SIDES[1], |b| {
                if call {
                    b.iter(|| run(&events, new_hand, hand_call))
                } else {
                    b.iter(|| run(&events, new_hand, hand_inline))
                }
            });
            group.bench_function(SIDES[2], |b| {
                if call {
                    b.iter(|| run(&sm_events, new_smlang, smlang_call))
                } else {
                    b.iter(|| run(&sm_events, new_smlang, smlang_inline))
                }
            });
            group.bench_function(SIDES[3], |b| {
                if call {
                    b.iter(|| run(&rfsm_events, new_rust_fsm, rust_fsm_call))
                } else {
                    b.iter(|| run(&rfsm_events, new_rust_fsm, rust_fsm_inline))
                }
            });
            group.finish();
        }
    }
}

/// Rounds of the paired measurement.
const ROUNDS: usize = 1_500;

/// One pass of a side over its stream, in nanoseconds.
#[inline(always)]
fn pass<M, E: Copy>(events: &[E], new: impl Fn() -> M, step: impl Fn(&mut M, E, &mut u64)) -> f64 {
    let start = Instant::now();
    black_box(run(events, new, step));
    start.elapsed().as_nanos() as f64
}

/// The paired measurement: in each round every side runs the stream once, in an order that
/// rotates from round to round, so that a change of load on the machine falls on every side
/// alike; the median pass of each side, per event.
fn paired(events: &[Event], call: bool) -> [f64; 4] {
    let sm_events: Vec<sm::Events> = events.iter().map(|&e| sm::event(e)).collect();
    let rfsm_events: Vec<rfsm::failover::Input> = events.iter().map(|&e| rfsm::event(e)).collect();
    let mut times: [Vec<f64>; 4] = Default::default();
    for round in 0..ROUNDS {
        for k in 0..4 {
            let side = (round + k) % 4;
            let t = match (side, call) {
                (0, true) => pass(events, new_generated, generated_call),
                (0, false) => pass(events, new_generated, generated_inline),
                (1, true) => pass(events, new_hand, hand_call),
                (1, false) => pass(events, new_hand, hand_inline),
                (2, true) => pass(&sm_events, new_smlang, smlang_call),
                (2, false) => pass(&sm_events, new_smlang, smlang_inline),
                (_, true) => pass(&rfsm_events, new_rust_fsm, rust_fsm_call),
                (_, false) => pass(&rfsm_events, new_rust_fsm, rust_fsm_inline),
            };
            times[side].push(t);
        }
    }
    times.map(|mut t| {
        t.sort_by(f64::total_cmp);
        t[t.len() / 2] / events.len() as f64
    })
}

/// The share of the trace that is a message other than DWA in OKAY_NoPending.
fn okay_share(events: &[Event]) -> f64 {
    let (mut state, mut vars, mut okay) = (fo::INITIAL, fo::Vars::INITIAL, 0);
    for &e in events {
        okay += usize::from(state == State::OKAY_NoPending && e == Event::NonDWA);
        state = fo::step(state, &mut vars, e, |_| false).target;
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
        for treatment in TREATMENTS {
            let per_event = paired(&events, treatment == "behind-a-call");
            let best = per_event[1..].iter().copied().fold(f64::INFINITY, f64::min);
            let cells: Vec<String> = SIDES.iter().zip(&per_event).map(|(s, t)| format!("{s} {t:.2}")).collect();
            println!("  {:<32} {}  ratio {:.2}", format!("{name}, {treatment}"), cells.join("  "), per_event[0] / best);
        }
    }
}
