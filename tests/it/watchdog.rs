//! The RFC 3539 watchdog on a virtual clock (time is a `Duration` since an origin): the
//! behaviours of RFC 3539 Appendix A, and properties over random input sequences.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::{SmallRng, StdRng};
use rfc_fsm::watchdog::{
    Config, ConfigError, JITTER, MAX_WATCHDOG_SIZE, MessageKind, Output, Outputs, State, TWINIT_MAX,
    TWINIT_TESTING_MIN, Watchdog,
};
use std::time::Duration;

/// A watchdog on the virtual clock with the seeded generator the test lends to each of its
/// inputs, so that the tests below read as the RFC's rows do: one input, its outputs.
struct Wd {
    wd: Watchdog<Duration>,
    rng: StdRng,
}

impl Wd {
    fn new(config: Config, seed: u64) -> Self {
        Wd { wd: Watchdog::new(config), rng: StdRng::seed_from_u64(seed) }
    }
    fn start(&mut self, now: Duration) -> Outputs {
        self.wd.start(now, &mut self.rng)
    }
    fn transport_up(&mut self, now: Duration) -> Outputs {
        self.wd.transport_up(now, &mut self.rng)
    }
    fn transport_down(&mut self, now: Duration) -> Outputs {
        self.wd.transport_down(now, &mut self.rng)
    }
    fn receive(&mut self, now: Duration, kind: MessageKind) -> Outputs {
        self.wd.receive(now, kind, &mut self.rng)
    }
    fn handle_timeout(&mut self, now: Duration) -> Outputs {
        self.wd.handle_timeout(now, &mut self.rng)
    }
}

/// The watchdog's own accessors (`state`, `poll_timeout`, `stop`, ...).
impl std::ops::Deref for Wd {
    type Target = Watchdog<Duration>;
    fn deref(&self) -> &Watchdog<Duration> {
        &self.wd
    }
}

impl std::ops::DerefMut for Wd {
    fn deref_mut(&mut self) -> &mut Watchdog<Duration> {
        &mut self.wd
    }
}

fn watchdog(seed: u64) -> Wd {
    Wd::new(Config::default(), seed)
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
    let mut wd = Wd::new(Config::for_testing_below_rfc_minimum(TWINIT_TESTING_MIN).unwrap(), 1);
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
    let mut wd = Wd::new(Config::new(TWINIT_MAX).unwrap(), 1);
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

/// A watchdog owns no random source, so it takes at most `MAX_WATCHDOG_SIZE` (64) octets for
/// every time type of the crate (the driver's is `tokio::time::Instant`): a fleet of 10^6 fits
/// in 64 MB.
#[test]
fn a_watchdog_takes_at_most_64_octets() {
    assert_eq!(MAX_WATCHDOG_SIZE, 64);
    assert!(size_of::<Watchdog<tokio::time::Instant>>() <= MAX_WATCHDOG_SIZE);
    assert!(size_of::<Watchdog<std::time::Instant>>() <= MAX_WATCHDOG_SIZE);
    assert!(size_of::<Watchdog<Duration>>() <= MAX_WATCHDOG_SIZE);
    assert!(size_of::<Outputs>() <= 8);
}

/// No row of Appendix A produces more outputs than an `Outputs` holds: two of the row's own
/// (the timer's actions are not outputs), plus a Failback after a restart and a DWA.
#[test]
fn the_output_list_holds_what_any_input_produces() {
    use rfc_fsm::machines::rfc3539_watchdog::Action;
    let spec = fsm_dsl::compile(include_str!("../../specs/rfc3539_watchdog.fsm")).machine.unwrap();
    let outputs = |t: &fsm_dsl::ir::Transition| {
        let actions = t.effects.iter().filter_map(|e| match e {
            fsm_dsl::ir::Effect::Action(a) => Action::from_name(&spec.action(*a).named.name),
            _ => None,
        });
        actions.filter(|a| a.starts().is_none() && a.stops().is_none()).count()
    };
    let most = spec.transitions.iter().map(outputs).max().unwrap();
    assert!(most + 2 <= rfc_fsm::watchdog::MAX_OUTPUTS, "{most} outputs in one row");
}

/// Tw = Twinit - 2 s + 4 s * random() (RFC 3539 §3.4.1, Appendix A), drawn from the
/// generator lent: 1,000 watchdogs sharing one seeded generator, 100 expiries each, give 100,000
/// Tw that all lie within Twinit +/- 2 s, reach both ends of it to within 10 ms, and are uniform
/// over it: a chi-squared test over 40 bins of 100 ms (39 degrees of freedom) stays under
/// 72.05, the 0.1 % critical value. The seed is fixed, so the test is deterministic; the same
/// statistic over the same draws squeezed into [-2 s, +1.9 s] exceeds it, so the test can fail.
#[test]
fn the_jitter_of_tw_is_uniform_over_twinit_plus_or_minus_two_seconds() {
    const BINS: usize = 40;
    const CRITICAL: f64 = 72.05; // chi-squared, 39 degrees of freedom, p = 0.001
    let twinit = Config::default().twinit();
    let (low, high) = (twinit - JITTER, twinit + JITTER);
    let mut rng = SmallRng::seed_from_u64(3539);
    let mut wds: Vec<Watchdog<Duration>> = (0..1_000).map(|_| Watchdog::new(Config::default())).collect();
    for wd in &mut wds {
        wd.start(Duration::ZERO, &mut rng);
        wd.transport_up(Duration::ZERO, &mut rng);
    }
    // Offsets of each Tw from Twinit - 2 s, as fractions of the 4 s range.
    let mut offsets = Vec::with_capacity(100 * wds.len());
    let (mut shortest, mut longest) = (Duration::MAX, Duration::ZERO);
    for _ in 0..100 {
        for wd in &mut wds {
            let at = wd.poll_timeout().unwrap();
            // Each Tw is set by a DWA (row 1), so that the watchdog stays in OKAY.
            wd.handle_timeout(at, &mut rng);
            wd.receive(at, MessageKind::Dwa, &mut rng);
            let tw = wd.tw().unwrap();
            assert!((low..=high).contains(&tw), "Tw {tw:?}");
            (shortest, longest) = (shortest.min(tw), longest.max(tw));
            offsets.push((tw - low).as_secs_f64() / (high - low).as_secs_f64());
        }
    }
    let ends = Duration::from_millis(10);
    assert!(shortest < low + ends && longest > high - ends, "Tw from {shortest:?} to {longest:?}");
    let chi_squared = |offsets: &[f64]| {
        let mut counts = [0u32; BINS];
        for &offset in offsets {
            counts[((offset * BINS as f64) as usize).min(BINS - 1)] += 1;
        }
        let expected = offsets.len() as f64 / BINS as f64;
        counts.iter().map(|&c| (f64::from(c) - expected).powi(2) / expected).sum::<f64>()
    };
    let uniform = chi_squared(&offsets);
    assert!(uniform < CRITICAL, "chi-squared {uniform:.1} over {BINS} bins: Tw is not uniform");
    // The same draws squeezed into [-2 s, +1.9 s], as a jitter range off by 100 ms would be.
    let short: Vec<f64> = offsets.iter().map(|o| o * 0.975).collect();
    assert!(chi_squared(&short) > CRITICAL, "the test tells a range 100 ms short from the RFC's");
}
