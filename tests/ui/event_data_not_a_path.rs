// Data that is not a type path is the spec's error (E0020); the module is still generated, with
// the event (without the data), so the code that uses it raises nothing more.
fsm_macros::fsm!(source = "
machine Link {
    initial state Down;
    state Up;
    event Connect(&Settings);
    event Disconnect;
    Down -> Up on Connect;
    Up -> Down on Disconnect;
    ignore Disconnect in Down;
    ignore Connect in Up;
}
");

fn main() {
    let _ = link::Event::Connect;
    let _ = link::Input::Disconnect.event();
}
