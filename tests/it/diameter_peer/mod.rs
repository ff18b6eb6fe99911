//! The sans-IO Diameter peer (RFC 6733 §5.6 with the RFC 3539 watchdog) on a virtual clock:
//! capabilities exchange in both roles, CEA and CER refusals, DWR and DPR answered, DPR/DPA
//! closing, the election of §5.6.4, the identity a certificate proves (§13.1), the Timeout, malformed input, the reconnection policy after a
//! DPR; two peers on a simulated network for the watchdog's schedule (DWRs both ways, a frozen
//! peer: OKAY, SUSPECT, DOWN, then REOPEN and OKAY after three DWAs); random input never panics.

mod answers;
mod capabilities;
mod configuration;
mod dwr_dpr;
mod election;
mod identity;
mod malformed;
mod properties;
mod watchdog_schedule;

use crate::support::fixtures::*;
use crate::support::peer_sim;

use peer_sim::peer;
use rfc_fsm::diameter::codec::result_code::DIAMETER_SUCCESS;
use rfc_fsm::diameter::codec::{Avp, Cer, CommandFlags, Header, Message, RawMessage, avp_code};
use rfc_fsm::diameter::peer::{ConnId, Output, PeerConfig, PeerEvent, State};
use rfc_fsm::watchdog;
use std::time::Duration;

type P = peer_sim::SimPeer;

const UNIX: u64 = 1_700_000_000;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

// --- Reading outputs ----------------------------------------------------------------------------

fn sends(out: &[Output]) -> Vec<(ConnId, Message)> {
    out.iter()
        .filter_map(|o| match o {
            Output::Send(c, m) => Some((*c, m.clone())),
            _ => None,
        })
        .collect()
}

fn closes(out: &[Output]) -> Vec<ConnId> {
    out.iter()
        .filter_map(|o| match o {
            Output::Close(c) => Some(*c),
            _ => None,
        })
        .collect()
}

fn connects(out: &[Output]) -> Vec<ConnId> {
    out.iter()
        .filter_map(|o| match o {
            Output::Connect(c) => Some(*c),
            _ => None,
        })
        .collect()
}

fn reports(out: &[Output]) -> Vec<PeerEvent> {
    out.iter()
        .filter_map(|o| match o {
            Output::Event(e) => Some(e.clone()),
            _ => None,
        })
        .collect()
}

fn watchdog_moves(out: &[Output]) -> Vec<(Option<watchdog::State>, Option<watchdog::State>)> {
    reports(out)
        .into_iter()
        .filter_map(|e| match e {
            PeerEvent::Watchdog { from, to } => Some((from, to)),
            _ => None,
        })
        .collect()
}

fn only_send(out: &[Output]) -> (ConnId, Message) {
    let sent = sends(out);
    assert_eq!(sent.len(), 1, "{out:#?}");
    sent.into_iter().next().unwrap()
}

// --- Peers in a known state ---------------------------------------------------------------------

/// Our peer as a client: `client.example.net` at 192.0.2.1, Vendor-Id 32473, Product-Name
/// "tester", Origin-State-Id 5, Timeout 5 s, Twinit 6 s.
fn client_config() -> PeerConfig {
    let mut c = peer_config("client.example.net", secs(6), secs(5));
    c.capabilities.host_ip_addresses = vec!["192.0.2.1".parse().unwrap()];
    c.capabilities.vendor_id = 32473;
    c.capabilities.product_name = "tester".into();
    c.capabilities.origin_state_id = Some(5);
    c
}

fn new_peer(config: PeerConfig) -> P {
    peer(config, 7)
}

/// An initiator in Wait-I-CEA: its connection, the CER it sent.
fn waiting_for_cea(p: &mut P, now: Duration) -> (ConnId, Cer) {
    let out = p.start(now);
    let [conn] = connects(&out)[..] else { panic!("{out:#?}") };
    let out = p.transport_up(now, conn);
    let (to, Message::Cer(cer)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(to, conn);
    assert_eq!(p.state(), State::Wait_I_CEA);
    (conn, cer)
}

/// An initiator in I-Open and OKAY at time 0.
fn open_initiator() -> (P, ConnId) {
    let mut p = new_peer(client_config());
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let out = p.receive(Duration::ZERO, conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert!(sends(&out).is_empty(), "no DWR on a first connection (RFC 3539 row 20): {out:#?}");
    assert_eq!((p.state(), p.watchdog_state()), (State::I_Open, Some(watchdog::State::OKAY)));
    (p, conn)
}

/// A responder in R-Open and OKAY at time 0.
fn open_responder() -> (P, ConnId) {
    let mut c = client_config();
    c.initiate = false;
    let mut p = new_peer(c);
    assert!(connects(&p.start(Duration::ZERO)).is_empty());
    let (conn, out) = p.transport_accepted(Duration::ZERO);
    assert!(out.is_empty());
    let out = p.receive(Duration::ZERO, conn, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    let (_, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(cea.result_code, DIAMETER_SUCCESS);
    assert_eq!((p.state(), p.watchdog_state()), (State::R_Open, Some(watchdog::State::OKAY)));
    (p, conn)
}

/// An answer from the other side to a request with these identifiers: Command Code, Application-ID,
/// Hop-by-Hop Identifier, E bit, Result-Code.
fn answer(command_code: u32, application_id: u32, hop_by_hop: u32, error: bool, result_code: u32) -> RawMessage {
    let flags = CommandFlags { error, ..CommandFlags::default() };
    let header = Header { flags, command_code, application_id, hop_by_hop, end_to_end: 1 };
    let avps = vec![
        Avp::utf8(avp_code::ORIGIN_HOST, "server.example.org").with_mandatory(true),
        Avp::utf8(avp_code::ORIGIN_REALM, "example.org").with_mandatory(true),
        Avp::unsigned32(avp_code::RESULT_CODE, result_code).with_mandatory(true),
    ];
    RawMessage { header, avps }
}

/// A peer named `ours` waiting for its CEA receives a CER from `theirs` on a new connection.
fn crossing(ours: &str, theirs: &str) -> (P, ConnId, Cer, ConnId, Vec<Output>) {
    let mut c = client_config();
    c.capabilities.origin_host = ours.into();
    let mut p = new_peer(c);
    let (initiated, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let (accepted, _) = p.transport_accepted(ms(1));
    let out = p.receive(ms(2), accepted, &bytes(&Message::Cer(their_cer(theirs, &[4]))));
    (p, initiated, cer, accepted, out)
}
