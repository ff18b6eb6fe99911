//! Superstates: a spec whose states nest is given its meaning by flattening it into the flat spec
//! that the rest of the checker reads, so that every property, the dispatch, the interpreter and
//! the equivalence check work on leaf states unchanged.
//!
//! The rules (the book's "Superstates" section states them for users):
//!
//! - Only leaf states (states without substates) exist in the flat machine; a superstate is the
//!   set of leaves below it.
//! - A transition, internal transition or `ignore` written for a superstate applies in each leaf
//!   below it, for each of its events, unless a state nearer the leaf (the leaf itself or a
//!   superstate between them) names that event too: the innermost level that names the event
//!   decides, as in UML and SCXML. `*` and `ignore ... otherwise` keep their flat meaning.
//! - Entering a superstate enters its `initial` substate, down to a leaf.
//! - A transition from state `S` (as written) to `T` leaves every state up to, and enters every
//!   state down from, the innermost superstate that properly holds both (an external transition:
//!   `S -> S` leaves and enters `S` again). Exit actions run inside-out, then the transition's
//!   own, then entry actions outside-in; the leaf's own exit and entry are the flat model's, the
//!   superstates' are written into the flat transition's action list.
//!
//! Names written for superstates keep their spans in the flat spec, so that diagnostics point at
//! the nested source.
//!
//! This module holds [`flatten`] and the checks of the tree itself (names at two levels, the
//! `initial` and `final` of superstates); `hierarchy/tree.rs` is the tree of declared states and
//! which level decides an event in a leaf; `hierarchy/transitions.rs` writes a transition for
//! each leaf with the superstates' exits and entries around it; `hierarchy/ignore.rs` does the
//! same for `ignore`.

use super::report::{self, Kind};
use crate::ast::{self, Name, SmolStr, Span};
use crate::diag::Diagnostic;
use std::borrow::Cow;
use std::collections::HashMap;

use crate::naming::{ENUM_ITEMS, SUPERSTATE_ITEMS, is_rust_keyword};

mod ignore;
mod transitions;
mod tree;
use ignore::ignore_items;
use transitions::Flattener;
use tree::{Levels, Tree};

/// A superstate, for the checked model: its name, its parent and the leaves below it.
pub(super) struct Superstate {
    pub name: Name,
    pub label: Option<ast::Str>,
    pub docs: Vec<String>,
    /// Index of the superstate that holds it, in the list of superstates.
    pub parent: Option<usize>,
    /// The names of the leaf states below it, at any depth, in declaration order.
    pub leaves: Vec<String>,
    /// Its entry and exit effects as written (already in the flat transitions' lists).
    pub entry: Vec<ast::Effect>,
    pub exit: Vec<ast::Effect>,
}

/// The flat spec, the superstates and what was wrong with the nesting.
pub(super) struct Flat<'a> {
    pub spec: Cow<'a, ast::Spec>,
    pub superstates: Vec<Superstate>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Flattens the superstates of a spec. A spec without any is returned as it is (borrowed).
pub(super) fn flatten(spec: &ast::Spec) -> Flat<'_> {
    // Only a state with substates makes a tree: a flat spec is not walked again.
    let nested = spec.items.iter().any(|item| matches!(&item.kind, ast::ItemKind::State(s) if !s.substates.is_empty()));
    if !nested {
        return Flat { spec: Cow::Borrowed(spec), superstates: Vec::new(), diagnostics: Vec::new() };
    }
    let mut tree = Tree { nodes: Vec::new(), by_name: HashMap::new() };
    for item in &spec.items {
        tree.add(item, None);
    }
    let mut diagnostics = Vec::new();
    let mut broken = spec.broken.clone();
    declare(&mut tree, &mut diagnostics);
    rules(&tree, &mut diagnostics);

    // The leaf the machine starts in: the descent of the top-level state marked initial.
    let mut initial_leaves: HashMap<usize, Span> = HashMap::new();
    for (id, node) in tree.nodes.iter().enumerate() {
        if let (None, Some(keyword)) = (node.parent, node.decl.initial) {
            match tree.descend(id) {
                Ok(leaf) => {
                    initial_leaves.insert(leaf, keyword);
                    for s in tree.chain(leaf).skip(1) {
                        if let Some(first) = tree.nodes[s].decl.entry.first() {
                            let last = tree.nodes[s].decl.entry.last().map_or(first.span(), ast::Effect::span);
                            diagnostics.push(report::entry_at_start(
                                tree.name(s),
                                first.span().to(last),
                                tree.name(leaf),
                            ));
                        }
                    }
                }
                Err(s) => {
                    diagnostics.push(report::no_initial_substate(
                        tree.name(s),
                        tree.name(s).span,
                        keyword,
                        "the machine starts in",
                    ));
                    broken.insert(tree.name(s).text.as_str().to_owned());
                }
            }
        }
    }

    let levels = Levels::new(&tree, spec);
    // Every event by name, timer expiries included, for an `ignore *` that a nearer state
    // overrides for some events.
    let all_events: Vec<Name> = spec
        .items
        .iter()
        .filter_map(|item| match &item.kind {
            ast::ItemKind::Event(e) => Some(e.decl.name.clone()),
            ast::ItemKind::Timer(t) => {
                Some(Name { text: SmolStr::from(format!("{}Expiry", t.decl.name.text)), span: t.decl.name.span })
            }
            _ => None,
        })
        .collect();
    let mut items = Vec::with_capacity(spec.items.len());
    for item in &spec.items {
        match &item.kind {
            ast::ItemKind::State(_) => {
                let mut leaves = Vec::new();
                if let Some(top) = tree.nodes.iter().position(|n| std::ptr::eq(n.item, item)) {
                    tree.leaves(top, &mut leaves);
                }
                for leaf in leaves {
                    items.push(leaf_item(&tree, leaf, initial_leaves.get(&leaf).copied()));
                }
            }
            ast::ItemKind::Transition(t) => {
                let mut flat = Flattener {
                    tree: &tree,
                    levels: &levels,
                    diagnostics: &mut diagnostics,
                    broken: &mut broken,
                    all_events: &all_events,
                };
                flat.transition(item, t, &mut items);
            }
            ast::ItemKind::Ignore(ignore) => items.extend(ignore_items(&tree, &levels, &all_events, item, ignore)),
            _ => items.push(item.clone()),
        }
    }

    let mut superstates = Vec::new();
    let mut index = HashMap::new();
    for (id, node) in tree.nodes.iter().enumerate() {
        if tree.is_leaf(id) || node.dropped {
            continue;
        }
        index.insert(id, superstates.len());
        let mut leaves = Vec::new();
        tree.leaves(id, &mut leaves);
        superstates.push(Superstate {
            name: node.decl.decl.name.clone(),
            label: node.decl.decl.label.clone(),
            docs: node.item.docs().to_vec(),
            // Parents come before their children in the tree's order.
            parent: node.parent.and_then(|p| index.get(&p).copied()),
            leaves: leaves.iter().map(|&l| tree.name(l).text.as_str().to_owned()).collect(),
            entry: node.decl.entry.clone(),
            exit: node.decl.exit.clone(),
        });
    }
    let flat = ast::Spec { items, broken, ..spec.clone() };
    Flat { spec: Cow::Owned(flat), superstates, diagnostics }
}

/// Enters every name in the tree's table, reporting a name declared twice: at two levels
/// (E0026), or twice in one superstate when one of them is a superstate (E0002; two leaves of one
/// level are the flat checker's to report). The second declaration is dropped.
fn declare(tree: &mut Tree<'_>, diagnostics: &mut Vec<Diagnostic>) {
    for id in 0..tree.nodes.len() {
        let name = tree.name(id);
        if SUPERSTATE_ITEMS.contains(&name.text.as_str()) {
            diagnostics.push(report::reserved(Kind::State, name, "the generated code of superstates uses it"));
        } else if !tree.is_leaf(id) {
            // A leaf's name is the flat checker's to judge; a superstate's never reaches it.
            if is_rust_keyword(&name.text) {
                diagnostics.push(report::reserved(Kind::State, name, "it is a Rust keyword"));
            } else if ENUM_ITEMS.contains(&name.text.as_str()) {
                diagnostics.push(report::reserved(Kind::State, name, "the generated code uses it"));
            }
        }
        let Some(&first) = tree.by_name.get(name.text.as_str()) else {
            tree.by_name.insert(&name.text, id);
            continue;
        };
        let (p1, p2) = (tree.nodes[first].parent, tree.nodes[id].parent);
        if p1 != p2 {
            let within = |p: Option<usize>| p.map(|p| tree.name(p).text.as_str());
            diagnostics.push(report::nested_twice(name, tree.name(first).span, within(p1), within(p2)));
            tree.nodes[id].dropped = true;
        } else if !tree.is_leaf(first) || !tree.is_leaf(id) {
            diagnostics.push(report::duplicate(Kind::State, name, tree.name(first).span));
            tree.nodes[id].dropped = true;
        }
    }
}

/// The rules of one superstate: not `final`, at most one `initial` substate.
fn rules(tree: &Tree<'_>, diagnostics: &mut Vec<Diagnostic>) {
    for (id, node) in tree.nodes.iter().enumerate() {
        if tree.is_leaf(id) {
            continue;
        }
        if let Some(keyword) = node.decl.is_final {
            diagnostics.push(report::final_superstate(tree.name(id), keyword));
        }
        let mut first: Option<usize> = None;
        for &c in &node.children {
            let Some(keyword) = tree.nodes[c].decl.initial else { continue };
            match first {
                None => first = Some(c),
                Some(f) => diagnostics.push(report::several_initial(
                    tree.name(c),
                    keyword,
                    &tree.name(f).text,
                    tree.nodes[f].decl.initial.unwrap_or(tree.name(f).span),
                )),
            }
        }
    }
}

/// A leaf as a flat state item: its own entry and exit, `initial` only where the machine starts.
fn leaf_item(tree: &Tree<'_>, leaf: usize, initial: Option<Span>) -> ast::Item {
    let node = &tree.nodes[leaf];
    let mut decl = node.decl.clone();
    decl.initial = initial;
    node.item.with_kind(ast::ItemKind::State(decl))
}
