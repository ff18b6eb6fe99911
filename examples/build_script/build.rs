//! Writes the modules of the Failover spec and of a spec whose events carry data to `OUT_DIR`
//! (`failover.rs`, `event_data.rs`); Cargo runs this again when a spec changes.

fn main() {
    for spec in ["../../specs/failover.fsm", "../../tests/data/ok/event_data.fsm"] {
        if let Err(error) = fsm_dsl::build::compile(spec) {
            panic!("{error}");
        }
    }
}
