//! The spec's `allow` silences a warning in the build as in `fsm check`.
#![deny(deprecated)]

fsm_macros::fsm!(source = "
machine Door {
    initial state Shut;
    state Open;
    event Push;
    #[allow(W0002)]
    action Unused;
    Shut -> Open on Push;
    Open -> Shut on Push;
}
");

fn main() {
    let _ = door::State::Open;
}
