//! No import circle in the compiler: between the top-level modules of `fsm-dsl/src` (`syntax`,
//! `ast`, `check`, `ir`, `codegen`, ...) and between the submodules of `check`, the modules
//! that name each other (`crate::a::..`, `super::a`, `use crate::{a, b}`) form no cycle, so each
//! layer can be read, and changed, knowing only those below it.
//!
//! The paths are read from the source text rather than from `cargo modules`: the test needs no
//! tool installed, and a path in code is what makes a dependency (paths in `//` comments and
//! doc comments are left out, and so are test modules, from their `#[cfg(test)]` line to the
//! end of the file, where they stand: a test may use any layer to build its input).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The module path of a source file: `src/check/analysis/explore.rs` is `check::analysis::explore`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("lib" | "mod")) {
        parts.pop();
    }
    parts
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The identifier at the start of `text`.
fn ident(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// The paths a use tree or a path in code names, from its first segment on: `a::{b, c::{d}}`
/// is `a::b` and `a::c::d`, `ir::Machine::new(..)` is `ir::Machine::new`; a group is read to its
/// matching brace, however it is nested or wrapped over lines.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim_start();
    if let Some(group) = tree.strip_prefix('{') {
        let mut depth = 0;
        let mut items = Vec::new();
        let mut start = 0;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    items.push(&group[start..i]);
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(&group[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        return items.into_iter().flat_map(expand).collect();
    }
    let head = ident(tree);
    if head.is_empty() {
        return Vec::new();
    }
    match tree[head.len()..].trim_start().strip_prefix("::") {
        Some(rest) => {
            let inner = expand(rest);
            if inner.is_empty() {
                vec![head.to_owned()]
            } else {
                inner.into_iter().map(|p| format!("{head}::{p}")).collect()
            }
        }
        None => vec![head.to_owned()],
    }
}

/// The absolute module paths (their first two segments) that `code` names, read in module `at`.
fn references(at: &[String], code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let lines = code.lines().map(str::trim_start);
    let before_tests = lines.take_while(|l| !(l.starts_with("#[cfg(test)]") || l.starts_with("#[cfg(all(test")));
    // One text, so that a use tree wrapped over lines reads as one.
    let text: Vec<&str> = before_tests.filter(|l| !l.starts_with("//")).collect();
    let text = text.join(" ");
    let mut rest = text.as_str();
    while let Some(i) = [rest.find("crate::"), rest.find("super::")].into_iter().flatten().min() {
        let preceded = rest[..i].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_');
        let mut tail = &rest[i..];
        let base: Vec<String> = if let Some(t) = tail.strip_prefix("crate::") {
            tail = t;
            Vec::new()
        } else {
            let mut base = at.to_vec();
            while let Some(t) = tail.strip_prefix("super::") {
                base.pop();
                tail = t;
            }
            base
        };
        rest = tail;
        if preceded {
            continue;
        }
        for item in expand(tail) {
            let mut path = base.clone();
            // The first two segments: the module, and the one inside it (for `check`'s own).
            path.extend(item.split("::").filter(|s| *s != "self").take(2).map(str::to_owned));
            if path.len() > base.len() {
                found.push(path);
            }
        }
    }
    found
}

/// A cycle of `graph`, if it has one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if !done.insert(node.to_owned()) {
            return None;
        }
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

/// The edges between the modules at depth `depth` under `under` (`[]`: the top level).
fn graph(under: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let depth = under.len();
    let inside = |path: &[String]| path.len() > depth && path.iter().zip(under).all(|(a, b)| a == b);
    let modules: BTreeSet<String> =
        all.iter().map(|f| module_of(&src, f)).filter(|m| inside(m)).map(|m| m[depth].clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &all {
        let at = module_of(&src, file);
        if !inside(&at) {
            continue;
        }
        let code = std::fs::read_to_string(file).unwrap();
        for target in references(&at, &code) {
            if inside(&target) && target[depth] != at[depth] && modules.contains(&target[depth]) {
                graph.entry(at[depth].clone()).or_default().insert(target[depth].clone());
            }
        }
    }
    graph
}

#[test]
fn the_top_level_modules_form_no_cycle() {
    let graph = graph(&[]);
    assert!(graph.contains_key("check") && graph["check"].contains("ir"), "the reader lost the edges: {graph:?}");
    assert_eq!(cycle(&graph), None, "{graph:#?}");
}

#[test]
fn the_checker_s_submodules_form_no_cycle() {
    let graph = graph(&["check"]);
    assert!(graph.contains_key("timers"), "the reader lost the edges: {graph:?}");
    assert_eq!(cycle(&graph), None, "{graph:#?}");
}

#[test]
fn a_cycle_is_found() {
    let at = |p: &str| p.split("::").map(str::to_owned).collect::<Vec<_>>();
    let refs = references(&at("check::timers"), "use super::analysis::explore;\nuse crate::{ir, ast::Span};");
    assert_eq!(refs, vec![at("check::analysis::explore"), at("ir"), at("ast::Span")]);
    // A group wrapped over lines, and groups inside a group.
    let wrapped = "use crate::{\n    ast::{self, Name},\n    ir::{Machine, expr::{Expr}},\n    diag,\n};";
    let refs = references(&at("check::timers"), wrapped);
    assert_eq!(refs, vec![at("ast"), at("ast::Name"), at("ir::Machine"), at("ir::expr"), at("diag")]);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    assert_eq!(cycle(&graph), None);
    graph.entry("c".into()).or_default().insert("a".into());
    assert_eq!(cycle(&graph), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
}
