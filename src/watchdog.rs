//! The Diameter transport failover watchdog of RFC 3539 (required by RFC 3588 and RFC 6733
//! §5.5), sans-IO: connection events, received messages and timer expiries go in, with the
//! current time; commands and the next timer deadline come out. No threads, no sleeping, no
//! clock of its own: the caller owns the sockets and the timers.
//!
//! The transitions are those of `specs/rfc3539_watchdog.fsm` (RFC 3539 Appendix A, row for
//! row), compiled by the `fsm!` macro into [`crate::machines::rfc3539_watchdog`]; this module
//! only turns the machine's actions into commands, draws Tw, and counts. Two things lie outside
//! Appendix A, and this module adds them: the DWA that answers a received DWR (RFC 6733 §5.5),
//! and what [`Watchdog::stop`] and [`Watchdog::start`] mean for traffic that was failed over
//! (see [`Watchdog::stop`]).
//!
//! ```
//! use rfc_fsm::watchdog::{Command, Config, MessageKind, Watchdog};
//! use rand::SeedableRng;
//! use std::time::Duration;
//!
//! let rng = rand::rngs::StdRng::seed_from_u64(7);
//! let mut wd = Watchdog::new(Config::default(), rng);
//! let t0 = Duration::ZERO; // any rfc_fsm::time::Time: std or tokio Instant, or a Duration
//! wd.start(t0);
//! assert!(wd.connection_up(t0).is_empty()); // row 20: no DWR on a new connection
//! let expiry = wd.deadline().unwrap();
//! assert_eq!(wd.timer_expired(expiry), [Command::SendDwr]);
//! assert!(wd.message_received(expiry, MessageKind::Dwa).is_empty());
//! assert_eq!(wd.counters().dwr_sent, 1);
//! ```

use crate::machines::rfc3539_watchdog as machine;
use crate::time::Time;
use rand::RngExt as _;
use std::time::Duration;
use thiserror::Error;

pub use machine::State;

/// Twinit when none is configured: 30 s (RFC 3539 §3.4.1).
pub const TWINIT_DEFAULT: Duration = Duration::from_secs(30);
/// The smallest Twinit allowed: 6 s (RFC 3539 §3.4.1: "MUST NOT be set lower than 6 seconds").
pub const TWINIT_MIN: Duration = Duration::from_secs(6);
/// The largest Twinit allowed: 24 hours. RFC 3539 sets no maximum; a watchdog that waits longer
/// than a day before its first DWR detects nothing useful, and the bound keeps Tw (Twinit + 2 s)
/// far from any overflow.
pub const TWINIT_MAX: Duration = Duration::from_secs(24 * 60 * 60);
/// The jitter added to Twinit each time Tw is set: uniform in [-2 s, +2 s] (RFC 3539 §3.4.1).
pub const JITTER: Duration = Duration::from_secs(2);
/// The smallest Twinit [`Config::for_testing_below_rfc_minimum`] allows: 3 s, so that Tw (Twinit
/// +/- 2 s) is never under 1 s.
pub const TWINIT_TESTING_MIN: Duration = Duration::from_secs(3);

/// A configuration that RFC 3539 does not allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// Twinit under 6 s (under 3 s for [`Config::for_testing_below_rfc_minimum`]).
    #[error("Twinit of {0:?} is below the minimum of 6 s (RFC 3539 §3.4.1)")]
    TwinitTooSmall(Duration),
    /// Twinit under [`TWINIT_TESTING_MIN`] (3 s), even for a test.
    #[error("Twinit of {0:?} is below the minimum of 3 s for tests (Tw would drop under 1 s)")]
    TwinitTooSmallForTesting(Duration),
    /// Twinit over [`TWINIT_MAX`] (24 hours).
    #[error("Twinit of {0:?} is above the maximum of 24 hours")]
    TwinitTooLarge(Duration),
}

/// The watchdog's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    twinit: Duration,
}

impl Config {
    /// A configuration with the given Twinit, which must be at least [`TWINIT_MIN`] (6 s, RFC
    /// 3539 §3.4.1) and at most [`TWINIT_MAX`] (24 hours).
    ///
    /// # Errors
    ///
    /// [`ConfigError::TwinitTooSmall`] for a Twinit under 6 s, [`ConfigError::TwinitTooLarge`]
    /// for one over 24 hours.
    pub fn new(twinit: Duration) -> Result<Self, ConfigError> {
        if twinit < TWINIT_MIN {
            return Err(ConfigError::TwinitTooSmall(twinit));
        }
        Self::at_most_max(twinit)
    }

    /// A configuration that may break RFC 3539's 6 s minimum, for tests against real peers
    /// that must run quickly. Twinit must still be at least [`TWINIT_TESTING_MIN`] (3 s), so
    /// that Tw (Twinit +/- 2 s of jitter) is at least 1 s, and at most [`TWINIT_MAX`] (24
    /// hours).
    ///
    /// # Errors
    ///
    /// [`ConfigError::TwinitTooSmallForTesting`] for a Twinit under 3 s,
    /// [`ConfigError::TwinitTooLarge`] for one over 24 hours.
    pub fn for_testing_below_rfc_minimum(twinit: Duration) -> Result<Self, ConfigError> {
        if twinit < TWINIT_TESTING_MIN {
            return Err(ConfigError::TwinitTooSmallForTesting(twinit));
        }
        Self::at_most_max(twinit)
    }

    fn at_most_max(twinit: Duration) -> Result<Self, ConfigError> {
        if twinit > TWINIT_MAX {
            return Err(ConfigError::TwinitTooLarge(twinit));
        }
        Ok(Config { twinit })
    }

    /// Twinit.
    pub fn twinit(&self) -> Duration {
        self.twinit
    }
}

impl Default for Config {
    /// Twinit of 30 s.
    fn default() -> Self {
        Config { twinit: TWINIT_DEFAULT }
    }
}

/// What the caller must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Send a Device-Watchdog-Request to the peer (RFC 3539 SendWatchdog()).
    SendDwr,
    /// Answer the peer's Device-Watchdog-Request with a Device-Watchdog-Answer (RFC 6733 §5.5.2).
    SendDwa,
    /// Try to open the transport connection; report the result with
    /// [`Watchdog::connection_up`] (RFC 3539 AttemptOpen()).
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
    /// `Throwaway` (in REOPEN) is still answered, and [`SendDwa`](Command::SendDwa) follows in
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
/// while the watchdog is stopped are ignored, and not counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// DWRs sent.
    pub dwr_sent: u64,
    /// DWAs received.
    pub dwa_received: u64,
    /// DWRs received.
    pub dwr_received: u64,
    /// DWAs sent (answers to received DWRs).
    pub dwa_sent: u64,
    /// Failovers (traffic moved away from this connection).
    pub failovers: u64,
    /// Failbacks (traffic moved back).
    pub failbacks: u64,
}

/// The watchdog of one peer connection. `T` is the time type (a [`Time`]: `std::time::Instant`,
/// `tokio::time::Instant`, or a `Duration` since an origin for a virtual clock); `R` is the
/// random source of the jitter, injectable and seedable.
///
/// While the watchdog runs, Tw is always armed, unless `now + Tw` cannot be represented by `T`
/// (a virtual clock near `Duration::MAX`): such a deadline is never reached, and
/// [`deadline`](Self::deadline) is `None`.
#[derive(Clone, Debug)]
pub struct Watchdog<T, R> {
    config: Config,
    rng: R,
    /// `None` until started, and after a stop.
    machine: Option<machine::Machine>,
    deadline: Option<T>,
    tw: Option<Duration>,
    counters: Counters,
    /// A Failover was emitted and no Failback since: the caller routes this connection's
    /// traffic to an alternate peer. Kept across `stop` and `start`.
    failed_over: bool,
}

/// Collects the machine's actions as commands.
struct Collect<'a, T, R> {
    now: T,
    config: Config,
    rng: &'a mut R,
    deadline: &'a mut Option<T>,
    tw: &'a mut Option<Duration>,
    counters: &'a mut Counters,
    failed_over: &'a mut bool,
    commands: Vec<Command>,
}

impl<T, R> machine::Hooks for Collect<'_, T, R>
where
    T: Time,
    R: rand::Rng,
{
    fn action(&mut self, action: machine::Action) {
        let command = match action {
            machine::Action::SetWatchdog => {
                // Tw = Twinit - 2 s + 4 s * random() (RFC 3539 Appendix A), to the nanosecond.
                // Twinit lies in [3 s, 24 h] (see `Config`), so this neither underflows nor
                // overflows; the saturating forms only make that obvious.
                let jitter = Duration::from_nanos(self.rng.random_range(0..=2 * JITTER.as_nanos() as u64));
                let tw = self.config.twinit.saturating_sub(JITTER).saturating_add(jitter);
                *self.tw = Some(tw);
                // A deadline past the end of the time type is never reached: the timer stays
                // unarmed (see `crate::time`).
                *self.deadline = self.now.checked_add(tw);
                return;
            }
            machine::Action::StopTw => {
                *self.deadline = None;
                return;
            }
            machine::Action::SendWatchdog => {
                self.counters.dwr_sent += 1;
                Command::SendDwr
            }
            machine::Action::Failover => {
                self.counters.failovers += 1;
                *self.failed_over = true;
                Command::Failover
            }
            machine::Action::Failback => {
                self.counters.failbacks += 1;
                *self.failed_over = false;
                Command::Failback
            }
            machine::Action::CloseConnection => Command::CloseConnection,
            machine::Action::AttemptOpen => Command::AttemptOpen,
            machine::Action::Throwaway => Command::Throwaway,
        };
        self.commands.push(command);
    }
}

impl<T, R> Watchdog<T, R>
where
    T: Time,
    R: rand::Rng,
{
    /// A stopped watchdog: [`start`](Self::start) begins the supervision.
    pub fn new(config: Config, rng: R) -> Self {
        Watchdog {
            config,
            rng,
            machine: None,
            deadline: None,
            tw: None,
            counters: Counters::default(),
            failed_over: false,
        }
    }

    /// Runs `f` on the machine with hooks that collect commands and set the timer.
    fn drive(&mut self, now: T, f: impl FnOnce(&mut Option<machine::Machine>, &mut Collect<'_, T, R>)) -> Vec<Command> {
        let mut hooks = Collect {
            now,
            config: self.config,
            rng: &mut self.rng,
            deadline: &mut self.deadline,
            tw: &mut self.tw,
            counters: &mut self.counters,
            failed_over: &mut self.failed_over,
            commands: Vec::new(),
        };
        f(&mut self.machine, &mut hooks);
        hooks.commands
    }

    fn handle(&mut self, now: T, event: machine::Event) -> Vec<Command> {
        let mut commands = self.drive(now, |m, hooks| {
            if let Some(m) = m {
                m.handle(event, hooks);
            }
        });
        // Within Appendix A every way back to OKAY after a Failover fails back (rows 3 to 5), so
        // OKAY with traffic still failed over only happens after a stop and a start: row 20
        // puts the new connection in service, and the traffic comes back to it.
        if self.failed_over && self.state() == Some(State::OKAY) {
            self.failed_over = false;
            self.counters.failbacks += 1;
            commands.push(Command::Failback);
        }
        commands
    }

    /// Starts supervising: the machine enters INITIAL and Tw is set. A watchdog already
    /// running is left as it is. Returns the commands (none: INITIAL only sets the timer).
    pub fn start(&mut self, now: T) -> Vec<Command> {
        if self.machine.is_some() {
            return Vec::new();
        }
        self.drive(now, |m, hooks| *m = Some(machine::Machine::start(hooks)))
    }

    /// Stops supervising: the timer is disarmed and every input is ignored (and not counted)
    /// until the next [`start`](Self::start), which begins again from INITIAL, where a
    /// connection up is taken as a new connection (the caller closes the old one). The counters
    /// are kept.
    ///
    /// Stopping does not move traffic: if a [`Failover`](Command::Failover) is in force (see
    /// [`failed_over`](Self::failed_over)), the caller keeps routing to the alternate peer,
    /// and the restarted watchdog emits [`Failback`](Command::Failback) when it puts a
    /// connection in service (OKAY, row 20), so the routing never stays on the alternate
    /// peer unnoticed. A caller that gives up on this peer for good moves its traffic itself.
    pub fn stop(&mut self) {
        self.machine = None;
        self.deadline = None;
        self.tw = None;
    }

    /// The transport connection is established (RFC 3539 rows 20-21). After a stop while
    /// traffic was failed over, row 20 also fails back (see [`stop`](Self::stop)).
    pub fn connection_up(&mut self, now: T) -> Vec<Command> {
        self.handle(now, machine::Event::ConnectionUp)
    }

    /// The transport connection is lost (RFC 3539 rows 22-24).
    pub fn connection_down(&mut self, now: T) -> Vec<Command> {
        self.handle(now, machine::Event::ConnectionDown)
    }

    /// A message was received on the connection (RFC 3539 rows 1-11). A DWR is answered with
    /// a DWA ([`Command::SendDwa`], RFC 6733 §5.5) while the connection is open, in REOPEN too,
    /// where it comes after [`Throwaway`](Command::Throwaway) (row 7: the DWR means nothing to
    /// the application) and does not count towards the reopen validation. While stopped the
    /// message is ignored and not counted.
    pub fn message_received(&mut self, now: T, kind: MessageKind) -> Vec<Command> {
        if self.machine.is_none() {
            return Vec::new();
        }
        let event = match kind {
            MessageKind::Dwa => {
                self.counters.dwa_received += 1;
                machine::Event::DWA
            }
            MessageKind::Dwr => {
                self.counters.dwr_received += 1;
                machine::Event::NonDWA
            }
            MessageKind::Other => machine::Event::NonDWA,
        };
        let open = self.connection_open();
        let mut commands = self.handle(now, event);
        if kind == MessageKind::Dwr && open {
            self.counters.dwa_sent += 1;
            commands.push(Command::SendDwa);
        }
        commands
    }

    /// The timer fired. If `now` is at or after the deadline, Tw has expired (RFC 3539 rows
    /// 12-19); an early or stale call (no deadline, or `now` before it) does nothing.
    pub fn timer_expired(&mut self, now: T) -> Vec<Command> {
        match self.deadline {
            Some(deadline) if now >= deadline => {
                self.deadline = None;
                self.handle(now, machine::Event::TwExpiry)
            }
            _ => Vec::new(),
        }
    }

    /// When the timer fires next, if it is armed.
    pub fn deadline(&self) -> Option<T> {
        self.deadline
    }

    /// The Tw last drawn (Twinit with jitter), if the timer is armed.
    pub fn tw(&self) -> Option<Duration> {
        self.tw.filter(|_| self.deadline.is_some())
    }

    /// The state, or `None` when stopped.
    pub fn state(&self) -> Option<State> {
        self.machine.as_ref().map(machine::Machine::state)
    }

    /// Whether a DWR is outstanding (RFC 3539 Pending).
    pub fn pending(&self) -> bool {
        self.machine.as_ref().is_some_and(|m| m.vars().Pending)
    }

    /// Whether traffic is failed over: a [`Failover`](Command::Failover) was emitted and no
    /// [`Failback`](Command::Failback) since, whether or not the watchdog was stopped meanwhile.
    pub fn failed_over(&self) -> bool {
        self.failed_over
    }

    /// Whether the transport connection is open, as far as the watchdog knows: OKAY, SUSPECT
    /// or REOPEN.
    pub fn connection_open(&self) -> bool {
        matches!(self.state(), Some(State::OKAY | State::SUSPECT | State::REOPEN))
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
