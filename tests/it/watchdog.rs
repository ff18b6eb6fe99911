//! The RFC 3539 watchdog on a virtual clock (time is a `Duration` since an origin): the
//! behaviours of RFC 3539 Appendix A, and properties over random input sequences.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rfc_fsm::watchdog::{
    Config, ConfigError, MessageKind, Output, Outputs, State, TWINIT_MAX, TWINIT_TESTING_MIN, Watchdog,
};
use std::time::Duration;

type Wd = Watchdog<Duration, StdRng>;

fn watchdog(seed: u64) -> Wd {
    Watchdog::new(Config::default(), StdRng::seed_from_u64(seed))
}

/// A started watchdog with its connection up, at the time it came up.
fn okay(seed: u64) -> (Wd, Duration) {
    let mut wd = watchdog(seed);
    let t = Duration::ZERO;
    wd.start(t);
    wd.transport_up(t);
    (wd, t)
}

/// Lets time run to the deadline and fires the timer.
fn expire(wd: &mut Wd) -> (Duration, Outputs) {
    let at = wd.poll_timeout().expect("the timer is armed");
    (at, wd.handle_timeout(at))
}

fn assert_tw_in_range(wd: &Wd) {
    let tw = wd.tw().unwrap();
    assert!(tw >= Duration::from_secs(28) && tw <= Duration::from_secs(32), "Tw {tw:?}");
}

#[test]
fn initial_and_transport_up_goes_to_okay_with_the_timer_armed_and_no_dwr() {
    let mut wd = watchdog(1);
    assert_eq!(wd.state(), None, "not started");
    assert!(wd.start(Duration::ZERO).is_empty());
    assert_eq!(wd.state(), Some(State::INITIAL));
    let t = Duration::from_millis(300);
    assert_eq!(wd.transport_up(t), []);
    assert_eq!(wd.state(), Some(State::OKAY));
    assert_eq!(wd.poll_timeout(), Some(t + wd.tw().unwrap()));
    assert_tw_in_range(&wd);
    assert_eq!(wd.counters().dwr_sent, 0);
}

#[test]
fn okay_expiry_sends_one_dwr_and_the_dwa_clears_pending() {
    let (mut wd, _) = okay(2);
    let (at, outputs) = expire(&mut wd);
    assert_eq!(outputs, [Output::SendDwr]);
    assert!(wd.pending());
    assert_eq!(wd.state(), Some(State::OKAY));
    assert_eq!(wd.receive(at + Duration::from_millis(40), MessageKind::Dwa), []);
    assert!(!wd.pending());
    assert_eq!(wd.counters().dwa_received, 1);
}

#[test]
fn an_answering_peer_gets_a_dwr_every_tw() {
    let (mut wd, _) = okay(3);
    let mut last = Duration::ZERO;
    for _ in 0..100 {
        let tw = wd.tw().unwrap();
        let (at, outputs) = expire(&mut wd);
        assert_eq!(outputs, [Output::SendDwr]);
        // The DWA resets the timer (row 1), so the next DWR comes a Tw after the answer.
        assert_eq!(at - last, tw);
        let answer = at + Duration::from_millis(25);
        wd.receive(answer, MessageKind::Dwa);
        last = answer;
    }
    assert_eq!(wd.counters().dwr_sent, 100);
    assert_eq!(wd.counters().failovers, 0);
    assert_eq!(wd.state(), Some(State::OKAY));
}

#[test]
fn traffic_more_often_than_tw_means_no_dwr_at_all() {
    let (mut wd, mut t) = okay(4);
    for _ in 0..10_000 {
        t += Duration::from_secs(20); // under the smallest Tw, 28 s
        assert_eq!(wd.handle_timeout(t), [], "the timer has not expired");
        assert_eq!(wd.receive(t, MessageKind::Other), []);
    }
    assert_eq!(wd.counters().dwr_sent, 0);
    assert_eq!(wd.state(), Some(State::OKAY));
}

#[test]
fn a_silent_peer_goes_suspect_with_failover_then_down_with_close_after_one_dwr() {
    let (mut wd, _) = okay(5);
    assert_eq!(expire(&mut wd).1, [Output::SendDwr]);
    assert_eq!(expire(&mut wd).1, [Output::Failover]);
    assert_eq!(wd.state(), Some(State::SUSPECT));
    assert_eq!(expire(&mut wd).1, [Output::CloseConnection]);
    assert_eq!(wd.state(), Some(State::DOWN));
    assert_eq!(wd.counters().dwr_sent, 1);
    assert_eq!(wd.counters().failovers, 1);
}

/// Brings a watchdog to DOWN through a silent peer.
fn down(seed: u64) -> Wd {
    let (mut wd, _) = okay(seed);
    for _ in 0..3 {
        expire(&mut wd);
    }
    assert_eq!(wd.state(), Some(State::DOWN));
    wd
}

#[test]
fn down_attempts_to_open_at_each_expiry_and_reopens_with_a_dwr_at_once() {
    let mut wd = down(6);
    for _ in 0..5 {
        assert_eq!(expire(&mut wd).1, [Output::AttemptOpen]);
        assert_eq!(wd.state(), Some(State::DOWN));
    }
    let t = wd.poll_timeout().unwrap() - Duration::from_secs(1);
    assert_eq!(wd.transport_up(t), [Output::SendDwr]);
    assert_eq!(wd.state(), Some(State::REOPEN));
    assert!(wd.pending());
}

#[test]
fn reopen_returns_to_okay_with_failback_after_three_answered_watchdogs() {
    let mut wd = down(7);
    let t = wd.poll_timeout().unwrap();
    assert_eq!(wd.transport_up(t), [Output::SendDwr]); // the first watchdog
    let answer = |wd: &mut Wd, at: Duration| wd.receive(at + Duration::from_millis(10), MessageKind::Dwa);
    assert_eq!(answer(&mut wd, t), []);
    for round in 2..=3 {
        // A DWA does not restart Tw in REOPEN (rows 5-6): the next DWR waits for the expiry.
        let (at, outputs) = expire(&mut wd);
        assert_eq!(outputs, [Output::SendDwr], "watchdog {round}");
        let outputs = answer(&mut wd, at);
        if round < 3 {
            assert_eq!(outputs, []);
            assert_eq!(wd.state(), Some(State::REOPEN));
        } else {
            assert_eq!(outputs, [Output::Failback]);
        }
    }
    assert_eq!(wd.state(), Some(State::OKAY));
    assert_eq!(wd.counters().failbacks, 1);
}

#[test]
fn reopen_with_a_silent_peer_goes_down_after_two_expiries() {
    let mut wd = down(8);
    wd.transport_up(wd.poll_timeout().unwrap());
    assert_eq!(expire(&mut wd).1, [], "row 19: NumDWA = -1, no new DWR");
    assert_eq!(wd.state(), Some(State::REOPEN));
    assert_eq!(expire(&mut wd).1, [Output::CloseConnection]);
    assert_eq!(wd.state(), Some(State::DOWN));
}

#[test]
fn transport_down_fails_over_only_from_okay() {
    let (mut wd, t) = okay(9);
    assert_eq!(wd.transport_down(t), [Output::CloseConnection, Output::Failover]);
    assert_eq!(wd.state(), Some(State::DOWN));

    let (mut wd, _) = okay(10);
    expire(&mut wd);
    expire(&mut wd);
    assert_eq!(wd.state(), Some(State::SUSPECT));
    assert_eq!(wd.transport_down(wd.poll_timeout().unwrap()), [Output::CloseConnection]);
    assert_eq!(wd.state(), Some(State::DOWN));

    let mut wd = down(11);
    let t = wd.poll_timeout().unwrap();
    wd.transport_up(t);
    assert_eq!(wd.state(), Some(State::REOPEN));
    assert_eq!(wd.transport_down(t), [Output::CloseConnection]);
    assert_eq!(wd.state(), Some(State::DOWN));
}

#[test]
fn twinit_below_six_seconds_is_refused_and_defaults_to_thirty() {
    assert_eq!(Config::default().twinit(), Duration::from_secs(30));
    assert_eq!(
        Config::new(Duration::from_millis(5_999)),
        Err(ConfigError::TwinitTooSmall(Duration::from_millis(5_999)))
    );
    assert!(Config::new(Duration::from_secs(6)).is_ok());
    let error = Config::new(Duration::from_secs(1)).unwrap_err().to_string();
    assert!(error.contains("below the minimum of 6 s (RFC 3539 §3.4.1)"), "{error}");
    assert!(Config::for_testing_below_rfc_minimum(Duration::from_secs(3)).is_ok());
    // Under 3 s, even for a test: Tw (Twinit +/- 2 s) could come near zero.
    for twinit in [Duration::from_millis(2_999), Duration::from_millis(2_001), Duration::from_secs(2), Duration::ZERO] {
        assert_eq!(Config::for_testing_below_rfc_minimum(twinit), Err(ConfigError::TwinitTooSmallForTesting(twinit)));
    }
}

#[test]
fn the_testing_twinit_keeps_tw_at_one_second_or_more() {
    let mut wd: Wd =
        Watchdog::new(Config::for_testing_below_rfc_minimum(TWINIT_TESTING_MIN).unwrap(), StdRng::seed_from_u64(1));
    wd.start(Duration::ZERO);
    for _ in 0..10_000 {
        let tw = wd.tw().unwrap();
        assert!((Duration::from_secs(1)..=Duration::from_secs(5)).contains(&tw), "Tw {tw:?}");
        let expiry = wd.poll_timeout().unwrap();
        wd.handle_timeout(expiry);
    }
}

#[test]
fn twinit_above_a_day_is_refused_and_a_day_works() {
    assert_eq!(TWINIT_MAX, Duration::from_secs(86_400));
    for twinit in [Duration::MAX, Duration::MAX - Duration::from_secs(1), TWINIT_MAX + Duration::from_nanos(1)] {
        assert_eq!(Config::new(twinit), Err(ConfigError::TwinitTooLarge(twinit)));
        assert_eq!(Config::for_testing_below_rfc_minimum(twinit), Err(ConfigError::TwinitTooLarge(twinit)));
    }
    let error = Config::new(Duration::MAX).unwrap_err().to_string();
    assert!(error.contains("above the maximum of 24 hours"), "{error}");
    let mut wd: Wd = Watchdog::new(Config::new(TWINIT_MAX).unwrap(), StdRng::seed_from_u64(1));
    wd.start(Duration::ZERO);
    let tw = wd.tw().unwrap();
    assert!(tw >= TWINIT_MAX - Duration::from_secs(2) && tw <= TWINIT_MAX + Duration::from_secs(2), "Tw {tw:?}");
    assert_eq!(wd.poll_timeout(), Some(tw));
}

#[test]
fn a_deadline_past_the_end_of_the_clock_leaves_the_timer_unarmed() {
    let mut wd = watchdog(15);
    let end = Duration::MAX - Duration::from_secs(1);
    assert_eq!(wd.start(end), []);
    assert_eq!(wd.state(), Some(State::INITIAL));
    assert_eq!(wd.poll_timeout(), None, "the deadline cannot be represented, so it is never reached");
    assert_eq!(wd.tw(), None);
    assert_eq!(wd.handle_timeout(Duration::MAX), []);
    assert_eq!(wd.transport_up(end), []);
    assert_eq!(wd.state(), Some(State::OKAY));
}

#[test]
fn inputs_while_stopped_are_ignored_and_not_counted() {
    let mut wd = watchdog(16);
    for kind in [MessageKind::Dwr, MessageKind::Dwa, MessageKind::Other] {
        assert_eq!(wd.receive(Duration::ZERO, kind), []);
    }
    assert_eq!(*wd.counters(), Default::default());
    let (mut wd, t) = okay(17);
    wd.receive(t, MessageKind::Dwr);
    wd.stop(t);
    wd.receive(t, MessageKind::Dwr);
    wd.receive(t, MessageKind::Dwa);
    assert_eq!((wd.counters().dwr_received, wd.counters().dwa_sent, wd.counters().dwa_received), (1, 1, 0));
}

#[test]
fn a_stop_while_failed_over_ends_with_a_failback_when_the_restarted_watchdog_is_in_service() {
    let (mut wd, _) = okay(18);
    expire(&mut wd);
    let (at, outputs) = expire(&mut wd);
    assert_eq!(outputs, [Output::Failover]);
    assert!(wd.failed_over());
    wd.stop(at);
    assert!(wd.failed_over(), "stopping does not move the traffic back");
    wd.start(at);
    assert_eq!(wd.handle_timeout(wd.poll_timeout().unwrap()), [Output::AttemptOpen], "INITIAL, row 15");
    assert_eq!(wd.transport_up(at + Duration::from_secs(40)), [Output::Failback]);
    assert_eq!(wd.state(), Some(State::OKAY));
    assert!(!wd.failed_over());
    assert_eq!((wd.counters().failovers, wd.counters().failbacks), (1, 1));
    // Without a failover, a restart gives no Failback.
    let (mut wd, t) = okay(19);
    wd.stop(t);
    wd.start(t);
    assert_eq!(wd.transport_up(t), []);
    assert_eq!(wd.counters().failbacks, 0);
}

#[test]
fn a_dwr_is_answered_while_the_connection_is_open() {
    let (mut wd, t) = okay(12);
    assert_eq!(wd.receive(t, MessageKind::Dwr), [Output::SendDwa]);
    let mut wd = down(13);
    let t = wd.poll_timeout().unwrap();
    assert_eq!(wd.receive(t, MessageKind::Dwr), [Output::Throwaway], "no connection to answer on");
    wd.transport_up(t);
    // In REOPEN a DWR is answered and does not count towards the validation.
    assert_eq!(wd.receive(t, MessageKind::Dwr), [Output::Throwaway, Output::SendDwa]);
    assert_eq!(wd.counters().dwr_received, 2);
    assert_eq!(wd.counters().dwa_sent, 1);
}

#[test]
fn stop_disarms_and_start_begins_again_from_initial() {
    let (mut wd, t) = okay(14);
    wd.stop(t);
    assert_eq!(wd.state(), None);
    assert_eq!(wd.poll_timeout(), None);
    assert_eq!(wd.transport_down(t), []);
    assert_eq!(wd.handle_timeout(t + Duration::from_secs(100)), []);
    wd.start(t);
    assert_eq!(wd.state(), Some(State::INITIAL));
    assert!(wd.poll_timeout().is_some());
}

#[test]
fn the_same_seed_gives_the_same_tw() {
    let tws = |seed| {
        let (mut wd, _) = okay(seed);
        (0..20).map(|_| expire(&mut wd).0).collect::<Vec<_>>()
    };
    assert_eq!(tws(99), tws(99));
    assert_ne!(tws(99), tws(100));
}

#[derive(Clone, Copy, Debug)]
enum Input {
    Up,
    Down,
    Message(MessageKind),
    /// Time passes: to the deadline (and the timer fires), or by some milliseconds.
    Expire,
    Wait(u32),
    Stop,
    Start,
}

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        2 => Just(Input::Up),
        1 => Just(Input::Down),
        2 => Just(Input::Message(MessageKind::Dwa)),
        1 => Just(Input::Message(MessageKind::Dwr)),
        1 => Just(Input::Message(MessageKind::Other)),
        4 => Just(Input::Expire),
        1 => (0u32..40_000).prop_map(Input::Wait),
        1 => Just(Input::Stop),
        1 => Just(Input::Start),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Random inputs never panic and keep RFC 3539's invariants: at most one DWR outstanding on
    /// a connection, no DWR while the connection is down, every Tw within Twinit +/- 2 s.
    #[test]
    fn random_inputs_keep_the_invariants(seed in any::<u64>(), inputs in proptest::collection::vec(input(), 0..300)) {
        let mut wd = watchdog(seed);
        let mut now = Duration::ZERO;
        wd.start(now);
        let mut connected = false;
        let mut outstanding = 0;
        for input in inputs {
            let outputs = match input {
                Input::Up => {
                    let outputs = wd.transport_up(now);
                    connected |= wd.connection_open();
                    outputs
                }
                Input::Down => {
                    connected = false;
                    outstanding = 0;
                    wd.transport_down(now)
                }
                Input::Message(kind) => {
                    if kind == MessageKind::Dwa {
                        outstanding = 0;
                    }
                    wd.receive(now, kind)
                }
                Input::Expire => match wd.poll_timeout() {
                    Some(at) => {
                        prop_assert!(at >= now);
                        now = at;
                        wd.handle_timeout(now)
                    }
                    None => Outputs::new(),
                },
                Input::Wait(ms) => {
                    now += Duration::from_millis(u64::from(ms));
                    wd.handle_timeout(now)
                }
                Input::Stop => {
                    // Supervision ends; the next connection up is a new connection.
                    wd.stop(now);
                    connected = false;
                    outstanding = 0;
                    Outputs::new()
                }
                Input::Start => wd.start(now),
            };
            for output in &outputs {
                match output {
                    Output::SendDwr => {
                        prop_assert!(connected, "a DWR while the connection is down");
                        outstanding += 1;
                        prop_assert!(outstanding <= 1, "two DWRs outstanding");
                    }
                    Output::CloseConnection => {
                        connected = false;
                        outstanding = 0;
                    }
                    _ => {}
                }
            }
            prop_assert!(!(wd.state() == Some(State::OKAY) && wd.failed_over()), "in service with the traffic failed over");
            if let Some(tw) = wd.tw() {
                prop_assert!(tw >= Duration::from_secs(28) && tw <= Duration::from_secs(32), "Tw {:?}", tw);
                prop_assert!(wd.poll_timeout().unwrap() <= now + tw);
            }
            prop_assert_eq!(wd.state().is_some(), wd.poll_timeout().is_some(), "a running watchdog always has its timer armed");
        }
    }
}

/// A watchdog whose jitter's random source is passed in takes at most 64 octets, for every
/// time type of the crate (the driver's is `tokio::time::Instant`).
#[test]
fn a_watchdog_without_its_own_random_source_takes_at_most_64_octets() {
    assert!(size_of::<Watchdog<tokio::time::Instant, ()>>() <= 64);
    assert!(size_of::<Watchdog<std::time::Instant, ()>>() <= 64);
    assert!(size_of::<Watchdog<Duration, ()>>() <= 64);
    assert!(size_of::<Outputs>() <= 8);
}

/// No row of Appendix A produces more outputs than an `Outputs` holds: two of the row's own
/// (the timer's actions are not outputs), plus a Failback after a restart and a DWA.
#[test]
fn the_output_list_holds_what_any_input_produces() {
    use rfc_fsm::machines::rfc3539_watchdog::TRANSITIONS;
    let most = TRANSITIONS
        .iter()
        .map(|t| t.actions.iter().filter(|a| a.starts().is_none() && a.stops().is_none()).count())
        .max()
        .unwrap();
    assert!(most + 2 <= rfc_fsm::watchdog::MAX_OUTPUTS, "{most} outputs in one row");
}

/// With the random source passed in, the watchdog draws Tw from it: the same seed, the same Tw,
/// and the same as a watchdog that owns a generator seeded alike.
#[test]
fn a_random_source_passed_in_draws_the_same_tw_as_one_owned() {
    let mut owned = watchdog(9);
    let mut lean: Watchdog<Duration, ()> = Watchdog::new(Config::default(), ());
    let mut rng = StdRng::seed_from_u64(9);
    let t = Duration::ZERO;
    assert_eq!(owned.start(t), lean.start_with(t, &mut rng));
    assert_eq!(owned.transport_up(t), lean.transport_up_with(t, &mut rng));
    for _ in 0..20 {
        assert_eq!(owned.poll_timeout(), lean.poll_timeout());
        let at = owned.poll_timeout().unwrap();
        assert_eq!(owned.handle_timeout(at), lean.handle_timeout_with(at, &mut rng));
        assert_eq!(owned.receive(at, MessageKind::Dwa), lean.receive_with(at, MessageKind::Dwa, &mut rng));
        assert_eq!(owned.tw(), lean.tw());
        assert_eq!(owned.state(), lean.state());
    }
    assert_eq!(owned.counters(), lean.counters());
}
