//! pest (`system.pest`, through `verify::syntax::parse`) and the systems' tree-sitter grammar
//! (`editors/tree-sitter-fsm/fsys/`) give the same verdict: the repository's systems, single
//! mistakes and oddities, and systems with a character deleted or inserted.

use std::collections::BTreeSet;
use std::path::PathBuf;

use fsm_cli::verify::diag::Code;
use fsm_cli::verify::syntax;

use super::agreement::{assert_agree, flags, mutants};
use super::{fsys_dir, read, root, tree_sitter_in};

/// pest's verdict: `Some(true)` when the text follows `system.pest`, `Some(false)` when it does
/// not (V0001), `None` when `syntax::parse` refuses it before pest reads it, for its size or its
/// nesting of parentheses (V0011: bounds of the parser, not rules of the language).
fn pest_parses(text: &str) -> Option<bool> {
    match syntax::parse(text) {
        Ok(_) => Some(true),
        Err(d) if d.code == Code::Syntax => Some(false),
        Err(_) => None,
    }
}

/// Every system of the repository: `specs/systems/` and the test data (the seeded bugs, and
/// one system per `V` code, the syntax error among them). The fuzzer's seeds
/// (`fuzz/seeds/system/`) are a system and a spec in one file: see [`seed_systems`].
fn repository_systems() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["specs/systems", "tests/data/systems", "tests/data/systems/bugs", "tests/data/systems/err"] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "fsys") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The system of each of the fuzzer's seeds (`fuzz/seeds/system/`: a system, then optionally a
/// line `---` and a spec), written alone into `dir`.
fn seed_systems(dir: &tempfile::TempDir) -> Vec<PathBuf> {
    let mut seeds: Vec<PathBuf> =
        std::fs::read_dir(root().join("fuzz/seeds/system")).unwrap().map(|e| e.unwrap().path()).collect();
    seeds.sort();
    seeds
        .iter()
        .map(|seed| {
            let text = read(seed);
            let system = text.split_once("\n---\n").map_or(text.as_str(), |(system, _)| system);
            let path = dir.path().join(seed.file_name().unwrap()).with_extension("fsys");
            std::fs::write(&path, format!("{system}\n")).unwrap();
            path
        })
        .collect()
}

fn tree_sitter_flags(files: &[PathBuf]) -> Option<BTreeSet<PathBuf>> {
    flags(tree_sitter_in(&fsys_dir())?, files)
}

#[test]
fn tree_sitter_parses_the_systems_pest_parses_and_flags_those_it_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = repository_systems();
    let seeds = seed_systems(&dir);
    assert!(seeds.len() >= 4, "the fuzzer's seeds of `system` are gone");
    files.extend(seeds);
    let Some(flagged) = tree_sitter_flags(&files) else { return };
    let mut accepted = 0;
    let mut refused = 0;
    for file in &files {
        let name = file.strip_prefix(root()).unwrap_or(file).display().to_string();
        match pest_parses(&read(file)) {
            Some(true) => {
                accepted += 1;
                assert!(!flagged.contains(file), "pest parses {name}, tree-sitter finds an error in it");
            }
            Some(false) => {
                refused += 1;
                assert!(flagged.contains(file), "pest refuses {name}, tree-sitter finds no error in it");
            }
            None => panic!("{name} is refused for the parser's bounds, which no system of the repository reaches"),
        }
    }
    eprintln!("{accepted} systems both parse, {refused} both refuse");
    assert!(accepted >= 20 && refused >= 1, "too few systems: {accepted} parsed, {refused} refused");
}

/// Writes each item in a system that is otherwise right, and returns the files and pest's
/// verdicts.
fn systems_with(items: &[&str], dir: &tempfile::TempDir, stem: &str) -> Vec<(PathBuf, bool)> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let text = format!("\u{feff}/// S.\nsystem S {{\n    instance wa = \"w.fsm\";\n    {item}\n}}\n");
            let path = dir.path().join(format!("{stem}{i}.fsys"));
            std::fs::write(&path, &text).unwrap();
            (path, pest_parses(&text) == Some(true))
        })
        .collect()
}

#[test]
fn tree_sitter_flags_each_system_syntax_mistake_alone() {
    // pest refuses all of them.
    let mistakes = [
        "channel ab { DWR } loss;",
        "channel ab { DWR } capacity 1 lossduplication;",
        "channel ab { DWR } capacity -1;",
        "channel ab { } capacity 1;",
        "channel ab DWR capacity 1;",
        "send Send -> ab.DWR;",
        "send wa.Send => ab.DWR;",
        "flush on wa.Close;",
        "receive ab.DWR -> ;",
        "environment wa.Tw;",
        "environment wa.Tw alwaysx;",
        "environment wa.Tw at;",
        "defer wa.E in;",
        "end wa;",
        "invariant i: wa = DOWN;",
        "invariant i: wa == DOWN &&;",
        "invariant i: (wa == DOWN;",
        "invariant i wa == DOWN;",
        "invariant i: wa == 1.5;",
        "home h: !;",
        "instance wb = \"w.fsm\" ();",
        "instance wb = \"w.fsm\" (n);",
        "instance wb = w.fsm;",
        "/// a doc comment for nothing",
        "end wa in DOWN",
        "state S;",
        // A keyword is a whole word: each of these is a name where a keyword should be.
        "instancewb = \"w.fsm\";",
        "channel ab { DWR } capacity2 loss;",
        "environment wa.Tw atquiescence;",
        "defer wa.E inDOWN;",
        "endwa in DOWN;",
    ];
    let dir = tempfile::tempdir().unwrap();
    let cases = systems_with(&mistakes, &dir, "mistake");
    for ((_, parses), mistake) in cases.iter().zip(mistakes) {
        assert!(!parses, "pest parses the mistake {mistake:?}");
    }
    let paths: Vec<PathBuf> = cases.iter().map(|(p, _)| p.clone()).collect();
    let Some(flagged) = tree_sitter_flags(&paths) else { return };
    for (file, mistake) in paths.iter().zip(mistakes) {
        assert!(flagged.contains(file), "tree-sitter finds no error in {mistake:?}");
    }
}

#[test]
fn tree_sitter_parses_each_system_oddity_alone() {
    // Items pest's grammar takes (some of them the checker refuses later, which is not the
    // grammar's business); tree-sitter must read them all.
    let oddities = [
        "instance end = \"a\\\"b\\\nc\";",
        "instance wb = \"w.fsm\"(n=-3,b=true);",
        "channel always { loss } capacity 0 loss loss;",
        "channel ab{DWR,DWA}capacity 2 loss;",
        "send wa . Send->ab.DWR;",
        "flush ab,ba on wa.Close;",
        "receive ab.DWR -> wa.E, wa.F, wa.G;",
        "environment wa.Tw always ;",
        "defer wa.E in DOWN,UP;",
        "invariant i at quiescence: wa == DOWN;",
        "invariant i: !!!(wa == DOWN) || ((wa.n >= -1)) && wa != UP;",
        "home h: wa.flag == true;",
        "//// a comment, not a doc comment",
        "/// doc\n    /// doc\n    end wa in X;",
    ];
    let dir = tempfile::tempdir().unwrap();
    let cases = systems_with(&oddities, &dir, "oddity");
    for ((_, parses), oddity) in cases.iter().zip(oddities) {
        assert!(parses, "pest refuses {oddity:?}");
    }
    let paths: Vec<PathBuf> = cases.iter().map(|(p, _)| p.clone()).collect();
    let Some(flagged) = tree_sitter_flags(&paths) else { return };
    for (file, oddity) in paths.iter().zip(oddities) {
        assert!(!flagged.contains(file), "tree-sitter finds an error in {oddity:?}");
    }
}

/// What `tree_sitter_and_pest_agree_on_mutated_systems` inserts: the grammar's punctuation and
/// a few words and characters that may or may not fit where they land.
const INSERTIONS: [&str; 28] = [
    ";", "{", "}", "(", ")", "-", ">", ",", "\"", "/", "!", "=", "\\", ".", ":", "&", "|", "<", "\n", "1", "x", " in",
    " on", " at", " loss", "always", " end", "///",
];

#[test]
fn tree_sitter_and_pest_agree_on_mutated_systems() {
    // Each system of the repository with one character deleted, or one piece of `INSERTIONS`
    // inserted, at 24 places a fixed xorshift sequence picks: many mutants break the syntax,
    // some do not (a space, a character of a comment or a string); either way both parsers
    // must say the same.
    let files = repository_systems();
    let dir = tempfile::tempdir().unwrap();
    // pest's verdict; mutants refused for the parser's bounds are left out.
    let cases: Vec<_> = mutants(&files, 24, 0x9e37_79b9_7f4a_7c15, &INSERTIONS, &dir)
        .into_iter()
        .filter_map(|m| Some((m.path, pest_parses(&m.text)?, m.what)))
        .collect();
    let paths: Vec<PathBuf> = cases.iter().map(|(p, _, _)| p.clone()).collect();
    let Some(flagged) = tree_sitter_flags(&paths) else { return };
    let refused = assert_agree(&cases, &flagged);
    assert!(refused >= cases.len() / 4, "too few mutants break the syntax: {refused} of {}", cases.len());
}
