//! The Failover machine (`specs/failover.fsm`) five ways, in one run, over the same event
//! streams: the dispatch that `fsm!` generates (`step`), two hand-written `match`es, smlang 0.8
//! and rust-fsm 0.8. Every side does the same work per event: it updates its state and folds
//! each action of the step, in order, into a checksum through the same `sink`, each through its
//! library's own way of handing over actions (a slice for the generated `Step::actions`, the
//! hand-written `match`es and rust-fsm's output, smlang's context methods). Each side sits in a
//! wrapper of the same shape, `fn(&mut machine, event, &mut checksum)`, timed under two
//! treatments: every wrapper `#[inline(never)]` (behind a call), and every wrapper
//! `#[inline(always)]` (inlinable: what the compiler does inside is then each side's own).
//!
//! The hand-written side is the best of the two forms a person would write, both returning
//! `(State, &'static [Action])` with the lists as named constants: `by_hand`, a
//! `match (state, event)` whose wildcards (`(_, Start)`, `(INIT, _)`) let rustc test a few
//! conditions first, and `by_hand_nested`, a `match` on the state, then on the event, the
//! common cases first, which rustc turns into two jump tables. Neither is fastest everywhere
//! (load average 3 to 5 on two cores, ns per event): the pairs on uniform events (5.1 inlined,
//! 6.4 behind a call, against 6.8 and 7.7) and on the trace inlined (2.42 against 2.55); the
//! nested match on the trace behind a call (2.39 against 2.99). Both stay, and the ratio is
//! the generated code's time over the fastest of every other side.
//!
//! Two streams of 10,000 events from a fixed seed: `uniform` (each of the seven events equally
//! likely) and `trace` (a watchdog's life: mostly messages other than DWA in OKAY_NoPending,
//! a watchdog expiry answered by a DWA now and then, rarely a lost answer or a lost
//! connection). Before timing, the five sides must agree on every state and every action of
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

/// The Failover design as a programmer would write it by hand: a `match` on the pair.
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

/// The Failover design by hand, a `match` on the state, then on the event, the common cases
/// first.
#[inline(always)]
fn by_hand_nested(state: State, event: Event) -> (State, &'static [Action]) {
    use Event::*;
    use State::*;
    use lists::*;
    match state {
        OKAY_NoPending => match event {
            NonDWA | DWA => (OKAY_NoPending, SET),
            TwExpiry => (OKAY_Pending, SEND_DWR),
            ConnectionDown => (DOWN, DOWN_OKAY),
            Stop => (INIT, STOP_OKAY),
            Start => (OKAY_NoPending, CMDACK),
            ConnectionUp => (OKAY_NoPending, &[]),
        },
        OKAY_Pending => match event {
            DWA => (OKAY_NoPending, SET),
            NonDWA => (OKAY_Pending, SET),
            TwExpiry => (SUSPECT, FAILOVER_SET),
            ConnectionDown => (DOWN, DOWN_OKAY),
            Stop => (INIT, STOP_OKAY),
            Start => (OKAY_Pending, CMDACK),
            ConnectionUp => (OKAY_Pending, &[]),
        },
        SUSPECT => match event {
            DWA | NonDWA => (OKAY_NoPending, FAILBACK_SET),
            TwExpiry | ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (SUSPECT, CMDACK),
            ConnectionUp => (SUSPECT, &[]),
        },
        INIT => match event {
            Start => (INITIAL, CMDACK_SET),
            Stop => (INIT, CMDACK),
            _ => (INIT, &[]),
        },
        INITIAL => match event {
            TwExpiry => (INITIAL, ATTEMPT),
            ConnectionUp => (OKAY_NoPending, SET),
            DWA | NonDWA => (INITIAL, THROW),
            ConnectionDown => (INITIAL, &[]),
            Stop => (INIT, STOP_UNCONNECTED),
            Start => (INITIAL, CMDACK),
        },
        DOWN => match event {
            TwExpiry => (DOWN, ATTEMPT),
            ConnectionUp => (REOPEN_Pending, SEND_DWR),
            DWA | NonDWA => (DOWN, THROW),
            ConnectionDown => (DOWN, &[]),
            Stop => (INIT, STOP_UNCONNECTED),
            Start => (DOWN, CMDACK),
        },
        REOPEN_Pending => match event {
            DWA => (REOPEN_NoPending, &[]),
            TwExpiry => (PAUSE, SET),
            NonDWA => (REOPEN_Pending, THROW),
            ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (REOPEN_Pending, CMDACK),
            ConnectionUp => (REOPEN_Pending, &[]),
        },
        REOPEN_NoPending => match event {
            DWA => (REOPEN1_NoPending, &[]),
            TwExpiry => (REOPEN1_Pending, SEND_DWR),
            NonDWA => (REOPEN_NoPending, THROW),
            ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (REOPEN_NoPending, CMDACK),
            ConnectionUp => (REOPEN_NoPending, &[]),
        },
        REOPEN1_Pending => match event {
            DWA => (REOPEN1_NoPending, &[]),
            TwExpiry => (PAUSE, SET),
            NonDWA => (REOPEN1_Pending, THROW),
            ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (REOPEN1_Pending, CMDACK),
            ConnectionUp => (REOPEN1_Pending, &[]),
        },
        REOPEN1_NoPending => match event {
            DWA => (OKAY_NoPending, FAILBACK),
            TwExpiry => (REOPEN2_Pending, SEND_DWR),
            NonDWA => (REOPEN1_NoPending, THROW),
            ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (REOPEN1_NoPending, CMDACK),
            ConnectionUp => (REOPEN1_NoPending, &[]),
        },
        REOPEN2_Pending => match event {
            DWA => (OKAY_NoPending, FAILBACK),
            TwExpiry => (PAUSE, SET),
            NonDWA => (REOPEN2_Pending, THROW),
            ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (REOPEN2_Pending, CMDACK),
            ConnectionUp => (REOPEN2_Pending, &[]),
        },
        PAUSE => match event {
            DWA => (REOPEN_NoPending, &[]),
            TwExpiry | ConnectionDown => (DOWN, CLOSE),
            NonDWA => (PAUSE, THROW),
            Stop => (INIT, STOP_CONNECTED),
            Start => (PAUSE, CMDACK),
            ConnectionUp => (PAUSE, &[]),
        },
    }
}

#[inline(always)]
fn nested_body(state: &mut State, event: Event, acc: &mut u64) {
    let (target, actions) = by_hand_nested(*state, event);
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
    pub const CLOSE: &[Action] = &[CloseConnection, SetWatchdog];
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
    nested_call, nested_inline: State, Event => nested_body;
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

/// The five sides must agree, step by step, before their speed is compared.
fn agree(events: &[Event]) {
    let (mut g, mut h, mut s, mut r) = (new_generated(), new_hand(), new_smlang(), new_rust_fsm());
    let (mut ag, mut ah, mut as_, mut ar) = (0, 0, 0, 0);
    let (mut n, mut an) = (new_hand(), 0);
    for (i, &e) in events.iter().enumerate() {
        generated_call(&mut g, e, &mut ag);
        hand_call(&mut h, e, &mut ah);
        nested_call(&mut n, e, &mut an);
        assert_eq!((n, an), (h, ah), "event {i} ({e:?}): the nested match differs");
        smlang_call(&mut s, sm::event(e), &mut as_);
        rust_fsm_call(&mut r, rfsm::event(e), &mut ar);
        let states = [plain(g.state), plain(h), plain(s.state()), plain(r.state())];
        assert!(states.iter().all(|x| *x == states[0]), "event {i} ({e:?}): {states:?}");
        assert!([ah, as_, ar].iter().all(|&x| x == ag), "event {i} ({e:?}): actions differ");
    }
}

const SIDES: [&str; 5] = ["generated", "by-hand-pairs", "smlang", "rust-fsm", "by-hand-nested"];
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
            group.bench_function(SIDES[4], |b| {
                if call {
                    b.iter(|| run(&events, new_hand, nested_call))
                } else {
                    b.iter(|| run(&events, new_hand, nested_inline))
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
fn paired(events: &[Event], call: bool) -> [f64; 5] {
    let sm_events: Vec<sm::Events> = events.iter().map(|&e| sm::event(e)).collect();
    let rfsm_events: Vec<rfsm::failover::Input> = events.iter().map(|&e| rfsm::event(e)).collect();
    let mut times: [Vec<f64>; 5] = Default::default();
    for round in 0..ROUNDS {
        for k in 0..5 {
            let side = (round + k) % 5;
            let t = match (side, call) {
                (0, true) => pass(events, new_generated, generated_call),
                (0, false) => pass(events, new_generated, generated_inline),
                (1, true) => pass(events, new_hand, hand_call),
                (1, false) => pass(events, new_hand, hand_inline),
                (2, true) => pass(&sm_events, new_smlang, smlang_call),
                (2, false) => pass(&sm_events, new_smlang, smlang_inline),
                (3, true) => pass(&rfsm_events, new_rust_fsm, rust_fsm_call),
                (3, false) => pass(&rfsm_events, new_rust_fsm, rust_fsm_inline),
                (_, true) => pass(events, new_hand, nested_call),
                (_, false) => pass(events, new_hand, nested_inline),
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
