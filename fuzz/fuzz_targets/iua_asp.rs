//! libFuzzer entry point; the properties are in `rfc_fsm_fuzz::iua_asp`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rfc_fsm_fuzz::iua_asp::run(data));
