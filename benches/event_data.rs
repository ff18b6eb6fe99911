//! What events that carry data cost: the TCP machine (`tests/data/ok/tcp.fsm`) over the same
//! 10,000 inputs two ways, each side building each segment the same way and folding the same
//! reads of it into a checksum:
//!
//! - **Input**: `Machine::step(tcp::Input::RcvSegment(segment), &mut hooks)`: the generated
//!   wrapper moves the segment in and shows it to the guards and actions;
//! - **fieldless**: what one writes without event data: the segment kept beside the machine,
//!   `tcp::step(state, &mut vars, tcp::Event::RcvSegment, |g| guard(g, &segment))` and a
//!   loop over the step's actions that reads the segment.
//!
//! `cargo bench --bench event_data -- --warm-up-time 1 --measurement-time 3`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// A segment: control bits and numbers, no text (`Copy` only so that the inputs can be listed
/// once; both sides build a fresh one per step).
#[derive(Clone, Copy)]
pub struct Segment {
    seq: u32,
    ack_no: u32,
    bits: u8,
}

fsm_macros::fsm!("tests/data/ok/tcp.fsm");

/// The guards, read from a segment (the same function for both sides).
#[inline(always)]
fn classify(guard: tcp::Guard, segment: &Segment, snd_nxt: u32) -> bool {
    match guard {
        tcp::Guard::rst => segment.bits & 8 != 0,
        tcp::Guard::ack => segment.bits & 4 != 0,
        tcp::Guard::syn => segment.bits & 2 != 0,
        tcp::Guard::fin => segment.bits & 1 != 0,
        tcp::Guard::ack_of_syn | tcp::Guard::ack_of_fin => segment.bits & 4 != 0 && segment.ack_no == snd_nxt,
        tcp::Guard::text_on_hand => false,
    }
}

/// What an action reads of the segment (the same function for both sides).
#[inline(always)]
fn act(sum: &mut u64, action: tcp::Action, segment: Option<&Segment>) {
    *sum = sum.wrapping_mul(31).wrapping_add(action as u64);
    if let Some(segment) = segment {
        *sum = sum.wrapping_add(u64::from(segment.seq));
    }
}

struct Hooks {
    sum: u64,
    snd_nxt: u32,
}

impl tcp::Hooks for Hooks {
    #[inline(always)]
    fn guard(&mut self, guard: tcp::Guard, input: &tcp::Input) -> bool {
        match input {
            tcp::Input::RcvSegment(segment) => classify(guard, segment, self.snd_nxt),
            _ => false,
        }
    }
    #[inline(always)]
    fn action(&mut self, action: tcp::Action, input: Option<&mut tcp::Input>) {
        let segment = match input {
            Some(tcp::Input::RcvSegment(segment)) => Some(&*segment),
            _ => None,
        };
        act(&mut self.sum, action, segment);
    }
}

/// One input: a user call, or a segment (`None` for a call).
type Item = (tcp::Event, Option<Segment>);

fn inputs() -> Vec<Item> {
    let calls =
        [tcp::Event::ActiveOpen, tcp::Event::PassiveOpen, tcp::Event::Close, tcp::Event::Abort, tcp::Event::Status];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..10_000)
        .map(|_| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let pick = (seed >> 33) as usize;
            if pick.is_multiple_of(3) {
                (calls[pick / 3 % calls.len()], None)
            } else {
                let segment = Segment {
                    seq: (seed >> 40) as u32,
                    ack_no: 101 + (pick % 2) as u32,
                    bits: (seed >> 20) as u8 & 15,
                };
                (tcp::Event::RcvSegment, Some(segment))
            }
        })
        .collect()
}

fn with_input(items: &[Item]) -> u64 {
    let mut hooks = Hooks { sum: 0, snd_nxt: 101 };
    let mut machine = tcp::Machine::start(&mut hooks);
    for &(event, segment) in items {
        let input = match segment {
            Some(segment) => tcp::Input::RcvSegment(black_box(segment)),
            None => match tcp::Input::try_from(event) {
                Ok(input) => input,
                Err(_) => continue,
            },
        };
        machine.step(input, &mut hooks);
    }
    hooks.sum.wrapping_add(machine.state() as u64)
}

fn fieldless(items: &[Item]) -> u64 {
    let (mut sum, snd_nxt) = (0u64, 101);
    let mut vars = tcp::Vars::INITIAL;
    let mut state = tcp::INITIAL;
    for &action in tcp::enter_initial(&mut vars) {
        act(&mut sum, action, None);
    }
    for &(event, segment) in items {
        let segment = segment.map(black_box);
        let step = tcp::step(state, &mut vars, event, |g| segment.as_ref().is_some_and(|s| classify(g, s, snd_nxt)));
        for &action in step.actions {
            act(&mut sum, action, segment.as_ref());
        }
        state = step.target;
    }
    sum.wrapping_add(state as u64)
}

fn bench(c: &mut Criterion) {
    let items = inputs();
    assert_eq!(with_input(&items), fieldless(&items), "both sides take the same steps");
    let mut group = c.benchmark_group("tcp 10,000 inputs");
    group.bench_function("Input", |b| b.iter(|| with_input(black_box(&items))));
    group.bench_function("fieldless", |b| b.iter(|| fieldless(black_box(&items))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
