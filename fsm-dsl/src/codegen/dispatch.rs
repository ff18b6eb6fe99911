//! The generated dispatch. Every (state, event) cell is one entry of two dense tables, read by
//! `step_with`: the target state, and an *effect*, a small number that names what the step
//! does (its action list and the transition taken; 0 is "unhandled", 1 "ignored"). A step is
//! then two loads and no branch, whatever the machine's size. Cells that need code (guards or
//! variable assignments) are marked in the table and decided by a `match` on the state, then
//! on the event, where each named guard is read once, into a local, and the transitions are
//! tried as a flat run of `if guard { return ...; }` (no nesting, so a cell with hundreds of
//! guarded transitions stays shallow for rustc), with the `else` transition or the policy's
//! outcome last. The lean `Step` (the target and the effect, a few octets) is what the hot
//! path returns; `Outcome` (kind, actions, transition index) is derived from it on request.

mod cells;

use super::lists::ActionLists;
use super::values::assignments;
use super::{ident, tokens};
use crate::ir::{self, Effect, Machine, StateId, StepKind};
use cells::{Uses, cells};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;
use rustc_hash::FxHashMap as HashMap;
use std::fmt::Write as _;

/// Machines with at least this many (state, event) cells are "large": `step` reads each
/// cell's target and effect from a byte table instead of a `match`, and the `TRANSITIONS` rows
/// are compact, which keeps the generated code, and the time to generate and compile it, small
/// for machines of many thousands of states. (Rows are also compact for a machine of more than
/// `NAMED_ROWS` transitions below this size.)
pub const TABLE_CELLS: usize = 2048;

/// Whether `m` is large (see [`TABLE_CELLS`]).
pub(super) fn uses_table(m: &Machine) -> bool {
    m.states.len().saturating_mul(m.events.len()) >= TABLE_CELLS
}

/// The effect of a cell that nothing handles.
const EFFECT_UNHANDLED: usize = 0;
/// The effect of an ignored cell.
const EFFECT_IGNORED: usize = 1;

/// Octets needed to write every number below `count`.
fn width(count: usize) -> usize {
    let mut width = 1;
    while width < 8 && count > 1usize << (8 * width) {
        width += 1;
    }
    width
}

/// The smallest unsigned type that holds every number below `count`.
fn index_type(count: usize) -> Ident {
    let name = if count <= 1 << 8 {
        "u8"
    } else if count <= 1 << 16 {
        "u16"
    } else {
        "u32"
    };
    Ident::new(name, Span::call_site())
}

/// Names built once and shared constants collected while generating.
struct Ctx<'m> {
    m: &'m Machine,
    states: Vec<Ident>,
    actions: Vec<Ident>,
    /// The module's action lists, which `TRANSITIONS` shares.
    lists: &'m mut ActionLists,
    /// Distinct effects (action list, transition taken), numbered from 2.
    effects: HashMap<(usize, usize), usize>,
    /// The action list and the transition of each effect, by number (the first two unused).
    effect_rows: Vec<(usize, usize)>,
    /// Whether some code calls `ignored` and `unhandled`: each is written only if so.
    calls_ignored: bool,
    calls_unhandled: bool,
}

impl Ctx<'_> {
    /// The number of the effect "run the actions of `parts`' effects one part after the other,
    /// transition `t` taken".
    fn effect_of(&mut self, parts: &[&[Effect]], t: ir::TransitionId) -> usize {
        let list = self.lists.number(self.m, parts);
        let next = self.effect_rows.len();
        let n = *self.effects.entry((list, t.0)).or_insert(next);
        if n == next {
            self.effect_rows.push((list, t.0));
        }
        n
    }

    /// Assignments then the step of taking `t` from `source`.
    fn take(&mut self, source: StateId, t: ir::TransitionId) -> (Vec<TokenStream>, TokenStream) {
        let m = self.m;
        let effects = m.effects_of(source, t);
        let assignments = assignments(m, &effects);
        let effect = Literal::usize_unsuffixed(self.effect_of(&[&effects], t));
        let target = &self.states[m.transition(t).target.unwrap_or(source).0];
        (assignments, quote! { Step { target: State::#target, effect: #effect } })
    }

    /// The step of a cell with no transition to take, as text: `ignored(state)` or
    /// `unhandled(state)`.
    fn nothing(&mut self, kind: StepKind) -> &'static str {
        match kind {
            StepKind::Ignored => {
                self.calls_ignored = true;
                "ignored(state)"
            }
            _ => {
                self.calls_unhandled = true;
                "unhandled(state)"
            }
        }
    }
}

/// The body of `Step::for_each_action`. A small machine's is a `match` on the effect, with
/// the calls of each distinct action list written out (effects that share a list share an
/// arm): one jump instead of a loop whose exit the processor must guess, which is what makes
/// a step on unpredictable events as fast as a hand-written `match`. A large machine's is the
/// loop over [`Step::actions`], which keeps its code small.
fn for_each_body(ctx: &Ctx<'_>, table: bool) -> TokenStream {
    if table {
        return quote! {
            for &action in self.actions() {
                f(action);
            }
        };
    }
    let lists = ctx.lists.by_number();
    // The effects of each list, in the order the lists were numbered.
    let mut effects_of: Vec<Vec<usize>> = vec![Vec::new(); lists.len()];
    for (effect, &(list, _)) in ctx.effect_rows.iter().enumerate() {
        effects_of[list].push(effect);
    }
    let arms = lists.iter().zip(&effects_of).filter(|(ids, effects)| !ids.is_empty() && !effects.is_empty()).map(
        |(ids, effects)| {
            let effects = effects.iter().map(|&e| Literal::usize_unsuffixed(e));
            let actions = ids.iter().map(|a| &ctx.actions[a.0]);
            quote! { #( #effects )|* => { #( f(Action::#actions); )* } }
        },
    );
    quote! {
        match self.effect {
            #( #arms )*
            _ => {}
        }
    }
}

/// `Kind`, `Outcome`, `Step`, the tables, `step_with`, `step`, `dispatch_with`, `dispatch` and
/// `enter_initial`.
pub(super) fn dispatch(m: &Machine, lists: &mut ActionLists) -> TokenStream {
    // The first two effects do nothing; they have no transition.
    let none = lists.number(m, &[]);
    let mut ctx = Ctx {
        m,
        states: m.states.iter().map(|s| ident(&s.named.name)).collect(),
        actions: m.actions.iter().map(|a| ident(&a.named.name)).collect(),
        lists,
        effects: HashMap::default(),
        effect_rows: Vec::new(),
        calls_ignored: false,
        calls_unhandled: false,
    };
    ctx.effect_rows.extend([(none, usize::MAX), (none, usize::MAX)]);
    let mut uses = Uses::default();
    let table = uses_table(m);
    let cells = cells(&mut ctx, &mut uses, table);
    // Code cells are marked with the number after the last effect.
    let code = ctx.effect_rows.len();
    let effect_type = index_type(code + 1);
    let transition_type = index_type(m.transitions.len() + 1);
    // What each effect does: small machines have it in two arrays; large ones in one byte
    // string (a handful of tokens however many effects there are), read by `field`.
    let (effect_data, actions_body, transition_body) = if table {
        let widths = [width(ctx.lists.len()), width(m.transitions.len())];
        let mut bytes = Vec::with_capacity(ctx.effect_rows.len() * (widths[0] + widths[1]));
        for &(list, t) in &ctx.effect_rows {
            let t = if t == usize::MAX { 0 } else { t };
            for (value, width) in [list, t].into_iter().zip(widths) {
                bytes.extend_from_slice(&value.to_le_bytes()[..width]);
            }
        }
        let effects = Literal::byte_string(&bytes);
        let lists = (0..ctx.lists.len()).map(|n| ctx.lists.ident(n));
        let list_count = Literal::usize_unsuffixed(ctx.lists.len());
        let [wl, wt] = widths.map(Literal::usize_unsuffixed);
        let record = Literal::usize_unsuffixed(widths[0] + widths[1]);
        (
            quote! {
                /// One record per effect: the index in [`LISTS`] of its actions (exit, transition,
                /// entry), then the index in [`TRANSITIONS`] of its transition, each
                /// little-endian in the fewest octets that fit.
                static EFFECTS: &[u8] = #effects;
                /// The action lists that [`EFFECTS`] refers to.
                static LISTS: [&[Action]; #list_count] = [#( #lists ),*];
                /// The number at `at` in `bytes`, `width` octets little-endian.
                #[inline(always)]
                fn field(bytes: &[u8], at: usize, width: usize) -> usize {
                    let mut value = 0usize;
                    let mut i = 0;
                    while i < width {
                        if let Some(&octet) = bytes.get(at + i) {
                            value |= (octet as usize) << (8 * i);
                        }
                        i += 1;
                    }
                    value
                }
            },
            quote! {
                match LISTS.get(field(EFFECTS, self.effect as usize * #record, #wl)) {
                    Some(&actions) => actions,
                    None => &[],
                }
            },
            quote! { Some(field(EFFECTS, self.effect as usize * #record + #wl, #wt)) },
        )
    } else {
        let mut lists_text = String::with_capacity(ctx.effect_rows.len() * 12);
        let mut transitions_text = String::with_capacity(ctx.effect_rows.len() * 8);
        for &(list, t) in &ctx.effect_rows {
            let _ = write!(lists_text, "ACTIONS_{list},");
            // The first two rows are never read (no transition); the largest value marks them.
            let t = if t == usize::MAX { format!("{transition_type}::MAX") } else { t.to_string() };
            let _ = write!(transitions_text, "{t},");
        }
        let effect_lists = tokens(&lists_text);
        let effect_transitions = tokens(&transitions_text);
        let effect_count = Literal::usize_unsuffixed(ctx.effect_rows.len());
        (
            quote! {
                /// The actions of each effect, in order: exit, transition, entry.
                static EFFECT_ACTIONS: [&[Action]; #effect_count] = [#effect_lists];
                /// The index in [`TRANSITIONS`] of each effect's transition (unused for the first
                /// two).
                static EFFECT_TRANSITION: [#transition_type; #effect_count] = [#effect_transitions];
            },
            quote! {
                match EFFECT_ACTIONS.get(self.effect as usize) {
                    Some(&actions) => actions,
                    None => &[],
                }
            },
            quote! { EFFECT_TRANSITION.get(self.effect as usize).map(|&t| t as usize) },
        )
    };
    let code_literal = Literal::usize_unsuffixed(code);
    let each_body = for_each_body(&ctx, table);

    let entry = &m.state(m.initial).entry;
    let initial_assignments = assignments(m, entry);
    let initial_list = ctx.lists.number(m, &[entry]);
    let initial_list = ctx.lists.ident(initial_list).clone();
    let enter_vars = if initial_assignments.is_empty() {
        quote! { _vars }
    } else {
        quote! { vars }
    };
    let (vars, guard) = (
        if uses.vars {
            quote! { vars }
        } else {
            quote! { _vars }
        },
        if uses.guard {
            quote! { mut guard }
        } else {
            quote! { _guard }
        },
    );
    // States with no arm of their own.
    let other_states = if cells.states_with_arms < m.states.len() {
        let fallback = tokens(ctx.nothing(m.fallback()));
        quote! { _ => #fallback, }
    } else {
        TokenStream::new()
    };
    let (tables, decide, body, step_vars, step_guard) = if !table {
        // A small machine is one `match`: the compiler sees each cell's step as constants, and
        // where `step` is inlined, the loop over its actions too.
        let arms = tokens(&cells.arms);
        let body = quote! {
            match state {
                #arms
                #other_states
            }
        };
        (TokenStream::new(), TokenStream::new(), body, vars, guard)
    } else {
        let widths = [width(m.states.len()), width(code + 1)];
        let mut bytes = Vec::with_capacity(cells.records.len() * (widths[0] + widths[1]));
        for &(target, effect) in &cells.records {
            for (value, width) in [target, effect.unwrap_or(code)].into_iter().zip(widths) {
                bytes.extend_from_slice(&value.to_le_bytes()[..width]);
            }
        }
        let cell_bytes = Literal::byte_string(&bytes);
        let [ws, we] = widths.map(Literal::usize_unsuffixed);
        let record = Literal::usize_unsuffixed(widths[0] + widths[1]);
        let tables = quote! {
            /// One record per (state, event) cell, state by state, then event by event: the
            /// index in `State::ALL` of the state after the event, then the effect (a row of
            /// [`EFFECTS`]), each little-endian in the fewest octets that fit.
            static CELLS: &[u8] = #cell_bytes;
        };
        let (decide, to_code) = if cells.any_code {
            let arms = tokens(&cells.arms);
            (
                quote! {
                    /// The effect in [`CELLS`] of a cell decided by [`decide`].
                    const BY_CODE: #effect_type = #code_literal;

                    /// The cells that guards or assignments decide.
                    fn decide(
                        state: State,
                        #vars: &mut Vars,
                        event: Event,
                        #guard: impl FnMut(Guard) -> bool,
                    ) -> Step {
                        match state {
                            #arms
                            #other_states
                        }
                    }
                },
                quote! {
                    if effect == BY_CODE {
                        return decide(state, vars, event, guard);
                    }
                },
            )
        } else {
            (TokenStream::new(), TokenStream::new())
        };
        let body = quote! {
            let at = (state.index() * Event::ALL.len() + event.index()) * #record;
            let effect = field(CELLS, at + #ws, #we) as #effect_type;
            #to_code
            match State::ALL.get(field(CELLS, at, #ws)) {
                Some(&target) => Step { target, effect },
                None => unhandled(state),
            }
        };
        let (step_vars, step_guard) =
            if cells.any_code { (quote! { vars }, quote! { guard }) } else { (quote! { _vars }, quote! { _guard }) };
        (tables, decide, body, step_vars, step_guard)
    };
    // A small machine's step compiles to a few instructions (a jump on the state, then the
    // event's bits of a constant): worth inlining into every caller, which lets the compiler
    // unroll the caller's loop over the step's actions. A large machine's is two table reads
    // and a call for the cells that need code.
    // The table's read falls back on `unhandled` for a target out of range.
    ctx.calls_unhandled |= table;
    let ignored = ctx.calls_ignored.then(|| {
        quote! {
            /// The step of an ignored event: the same state, nothing to run.
            const fn ignored(state: State) -> Step {
                Step { target: state, effect: 1 }
            }
        }
    });
    let unhandled = ctx.calls_unhandled.then(|| {
        quote! {
            /// The step of an unhandled event: the same state, nothing to run.
            const fn unhandled(state: State) -> Step {
                Step { target: state, effect: 0 }
            }
        }
    });
    let (inline, how) = if table {
        (
            quote! { #[inline] },
            " O(1): two table reads (and, for a cell with guards or assignments, a jump on the state, then on the event); no allocation.",
        )
    } else {
        (quote! { #[inline(always)] }, " O(1): a jump on the state, then on the event; no allocation.")
    };
    quote! {
        /// How an event was dealt with.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Kind {
            /// An external transition: exit actions, transition actions, entry actions.
            Transition,
            /// An internal transition: its actions only, no exit or entry.
            Internal,
            /// The event is ignored in this state.
            Ignored,
            /// Nothing handles the event in this state (or no guard held): nothing happens.
            Unhandled,
        }

        /// The result of [`dispatch`]: where the machine goes and what it does on the way
        /// ([`Step::outcome`] of a [`Step`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Outcome {
            /// How the event was dealt with.
            pub kind: Kind,
            /// The state after the event (the same state unless a transition was taken).
            pub target: State,
            /// The actions to run, in order: exit, transition, entry.
            pub actions: &'static [Action],
            /// The index in [`TRANSITIONS`] of the transition taken, if any.
            pub transition: Option<usize>,
        }

        /// The result of [`step`]: the state after the event and what to run on the way, in a
        /// few octets (`Copy`, fits in a register). [`Step::actions`], [`Step::kind`],
        /// [`Step::transition`] and [`Step::outcome`] read the rest from static tables.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Step {
            /// The state after the event (the same state unless a transition was taken).
            pub target: State,
            /// What the step does (its actions and transition), a row of a static table: 0 for
            /// an unhandled event, 1 for an ignored one.
            effect: #effect_type,
        }

        #effect_data
        #tables

        #ignored
        #unhandled

        impl Step {
            /// The actions to run, in order: exit, transition, entry.
            #[inline]
            pub fn actions(self) -> &'static [Action] {
                #actions_body
            }

            /// Calls `f` with each action to run, in order: exit, transition, entry. The same
            /// as a loop over [`Step::actions`]; in a small machine it is written out per
            /// effect, so that where it is inlined the caller's code for each action sits in
            /// place: one jump on the effect, no loop.
            #[inline(always)]
            #[allow(
                clippy::single_match,
                clippy::manual_range_patterns,
                reason = "one arm per list of actions, its effects by number: a machine with one list has one arm, and effects that share a list may be consecutive"
            )]
            pub fn for_each_action(self, mut f: impl FnMut(Action)) {
                #each_body
            }

            /// The index in [`TRANSITIONS`] of the transition taken, if any.
            #[inline]
            pub fn transition(self) -> Option<usize> {
                if self.effect < 2 {
                    return None;
                }
                #transition_body
            }

            /// How the event was dealt with.
            pub fn kind(self) -> Kind {
                match self.effect {
                    0 => Kind::Unhandled,
                    1 => Kind::Ignored,
                    _ => match self.transition().and_then(|t| TRANSITIONS.get(t)) {
                        Some(Transition { target: None, .. }) => Kind::Internal,
                        _ => Kind::Transition,
                    },
                }
            }

            /// Everything about the step.
            pub fn outcome(self) -> Outcome {
                Outcome { kind: self.kind(), target: self.target, actions: self.actions(), transition: self.transition() }
            }
        }

        /// Enters the initial state: applies its entry assignments to `vars` and returns its entry
        /// actions, in order.
        pub fn enter_initial(#enter_vars: &mut Vars) -> &'static [Action] {
            #( #initial_assignments )*
            #initial_list
        }

        #decide

        /// Handles `event` in `state`, asking `guard` once for each named guard the state and
        /// event need (and only those), updating `vars` by the transition's assignments.
        #[doc = #how]
        #inline
        pub fn step_with(
            state: State,
            #step_vars: &mut Vars,
            event: Event,
            #step_guard: impl FnMut(Guard) -> bool,
        ) -> Step {
            #body
        }

        /// Handles `event` in `state` with the named guards' values in `guards`; see
        /// [`step_with`].
        #[inline]
        pub fn step(state: State, vars: &mut Vars, event: Event, guards: Guards) -> Step {
            step_with(state, vars, event, |guard| guards.get(guard))
        }

        /// [`step_with`], with everything about the step: its kind, actions and transition.
        #[inline]
        pub fn dispatch_with(state: State, vars: &mut Vars, event: Event, guard: impl FnMut(Guard) -> bool) -> Outcome {
            step_with(state, vars, event, guard).outcome()
        }

        /// [`step`], with everything about the step: its kind, actions and transition.
        #[inline]
        pub fn dispatch(state: State, vars: &mut Vars, event: Event, guards: Guards) -> Outcome {
            step(state, vars, event, guards).outcome()
        }
    }
}
