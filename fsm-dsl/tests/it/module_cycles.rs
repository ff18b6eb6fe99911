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

/// The absolute module paths (their first two segments) that `code` names, read in module `at`.
fn references(at: &[String], code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let lines = code.lines().map(str::trim_start);
    let before_tests = lines.take_while(|l| !(l.starts_with("#[cfg(test)]") || l.starts_with("#[cfg(all(test")));
    for line in before_tests.filter(|l| !l.starts_with("//")) {
        let mut rest = line;
        while let Some(i) = rest.find("crate::").or_else(|| rest.find("super::")) {
            // The earlier of the two, whichever it is.
            let i = [rest.find("crate::"), rest.find("super::")].into_iter().flatten().min().unwrap_or(i);
            let preceded = rest[..i].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_');
            let mut tail = &rest[i..];
            let base: Vec<String> = if tail.starts_with("crate::") {
                tail = &tail["crate::".len()..];
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
            // Each path of a group (`{a, b::c}`), or the one path.
            let paths: Vec<&str> = match tail.strip_prefix('{') {
                Some(group) => group.split('}').next().unwrap_or("").split(',').map(str::trim).collect(),
                None => vec![tail],
            };
            for item in paths {
                let head = ident(item);
                if head.is_empty() || head == "self" {
                    continue;
                }
                let mut path = base.clone();
                path.push(head.to_owned());
                // The second segment, for paths inside `check`.
                if let Some(next) = item[head.len()..].strip_prefix("::") {
                    let next = ident(next);
                    if !next.is_empty() {
                        path.push(next.to_owned());
                    }
                }
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
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    assert_eq!(cycle(&graph), None);
    graph.entry("c".into()).or_default().insert("a".into());
    assert_eq!(cycle(&graph), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
}
