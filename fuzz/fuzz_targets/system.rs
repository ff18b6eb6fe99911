//! libFuzzer entry point; the properties are in `rfc_fsm_fuzz::system`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rfc_fsm_fuzz::system::run(data));
