//! Accepted connections before their CER, and malformed input answered or closed.

use std::time::Duration;

use super::{
    UNIX, client_config, closes, ms, new_peer, only_send, open_initiator, open_responder, reports, secs, sends,
};
use crate::support::fixtures::{bytes, request, their_cer, their_dwa, their_dwr};
use rfc_fsm::diameter::codec::result_code::{
    DIAMETER_APPLICATION_UNSUPPORTED, DIAMETER_COMMAND_UNSUPPORTED, DIAMETER_INVALID_HDR_BITS, DIAMETER_MISSING_AVP,
    DIAMETER_SUCCESS, DIAMETER_UNABLE_TO_COMPLY, DIAMETER_UNSUPPORTED_VERSION,
};
use rfc_fsm::diameter::codec::{Avp, CommandFlags, DecodeError, Header, Message, RawMessage, avp_code, command_code};
use rfc_fsm::diameter::peer::{DiscardReason, PeerError, PeerEvent, Role, State};
use rfc_fsm::watchdog;

// --- Accepted connections before their CER ------------------------------------------------------

#[test]
fn an_accepted_connection_must_start_with_a_cer() {
    let (mut p, _) = open_responder();
    let (conn, _) = p.transport_accepted(secs(1));
    let out = p.receive(secs(1), conn, &bytes(&their_dwr(1)));
    assert_eq!(closes(&out), [conn]);
    assert!(sends(&out).is_empty());
    // A CER that does not decode is answered with the error, then closed.
    let (conn, _) = p.transport_accepted(secs(2));
    let cer = request(command_code::CAPABILITIES_EXCHANGE, 0, vec![Avp::utf8(avp_code::ORIGIN_REALM, "x")]);
    let out = p.receive(secs(2), conn, &cer.encode().unwrap());
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
    let (conn, out) = p.transport_accepted(Duration::ZERO);
    assert_eq!(closes(&out), [conn], "not started");
    assert!(matches!(reports(&out)[..], [PeerEvent::Error(PeerError::Refused { .. })]));
    p.start(Duration::ZERO);
    let (first, a) = p.transport_accepted(ms(1));
    let (second, b) = p.transport_accepted(ms(2));
    assert!(a.is_empty() && b.is_empty());
    let (third, out) = p.transport_accepted(ms(3));
    assert_eq!(closes(&out), [first], "the oldest makes room");
    assert!(matches!(reports(&out)[..], [PeerEvent::Error(PeerError::NoCer { conn, .. })] if conn == first));
    // The newcomer is the peer: its CER is answered and it opens.
    let out = p.receive(ms(4), third, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    let (to, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, cea.result_code), (third, DIAMETER_SUCCESS));
    assert_eq!(p.open_connection(), Some((third, Role::Responder)));
    // The one left waiting still times out; the evicted one is gone.
    let out = p.handle_timeout(ms(2) + secs(5));
    assert_eq!(closes(&out), [second]);
    assert!(p.receive(ms(5), first, &bytes(&Message::Cer(their_cer("server.example.org", &[4])))).is_empty());
}

// --- Malformed input ----------------------------------------------------------------------------

#[test]
fn malformed_requests_are_answered_with_their_result_code() {
    let (mut p, conn) = open_initiator();
    let now = secs(1);
    // A DWR without Origin-Host: a DWA with DIAMETER_MISSING_AVP and the Failed-AVP (§7.5).
    let dwr = request(command_code::DEVICE_WATCHDOG, 0, vec![Avp::utf8(avp_code::ORIGIN_REALM, "x")]);
    let out = p.receive(now, conn, &dwr.encode().unwrap());
    let (_, Message::Dwa(dwa)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((dwa.result_code, dwa.hop_by_hop, dwa.end_to_end), (DIAMETER_MISSING_AVP, 77, 88));
    assert_eq!(dwa.failed_avp.unwrap()[0].code, avp_code::ORIGIN_HOST);
    assert!(matches!(reports(&out)[0], PeerEvent::Error(PeerError::Malformed { .. })));

    // The E bit in a request: a protocol error, answered with the E bit (§7.2).
    let mut bad = request(272, 4, vec![]).encode().unwrap();
    bad[4] |= CommandFlags::ERROR;
    let out = p.receive(now, conn, &bad);
    let (_, Message::Other(answer)) = only_send(&out) else { panic!("{out:#?}") };
    assert!(answer.header.flags.error && !answer.header.flags.request);
    assert_eq!((answer.header.command_code, answer.header.application_id), (272, 4));
    assert_eq!(answer.result_code(), Some(DIAMETER_INVALID_HDR_BITS));
    assert_eq!(answer.find(avp_code::ORIGIN_HOST).and_then(Avp::as_str), Some("client.example.net"));

    // Version 2: DIAMETER_UNSUPPORTED_VERSION, a permanent failure without the E bit.
    let mut bad = request(272, 4, vec![]).encode().unwrap();
    bad[0] = 2;
    let out = p.receive(now, conn, &bad);
    let (_, Message::Other(answer)) = only_send(&out) else { panic!("{out:#?}") };
    assert!(!answer.header.flags.error);
    assert_eq!(answer.result_code(), Some(DIAMETER_UNSUPPORTED_VERSION));

    // Too short to have a header: nothing to answer.
    let out = p.receive(now, conn, &[1, 0, 0]);
    assert!(sends(&out).is_empty());
    // A malformed answer: dropped and reported; this one answers no DWR of ours besides.
    let dwa = RawMessage {
        header: Header { command_code: command_code::DEVICE_WATCHDOG, ..Header::default() },
        avps: vec![],
    };
    let out = p.receive(now, conn, &dwa.encode().unwrap());
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
    let out = p.receive(now, conn, &request(999, 0, vec![]).encode().unwrap());
    let (_, Message::Other(answer)) = only_send(&out) else { panic!("{out:#?}") };
    assert!(answer.header.flags.error);
    assert_eq!(answer.result_code(), Some(DIAMETER_COMMAND_UNSUPPORTED));
    // An application not shared: the Session-Id is copied.
    let session = Avp::utf8(263, "client;1;2").with_mandatory(true);
    let out = p.receive(now, conn, &request(272, 16_777_238, vec![session.clone()]).encode().unwrap());
    let (_, Message::Other(answer)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(answer.result_code(), Some(DIAMETER_APPLICATION_UNSUPPORTED));
    assert_eq!(answer.avps[0], session);
    // A shared application: to the application.
    let ccr = request(272, 4, vec![session]);
    let out = p.receive(now, conn, &ccr.encode().unwrap());
    assert!(sends(&out).is_empty());
    assert_eq!(reports(&out), [PeerEvent::Received { conn, message: ccr }]);
    // A second CER on the open connection.
    let out = p.receive(now, conn, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
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
        p.receive(tw + ms(5 + i), conn, &bytes(&their_dwa(&dwr)));
    }
    assert!(hop_by_hop.windows(2).all(|w| w[1] == w[0].wrapping_add(1)), "{hop_by_hop:x?}");
    assert!(end_to_end.iter().all(|e| e >> 20 == (UNIX & 0xfff) as u32), "{end_to_end:x?}");
    assert!(end_to_end.windows(2).all(|w| w[1] & 0xfffff == (w[0] + 1) & 0xfffff));
}
