//! Protocol runtimes driven by state machines that the `fsm!` macro compiles from the specs in
//! `specs/`: the Diameter transport failover watchdog (RFC 3539), the Diameter peer (RFC 6733
//! §5.6, with its tokio driver) and SIGTRAN IUA (RFC 4233) at the SG and at the ASP.
//!
//! [`machines`] holds the generated code of every spec; the runtimes built on it come in their
//! own modules: [`watchdog`] (RFC 3539), [`diameter`] (RFC 6733: codec, sans-IO peer, driver,
//! pcap) and [`iua`] (RFC 4233: codec, SG, ASP, transports, pcap), on the time types of
//! [`time`]. The sans-IO cores take the time and the bytes in and hand back what to send and
//! which timers to set; only the drivers and transports do I/O.

#[cfg(feature = "coverage")]
pub mod coverage;
pub mod diameter;
mod framing;
pub mod iua;
pub mod time;
mod trace;
pub mod watchdog;

pub mod machines {
    //! The generated state machines, one module per spec in `specs/`, each with its diagram
    //! (`generated/NAME.svg`, written by `cargo fsm gen`) in its documentation.

    /// A machine compiled from its spec, its drawing in its documentation; with the `coverage`
    /// feature, its `Machine::step` records each transition it takes ([`crate::coverage`]);
    /// with the `tracing` feature, its `Machine::start` and `Machine::step` emit `tracing`
    /// events. The options are given or left out, never turned off: one arm per combination.
    macro_rules! machine {
        ($spec:literal, $svg:literal) => {
            #[cfg(not(any(feature = "coverage", feature = "tracing")))]
            fsm_macros::fsm!($spec, svg = $svg);
            #[cfg(all(feature = "coverage", not(feature = "tracing")))]
            fsm_macros::fsm!($spec, svg = $svg, coverage = crate::coverage::record);
            #[cfg(all(feature = "tracing", not(feature = "coverage")))]
            fsm_macros::fsm!($spec, svg = $svg, tracing);
            #[cfg(all(feature = "coverage", feature = "tracing"))]
            fsm_macros::fsm!($spec, svg = $svg, coverage = crate::coverage::record, tracing);
        };
    }

    machine!("specs/failover.fsm", "generated/failover.svg");
    machine!("specs/rfc3539_watchdog.fsm", "generated/rfc3539_watchdog.svg");
    machine!("specs/iua_asp.fsm", "generated/iua_asp.svg");
    machine!("specs/iua_as.fsm", "generated/iua_as.svg");
    machine!("specs/iua_asp_side.fsm", "generated/iua_asp_side.svg");
    machine!("specs/diameter_peer.fsm", "generated/diameter_peer.svg");
}

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The book's Rust samples, compiled and run as doctests: an item per chapter of `book/src/`
/// (`tests/it/docs.rs` checks that none is missing).
#[cfg(doctest)]
mod book {
    macro_rules! chapters {
        ($($name:ident = $path:literal,)*) => {
            $(
                #[doc = include_str!(concat!("../book/src/", $path))]
                pub struct $name;
            )*
        };
    }

    chapters! {
        Introduction = "introduction.md",
        Tutorial = "tutorial.md",
        Dsl = "dsl.md",
        Checker = "checker.md",
        Rust = "rust.md",
        Tool = "tool.md",
        Fmt = "fmt.md",
        Diagrams = "diagrams.md",
        Editors = "editors.md",
        Runtimes = "runtimes.md",
        Watchdog = "runtimes/watchdog.md",
        Diameter = "runtimes/diameter.md",
        Iua = "runtimes/iua.md",
        Testing = "testing.md",
        Suites = "testing/suites.md",
        Coverage = "testing/coverage.md",
        Observe = "testing/observe.md",
        Verify = "testing/verify.md",
        Equiv = "testing/equiv.md",
        Fuzzing = "testing/fuzzing.md",
        Soak = "testing/soak.md",
        Performance = "performance.md",
        BenchmarkFigures = "benchmark-figures.md",
        Layout = "layout.md",
    }
}
