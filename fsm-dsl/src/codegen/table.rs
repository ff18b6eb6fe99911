//! `TRANSITIONS`: every transition of the spec as static data, in spec order.
//!
//! A small machine (at most [`NAMED_ROWS`](super::NAMED_ROWS) transitions, and fewer than
//! [`TABLE_CELLS`](super::TABLE_CELLS) (state, event) cells, below which the dispatch is a
//! `match`) writes each row as a person would, with a constructor and builder calls that say
//! what each value is, and only the fields that the row has (a guard, refs, a doc):
//!
//! ```text
//! Transition::on(&[State::REOPEN], &[Event::DWA])
//!     .guard("NumDWA == 2")
//!     .to(State::OKAY, &[Action::Failback])
//!     .refs(&["RFC 3539 App. A row 5"]),
//! ```
//!
//! The builders are the module's own `const fn`s on `Transition`, written only when a row uses
//! them; rows written as struct literals would repeat `guard: None` and `doc: ""` in nearly
//! every row (seven lines a row where these take two to four).
//!
//! A larger machine (up to thousands of states and a hundred thousand rows) writes them
//! compactly, so that the generator and rustc stay fast: each row is one integer literal in
//! `rows![...]`, a `macro_rules!` of the module that writes it as `one(ROW)`. A row of one
//! source, one event, a target and no guard, refs or doc packs in its integer the (state,
//! event) cell, the target's index into `State::ALL` and its actions' index into `LISTS`;
//! the others are in `OTHER_ROWS`, which the first integers index, and call `go` (no guard,
//! refs or doc) or `tr` (everything), with the source and event lists shared as constants.
//! One token a row, where a call written out is four, matters to the macro, which hands every
//! token to rustc one by one; rustc takes as long to expand `rows!` as to read the calls.
//! Action lists are those of the module's one interner ([`ActionLists`]).

use super::lists::ActionLists;
use super::{ident, named};
use crate::ir::{self, Machine};
use crate::naming::rust_ident;
use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::quote;
use rustc_hash::FxHashMap as HashMap;
use std::fmt::Write as _;

/// The `Transition` struct and the `TRANSITIONS` static.
pub(super) fn transition_table(m: &Machine, lists: &mut ActionLists) -> TokenStream {
    // The brackets hold the rows as they are: `[#rows]` in `quote!` would copy every token.
    let (helpers, rows) = if named(m) {
        let (builders, rows) = named_rows(m);
        let rows: TokenStream = TokenTree::Group(Group::new(Delimiter::Bracket, rows)).into();
        // The variants named bare (`&[OKAY]`) under glob imports local to the initializer.
        let rows = match super::bare::bare_variants(m, &rows, &["Transition"]) {
            Some(bare) => quote! { { #bare } },
            None => rows,
        };
        (builders, rows)
    } else {
        compact_rows(m, lists)
    };
    let count = Literal::usize_unsuffixed(m.transitions.len());
    quote! {
        /// One transition of the spec, as data (for introspection and documentation).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Transition {
            /// The states it leaves from.
            pub sources: &'static [State],
            /// The events that trigger it.
            pub events: &'static [Event],
            /// Its guard as written in the spec, if it has one (`else` included).
            pub guard: Option<&'static str>,
            /// Its target, or `None` for an internal transition (no exit, no entry).
            pub target: Option<State>,
            /// Its own actions, in order (exit and entry actions are the states').
            pub actions: &'static [Action],
            /// Where it comes from in the source document.
            pub refs: &'static [&'static str],
            /// Its doc comment.
            pub doc: &'static str,
        }

        #helpers

        /// Every transition of the spec, in spec order; `Step::transition` indexes it.
        pub static TRANSITIONS: [Transition; #count] = #rows;
    }
}

/// A small machine's rows, each `Transition::on(sources, events)` and the builder calls its
/// other fields need, and the builders that the rows use (an `impl Transition`).
fn named_rows(m: &Machine) -> (TokenStream, TokenStream) {
    let (mut to, mut stay, mut guard, mut refs, mut doc) = (false, false, false, false, false);
    let rows: Vec<TokenStream> = m
        .transitions
        .iter()
        .map(|t| {
            let sources = t.sources.iter().map(|s| ident(&m.state(*s).named.name));
            let events = t.events.iter().map(|e| ident(&m.event(*e).named.name));
            let actions = super::action_list(m, &t.effects);
            let with_guard = (!t.guard_text().is_empty()).then(|| {
                guard = true;
                let text = t.guard_text();
                quote! { .guard(#text) }
            });
            let target = match t.target {
                Some(s) => {
                    to = true;
                    let s = ident(&m.state(s).named.name);
                    quote! { .to(State::#s, #actions) }
                }
                None => {
                    stay = true;
                    quote! { .stay(#actions) }
                }
            };
            let with_refs = (!t.refs().is_empty()).then(|| {
                refs = true;
                let refs = t.refs();
                quote! { .refs(&[#( #refs ),*]) }
            });
            let with_doc = (!t.doc().is_empty()).then(|| {
                doc = true;
                let text = t.doc();
                quote! { .doc(#text) }
            });
            quote! {
                Transition::on(&[#( State::#sources ),*], &[#( Event::#events ),*])
                    #with_guard #target #with_refs #with_doc
            }
        })
        .collect();
    let to = to.then(|| {
        quote! {
            /// To `target`, running `actions` (exit and entry actions are the states').
            const fn to(mut self, target: State, actions: &'static [Action]) -> Self {
                self.target = Some(target);
                self.actions = actions;
                self
            }
        }
    });
    let stay = stay.then(|| {
        quote! {
            /// An internal transition (no exit, no entry), running `actions`.
            const fn stay(self, actions: &'static [Action]) -> Self {
                Transition { actions, ..self }
            }
        }
    });
    let guard = guard.then(|| {
        quote! {
            /// Taken only when `guard`, as the spec writes it, holds.
            const fn guard(mut self, guard: &'static str) -> Self {
                self.guard = Some(guard);
                self
            }
        }
    });
    let refs = refs.then(|| {
        quote! {
            /// With these references to the source document.
            const fn refs(self, refs: &'static [&'static str]) -> Self {
                Transition { refs, ..self }
            }
        }
    });
    let doc = doc.then(|| {
        quote! {
            /// With this doc comment.
            const fn doc(self, doc: &'static str) -> Self {
                Transition { doc, ..self }
            }
        }
    });
    let builders = quote! {
        /// The constructor and builders of the rows of [`TRANSITIONS`].
        impl Transition {
            /// A transition from `sources` on `events`, with no guard, refs or doc; internal
            /// and with no actions until `to` or `stay` says more.
            const fn on(sources: &'static [State], events: &'static [Event]) -> Self {
                Transition { sources, events, guard: None, target: None, actions: &[], refs: &[], doc: "" }
            }
            #to
            #stay
            #guard
            #refs
            #doc
        }
    };
    (builders, quote! { #( #rows ),* })
}

/// The argument of `one` for a row of `cell` (`source * events + event`) to `target` that runs
/// the list `list`: `cell + cells * (target + states * list)`. One literal instead of three
/// keeps the hundred thousand rows of a large machine cheap to write and to read. `None` if it
/// does not fit in 63 bits, which leaves room for the other rows' count that `rows!` adds (the
/// row is then written with `go`).
fn one_row(m: &Machine, cell: usize, target: usize, list: usize) -> Option<u64> {
    let cells = u64::try_from(m.states.len() * m.events.len()).ok()?;
    let states = u64::try_from(m.states.len()).ok()?;
    let list = u64::try_from(list).ok()?.checked_mul(states)?.checked_add(u64::try_from(target).ok()?)?;
    list.checked_mul(cells)?.checked_add(u64::try_from(cell).ok()?).filter(|row| *row <= u64::MAX >> 1)
}

/// A large machine's rows (the array expression), and the helpers and constants they use
/// (only those).
fn compact_rows(m: &Machine, lists: &mut ActionLists) -> (TokenStream, TokenStream) {
    // Identifiers for the few rows written as calls, made as they are needed (a large
    // machine's rows are nearly all one integer, which names nothing).
    let state = |s: ir::StateId| rust_ident(&m.state(s).named.name);
    let event = |e: ir::EventId| rust_ident(&m.event(e).named.name);
    // Written as text and read back as tokens once (see `dispatch::tokens`). Lists that
    // several rows share are constants, so that a large table stays small.
    let mut consts = String::new();
    // The rows that `one` does not write, in order.
    let mut others = String::new();
    let mut other_count = 0;
    // Each row: the argument of `one` (before the other rows' count is added), or `None` for
    // the next of the other rows.
    let mut packed: Vec<Option<u64>> = Vec::with_capacity(m.transitions.len());
    let mut source_lists: HashMap<&[ir::StateId], usize> = HashMap::default();
    let mut event_lists: HashMap<&[ir::EventId], usize> = HashMap::default();
    let (mut uses_go, mut uses_tr) = (false, false);
    for t in &m.transitions {
        let own = lists.number(m, &[&t.effects]);
        let plain = t.guard_text().is_empty() && t.refs().is_empty() && t.doc().is_empty();
        if let (true, Some(target), &[source], &[event]) = (plain, t.target, t.sources.as_slice(), t.events.as_slice())
            && let Some(row) = one_row(m, source.0 * m.events.len() + event.0, target.0, own)
        {
            packed.push(Some(row));
            continue;
        }
        packed.push(None);
        other_count += 1;
        // Lists of sources and events only for the rows that name them.
        let next = source_lists.len();
        let sources = *source_lists.entry(&t.sources).or_insert_with(|| {
            let items: Vec<String> = t.sources.iter().map(|&s| format!("State::{}", state(s))).collect();
            let _ = write!(consts, "const SOURCES_{next}: &[State] = &[{}];", items.join(", "));
            next
        });
        let next = event_lists.len();
        let on = *event_lists.entry(&t.events).or_insert_with(|| {
            let items: Vec<String> = t.events.iter().map(|&e| format!("Event::{}", event(e))).collect();
            let _ = write!(consts, "const EVENTS_{next}: &[Event] = &[{}];", items.join(", "));
            next
        });
        match t.target {
            Some(target) if plain => {
                let _ = write!(others, "go(SOURCES_{sources}, EVENTS_{on}, State::{}, ACTIONS_{own}),", state(target));
                uses_go = true;
            }
            _ => {
                let guard =
                    if t.guard_text().is_empty() { "None".to_owned() } else { format!("Some({:?})", t.guard_text()) };
                let target = t.target.map_or("None".to_owned(), |s| format!("Some(State::{})", state(s)));
                let refs: Vec<String> = t.refs().iter().map(|r| format!("{r:?}")).collect();
                let _ = write!(
                    others,
                    "tr(SOURCES_{sources}, EVENTS_{on}, {guard}, {target}, ACTIONS_{own}, &[{}], {:?}),",
                    refs.join(", "),
                    t.doc()
                );
                uses_tr = true;
            }
        }
    }
    let consts = super::tokens(&consts);
    let others = super::tokens(&others);
    if other_count == m.transitions.len() {
        // No row for `one`: the rows as they are.
        let rows = TokenTree::Group(Group::new(Delimiter::Bracket, others)).into();
        return (quote! { #consts }.into_iter().chain(helpers(uses_go, uses_tr)).collect(), rows);
    }
    // One literal a row: `rows!` writes each as a call of `one`, in rustc rather than here
    // (three tokens fewer a row to build, to drop and, in the macro, to hand to rustc).
    let mut next_other = 0u64;
    let literals: TokenStream = packed
        .iter()
        .map(|row| {
            let row = match row {
                Some(row) => row + other_count as u64,
                None => {
                    next_other += 1;
                    next_other - 1
                }
            };
            TokenTree::Literal(Literal::u64_unsuffixed(row))
        })
        .collect();
    let rows: TokenStream = [
        TokenTree::Ident(Ident::new("rows", Span::call_site())),
        TokenTree::Punct(Punct::new('!', Spacing::Alone)),
        TokenTree::Group(Group::new(Delimiter::Bracket, literals)),
    ]
    .into_iter()
    .collect();
    lists.index();
    let (states, events) = (m.states.len(), m.events.len());
    let cells = Literal::usize_unsuffixed(states * events);
    // The other rows, which a row below their count stands for.
    let (other_rows, to_other) = if other_count == 0 {
        (TokenStream::new(), TokenStream::new())
    } else {
        let count = Literal::usize_unsuffixed(other_count);
        (
            quote! {
                /// The rows that [`one`] does not unpack, in order: those with a guard, refs,
                /// a doc, several sources or events, or no target.
                static OTHER_ROWS: [Transition; #count] = [#others];
            },
            quote! {
                if row < #count {
                    return OTHER_ROWS[row as usize];
                }
                let row = row - #count;
            },
        )
    };
    let one = quote! {
        /// Every state, as a static for rows to borrow a one-state slice of.
        static STATE_LIST: [State; #states] = State::ALL;
        /// Every event, likewise.
        static EVENT_LIST: [Event; #events] = Event::ALL;
        #other_rows
        /// The row that `row` stands for: a row of [`OTHER_ROWS`] (if any) by its index, or,
        /// after them, one of one source, one event and a target, with no guard, refs or doc,
        /// as `cell + CELLS * (target + STATES * list)`: the (state, event) cell (`source *
        /// EVENTS + event`, by their indexes in `State::ALL` and `Event::ALL`), the target's
        /// index in `State::ALL`, and the index in [`LISTS`] of its actions.
        const fn one(row: u64) -> Transition {
            const CELLS: u64 = #cells;
            #to_other
            let (cell, rest) = ((row % CELLS) as usize, (row / CELLS) as usize);
            let (source, event) = (cell / EVENT_LIST.len(), cell % EVENT_LIST.len());
            Transition {
                sources: ::core::slice::from_ref(&STATE_LIST[source]),
                events: ::core::slice::from_ref(&EVENT_LIST[event]),
                guard: None,
                target: Some(STATE_LIST[rest % STATE_LIST.len()]),
                actions: LISTS[rest / STATE_LIST.len()],
                refs: &[],
                doc: "",
            }
        }
        /// Each row of `TRANSITIONS`, a number, as a call of [`one`]: one token a row in the
        /// module, however many rows it has.
        macro_rules! rows {
            ($($row:literal)*) => { [$(one($row)),*] };
        }
    };
    (quote! { #consts #one }.into_iter().chain(helpers(uses_go, uses_tr)).collect(), rows)
}

/// `go` and `tr`, the constructors of rows with a guard, refs, a doc or several sources or
/// events, as the rows use them.
fn helpers(uses_go: bool, uses_tr: bool) -> TokenStream {
    let go = uses_go.then(|| {
        quote! {
            /// A row with a target and no guard, refs or doc.
            const fn go(sources: &'static [State], events: &'static [Event], target: State, actions: &'static [Action]) -> Transition {
                Transition { sources, events, guard: None, target: Some(target), actions, refs: &[], doc: "" }
            }
        }
    });
    let tr = uses_tr.then(|| {
        quote! {
            /// A row with every field given.
            const fn tr(
                sources: &'static [State],
                events: &'static [Event],
                guard: Option<&'static str>,
                target: Option<State>,
                actions: &'static [Action],
                refs: &'static [&'static str],
                doc: &'static str,
            ) -> Transition {
                Transition { sources, events, guard, target, actions, refs, doc }
            }
        }
    });
    quote! { #go #tr }
}
