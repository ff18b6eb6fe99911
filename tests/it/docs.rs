//! The documents stay true: `generated/` is what `cargo fsm gen` writes; the book (`book/src/`)
//! lists every diagnostic code; every spec in the book and the README checks as its block says;
//! the outputs the book quotes are what the tools print now; its specs are in the layout of
//! `fsm fmt`; every chapter's Rust samples run as doctests; and every link between the book's
//! pages and from the README leads to a file and a heading that exist.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file of the repository, by its path from the root.
fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A chapter of the book, by its path under `book/src/`.
fn chapter(path: &str) -> String {
    read(&format!("book/src/{path}"))
}

/// Every Markdown file of the book's sources, by its path under `book/src/`, but those that
/// `cargo fsm gen` writes: `book/src/generated` (a link to `generated/`) and the tutorial's.
fn chapters() -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(base).unwrap().to_str().unwrap().to_owned();
            if path.file_name().is_some_and(|n| n == "generated") {
                continue;
            }
            if path.is_dir() {
                walk(&path, base, out);
            } else if rel.ends_with(".md") {
                out.push(rel);
            }
        }
    }
    let base = root().join("book/src");
    let mut out = Vec::new();
    walk(&base, &base, &mut out);
    out.sort();
    out
}

/// A fenced code block: its info string (`fsm,expect-E0008`), its text, and the line of its
/// opening fence (1-based).
struct Block {
    info: String,
    text: String,
    line: usize,
}

/// The fenced code blocks of a Markdown text, with their indentation (in a list item) removed.
fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(usize, Block)> = None;
    for (n, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start().len();
        match &mut open {
            None => {
                if let Some(info) = line.trim_start().strip_prefix("```") {
                    open = Some((indent, Block { info: info.trim().to_owned(), text: String::new(), line: n + 1 }));
                }
            }
            Some((_, block)) if line.trim() == "```" => {
                let block = std::mem::replace(block, Block { info: String::new(), text: String::new(), line: 0 });
                out.push(block);
                open = None;
            }
            Some((indent, block)) => {
                block.text.push_str(line.get(*indent..).unwrap_or(line.trim_start()));
                block.text.push('\n');
            }
        }
    }
    out
}

/// The text of the first fenced block that starts with `start`.
fn block(text: &str, start: &str) -> String {
    blocks(text)
        .into_iter()
        .find(|b| b.text.starts_with(start))
        .unwrap_or_else(|| panic!("no block starts with {start:?}"))
        .text
}

/// A text with mdBook's `{{#include FILE}}` lines replaced by the file, read relative to `dir`.
fn with_includes(text: &str, dir: &Path) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        match line.trim().strip_prefix("{{#include ").and_then(|l| l.strip_suffix("}}")) {
            Some(file) => {
                let path = dir.join(file.trim());
                out.push_str(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())));
            }
            None => out.push_str(line),
        }
    }
    out
}

/// What `fsm ARGS` prints (standard output, then standard error), and its exit code.
fn fsm(args: &[&str]) -> (i32, String) {
    let cli = <fsm_cli::cli::Cli as clap::Parser>::try_parse_from(std::iter::once("fsm").chain(args.iter().copied()))
        .unwrap_or_else(|e| panic!("fsm {}: {e}", args.join(" ")));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut io = fsm_cli::cli::Io { out: &mut out, err: &mut err, input: &mut &b""[..], color: false };
    let code = fsm_cli::cli::run(cli, &mut io);
    out.extend(err);
    (code, String::from_utf8(out).unwrap())
}

/// The files `cargo fsm gen` would change in `out`, from the specs of `specs` (which the files
/// name by the directory's last component, as `fsm gen` does).
fn stale(specs: &str, out: &str) -> Vec<String> {
    let read = fsm_cli::generate::read_specs(&root().join(specs)).unwrap();
    let label = specs.rsplit('/').next().unwrap();
    let report = fsm_cli::generate::run(&read, &root().join(out), label, true).unwrap();
    report
        .changed
        .iter()
        .chain(&report.orphans)
        .map(|p| p.strip_prefix(root()).unwrap_or(p).display().to_string())
        .collect()
}

#[test]
fn generated_directory_is_fresh() {
    let stale = stale("specs", "generated");
    assert!(stale.is_empty(), "generated/ is stale ({}): run `cargo fsm gen`", stale.join(", "));
}

#[test]
fn tutorial_drawing_is_fresh() {
    let stale = stale("book/src/tutorial", "book/src/tutorial/generated");
    assert!(
        stale.is_empty(),
        "book/src/tutorial/generated is stale ({}): run `cargo fsm gen --specs book/src/tutorial --out book/src/tutorial/generated`",
        stale.join(", ")
    );
}

#[test]
fn book_lists_every_diagnostic_code() {
    let checker = chapter("checker.md");
    for code in fsm_dsl::diag::Code::ALL {
        let row = format!("| {} | {} |", code.as_str(), code.title());
        assert!(checker.contains(&row), "book/src/checker.md lacks the row `{row}`");
    }
}

/// Every spec sample of the book and the README, as `fsm check` sees it: a block marked `fsm`
/// checks with no diagnostic at all; one marked `fsm,expect-CODE,...` has diagnostics of exactly
/// those codes; one marked `fsm,excerpt=PATH` is a piece of the spec at PATH, abridged where it
/// says `...`: each of its statements is one of that spec's, its `ref`s shown or left out.
#[test]
fn every_spec_sample_checks_as_its_block_says() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let mut files: Vec<(String, PathBuf)> =
        chapters().into_iter().map(|c| (format!("book/src/{c}"), root().join("book/src").join(&c))).collect();
    files.push(("README.md".to_owned(), root().join("README.md")));
    let (mut checked, mut excerpts) = (0, 0);
    for (name, path) in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for b in blocks(&text) {
            let mut words = b.info.split(',');
            if words.next() != Some("fsm") {
                continue;
            }
            let marks: Vec<&str> = words.collect();
            if let [excerpt] = marks[..]
                && let Some(source) = excerpt.strip_prefix("excerpt=")
            {
                let missing = not_in(&b.text, &read(source));
                assert!(missing.is_empty(), "{name}:{}: the excerpt differs from {source} at {missing:?}", b.line);
                excerpts += 1;
                continue;
            }
            let expected: BTreeSet<&str> = marks
                .iter()
                .map(|m| m.strip_prefix("expect-").unwrap_or_else(|| panic!("{name}:{}: unknown mark `{m}`", b.line)))
                .collect();
            let spec = with_includes(&b.text, path.parent().unwrap());
            let file = dir.join(format!("block{checked}.fsm"));
            std::fs::write(&file, &spec).unwrap();
            let (code, printed) = fsm(&["check", file.to_str().unwrap()]);
            let found: BTreeSet<&str> = printed
                .lines()
                .filter_map(|l| l.strip_prefix("error[").or_else(|| l.strip_prefix("warning[")))
                .filter_map(|l| l.split(']').next())
                .collect();
            assert_eq!(
                found, expected,
                "{name}:{}: the spec's diagnostics are not its block's marks:\n{printed}",
                b.line
            );
            assert_eq!(code, i32::from(expected.iter().any(|c| c.starts_with('E'))), "{name}:{}: {printed}", b.line);
            checked += 1;
        }
    }
    assert!(checked >= 6 && excerpts >= 2, "{checked} specs checked, {excerpts} excerpts: the book lost its samples?");
}

/// A spec's text as statements: comments removed, cut at `;`, `{` and `}`, white space collapsed;
/// without `refs`, the `ref "..."` clauses removed too.
fn statements(text: &str, refs: bool) -> Vec<String> {
    let mut code: String = text.lines().map(|l| format!("{} ", l.split("//").next().unwrap())).collect();
    while !refs && let Some(at) = code.find(" ref \"") {
        let end = at + 6 + code[at + 6..].find('"').expect("a ref's closing quote") + 1;
        code.replace_range(at..end, "");
    }
    code.split([';', '{', '}']).map(|s| s.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
}

/// Whether a statement is what an excerpt's statement shows, where `...` stands for any text.
fn shows(statement: &str, excerpt: &str) -> bool {
    let parts: Vec<&str> = excerpt.split("...").map(str::trim).collect();
    let [first, middle @ .., last] = &parts[..] else { return statement == excerpt };
    let Some(mut rest) = statement.strip_prefix(first) else { return false };
    for part in middle.iter().filter(|p| !p.is_empty()) {
        let Some(at) = rest.find(part) else { return false };
        rest = &rest[at + part.len()..];
    }
    rest.trim_end().ends_with(last)
}

/// The statements of an excerpt that are not statements of the spec `source`, with or without
/// their `ref`s.
fn not_in(excerpt: &str, source: &str) -> Vec<String> {
    let known: Vec<String> = statements(source, true).into_iter().chain(statements(source, false)).collect();
    statements(excerpt, true).into_iter().filter(|s| !known.iter().any(|k| shows(k, s))).collect()
}

/// A block of the book preceded by `<!-- output of: fsm ARGS -->` is what `fsm ARGS` prints now
/// (run from the repository's root).
#[test]
fn every_output_the_book_quotes_is_what_fsm_prints() {
    let mut quoted = 0;
    for c in chapters() {
        let text = chapter(&c);
        let lines: Vec<&str> = text.lines().collect();
        for b in blocks(&text) {
            let Some(args) = b.line.checked_sub(2).and_then(|i| lines[i].strip_prefix("<!-- output of: fsm ")) else {
                continue;
            };
            let args: Vec<&str> = args.trim_end_matches("-->").split_whitespace().collect();
            let (_, printed) = fsm(&args);
            assert_eq!(
                printed.trim_end(),
                b.text.trim_end(),
                "book/src/{c}:{}: `fsm {}` prints otherwise",
                b.line,
                args.join(" ")
            );
            quoted += 1;
        }
    }
    assert!(quoted >= 4, "only {quoted} outputs quoted");
}

/// The README is a page, not a manual: what the project is, a picture, the quick start, one
/// spec with its Rust, and links into the book, where the rest belongs.
#[test]
fn readme_stays_a_page() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 150, "README.md has {lines} lines: move what was added into the book");
}

#[test]
fn readme_spec_is_the_tutorial_spec() {
    let readme = read("README.md");
    let spec = blocks(&readme).into_iter().find(|b| b.info == "fsm").expect("the README shows a spec").text;
    assert_eq!(spec, read("book/src/tutorial/bfd.fsm"), "the README's spec is book/src/tutorial/bfd.fsm, as it is");
}

#[test]
fn book_example_checks_and_simulates_as_shown() {
    let dsl = chapter("dsl.md");
    let spec = block(&dsl, "/// The door");
    let expected = block(&dsl, "{\"step\":0");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("door.fsm");
    std::fs::write(&path, &spec).unwrap();
    let (code, out) = fsm(&["sim", path.to_str().unwrap(), "Push[powered]", "Push", "AutoCloseExpiry"]);
    assert_eq!(code, 0);
    assert_eq!(out, expected);
}

#[test]
fn book_specs_are_formatted_and_the_fmt_example_is_what_fmt_prints() {
    let door = block(&chapter("dsl.md"), "/// The door");
    assert_eq!(fsm_cli::fmt::format(&door).unwrap(), door, "the book's example is not formatted");
    let tutorial = read("book/src/tutorial/bfd.fsm");
    assert_eq!(fsm_cli::fmt::format(&tutorial).unwrap(), tutorial, "the tutorial's spec is not formatted");
    let fmt = chapter("fmt.md");
    let messy = block(&fmt, "machine Door{");
    let tidy = block(&fmt, "machine Door {\n");
    assert_eq!(fsm_cli::fmt::format(&messy).unwrap(), tidy);
}

#[test]
fn book_test_suite_is_what_fsm_tests_prints() {
    let door = block(&chapter("dsl.md"), "/// The door");
    let m = fsm_dsl::compile(&door).machine.expect("the book's door checks");
    let printed = fsm_cli::testgen::text(&m, &fsm_cli::testgen::cases(&m));
    assert_eq!(printed.trim_end(), block(&chapter("testing/suites.md"), "Door: 3 cases").trim_end());
}

/// The book's table of the suites `fsm tests` makes for the specs in `specs/`, as computed now.
fn spec_suites_table() -> String {
    let mut table = String::from(
        "| Spec | Transitions | (state, event) pairs | Goals | Ignored pairs | Unhandled pairs | Expiries left out | Cases | Steps |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    let names = ["rfc3539_watchdog", "failover", "diameter_peer", "iua_as", "iua_asp", "iua_asp_side"];
    for name in names {
        let text = read(&format!("specs/{name}.fsm"));
        let m = fsm_dsl::compile(&text).machine.unwrap();
        let s = fsm_cli::testgen::cases(&m).stats;
        table.push_str(&format!(
            "| `{name}` | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            s.transitions, s.pairs, s.goals, s.ignored_pairs, s.unhandled_pairs, s.expiries_left_out, s.cases, s.steps
        ));
    }
    table
}

#[test]
fn book_table_of_spec_suites_is_what_fsm_tests_computes() {
    let suites = chapter("testing/suites.md");
    let table = spec_suites_table();
    let header = table.lines().next().unwrap();
    let at = suites.find(header).expect("the book has the table of the specs' suites");
    let end = suites[at..].find("\n\n").map_or(suites.len(), |n| at + n + 1);
    assert_eq!(&suites[at..end], table, "the book's table of the specs' suites is stale; it is now:\n{table}");
}

/// Each chapter is a doctest item of the root crate, so that its Rust samples run.
#[test]
fn every_chapter_runs_its_rust_samples_as_doctests() {
    let lib = read("src/lib.rs");
    for c in chapters() {
        if c == "SUMMARY.md" {
            continue;
        }
        assert!(lib.contains(&format!("= \"{c}\",")), "src/lib.rs's `chapters!` lacks book/src/{c}");
    }
}

/// Every chapter is in the book's summary, which mdBook builds from.
#[test]
fn every_chapter_is_in_the_summary() {
    let summary = chapter("SUMMARY.md");
    for c in chapters() {
        if c != "SUMMARY.md" {
            assert!(summary.contains(&format!("]({c})")), "book/src/SUMMARY.md lacks book/src/{c}");
        }
    }
}

/// A heading's anchor as mdBook makes it (and GitHub, for these headings): the text without
/// its Markdown, lowercased, spaces as `-`, and only letters, digits, `-` and `_` kept.
fn anchor(heading: &str) -> String {
    let text: String = heading.chars().filter(|c| !matches!(c, '`' | '*')).collect();
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The text of a Markdown file outside its code: fenced blocks and inline code spans removed.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut code = false;
        for part in line.split('`') {
            if !code {
                out.push_str(part);
            }
            code = !code;
        }
        out.push('\n');
    }
    out
}

/// The anchors of a Markdown file's headings (its includes expanded, as mdBook renders it).
fn anchors(path: &Path) -> BTreeSet<String> {
    let text = with_includes(&std::fs::read_to_string(path).unwrap(), path.parent().unwrap());
    let mut fenced = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.insert(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of a Markdown text's links and images, `[text](TARGET)`, outside its code.
fn links(text: &str) -> Vec<String> {
    let prose = prose(text);
    let mut out = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_owned());
        }
    }
    out
}

#[test]
fn every_link_of_the_book_and_the_readme_leads_somewhere() {
    let mut files: Vec<PathBuf> = chapters().iter().map(|c| root().join("book/src").join(c)).collect();
    files.push(root().join("README.md"));
    let mut broken = Vec::new();
    let mut followed = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for target in links(&text) {
            if target.starts_with("http://") || target.starts_with("https://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = target.split_once('#').map_or((target.as_str(), None), |(p, f)| (p, Some(f)));
            let to = if path.is_empty() { file.clone() } else { file.parent().unwrap().join(path) };
            let name = file.strip_prefix(root()).unwrap().display();
            followed += 1;
            if !to.exists() {
                broken.push(format!("{name}: {target}: no such file"));
            } else if let Some(fragment) = fragment
                && !anchors(&to).contains(fragment)
            {
                broken.push(format!("{name}: {target}: no such heading"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(followed >= 50, "only {followed} links followed: the parser lost them?");
}

#[test]
fn anchors_are_made_as_mdbook_makes_them() {
    assert_eq!(anchor(" The language server: `fsm lsp`"), "the-language-server-fsm-lsp");
    assert_eq!(anchor(" From Rust: the `fsm!` macro"), "from-rust-the-fsm-macro");
    assert_eq!(anchor(" RFC 3539 and the Failover design, compared"), "rfc-3539-and-the-failover-design-compared");
    assert_eq!(links("[a](b.md#c) `[x](y)` ![p](q.svg)"), ["b.md#c", "q.svg"]);
}

#[test]
fn an_excerpt_is_compared_with_its_spec_statement_by_statement() {
    let spec = "machine M { /// A.\n initial state A { entry Go; }\n A -> A on E / Go\n ref \"x\" ref \"y\"; }";
    assert!(not_in("initial state A { ... }\nA -> A on E / Go; // without refs", spec).is_empty());
    assert!(not_in("A -> A on E / Go ref \"x\" ...;", spec).is_empty());
    assert_eq!(not_in("A -> A on E / Stop;", spec), ["A -> A on E / Stop"]);
    assert_eq!(not_in("A -> A on E;", spec), ["A -> A on E"], "a statement cut short without `...`");
}
