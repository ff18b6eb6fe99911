//! The tree of declared states (superstates hold their substates, leaves hold none), and which
//! level decides an event in a leaf: the innermost state, from the leaf outwards, that names the
//! event in a transition or a plain `ignore`.

use crate::ast::{self, Name};
use std::collections::{HashMap, HashSet};

/// One declared state of the tree.
pub(super) struct Node<'a> {
    pub(super) item: &'a ast::Item,
    pub(super) decl: &'a ast::StateDecl,
    pub(super) parent: Option<usize>,
    pub(super) children: Vec<usize>,
    /// Dropped from the flat spec: a second declaration of the name at another level.
    pub(super) dropped: bool,
}

/// The declared states, parents before their children, and their names.
pub(super) struct Tree<'a> {
    pub(super) nodes: Vec<Node<'a>>,
    pub(super) by_name: HashMap<&'a str, usize>,
}

impl<'a> Tree<'a> {
    pub(super) fn add(&mut self, item: &'a ast::Item, parent: Option<usize>) {
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

    pub(super) fn is_leaf(&self, n: usize) -> bool {
        self.nodes[n].children.is_empty()
    }

    pub(super) fn name(&self, n: usize) -> &'a Name {
        &self.nodes[n].decl.decl.name
    }

    /// The node and its ancestors, innermost first.
    pub(super) fn chain(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(Some(n), |&m| self.nodes[m].parent)
    }

    /// Whether `a` holds `b` at any depth (not `a == b`).
    pub(super) fn properly_holds(&self, a: usize, b: usize) -> bool {
        self.chain(b).skip(1).any(|m| m == a)
    }

    /// The leaves below a node (itself if it is one), in declaration order.
    pub(super) fn leaves(&self, n: usize, out: &mut Vec<usize>) {
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
    pub(super) fn descend(&self, mut n: usize) -> Result<usize, usize> {
        while !self.is_leaf(n) {
            n = *self.nodes[n].children.iter().find(|&&c| self.nodes[c].decl.initial.is_some()).ok_or(n)?;
        }
        Ok(n)
    }

    pub(super) fn lookup(&self, name: &Name) -> Option<usize> {
        self.by_name.get(name.text.as_str()).copied()
    }
}

/// Which (state, event) pairs each state names directly in a transition or a plain `ignore`:
/// the levels that decide, innermost first. `None` as the event stands for `ignore *`.
pub(super) struct Levels<'a> {
    named: HashSet<(usize, Option<&'a str>)>,
    /// The `except` lists of the transitions on `*` (any other event) written for each state.
    others: HashMap<usize, Vec<&'a [Name]>>,
}

impl<'a> Levels<'a> {
    pub(super) fn new(tree: &Tree<'_>, spec: &'a ast::Spec) -> Self {
        let mut named = HashSet::new();
        let mut others: HashMap<usize, Vec<&'a [Name]>> = HashMap::new();
        for item in &spec.items {
            if let ast::ItemKind::Transition(ast::Transition {
                sources: ast::StateSet::Names(states),
                other: Some(other),
                ..
            }) = &item.kind
            {
                for n in states.iter().filter_map(|state| tree.lookup(state)) {
                    others.entry(n).or_default().push(&other.except);
                }
                continue;
            }
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
        Levels { named, others }
    }

    /// The events that transitions on `*` written for states nearer `leaf` than `level` (from
    /// the leaf out, `level` excluded; every state of its chain for `None`, the top level) cover:
    /// an outer one leaves them to the inner one, as the innermost level decides a listed event.
    /// Each is an index into `all_events`.
    pub(super) fn covered_nearer(
        &self,
        tree: &Tree<'_>,
        leaf: usize,
        level: Option<usize>,
        all_events: &[Name],
    ) -> Vec<usize> {
        let mut covered = vec![false; all_events.len()];
        for n in tree.chain(leaf).take_while(|&n| Some(n) != level) {
            for except in self.others.get(&n).into_iter().flatten() {
                for (e, event) in all_events.iter().enumerate() {
                    covered[e] |= !except.iter().any(|x| x.text == event.text);
                }
            }
        }
        (0..all_events.len()).filter(|&e| covered[e]).collect()
    }

    /// Whether the item written for `level` (an ancestor of `leaf`, or the leaf) applies to
    /// `leaf` for `event`: no state between them names the event.
    pub(super) fn decides(&self, tree: &Tree<'_>, leaf: usize, level: usize, event: Option<&str>) -> bool {
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

pub(super) fn expand(tree: &Tree<'_>, names: &[Name]) -> Vec<Name> {
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
