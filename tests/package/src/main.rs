//! Steps the machines of the packaged crates: the Door through the `fsm!` macro and through the
//! module `build.rs` wrote, and rfc-fsm's Failover machine. Panics if one does not do what its
//! spec says.
#![deny(warnings)]

fsm_macros::fsm!("specs/door.fsm", dot);

/// The Door's module as `build.rs` wrote it.
mod written {
    include!(concat!(env!("OUT_DIR"), "/door.rs"));
}

/// A lift whose motor works, recording the actions the Door runs.
struct Lift(Vec<door::Action>);

impl door::Hooks for Lift {
    fn guard(&mut self, guard: door::Guard) -> bool {
        match guard {
            door::Guard::powered => true,
        }
    }
    fn action(&mut self, action: door::Action) {
        self.0.push(action);
    }
}

/// Records the actions the Failover machine runs; it has no guards.
struct Peer(Vec<rfc_fsm::machines::failover::Action>);

impl rfc_fsm::machines::failover::Hooks for Peer {
    fn action(&mut self, action: rfc_fsm::machines::failover::Action) {
        self.0.push(action);
    }
}

fn main() {
    let mut lift = Lift(Vec::new());
    let mut machine = door::Machine::start(&mut lift);
    let step = machine.step(door::Event::Push, &mut lift);
    assert_eq!(machine.state(), door::State::Open);
    assert_eq!(step.kind, door::Kind::Transition);
    assert_eq!(lift.0, [door::Action::Lock, door::Action::StartAutoClose]);
    assert!(door::DOT.contains("digraph \"Door\""), "{}", door::DOT);

    let mut vars = written::door::Vars::INITIAL;
    let step = written::door::step(written::door::State::Shut, &mut vars, written::door::Event::Push, |_| true);
    assert_eq!(step.target, written::door::State::Open);
    assert_eq!(step.actions, [written::door::Action::StartAutoClose]);

    use rfc_fsm::machines::failover;
    let mut peer = Peer(Vec::new());
    let mut machine = failover::Machine::start(&mut peer);
    machine.step(failover::Event::Start, &mut peer);
    assert_eq!(machine.state(), failover::State::INITIAL);
    assert_eq!(peer.0, [failover::Action::CmdAck, failover::Action::SetWatchdog]);

    println!("the packaged crates built this crate, and its machines stepped as their specs say");
}
