//! A large machine's step (from [`TABLE_CELLS`](super::TABLE_CELLS) cells on): its plain
//! cells are records of a byte string, `CELLS` (the state after the event, then an *effect*,
//! a row of `EFFECTS`: the action list, the transition and its kind, numbered from 2; 0 is
//! "unhandled", 1 "ignored"), read with no branch; the cells that need code are marked with
//! the number after the last effect and decided by the `match` of `cells.rs`. One table read
//! a step keeps a machine of thousands of states a handful of tokens for rustc.

use super::super::packed::{self, width};
use super::super::tokens;
use super::cells::{Uses, code_arms, plain};
use super::{Ctx, transition_type};
use crate::ir::{Cell, EventId, StateId, StepKind};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use rustc_hash::FxHashMap as HashMap;

/// The effect of a cell that nothing handles.
const EFFECT_UNHANDLED: usize = 0;
/// The effect of an ignored cell.
const EFFECT_IGNORED: usize = 1;

/// The kind of an effect, as `EFFECTS` writes it (`Kind` in the order it declares them).
fn kind_digit(kind: StepKind) -> usize {
    match kind {
        StepKind::Transition => 0,
        StepKind::Internal => 1,
        StepKind::Ignored => 2,
        // An error cell is decided by code (`decide`), never by a record.
        StepKind::Unhandled | StepKind::ProtocolError => 3,
    }
}

/// The tables, the body of `step` and what it uses.
pub(super) fn step_body(ctx: &mut Ctx<'_>) -> (TokenStream, TokenStream, Uses) {
    let m = ctx.m;
    let mut uses = Uses::default();
    let code = code_arms(ctx, &mut uses);
    // Effects: (action list, transition, kind), the first two with no transition.
    let none = ctx.lists.number(m, &[]);
    let mut effects: Vec<(usize, usize, usize)> =
        vec![(none, 0, kind_digit(StepKind::Unhandled)), (none, 0, kind_digit(StepKind::Ignored))];
    let mut numbers: HashMap<(usize, usize), usize> = HashMap::default();
    let fallback = match m.fallback() {
        StepKind::Ignored => EFFECT_IGNORED,
        _ => EFFECT_UNHANDLED,
    };
    // (target, effect) by cell; `None` for a cell that needs code.
    let mut records = Vec::with_capacity(m.states.len() * m.events.len());
    for s in (0..m.states.len()).map(StateId) {
        for e in (0..m.events.len()).map(EventId) {
            let record = match m.cell(s, e) {
                _ if code.code[records.len()] => (s.0, None),
                Cell::Unmentioned => (s.0, Some(fallback)),
                Cell::Ignored(_) => (s.0, Some(EFFECT_IGNORED)),
                Cell::Error(_) => (s.0, None),
                Cell::Rules(rules) => match plain(m, s, rules) {
                    Some(t) => {
                        // Read in place where no timer can make a `stop` idle: this runs for
                        // every cell.
                        let list = if m.timers.is_empty() {
                            ctx.lists.number(m, &m.effect_parts(s, t))
                        } else {
                            ctx.lists.number(m, &[&m.step_effects(s, e, t)])
                        };
                        let transition = m.transition(t);
                        let next = effects.len();
                        let effect = *numbers.entry((list, t.0)).or_insert(next);
                        if effect == next {
                            let kind =
                                if transition.target.is_some() { StepKind::Transition } else { StepKind::Internal };
                            effects.push((list, t.0, kind_digit(kind)));
                        }
                        (transition.target.unwrap_or(s).0, Some(effect))
                    }
                    None => (s.0, Some(fallback)),
                },
            };
            records.push(record);
        }
    }
    let by_code = effects.len();

    ctx.lists.index();
    let widths = [width(ctx.lists.len()), width(m.transitions.len())];
    let mut digits = Vec::with_capacity(effects.len() * (widths[0] + widths[1] + 1));
    for &(list, t, kind) in &effects {
        packed::push(&mut digits, list, widths[0]);
        packed::push(&mut digits, t, widths[1]);
        packed::push(&mut digits, kind, 1);
    }
    let effect_bytes = packed::literal(&digits);
    let [wl, wt] = widths.map(Literal::usize_unsuffixed);
    let effect_record = Literal::usize_unsuffixed(widths[0] + widths[1] + 1);

    let cell_widths = [width(m.states.len()), width(by_code + 1)];
    let mut digits = Vec::with_capacity(records.len() * (cell_widths[0] + cell_widths[1]));
    for &(target, effect) in &records {
        packed::push(&mut digits, target, cell_widths[0]);
        packed::push(&mut digits, effect.unwrap_or(by_code), cell_widths[1]);
    }
    let cell_bytes = packed::literal(&digits);
    let [ws, we] = cell_widths.map(Literal::usize_unsuffixed);
    let cell_record = Literal::usize_unsuffixed(cell_widths[0] + cell_widths[1]);
    let field = packed::reader();
    let transition_type = transition_type(m);
    ctx.calls.unhandled = true;

    let decide = (!code.arms.is_empty()).then(|| {
        let arms = tokens(&code.arms);
        let other_states = (code.states_with_arms < m.states.len()).then(|| {
            let fallback = tokens(&ctx.nothing(m.fallback(), None));
            quote! { _ => #fallback, }
        });
        let (vars, guard) = (
            if uses.vars {
                quote! { vars }
            } else {
                quote! { _vars }
            },
            // A machine without named guards takes none.
            match (m.guards.is_empty(), uses.guard) {
                (true, _) => TokenStream::new(),
                (false, true) => quote! { , mut guard: impl FnMut(Guard) -> bool },
                (false, false) => quote! { , _guard: impl FnMut(Guard) -> bool },
            },
        );
        let guard_arg = (!m.guards.is_empty()).then(|| quote! { , guard });
        let by_code = Literal::usize_unsuffixed(by_code);
        (
            quote! {
                /// The effect in [`CELLS`] of a cell decided by [`decide`].
                const BY_CODE: usize = #by_code;

                /// The cells that guards or assignments decide.
                fn decide(state: State, #vars: &mut Vars, event: Event #guard) -> Step {
                    match state {
                        #arms
                        #other_states
                    }
                }
            },
            quote! {
                if effect == BY_CODE {
                    return decide(state, vars, event #guard_arg);
                }
            },
        )
    });
    let (decide, to_code) = decide.unzip();
    let tables = quote! {
        /// One record per effect: the index in [`LISTS`] of its actions (exit, transition,
        /// entry), the index of its transition in spec order (for the first two, none),
        /// then its [`Kind`], in the order `Kind` declares them, each in the fewest digits that
        /// fit (see [`field`]).
        static EFFECTS: &[u8] = #effect_bytes;
        /// One record per (state, event) cell, state by state, then event by event: the
        /// index in `State::ALL` of the state after the event, then the effect (a row of
        /// [`EFFECTS`]), each in the fewest digits that fit (see [`field`]).
        static CELLS: &[u8] = #cell_bytes;
        #field

        /// The step to `target` of effect `effect`, from [`EFFECTS`].
        #[inline(always)]
        fn effect_step(target: State, effect: usize) -> Step {
            let at = effect * #effect_record;
            let actions = match LISTS.get(field(EFFECTS, at, #wl)) {
                Some(&actions) => actions,
                None => &[],
            };
            let (kind, transition) = match field(EFFECTS, at + #wl + #wt, 1) {
                0 => (Kind::Transition, Some(field(EFFECTS, at + #wl, #wt) as #transition_type)),
                1 => (Kind::Internal, Some(field(EFFECTS, at + #wl, #wt) as #transition_type)),
                2 => (Kind::Ignored, None),
                _ => (Kind::Unhandled, None),
            };
            Step { target, kind, actions, transition }
        }

        #decide
    };
    // `step` hands its variables and guard to `decide`, if there is one.
    let passes = !code.arms.is_empty();
    let uses = Uses { vars: passes, guard: passes };
    let body = quote! {
        let at = (state as usize * Event::ALL.len() + event as usize) * #cell_record;
        let effect = field(CELLS, at + #ws, #we);
        #to_code
        match State::ALL.get(field(CELLS, at, #ws)) {
            Some(&target) => effect_step(target, effect),
            None => Step::unhandled(state),
        }
    };
    (tables, body, uses)
}
