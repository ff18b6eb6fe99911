//! SIGTRAN IUA (RFC 4233): the message codec, and the layer management of the signalling
//! gateway (SG) and of the ASP, driven by the machines compiled from `specs/iua_asp.fsm`,
//! `specs/iua_as.fsm` and `specs/iua_asp_side.fsm`; transports and pcap output for tests and
//! examples.

pub mod asp;
pub mod codec;
#[cfg(feature = "pcap")]
pub mod pcap;
pub mod sg;
#[cfg(feature = "tokio")]
pub mod transport;
