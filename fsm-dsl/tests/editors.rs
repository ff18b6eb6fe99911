//! The editor grammars of `editors/` against the grammar of record, `src/syntax/fsm.pest`:
//!
//! - the keywords of `syntax::KEYWORDS`, and the contextual words of `fsm.pest`, are the words of
//!   the tree-sitter grammar and of the TextMate grammar, no more and no fewer;
//! - every item form of `fsm.pest` has its node in the tree-sitter grammar;
//! - every spec of the repository that pest parses, tree-sitter parses without an ERROR or
//!   MISSING node, and every one that pest refuses for its syntax, tree-sitter flags;
//! - the tree-sitter corpus passes, and `src/parser.c` is what `tree-sitter generate` makes of
//!   `grammar.js`;
//! - the TextMate grammar's snapshot and unit tests pass (`editors/vscode/test.sh`), and the VS
//!   Code extension's command line starts `fsm lsp`, which answers a client
//!   (`editors/vscode/test/client.test.js`).
//!
//! The tools (the tree-sitter CLI, Node.js and the npm packages of `editors/vscode`) are installed
//! by `scripts/install-deps`. Without them a test prints a notice and passes, unless `CI` is set:
//! there a missing tool is a failure.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

use fsm_dsl::syntax;

/// The tree-sitter CLI version `scripts/install-deps` installs (its `TREE_SITTER_CLI_VERSION`).
fn tree_sitter_version() -> String {
    let script = read(&root().join("scripts/install-deps"));
    let line = script.lines().find_map(|l| l.strip_prefix("TREE_SITTER_CLI_VERSION="));
    line.expect("scripts/install-deps sets TREE_SITTER_CLI_VERSION").trim().to_owned()
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn tree_sitter_dir() -> PathBuf {
    root().join("editors/tree-sitter-fsm")
}

fn vscode_dir() -> PathBuf {
    root().join("editors/vscode")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Whether a test that needs `tool` may go on: `Some(())` when it is there; `None` after a notice
/// when it is missing outside CI; a failure when it is missing in CI.
fn tool_present(tool: &str, present: bool) -> Option<()> {
    if present {
        return Some(());
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{tool} is missing (CI is set, so this fails): scripts/install-deps installs it"
    );
    eprintln!("notice: {tool} is missing, this test is skipped (scripts/install-deps installs it)");
    None
}

/// The pinned tree-sitter CLI, if it is installed.
fn tree_sitter() -> Option<Command> {
    let pinned = tree_sitter_version();
    let version = Command::new("tree-sitter").arg("--version").output();
    // `tree-sitter 0.26.13 (...)`
    let present = version.as_ref().is_ok_and(|out| {
        out.status.success() && String::from_utf8_lossy(&out.stdout).split_whitespace().nth(1) == Some(pinned.as_str())
    });
    tool_present(&format!("tree-sitter {pinned}"), present)?;
    let mut command = Command::new("tree-sitter");
    command.current_dir(tree_sitter_dir());
    Some(command)
}

fn node_present() -> bool {
    Command::new("node").arg("--version").output().is_ok_and(|out| out.status.success())
}

/// Runs a tree-sitter command, one at a time: `parse`, `test` and `query` compile the parser
/// into the same cache when it is missing or stale.
fn run_tree_sitter(command: Command) -> Output {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    run(command)
}

fn run(mut command: Command) -> Output {
    command.output().unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"))
}

fn assert_success(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

// ---------------------------------------------------------------------------------------------
// Words and item forms, read from the grammar files.

/// The text of the pest rule `name`, from its `=` to its closing brace at the line's end.
fn pest_rule(pest: &str, name: &str) -> String {
    let start = pest.find(&format!("\n{name} = ")).unwrap_or_else(|| panic!("no rule {name} in fsm.pest")) + 1;
    let end = pest[start..].find("}\n").unwrap() + start;
    pest[start..=end].to_owned()
}

/// The double-quoted words of a piece of pest text.
fn quoted_words(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .map(str::to_owned)
        .collect()
}

/// Every word `fsm.pest` gives a meaning: its keywords and the contextual words (the `kw_*`
/// rules, the unhandled policies, the diagram's settings and the time units).
fn pest_words(pest: &str) -> BTreeSet<String> {
    let mut words: BTreeSet<String> = quoted_words(&pest_rule(pest, "keyword")).into_iter().collect();
    for line in pest.lines().filter(|l| l.starts_with("kw_")) {
        words.extend(quoted_words(line));
    }
    for rule in ["policy", "direction", "visibility", "time_unit"] {
        words.extend(quoted_words(&pest_rule(pest, rule)));
    }
    words
}

/// The words of `grammar.js`: its single-quoted strings made of letters, digits and `_`, but for the
/// names of fields and of reserved word sets (`field('name', ...)`, `reserved('payload', ...)`).
fn grammar_js_words(grammar: &str) -> BTreeSet<String> {
    let code: String = grammar.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    let mut words = BTreeSet::new();
    let mut rest = code.as_str();
    // grammar.js quotes its strings with `'` (a `"` stands in regular expressions).
    while let Some(open) = rest.find('\'') {
        let Some(len) = rest[open + 1..].find('\'') else { break };
        let word = &rest[open + 1..open + 1 + len];
        let context = &rest[..open];
        let named = context.ends_with("field(") || context.ends_with("reserved(");
        if !named && !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            words.insert(word.to_owned());
        }
        rest = &rest[open + len + 2..];
    }
    // `diagram {` is one token (a state may be named `diagram`).
    if code.contains("seq('diagram', ") {
        words.insert("diagram".to_owned());
    }
    words
}

/// The `KEYWORDS` array of `grammar.js`.
fn grammar_js_keywords(grammar: &str) -> Vec<String> {
    let start = grammar.find("const KEYWORDS = [").unwrap();
    let end = grammar[start..].find("];").unwrap() + start;
    grammar[start..end].split('\'').skip(1).step_by(2).map(str::to_owned).collect()
}

fn textmate_grammar() -> serde_json::Value {
    serde_json::from_str(&read(&vscode_dir().join("syntaxes/fsm.tmLanguage.json"))).unwrap()
}

/// Every regular expression of a TextMate grammar (`match`, `begin`, `end`).
fn textmate_regexes(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("match" | "begin" | "end", serde_json::Value::String(re)) => out.push(re.clone()),
                    _ => textmate_regexes(value, out),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| textmate_regexes(v, out)),
        _ => {}
    }
}

/// The words a TextMate regular expression names literally: the runs of letters, digits and
/// `_` not part of an escape (`\b`, `\s`) or a class.
fn regex_words(re: &str) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    let mut chars = re.chars().peekable();
    let mut word = String::new();
    let mut in_class = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
                words.insert(std::mem::take(&mut word));
            }
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            c if !in_class && (c.is_ascii_alphanumeric() || c == '_') => word.push(c),
            _ => {
                words.insert(std::mem::take(&mut word));
            }
        }
    }
    words.insert(word);
    // Quantifiers (`{4}`) are no words.
    words.retain(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()));
    words
}

#[test]
fn the_keywords_are_those_of_the_parser_in_every_grammar() {
    let pest = read(&root().join("fsm-dsl/src/syntax/fsm.pest"));
    let keywords: BTreeSet<String> = syntax::KEYWORDS.iter().map(|k| (*k).to_owned()).collect();
    let pest_keywords: BTreeSet<String> = quoted_words(&pest_rule(&pest, "keyword")).into_iter().collect();
    assert_eq!(pest_keywords, keywords, "fsm.pest's `keyword` rule and syntax::KEYWORDS");

    // tree-sitter: the reserved words are the keywords, and every word of pest is used.
    let grammar = read(&tree_sitter_dir().join("grammar.js"));
    let reserved: BTreeSet<String> = grammar_js_keywords(&grammar).into_iter().collect();
    assert_eq!(reserved, keywords, "the KEYWORDS of grammar.js and syntax::KEYWORDS");
    let used = grammar_js_words(&grammar);
    let words = pest_words(&pest);
    let missing: Vec<_> = words.difference(&used).collect();
    assert!(missing.is_empty(), "words of fsm.pest that grammar.js does not use: {missing:?}");
    // ...and it has no word of its own (beyond its `reserved` sets' names).
    let extra: Vec<_> = used.difference(&words).filter(|w| w.as_str() != "fsm").collect();
    assert!(extra.is_empty(), "words of grammar.js that fsm.pest does not have: {extra:?}");

    // TextMate: the keyword pattern is the keywords, and every word of pest is matched somewhere.
    let textmate = textmate_grammar();
    let keyword_re = textmate["repository"]["invalid-keyword"]["match"].as_str().unwrap();
    assert_eq!(regex_words(keyword_re), keywords, "the TextMate grammar's keyword pattern and syntax::KEYWORDS");
    let mut regexes = Vec::new();
    textmate_regexes(&textmate, &mut regexes);
    let mut matched = BTreeSet::new();
    for re in &regexes {
        matched.extend(regex_words(re));
    }
    let missing: Vec<_> = words.difference(&matched).collect();
    assert!(missing.is_empty(), "words of fsm.pest that the TextMate grammar does not match: {missing:?}");
    // Rust's path words in event data are the only others.
    let extra: Vec<_> = matched
        .difference(&words)
        .filter(|w| !["crate", "super", "self", "Self", "fsm"].contains(&w.as_str()))
        .collect();
    assert!(extra.is_empty(), "words of the TextMate grammar that fsm.pest does not have: {extra:?}");
}

/// The alternatives of a pest rule's last parenthesized choice (`item`'s item forms).
fn pest_alternatives(rule: &str) -> Vec<String> {
    let open = rule.rfind("~ (").map(|i| i + 2).or_else(|| rule.find("{ (").map(|i| i + 2)).unwrap();
    let close = rule[open..].find(')').unwrap() + open;
    rule[open + 1..close].split('|').map(|a| a.trim().trim_end_matches('*').trim().to_owned()).collect()
}

/// The node types `tree-sitter generate` wrote for the grammar (named ones).
fn tree_sitter_node_types() -> BTreeSet<String> {
    let types: serde_json::Value = serde_json::from_str(&read(&tree_sitter_dir().join("src/node-types.json"))).unwrap();
    types
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["named"] == true)
        .map(|t| t["type"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn every_item_form_of_the_parser_has_its_tree_sitter_node() {
    // fsm.pest's rule, then the node that stands for it in grammar.js.
    const NODES: [(&str, &str); 18] = [
        ("transition", "transition"),
        ("internal_item", "internal_transition"),
        ("ignore_item", "ignore_item"),
        ("state_decl", "state_declaration"),
        ("event_decl", "event_declaration"),
        ("action_decl", "action_declaration"),
        ("guard_decl", "guard_declaration"),
        ("timer_decl", "timer_declaration"),
        ("var_decl", "variable_declaration"),
        ("ref_item", "machine_reference"),
        ("unhandled_item", "unhandled_policy"),
        ("diagram_item", "diagram_settings"),
        ("machine_attribute", "inner_attribute"),
        ("attribute", "attribute"),
        ("entry_clause", "entry_clause"),
        ("exit_clause", "exit_clause"),
        ("state_timer", "state_timer"),
        ("substate", "state_declaration"),
    ];
    let pest = read(&root().join("fsm-dsl/src/syntax/fsm.pest"));
    let mut forms: BTreeSet<String> = pest_alternatives(&pest_rule(&pest, "item")).into_iter().collect();
    forms.extend(pest_alternatives(&pest_rule(&pest, "state_body")));
    forms.insert("attribute".to_owned());
    let mapped: BTreeSet<String> = NODES.iter().map(|(rule, _)| (*rule).to_owned()).collect();
    assert_eq!(forms, mapped, "the item forms of fsm.pest (`item`, `state_body`) and this test's table");

    let nodes = tree_sitter_node_types();
    for (rule, node) in NODES {
        assert!(nodes.contains(node), "fsm.pest's `{rule}` has no node `{node}` in the tree-sitter grammar");
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing the repository's specs with both parsers.

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

/// The files `tree-sitter parse --quiet` finds an ERROR or MISSING node in (it prints a line
/// for each such file, and nothing for the others).
fn tree_sitter_flags(files: &[PathBuf]) -> Option<BTreeSet<PathBuf>> {
    let mut command = tree_sitter()?;
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

#[test]
fn the_tree_sitter_corpus_passes() {
    let Some(mut command) = tree_sitter() else { return };
    command.arg("test");
    let out = run_tree_sitter(command);
    assert_success("tree-sitter test (editors/tree-sitter-fsm)", &out);
}

#[test]
fn the_committed_parser_is_generated_from_grammar_js() {
    let Some(mut command) = tree_sitter() else { return };
    // `tree-sitter generate` runs grammar.js with Node.js.
    if tool_present("node", node_present()).is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(tree_sitter_dir().join("grammar.js"), dir.path().join("grammar.js")).unwrap();
    std::fs::copy(tree_sitter_dir().join("tree-sitter.json"), dir.path().join("tree-sitter.json")).unwrap();
    command.current_dir(dir.path()).arg("generate");
    assert_success("tree-sitter generate", &run_tree_sitter(command));
    for file in [
        "src/parser.c",
        "src/grammar.json",
        "src/node-types.json",
        "src/tree_sitter/parser.h",
        "src/tree_sitter/alloc.h",
        "src/tree_sitter/array.h",
    ] {
        let fresh = read(&dir.path().join(file));
        let committed = std::fs::read_to_string(tree_sitter_dir().join(file)).unwrap_or_default();
        assert!(
            fresh == committed,
            "editors/tree-sitter-fsm/{file} is not what grammar.js generates: run `tree-sitter generate` \
             in editors/tree-sitter-fsm and commit src/"
        );
    }
}

#[test]
fn every_query_compiles_and_captures_in_a_spec_with_superstates() {
    // Each query file, and captures it must make in tests/data/ok/superstates.fsm.
    let queries = [
        ("highlights", &["type", "constant", "function.method", "keyword", "comment.documentation"][..]),
        ("locals", &["local.scope", "local.definition.type", "local.reference"][..]),
        ("folds", &["fold"][..]),
        ("indents", &["indent.begin", "indent.end"][..]),
    ];
    let spec = root().join("tests/data/ok/superstates.fsm");
    for (query, captures) in queries {
        let Some(mut command) = tree_sitter() else { return };
        command.arg("query").arg(format!("queries/{query}.scm")).arg(&spec);
        let out = run_tree_sitter(command);
        assert_success(&format!("tree-sitter query queries/{query}.scm"), &out);
        let stdout = String::from_utf8_lossy(&out.stdout);
        for capture in captures {
            // `capture: NAME, start: ...` or, with the text, `capture: N - NAME, start: ...`.
            let found = stdout.lines().any(|l| {
                let l = l.trim_start();
                l.starts_with(&format!("capture: {capture},")) || l.contains(&format!(" - {capture}, start"))
            });
            assert!(found, "queries/{query}.scm captures no @{capture} in superstates.fsm:\n{stdout}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The VS Code extension.

#[test]
fn the_textmate_grammar_tests_pass() {
    let installed = vscode_dir().join("node_modules/.bin/vscode-tmgrammar-snap").exists();
    if tool_present("vscode-tmgrammar-test (npm ci in editors/vscode)", installed && node_present()).is_none() {
        return;
    }
    let out = run(Command::new(vscode_dir().join("test.sh")));
    assert_success("editors/vscode/test.sh", &out);
}

#[test]
fn the_vscode_extension_command_line_starts_a_server_that_answers() {
    let installed = vscode_dir().join("node_modules/vscode-languageserver-protocol").exists();
    if tool_present("the extension's npm packages (npm ci in editors/vscode)", installed && node_present()).is_none() {
        return;
    }
    let mut command = Command::new("node");
    command.current_dir(vscode_dir()).arg("tests/client.test.js").arg(env!("CARGO_BIN_EXE_fsm"));
    let out = run(command);
    assert_success("editors/vscode/tests/client.test.js", &out);
}

#[test]
fn the_vscode_manifest_names_its_files_and_pins_its_packages() {
    let manifest: serde_json::Value = serde_json::from_str(&read(&vscode_dir().join("package.json"))).unwrap();
    let file = |path: &serde_json::Value| {
        let path = vscode_dir().join(path.as_str().unwrap());
        assert!(path.is_file(), "package.json names {}, which is missing", path.display());
    };
    file(&manifest["main"]);
    assert_eq!(manifest["activationEvents"], serde_json::json!(["onLanguage:fsm"]));
    let language = &manifest["contributes"]["languages"][0];
    assert_eq!(language["id"], "fsm");
    assert_eq!(language["extensions"], serde_json::json!([".fsm"]));
    file(&language["configuration"]);
    let grammar = &manifest["contributes"]["grammars"][0];
    file(&grammar["path"]);
    assert_eq!(grammar["language"], "fsm");
    assert_eq!(grammar["scopeName"], textmate_grammar()["scopeName"]);
    assert_eq!(manifest["contributes"]["configuration"]["properties"]["fsm.server.path"]["default"], "fsm");
    // Exact versions, which package-lock.json holds with their dependencies.
    let lock: serde_json::Value = serde_json::from_str(&read(&vscode_dir().join("package-lock.json"))).unwrap();
    for section in ["dependencies", "devDependencies"] {
        for (name, version) in manifest[section].as_object().unwrap() {
            let version = version.as_str().unwrap();
            assert!(version.chars().all(|c| c.is_ascii_digit() || c == '.'), "{name} is not pinned: {version}");
            let locked = &lock["packages"][format!("node_modules/{name}")]["version"];
            assert_eq!(locked, version, "package-lock.json has another {name}");
        }
    }
    // The language configuration is JSON (VS Code reads it leniently, this test does not).
    let configuration: serde_json::Value =
        serde_json::from_str(&read(&vscode_dir().join("language-configuration.json"))).unwrap();
    assert_eq!(configuration["comments"]["lineComment"], "//");
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
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % below as u64).unwrap()
    };
    let mut cases = Vec::new();
    for file in &files {
        let text = read(file);
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        for k in 0..16 {
            let (at, c) = chars[next(chars.len())];
            let (mutated, what) = if k % 2 == 0 {
                (format!("{}{}", &text[..at], &text[at + c.len_utf8()..]), format!("without {c:?}"))
            } else {
                let piece = INSERTIONS[next(INSERTIONS.len())];
                (format!("{}{piece}{}", &text[..at], &text[at..]), format!("with {piece:?} inserted"))
            };
            let path = dir.path().join(format!("{}_{k}.fsm", file.file_stem().unwrap().to_string_lossy()));
            std::fs::write(&path, &mutated).unwrap();
            let name = file.strip_prefix(root()).unwrap().display().to_string();
            cases.push((path, syntax::follows_grammar(&mutated), format!("{name} {what} at byte {at}")));
        }
    }
    let paths: Vec<PathBuf> = cases.iter().map(|(p, _, _)| p.clone()).collect();
    let Some(flagged) = tree_sitter_flags(&paths) else { return };
    let disagreements: Vec<String> = cases
        .iter()
        .filter(|(path, pest_parses, _)| flagged.contains(path) == *pest_parses)
        .map(|(_, pest_parses, what)| format!("{what}: pest {}", if *pest_parses { "parses it" } else { "refuses it" }))
        .collect();
    let refused = cases.iter().filter(|(_, parses, _)| !parses).count();
    eprintln!("{} mutants, {refused} refused by both", cases.len());
    assert!(disagreements.is_empty(), "the parsers disagree:\n{}", disagreements.join("\n"));
}

/// Every `include` of a TextMate grammar (`#name`), wherever it stands.
fn textmate_includes(value: &serde_json::Value, out: &mut BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("include", serde_json::Value::String(name)) => {
                        out.insert(name.trim_start_matches('#').to_owned());
                    }
                    _ => textmate_includes(value, out),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| textmate_includes(v, out)),
        _ => {}
    }
}

#[test]
fn every_textmate_include_resolves_and_every_rule_is_included() {
    let textmate = textmate_grammar();
    let mut includes = BTreeSet::new();
    textmate_includes(&textmate, &mut includes);
    let rules: BTreeSet<String> = textmate["repository"].as_object().unwrap().keys().cloned().collect();
    let unresolved: Vec<_> = includes.difference(&rules).collect();
    assert!(unresolved.is_empty(), "includes without a rule in the repository: {unresolved:?}");
    let unused: Vec<_> = rules.difference(&includes).collect();
    assert!(unused.is_empty(), "rules of the repository that nothing includes: {unused:?}");
}
