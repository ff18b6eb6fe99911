//! The Timeout bounding every wait, and the checks and bounds of the configuration.

use std::time::Duration;

use super::{
    P, UNIX, answer, client_config, closes, connects, ms, new_peer, only_send, open_initiator, reports, secs,
    waiting_for_cea,
};
use crate::support::fixtures::{bytes, request, their_cea};
use rfc_fsm::diameter::codec::result_code::DIAMETER_SUCCESS;
use rfc_fsm::diameter::codec::{DisconnectCause, EncodeError, MAX_MESSAGE_LEN, Message};
use rfc_fsm::diameter::peer::{
    ConfigError, Event, MAX_IDENTITY_LEN, MAX_TIMEOUT, PeerConfig, PeerError, PeerEvent, State,
};

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
    let (other, _) = p.transport_accepted(secs(1));
    let out = p.handle_timeout(secs(6));
    assert_eq!(closes(&out), [other]);
    assert!(matches!(reports(&out)[..], [PeerEvent::Error(PeerError::NoCer { .. })]));
    // Early and stale expiries do nothing.
    let (mut p, _) = open_initiator();
    assert!(p.handle_timeout(ms(1)).is_empty());
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
    p.receive(ms(1), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    for _ in 0..100 {
        let (_, Message::Other(r)) = only_send(&p.send(secs(1), request(272, 4, vec![]))) else { panic!() };
        let out = p.receive(secs(1), conn, &answer(272, 4, r.header.hop_by_hop, false, 2001).encode().unwrap());
        assert!(matches!(reports(&out)[..], [PeerEvent::Received { .. }]));
    }
    for _ in 0..100 {
        assert!(p.transport_accepted(secs(2)).1.is_empty());
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
    p.receive(ms(1), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
    p.stop(secs(1), DisconnectCause::Rebooting);
    assert_eq!(p.poll_timeout(), Some(secs(1) + MAX_TIMEOUT));
    let out = p.handle_timeout(secs(1) + MAX_TIMEOUT);
    assert_eq!((closes(&out), p.state()), (vec![conn], State::Closed));
}
