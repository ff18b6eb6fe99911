//! Support shared by the integration tests: `mod support;` in a test file brings it in. Not
//! every test uses every helper, hence the `dead_code` allowance.

#![allow(dead_code)]

pub mod diameter;
pub mod erlang;
pub mod freediameter;
pub mod tshark;
