//! Diameter (RFC 6733): the base protocol codec, the peer state machine and the watchdog over TCP.
//!
//! - [`codec`]: messages to and from octets (§3, §4, §5.3 to §5.5), and framing.
//! - [`peer`]: the peer of §5.6 with the RFC 3539 watchdog, sans-IO.

pub mod codec;
pub mod peer;
