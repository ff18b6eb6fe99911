//! An `ignore` written for superstates as flat `ignore` items over leaves.

use super::tree::{Levels, Tree, expand};
use crate::ast::{self, Name};
use std::collections::BTreeMap;

/// An `ignore` with its states expanded to leaves. A plain one applies, for each event, in the
/// leaves where no nearer state names that event: one flat item per group of leaves with the
/// same events (an `ignore *` becomes a list of events where a nearer state names some). An
/// `otherwise` one and `*` keep their flat meaning, with superstates expanded.
pub(super) fn ignore_items(
    tree: &Tree<'_>,
    levels: &Levels<'_>,
    all_events: &[Name],
    item: &ast::Item,
    ignore: &ast::Ignore,
) -> Vec<ast::Item> {
    let with = |states: ast::StateSet, events: Option<Vec<Name>>| {
        let mut flat = ast::Ignore { states: Some(states), ..ignore.clone() };
        if let Some(events) = events {
            flat.events = events.into();
            flat.every_event = None;
        }
        item.with_kind(ast::ItemKind::Ignore(flat))
    };
    let names = match &ignore.states {
        None => return vec![item.clone()],
        Some(ast::StateSet::All { span, except }) => {
            return vec![with(ast::StateSet::All { span: *span, except: expand(tree, except).into() }, None)];
        }
        Some(ast::StateSet::Names(names)) if ignore.otherwise => {
            return vec![with(ast::StateSet::Names(expand(tree, names).into()), None)];
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
            with(ast::StateSet::Names(states.into()), events)
        })
        .collect()
}
