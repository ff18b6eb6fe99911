fsm_macros::fsm!("specs/no_such_spec.fsm");

fn main() {}
