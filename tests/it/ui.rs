//! What users of the `fsm!` macro see: the compile errors of bad specs and bad invocations
//! (pinned `.stderr` files), and a spec whose generated code compiles under
//! `#![deny(warnings, missing_docs)]`.

use std::path::Path;

#[test]
fn ui() {
    // trybuild builds the cases as a crate in `<target>/tests/trybuild/rfc-fsm`, and the macro
    // reads spec files relative to that crate: the specs the cases name are put there.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
    let specs = target.join("tests/trybuild/rfc-fsm/specs");
    std::fs::create_dir_all(&specs).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/specs");
    for entry in std::fs::read_dir(source).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, specs.join(path.file_name().unwrap())).unwrap();
    }
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
