//! The generated code raises no warning, missing docs included.
#![deny(warnings, missing_docs)]

fsm_macros::fsm!(source = "
/// A door.
machine Door {
    /// Shut.
    initial state Shut { entry Lock; }
    /// Open.
    state Open { entry start AutoClose; exit stop AutoClose; }
    /// Gone.
    final state Gone;
    /// Push.
    event Push;
    /// Pull.
    event Pull;
    /// Lock.
    action Lock;
    /// Strong enough?
    guard strong;
    /// Closes the door.
    timer AutoClose;
    /// Times opened.
    var opened: 0..=3 = 0;
    /// Still usable.
    var usable: bool = true;
    Shut -> Open on Push [strong && opened < 3] / opened += 1;
    Shut -> Gone on Push [strong && opened == 3];
    internal Shut on Push [!strong] / Lock;
    Open -> Shut on Pull, AutoCloseExpiry [usable];
    Open -> Gone on Pull, AutoCloseExpiry [!usable];
    internal Open on Push / usable = false;
    ignore Pull, AutoCloseExpiry in Shut;
}
", dot, transitions);

/// Records what the machine does.
pub struct Log(pub Vec<door::Action>, pub bool);

impl door::Hooks for Log {
    fn guard(&mut self, guard: door::Guard) -> bool {
        match guard {
            door::Guard::strong => self.1,
        }
    }
    fn action(&mut self, action: door::Action) {
        self.0.push(action);
    }
}

fn main() {
    let mut log = Log(Vec::new(), true);
    let mut m = door::Machine::start(&mut log);
    assert_eq!(log.0, [door::Action::Lock]);
    let step = m.step(door::Event::Push, &mut log);
    assert_eq!(step.kind, door::Kind::Transition);
    assert_eq!(m.state(), door::State::Open);
    assert_eq!(m.vars().opened, 1);
    assert_eq!(door::Vars::default(), door::Vars::INITIAL);
    assert_eq!(door::Action::StartAutoClose.starts(), Some(door::Timer::AutoClose));
    assert_eq!(door::State::Open.to_string(), "Open");
    assert!(door::DOT.starts_with("// Door"));
    assert_eq!(door::TRANSITIONS.len(), 6);
}
