//! Whole-machine analyses on a resolved model: what can happen, decided by evaluating every
//! guard formula over every combination of named-guard values and every reachable value of the
//! variables (named guards are free inputs; variables are tracked from their initial values).
//!
//! From one exploration of the (state, variables) space come: unreachable states, transitions
//! whose guard never holds, pairs where two transitions can both be taken, pairs where no guard
//! holds, and assignments that leave a variable's range. The remaining checks (unhandled pairs,
//! dead ends, lone `else`, unused declarations, timers) read the table directly.
//!
//! This module holds [`analyse`], which runs them all; the limits and the evaluation that every
//! exploration shares (with `timers.rs`) are `eval.rs`'s. `analysis/explore.rs` is the exploration of the (state,
//! variables) space and what it finds; `analysis/table.rs` the checks that read the table
//! directly; `analysis/stuck.rs` the configurations from which no event leads out of a state.

use super::report;
use super::timers::Running;
use crate::ast::{Name, SmolStr};
use crate::diag::Diagnostic;
use crate::ir::{self, Cell, EventId, Machine, StateId, TransitionId};

mod explore;
mod stuck;
mod table;
use explore::explore;
use stuck::stuck;
use table::{dead_ends, lone_else, unhandled, unused};

/// Runs every analysis and returns its diagnostics.
///
/// `unknown`, when resolution dropped items for errors, flags the (state, event) pairs those
/// items may concern (row by row). The analyses then skip those pairs and never follow them, so
/// that what they explore is a part of what the whole machine can do: a conflict, a gap or a
/// range found there is real. What the dropped items could change anywhere (unreachable states,
/// guards that never hold, unused declarations, timers) is not reported.
pub fn analyse(m: &Machine, unknown: Option<&[bool]>, running: &Running) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let known = Known(unknown);
    let explored = explore(m, known);
    out.extend(explored.diagnostics(m, known, running));
    out.extend(unhandled(m, known, running));
    let dead = dead_ends(m, known);
    // A trap is only certain on the whole machine: a dropped item may be the way out.
    if unknown.is_none() && explored.too_complex.is_none() {
        let mut is_dead = vec![false; m.states.len()];
        for &s in &dead {
            is_dead[s.0] = true;
        }
        out.extend(stuck(m, &explored.graph, &is_dead));
    }
    out.extend(dead.iter().map(|&s| report::dead_end(&name(&m.state(s).named))));
    out.extend(lone_else(m, known));
    if unknown.is_none() {
        out.extend(unused(m));
    }
    out
}

/// Which pairs the analyses may read: all of them, or those no dropped item concerns.
#[derive(Clone, Copy)]
struct Known<'a>(Option<&'a [bool]>);

impl Known<'_> {
    fn partial(self) -> bool {
        self.0.is_some()
    }

    /// The rules of a pair, unless a dropped item may concern it.
    fn rules(self, m: &Machine, s: StateId, e: EventId) -> Option<&[TransitionId]> {
        match m.cell(s, e) {
            Cell::Rules(rules) if self.has(m, s, e) => Some(rules),
            _ => None,
        }
    }

    fn has(self, m: &Machine, s: StateId, e: EventId) -> bool {
        self.0.is_none_or(|unknown| !unknown.get(s.0 * m.events.len() + e.0).copied().unwrap_or(true))
    }
}

fn name(named: &ir::Named) -> Name {
    Name { text: SmolStr::new(&named.name), span: named.span }
}

fn pair_text(m: &Machine, s: StateId, e: EventId) -> String {
    format!("`{}` on `{}`", m.state(s).named.name, m.event(e).named.name)
}

/// A variable's value as a finding says it: "`NumDWA` is 2", "`open` is false", and the
/// variable the machine keeps for `[running T]` as the spec writes it, "`running T` is true".
fn value_text(m: &Machine, v: ir::VarId, value: i64) -> String {
    let var = &m.vars[v.0];
    let value = if var.ty == ir::VarType::Bool { (value != 0).to_string() } else { value.to_string() };
    match var.running {
        Some(timer) => format!("`running {}` is {value}", m.timers[timer.0].named.name),
        None => format!("`{}` is {value}", var.named.name),
    }
}
