//! Writes the Door's module to `OUT_DIR` with the packaged `fsm_dsl::build`.

fn main() {
    if let Err(error) = fsm_dsl::build::compile("specs/door.fsm") {
        panic!("{error}");
    }
}
