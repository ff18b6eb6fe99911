//! The cells of the dispatch, as the arms of a `match`: a small machine's every cell, on the
//! pair (state, event); a large machine's cells that need code (guards, assignments; its plain
//! cells are records of a table, `table.rs`), on the state, then on the event.

use super::super::bare::bare_variants;
use super::super::ident;
use super::super::tokens;
use super::super::values::guard_expr;
use super::Ctx;
use crate::ir::{self, Cell, Condition, Effect, EventId, StateId, StepKind};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;
use rustc_hash::FxHashMap as HashMap;
use std::fmt::Write as _;

/// What the generator learned about the machine that decides `step`'s signature.
#[derive(Default)]
pub(super) struct Uses {
    pub(super) guard: bool,
    pub(super) vars: bool,
}

/// Whether a cell is plain: one unguarded transition and no assignment, the common case.
pub(super) fn plain(m: &ir::Machine, s: StateId, rules: &[ir::TransitionId]) -> Option<ir::TransitionId> {
    let &[t] = rules else { return None };
    if m.transition(t).condition != Condition::Always {
        return None;
    }
    // Read in place: this runs for every cell.
    let parts = m.effect_parts(s, t);
    if parts.iter().flat_map(|p| p.iter()).any(|e| !matches!(e, Effect::Action(_))) {
        return None;
    }
    Some(t)
}

/// The named guards and the variables that the guards of a cell's transitions read.
fn reads(m: &ir::Machine, rules: &[ir::TransitionId]) -> (Vec<ir::GuardId>, Vec<ir::VarId>) {
    let mut guards = Vec::new();
    let mut read = Vec::new();
    for &t in rules {
        if let Condition::When(e) = &m.transition(t).condition {
            e.collect(&mut guards, &mut read);
        }
    }
    (guards, read)
}

/// The body of one cell that needs code, or of a plain one.
fn cell_body(ctx: &mut Ctx<'_>, s: StateId, e: EventId, rules: &[ir::TransitionId], uses: &mut Uses) -> TokenStream {
    let m = ctx.m;
    let (guards, read) = reads(m, rules);
    uses.guard |= !guards.is_empty();
    uses.vars |= !read.is_empty();
    // Each named guard is asked once, so that every test of the cell sees the same value.
    let locals: HashMap<ir::GuardId, Ident> =
        guards.iter().enumerate().map(|(i, g)| (*g, Ident::new(&format!("g{i}"), Span::call_site()))).collect();
    let reads = guards.iter().map(|g| {
        let local = &locals[g];
        let name = ident(&m.guards[g.0].named.name);
        quote! { let #local = guard(Guard::#name); }
    });
    let reads: Vec<TokenStream> = reads.collect();
    let mut tests = Vec::new();
    let mut last = None;
    for &t in rules {
        let (assign, outcome) = ctx.take(s, e, t);
        uses.vars |= !assign.is_empty();
        match &m.transition(t).condition {
            Condition::Always | Condition::Else => {
                let body = if assign.is_empty() {
                    outcome
                } else {
                    quote! { { #( #assign )* #outcome } }
                };
                // An unguarded transition is the cell's last word; `else` only if none is.
                last = match m.transition(t).condition {
                    Condition::Always => Some(body),
                    _ => last.or(Some(body)),
                };
            }
            Condition::When(e) => {
                let c = guard_expr(m, e, &locals);
                tests.push(quote! { if #c { #( #assign )* return #outcome; } });
            }
        }
    }
    let last = last.unwrap_or_else(|| tokens(&ctx.nothing(m.fallback(), Some(s))));
    if tests.is_empty() && reads.is_empty() {
        last
    } else {
        quote! { { #( #reads )* #( #tests )* #last } }
    }
}

/// The doc line of an arm: the references of the transitions it may take, or how the spec
/// writes them when they have none, each said once, with the effect groups a transition's
/// effects name (`RFC 3539 App. A row 12 (SendDWR)`), as the spec writes them.
fn arm_doc(m: &ir::Machine, rules: &[ir::TransitionId]) -> String {
    let mut said: Vec<String> = Vec::with_capacity(rules.len());
    for &t in rules {
        let transition = m.transition(t);
        let mut this = if transition.refs().is_empty() {
            format!("`{}`", m.trigger_text(transition))
        } else {
            transition.refs().join(", ")
        };
        if !transition.groups().is_empty() {
            let groups: Vec<String> =
                transition.groups().iter().map(|g| format!("`{}`", m.groups[g.group].named.name)).collect();
            this.push_str(&format!(" ({})", groups.join(", ")));
        }
        if !said.contains(&this) {
            said.push(this);
        }
    }
    said.join("; ")
}

/// One arm of a state's `match event`: its events, its doc line, its body.
struct Arm<'c> {
    key: (&'c Cell, Option<ir::TimerId>),
    events: Vec<&'c str>,
    doc: String,
    body: String,
}

/// Writes the `match event` of state `s` from its arms (as text), with `fallback` for the
/// events no arm names.
fn write_state(ctx: &Ctx<'_>, out: &mut String, s: StateId, arms: &[Arm<'_>], fallback: Option<&str>) {
    let _ = write!(out, "State::{} => match event {{", ctx.state(s));
    for arm in arms {
        if !arm.doc.is_empty() {
            let _ = write!(out, "#[doc = {:?}]", format!(" {}", arm.doc));
        }
        for (i, event) in arm.events.iter().enumerate() {
            let _ = write!(out, "{}Event::{event}", if i == 0 { "" } else { " | " });
        }
        let _ = write!(out, " => {},", arm.body);
    }
    if let Some(fallback) = fallback {
        let _ = write!(out, "_ => {fallback},");
    }
    out.push_str("},");
}

/// Adds `event` to the arm of `key` if there is one, else a new arm made by `body`. The key is
/// the cell and, for a timer's expiry, the timer: events whose cells are the same share an
/// arm, but for an expiry, whose step leaves out a `stop` of its timer that the others run.
fn add<'c>(
    arms: &mut Vec<Arm<'c>>,
    key: (&'c Cell, Option<ir::TimerId>),
    event: &'c str,
    doc: impl FnOnce() -> String,
    body: impl FnOnce() -> String,
) {
    if let Some(arm) = arms.iter_mut().find(|a| a.key == key) {
        arm.events.push(event);
    } else {
        arms.push(Arm { key, events: vec![event], doc: doc(), body: body() });
    }
}

/// What a cell of a small machine's `match` does: a step that needs no code but the
/// machine's answer for "nothing" (written with `state` when the arm is for several states,
/// so that such cells of different states share an arm), or its code as text.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Does {
    Nothing(StepKind),
    Code {
        doc: String,
        body: String,
    },
    /// Transitions whose guards read only variables, each an arm of its own with its guard as
    /// the arm's (`(OKAY, TwExpiry) if !vars.Pending => ..`), the unguarded or `else` one last;
    /// without one, the cell falls through to the `_` arm, the policy's answer.
    Guarded {
        arms: Vec<GuardedArm>,
        falls_through: bool,
    },
}

/// One transition of a [`Does::Guarded`] cell: its doc line, its guard (`None` for the cell's
/// last word) and its body, as text.
#[derive(Clone, PartialEq, Eq, Hash)]
struct GuardedArm {
    doc: String,
    guard: Option<String>,
    body: String,
}

/// The arms of a cell whose guards read only variables, or `None` for a cell with a named
/// guard, which is asked once, in the arm's body (`cell_body`), or with no guard at all.
fn guarded(ctx: &mut Ctx<'_>, s: StateId, e: EventId, rules: &[ir::TransitionId], uses: &mut Uses) -> Option<Does> {
    let m = ctx.m;
    let (guards, read) = reads(m, rules);
    if !guards.is_empty() || !rules.iter().any(|&t| matches!(m.transition(t).condition, Condition::When(_))) {
        return None;
    }
    uses.vars |= !read.is_empty();
    let mut arms = Vec::with_capacity(rules.len());
    let mut last = None;
    for &t in rules {
        let (assign, outcome) = ctx.take(s, e, t);
        uses.vars |= !assign.is_empty();
        let body = if assign.is_empty() {
            outcome
        } else {
            quote! { { #( #assign )* #outcome } }
        };
        let arm = |guard| GuardedArm { doc: arm_doc(m, &[t]), guard, body: body.to_string() };
        match &m.transition(t).condition {
            Condition::When(e) => arms.push(arm(Some(guard_expr(m, e, &HashMap::default()).to_string()))),
            // An unguarded transition is the cell's last word; `else` only if none is.
            Condition::Always => last = Some(arm(None)),
            Condition::Else => last = last.or(Some(arm(None))),
        }
    }
    let falls_through = last.is_none();
    arms.extend(last);
    Some(Does::Guarded { arms, falls_through })
}

/// One arm of a small machine's `match (state, event)`: what its cells do, and which cells.
struct FlatArm {
    does: Does,
    cells: Vec<(StateId, EventId)>,
}

/// A small machine's `step` body: a `match (state, event)` with an arm per group of cells that
/// do the same, the cells the spec leaves unmentioned last, as `_`, and the enums' variants
/// named bare (`(OKAY, DWA)`) when a glob import of them is unambiguous.
pub(super) fn small_match(ctx: &mut Ctx<'_>) -> (TokenStream, Uses) {
    let m = ctx.m;
    let mut uses = Uses::default();
    let mut arms: Vec<FlatArm> = Vec::new();
    let mut arm_of: HashMap<Does, usize> = HashMap::default();
    let mut unmentioned = Vec::new();
    for s in (0..m.states.len()).map(StateId) {
        for e in (0..m.events.len()).map(EventId) {
            let does = match m.cell(s, e) {
                Cell::Unmentioned => {
                    unmentioned.push((s, e));
                    continue;
                }
                Cell::Ignored(_) => Does::Nothing(StepKind::Ignored),
                Cell::Error(_) => Does::Nothing(StepKind::ProtocolError),
                Cell::Rules(rules) => match guarded(ctx, s, e, rules, &mut uses) {
                    Some(does) => does,
                    None => {
                        let body = cell_body(ctx, s, e, rules, &mut uses).to_string();
                        Does::Code { doc: arm_doc(m, rules), body }
                    }
                },
            };
            match arm_of.get(&does) {
                Some(&i) => arms[i].cells.push((s, e)),
                None => {
                    arm_of.insert(does.clone(), arms.len());
                    arms.push(FlatArm { does, cells: vec![(s, e)] });
                }
            }
        }
    }
    let mut out = String::from("match (state, event) {");
    let mut falls = false;
    for arm in &arms {
        let pattern = pattern(m, &arm.cells);
        let doc = |out: &mut String, doc: &str| {
            if !doc.is_empty() {
                let _ = write!(out, "#[doc = {:?}]", format!(" {doc}"));
            }
        };
        match &arm.does {
            Does::Nothing(kind) => {
                let _ = write!(out, "{pattern} => {},", ctx.nothing(*kind, single_state(&arm.cells)));
            }
            Does::Code { doc: text, body } => {
                doc(&mut out, text);
                let _ = write!(out, "{pattern} => {body},");
            }
            Does::Guarded { arms, falls_through } => {
                falls |= falls_through;
                for GuardedArm { doc: text, guard, body } in arms {
                    doc(&mut out, text);
                    let guard = guard.as_ref().map_or(String::new(), |g| format!(" if {g}"));
                    let _ = write!(out, "{pattern}{guard} => {body},");
                }
            }
        }
    }
    if !unmentioned.is_empty() || falls {
        // A guarded cell that falls through is of another state: `state`, not a constant.
        let only = if falls { None } else { single_state(&unmentioned) };
        let _ = write!(out, "_ => {},", ctx.nothing(m.fallback(), only));
    }
    out.push('}');
    let body = tokens(&out);
    let names = ["Step", "Guard", "Kind", "Vars", "vars", "guard", "state", "event"];
    (bare_variants(m, &body, &names).unwrap_or(body), uses)
}

/// The one state of `cells`, if they are all of one state.
fn single_state(cells: &[(StateId, EventId)]) -> Option<StateId> {
    let (first, _) = *cells.first()?;
    cells.iter().all(|&(s, _)| s == first).then_some(first)
}

/// The pattern of a set of cells, as the fewest `(states, events)` alternatives of the two
/// ways to group them: the states with the same events together, or the events with the same
/// states. A set of every state or every event is `_`.
pub(super) fn pattern(m: &ir::Machine, cells: &[(StateId, EventId)]) -> String {
    // Rows by state: each state's events; then states with the same events merged.
    let by_state = groups(cells.iter().map(|&(s, e)| (s.0, e.0)));
    let by_event = groups(cells.iter().map(|&(s, e)| (e.0, s.0)));
    let names = |ids: &[usize], all: usize, name: &dyn Fn(usize) -> String| {
        if ids.len() == all { "_".to_owned() } else { ids.iter().map(|&i| name(i)).collect::<Vec<_>>().join(" | ") }
    };
    let state = |i: usize| format!("State::{}", ident(&m.states[i].named.name));
    let event = |i: usize| format!("Event::{}", ident(&m.events[i].named.name));
    let (states, events) = (m.states.len(), m.events.len());
    let alternatives: Vec<String> = if by_state.len() <= by_event.len() {
        by_state
            .iter()
            .map(|(ss, es)| format!("({}, {})", names(ss, states, &state), names(es, events, &event)))
            .collect()
    } else {
        by_event
            .iter()
            .map(|(es, ss)| format!("({}, {})", names(ss, states, &state), names(es, events, &event)))
            .collect()
    };
    alternatives.join(" | ")
}

/// Pairs `(key, value)` grouped: each key's values in order, then the keys with the same
/// values together, in the order of their first appearance.
fn groups(pairs: impl Iterator<Item = (usize, usize)>) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut rows: Vec<(usize, Vec<usize>)> = Vec::new();
    for (key, value) in pairs {
        match rows.iter_mut().find(|(k, _)| *k == key) {
            Some((_, values)) => values.push(value),
            None => rows.push((key, vec![value])),
        }
    }
    let mut merged: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for (key, mut values) in rows {
        values.sort_unstable();
        match merged.iter_mut().find(|(_, v)| *v == values) {
            Some((keys, _)) => keys.push(key),
            None => merged.push((vec![key], values)),
        }
    }
    for (keys, _) in &mut merged {
        keys.sort_unstable();
    }
    merged
}

/// A large machine's cells that need code: their `match` arms, which cells they are, and how
/// many states have an arm.
pub(super) struct CodeCells {
    /// The arms, as text.
    pub(super) arms: String,
    /// Each cell by state, then event: whether it needs code.
    pub(super) code: Vec<bool>,
    /// The number of states with an arm in `arms`.
    pub(super) states_with_arms: usize,
}

/// The cells of a large machine that need code, as `match` arms.
pub(super) fn code_arms(ctx: &mut Ctx<'_>, uses: &mut Uses) -> CodeCells {
    let m = ctx.m;
    let event_names: Vec<String> = m.events.iter().map(|e| ident(&e.named.name).to_string()).collect();
    let mut out = CodeCells {
        arms: String::new(),
        code: Vec::with_capacity(m.states.len() * m.events.len()),
        states_with_arms: 0,
    };
    for s in (0..m.states.len()).map(StateId) {
        let mut arms: Vec<Arm<'_>> = Vec::new();
        let mut named = 0;
        for (e, event) in event_names.iter().enumerate() {
            let cell = m.cell(s, EventId(e));
            let expiry = m.event(EventId(e)).timer;
            let code = match cell {
                Cell::Rules(rules) if plain(m, s, rules).is_none() => {
                    named += 1;
                    add(&mut arms, (cell, expiry), event, String::new, || {
                        cell_body(ctx, s, EventId(e), rules, uses).to_string()
                    });
                    true
                }
                // A protocol error is rare enough to be code rather than a kind in the table.
                Cell::Error(_) => {
                    named += 1;
                    add(&mut arms, (cell, expiry), event, String::new, || {
                        ctx.nothing(StepKind::ProtocolError, Some(s))
                    });
                    true
                }
                _ => false,
            };
            out.code.push(code);
        }
        if arms.is_empty() {
            continue;
        }
        // The other cells of the state are in the table and never asked for here.
        let fallback = (named < m.events.len()).then(|| ctx.nothing(m.fallback(), Some(s)));
        write_state(ctx, &mut out.arms, s, &arms, fallback.as_deref());
        out.states_with_arms += 1;
    }
    out
}
