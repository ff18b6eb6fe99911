//! The watchdog's settings: Twinit, within the bounds RFC 3539 §3.4.1 sets (and a day), held
//! in 8 octets.

use super::machine;
use std::time::Duration;
use thiserror::Error;

/// Twinit when none is configured: 30 s (RFC 3539 §3.4.1), as `specs/rfc3539_watchdog.fsm`
/// declares it (`timer Tw = 30 s;`).
pub const TWINIT_DEFAULT: Duration = match machine::Timer::Tw.default_duration() {
    Some(twinit) => twinit,
    None => panic!("specs/rfc3539_watchdog.fsm gives Tw its default"),
};
/// The smallest Twinit allowed: 6 s (RFC 3539 §3.4.1: "MUST NOT be set lower than 6 seconds").
pub const TWINIT_MIN: Duration = Duration::from_secs(6);
/// The largest Twinit allowed: 24 hours. RFC 3539 sets no maximum; a watchdog that waits longer
/// than a day before its first DWR detects nothing useful, and the bound keeps Tw (Twinit + 2 s)
/// far from any overflow.
pub const TWINIT_MAX: Duration = Duration::from_secs(24 * 60 * 60);
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
///
/// Twinit is held in nanoseconds (8 octets: at most [`TWINIT_MAX`], 24 hours, fits), so that a
/// [`Watchdog`](super::Watchdog) stays within 64 octets.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub(super) twinit_nanos: u64,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config").field("twinit", &self.twinit()).finish()
    }
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
        // At most 24 hours: the nanoseconds fit in a u64 (the fallback is never taken).
        Ok(Config { twinit_nanos: u64::try_from(twinit.as_nanos()).unwrap_or(u64::MAX) })
    }

    /// Twinit.
    pub fn twinit(&self) -> Duration {
        Duration::from_nanos(self.twinit_nanos)
    }
}

impl Default for Config {
    /// Twinit of 30 s.
    fn default() -> Self {
        Config { twinit_nanos: TWINIT_DEFAULT.as_secs() * 1_000_000_000 }
    }
}
