//! A checker's warning is a warning of the build, with its code and place in the spec: here
//! denied, so that the pinned output shows it.
#![deny(deprecated)]

fsm_macros::fsm!(source = "
machine Door {
    initial state Shut;
    state Open;
    event Push;
    action Unused;
    Shut -> Open on Push;
    Open -> Shut on Push;
}
");

fn main() {
    let _ = door::State::Open;
}
