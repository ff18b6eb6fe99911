//! The generated step: `Kind`, `Step` (the one result type: target, kind, actions, transition),
//! `enter_initial` and `step`, the function `Machine::step` calls.
//!
//! A small machine whose every cell is a constant (no guard, no assignment) reads its step from
//! `STEPS`, a table of the steps written with `Step`'s constructors, a row per state
//! (`dispatch/steps.rs`): no branch on the state or the event, which the processor would guess
//! wrong on events that do not follow a pattern.
//!
//! Another small machine's `step` is the `match` a person would write: on the pair (state,
//! event), each arm the step it returns, written in place (`(SUSPECT, DWA) => Step::to(OKAY,
//! &[..], 2)`), with the references of the spec's transitions it takes as the arm's doc line,
//! the cells that do the same in one arm, and the unmentioned pairs in a last `_` arm
//! (`cells.rs`). A guard on variables is the arm's guard, an arm per transition; a cell with
//! a named guard reads it once, into a local, and tries its transitions as a flat run of `if
//! guard { return ...; }`, with the `else` transition or the policy's outcome last. rustc
//! turns the `match` into jump tables or, where every arm is a constant, into lookup tables:
//! no table of ours to read.
//!
//! A large machine (from [`TABLE_CELLS`] cells on) keeps its plain cells in a byte string of
//! fixed-size records, read by `step` with no branch (`dispatch/table.rs`), and only the cells
//! that need code in the `match`.

mod cells;
mod steps;
mod table;

use super::lists::ActionLists;
use super::values::assignments;
use super::{action_list, ident};
use crate::ir::{self, EventId, Machine, StateId, StepKind};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;
use std::cell::OnceCell;

/// Machines with at least this many (state, event) cells are "large": `step` reads each
/// plain cell's target and effect from a byte table instead of matching on the state and the
/// event, and the `TRANSITIONS` rows are compact, which keeps the generated code, and the time
/// to generate and compile it, small for machines of many thousands of states. (Rows are also
/// compact for a machine of more than `NAMED_ROWS` transitions below this size.)
pub const TABLE_CELLS: usize = 2048;

/// Whether `m` is large (see [`TABLE_CELLS`]).
pub(super) fn uses_table(m: &Machine) -> bool {
    m.states.len().saturating_mul(m.events.len()) >= TABLE_CELLS
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

/// The type of `Step::transition`, a transition's index in spec order.
pub(super) fn transition_type(m: &Machine) -> Ident {
    index_type(m.transitions.len())
}

/// Names built once, and which of `Step`'s constructors the code calls.
struct Ctx<'m> {
    m: &'m Machine,
    /// The states' identifiers, made on first use: a large machine whose cells are all in the
    /// table names no state here.
    states: OnceCell<Vec<Ident>>,
    /// The module's action lists, which a large machine's steps name (`ACTIONS_n`) and a small
    /// one's write in place.
    lists: &'m mut ActionLists,
    /// Whether the action lists are written in place (a small machine).
    in_place: bool,
    /// Which constructors some code calls: each is written only if so.
    calls: Calls,
}

/// Which of `Step`'s constructors the generated code calls.
#[derive(Default)]
struct Calls {
    to: bool,
    stay: bool,
    ignored: bool,
    unhandled: bool,
    /// `Step::protocol_error`, and with it `Kind::ProtocolError`: only a machine with an
    /// `error` item has them, so that one without generates what it did before there were any.
    error: bool,
}

impl Ctx<'_> {
    /// The identifier of state `s`.
    fn state(&self, s: StateId) -> &Ident {
        &self.states.get_or_init(|| self.m.states.iter().map(|s| ident(&s.named.name)).collect())[s.0]
    }

    /// The step of taking `t` from `source` on `event`, as a call of `Step::to` or `Step::stay`,
    /// with the actions of [`Machine::step_effects`] (no `stop` of a timer proved idle).
    fn step_of(&mut self, source: StateId, event: EventId, t: ir::TransitionId) -> TokenStream {
        let m = self.m;
        let effects = m.step_effects(source, event, t);
        let actions = if self.in_place {
            action_list(m, &effects)
        } else {
            let list = self.lists.number(m, &[&effects]);
            let list = self.lists.ident(list);
            quote! { #list }
        };
        let row = Literal::usize_unsuffixed(t.0);
        match m.transition(t).target {
            Some(target) => {
                self.calls.to = true;
                let target = self.state(target);
                quote! { Step::to(State::#target, #actions, #row) }
            }
            None => {
                self.calls.stay = true;
                // The state written out, not `state`, as in an arm of its own: the arm reads
                // alone, and returns only constants.
                let source = self.state(source);
                quote! { Step::stay(State::#source, #actions, #row) }
            }
        }
    }

    /// Assignments then the step of taking `t` from `source` on `event`.
    fn take(&mut self, source: StateId, event: EventId, t: ir::TransitionId) -> (Vec<TokenStream>, TokenStream) {
        let effects = self.m.effects_of(source, t);
        (assignments(self.m, &effects), self.step_of(source, event, t))
    }

    /// The step of a cell with no transition to take, as text: `Step::ignored(State::S)` or
    /// `Step::unhandled(State::S)` in state `s`, or with `state` where the arm is for several.
    fn nothing(&mut self, kind: StepKind, s: Option<StateId>) -> String {
        let constructor = match kind {
            StepKind::Ignored => {
                self.calls.ignored = true;
                "ignored"
            }
            StepKind::ProtocolError => {
                self.calls.error = true;
                "protocol_error"
            }
            _ => {
                self.calls.unhandled = true;
                "unhandled"
            }
        };
        match s {
            Some(s) => format!("Step::{constructor}(State::{})", self.state(s)),
            None => format!("Step::{constructor}(state)"),
        }
    }
}

/// `Kind`, `Step`, `enter_initial` and `step` (with, for a large machine, its tables).
pub(super) fn dispatch(m: &Machine, lists: &mut ActionLists) -> TokenStream {
    let large = uses_table(m);
    let mut ctx = Ctx { m, states: OnceCell::new(), lists, in_place: !large, calls: Calls::default() };
    let constant = !large && steps::all_constant(&ctx);
    let (tables, body, uses) = if large {
        table::step_body(&mut ctx)
    } else if constant {
        steps::step_body(&mut ctx)
    } else {
        let (body, uses) = cells::small_match(&mut ctx);
        (TokenStream::new(), body, uses)
    };
    let transition_type = transition_type(m);
    // The expiry of a timer that a guard tests (`[running T]`) clears its running variable as
    // it arrives, whatever the pair then does.
    let arrivals: Vec<TokenStream> = m
        .timers
        .iter()
        .filter_map(|t| {
            let var = ident(&m.vars[t.running?.0].named.name);
            let expiry = ident(&m.event(t.expiry).named.name);
            Some(quote! {
                if event == Event::#expiry {
                    vars.#var = false;
                }
            })
        })
        .collect();
    let uses = cells::Uses { vars: uses.vars || !arrivals.is_empty(), guard: uses.guard };

    let entry = &m.start_effects();
    let initial_assignments = assignments(m, entry);
    let initial_list = if large {
        let list = ctx.lists.number(m, &[entry]);
        let list = ctx.lists.ident(list);
        quote! { #list }
    } else {
        action_list(m, entry)
    };
    let enter_vars = if initial_assignments.is_empty() {
        quote! { _vars }
    } else {
        quote! { vars }
    };
    let vars = if uses.vars {
        quote! { vars }
    } else {
        quote! { _vars }
    };
    // A small machine's `step` calls `guard`; a large one's hands it to `decide`. A machine
    // without named guards takes none.
    let guard = match (m.guards.is_empty(), uses.guard, large) {
        (true, _, _) => TokenStream::new(),
        (false, false, _) => quote! { _guard: impl FnMut(Guard) -> bool },
        (false, true, false) => quote! { mut guard: impl FnMut(Guard) -> bool },
        (false, true, true) => quote! { guard: impl FnMut(Guard) -> bool },
    };
    let step_doc = super::doc_attrs(if m.guards.is_empty() {
        "Handles `event` in `state`, updating `vars` by the transition's assignments."
    } else {
        "Handles `event` in `state`, asking `guard` once for each named guard the state and event\n\
         need (and only those), updating `vars` by the transition's assignments."
    });
    let constructors = constructors(&ctx.calls, &transition_type);
    // Its size: the target, the kind and the index pack in the word beside the slice's two, up
    // to 65,536 transitions.
    let words = if transition_type == "u32" { "four" } else { "three" };
    let step_type_doc = super::doc_attrs(&format!(
        "What one event does: the result of [`step`] and [`Machine::step`] (`Copy`, {words} words)."
    ));
    let how = if large {
        " O(1): one read of a table of plain cells (and, for a cell with guards or assignments, a \
         jump on the state, then on the event); no allocation."
    } else if constant {
        " O(1): one read of the table `STEPS`; no allocation."
    } else {
        " O(1): a `match` on the state and the event, which rustc compiles to jumps; no allocation."
    };
    // A small machine's step is worth inlining into every caller, where the caller's loop over
    // the step's actions follows it and the fields it does not read are not computed.
    let inline = if large {
        quote! { #[inline] }
    } else {
        quote! { #[inline(always)] }
    };
    let error_kind = ctx.calls.error.then(|| {
        quote! {
            /// The spec names the pair a protocol error (an `error` item): nothing happens;
            /// [`error_cause`] gives the RFC's cause.
            ProtocolError,
        }
    });
    let error_cause = ctx.calls.error.then(|| error_cause(m));
    let arm_docs = (!large && !constant).then(|| {
        quote! {
            #[allow(unused_doc_comments, reason = "each arm's doc line names the spec's transitions it takes")]
        }
    });
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
            #error_kind
        }

        #step_type_doc
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Step {
            /// The state after the event (the same state unless a transition was taken).
            pub target: State,
            /// How the event was dealt with.
            pub kind: Kind,
            /// The actions to run, in order: exit, transition, entry.
            pub actions: &'static [Action],
            /// The transition taken, if any: its index in spec order (0 for the spec's first).
            pub transition: Option<#transition_type>,
        }

        #constructors
        #tables
        #error_cause

        /// Enters the initial state: applies its entry assignments to `vars`, returns its entry actions.
        pub fn enter_initial(#enter_vars: &mut Vars) -> &'static [Action] {
            #( #initial_assignments )*
            #initial_list
        }

        #step_doc
        #[doc = #how]
        #arm_docs
        #inline
        pub fn step(
            state: State,
            #vars: &mut Vars,
            event: Event,
            #guard
        ) -> Step {
            #( #arrivals )*
            #body
        }
    }
}

/// `Step::to`, `stay`, `ignored` and `unhandled`, those the code calls.
fn constructors(calls: &Calls, transition_type: &Ident) -> TokenStream {
    let to = calls.to.then(|| {
        quote! {
            /// Transition `transition` of the spec, to `target`, running `actions`.
            const fn to(target: State, actions: &'static [Action], transition: #transition_type) -> Step {
                Step { target, kind: Kind::Transition, actions, transition: Some(transition) }
            }
        }
    });
    let stay = calls.stay.then(|| {
        quote! {
            /// Internal transition `transition` of the spec in `state`, running `actions`.
            const fn stay(state: State, actions: &'static [Action], transition: #transition_type) -> Step {
                Step { target: state, kind: Kind::Internal, actions, transition: Some(transition) }
            }
        }
    });
    let ignored = calls.ignored.then(|| {
        quote! {
            /// An ignored event: the same state, nothing to run.
            const fn ignored(state: State) -> Step {
                Step { target: state, kind: Kind::Ignored, actions: &[], transition: None }
            }
        }
    });
    let error = calls.error.then(|| {
        quote! {
            /// A protocol error that the spec names: the same state, nothing to run.
            const fn protocol_error(state: State) -> Step {
                Step { target: state, kind: Kind::ProtocolError, actions: &[], transition: None }
            }
        }
    });
    let unhandled = calls.unhandled.then(|| {
        quote! {
            /// An unhandled event: the same state, nothing to run.
            const fn unhandled(state: State) -> Step {
                Step { target: state, kind: Kind::Unhandled, actions: &[], transition: None }
            }
        }
    });
    if !(calls.to || calls.stay || calls.ignored || calls.unhandled || calls.error) {
        return TokenStream::new();
    }
    quote! {
        impl Step {
            #to
            #stay
            #ignored
            #unhandled
            #error
        }
    }
}

/// `error_cause`: the cause of each protocol error that the spec gives one, by (state, event).
fn error_cause(m: &Machine) -> TokenStream {
    // The cells of each cause, in the order the causes first appear.
    let mut causes: Vec<(&str, Vec<(StateId, EventId)>)> = Vec::new();
    for s in (0..m.states.len()).map(StateId) {
        for e in (0..m.events.len()).map(EventId) {
            let ir::Cell::Error(id) = m.cell(s, e) else { continue };
            let Some(cause) = m.protocol_error(*id).cause.as_deref() else { continue };
            match causes.iter_mut().find(|(c, _)| *c == cause) {
                Some((_, cells)) => cells.push((s, e)),
                None => causes.push((cause, vec![(s, e)])),
            }
        }
    }
    let arms = causes.iter().map(|(cause, cells)| {
        let pattern = super::tokens(&cells::pattern(m, cells));
        quote! { #pattern => Some(#cause), }
    });
    let body = quote! {
        match (state, event) {
            #( #arms )*
            _ => None,
        }
    };
    let body = super::bare::bare_variants(m, &body, &["state", "event"]).unwrap_or(body);
    quote! {
        /// The cause that the spec gives the protocol error of `event` in `state` (the text of
        /// its `error` item), or `None` when the pair is no protocol error or the item names no
        /// cause.
        pub const fn error_cause(state: State, event: Event) -> Option<&'static str> {
            #body
        }
    }
}
