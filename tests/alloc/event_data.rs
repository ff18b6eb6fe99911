//! Handling an event that carries data allocates nothing and copies nothing: the TCP machine
//! (`tests/data/ok/tcp.fsm`) takes segments that own their octets (a `Box<[u8]>`, neither `Copy`
//! nor `Clone`), built before the measured region and moved in, under a counting global
//! allocator (`stats_alloc`, this test binary's own).

use crate::GLOBAL;
use stats_alloc::Region;

/// A segment that owns its text.
pub struct Segment {
    flags: [bool; 4],
    text: Box<[u8]>,
}

fsm_macros::fsm!("tests/data/ok/tcp.fsm");

/// Hooks that read the segment and count what they see, without allocating.
#[derive(Default)]
struct Count {
    actions: usize,
    octets: usize,
}

impl tcp::Hooks for Count {
    fn guard(&mut self, guard: tcp::Guard, input: &tcp::Input) -> bool {
        let tcp::Input::RcvSegment(segment) = input else { return false };
        let [rst, ack, syn, fin] = segment.flags;
        match guard {
            tcp::Guard::rst => rst,
            tcp::Guard::ack | tcp::Guard::ack_of_syn | tcp::Guard::ack_of_fin => ack,
            tcp::Guard::syn => syn,
            tcp::Guard::fin => fin,
            tcp::Guard::text_on_hand => false,
        }
    }

    fn action(&mut self, _action: tcp::Action, input: Option<&mut tcp::Input>) {
        self.actions += 1;
        if let Some(tcp::Input::RcvSegment(segment)) = input {
            self.octets += segment.text.len();
        }
    }
}

pub fn handling_segments_allocates_nothing() {
    // Every user call and segment kind, over and over: both sides of the handshake and closes.
    let mut inputs: Vec<Option<tcp::Input>> = Vec::new();
    for round in 0..500u32 {
        let segment = |bits: u8| {
            let flags = [bits & 8 != 0, bits & 4 != 0, bits & 2 != 0, bits & 1 != 0];
            Some(tcp::Input::RcvSegment(Segment { flags, text: vec![7; (round % 5) as usize].into_boxed_slice() }))
        };
        inputs.push(Some(if round % 2 == 0 { tcp::Input::ActiveOpen } else { tcp::Input::PassiveOpen }));
        for bits in 0..16 {
            inputs.push(segment(bits));
        }
        inputs.push(Some(tcp::Input::Close));
        inputs.push(Some(tcp::Input::Status));
        inputs.push(segment(5));
        inputs.push(segment(4));
        inputs.push(Some(tcp::Input::TwoMSLExpiry));
        inputs.push(Some(tcp::Input::Abort));
    }
    let mut hooks = Count::default();
    let mut machine = tcp::Machine::start(&mut hooks);
    let mut visited = [false; tcp::State::ALL.len()];
    let region = Region::new(GLOBAL);
    for input in &mut inputs {
        if let Some(input) = input.take() {
            machine.step(input, &mut hooks);
            visited[machine.state() as usize] = true;
        }
    }
    let stats = region.change();
    assert_eq!((stats.allocations, stats.reallocations), (0, 0), "{stats:?}");
    // The segments were moved in and dropped there.
    assert!(stats.deallocations > 0);
    assert!(hooks.actions > 0 && hooks.octets > 0);
    assert!(visited.iter().filter(|v| **v).count() >= 6, "{visited:?}");
}
