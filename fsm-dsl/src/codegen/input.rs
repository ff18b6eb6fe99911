//! What a machine whose events carry data (`event RcvSegment(Segment);`) adds to its module:
//! the `Input` enum (each event with its data), and a `Hooks` trait and `Machine` wrapper that
//! take an `Input` and show it to the hooks. The fieldless `Event`, the tables and the dispatch
//! are those of every machine: `Input::event` gives the event, a `match` on the discriminant.
//!
//! A machine without data gets none of this, so its generated code does not change.

use super::{doc_attrs, doc_or, ident};
use crate::ir::Machine;
use proc_macro2::{Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::quote;

/// The names of the types the generated module defines: a payload path that starts with one
/// of them means the user's type, so it is written `super::NAME` (see [`payload_type`]).
const MODULE_TYPES: &[&str] = &[
    "State",
    "Event",
    "Input",
    "Action",
    "Guard",
    "Timer",
    "Guards",
    "Vars",
    "Transition",
    "Kind",
    "Step",
    "Hooks",
    "Machine",
];

/// The tokens of a payload type, so that the path means inside the generated module what it
/// means where the module stands (where `fsm!` or the `include!` of the generated file is):
/// the module imports its parent's names (`use super::*`), and a path that starts with `self`,
/// `super` or a name the module defines itself is written from `super`. The text is a path the
/// checker accepted; if it did not read as tokens, the user would see why instead of a panic.
pub(super) fn payload_type(path: &str) -> TokenStream {
    let tokens = super::tokens(path);
    let mut out = Vec::new();
    // Whether the next identifier starts a path: at the start, and after `<` or `,`.
    let mut starts = true;
    let colons =
        || [TokenTree::Punct(Punct::new(':', Spacing::Joint)), TokenTree::Punct(Punct::new(':', Spacing::Alone))];
    for token in tokens {
        match &token {
            TokenTree::Ident(name) if starts => {
                let text = name.to_string();
                if text == "self" {
                    out.push(TokenTree::Ident(Ident::new("super", name.span())));
                } else {
                    if text == "super" || MODULE_TYPES.contains(&text.as_str()) {
                        out.push(TokenTree::Ident(Ident::new("super", Span::call_site())));
                        out.extend(colons());
                    }
                    out.push(token.clone());
                }
                starts = false;
            }
            TokenTree::Punct(p) => {
                starts = matches!(p.as_char(), '<' | ',');
                out.push(token.clone());
            }
            TokenTree::Group(g) => {
                out.push(TokenTree::Group(Group::new(g.delimiter(), payload_type(&g.stream().to_string()))));
                starts = false;
            }
            _ => {
                out.push(token.clone());
                starts = false;
            }
        }
    }
    out.into_iter().collect()
}

/// The `Input` enum, `Input::event`, and the conversions between `Input` and `Event`.
pub(super) fn input_items(m: &Machine) -> TokenStream {
    let name = &m.named.name;
    let doc = doc_attrs(&format!(
        "The events of `{name}` with the data they carry: what [`Machine::step`] takes. \
         [`Input::event`] gives the [`Event`] without its data, which the tables and [`step`] use.\n\n\
         It derives nothing, so that its data need not be `Clone`, `Copy` or `Debug`; its `Debug` \
         shows the event and hides the data."
    ));
    let mut variants = Vec::new();
    let mut to_event = Vec::new();
    let mut from_event = Vec::new();
    let mut debug = Vec::new();
    for e in &m.events {
        let v = ident(&e.named.name);
        let docs = doc_attrs(&doc_or(&e.named.doc, format!("The `{}` event.", e.named.name)));
        match &e.payload {
            Some(path) => {
                let ty = payload_type(path);
                let shown = format!("{}(..)", e.named.name);
                variants.push(quote! { #docs #v(#ty), });
                to_event.push(quote! { Input::#v(..) => Event::#v, });
                from_event.push(quote! { Event::#v => ::core::result::Result::Err(event), });
                debug.push(quote! { Input::#v(..) => f.write_str(#shown), });
            }
            None => {
                let shown = e.named.name.clone();
                variants.push(quote! { #docs #v, });
                to_event.push(quote! { Input::#v => Event::#v, });
                from_event.push(quote! { Event::#v => ::core::result::Result::Ok(Input::#v), });
                debug.push(quote! { Input::#v => f.write_str(#shown), });
            }
        }
    }
    quote! {
        #doc
        pub enum Input {
            #( #variants )*
        }

        impl Input {
            /// The event, without its data. O(1).
            #[inline]
            pub const fn event(&self) -> Event {
                match self { #( #to_event )* }
            }
        }

        impl ::core::convert::TryFrom<Event> for Input {
            /// An event that carries data cannot be made without it: it comes back as the error.
            type Error = Event;

            fn try_from(event: Event) -> ::core::result::Result<Input, Event> {
                match event { #( #from_event )* }
            }
        }

        impl ::core::convert::From<&Input> for Event {
            fn from(input: &Input) -> Event {
                input.event()
            }
        }

        impl ::core::fmt::Debug for Input {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self { #( #debug )* }
            }
        }

        impl ::core::fmt::Display for Input {
            /// The event's label, as [`Event`] shows it.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(&self.event(), f)
            }
        }
    }
}

/// The `Hooks` trait and the `Machine` wrapper of a machine whose events carry data: the
/// wrapper takes an `Input`, asks the guards with it, and hands it to each action.
/// `record` runs after the dispatch (see `Options::coverage`); `trace` is what the `tracing`
/// option adds (see `trace.rs`).
pub(super) fn wrapper(m: &Machine, record: &TokenStream, trace: &super::Tracing) -> TokenStream {
    // A machine without named guards asks for none: its hooks are the actions alone.
    let (guard_hook, guard_arg) = if m.guards.is_empty() {
        (TokenStream::new(), TokenStream::new())
    } else {
        (
            quote! {
                /// The value of a named guard for the event being handled, `input` (a guard that
                /// classifies the event's data reads it there).
                fn guard(&mut self, guard: Guard, input: &Input) -> bool;
            },
            quote! { , |guard| hooks.guard(guard, &input) },
        )
    };
    let accessors = super::wrapper::machine_accessors();
    let (params_arg, start_vars) = super::wrapper::start_parts(m);
    let starts = super::wrapper::Starts::of(m, true);
    let (start_method, run) = (&starts.method, &starts.run);
    let start_action = starts.call(quote! { &vars }, quote! { None });
    let step_action = starts.call(quote! { &self.vars }, quote! { Some(&mut input) });
    let super::Tracing { method: trace_method, start: trace_start, step: trace_step, span: trace_span } = trace;
    quote! {
        /// What the [`Machine`] wrapper calls: guard values when it needs them, and each action in
        /// order, each with the event being handled and its data.
        pub trait Hooks {
            #guard_hook

            /// Runs one action (timer operations included: see [`Action::starts`]). `input` is the
            /// event being handled, with its data, which the action may read or take from (it is
            /// dropped after the step); `None` for the initial state's entry actions, which
            /// [`Machine::start`] runs with no event.
            fn action(&mut self, action: Action, input: Option<&mut Input>);
            #start_method
            #trace_method
        }
        #run

        /// The machine with its current state and variables.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Machine {
            state: State,
            vars: Vars,
        }

        impl Machine {
            /// Starts the machine: enters [`INITIAL`] and runs its entry actions through `hooks`
            /// (with no input).
            pub fn start<H: Hooks + ?Sized>(#params_arg hooks: &mut H) -> Self {
                let mut vars = #start_vars;
                #trace_start
                for &action in enter_initial(&mut vars) {
                    #start_action
                }
                Machine { state: INITIAL, vars }
            }

            #accessors

            /// Handles one event with its data: evaluates guards through `hooks` (each sees
            /// `input`), runs the actions through `hooks` in order (each gets `input`), moves to the
            /// target state, and returns what happened. The input is moved in, never copied or
            /// cloned, and dropped at the end of the step.
            #[inline]
            pub fn step<H: Hooks + ?Sized>(&mut self, mut input: Input, hooks: &mut H) -> Step {
                let step = step(self.state, &mut self.vars, input.event() #guard_arg);
                #record
                #trace_step
                for &action in step.actions {
                    #step_action
                }
                self.state = step.target;
                step
            }
        }

        #trace_span
    }
}

#[cfg(test)]
mod tests {
    use super::payload_type;

    fn written(path: &str) -> String {
        payload_type(path).to_string().replace(' ', "")
    }

    #[test]
    fn paths_mean_what_they_mean_where_the_module_stands() {
        // Names of the parent come through `use super::*`, absolute paths as they are.
        assert_eq!(written("Segment"), "Segment");
        assert_eq!(written("crate::tcp::Segment"), "crate::tcp::Segment");
        assert_eq!(written("::std::string::String"), "::std::string::String");
        assert_eq!(written("heapless::Vec<u8, 64>"), "heapless::Vec<u8,64>");
        // `self` and `super` are the parent's, one level up from inside the module.
        assert_eq!(written("self::Frame"), "super::Frame");
        assert_eq!(written("super::Shared"), "super::super::Shared");
        // A name the module defines itself would mean the generated item: it is the user's.
        assert_eq!(written("State"), "super::State");
        assert_eq!(written("Vec<State>"), "Vec<super::State>");
        assert_eq!(written("HashMap<Input, super::V>"), "HashMap<super::Input,super::super::V>");
        assert_eq!(written("a::State"), "a::State");
    }
}
