//! Layer management at the ASP (RFC 4233 §4.3.3), and an ASP and an SG together.

use std::time::Duration;

use super::{
    A, B, C, IID, active_ack, active_asp, asp_inactive, asp_sent, asp_up, data, dlci, down_ack, error, events, from_sg,
    ids, inactive_ack, indications, rx, sent, sg, two_ases, up_ack,
};
use rfc_fsm::iua::asp::{self, Asp, AspConfig, AspEvent};
use rfc_fsm::iua::codec::{ErrorCode, InterfaceId, Message, Status, TrafficMode};
use rfc_fsm::iua::sg::{AssocId, Output, Sg, SgEvent};
use rfc_fsm::machines::{iua_as, iua_asp};

// --- The ASP side -------------------------------------------------------------------------------

#[test]
fn tack_retransmits_until_the_ack_and_stops_when_the_transport_goes_down() {
    let mut asp = Asp::new(AspConfig::default());
    asp.transport_up(Duration::ZERO);
    assert_eq!(asp_sent(&asp.request_up(Duration::ZERO)), [asp_up()]);
    assert_eq!(asp.poll_timeout(), Some(Duration::from_secs(2)), "T(ack) defaults to 2 s");
    assert_eq!(asp_sent(&asp.handle_timeout(Duration::from_secs(1))), [], "not yet");
    assert_eq!(asp_sent(&asp.handle_timeout(Duration::from_secs(2))), [asp_up()]);
    assert_eq!(asp_sent(&asp.handle_timeout(Duration::from_secs(4))), [asp_up()]);
    assert_eq!(asp.requests_sent(), 3);
    asp.transport_down(Duration::from_secs(5));
    assert_eq!(asp.poll_timeout(), None, "T(ack) stopped");
    assert_eq!(asp_sent(&asp.handle_timeout(Duration::from_secs(6))), []);
    assert_eq!(asp.state(), asp::State::NO_ASSOCIATION);
}

#[test]
fn a_tack_too_long_to_represent_sends_each_request_once() {
    let mut asp = Asp::new(AspConfig { tack: Duration::MAX, ..AspConfig::default() });
    asp.transport_up(Duration::ZERO);
    assert_eq!(asp_sent(&asp.request_up(Duration::from_secs(1))), [asp_up()]);
    assert_eq!(asp.state(), asp::State::UP_PENDING);
    assert_eq!(asp.poll_timeout(), None, "T(ack) cannot expire: no retransmission");
    assert_eq!(asp_sent(&asp.handle_timeout(Duration::MAX)), []);
    from_sg(&mut asp, up_ack(), Duration::from_secs(2));
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
}

#[test]
fn the_asp_sends_nothing_before_the_up_ack_and_no_data_before_the_active_ack() {
    let mut asp = Asp::new(AspConfig { traffic_mode: Some(TrafficMode::Override), ..AspConfig::default() });
    asp.transport_up(Duration::ZERO);
    assert_eq!(asp_sent(&asp.request_active(Duration::ZERO)), [asp_up()], "ASP Up first");
    let refused = asp.send_data(Duration::ZERO, InterfaceId::Integer(IID), dlci(), data(1));
    assert_eq!(asp_sent(&refused), []);
    assert!(refused.contains(&asp::Output::Event(AspEvent::DataRefused)));
    let out = from_sg(&mut asp, up_ack(), Duration::ZERO);
    assert_eq!(
        asp_sent(&out),
        [Message::AspActive { traffic_mode: Some(TrafficMode::Override), interface_ids: None, info: None }]
    );
    assert!(asp_sent(&asp.send_data(Duration::ZERO, InterfaceId::Integer(IID), dlci(), data(2))).is_empty());
    from_sg(&mut asp, active_ack(), Duration::ZERO);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    assert_eq!(asp.poll_timeout(), None);
    let out = asp.send_data(Duration::ZERO, InterfaceId::Integer(IID), dlci(), data(3));
    assert_eq!(
        asp_sent(&out),
        [Message::DataRequest { interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(3) }]
    );
}

#[test]
fn an_unsolicited_asp_down_ack_brings_the_asp_back_up_and_active() {
    let mut asp = active_asp();
    let out = from_sg(&mut asp, down_ack(), Duration::ZERO);
    assert_eq!(asp_sent(&out), [asp_up()]);
    let out = from_sg(&mut asp, up_ack(), Duration::ZERO);
    assert_eq!(asp_sent(&out), [Message::AspActive { traffic_mode: None, interface_ids: None, info: None }]);
}

#[test]
fn an_unsolicited_asp_inactive_ack_asks_to_be_active_again() {
    let mut asp = active_asp();
    let out = from_sg(&mut asp, inactive_ack(), Duration::ZERO);
    assert_eq!(asp_sent(&out), [Message::AspActive { traffic_mode: None, interface_ids: None, info: None }]);
}

#[test]
fn notify_alternate_asp_active_leaves_the_asp_inactive() {
    let mut asp = active_asp();
    let out = from_sg(
        &mut asp,
        Message::Notify { status: Status::alternate_asp_active(), asp_id: None, interface_ids: None, info: None },
        Duration::ZERO,
    );
    assert_eq!(asp_sent(&out), []);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
}

#[test]
fn an_asp_and_an_sg_reach_active_together() {
    let mut sg = sg(TrafficMode::Override);
    let mut asp = Asp::new(AspConfig { traffic_mode: Some(TrafficMode::Override), ..AspConfig::default() });
    asp.transport_up(Duration::ZERO);
    sg.transport_up(Duration::ZERO, A);
    let mut to_sg: Vec<Message> = asp_sent(&asp.request_active(Duration::ZERO));
    for _ in 0..10 {
        let mut to_asp = Vec::new();
        for m in to_sg.drain(..) {
            to_asp.extend(sent(&rx(&mut sg, A, m, Duration::ZERO)).into_iter().map(|(_, m)| m));
        }
        for m in to_asp {
            to_sg.extend(asp_sent(&from_sg(&mut asp, m, Duration::ZERO)));
        }
    }
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_ACTIVE));
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_ACTIVE));
}

/// ASPs of `two_ases`, each on its association.
type Asps = Vec<(AssocId, Asp<Duration>)>;

/// Carries messages between the SG and the ASPs, starting with `to_sg`, until both sides are
/// quiet; returns what the SG sent, in order.
fn settle(sg: &mut Sg<Duration>, asps: &mut Asps, mut to_sg: Vec<(AssocId, Message)>) -> Vec<(AssocId, Message)> {
    let mut from_the_sg = Vec::new();
    for _ in 0..50 {
        let mut to_asps = Vec::new();
        for (assoc, m) in to_sg.drain(..) {
            to_asps.extend(sent(&rx(sg, assoc, m, Duration::ZERO)));
        }
        if to_asps.is_empty() {
            break;
        }
        for (assoc, m) in to_asps {
            from_the_sg.push((assoc, m.clone()));
            if let Some((_, asp)) = asps.iter_mut().find(|(a, _)| *a == assoc) {
                to_sg.extend(asp_sent(&from_sg(asp, m, Duration::ZERO)).into_iter().map(|m| (assoc, m)));
            }
        }
    }
    from_the_sg
}

/// What an ASP sends for a request, addressed from its association.
fn requests(assoc: AssocId, out: &[asp::Output]) -> Vec<(AssocId, Message)> {
    asp_sent(out).into_iter().map(|m| (assoc, m)).collect()
}

fn asp_state(asps: &Asps, assoc: AssocId) -> asp::State {
    asps.iter().find(|(a, _)| *a == assoc).map(|(_, asp)| asp.state()).unwrap()
}

fn asp_mut(asps: &mut Asps, assoc: AssocId) -> &mut Asp<Duration> {
    asps.iter_mut().find(|(a, _)| *a == assoc).map(|(_, asp)| asp).unwrap()
}

/// Three ASPs, their associations up at both ends: `A` with the default configuration (no
/// Interface Identifiers: all ASes), active in both ASes of `two_ases`; `B` for AS 0 and `C` for
/// AS 1, both down.
fn a_active_in_both() -> (Sg<Duration>, Asps) {
    let mut sg = two_ases();
    let mut asps: Asps = vec![
        (A, Asp::new(AspConfig::default())),
        (B, Asp::new(AspConfig { interface_ids: ids(&[10]), ..AspConfig::default() })),
        (C, Asp::new(AspConfig { interface_ids: ids(&[20]), ..AspConfig::default() })),
    ];
    for (_, asp) in &mut asps {
        asp.transport_up(Duration::ZERO);
    }
    let start = requests(A, &asp_mut(&mut asps, A).request_active(Duration::ZERO));
    let answers = settle(&mut sg, &mut asps, start);
    assert!(
        answers.contains(&(A, Message::AspActiveAck { traffic_mode: None, interface_ids: ids(&[10, 20]), info: None }))
    );
    assert_eq!(asp_state(&asps, A), asp::State::ASP_ACTIVE);
    assert_eq!(asp_mut(&mut asps, A).active_interface_ids(), Some(&[10, 20].into()));
    assert_eq!((sg.active_asps(0), sg.active_asps(1)), (vec![A], vec![A]));
    (sg, asps)
}

#[test]
fn a_takeover_of_one_as_leaves_an_asp_active_in_the_others_at_both_ends() {
    let (mut sg, mut asps) = a_active_in_both();
    // B takes AS 0 over: A is told which AS it lost.
    let start = requests(B, &asp_mut(&mut asps, B).request_active(Duration::ZERO));
    let answers = settle(&mut sg, &mut asps, start);
    let alternate =
        Message::Notify { status: Status::alternate_asp_active(), asp_id: None, interface_ids: ids(&[10]), info: None };
    assert!(answers.contains(&(A, alternate)), "{answers:?}");
    assert_eq!(asp_state(&asps, A), asp::State::ASP_ACTIVE, "still active for AS 1");
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_ACTIVE));
    assert_eq!(asp_mut(&mut asps, A).active_interface_ids(), Some(&[20].into()));
    assert_eq!((sg.active_asps(0), sg.active_asps(1)), (vec![B], vec![A]));
    assert_eq!(indications(&sg.deliver(Duration::ZERO, 20, dlci(), data(1))), [(A, data(1))]);
    assert_eq!(indications(&sg.deliver(Duration::ZERO, 10, dlci(), data(2))), [(B, data(2))]);
    // A refuses data for the AS it lost, and sends data for the other, which the SG forwards.
    let a = asp_mut(&mut asps, A);
    let refused = a.send_data(Duration::ZERO, InterfaceId::Integer(10), dlci(), data(3));
    assert_eq!(refused, [asp::Output::Event(AspEvent::DataRefused)]);
    let request = asp_sent(&a.send_data(Duration::ZERO, InterfaceId::Integer(20), dlci(), data(4)));
    let out = rx(&mut sg, A, request[0].clone(), Duration::ZERO);
    assert_eq!(
        events(&out),
        [SgEvent::DataFromAsp { assoc: A, interface_id: InterfaceId::Integer(20), dlci: dlci(), data: data(4) }]
    );
    // C takes AS 1 over: A has nothing left, and is inactive at both ends.
    let start = requests(C, &asp_mut(&mut asps, C).request_active(Duration::ZERO));
    settle(&mut sg, &mut asps, start);
    assert_eq!(asp_state(&asps, C), asp::State::ASP_ACTIVE);
    assert_eq!(asp_state(&asps, A), asp::State::ASP_INACTIVE);
    assert_eq!(sg.asp_state(A), Some(iua_asp::State::ASP_INACTIVE));
    assert_eq!(asp_mut(&mut asps, A).active_interface_ids(), None);
}

#[test]
fn an_asp_that_lost_one_as_asks_back_only_for_the_others() {
    let (mut sg, mut asps) = a_active_in_both();
    let start = requests(B, &asp_mut(&mut asps, B).request_active(Duration::ZERO));
    settle(&mut sg, &mut asps, start);
    assert_eq!((sg.active_asps(0), sg.active_asps(1)), (vec![B], vec![A]));
    // An ASP Inactive Ack A did not ask for: it returns to ASP-ACTIVE for AS 1 only (§4.3.3.5).
    let out = from_sg(asp_mut(&mut asps, A), inactive_ack(), Duration::ZERO);
    assert_eq!(asp_sent(&out), [Message::AspActive { traffic_mode: None, interface_ids: ids(&[20]), info: None }]);
    // An explicit M-ASP_ACTIVE after going inactive asks for everything configured again.
    let a = asp_mut(&mut asps, A);
    from_sg(a, active_ack(), Duration::ZERO);
    a.request_inactive(Duration::ZERO);
    from_sg(a, inactive_ack(), Duration::ZERO);
    assert_eq!(a.state(), asp::State::ASP_INACTIVE);
    assert_eq!(
        asp_sent(&a.request_active(Duration::ZERO)),
        [Message::AspActive { traffic_mode: None, interface_ids: None, info: None }]
    );
}

#[test]
fn an_asp_that_cannot_tell_which_ases_remain_withdraws_from_all() {
    // An SG whose ASP Active Ack names no Interface Identifier, and an ASP configured with none.
    let mut asp = Asp::new(AspConfig::default());
    asp.transport_up(Duration::ZERO);
    asp.request_active(Duration::ZERO);
    from_sg(&mut asp, up_ack(), Duration::ZERO);
    from_sg(&mut asp, Message::AspActiveAck { traffic_mode: None, interface_ids: None, info: None }, Duration::ZERO);
    assert_eq!((asp.state(), asp.active_interface_ids()), (asp::State::ASP_ACTIVE, None));
    let alternate = Message::Notify {
        status: Status::alternate_asp_active(),
        asp_id: Some(2),
        interface_ids: ids(&[10]),
        info: None,
    };
    let out = from_sg(&mut asp, alternate, Duration::ZERO);
    assert!(out.contains(&asp::Output::Event(AspEvent::Notify {
        status: Status::alternate_asp_active(),
        asp_id: Some(2),
        interface_ids: ids(&[10])
    })));
    assert_eq!(asp_sent(&out), [asp_inactive()], "so that the SG agrees it is inactive everywhere");
    assert_eq!(asp.state(), asp::State::INACTIVE_PENDING);
    from_sg(&mut asp, inactive_ack(), Duration::ZERO);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    // Configured with integers, the ASP knows without the Ack's help.
    let mut asp = Asp::new(AspConfig { interface_ids: ids(&[10, 20]), ..AspConfig::default() });
    asp.transport_up(Duration::ZERO);
    asp.request_active(Duration::ZERO);
    from_sg(&mut asp, up_ack(), Duration::ZERO);
    from_sg(&mut asp, Message::AspActiveAck { traffic_mode: None, interface_ids: None, info: None }, Duration::ZERO);
    let alternate =
        Message::Notify { status: Status::alternate_asp_active(), asp_id: None, interface_ids: ids(&[10]), info: None };
    assert_eq!(asp_sent(&from_sg(&mut asp, alternate, Duration::ZERO)), []);
    assert_eq!((asp.state(), asp.active_interface_ids()), (asp::State::ASP_ACTIVE, Some(&[20].into())));
}

#[test]
fn a_retransmitted_asp_active_crossing_a_takeover_leaves_both_ends_in_agreement() {
    let mut sg = two_ases();
    let mut a = Asp::new(AspConfig { interface_ids: ids(&[10]), ..AspConfig::default() });
    let mut b = Asp::new(AspConfig { interface_ids: ids(&[10]), ..AspConfig::default() });
    let t = Duration::from_secs(2);
    let (mut to_a, mut to_b): (Vec<Message>, Vec<Message>) = (Vec::new(), Vec::new());
    let post = |out: Vec<Output>, to_a: &mut Vec<Message>, to_b: &mut Vec<Message>| {
        for (assoc, m) in sent(&out) {
            if assoc == A {
                to_a.push(m)
            } else if assoc == B {
                to_b.push(m)
            }
        }
    };
    for asp in [&mut a, &mut b] {
        asp.transport_up(Duration::ZERO);
        asp.request_up(Duration::ZERO);
        from_sg(asp, up_ack(), Duration::ZERO);
    }
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    rx(&mut sg, B, asp_up(), Duration::ZERO);
    // A asks to be active; no answer within T(ack), so it asks again.
    let first = asp_sent(&a.request_active(Duration::ZERO));
    let again = asp_sent(&a.handle_timeout(t));
    assert_eq!(first, again);
    // The SG takes A's first ASP Active, then B's (a takeover), then A's second: A is active
    // again, and B told Alternate ASP Active.
    post(rx(&mut sg, A, first[0].clone(), t), &mut to_a, &mut to_b);
    let b_active = asp_sent(&b.request_active(t));
    post(rx(&mut sg, B, b_active[0].clone(), t), &mut to_a, &mut to_b);
    post(rx(&mut sg, A, again[0].clone(), t), &mut to_a, &mut to_b);
    assert_eq!(sg.active_asps(0), [A]);
    // A reads Ack, Notify (Alternate ASP Active), Ack: the second Ack is the SG's last word,
    // which A takes. B reads Ack, then Notify (Alternate ASP Active).
    let mut replies: Vec<(AssocId, Message)> = Vec::new();
    for m in to_a.drain(..) {
        let out = from_sg(&mut a, m, t);
        replies.extend(requests(A, &out));
    }
    for m in to_b.drain(..) {
        replies.extend(requests(B, &from_sg(&mut b, m, t)));
    }
    assert_eq!(replies, [], "nothing left to ask");
    assert_eq!((a.state(), b.state()), (asp::State::ASP_ACTIVE, asp::State::ASP_INACTIVE));
    assert_eq!(
        (sg.asp_state(A), sg.asp_state(B)),
        (Some(iua_asp::State::ASP_ACTIVE), Some(iua_asp::State::ASP_INACTIVE))
    );
    // The traffic goes to the ASP that thinks itself active, and that ASP may answer it.
    assert_eq!(indications(&sg.deliver(t, 10, dlci(), data(1))), [(A, data(1))]);
    let request = asp_sent(&a.send_data(t, InterfaceId::Integer(10), dlci(), data(2)));
    assert_eq!(request.len(), 1);
    assert!(matches!(events(&rx(&mut sg, A, request[0].clone(), t))[..], [SgEvent::DataFromAsp { .. }]));
}

#[test]
fn an_active_request_while_waiting_for_the_inactive_ack_is_carried_out_after_it() {
    let mut asp = active_asp();
    asp.request_inactive(Duration::ZERO);
    assert_eq!(asp.state(), asp::State::INACTIVE_PENDING);
    assert_eq!(asp_sent(&asp.request_active(Duration::ZERO)), [], "kept for after the ASP Inactive Ack");
    let out = from_sg(&mut asp, inactive_ack(), Duration::ZERO);
    assert_eq!(asp_sent(&out), [Message::AspActive { traffic_mode: None, interface_ids: None, info: None }]);
    assert_eq!(asp.state(), asp::State::ACTIVE_PENDING);
    from_sg(&mut asp, active_ack(), Duration::ZERO);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    // An inactive request after it cancels it, and leaves no stale wish behind: an ASP Down
    // Ack it did not ask for brings the ASP back to ASP-INACTIVE, not further.
    asp.request_inactive(Duration::ZERO);
    asp.request_active(Duration::ZERO);
    asp.request_inactive(Duration::ZERO);
    assert_eq!(asp_sent(&from_sg(&mut asp, inactive_ack(), Duration::ZERO)), []);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    assert_eq!(asp_sent(&from_sg(&mut asp, down_ack(), Duration::ZERO)), [asp_up()]);
    assert_eq!(asp_sent(&from_sg(&mut asp, up_ack(), Duration::ZERO)), []);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
}

#[test]
fn data_indications_are_passed_up_only_while_the_sg_may_route_traffic_to_the_asp() {
    let indication = Message::DataIndication { interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(5) };
    let passed =
        [asp::Output::Event(AspEvent::Data { interface_id: InterfaceId::Integer(IID), dlci: dlci(), data: data(5) })];
    let dropped = asp::Output::Event(AspEvent::DataDropped { interface_id: InterfaceId::Integer(IID) });
    let unexpected = asp::Output::Send { stream: 0, message: error(ErrorCode::UnexpectedMessage) };
    // No association: dropped, nobody to tell.
    let mut asp = Asp::new(AspConfig::default());
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), std::slice::from_ref(&dropped));
    // ASP-DOWN, waiting for ASP Up Ack, ASP-INACTIVE: dropped, and reported to the SG.
    asp.transport_up(Duration::ZERO);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), [dropped.clone(), unexpected.clone()]);
    asp.request_up(Duration::ZERO);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), [dropped.clone(), unexpected.clone()]);
    from_sg(&mut asp, up_ack(), Duration::ZERO);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), [dropped.clone(), unexpected.clone()]);
    // Waiting for ASP Active Ack (data may overtake it), active, waiting for ASP Inactive Ack.
    asp.request_active(Duration::ZERO);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), passed);
    from_sg(&mut asp, active_ack(), Duration::ZERO);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), passed);
    asp.request_inactive(Duration::ZERO);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), passed);
    // Asked to go down from there: the SG routes traffic until it takes the ASP Down, and what
    // comes before the ASP Down Ack is passed up (found by `fsm verify` on
    // specs/systems/iua_restart.fsys).
    asp.request_down(Duration::ZERO);
    assert_eq!(asp.state(), asp::State::DOWN_PENDING);
    assert_eq!(from_sg(&mut asp, indication.clone(), Duration::ZERO), passed);
    from_sg(&mut asp, down_ack(), Duration::ZERO);
    // Asked to go down from ASP-INACTIVE, where the SG routes nothing: dropped and reported.
    asp.request_up(Duration::ZERO);
    from_sg(&mut asp, up_ack(), Duration::ZERO);
    asp.request_down(Duration::ZERO);
    assert_eq!(asp.state(), asp::State::DOWN_PENDING);
    assert_eq!(from_sg(&mut asp, indication, Duration::ZERO), [dropped, unexpected]);
}
