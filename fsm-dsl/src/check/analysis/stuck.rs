//! Trapped configurations: reachable (state, variables) pairs, in states that are not final,
//! from which no sequence of events leads to another state.

use super::{MAX_CONFIGURATIONS, MAX_EVALUATIONS, Valuation, apply, decide, guards_of, name};
use crate::check::report;
use crate::diag::Diagnostic;
use crate::ir::{self, Cell, EventId, Machine, StateId};
use std::collections::VecDeque;

/// A state and the variables' values.
type Configuration = (StateId, Valuation);

/// Reachable configurations (a state and the variables' values) from which no sequence of
/// events leads to another state, in states that are not final: the machine is trapped there
/// although the state has transitions out (a state with none is a dead end, reported as such).
/// One diagnostic per state, for the configuration reached by the shortest event sequence.
///
/// The configurations are explored on their own, edges recorded, rather than read from
/// `explore`, so that this check does not constrain how that one is made fast; it stays within
/// the same limits and says nothing when they are exceeded (`explore` reports that).
pub(super) fn stuck(m: &Machine, dead: &[&str]) -> Vec<Diagnostic> {
    if m.states.len() < 2 {
        return Vec::new();
    }
    let mut start = m.initial_vars();
    let _ = apply(m, &m.state(m.initial).entry, &mut start);
    let mut index: rustc_hash::FxHashMap<Configuration, usize> = rustc_hash::FxHashMap::default();
    // Per configuration: the configuration, how it was first reached (parent, event), its successors.
    let mut nodes: Vec<(Configuration, Option<(usize, EventId)>)> = Vec::new();
    let mut edges: Vec<Vec<usize>> = Vec::new();
    let mut budget = MAX_EVALUATIONS;
    index.insert((m.initial, start.clone()), 0);
    nodes.push(((m.initial, start), None));
    edges.push(Vec::new());
    let mut values = vec![false; m.guards.len()];
    let mut next = 0;
    while next < nodes.len() {
        let (s, vars) = nodes[next].0.clone();
        for e in (0..m.events.len()).map(EventId) {
            let Cell::Rules(rules) = m.cell(s, e) else { continue };
            let guard_ids = guards_of(m, rules);
            let Some(rest) = budget.checked_sub((1u128 << guard_ids.len().min(127)) * rules.len() as u128) else {
                return Vec::new();
            };
            budget = rest;
            for mask in 0..1u64 << guard_ids.len() {
                for (bit, g) in guard_ids.iter().enumerate() {
                    values[g.0] = mask >> bit & 1 == 1;
                }
                for t in decide(m, rules, &values, &vars) {
                    let mut after = vars.clone();
                    let _ = apply(m, m.each_effect_of(s, t), &mut after);
                    let key = (m.transition(t).target.unwrap_or(s), after);
                    let id = match index.get(&key) {
                        Some(&id) => id,
                        None => {
                            if nodes.len() as u128 >= MAX_CONFIGURATIONS {
                                return Vec::new();
                            }
                            index.insert(key.clone(), nodes.len());
                            nodes.push((key, Some((next, e))));
                            edges.push(Vec::new());
                            nodes.len() - 1
                        }
                    };
                    if !edges[next].contains(&id) {
                        edges[next].push(id);
                    }
                }
            }
        }
        next += 1;
    }
    // Configurations that can reach another state: those with an edge to one, then, backwards
    // along edges within a state, those that reach them.
    let state_of = |n: usize| nodes[n].0.0;
    let mut within: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut escapes = vec![false; nodes.len()];
    let mut queue = VecDeque::new();
    for (n, succ) in edges.iter().enumerate() {
        for &k in succ {
            if state_of(k) == state_of(n) {
                within[k].push(n);
            } else if !escapes[n] {
                escapes[n] = true;
                queue.push_back(n);
            }
        }
    }
    while let Some(k) = queue.pop_front() {
        for &n in &within[k] {
            if !escapes[n] {
                escapes[n] = true;
                queue.push_back(n);
            }
        }
    }
    let mut reported = vec![false; m.states.len()];
    let mut out = Vec::new();
    // Nodes are in breadth-first order: the first trapped configuration of a state has the
    // shortest event sequence.
    for n in 0..nodes.len() {
        let s = state_of(n);
        let state = m.state(s);
        if escapes[n] || reported[s.0] || state.is_final || dead.contains(&state.named.name.as_str()) {
            continue;
        }
        reported[s.0] = true;
        let mut path = Vec::new();
        let mut at = n;
        while let Some((parent, e)) = nodes[at].1 {
            path.push(format!("`{}`", m.event(e).named.name));
            at = parent;
        }
        path.reverse();
        let vars = &nodes[n].0.1;
        let values: Vec<String> = m
            .vars
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let value = if v.ty == ir::VarType::Bool { (vars[i] != 0).to_string() } else { vars[i].to_string() };
                format!("`{}` is {value}", v.named.name)
            })
            .collect();
        out.push(report::trapped(&name(&state.named), &path, &values));
    }
    out
}
