//! Protocol runtimes driven by state machines that the `fsm!` macro compiles from the specs in
//! `specs/`: the Diameter transport failover watchdog (RFC 3539) and SIGTRAN IUA (RFC 4233).
//!
//! [`machines`] holds the generated code of every spec; the runtimes built on it come in their
//! own modules: [`watchdog`] (RFC 3539) and [`iua`] (RFC 4233), on the time types of [`time`].

pub mod diameter;
mod framing;
pub mod iua;
pub mod time;
pub mod watchdog;

pub mod machines {
    //! The generated state machines, one module per spec in `specs/`.

    fsm_macros::fsm!("specs/failover.fsm");
    fsm_macros::fsm!("specs/rfc3539_watchdog.fsm");
    fsm_macros::fsm!("specs/iua_asp.fsm");
    fsm_macros::fsm!("specs/iua_as.fsm");
    fsm_macros::fsm!("specs/iua_asp_side.fsm");
    fsm_macros::fsm!("specs/diameter_peer.fsm");
}

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
