//! Writes the module of the Failover spec to `OUT_DIR/failover.rs`; Cargo runs this again when
//! the spec changes.

fn main() {
    if let Err(error) = fsm_dsl::build::compile("../../specs/failover.fsm") {
        panic!("{error}");
    }
}
