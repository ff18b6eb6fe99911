//! Protocol runtimes driven by state machines that the `fsm!` macro compiles from the specs in
//! `specs/`: the Diameter transport failover watchdog (RFC 3539), the Diameter peer (RFC 6733
//! §5.6, with its tokio driver) and SIGTRAN IUA (RFC 4233) at the SG and at the ASP.
//!
//! [`machines`] holds the generated code of every spec; the runtimes built on it come in their
//! own modules: [`watchdog`] (RFC 3539), [`diameter`] (RFC 6733: codec, sans-IO peer, driver,
//! pcap) and [`iua`] (RFC 4233: codec, SG, ASP, transports, pcap), on the time types of
//! [`time`]. The sans-IO cores take the time and the bytes in and hand back what to send and
//! which timers to set; only the drivers and transports do I/O.

pub mod diameter;
mod framing;
pub mod iua;
pub mod time;
pub mod watchdog;

pub mod machines {
    //! The generated state machines, one module per spec in `specs/`, each with its diagram
    //! (`generated/NAME.svg`, written by `cargo fsm gen`) in its documentation.

    fsm_macros::fsm!("specs/failover.fsm", svg = "generated/failover.svg");
    fsm_macros::fsm!("specs/rfc3539_watchdog.fsm", svg = "generated/rfc3539_watchdog.svg");
    fsm_macros::fsm!("specs/iua_asp.fsm", svg = "generated/iua_asp.svg");
    fsm_macros::fsm!("specs/iua_as.fsm", svg = "generated/iua_as.svg");
    fsm_macros::fsm!("specs/iua_asp_side.fsm", svg = "generated/iua_asp_side.svg");
    fsm_macros::fsm!("specs/diameter_peer.fsm", svg = "generated/diameter_peer.svg");
}

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
