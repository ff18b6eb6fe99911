//! Superstates: a spec whose states nest is given its meaning by flattening it into the flat spec
//! that the rest of the checker reads, so that every property, the dispatch, the interpreter and
//! the equivalence check work on leaf states unchanged.
//!
//! The rules (the README's "Superstates" section states them for users):
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

use super::report::{self, Kind};
use crate::ast::{self, Name, Span};
use crate::diag::Diagnostic;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};

use crate::naming::{ENUM_ITEMS, SUPERSTATE_ITEMS, is_rust_keyword};

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

/// One declared state of the tree.
struct Node<'a> {
    item: &'a ast::Item,
    decl: &'a ast::StateDecl,
    parent: Option<usize>,
    children: Vec<usize>,
    /// Dropped from the flat spec: a second declaration of the name at another level.
    dropped: bool,
}

struct Tree<'a> {
    nodes: Vec<Node<'a>>,
    by_name: HashMap<&'a str, usize>,
}

impl<'a> Tree<'a> {
    fn add(&mut self, item: &'a ast::Item, parent: Option<usize>) {
        let ast::ItemKind::State(decl) = &item.kind else { return };
        let id = self.nodes.len();
        self.nodes.push(Node { item, decl, parent, children: Vec::new(), dropped: false });
        if let Some(p) = parent {
            self.nodes[p].children.push(id);
        }
        for sub in &decl.substates {
            self.add(sub, Some(id));
        }
    }

    fn is_leaf(&self, n: usize) -> bool {
        self.nodes[n].children.is_empty()
    }

    fn name(&self, n: usize) -> &'a Name {
        &self.nodes[n].decl.decl.name
    }

    /// The node and its ancestors, innermost first.
    fn chain(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(Some(n), |&m| self.nodes[m].parent)
    }

    /// Whether `a` holds `b` at any depth (not `a == b`).
    fn properly_holds(&self, a: usize, b: usize) -> bool {
        self.chain(b).skip(1).any(|m| m == a)
    }

    /// The leaves below a node (itself if it is one), in declaration order.
    fn leaves(&self, n: usize, out: &mut Vec<usize>) {
        if self.is_leaf(n) {
            if !self.nodes[n].dropped {
                out.push(n);
            }
            return;
        }
        for &c in &self.nodes[n].children {
            self.leaves(c, out);
        }
    }

    /// The leaf that entering `n` enters, following `initial` substates; `Err` names the
    /// superstate on the way that has no initial substate.
    fn descend(&self, mut n: usize) -> Result<usize, usize> {
        while !self.is_leaf(n) {
            n = *self.nodes[n].children.iter().find(|&&c| self.nodes[c].decl.initial.is_some()).ok_or(n)?;
        }
        Ok(n)
    }

    fn lookup(&self, name: &Name) -> Option<usize> {
        self.by_name.get(name.text.as_str()).copied()
    }
}

/// Flattens the superstates of a spec. A spec without any is returned as it is (borrowed).
pub(super) fn flatten(spec: &ast::Spec) -> Flat<'_> {
    let mut tree = Tree { nodes: Vec::new(), by_name: HashMap::new() };
    for item in &spec.items {
        tree.add(item, None);
    }
    if tree.nodes.iter().all(|n| n.decl.substates.is_empty()) {
        return Flat { spec: Cow::Borrowed(spec), superstates: Vec::new(), diagnostics: Vec::new() };
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
                    broken.insert(tree.name(s).text.clone());
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
                Some(Name { text: format!("{}Expiry", t.decl.name.text), span: t.decl.name.span })
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
                let mut flat =
                    Flattener { tree: &tree, levels: &levels, diagnostics: &mut diagnostics, broken: &mut broken };
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
            docs: node.item.docs.clone(),
            // Parents come before their children in the tree's order.
            parent: node.parent.and_then(|p| index.get(&p).copied()),
            leaves: leaves.iter().map(|&l| tree.name(l).text.clone()).collect(),
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
    ast::Item {
        docs: node.item.docs.clone(),
        allow: node.item.allow.clone(),
        kind: ast::ItemKind::State(decl),
        span: node.item.span,
    }
}

/// Which (state, event) pairs each state names directly in a transition or a plain `ignore`:
/// the levels that decide, innermost first. `None` as the event stands for `ignore *`.
struct Levels<'a> {
    named: HashSet<(usize, Option<&'a str>)>,
}

impl<'a> Levels<'a> {
    fn new(tree: &Tree<'_>, spec: &'a ast::Spec) -> Self {
        let mut named = HashSet::new();
        for item in &spec.items {
            let (states, events): (&[Name], Vec<Option<&str>>) = match &item.kind {
                ast::ItemKind::Transition(t) => match &t.sources {
                    ast::StateSet::Names(names) => (names, t.events.iter().map(|e| Some(e.text.as_str())).collect()),
                    ast::StateSet::All { .. } => continue,
                },
                ast::ItemKind::Ignore(i) if !i.otherwise => match &i.states {
                    Some(ast::StateSet::Names(names)) => {
                        let events = if i.every_event.is_some() {
                            vec![None]
                        } else {
                            i.events.iter().map(|e| Some(e.text.as_str())).collect()
                        };
                        (names, events)
                    }
                    _ => continue,
                },
                _ => continue,
            };
            for state in states {
                if let Some(n) = tree.lookup(state) {
                    for &e in &events {
                        named.insert((n, e));
                    }
                }
            }
        }
        Levels { named }
    }

    /// Whether the item written for `level` (an ancestor of `leaf`, or the leaf) applies to
    /// `leaf` for `event`: no state between them names the event.
    fn decides(&self, tree: &Tree<'_>, leaf: usize, level: usize, event: Option<&str>) -> bool {
        for n in tree.chain(leaf) {
            if n == level {
                return true;
            }
            let names = |e: Option<&str>| self.named.contains(&(n, e));
            if names(None) || event.is_some_and(|e| names(Some(e))) {
                return false;
            }
        }
        true
    }
}

struct Flattener<'t, 'a, 'd> {
    tree: &'t Tree<'a>,
    levels: &'t Levels<'t>,
    diagnostics: &'d mut Vec<Diagnostic>,
    broken: &'d mut std::collections::BTreeSet<String>,
}

/// The effects a flat transition adds around its own: the superstates' exits and entries.
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Around {
    exits: Vec<usize>,
    entries: Vec<usize>,
}

/// Where a flat transition was written: for a state of the tree, at the top level (`*`), or for
/// a name that is not declared (left for the checker to report).
#[derive(Clone, Copy)]
enum Level {
    Node(usize),
    Top,
    Unknown,
}

impl Flattener<'_, '_, '_> {
    fn transition(&mut self, item: &ast::Item, t: &ast::Transition, items: &mut Vec<ast::Item>) {
        let tree = self.tree;
        // The target as a node and the leaf it enters.
        let target = match &t.target {
            None => None,
            Some(name) => match tree.lookup(name).map(|n| (n, tree.descend(n))) {
                Some((n, Ok(leaf))) => Some((n, leaf, name)),
                Some((_, Err(s))) => {
                    self.diagnostics.push(report::no_initial_substate(
                        tree.name(s),
                        tree.name(s).span,
                        name.span,
                        "this transition enters",
                    ));
                    // Reported here: the checker leaves the name alone and analyses nothing.
                    self.broken.insert(name.text.clone());
                    items.push(item.clone());
                    return;
                }
                None => {
                    items.push(item.clone());
                    return;
                }
            },
        };
        let mut written: Vec<(Level, Name, Vec<usize>)> = Vec::new();
        match &t.sources {
            ast::StateSet::Names(names) => {
                for name in names {
                    match tree.lookup(name) {
                        Some(n) => {
                            let mut leaves = Vec::new();
                            tree.leaves(n, &mut leaves);
                            written.push((Level::Node(n), name.clone(), leaves));
                        }
                        None => written.push((Level::Unknown, name.clone(), Vec::new())),
                    }
                }
            }
            ast::StateSet::All { span, except } => {
                let except = expand(tree, except);
                // `*` stays `*` unless superstates' exits or the target's superstates' entries
                // must run, which differ from leaf to leaf.
                let exits = tree.nodes.iter().any(|n| !n.children.is_empty() && !n.decl.exit.is_empty());
                let entries = target
                    .is_some_and(|(_, leaf, _)| tree.chain(leaf).skip(1).any(|s| !tree.nodes[s].decl.entry.is_empty()));
                if target.is_none() || !(exits || entries) {
                    let sources = ast::StateSet::All { span: *span, except };
                    let target =
                        target.map(|(_, leaf, name)| Name { text: tree.name(leaf).text.clone(), span: name.span });
                    let flat = ast::Transition { sources, target, ..t.clone() };
                    items.push(ast::Item { kind: ast::ItemKind::Transition(flat), ..item.clone() });
                    return;
                }
                // Every leaf that is not final, less the exceptions, written at the top level.
                let excluded: HashSet<&str> = except.iter().map(|n| n.text.as_str()).collect();
                let leaves = (0..tree.nodes.len())
                    .filter(|&n| {
                        tree.is_leaf(n)
                            && !tree.nodes[n].dropped
                            && tree.nodes[n].decl.is_final.is_none()
                            && !excluded.contains(tree.name(n).text.as_str())
                    })
                    .collect();
                written.push((Level::Top, Name { text: "*".to_owned(), span: *span }, leaves));
            }
        }
        self.emit(item, t, target, &written, items);
    }

    /// Writes the flat items of one transition: one per group of leaves with the same superstate
    /// exits and entries and the same events that apply to them.
    fn emit(
        &mut self,
        item: &ast::Item,
        t: &ast::Transition,
        target: Option<(usize, usize, &Name)>,
        written: &[(Level, Name, Vec<usize>)],
        items: &mut Vec<ast::Item>,
    ) {
        let tree = self.tree;
        let all_events: Vec<usize> = (0..t.events.len()).collect();
        let mut groups: BTreeMap<(Around, Vec<usize>), Vec<Name>> = BTreeMap::new();
        for (level, name, leaves) in written {
            let level = match *level {
                Level::Unknown => {
                    // Left as written, with every event, for the checker to report.
                    groups.entry((Around::default(), all_events.clone())).or_default().push(name.clone());
                    continue;
                }
                Level::Top => None,
                Level::Node(n) => Some(n),
            };
            for &leaf in leaves {
                let events: Vec<usize> = match level {
                    None => all_events.clone(),
                    Some(level) => all_events
                        .iter()
                        .copied()
                        .filter(|&e| self.levels.decides(tree, leaf, level, Some(&t.events[e].text)))
                        .collect(),
                };
                if events.is_empty() {
                    continue;
                }
                let around = match target {
                    None => Around::default(),
                    Some((to, to_leaf, _)) => self.around(leaf, level, to, to_leaf),
                };
                groups
                    .entry((around, events))
                    .or_default()
                    .push(Name { text: tree.name(leaf).text.clone(), span: name.span });
            }
        }
        let target_name = target.map(|(_, leaf, name)| Name { text: tree.name(leaf).text.clone(), span: name.span });
        for ((around, events), sources) in groups {
            let mut effects: Vec<ast::Effect> = Vec::new();
            for &s in &around.exits {
                effects.extend(tree.nodes[s].decl.exit.iter().cloned());
            }
            effects.extend(t.effects.iter().cloned());
            for &s in &around.entries {
                effects.extend(tree.nodes[s].decl.entry.iter().cloned());
            }
            let flat = ast::Transition {
                sources: ast::StateSet::Names(sources),
                target: target_name.clone(),
                events: events.iter().map(|&e| t.events[e].clone()).collect(),
                guard: t.guard.clone(),
                effects,
                refs: t.refs.clone(),
            };
            items.push(ast::Item { kind: ast::ItemKind::Transition(flat), ..item.clone() });
        }
    }

    /// The superstates left (inside-out) and entered (outside-in) by a transition written for
    /// `level` (`None`: the top level) and taken from `leaf`, to the state `to` whose descent is
    /// `to_leaf`.
    fn around(&self, leaf: usize, level: Option<usize>, to: usize, to_leaf: usize) -> Around {
        let tree = self.tree;
        // The innermost superstate that properly holds both the written source and the target.
        let lca = level.and_then(|level| tree.chain(level).skip(1).find(|&a| tree.properly_holds(a, to)));
        let below = |n: &usize| Some(*n) != lca;
        let exits = tree.chain(leaf).skip(1).take_while(below).collect();
        let mut entries: Vec<usize> = tree.chain(to_leaf).skip(1).take_while(below).collect();
        entries.reverse();
        Around { exits, entries }
    }
}

fn expand(tree: &Tree<'_>, names: &[Name]) -> Vec<Name> {
    let mut out = Vec::new();
    for name in names {
        match tree.lookup(name) {
            Some(n) if !tree.is_leaf(n) => {
                let mut leaves = Vec::new();
                tree.leaves(n, &mut leaves);
                out.extend(leaves.into_iter().map(|l| Name { text: tree.name(l).text.clone(), span: name.span }));
            }
            _ => out.push(name.clone()),
        }
    }
    out
}

/// An `ignore` with its states expanded to leaves. A plain one applies, for each event, in the
/// leaves where no nearer state names that event: one flat item per group of leaves with the
/// same events (an `ignore *` becomes a list of events where a nearer state names some). An
/// `otherwise` one and `*` keep their flat meaning, with superstates expanded.
fn ignore_items(
    tree: &Tree<'_>,
    levels: &Levels<'_>,
    all_events: &[Name],
    item: &ast::Item,
    ignore: &ast::Ignore,
) -> Vec<ast::Item> {
    let with = |states: ast::StateSet, events: Option<Vec<Name>>| {
        let mut flat = ast::Ignore { states: Some(states), ..ignore.clone() };
        if let Some(events) = events {
            flat.events = events;
            flat.every_event = None;
        }
        ast::Item { kind: ast::ItemKind::Ignore(flat), ..item.clone() }
    };
    let names = match &ignore.states {
        None => return vec![item.clone()],
        Some(ast::StateSet::All { span, except }) => {
            return vec![with(ast::StateSet::All { span: *span, except: expand(tree, except) }, None)];
        }
        Some(ast::StateSet::Names(names)) if ignore.otherwise => {
            return vec![with(ast::StateSet::Names(expand(tree, names)), None)];
        }
        Some(ast::StateSet::Names(names)) => names,
    };
    // `None`: every event (`ignore *` that no nearer state overrides).
    let mut groups: BTreeMap<Option<Vec<usize>>, Vec<Name>> = BTreeMap::new();
    for name in names {
        let Some(level) = tree.lookup(name) else {
            groups
                .entry(if ignore.every_event.is_some() { None } else { Some((0..ignore.events.len()).collect()) })
                .or_default()
                .push(name.clone());
            continue;
        };
        let mut leaves = Vec::new();
        tree.leaves(level, &mut leaves);
        for leaf in leaves {
            let key = if ignore.every_event.is_some() {
                if !levels.decides(tree, leaf, level, None) {
                    continue;
                }
                let kept: Vec<usize> = (0..all_events.len())
                    .filter(|&e| levels.decides(tree, leaf, level, Some(&all_events[e].text)))
                    .collect();
                if kept.len() == all_events.len() { None } else { Some(kept) }
            } else {
                Some(
                    (0..ignore.events.len())
                        .filter(|&e| levels.decides(tree, leaf, level, Some(&ignore.events[e].text)))
                        .collect(),
                )
            };
            if key.as_ref().is_some_and(Vec::is_empty) {
                continue;
            }
            groups.entry(key).or_default().push(Name { text: tree.name(leaf).text.clone(), span: name.span });
        }
    }
    groups
        .into_iter()
        .map(|(events, states)| {
            let events = events.map(|events| {
                let pool = if ignore.every_event.is_some() { all_events } else { &ignore.events };
                // The `*` of `ignore *` is where an event of the list stands.
                let at = ignore.every_event.unwrap_or_default();
                events
                    .iter()
                    .map(|&e| Name {
                        text: pool[e].text.clone(),
                        span: if ignore.every_event.is_some() { at } else { pool[e].span },
                    })
                    .collect()
            });
            with(ast::StateSet::Names(states), events)
        })
        .collect()
}
