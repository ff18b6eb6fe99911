//! The Rust modules in `generated/` (what `cargo fsm gen` writes for crates that include the
//! generated code instead of running `fsm!`) compile, and behave as the macro's modules do:
//! same states, same actions in the same order, same variables, on long event sequences with
//! changing guard values. `fsm_dsl::build`, the `build.rs` way, writes the same modules.

use std::path::Path;

/// Each generated file, as a crate that depends on nothing else would include it: without a
/// warning, even where most of a machine's items go unused.
mod from_files {
    #![deny(warnings)]

    include!("../../generated/failover.rs");
    include!("../../generated/rfc3539_watchdog.rs");
    include!("../../generated/iua_asp.rs");
    include!("../../generated/iua_as.rs");
    include!("../../generated/iua_asp_side.rs");
    include!("../../generated/diameter_peer.rs");
}

/// Drives the included module and the macro's through the same 20,000 steps: each step picks
/// an event and the guards' values from a fixed pseudo-random sequence (so a failure repeats).
macro_rules! same_steps {
    ($test:ident, $name:ident) => {
        same_steps!(@run $test, $name, [], []);
    };
    // A machine with named guards: each hooks answer them from the step's bits.
    ($test:ident, $name:ident, guards) => {
        same_steps!(@run $test, $name, [
            fn guard(&mut self, guard: file::Guard) -> bool {
                self.0 >> guard as usize & 1 == 1
            }
        ], [
            fn guard(&mut self, guard: macro_::Guard) -> bool {
                self.0 >> guard as usize & 1 == 1
            }
        ]);
    };
    (@run $test:ident, $name:ident, [$($file_guard:tt)*], [$($macro_guard:tt)*]) => {
        #[test]
        fn $test() {
            use from_files::$name as file;
            use rfc_fsm::machines::$name as macro_;

            struct FileHooks(
                #[allow(dead_code, reason = "read by the hooks of a machine with named guards only")] u64,
                Vec<&'static str>,
            );
            impl file::Hooks for FileHooks {
                $($file_guard)*
                fn action(&mut self, action: file::Action) {
                    self.1.push(action.name());
                }
            }
            struct MacroHooks(
                #[allow(dead_code, reason = "read by the hooks of a machine with named guards only")] u64,
                Vec<&'static str>,
            );
            impl macro_::Hooks for MacroHooks {
                $($macro_guard)*
                fn action(&mut self, action: macro_::Action) {
                    self.1.push(action.name());
                }
            }

            let (mut a_hooks, mut b_hooks) = (FileHooks(0, Vec::new()), MacroHooks(0, Vec::new()));
            let mut a = file::Machine::start(&mut a_hooks);
            let mut b = macro_::Machine::start(&mut b_hooks);
            assert_eq!(a_hooks.1, b_hooks.1, "initial entry");
            assert_eq!(file::Vars::default(), file::Vars::INITIAL, "the default is the initial values");
            let names = |events: &[file::Event]| events.iter().map(|e| e.name()).collect::<Vec<_>>();
            assert_eq!(names(&file::Event::ALL), macro_::Event::ALL.iter().map(|e| e.name()).collect::<Vec<_>>());
            let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
            for step in 0..20_000 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let index = (seed >> 33) as usize % file::Event::ALL.len();
                let bits = seed >> 7;
                (a_hooks.0, b_hooks.0) = (bits, bits);
                a_hooks.1.clear();
                b_hooks.1.clear();
                a.step(file::Event::ALL[index], &mut a_hooks);
                b.step(macro_::Event::ALL[index], &mut b_hooks);
                let event = file::Event::ALL[index].name();
                assert_eq!(a.state().name(), b.state().name(), "step {step} ({event})");
                assert_eq!(a_hooks.1, b_hooks.1, "step {step} ({event})");
                assert_eq!(format!("{:?}", a.vars()), format!("{:?}", b.vars()), "step {step} ({event})");
            }
        }
    };
}

same_steps!(failover_file_steps_as_the_macro, failover);
same_steps!(rfc3539_watchdog_file_steps_as_the_macro, rfc3539_watchdog);
same_steps!(iua_asp_file_steps_as_the_macro, iua_asp, guards);
same_steps!(iua_as_file_steps_as_the_macro, iua_as, guards);
same_steps!(iua_asp_side_file_steps_as_the_macro, iua_asp_side, guards);
same_steps!(diameter_peer_file_steps_as_the_macro, diameter_peer, guards);

#[test]
fn every_spec_has_its_module_included_here() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let this = std::fs::read_to_string(root.join("tests/it/generated_modules.rs")).unwrap();
    for entry in std::fs::read_dir(root.join("specs")).unwrap() {
        let path = entry.unwrap().path();
        // `specs/systems/` holds the systems of `fsm verify` and their helper specs: no runtime's.
        if path.extension().is_none_or(|e| e != "fsm") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(this.contains(&format!("include!(\"../../generated/{stem}.rs\");")), "{stem}.rs is not tested");
        assert!(this.contains(&format!("same_steps!({stem}_file_steps_as_the_macro, {stem}")), "{stem}");
    }
}

#[test]
fn the_build_script_api_writes_the_same_modules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("generated_modules_build");
    let _ = std::fs::remove_dir_all(&out);
    for entry in std::fs::read_dir(root.join("specs")).unwrap() {
        let spec = entry.unwrap().path();
        if spec.extension().is_none_or(|e| e != "fsm") {
            continue;
        }
        let written = fsm_dsl::build::compile_to(&spec, &out, fsm_dsl::build::Options::default()).unwrap();
        assert!(written.warnings.is_empty(), "{}", written.warnings);
        let built = std::fs::read_to_string(&written.path).unwrap();
        let stem = spec.file_stem().unwrap().to_string_lossy().into_owned();
        let checked_in = std::fs::read_to_string(root.join("generated").join(format!("{stem}.rs"))).unwrap();
        // Only the first line, which names the tool that wrote the file, differs, and the layout:
        // `fsm gen` formats with rustfmt as the project does, the build script with prettyplease.
        let body = |text: &str| text.split_once('\n').map(|(_, rest)| rest.to_owned()).unwrap();
        assert!(built.starts_with("// generated by `fsm_dsl::build` from "), "{stem}");
        assert!(checked_in.starts_with(&format!("// generated by `fsm gen` from specs/{stem}.fsm; do not edit.")));
        let formatted = fsm_cli::generate::rustfmt(&built, root).expect("rustfmt runs");
        assert_eq!(body(&formatted), body(&checked_in), "{stem}: fsm_dsl::build and `fsm gen` differ");
    }
}

/// A spec whose names are single letters: the module `fsm gen` writes for it (checked in beside
/// the spec, kept fresh by the test below) compiles without a warning, so no closure of the
/// generated code binds a name that a variant of its enum has (`|g| ..` over a `Guard::g` is
/// rustc's deny-by-default `bindings_with_variant_name`), and the machine runs. (Through `fsm!`
/// rustc does not report lints in the macro's output, so the file is what catches it.)
mod one_letter_names {
    #![deny(warnings)]

    include!("../data/names/one_letter_names.rs");

    struct Hooks(bool, Vec<one_letter::Action>);

    impl one_letter::Hooks for Hooks {
        fn guard(&mut self, _guard: one_letter::Guard) -> bool {
            self.0
        }
        fn action(&mut self, action: one_letter::Action) {
            self.1.push(action);
        }
    }

    #[test]
    fn single_letter_names_compile_and_run() {
        assert_eq!(one_letter::State::from_name("v"), Some(one_letter::State::v));
        assert_eq!(one_letter::Guard::from_name("g"), Some(one_letter::Guard::g));
        let mut hooks = Hooks(false, Vec::new());
        let mut machine = one_letter::Machine::start(&mut hooks);
        machine.step(one_letter::Event::e, &mut hooks);
        assert_eq!(machine.state(), one_letter::State::v);
        hooks.0 = true;
        machine.step(one_letter::Event::e, &mut hooks);
        assert_eq!(machine.state(), one_letter::State::s);
        assert_eq!(hooks.1, [one_letter::Action::a]);
    }

    /// The checked-in module is what the generator writes today (rewrite it with
    /// `fsm gen --specs tests/data/names --out <dir>` and copy the `.rs`).
    #[test]
    fn the_checked_in_module_is_fresh() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let spec = root.join("tests/data/names/one_letter_names.fsm");
        let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("one_letter_names");
        let written = fsm_dsl::build::compile_to(&spec, &out, fsm_dsl::build::Options::default()).unwrap();
        let built = std::fs::read_to_string(&written.path).unwrap();
        let checked_in = std::fs::read_to_string(spec.with_extension("rs")).unwrap();
        // Formatted as `fsm gen` formats it.
        let built = fsm_cli::generate::rustfmt(&built, root).expect("rustfmt runs");
        let body = |text: &str| text.split_once('\n').map(|(_, rest)| rest.to_owned()).unwrap();
        assert_eq!(body(&built), body(&checked_in), "tests/data/names/one_letter_names.rs is stale");
    }
}
