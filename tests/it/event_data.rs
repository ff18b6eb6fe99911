//! Events that carry data, through the macro: `tests/data/ok/event_data.fsm` names its types as
//! where the generated module stands (a type of that module, one from the crate root, one from
//! the parent, `Vec<u8>`, and a type named like one the module generates), none of them `Clone`;
//! the hooks see each event's data in guards and in actions (entry actions included), and the
//! `Input` converts to and from the fieldless `Event`.

#![deny(warnings)]

/// Shared by the parent module: `super::Shared` in the spec.
#[derive(Debug, PartialEq, Eq)]
pub struct Shared(pub &'static str);

pub(crate) mod link {
    /// What the link comes up with: `crate::link::Settings` in the spec.
    #[derive(Debug, PartialEq, Eq)]
    pub struct Settings {
        pub name: String,
    }

    /// A frame: `Frame` in the spec.
    #[derive(Debug, PartialEq, Eq)]
    pub struct Frame {
        pub octets: Vec<u8>,
        pub checksum_ok: bool,
    }

    /// A type named like the generated `State`: `State` in the spec means this one.
    #[derive(Debug, PartialEq, Eq)]
    pub struct State(pub u32);

    fsm_macros::fsm!("tests/data/ok/event_data.fsm", transitions);
}

use link::link as machine;
use machine::{Action, Event, Guard, Input};

/// Records what the hooks saw.
#[derive(Default)]
struct Seen {
    log: Vec<String>,
    /// Frames delivered, taken out of the event (no copy).
    delivered: Vec<Vec<u8>>,
}

impl machine::Hooks for Seen {
    fn guard(&mut self, guard: Guard, input: &Input) -> bool {
        match (guard, input) {
            (Guard::valid, Input::Received(frame)) => frame.checksum_ok,
            (Guard::valid, _) => false,
        }
    }

    fn action(&mut self, action: Action, input: Option<&mut Input>) {
        let seen = match input {
            None => "no input".to_owned(),
            Some(Input::Connect(settings)) => format!("connect {}", settings.name),
            Some(Input::Received(frame)) => {
                if action == Action::Deliver {
                    self.delivered.push(std::mem::take(&mut frame.octets));
                }
                format!("{} octets", frame.octets.len())
            }
            Some(Input::Raw(octets)) => format!("raw {octets:?}"),
            Some(Input::Report(link::State(n))) => format!("report {n}"),
            Some(Input::Shared(Shared(text))) => format!("shared {text}"),
            Some(Input::Disconnect) => "disconnect".to_owned(),
        };
        self.log.push(format!("{action}: {seen}"));
    }
}

#[test]
fn hooks_see_the_data_of_each_event() {
    let mut seen = Seen::default();
    let mut m = machine::Machine::start(&mut seen);
    m.step(Input::Connect(link::Settings { name: "east".into() }), &mut seen);
    assert_eq!(m.state(), machine::State::Up);
    m.step(Input::Received(link::Frame { octets: vec![1, 2, 3], checksum_ok: true }), &mut seen);
    m.step(Input::Received(link::Frame { octets: vec![9], checksum_ok: false }), &mut seen);
    m.step(Input::Raw(vec![7, 7]), &mut seen);
    m.step(Input::Report(link::State(42)), &mut seen);
    m.step(Input::Shared(Shared("hello")), &mut seen);
    let step = m.step(Input::Disconnect, &mut seen);
    assert_eq!(step.kind, machine::Kind::Transition);
    assert_eq!(m.state(), machine::State::Down);
    assert_eq!(
        seen.log,
        [
            "Greet: connect east",
            "Deliver: 0 octets",
            "Discard: 1 octets",
            "Note: raw [7, 7]",
            "Note: report 42",
            "Note: shared hello",
        ]
    );
    assert_eq!(seen.delivered, [vec![1, 2, 3]]);
}

#[test]
fn the_fieldless_event_stays_for_tables_and_display() {
    assert_eq!(Event::ALL.len(), 6);
    assert_eq!(Event::Received.to_string(), "frame received");
    let input = Input::Received(link::Frame { octets: Vec::new(), checksum_ok: true });
    assert_eq!(input.event(), Event::Received);
    assert_eq!(Event::from(&input), Event::Received);
    assert_eq!(input.to_string(), "frame received");
    assert_eq!(format!("{input:?}"), "Received(..)");
    assert_eq!(Input::try_from(Event::Connect).unwrap_err(), Event::Connect);
    assert!(matches!(Input::try_from(Event::Disconnect), Ok(Input::Disconnect)));
    // The transition table names events without their data.
    assert!(machine::TRANSITIONS.iter().any(|t| t.events == [Event::Received] && t.guard == Some("valid")));
}

#[test]
fn the_lean_step_takes_the_event_without_data() {
    // `step` works on the fieldless event, with the guards' values from a closure.
    let mut vars = machine::Vars::INITIAL;
    let mut guards = machine::Guards::default();
    guards.set(Guard::valid, true);
    let step = machine::step(machine::State::Up, &mut vars, Event::Received, |guard| guards.get(guard));
    assert_eq!(step.actions, [Action::Deliver]);
    assert_eq!(step.target, machine::State::Up);
}
