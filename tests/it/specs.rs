//! Every spec in `specs/`: each checks clean, and its DOT and generated Rust are pinned by
//! snapshots (the Rust after pretty-printing, which also proves that it parses). Graphviz must
//! accept every DOT. A spec added to `specs/` is covered without touching this file; its first
//! run writes new snapshots for review.

use fsm_dsl::{codegen, dot, ir};
use std::path::{Path, PathBuf};

/// The stems of `specs/*.fsm`, sorted.
fn specs() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "fsm"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The specs the runtimes embed (`src/lib.rs`): none of them may go missing from `specs/`.
const EMBEDDED: [&str; 6] = ["failover", "rfc3539_watchdog", "iua_asp", "iua_as", "iua_asp_side", "diameter_peer"];

fn spec_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("specs").join(format!("{name}.fsm"))
}

fn machine(name: &str) -> ir::Machine {
    let text = std::fs::read_to_string(spec_path(name)).unwrap();
    let compiled = fsm_dsl::compile(&text);
    assert!(compiled.diagnostics.is_empty(), "{name}: {:?}", compiled.diagnostics);
    compiled.machine.unwrap()
}

#[test]
fn every_spec_checks_clean() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        // Not `specs/systems/`: `fsm-cli/tests/it/verify.rs` checks its specs through its systems.
        if path.extension().is_none_or(|e| e != "fsm") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let compiled = fsm_dsl::compile(&text);
        let name = path.display().to_string();
        assert!(
            compiled.diagnostics.is_empty(),
            "{}",
            fsm_dsl::diag::render(fsm_dsl::diag::Source { name: &name, text: &text }, &compiled.diagnostics, false)
        );
        count += 1;
    }
    assert!(count >= EMBEDDED.len());
    let found = specs();
    for name in EMBEDDED {
        assert!(found.iter().any(|f| f == name), "specs/{name}.fsm is missing");
    }
}

#[test]
fn failover_has_the_twelve_states_of_the_design() {
    let m = machine("failover");
    // In the order the superstates group them: INITIAL and DOWN have no connection.
    let names: Vec<&str> = m.states.iter().map(|s| s.named.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "INIT",
            "INITIAL",
            "DOWN",
            "OKAY_NoPending",
            "OKAY_Pending",
            "SUSPECT",
            "PAUSE",
            "REOPEN_Pending",
            "REOPEN_NoPending",
            "REOPEN1_Pending",
            "REOPEN1_NoPending",
            "REOPEN2_Pending"
        ]
    );
    assert!(m.states.iter().all(|s| !s.named.doc.is_empty()), "every state carries the design's description");
}

#[test]
fn failover_states_know_their_superstates() {
    use rfc_fsm::machines::failover::{State, Superstate};
    assert!(State::OKAY_Pending.is_in(Superstate::OKAY));
    assert!(State::OKAY_Pending.is_in(Superstate::CONNECTED));
    assert!(State::OKAY_Pending.is_in(Superstate::RUNNING));
    assert!(!State::OKAY_Pending.is_in(Superstate::CLOSED));
    assert!(!State::INIT.is_in(Superstate::RUNNING));
    assert_eq!(State::INIT.superstate(), None);
    assert_eq!(State::PAUSE.superstate(), Some(Superstate::REOPEN));
    assert_eq!(Superstate::REOPEN.parent(), Some(Superstate::CONNECTED));
    assert_eq!(Superstate::RUNNING.parent(), None);
    assert_eq!(Superstate::CLOSED.states(), &[State::INITIAL, State::DOWN]);
    // The three views agree: membership, the member lists, and the chain of parents.
    for state in State::ALL {
        let chain: Vec<Superstate> = std::iter::successors(state.superstate(), |s| s.parent()).collect();
        for superstate in Superstate::ALL {
            assert_eq!(state.is_in(superstate), superstate.states().contains(&state), "{state} in {superstate}");
            assert_eq!(state.is_in(superstate), chain.contains(&superstate), "{state} in {superstate}");
        }
    }
}

#[test]
fn iua_states_are_labelled_as_the_rfc_spells_them() {
    let asp = machine("iua_asp");
    let labels: Vec<&str> = asp.states.iter().map(|s| s.named.display()).collect();
    assert_eq!(labels, ["ASP-DOWN", "ASP-INACTIVE", "ASP-ACTIVE"]);
    let as_ = machine("iua_as");
    let labels: Vec<&str> = as_.states.iter().map(|s| s.named.display()).collect();
    assert_eq!(labels, ["AS-DOWN", "AS-INACTIVE", "AS-ACTIVE", "AS-PENDING"]);
    assert_eq!(as_.timers[0].named.display(), "T(r)");
}

#[test]
fn dot_snapshots() {
    for name in specs() {
        let name = name.as_str();
        insta::assert_snapshot!(format!("{name}.dot"), dot::render(&machine(name)));
    }
}

// The specs' generated modules are pinned once, by the checked-in `generated/*.rs`, which
// `cargo fsm gen --check` and `generated_modules.rs` compare with what the generator writes.

/// A machine whose events carry data: the `Input` enum and the hooks that see it, beside the
/// fieldless `Event` and the same `step` as any machine. No spec of `specs/` has data, so this
/// snapshot is its only pin.
#[test]
fn codegen_snapshot_of_events_with_data() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ok/event_data.fsm");
    let compiled = fsm_dsl::compile(&std::fs::read_to_string(path).unwrap());
    assert!(compiled.diagnostics.is_empty(), "{:?}", compiled.diagnostics);
    let tokens = codegen::generate(&compiled.machine.unwrap(), &codegen::Options::default());
    let file: syn::File = syn::parse2(tokens).expect("the generated code parses as Rust");
    insta::assert_snapshot!("event_data.rs", prettyplease::unparse(&file));
}

#[test]
fn graphviz_accepts_every_dot() {
    for name in specs() {
        let name = name.as_str();
        let text = dot::render(&machine(name));
        let svg = fsm_cli::generate::render_svg(&text).unwrap_or_else(|e| {
            panic!("Graphviz rejected (or is missing for) {name}: {e}; scripts/install-deps installs it")
        });
        assert!(svg.contains("<svg"), "{name}");
        assert!(svg.contains(&fsm_cli::generate::sha256_hex(&text)), "{name}: the SVG records its DOT's hash");
    }
}

/// Every diagram drawn in the repository (`generated/*.svg`) is at most 2.5 times wider than
/// high: an RFC machine's error handling, drawn one edge per event, once made the Diameter
/// peer's 2.15 times wider than high and the IUA ASP's wider still.
#[test]
fn every_generated_diagram_is_at_most_two_and_a_half_times_wider_than_high() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("generated");
    let mut drawn = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "svg") {
            continue;
        }
        let svg = std::fs::read_to_string(&path).unwrap();
        let view_box = svg.split("viewBox=\"").nth(1).and_then(|v| v.split('"').next()).unwrap();
        let numbers: Vec<f64> = view_box.split_whitespace().map(|n| n.parse().unwrap()).collect();
        let (width, height) = (numbers[2], numbers[3]);
        assert!(width <= 2.5 * height, "{}: {width} x {height}", path.display());
        drawn += 1;
    }
    assert!(drawn >= 6, "the diagrams of specs/");
}

#[test]
fn graphviz_accepts_every_valid_test_spec() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ok");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let m = fsm_dsl::compile(&std::fs::read_to_string(&path).unwrap()).machine.unwrap();
        let text = dot::render(&m);
        if let Err(e) = fsm_cli::generate::render_svg(&text) {
            panic!("Graphviz rejected {}: {e}\n{text}", path.display());
        }
    }
}
