//! The `fsm!` macro: compiles a state machine spec into Rust at build time.
//!
//! This crate is a thin shim; the work is done by [`fsm_dsl::expand`], which reads the spec,
//! checks it and generates the code (or the errors). It depends on `fsm-dsl`, the compiler alone
//! (the `fsm` tool is the crate `fsm-cli`), so a crate that uses the macro builds little besides it.

/// Compiles a spec into a module named after the machine (in snake case).
///
/// `fsm!("specs/failover.fsm")` (or `fsm!(path = "specs/failover.fsm")`) reads the spec from a
/// file relative to the crate's `CARGO_MANIFEST_DIR`; `fsm!(source = "...")` takes the text.
/// `fsm!("specs/failover.fsm", dot)` also generates the `DOT` constant, the machine as a
/// Graphviz graph; that option needs this crate's `dot` feature (which adds askama to the build).
/// `fsm!("specs/failover.fsm", tracing)` makes `Machine::start` and `Machine::step` emit a
/// `tracing` event each (target `fsm::MODULE`, level DEBUG, the fields `machine`, `instance`,
/// `from`, `event`, `to`, `kind`, `transition` and `refs`) in the caller's current span; the
/// generated code names `::tracing`, so the crate depends on `tracing` 0.1.
///
/// ```
/// fsm_macros::fsm!(source = "
///     /// A light switch.
///     machine Switch {
///         initial state Off;
///         state On;
///         event Flip;
///         action Lamp;
///         Off -> On on Flip / Lamp;
///         On -> Off on Flip / Lamp;
///     }
/// ");
///
/// let mut vars = switch::Vars::default();
/// let step = switch::step(switch::State::Off, &mut vars, switch::Event::Flip, |_| false);
/// assert_eq!(step.target, switch::State::On);
/// assert_eq!(step.kind, switch::Kind::Transition);
/// assert_eq!(step.actions, &[switch::Action::Lamp]);
/// ```
///
/// The module holds the `State`, `Event`, `Action`, `Guard` and `Timer` enums, the `Guards`
/// and `Vars` structs, the `TRANSITIONS` table, `step` (state, variables and event in, a
/// `Step` out: the target, its `Kind`, the actions, the transition), the `Machine`
/// wrapper with its `Hooks` trait, and with `dot` the `DOT` text. A spec with errors gives one
/// `compile_error!` per error, with the spec's file, line, column and source line.
#[proc_macro]
pub fn fsm(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    fsm_dsl::expand::expand(input.into()).into()
}
