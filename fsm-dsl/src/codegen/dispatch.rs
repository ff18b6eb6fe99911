//! The generated `dispatch`: a `match` on the state, then on the event, each arm returning a
//! static outcome. Cells with guards read each named guard once, into a local, and try the
//! transitions as a flat run of `if guard { return ...; }` (no nesting, so a cell with
//! hundreds of guarded transitions stays shallow for rustc), with the `else` transition or the
//! policy's outcome last. Action lists are shared constants; outcomes are built by small const
//! functions, which keeps the token count per cell low for large machines.

use super::{ident, int_type, literal};
use crate::ir::{self, ActionId, Cell, Condition, Effect, EventId, Machine, StateId, StepKind};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Machines with at least this many (state, event) cells dispatch through a table: the cells
/// with one unguarded transition and no assignment (most of a large machine) become fixed-size
/// records in one byte string, and only the others are code. This keeps the generated code, and
/// the time to generate and compile it, small for machines of many thousands of states.
pub const TABLE_CELLS: usize = 2048;

/// Whether `m` is large enough for the table (see [`TABLE_CELLS`]).
pub(super) fn uses_table(m: &Machine) -> bool {
    m.states.len().saturating_mul(m.events.len()) >= TABLE_CELLS
}

// The kinds of a cell in the table.
const KIND_UNHANDLED: usize = 0;
const KIND_IGNORED: usize = 1;
const KIND_TRANSITION: usize = 2;
const KIND_INTERNAL: usize = 3;
/// The cell is decided by code (guards or assignments).
const KIND_CODE: usize = 4;

/// Octets needed to write every number below `count`.
fn width(count: usize) -> usize {
    let mut width = 1;
    while width < 8 && count > 1usize << (8 * width) {
        width += 1;
    }
    width
}

/// The table (`CELLS`, one record per cell: kind, target, action list, transition, each
/// little-endian in the fewest octets that fit) and the code that reads it, which returns
/// the outcome when the record decides it.
fn table_lookup(ctx: &Ctx<'_>, records: &[[usize; 4]]) -> TokenStream {
    let m = ctx.m;
    let widths = [1, width(m.states.len()), width(ctx.lists.len().max(1)), width(m.transitions.len().max(1))];
    let record_width: usize = widths.iter().sum();
    let mut bytes = Vec::with_capacity(records.len() * record_width);
    for record in records {
        for (value, width) in record.iter().zip(widths) {
            bytes.extend_from_slice(&value.to_le_bytes()[..width]);
        }
    }
    let cells = Literal::byte_string(&bytes);
    let lists = (0..ctx.lists.len()).map(|n| format_ident!("ACTIONS_{n}"));
    let [_, ws, wl, wt] = widths.map(Literal::usize_unsuffixed);
    let at_list = Literal::usize_unsuffixed(1 + widths[1]);
    let at_transition = Literal::usize_unsuffixed(1 + widths[1] + widths[2]);
    let record_width = Literal::usize_unsuffixed(record_width);
    let [unhandled, ignored, transition, internal] =
        [KIND_UNHANDLED, KIND_IGNORED, KIND_TRANSITION, KIND_INTERNAL].map(|k| Literal::u8_unsuffixed(k as u8));
    quote! {
        /// One record per (state, event) cell, state by state: kind (0 unhandled, 1 ignored,
        /// 2 transition, 3 internal, 4 decided by the code below), target state, action list,
        /// transition, each little-endian.
        const CELLS: &[u8] = #cells;
        /// The action lists that `CELLS` refers to.
        const LISTS: &[&[Action]] = &[#( #lists ),*];
        /// The number at `at` in a record, `width` octets little-endian.
        #[inline(always)]
        fn field(record: &[u8], at: usize, width: usize) -> usize {
            let mut value = 0usize;
            let mut i = 0;
            while i < width {
                if let Some(&octet) = record.get(at + i) {
                    value |= (octet as usize) << (8 * i);
                }
                i += 1;
            }
            value
        }
        let at = (state as usize * Event::ALL.len() + event as usize) * #record_width;
        if let Some(record) = CELLS.get(at..at + #record_width) {
            let target = match State::ALL.get(field(record, 1, #ws)) {
                Some(&target) => target,
                None => state,
            };
            let actions = match LISTS.get(field(record, #at_list, #wl)) {
                Some(&actions) => actions,
                None => &[],
            };
            let transition = field(record, #at_transition, #wt);
            match record.first() {
                Some(&#unhandled) => return unhandled(state),
                Some(&#ignored) => return ignored(state),
                Some(&#transition) => return to(target, actions, transition),
                Some(&#internal) => return stay(target, actions, transition),
                _ => {}
            }
        }
    }
}

/// Names built once and shared constants collected while generating.
struct Ctx<'m> {
    m: &'m Machine,
    states: Vec<Ident>,
    actions: Vec<Ident>,
    /// Distinct action lists, each a constant `ACTIONS_n`.
    lists: HashMap<Vec<ActionId>, usize>,
    list_items: Vec<TokenStream>,
}

impl Ctx<'_> {
    /// The number of the constant `ACTIONS_n` that holds the actions of `effects`.
    fn list_index(&mut self, effects: &[Effect]) -> usize {
        let ids: Vec<ActionId> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Action(a) => Some(*a),
                _ => None,
            })
            .collect();
        if let Some(&n) = self.lists.get(&ids) {
            return n;
        }
        let n = self.lists.len();
        let name = format_ident!("ACTIONS_{n}");
        let items = ids.iter().map(|a| &self.actions[a.0]);
        self.list_items.push(quote! { const #name: &[Action] = &[#( Action::#items ),*]; });
        self.lists.insert(ids, n);
        n
    }

    fn list(&mut self, effects: &[Effect]) -> Ident {
        format_ident!("ACTIONS_{}", self.list_index(effects))
    }

    /// Assignments then the outcome of taking `t` from `source`.
    fn take(&mut self, source: StateId, t: ir::TransitionId) -> (Vec<TokenStream>, TokenStream) {
        let m = self.m;
        let effects = m.effects_of(source, t);
        let assignments = assignments(m, &effects);
        let list = self.list(&effects);
        let transition = m.transition(t);
        let target = &self.states[transition.target.unwrap_or(source).0];
        let index = Literal::usize_unsuffixed(t.0);
        let outcome = if transition.target.is_some() {
            quote! { to(State::#target, #list, #index) }
        } else {
            quote! { stay(State::#target, #list, #index) }
        };
        (assignments, outcome)
    }
}

fn assignments(m: &Machine, effects: &[Effect]) -> Vec<TokenStream> {
    effects
        .iter()
        .filter_map(|e| match *e {
            Effect::Action(_) => None,
            Effect::Set(v, x) => {
                let field = ident(&m.vars[v.0].named.name);
                let value = literal(&m.vars[v.0], x);
                Some(quote! { vars.#field = #value; })
            }
            Effect::Add(v, d) => {
                // The checker proves that it stays in range; `wrapping_add` only makes sure that
                // a `Vars` value set out of range by hand cannot make this panic on overflow. A
                // step too large for the type can only sit on a transition never taken.
                let var = &m.vars[v.0];
                let field = ident(&var.named.name);
                let rust = int_type(var.ty);
                let d = Literal::i64_suffixed(d);
                Some(quote! { vars.#field = vars.#field.wrapping_add(#d as #rust); })
            }
        })
        .collect()
}

/// A guard expression; named guards are the locals `locals[g]` read at the top of the cell.
fn expr(m: &Machine, e: &ir::Expr, locals: &HashMap<ir::GuardId, Ident>) -> TokenStream {
    match e {
        ir::Expr::Const(b) => quote! { #b },
        ir::Expr::Guard(g) => {
            let local = &locals[g];
            quote! { #local }
        }
        ir::Expr::Var(v) => {
            let v = ident(&m.vars[v.0].named.name);
            quote! { vars.#v }
        }
        ir::Expr::Not(e) => {
            let e = expr(m, e, locals);
            quote! { !(#e) }
        }
        ir::Expr::And(a, b) => {
            let (a, b) = (expr(m, a, locals), expr(m, b, locals));
            quote! { (#a && #b) }
        }
        ir::Expr::Or(a, b) => {
            let (a, b) = (expr(m, a, locals), expr(m, b, locals));
            quote! { (#a || #b) }
        }
        ir::Expr::Cmp(op, a, b) => {
            let operand = |o: &ir::Operand| match *o {
                ir::Operand::Var(v) => {
                    let v = ident(&m.vars[v.0].named.name);
                    quote! { (vars.#v as i64) }
                }
                ir::Operand::Const(c) => {
                    let lit = Literal::i64_suffixed(c);
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

fn nothing(kind: StepKind) -> &'static str {
    match kind {
        StepKind::Ignored => "ignored(state)",
        _ => "unhandled(state)",
    }
}

/// What the generator learned about the machine that decides the function's signature.
#[derive(Default)]
struct Uses {
    guard: bool,
    vars: bool,
}

/// A cell with one unguarded transition and no assignment, the common case: what it does, for
/// the table. `None` for the others.
struct Plain {
    internal: bool,
    target: StateId,
    list: usize,
    transition: usize,
}

fn plain(ctx: &mut Ctx<'_>, s: StateId, rules: &[ir::TransitionId]) -> Option<Plain> {
    let &[t] = rules else { return None };
    let transition = ctx.m.transition(t);
    if transition.condition != Condition::Always {
        return None;
    }
    let effects = ctx.m.effects_of(s, t);
    if effects.iter().any(|e| !matches!(e, Effect::Action(_))) {
        return None;
    }
    let list = ctx.list_index(&effects);
    Some(Plain { internal: transition.target.is_none(), target: transition.target.unwrap_or(s), list, transition: t.0 })
}

/// The text of a plain cell's outcome.
fn simple(ctx: &mut Ctx<'_>, s: StateId, rules: &[ir::TransitionId]) -> Option<String> {
    let p = plain(ctx, s, rules)?;
    let constructor = if p.internal { "stay" } else { "to" };
    Some(format!("{constructor}(State::{}, ACTIONS_{}, {})", ctx.states[p.target.0], p.list, p.transition))
}

/// Reads generated text back as tokens. The text is built from checked identifiers and
/// literals, so it always reads; if it ever did not, the user sees why instead of a panic.
pub(super) fn tokens(text: &str) -> TokenStream {
    match text.parse() {
        Ok(tokens) => tokens,
        Err(error) => {
            let message = format!("internal error in the fsm code generator: {error}");
            quote! { compile_error!(#message); }
        }
    }
}

/// The body of one cell.
fn cell_body(ctx: &mut Ctx<'_>, s: StateId, rules: &[ir::TransitionId], uses: &mut Uses) -> TokenStream {
    let m = ctx.m;
    let mut guards = Vec::new();
    let mut read = Vec::new();
    for &t in rules {
        if let Condition::When(e) = &m.transition(t).condition {
            e.collect(&mut guards, &mut read);
        }
    }
    uses.guard |= !guards.is_empty();
    uses.vars |= !read.is_empty();
    // Each named guard is asked once, so that every test of the cell sees the same value.
    let locals: HashMap<ir::GuardId, Ident> =
        guards.iter().enumerate().map(|(i, g)| (*g, Ident::new(&format!("g{i}"), Span::call_site()))).collect();
    let reads = guards.iter().map(|g| {
        let local = &locals[g];
        let name = ident(&m.guards[g.0].named.name);
        quote! { let #local = guard(Guard::#name); }
    });
    let reads: Vec<TokenStream> = reads.collect();
    let mut tests = Vec::new();
    let mut last = None;
    for &t in rules {
        let (assign, outcome) = ctx.take(s, t);
        uses.vars |= !assign.is_empty();
        match &m.transition(t).condition {
            Condition::Always if assign.is_empty() => last = Some(outcome),
            Condition::Always => last = Some(quote! { { #( #assign )* #outcome } }),
            Condition::Else => last = last.or(Some(quote! { { #( #assign )* #outcome } })),
            Condition::When(e) => {
                let c = expr(m, e, &locals);
                tests.push(quote! { if #c { #( #assign )* return #outcome; } });
            }
        }
    }
    let last = last.unwrap_or_else(|| tokens(nothing(m.fallback())));
    if tests.is_empty() && reads.is_empty() {
        last
    } else {
        quote! { { #( #reads )* #( #tests )* #last } }
    }
}

/// `dispatch`, `dispatch_with`, `enter_initial`, `Kind` and `Outcome`.
pub(super) fn dispatch(m: &Machine) -> TokenStream {
    let mut ctx = Ctx {
        m,
        states: m.states.iter().map(|s| ident(&s.named.name)).collect(),
        actions: m.actions.iter().map(|a| ident(&a.named.name)).collect(),
        lists: HashMap::new(),
        list_items: Vec::new(),
    };
    let events: Vec<Ident> = m.events.iter().map(|e| ident(&e.named.name)).collect();
    let event_names: Vec<String> = events.iter().map(ToString::to_string).collect();
    let mut uses = Uses::default();
    let table = uses_table(m);
    let fallback = if m.fallback() == StepKind::Ignored { KIND_IGNORED } else { KIND_UNHANDLED };
    // The arms are written as text and read back as tokens once: for a machine of many
    // thousands of cells this is several times faster than building each arm with `quote!`.
    let mut arms_text = String::with_capacity(if table { 0 } else { m.states.len() * (16 + m.events.len() * 48) });
    let mut records: Vec<[usize; 4]> = Vec::with_capacity(if table { m.states.len() * m.events.len() } else { 0 });
    for s in (0..m.states.len()).map(StateId) {
        // Events with the same cell (ignored, or the same transitions) share one arm.
        let mut arms: Vec<(&Cell, Vec<&str>, String)> = Vec::new();
        let mut mentioned = 0;
        for (e, event) in event_names.iter().enumerate() {
            let cell = m.cell(s, EventId(e));
            if table {
                let record = match cell {
                    Cell::Unmentioned => [fallback, 0, 0, 0],
                    Cell::Ignored => [KIND_IGNORED, 0, 0, 0],
                    Cell::Rules(rules) => match plain(&mut ctx, s, rules) {
                        Some(p) => {
                            [if p.internal { KIND_INTERNAL } else { KIND_TRANSITION }, p.target.0, p.list, p.transition]
                        }
                        None => {
                            mentioned += 1;
                            arms.push((cell, vec![event], cell_body(&mut ctx, s, rules, &mut uses).to_string()));
                            [KIND_CODE, 0, 0, 0]
                        }
                    },
                };
                records.push(record);
                continue;
            }
            if matches!(cell, Cell::Unmentioned) {
                continue;
            }
            mentioned += 1;
            if let Some((_, same, _)) = arms.iter_mut().find(|(c, _, _)| *c == cell) {
                same.push(event);
                continue;
            }
            let body = match cell {
                Cell::Rules(rules) => match simple(&mut ctx, s, rules) {
                    Some(text) => text,
                    None => cell_body(&mut ctx, s, rules, &mut uses).to_string(),
                },
                _ => "ignored(state)".to_owned(),
            };
            arms.push((cell, vec![event], body));
        }
        if table && arms.is_empty() {
            continue;
        }
        let _ = write!(arms_text, "State::{} => match event {{", ctx.states[s.0]);
        for (_, events, body) in &arms {
            for (i, event) in events.iter().enumerate() {
                let _ = write!(arms_text, "{}Event::{event}", if i == 0 { "" } else { " | " });
            }
            let _ = write!(arms_text, " => {body},");
        }
        if table || mentioned < m.events.len() {
            let _ = write!(arms_text, "_ => {},", nothing(m.fallback()));
        }
        arms_text.push_str("},");
    }
    if table {
        arms_text.push_str("_ => unhandled(state),");
    }
    let state_arms = tokens(&arms_text);
    let entry = &m.state(m.initial).entry;
    let initial_assignments = assignments(m, entry);
    let initial_list = ctx.list(entry);
    uses.vars |= m.transitions.iter().any(|t| t.effects.iter().any(|e| !matches!(e, Effect::Action(_))))
        || m.states.iter().any(|s| s.entry.iter().chain(&s.exit).any(|e| !matches!(e, Effect::Action(_))));
    let vars = if uses.vars {
        quote! { vars }
    } else {
        quote! { _vars }
    };
    let guard = if uses.guard {
        quote! { mut guard }
    } else {
        quote! { _guard }
    };
    let enter_vars = if initial_assignments.is_empty() {
        quote! { _vars }
    } else {
        quote! { vars }
    };
    let lookup = if table { table_lookup(&ctx, &records) } else { TokenStream::new() };
    let lists = &ctx.list_items;
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

        #( #lists )*

        #[allow(dead_code)]
        const fn to(target: State, actions: &'static [Action], index: usize) -> Outcome {
            Outcome { kind: Kind::Transition, target, actions, transition: ::core::option::Option::Some(index) }
        }

        #[allow(dead_code)]
        const fn stay(target: State, actions: &'static [Action], index: usize) -> Outcome {
            Outcome { kind: Kind::Internal, target, actions, transition: ::core::option::Option::Some(index) }
        }

        #[allow(dead_code)]
        const fn ignored(state: State) -> Outcome {
            Outcome { kind: Kind::Ignored, target: state, actions: &[], transition: ::core::option::Option::None }
        }

        #[allow(dead_code)]
        const fn unhandled(state: State) -> Outcome {
            Outcome { kind: Kind::Unhandled, target: state, actions: &[], transition: ::core::option::Option::None }
        }

        /// Enters the initial state: applies its entry assignments to `vars` and returns its entry
        /// actions, in order.
        pub fn enter_initial(#enter_vars: &mut Vars) -> &'static [Action] {
            #( #initial_assignments )*
            #initial_list
        }

        /// Handles `event` in `state`, asking `guard` once for each named guard the state and
        /// event need (and only those), updating `vars` by the transition's assignments. O(1): a
        /// jump on the state, then on the event; no allocation.
        #[inline]
        pub fn dispatch_with(
            state: State,
            #vars: &mut Vars,
            event: Event,
            #guard: impl FnMut(Guard) -> bool,
        ) -> Outcome {
            #lookup
            match state {
                #state_arms
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
/// The `Hooks` trait and the `Machine` wrapper.
pub(super) fn wrapper(m: &Machine) -> TokenStream {
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
