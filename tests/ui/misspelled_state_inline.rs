fsm_macros::fsm!(source = "
machine Door {
    initial state Shut;
    state Open;
    event Push;
    Shut -> Opne on Push;
    Open -> Shut on Psh;
}
");

fn main() {
    let _ = door::State::Open;
}
