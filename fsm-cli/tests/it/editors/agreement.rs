//! pest and tree-sitter give the same verdict: the repository's specs, single mistakes and
//! oddities, and specs with a character deleted or inserted.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use fsm_dsl::syntax;

use super::{read, root, run_tree_sitter, tree_sitter};

/// Every spec of the repository: `specs/`, the test data (the formatter's inputs among them),
/// and the TextMate grammar's unit test files.
fn repository_specs() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [
        "specs",
        "tests/data/ok",
        "tests/data/err",
        "tests/data/before",
        "tests/data/rewritten",
        "tests/data/flat",
        "tests/data/table",
        "editors/vscode/tests/unit",
    ] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "fsm") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The files `tree-sitter parse --quiet` finds an ERROR or MISSING node in, with the specs'
/// grammar.
fn tree_sitter_flags(files: &[PathBuf]) -> Option<BTreeSet<PathBuf>> {
    flags(tree_sitter()?, files)
}

/// The files `tree-sitter parse --quiet` finds an ERROR or MISSING node in (it prints a line
/// for each such file, and nothing for the others), with the grammar `command` runs in.
pub(super) fn flags(mut command: Command, files: &[PathBuf]) -> Option<BTreeSet<PathBuf>> {
    command.args(["parse", "--quiet"]).args(files);
    let out = run_tree_sitter(command);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let flagged: BTreeSet<PathBuf> =
        files.iter().filter(|f| stdout.lines().any(|l| l.starts_with(&*f.to_string_lossy()))).cloned().collect();
    assert_eq!(
        out.status.success(),
        flagged.is_empty(),
        "tree-sitter parse's exit status disagrees with its report:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(flagged)
}

/// Whether `syntax` refuses the text for its brackets nested beyond `syntax::MAX_NESTING`.
fn too_deep(text: &str) -> bool {
    let (_, diagnostics) = syntax::parse(text);
    let message = format!("nested more than {}", syntax::MAX_NESTING);
    diagnostics.iter().any(|d| d.message.contains(&message))
}

#[test]
fn tree_sitter_parses_what_pest_parses_and_flags_what_it_refuses() {
    let files = repository_specs();
    let Some(flagged) = tree_sitter_flags(&files) else { return };
    let mut accepted = 0;
    let mut refused = 0;
    for file in &files {
        let text = read(file);
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        if syntax::follows_grammar(&text) {
            accepted += 1;
            assert!(!flagged.contains(file), "pest parses {name}, tree-sitter finds an error in it");
        } else if too_deep(&text) {
            // Refused for `syntax::MAX_NESTING`, a bound on the parser's stack rather than a
            // rule of the language: an editor may well read it.
            eprintln!("{name}: nested beyond syntax::MAX_NESTING, not a matter of the grammar");
        } else {
            refused += 1;
            assert!(flagged.contains(file), "pest refuses {name}, tree-sitter finds no error in it");
        }
    }
    eprintln!("{accepted} specs both parse, {refused} both refuse");
    assert!(accepted >= 60 && refused >= 5, "too few specs: {accepted} parsed, {refused} refused");
}

#[test]
fn tree_sitter_flags_each_syntax_mistake_alone() {
    // Each line is put in a machine that is otherwise right; pest refuses all of them.
    let mistakes = [
        "state state;",
        "initial state A",
        "A => B on E;",
        "A -> B E;",
        "A -> B on E if ready;",
        "A -> B on E | F;",
        "var n: 0..3 = 0;",
        "var n: int = 0;",
        "event E, F;",
        "event E \"e\"(u8);",
        "timer T = 5 days;",
        "unhandled = never;",
        "diagram { direction = UP; }",
        "#[deny(W0001)] guard g;",
        "A -> B on E [n < 3 < 4];",
        "A -> B on E [];",
        "A -> B on E / ;",
        "ignore in A;",
        "state S { on E; }",
        "/// a doc comment for nothing",
        // A doc comment is no comment after a `/`: read so, the next line would be effects.
        "A -> B on E ///\n    Act;",
        "A -> B on E /// Acts.\n    Act;",
        // A no-break space is no white space, before a comment too.
        "event E;\u{a0}// no-break space",
        "diagram /// a doc comment\n    { direction = LR; }",
        "diagram // the brace is in the comment {\n    }",
        "state S \"unterminated;",
    ];
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (i, mistake) in mistakes.iter().enumerate() {
        let text = format!("machine M {{\n    initial state A;\n    {mistake}\n}}\n");
        assert!(!syntax::follows_grammar(&text), "pest parses the mistake {mistake:?}");
        let path = dir.path().join(format!("mistake{i}.fsm"));
        std::fs::write(&path, text).unwrap();
        files.push(path);
    }
    let Some(flagged) = tree_sitter_flags(&files) else { return };
    for (file, mistake) in files.iter().zip(mistakes) {
        assert!(flagged.contains(file), "tree-sitter finds no error in {mistake:?}");
    }
}

#[test]
fn tree_sitter_parses_each_grammatical_oddity_alone() {
    // Lines pest's grammar takes (some of them the checker refuses later, which is not the
    // grammar's business), each put in a machine; tree-sitter must read them all.
    let oddities = [
        "state S \"a\\\nb\";",
        "state S \"\\q\";",
        "timer T = 5s;",
        "timer T(u8) \"t\" = 1 h;",
        "event E(dyn Fn(&'a str) + Send);",
        "event E(  Vec < u8 >  );",
        "event E();",
        "event E([u8; 4]);",
        "event E(crate::state::in_flight::Frame);",
        "var n: -3..=-1 = -2;",
        "var b: bool=false;",
        "A->B on E[g]/Act;",
        "A -> B on E [(a)];",
        "A -> B on E [x == y];",
        "internal A on E [!!g];",
        "ignore * in * except A otherwise ref \"x\" ref \"y\";",
        "diagram -> A on E;",
        "events -> error on actions;",
        "state S { timer T; entry A; exit B; timer U; state X; }",
        "#[allow(W0002)] #[allow(W0001)] guard g;",
        "action A = stop T;",
        "diagram{}",
        "state S \"a // b\"; state T \"///\";",
        "A -> B on E // then\n    / Act;",
        "A -> B on E / //// Acts.\n    Act;",
        "A -> B on E //\n    ;",
        // An event's data type is read whole: a `///` there is no doc comment.
        "event D(u8 /// x\n    );",
        "timer T(u8 ///x\n    ) = 5 s;",
        "diagram // how it is drawn\n    //// and more\n    //\n    { direction = LR; }",
    ];
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (i, oddity) in oddities.iter().enumerate() {
        let text = format!("\u{feff}machine M \"m\" {{\n    initial state A;\n    {oddity}\n}}\n");
        assert!(syntax::follows_grammar(&text), "pest refuses {oddity:?}");
        let path = dir.path().join(format!("oddity{i}.fsm"));
        std::fs::write(&path, text).unwrap();
        files.push(path);
    }
    let Some(flagged) = tree_sitter_flags(&files) else { return };
    for (file, oddity) in files.iter().zip(oddities) {
        assert!(!flagged.contains(file), "tree-sitter finds an error in {oddity:?}");
    }
}

/// What `tree_sitter_and_pest_agree_on_mutated_specs` inserts: the grammar's punctuation and a
/// few words and characters that may or may not fit where they land.
const INSERTIONS: [&str; 28] = [
    ";", "{", "}", "[", "]", "(", ")", "-", ">", ",", "\"", "/", "*", "!", "=", "#", "\\", ".", ":", "&", "|", "<",
    "\n", "1", "x", " on", " in", " state",
];

#[test]
fn tree_sitter_and_pest_agree_on_mutated_specs() {
    // Each spec of specs/ and tests/data/ok with one character deleted, or one piece of
    // `INSERTIONS` inserted, at 16 places a fixed xorshift sequence picks: many mutants break
    // the syntax, some do not (a space, a character of a comment or a string); either way both
    // parsers must say the same.
    let mut files = Vec::new();
    for dir in ["specs", "tests/data/ok"] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "fsm") {
                files.push(path);
            }
        }
    }
    files.sort();
    let dir = tempfile::tempdir().unwrap();
    let cases: Vec<_> = mutants(&files, 16, 0x2545_f491_4f6c_dd1d, &INSERTIONS, &dir)
        .into_iter()
        .map(|m| (m.path, syntax::follows_grammar(&m.text), m.what))
        .collect();
    let paths: Vec<PathBuf> = cases.iter().map(|(p, _, _)| p.clone()).collect();
    let Some(flagged) = tree_sitter_flags(&paths) else { return };
    assert_agree(&cases, &flagged);
}

/// A repository file with one character deleted or one piece inserted, written to a file.
pub(super) struct Mutant {
    /// Where it is written.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Which file, what was done and where, for a failure's message.
    pub what: String,
}

/// Each of `files` with one character deleted, or one of `insertions` inserted, at `per_file`
/// places a xorshift sequence from `seed` picks (deletions and insertions in turn), each
/// mutant written to `dir` under the file's stem and extension.
pub(super) fn mutants(
    files: &[PathBuf],
    per_file: usize,
    seed: u64,
    insertions: &[&str],
    dir: &tempfile::TempDir,
) -> Vec<Mutant> {
    let mut state = seed;
    let mut next = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % below as u64).unwrap()
    };
    let mut out = Vec::new();
    for file in files {
        let text = read(file);
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        let (stem, ext) = (file.file_stem().unwrap().to_string_lossy(), file.extension().unwrap().to_string_lossy());
        for k in 0..per_file {
            let (at, c) = chars[next(chars.len())];
            let (mutated, what) = if k % 2 == 0 {
                (format!("{}{}", &text[..at], &text[at + c.len_utf8()..]), format!("without {c:?}"))
            } else {
                let piece = insertions[next(insertions.len())];
                (format!("{}{piece}{}", &text[..at], &text[at..]), format!("with {piece:?} inserted"))
            };
            let path = dir.path().join(format!("{stem}_{k}.{ext}"));
            std::fs::write(&path, &mutated).unwrap();
            out.push(Mutant { path, text: mutated, what: format!("{name} {what} at byte {at}") });
        }
    }
    out
}

/// Asserts that tree-sitter `flagged` exactly the cases (file, whether pest parses it, what it
/// is) that pest refuses; returns how many pest refuses.
pub(super) fn assert_agree(cases: &[(PathBuf, bool, String)], flagged: &BTreeSet<PathBuf>) -> usize {
    let disagreements: Vec<String> = cases
        .iter()
        .filter(|(path, pest_parses, _)| flagged.contains(path) == *pest_parses)
        .map(|(_, pest_parses, what)| format!("{what}: pest {}", if *pest_parses { "parses it" } else { "refuses it" }))
        .collect();
    let refused = cases.iter().filter(|(_, parses, _)| !parses).count();
    eprintln!("{} mutants, {refused} refused by both", cases.len());
    assert!(disagreements.is_empty(), "the parsers disagree:\n{}", disagreements.join("\n"));
    refused
}
