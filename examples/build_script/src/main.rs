//! Runs the Failover machine that `build.rs` generated: its module is included from `OUT_DIR`,
//! and the crate depends on nothing else. Prints the state after each event and the actions run.
//! Then the same for a machine whose events carry data (`tests/data/ok/event_data.fsm`), its
//! hooks printing what they see of each event's data.
#![deny(warnings, missing_docs)]

include!(concat!(env!("OUT_DIR"), "/failover.rs"));

/// Prints each action.
struct Print;

impl failover::Hooks for Print {
    fn action(&mut self, action: failover::Action) {
        println!("  {action}");
    }
}

/// Shared by the parent module: `super::Shared` in the spec.
pub struct Shared(pub &'static str);

/// Where the spec's types are named from.
mod link {
    /// What the link comes up with.
    pub struct Settings {
        /// Its name.
        pub name: String,
    }

    /// A frame.
    pub struct Frame {
        /// Whether its checksum holds.
        pub checksum_ok: bool,
    }

    /// A report: `State` in the spec means this type, not the generated one.
    pub struct State(pub u32);

    include!(concat!(env!("OUT_DIR"), "/event_data.rs"));
}

/// Prints each action with what it sees of the event.
struct Show;

impl link::link::Hooks for Show {
    fn guard(&mut self, guard: link::link::Guard, input: &link::link::Input) -> bool {
        match (guard, input) {
            (link::link::Guard::valid, link::link::Input::Received(frame)) => frame.checksum_ok,
            (link::link::Guard::valid, _) => false,
        }
    }
    fn action(&mut self, action: link::link::Action, input: Option<&mut link::link::Input>) {
        use link::link::Input;
        let seen = match input {
            Some(Input::Connect(settings)) => settings.name.clone(),
            Some(Input::Report(link::State(n))) => n.to_string(),
            Some(Input::Shared(Shared(text))) => (*text).to_owned(),
            Some(other) => other.to_string(),
            None => "nothing".to_owned(),
        };
        println!("  {action}: {seen}");
    }
}

fn main() {
    let mut machine = failover::Machine::start(&mut Print);
    println!("{}", machine.state());
    for event in
        [failover::Event::Start, failover::Event::ConnectionUp, failover::Event::TwExpiry, failover::Event::DWA]
    {
        machine.step(event, &mut Print);
        println!("{event} -> {}", machine.state());
    }

    use link::link::Input;
    let mut link = link::link::Machine::start(&mut Show);
    println!("{}", link.state());
    let inputs = [
        Input::Connect(link::Settings { name: "east".to_owned() }),
        Input::Received(link::Frame { checksum_ok: true }),
        Input::Received(link::Frame { checksum_ok: false }),
        Input::Report(link::State(7)),
        Input::Shared(Shared("hello")),
        Input::Disconnect,
    ];
    for input in inputs {
        let event = input.event();
        link.step(input, &mut Show);
        println!("{event} -> {}", link.state());
    }
}
