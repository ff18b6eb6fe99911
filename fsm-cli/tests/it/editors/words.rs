//! The words and item forms of the three grammars, read from their files.

use std::collections::BTreeSet;

use fsm_dsl::syntax;

use super::{fsys_dir, read, root, textmate_grammar, tree_sitter_dir, vscode_dir};

/// The text of the pest rule `name`, from its `=` to its closing brace at the line's end.
fn pest_rule(pest: &str, name: &str) -> String {
    let start = pest.find(&format!("\n{name} = ")).unwrap_or_else(|| panic!("no rule {name} in the pest grammar")) + 1;
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

/// The words the pest rule `keyword` matches, read by the parser itself: the rule writes its
/// words grouped by their first letter (`"s" ~ ("tate" | "tart")`), so the candidates are its
/// quoted pieces and every two of them joined, and a word is a keyword when the rule reads it
/// whole.
fn pest_keywords(pest: &str) -> BTreeSet<String> {
    use fsm_dsl::syntax::grammar::{Grammar, Rule};
    use pest::Parser as _;
    let pieces = quoted_words(&pest_rule(pest, "keyword"));
    let joined = pieces.iter().flat_map(|a| pieces.iter().map(move |b| format!("{a}{b}")));
    pieces
        .iter()
        .cloned()
        .chain(joined)
        .filter(|word| {
            Grammar::parse(Rule::keyword, word).is_ok_and(|mut pairs| pairs.next().is_some_and(|p| p.as_str() == word))
        })
        .collect()
}

/// Every word `fsm.pest` gives a meaning: its keywords and the contextual words (the `kw_*`
/// rules, the unhandled policies, the diagram's settings, the time units and the functions of
/// a duration).
fn pest_words(pest: &str) -> BTreeSet<String> {
    let mut words = pest_keywords(pest);
    for line in pest.lines().filter(|l| l.starts_with("kw_")) {
        words.extend(quoted_words(line));
    }
    for rule in ["policy", "direction", "visibility", "time_unit", "time_fn"] {
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
    let pest_keywords = pest_keywords(&pest);
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

/// The node types `tree-sitter generate` wrote for the grammar of `dir` (named ones).
fn tree_sitter_node_types(dir: &std::path::Path) -> BTreeSet<String> {
    let types: serde_json::Value = serde_json::from_str(&read(&dir.join("src/node-types.json"))).unwrap();
    types
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["named"] == true)
        .map(|t| t["type"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn every_item_form_of_the_parser_has_its_tree_sitter_node_and_corpus_case() {
    // fsm.pest's rule, then the node that stands for it in grammar.js.
    const NODES: [(&str, &str); 21] = [
        ("transition", "transition"),
        ("internal_item", "internal_transition"),
        ("ignore_item", "ignore_item"),
        ("error_item", "error_item"),
        ("state_decl", "state_declaration"),
        ("event_decl", "event_declaration"),
        ("action_decl", "action_declaration"),
        ("group_decl", "group_declaration"),
        ("guard_decl", "guard_declaration"),
        ("timer_decl", "timer_declaration"),
        ("var_decl", "variable_declaration"),
        ("param_decl", "parameter_declaration"),
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

    let nodes = tree_sitter_node_types(&tree_sitter_dir());
    // The corpus has a case for each: its expected trees name the node.
    let corpus = corpus_text(&tree_sitter_dir().join("test/corpus"));
    for (rule, node) in NODES {
        assert!(nodes.contains(node), "fsm.pest's `{rule}` has no node `{node}` in the tree-sitter grammar");
        let opened = format!("({node}\n");
        let leaf = format!("({node})");
        assert!(
            corpus.contains(&opened) || corpus.contains(&leaf),
            "no case of editors/tree-sitter-fsm/test/corpus has a `{node}` (fsm.pest's `{rule}`)"
        );
    }
}

/// The text of the corpus files in `dir` (not in its subfolders: the systems' cases are in
/// `test/corpus/fsys/`).
fn corpus_text(dir: &std::path::Path) -> String {
    let mut corpus = String::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            corpus.push_str(&read(&path));
        }
    }
    corpus
}

/// The words of `system.pest`: every string literal of its rules that is a name (a letter, then
/// letters, digits and `_`; it reserves no word, and has no `keyword` rule). Its comments quote examples, so they
/// are left out; a literal may hold an escaped quote (`"\""`).
fn system_pest_words(pest: &str) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for line in pest.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c != '"' {
                continue;
            }
            let mut literal = String::new();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => literal.extend(['\\'].into_iter().chain(chars.next())),
                    '"' => break,
                    c => literal.push(c),
                }
            }
            let name = literal.starts_with(|c: char| c.is_ascii_alphabetic())
                && literal.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if name {
                words.insert(literal);
            }
        }
    }
    words
}

#[test]
fn the_words_of_system_pest_are_those_of_the_system_grammars() {
    let pest = read(&root().join("fsm-cli/src/verify/system.pest"));
    let words = system_pest_words(&pest);
    for word in ["system", "instance", "capacity", "loss", "always", "quiescence", "home"] {
        assert!(words.contains(word), "no {word:?} among the words read from system.pest: {words:?}");
    }

    // tree-sitter: the same words, none missing, none of its own (beyond the grammar's name).
    let grammar = read(&fsys_dir().join("grammar.js"));
    let used = grammar_js_words(&grammar);
    let missing: Vec<_> = words.difference(&used).collect();
    assert!(missing.is_empty(), "words of system.pest that fsys/grammar.js does not use: {missing:?}");
    let extra: Vec<_> = used.difference(&words).filter(|w| w.as_str() != "fsys").collect();
    assert!(extra.is_empty(), "words of fsys/grammar.js that system.pest does not have: {extra:?}");

    // TextMate: every word of pest is matched somewhere; `true` and `false`, names to the
    // grammar, are the only others.
    let textmate: serde_json::Value =
        serde_json::from_str(&read(&vscode_dir().join("syntaxes/fsys.tmLanguage.json"))).unwrap();
    let mut regexes = Vec::new();
    textmate_regexes(&textmate, &mut regexes);
    let mut matched = BTreeSet::new();
    for re in &regexes {
        matched.extend(regex_words(re));
    }
    let missing: Vec<_> = words.difference(&matched).collect();
    assert!(missing.is_empty(), "words of system.pest that fsys.tmLanguage.json does not match: {missing:?}");
    let extra: Vec<_> = matched.difference(&words).filter(|w| !["true", "false"].contains(&w.as_str())).collect();
    assert!(extra.is_empty(), "words of fsys.tmLanguage.json that system.pest does not have: {extra:?}");
}

#[test]
fn every_item_form_of_system_pest_has_its_tree_sitter_node_and_corpus_case() {
    // The node of each item form is named as system.pest's rule.
    let pest = read(&root().join("fsm-cli/src/verify/system.pest"));
    let forms: BTreeSet<String> = pest_alternatives(&pest_rule(&pest, "item")).into_iter().collect();
    let expected: BTreeSet<String> =
        ["instance", "channel", "send", "flush", "receive", "environment", "defer", "end", "invariant", "home"]
            .iter()
            .map(|f| (*f).to_owned())
            .collect();
    assert_eq!(forms, expected, "the item forms of system.pest's `item`");
    let nodes = tree_sitter_node_types(&fsys_dir());
    let corpus = corpus_text(&tree_sitter_dir().join("test/corpus/fsys"));
    // The rules inside the items too: each has its node of the same name.
    let inner = ["system", "arguments", "argument", "fault", "always", "quiescence", "comparison", "qualified"];
    for node in forms.iter().map(String::as_str).chain(inner) {
        assert!(nodes.contains(node), "system.pest's `{node}` has no node of that name in fsys/grammar.js");
        assert!(
            corpus.contains(&format!("({node}\n")) || corpus.contains(&format!("({node})")),
            "no case of editors/tree-sitter-fsm/test/corpus/fsys has a `{node}`"
        );
    }
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
