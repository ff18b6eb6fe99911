//! proptest replays the failures it saved before it draws new cases, from the file that parallels
//! the test's source file (its default, `SourceParallel`, rooted at this binary's `main.rs`): for
//! `tests/it/iua/properties.rs`, `tests/proptest-regressions/iua/properties.txt`. A file whose
//! tests moved is silently never read again, so each file must parallel a source file that runs
//! properties.

use std::path::{Path, PathBuf};

/// Every file under `dir`, recursively.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push(path);
        }
    }
    found
}

#[test]
fn every_regressions_file_parallels_a_source_file_with_properties() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let regressions = tests.join("proptest-regressions");
    let saved = files(&regressions);
    assert!(!saved.is_empty(), "no file in {}", regressions.display());
    for file in saved {
        let relative = file.strip_prefix(&regressions).unwrap();
        assert_eq!(file.extension().and_then(|e| e.to_str()), Some("txt"), "{}", file.display());
        let source = tests.join("it").join(relative).with_extension("rs");
        let text = std::fs::read_to_string(&source)
            .unwrap_or_else(|e| panic!("{} has no source file {} ({e})", file.display(), source.display()));
        assert!(
            text.contains("proptest!"),
            "{} runs no properties, yet {} is for it",
            source.display(),
            file.display()
        );
        let seeds = std::fs::read_to_string(&file).unwrap();
        assert!(seeds.lines().any(|l| l.starts_with("cc ")), "{} holds no saved case", file.display());
    }
}
