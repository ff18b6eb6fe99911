//! Checked model to Rust tokens: one module per machine with the `State`, `Event`, `Action`,
//! `Guard` and `Timer` enums, the `Guards` and `Vars` structs, the transition table as static
//! data, the DOT text, a `dispatch` function that is a nested `match` (O(1), no allocation) and
//! a small `Machine` wrapper that calls user hooks.
//!
//! The generated code compiles without warnings under `#![deny(warnings, missing_docs)]`.

use crate::ir::{self, Condition, Effect, Machine, StateId, StepKind, VarType};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

/// What the generated module embeds besides the model.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Absolute path of the spec file: emitted as `include_str!` so that Cargo rebuilds when the
    /// spec changes. `None` for inline specs.
    pub spec_path: Option<String>,
    /// The DOT text of the machine, exposed as the `DOT` constant.
    pub dot: String,
}

/// An identifier for a name the checker accepted. Names that are not identifiers (possible only
/// for a model built by hand) are mangled rather than allowed to panic.
pub fn ident(name: &str) -> Ident {
    let mut clean: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if clean.is_empty() || clean.starts_with(|c: char| c.is_ascii_digit()) || clean == "_" {
        clean.insert(0, 'X');
    }
    if crate::check::is_rust_keyword(&clean) {
        clean.push('_');
    }
    Ident::new(&clean, Span::call_site())
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
fn int_type(ty: VarType) -> Ident {
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
    let indices = (0..spec.variants.len()).map(proc_macro2::Literal::usize_unsuffixed);
    let count = proc_macro2::Literal::usize_unsuffixed(spec.variants.len());
    let what = spec.what;
    let all_doc = format!(" Every {what}, in declaration order.");
    let name_doc = format!(" The {what}'s identifier in the spec.");
    let label_doc = format!(" The {what}'s display label (its identifier when the spec gives none).");
    let index_doc = format!(" The {what}'s position in [`{}::ALL`].", spec.name);
    let from_doc = format!(" The {what} with this identifier, if there is one.");
    quote! {
        #doc
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum #ty {
            #( #docs #idents, )*
        }

        impl #ty {
            #[doc = #all_doc]
            pub const ALL: [#ty; #count] = [#( #ty::#idents ),*];

            #[doc = #name_doc]
            pub const fn name(self) -> &'static str {
                match self { #( #ty::#idents => #names, )* }
            }

            #[doc = #label_doc]
            pub const fn label(self) -> &'static str {
                match self { #( #ty::#idents => #labels, )* }
            }

            #[doc = #index_doc]
            pub const fn index(self) -> usize {
                match self { #( #ty::#idents => #indices, )* }
            }

            #[doc = #from_doc]
            pub fn from_name(name: &str) -> ::core::option::Option<Self> {
                match name {
                    #( #names => ::core::option::Option::Some(#ty::#idents), )*
                    _ => ::core::option::Option::None,
                }
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

/// Generates the module for a checked machine.
pub fn generate(m: &Machine, options: &Options) -> TokenStream {
    let module = ident(&crate::check::module_name(&m.named.name));
    let mut machine_doc = doc_or(&m.named.doc, format!("The `{}` state machine.", m.named.name));
    if !m.refs.is_empty() {
        machine_doc.push_str("\n\nSource: ");
        machine_doc.push_str(&m.refs.join("; "));
        machine_doc.push('.');
    }
    machine_doc.push_str("\n\nGenerated by `fsm!` from the spec; see [`DOT`] for its diagram.");
    let machine_doc = doc_attrs(&machine_doc);

    let states = enum_items(EnumSpec {
        name: "State",
        what: "state",
        doc: format!("The states of `{}`.", m.named.name),
        variants: variants(&m.states, |s| &s.named, |s| format!("The `{}` state.", s.named.name)),
    });
    let events = enum_items(EnumSpec {
        name: "Event",
        what: "event",
        doc: format!("The events of `{}`.", m.named.name),
        variants: variants(&m.events, |e| &e.named, |e| format!("The `{}` event.", e.named.name)),
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
    let timer_extras = timer_extras(m);
    let guards_struct = guards_struct(m);
    let vars_struct = vars_struct(m);
    let table = transition_table(m);
    let dispatch = dispatch(m);
    let wrapper = wrapper(m);

    let initial = ident(&m.state(m.initial).named.name);
    let name = &m.named.name;
    let dot = &options.dot;
    let refs = &m.refs;
    let include = options.spec_path.as_ref().map(|p| {
        quote! {
            // Makes Cargo rebuild this crate when the spec changes.
            const _: &str = include_str!(#p);
        }
    });

    quote! {
        #machine_doc
        #[allow(non_camel_case_types, non_snake_case, clippy::all)]
        pub mod #module {
            #include

            /// The machine's name in the spec.
            pub const NAME: &str = #name;
            /// The machine's source references (`ref` items of the spec).
            pub const REFS: &[&str] = &[#(#refs),*];
            /// The state the machine starts in.
            pub const INITIAL: State = State::#initial;
            /// The machine as a Graphviz DOT graph.
            pub const DOT: &str = #dot;

            #states
            #state_extras
            #events
            #actions
            #guards
            #timers
            #timer_extras
            #guards_struct
            #vars_struct
            #table
            #dispatch
            #wrapper
        }
    }
}

fn action_list(m: &Machine, effects: &[Effect]) -> TokenStream {
    let actions = effects.iter().filter_map(|e| match e {
        Effect::Action(a) => Some(ident(&m.action(*a).named.name)),
        _ => None,
    });
    quote! { &[#( Action::#actions ),*] }
}

fn state_extras(m: &Machine) -> TokenStream {
    let idents: Vec<Ident> = m.states.iter().map(|s| ident(&s.named.name)).collect();
    let finals = m.states.iter().map(|s| s.is_final);
    let entries: Vec<TokenStream> = m.states.iter().map(|s| action_list(m, &s.entry)).collect();
    let exits: Vec<TokenStream> = m.states.iter().map(|s| action_list(m, &s.exit)).collect();
    quote! {
        impl State {
            /// Whether the state is final: no transition leaves it.
            pub const fn is_final(self) -> bool {
                match self { #( State::#idents => #finals, )* }
            }

            /// The actions run on entering the state, in order.
            pub const fn entry_actions(self) -> &'static [Action] {
                match self { #( State::#idents => #entries, )* }
            }

            /// The actions run on leaving the state (not by internal transitions), in order.
            pub const fn exit_actions(self) -> &'static [Action] {
                match self { #( State::#idents => #exits, )* }
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

fn literal(var: &ir::Var, value: i64) -> TokenStream {
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
    let rows = m.transitions.iter().map(|t| {
        let sources = t.sources.iter().map(|s| ident(&m.state(*s).named.name));
        let events = t.events.iter().map(|e| ident(&m.event(*e).named.name));
        let guard = if t.guard_text.is_empty() {
            quote! { ::core::option::Option::None }
        } else {
            let g = &t.guard_text;
            quote! { ::core::option::Option::Some(#g) }
        };
        let target = match t.target {
            Some(s) => {
                let s = ident(&m.state(s).named.name);
                quote! { ::core::option::Option::Some(State::#s) }
            }
            None => quote! { ::core::option::Option::None },
        };
        let actions = action_list(m, &t.effects);
        let refs = &t.refs;
        let doc = &t.doc;
        quote! {
            Transition {
                sources: &[#( State::#sources ),*],
                events: &[#( Event::#events ),*],
                guard: #guard,
                target: #target,
                actions: #actions,
                refs: &[#(#refs),*],
                doc: #doc,
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

        /// Every transition of the spec, in spec order; `Outcome::transition` indexes it.
        pub static TRANSITIONS: [Transition; #count] = [#( #rows ),*];
    }
}

fn expr(m: &Machine, e: &ir::Expr) -> TokenStream {
    match e {
        ir::Expr::Const(b) => quote! { #b },
        ir::Expr::Guard(g) => {
            let g = ident(&m.guards[g.0].named.name);
            quote! { guard(Guard::#g) }
        }
        ir::Expr::Var(v) => {
            let v = ident(&m.vars[v.0].named.name);
            quote! { vars.#v }
        }
        ir::Expr::Not(e) => {
            let e = expr(m, e);
            quote! { !(#e) }
        }
        ir::Expr::And(a, b) => {
            let (a, b) = (expr(m, a), expr(m, b));
            quote! { (#a && #b) }
        }
        ir::Expr::Or(a, b) => {
            let (a, b) = (expr(m, a), expr(m, b));
            quote! { (#a || #b) }
        }
        ir::Expr::Cmp(op, a, b) => {
            let operand = |o: &ir::Operand| match *o {
                ir::Operand::Var(v) => {
                    let v = ident(&m.vars[v.0].named.name);
                    quote! { (vars.#v as i64) }
                }
                ir::Operand::Const(c) => {
                    let lit = proc_macro2::Literal::i64_suffixed(c);
                    quote! { #lit }
                }
            };
            let (a, b) = (operand(a), operand(b));
            let op: TokenStream = match op {
                crate::ast::CmpOp::Eq => quote! { == },
                crate::ast::CmpOp::Ne => quote! { != },
                crate::ast::CmpOp::Lt => quote! { < },
                crate::ast::CmpOp::Le => quote! { <= },
                crate::ast::CmpOp::Gt => quote! { > },
                crate::ast::CmpOp::Ge => quote! { >= },
            };
            quote! { (#a #op #b) }
        }
    }
}

fn kind(kind: StepKind) -> TokenStream {
    match kind {
        StepKind::Transition => quote! { Kind::Transition },
        StepKind::Internal => quote! { Kind::Internal },
        StepKind::Ignored => quote! { Kind::Ignored },
        StepKind::Unhandled => quote! { Kind::Unhandled },
    }
}

/// `x += d`, computed in `i64` and kept in the declared range, so that a `Vars` value set by hand
/// out of range cannot make the generated code overflow.
fn add(m: &Machine, v: ir::VarId, d: i64) -> TokenStream {
    let var = &m.vars[v.0];
    let field = ident(&var.named.name);
    let rust = int_type(var.ty);
    let (d, min, max) = (
        proc_macro2::Literal::i64_suffixed(d),
        proc_macro2::Literal::i64_suffixed(var.ty.min()),
        proc_macro2::Literal::i64_suffixed(var.ty.max()),
    );
    quote! { vars.#field = (vars.#field as i64).saturating_add(#d).clamp(#min, #max) as #rust; }
}

/// The body of one arm: apply assignments, return the outcome.
fn take(m: &Machine, source: StateId, t: ir::TransitionId) -> TokenStream {
    let effects = m.effects_of(source, t);
    let transition = m.transition(t);
    let assignments = effects.iter().filter_map(|e| match *e {
        Effect::Action(_) => None,
        Effect::Set(v, x) => {
            let field = ident(&m.vars[v.0].named.name);
            let value = literal(&m.vars[v.0], x);
            Some(quote! { vars.#field = #value; })
        }
        Effect::Add(v, d) => Some(add(m, v, d)),
    });
    let actions = action_list(m, &effects);
    let target = ident(&m.state(transition.target.unwrap_or(source)).named.name);
    let k = kind(if transition.target.is_some() { StepKind::Transition } else { StepKind::Internal });
    let index = proc_macro2::Literal::usize_unsuffixed(t.0);
    quote! {
        #( #assignments )*
        Outcome { kind: #k, target: State::#target, actions: #actions, transition: ::core::option::Option::Some(#index) }
    }
}

fn nothing(k: StepKind) -> TokenStream {
    let k = kind(k);
    quote! { Outcome { kind: #k, target: state, actions: &[], transition: ::core::option::Option::None } }
}

fn dispatch(m: &Machine) -> TokenStream {
    let fallback = m.fallback();
    let mut uses_guard = false;
    let mut uses_vars = false;
    let state_arms = m.states.iter().enumerate().map(|(s, state)| {
        let s = StateId(s);
        let mut arms: Vec<(String, Vec<Ident>, TokenStream)> = Vec::new();
        let mut mentioned = 0;
        for (e, event) in m.events.iter().enumerate() {
            let body = match m.cell(s, ir::EventId(e)) {
                ir::Cell::Unmentioned => continue,
                ir::Cell::Ignored => nothing(StepKind::Ignored),
                ir::Cell::Rules(rules) => {
                    let mut otherwise = None;
                    let mut branches = Vec::new();
                    for &t in rules {
                        match &m.transition(t).condition {
                            Condition::Always => branches.push((None, take(m, s, t))),
                            Condition::When(g) => {
                                let mut gs = Vec::new();
                                let mut vs = Vec::new();
                                g.collect(&mut gs, &mut vs);
                                uses_guard |= !gs.is_empty();
                                uses_vars |= !vs.is_empty();
                                branches.push((Some(expr(m, g)), take(m, s, t)));
                            }
                            Condition::Else => otherwise = otherwise.or(Some(take(m, s, t))),
                        }
                    }
                    let last = otherwise.unwrap_or_else(|| nothing(fallback));
                    let mut body = last;
                    for (condition, arm) in branches.into_iter().rev() {
                        body = match condition {
                            None => arm,
                            Some(c) => quote! { if #c { #arm } else { #body } },
                        };
                    }
                    body
                }
            };
            mentioned += 1;
            // Events with the same outcome share one arm (`Event::A | Event::B => ...`).
            let key = body.to_string();
            let ev = ident(&event.named.name);
            match arms.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, events, _)) => events.push(ev),
                None => arms.push((key, vec![ev], body)),
            }
        }
        let mut arms: Vec<TokenStream> =
            arms.into_iter().map(|(_, events, body)| quote! { #( Event::#events )|* => { #body } }).collect();
        if mentioned < m.events.len() {
            let rest = nothing(fallback);
            arms.push(quote! { _ => #rest });
        }
        let st = ident(&state.named.name);
        quote! { State::#st => match event { #( #arms )* } }
    });
    let state_arms: Vec<TokenStream> = state_arms.collect();
    uses_vars |= m.transitions.iter().any(|t| t.effects.iter().any(|e| !matches!(e, Effect::Action(_))))
        || m.states.iter().any(|s| s.entry.iter().chain(&s.exit).any(|e| !matches!(e, Effect::Action(_))));
    let vars = if uses_vars {
        quote! { vars }
    } else {
        quote! { _vars }
    };
    let guard = if uses_guard {
        quote! { mut guard }
    } else {
        quote! { _guard }
    };
    let initial_assignments = m.state(m.initial).entry.iter().filter_map(|e| match *e {
        Effect::Action(_) => None,
        Effect::Set(v, x) => {
            let field = ident(&m.vars[v.0].named.name);
            let value = literal(&m.vars[v.0], x);
            Some(quote! { vars.#field = #value; })
        }
        Effect::Add(v, d) => Some(add(m, v, d)),
    });
    let initial_assignments: Vec<TokenStream> = initial_assignments.collect();
    let enter_vars = if initial_assignments.is_empty() {
        quote! { _vars }
    } else {
        quote! { vars }
    };
    let initial_actions = action_list(m, &m.state(m.initial).entry);
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

        /// The result of [`dispatch`]: where the machine goes and what it does on the way.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Outcome {
            /// How the event was dealt with.
            pub kind: Kind,
            /// The state after the event (the same state unless a transition was taken).
            pub target: State,
            /// The actions to run, in order: exit, transition, entry.
            pub actions: &'static [Action],
            /// The index in [`TRANSITIONS`] of the transition taken, if any.
            pub transition: ::core::option::Option<usize>,
        }

        /// Enters the initial state: applies its entry assignments to `vars` and returns its entry
        /// actions, in order.
        pub fn enter_initial(#enter_vars: &mut Vars) -> &'static [Action] {
            #( #initial_assignments )*
            #initial_actions
        }

        /// Handles `event` in `state`, asking `guard` for the named guards it needs (and only
        /// those), updating `vars` by the transition's assignments. O(1): a jump on the state,
        /// then on the event; no allocation.
        #[inline]
        pub fn dispatch_with(
            state: State,
            #vars: &mut Vars,
            event: Event,
            #guard: impl FnMut(Guard) -> bool,
        ) -> Outcome {
            match state {
                #( #state_arms, )*
            }
        }

        /// Handles `event` in `state` with the named guards' values in `guards`; see
        /// [`dispatch_with`].
        #[inline]
        pub fn dispatch(state: State, vars: &mut Vars, event: Event, guards: Guards) -> Outcome {
            dispatch_with(state, vars, event, |g| guards.get(g))
        }
    }
}

fn wrapper(m: &Machine) -> TokenStream {
    let guard_default = if m.guards.is_empty() {
        quote! {
            fn guard(&mut self, guard: Guard) -> bool {
                match guard {}
            }
        }
    } else {
        quote! {
            fn guard(&mut self, guard: Guard) -> bool;
        }
    };
    quote! {
        /// What the [`Machine`] wrapper calls: guard values when it needs them, and each action in
        /// order.
        pub trait Hooks {
            /// The value of a named guard for the event being handled.
            #guard_default

            /// Runs one action (timer operations included: see [`Action::starts`]).
            fn action(&mut self, action: Action);
        }

        /// The machine with its current state and variables.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Machine {
            state: State,
            vars: Vars,
        }

        impl Machine {
            /// Starts the machine: enters [`INITIAL`] and runs its entry actions through `hooks`.
            pub fn start<H: Hooks + ?Sized>(hooks: &mut H) -> Self {
                let mut vars = Vars::INITIAL;
                for &action in enter_initial(&mut vars) {
                    hooks.action(action);
                }
                Machine { state: INITIAL, vars }
            }

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

            /// Handles one event: evaluates guards through `hooks`, runs the actions through
            /// `hooks` in order, moves to the target state, and returns what happened.
            pub fn handle<H: Hooks + ?Sized>(&mut self, event: Event, hooks: &mut H) -> Outcome {
                let outcome = dispatch_with(self.state, &mut self.vars, event, |g| hooks.guard(g));
                for &action in outcome.actions {
                    hooks.action(action);
                }
                self.state = outcome.target;
                outcome
            }
        }
    }
}
