//! Support shared by the modules of the `it` test binary (`crate::support::...`): message and
//! configuration fixtures, the simulated network of two sans-IO peers, the driver harness, the
//! external peers (Erlang/OTP, freeDiameter), the test PKI and tshark.

pub mod driver;
pub mod erlang;
pub mod fixtures;
pub mod freediameter;
pub mod mutation;
pub mod peer_sim;
pub mod tls;
pub mod tshark;
