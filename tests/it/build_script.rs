//! The `build.rs` way, end to end: `examples/build_script` is a crate of its own whose build
//! script writes the Failover module (and a module whose events carry data) to `OUT_DIR` with
//! `fsm_dsl::build` and whose `main.rs` includes them, with no proc-macro and no other dependency. This test builds it with Cargo (in
//! its own target directory, so that it does not wait for this build's lock), runs it, and
//! compares what it prints with what the macro's module does on the same events.

use rfc_fsm::machines::failover;
use std::path::Path;
use std::process::Command;

struct Record(Vec<String>);

impl failover::Hooks for Record {
    fn action(&mut self, action: failover::Action) {
        self.0.push(format!("  {action}"));
    }
}

#[test]
fn a_crate_with_a_build_script_runs_the_generated_machine() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("build-script-example");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["run", "--quiet", "--locked", "--manifest-path"])
        .arg(root.join("examples/build_script/Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the example crate did not build or run:\n{stderr}");

    // The same events through the macro's module.
    let mut record = Record(Vec::new());
    let mut machine = failover::Machine::start(&mut record);
    record.0.push(machine.state().to_string());
    for event in
        [failover::Event::Start, failover::Event::ConnectionUp, failover::Event::TwExpiry, failover::Event::DWA]
    {
        machine.step(event, &mut record);
        record.0.push(format!("{event} -> {}", machine.state()));
    }
    // Then the machine whose events carry data: its hooks see each event's data.
    let link = [
        "Down",
        "  Greet: east",
        "connect -> Up",
        "  Deliver: frame received",
        "frame received -> Up",
        "  Discard: frame received",
        "frame received -> Up",
        "  Note: 7",
        "Report -> Up",
        "  Note: hello",
        "Shared -> Up",
        "Disconnect -> Down",
    ];
    record.0.extend(link.iter().map(|line| (*line).to_owned()));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().collect::<Vec<_>>(), record.0);
}
