//! Unit tests of the SG's internals that the public interface cannot reach: the radix sort, the
//! order of Notify recipients and the T(r) list under clocks that go back.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

use std::time::Duration;

use super::ases::sort_by_index;
use super::{AsConfig, AssocId, Output, Sg, SgConfig, SgEvent};
use crate::iua::codec::{self, InterfaceIds, Message, Status, TrafficMode};
use crate::machines::iua_as;

fn config(ases: usize) -> SgConfig {
    SgConfig {
        application_servers: (0..ases)
            .map(|i| AsConfig {
                name: format!("as{i}"),
                interface_ids: vec![u32::try_from(i).unwrap() + 1],
                traffic_mode: TrafficMode::Loadshare,
            })
            .collect(),
        ..SgConfig::default()
    }
}

fn rx(sg: &mut Sg<Duration>, assoc: AssocId, message: &Message, now: Duration) -> Vec<Output> {
    sg.receive(now, assoc, &codec::encode(message).unwrap())
}

fn active(iid: u32) -> Message {
    Message::AspActive { traffic_mode: None, interface_ids: Some(InterfaceIds::Integers(vec![iid])), info: None }
}

fn inactive(iid: u32) -> Message {
    Message::AspInactive { interface_ids: Some(InterfaceIds::Integers(vec![iid])), info: None }
}

/// The receivers of the Notify messages with this status, in order.
fn notified(out: &[Output], status: Status) -> Vec<AssocId> {
    out.iter()
        .filter_map(|o| match o {
            Output::Send { assoc, message: Message::Notify { status: s, .. }, .. } if *s == status => Some(*assoc),
            _ => None,
        })
        .collect()
}

#[test]
fn sort_by_index_sorts_few_and_many() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut scratch = Vec::new();
    for len in [0, 1, 2, 255, 256, 257, 1000, 5000] {
        for spread in [1usize, 300, 70_000, usize::MAX] {
            let mut items: Vec<usize> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    usize::try_from(seed >> 11).unwrap_or(usize::MAX) % spread
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_unstable();
            sort_by_index(&mut items, &mut scratch, |&i| i);
            assert_eq!(items, expected, "{len} items below {spread}");
        }
    }
}

#[test]
fn many_asps_get_notify_in_association_order_whatever_the_order_they_came_up() {
    let mut sg: Sg<Duration> = Sg::new(config(2));
    let now = Duration::ZERO;
    // 600 associations, announced and brought up in a scrambled order.
    let assocs: Vec<AssocId> = (0..600u32).map(|i| AssocId((i * 7_919) % 600 * 1_000 + 3)).collect();
    for &assoc in &assocs {
        sg.transport_up(now, assoc);
        rx(&mut sg, assoc, &Message::AspUp { asp_id: None, info: None }, now);
    }
    let mut expected = assocs.clone();
    expected.sort_unstable();
    let out = rx(&mut sg, assocs[17], &active(1), now);
    assert_eq!(notified(&out, Status::as_active()), expected);
    // One leaves from the middle of the list, one ASP stops being active: the others are
    // told the AS is pending, still in association order.
    let gone = assocs[300];
    sg.transport_down(now, gone);
    expected.retain(|&a| a != gone);
    let out = rx(&mut sg, assocs[17], &inactive(1), now);
    assert_eq!(notified(&out, Status::as_pending()), expected);
    assert_eq!(sg.poll_timeout(), Some(now + SgConfig::default().recovery_timer));
}

#[test]
fn recovery_timers_armed_by_a_clock_that_goes_back_expire_in_deadline_order() {
    let mut sg: Sg<Duration> = Sg::new(config(3));
    let t_r = SgConfig::default().recovery_timer;
    let a = AssocId(1);
    sg.transport_up(Duration::ZERO, a);
    rx(&mut sg, a, &Message::AspUp { asp_id: None, info: None }, Duration::ZERO);
    for iid in 1..=3 {
        rx(&mut sg, a, &active(iid), Duration::ZERO);
    }
    // AS 0 pending at 10 s, AS 1 at 5 s (the clock went back), AS 2 at 10 s then active
    // again (its T(r) stopped).
    let (t10, t5) = (Duration::from_secs(10), Duration::from_secs(5));
    rx(&mut sg, a, &inactive(1), t10);
    rx(&mut sg, a, &inactive(2), t5);
    rx(&mut sg, a, &inactive(3), t10);
    rx(&mut sg, a, &active(3), t10);
    assert_eq!(sg.poll_timeout(), Some(t5 + t_r));
    let out = sg.handle_timeout(t5 + t_r);
    assert!(out.contains(&Output::Event(SgEvent::AsState { as_index: 1, state: iua_as::State::AS_INACTIVE })));
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    assert_eq!(sg.poll_timeout(), Some(t10 + t_r));
    sg.handle_timeout(t10 + t_r);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_INACTIVE));
    assert_eq!(sg.as_state(2), Some(iua_as::State::AS_ACTIVE));
    assert_eq!(sg.poll_timeout(), None);
}

#[test]
fn recovery_timers_started_and_stopped_again_and_again_stay_bounded() {
    let mut sg: Sg<Duration> = Sg::new(config(1));
    let a = AssocId(1);
    sg.transport_up(Duration::ZERO, a);
    rx(&mut sg, a, &Message::AspUp { asp_id: None, info: None }, Duration::ZERO);
    for round in 0..1_000u64 {
        let now = Duration::from_millis(round);
        rx(&mut sg, a, &active(1), now);
        rx(&mut sg, a, &inactive(1), now);
    }
    assert!(sg.deadlines.len() <= 2 * sg.running + 16, "{} entries", sg.deadlines.len());
    assert_eq!(sg.poll_timeout(), Some(Duration::from_millis(999) + SgConfig::default().recovery_timer));
}
