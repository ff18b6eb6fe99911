//! The capabilities exchange (RFC 6733 §5.3) in both roles, and its refusals.

use std::time::Duration;

use super::{UNIX, client_config, closes, connects, ms, new_peer, only_send, reports, secs, sends, waiting_for_cea};
use crate::support::fixtures::{bytes, request, their_cea, their_cer, their_dpr, their_dwr};
use rfc_fsm::diameter::codec::result_code::{DIAMETER_NO_COMMON_APPLICATION, DIAMETER_SUCCESS};
use rfc_fsm::diameter::codec::{ApplicationId, DisconnectCause, Message, VendorSpecificApplicationId};
use rfc_fsm::diameter::peer::{Event, Output, PeerError, PeerEvent, RELAY_APPLICATION_ID, Role, State};
use rfc_fsm::watchdog;

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
    let out = p.transport_up(ms(3), conn);
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
    let out = p.receive(ms(5), conn, &bytes(&cea));
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
    let (conn, _) = p.transport_accepted(ms(1));
    let cer = their_cer("server.example.org", &[4]);
    let out = p.receive(ms(2), conn, &bytes(&Message::Cer(cer.clone())));
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
    let (conn, _) = p.transport_accepted(Duration::ZERO);
    let mut cer = their_cer("server.example.org", theirs);
    cer.capabilities.vendor_specific_application_ids = vendor_specific
        .iter()
        .map(|&id| VendorSpecificApplicationId { vendor_id: 10415, application: ApplicationId::Auth(id) })
        .collect();
    let out = p.receive(Duration::ZERO, conn, &bytes(&Message::Cer(cer)));
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
    let (conn, _) = p.transport_accepted(Duration::ZERO);
    let out = p.receive(ms(1), conn, &bytes(&Message::Cer(their_cer("server.example.org", &[16_777_238]))));
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
    let out = p.receive(ms(4), conn, &bytes(&their_cea(&cer, DIAMETER_NO_COMMON_APPLICATION, &[])));
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
    let out = p.receive(ms(4), conn, &bytes(&their_dwr(5)));
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
        let out = p.receive(ms(4), conn, &bytes(&message));
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
