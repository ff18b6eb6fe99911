//! The `Hooks` trait and the `Machine` wrapper of a machine whose events carry no data
//! (`input.rs` writes those of a machine whose events do), and the accessors both share.

use super::Tracing;
use crate::ir::Machine;
use proc_macro2::TokenStream;
use quote::quote;

/// The `Hooks` trait and the `Machine` wrapper.
/// `record` runs after the dispatch (see `Options::coverage`); `trace` is what the `tracing`
/// option adds (see `trace.rs`).
pub(super) fn wrapper(m: &Machine, record: &TokenStream, trace: &Tracing) -> TokenStream {
    // A machine without named guards asks for none: its hooks are the actions alone.
    let (guard_hook, guard_arg) = if m.guards.is_empty() {
        (TokenStream::new(), TokenStream::new())
    } else {
        (
            quote! {
                /// The value of a named guard for the event being handled.
                fn guard(&mut self, guard: Guard) -> bool;
            },
            quote! { , |guard| hooks.guard(guard) },
        )
    };
    let (hooks_doc, step_doc) = if m.guards.is_empty() {
        (
            "What the [`Machine`] wrapper calls: each action, in order.",
            "Handles one event: runs its actions through `hooks` in order, moves, and returns what happened.",
        )
    } else {
        (
            "What the [`Machine`] wrapper calls: guard values when it needs them, and each action in\norder.",
            "Handles one event: evaluates guards through `hooks`, runs the actions through\n`hooks` in order, moves to the target state, and returns what happened.",
        )
    };
    let (hooks_doc, step_doc) = (super::doc_attrs(hooks_doc), super::doc_attrs(step_doc));
    let accessors = machine_accessors();
    let (params_arg, start_vars) = start_parts(m);
    let starts = Starts::of(m, false);
    let (start_method, run) = (&starts.method, &starts.run);
    let action = |vars: TokenStream| starts.call(vars, TokenStream::new());
    let Tracing { method: trace_method, start: trace_start, step: trace_step, span: trace_span } = trace;
    let (start_action, step_action) = (action(quote! { &vars }), action(quote! { &self.vars }));
    quote! {
        #hooks_doc
        pub trait Hooks {
            #guard_hook

            /// Runs one action (timer operations included: see [`Action::starts`]).
            fn action(&mut self, action: Action);
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
            /// Starts the machine: enters [`INITIAL`] and runs its entry actions through `hooks`.
            pub fn start<H: Hooks + ?Sized>(#params_arg hooks: &mut H) -> Self {
                let mut vars = #start_vars;
                #trace_start
                for &action in enter_initial(&mut vars) {
                    #start_action
                }
                Machine { state: INITIAL, vars }
            }

            #accessors

            #step_doc
            #[inline]
            pub fn step<H: Hooks + ?Sized>(&mut self, event: Event, hooks: &mut H) -> Step {
                let step = step(self.state, &mut self.vars, event #guard_arg);
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

/// How the `Machine` wrapper hands over a timer's duration. In a machine with a timer whose
/// duration reads variables (`timer A = T1 * 2^n ms;`), `Hooks` gets a `start` method, called
/// for each action that starts a timer with a duration, with the duration for the variables
/// after the step (by default it calls `action`), and the module a function `run` that decides
/// which of the two an action goes to. Any other machine keeps `hooks.action(action)`, and the
/// same code as before durations could read variables.
pub(super) struct Starts {
    /// Whether the machine has such a timer.
    computed: bool,
    /// The whole extra parameter of an action with its event's data (`, input: Option<&mut Input>`)
    /// in a machine whose events carry data.
    input: bool,
    /// `Hooks::start`, or nothing.
    pub(super) method: TokenStream,
    /// The function `run`, or nothing.
    pub(super) run: TokenStream,
}

impl Starts {
    /// For `m`; `input` when its events carry data (the hooks then get the event's `Input`).
    pub(super) fn of(m: &Machine, input: bool) -> Starts {
        let computed = m.timers.iter().any(|t| t.duration.is_some());
        if !computed {
            return Starts { computed, input, method: TokenStream::new(), run: TokenStream::new() };
        }
        let (param, arg) = if input {
            (quote! { , input: Option<&mut Input> }, quote! { , input })
        } else {
            (TokenStream::new(), TokenStream::new())
        };
        let input_doc = if input {
            quote! {
                ///
                /// `input` is as for [`Hooks::action`].
            }
        } else {
            TokenStream::new()
        };
        // A duration that reads the event's data is computed from `input`, which the start
        // of the machine does not have.
        let duration_args = if super::items::durations_read_data(m) {
            quote! { vars, input.as_deref() }
        } else {
            quote! { vars }
        };
        let method = quote! {
            /// Starts `timer` for `duration`, the action `action` that starts it: what the
            /// [`Machine`] calls instead of [`Hooks::action`] for a start of a timer with a
            /// duration, which [`Timer::duration`] gives for the variables after the step. By
            /// default, runs `action` as [`Hooks::action`] does (the hook then finds the duration
            /// itself).
            #input_doc
            fn start(&mut self, action: Action, timer: Timer, duration: ::core::time::Duration #param) {
                let _ = (timer, duration);
                self.action(action #arg);
            }
        };
        let run = quote! {
            /// Runs `action` through `hooks`: a start of a timer with a duration through
            /// [`Hooks::start`], with its duration for `vars`; any other action through
            /// [`Hooks::action`].
            fn run<H: Hooks + ?Sized>(hooks: &mut H, vars: &Vars, action: Action #param) {
                match action.starts().and_then(|timer| Some((timer, timer.duration(#duration_args)?))) {
                    Some((timer, duration)) => hooks.start(action, timer, duration #arg),
                    None => hooks.action(action #arg),
                }
            }
        };
        Starts { computed, input, method, run }
    }

    /// The statement that runs `action` (in scope) through `hooks` (in scope), the variables
    /// being `vars`; `input` the action's extra argument in a machine whose events carry data.
    pub(super) fn call(&self, vars: TokenStream, input: TokenStream) -> TokenStream {
        let input = if self.input {
            quote! { , #input }
        } else {
            TokenStream::new()
        };
        if self.computed {
            quote! { run(hooks, #vars, action #input); }
        } else {
            quote! { hooks.action(action #input); }
        }
    }
}
