fsm_macros::fsm!(source = "machine M { initial state A; event E; A -> A on E; }", png);
fsm_macros::fsm!(source = "machine N { initial state A; event E; A -> A on E; }", dot, dot);

fsm_macros::fsm!(source = "machine O { initial state A; event E; A -> A on E; }", tracing = 3);
fsm_macros::fsm!(source = "machine P { initial state A; event E; A -> A on E; }", tracing, tracing);

fsm_macros::fsm!(source = "machine Q { initial state A; event E; A -> A on E; }", serde = 3);
fsm_macros::fsm!(source = "machine R { initial state A; event E; A -> A on E; }", serde, serde);

fn main() {}
