//! What `fsm!(..., tracing)` adds to the `Hooks` trait and the `Machine` wrapper: a `tracing`
//! event per step and one at the start, with structured fields, and the `Hooks::instance`
//! method whose value they carry. Off (the default), nothing: the module is the same, token
//! for token, as without the option.
//!
//! The events go in the span that is current where the machine is stepped, so that the caller
//! decides what a machine's span is: the module's `span(instance)`, one per instance of the
//! machine, or one per connection holding several machines, as the runtimes of the root crate
//! do. The machine holds no span, and stays the same `Copy` value of the same size. They are emitted from `Machine::start` and
//! `Machine::step` only, never from the free `step`, which a runtime calls to probe the machine.

use super::{Tracing, dispatch};
use crate::ir::Machine;
use proc_macro2::TokenStream;
use quote::quote;

/// The tracing parts of `m`'s wrapper when `on`; `event` is the expression of the event being
/// handled, in `Machine::step` (`event`, or `input.event()` where events carry data).
pub(super) fn tracing(m: &Machine, on: bool, event: &TokenStream) -> Tracing {
    if !on {
        return Tracing::default();
    }
    // `fsm::MODULE`: a filter on `fsm` takes every machine's events, one on `fsm::MODULE`
    // one machine's (`RUST_LOG=fsm::rfc3539_watchdog=debug`).
    let target = format!("fsm::{}", crate::naming::module_name(&m.named.name));
    let index = if dispatch::transition_type(m) == "u32" {
        quote! { transition as usize }
    } else {
        quote! { usize::from(transition) }
    };
    let method = quote! {
        /// The id of this instance of the machine, which its `tracing` events carry as their
        /// `instance` field (`fsm!(..., tracing)`): it tells the events of two machines of the
        /// same kind apart where they share a span. Called only when an event is recorded.
        /// By default 0.
        fn instance(&self) -> u64 {
            0
        }
    };
    // DEBUG: a step is what a protocol decided, which someone debugging a connection wants
    // and a service in production does not log by default; TRACE stays for what is finer.
    let start = quote! {
        ::tracing::debug!(
            target: #target,
            machine = NAME,
            instance = hooks.instance(),
            to = INITIAL.name(),
            "start"
        );
    };
    let step = quote! {
        ::tracing::debug!(
            target: #target,
            machine = NAME,
            instance = hooks.instance(),
            from = self.state.name(),
            event = #event.name(),
            to = step.target.name(),
            kind = ?step.kind,
            transition = step.transition,
            refs = ?step.transition.map(|transition| TRANSITIONS[#index].refs).unwrap_or_default(),
            "step"
        );
    };
    let span = quote! {
        /// A span for one instance of the machine (`fsm!(..., tracing)`), to enter where that
        /// instance is started and stepped, so that its `start` and `step` events, and whatever
        /// its hooks log, go under it: name `machine`, level DEBUG, the events' target, and the
        /// fields `machine` ([`NAME`]) and `instance` (the id that [`Hooks::instance`] gives
        /// its events). A connection that holds several machines may make one span for all of
        /// them instead, as the root crate's runtimes do.
        pub fn span(instance: u64) -> ::tracing::Span {
            ::tracing::debug_span!(target: #target, "machine", machine = NAME, instance)
        }
    };
    Tracing { method, start, step, span }
}
