//! The cells of the dispatch: for each (state, event), either its target and effect (a plain
//! cell: one unguarded transition, no assignment: a record of the table) or the code that
//! decides it (guards, assignments), written as the arms of a `match` on the state, then on
//! the event.

use super::super::ident;
use super::super::values::guard_expr;
use super::{Ctx, EFFECT_IGNORED, EFFECT_UNHANDLED};
use crate::ir::{self, Cell, Condition, Effect, EventId, StateId, StepKind};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;
use rustc_hash::FxHashMap as HashMap;
use std::fmt::Write as _;

/// The effect number of [`Ctx::nothing`].
pub(super) fn nothing_effect(kind: StepKind) -> usize {
    match kind {
        StepKind::Ignored => EFFECT_IGNORED,
        _ => EFFECT_UNHANDLED,
    }
}

/// What the generator learned about the machine that decides the function's signature.
#[derive(Default)]
pub(super) struct Uses {
    pub(super) guard: bool,
    pub(super) vars: bool,
}

/// A cell with one unguarded transition and no assignment, the common case: its target and
/// effect, for the table. `None` for the others, which need code.
fn plain(ctx: &mut Ctx<'_>, s: StateId, rules: &[ir::TransitionId]) -> Option<(StateId, usize)> {
    let &[t] = rules else { return None };
    let transition = ctx.m.transition(t);
    if transition.condition != Condition::Always {
        return None;
    }
    // Read in place: this runs for every cell.
    let parts = ctx.m.effect_parts(s, t);
    if parts.iter().flat_map(|p| p.iter()).any(|e| !matches!(e, Effect::Action(_))) {
        return None;
    }
    Some((transition.target.unwrap_or(s), ctx.effect_of(&parts, t)))
}

/// The body of one cell that needs code.
fn cell_body(ctx: &mut Ctx<'_>, s: StateId, rules: &[ir::TransitionId], uses: &mut Uses) -> TokenStream {
    let m = ctx.m;
    let mut guards = Vec::new();
    let mut read = Vec::new();
    for &t in rules {
        if let Condition::When(e) = &m.transition(t).condition {
            e.collect(&mut guards, &mut read);
        }
    }
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
        let (assign, outcome) = ctx.take(s, t);
        uses.vars |= !assign.is_empty();
        match &m.transition(t).condition {
            Condition::Always if assign.is_empty() => last = Some(outcome),
            Condition::Always => last = Some(quote! { { #( #assign )* #outcome } }),
            Condition::Else => last = last.or(Some(quote! { { #( #assign )* #outcome } })),
            Condition::When(e) => {
                let c = guard_expr(m, e, &locals);
                tests.push(quote! { if #c { #( #assign )* return #outcome; } });
            }
        }
    }
    let last = last.unwrap_or_else(|| super::super::tokens(ctx.nothing(m.fallback())));
    if tests.is_empty() && reads.is_empty() {
        last
    } else {
        quote! { { #( #reads )* #( #tests )* #last } }
    }
}

/// The table of every cell, and the `match` of the cells that need code (empty if none).
pub(super) struct Cells {
    /// Each cell's target and effect, state by state (`None` for code cells).
    pub(super) records: Vec<(usize, Option<usize>)>,
    /// The arms of `decide`, as text.
    pub(super) arms: String,
    /// Whether any cell needs code.
    pub(super) any_code: bool,
    /// The number of states with an arm in `arms`.
    pub(super) states_with_arms: usize,
}

/// Collects the table's records and writes the `match` arms of the cells that need code.
pub(super) fn cells(ctx: &mut Ctx<'_>, uses: &mut Uses) -> Cells {
    let m = ctx.m;
    let event_names: Vec<String> = m.events.iter().map(|e| ident(&e.named.name).to_string()).collect();
    let fallback = nothing_effect(m.fallback());
    let mut out = Cells {
        records: Vec::with_capacity(m.states.len() * m.events.len()),
        arms: String::new(),
        any_code: false,
        states_with_arms: 0,
    };
    for s in (0..m.states.len()).map(StateId) {
        // Events whose cells need the same code share one arm.
        let mut arms: Vec<(&Cell, Vec<&str>, String)> = Vec::new();
        for (e, event) in event_names.iter().enumerate() {
            let cell = m.cell(s, EventId(e));
            let record = match cell {
                Cell::Unmentioned => (s.0, Some(fallback)),
                Cell::Ignored => (s.0, Some(EFFECT_IGNORED)),
                Cell::Rules(rules) => match plain(ctx, s, rules) {
                    Some((target, effect)) => (target.0, Some(effect)),
                    None => {
                        if let Some((_, same, _)) = arms.iter_mut().find(|(c, _, _)| *c == cell) {
                            same.push(event);
                        } else {
                            arms.push((cell, vec![event], cell_body(ctx, s, rules, uses).to_string()));
                        }
                        (s.0, None)
                    }
                },
            };
            out.records.push(record);
        }
        if arms.is_empty() {
            continue;
        }
        out.any_code = true;
        let _ = write!(out.arms, "State::{} => match event {{", ctx.state(s));
        for (_, events, body) in &arms {
            for (i, event) in events.iter().enumerate() {
                let _ = write!(out.arms, "{}Event::{event}", if i == 0 { "" } else { " | " });
            }
            let _ = write!(out.arms, " => {body},");
        }
        // The other cells of the state are in the table and never asked for here.
        if arms.iter().map(|(_, events, _)| events.len()).sum::<usize>() < m.events.len() {
            let fallback = ctx.nothing(m.fallback());
            let _ = write!(out.arms, "_ => {fallback},");
        }
        out.arms.push_str("},");
        out.states_with_arms += 1;
    }
    out
}
