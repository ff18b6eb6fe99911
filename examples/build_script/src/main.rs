//! Runs the Failover machine that `build.rs` generated: its module is included from `OUT_DIR`,
//! and the crate depends on nothing else. Prints the state after each event and the actions run.
#![deny(warnings, missing_docs)]

include!(concat!(env!("OUT_DIR"), "/failover.rs"));

/// Prints each action.
struct Print;

impl failover::Hooks for Print {
    fn guard(&mut self, guard: failover::Guard) -> bool {
        match guard {}
    }
    fn action(&mut self, action: failover::Action) {
        println!("  {action}");
    }
}

fn main() {
    let mut machine = failover::Machine::start(&mut Print);
    println!("{}", machine.state());
    for event in
        [failover::Event::Start, failover::Event::ConnectionUp, failover::Event::TwExpiry, failover::Event::DWA]
    {
        machine.handle(event, &mut Print);
        println!("{event} -> {}", machine.state());
    }
}
