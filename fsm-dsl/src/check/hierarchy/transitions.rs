//! A transition written for a superstate (or with superstates as its target) as flat
//! transitions, one per group of leaves that share the same superstates' exits and entries
//! around it; the levels nearer a leaf that name the event take precedence.

use super::tree::{Levels, Tree, expand};
use crate::ast::{self, Name, SmolStr};
use crate::check::report;
use crate::diag::Diagnostic;
use std::collections::{BTreeMap, HashSet};

/// What flattening a transition reads (the tree, the levels) and writes (diagnostics, and the
/// names the rest of the checker must leave alone: the flat spec's `broken`).
pub(super) struct Flattener<'t, 'a, 'd> {
    pub(super) tree: &'t Tree<'a>,
    pub(super) levels: &'t Levels<'t>,
    pub(super) diagnostics: &'d mut Vec<Diagnostic>,
    pub(super) broken: &'d mut std::collections::BTreeSet<String>,
    /// Every event by name, timer expiries included.
    pub(super) all_events: &'t [Name],
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
    pub(super) fn transition(&mut self, item: &ast::Item, t: &ast::Transition, items: &mut Vec<ast::Item>) {
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
                    self.broken.insert(name.text.as_str().to_owned());
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
                    let sources = ast::StateSet::All { span: *span, except: except.into() };
                    let target =
                        target.map(|(_, leaf, name)| Name { text: tree.name(leaf).text.clone(), span: name.span });
                    let flat = ast::Transition { sources, target, ..t.clone() };
                    items.push(item.with_kind(ast::ItemKind::Transition(flat)));
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
                written.push((Level::Top, Name { text: SmolStr::new_static("*"), span: *span }, leaves));
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
                // On `*`: the events that nearer transitions on `*` cover, which this one leaves
                // to them (indices into `self.all_events`).
                let events: Vec<usize> = match (level, &t.other) {
                    (_, Some(other)) => {
                        let nearer = self.levels.covered_nearer(tree, leaf, level, self.all_events);
                        let every = (0..self.all_events.len()).all(|e| {
                            nearer.contains(&e) || other.except.iter().any(|x| x.text == self.all_events[e].text)
                        });
                        if every {
                            continue;
                        }
                        nearer
                    }
                    (None, None) => all_events.clone(),
                    (Some(level), None) => {
                        let events: Vec<usize> = all_events
                            .iter()
                            .copied()
                            .filter(|&e| self.levels.decides(tree, leaf, level, Some(&t.events[e].text)))
                            .collect();
                        if events.is_empty() {
                            continue;
                        }
                        events
                    }
                };
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
        // A transition written for `*` stays one for `*` states, each group of leaves written
        // `* except` the others: the checker then keeps what `*` means (its `on *` comes after
        // those written for states; an expiry it names is judged wherever it can happen).
        let star = match &t.sources {
            ast::StateSet::All { span, .. } => Some(*span),
            ast::StateSet::Names(_) => None,
        };
        let every_leaf: Vec<&Name> = (0..tree.nodes.len())
            .filter(|&n| tree.is_leaf(n) && !tree.nodes[n].dropped && tree.nodes[n].decl.is_final.is_none())
            .map(|n| tree.name(n))
            .filter(|_| star.is_some())
            .collect();
        if let (true, Some(other)) = (groups.is_empty(), &t.other) {
            // Nearer transitions on `*` leave this one nothing in any leaf: it is written with
            // every event excepted, so that the checker reports that it covers nothing (W0011).
            let leaves: Vec<Name> = written
                .iter()
                .flat_map(|(_, name, leaves)| {
                    leaves.iter().map(|&l| Name { text: tree.name(l).text.clone(), span: name.span })
                })
                .collect();
            if !leaves.is_empty() {
                let except = self.all_events.iter().map(|e| Name { text: e.text.clone(), span: other.span }).collect();
                let flat = ast::Transition {
                    sources: ast::StateSet::Names(leaves.into()),
                    target: target_name,
                    other: Some(Box::new(ast::OtherEvents { except, ..(**other).clone() })),
                    ..t.clone()
                };
                items.push(item.with_kind(ast::ItemKind::Transition(flat)));
            }
            return;
        }
        for ((around, events), sources) in groups {
            let sources = match star {
                Some(span) => {
                    let except: Vec<Name> = every_leaf
                        .iter()
                        .filter(|leaf| !sources.iter().any(|s| s.text == leaf.text))
                        .map(|leaf| Name { text: leaf.text.clone(), span })
                        .collect();
                    ast::StateSet::All { span, except: except.into() }
                }
                None => ast::StateSet::Names(sources.into()),
            };
            let mut effects: Vec<ast::Effect> = Vec::new();
            for &s in &around.exits {
                effects.extend(tree.nodes[s].decl.exit.iter().cloned());
            }
            effects.extend(t.effects.iter().cloned());
            for &s in &around.entries {
                effects.extend(tree.nodes[s].decl.entry.iter().cloned());
            }
            let flat = ast::Transition {
                sources,
                target: target_name.clone(),
                events: if t.other.is_some() {
                    ast::List::new()
                } else {
                    events.iter().map(|&e| t.events[e].clone()).collect()
                },
                other: t.other.as_ref().map(|other| {
                    // The events left to nearer transitions join the `except` list, at the `*`.
                    let mut except = other.except.clone();
                    for &e in &events {
                        if !except.iter().any(|x| x.text == self.all_events[e].text) {
                            except.push(Name { text: self.all_events[e].text.clone(), span: other.span });
                        }
                    }
                    Box::new(ast::OtherEvents { except, ..(**other).clone() })
                }),
                guard: t.guard.clone(),
                effects: effects.into(),
                refs: t.refs.clone(),
            };
            items.push(item.with_kind(ast::ItemKind::Transition(flat)));
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
