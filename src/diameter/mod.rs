//! Diameter (RFC 6733): the base protocol codec, the peer state machine and the watchdog over TCP.
//!
//! - [`codec`]: messages to and from octets (§3, §4, §5.3 to §5.5), and framing.
//! - [`peer`]: the peer of §5.6 with the RFC 3539 watchdog, sans-IO.
//! - [`driver`]: the peer over tokio and TCP, with a message trace and an optional pcap file.
//! - [`pcap`]: writing a peer's messages as a pcap file that tshark decodes as Diameter.
//! - [`watchdog_trace`]: a node's RFC 3539 watchdog read from the driver's trace or a capture,
//!   as the JSON lines `fsm observe` replays.

pub mod codec;
#[cfg(feature = "tokio")]
pub mod driver;
#[cfg(feature = "pcap")]
pub mod pcap;
pub mod peer;
#[cfg(feature = "observe")]
pub mod watchdog_trace;
