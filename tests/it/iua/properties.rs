//! Properties over random message sequences from several ASPs, and the cases they found.

use std::time::Duration;

use super::{
    A, B, C, IID, active_ack, active_ack_echoing, active_sg, asp_active, asp_down, asp_sent, asp_up, data, dlci,
    down_ack, from_sg, ids, inactive_ack, indications, notify, rx, sent, sg, two_ases, up_ack,
};
use proptest::prelude::*;
use rfc_fsm::iua::asp::{self, Asp, AspConfig, AspEvent};
use rfc_fsm::iua::codec::{Dlci, InterfaceId, InterfaceIds, Message, Status, TrafficMode};
use rfc_fsm::iua::sg::{AsConfig, AssocId, Output, Sg, SgConfig};
use rfc_fsm::machines::{iua_as, iua_asp};

// --- Properties ---------------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Input {
    Message(AssocId, Message),
    Garbage(AssocId, Vec<u8>),
    Up(AssocId),
    Down(AssocId),
    Restart(AssocId),
    Deliver,
    Wait(u32),
}

fn message() -> impl Strategy<Value = Message> {
    let ids = prop_oneof![
        Just(None),
        Just(Some(InterfaceIds::Integers(vec![IID]))),
        Just(Some(InterfaceIds::Integers(vec![99]))),
    ];
    let mode = prop_oneof![Just(None), Just(Some(TrafficMode::Override)), Just(Some(TrafficMode::Loadshare))];
    prop_oneof![
        4 => Just(asp_up()),
        2 => Just(asp_down()),
        4 => (mode, ids.clone()).prop_map(|(traffic_mode, interface_ids)| Message::AspActive { traffic_mode, interface_ids, info: None }),
        3 => ids.prop_map(|interface_ids| Message::AspInactive { interface_ids, info: None }),
        1 => Just(Message::Heartbeat { data: Some(vec![9, 9]) }),
        1 => Just(Message::DataRequest { interface_id: InterfaceId::Integer(IID), dlci: Dlci { sapi: 0, tei: 1 }, data: vec![1] }),
        1 => Just(up_ack()),
    ]
}

fn input() -> impl Strategy<Value = Input> {
    let assoc = prop_oneof![Just(A), Just(B), Just(C)];
    prop_oneof![
        10 => (assoc.clone(), message()).prop_map(|(a, m)| Input::Message(a, m)),
        1 => (assoc.clone(), proptest::collection::vec(any::<u8>(), 0..24)).prop_map(|(a, b)| Input::Garbage(a, b)),
        1 => assoc.clone().prop_map(Input::Up),
        1 => assoc.clone().prop_map(Input::Down),
        1 => assoc.prop_map(Input::Restart),
        5 => Just(Input::Deliver),
        2 => (0u32..3000).prop_map(Input::Wait),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random messages from three ASPs never panic; the AS is active exactly when an ASP is
    /// active in it; AS-PENDING is only entered from AS-ACTIVE; and the traffic delivered to
    /// the ASPs arrives once each, in the order the ISDN side sent it.
    #[test]
    fn random_sequences_keep_the_as_consistent(inputs in proptest::collection::vec(input(), 0..150), loadshare in any::<bool>()) {
        let mode = if loadshare { TrafficMode::Loadshare } else { TrafficMode::Override };
        let mut sg = sg(mode);
        let mut now = Duration::ZERO;
        let mut sent_data = 0u8;
        let mut received: Vec<u8> = Vec::new();
        let mut previous = sg.as_state(0).unwrap();
        for input in inputs {
            let out = match input {
                Input::Message(assoc, m) => rx(&mut sg, assoc, m, now),
                Input::Garbage(assoc, bytes) => sg.receive(now, assoc, &bytes),
                Input::Up(assoc) => {
                    sg.transport_up(now, assoc);
                    Vec::new()
                }
                Input::Down(assoc) => sg.transport_down(now, assoc),
                Input::Restart(assoc) => sg.transport_restart(now, assoc),
                Input::Deliver => {
                    sent_data = sent_data.wrapping_add(1);
                    sg.deliver(now, IID, dlci(), vec![sent_data]).into()
                }
                Input::Wait(ms) => {
                    now += Duration::from_millis(u64::from(ms));
                    sg.handle_timeout(now)
                }
            };
            received.extend(indications(&out).into_iter().map(|(_, d)| d[0]));
            let state = sg.as_state(0).unwrap();
            let any_active = !sg.active_asps(0).is_empty();
            prop_assert_eq!(state == iua_as::State::AS_ACTIVE, any_active, "AS {:?} with active ASPs {:?}", state, sg.active_asps(0));
            if state == iua_as::State::AS_PENDING && previous != iua_as::State::AS_PENDING {
                prop_assert_eq!(previous, iua_as::State::AS_ACTIVE);
            }
            for assoc in sg.active_asps(0) {
                prop_assert_eq!(sg.asp_state(assoc), Some(iua_asp::State::ASP_ACTIVE));
            }
            previous = state;
        }
        // Each delivered message once, in the order sent (values wrap at 256; runs are short).
        let mut sorted = received.clone();
        sorted.dedup();
        prop_assert_eq!(&sorted, &received, "a message delivered twice");
        prop_assert!(received.windows(2).all(|w| w[0] < w[1]), "out of order: {:?}", received);
    }
}

/// What happens next in an exchange between three of our ASPs and our SG.
#[derive(Clone, Debug)]
enum Step {
    /// Layer management asks an ASP for a state: 0 up, 1 active, 2 inactive, 3 down.
    Request(usize, u8),
    /// An ASP's T(ack) expires: it sends its request again.
    Retransmit(usize),
    /// The oldest message from an ASP reaches the SG.
    ToSg(usize),
    /// The oldest message from the SG reaches an ASP.
    ToAsp(usize),
    /// Traffic from the ISDN side for an interface.
    Traffic(u32),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0usize..3, 0u8..4).prop_map(|(k, r)| Step::Request(k, r)),
        2 => (0usize..3).prop_map(Step::Retransmit),
        5 => (0usize..3).prop_map(Step::ToSg),
        5 => (0usize..3).prop_map(Step::ToAsp),
        1 => prop_oneof![Just(10u32), Just(20u32)].prop_map(Step::Traffic),
    ]
}

/// Runs `steps` between three ASPs (one for all ASes, one per AS) and the SG of `two_ases`,
/// then lets every message arrive, and says where an ASP and the SG disagree; returns the ASPs'
/// states. With `trace`, every message is printed as it arrives.
fn exchange(steps: &[Step], loadshare: bool, trace: bool) -> Result<[asp::State; 3], String> {
    let mut sg = two_ases();
    if loadshare {
        sg = Sg::new(SgConfig {
            application_servers: vec![
                AsConfig { name: "AS 0".into(), interface_ids: vec![10], traffic_mode: TrafficMode::Loadshare },
                AsConfig { name: "AS 1".into(), interface_ids: vec![20], traffic_mode: TrafficMode::Override },
            ],
            ..SgConfig::default()
        });
    }
    let assocs = [A, B, C];
    let mut asps = [
        Asp::new(AspConfig::default()),
        Asp::new(AspConfig { interface_ids: ids(&[10]), ..AspConfig::default() }),
        Asp::new(AspConfig { interface_ids: ids(&[20]), ..AspConfig::default() }),
    ];
    let mut to_sg: [std::collections::VecDeque<Message>; 3] = Default::default();
    let mut to_asp: [std::collections::VecDeque<Message>; 3] = Default::default();
    let mut now = Duration::ZERO;
    for (k, asp) in asps.iter_mut().enumerate() {
        sg.transport_up(now, assocs[k]);
        asp.transport_up(now);
    }
    let index = |assoc: AssocId| assocs.iter().position(|&a| a == assoc);
    let route = |out: Vec<Output>, to_asp: &mut [std::collections::VecDeque<Message>; 3]| {
        for (assoc, m) in sent(&out) {
            if let Some(k) = index(assoc) {
                to_asp[k].push_back(m);
            }
        }
    };
    let mut run = |step: &Step,
                   asps: &mut [Asp<Duration>; 3],
                   sg: &mut Sg<Duration>,
                   to_sg: &mut [std::collections::VecDeque<Message>; 3],
                   to_asp: &mut [std::collections::VecDeque<Message>; 3]| {
        match *step {
            Step::Request(k, r) => {
                let out = match r {
                    0 => asps[k].request_up(now),
                    1 => asps[k].request_active(now),
                    2 => asps[k].request_inactive(now),
                    _ => asps[k].request_down(now),
                };
                to_sg[k].extend(asp_sent(&out));
            }
            Step::Retransmit(k) => {
                if let Some(at) = asps[k].poll_timeout() {
                    now = now.max(at);
                    to_sg[k].extend(asp_sent(&asps[k].handle_timeout(now)));
                }
            }
            Step::ToSg(k) => {
                if let Some(m) = to_sg[k].pop_front() {
                    if trace {
                        println!("ASP {k} -> SG: {m:?}");
                    }
                    route(rx(sg, assocs[k], m, now), to_asp);
                    if trace {
                        println!("    SG has ASP {k} {:?}", sg.asp_state(assocs[k]));
                    }
                }
            }
            Step::ToAsp(k) => {
                if let Some(m) = to_asp[k].pop_front() {
                    if trace {
                        println!("SG -> ASP {k}: {m:?}");
                    }
                    to_sg[k].extend(asp_sent(&from_sg(&mut asps[k], m, now)));
                    if trace {
                        println!("    ASP {k} is {:?}", asps[k].state());
                    }
                }
            }
            Step::Traffic(iid) => route(sg.deliver(now, iid, dlci(), data(1)).into(), to_asp),
        }
        if trace && matches!(step, Step::Request(..) | Step::Retransmit(_)) {
            println!("{step:?}: ASPs {:?}", asps.iter().map(Asp::state).collect::<Vec<_>>());
        }
    };
    for s in steps {
        run(s, &mut asps, &mut sg, &mut to_sg, &mut to_asp);
    }
    // Every message arrives; no timer fires meanwhile.
    for _ in 0..1000 {
        if to_sg.iter().chain(to_asp.iter()).all(std::collections::VecDeque::is_empty) {
            break;
        }
        for k in 0..3 {
            run(&Step::ToSg(k), &mut asps, &mut sg, &mut to_sg, &mut to_asp);
            run(&Step::ToAsp(k), &mut asps, &mut sg, &mut to_sg, &mut to_asp);
        }
    }
    if !to_sg.iter().chain(to_asp.iter()).all(std::collections::VecDeque::is_empty) {
        return Err("the exchange never ends".into());
    }
    for (k, asp) in asps.iter().enumerate() {
        let assoc = assocs[k];
        let sg_active = sg.asp_state(assoc) == Some(iua_asp::State::ASP_ACTIVE);
        if (asp.state() == asp::State::ASP_ACTIVE) != sg_active {
            return Err(format!("{assoc:?}: ASP {:?}, SG {:?}", asp.state(), sg.asp_state(assoc)));
        }
        if let Some(active) = asp.active_interface_ids() {
            for (i, iid) in [(0, 10), (1, 20)] {
                if active.contains(&iid) != sg.active_asps(i).contains(&assoc) {
                    return Err(format!("{assoc:?} for interface {iid}: ASP {active:?}, SG {:?}", sg.active_asps(i)));
                }
            }
        }
    }
    Ok(asps.each_ref().map(Asp::state))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Three ASPs (one for all ASes, one per AS) and the SG of `two_ases`, with requests,
    /// retransmissions and deliveries in any order (each direction of each association keeping
    /// its order, as SCTP stream 0 does): once every message has arrived, each ASP and the SG
    /// agree whether it is active, and for which ASes when the ASP knows its interfaces.
    #[test]
    fn asps_and_the_sg_agree_once_the_messages_have_arrived(
        steps in proptest::collection::vec(step(), 0..120),
        loadshare in any::<bool>(),
    ) {
        if let Err(e) = exchange(&steps, loadshare, false) {
            return Err(TestCaseError::fail(e));
        }
    }
}

/// Over-ride. An ASP Down Ack left over from an earlier ASP Down crosses an ASP Active of ASP 0
/// and makes it send ASP Up again, which reaches the SG after the ASP Active: the SG answers it
/// with ASP Up Ack and Error (Unexpected Message) and has the ASP inactive again (RFC 4233
/// §4.3.3.1). The ASP, active by then, takes the ASP Up Ack as the SG's last word and asks to be
/// active again, so both ends agree (it once stayed ASP-ACTIVE while the SG had it inactive).
/// Layer management's last request was M-ASP_INACTIVE: that is where the ASP ends.
#[test]
fn an_asp_up_ack_after_the_asp_active_ack_makes_the_asp_ask_again() {
    use Step::{Request, Retransmit, ToAsp, ToSg};
    let steps = [
        Request(0, 0),
        ToSg(0),
        Request(2, 0),
        Request(0, 3),
        Retransmit(0),
        ToSg(0),
        ToAsp(0),
        ToAsp(0),
        ToAsp(0),
        ToSg(2),
        ToAsp(0),
        ToSg(0),
        Request(0, 0),
        Request(0, 3),
        ToSg(0),
        ToAsp(0),
        ToSg(0),
        Request(0, 1),
        ToAsp(0),
        ToAsp(0),
        Request(0, 2),
    ];
    let states = exchange(&steps, false, false).unwrap();
    assert_eq!(states[0], asp::State::ASP_INACTIVE);
}

/// The same in isolation: an ASP Up Ack reaching an active ASP moves it to ASP-INACTIVE and
/// makes it send ASP Active again (RFC 4233 §4.3.3.1, §4.3.3.5); in the other states it changes
/// nothing.
#[test]
fn an_asp_up_ack_while_active_means_inactive_at_the_sg() {
    let t = Duration::ZERO;
    let mut asp = Asp::new(AspConfig { interface_ids: ids(&[IID]), ..AspConfig::default() });
    asp.transport_up(t);
    asp.request_active(t);
    from_sg(&mut asp, up_ack(), t);
    from_sg(&mut asp, active_ack(), t);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    let out = from_sg(&mut asp, up_ack(), t);
    assert_eq!(asp.state(), asp::State::ACTIVE_PENDING);
    assert_eq!(asp_sent(&out), [Message::AspActive { traffic_mode: None, interface_ids: ids(&[IID]), info: None }]);
    assert!(out.contains(&asp::Output::Event(AspEvent::State(asp::State::ACTIVE_PENDING))));
    assert_eq!(asp.active_interface_ids(), None);
    // Waiting for the ASP Active Ack, an ASP Up Ack answers an ASP Up sent before the ASP Active.
    assert!(asp_sent(&from_sg(&mut asp, up_ack(), t)).is_empty());
    assert_eq!(asp.state(), asp::State::ACTIVE_PENDING);
    from_sg(&mut asp, active_ack(), t);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    assert_eq!(asp.active_interface_ids(), Some(&[IID].into_iter().collect()));
}

#[test]
fn the_asp_active_ack_echoes_the_traffic_mode_of_the_asp_active() {
    for mode in [TrafficMode::Override, TrafficMode::Loadshare] {
        let mut sg = sg(mode);
        rx(&mut sg, A, asp_up(), Duration::ZERO);
        let out = rx(&mut sg, A, asp_active(Some(mode)), Duration::ZERO);
        assert_eq!(sent(&out)[0], (A, active_ack_echoing(mode)));
        // A repeated ASP Active without a mode gets an Ack without one.
        let out = rx(&mut sg, A, asp_active(None), Duration::ZERO);
        assert_eq!(sent(&out), [(A, active_ack())]);
    }
}

#[test]
fn an_asp_that_comes_up_in_an_active_as_is_told_after_its_ack() {
    let mut sg = active_sg(TrafficMode::Loadshare);
    let out = rx(&mut sg, B, asp_up(), Duration::ZERO);
    assert_eq!(sent(&out), [(B, up_ack()), (B, notify(Status::as_active()))], "to B alone");
    // A repeated ASP Up from an ASP already up changes no state: no Notify.
    let out = rx(&mut sg, B, asp_up(), Duration::ZERO);
    assert_eq!(sent(&out), [(B, up_ack())]);
}

#[test]
fn an_asp_that_comes_up_in_an_inactive_as_gets_its_ack_only() {
    let mut sg = sg(TrafficMode::Override);
    rx(&mut sg, A, asp_up(), Duration::ZERO);
    let out = rx(&mut sg, B, asp_up(), Duration::ZERO);
    assert_eq!(sent(&out), [(B, up_ack())]);
}

#[test]
fn an_asp_that_reconnects_while_tr_runs_learns_the_as_is_pending_and_gets_the_queue() {
    let mut sg = active_sg(TrafficMode::Override);
    let t = Duration::from_millis(100);
    sg.transport_down(t, A);
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
    sg.deliver(t, IID, dlci(), data(1));
    sg.deliver(t, IID, dlci(), data(2));
    sg.transport_up(t, A);
    let out = rx(&mut sg, A, asp_up(), t);
    assert_eq!(sent(&out), [(A, up_ack()), (A, notify(Status::as_pending()))]);
    let out = rx(&mut sg, A, asp_active(Some(TrafficMode::Override)), t);
    assert_eq!(indications(&out), [(A, data(1)), (A, data(2))], "the queue, in order");
    assert_eq!(sg.as_state(0), Some(iua_as::State::AS_ACTIVE));
    assert_eq!(sg.poll_timeout(), None);
}

#[test]
fn an_asp_up_visits_only_the_ases_it_moves() {
    // 500 ASes, all active through A: B's ASP Up is told each AS's state, and nothing else; its
    // ASP Down is acknowledged with no Notify at all (the ASes stay active through A).
    let ases: Vec<AsConfig> = (0..500)
        .map(|i| AsConfig { name: format!("AS {i}"), interface_ids: vec![i], traffic_mode: TrafficMode::Loadshare })
        .collect();
    let mut sg: Sg<Duration> = Sg::new(SgConfig { application_servers: ases, ..SgConfig::default() });
    sg.transport_up(Duration::ZERO, A);
    sg.transport_up(Duration::ZERO, B);
    let t = Duration::ZERO;
    rx(&mut sg, A, asp_up(), t);
    rx(&mut sg, A, Message::AspActive { traffic_mode: None, interface_ids: None, info: None }, t);
    let out = rx(&mut sg, B, asp_up(), t);
    let messages = sent(&out);
    assert_eq!(messages.len(), 501);
    assert_eq!(messages[0], (B, up_ack()));
    for (i, (assoc, message)) in messages[1..].iter().enumerate() {
        let iid = u32::try_from(i).unwrap();
        let expected = Message::Notify {
            status: Status::as_active(),
            asp_id: None,
            interface_ids: Some(InterfaceIds::Integers(vec![iid])),
            info: None,
        };
        assert_eq!((*assoc, message), (B, &expected), "in the order of the ASes");
    }
    let out = rx(&mut sg, B, asp_down(), t);
    assert_eq!(sent(&out), [(B, down_ack())]);
    assert!((0..500).all(|i| sg.as_state(i) == Some(iua_as::State::AS_ACTIVE)));
}

/// An ASP Active Ack that reaches ASP-INACTIVE after layer management asked for ASP-INACTIVE
/// (the ASP Active was on its way): the SG has the ASP active, and the ASP returns to
/// ASP-INACTIVE with ASP Inactive (RFC 4233 §4.3.3.4, §4.3.3.5). After a takeover, layer
/// management still wants the ASP active, and the same Ack makes it active (see the spec).
#[test]
fn an_asp_active_ack_after_an_inactive_request_makes_the_asp_withdraw() {
    let t = Duration::ZERO;
    let mut asp = Asp::new(AspConfig { interface_ids: ids(&[IID]), ..AspConfig::default() });
    asp.transport_up(t);
    asp.request_up(t);
    from_sg(&mut asp, up_ack(), t);
    asp.request_active(t);
    asp.request_inactive(t);
    from_sg(&mut asp, active_ack(), t);
    // The ASP Inactive Ack of the ASP Inactive just sent makes it inactive.
    from_sg(&mut asp, inactive_ack(), t);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    asp.request_inactive(t);
    let out = from_sg(&mut asp, active_ack(), t);
    assert_eq!(asp.state(), asp::State::INACTIVE_PENDING);
    assert_eq!(asp_sent(&out), [Message::AspInactive { interface_ids: ids(&[IID]), info: None }]);
    from_sg(&mut asp, inactive_ack(), t);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    // Taken over, layer management's request stands: the Ack makes the ASP active.
    asp.request_active(t);
    from_sg(&mut asp, active_ack(), t);
    let alternate =
        Message::Notify { status: Status::alternate_asp_active(), asp_id: None, interface_ids: None, info: None };
    from_sg(&mut asp, alternate, t);
    assert_eq!(asp.state(), asp::State::ASP_INACTIVE);
    let out = from_sg(&mut asp, active_ack(), t);
    assert_eq!(asp.state(), asp::State::ASP_ACTIVE);
    assert!(asp_sent(&out).is_empty());
}
