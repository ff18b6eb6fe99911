//! Checked model to Rust tokens: one module per machine with the `State`, `Event`, `Action`,
//! `Guard` and `Timer` enums, the `Guards` and `Vars` structs, the transition table as static
//! data, the DOT text, a `dispatch` function (in `dispatch.rs`: a `match`, O(1), no
//! allocation) and a small `Machine` wrapper that calls user hooks.
//!
//! The generated code compiles without warnings under `#![deny(warnings, missing_docs)]`.

mod dispatch;
mod input;

pub use dispatch::TABLE_CELLS;

use crate::ir::{self, Effect, Machine, VarType};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

/// What the generated module embeds besides the model.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Absolute path of the spec file: emitted as `include_str!` so that Cargo rebuilds when the
    /// spec changes. `None` for inline specs.
    pub spec_path: Option<String>,
    /// The DOT text of the machine, exposed as the `DOT` constant; `None` leaves the constant
    /// out (the macro renders DOT only when asked to, with `fsm!(..., dot)`).
    pub dot: Option<String>,
    /// A path to a function `fn(machine: &'static str, transition: usize)` that
    /// `Machine::step` (and so `Machine::handle`) calls with [`NAME`] and the index in
    /// `TRANSITIONS` of each transition it takes: transition coverage
    /// (`fsm!("spec.fsm", coverage = crate::coverage::record)`). `None`, the default, generates
    /// no call at all: the module is the same, token for token, as without the option. The
    /// free functions (`step_with`, `dispatch`, ...) never record, so a runtime can probe the
    /// machine without the probe counting.
    pub coverage: Option<TokenStream>,
    /// Absolute path of an SVG drawing of the machine (`generated/NAME.svg`), shown in the
    /// module's documentation: emitted as `#[doc = include_str!(..)]` between `<div>` and
    /// `</div>`, which rustdoc passes through as HTML, so `cargo doc` needs no network and the
    /// expansion spawns nothing. `None` leaves the documentation without it.
    pub diagram: Option<String>,
}

/// The identifier of a name (see [`crate::naming::rust_ident`]).
pub fn ident(name: &str) -> Ident {
    Ident::new(&crate::naming::rust_ident(name), Span::call_site())
}

fn doc_or(doc: &str, fallback: String) -> String {
    if doc.trim().is_empty() { fallback } else { doc.to_owned() }
}

/// Doc attributes, one per line so that rustdoc sees the spec's Markdown as written.
fn doc_attrs(doc: &str) -> TokenStream {
    let lines = doc.lines().map(|l| format!(" {l}"));
    quote! { #( #[doc = #lines] )* }
}

/// The Rust integer type for a variable's range.
pub(crate) fn int_type(ty: VarType) -> Ident {
    let (min, max) = (ty.min(), ty.max());
    let name = if min >= i64::from(i8::MIN) && max <= i64::from(i8::MAX) {
        "i8"
    } else if min >= i64::from(i16::MIN) && max <= i64::from(i16::MAX) {
        "i16"
    } else if min >= i64::from(i32::MIN) && max <= i64::from(i32::MAX) {
        "i32"
    } else {
        "i64"
    };
    Ident::new(name, Span::call_site())
}

struct EnumSpec<'a> {
    name: &'a str,
    what: &'a str,
    doc: String,
    variants: Vec<(Ident, String, String, String)>, // ident, name, display, doc
}

fn enum_items(spec: EnumSpec<'_>) -> TokenStream {
    let ty = format_ident!("{}", spec.name);
    let doc = doc_attrs(&spec.doc);
    let idents: Vec<&Ident> = spec.variants.iter().map(|v| &v.0).collect();
    let names: Vec<&str> = spec.variants.iter().map(|v| v.1.as_str()).collect();
    let labels: Vec<&str> = spec.variants.iter().map(|v| v.2.as_str()).collect();
    let docs: Vec<TokenStream> = spec.variants.iter().map(|v| doc_attrs(&v.3)).collect();
    let count = proc_macro2::Literal::usize_unsuffixed(spec.variants.len());
    let what = spec.what;
    let all_doc = format!(" Every {what}, in declaration order.");
    let name_doc = format!(" The {what}'s identifier in the spec.");
    let label_doc = format!(" The {what}'s display label (its identifier when the spec gives none).");
    let index_doc = format!(" The {what}'s position in [`{}::ALL`].", spec.name);
    let from_doc = format!(" The {what} with this identifier, if there is one (a linear search).");
    // Tables indexed by the discriminant, which is the position in `ALL`; an enum with no
    // variant has nothing to index and matches on nothing instead.
    let upper = spec.name.to_uppercase();
    let names_table = format_ident!("{}_NAMES", upper);
    let labels_table = format_ident!("{}_LABELS", upper);
    let (tables, name_body, label_body, index_body) = if idents.is_empty() {
        (quote! {}, quote! { match self {} }, quote! { match self {} }, quote! { match self {} })
    } else {
        (
            quote! {
                const #names_table: [&str; #count] = [#( #names ),*];
                const #labels_table: [&str; #count] = [#( #labels ),*];
            },
            quote! { #names_table[self as usize] },
            quote! { #labels_table[self as usize] },
            quote! { self as usize },
        )
    };
    quote! {
        #doc
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum #ty {
            #( #docs #idents, )*
        }

        #tables

        impl #ty {
            #[doc = #all_doc]
            pub const ALL: [#ty; #count] = [#( #ty::#idents ),*];

            #[doc = #name_doc]
            pub const fn name(self) -> &'static str {
                #name_body
            }

            #[doc = #label_doc]
            pub const fn label(self) -> &'static str {
                #label_body
            }

            #[doc = #index_doc]
            pub const fn index(self) -> usize {
                #index_body
            }

            #[doc = #from_doc]
            pub fn from_name(name: &str) -> ::core::option::Option<Self> {
                Self::ALL.iter().copied().find(|v| v.name() == name)
            }
        }

        impl ::core::fmt::Display for #ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.label())
            }
        }
    }
}

fn variants<'a, T: 'a>(
    items: &'a [T],
    named: impl Fn(&T) -> &ir::Named,
    fallback: impl Fn(&T) -> String,
) -> Vec<(Ident, String, String, String)> {
    items
        .iter()
        .map(|item| {
            let n = named(item);
            let mut doc = doc_or(&n.doc, fallback(item));
            if let Some(label) = n.label.as_ref().filter(|l| **l != n.name) {
                doc.push_str(&format!("\n\nShown as \"{label}\"."));
            }
            (ident(&n.name), n.name.clone(), n.display().to_owned(), doc)
        })
        .collect()
}

/// What `Machine::step` runs after the dispatch when coverage is on: the recorder called with
/// the machine's name and the transition taken; nothing at all when it is off.
fn record_call(recorder: Option<&TokenStream>) -> TokenStream {
    match recorder {
        Some(recorder) => quote! {
            if let ::core::option::Option::Some(transition) = step.transition() {
                #recorder(NAME, transition);
            }
        },
        None => TokenStream::new(),
    }
}

/// Generates the module for a checked machine.
pub fn generate(m: &Machine, options: &Options) -> TokenStream {
    let module = ident(&crate::naming::module_name(&m.named.name));
    let mut machine_doc = doc_or(&m.named.doc, format!("The `{}` state machine.", m.named.name));
    if !m.refs.is_empty() {
        machine_doc.push_str("\n\nSource: ");
        machine_doc.push_str(&m.refs.join("; "));
        machine_doc.push('.');
    }
    machine_doc.push_str(match options.dot {
        Some(_) => "\n\nGenerated by `fsm!` from the spec; see [`DOT`] for its diagram.",
        None => "\n\nGenerated by `fsm!` from the spec.",
    });
    let machine_doc = doc_attrs(&machine_doc);
    let diagram = options.diagram.as_ref().map(|path| {
        quote! {
            #[doc = ""]
            // Scaled down to the page's width (the drawing has a `viewBox`).
            #[doc = "<div class=\"fsm-diagram\"><style>.fsm-diagram svg { max-width: 100%; height: auto; }</style>"]
            #[doc = include_str!(#path)]
            #[doc = "</div>"]
        }
    });

    let states = enum_items(EnumSpec {
        name: "State",
        what: "state",
        doc: format!("The states of `{}`.", m.named.name),
        variants: variants(&m.states, |s| &s.named, |s| format!("The `{}` state.", s.named.name)),
    });
    let mut event_variants = variants(&m.events, |e| &e.named, |e| format!("The `{}` event.", e.named.name));
    for (variant, event) in event_variants.iter_mut().zip(&m.events) {
        if let Some(ty) = &event.payload {
            variant.3.push_str(&format!("\n\nCarries a `{ty}`: see [`Input::{}`].", event.named.name));
        }
    }
    let events = enum_items(EnumSpec {
        name: "Event",
        what: "event",
        doc: format!("The events of `{}`.", m.named.name),
        variants: event_variants,
    });
    let actions = enum_items(EnumSpec {
        name: "Action",
        what: "action",
        doc: format!("The actions of `{}`, timer operations included.", m.named.name),
        variants: variants(&m.actions, |a| &a.named, |a| format!("The `{}` action.", a.named.name)),
    });
    let guards = enum_items(EnumSpec {
        name: "Guard",
        what: "guard",
        doc: format!("The named guards of `{}`: conditions the user computes when an event arrives.", m.named.name),
        variants: variants(&m.guards, |g| &g.named, |g| format!("The `{}` guard.", g.named.name)),
    });
    let timers = enum_items(EnumSpec {
        name: "Timer",
        what: "timer",
        doc: format!("The timers of `{}`.", m.named.name),
        variants: variants(&m.timers, |t| &t.named, |t| format!("The `{}` timer.", t.named.name)),
    });

    let state_extras = state_extras(m);
    let superstates = superstate_items(m);
    let timer_extras = timer_extras(m);
    let timer_defaults = timer_defaults(m);
    let guards_struct = guards_struct(m);
    let vars_struct = vars_struct(m);
    let table = transition_table(m);
    let dispatch = dispatch::dispatch(m);
    let record = record_call(options.coverage.as_ref());
    // Events with data bring the `Input` enum, and hooks that see it.
    let (input, wrapper, parent) = if m.has_payloads() {
        let parent = quote! {
            // The data types are named as where the module stands.
            #[allow(unused_imports)]
            use super::*;
        };
        (input::input_items(m), input::wrapper(m, &record), parent)
    } else {
        (TokenStream::new(), dispatch::wrapper(m, &record), TokenStream::new())
    };

    let initial = ident(&m.state(m.initial).named.name);
    let name = &m.named.name;
    let dot = options.dot.as_ref().map(|dot| {
        quote! {
            /// The machine as a Graphviz DOT graph.
            pub const DOT: &str = #dot;
        }
    });
    let refs = &m.refs;
    let include = options.spec_path.as_ref().map(|p| {
        quote! {
            // Makes Cargo rebuild this crate when the spec changes.
            const _: &str = include_str!(#p);
        }
    });

    quote! {
        #machine_doc
        #diagram
        #[allow(non_camel_case_types, non_snake_case, clippy::all)]
        pub mod #module {
            #include
            #[allow(unused_imports)]
            use ::core::option::Option::{self, None, Some};
            #parent

            /// The machine's name in the spec.
            pub const NAME: &str = #name;
            /// The machine's source references (`ref` items of the spec).
            pub const REFS: &[&str] = &[#(#refs),*];
            /// The state the machine starts in.
            pub const INITIAL: State = State::#initial;
            #dot

            #states
            #state_extras
            #superstates
            #events
            #input
            #actions
            #guards
            #timers
            #timer_extras
            #timer_defaults
            #guards_struct
            #vars_struct
            #table
            #dispatch
            #wrapper
        }
    }
}

pub(crate) fn action_list(m: &Machine, effects: &[Effect]) -> TokenStream {
    let actions = effects.iter().filter_map(|e| match e {
        Effect::Action(a) => Some(ident(&m.action(*a).named.name)),
        _ => None,
    });
    quote! { &[#( Action::#actions ),*] }
}

fn state_extras(m: &Machine) -> TokenStream {
    let count = proc_macro2::Literal::usize_unsuffixed(m.states.len());
    let finals = m.states.iter().map(|s| s.is_final);
    let entries: Vec<TokenStream> = m.states.iter().map(|s| action_list(m, &s.entry)).collect();
    let exits: Vec<TokenStream> = m.states.iter().map(|s| action_list(m, &s.exit)).collect();
    quote! {
        const STATE_FINAL: [bool; #count] = [#( #finals ),*];
        const STATE_ENTRY: [&[Action]; #count] = [#( #entries ),*];
        const STATE_EXIT: [&[Action]; #count] = [#( #exits ),*];

        impl State {
            /// Whether the state is final: no transition leaves it.
            pub const fn is_final(self) -> bool {
                STATE_FINAL[self as usize]
            }

            /// The actions run on entering the state, in order.
            pub const fn entry_actions(self) -> &'static [Action] {
                STATE_ENTRY[self as usize]
            }

            /// The actions run on leaving the state (not by internal transitions), in order.
            pub const fn exit_actions(self) -> &'static [Action] {
                STATE_EXIT[self as usize]
            }
        }
    }
}

/// The `Superstate` enum and `State::is_in`, for a machine with superstates only (a flat
/// machine's module is as it was).
fn superstate_items(m: &Machine) -> TokenStream {
    if m.superstates.is_empty() {
        return TokenStream::new();
    }
    let items = enum_items(EnumSpec {
        name: "Superstate",
        what: "superstate",
        doc: format!(
            "The superstates of `{}`: states that hold states. The machine is always in a leaf \
             [`State`]; [`State::is_in`] says which superstates hold it.",
            m.named.name
        ),
        variants: variants(&m.superstates, |s| &s.named, |s| format!("The `{}` superstate.", s.named.name)),
    });
    let (n_super, n_states) = (m.superstates.len(), m.states.len());
    let count = proc_macro2::Literal::usize_unsuffixed(n_super);
    let parents = m.superstates.iter().map(|s| match s.parent {
        Some(p) => {
            let p = ident(&m.superstates[p.index()].named.name);
            quote! { Some(Superstate::#p) }
        }
        None => quote! { None },
    });
    let members = m.superstates.iter().map(|s| {
        let states = s.states.iter().map(|&st| ident(&m.state(st).named.name));
        quote! { &[#( State::#states ),*] }
    });
    let rows = m.superstates.iter().map(|s| {
        let row = (0..n_states).map(|i| s.states.contains(&ir::StateId(i)));
        quote! { [#( #row ),*] }
    });
    let innermost = (0..n_states).map(|i| match m.superstates_of(ir::StateId(i)).first() {
        Some(s) => {
            let s = ident(&m.superstates[s.index()].named.name);
            quote! { Some(Superstate::#s) }
        }
        None => quote! { None },
    });
    let n_states = proc_macro2::Literal::usize_unsuffixed(n_states);
    quote! {
        #items

        const SUPERSTATE_PARENT: [Option<Superstate>; #count] = [#( #parents ),*];
        const SUPERSTATE_STATES: [&[State]; #count] = [#( #members ),*];
        /// Row per superstate, column per state: whether the state is inside it.
        const SUPERSTATE_HOLDS: [[bool; #n_states]; #count] = [#( #rows ),*];
        const STATE_SUPERSTATE: [Option<Superstate>; #n_states] = [#( #innermost ),*];

        impl Superstate {
            /// The superstate that holds this one, if any.
            pub const fn parent(self) -> Option<Superstate> {
                SUPERSTATE_PARENT[self as usize]
            }

            /// The leaf states inside it, at any depth, in declaration order.
            pub const fn states(self) -> &'static [State] {
                SUPERSTATE_STATES[self as usize]
            }
        }

        impl State {
            /// Whether the state is inside `superstate`, at any depth (a table lookup).
            pub const fn is_in(self, superstate: Superstate) -> bool {
                SUPERSTATE_HOLDS[superstate as usize][self as usize]
            }

            /// The innermost superstate that holds the state, if any; [`Superstate::parent`]
            /// goes outwards from there.
            pub const fn superstate(self) -> Option<Superstate> {
                STATE_SUPERSTATE[self as usize]
            }
        }
    }
}

fn timer_extras(m: &Machine) -> TokenStream {
    let timers: Vec<Ident> = m.timers.iter().map(|t| ident(&t.named.name)).collect();
    let expiries = m.timers.iter().map(|t| ident(&m.event(t.expiry).named.name));
    let starts: Vec<(Ident, Ident)> =
        m.timers.iter().map(|t| (ident(&m.action(t.start).named.name), ident(&t.named.name))).collect();
    let stops: Vec<(Ident, Ident)> =
        m.timers.iter().map(|t| (ident(&m.action(t.stop).named.name), ident(&t.named.name))).collect();
    let (start_actions, start_timers): (Vec<_>, Vec<_>) = starts.into_iter().unzip();
    let (stop_actions, stop_timers): (Vec<_>, Vec<_>) = stops.into_iter().unzip();
    let timer_events: Vec<(Ident, Ident)> =
        m.timers.iter().map(|t| (ident(&m.event(t.expiry).named.name), ident(&t.named.name))).collect();
    let (expiry_events, expiry_timers): (Vec<_>, Vec<_>) = timer_events.into_iter().unzip();
    quote! {
        impl Timer {
            /// The event the timer raises when it expires.
            pub const fn expiry(self) -> Event {
                match self { #( Timer::#timers => Event::#expiries, )* }
            }
        }

        impl Action {
            /// The timer this action arms (or re-arms), if it is a timer start.
            pub const fn starts(self) -> ::core::option::Option<Timer> {
                match self {
                    #( Action::#start_actions => ::core::option::Option::Some(Timer::#start_timers), )*
                    #[allow(unreachable_patterns)]
                    _ => ::core::option::Option::None,
                }
            }

            /// The timer this action disarms, if it is a timer stop.
            pub const fn stops(self) -> ::core::option::Option<Timer> {
                match self {
                    #( Action::#stop_actions => ::core::option::Option::Some(Timer::#stop_timers), )*
                    #[allow(unreachable_patterns)]
                    _ => ::core::option::Option::None,
                }
            }
        }

        impl Event {
            /// The timer whose expiry this event is, if it is one.
            pub const fn timer(self) -> ::core::option::Option<Timer> {
                match self {
                    #( Event::#expiry_events => ::core::option::Option::Some(Timer::#expiry_timers), )*
                    #[allow(unreachable_patterns)]
                    _ => ::core::option::Option::None,
                }
            }
        }
    }
}

/// `Timer::default_duration`, when a timer of the spec declares its default (`= 2 s`).
fn timer_defaults(m: &Machine) -> TokenStream {
    if m.timers.iter().all(|t| t.default.is_none()) {
        return TokenStream::new();
    }
    let arms = m.timers.iter().map(|t| {
        let timer = ident(&t.named.name);
        match t.default {
            Some(d) => {
                // Whole seconds read as the RFCs write them.
                let millis = u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
                let value = if millis % 1000 == 0 {
                    let secs = proc_macro2::Literal::u64_unsuffixed(millis / 1000);
                    quote! { ::core::time::Duration::from_secs(#secs) }
                } else {
                    let millis = proc_macro2::Literal::u64_unsuffixed(millis);
                    quote! { ::core::time::Duration::from_millis(#millis) }
                };
                quote! { Timer::#timer => ::core::option::Option::Some(#value) }
            }
            None => quote! { Timer::#timer => ::core::option::Option::None },
        }
    });
    quote! {
        impl Timer {
            /// The duration the spec gives the timer by default (`timer T = 2 s;` in the spec),
            /// as its RFC specifies it; `None` for a timer declared without one.
            pub const fn default_duration(self) -> ::core::option::Option<::core::time::Duration> {
                match self { #( #arms, )* }
            }
        }
    }
}

fn guards_struct(m: &Machine) -> TokenStream {
    let fields: Vec<Ident> = m.guards.iter().map(|g| ident(&g.named.name)).collect();
    let docs = m.guards.iter().map(|g| doc_attrs(&doc_or(&g.named.doc, format!("The value of `{}`.", g.named.name))));
    let get_arms = fields.iter().map(|f| quote! { Guard::#f => self.#f });
    let set_arms = fields.iter().map(|f| quote! { Guard::#f => self.#f = value });
    let value = if fields.is_empty() {
        quote! { _value }
    } else {
        quote! { value }
    };
    quote! {
        /// Values of the named guards for one event; all `false` by default.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct Guards {
            #( #docs pub #fields: bool, )*
        }

        impl Guards {
            /// The value of one guard.
            pub const fn get(&self, guard: Guard) -> bool {
                match guard { #( #get_arms, )* }
            }

            /// Sets the value of one guard.
            pub fn set(&mut self, guard: Guard, #value: bool) {
                match guard { #( #set_arms, )* }
            }
        }
    }
}

pub(crate) fn literal(var: &ir::Var, value: i64) -> TokenStream {
    match var.ty {
        VarType::Bool => {
            let b = value != 0;
            quote! { #b }
        }
        ty => {
            let rust = int_type(ty);
            let lit = proc_macro2::Literal::i64_unsuffixed(value);
            quote! { (#lit as #rust) }
        }
    }
}

fn vars_struct(m: &Machine) -> TokenStream {
    let fields: Vec<Ident> = m.vars.iter().map(|v| ident(&v.named.name)).collect();
    let types = m.vars.iter().map(|v| match v.ty {
        VarType::Bool => quote! { bool },
        ty => {
            let t = int_type(ty);
            quote! { #t }
        }
    });
    let docs = m.vars.iter().map(|v| {
        let range = match v.ty {
            VarType::Bool => String::new(),
            VarType::Int { min, max } => format!(" Range: {min}..={max}."),
        };
        doc_attrs(&format!("{}{range}", doc_or(&v.named.doc, format!("The variable `{}`.", v.named.name))))
    });
    let inits = m.vars.iter().map(|v| literal(v, v.init));
    quote! {
        /// The extended state: the spec's variables, with their declared initial values by default.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Vars {
            #( #docs pub #fields: #types, )*
        }

        impl Vars {
            /// The values the machine starts with (before the initial state's entry actions).
            pub const INITIAL: Vars = Vars { #( #fields: #inits, )* };
        }

        impl ::core::default::Default for Vars {
            fn default() -> Self {
                Vars::INITIAL
            }
        }
    }
}

fn transition_table(m: &Machine) -> TokenStream {
    use rustc_hash::FxHashMap as HashMap;
    use std::fmt::Write as _;
    let states: Vec<String> = m.states.iter().map(|s| ident(&s.named.name).to_string()).collect();
    let events: Vec<String> = m.events.iter().map(|e| ident(&e.named.name).to_string()).collect();
    let actions: Vec<String> = m.actions.iter().map(|a| ident(&a.named.name).to_string()).collect();
    // Written as text and read back as tokens once (see `dispatch`). Lists that several rows
    // share are constants, so that a large table stays small.
    let mut consts = String::new();
    let mut rows = String::with_capacity(if dispatch::uses_table(m) { 0 } else { m.transitions.len() * 64 });
    // A large machine's common rows are built as tokens directly: reading back as text the
    // hundred thousand rows of a large machine would take most of the generator's time.
    let mut row_tokens: Vec<proc_macro2::TokenTree> = Vec::new();
    let one_ident = Ident::new("one", Span::call_site());
    let mut own_idents: Vec<Ident> = Vec::new();
    let mut source_lists: HashMap<&[ir::StateId], usize> = HashMap::default();
    let mut event_lists: HashMap<&[ir::EventId], usize> = HashMap::default();
    let mut action_lists: HashMap<Vec<ir::ActionId>, usize> = HashMap::default();
    let mut ids: Vec<ir::ActionId> = Vec::new();
    // A machine that dispatches through the table gets compact rows too.
    let compact = dispatch::uses_table(m);
    for t in &m.transitions {
        ids.clear();
        ids.extend(t.effects.iter().filter_map(|e| match e {
            Effect::Action(a) => Some(*a),
            _ => None,
        }));
        // Looked up by slice, so that only a new list allocates.
        let own = match action_lists.get(ids.as_slice()) {
            Some(&own) => own,
            None => {
                let next = action_lists.len();
                let items: Vec<String> = ids.iter().map(|a| format!("Action::{}", actions[a.0])).collect();
                let _ = write!(consts, "const OWN_ACTIONS_{next}: &[Action] = &[{}];", items.join(", "));
                own_idents.push(format_ident!("OWN_ACTIONS_{next}"));
                action_lists.insert(ids.clone(), next);
                next
            }
        };
        let plain = t.guard_text.is_empty() && t.refs.is_empty() && t.doc.is_empty();
        if let (true, Some(target), &[source], &[event]) =
            (compact, t.target, t.sources.as_slice(), t.events.as_slice())
            && plain
        {
            // A large machine's common row: indexes, no constants of its own.
            use proc_macro2::{Delimiter, Group, Literal, Punct, Spacing, TokenTree};
            if !rows.is_empty() {
                row_tokens.extend(dispatch::tokens(&rows));
                rows.clear();
            }
            let comma = || TokenTree::Punct(Punct::new(',', Spacing::Alone));
            let args: TokenStream = [
                TokenTree::Literal(Literal::usize_unsuffixed(source.0)),
                comma(),
                TokenTree::Literal(Literal::usize_unsuffixed(event.0)),
                comma(),
                TokenTree::Literal(Literal::usize_unsuffixed(target.0)),
                comma(),
                TokenTree::Ident(own_idents[own].clone()),
            ]
            .into_iter()
            .collect();
            row_tokens.push(TokenTree::Ident(one_ident.clone()));
            row_tokens.push(TokenTree::Group(Group::new(Delimiter::Parenthesis, args)));
            row_tokens.push(comma());
            continue;
        }
        // Lists of sources and events only for the rows that name them.
        let next = source_lists.len();
        let sources = *source_lists.entry(&t.sources).or_insert_with(|| {
            let items: Vec<String> = t.sources.iter().map(|s| format!("State::{}", states[s.0])).collect();
            let _ = write!(consts, "const SOURCES_{next}: &[State] = &[{}];", items.join(", "));
            next
        });
        let next = event_lists.len();
        let on = *event_lists.entry(&t.events).or_insert_with(|| {
            let items: Vec<String> = t.events.iter().map(|e| format!("Event::{}", events[e.0])).collect();
            let _ = write!(consts, "const EVENTS_{next}: &[Event] = &[{}];", items.join(", "));
            next
        });
        match t.target {
            // The common row gets a short constructor.
            Some(target) if plain => {
                let _ =
                    write!(rows, "go(SOURCES_{sources}, EVENTS_{on}, State::{}, OWN_ACTIONS_{own}),", states[target.0]);
            }
            _ => {
                let guard =
                    if t.guard_text.is_empty() { "None".to_owned() } else { format!("Some({:?})", t.guard_text) };
                let target = t.target.map_or("None".to_owned(), |s| format!("Some(State::{})", states[s.0]));
                let refs: Vec<String> = t.refs.iter().map(|r| format!("{r:?}")).collect();
                let _ = write!(
                    rows,
                    "tr(SOURCES_{sources}, EVENTS_{on}, {guard}, {target}, OWN_ACTIONS_{own}, &[{}], {:?}),",
                    refs.join(", "),
                    t.doc
                );
            }
        }
    }
    let consts = dispatch::tokens(&consts);
    row_tokens.extend(dispatch::tokens(&rows));
    let rows: TokenStream = row_tokens.into_iter().collect();
    let one = compact.then(|| {
        let (states, events) = (m.states.len(), m.events.len());
        quote! {
            /// Every state, as a static for rows to borrow a one-state slice of.
            static STATE_LIST: [State; #states] = State::ALL;
            /// Every event, likewise.
            static EVENT_LIST: [Event; #events] = Event::ALL;
            const fn one(source: usize, event: usize, target: usize, actions: &'static [Action]) -> Transition {
                Transition {
                    sources: ::core::slice::from_ref(&STATE_LIST[source]),
                    events: ::core::slice::from_ref(&EVENT_LIST[event]),
                    guard: None,
                    target: Some(State::ALL[target]),
                    actions,
                    refs: &[],
                    doc: "",
                }
            }
        }
    });
    let count = proc_macro2::Literal::usize_unsuffixed(m.transitions.len());
    quote! {
        /// One transition of the spec, as data (for introspection and documentation).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Transition {
            /// The states it leaves from.
            pub sources: &'static [State],
            /// The events that trigger it.
            pub events: &'static [Event],
            /// Its guard as written in the spec, if it has one (`else` included).
            pub guard: ::core::option::Option<&'static str>,
            /// Its target, or `None` for an internal transition (no exit, no entry).
            pub target: ::core::option::Option<State>,
            /// Its own actions, in order (exit and entry actions are the states').
            pub actions: &'static [Action],
            /// Where it comes from in the source document.
            pub refs: &'static [&'static str],
            /// Its doc comment.
            pub doc: &'static str,
        }

        #consts
        #one

        #[allow(dead_code)]
        const fn go(sources: &'static [State], events: &'static [Event], target: State, actions: &'static [Action]) -> Transition {
            Transition { sources, events, guard: None, target: Some(target), actions, refs: &[], doc: "" }
        }

        #[allow(dead_code)]
        const fn tr(
            sources: &'static [State],
            events: &'static [Event],
            guard: ::core::option::Option<&'static str>,
            target: ::core::option::Option<State>,
            actions: &'static [Action],
            refs: &'static [&'static str],
            doc: &'static str,
        ) -> Transition {
            Transition { sources, events, guard, target, actions, refs, doc }
        }

        /// Every transition of the spec, in spec order; `Outcome::transition` indexes it.
        pub static TRANSITIONS: [Transition; #count] = [#rows];
    }
}

/// The `Machine` methods that resume it or read it (`at`, `state`, `vars`): the same whether
/// or not its events carry data.
fn machine_accessors() -> TokenStream {
    quote! {
        /// A machine at a given state and variables, with no action run (to resume one).
        pub const fn at(state: State, vars: Vars) -> Self {
            Machine { state, vars }
        }

        /// The current state.
        pub const fn state(&self) -> State {
            self.state
        }

        /// The current variables.
        pub const fn vars(&self) -> &Vars {
            &self.vars
        }
    }
}
