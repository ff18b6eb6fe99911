//! With `tracing`, the generated code raises no warning either, for a machine whose events carry
//! data and whose timer's duration reads a variable (the `Machine` of `input.rs`, `Hooks::start`).
#![deny(warnings, missing_docs)]

/// A frame.
pub struct Frame(pub u8);

fsm_macros::fsm!(source = "
/// A link.
machine Link {
    /// Down.
    initial state Down;
    /// Up.
    state Up { entry start Keepalive; exit stop Keepalive; }
    /// Up, with its retry count.
    event Connect(u8);
    /// A frame.
    event Received(Frame);
    /// Down.
    event Disconnect;
    /// Deliver it.
    action Deliver;
    /// Retries.
    var retries: 0..=3 = 1;
    /// Keeps the link alive.
    timer Keepalive = retries * 100 ms;
    Down -> Up on Connect;
    internal Up on Received / Deliver;
    Up -> Down on Disconnect, KeepaliveExpiry;
    ignore Received, Disconnect, KeepaliveExpiry in Down;
    ignore Connect in Up;
}
", tracing);

/// Counts what the machine does.
pub struct Count(pub usize);

impl link::Hooks for Count {
    fn action(&mut self, _: link::Action, _: Option<&mut link::Input>) {
        self.0 += 1;
    }

    fn instance(&self) -> u64 {
        3
    }
}

fn main() {
    let mut count = Count(0);
    let mut m = link::Machine::start(&mut count);
    assert_eq!(m.step(link::Input::Connect(2), &mut count).target, link::State::Up);
    assert_eq!(m.step(link::Input::Received(Frame(1)), &mut count).kind, link::Kind::Internal);
    assert_eq!(count.0, 2);
}
