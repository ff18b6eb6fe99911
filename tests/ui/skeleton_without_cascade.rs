// Two spec errors, two compile errors: the code using the machine raises none of its own.
fsm_macros::fsm!("specs/clash.fsm");

fn main() {
    let _ = clash::State::Idle;
    let _ = clash::Action::StartT;
    let _ = clash::Event::ALL.len();
}
