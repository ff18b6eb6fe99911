//! The sans-IO Diameter peer (RFC 6733 §5.6 with the RFC 3539 watchdog) on a virtual clock:
//! capabilities exchange in both roles, CEA and CER refusals, DWR and DPR answered, DPR/DPA
//! closing, the election of §5.6.4, the Timeout, malformed input, the reconnection policy after a
//! DPR; two peers on a simulated network for the watchdog's schedule (DWRs both ways, a frozen
//! peer: OKAY, SUSPECT, DOWN, then REOPEN and OKAY after three DWAs); random input never panics.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

#[path = "support/peer_sim.rs"]
mod peer_sim;

use peer_sim::{LATENCY, Sim, config, peer};
use proptest::prelude::*;
use rfc_fsm::diameter::codec::result_code::{
    DIAMETER_APPLICATION_UNSUPPORTED, DIAMETER_COMMAND_UNSUPPORTED, DIAMETER_INVALID_HDR_BITS, DIAMETER_MISSING_AVP,
    DIAMETER_NO_COMMON_APPLICATION, DIAMETER_SUCCESS, DIAMETER_TOO_BUSY, DIAMETER_UNABLE_TO_COMPLY,
    DIAMETER_UNKNOWN_PEER, DIAMETER_UNSUPPORTED_VERSION, ELECTION_LOST,
};
use rfc_fsm::diameter::codec::{
    ApplicationId, Avp, Capabilities, Cea, Cer, CommandFlags, DecodeError, DisconnectCause, Dpa, Dpr, Dwa, Dwr,
    EncodeError, Header, MAX_MESSAGE_LEN, Message, RawMessage, VendorSpecificApplicationId, avp_code, command_code,
};
use rfc_fsm::diameter::peer::{
    ConfigError, ConnId, DiscardReason, Event, MAX_IDENTITY_LEN, MAX_TIMEOUT, Output, PeerConfig, PeerError, PeerEvent,
    RELAY_APPLICATION_ID, Role, State,
};
use rfc_fsm::watchdog;
use std::collections::HashSet;
use std::time::Duration;

type P = peer_sim::SimPeer;

const UNIX: u64 = 1_700_000_000;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

// --- Messages from the other side ---------------------------------------------------------------

fn their_cer(host: &str, auth: &[u32]) -> Cer {
    Cer {
        hop_by_hop: 0x1000,
        end_to_end: 0x2000,
        capabilities: Capabilities {
            origin_host: host.into(),
            origin_realm: "example.org".into(),
            host_ip_addresses: vec!["192.0.2.9".parse().unwrap()],
            vendor_id: 10415,
            product_name: "them".into(),
            origin_state_id: Some(99),
            supported_vendor_ids: vec![],
            auth_application_ids: auth.to_vec(),
            inband_security_ids: vec![],
            acct_application_ids: vec![],
            vendor_specific_application_ids: vec![],
            firmware_revision: None,
        },
    }
}

fn their_cea(to: &Cer, result_code: u32, auth: &[u32]) -> Message {
    Message::Cea(Cea {
        hop_by_hop: to.hop_by_hop,
        end_to_end: to.end_to_end,
        result_code,
        capabilities: Capabilities { origin_host: "server.example.org".into(), ..their_cer("", auth).capabilities },
        error_message: None,
        failed_avp: None,
    })
}

fn their_dwr(hop_by_hop: u32) -> Message {
    Message::Dwr(Dwr {
        hop_by_hop,
        end_to_end: hop_by_hop + 7,
        origin_host: "server.example.org".into(),
        origin_realm: "example.org".into(),
        origin_state_id: Some(99),
    })
}

fn their_dwa(to: &Dwr) -> Message {
    Message::Dwa(Dwa {
        hop_by_hop: to.hop_by_hop,
        end_to_end: to.end_to_end,
        result_code: DIAMETER_SUCCESS,
        origin_host: "server.example.org".into(),
        origin_realm: "example.org".into(),
        error_message: None,
        failed_avp: None,
        origin_state_id: Some(99),
    })
}

fn their_dpr(cause: DisconnectCause) -> Message {
    Message::Dpr(Dpr {
        hop_by_hop: 0x3000,
        end_to_end: 0x4000,
        origin_host: "server.example.org".into(),
        origin_realm: "example.org".into(),
        disconnect_cause: cause,
    })
}

fn their_dpa(to: &Dpr) -> Message {
    Message::Dpa(Dpa {
        hop_by_hop: to.hop_by_hop,
        end_to_end: to.end_to_end,
        result_code: DIAMETER_SUCCESS,
        origin_host: "server.example.org".into(),
        origin_realm: "example.org".into(),
        error_message: None,
        failed_avp: None,
    })
}

fn bytes(message: &Message) -> Vec<u8> {
    message.encode().unwrap()
}

fn request(command_code: u32, application_id: u32, avps: Vec<Avp>) -> RawMessage {
    let flags = CommandFlags { request: true, ..CommandFlags::default() };
    RawMessage { header: Header { flags, command_code, application_id, hop_by_hop: 77, end_to_end: 88 }, avps }
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
            Output::Report(e) => Some(e.clone()),
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

fn client_config() -> PeerConfig {
    let mut c = PeerConfig::new("client.example.net", "example.net", vec!["192.0.2.1".parse().unwrap()]);
    c.capabilities.vendor_id = 32473;
    c.capabilities.product_name = "tester".into();
    c.capabilities.origin_state_id = Some(5);
    c.capabilities.auth_application_ids = vec![4];
    c.timeout = secs(5);
    c.watchdog = watchdog::Config::new(secs(6)).unwrap();
    c
}

fn new_peer(config: PeerConfig) -> P {
    peer(config, 7)
}

/// An initiator in Wait-I-CEA: its connection, the CER it sent.
fn waiting_for_cea(p: &mut P, now: Duration) -> (ConnId, Cer) {
    let out = p.start(now);
    let [conn] = connects(&out)[..] else { panic!("{out:#?}") };
    let out = p.connected(now, conn);
    let (to, Message::Cer(cer)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(to, conn);
    assert_eq!(p.state(), State::Wait_I_CEA);
    (conn, cer)
}

/// An initiator in I-Open and OKAY at time 0.
fn open_initiator() -> (P, ConnId) {
    let mut p = new_peer(client_config());
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let out = p.received(Duration::ZERO, conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
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
    let (conn, out) = p.accepted(Duration::ZERO);
    assert!(out.is_empty());
    let out = p.received(Duration::ZERO, conn, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    let (_, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(cea.result_code, DIAMETER_SUCCESS);
    assert_eq!((p.state(), p.watchdog_state()), (State::R_Open, Some(watchdog::State::OKAY)));
    (p, conn)
}

// --- Capabilities exchange ----------------------------------------------------------------------

#[test]
fn the_initiator_sends_its_capabilities_and_opens_on_a_successful_cea() {
    let mut p = new_peer(client_config());
    let out = p.start(Duration::ZERO);
    assert_eq!(
        reports(&out),
        [
            PeerEvent::Watchdog { from: None, to: Some(watchdog::State::INITIAL) },
            PeerEvent::State { from: State::Closed, to: State::Wait_Conn_Ack, event: Event::Start },
        ]
    );
    let [conn] = connects(&out)[..] else { panic!("{out:#?}") };
    let out = p.connected(ms(3), conn);
    let (_, Message::Cer(cer)) = only_send(&out) else { panic!("{out:#?}") };
    // RFC 6733 §5.3.1: the identity and the applications of the node.
    assert_eq!(cer.capabilities.origin_host, "client.example.net");
    assert_eq!(cer.capabilities.origin_realm, "example.net");
    assert_eq!(cer.capabilities.host_ip_addresses, ["192.0.2.1".parse::<std::net::IpAddr>().unwrap()]);
    assert_eq!(
        (cer.capabilities.vendor_id, cer.capabilities.product_name.as_str(), cer.capabilities.origin_state_id),
        (32473, "tester", Some(5))
    );
    assert_eq!(cer.capabilities.auth_application_ids, [4]);
    // §3: the End-to-End Identifier's high 12 bits are the low 12 bits of the clock.
    assert_eq!(cer.end_to_end >> 20, (UNIX & 0xfff) as u32);

    let cea = their_cea(&cer, DIAMETER_SUCCESS, &[4, 16_777_238]);
    let out = p.received(ms(5), conn, &bytes(&cea));
    let events = reports(&out);
    assert_eq!(events[0], PeerEvent::State { from: State::Wait_I_CEA, to: State::I_Open, event: Event::I_Rcv_CEA });
    let PeerEvent::Open { conn: open, role, peer } = &events[1] else { panic!("{events:#?}") };
    assert_eq!((*open, *role), (conn, Role::Initiator));
    assert_eq!(peer.capabilities.origin_host, "server.example.org");
    assert_eq!(peer.common_applications, [4]);
    assert_eq!(
        events[2],
        PeerEvent::Watchdog { from: Some(watchdog::State::INITIAL), to: Some(watchdog::State::OKAY) }
    );
    assert_eq!(p.open_connection(), Some((conn, Role::Initiator)));
    assert_eq!(p.remote().unwrap().capabilities.vendor_id, 10415);
    // Tw restarted at the connection-up: Twinit 6 s +/- 2 s from 5 ms.
    let tw = p.poll_timeout().unwrap() - ms(5);
    assert!((secs(4)..=secs(8)).contains(&tw), "{tw:?}");
}

#[test]
fn the_responder_answers_a_cer_with_its_capabilities() {
    let mut c = client_config();
    c.initiate = false;
    c.capabilities.acct_application_ids = vec![3];
    let mut p = new_peer(c);
    let out = p.start(Duration::ZERO);
    assert!(connects(&out).is_empty(), "a responder waits: {out:#?}");
    let (conn, _) = p.accepted(ms(1));
    let cer = their_cer("server.example.org", &[4]);
    let out = p.received(ms(2), conn, &bytes(&Message::Cer(cer.clone())));
    let (to, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(to, conn);
    assert_eq!((cea.hop_by_hop, cea.end_to_end), (cer.hop_by_hop, cer.end_to_end), "ids copied (§6.2)");
    assert_eq!(cea.result_code, DIAMETER_SUCCESS);
    assert_eq!(cea.capabilities.origin_host, "client.example.net");
    assert_eq!(
        (cea.capabilities.auth_application_ids.as_slice(), cea.capabilities.acct_application_ids.as_slice()),
        (&[4][..], &[3][..])
    );
    assert_eq!(cea.capabilities.origin_state_id, Some(5));
    let events = reports(&out);
    assert!(events.contains(&PeerEvent::State { from: State::Closed, to: State::R_Open, event: Event::R_Conn_CER }));
    assert!(events.iter().any(|e| matches!(e, PeerEvent::Open { role: Role::Responder, .. })));
    assert_eq!(p.watchdog_state(), Some(watchdog::State::OKAY));
}

/// The Result-Code of the CEA a node supporting `ours` answers a CER announcing `theirs` with.
fn cea_result(ours: &[u32], theirs: &[u32], vendor_specific: &[u32]) -> u32 {
    let mut c = client_config();
    c.initiate = false;
    c.capabilities.auth_application_ids = ours.to_vec();
    let mut p = new_peer(c);
    p.start(Duration::ZERO);
    let (conn, _) = p.accepted(Duration::ZERO);
    let mut cer = their_cer("server.example.org", theirs);
    cer.capabilities.vendor_specific_application_ids = vendor_specific
        .iter()
        .map(|&id| VendorSpecificApplicationId { vendor_id: 10415, application: ApplicationId::Auth(id) })
        .collect();
    let out = p.received(Duration::ZERO, conn, &bytes(&Message::Cer(cer)));
    let (_, Message::Cea(cea)) = sends(&out).into_iter().next().unwrap() else { panic!() };
    cea.result_code
}

#[test]
fn common_applications_decide_the_cea_result() {
    const S: u32 = DIAMETER_SUCCESS;
    const NO: u32 = DIAMETER_NO_COMMON_APPLICATION;
    // (ours, theirs, theirs vendor-specific, expected): RFC 6733 §5.3.
    type Case<'a> = (&'a [u32], &'a [u32], &'a [u32], u32);
    let cases: [Case; 12] = [
        (&[4], &[4], &[], S),
        (&[4], &[16_777_238, 4], &[], S),
        (&[4], &[16_777_238], &[], NO),
        (&[4], &[], &[], NO),
        (&[], &[], &[], S),                      // both base only
        (&[], &[0], &[], S),                     // the base application announced
        (&[], &[4], &[], NO),                    // they need an application we lack
        (&[4], &[RELAY_APPLICATION_ID], &[], S), // a relay shares every application
        // RFC 6733 §5.3: a relay's CER "MUST be interpreted as having common applications",
        // also for a node of the base protocol only, and a relay accepts any peer.
        (&[], &[RELAY_APPLICATION_ID], &[], S),
        (&[], &[], &[RELAY_APPLICATION_ID], S),
        (&[RELAY_APPLICATION_ID], &[16_777_238], &[], S),
        (&[16_777_238], &[], &[16_777_238], S), // in a Vendor-Specific-Application-Id
    ];
    for (ours, theirs, vendor, expected) in cases {
        assert_eq!(cea_result(ours, theirs, vendor), expected, "ours {ours:?}, theirs {theirs:?} {vendor:?}");
    }
}

#[test]
fn a_cer_without_common_application_is_refused_and_the_connection_closed() {
    let mut c = client_config();
    c.initiate = false;
    let mut p = new_peer(c);
    p.start(Duration::ZERO);
    let (conn, _) = p.accepted(Duration::ZERO);
    let out = p.received(ms(1), conn, &bytes(&Message::Cer(their_cer("server.example.org", &[16_777_238]))));
    let (_, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(cea.result_code, DIAMETER_NO_COMMON_APPLICATION);
    // The CEA goes out before the connection closes (§5.3: "SHOULD disconnect").
    let send_at = out.iter().position(|o| matches!(o, Output::Send(..))).unwrap();
    let close_at = out.iter().position(|o| *o == Output::Close(conn)).unwrap();
    assert!(send_at < close_at);
    let events = reports(&out);
    assert!(events.contains(&PeerEvent::CapabilitiesRefused {
        conn,
        role: Role::Responder,
        result_code: DIAMETER_NO_COMMON_APPLICATION
    }));
    assert!(!events.iter().any(|e| matches!(e, PeerEvent::Open { .. } | PeerEvent::Failover)), "{events:#?}");
    assert_eq!(p.state(), State::Closed);
    assert_eq!(p.watchdog_state(), Some(watchdog::State::INITIAL), "never told the connection was up");
}

#[test]
fn a_cea_with_a_failure_result_closes_the_connection_and_the_watchdog_retries() {
    let mut p = new_peer(client_config());
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let out = p.received(ms(4), conn, &bytes(&their_cea(&cer, DIAMETER_NO_COMMON_APPLICATION, &[])));
    assert_eq!(closes(&out), [conn]);
    let events = reports(&out);
    assert!(events.contains(&PeerEvent::CapabilitiesRefused {
        conn,
        role: Role::Initiator,
        result_code: DIAMETER_NO_COMMON_APPLICATION
    }));
    assert!(
        events.contains(&PeerEvent::Error(PeerError::Failed { state: State::Wait_I_CEA, event: Event::I_Rcv_Non_CEA }))
    );
    assert_eq!((p.state(), p.watchdog_state()), (State::Closed, Some(watchdog::State::INITIAL)));
    // RFC 3539 row 15: the next Tw expiry in INITIAL attempts to open again.
    let tw = p.poll_timeout().unwrap();
    let out = p.handle_timeout(tw);
    assert_eq!(connects(&out).len(), 1, "{out:#?}");
}

#[test]
fn a_message_other_than_the_cea_while_waiting_for_it_is_an_error() {
    let mut p = new_peer(client_config());
    let (conn, _) = waiting_for_cea(&mut p, Duration::ZERO);
    let out = p.received(ms(4), conn, &bytes(&their_dwr(5)));
    assert_eq!(closes(&out), [conn]);
    assert!(sends(&out).is_empty(), "no DWA before the connection is open: {out:#?}");
    assert_eq!(p.state(), State::Closed);
    // The DWR keeps its event: the spec's Wait-I-CEA takes it as the table's I-Rcv-Non-CEA.
    let failed = PeerError::Failed { state: State::Wait_I_CEA, event: Event::I_Rcv_DWR };
    assert!(reports(&out).contains(&PeerEvent::Error(failed)), "{out:#?}");
    // Any other message alike: a request of the application, a DPR.
    for message in [Message::Other(request(272, 4, vec![])), their_dpr(DisconnectCause::Busy)] {
        let mut p = new_peer(client_config());
        let (conn, _) = waiting_for_cea(&mut p, Duration::ZERO);
        let out = p.received(ms(4), conn, &bytes(&message));
        assert_eq!(closes(&out), [conn]);
        assert!(sends(&out).is_empty(), "{out:#?}");
        assert!(
            reports(&out)
                .iter()
                .any(|e| matches!(e, PeerEvent::Error(PeerError::Failed { state: State::Wait_I_CEA, .. }))),
            "{out:#?}"
        );
        assert!(
            !reports(&out)
                .iter()
                .any(|e| matches!(e, PeerEvent::Received { .. } | PeerEvent::DisconnectRequested { .. }))
        );
        assert_eq!(p.state(), State::Closed);
    }
}

// --- DWR, DPR -----------------------------------------------------------------------------------

#[test]
fn a_dwr_is_answered_with_a_dwa_on_either_connection() {
    for (mut p, conn) in [open_initiator(), open_responder()] {
        let out = p.received(secs(1), conn, &bytes(&their_dwr(0xabc)));
        let (to, Message::Dwa(dwa)) = only_send(&out) else { panic!("{out:#?}") };
        assert_eq!(to, conn);
        assert_eq!((dwa.hop_by_hop, dwa.end_to_end), (0xabc, 0xabc + 7));
        assert_eq!((dwa.result_code, dwa.origin_state_id), (DIAMETER_SUCCESS, Some(5)));
        assert_eq!(dwa.origin_host, "client.example.net");
        let counters = p.watchdog_ref().counters();
        assert_eq!((counters.dwr_received, counters.dwa_sent), (1, 1));
        let restarted = secs(1) + p.watchdog_ref().tw().unwrap();
        assert_eq!(p.watchdog_ref().poll_timeout(), Some(restarted), "any message restarts Tw (RFC 3539 row 2)");
    }
}

#[test]
fn the_watchdog_sends_a_dwr_at_tw_and_fails_over_without_answer() {
    let (mut p, conn) = open_initiator();
    let tw1 = p.poll_timeout().unwrap();
    let out = p.handle_timeout(tw1);
    let (to, Message::Dwr(dwr)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, dwr.origin_state_id), (conn, Some(5)));
    // Answered: Pending cleared, Tw restarted.
    let out = p.received(tw1 + ms(20), conn, &bytes(&their_dwa(&dwr)));
    assert!(out.is_empty(), "{out:#?}");
    let tw2 = p.poll_timeout().unwrap();
    assert_eq!(only_send(&p.handle_timeout(tw2)).1.name(), "DWR");
    // Not answered: the next expiry fails over (row 13), the one after closes (row 14).
    let tw3 = p.poll_timeout().unwrap();
    let out = p.handle_timeout(tw3);
    assert!(sends(&out).is_empty(), "no second DWR while one is pending");
    assert_eq!(watchdog_moves(&out), [(Some(watchdog::State::OKAY), Some(watchdog::State::SUSPECT))]);
    assert!(reports(&out).contains(&PeerEvent::Failover));
    let tw4 = p.poll_timeout().unwrap();
    let out = p.handle_timeout(tw4);
    assert_eq!(closes(&out), [conn]);
    assert_eq!(watchdog_moves(&out), [(Some(watchdog::State::SUSPECT), Some(watchdog::State::DOWN))]);
    assert_eq!(p.state(), State::Closed);
    // Row 16: the next expiry attempts to reopen.
    let tw5 = p.poll_timeout().unwrap();
    assert!((secs(4)..=secs(8)).contains(&(tw5 - tw4)));
    assert_eq!(connects(&p.handle_timeout(tw5)).len(), 1);
}

/// RFC 6733 §3: reserved command flags are ignored by the receiver, so a DWA with one set is the
/// answer to the DWR all the same.
#[test]
fn a_dwa_with_a_reserved_command_flag_answers_the_watchdog() {
    let (mut p, conn) = open_initiator();
    let tw = p.poll_timeout().unwrap();
    let (_, Message::Dwr(dwr)) = only_send(&p.handle_timeout(tw)) else { panic!() };
    let mut answer = bytes(&their_dwa(&dwr));
    answer[4] |= 0x08;
    let out = p.received(tw + ms(10), conn, &answer);
    assert!(out.is_empty(), "{out:#?}");
    assert!(!p.watchdog_ref().pending());
    let out = p.handle_timeout(p.poll_timeout().unwrap());
    assert!(!reports(&out).contains(&PeerEvent::Failover), "{out:#?}");
    assert_eq!(only_send(&out).1.name(), "DWR", "the next DWR, not a failover");
}

#[test]
fn a_dpr_is_answered_and_the_peer_closes() {
    for cause in [DisconnectCause::Rebooting, DisconnectCause::Busy, DisconnectCause::DoNotWantToTalkToYou] {
        let (mut p, conn) = open_initiator();
        let dpr = their_dpr(cause);
        let out = p.received(secs(1), conn, &bytes(&dpr));
        let (to, Message::Dpa(dpa)) = only_send(&out) else { panic!("{out:#?}") };
        assert_eq!((to, dpa.hop_by_hop, dpa.end_to_end, dpa.result_code), (conn, 0x3000, 0x4000, DIAMETER_SUCCESS));
        let reconnect = cause == DisconnectCause::Rebooting;
        assert!(reports(&out).contains(&PeerEvent::DisconnectRequested { cause, reconnect }));
        assert!(closes(&out).is_empty(), "the DPR's sender closes the connection (§5.4)");
        assert_eq!(p.state(), State::Closing);
        // The peer disconnects: Closed, and the watchdog fails over (row 22).
        let out = p.disconnected(secs(1) + ms(10), conn);
        assert_eq!(p.state(), State::Closed);
        assert_eq!(watchdog_moves(&out), [(Some(watchdog::State::OKAY), Some(watchdog::State::DOWN))]);
        assert!(reports(&out).contains(&PeerEvent::Failover));
        // After REBOOTING, Tw reconnects; after BUSY or DO_NOT_WANT_TO_TALK_TO_YOU, it does not
        // (§5.4.3 "SHOULD NOT attempt reconnection") until the application starts the peer again.
        let mut attempts = 0;
        for _ in 0..3 {
            let tw = p.poll_timeout().unwrap();
            attempts += connects(&p.handle_timeout(tw)).len();
            if attempts > 0 {
                break;
            }
        }
        assert_eq!(attempts > 0, reconnect, "{cause:?}");
        if !reconnect {
            let now = secs(60);
            assert_eq!(connects(&p.start(now)).len(), 1, "start() allows it again");
        }
    }
}

#[test]
fn after_a_dpa_the_peer_that_does_not_disconnect_is_disconnected_at_the_timeout() {
    let (mut p, conn) = open_responder();
    let out = p.received(secs(1), conn, &bytes(&their_dpr(DisconnectCause::Rebooting)));
    assert_eq!(only_send(&out).1.name(), "DPA");
    // Tw may expire first (a DWR is not sent in Closing); the Timeout closes.
    let mut out = Vec::new();
    while closes(&out).is_empty() {
        let deadline = p.poll_timeout().unwrap();
        assert!(deadline <= secs(6));
        out = p.handle_timeout(deadline);
        if !closes(&out).is_empty() {
            assert_eq!(deadline, secs(1) + secs(5), "the Timeout of Closing");
        }
    }
    assert_eq!(closes(&out), [conn]);
    assert!(
        reports(&out)
            .contains(&PeerEvent::Error(PeerError::Failed { state: State::Closing, event: Event::TimeoutExpiry }))
    );
    assert_eq!(p.state(), State::Closed);
}

#[test]
fn stop_sends_a_dpr_and_closes_on_the_dpa() {
    for (mut p, conn) in [open_initiator(), open_responder()] {
        let out = p.stop(secs(2), DisconnectCause::DoNotWantToTalkToYou);
        let (to, Message::Dpr(dpr)) = only_send(&out) else { panic!("{out:#?}") };
        assert_eq!((to, dpr.disconnect_cause), (conn, DisconnectCause::DoNotWantToTalkToYou));
        assert_eq!((p.state(), p.watchdog_state()), (State::Closing, None));
        let out = p.received(secs(2) + ms(10), conn, &bytes(&their_dpa(&dpr)));
        assert_eq!(closes(&out), [conn], "the DPA's receiver disconnects (§5.4)");
        assert_eq!(p.state(), State::Closed);
        assert!(!reports(&out).contains(&PeerEvent::Failover), "a stop is not a failure");
        assert_eq!(p.poll_timeout(), None, "nothing left to do");
    }
}

/// RFC 6733 §5.4: every DPR is answered with a DPA, one that crosses ours too (both sides stop at
/// once): the peer's DPR is answered in Closing, on either connection, and the DPA to ours closes.
#[test]
fn a_dpr_that_crosses_ours_is_answered() {
    for (mut p, conn) in [open_initiator(), open_responder()] {
        let out = p.stop(secs(1), DisconnectCause::Rebooting);
        let (_, Message::Dpr(ours)) = only_send(&out) else { panic!("{out:#?}") };
        let out = p.received(secs(1) + ms(5), conn, &bytes(&their_dpr(DisconnectCause::Busy)));
        let (to, Message::Dpa(dpa)) = only_send(&out) else { panic!("{out:#?}") };
        assert_eq!((to, dpa.hop_by_hop, dpa.end_to_end, dpa.result_code), (conn, 0x3000, 0x4000, DIAMETER_SUCCESS));
        assert!(closes(&out).is_empty());
        assert_eq!(p.state(), State::Closing, "still waiting for the DPA to our DPR");
        let out = p.received(secs(1) + ms(10), conn, &bytes(&their_dpa(&ours)));
        assert_eq!(closes(&out), [conn]);
        assert_eq!(p.state(), State::Closed);
        assert!(!reports(&out).iter().any(|e| matches!(e, PeerEvent::Error(_))), "{out:#?}");
    }
}

#[test]
fn stop_without_a_dpa_closes_at_the_timeout() {
    let (mut p, conn) = open_initiator();
    p.stop(secs(2), DisconnectCause::Rebooting);
    let out = p.handle_timeout(secs(7));
    assert_eq!(closes(&out), [conn]);
    assert_eq!(p.state(), State::Closed);
}

/// The machine's transitions in `out`, as (from, to, event).
fn moves(out: &[Output]) -> Vec<(State, State, Event)> {
    reports(out)
        .into_iter()
        .filter_map(|e| match e {
            PeerEvent::State { from, to, event } => Some((from, to, event)),
            _ => None,
        })
        .collect()
}

/// Stop while a connection is being set up is the spec's Abort (§5.6.1 has no Stop there): the
/// connection is closed, without DPR, and the machine goes to Closed on Stop.
#[test]
fn stop_while_connecting_aborts_the_connection() {
    let mut p = new_peer(client_config());
    let out = p.start(Duration::ZERO);
    let [conn] = connects(&out)[..] else { panic!() };
    let out = p.stop(ms(1), DisconnectCause::Rebooting);
    assert_eq!(closes(&out), [conn]);
    assert!(sends(&out).is_empty(), "{out:#?}");
    assert_eq!(moves(&out), [(State::Wait_Conn_Ack, State::Closed, Event::Stop)]);
    assert_eq!((p.state(), p.poll_timeout()), (State::Closed, None));
    // A connection reported late is closed.
    assert_eq!(closes(&p.connected(ms(2), conn)), [conn]);
    // Waiting for the CEA: aborted too, and the CEA that comes late opens nothing.
    let mut p = new_peer(client_config());
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let out = p.stop(ms(1), DisconnectCause::Rebooting);
    assert_eq!(closes(&out), [conn]);
    assert!(sends(&out).is_empty(), "no DPR before the capabilities exchange: {out:#?}");
    assert_eq!(moves(&out), [(State::Wait_I_CEA, State::Closed, Event::Stop)]);
    assert_eq!((p.state(), p.poll_timeout()), (State::Closed, None));
    assert!(p.received(ms(2), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4]))).is_empty());
    assert_eq!(p.state(), State::Closed);
}

/// Stop during the election closes both connections, the accepted one first and without a CEA
/// (neither DIAMETER_SUCCESS nor ELECTION_LOST: the election is abandoned), from Wait-Returns
/// and from Wait-Conn-Ack/Elect alike.
#[test]
fn stop_during_the_election_aborts_both_connections() {
    // Lost the election: Wait-Returns, waiting for the CEA on the initiated connection.
    let (mut p, initiated, _, accepted, _) = crossing("a.example.net", "z.example.net");
    assert_eq!(p.state(), State::Wait_Returns);
    let out = p.stop(ms(3), DisconnectCause::Rebooting);
    assert_eq!(closes(&out), [accepted, initiated]);
    assert!(sends(&out).is_empty(), "{out:#?}");
    assert_eq!(moves(&out), [(State::Wait_Returns, State::Closed, Event::Stop)]);
    assert_eq!((p.state(), p.poll_timeout(), p.open_connection()), (State::Closed, None, None));

    // The CER came while connecting: Wait-Conn-Ack/Elect.
    let mut c = client_config();
    c.capabilities.origin_host = "z.example.net".into();
    let mut p = new_peer(c);
    let [initiated] = connects(&p.start(Duration::ZERO))[..] else { panic!() };
    let (accepted, _) = p.accepted(ms(1));
    p.received(ms(2), accepted, &bytes(&Message::Cer(their_cer("a.example.net", &[4]))));
    assert_eq!(p.state(), State::Wait_Conn_Ack_Elect);
    let out = p.stop(ms(3), DisconnectCause::Rebooting);
    assert_eq!(closes(&out), [accepted, initiated]);
    assert!(sends(&out).is_empty(), "{out:#?}");
    assert_eq!(moves(&out), [(State::Wait_Conn_Ack_Elect, State::Closed, Event::Stop)]);
    assert_eq!((p.state(), p.poll_timeout()), (State::Closed, None));
    // The initiated connection, reported established late, is closed and elects nothing.
    let out = p.connected(ms(4), initiated);
    assert_eq!(closes(&out), [initiated]);
    assert!(sends(&out).is_empty() && reports(&out).is_empty(), "{out:#?}");
}

/// Stop where nothing is being set up is not an abort: ignored in Closed and in Closing (the DPR
/// already went out).
#[test]
fn stop_in_closed_or_closing_changes_nothing() {
    let mut p = new_peer(client_config());
    assert!(p.stop(ms(1), DisconnectCause::Rebooting).is_empty());
    assert_eq!(p.state(), State::Closed);
    let (mut p, conn) = open_initiator();
    let (_, Message::Dpr(_)) = only_send(&p.stop(secs(1), DisconnectCause::Rebooting)) else { panic!() };
    let deadline = p.poll_timeout();
    let out = p.stop(secs(2), DisconnectCause::Busy);
    assert!(out.is_empty(), "{out:#?}");
    assert_eq!(
        (p.state(), p.poll_timeout(), p.open_connection()),
        (State::Closing, deadline, Some((conn, Role::Initiator)))
    );
}

// --- Election (RFC 6733 §5.6.4) -----------------------------------------------------------------

/// A peer named `ours` waiting for its CEA receives a CER from `theirs` on a new connection.
fn crossing(ours: &str, theirs: &str) -> (P, ConnId, Cer, ConnId, Vec<Output>) {
    let mut c = client_config();
    c.capabilities.origin_host = ours.into();
    let mut p = new_peer(c);
    let (initiated, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let (accepted, _) = p.accepted(ms(1));
    let out = p.received(ms(2), accepted, &bytes(&Message::Cer(their_cer(theirs, &[4]))));
    (p, initiated, cer, accepted, out)
}

#[test]
fn the_winner_of_the_election_keeps_the_connection_it_accepted() {
    // "b" succeeds "A" (case-insensitively "a"): we win.
    let (p, initiated, _, accepted, out) = crossing("b.example.net", "A.EXAMPLE.NET");
    let events = reports(&out);
    assert!(events.contains(&PeerEvent::Election { won: true }), "{events:#?}");
    assert_eq!(closes(&out), [initiated], "the winner closes the connection it initiated");
    let (to, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, cea.result_code), (accepted, DIAMETER_SUCCESS));
    assert_eq!(p.state(), State::R_Open);
    assert_eq!(p.open_connection(), Some((accepted, Role::Responder)));
    assert_eq!(p.watchdog_state(), Some(watchdog::State::OKAY));
}

#[test]
fn the_loser_of_the_election_keeps_its_connection_and_refuses_the_other() {
    let (mut p, initiated, cer, accepted, out) = crossing("a.example.net", "z.example.net");
    assert!(reports(&out).contains(&PeerEvent::Election { won: false }));
    assert!(sends(&out).is_empty() && closes(&out).is_empty(), "{out:#?}");
    assert_eq!(p.state(), State::Wait_Returns);
    let out = p.received(ms(3), initiated, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert_eq!(p.state(), State::I_Open);
    let (to, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, cea.result_code), (accepted, ELECTION_LOST));
    assert_eq!(closes(&out), [accepted]);
    assert!(reports(&out).iter().any(|e| matches!(e, PeerEvent::Open { role: Role::Initiator, .. })));
    assert_eq!(p.watchdog_state(), Some(watchdog::State::OKAY));
}

#[test]
fn a_cer_while_connecting_waits_for_the_connection_then_elects() {
    let mut c = client_config();
    c.capabilities.origin_host = "z.example.net".into();
    let mut p = new_peer(c.clone());
    let [initiated] = connects(&p.start(Duration::ZERO))[..] else { panic!() };
    let (accepted, _) = p.accepted(ms(1));
    let out = p.received(ms(2), accepted, &bytes(&Message::Cer(their_cer("a.example.net", &[4]))));
    assert_eq!(p.state(), State::Wait_Conn_Ack_Elect);
    assert!(sends(&out).is_empty(), "no CEA before the election");
    let out = p.connected(ms(3), initiated);
    // I-Snd-CER on the new connection, then Elect: won, so the CER's connection is closed.
    assert_eq!(p.state(), State::R_Open);
    assert_eq!(closes(&out), [initiated]);
    let answers: Vec<_> = sends(&out).into_iter().map(|(c, m)| (c, m.name())).collect();
    assert_eq!(answers, [(initiated, "CER"), (accepted, "CEA")]);

    // The initiated connection fails instead: R-Open with the CEA.
    let mut p = new_peer(c);
    let [initiated] = connects(&p.start(Duration::ZERO))[..] else { panic!() };
    let (accepted, _) = p.accepted(ms(1));
    p.received(ms(2), accepted, &bytes(&Message::Cer(their_cer("a.example.net", &[4]))));
    let out = p.connect_failed(ms(3), initiated);
    assert_eq!(p.state(), State::R_Open);
    assert_eq!(only_send(&out).0, accepted);
}

/// A peer named `ours` that receives a CER from `theirs` while its own connection is still
/// being set up: Wait-Conn-Ack/Elect, the accepted connection waiting for the election.
fn electing_while_connecting(ours: &str, theirs: &str) -> (P, ConnId, ConnId) {
    let mut c = client_config();
    c.capabilities.origin_host = ours.into();
    let mut p = new_peer(c);
    let [initiated] = connects(&p.start(Duration::ZERO))[..] else { panic!() };
    let (accepted, _) = p.accepted(ms(1));
    p.received(ms(2), accepted, &bytes(&Message::Cer(their_cer(theirs, &[4]))));
    assert_eq!(p.state(), State::Wait_Conn_Ack_Elect);
    (p, initiated, accepted)
}

/// RFC 6733 §5.6.1, Wait-Conn-Ack/Elect: the accepted connection lost (R-Peer-Disc) drops it
/// and goes on waiting for the initiated one; a CER on yet another connection is rejected.
#[test]
fn in_wait_conn_ack_elect_the_accepted_connection_may_go_and_another_cer_is_rejected() {
    let (mut p, initiated, accepted) = electing_while_connecting("z.example.net", "a.example.net");
    let (third, _) = p.accepted(ms(3));
    let out = p.received(ms(4), third, &bytes(&Message::Cer(their_cer("a.example.net", &[4]))));
    assert_eq!(closes(&out), [third], "R-Reject");
    assert!(sends(&out).is_empty(), "{out:#?}");
    assert_eq!(p.state(), State::Wait_Conn_Ack_Elect);
    let out = p.disconnected(ms(5), accepted);
    assert_eq!(p.state(), State::Wait_Conn_Ack, "R-Peer-Disc: R-Disc, back to Wait-Conn-Ack");
    assert!(sends(&out).is_empty(), "{out:#?}");
    // The initiated connection then opens as usual.
    let out = p.connected(ms(6), initiated);
    let (to, Message::Cer(_)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, p.state()), (initiated, State::Wait_I_CEA));

    // Neither connection answers within the Timeout (5 s from entering Wait-Conn-Ack/Elect):
    // both are closed, Closed, an error reported.
    let (mut p, initiated, accepted) = electing_while_connecting("z.example.net", "a.example.net");
    assert_eq!(p.poll_timeout(), Some(ms(2) + secs(5)));
    let out = p.handle_timeout(ms(2) + secs(5));
    let mut closed = closes(&out);
    closed.sort();
    let mut both = vec![initiated, accepted];
    both.sort();
    assert_eq!((closed, p.state()), (both, State::Closed), "{out:#?}");
    assert!(
        reports(&out).contains(&PeerEvent::Error(PeerError::Failed {
            state: State::Wait_Conn_Ack_Elect,
            event: Event::TimeoutExpiry
        })),
        "{out:#?}"
    );
}

/// RFC 6733 §5.6.1, Wait-Returns (the election lost, the CEA awaited on the initiated
/// connection): a CER on another connection is rejected; the accepted connection lost sends the
/// peer back to Wait-I-CEA; the Timeout without a CEA closes everything (Error).
#[test]
fn in_wait_returns_a_cer_is_rejected_the_accepted_connection_may_go_and_the_timeout_closes() {
    let (mut p, initiated, cer, accepted, _) = crossing("a.example.net", "z.example.net");
    assert_eq!(p.state(), State::Wait_Returns);
    let (third, _) = p.accepted(ms(3));
    let out = p.received(ms(4), third, &bytes(&Message::Cer(their_cer("z.example.net", &[4]))));
    assert_eq!(closes(&out), [third], "R-Reject");
    assert_eq!(p.state(), State::Wait_Returns);
    let out = p.disconnected(ms(5), accepted);
    assert!(sends(&out).is_empty() && closes(&out).is_empty(), "{out:#?}");
    assert_eq!(p.state(), State::Wait_I_CEA, "R-Peer-Disc: R-Disc, back to Wait-I-CEA");
    let out = p.received(ms(6), initiated, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert_eq!(p.state(), State::I_Open);
    assert!(reports(&out).iter().any(|e| matches!(e, PeerEvent::Open { role: Role::Initiator, .. })));

    // No CEA within the Timeout (5 s from entering Wait-Returns): both connections closed,
    // Closed, an error reported.
    let (mut p, initiated, _, accepted, _) = crossing("a.example.net", "z.example.net");
    assert_eq!(p.poll_timeout(), Some(ms(2) + secs(5)));
    let out = p.handle_timeout(ms(2) + secs(5));
    let mut closed = closes(&out);
    closed.sort();
    let mut both = vec![initiated, accepted];
    both.sort();
    assert_eq!(closed, both, "{out:#?}");
    assert_eq!(p.state(), State::Closed);
    assert!(
        reports(&out)
            .contains(&PeerEvent::Error(PeerError::Failed { state: State::Wait_Returns, event: Event::TimeoutExpiry })),
        "{out:#?}"
    );
}

#[test]
fn a_second_connection_of_an_open_responder_is_rejected() {
    let (mut p, conn) = open_responder();
    let (other, _) = p.accepted(secs(1));
    let out = p.received(secs(1), other, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    assert_eq!(closes(&out), [other], "R-Reject");
    assert!(sends(&out).is_empty(), "{out:#?}");
    assert_eq!((p.state(), p.open_connection()), (State::R_Open, Some((conn, Role::Responder))));
}

/// RFC 6733 §5.6.1: a CER's Origin-Host "is used to locate the state machine associated with that
/// peer", and the election of §5.6.4 is between two connections with the same peer. With the
/// peer's Origin-Host configured, a CER from another node while our connection waits for its
/// CEA is refused with DIAMETER_UNKNOWN_PEER: no election, the connection to the peer kept.
#[test]
fn a_cer_from_another_node_is_refused_and_never_elected() {
    let mut c = client_config();
    c.peer_host = Some("server.example.org".into());
    let mut p = new_peer(c.clone());
    let (initiated, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let (stranger, _) = p.accepted(ms(1));
    let their = their_cer("aaa.stranger.example", &[4]);
    let out = p.received(ms(2), stranger, &bytes(&Message::Cer(their.clone())));
    let (to, Message::Other(refusal)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(to, stranger);
    assert!(refusal.header.flags.error && !refusal.header.flags.request, "a protocol error (§7.2)");
    assert_eq!(refusal.header.command_code, command_code::CAPABILITIES_EXCHANGE);
    assert_eq!((refusal.header.hop_by_hop, refusal.header.end_to_end), (their.hop_by_hop, their.end_to_end));
    assert_eq!(refusal.result_code(), Some(DIAMETER_UNKNOWN_PEER));
    assert_eq!(closes(&out), [stranger]);
    let events = reports(&out);
    assert!(!events.iter().any(|e| matches!(e, PeerEvent::Election { .. } | PeerEvent::State { .. })), "{events:#?}");
    let refused = PeerEvent::CapabilitiesRefused { conn: stranger, role: Role::Responder, result_code: 3010 };
    assert!(events.contains(&refused));
    assert_eq!(p.state(), State::Wait_I_CEA);
    // The peer's CEA still opens the connection this side initiated.
    p.received(ms(3), initiated, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert_eq!(p.open_connection(), Some((initiated, Role::Initiator)));

    // The peer itself, its Origin-Host in another case: the election takes place.
    let mut p = new_peer(c.clone());
    waiting_for_cea(&mut p, Duration::ZERO);
    let (accepted, _) = p.accepted(ms(1));
    let out = p.received(ms(2), accepted, &bytes(&Message::Cer(their_cer("SERVER.example.org", &[4]))));
    assert!(reports(&out).contains(&PeerEvent::Election { won: false }), "{out:#?}");

    // A responder serves its peer only.
    c.initiate = false;
    let mut p = new_peer(c);
    p.start(Duration::ZERO);
    let (stranger, _) = p.accepted(ms(1));
    let out = p.received(ms(1), stranger, &bytes(&Message::Cer(their_cer("other.example.org", &[4]))));
    assert_eq!(closes(&out), [stranger]);
    assert_eq!(p.state(), State::Closed);
    let (conn, _) = p.accepted(ms(2));
    let out = p.received(ms(2), conn, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    let (_, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(cea.result_code, DIAMETER_SUCCESS);
    assert_eq!(p.open_connection(), Some((conn, Role::Responder)));
}

/// Without the peer's Origin-Host, any node that connects is the peer: its CER while our
/// connection waits for the CEA is elected against (the documented limitation of `peer_host`).
#[test]
fn without_a_peer_host_any_node_is_the_peer() {
    let (p, initiated, _, _, out) = crossing("b.example.net", "a.stranger.example");
    assert!(reports(&out).contains(&PeerEvent::Election { won: true }));
    assert_eq!(closes(&out), [initiated]);
    assert_eq!(p.state(), State::R_Open);
}

#[test]
fn a_second_connection_of_an_open_peer_is_rejected() {
    let (mut p, conn) = open_initiator();
    let (other, _) = p.accepted(secs(1));
    let out = p.received(secs(1), other, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    assert_eq!(closes(&out), [other], "R-Reject");
    assert_eq!(p.open_connection(), Some((conn, Role::Initiator)));
}

// --- Timeouts -----------------------------------------------------------------------------------

#[test]
fn the_timeout_bounds_every_wait() {
    // No transport connection.
    let mut p = new_peer(client_config());
    let [conn] = connects(&p.start(Duration::ZERO))[..] else { panic!() };
    let out = p.handle_timeout(secs(5));
    assert_eq!(closes(&out), [conn]);
    assert!(
        reports(&out).contains(&PeerEvent::Error(PeerError::Failed {
            state: State::Wait_Conn_Ack,
            event: Event::TimeoutExpiry
        }))
    );
    // No CEA.
    let mut p = new_peer(client_config());
    let (conn, _) = waiting_for_cea(&mut p, Duration::ZERO);
    let out = p.handle_timeout(secs(5));
    assert_eq!((closes(&out), p.state()), (vec![conn], State::Closed));
    // No CER on an accepted connection (§5.6.2).
    let (mut p, _) = open_initiator();
    let (other, _) = p.accepted(secs(1));
    let out = p.handle_timeout(secs(6));
    assert_eq!(closes(&out), [other]);
    assert!(matches!(reports(&out)[..], [PeerEvent::Error(PeerError::NoCer { .. })]));
    // Early and stale expiries do nothing.
    let (mut p, _) = open_initiator();
    assert!(p.handle_timeout(ms(1)).is_empty());
}

// --- Accepted connections before their CER ------------------------------------------------------

#[test]
fn an_accepted_connection_must_start_with_a_cer() {
    let (mut p, _) = open_responder();
    let (conn, _) = p.accepted(secs(1));
    let out = p.received(secs(1), conn, &bytes(&their_dwr(1)));
    assert_eq!(closes(&out), [conn]);
    assert!(sends(&out).is_empty());
    // A CER that does not decode is answered with the error, then closed.
    let (conn, _) = p.accepted(secs(2));
    let cer = request(command_code::CAPABILITIES_EXCHANGE, 0, vec![Avp::utf8(avp_code::ORIGIN_REALM, "x")]);
    let out = p.received(secs(2), conn, &cer.encode().unwrap());
    let (to, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, cea.result_code, cea.hop_by_hop), (conn, DIAMETER_MISSING_AVP, 77));
    assert_eq!(cea.failed_avp.unwrap()[0].code, avp_code::ORIGIN_HOST);
    assert_eq!(closes(&out), [conn]);
}

/// Accepted connections wait for their CER (RFC 6733 §5.6.2), at most `max_pending_accepts` at
/// once: one more closes the one that waited longest, so that silent connections cannot keep the
/// peer out.
#[test]
fn accepted_connections_are_bounded_and_refused_when_stopped() {
    let mut c = client_config();
    c.initiate = false;
    c.max_pending_accepts = 2;
    let mut p = new_peer(c);
    let (conn, out) = p.accepted(Duration::ZERO);
    assert_eq!(closes(&out), [conn], "not started");
    assert!(matches!(reports(&out)[..], [PeerEvent::Error(PeerError::Refused { .. })]));
    p.start(Duration::ZERO);
    let (first, a) = p.accepted(ms(1));
    let (second, b) = p.accepted(ms(2));
    assert!(a.is_empty() && b.is_empty());
    let (third, out) = p.accepted(ms(3));
    assert_eq!(closes(&out), [first], "the oldest makes room");
    assert!(matches!(reports(&out)[..], [PeerEvent::Error(PeerError::NoCer { conn, .. })] if conn == first));
    // The newcomer is the peer: its CER is answered and it opens.
    let out = p.received(ms(4), third, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    let (to, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, cea.result_code), (third, DIAMETER_SUCCESS));
    assert_eq!(p.open_connection(), Some((third, Role::Responder)));
    // The one left waiting still times out; the evicted one is gone.
    let out = p.handle_timeout(ms(2) + secs(5));
    assert_eq!(closes(&out), [second]);
    assert!(p.received(ms(5), first, &bytes(&Message::Cer(their_cer("server.example.org", &[4])))).is_empty());
}

// --- Malformed input ----------------------------------------------------------------------------

#[test]
fn malformed_requests_are_answered_with_their_result_code() {
    let (mut p, conn) = open_initiator();
    let now = secs(1);
    // A DWR without Origin-Host: a DWA with DIAMETER_MISSING_AVP and the Failed-AVP (§7.5).
    let dwr = request(command_code::DEVICE_WATCHDOG, 0, vec![Avp::utf8(avp_code::ORIGIN_REALM, "x")]);
    let out = p.received(now, conn, &dwr.encode().unwrap());
    let (_, Message::Dwa(dwa)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((dwa.result_code, dwa.hop_by_hop, dwa.end_to_end), (DIAMETER_MISSING_AVP, 77, 88));
    assert_eq!(dwa.failed_avp.unwrap()[0].code, avp_code::ORIGIN_HOST);
    assert!(matches!(reports(&out)[0], PeerEvent::Error(PeerError::Malformed { .. })));

    // The E bit in a request: a protocol error, answered with the E bit (§7.2).
    let mut bad = request(272, 4, vec![]).encode().unwrap();
    bad[4] |= CommandFlags::ERROR;
    let out = p.received(now, conn, &bad);
    let (_, Message::Other(answer)) = only_send(&out) else { panic!("{out:#?}") };
    assert!(answer.header.flags.error && !answer.header.flags.request);
    assert_eq!((answer.header.command_code, answer.header.application_id), (272, 4));
    assert_eq!(answer.result_code(), Some(DIAMETER_INVALID_HDR_BITS));
    assert_eq!(answer.find(avp_code::ORIGIN_HOST).and_then(Avp::as_str), Some("client.example.net"));

    // Version 2: DIAMETER_UNSUPPORTED_VERSION, a permanent failure without the E bit.
    let mut bad = request(272, 4, vec![]).encode().unwrap();
    bad[0] = 2;
    let out = p.received(now, conn, &bad);
    let (_, Message::Other(answer)) = only_send(&out) else { panic!("{out:#?}") };
    assert!(!answer.header.flags.error);
    assert_eq!(answer.result_code(), Some(DIAMETER_UNSUPPORTED_VERSION));

    // Too short to have a header: nothing to answer.
    let out = p.received(now, conn, &[1, 0, 0]);
    assert!(sends(&out).is_empty());
    // A malformed answer: dropped and reported; this one answers no DWR of ours besides.
    let dwa = RawMessage {
        header: Header { command_code: command_code::DEVICE_WATCHDOG, ..Header::default() },
        avps: vec![],
    };
    let out = p.received(now, conn, &dwa.encode().unwrap());
    assert!(sends(&out).is_empty());
    assert!(matches!(
        reports(&out)[..],
        [
            PeerEvent::Error(PeerError::Malformed { .. }),
            PeerEvent::Discarded {
                reason: DiscardReason::Unsolicited,
                command_code: command_code::DEVICE_WATCHDOG,
                ..
            }
        ]
    ));
    assert_eq!(p.state(), State::I_Open, "none of this closes the connection");
    assert_eq!(p.watchdog_state(), Some(watchdog::State::OKAY));
}

#[test]
fn requests_the_peer_does_not_serve_are_answered_and_others_go_to_the_application() {
    let (mut p, conn) = open_initiator();
    let now = secs(1);
    // A command of the base protocol it does not know.
    let out = p.received(now, conn, &request(999, 0, vec![]).encode().unwrap());
    let (_, Message::Other(answer)) = only_send(&out) else { panic!("{out:#?}") };
    assert!(answer.header.flags.error);
    assert_eq!(answer.result_code(), Some(DIAMETER_COMMAND_UNSUPPORTED));
    // An application not shared: the Session-Id is copied.
    let session = Avp::utf8(263, "client;1;2").with_mandatory(true);
    let out = p.received(now, conn, &request(272, 16_777_238, vec![session.clone()]).encode().unwrap());
    let (_, Message::Other(answer)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(answer.result_code(), Some(DIAMETER_APPLICATION_UNSUPPORTED));
    assert_eq!(answer.avps[0], session);
    // A shared application: to the application.
    let ccr = request(272, 4, vec![session]);
    let out = p.received(now, conn, &ccr.encode().unwrap());
    assert!(sends(&out).is_empty());
    assert_eq!(reports(&out), [PeerEvent::Received { conn, message: ccr }]);
    // A second CER on the open connection.
    let out = p.received(now, conn, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    let (_, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(cea.result_code, DIAMETER_UNABLE_TO_COMPLY);
}

#[test]
fn the_application_sends_on_the_open_connection_only() {
    let mut p = new_peer(client_config());
    let out = p.send(Duration::ZERO, request(272, 4, vec![]));
    assert_eq!(reports(&out), [PeerEvent::Error(PeerError::NotOpen { state: State::Closed })]);
    let (mut p, conn) = open_initiator();
    let out = p.send(secs(1), request(272, 4, vec![]));
    let (to, Message::Other(sent)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(to, conn);
    assert_ne!((sent.header.hop_by_hop, sent.header.end_to_end), (77, 0), "a new Hop-by-Hop Identifier");
    assert_eq!(sent.header.end_to_end, 88, "an End-to-End Identifier already set is kept");
}

#[test]
fn a_framing_error_closes_the_connection() {
    let (mut p, conn) = open_initiator();
    let error = DecodeError { result_code: 5015, offset: 1, failed_avp: None, reason: "bad".into() };
    let out = p.framing_failed(secs(1), conn, error);
    assert_eq!(closes(&out), [conn]);
    assert_eq!(p.state(), State::Closed);
    assert_eq!(p.watchdog_state(), Some(watchdog::State::DOWN));
    assert!(reports(&out).contains(&PeerEvent::Failover));
}

#[test]
fn identifiers_follow_rfc_6733_section_3() {
    let (mut p, conn) = open_initiator();
    let mut hop_by_hop = Vec::new();
    let mut end_to_end = Vec::new();
    for i in 0..3 {
        let tw = p.poll_timeout().unwrap();
        let out = p.handle_timeout(tw);
        let (_, Message::Dwr(dwr)) = only_send(&out) else { panic!("{out:#?}") };
        hop_by_hop.push(dwr.hop_by_hop);
        end_to_end.push(dwr.end_to_end);
        p.received(tw + ms(5 + i), conn, &bytes(&their_dwa(&dwr)));
    }
    assert!(hop_by_hop.windows(2).all(|w| w[1] == w[0].wrapping_add(1)), "{hop_by_hop:x?}");
    assert!(end_to_end.iter().all(|e| e >> 20 == (UNIX & 0xfff) as u32), "{end_to_end:x?}");
    assert!(end_to_end.windows(2).all(|w| w[1] & 0xfffff == (w[0] + 1) & 0xfffff));
}

// --- Configuration ------------------------------------------------------------------------------

#[test]
fn the_configuration_is_checked() {
    assert_eq!(client_config().validate(), Ok(()));
    type Change = fn(&mut PeerConfig);
    let refused: [(Change, ConfigError); 13] = [
        (|c| c.capabilities.origin_host.clear(), ConfigError::Identity("Origin-Host")),
        (|c| c.capabilities.origin_host = "é.example".into(), ConfigError::Identity("Origin-Host")),
        // A DiameterIdentity is a DNS name: 255 octets at most (RFC 1035 §2.3.4).
        (|c| c.capabilities.origin_host = "a".repeat(MAX_IDENTITY_LEN + 1), ConfigError::Identity("Origin-Host")),
        (|c| c.capabilities.origin_realm = "r".repeat(MAX_MESSAGE_LEN), ConfigError::Identity("Origin-Realm")),
        (|c| c.peer_host = Some(String::new()), ConfigError::Identity("the peer's Origin-Host")),
        (|c| c.capabilities.host_ip_addresses.clear(), ConfigError::NoHostIpAddress),
        (|c| c.timeout = Duration::ZERO, ConfigError::ZeroTimeout),
        (|c| c.timeout = Duration::MAX, ConfigError::TimeoutTooLong(Duration::MAX)),
        (
            |c| c.timeout = MAX_TIMEOUT + Duration::from_nanos(1),
            ConfigError::TimeoutTooLong(MAX_TIMEOUT + Duration::from_nanos(1)),
        ),
        (|c| c.max_pending_accepts = 0, ConfigError::Zero("max_pending_accepts")),
        (|c| c.max_outstanding_requests = 0, ConfigError::Zero("max_outstanding_requests")),
        (|c| c.capabilities.product_name = "p".repeat(MAX_MESSAGE_LEN), ConfigError::Capabilities(placeholder_error())),
        (
            |c| c.capabilities.auth_application_ids = (0..10_000).collect(),
            ConfigError::Capabilities(placeholder_error()),
        ),
    ];
    for (change, expected) in refused {
        let mut c = client_config();
        change(&mut c);
        let error = c.validate().unwrap_err();
        match expected {
            ConfigError::Capabilities(_) => assert!(matches!(error, ConfigError::Capabilities(_)), "{error}"),
            expected => assert_eq!(error, expected),
        }
        assert!(P::new(c, rand::SeedableRng::seed_from_u64(1), UNIX).is_err());
    }
    let accepted: [Change; 4] = [
        |c| c.capabilities.origin_host = "a".repeat(MAX_IDENTITY_LEN),
        |c| c.timeout = MAX_TIMEOUT,
        |c| c.peer_host = Some("server.example.org".into()),
        |c| c.capabilities.auth_application_ids = (0..1_000).collect(),
    ];
    for change in accepted {
        let mut c = client_config();
        change(&mut c);
        assert_eq!(c.validate(), Ok(()));
    }
}

/// The largest bounds do not panic: they only allow more.
#[test]
fn the_largest_bounds_work() {
    let mut c = client_config();
    c.max_outstanding_requests = usize::MAX;
    c.max_pending_accepts = usize::MAX;
    let mut p = new_peer(c);
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    p.received(ms(1), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    for _ in 0..100 {
        let (_, Message::Other(r)) = only_send(&p.send(secs(1), request(272, 4, vec![]))) else { panic!() };
        let out = p.received(secs(1), conn, &answer(272, 4, r.header.hop_by_hop, false, 2001).encode().unwrap());
        assert!(matches!(reports(&out)[..], [PeerEvent::Received { .. }]));
    }
    for _ in 0..100 {
        assert!(p.accepted(secs(2)).1.is_empty());
    }
}

fn placeholder_error() -> EncodeError {
    EncodeError { message: "CEA", reason: String::new() }
}

/// With the longest Timeout allowed, a peer that never answers our DPR is still let go of: Stop
/// ends in Closed at the Timeout (RFC 6733 §5.6.1 Closing).
#[test]
fn stop_ends_within_the_longest_timeout() {
    let mut c = client_config();
    c.timeout = MAX_TIMEOUT;
    let mut p = new_peer(c);
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    p.received(ms(1), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    p.stop(secs(1), DisconnectCause::Rebooting);
    assert_eq!(p.poll_timeout(), Some(secs(1) + MAX_TIMEOUT));
    let out = p.handle_timeout(secs(1) + MAX_TIMEOUT);
    assert_eq!((closes(&out), p.state()), (vec![conn], State::Closed));
}

// --- Answers match requests (RFC 6733 §3) -------------------------------------------------------

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

fn unsolicited(out: &[Output], conn: ConnId, hop_by_hop: u32) -> bool {
    reports(out).iter().any(|e| {
        matches!(e, PeerEvent::Discarded { conn: c, hop_by_hop: h, reason: DiscardReason::Unsolicited, .. }
            if *c == conn && *h == hop_by_hop)
    })
}

/// RFC 6733 §3: "An answer message that is received with an unknown Hop-by-Hop Identifier MUST be
/// discarded": a CEA that answers no CER of ours does not open the connection.
#[test]
fn a_cea_to_no_cer_of_ours_is_discarded() {
    let mut p = new_peer(client_config());
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let mut stray = cer.clone();
    stray.hop_by_hop = cer.hop_by_hop.wrapping_add(1000);
    let out = p.received(ms(1), conn, &bytes(&their_cea(&stray, DIAMETER_SUCCESS, &[4])));
    assert!(unsolicited(&out, conn, stray.hop_by_hop), "{out:#?}");
    assert!(closes(&out).is_empty() && sends(&out).is_empty());
    assert_eq!(p.state(), State::Wait_I_CEA);
    // The CEA to our CER opens it; a second one is an answer to nothing.
    p.received(ms(2), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert_eq!(p.state(), State::I_Open);
    let out = p.received(ms(3), conn, &bytes(&their_cea(&cer, DIAMETER_UNABLE_TO_COMPLY, &[4])));
    assert!(unsolicited(&out, conn, cer.hop_by_hop), "{out:#?}");
    // Not a refused capabilities exchange: that one succeeded, and the connection stays open.
    assert!(!reports(&out).iter().any(|e| matches!(e, PeerEvent::CapabilitiesRefused { .. })), "{out:#?}");
    assert_eq!(p.state(), State::I_Open);
}

/// A CEA with the E bit (RFC 6733 §7.2; DIAMETER_UNKNOWN_PEER from a node that does not know us)
/// refuses our CER: the connection is closed and the refusal reported with its Result-Code.
#[test]
fn a_cea_with_the_e_bit_refuses_the_capabilities_exchange() {
    let mut p = new_peer(client_config());
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    let refusal = answer(command_code::CAPABILITIES_EXCHANGE, 0, cer.hop_by_hop, true, DIAMETER_UNKNOWN_PEER);
    let out = p.received(ms(1), conn, &refusal.encode().unwrap());
    assert_eq!(closes(&out), [conn]);
    let refused = PeerEvent::CapabilitiesRefused { conn, role: Role::Initiator, result_code: DIAMETER_UNKNOWN_PEER };
    assert!(reports(&out).contains(&refused), "{out:#?}");
    assert_eq!(p.state(), State::Closed);
}

/// RFC 3539 §3.4.1 and Appendix A: after a reopen, three watchdogs "sent and answered" put the
/// connection back in service. A DWA to no DWR of ours (RFC 6733 §3: discarded), or a second DWA
/// to the same DWR, is not one of them.
#[test]
fn only_answers_to_our_dwrs_count_towards_the_reopen() {
    let (mut p, conn) = open_initiator();
    p.disconnected(secs(1), conn);
    let tw = p.poll_timeout().unwrap();
    let [conn] = connects(&p.handle_timeout(tw))[..] else { panic!() };
    let (_, Message::Cer(cer)) = only_send(&p.connected(tw + ms(1), conn)) else { panic!() };
    let out = p.received(tw + ms(2), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    let (_, Message::Dwr(dwr)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(p.watchdog_state(), Some(watchdog::State::REOPEN));
    let t = tw + ms(3);
    assert!(p.received(t, conn, &bytes(&their_dwa(&dwr))).is_empty());
    for hop_by_hop in [dwr.hop_by_hop, 0xdead_0001, 0xdead_0002] {
        let stray = Dwr { hop_by_hop, ..dwr.clone() };
        let out = p.received(t, conn, &bytes(&their_dwa(&stray)));
        assert!(unsolicited(&out, conn, hop_by_hop), "{out:#?}");
    }
    assert_eq!(p.watchdog_state(), Some(watchdog::State::REOPEN), "one DWR answered, not three");
    assert_eq!(p.watchdog_ref().counters().dwa_received, 1);
}

/// In OKAY, a DWA to no DWR of ours does not clear the pending DWR: unanswered, it fails over at
/// the next expiry (RFC 3539 row 13).
#[test]
fn a_dwa_to_no_dwr_of_ours_does_not_answer_the_watchdog() {
    for (mut p, conn) in [open_initiator(), open_responder()] {
        let tw = p.poll_timeout().unwrap();
        let (_, Message::Dwr(dwr)) = only_send(&p.handle_timeout(tw)) else { panic!() };
        let stray = Dwr { hop_by_hop: dwr.hop_by_hop.wrapping_add(77), ..dwr.clone() };
        let out = p.received(tw + ms(1), conn, &bytes(&their_dwa(&stray)));
        assert!(unsolicited(&out, conn, stray.hop_by_hop), "{out:#?}");
        assert!(p.watchdog_ref().pending());
        let out = p.handle_timeout(p.poll_timeout().unwrap());
        assert!(reports(&out).contains(&PeerEvent::Failover), "our DWR is still unanswered: {out:#?}");
    }
}

/// A DWA with the E bit that answers our DWR (a peer too busy, say) still shows the peer alive: it
/// is the watchdog's answer (RFC 3539 counts any DWA), and it does not go to the application.
#[test]
fn a_dwa_with_the_e_bit_answers_the_watchdog() {
    let (mut p, conn) = open_initiator();
    let tw = p.poll_timeout().unwrap();
    let (_, Message::Dwr(dwr)) = only_send(&p.handle_timeout(tw)) else { panic!() };
    let busy = answer(command_code::DEVICE_WATCHDOG, 0, dwr.hop_by_hop, true, DIAMETER_TOO_BUSY);
    let out = p.received(tw + ms(1), conn, &busy.encode().unwrap());
    assert!(out.is_empty(), "{out:#?}");
    assert!(!p.watchdog_ref().pending());
    assert_eq!(p.watchdog_ref().counters().dwa_received, 1);
    let out = p.handle_timeout(p.poll_timeout().unwrap());
    assert!(!reports(&out).contains(&PeerEvent::Failover), "{out:#?}");
    assert_eq!(only_send(&out).1.name(), "DWR");
}

/// A DPA that answers no DPR of ours does not close a connection in Closing; the DPA to ours does.
#[test]
fn a_dpa_to_no_dpr_of_ours_is_discarded() {
    for (mut p, conn) in [open_initiator(), open_responder()] {
        let (_, Message::Dpr(dpr)) = only_send(&p.stop(secs(1), DisconnectCause::Rebooting)) else { panic!() };
        let stray = Dpr { hop_by_hop: dpr.hop_by_hop ^ 0xffff, ..dpr.clone() };
        let out = p.received(secs(1) + ms(1), conn, &bytes(&their_dpa(&stray)));
        assert!(unsolicited(&out, conn, stray.hop_by_hop), "{out:#?}");
        assert!(closes(&out).is_empty());
        assert_eq!(p.state(), State::Closing);
        let out = p.received(secs(1) + ms(2), conn, &bytes(&their_dpa(&dpr)));
        assert_eq!((closes(&out), p.state()), (vec![conn], State::Closed));
    }
    // After a DPR received, no DPR of ours waits: any DPA is discarded.
    let (mut p, conn) = open_initiator();
    p.received(secs(1), conn, &bytes(&their_dpr(DisconnectCause::Rebooting)));
    let Message::Dpr(dpr) = their_dpr(DisconnectCause::Rebooting) else { unreachable!() };
    let out = p.received(secs(1) + ms(1), conn, &bytes(&their_dpa(&dpr)));
    assert!(unsolicited(&out, conn, dpr.hop_by_hop), "{out:#?}");
    assert_eq!(p.state(), State::Closing);
}

/// The answers to the application's requests go to the application, each once, on the connection
/// the request went out on; an answer to no request it sent is discarded and reported.
#[test]
fn application_answers_match_the_requests_sent() {
    let (mut p, conn) = open_initiator();
    let (_, Message::Other(ccr)) = only_send(&p.send(secs(1), request(272, 4, vec![]))) else { panic!() };
    let h = ccr.header.hop_by_hop;
    // Unknown Hop-by-Hop Identifier; the right one with another Command Code.
    for (code, hop_by_hop) in [(272, 0x0bad_f00d), (271, h)] {
        let out = p.received(secs(2), conn, &answer(code, 4, hop_by_hop, false, DIAMETER_SUCCESS).encode().unwrap());
        assert!(unsolicited(&out, conn, hop_by_hop), "{out:#?}");
        assert!(!reports(&out).iter().any(|e| matches!(e, PeerEvent::Received { .. })));
    }
    // The answer, with the E bit or not, goes to the application; a second one does not.
    let cca = answer(272, 4, h, true, DIAMETER_TOO_BUSY);
    let out = p.received(secs(2), conn, &cca.encode().unwrap());
    assert_eq!(reports(&out), [PeerEvent::Received { conn, message: cca.clone() }]);
    let out = p.received(secs(2), conn, &cca.encode().unwrap());
    assert!(unsolicited(&out, conn, h), "{out:#?}");
    // A base request of the application's own: its answer is the application's too.
    let dwr = request(command_code::DEVICE_WATCHDOG, 0, vec![]);
    let (_, Message::Other(dwr)) = only_send(&p.send(secs(3), dwr)) else { panic!() };
    let Message::Dwr(template) = their_dwr(0) else { unreachable!() };
    let dwa = their_dwa(&Dwr { hop_by_hop: dwr.header.hop_by_hop, ..template });
    let out = p.received(secs(3), conn, &bytes(&dwa));
    assert_eq!(reports(&out), [PeerEvent::Received { conn, message: dwa.to_raw() }]);
    assert_eq!(p.watchdog_ref().counters().dwa_received, 0, "not the watchdog's");
}

/// At most `max_outstanding_requests` requests wait for their answers: the oldest is forgotten,
/// and its answer discarded; a lost connection forgets its requests.
#[test]
fn outstanding_requests_are_bounded() {
    let mut c = client_config();
    c.max_outstanding_requests = 2;
    let mut p = new_peer(c);
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    p.received(ms(1), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    let sent: Vec<u32> = (0..3)
        .map(|_| {
            let (_, Message::Other(r)) = only_send(&p.send(secs(1), request(272, 4, vec![]))) else { panic!() };
            r.header.hop_by_hop
        })
        .collect();
    let out = p.received(secs(2), conn, &answer(272, 4, sent[0], false, DIAMETER_SUCCESS).encode().unwrap());
    assert!(unsolicited(&out, conn, sent[0]), "the oldest was forgotten: {out:#?}");
    for &h in &sent[1..] {
        let out = p.received(secs(2), conn, &answer(272, 4, h, false, DIAMETER_SUCCESS).encode().unwrap());
        assert!(matches!(reports(&out)[..], [PeerEvent::Received { .. }]), "{out:#?}");
    }
    // Many more than the bound: only the last two are remembered.
    let last: Vec<u32> = (0..1000)
        .map(|_| {
            let (_, Message::Other(r)) = only_send(&p.send(secs(3), request(272, 4, vec![]))) else { panic!() };
            r.header.hop_by_hop
        })
        .collect();
    let received = last
        .iter()
        .filter(|&&h| {
            let out = p.received(secs(4), conn, &answer(272, 4, h, false, DIAMETER_SUCCESS).encode().unwrap());
            matches!(reports(&out)[..], [PeerEvent::Received { .. }])
        })
        .count();
    assert_eq!(received, 2);
}

// --- Reopen (RFC 3539 rows 21, 5, 6, 7) ---------------------------------------------------------

#[test]
fn a_reopened_connection_returns_to_service_after_three_answered_watchdogs() {
    let (mut p, conn) = open_initiator();
    // The connection breaks: DOWN.
    let out = p.disconnected(secs(1), conn);
    assert!(reports(&out).contains(&PeerEvent::Failover));
    let tw = p.poll_timeout().unwrap();
    let [conn] = connects(&p.handle_timeout(tw))[..] else { panic!() };
    let out = p.connected(tw + ms(1), conn);
    let (_, Message::Cer(cer)) = only_send(&out) else { panic!() };
    let out = p.received(tw + ms(2), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    // Row 21: REOPEN, and a DWR at once.
    assert_eq!(watchdog_moves(&out), [(Some(watchdog::State::DOWN), Some(watchdog::State::REOPEN))]);
    let (_, Message::Dwr(dwr)) = only_send(&out) else { panic!("{out:#?}") };
    // Row 7: what is not a DWA is thrown away; a DWR is still answered.
    let ccr = request(272, 4, vec![]);
    let out = p.received(tw + ms(3), conn, &ccr.encode().unwrap());
    let reason = DiscardReason::NotInService;
    assert_eq!(reports(&out), [PeerEvent::Discarded { conn, command_code: 272, hop_by_hop: 77, reason }]);
    assert_eq!(only_send(&p.received(tw + ms(3), conn, &bytes(&their_dwr(9)))).1.name(), "DWA");
    // Three DWAs, one per Tw: failback on the third (rows 6, 6, 5).
    let mut dwr = dwr;
    for n in 1..=3 {
        let out = p.received(p.poll_timeout().unwrap() - ms(1), conn, &bytes(&their_dwa(&dwr)));
        if n < 3 {
            assert!(out.is_empty(), "DWA {n}: {out:#?}");
            assert_eq!(p.watchdog_state(), Some(watchdog::State::REOPEN));
            let expiry = p.poll_timeout().unwrap();
            let out = p.handle_timeout(expiry);
            let (_, Message::Dwr(next)) = only_send(&out) else { panic!("{out:#?}") };
            dwr = next;
        } else {
            assert_eq!(
                reports(&out),
                [
                    PeerEvent::Watchdog { from: Some(watchdog::State::REOPEN), to: Some(watchdog::State::OKAY) },
                    PeerEvent::Failback
                ]
            );
        }
    }
    let ccr = request(272, 4, vec![]);
    let out = p.received(p.poll_timeout().unwrap() - ms(1), conn, &ccr.encode().unwrap());
    assert!(matches!(reports(&out)[..], [PeerEvent::Received { .. }]));
}

// --- Two peers, simulated network ---------------------------------------------------------------

fn pair(twinit_a: u64, twinit_b: u64, seed: u64) -> Sim {
    let a = peer(config("a.example.net", true, twinit_a), seed);
    let b = peer(config("b.example.net", false, twinit_b), seed + 1000);
    let mut sim = Sim::new(a, b);
    sim.start(1);
    sim.start(0);
    sim.run_for(secs(1));
    for side in [0, 1] {
        assert_eq!(sim.peers[side].watchdog_state(), Some(watchdog::State::OKAY), "side {side}");
    }
    sim
}

/// Every DWR of `from` sent since `since` (and long enough ago) is answered by the other side
/// with a DWA of the same identifiers.
fn all_answered(sim: &Sim, from: usize, since: Duration) -> usize {
    let dwrs: Vec<_> =
        sim.sent(from, "DWR").into_iter().filter(|w| w.at >= since && w.at + 2 * LATENCY <= sim.now).collect();
    let dwas: HashSet<(u32, u32)> = sim
        .sent(1 - from, "DWA")
        .iter()
        .map(|w| {
            let h = w.message.header();
            (h.hop_by_hop, h.end_to_end)
        })
        .collect();
    for dwr in &dwrs {
        let h = dwr.message.header();
        assert!(dwas.contains(&(h.hop_by_hop, h.end_to_end)), "DWR {:#x} of side {from} unanswered", h.hop_by_hop);
    }
    dwrs.len()
}

#[test]
fn watchdogs_flow_both_ways_at_tw_and_each_side_answers() {
    for seed in 0..8 {
        let mut sim = pair(6, 6, seed);
        sim.run_for(secs(600));
        let (a, b) = (all_answered(&sim, 0, Duration::ZERO), all_answered(&sim, 1, Duration::ZERO));
        assert!(a > 0 && b > 0, "seed {seed}: DWRs sent {a} and {b}");
        assert!(a + b >= 600 / 8, "seed {seed}: at least one DWR per Twinit + 2 s: {}", a + b);
        // Each DWR goes out Tw (Twinit +/- 2 s) after its sender's timer was last set: by the
        // sender's previous DWR (row 12) or by a message it received (rows 1, 2).
        for side in [0, 1] {
            for dwr in sim.sent(side, "DWR") {
                let set = sim
                    .wire
                    .iter()
                    .filter_map(|w| match w.from == side {
                        true if w.message.name() == "DWR" => Some(w.at),
                        true => None,
                        false => Some(w.at + LATENCY),
                    })
                    .filter(|&t| t < dwr.at)
                    .max()
                    .unwrap();
                let tw = dwr.at - set;
                assert!((secs(4)..=secs(8)).contains(&tw), "seed {seed}: side {side} DWR at {:?}: {tw:?}", dwr.at);
            }
        }
        assert_eq!(sim.peers[0].watchdog_ref().counters().failovers, 0);
    }
}

#[test]
fn a_frozen_peer_is_failed_over_then_reopened_after_three_watchdogs() {
    for seed in 0..8 {
        let mut sim = pair(6, 30, seed);
        sim.run_for(secs(20));
        let frozen_at = sim.now;
        sim.freeze(1);
        sim.run_for(secs(60));
        let a = sim.events_of(0);
        let moves: Vec<(Duration, Option<watchdog::State>)> = a
            .iter()
            .filter_map(|(t, e)| match e {
                PeerEvent::Watchdog { to, .. } if *t > frozen_at => Some((*t, *to)),
                _ => None,
            })
            .collect();
        let [(suspect_at, Some(watchdog::State::SUSPECT)), (down_at, Some(watchdog::State::DOWN)), ..] = moves[..]
        else {
            panic!("seed {seed}: {moves:?}")
        };
        // The last DWR went out at an expiry; SUSPECT one Tw later (row 13), DOWN one more (14).
        let last_dwr = sim.sent(0, "DWR").iter().map(|w| w.at).filter(|&t| t < suspect_at).max().unwrap();
        assert!((secs(4)..=secs(8)).contains(&(suspect_at - last_dwr)), "seed {seed}");
        assert!((secs(4)..=secs(8)).contains(&(down_at - suspect_at)), "seed {seed}");
        assert!(a.contains(&(suspect_at, PeerEvent::Failover)));
        assert_eq!(sim.peers[0].state(), State::Closed);
        // While frozen, each Tw attempts to reopen (row 16), in vain.
        let attempts =
            a.iter().filter(|(t, e)| *t > down_at && matches!(e, PeerEvent::State { event: Event::Start, .. }));
        assert!(attempts.count() >= 3, "seed {seed}");

        // Back: reconnected, REOPEN, three DWRs answered, failback.
        let thawed_at = sim.now;
        sim.thaw(1);
        sim.run_for(secs(60));
        let a = sim.events_of(0);
        let after: Vec<&PeerEvent> = a.iter().filter(|(t, _)| *t > thawed_at).map(|(_, e)| e).collect();
        let reopen =
            after.iter().position(|e| matches!(e, PeerEvent::Watchdog { to: Some(watchdog::State::REOPEN), .. }));
        let failback = after.iter().position(|e| **e == PeerEvent::Failback);
        let (Some(reopen), Some(failback)) = (reopen, failback) else { panic!("seed {seed}: {after:#?}") };
        assert!(reopen < failback);
        let reopen_at = a.iter().filter(|(t, _)| *t > thawed_at).nth(reopen).unwrap().0;
        let failback_at = a.iter().filter(|(t, _)| *t > thawed_at).nth(failback).unwrap().0;
        let dwrs = sim.sent(0, "DWR").into_iter().filter(|w| w.at >= reopen_at && w.at <= failback_at).count();
        assert_eq!(dwrs, 3, "seed {seed}: three watchdogs before failback");
        assert_eq!(sim.peers[0].watchdog_state(), Some(watchdog::State::OKAY));
        all_answered(&sim, 0, thawed_at);
    }
}

#[test]
fn two_peers_disconnect_cleanly() {
    let mut sim = pair(6, 6, 3);
    sim.run_for(secs(10));
    let out = sim.peers[0].stop(sim.now, DisconnectCause::Rebooting);
    sim.apply(0, out);
    sim.run_for(secs(1));
    assert_eq!(sim.peers[0].state(), State::Closed);
    assert_eq!(sim.peers[1].state(), State::Closed);
    let names: Vec<&str> = sim.wire.iter().rev().take(2).map(|w| w.message.name()).collect();
    assert_eq!(names, ["DPA", "DPR"]);
    // The other side saw the DPR and the disconnection; it fails over, as RFC 3539 says.
    assert!(sim.events_of(1).iter().any(|(_, e)| matches!(e, PeerEvent::DisconnectRequested { .. })));
    assert_eq!(sim.peers[1].watchdog_state(), Some(watchdog::State::DOWN));
    assert_eq!(sim.peers[0].watchdog_state(), None);
}

#[test]
fn two_peers_that_stop_at_once_disconnect_cleanly() {
    let mut sim = pair(6, 6, 5);
    sim.run_for(secs(10));
    for side in [0, 1] {
        let out = sim.peers[side].stop(sim.now, DisconnectCause::Rebooting);
        sim.apply(side, out);
    }
    sim.run_for(secs(1));
    for side in [0, 1] {
        assert_eq!(sim.peers[side].state(), State::Closed, "side {side}");
        assert_eq!(sim.sent(side, "DPR").len(), 1);
        assert_eq!(sim.sent(side, "DPA").len(), 1, "side {side} answers the DPR that crossed its own");
        let errors: Vec<_> =
            sim.events_of(side).into_iter().filter(|(_, e)| matches!(e, PeerEvent::Error(_))).collect();
        assert!(errors.is_empty(), "side {side}: {errors:#?}");
    }
}

// --- Random input -------------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Input {
    Start,
    Stop(u32),
    Connected(u8),
    ConnectFailed(u8),
    Accepted,
    Disconnected(u8),
    Bytes(u8, Vec<u8>),
    Message(u8, u8, u32),
    Send(u32, bool),
    Wait(u16),
    Timer,
}

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        Just(Input::Start),
        (0u32..3).prop_map(Input::Stop),
        any::<u8>().prop_map(Input::Connected),
        any::<u8>().prop_map(Input::ConnectFailed),
        Just(Input::Accepted),
        any::<u8>().prop_map(Input::Disconnected),
        (any::<u8>(), proptest::collection::vec(any::<u8>(), 0..64)).prop_map(|(c, b)| Input::Bytes(c, b)),
        (any::<u8>(), 0u8..8, any::<u32>()).prop_map(|(c, k, r)| Input::Message(c, k, r)),
        (any::<u32>(), any::<bool>()).prop_map(|(a, r)| Input::Send(a, r)),
        any::<u16>().prop_map(Input::Wait),
        Just(Input::Timer),
    ]
}

/// A message of kind `kind`, with `r` in its fields.
fn random_message(kind: u8, r: u32) -> Vec<u8> {
    let cer = their_cer(if r.is_multiple_of(2) { "a.example.org" } else { "zz.example.org" }, &[r % 6]);
    let message = match kind {
        0 => Message::Cer(cer),
        1 => their_cea(&cer, [DIAMETER_SUCCESS, DIAMETER_NO_COMMON_APPLICATION, ELECTION_LOST][r as usize % 3], &[4]),
        2 => their_dwr(r),
        3 => {
            let Message::Dwr(dwr) = their_dwr(r) else { unreachable!() };
            their_dwa(&dwr)
        }
        4 => their_dpr(DisconnectCause::from_value(r % 3).unwrap()),
        5 => {
            let Message::Dpr(dpr) = their_dpr(DisconnectCause::Busy) else { unreachable!() };
            their_dpa(&dpr)
        }
        6 => Message::Other(request(r % 1000, r % 7, vec![])),
        _ => {
            // A valid message with one octet changed.
            let mut b = bytes(&Message::Cer(cer));
            let at = r as usize % b.len();
            b[at] ^= (r >> 8) as u8 | 1;
            return b;
        }
    };
    bytes(&message)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// No input sequence panics; every message the peer sends encodes; it never sends on, or
    /// closes twice, a connection it closed; it names every connection it uses.
    #[test]
    fn random_input_never_panics(inputs in proptest::collection::vec(input(), 0..80), initiate in any::<bool>()) {
        let mut c = client_config();
        c.initiate = initiate;
        let mut p = new_peer(c);
        let mut now = Duration::ZERO;
        let mut known: Vec<ConnId> = Vec::new();
        let mut closed: HashSet<ConnId> = HashSet::new();
        let pick = |known: &[ConnId], i: u8| known.get(i as usize % known.len().max(1)).copied().unwrap_or(ConnId(i.into()));
        for input in inputs {
            let out = match input {
                Input::Start => p.start(now),
                Input::Stop(cause) => p.stop(now, DisconnectCause::from_value(cause).unwrap()),
                Input::Connected(i) => p.connected(now, pick(&known, i)),
                Input::ConnectFailed(i) => p.connect_failed(now, pick(&known, i)),
                Input::Accepted => {
                    let (conn, out) = p.accepted(now);
                    known.push(conn);
                    out
                }
                Input::Disconnected(i) => {
                    let conn = pick(&known, i);
                    if known.contains(&conn) {
                        closed.insert(conn);
                    }
                    p.disconnected(now, conn)
                }
                Input::Bytes(i, b) => p.received(now, pick(&known, i), &b),
                Input::Message(i, kind, r) => p.received(now, pick(&known, i), &random_message(kind, r)),
                Input::Send(app, request_bit) => {
                    let mut m = request(272, app % 6, vec![]);
                    m.header.flags.request = request_bit;
                    p.send(now, m)
                }
                Input::Wait(n) => {
                    now += ms(n.into());
                    Vec::new()
                }
                Input::Timer => match p.poll_timeout() {
                    Some(d) => {
                        now = now.max(d);
                        p.handle_timeout(now)
                    }
                    None => Vec::new(),
                },
            };
            for o in &out {
                match o {
                    Output::Connect(conn) => {
                        prop_assert!(!known.contains(conn));
                        known.push(*conn);
                    }
                    Output::Send(conn, message) => {
                        prop_assert!(known.contains(conn), "{conn} unknown");
                        prop_assert!(!closed.contains(conn), "send on closed {conn}: {message:?}");
                        prop_assert!(message.encode().is_ok(), "{message:?}");
                    }
                    // The peer closes what it is told of and does not know (an input here may name
                    // a connection before the peer does): only closes of its own count.
                    Output::Close(conn) if known.contains(conn) => {
                        closed.insert(*conn);
                    }
                    Output::Close(_) => {}
                    Output::Report(PeerEvent::Error(PeerError::Runaway)) => prop_assert!(false, "runaway"),
                    Output::Report(_) => {}
                }
            }
            // The watchdog is told the connection is up exactly when one is open and exchanged.
            if let Some(state) = p.watchdog_state() {
                let open = matches!(state, watchdog::State::OKAY | watchdog::State::SUSPECT | watchdog::State::REOPEN);
                if open {
                    prop_assert!(matches!(p.state(), State::I_Open | State::R_Open | State::Closing), "{:?} {:?}", p.state(), state);
                }
            }
        }
    }
}
