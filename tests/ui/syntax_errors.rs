fsm_macros::fsm!(source = "
machine Door {
    initial state Shut
    state Open;
    event Push;
    Shut -> Open on Push [];
}
");

fn main() {}
