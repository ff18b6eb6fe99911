//! The Diameter peer (RFC 6733 §5.6 with the RFC 3539 watchdog) driven by operations drawn
//! from the input, the input playing the other node and the application: start and stop,
//! connections established, failed, accepted and lost, the other node's messages (well-formed
//! or raw octets), application requests, time passing. After every step: every state change
//! reported is a transition of `specs/diameter_peer.fsm` on the event it names, follows the
//! previous one and ends in the state the peer reports (the watchdog's changes likewise); every
//! application request goes out on a connection or is reported as an error; nothing is sent on
//! a connection after it was closed; every message sent encodes.

use arbitrary::Unstructured;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rfc_fsm::diameter::codec::{
    Avp, Capabilities, Cea, Cer, CommandFlags, DisconnectCause, Dpa, Dpr, Dwa, Dwr, Header, Message, RawMessage,
};
use rfc_fsm::diameter::peer::{ConnId, Output, Peer, PeerConfig, PeerEvent, State};
use rfc_fsm::machines::diameter_peer;
use rfc_fsm::watchdog;
use std::collections::HashSet;
use std::time::Duration;

const HOST: &str = "other.example.org";
const REALM: &str = "example.org";

fn capabilities() -> Capabilities {
    let mut c = PeerConfig::new(HOST, REALM, vec![std::net::IpAddr::from([192, 0, 2, 2])]).capabilities;
    c.auth_application_ids = vec![4];
    c
}

/// A message of the other node, picked by the input; `last_request` answers our last request.
fn other_message(u: &mut Unstructured<'_>, last_request: Option<Header>) -> arbitrary::Result<Message> {
    let hbh: u32 = u.int_in_range(0..=3)?;
    let result_code = if u.ratio(1, 8)? { 5010 } else { 2001 };
    Ok(match u.int_in_range(0..=8)? {
        0 => Message::Cer(Cer { hop_by_hop: hbh, end_to_end: 1, capabilities: capabilities() }),
        1 => Message::Cea(Cea {
            hop_by_hop: hbh,
            end_to_end: 1,
            result_code,
            capabilities: capabilities(),
            error_message: None,
            failed_avp: None,
        }),
        2 => Message::Dwr(Dwr {
            hop_by_hop: hbh,
            end_to_end: 2,
            origin_host: HOST.into(),
            origin_realm: REALM.into(),
            origin_state_id: None,
        }),
        3 => Message::Dwa(Dwa {
            hop_by_hop: hbh,
            end_to_end: 2,
            result_code,
            origin_host: HOST.into(),
            origin_realm: REALM.into(),
            error_message: None,
            failed_avp: None,
            origin_state_id: None,
        }),
        4 => Message::Dpr(Dpr {
            hop_by_hop: hbh,
            end_to_end: 3,
            origin_host: HOST.into(),
            origin_realm: REALM.into(),
            disconnect_cause: if u.arbitrary()? { DisconnectCause::Rebooting } else { DisconnectCause::Busy },
        }),
        5 => Message::Dpa(Dpa {
            hop_by_hop: hbh,
            end_to_end: 3,
            result_code,
            origin_host: HOST.into(),
            origin_realm: REALM.into(),
            error_message: None,
            failed_avp: None,
        }),
        6 => match last_request {
            Some(request) => Message::Other(RawMessage {
                header: request.answer(),
                avps: vec![
                    Avp::utf8(263, "s;1").with_mandatory(true),
                    Avp::unsigned32(268, result_code).with_mandatory(true),
                ],
            }),
            None => Message::Other(application_request()),
        },
        _ => Message::Other(application_request()),
    })
}

fn application_request() -> RawMessage {
    RawMessage {
        header: Header {
            flags: CommandFlags { request: true, proxiable: true, ..CommandFlags::default() },
            command_code: 265,
            application_id: 4,
            hop_by_hop: 0,
            end_to_end: 0,
        },
        avps: vec![Avp::utf8(263, "s;1").with_mandatory(true)],
    }
}

fn edge(from: State, to: State, event: diameter_peer::Event) -> bool {
    static MOVES: std::sync::LazyLock<crate::Moves> =
        std::sync::LazyLock::new(|| crate::Moves::of(include_str!("../../specs/diameter_peer.fsm")));
    MOVES.on(from.name(), event.name(), to.name())
}

/// The properties, on one input.
pub fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let mut config = PeerConfig::new("us.example.net", "example.net", vec![std::net::IpAddr::from([192, 0, 2, 1])]);
    config.capabilities.auth_application_ids = vec![4];
    config.timeout = Duration::from_secs(5);
    config.max_outstanding_requests = 4;
    config.initiate = u.arbitrary().unwrap_or(true);
    config.watchdog = watchdog::Config::new(Duration::from_secs(6)).expect("Tw of 6 s");
    let Ok(mut peer) = Peer::<Duration, StdRng>::new(config, StdRng::seed_from_u64(1), 1_700_000_000) else {
        panic!("the configuration is valid")
    };
    let mut now = Duration::ZERO;
    let mut conns: Vec<ConnId> = Vec::new();
    let mut closed: HashSet<ConnId> = HashSet::new();
    let mut last_request: Option<Header> = None;
    for _ in 0..200 {
        let Ok(op) = u.int_in_range(0u8..=11) else { break };
        let pick = |u: &mut Unstructured<'_>, conns: &[ConnId]| -> ConnId {
            let i = u.int_in_range(0..=conns.len()).unwrap_or(0);
            conns.get(i).copied().unwrap_or(ConnId(1000))
        };
        let state_before = peer.state();
        let watchdog_before = peer.watchdog_state();
        let mut request = false;
        let out = match op {
            0 => peer.start(now),
            1 => peer.stop(now, DisconnectCause::Rebooting),
            2 => {
                let c = pick(&mut u, &conns);
                peer.transport_up(now, c)
            }
            3 => {
                let c = pick(&mut u, &conns);
                peer.transport_failed(now, c)
            }
            4 => {
                let (c, out) = peer.transport_accepted(now);
                conns.push(c);
                out
            }
            5 => {
                let c = pick(&mut u, &conns);
                peer.transport_down(now, c)
            }
            6 | 7 => {
                let c = pick(&mut u, &conns);
                match other_message(&mut u, last_request).ok().and_then(|m| m.encode().ok()) {
                    Some(bytes) => peer.receive(now, c, &bytes),
                    None => break,
                }
            }
            8 => {
                let c = pick(&mut u, &conns);
                let len = usize::from(u.int_in_range(0u8..=64).unwrap_or(0));
                let bytes = u.bytes(len.min(u.len())).unwrap_or_default().to_vec();
                peer.receive(now, c, &bytes)
            }
            9 => {
                request = true;
                peer.send(now, application_request())
            }
            _ => {
                now += Duration::from_millis(u.int_in_range(0..=8000).unwrap_or(0));
                if peer.poll_timeout().is_some_and(|d| d <= now) { peer.handle_timeout(now) } else { Vec::new() }
            }
        };
        let mut state = state_before;
        let mut dog = watchdog_before;
        let mut request_handled = false;
        for output in &out {
            match output {
                Output::Connect(c) => conns.push(*c),
                Output::Close(c) => {
                    closed.insert(*c);
                }
                Output::Send(c, message) => {
                    assert!(!closed.contains(c), "{message:?} sent on {c:?} after it was closed");
                    if let Err(e) = message.encode() {
                        panic!("the peer sends {message:?}, which does not encode: {e}");
                    }
                    if let Message::Other(raw) = message
                        && request
                        && raw.header.flags.request
                    {
                        request_handled = true;
                        last_request = Some(raw.header);
                    }
                }
                Output::Event(PeerEvent::State { from, to, event }) => {
                    assert_eq!(*from, state, "a change from {from:?} reported in {state:?}");
                    assert!(edge(*from, *to, *event), "{from:?} -> {to:?} on {event:?} is not in the spec");
                    state = *to;
                }
                Output::Event(PeerEvent::Watchdog { from, to }) => {
                    assert_eq!(*from, dog, "a watchdog change from {from:?} reported in {dog:?}");
                    dog = *to;
                }
                Output::Event(PeerEvent::Error(_)) if request => request_handled = true,
                Output::Event(_) => {}
            }
        }
        assert_eq!(state, peer.state(), "the reported states end elsewhere");
        assert_eq!(dog, peer.watchdog_state(), "the reported watchdog states end elsewhere");
        assert!(!request || request_handled, "an application request was neither sent nor reported: {out:?}");
    }
}
