//! Trapped configurations: reachable (state, variables) pairs, in states that are not final,
//! from which no sequence of events leads to another state.

use super::explore::Graph;
use super::{name, value_text};
use crate::check::report;
use crate::diag::Diagnostic;
use crate::ir::{self, Machine};
use std::collections::VecDeque;

/// Reachable configurations (a state and the variables' values) from which no sequence of
/// events leads to another state, in states that are not final: the machine is trapped there
/// although the state has transitions out (a state with none is a dead end, reported as such,
/// and flagged in `dead`). One diagnostic per state, for the configuration reached by the
/// shortest event sequence.
///
/// The configurations and the steps between them are those `explore` found: the caller asks
/// only when that exploration went to the end, so `graph` is the whole reachable space.
pub(super) fn stuck(m: &Machine, graph: &Graph, dead: &[bool]) -> Vec<Diagnostic> {
    if m.states.len() < 2 {
        return Vec::new();
    }
    let nodes = graph.configs.len();
    let state_of = |n: usize| graph.configs[n].0;
    let successors = |n: usize| &graph.edges[graph.starts[n]..graph.starts[n + 1]];
    // Configurations that can reach another state: those with a step to one, then, backwards
    // along steps within a state, those that reach them. The steps within a state, reversed,
    // are kept as one list in the same layout as the graph's (`within_starts`).
    let mut escapes = vec![false; nodes];
    let mut queue = VecDeque::new();
    let mut within_starts = vec![0; nodes + 1];
    for (n, escaped) in escapes.iter_mut().enumerate() {
        for &k in successors(n) {
            if state_of(k) == state_of(n) {
                within_starts[k + 1] += 1;
            } else if !*escaped {
                *escaped = true;
                queue.push_back(n);
            }
        }
    }
    for k in 0..nodes {
        within_starts[k + 1] += within_starts[k];
    }
    let mut within = vec![0; within_starts[nodes]];
    let mut filled = within_starts.clone();
    for n in 0..nodes {
        for &k in successors(n) {
            if state_of(k) == state_of(n) {
                within[filled[k]] = n;
                filled[k] += 1;
            }
        }
    }
    while let Some(k) = queue.pop_front() {
        for &n in &within[within_starts[k]..within_starts[k + 1]] {
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
    for (n, &escaped) in escapes.iter().enumerate() {
        let s = state_of(n);
        let state = m.state(s);
        if escaped || reported[s.0] || state.is_final || dead[s.0] {
            continue;
        }
        reported[s.0] = true;
        let mut path = Vec::new();
        let mut at = n;
        while let Some((parent, e)) = graph.parents[at] {
            path.push(format!("`{}`", m.event(e).named.name));
            at = parent;
        }
        path.reverse();
        let vars = graph.valuation(graph.configs[n].1);
        let values: Vec<String> = (0..m.vars.len()).map(|i| value_text(m, ir::VarId(i), vars[i])).collect();
        out.push(report::trapped(&name(&state.named), &path, &values));
    }
    out
}
