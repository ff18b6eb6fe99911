//! `fsm verify`: systems of spec machines that talk over channels, explored over every
//! interleaving for deadlocks, unspecified receptions, channel overflows and broken invariants,
//! each violation shown by a shortest message sequence chart.
//!
//! # The system description (`.fsys`)
//!
//! A system file (by convention `specs/systems/NAME.fsys`) has the spec language's lexical
//! conventions (`//` comments, `///` doc comments) and one `system NAME { ... }` of these
//! items, each ending in `;`, in any order:
//!
//! ```text
//! /// Two RFC 3539 watchdogs, each beside a node that answers DWRs, over a lossy link.
//! system WatchdogPair {
//!     instance wa = "../rfc3539_watchdog.fsm";   // a spec, relative to this file
//!     instance ra = "dwa_responder.fsm";
//!     instance c = "sip.fsm" (unreliable = false, T1 = 500); // values of the spec's `param`s
//!     channel ab { DWR, DWA } capacity 2 loss;   // FIFO; faults: loss duplication reordering
//!     send wa.SendWatchdog -> ab.DWR;            // running this action sends this message
//!     flush ab on wa.CloseConnection;            // running this action empties this channel
//!     receive ab.DWR -> wb.NonDWA, rb.DWR;       // the head of ab becomes these events
//!     environment wa.TwExpiry always;            // or `at quiescence`: no message in flight
//!     defer wa.DWA in INITIAL;                   // leave the message at the head in INITIAL
//!     end wa in INITIAL;                         // where the system may rest (and finals)
//!     invariant not_both_down: !(wa == DOWN && wb == DOWN);
//!     home both_okay: wa == OKAY && wb == OKAY;  // reachable again from everywhere
//! }
//! ```
//!
//! - An instance starts with its spec's parameters at the values the system gives them
//!   (checked against each parameter's type and range), the others at their defaults.
//! - A move of the system is one of: the message at a channel's head delivered (it becomes
//!   the events of its `receive` rule, taken by those instances one after the other, atomically);
//!   an `environment` event that the instance's state handles (an event it ignores is no move),
//!   a timer's expiry only while the timer runs (started and not stopped or expired since: the
//!   exploration keeps a bit per such timer, or reads the spec's `running_T` where a guard
//!   tests `[running T]`);
//!   a fault of a channel that allows it (`loss`: any message in it disappears; `duplication`:
//!   the head is copied while there is room; `reordering`: a message overtakes those ahead).
//!   An instance steps as `fsm sim` does (`crate::interp`); its named guards are free, so each
//!   value of them that selects another transition is a move of its own.
//! - Unspecified reception: a message at the head whose event the receiver's state neither
//!   handles, ignores nor `defer`s, or that no `receive` rule takes. A deferred message stays at
//!   the head, blocking its channel, as in P.
//! - Deadlock: no move, and some instance not in an end state (an `end` state or a `final`
//!   one). Overflow: a message sent to a channel that holds `capacity` messages already.
//! - Invariants: `instance == STATE`, `!=`, `instance.VAR` compared with an integer (`==`,
//!   `!=`, `<`, `<=`, `>`, `>=`) or a `bool` one with `true` / `false`, with `!`, `&&`, `||`
//!   and parentheses, checked in every reachable configuration; `invariant NAME at quiescence:`
//!   only in those with no message in flight (an agreement).
//! - Home states: from every reachable configuration some path reaches one where the formula
//!   holds (decided only when the exploration was complete).
//!
//! The exploration (`explore`) is breadth first, so every trace is a shortest one; it stores
//! each configuration exactly, packed (`step::pack`: two octets per instance for its state,
//! one to eight per variable, one per eight timers where it keeps any running, one per channel
//! plus one per message in it). The channels' faults (a loss, a duplication, a reordering) are
//! made by editing the packed octets of the configuration they leave (`step::faults_packed`);
//! the moves that step an instance run on an unpacked copy.
//!
//! # Promela (`--promela`)
//!
//! `fsm verify --promela SYSTEM.fsys [-o FILE]` writes the system as a Promela model instead of
//! exploring it (`promela`), with the semantics above, so that SPIN checks the same state space
//! with another implementation and, with its multi-core (`cc -DNCORE=N`) and swarm (`spin
//! -search -bitstate -swarmN,M`) modes, past one machine's memory. One process holds the whole
//! system, each move one `d_step` option of a `do` loop: a move is atomic across instances,
//! and in one process a `d_step` stores no intermediate state, so SPIN's `pan -c0` (compiled
//! with `-DNOREDUCE -DSAFETY`, the model generated with `spin -o2 -a`, which keeps write-only
//! variables) stores exactly the configurations explored here plus one, the state before the
//! start. Unspecified receptions, overflows and invariants are named assertions
//! (`unspecified_reception`, `channel_overflow`, `invariant_NAME`) taken without changing the
//! configuration (a violating move has no successor, as here); a deadlock is SPIN's invalid end
//! state, an option `timeout && (every instance in an end state)` letting the system rest where
//! it may. Home states are not exported: they are CTL's AG EF, which LTL cannot state (`[] <>
//! home` is another, stronger property). What Promela cannot express with this meaning is
//! refused with a `promela::Error`.
//!
//! # Traces for `fsm observe` (`--traces DIR`)
//!
//! Each violation's trace is also written per instance (`render::instance_traces`), as JSON
//! lines that `fsm observe` replays against the instance's own spec: the parameters the system
//! gives it, then each event it took with its actions and the state after. A test replays
//! every violation of every system of the repository this way, so the exploration's steps and
//! the monitor's reading of the specs are checked against each other.
//!
//! Modules: `syntax` (pest grammar `system.pest`, the tree), `resolve` (names resolved into
//! `model`'s types, every problem reported: `diag`), `step` (one configuration's moves),
//! `explore`, `render`, `promela`.

pub mod diag;
pub mod explore;
pub mod fmt;
pub mod model;
pub mod promela;
pub mod render;
pub mod resolve;
pub mod step;
pub mod syntax;

pub use explore::{Bounds, Property, Report, Stop, Violation, explore};
pub use model::System;

/// The diagnostics of one instance's spec that has errors.
#[derive(Clone, Debug)]
pub struct SpecDiagnostics {
    /// The spec's path as written in the system file.
    pub path: String,
    /// Its text.
    pub text: String,
    /// Its errors, as `fsm check` reports them.
    pub diagnostics: Vec<fsm_dsl::diag::Diagnostic>,
}

/// What reading a system gave.
#[derive(Debug, Default)]
pub struct Checked {
    /// The resolved system, when there is no problem.
    pub system: Option<System>,
    /// The problems of the system text, in text order.
    pub diagnostics: Vec<diag::Diagnostic>,
    /// The specs with errors, each with its own diagnostics (the system is not checked then).
    pub specs: Vec<SpecDiagnostics>,
}

/// Reads a system text. `read` gives the text of a spec path as written in it (relative to the
/// system file), or why it cannot; each distinct path is read and compiled once.
pub fn check(text: &str, read: &mut dyn FnMut(&str) -> Result<String, String>) -> Checked {
    let ast = match syntax::parse(text) {
        Ok(ast) => ast,
        Err(d) => return Checked { diagnostics: vec![d], ..Checked::default() },
    };
    let mut specs = Vec::new();
    let mut load = |path: &str| match read(path) {
        Err(e) => model::Loaded::Unreadable(e),
        Ok(spec) => {
            let compiled = fsm_dsl::compile(&spec);
            match compiled.machine {
                Some(m) => model::Loaded::Machine(Box::new(m)),
                None => {
                    let errors: Vec<fsm_dsl::diag::Diagnostic> =
                        compiled.diagnostics.into_iter().filter(fsm_dsl::diag::Diagnostic::is_error).collect();
                    let n = errors.len().max(1);
                    specs.push(SpecDiagnostics { path: path.to_owned(), text: spec, diagnostics: errors });
                    model::Loaded::Errors(n)
                }
            }
        }
    };
    match resolve::resolve(&ast, &mut load) {
        Ok(system) => Checked { system: Some(system), diagnostics: Vec::new(), specs },
        Err(diagnostics) => Checked { system: None, diagnostics, specs },
    }
}
