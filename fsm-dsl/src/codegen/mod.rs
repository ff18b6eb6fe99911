//! Checked model to Rust tokens: one module per machine with the `State`, `Event`, `Action`,
//! `Guard` and `Timer` enums (`enums.rs`), what they know of each other and the `Guards` and
//! `Vars` structs (`items.rs`; `Guard` and `Guards` only in a machine with named guards), the transition table as static data when asked for (`table.rs`:
//! the `transitions` option, or `tracing`), the DOT text,
//! the `step` function (`dispatch.rs`: a `match`, O(1), no allocation) and a small `Machine`
//! wrapper that calls user hooks (`wrapper.rs`, or `input.rs` when events carry data).
//!
//! The module reads as code a person would write, the way `cargo expand` shows it: small
//! machines' `TRANSITIONS` rows as builder calls that name each value (`Transition::on(..)
//! .to(..).refs(..)`) and the step a `match` with its action lists
//! written in place (a large machine's interned once, `lists.rs`: `ACTIONS_n`, which its rows
//! share), variables compared and assigned in their own types (`values.rs`), no helper, import
//! or variant that nothing uses (an action that a timer implies and nothing runs is left out:
//! see `declared_actions`), and lints allowed by name, each with its reason: the spec's names
//! (`OKAY_Pending`, `NumDWA`, `DWA`) are the RFCs' own, not Rust's style. Closures in the
//! generated code bind names the DSL keeps as keywords (`|guard|`, `|var|`, `|action|`), which
//! no variant can have: a binding named like a variant of its enum is rustc's deny-by-default
//! `bindings_with_variant_name`. It compiles without warnings under `#![deny(warnings,
//! missing_docs)]`, and the specs' files (`generated/`) pass `cargo clippy -- -D warnings`
//! (`tests/it/generated_modules.rs` includes every one, and a spec of one-letter names).

mod bare;
mod dispatch;
mod enums;
mod input;
mod items;
mod lists;
mod packed;
#[cfg(feature = "serde")]
mod snapshot;
#[cfg(feature = "transitions")]
mod table;
#[cfg(feature = "tracing")]
mod trace;
mod values;
mod wrapper;

pub use dispatch::TABLE_CELLS;

use crate::ir::{Effect, Machine};
use enums::{EnumSpec, enum_items, variants};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

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
    /// `Machine::step` calls with the machine's `NAME` and the index of each transition it
    /// takes among the spec's transitions, in spec order: transition coverage
    /// (`fsm!("spec.fsm", coverage = crate::coverage::record)`). `None`, the default, generates
    /// no call at all: the module is the same, token for token, as without the option. The
    /// free function `step` never records, so a runtime can probe the machine without the
    /// probe counting.
    pub coverage: Option<TokenStream>,
    /// Absolute path of an SVG drawing of the machine (`generated/NAME.svg`), shown in the
    /// module's documentation: emitted as `#[doc = include_str!(..)]` between `<div>` and
    /// `</div>`, which rustdoc passes through as HTML, so `cargo doc` needs no network and the
    /// expansion spawns nothing. `None` leaves the documentation without it.
    pub diagram: Option<String>,
    /// Whether `Machine::start` and `Machine::step` emit a `tracing` event each (target
    /// `fsm::MODULE`, level DEBUG; fields `machine`, `instance`, `from`, `event`, `to`, `kind`,
    /// `transition`, `refs`), in the span current where they are called, and `Hooks` gets
    /// `instance`, the id the events carry (`fsm!("spec.fsm", tracing)`). The generated code
    /// names `::tracing`: the crate that uses it depends on `tracing` 0.1. `false`, the
    /// default, generates no call at all: the module is the same, token for token, as without
    /// the option. The free function `step` never emits, like it never records coverage.
    /// Generated with the `tracing` feature; without it, `true` is a `compile_error!` in the
    /// module that names the feature.
    pub tracing: bool,
    /// Whether the module has a `Snapshot` of a machine by names, `Machine::snapshot`,
    /// `Machine::restore` and `Machine::restore_with` (a migration from an older spec), and
    /// `SCHEMA` and `VERSION`, the spec's states, variables and timers and their hash
    /// (`fsm!("spec.fsm", serde)`). The generated code names `::serde` (the crate that uses it
    /// depends on `serde` with `derive`) and `alloc`. `false`, the default, generates nothing:
    /// the module is the same, token for token, as without the option. Generated with the
    /// `serde` feature; without it, `true` is a `compile_error!` in the module that names it.
    pub serde: bool,
    /// Whether the module has `TRANSITIONS`, every transition of the spec as static data
    /// (sources, events, guard text, target, actions, refs, doc), its `Transition` type, and
    /// `State::entry_actions` and `exit_actions` (`fsm!("spec.fsm", transitions)`), for code
    /// that reads the machine's structure at run time. `tracing` brings `TRANSITIONS` too (its
    /// events carry the transition's refs). `false`, the default, leaves them out: the steps
    /// list the actions they run, and the tools read the spec itself. Generated with the
    /// `transitions` feature; without it, `true` is a `compile_error!` in the module that
    /// names it.
    pub transitions: bool,
    /// The model is a skeleton of a spec with errors (`check::skeleton`): every action it
    /// declares is kept, run by something or not, so that code using the module sees the
    /// spec's errors and not a cascade of missing names.
    pub skeleton: bool,
}

/// The tokens tracing adds to the wrapper, each empty when the option is off.
#[derive(Default)]
struct Tracing {
    /// `Hooks::instance`, with its default.
    method: TokenStream,
    /// The event of `Machine::start`, before the initial state's entry actions.
    start: TokenStream,
    /// The event of `Machine::step`, after the dispatch and before the step's actions.
    step: TokenStream,
    /// The module's `span`: the span of one instance of the machine.
    span: TokenStream,
}

/// An option asked of a build without the generator: a `compile_error!` in the module that
/// names the feature, so that the option is never left out in silence.
#[cfg(not(all(feature = "transitions", feature = "tracing", feature = "serde")))]
fn needs_feature(option: &str) -> TokenStream {
    let message = format!(
        "the `{option}` option needs the `{option}` feature of fsm-dsl (for `fsm!`, of fsm-macros: `features = [\"{option}\"]`)"
    );
    quote! { compile_error!(#message); }
}

/// `TRANSITIONS` and its `Transition` type (see [`Options::transitions`]), which `tracing`
/// needs too.
#[cfg(feature = "transitions")]
fn transition_table(m: &Machine, lists: &mut lists::ActionLists, _options: &Options) -> TokenStream {
    table::transition_table(m, lists)
}

#[cfg(not(feature = "transitions"))]
fn transition_table(_: &Machine, _: &mut lists::ActionLists, options: &Options) -> TokenStream {
    // `tracing` without the feature says so itself (in `tracing`).
    if options.transitions { needs_feature("transitions") } else { TokenStream::new() }
}

/// The tracing parts of the wrapper (see [`Options::tracing`]).
#[cfg(feature = "tracing")]
fn tracing(m: &Machine, on: bool, event: &TokenStream) -> Tracing {
    trace::tracing(m, on, event)
}

#[cfg(not(feature = "tracing"))]
fn tracing(_: &Machine, on: bool, _: &TokenStream) -> Tracing {
    Tracing { span: if on { needs_feature("tracing") } else { TokenStream::new() }, ..Tracing::default() }
}

/// The snapshot of a machine (see [`Options::serde`]).
#[cfg(feature = "serde")]
fn snapshot(m: &Machine, on: bool) -> TokenStream {
    snapshot::snapshot(m, on)
}

#[cfg(not(feature = "serde"))]
fn snapshot(_: &Machine, on: bool) -> TokenStream {
    if on { needs_feature("serde") } else { TokenStream::new() }
}

/// Whether `m` is large enough for its module to be written compactly: `TRANSITIONS` rows
/// packed in integers (see `table.rs`), the enums' variants documented only by what the spec
/// says of them, and per-state tables as digits. Small machines' modules read as a person
/// would write them.
fn large(m: &Machine) -> bool {
    !named(m)
}

/// Machines with at most this many transitions (and fewer than [`TABLE_CELLS`] cells) write
/// their `TRANSITIONS` rows as builder calls that name each value. Each such row costs rustc a
/// few milliseconds more than a compact one (roughly, from hand-timed debug builds on a loaded
/// machine: 200 states and 2,000 transitions took 8.6 to 8.9 s with rows written as struct
/// literals, 3.6 to 3.7 s compact), which is nothing for a protocol's few dozen rows (the
/// largest spec here has 46) and too much for thousands. Builder
/// calls cost rustc no more than struct literals: a module of 256 such rows (16 states, 16
/// events) built in 0.18 to 0.20 s either way (`rustc --crate-type lib`, debug, three runs).
pub(super) const NAMED_ROWS: usize = 256;

/// Whether `m`'s rows are written as builder calls (see [`NAMED_ROWS`]).
pub(super) fn named(m: &Machine) -> bool {
    m.transitions.len() <= NAMED_ROWS && !dispatch::uses_table(m)
}

/// The identifier of a name (see [`crate::naming::rust_ident`]).
pub fn ident(name: &str) -> Ident {
    // A checked name is nearly always its own identifier: no copy to make for it.
    if crate::naming::is_own_ident(name) {
        Ident::new(name, Span::call_site())
    } else {
        Ident::new(&crate::naming::rust_ident(name), Span::call_site())
    }
}

fn doc_or(doc: &str, fallback: String) -> String {
    if doc.trim().is_empty() { fallback } else { doc.to_owned() }
}

/// Doc attributes, one per line so that rustdoc sees the spec's Markdown as written.
fn doc_attrs(doc: &str) -> TokenStream {
    let lines = doc.lines().map(|l| format!(" {l}"));
    quote! { #( #[doc = #lines] )* }
}

/// What `Machine::step` runs after the dispatch when coverage is on: the recorder called with
/// the machine's name and the transition taken; nothing at all when it is off.
fn record_call(m: &Machine, recorder: Option<&TokenStream>) -> TokenStream {
    // The index's type is the smallest that holds it: `u32` for a machine of more than 65,536
    // transitions, which `usize::from` does not take.
    let index = if dispatch::transition_type(m) == "u32" {
        quote! { transition as usize }
    } else {
        quote! { usize::from(transition) }
    };
    match recorder {
        Some(recorder) => quote! {
            if let Some(transition) = step.transition {
                #recorder(NAME, #index);
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

    let large = large(m);
    let declared = declared_actions(m, options.skeleton);
    let (state_tables, state_methods) = items::state_extras(m, options.transitions);
    let links = items::timer_links(m, &declared);
    let states = enum_items(EnumSpec {
        name: "State",
        what: "state",
        doc: format!("The states of `{}`.", m.named.name),
        variants: variants(&m.states, large, |s| &s.named, |s| format!("The `{}` state.", s.named.name)),
        methods: state_methods,
    });
    let mut event_variants = variants(&m.events, large, |e| &e.named, |e| format!("The `{}` event.", e.named.name));
    for (variant, event) in event_variants.iter_mut().zip(&m.events) {
        if let Some(ty) = &event.payload {
            if !variant.3.is_empty() {
                variant.3.push_str("\n\n");
            }
            variant.3.push_str(&format!("Carries a `{ty}`: see [`Input::{}`].", event.named.name));
        }
    }
    let events = enum_items(EnumSpec {
        name: "Event",
        what: "event",
        doc: format!("The events of `{}`.", m.named.name),
        variants: event_variants,
        methods: links.event,
    });
    let mut action_variants = variants(&m.actions, large, |a| &a.named, |a| format!("The `{}` action.", a.named.name));
    let mut is_declared = declared.iter();
    action_variants.retain(|_| is_declared.next().copied().unwrap_or(true));
    let actions = enum_items(EnumSpec {
        name: "Action",
        what: "action",
        doc: actions_doc(m),
        variants: action_variants,
        methods: links.action,
    });
    // A machine without named guards has no `Guard` (nor `Guards`): nothing asks for one.
    let guards = (!m.guards.is_empty()).then(|| {
        enum_items(EnumSpec {
            name: "Guard",
            what: "guard",
            doc: format!("The named guards of `{}`: conditions the user computes when an event arrives.", m.named.name),
            variants: variants(&m.guards, large, |g| &g.named, |g| format!("The `{}` guard.", g.named.name)),
            methods: TokenStream::new(),
        })
    });
    let timers = enum_items(EnumSpec {
        name: "Timer",
        what: "timer",
        doc: format!("The timers of `{}`.", m.named.name),
        variants: variants(&m.timers, large, |t| &t.named, |t| format!("The `{}` timer.", t.named.name)),
        methods: links.timer,
    });

    let superstates = items::superstate_items(m);
    let guards_struct = items::guards_struct(m);
    let vars_struct = items::vars_struct(m);
    // One interner of action lists for the dispatch's effects and the table's rows.
    let mut lists = lists::ActionLists::new();
    let dispatch = dispatch::dispatch(m, &mut lists);
    let table = (options.transitions || options.tracing).then(|| transition_table(m, &mut lists, options));
    let lists = lists.items();
    let record = record_call(m, options.coverage.as_ref());
    // Events with data bring the `Input` enum, and hooks that see it.
    let (input, wrapper, parent) = if m.has_payloads() {
        let parent = quote! {
            // `Option`, `Some` and `None` are the prelude's whatever the glob brings.
            use ::core::option::Option::{self, None, Some};
            // The data types are named as where the module stands. Whether the glob brings
            // one of them (or only `u32` and `crate::` paths) is not known here.
            #[allow(unused_imports, reason = "the events' data types may need none of its names")]
            use super::*;
        };
        let trace = tracing(m, options.tracing, &quote! { input.event() });
        (input::input_items(m), input::wrapper(m, &record, &trace), parent)
    } else {
        let trace = tracing(m, options.tracing, &quote! { event });
        (TokenStream::new(), wrapper::wrapper(m, &record, &trace), TokenStream::new())
    };

    let snapshot = snapshot(m, options.serde);

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
        #[allow(
            non_camel_case_types,
            non_snake_case,
            clippy::upper_case_acronyms,
            reason = "the spec keeps its RFC's names"
        )]
        pub mod #module {
            #include
            #parent

            /// The machine's name in the spec.
            pub const NAME: &str = #name;
            /// The machine's source references (`ref` items of the spec).
            pub const REFS: &[&str] = &[#(#refs),*];
            /// The state the machine starts in.
            pub const INITIAL: State = State::#initial;
            #dot

            #states
            #state_tables
            #superstates
            #events
            #input
            #actions
            #guards
            #timers
            #guards_struct
            #vars_struct
            #table
            #lists
            #dispatch
            #wrapper
            #snapshot
        }
    }
}

/// The doc of the `Action` enum: what it holds, and the spec's effect groups with their effects
/// (a step returns a group's actions in its place, among the others).
fn actions_doc(m: &Machine) -> String {
    let mut doc = format!("The actions of `{}`, timer operations included.", m.named.name);
    if !m.groups.is_empty() {
        doc.push_str("\n\nThe spec's effect groups, each run in its place where an effect list names it:\n");
        for g in &m.groups {
            let effects: Vec<String> = g.effects.iter().map(|e| format!("`{}`", m.effect_text(e))).collect();
            let label = g.named.label.as_deref().map_or(String::new(), |l| format!(" ({l})"));
            let about =
                if g.named.doc.is_empty() { String::new() } else { format!(" {}", g.named.doc.replace('\n', " ")) };
            doc.push_str(&format!("\n- `{}`{label}: {}.{about}", g.named.name, effects.join(", ")));
        }
    }
    doc
}

/// The actions among `effects`, as a slice expression: `&[Action::A, Action::B]`.
fn action_list(m: &Machine, effects: &[Effect]) -> TokenStream {
    let actions = effects.iter().filter_map(|e| match e {
        Effect::Action(a) => Some(ident(&m.action(*a).named.name)),
        _ => None,
    });
    quote! { &[#( Action::#actions ),*] }
}

/// Which actions the `Action` enum has, indexed by `ActionId`: every action the spec declares,
/// and a timer's implied `StartT` / `StopT` only if something runs it (the watchdog's `timer
/// Tw` implies `StopTw`, which no row of RFC 3539 Appendix A runs: a variant no step can
/// return would be API that means nothing). A skeleton keeps them all (see
/// [`Options::skeleton`]).
fn declared_actions(m: &Machine, skeleton: bool) -> Vec<bool> {
    m.shown_actions().into_iter().map(|shown| skeleton || shown).collect()
}

/// Reads generated text back as tokens. The text is built from checked identifiers and
/// literals, so it always reads; if it ever did not, the user sees why instead of a panic.
fn tokens(text: &str) -> TokenStream {
    match text.parse() {
        Ok(tokens) => tokens,
        Err(error) => {
            let message = format!("internal error in the fsm code generator: {error}");
            quote! { compile_error!(#message); }
        }
    }
}

#[cfg(test)]
mod tests {
    // The code generator of a build without some of the options' generators (fsm-dsl's own
    // features): an option asked of it is an error in the module that names the feature.
    #[cfg(not(all(feature = "transitions", feature = "tracing", feature = "serde")))]
    #[test]
    fn an_option_without_its_generator_is_a_compile_error_in_the_module() {
        use super::{Options, generate};
        let compiled = crate::compile("machine Door { initial state Shut; event Push; Shut -> Shut on Push; }");
        let m = compiled.machine.expect("a machine");
        let asked = [
            (cfg!(feature = "transitions"), "transitions", Options { transitions: true, ..Options::default() }),
            (cfg!(feature = "tracing"), "tracing", Options { tracing: true, ..Options::default() }),
            (cfg!(feature = "serde"), "serde", Options { serde: true, ..Options::default() }),
        ];
        for (_, option, options) in asked.into_iter().filter(|(built, ..)| !built) {
            let out = generate(&m, &options).to_string();
            let needs = format!("the `{option}` option needs the `{option}` feature of fsm-dsl");
            assert_eq!(out.matches("compile_error").count(), 1, "{out}");
            assert!(out.contains(&needs), "{out}");
        }
    }
}
