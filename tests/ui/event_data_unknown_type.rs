// A path to a type that does not exist where the machine stands: rustc says so, at the spec.
fsm_macros::fsm!(source = "
machine Link {
    initial state Down;
    state Up;
    event Connect(Setings);
    event Disconnect;
    Down -> Up on Connect;
    Up -> Down on Disconnect;
    ignore Disconnect in Down;
    ignore Connect in Up;
}
");

/// What the link comes up with.
pub struct Settings;

fn main() {
    let _ = link::Event::Connect;
}
