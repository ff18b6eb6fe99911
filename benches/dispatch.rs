//! The generated dispatch of the two watchdog machines against a hand-written `match` of the
//! same machines, in one run, over the same pseudo-random event sequence. Criterion reports the
//! time per event; at the end the ratio generated / hand-written is printed for each machine.
//!
//! `cargo bench --bench dispatch`

#![allow(clippy::unwrap_used, missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput};
use rfc_fsm::machines::{failover, rfc3539_watchdog as rfc};
use std::hint::black_box;

const EVENTS: usize = 4096;

/// A reproducible event sequence (xorshift), weighted like a watchdog's life: mostly messages
/// and expiries, some connection changes.
fn sequence<E: Copy>(choices: &[(E, u32)]) -> Vec<E> {
    let total: u32 = choices.iter().map(|c| c.1).sum();
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    (0..EVENTS)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut r = (x % u64::from(total)) as u32;
            choices
                .iter()
                .find(|c| {
                    if r < c.1 {
                        true
                    } else {
                        r -= c.1;
                        false
                    }
                })
                .unwrap()
                .0
        })
        .collect()
}

/// RFC 3539 Appendix A as a programmer would write it by hand.
fn rfc_by_hand(state: rfc::State, vars: &mut rfc::Vars, event: rfc::Event) -> (rfc::State, &'static [rfc::Action]) {
    use rfc::Action::*;
    use rfc::Event::*;
    use rfc::State::*;
    match (state, event) {
        (OKAY, DWA) => {
            vars.Pending = false;
            (OKAY, &[SetWatchdog])
        }
        (OKAY, NonDWA) => (OKAY, &[SetWatchdog]),
        (SUSPECT, DWA) => {
            vars.Pending = false;
            (OKAY, &[Failback, SetWatchdog])
        }
        (SUSPECT, NonDWA) => (OKAY, &[Failback, SetWatchdog]),
        (REOPEN, DWA) if vars.NumDWA == 2 => {
            vars.Pending = false;
            vars.NumDWA += 1;
            (OKAY, &[Failback])
        }
        (REOPEN, DWA) if vars.NumDWA < 2 => {
            vars.Pending = false;
            vars.NumDWA += 1;
            (REOPEN, &[])
        }
        (REOPEN, DWA) => (REOPEN, &[]),
        (REOPEN, NonDWA) => (REOPEN, &[Throwaway]),
        (INITIAL | DOWN, DWA) => {
            vars.Pending = false;
            (state, &[Throwaway])
        }
        (INITIAL | DOWN, NonDWA) => (state, &[Throwaway]),
        (OKAY, TwExpiry) if !vars.Pending => {
            vars.Pending = true;
            (OKAY, &[SendWatchdog, SetWatchdog])
        }
        (OKAY, TwExpiry) => (SUSPECT, &[Failover, SetWatchdog]),
        (SUSPECT, TwExpiry) => (DOWN, &[CloseConnection, SetWatchdog]),
        (INITIAL | DOWN, TwExpiry) => (state, &[AttemptOpen, SetWatchdog]),
        (REOPEN, TwExpiry) if !vars.Pending => {
            vars.Pending = true;
            (REOPEN, &[SendWatchdog, SetWatchdog])
        }
        (REOPEN, TwExpiry) if vars.NumDWA < 0 => (DOWN, &[CloseConnection, SetWatchdog]),
        (REOPEN, TwExpiry) => {
            vars.NumDWA = -1;
            (REOPEN, &[SetWatchdog])
        }
        (INITIAL, ConnectionUp) => (OKAY, &[SetWatchdog]),
        (DOWN, ConnectionUp) => {
            vars.NumDWA = 0;
            vars.Pending = true;
            (REOPEN, &[SendWatchdog, SetWatchdog])
        }
        (OKAY, ConnectionDown) => (DOWN, &[CloseConnection, Failover, SetWatchdog]),
        (SUSPECT | REOPEN, ConnectionDown) => (DOWN, &[CloseConnection, SetWatchdog]),
        (INITIAL | DOWN, ConnectionDown) | (OKAY | SUSPECT | REOPEN, ConnectionUp) => (state, &[]),
    }
}

/// The Failover design as a programmer would write it by hand.
fn failover_by_hand(state: failover::State, event: failover::Event) -> (failover::State, &'static [failover::Action]) {
    use failover::Action::*;
    use failover::Event::*;
    use failover::State::*;
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

fn bench(c: &mut Criterion) {
    let rfc_events = sequence(&[
        (rfc::Event::DWA, 30),
        (rfc::Event::NonDWA, 30),
        (rfc::Event::TwExpiry, 30),
        (rfc::Event::ConnectionUp, 5),
        (rfc::Event::ConnectionDown, 5),
    ]);
    // The two must agree before their speed is compared.
    let (mut s1, mut s2, mut v1, mut v2) = (rfc::INITIAL, rfc::INITIAL, rfc::Vars::INITIAL, rfc::Vars::INITIAL);
    for &e in &rfc_events {
        let o = rfc::dispatch(s1, &mut v1, e, rfc::Guards::default());
        let (t, actions) = rfc_by_hand(s2, &mut v2, e);
        assert_eq!((o.target, o.actions), (t, actions));
        (s1, s2) = (o.target, t);
    }

    let mut group = c.benchmark_group("rfc3539_watchdog");
    group.throughput(Throughput::Elements(EVENTS as u64));
    group.bench_function(BenchmarkId::new("generated", EVENTS), |b| {
        b.iter(|| {
            let (mut state, mut vars) = (rfc::INITIAL, rfc::Vars::INITIAL);
            for &e in &rfc_events {
                let o = rfc::dispatch(state, &mut vars, black_box(e), rfc::Guards::default());
                black_box(o.actions);
                state = o.target;
            }
            state
        })
    });
    group.bench_function(BenchmarkId::new("hand-written", EVENTS), |b| {
        b.iter(|| {
            let (mut state, mut vars) = (rfc::INITIAL, rfc::Vars::INITIAL);
            for &e in &rfc_events {
                let (target, actions) = rfc_by_hand(state, &mut vars, black_box(e));
                black_box(actions);
                state = target;
            }
            state
        })
    });
    group.finish();

    use failover::Event as F;
    let failover_events = sequence(&[
        (F::DWA, 30),
        (F::NonDWA, 30),
        (F::TwExpiry, 30),
        (F::ConnectionUp, 5),
        (F::ConnectionDown, 5),
        (F::Start, 2),
        (F::Stop, 1),
    ]);
    let (mut s1, mut s2, mut vars) = (failover::INITIAL, failover::INITIAL, failover::Vars::INITIAL);
    for &e in &failover_events {
        let o = failover::dispatch(s1, &mut vars, e, failover::Guards::default());
        let (t, actions) = failover_by_hand(s2, e);
        assert_eq!((o.target, o.actions), (t, actions), "{s1:?} {e:?}");
        (s1, s2) = (o.target, t);
    }
    let mut group = c.benchmark_group("failover");
    group.throughput(Throughput::Elements(EVENTS as u64));
    group.bench_function(BenchmarkId::new("generated", EVENTS), |b| {
        b.iter(|| {
            let (mut state, mut vars) = (failover::INITIAL, failover::Vars::INITIAL);
            for &e in &failover_events {
                let o = failover::dispatch(state, &mut vars, black_box(e), failover::Guards::default());
                black_box(o.actions);
                state = o.target;
            }
            state
        })
    });
    group.bench_function(BenchmarkId::new("hand-written", EVENTS), |b| {
        b.iter(|| {
            let mut state = failover::INITIAL;
            for &e in &failover_events {
                let (target, actions) = failover_by_hand(state, black_box(e));
                black_box(actions);
                state = target;
            }
            state
        })
    });
    group.finish();
}

/// Reads criterion's point estimate (ns per iteration) of a benchmark of this run.
fn estimate(group: &str, function: &str) -> Option<f64> {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("../criterion")
        .join(group)
        .join(function)
        .join(EVENTS.to_string())
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["median"]["point_estimate"].as_f64()
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
    println!("\nns per event (median), and generated / hand-written:");
    for group in ["rfc3539_watchdog", "failover"] {
        match (estimate(group, "generated"), estimate(group, "hand-written")) {
            (Some(g), Some(h)) => {
                let (g, h) = (g / EVENTS as f64, h / EVENTS as f64);
                println!("  {group:<17} generated {g:6.2} ns  hand-written {h:6.2} ns  ratio {:.3}", g / h);
            }
            _ => println!("  {group:<17} (no estimates: run without --test)"),
        }
    }
}
