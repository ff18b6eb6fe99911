//! The generated dispatch. Every (state, event) cell is one entry of a dense table, read by
//! `step_with` with no branch: the target state, the actions to run (exit, transition, entry)
//! and an *effect*, a small number that names what the step does (its action list and the
//! transition taken; 0 is "unhandled", 1 "ignored"). A small machine's table is an array of
//! `Step`s; a large one's is a byte string of (target, effect) records, the actions read from
//! the effect. Cells that need code (guards or variable assignments) are marked in the table
//! and decided by `decide`, a `match` on the state, then on the event, where each named guard
//! is read once, into a local, and the transitions are tried as a flat run of
//! `if guard { return ...; }` (no nesting, so a cell with hundreds of guarded transitions stays
//! shallow for rustc), with the `else` transition or the policy's outcome last. The lean
//! `Step` (the target, the actions and the effect) is what the hot path returns; `Outcome`
//! (kind, actions, transition index) is derived from it on request.

mod cells;

use super::lists::ActionLists;
use super::packed::{self, width};
use super::values::assignments;
use super::{ident, tokens};
use crate::ir::{self, Effect, Machine, StateId, StepKind};
use cells::{Uses, cells};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;
use rustc_hash::FxHashMap as HashMap;
use std::cell::OnceCell;
use std::fmt::Write as _;

/// Machines with at least this many (state, event) cells are "large": `step` reads each
/// cell's target and effect from a byte table instead of an array of `Step`s, and the
/// `TRANSITIONS` rows are compact, which keeps the generated code, and the time to generate and compile it, small
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
    /// The states' identifiers, made on first use: a large machine whose cells are all in the
    /// table names no state here.
    states: OnceCell<Vec<Ident>>,
    /// The module's action lists, which `TRANSITIONS` shares.
    lists: &'m mut ActionLists,
    /// Distinct effects (action list, transition taken), numbered from 2: by transition, the
    /// first effect that takes it (its list and number), which is the only one for nearly every
    /// transition (one source, or sources that share their exit actions), so that numbering a
    /// large machine's effects costs an index rather than a hash; ...
    first_effects: Vec<Option<(usize, usize)>>,
    /// ... and the others, keyed by (action list, transition).
    more_effects: HashMap<(usize, usize), usize>,
    /// The action list and the transition of each effect, by number (the first two unused).
    effect_rows: Vec<(usize, usize)>,
    /// Whether some code calls `ignored` and `unhandled`: each is written only if so.
    calls_ignored: bool,
    calls_unhandled: bool,
}

impl Ctx<'_> {
    /// The identifier of state `s`.
    fn state(&self, s: StateId) -> &Ident {
        &self.states.get_or_init(|| self.m.states.iter().map(|s| ident(&s.named.name)).collect())[s.0]
    }

    /// The number of the effect "run the actions of `parts`' effects one part after the other,
    /// transition `t` taken".
    fn effect_of(&mut self, parts: &[&[Effect]], t: ir::TransitionId) -> usize {
        let list = self.lists.number(self.m, parts);
        let next = self.effect_rows.len();
        let n = match self.first_effects.get_mut(t.0) {
            Some(Some((first, n))) if *first == list => *n,
            Some(slot @ None) => slot.insert((list, next)).1,
            _ => *self.more_effects.entry((list, t.0)).or_insert(next),
        };
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
        let effect = self.effect_of(&[&effects], t);
        let actions = self.lists.ident(self.effect_rows[effect].0);
        let effect = Literal::usize_unsuffixed(effect);
        let target = self.state(m.transition(t).target.unwrap_or(source));
        (assignments, quote! { Step { target: State::#target, effect: #effect, actions: #actions } })
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

/// `Kind`, `Outcome`, `Step`, the tables, `step_with`, `step`, `dispatch_with`, `dispatch` and
/// `enter_initial`.
pub(super) fn dispatch(m: &Machine, lists: &mut ActionLists) -> TokenStream {
    // The first two effects do nothing; they have no transition.
    let none = lists.number(m, &[]);
    let mut ctx = Ctx {
        m,
        states: OnceCell::new(),
        lists,
        first_effects: vec![None; m.transitions.len()],
        more_effects: HashMap::default(),
        // About one effect a cell in a large machine: sized once rather than grown.
        effect_rows: Vec::with_capacity(m.states.len() * m.events.len() + 2),
        calls_ignored: false,
        calls_unhandled: false,
    };
    ctx.effect_rows.extend([(none, usize::MAX), (none, usize::MAX)]);
    let mut uses = Uses::default();
    let table = uses_table(m);
    let cells = cells(&mut ctx, &mut uses);
    // Code cells are marked with the number after the last effect.
    let code = ctx.effect_rows.len();
    let effect_type = index_type(code + 1);
    let transition_type = index_type(m.transitions.len() + 1);
    // What each effect does: small machines have its transition in an array (its actions are in
    // the `Step`s of the table); large ones its actions and transition in one byte string (a
    // handful of tokens however many effects there are), read by `field`. (`TRANSITIONS` may
    // add lists of its own to `LISTS` after these, which no effect refers to.)
    let (effect_data, transition_body) = if table {
        ctx.lists.index();
        let widths = [width(ctx.lists.len()), width(m.transitions.len())];
        let mut digits = Vec::with_capacity(ctx.effect_rows.len() * (widths[0] + widths[1]));
        for &(list, t) in &ctx.effect_rows {
            let t = if t == usize::MAX { 0 } else { t };
            packed::push(&mut digits, list, widths[0]);
            packed::push(&mut digits, t, widths[1]);
        }
        let effects = packed::literal(&digits);
        let [wl, wt] = widths.map(Literal::usize_unsuffixed);
        let record = Literal::usize_unsuffixed(widths[0] + widths[1]);
        let field = packed::reader();
        (
            quote! {
                /// One record per effect: the index in [`LISTS`] of its actions (exit, transition,
                /// entry), then the index in [`TRANSITIONS`] of its transition, each in the
                /// fewest digits that fit (see [`field`]).
                static EFFECTS: &[u8] = #effects;
                /// The actions of effect `effect` (exit, transition, entry), from [`EFFECTS`].
                #[inline(always)]
                fn effect_actions(effect: usize) -> &'static [Action] {
                    match LISTS.get(field(EFFECTS, effect * #record, #wl)) {
                        Some(&actions) => actions,
                        None => &[],
                    }
                }
                #field
            },
            quote! { Some(field(EFFECTS, self.effect as usize * #record + #wl, #wt)) },
        )
    } else {
        let mut transitions_text = String::with_capacity(ctx.effect_rows.len() * 8);
        for &(_, t) in &ctx.effect_rows {
            // The first two rows are never read (no transition); the largest value marks them.
            let t = if t == usize::MAX { format!("{transition_type}::MAX") } else { t.to_string() };
            let _ = write!(transitions_text, "{t},");
        }
        let effect_transitions = tokens(&transitions_text);
        let effect_count = Literal::usize_unsuffixed(ctx.effect_rows.len());
        (
            quote! {
                /// The index in [`TRANSITIONS`] of each effect's transition (unused for the first
                /// two).
                static EFFECT_TRANSITION: [#transition_type; #effect_count] = [#effect_transitions];
            },
            quote! { EFFECT_TRANSITION.get(self.effect as usize).map(|&t| t as usize) },
        )
    };
    let code_literal = Literal::usize_unsuffixed(code);

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
    // Cells that guards or assignments decide are marked in the table with the number after
    // the last effect, and worked out by `decide`.
    let decide = cells.any_code.then(|| {
        let arms = tokens(&cells.arms);
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
        }
    });
    let to_code = |effect: TokenStream| {
        decide.is_some().then(|| {
            quote! {
                if #effect == BY_CODE {
                    return decide(state, vars, event, guard);
                }
            }
        })
    };
    let mut calls_cell = false;
    let (tables, body) = if !table {
        // A small machine's table is an array of `Step`s: one load, then the caller's loop
        // over the actions, and no branch that the events' order could make the processor
        // guess wrong.
        let mut rows = String::with_capacity(cells.records.len() * 40);
        let events = m.events.len();
        let (mut calls_ignored, mut calls_unhandled) = (false, false);
        for (at, &(target, effect)) in cells.records.iter().enumerate() {
            if at % events == 0 {
                rows.push('[');
            }
            let target = ctx.state(StateId(target));
            match effect {
                Some(EFFECT_IGNORED) => {
                    calls_ignored = true;
                    let _ = write!(rows, "ignored(State::{target}),");
                }
                Some(EFFECT_UNHANDLED) => {
                    calls_unhandled = true;
                    let _ = write!(rows, "unhandled(State::{target}),");
                }
                Some(effect) => {
                    calls_cell = true;
                    let actions = ctx.lists.ident(ctx.effect_rows[effect].0);
                    let _ = write!(rows, "cell(State::{target}, {effect}, {actions}),");
                }
                None => {
                    calls_cell = true;
                    let _ = write!(rows, "cell(State::{target}, BY_CODE, &[]),");
                }
            }
            if at % events == events - 1 {
                rows.push_str("],");
            }
        }
        ctx.calls_ignored |= calls_ignored;
        ctx.calls_unhandled |= calls_unhandled;
        let rows = tokens(&rows);
        let (state_count, event_count) = (Literal::usize_unsuffixed(m.states.len()), Literal::usize_unsuffixed(events));
        let tables = quote! {
            /// The step of each (state, event) cell: a row per state, in the order of
            /// [`State::ALL`], a cell per event, in the order of [`Event::ALL`].
            static CELLS: [[Step; #event_count]; #state_count] = [#rows];
        };
        let body = match to_code(quote! { step.effect }) {
            Some(to_code) => quote! {
                let step = CELLS[state.index()][event.index()];
                #to_code
                step
            },
            None => quote! { CELLS[state.index()][event.index()] },
        };
        (tables, body)
    } else {
        let widths = [width(m.states.len()), width(code + 1)];
        let mut digits = Vec::with_capacity(cells.records.len() * (widths[0] + widths[1]));
        for &(target, effect) in &cells.records {
            packed::push(&mut digits, target, widths[0]);
            packed::push(&mut digits, effect.unwrap_or(code), widths[1]);
        }
        let cell_bytes = packed::literal(&digits);
        let [ws, we] = widths.map(Literal::usize_unsuffixed);
        let record = Literal::usize_unsuffixed(widths[0] + widths[1]);
        let tables = quote! {
            /// One record per (state, event) cell, state by state, then event by event: the
            /// index in `State::ALL` of the state after the event, then the effect (a row of
            /// [`EFFECTS`]), each in the fewest digits that fit (see [`field`]).
            static CELLS: &[u8] = #cell_bytes;
        };
        let to_code = to_code(quote! { effect });
        let body = quote! {
            let at = (state.index() * Event::ALL.len() + event.index()) * #record;
            let effect = field(CELLS, at + #ws, #we) as #effect_type;
            #to_code
            match State::ALL.get(field(CELLS, at, #ws)) {
                Some(&target) => Step { target, effect, actions: effect_actions(effect as usize) },
                None => unhandled(state),
            }
        };
        // The table's read falls back on `unhandled` for a target out of range.
        ctx.calls_unhandled = true;
        (tables, body)
    };
    let (step_vars, step_guard) =
        if cells.any_code { (quote! { vars }, quote! { guard }) } else { (quote! { _vars }, quote! { _guard }) };
    let cell = calls_cell.then(|| {
        quote! {
            /// A cell of [`CELLS`]: the step to `target` that runs `actions`.
            const fn cell(target: State, effect: #effect_type, actions: &'static [Action]) -> Step {
                Step { target, effect, actions }
            }
        }
    });
    let ignored = ctx.calls_ignored.then(|| {
        quote! {
            /// The step of an ignored event: the same state, nothing to run.
            const fn ignored(state: State) -> Step {
                Step { target: state, effect: 1, actions: &[] }
            }
        }
    });
    let unhandled = ctx.calls_unhandled.then(|| {
        quote! {
            /// The step of an unhandled event: the same state, nothing to run.
            const fn unhandled(state: State) -> Step {
                Step { target: state, effect: 0, actions: &[] }
            }
        }
    });
    // A small machine's step is one read of a table: worth inlining into every caller, where
    // the caller's loop over the step's actions follows it. A large machine's is two table
    // reads and a call for the cells that need code.
    let (inline, how) = if table {
        (
            quote! { #[inline] },
            " O(1): two table reads (and, for a cell with guards or assignments, a jump on the state, then on the event); no allocation.",
        )
    } else {
        (
            quote! { #[inline(always)] },
            " O(1): one read of a table (and, for a cell with guards or assignments, a jump on the state, then on the event); no allocation.",
        )
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

        /// The result of [`step`]: the state after the event and the actions to run on the
        /// way (`Copy`, three words). [`Step::kind`], [`Step::transition`] and
        /// [`Step::outcome`] read the rest from static tables.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Step {
            /// The state after the event (the same state unless a transition was taken).
            pub target: State,
            /// What the step does (its actions and transition), a row of a static table: 0 for
            /// an unhandled event, 1 for an ignored one.
            effect: #effect_type,
            /// The actions to run, in order: exit, transition, entry: the effect's, kept here
            /// so that the caller's loop over them needs no second read of a table.
            actions: &'static [Action],
        }

        #effect_data
        #tables

        #cell
        #ignored
        #unhandled

        impl Step {
            /// The actions to run, in order: exit, transition, entry.
            #[inline]
            pub fn actions(self) -> &'static [Action] {
                self.actions
            }

            /// Calls `f` with each action to run, in order: exit, transition, entry (a loop
            /// over [`Step::actions`]).
            #[inline(always)]
            pub fn for_each_action(self, mut f: impl FnMut(Action)) {
                for &action in self.actions {
                    f(action);
                }
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
