//! The `Hooks` trait and the `Machine` wrapper of a machine whose events carry no data
//! (`input.rs` writes those of a machine whose events do), and the accessors both share.

use crate::ir::Machine;
use proc_macro2::TokenStream;
use quote::quote;

/// The `Hooks` trait and the `Machine` wrapper.
/// `record` runs after the dispatch (see `Options::coverage`).
pub(super) fn wrapper(m: &Machine, record: &TokenStream) -> TokenStream {
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
    let accessors = machine_accessors();
    let (params_arg, start_vars) = start_parts(m);
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
            pub fn start<H: Hooks + ?Sized>(#params_arg hooks: &mut H) -> Self {
                let mut vars = #start_vars;
                for &action in enter_initial(&mut vars) {
                    hooks.action(action);
                }
                Machine { state: INITIAL, vars }
            }

            #accessors

            /// Handles one event: evaluates guards through `hooks`, runs the actions through
            /// `hooks` in order, moves to the target state, and returns what happened.
            #[inline]
            pub fn step<H: Hooks + ?Sized>(&mut self, event: Event, hooks: &mut H) -> Step {
                let step = step(self.state, &mut self.vars, event, |guard| hooks.guard(guard));
                #record
                for &action in step.actions {
                    hooks.action(action);
                }
                self.state = step.target;
                step
            }
        }
    }
}

/// The parameter of `Machine::start` (`params: Params,`, for a machine with parameters) and
/// the variables it starts with.
pub(super) fn start_parts(m: &Machine) -> (TokenStream, TokenStream) {
    if m.vars.iter().any(|v| v.param) {
        (quote! { params: Params, }, quote! { Vars::with(params) })
    } else {
        (TokenStream::new(), quote! { Vars::INITIAL })
    }
}

/// The `Machine` methods that resume it or read it (`at`, `state`, `vars`): the same whether
/// or not its events carry data.
pub(super) fn machine_accessors() -> TokenStream {
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
