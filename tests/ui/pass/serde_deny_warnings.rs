//! With `serde`, the generated code raises no warning either: for a machine whose events carry
//! data (the `Machine` of `input.rs`), with `tracing` too, and for one with no variable and no
//! timer. The data type is named `Value`, which the snapshot's value type is not: the snapshot's
//! items shadow none of the names the module brings from its parent.
#![deny(warnings, missing_docs)]

/// A value that a frame carries.
pub struct Value(pub u8);

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
    event Received(Value);
    /// Down.
    event Disconnect;
    /// Deliver it.
    action Deliver;
    /// Retries.
    var retries: 0..=3 = 1;
    /// Whether a frame was delivered.
    output var delivered: bool = false;
    /// Keeps the link alive.
    timer Keepalive = retries * 100 ms;
    Down -> Up on Connect;
    internal Up on Received / Deliver, delivered = true;
    Up -> Down on Disconnect, KeepaliveExpiry;
    ignore Received, Disconnect, KeepaliveExpiry in Down;
    ignore Connect in Up;
}
", serde, tracing);

fsm_macros::fsm!(source = "
/// A door.
machine Door {
    /// Shut.
    initial state Shut;
    /// Open.
    state Open;
    /// Push.
    event Push;
    Shut -> Open on Push;
    Open -> Shut on Push;
}
", serde);

/// Counts what the machine does.
pub struct Count(pub usize);

impl link::Hooks for Count {
    fn action(&mut self, _: link::Action, _: Option<&mut link::Input>) {
        self.0 += 1;
    }
}

impl door::Hooks for Count {
    fn action(&mut self, action: door::Action) {
        match action {}
    }
}

fn main() {
    let mut count = Count(0);
    let mut m = link::Machine::start(&mut count);
    m.step(link::Input::Connect(2), &mut count);
    let snapshot = m.snapshot(&[(link::Timer::Keepalive, core::time::Duration::from_millis(50))]);
    let (restored, timers) = link::Machine::restore(&snapshot).unwrap();
    assert_eq!((restored, timers.len()), (m, 1));

    let door = door::Machine::start(&mut count);
    let (restored, timers) = door::Machine::restore(&door.snapshot(&[])).unwrap();
    assert_eq!((restored, timers.len()), (door, 0));
}
