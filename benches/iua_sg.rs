//! The IUA SG at carrier scale (RFC 4233 §4.3), Load-share, one Interface Identifier per AS,
//! every ASP active in one AS (ASP j in AS j mod ASes), time on a virtual clock.
//!
//! `cargo bench --bench iua_sg` runs the sizes 10 AS x 100 ASP, 100 x 1k and 1k x 10k, each in
//! its own process (so that its peak memory is its own); `cargo bench --bench iua_sg -- ASES
//! ASPS` runs one size. Measured, on one thread:
//!
//! - bring-up: every ASP sends ASP Up then ASP Active (encoded, through `Sg::receive_into`), with
//!   every Ack and Notify the SG sends (an ASP that comes up is told the state of every active
//!   AS, so this grows with ASes x ASPs);
//! - `deliver()`: traffic round-robin over the ASes, each message routed to an ASP of its AS
//!   (the best of three runs);
//!   also through `deliver_into` with a reused output list and the frame's buffer handed back,
//!   which allocates nothing;
//! - enqueue: the same traffic with every AS in AS-PENDING (all associations lost, T(r) long);
//! - flush: one ASP comes back and activates for every AS, receiving every queue in order (one
//!   `receive_into`, into an output list with room).
//!
//! The peak memory is the process's VmHWM. The allocator is the system's, uninstrumented:
//! `tests/alloc/iua.rs` counts the allocations (none per message through `deliver_into`).

#![allow(clippy::unwrap_used)] // a benchmark that cannot set up stops

mod support;
use support::vm_kib;

use rfc_fsm::iua::codec::{self, Dlci, InterfaceIds, Message, TrafficMode};
use rfc_fsm::iua::sg::{AsConfig, AssocId, Output, Sg, SgConfig};
use rfc_fsm::machines::iua_as;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Messages delivered (and queued) per measurement.
const MESSAGES: usize = 2_000_000;
/// Runs of each `deliver` measurement; the best is kept (the others carry more of the load of
/// the machine's other jobs).
const REPEATS: usize = 3;
/// The Q.921 frame of each message, in octets.
const FRAME: usize = 32;
const SIZES: [(u32, u32); 3] = [(10, 100), (100, 1_000), (1_000, 10_000)];

fn main() {
    let numbers: Vec<u32> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    if let [ases, asps] = numbers[..] {
        run(ases, asps);
        return;
    }
    println!("{MESSAGES} messages of {FRAME} octets per measurement; an Output is {} octets", size_of::<Output>());
    println!(
        "| ASes x ASPs | bring-up (all ASPs) | outputs of the bring-up | deliver() | deliver_into | enqueue (AS-PENDING) | flush | memory after bring-up | peak memory |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let exe = std::env::current_exe().unwrap();
    for (ases, asps) in SIZES {
        let output = std::process::Command::new(&exe).arg(ases.to_string()).arg(asps.to_string()).output().unwrap();
        print!("{}", String::from_utf8_lossy(&output.stdout));
        eprint!("{}", String::from_utf8_lossy(&output.stderr));
    }
}

fn mps(messages: usize, elapsed: Duration) -> String {
    format!("{:.2} M/s", messages as f64 / elapsed.as_secs_f64() / 1e6)
}

fn run(ases: u32, asps: u32) {
    let config = SgConfig {
        // Never expires within the run: the ASes stay pending while traffic is queued.
        recovery_timer: Duration::from_secs(3600),
        queue_limit: MESSAGES / ases as usize + 1,
        application_servers: (0..ases)
            .map(|i| AsConfig { name: format!("AS {i}"), interface_ids: vec![i], traffic_mode: TrafficMode::Loadshare })
            .collect(),
    };
    let mut sg: Sg<Duration> = Sg::new(config);
    let t = Duration::ZERO;
    let up = codec::encode(&Message::AspUp { asp_id: None, info: None }).unwrap();
    let active: Vec<Vec<u8>> = (0..ases)
        .map(|i| {
            let message = Message::AspActive {
                traffic_mode: Some(TrafficMode::Loadshare),
                interface_ids: Some(InterfaceIds::Integers(vec![i])),
                info: None,
            };
            codec::encode(&message).unwrap()
        })
        .collect();

    // Bring-up, through `receive_into` with the output list reused, as a driver would.
    let mut out: Vec<Output> = Vec::new();
    let begin = Instant::now();
    let mut sent = 0usize;
    for j in 0..asps {
        let assoc = AssocId(j);
        sg.transport_up(t, assoc);
        sg.receive_into(t, assoc, &up, &mut out);
        sent += out.len();
        out.clear();
        sg.receive_into(t, assoc, &active[(j % ases) as usize], &mut out);
        sent += out.len();
        out.clear();
    }
    let bring_up = begin.elapsed();
    drop(out);
    let after_bring_up = vm_kib("VmRSS:");
    assert!((0..ases as usize).all(|i| sg.as_state(i) == Some(iua_as::State::AS_ACTIVE)));

    // deliver(), its outputs held inline; the best of `REPEATS` runs, as for deliver_into.
    let dlci = Dlci { sapi: 0, tei: 1 };
    let mut deliver = Duration::MAX;
    for _ in 0..REPEATS {
        let begin = Instant::now();
        for n in 0..MESSAGES {
            let out = sg.deliver(t, n as u32 % ases, dlci, vec![0; FRAME]);
            black_box(&out);
        }
        deliver = deliver.min(begin.elapsed());
    }

    // deliver_into, the output list reused and the frame handed back.
    let mut out: Vec<Output> = Vec::with_capacity(4);
    let mut frame = vec![0u8; FRAME];
    let mut deliver_into = Duration::MAX;
    for _ in 0..REPEATS {
        let begin = Instant::now();
        for n in 0..MESSAGES {
            sg.deliver_into(t, n as u32 % ases, dlci, frame, &mut out);
            frame = match out.pop() {
                Some(Output::Send { message: Message::DataIndication { data, .. }, .. }) => data,
                other => panic!("not routed: {other:?}"),
            };
            out.clear();
        }
        deliver_into = deliver_into.min(begin.elapsed());
    }

    // Enqueue: every association lost, every AS pending.
    for j in 0..asps {
        sg.transport_down(t, AssocId(j));
    }
    assert!((0..ases as usize).all(|i| sg.as_state(i) == Some(iua_as::State::AS_PENDING)));
    let mut frames: Vec<Vec<u8>> = (0..MESSAGES).map(|_| vec![0; FRAME]).collect();
    let begin = Instant::now();
    for (n, frame) in frames.drain(..).enumerate() {
        sg.deliver_into(t, n as u32 % ases, dlci, frame, &mut out);
    }
    let enqueue = begin.elapsed();
    assert!(out.is_empty(), "every message queued");
    let queued: usize = (0..ases as usize).map(|i| sg.queue_len(i)).sum();
    assert_eq!(queued, MESSAGES);

    // Flush: ASP 0 comes back (and is told every AS is pending), then activates for all ASes.
    sg.transport_up(t, AssocId(0));
    black_box(sg.receive(t, AssocId(0), &up));
    let all = codec::encode(&Message::AspActive { traffic_mode: None, interface_ids: None, info: None }).unwrap();
    // The output list has the room, as a driver's reused list would after the first flush.
    let mut out: Vec<Output> = Vec::with_capacity(MESSAGES + 2 * ases as usize + 4);
    let begin = Instant::now();
    sg.receive_into(t, AssocId(0), &all, &mut out);
    let flush = begin.elapsed();
    let delivered =
        out.iter().filter(|o| matches!(o, Output::Send { message: Message::DataIndication { .. }, .. })).count();
    assert_eq!(delivered, MESSAGES);
    drop(out);

    println!(
        "| {ases} x {asps} | {:.3} s | {sent} | {} | {} | {} | {} | {} MiB | {} MiB |",
        bring_up.as_secs_f64(),
        mps(MESSAGES, deliver),
        mps(MESSAGES, deliver_into),
        mps(MESSAGES, enqueue),
        mps(MESSAGES, flush),
        after_bring_up / 1024,
        vm_kib("VmHWM:") / 1024
    );
}
