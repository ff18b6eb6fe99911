//! The cells of the dispatch, as the arms of a `match` on the state, then on the event: a
//! small machine's every cell, a large machine's cells that need code (guards, assignments;
//! its plain cells are records of a table, `table.rs`).

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

/// The body of one cell that needs code, or of a plain one.
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
/// writes them when they have none, each said once.
fn arm_doc(m: &ir::Machine, rules: &[ir::TransitionId]) -> String {
    let mut said: Vec<String> = Vec::with_capacity(rules.len());
    for &t in rules {
        let transition = m.transition(t);
        let this = if transition.refs().is_empty() {
            format!("`{}`", m.trigger_text(transition))
        } else {
            transition.refs().join(", ")
        };
        if !said.contains(&this) {
            said.push(this);
        }
    }
    said.join("; ")
}

/// One arm of a state's `match event`: its events, its doc line, its body.
struct Arm<'c> {
    cell: &'c Cell,
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

/// Adds `event` to the arm of `cell` if there is one (events whose cells are the same share
/// an arm), else a new arm made by `body`.
fn add<'c>(
    arms: &mut Vec<Arm<'c>>,
    cell: &'c Cell,
    event: &'c str,
    doc: impl FnOnce() -> String,
    body: impl FnOnce() -> String,
) {
    if let Some(arm) = arms.iter_mut().find(|a| a.cell == cell) {
        arm.events.push(event);
    } else {
        arms.push(Arm { cell, events: vec![event], doc: doc(), body: body() });
    }
}

/// A small machine's `match` arms on the state: every cell of every state.
pub(super) fn small_arms(ctx: &mut Ctx<'_>) -> (TokenStream, Uses) {
    let m = ctx.m;
    let event_names: Vec<String> = m.events.iter().map(|e| ident(&e.named.name).to_string()).collect();
    let mut uses = Uses::default();
    let mut out = String::new();
    let ignored = Cell::Ignored;
    for s in (0..m.states.len()).map(StateId) {
        let mut arms: Vec<Arm<'_>> = Vec::new();
        let mut unmentioned = 0;
        for (e, event) in event_names.iter().enumerate() {
            let cell = m.cell(s, EventId(e));
            match cell {
                Cell::Unmentioned if m.fallback() == StepKind::Ignored => {
                    let body = ctx.nothing(StepKind::Ignored, Some(s));
                    add(&mut arms, &ignored, event, String::new, || body);
                }
                Cell::Unmentioned => unmentioned += 1,
                Cell::Ignored => {
                    let body = ctx.nothing(StepKind::Ignored, Some(s));
                    add(&mut arms, cell, event, String::new, || body);
                }
                Cell::Rules(rules) => {
                    add(
                        &mut arms,
                        cell,
                        event,
                        || arm_doc(m, rules),
                        || cell_body(ctx, s, rules, &mut uses).to_string(),
                    );
                }
            }
        }
        let fallback = (unmentioned > 0).then(|| ctx.nothing(StepKind::Unhandled, Some(s)));
        write_state(ctx, &mut out, s, &arms, fallback.as_deref());
    }
    (tokens(&out), uses)
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
            let code = match cell {
                Cell::Rules(rules) if plain(m, s, rules).is_none() => {
                    named += 1;
                    add(&mut arms, cell, event, String::new, || cell_body(ctx, s, rules, uses).to_string());
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
