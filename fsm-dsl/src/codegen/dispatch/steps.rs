//! The step of a small machine whose every cell is a constant (no guard, no assignment): a
//! table of the steps, `STEPS`, a row per state and a column per event, each cell written with
//! `Step`'s constructors, read by `step` with no branch on the state or the event.

use super::super::tokens;
use super::Ctx;
use super::cells::{Uses, plain};
use crate::ir::{Cell, EventId, StateId, StepKind};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// Whether every cell of the machine is a constant step: none has a guard or an assignment.
pub(super) fn all_constant(ctx: &Ctx<'_>) -> bool {
    let m = ctx.m;
    (0..m.states.len()).map(StateId).all(|s| {
        (0..m.events.len()).map(EventId).all(|e| match m.cell(s, e) {
            Cell::Rules(rules) => plain(m, s, rules).is_some(),
            Cell::Unmentioned | Cell::Ignored(_) | Cell::Error(_) => true,
        })
    })
}

/// `STEPS` and the body of `step` that reads it, for a machine whose cells are all constant.
pub(super) fn step_body(ctx: &mut Ctx<'_>) -> (TokenStream, TokenStream, Uses) {
    let m = ctx.m;
    let mut rows = Vec::with_capacity(m.states.len());
    for s in (0..m.states.len()).map(StateId) {
        let mut row = Vec::with_capacity(m.events.len());
        for e in (0..m.events.len()).map(EventId) {
            let cell = match m.cell(s, e) {
                Cell::Rules(rules) => match plain(m, s, rules) {
                    Some(t) => ctx.step_of(s, e, t),
                    // `all_constant` has ruled this out; the policy's outcome keeps it total.
                    None => tokens(&ctx.nothing(m.fallback(), Some(s))),
                },
                Cell::Ignored(_) => tokens(&ctx.nothing(StepKind::Ignored, Some(s))),
                Cell::Error(_) => tokens(&ctx.nothing(StepKind::ProtocolError, Some(s))),
                Cell::Unmentioned => tokens(&ctx.nothing(m.fallback(), Some(s))),
            };
            row.push(cell);
        }
        rows.push(quote! { [ #( #row ),* ] });
    }
    let states = Literal::usize_unsuffixed(m.states.len());
    let events = Literal::usize_unsuffixed(m.events.len());
    let tables = quote! {
        /// The step of each event in each state: a row per state, a column per event, both in
        /// the order the spec declares them.
        static STEPS: [[Step; #events]; #states] = [ #( #rows ),* ];
    };
    // Only a transition may leave the state. Every other step's target is `state` itself, not
    // the table's copy of it: on a stream that mostly stays in one state, the processor then
    // predicts the branch and the next step need not wait for this one's read.
    let error = ctx.calls.error.then(|| quote! { | Kind::ProtocolError });
    let body = quote! {
        let step = STEPS[state as usize][event as usize];
        match step.kind {
            Kind::Transition => step,
            Kind::Internal | Kind::Ignored | Kind::Unhandled #error => Step { target: state, ..step },
        }
    };
    (tables, body, Uses::default())
}
