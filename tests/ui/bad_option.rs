fsm_macros::fsm!(source = "machine M { initial state A; event E; A -> A on E; }", png);
fsm_macros::fsm!(source = "machine N { initial state A; event E; A -> A on E; }", dot, dot);

fn main() {}
