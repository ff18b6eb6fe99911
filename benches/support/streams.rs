//! The event streams the dispatch and tracing-cost benchmarks step the Failover machine
//! (`specs/failover.fsm`) through, the same in both: a reproducible pseudo-random sequence and a
//! watchdog's life, by event name, so that each benchmark maps them onto the `Event` of the
//! module it generated (each `fsm!` expansion has its own type).

/// A reproducible pseudo-random sequence (xorshift64).
pub struct Rng(pub u64);

impl Rng {
    /// The next value, below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A watchdog's life, `len` events: started, connected, then per step 98% a message other than
/// DWA, 1.6% an expiry whose DWR is answered, 0.3% an expiry left unanswered (SUSPECT, then a
/// message fails back), 0.1% a lost connection (reopened and validated by three DWAs).
pub fn watchdog_life(len: usize) -> Vec<&'static str> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut events = vec!["Start", "ConnectionUp"];
    while events.len() < len {
        match rng.below(1000) {
            0..980 => events.push("NonDWA"),
            980..996 => events.extend(["TwExpiry", "DWA"]),
            996..999 => events.extend(["TwExpiry", "TwExpiry", "NonDWA"]),
            _ => events.extend([
                "ConnectionDown",
                "TwExpiry",
                "ConnectionUp",
                "DWA",
                "TwExpiry",
                "DWA",
                "TwExpiry",
                "DWA",
            ]),
        }
    }
    events.truncate(len);
    events
}
