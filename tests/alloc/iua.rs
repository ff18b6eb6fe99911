//! The IUA SG allocates nothing per routed or queued message beyond the frame's own buffer,
//! which it moves, through `Sg::deliver` as through `Sg::deliver_into`: counted by a counting
//! global allocator (`stats_alloc`, this test binary's own, see `main.rs`).

use crate::GLOBAL;
use rfc_fsm::iua::codec::{self, Dlci, InterfaceIds, Message, TrafficMode};
use rfc_fsm::iua::sg::{AsConfig, AssocId, Output, Sg, SgConfig};
use rfc_fsm::machines::iua_as;
use stats_alloc::Region;
use std::time::Duration;

const ASES: u32 = 20;
const ASPS: u32 = 100;

/// An SG of `ASES` Load-share ASes, ASP j active in AS j mod `ASES`.
fn active_sg() -> Sg<Duration> {
    let config = SgConfig {
        recovery_timer: Duration::from_secs(3600),
        queue_limit: 100_000,
        application_servers: (0..ASES)
            .map(|i| AsConfig { name: format!("AS {i}"), interface_ids: vec![i], traffic_mode: TrafficMode::Loadshare })
            .collect(),
    };
    let mut sg = Sg::new(config);
    let t = Duration::ZERO;
    for j in 0..ASPS {
        sg.transport_up(t, AssocId(j));
        sg.receive(t, AssocId(j), &codec::encode(&Message::AspUp { asp_id: None, info: None }).unwrap());
        let active = Message::AspActive {
            traffic_mode: Some(TrafficMode::Loadshare),
            interface_ids: Some(InterfaceIds::Integers(vec![j % ASES])),
            info: None,
        };
        sg.receive(t, AssocId(j), &codec::encode(&active).unwrap());
    }
    sg
}

fn routing_a_message_allocates_nothing_and_moves_the_frame() {
    let mut sg = active_sg();
    let dlci = Dlci { sapi: 0, tei: 1 };
    let mut out: Vec<Output> = Vec::with_capacity(4);
    let mut frame = vec![7u8; 32];
    let pointer = frame.as_ptr();
    let region = Region::new(GLOBAL);
    for n in 0..10_000u32 {
        sg.deliver_into(Duration::ZERO, n % ASES, dlci, frame, &mut out);
        frame = match out.pop() {
            Some(Output::Send { message: Message::DataIndication { data, .. }, .. }) => data,
            other => panic!("not routed: {other:?}"),
        };
        assert!(out.is_empty());
    }
    let change = region.change();
    assert_eq!(change.allocations + change.reallocations, 0, "{change:?}");
    assert_eq!(frame.as_ptr(), pointer, "the same buffer, moved, never copied");
}

fn queueing_allocates_only_as_the_queues_grow() {
    let mut sg = active_sg();
    let t = Duration::ZERO;
    for j in 0..ASPS {
        sg.transport_down(t, AssocId(j));
    }
    assert!((0..ASES as usize).all(|i| sg.as_state(i) == Some(iua_as::State::AS_PENDING)));
    let dlci = Dlci { sapi: 0, tei: 1 };
    let frames: Vec<Vec<u8>> = (0..20_000).map(|_| vec![1u8; 32]).collect();
    let mut out: Vec<Output> = Vec::new();
    let region = Region::new(GLOBAL);
    for (n, frame) in frames.into_iter().enumerate() {
        sg.deliver_into(t, n as u32 % ASES, dlci, frame, &mut out);
    }
    let change = region.change();
    assert!(out.is_empty());
    // Each queue doubles as it grows: a few dozen allocations for 20,000 messages.
    assert!(change.allocations + change.reallocations < 20 * 20, "{change:?}");
}

fn routing_through_deliver_allocates_nothing_but_the_frame_and_moves_it() {
    let mut sg = active_sg();
    let dlci = Dlci { sapi: 0, tei: 1 };
    let mut frame = vec![7u8; 32];
    let pointer = frame.as_ptr();
    let region = Region::new(GLOBAL);
    for n in 0..10_000u32 {
        let out = sg.deliver(Duration::ZERO, n % ASES, dlci, frame);
        assert_eq!(out.len(), 1);
        frame = match out.into_iter().next() {
            Some(Output::Send { message: Message::DataIndication { data, .. }, .. }) => data,
            other => panic!("not routed: {other:?}"),
        };
    }
    let change = region.change();
    assert_eq!(change.allocations + change.reallocations, 0, "{change:?}");
    assert_eq!(frame.as_ptr(), pointer, "the same buffer, moved, never copied");
}

fn queueing_through_deliver_allocates_nothing_once_the_queues_have_grown() {
    let mut sg = active_sg();
    let t = Duration::ZERO;
    for j in 0..ASPS {
        sg.transport_down(t, AssocId(j));
    }
    let dlci = Dlci { sapi: 0, tei: 1 };
    // A first round grows every queue to its length; a second, after a flush, reuses the room.
    let frames: Vec<Vec<u8>> = (0..20_000).map(|_| vec![1u8; 32]).collect();
    for (n, frame) in frames.into_iter().enumerate() {
        assert!(sg.deliver(t, n as u32 % ASES, dlci, frame).is_empty());
    }
    for j in 0..ASPS {
        sg.transport_up(t, AssocId(j));
        sg.receive(t, AssocId(j), &codec::encode(&Message::AspUp { asp_id: None, info: None }).unwrap());
        let active = Message::AspActive {
            traffic_mode: Some(TrafficMode::Loadshare),
            interface_ids: Some(InterfaceIds::Integers(vec![j % ASES])),
            info: None,
        };
        sg.receive(t, AssocId(j), &codec::encode(&active).unwrap());
    }
    assert!((0..ASES as usize).all(|i| sg.queue_len(i) == 0), "flushed");
    for j in 0..ASPS {
        sg.transport_down(t, AssocId(j));
    }
    assert!((0..ASES as usize).all(|i| sg.as_state(i) == Some(iua_as::State::AS_PENDING)));
    let frames: Vec<Vec<u8>> = (0..20_000).map(|_| vec![1u8; 32]).collect();
    let region = Region::new(GLOBAL);
    for (n, frame) in frames.into_iter().enumerate() {
        let out = sg.deliver(t, n as u32 % ASES, dlci, frame);
        assert!(out.is_empty());
    }
    let change = region.change();
    assert_eq!(change.allocations + change.reallocations, 0, "{change:?}");
    assert!((0..ASES as usize).all(|i| sg.queue_len(i) == 1_000));
}

pub fn delivering_allocates_nothing_per_message() {
    routing_a_message_allocates_nothing_and_moves_the_frame();
    queueing_allocates_only_as_the_queues_grow();
    routing_through_deliver_allocates_nothing_but_the_frame_and_moves_it();
    queueing_through_deliver_allocates_nothing_once_the_queues_have_grown();
}
