//! The identity the transport proved (TLS, RFC 6733 §13.1) against the Origin-Host of the CER or
//! CEA: the spec's guard `authenticated` in each state that takes one.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use super::{client_config, closes, ms, new_peer, only_send, reports, waiting_for_cea};
use crate::support::fixtures::{THEIR_HOST, bytes, their_cea, their_cer};
use rfc_fsm::diameter::codec::Message;
use rfc_fsm::diameter::codec::result_code::{DIAMETER_SUCCESS, DIAMETER_UNKNOWN_PEER, ELECTION_LOST};
use rfc_fsm::diameter::peer::{ConnId, Event, PeerError, PeerEvent, Role, State, TransportIdentity};

/// A certificate naming one host exactly (no case).
#[derive(Debug)]
struct Certificate(&'static str);

impl fmt::Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl TransportIdentity for Certificate {
    fn proves(&self, origin_host: &str) -> bool {
        origin_host.eq_ignore_ascii_case(self.0)
    }
}

fn certificate(host: &'static str) -> Arc<dyn TransportIdentity> {
    Arc::new(Certificate(host))
}

fn mismatch(conn: ConnId, role: Role, origin_host: &str, certificate: &str) -> PeerEvent {
    PeerEvent::IdentityMismatch { conn, role, origin_host: origin_host.into(), certificate: certificate.into() }
}

#[test]
fn in_closed_a_cer_the_certificate_does_not_prove_is_refused_and_nothing_is_kept() {
    let mut c = client_config();
    c.initiate = false;
    let mut p = new_peer(c);
    p.start(Duration::ZERO);
    let (conn, _) = p.transport_accepted(ms(1));
    p.transport_authenticated(conn, certificate("impostor.example.org"));
    let out = p.receive(ms(2), conn, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    let (to, Message::Other(answer)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!((to, answer.result_code(), answer.header.flags.error), (conn, Some(DIAMETER_UNKNOWN_PEER), true));
    assert_eq!(closes(&out), [conn]);
    let events = reports(&out);
    assert!(events.contains(&mismatch(conn, Role::Responder, "server.example.org", "impostor.example.org")));
    assert_eq!(p.state(), State::Closed);
    assert_eq!(p.connections_held(), 0);

    // The same node with a certificate that names it, in another case: opened.
    let (conn, _) = p.transport_accepted(ms(3));
    p.transport_authenticated(conn, certificate("SERVER.example.org"));
    let out = p.receive(ms(4), conn, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
    let (_, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_eq!(cea.result_code, DIAMETER_SUCCESS);
    assert_eq!(p.state(), State::R_Open);
}

/// In Wait-Conn-Ack and Wait-I-CEA the CER is refused before any election: the state stays.
#[test]
fn while_connecting_a_cer_the_certificate_does_not_prove_is_refused_and_not_elected() {
    for connected in [false, true] {
        let mut p = new_peer(client_config());
        if connected {
            waiting_for_cea(&mut p, Duration::ZERO);
        } else {
            p.start(Duration::ZERO);
        }
        let before = p.state();
        let (accepted, _) = p.transport_accepted(ms(1));
        p.transport_authenticated(accepted, certificate("impostor.example.org"));
        let out = p.receive(ms(2), accepted, &bytes(&Message::Cer(their_cer("server.example.org", &[4]))));
        assert_eq!(closes(&out), [accepted]);
        assert!(!reports(&out).iter().any(|e| matches!(e, PeerEvent::Election { .. })), "{out:#?}");
        assert_eq!(p.state(), before);
    }
}

#[test]
fn in_wait_i_cea_a_cea_the_certificate_does_not_prove_closes_the_connection() {
    let mut p = new_peer(client_config());
    let (conn, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    p.transport_authenticated(conn, certificate("impostor.example.org"));
    let out = p.receive(ms(1), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert_eq!(closes(&out), [conn]);
    let events = reports(&out);
    assert!(events.contains(&mismatch(conn, Role::Initiator, THEIR_HOST, "impostor.example.org")), "{events:#?}");
    assert!(
        events.contains(&PeerEvent::Error(PeerError::Failed { state: State::Wait_I_CEA, event: Event::I_Rcv_CEA }))
    );
    assert_eq!(p.state(), State::Closed);
}

/// In Wait-Returns, having lost the election, a CEA the certificate does not prove closes the
/// initiated connection and the accepted one is answered, as after I-Peer-Disc.
#[test]
fn in_wait_returns_a_cea_the_certificate_does_not_prove_hands_over_to_the_accepted_connection() {
    let mut c = client_config();
    c.capabilities.origin_host = "a.example.net".into();
    let mut p = new_peer(c);
    let (initiated, cer) = waiting_for_cea(&mut p, Duration::ZERO);
    p.transport_authenticated(initiated, certificate("impostor.example.org"));
    let (accepted, _) = p.transport_accepted(ms(1));
    p.transport_authenticated(accepted, certificate("z.example.org"));
    let out = p.receive(ms(2), accepted, &bytes(&Message::Cer(their_cer("z.example.org", &[4]))));
    assert!(reports(&out).contains(&PeerEvent::Election { won: false }));
    assert_eq!(p.state(), State::Wait_Returns);
    let out = p.receive(ms(3), initiated, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    assert!(reports(&out).contains(&mismatch(initiated, Role::Initiator, THEIR_HOST, "impostor.example.org")));
    assert_eq!(closes(&out), [initiated]);
    let (to, Message::Cea(cea)) = only_send(&out) else { panic!("{out:#?}") };
    assert_ne!(cea.result_code, ELECTION_LOST);
    assert_eq!((to, cea.result_code), (accepted, DIAMETER_SUCCESS));
    assert_eq!(p.state(), State::R_Open);
}
