//! Diameter (RFC 6733): the base protocol codec, the peer state machine and the watchdog over TCP.

pub mod codec;
