//! The Diameter transport failover watchdog of RFC 3539 (required by RFC 3588 and RFC 6733
//! §5.5), sans-IO: connection events, received messages and timer expiries go in, with the
//! current time; outputs and the next timer deadline come out. No threads, no sleeping, no
//! clock of its own: the caller owns the sockets and the timers.
//!
//! The transitions are those of `specs/rfc3539_watchdog.fsm` (RFC 3539 Appendix A, row for
//! row), compiled by the `fsm!` macro into [`crate::machines::rfc3539_watchdog`]; this module
//! only turns the machine's actions into outputs, draws Tw, and counts. Two things lie outside
//! Appendix A, and this module adds them: the DWA that answers a received DWR (RFC 6733 §5.5),
//! and what [`Watchdog::stop`] and [`Watchdog::start`] mean for traffic that was failed over
//! (see [`Watchdog::stop`]).
//!
//! Randomness is passed in as time is: the watchdog owns no random source, and each input that
//! may set Tw takes the generator its jitter is drawn from (RFC 3539 §3.4.1), so that a
//! watchdog stays within [`MAX_WATCHDOG_SIZE`] (64) octets and a seeded generator makes a run
//! repeatable.
//!
//! ```
//! use rfc_fsm::watchdog::{Output, Config, MessageKind, Watchdog};
//! use rand::SeedableRng;
//! use std::time::Duration;
//!
//! let mut rng = rand::rngs::SmallRng::seed_from_u64(7); // one for any number of watchdogs
//! let mut wd = Watchdog::new(Config::default());
//! let t0 = Duration::ZERO; // any rfc_fsm::time::Time: std or tokio Instant, or a Duration
//! wd.start(t0, &mut rng);
//! assert!(wd.transport_up(t0, &mut rng).is_empty()); // row 20: no DWR on a new connection
//! let expiry = wd.poll_timeout().unwrap();
//! assert_eq!(wd.handle_timeout(expiry, &mut rng), [Output::SendDwr]);
//! assert!(wd.receive(expiry, MessageKind::Dwa, &mut rng).is_empty());
//! assert_eq!(wd.counters().dwr_sent, 1);
//! ```
//!
//! This module holds the [`Watchdog`], its inputs and outputs and the hooks of the generated
//! machine; `watchdog/config.rs` holds [`Config`] and the bounds of Twinit, `watchdog/outputs.rs`
//! the inline list of [`Outputs`] an input returns.

use crate::machines::rfc3539_watchdog as machine;
use crate::time::Time;
use rand::RngExt as _;
use std::time::Duration;

mod config;
mod outputs;
pub use config::{Config, ConfigError, TWINIT_DEFAULT, TWINIT_MAX, TWINIT_MIN, TWINIT_TESTING_MIN};
pub use outputs::{MAX_OUTPUTS, Outputs};

pub use machine::State;

/// The jitter added to Twinit each time Tw is set: uniform in [-2 s, +2 s] (RFC 3539 §3.4.1).
pub const JITTER: Duration = Duration::from_secs(2);

/// What the caller must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Output {
    /// Send a Device-Watchdog-Request to the peer (RFC 3539 SendWatchdog()).
    SendDwr,
    /// Answer the peer's Device-Watchdog-Request with a Device-Watchdog-Answer (RFC 6733 §5.5.2).
    SendDwa,
    /// Try to open the transport connection; report the result with
    /// [`Watchdog::transport_up`] (RFC 3539 AttemptOpen()).
    AttemptOpen,
    /// Close the transport connection (RFC 3539 CloseConnection()).
    CloseConnection,
    /// Send the requests pending on this connection to an alternate peer, and route new ones
    /// there (RFC 3539 Failover()).
    Failover,
    /// Route requests to this connection again (RFC 3539 Failback()). Also emitted by the first
    /// connection a restarted watchdog puts in service, when traffic was failed over at the
    /// [`stop`](Watchdog::stop).
    Failback,
    /// Do not hand the message just received to the application: the connection is not in
    /// service (RFC 3539 Throwaway()). It concerns the application only: a DWR that comes with
    /// `Throwaway` (in REOPEN) is still answered, and [`SendDwa`](Output::SendDwa) follows in
    /// the same list; the DWA is the watchdog's own answer, not the application's.
    Throwaway,
}

/// The kind of a received message, as the watchdog needs to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MessageKind {
    /// A Device-Watchdog-Answer.
    Dwa,
    /// A Device-Watchdog-Request (a non-DWA message that also needs an answer).
    Dwr,
    /// Any other message.
    Other,
}

/// Counts of the watchdog exchange on one connection, since the watchdog was created. Inputs
/// while the watchdog is stopped are ignored, and not counted. Each count is 32 bits (so that a
/// [`Watchdog`] stays within 64 octets) and saturates at `u32::MAX`: at one DWR per Tw of 6 s
/// or more, over 800 years.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// DWRs sent.
    pub dwr_sent: u32,
    /// DWAs received.
    pub dwa_received: u32,
    /// DWRs received.
    pub dwr_received: u32,
    /// DWAs sent (answers to received DWRs).
    pub dwa_sent: u32,
    /// Failovers (traffic moved away from this connection).
    pub failovers: u32,
    /// Failbacks (traffic moved back).
    pub failbacks: u32,
}

/// The most octets a [`Watchdog`] takes for the time types of this crate (`std` and `tokio`
/// `Instant`, `Duration`): 64, so that a fleet of 10^6 watchdogs fits in 64 MB.
/// The watchdog owns no random source (the jitter's generator is lent to each input), which is
/// what keeps it this small: a `StdRng` alone is 320 octets. Checked at compile time.
pub const MAX_WATCHDOG_SIZE: usize = 64;

const _: () = assert!(size_of::<Watchdog<std::time::Instant>>() <= MAX_WATCHDOG_SIZE);
const _: () = assert!(size_of::<Watchdog<Duration>>() <= MAX_WATCHDOG_SIZE);
#[cfg(feature = "tokio")]
const _: () = assert!(size_of::<Watchdog<tokio::time::Instant>>() <= MAX_WATCHDOG_SIZE);

/// The watchdog of one peer connection. `T` is the time type (a [`Time`]: `std::time::Instant`,
/// `tokio::time::Instant`, or a `Duration` since an origin for a virtual clock).
///
/// Randomness is an input, as time is: the watchdog owns no random source, and each input that
/// may set Tw ([`start`](Self::start), [`transport_up`](Self::transport_up),
/// [`transport_down`](Self::transport_down), [`receive`](Self::receive),
/// [`handle_timeout`](Self::handle_timeout)) takes the generator to draw the jitter from
/// (`rng`, any [`rand::Rng`], after the input's own arguments), so that many watchdogs share
/// one and a seeded one makes a run repeatable. A watchdog thus takes at most
/// [`MAX_WATCHDOG_SIZE`] (64) octets. No input allocates: outputs come back as [`Outputs`],
/// inline. With the feature `tracing`, its machine's events go in the span current at each
/// input (a [`Peer`](crate::diameter::peer::Peer)'s connection span, for the peer's
/// watchdog): the watchdog holds no span, and keeps its size.
///
/// While the watchdog runs, Tw is always armed, unless `now + Tw` cannot be represented by `T`
/// (a virtual clock near `Duration::MAX`): such a deadline is never reached, and
/// [`poll_timeout`](Self::poll_timeout) is `None`.
#[derive(Clone, Debug)]
pub struct Watchdog<T> {
    deadline: Option<T>,
    config: Config,
    /// The Tw last drawn, in nanoseconds (0: none; Tw is at least 1 s).
    tw_nanos: u64,
    counters: Counters,
    /// `None` until started, and after a stop.
    machine: Option<machine::Machine>,
    /// A Failover was emitted and no Failback since: the caller routes this connection's
    /// traffic to an alternate peer. Kept across `stop` and `start`.
    failed_over: bool,
}

/// The watchdog's part in a step of its machine: its actions become outputs, Tw is drawn
/// and armed (RFC 3539 §3.4.1).
struct Rfc3539WatchdogHooks<'a, T, G: ?Sized> {
    now: T,
    wd: &'a mut Watchdog<T>,
    rng: &'a mut G,
    outputs: Outputs,
}

impl<T, G> machine::Hooks for Rfc3539WatchdogHooks<'_, T, G>
where
    T: Time,
    G: rand::Rng + ?Sized,
{
    fn action(&mut self, action: machine::Action) {
        let counters = &mut self.wd.counters;
        let output = match action {
            machine::Action::SetWatchdog => {
                // Tw = Twinit - 2 s + 4 s * random() (RFC 3539 Appendix A), to the nanosecond.
                // Twinit lies in [3 s, 24 h] (see `Config`), so this neither underflows nor
                // overflows; the saturating forms only make that obvious.
                let jitter = self.rng.random_range(0..=2 * JITTER_NANOS);
                let tw = self.wd.config.twinit_nanos.saturating_sub(JITTER_NANOS).saturating_add(jitter);
                self.wd.tw_nanos = tw;
                // A deadline past the end of the time type is never reached: the timer stays
                // unarmed (see `crate::time`).
                self.wd.deadline = self.now.checked_add(Duration::from_nanos(tw));
                return;
            }
            machine::Action::SendWatchdog => {
                counters.dwr_sent = counters.dwr_sent.saturating_add(1);
                Output::SendDwr
            }
            machine::Action::Failover => {
                counters.failovers = counters.failovers.saturating_add(1);
                self.wd.failed_over = true;
                Output::Failover
            }
            machine::Action::Failback => {
                counters.failbacks = counters.failbacks.saturating_add(1);
                self.wd.failed_over = false;
                Output::Failback
            }
            machine::Action::CloseConnection => Output::CloseConnection,
            machine::Action::AttemptOpen => Output::AttemptOpen,
            machine::Action::Throwaway => Output::Throwaway,
        };
        self.outputs.push(output);
    }
}

/// [`JITTER`] in nanoseconds.
const JITTER_NANOS: u64 = JITTER.as_secs() * 1_000_000_000;

/// Whether the transport connection is open in this state: OKAY, SUSPECT or REOPEN.
fn open_in(state: State) -> bool {
    matches!(state, State::OKAY | State::SUSPECT | State::REOPEN)
}

impl<T: Time> Watchdog<T> {
    /// A stopped watchdog: [`start`](Self::start) begins the supervision.
    pub fn new(config: Config) -> Self {
        Watchdog {
            deadline: None,
            config,
            tw_nanos: 0,
            counters: Counters::default(),
            machine: None,
            failed_over: false,
        }
    }

    /// One step of the machine, through the generated `Machine::step`.
    #[inline]
    fn handle<G: rand::Rng + ?Sized>(&mut self, now: T, event: machine::Event, rng: &mut G) -> Outputs {
        let Some(mut m) = self.machine else { return Outputs::new() };
        let mut hooks = Rfc3539WatchdogHooks { now, wd: self, rng, outputs: Outputs::new() };
        let target = m.step(event, &mut hooks).target;
        let mut outputs = hooks.outputs;
        self.machine = Some(m);
        // Within Appendix A every way back to OKAY after a Failover fails back (rows 3 to 5), so
        // OKAY with traffic still failed over only happens after a stop and a start: row 20
        // puts the new connection in service, and the traffic comes back to it.
        if self.failed_over && target == State::OKAY {
            self.failed_over = false;
            self.counters.failbacks = self.counters.failbacks.saturating_add(1);
            outputs.push(Output::Failback);
        }
        outputs
    }

    /// Starts supervising: the machine enters INITIAL and Tw is set, its jitter drawn from
    /// `rng`. A watchdog already running is left as it is. Returns the outputs (none: INITIAL
    /// only sets the timer).
    pub fn start(&mut self, now: T, rng: &mut (impl rand::Rng + ?Sized)) -> Outputs {
        if self.machine.is_some() {
            return Outputs::new();
        }
        let mut hooks = Rfc3539WatchdogHooks { now, wd: self, rng, outputs: Outputs::new() };
        let m = machine::Machine::start(&mut hooks);
        let outputs = hooks.outputs;
        self.machine = Some(m);
        outputs
    }

    /// The transport connection is established (RFC 3539 rows 20-21); Tw's jitter is drawn
    /// from `rng`. After a stop while traffic was failed over, row 20 also fails back (see
    /// [`stop`](Self::stop)).
    pub fn transport_up(&mut self, now: T, rng: &mut (impl rand::Rng + ?Sized)) -> Outputs {
        self.handle(now, machine::Event::ConnectionUp, rng)
    }

    /// The transport connection is lost (RFC 3539 rows 22-24); Tw's jitter is drawn from `rng`.
    pub fn transport_down(&mut self, now: T, rng: &mut (impl rand::Rng + ?Sized)) -> Outputs {
        self.handle(now, machine::Event::ConnectionDown, rng)
    }

    /// A message was received on the connection (RFC 3539 rows 1-11); Tw's jitter is drawn
    /// from `rng`. A DWR is answered with a DWA ([`Output::SendDwa`], RFC 6733 §5.5) while the
    /// connection is open, in REOPEN too, where it comes after [`Throwaway`](Output::Throwaway)
    /// (row 7: the DWR means nothing to the application) and does not count towards the reopen
    /// validation. While stopped the message is ignored and not counted.
    #[inline]
    pub fn receive(&mut self, now: T, kind: MessageKind, rng: &mut (impl rand::Rng + ?Sized)) -> Outputs {
        let Some(m) = self.machine else { return Outputs::new() };
        let open = open_in(m.state());
        let event = match kind {
            MessageKind::Dwa => {
                self.counters.dwa_received = self.counters.dwa_received.saturating_add(1);
                machine::Event::DWA
            }
            MessageKind::Dwr => {
                self.counters.dwr_received = self.counters.dwr_received.saturating_add(1);
                machine::Event::NonDWA
            }
            MessageKind::Other => machine::Event::NonDWA,
        };
        let mut outputs = self.handle(now, event, rng);
        if kind == MessageKind::Dwr && open {
            self.counters.dwa_sent = self.counters.dwa_sent.saturating_add(1);
            outputs.push(Output::SendDwa);
        }
        outputs
    }

    /// The timer fired. If `now` is at or after the deadline, Tw has expired (RFC 3539 rows
    /// 12-19) and the next Tw's jitter is drawn from `rng`; an early or stale call (no
    /// deadline, or `now` before it) does nothing and draws nothing.
    pub fn handle_timeout(&mut self, now: T, rng: &mut (impl rand::Rng + ?Sized)) -> Outputs {
        match self.deadline {
            Some(deadline) if now >= deadline => {
                self.deadline = None;
                self.handle(now, machine::Event::TwExpiry, rng)
            }
            _ => Outputs::new(),
        }
    }

    /// Stops supervising: the timer is disarmed and every input is ignored (and not counted)
    /// until the next [`start`](Self::start), which begins again from INITIAL, where a
    /// connection up is taken as a new connection (the caller closes the old one). The counters
    /// are kept.
    ///
    /// Stopping does not move traffic: if a [`Failover`](Output::Failover) is in force (see
    /// [`failed_over`](Self::failed_over)), the caller keeps routing to the alternate peer,
    /// and the restarted watchdog emits [`Failback`](Output::Failback) when it puts a
    /// connection in service (OKAY, row 20), so the routing never stays on the alternate
    /// peer unnoticed. A caller that gives up on this peer for good moves its traffic itself.
    ///
    /// The time comes first, as in every input, though stopping depends on it in nothing; no
    /// random source, as no Tw is set.
    pub fn stop(&mut self, _now: T) {
        self.machine = None;
        self.deadline = None;
        self.tw_nanos = 0;
    }

    /// When the timer fires next, if it is armed.
    pub fn poll_timeout(&self) -> Option<T> {
        self.deadline
    }

    /// The Tw last drawn (Twinit with jitter), if the timer is armed.
    pub fn tw(&self) -> Option<Duration> {
        (self.deadline.is_some() && self.tw_nanos > 0).then(|| Duration::from_nanos(self.tw_nanos))
    }

    /// The state, or `None` when stopped.
    pub fn state(&self) -> Option<State> {
        self.machine.as_ref().map(machine::Machine::state)
    }

    /// Whether a DWR is outstanding (RFC 3539 Pending).
    pub fn pending(&self) -> bool {
        self.machine.as_ref().is_some_and(|m| m.vars().Pending)
    }

    /// Whether traffic is failed over: a [`Failover`](Output::Failover) was emitted and no
    /// [`Failback`](Output::Failback) since, whether or not the watchdog was stopped meanwhile.
    pub fn failed_over(&self) -> bool {
        self.failed_over
    }

    /// Whether the transport connection is open, as far as the watchdog knows: OKAY, SUSPECT
    /// or REOPEN.
    pub fn connection_open(&self) -> bool {
        self.state().is_some_and(open_in)
    }

    /// The counters.
    pub fn counters(&self) -> &Counters {
        &self.counters
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }
}
