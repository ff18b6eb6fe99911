//! The items around the enums: what states, superstates and timers know of each other
//! (`State::is_final`, `State::is_in`, `Action::starts`, `Timer::default_duration`, ...), and
//! the `Guards` and `Vars` structs.

use super::enums::{EnumSpec, enum_items, variants};
use super::values::{field_type, literal};
use super::{action_list, doc_attrs, doc_or, ident};
use crate::ir::{self, Effect, Machine, VarType};
use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::quote;

/// The array expression `[a, b, ...]` with an element per item, its tokens pushed by `element`:
/// the same tokens as `quote! { [#( #elements ),*] }`, built as one list, where `quote!` would
/// copy each element's stream into the array's (a large machine has an element per state).
fn array<T>(items: &[T], mut element: impl FnMut(&T, &mut Vec<TokenTree>)) -> TokenTree {
    let mut trees = Vec::with_capacity(items.len() * 3);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            trees.push(TokenTree::Punct(Punct::new(',', Spacing::Alone)));
        }
        element(item, &mut trees);
    }
    TokenTree::Group(Group::new(Delimiter::Bracket, trees.into_iter().collect()))
}

/// `State::is_final`, `entry_actions` and `exit_actions` (for `State`'s `impl`), and the
/// tables indexed by the state that they read; the last two (the states' actions as data, like
/// `TRANSITIONS`) only with `structure`: the steps already list them where they run.
pub(super) fn state_extras(m: &Machine, structure: bool) -> (TokenStream, TokenStream) {
    let count = proc_macro2::Literal::usize_unsuffixed(m.states.len());
    let [yes, no] = ["true", "false"].map(|b| TokenTree::Ident(Ident::new(b, Span::call_site())));
    // A table that would say the same of every state is not written: the answer is.
    let (final_table, final_body) = if m.states.iter().any(|s| s.is_final) {
        let finals = array(&m.states, |s, trees| trees.push(if s.is_final { yes.clone() } else { no.clone() }));
        (quote! { const STATE_FINAL: [bool; #count] = #finals; }, quote! { STATE_FINAL[self as usize] })
    } else {
        (TokenStream::new(), quote! { false })
    };
    let is_final = quote! {
        /// Whether the state is final: no transition leaves it.
        pub const fn is_final(self) -> bool {
            #final_body
        }
    };
    if !structure {
        return (final_table, is_final);
    }
    // Most states of a large machine have no entry or exit action: their `&[]` is built once
    // and shared (a clone of its trees is a reference count).
    let empty: Vec<TokenTree> = action_list(m, &[]).into_iter().collect();
    let list = |effects: &[Effect], trees: &mut Vec<TokenTree>| {
        if effects.iter().any(|e| matches!(e, Effect::Action(_))) {
            trees.extend(action_list(m, effects));
        } else {
            trees.extend(empty.iter().cloned());
        }
    };
    let has_actions = |part: fn(&ir::State) -> &[Effect]| {
        m.states.iter().any(|s| part(s).iter().any(|e| matches!(e, Effect::Action(_))))
    };
    let (entry_table, entry_body) = if has_actions(|s| &s.entry) {
        let entries = array(&m.states, |s, trees| list(&s.entry, trees));
        (quote! { const STATE_ENTRY: [&[Action]; #count] = #entries; }, quote! { STATE_ENTRY[self as usize] })
    } else {
        (TokenStream::new(), quote! { &[] })
    };
    let (exit_table, exit_body) = if has_actions(|s| &s.exit) {
        let exits = array(&m.states, |s, trees| list(&s.exit, trees));
        (quote! { const STATE_EXIT: [&[Action]; #count] = #exits; }, quote! { STATE_EXIT[self as usize] })
    } else {
        (TokenStream::new(), quote! { &[] })
    };
    let tables = quote! {
        #final_table
        #entry_table
        #exit_table
    };
    let methods = quote! {
        #is_final

        /// The actions run on entering the state, in order.
        pub const fn entry_actions(self) -> &'static [Action] {
            #entry_body
        }

        /// The actions run on leaving the state (not by internal transitions), in order.
        pub const fn exit_actions(self) -> &'static [Action] {
            #exit_body
        }
    };
    (tables, methods)
}

/// The `Superstate` enum and `State::is_in`, for a machine with superstates only (a flat
/// machine's module is as it was).
pub(super) fn superstate_items(m: &Machine) -> TokenStream {
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
        variants: variants(
            &m.superstates,
            super::large(m),
            |s| &s.named,
            |s| format!("The `{}` superstate.", s.named.name),
        ),
        methods: TokenStream::new(),
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

/// What timers, actions and events know of each other, as items of their enums' `impl`s.
pub(super) struct TimerLinks {
    /// `Timer::expiry` (and `Timer::default_duration`, when a timer declares a default).
    pub(super) timer: TokenStream,
    /// `Action::starts` and `Action::stops`.
    pub(super) action: TokenStream,
    /// `Event::timer`.
    pub(super) event: TokenStream,
}

/// `Timer::expiry`, `Timer::default_duration`, `Action::starts`, `Action::stops` and
/// `Event::timer`. `declared` says which actions the `Action` enum has (see
/// [`super::declared_actions`]).
pub(super) fn timer_links(m: &Machine, declared: &[bool]) -> TimerLinks {
    let timers: Vec<Ident> = m.timers.iter().map(|t| ident(&t.named.name)).collect();
    let expiries = m.timers.iter().map(|t| ident(&m.event(t.expiry).named.name));
    // The arms of a match on an action, from the timer operations the enum has, and the
    // catch-all only when some variant is left (an enum of timer operations alone needs none).
    // Every action of the operation: a timer's own, and any further name the spec gives it.
    let operations = |of: fn(ir::ActionKind) -> Option<ir::TimerId>| {
        let arms: Vec<TokenStream> = (m.actions.iter().enumerate())
            .filter(|&(a, _)| declared[a])
            .filter_map(|(_, action)| {
                let timer = of(action.kind)?;
                let (action, timer) = (ident(&action.named.name), ident(&m.timers[timer.0].named.name));
                Some(quote! { Action::#action => Some(Timer::#timer), })
            })
            .collect();
        match_or_none(&arms, declared.iter().filter(|d| **d).count())
    };
    let starts = operations(|kind| match kind {
        ir::ActionKind::Start(t) => Some(t),
        _ => None,
    });
    let stops = operations(|kind| match kind {
        ir::ActionKind::Stop(t) => Some(t),
        _ => None,
    });
    let expiry_arms: Vec<TokenStream> = m
        .timers
        .iter()
        .map(|t| {
            let (event, timer) = (ident(&m.event(t.expiry).named.name), ident(&t.named.name));
            quote! { Event::#event => Some(Timer::#timer), }
        })
        .collect();
    let expiries_of_events = match_or_none(&expiry_arms, m.events.len());
    let defaults = timer_defaults(m);
    let durations = timer_durations(m);
    TimerLinks {
        timer: quote! {
            /// The event the timer raises when it expires.
            pub const fn expiry(self) -> Event {
                match self { #( Timer::#timers => Event::#expiries, )* }
            }

            #defaults
            #durations
        },
        action: quote! {
            /// The timer this action arms (or re-arms), if it is a timer start.
            pub const fn starts(self) -> Option<Timer> {
                #starts
            }

            /// The timer this action disarms, if it is a timer stop.
            pub const fn stops(self) -> Option<Timer> {
                #stops
            }
        },
        event: quote! {
            /// The timer whose expiry this event is, if it is one.
            pub const fn timer(self) -> Option<Timer> {
                #expiries_of_events
            }
        },
    }
}

/// A `match self` with `arms`, and `_ => None` when they leave some of the `variants`; just
/// `None` when there is no arm but there are variants.
fn match_or_none(arms: &[TokenStream], variants: usize) -> TokenStream {
    match (arms.len(), variants) {
        (0, 1..) => quote! { None },
        (n, _) if n < variants => quote! { match self { #( #arms )* _ => None, } },
        _ => quote! { match self { #( #arms )* } },
    }
}

/// Whether some timer's duration reads a field of an event's data (`DhcpAck.lease s`): its
/// `Timer::duration` then takes the event being handled too.
pub(super) fn durations_read_data(m: &Machine) -> bool {
    m.timers.iter().any(|t| t.duration.as_ref().is_some_and(|d| d.data.is_some()))
}

/// `Timer::duration`, when a timer's duration reads variables (`timer A = T1 * 2^n ms;`) or
/// an event's data (`timer Lease = DhcpAck.lease s;`): the expression in `i64`, saturating as
/// the checker's and the interpreter's ([`ir::IntOp::apply`]), a negative value as zero.
fn timer_durations(m: &Machine) -> TokenStream {
    if m.timers.iter().all(|t| t.duration.is_none()) {
        return TokenStream::new();
    }
    let arms = m.timers.iter().map(|t| {
        let timer = ident(&t.named.name);
        match (&t.duration, t.default) {
            (Some(d), _) => {
                let value = int_expr(m, &d.expr);
                let millis = quote! { u64::try_from(#value).unwrap_or(0) };
                let millis = match d.millis_per_unit {
                    1 => millis,
                    unit => {
                        let unit = proc_macro2::Literal::u64_unsuffixed(unit);
                        quote! { #millis.saturating_mul(#unit) }
                    }
                };
                let duration = quote! { Some(::core::time::Duration::from_millis(#millis)) };
                match d.data {
                    Some(event) => {
                        let event = ident(&m.event(event).named.name);
                        quote! {
                            Timer::#timer => {
                                let Some(Input::#event(data)) = input else { return None };
                                #duration
                            }
                        }
                    }
                    None => quote! { Timer::#timer => #duration },
                }
            }
            (None, Some(_)) => quote! { Timer::#timer => self.default_duration() },
            (None, None) => quote! { Timer::#timer => None },
        }
    });
    if durations_read_data(m) {
        quote! {
            /// The timer's duration for the variables `vars` (parameters included) and the
            /// event being handled, `input`, as the spec gives it (`timer A = T1 * 2^n ms;`,
            /// `timer Lease = DhcpAck.lease s;`, evaluated in `i64`, saturating, a negative value
            /// as zero, a field of the event's data as its value in `u64`): what a start of the
            /// timer hands to [`Hooks::start`]. `None` for a timer declared without a duration,
            /// and for one that reads the data of an event other than `input`'s.
            pub fn duration(self, vars: &Vars, input: Option<&Input>) -> Option<::core::time::Duration> {
                match self { #( #arms, )* }
            }
        }
    } else {
        quote! {
            /// The timer's duration for the variables `vars` (parameters included), as the spec
            /// gives it (`timer A = T1 * 2^n ms;`, evaluated in `i64`, saturating, a negative value
            /// as zero): what a start of the timer hands to [`Hooks::start`]. `None` for a timer
            /// declared without a duration.
            pub fn duration(self, vars: &Vars) -> Option<::core::time::Duration> {
                match self { #( #arms, )* }
            }
        }
    }
}

/// An integer expression of a duration, in `i64`; a field of an event's data is read from
/// `data`, converted through `u64` (an unsigned integer field of the event's Rust type).
fn int_expr(m: &Machine, e: &ir::IntExpr) -> TokenStream {
    match e {
        ir::IntExpr::Const(c) => {
            let c = proc_macro2::Literal::i64_suffixed(*c);
            quote! { #c }
        }
        ir::IntExpr::Var(v) => {
            let field = ident(&m.vars[v.0].named.name);
            quote! { i64::from(vars.#field) }
        }
        ir::IntExpr::Field(_, path) => {
            let path = path.iter().map(|f| ident(f));
            quote! { i64::try_from(u64::from(data #(.#path)*)).unwrap_or(i64::MAX) }
        }
        ir::IntExpr::Op(op, a, b) => {
            let (a, b) = (int_expr(m, a), int_expr(m, b));
            match op {
                ir::IntOp::Add => quote! { #a.saturating_add(#b) },
                ir::IntOp::Sub => quote! { #a.saturating_sub(#b) },
                ir::IntOp::Mul => quote! { #a.saturating_mul(#b) },
                ir::IntOp::Pow => quote! { #a.saturating_pow(u32::try_from(#b.max(0)).unwrap_or(u32::MAX)) },
                ir::IntOp::Min => quote! { #a.min(#b) },
                ir::IntOp::Max => quote! { #a.max(#b) },
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
                quote! { Timer::#timer => Some(#value) }
            }
            None => quote! { Timer::#timer => None },
        }
    });
    quote! {
        /// The spec's default duration of the timer (`timer T = 2 s;`), `None` for a timer without one.
        pub const fn default_duration(self) -> Option<::core::time::Duration> {
            match self { #( #arms, )* }
        }
    }
}

/// The `Guards` struct: one `bool` per named guard; none for a machine without named guards.
pub(super) fn guards_struct(m: &Machine) -> TokenStream {
    if m.guards.is_empty() {
        return TokenStream::new();
    }
    let fields: Vec<Ident> = m.guards.iter().map(|g| ident(&g.named.name)).collect();
    let docs = m.guards.iter().map(|g| doc_attrs(&doc_or(&g.named.doc, format!("The value of `{}`.", g.named.name))));
    let get_arms = fields.iter().map(|f| quote! { Guard::#f => self.#f });
    let set_arms = fields.iter().map(|f| quote! { Guard::#f => self.#f = value });
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
            pub fn set(&mut self, guard: Guard, value: bool) {
                match guard { #( #set_arms, )* }
            }
        }
    }
}

/// The `Vars` struct: one field per variable, in the type of its range.
pub(super) fn vars_struct(m: &Machine) -> TokenStream {
    let fields: Vec<Ident> = m.vars.iter().map(|v| ident(&v.named.name)).collect();
    let types = m.vars.iter().map(|v| field_type(v.ty));
    let docs = m.vars.iter().map(|v| {
        let range = match v.ty {
            VarType::Bool => String::new(),
            VarType::Int { min, max } => format!(" Range: {min}..={max}."),
        };
        let what = if v.param { "parameter" } else { "variable" };
        let mut doc = format!("{}{range}", doc_or(&v.named.doc, format!("The {what} `{}`.", v.named.name)));
        if v.param {
            doc.push_str(" A parameter: set by `Machine::start` from [`Params`], never changed.");
        }
        doc_attrs(&doc)
    });
    let inits = m.vars.iter().map(|v| literal(v, v.init));
    let params = params_struct(m);
    // Initial values that are all their types' own defaults (`false`, `0`) are what `derive`
    // gives: a hand-written `Default` would only say it again.
    let (derived, default_impl) = if m.vars.iter().all(|v| v.init == 0) {
        (quote! { Default, }, TokenStream::new())
    } else {
        (
            TokenStream::new(),
            quote! {
                impl ::core::default::Default for Vars {
                    fn default() -> Self {
                        Vars::INITIAL
                    }
                }
            },
        )
    };
    quote! {
        /// The extended state: the spec's variables, with their declared initial values by default.
        #[derive(Clone, Copy, Debug, #derived PartialEq, Eq, Hash)]
        pub struct Vars {
            #( #docs pub #fields: #types, )*
        }

        impl Vars {
            /// The values the machine starts with (before the initial state's entry actions).
            pub const INITIAL: Vars = Vars { #( #fields: #inits, )* };
        }

        #default_impl
        #params
    }
}

/// `Params`, for a machine with parameters: one field per parameter, a `Default` when every
/// one has a default, and `Vars::with`, the start's variables with the parameters given.
fn params_struct(m: &Machine) -> TokenStream {
    let params: Vec<&ir::Var> = m.vars.iter().filter(|v| v.param).collect();
    if params.is_empty() {
        return TokenStream::new();
    }
    let fields: Vec<Ident> = params.iter().map(|v| ident(&v.named.name)).collect();
    let types = params.iter().map(|v| field_type(v.ty));
    let docs = params.iter().map(|v| {
        let range = match v.ty {
            VarType::Bool => String::new(),
            VarType::Int { min, max } => format!(" Range: {min}..={max}."),
        };
        let default = if v.has_default {
            let value = if v.ty == VarType::Bool { (v.init != 0).to_string() } else { v.init.to_string() };
            format!(" Default: {value}.")
        } else {
            String::new()
        };
        doc_attrs(&format!("{}{range}{default}", doc_or(&v.named.doc, format!("The parameter `{}`.", v.named.name))))
    });
    let default = params.iter().all(|v| v.has_default).then(|| {
        let inits = params.iter().map(|v| literal(v, v.init));
        let fields = fields.iter();
        quote! {
            /// Every parameter at the default the spec gives it.
            impl ::core::default::Default for Params {
                fn default() -> Self {
                    Params { #( #fields: #inits, )* }
                }
            }
        }
    });
    // The other variables start as declared (when every variable is a parameter, there are none).
    let rest = (params.len() < m.vars.len()).then(|| quote! { ..Vars::INITIAL });
    quote! {
        /// The parameters: per-instance constants given to `Machine::start`, fixed for the
        /// machine's life.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Params {
            #( #docs pub #fields: #types, )*
        }

        #default

        impl Vars {
            /// The values a machine with these parameters starts with: [`Vars::INITIAL`] with
            /// the parameters given.
            pub const fn with(params: Params) -> Vars {
                Vars { #( #fields: params.#fields, )* #rest }
            }
        }
    }
}
