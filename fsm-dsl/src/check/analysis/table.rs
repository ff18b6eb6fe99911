//! The checks that read the (state, event) table directly rather than explore: unhandled pairs,
//! dead ends, lone `else`, unused declarations and timers used by halves.

use super::{Known, name};
use crate::check::report::{self, Kind};
use crate::check::timers::Running;
use crate::diag::Diagnostic;
use crate::ir::{self, Cell, Condition, EventId, Machine, StateId};

/// Pairs that nothing mentions, under a policy that forbids or warns about them; one
/// diagnostic per state. The expiry of a timer that cannot be running in a state cannot happen
/// there: it needs no handling (`timers`).
pub(super) fn unhandled(m: &Machine, known: Known<'_>, running: &Running) -> Vec<Diagnostic> {
    let Some(code) = report::unhandled_code(m.policy) else { return Vec::new() };
    let mut out = Vec::new();
    for (i, state) in m.states.iter().enumerate() {
        if state.is_final {
            continue;
        }
        // Most states handle every event: the row is read first, and only then the rest.
        let row = &m.cells[i * m.events.len()..(i + 1) * m.events.len()];
        if !row.iter().any(|cell| matches!(cell, Cell::Unmentioned)) {
            continue;
        }
        let events: Vec<&str> = (0..m.events.len())
            .filter(|&e| {
                matches!(row[e], Cell::Unmentioned)
                    && m.events[e].timer.is_none_or(|t| running.expiry_possible(StateId(i), t))
                    && known.has(m, StateId(i), EventId(e))
            })
            .map(|e| m.events[e].named.name.as_str())
            .collect();
        if !events.is_empty() {
            let expiries: Vec<(&str, &str, Option<String>)> = (0..m.events.len())
                .filter(|&e| events.contains(&m.events[e].named.name.as_str()))
                .filter_map(|e| {
                    let t = m.events[e].timer?;
                    let path = crate::check::timers::path_text(m, running, StateId(i), t);
                    Some((m.events[e].named.name.as_str(), m.timers[t.0].named.name.as_str(), path))
                })
                .collect();
            out.push(report::unhandled(code, &name(&state.named), !running.unreached(StateId(i)), &events, &expiries));
        }
    }
    out
}

/// States that are not final and have no transition to another state, in declaration order. A
/// machine of one state has nowhere else to go, so it has no dead end.
pub(super) fn dead_ends(m: &Machine, known: Known<'_>) -> Vec<StateId> {
    if m.states.len() < 2 {
        return Vec::new();
    }
    let mut way_out = vec![false; m.states.len()];
    for t in &m.transitions {
        for &s in &t.sources {
            if t.target.is_some_and(|target| target != s) {
                way_out[s.0] = true;
            }
        }
    }
    // A dropped transition may be the way out of a state it may concern.
    for (i, out) in way_out.iter_mut().enumerate().filter(|_| known.partial()) {
        *out |= (0..m.events.len()).any(|e| !known.has(m, StateId(i), EventId(e)));
    }
    (0..m.states.len()).map(StateId).filter(|s| !m.state(*s).is_final && !way_out[s.0]).collect()
}

/// `else` transitions that have no guarded alternative in any of their pairs.
pub(super) fn lone_else(m: &Machine, known: Known<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, t) in m.transitions.iter().enumerate() {
        if t.condition != Condition::Else {
            continue;
        }
        let has_alternative = t.sources.iter().any(|&s| {
            t.events.iter().any(|&e| match m.cell(s, e) {
                _ if !known.has(m, s, e) => true,
                Cell::Rules(rules) => rules.iter().any(|&r| r.0 != i),
                _ => false,
            })
        });
        if !has_alternative {
            out.push(report::lone_else(t.span));
        }
    }
    out
}

/// Declarations that nothing uses, and timers used by halves.
pub(super) fn unused(m: &Machine) -> Vec<Diagnostic> {
    let mut events_used = vec![false; m.events.len()];
    let mut events_handled = vec![false; m.events.len()];
    for row in m.cells.chunks(m.events.len().max(1)) {
        for (e, cell) in row.iter().enumerate() {
            match cell {
                Cell::Unmentioned => {}
                Cell::Ignored(_) | Cell::Error(_) => events_used[e] = true,
                Cell::Rules(_) => {
                    events_used[e] = true;
                    events_handled[e] = true;
                }
            }
        }
    }
    let mut actions_used = vec![false; m.actions.len()];
    let mut vars_written = vec![false; m.vars.len()];
    let mut guards_read = Vec::new();
    let mut vars_read = Vec::new();
    let lists = m.states.iter().flat_map(|s| [s.entry.as_slice(), s.exit.as_slice()]);
    for effects in lists.chain(m.transitions.iter().map(|t| t.effects.as_slice())) {
        for effect in effects {
            match *effect {
                ir::Effect::Action(a) => actions_used[a.0] = true,
                ir::Effect::Set(v, _) | ir::Effect::Add(v, _) => vars_written[v.0] = true,
            }
        }
    }
    for t in &m.transitions {
        if let Condition::When(e) = &t.condition {
            e.collect(&mut guards_read, &mut vars_read);
        }
    }
    // A timer's duration reads its variables at each start.
    for duration in m.timers.iter().filter_map(|t| t.duration.as_ref()) {
        vars_read.extend((0..m.vars.len()).map(ir::VarId).filter(|&v| duration.expr.reads(v)));
    }
    let mut out = Vec::new();
    for (i, e) in m.events.iter().enumerate() {
        if e.timer.is_none() && !events_used[i] {
            out.push(report::unused(Kind::Event, &name(&e.named)));
        }
    }
    for (i, a) in m.actions.iter().enumerate() {
        if a.kind == ir::ActionKind::User && !actions_used[i] {
            out.push(report::unused(Kind::Action, &name(&a.named)));
        }
    }
    for (i, g) in m.guards.iter().enumerate() {
        if !guards_read.contains(&ir::GuardId(i)) {
            out.push(report::unused(Kind::Guard, &name(&g.named)));
        }
    }
    for (i, v) in m.vars.iter().enumerate() {
        if !v.output && !vars_read.contains(&ir::VarId(i)) {
            out.push(if vars_written[i] {
                report::never_read(&name(&v.named))
            } else if v.param {
                report::unused_noun("parameter", &name(&v.named))
            } else {
                report::unused(Kind::Var, &name(&v.named))
            });
        }
    }
    for group in m.groups.iter().filter(|g| !g.used) {
        out.push(report::unused(Kind::Group, &name(&group.named)));
    }
    for (t, timer) in m.timers.iter().enumerate() {
        // Any action of the operation: the timer's own, or a further name for it.
        let used =
            |kind: ir::ActionKind| (m.actions.iter().zip(&actions_used)).any(|(a, &used)| used && a.kind == kind);
        let started = used(ir::ActionKind::Start(ir::TimerId(t)));
        let stopped = used(ir::ActionKind::Stop(ir::TimerId(t)));
        let handled = events_handled[timer.expiry.0];
        let expiry = &m.event(timer.expiry).named.name;
        let timer_name = name(&timer.named);
        if !started && !stopped && !events_used[timer.expiry.0] {
            out.push(report::unused(Kind::Timer, &timer_name));
        } else if started && !handled {
            out.push(report::expiry_not_handled(&timer_name, expiry));
        } else if handled && !started {
            out.push(report::never_started(&timer_name, expiry));
        }
    }
    out
}
