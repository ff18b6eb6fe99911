//! The time types of the sans-IO runtimes ([`crate::watchdog`], [`crate::iua`]): they never read
//! a clock; the caller passes the current time with every input, and they compute deadlines as
//! that time plus a timer's [`Duration`].
//!
//! A deadline is computed with [`Time::checked_add`], never with `+`, so that no timer value and
//! no time can make a runtime panic: a deadline the time type cannot represent (a timer of
//! `Duration::MAX`, or a virtual clock near its end) is never reached, and the runtime leaves
//! that timer unarmed. Each runtime documents what an unarmed timer means for it.

use std::time::Duration;

/// A point in time: `std::time::Instant`, `tokio::time::Instant`, or a [`Duration`] since an
/// origin for a virtual clock.
pub trait Time: Copy + Ord {
    /// `self` plus `duration`, or `None` when the result cannot be represented.
    fn checked_add(self, duration: Duration) -> Option<Self>;
}

impl Time for Duration {
    fn checked_add(self, duration: Duration) -> Option<Self> {
        Duration::checked_add(self, duration)
    }
}

impl Time for std::time::Instant {
    fn checked_add(self, duration: Duration) -> Option<Self> {
        std::time::Instant::checked_add(&self, duration)
    }
}

#[cfg(feature = "tokio")]
impl Time for tokio::time::Instant {
    fn checked_add(self, duration: Duration) -> Option<Self> {
        tokio::time::Instant::checked_add(&self, duration)
    }
}

#[cfg(test)]
mod tests {
    use super::Time;
    use std::time::Duration;

    #[test]
    fn an_unrepresentable_sum_is_none() {
        assert_eq!(Time::checked_add(Duration::from_secs(1), Duration::from_secs(2)), Some(Duration::from_secs(3)));
        assert_eq!(Time::checked_add(Duration::from_secs(1), Duration::MAX), None);
        let now = std::time::Instant::now();
        assert_eq!(Time::checked_add(now, Duration::MAX), None);
        assert!(Time::checked_add(now, Duration::from_secs(1)).is_some_and(|t| t > now));
    }

    #[cfg(feature = "tokio")]
    #[test]
    fn tokio_instant_is_a_time() {
        let now = tokio::time::Instant::now();
        assert_eq!(Time::checked_add(now, Duration::MAX), None);
        assert!(Time::checked_add(now, Duration::from_secs(1)).is_some_and(|t| t > now));
    }
}
