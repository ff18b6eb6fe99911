//! Random input never panics, and the peer keeps its invariants.

use std::collections::HashSet;
use std::time::Duration;

use super::{client_config, ms, new_peer};
use crate::support::fixtures::{bytes, request, their_cea, their_cer, their_dpa, their_dpr, their_dwa, their_dwr};
use proptest::prelude::*;
use rfc_fsm::diameter::codec::result_code::{DIAMETER_NO_COMMON_APPLICATION, DIAMETER_SUCCESS, ELECTION_LOST};
use rfc_fsm::diameter::codec::{DisconnectCause, Message};
use rfc_fsm::diameter::peer::{ConnId, Output, PeerError, PeerEvent, State};
use rfc_fsm::watchdog;

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
                Input::Connected(i) => p.transport_up(now, pick(&known, i)),
                Input::ConnectFailed(i) => p.transport_failed(now, pick(&known, i)),
                Input::Accepted => {
                    let (conn, out) = p.transport_accepted(now);
                    known.push(conn);
                    out
                }
                Input::Disconnected(i) => {
                    let conn = pick(&known, i);
                    if known.contains(&conn) {
                        closed.insert(conn);
                    }
                    p.transport_down(now, conn)
                }
                Input::Bytes(i, b) => p.receive(now, pick(&known, i), &b),
                Input::Message(i, kind, r) => p.receive(now, pick(&known, i), &random_message(kind, r)),
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
                    Output::Event(PeerEvent::Error(PeerError::Runaway)) => prop_assert!(false, "runaway"),
                    Output::Event(_) => {}
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
