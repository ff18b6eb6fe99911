//! The one interner of action lists: each distinct list of actions the module needs (a step's
//! exit, transition and entry actions; in a large machine, a transition row's own actions too)
//! is one constant `ACTIONS_n`, written once, whoever asks for it. A large machine also has
//! them all in one static, `LISTS`, which its tables index. A small machine's step writes its
//! lists in place, and so do its `TRANSITIONS` rows unless it has more than `NAMED_ROWS`
//! transitions (then its rows are compact, as a large machine's, and name `ACTIONS_n`).

use super::ident;
use crate::ir::{ActionId, Effect, Machine};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use rustc_hash::FxHashMap as HashMap;

/// Distinct action lists, numbered in the order first asked for.
pub(super) struct ActionLists {
    numbers: HashMap<Vec<ActionId>, usize>,
    /// The constant of each list, by number.
    idents: Vec<Ident>,
    /// Each list's constant as tokens, by number.
    items: Vec<TokenStream>,
    /// A list being looked up, so that only a new list allocates.
    scratch: Vec<ActionId>,
    /// Whether some table refers to lists by index, in `LISTS`.
    indexed: bool,
    /// The last list looked up and its number: a large machine's cells ask for the same list
    /// many times in a row, which then costs a comparison instead of a hash.
    last: (Vec<ActionId>, usize),
}

impl ActionLists {
    /// An interner with no list yet.
    pub(super) fn new() -> Self {
        ActionLists {
            numbers: HashMap::default(),
            idents: Vec::new(),
            items: Vec::new(),
            scratch: Vec::new(),
            indexed: false,
            last: (Vec::new(), 0),
        }
    }

    /// The number of the list of the actions of `parts`' effects, one part after the other
    /// (assignments are not actions and are left out).
    pub(super) fn number(&mut self, m: &Machine, parts: &[&[Effect]]) -> usize {
        if !self.idents.is_empty() && same_actions(parts, &self.last.0) {
            return self.last.1;
        }
        self.scratch.clear();
        self.scratch.extend(parts.iter().flat_map(|p| p.iter()).filter_map(|e| match e {
            Effect::Action(a) => Some(*a),
            _ => None,
        }));
        let n = self.find_or_add(m);
        std::mem::swap(&mut self.scratch, &mut self.last.0);
        self.last.1 = n;
        n
    }

    /// The number of the list in `scratch`, a new one if it is new.
    fn find_or_add(&mut self, m: &Machine) -> usize {
        if let Some(&n) = self.numbers.get(self.scratch.as_slice()) {
            return n;
        }
        let n = self.idents.len();
        let name = format_ident!("ACTIONS_{n}");
        let actions = self.scratch.iter().map(|a| ident(&m.action(*a).named.name));
        self.items.push(quote! { const #name: &[Action] = &[#( Action::#actions ),*]; });
        self.idents.push(name);
        self.numbers.insert(self.scratch.clone(), n);
        n
    }

    /// The constant `ACTIONS_n` of list `n`.
    pub(super) fn ident(&self, n: usize) -> &Ident {
        &self.idents[n]
    }

    /// How many lists there are.
    pub(super) fn len(&self) -> usize {
        self.idents.len()
    }

    /// Asks for `LISTS`, every list by number (see [`ActionLists::items`]).
    pub(super) fn index(&mut self) {
        self.indexed = true;
    }

    /// The constants, in number order, and `LISTS` if some table asked for it.
    pub(super) fn items(&self) -> TokenStream {
        let items = &self.items;
        let lists = self.indexed.then(|| {
            let (idents, count) = (&self.idents, proc_macro2::Literal::usize_unsuffixed(self.idents.len()));
            quote! {
                /// Every action list, by number: what the tables' list indexes refer to.
                static LISTS: [&[Action]; #count] = [#( #idents ),*];
            }
        });
        quote! { #( #items )* #lists }
    }
}

/// Whether the actions of `parts`' effects, one part after the other, are `actions` (compared
/// in place: no list to build for the usual repeat of the last list).
fn same_actions(parts: &[&[Effect]], actions: &[ActionId]) -> bool {
    let mut expected = actions.iter();
    let all_equal = parts.iter().flat_map(|p| p.iter()).all(|e| match e {
        Effect::Action(a) => expected.next() == Some(a),
        _ => true,
    });
    all_equal && expected.next().is_none()
}
