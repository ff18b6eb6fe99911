//! Traffic at the SG: Override and Load-share, the queue while an AS is pending, and the
//! recovery timer T(r).

use std::time::Duration;

use super::{
    A, B, C, IID, active_ack, active_ack_echoing, active_sg, asp_active, asp_down, asp_inactive, asp_up, config, data,
    dlci, down_ack, events, indications, notify, rx, sent, sg,
};
use rfc_fsm::iua::codec::{InterfaceId, Message, Status, TrafficMode};
use rfc_fsm::iua::sg::{AssocId, Sg, SgConfig, SgEvent};
use rfc_fsm::machines::{iua_as, iua_asp};

#[test]
fn override_moves_the_traffic_to_the_new_active_asp() {
    let mut sg = active_sg(TrafficMode::Override);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    assert_eq!(indications(&sg.deliver(Duration::ZERO, IID, dlci(), data(1))), [(A, data(1))]);
    let out = rx(&mut sg, B, asp_active(Some(TrafficMode::Override)), Duration::ZERO);
    let messages = sent(&out);
    assert_eq!(messages[0], (B, active_ack_echoing(TrafficMode::Override)));
    assert!(messages.contains(&(A, notify(Status::alternate_asp_active()))), "naming the AS's interfaces");
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_INACTIVE));
    assert_eq!(sg.active_asps(0), [B]);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_ACTIVE), "the AS never stopped being active");
    assert_eq!(indications(&sg.deliver(Duration::ZERO, IID, dlci(), data(2))), [(B, data(2))]);
}

#[test]
fn loadshare_shares_the_traffic_round_robin() {
    let mut sg = active_sg(TrafficMode::Loadshare);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    rx(&mut sg, B, asp_active(Some(TrafficMode::Loadshare)), Duration::ZERO);
    assert_eq!(sg.active_asps(0), [A, B]);
    let targets: Vec<AssocId> =
        (0..6).flat_map(|n| indications(&sg.deliver(Duration::ZERO, IID, dlci(), data(n)))).map(|(a, _)| a).collect();
    assert_eq!(targets, [A, B, A, B, A, B]);
    // One leaving keeps the AS active: the other takes all.
    rx(&mut sg, A, asp_inactive(), Duration::ZERO);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_ACTIVE));
    assert_eq!(indications(&sg.deliver(Duration::ZERO, IID, dlci(), data(9))), [(B, data(9))]);
}

#[test]
fn loadshare_keeps_sharing_among_the_asps_left_when_one_in_the_middle_leaves() {
    let mut sg = active_sg(TrafficMode::Loadshare);
    for assoc in [C, B] {
        rx(&mut sg, assoc, asp_up(), Duration::ZERO);
        rx(&mut sg, assoc, asp_active(Some(TrafficMode::Loadshare)), Duration::ZERO);
    }
    assert_eq!(sg.active_asps(0), [A, B, C], "in association order, whatever the order of activation");
    let round = |sg: &mut Sg<Duration>, n: u8| -> Vec<AssocId> {
        let mut targets: Vec<AssocId> = (0..n)
            .flat_map(|n| indications(&sg.deliver(Duration::ZERO, IID, dlci(), data(n))))
            .map(|(a, _)| a)
            .collect();
        targets.sort_unstable();
        targets
    };
    assert_eq!(round(&mut sg, 6), [A, A, B, B, C, C]);
    // C leaves, from the middle of the order of activation (A, C, B).
    rx(&mut sg, C, asp_inactive(), Duration::ZERO);
    assert_eq!(sg.active_asps(0), [A, B]);
    assert_eq!(round(&mut sg, 4), [A, A, B, B]);
    rx(&mut sg, C, asp_active(Some(TrafficMode::Loadshare)), Duration::ZERO);
    rx(&mut sg, A, asp_inactive(), Duration::ZERO);
    assert_eq!(sg.active_asps(0), [B, C]);
    assert_eq!(round(&mut sg, 4), [B, B, C, C]);
}

#[test]
fn notify_goes_to_every_asp_that_is_up_after_the_ack() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    rx(&mut sg, C, asp_up(), Duration::ZERO);
    rx(&mut sg, C, asp_down(), Duration::ZERO);
    let out = rx(&mut sg, A, asp_active(None), Duration::ZERO);
    assert_eq!(sent(&out), [(A, active_ack()), (A, notify(Status::as_active())), (B, notify(Status::as_active()))]);
}

#[test]
fn traffic_queued_while_pending_is_delivered_in_order_to_the_next_active_asp() {
    let mut sg = active_sg(TrafficMode::Override);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    sg.transport_down(Duration::ZERO, A);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    for n in 0..3 {
        assert_eq!(indications(&sg.deliver(Duration::from_millis(100), IID, dlci(), data(n))), []);
    }
    assert_eq!(sg.queue_len(0), 3);
    let out = rx(&mut sg, B, asp_active(None), Duration::from_secs(1));
    assert_eq!(indications(&out), [(B, data(0)), (B, data(1)), (B, data(2))]);
    assert_eq!(sent(&out)[0], (B, active_ack()), "the ack comes first");
    assert_eq!(sg.queue_len(0), 0);
    assert_eq!(sg.poll_timeout(), None, "T(r) stopped");
    assert_eq!(sg.as_counters(0).unwrap().delivered, 3);
}

#[test]
fn a_full_queue_refuses_and_counts_and_expiry_discards_and_counts() {
    let mut sg = active_sg(TrafficMode::Override);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    rx(&mut sg, A, asp_inactive(), Duration::ZERO);
    let mut overflow = Vec::new();
    for n in 0..6 {
        overflow.extend(events(&sg.deliver(Duration::ZERO, IID, dlci(), data(n))));
    }
    assert_eq!(sg.queue_len(0), 4, "the configured limit");
    assert_eq!(
        overflow,
        [SgEvent::QueueOverflow { as_index: 0, total: 1 }, SgEvent::QueueOverflow { as_index: 0, total: 2 }]
    );
    let out = sg.handle_timeout(Duration::from_secs(2));
    assert!(events(&out).contains(&SgEvent::QueueDiscarded { as_index: 0, count: 4 }));
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_INACTIVE), "T(r) expires with ASPs inactive");
    let counters = sg.as_counters(0).unwrap();
    assert_eq!((counters.queued, counters.overflowed, counters.discarded_at_expiry), (4, 2, 4));
}

#[test]
fn data_from_an_asp_that_is_not_active_is_discarded() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    let request = Message::DataRequest { interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(1) };
    let out = rx(&mut sg, A, request.clone(), Duration::ZERO);
    assert_eq!(events(&out), [SgEvent::DataFromInactiveAspDiscarded { assoc: A }]);
    rx(&mut sg, A, asp_active(None), Duration::ZERO);
    let out = rx(&mut sg, A, request, Duration::ZERO);
    assert_eq!(
        events(&out),
        [SgEvent::DataFromAsp { assoc: A, interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(1) }]
    );
}

#[test]
fn a_recovery_timer_too_long_to_represent_never_expires_and_the_queue_waits_for_an_asp() {
    let mut sg: Sg<Duration> = Sg::new(SgConfig { recovery_timer: Duration::MAX, ..config(TrafficMode::Override) });
    sg.transport_up(Duration::ZERO, A);
    sg.transport_up(Duration::ZERO, B);
    let t = Duration::from_secs(1);
    rx(&mut sg, A, asp_up(), t);
    rx(&mut sg, B, asp_up(), t);
    rx(&mut sg, A, asp_active(None), t);
    let out = rx(&mut sg, A, asp_down(), t);
    assert_eq!(sent(&out), [(A, down_ack()), (B, notify(Status::as_pending()))]);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    assert_eq!(sg.poll_timeout(), None, "T(r) cannot expire");
    sg.deliver(t, IID, dlci(), data(1));
    assert_eq!(sent(&sg.handle_timeout(Duration::MAX)), []);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    let out = rx(&mut sg, B, asp_active(None), Duration::MAX);
    assert_eq!(indications(&out), [(B, data(1))]);
}
