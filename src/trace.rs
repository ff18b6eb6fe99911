//! The spans the runtimes put their machines' `tracing` events in (cargo feature `tracing`):
//! one per Diameter connection to a peer ([`crate::diameter::peer::Peer`]: its RFC 6733 machine
//! and its RFC 3539 watchdog), one per association at an IUA SG (the ASP's machine, and the AS
//! machines its changes step), one per IUA ASP. Target `fsm`, as the machines' events are
//! (`fsm::MODULE`), so that one filter (`RUST_LOG=fsm=debug`) shows both; level DEBUG, theirs.
//!
//! Without the feature, [`Span`] is an empty type whose `enter` does nothing: the runtimes'
//! code is the same either way, and a build without it compiles no `tracing`.

#[cfg(feature = "tracing")]
pub(crate) use tracing::Span;

/// Without the feature: no span, no size, no work.
#[cfg(not(feature = "tracing"))]
#[derive(Clone, Debug, Default)]
pub(crate) struct Span;

/// Without the feature: what entering no span gives, dropped as `tracing`'s guard is.
#[cfg(not(feature = "tracing"))]
#[must_use]
pub(crate) struct Entered;

#[cfg(not(feature = "tracing"))]
impl Span {
    /// Nothing to enter.
    #[inline(always)]
    pub(crate) fn enter(&self) -> Entered {
        Entered
    }
}

/// The span of a Diameter peer connection: `origin_host` ours, `peer_host` the peer's as
/// configured (empty for any). Its parent is the span current where the peer is made.
#[cfg(feature = "tracing")]
pub(crate) fn diameter_peer(origin_host: &str, peer_host: Option<&str>) -> Span {
    tracing::debug_span!(target: "fsm", "diameter_peer", origin_host, peer_host = peer_host.unwrap_or(""))
}

#[cfg(not(feature = "tracing"))]
pub(crate) fn diameter_peer(_: &str, _: Option<&str>) -> Span {
    Span
}

/// The span of an association at an IUA SG, `assoc` its identifier.
#[cfg(feature = "tracing")]
pub(crate) fn iua_association(assoc: u32) -> Span {
    tracing::debug_span!(target: "fsm", "iua_association", assoc)
}

#[cfg(not(feature = "tracing"))]
pub(crate) fn iua_association(_: u32) -> Span {
    Span
}

/// The span of an IUA ASP, `asp_id` its ASP Identifier if it has one.
#[cfg(feature = "tracing")]
pub(crate) fn iua_asp(asp_id: Option<u32>) -> Span {
    tracing::debug_span!(target: "fsm", "iua_asp", asp_id)
}

#[cfg(not(feature = "tracing"))]
pub(crate) fn iua_asp(_: Option<u32>) -> Span {
    Span
}

/// `future`, run in the span current where it is made: a task spawned with it (the Diameter
/// driver's) makes its spans (the peer's connection span) under its spawner's, as tokio's tasks
/// do not carry the span they were spawned in.
#[cfg(all(feature = "tracing", feature = "tokio"))]
pub(crate) fn in_current_span<F: Future>(future: F) -> tracing::instrument::Instrumented<F> {
    tracing::Instrument::in_current_span(future)
}

/// Without the feature `tracing`: `future` as it is.
#[cfg(all(not(feature = "tracing"), feature = "tokio"))]
pub(crate) fn in_current_span<F: Future>(future: F) -> F {
    future
}
