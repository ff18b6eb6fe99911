fsm_macros::fsm!(file = "specs/failover.fsm");
fsm_macros::fsm!(42);

fn main() {}
