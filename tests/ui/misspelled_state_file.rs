// A misspelled state in a spec file: the error names the spec's line and column, shows the line
// with a caret, suggests the right name, and the code that uses the machine raises no error
// of its own.
fsm_macros::fsm!("specs/misspelled.fsm");

fn main() {
    let _ = watchdog::State::OKAY_Pending;
    let mut vars = watchdog::Vars::INITIAL;
    let _ = watchdog::step(watchdog::State::OKAY_Pending, &mut vars, watchdog::Event::DWA);
}
