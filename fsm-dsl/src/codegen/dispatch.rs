//! The generated dispatch. Every (state, event) cell is one entry of two dense tables, read by
//! `step_with`: the target state, and an *effect*, a small number that names what the step
//! does (its action list and the transition taken; 0 is "unhandled", 1 "ignored"). A step is
//! then two loads and no branch, whatever the machine's size. Cells that need code (guards or
//! variable assignments) are marked in the table and decided by a `match` on the state, then
//! on the event, where each named guard is read once, into a local, and the transitions are
//! tried as a flat run of `if guard { return ...; }` (no nesting, so a cell with hundreds of
//! guarded transitions stays shallow for rustc), with the `else` transition or the policy's
//! outcome last. The lean `Step` (the target and the effect, a few octets) is what the hot
//! path returns; `Outcome` (kind, actions, transition index) is derived from it on request.

use super::{ident, int_type, literal};
use crate::ir::{self, ActionId, Cell, Condition, Effect, EventId, Machine, StateId, StepKind};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};
use rustc_hash::FxHashMap as HashMap;
use std::fmt::Write as _;

/// Machines with at least this many (state, event) cells are "large": their `TRANSITIONS`
/// rows are written in a compact form, which keeps the generated code, and the time to
/// generate and compile it, small for machines of many thousands of states.
pub const TABLE_CELLS: usize = 2048;

/// Whether `m` is large (see [`TABLE_CELLS`]).
pub(super) fn uses_table(m: &Machine) -> bool {
    m.states.len().saturating_mul(m.events.len()) >= TABLE_CELLS
}

/// The effect of a cell that nothing handles.
const EFFECT_UNHANDLED: usize = 0;
/// The effect of an ignored cell.
const EFFECT_IGNORED: usize = 1;

/// Octets needed to write every number below `count`.
fn width(count: usize) -> usize {
    let mut width = 1;
    while width < 8 && count > 1usize << (8 * width) {
        width += 1;
    }
    width
}

/// The smallest unsigned type that holds every number below `count`.
fn index_type(count: usize) -> Ident {
    let name = if count <= 1 << 8 {
        "u8"
    } else if count <= 1 << 16 {
        "u16"
    } else {
        "u32"
    };
    Ident::new(name, Span::call_site())
}

/// Names built once and shared constants collected while generating.
struct Ctx<'m> {
    m: &'m Machine,
    states: Vec<Ident>,
    actions: Vec<Ident>,
    /// Distinct action lists, each a constant `ACTIONS_n`.
    lists: HashMap<Vec<ActionId>, usize>,
    list_items: Vec<TokenStream>,
    /// Distinct effects (action list, transition taken), numbered from 2.
    effects: HashMap<(usize, usize), usize>,
    /// The action list and the transition of each effect, by number (the first two unused).
    effect_rows: Vec<(usize, usize)>,
    /// Scratch for an action list being looked up, so that only new lists allocate.
    scratch: Vec<ActionId>,
}

impl Ctx<'_> {
    /// The number of the constant `ACTIONS_n` that holds the actions of `effects`.
    fn list_index(&mut self, effects: &[Effect]) -> usize {
        self.list_index_of(&[effects])
    }

    /// [`Ctx::list_index`] of the effects of `parts` one after the other.
    fn list_index_of(&mut self, parts: &[&[Effect]]) -> usize {
        self.scratch.clear();
        self.scratch.extend(parts.iter().flat_map(|p| p.iter()).filter_map(|e| match e {
            Effect::Action(a) => Some(*a),
            _ => None,
        }));
        if let Some(&n) = self.lists.get(self.scratch.as_slice()) {
            return n;
        }
        let ids = self.scratch.clone();
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

    /// The number of the effect "run the actions of `effects`, transition `t` taken".
    fn effect(&mut self, effects: &[Effect], t: ir::TransitionId) -> usize {
        self.effect_of(&[effects], t)
    }

    /// [`Ctx::effect`] of the effects of `parts` one after the other.
    fn effect_of(&mut self, parts: &[&[Effect]], t: ir::TransitionId) -> usize {
        let list = self.list_index_of(parts);
        let next = self.effect_rows.len();
        let n = *self.effects.entry((list, t.0)).or_insert(next);
        if n == next {
            self.effect_rows.push((list, t.0));
        }
        n
    }

    /// Assignments then the step of taking `t` from `source`.
    fn take(&mut self, source: StateId, t: ir::TransitionId) -> (Vec<TokenStream>, TokenStream) {
        let m = self.m;
        let effects = m.effects_of(source, t);
        let assignments = assignments(m, &effects);
        let effect = Literal::usize_unsuffixed(self.effect(&effects, t));
        let target = &self.states[m.transition(t).target.unwrap_or(source).0];
        (assignments, quote! { Step { target: State::#target, effect: #effect } })
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

/// The step of a cell with no transition to take.
fn nothing(kind: StepKind) -> &'static str {
    match kind {
        StepKind::Ignored => "ignored(state)",
        _ => "unhandled(state)",
    }
}

/// The effect number of [`nothing`].
fn nothing_effect(kind: StepKind) -> usize {
    match kind {
        StepKind::Ignored => EFFECT_IGNORED,
        _ => EFFECT_UNHANDLED,
    }
}

/// What the generator learned about the machine that decides the function's signature.
#[derive(Default)]
struct Uses {
    guard: bool,
    vars: bool,
}

/// A cell with one unguarded transition and no assignment, the common case: its target and
/// effect, for the table. `None` for the others, which need code.
fn plain(ctx: &mut Ctx<'_>, s: StateId, rules: &[ir::TransitionId]) -> Option<(StateId, usize)> {
    let &[t] = rules else { return None };
    let transition = ctx.m.transition(t);
    if transition.condition != Condition::Always {
        return None;
    }
    // The effects of `ir::Machine::effects_of`, read in place: this runs for every cell.
    let m = ctx.m;
    let parts: [&[Effect]; 3] = match transition.target {
        None => [&[], &transition.effects, &[]],
        Some(target) => [&m.state(s).exit, &transition.effects, &m.state(target).entry],
    };
    if parts.iter().flat_map(|p| p.iter()).any(|e| !matches!(e, Effect::Action(_))) {
        return None;
    }
    Some((transition.target.unwrap_or(s), ctx.effect_of(&parts, t)))
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

/// The body of one cell that needs code.
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

/// The tables of every cell, and the `match` of the cells that need code (empty if none).
struct Cells {
    /// With the table, each cell's target and effect, state by state (`None` for code cells).
    records: Vec<(usize, Option<usize>)>,
    /// The arms of `decide`, as text.
    arms: String,
    /// Whether any cell needs code.
    any_code: bool,
    /// The number of states with an arm in `arms`.
    states_with_arms: usize,
}

/// Collects the table's records (with the table) and writes the `match` arms: of the cells
/// that need code with the table, of every cell without.
fn cells(ctx: &mut Ctx<'_>, uses: &mut Uses, table: bool) -> Cells {
    let m = ctx.m;
    let event_names: Vec<String> = m.events.iter().map(|e| ident(&e.named.name).to_string()).collect();
    let fallback = nothing_effect(m.fallback());
    let cells = m.states.len() * m.events.len();
    let mut out = Cells {
        records: Vec::with_capacity(if table { cells } else { 0 }),
        arms: String::new(),
        any_code: false,
        states_with_arms: 0,
    };
    for s in (0..m.states.len()).map(StateId) {
        let state = ctx.states[s.0].clone();
        // Events whose cells need the same code share one arm.
        let mut arms: Vec<(&Cell, Vec<&str>, String)> = Vec::new();
        for (e, event) in event_names.iter().enumerate() {
            let cell = m.cell(s, EventId(e));
            let (target, effect) = match cell {
                Cell::Unmentioned => (s, Some(fallback)),
                Cell::Ignored if !table => {
                    if let Some((_, same, _)) = arms.iter_mut().find(|(c, _, _)| *c == cell) {
                        same.push(event);
                    } else {
                        arms.push((cell, vec![event], "ignored(state)".to_owned()));
                    }
                    (s, Some(EFFECT_IGNORED))
                }
                Cell::Ignored => (s, Some(EFFECT_IGNORED)),
                Cell::Rules(rules) => match plain(ctx, s, rules) {
                    Some((target, effect)) if table => (target, Some(effect)),
                    Some((target, effect)) => {
                        if let Some((_, same, _)) = arms.iter_mut().find(|(c, _, _)| *c == cell) {
                            same.push(event);
                        } else {
                            let body = format!("Step {{ target: State::{}, effect: {effect} }}", ctx.states[target.0]);
                            arms.push((cell, vec![event], body));
                        }
                        (target, Some(effect))
                    }
                    None => {
                        if let Some((_, same, _)) = arms.iter_mut().find(|(c, _, _)| *c == cell) {
                            same.push(event);
                        } else {
                            arms.push((cell, vec![event], cell_body(ctx, s, rules, uses).to_string()));
                        }
                        (s, None)
                    }
                },
            };
            if table {
                out.records.push((target.0, effect));
            }
        }
        if arms.is_empty() {
            continue;
        }
        out.any_code = true;
        let _ = write!(out.arms, "State::{state} => match event {{");
        for (_, events, body) in &arms {
            for (i, event) in events.iter().enumerate() {
                let _ = write!(out.arms, "{}Event::{event}", if i == 0 { "" } else { " | " });
            }
            let _ = write!(out.arms, " => {body},");
        }
        // Unmentioned cells (and, with the table, the cells it decides, never asked for here).
        if arms.iter().map(|(_, events, _)| events.len()).sum::<usize>() < m.events.len() {
            let _ = write!(out.arms, "_ => {},", nothing(m.fallback()));
        }
        out.arms.push_str("},");
        out.states_with_arms += 1;
    }
    out
}

/// The body of `Step::for_each_action`. A small machine's is a `match` on the effect, with
/// the calls of each distinct action list written out (effects that share a list share an
/// arm): one jump instead of a loop whose exit the processor must guess, which is what makes
/// a step on unpredictable events as fast as a hand-written `match`. A large machine's is the
/// loop over [`Step::actions`], which keeps its code small.
fn for_each_body(ctx: &Ctx<'_>, table: bool) -> TokenStream {
    if table {
        return quote! {
            for &action in self.actions() {
                f(action);
            }
        };
    }
    let mut lists: Vec<&[ActionId]> = vec![&[]; ctx.lists.len()];
    for (ids, &n) in &ctx.lists {
        lists[n] = ids;
    }
    // The effects of each list, in the order the lists were numbered.
    let mut effects_of: Vec<Vec<usize>> = vec![Vec::new(); lists.len()];
    for (effect, &(list, _)) in ctx.effect_rows.iter().enumerate() {
        effects_of[list].push(effect);
    }
    let arms = lists.iter().zip(&effects_of).filter(|(ids, effects)| !ids.is_empty() && !effects.is_empty()).map(
        |(ids, effects)| {
            let effects = effects.iter().map(|&e| Literal::usize_unsuffixed(e));
            let actions = ids.iter().map(|a| &ctx.actions[a.0]);
            quote! { #( #effects )|* => { #( f(Action::#actions); )* } }
        },
    );
    quote! {
        match self.effect {
            #( #arms )*
            _ => {}
        }
    }
}

/// `Kind`, `Outcome`, `Step`, the tables, `step_with`, `step`, `dispatch_with`, `dispatch` and
/// `enter_initial`.
pub(super) fn dispatch(m: &Machine) -> TokenStream {
    let mut ctx = Ctx {
        m,
        states: m.states.iter().map(|s| ident(&s.named.name)).collect(),
        actions: m.actions.iter().map(|a| ident(&a.named.name)).collect(),
        lists: HashMap::default(),
        list_items: Vec::new(),
        effects: HashMap::default(),
        effect_rows: Vec::new(),
        scratch: Vec::new(),
    };
    // The first two effects do nothing; they have no transition.
    let none = ctx.list_index(&[]);
    ctx.effect_rows.extend([(none, usize::MAX), (none, usize::MAX)]);
    let mut uses = Uses::default();
    let table = uses_table(m);
    let cells = cells(&mut ctx, &mut uses, table);
    // Code cells are marked with the number after the last effect.
    let code = ctx.effect_rows.len();
    let effect_type = index_type(code + 1);
    let transition_type = index_type(m.transitions.len() + 1);
    // What each effect does: small machines have it in two arrays; large ones in one byte
    // string (a handful of tokens however many effects there are), read by `field`.
    let (effect_data, actions_body, transition_body) = if table {
        let widths = [width(ctx.lists.len()), width(m.transitions.len())];
        let mut bytes = Vec::with_capacity(ctx.effect_rows.len() * (widths[0] + widths[1]));
        for &(list, t) in &ctx.effect_rows {
            let t = if t == usize::MAX { 0 } else { t };
            for (value, width) in [list, t].into_iter().zip(widths) {
                bytes.extend_from_slice(&value.to_le_bytes()[..width]);
            }
        }
        let effects = Literal::byte_string(&bytes);
        let lists = (0..ctx.lists.len()).map(|n| format_ident!("ACTIONS_{n}"));
        let list_count = Literal::usize_unsuffixed(ctx.lists.len());
        let [wl, wt] = widths.map(Literal::usize_unsuffixed);
        let record = Literal::usize_unsuffixed(widths[0] + widths[1]);
        (
            quote! {
                /// One record per effect: the index in [`LISTS`] of its actions (exit, transition,
                /// entry), then the index in [`TRANSITIONS`] of its transition, each
                /// little-endian in the fewest octets that fit.
                static EFFECTS: &[u8] = #effects;
                /// The action lists that [`EFFECTS`] refers to.
                static LISTS: [&[Action]; #list_count] = [#( #lists ),*];
                /// The number at `at` in `bytes`, `width` octets little-endian.
                #[inline(always)]
                fn field(bytes: &[u8], at: usize, width: usize) -> usize {
                    let mut value = 0usize;
                    let mut i = 0;
                    while i < width {
                        if let Some(&octet) = bytes.get(at + i) {
                            value |= (octet as usize) << (8 * i);
                        }
                        i += 1;
                    }
                    value
                }
            },
            quote! {
                match LISTS.get(field(EFFECTS, self.effect as usize * #record, #wl)) {
                    Some(&actions) => actions,
                    None => &[],
                }
            },
            quote! { Some(field(EFFECTS, self.effect as usize * #record + #wl, #wt)) },
        )
    } else {
        let mut lists_text = String::with_capacity(ctx.effect_rows.len() * 12);
        let mut transitions_text = String::with_capacity(ctx.effect_rows.len() * 8);
        for &(list, t) in &ctx.effect_rows {
            let _ = write!(lists_text, "ACTIONS_{list},");
            // The first two rows are never read (no transition); the largest value marks them.
            let t = if t == usize::MAX { format!("{transition_type}::MAX") } else { t.to_string() };
            let _ = write!(transitions_text, "{t},");
        }
        let effect_lists = tokens(&lists_text);
        let effect_transitions = tokens(&transitions_text);
        let effect_count = Literal::usize_unsuffixed(ctx.effect_rows.len());
        (
            quote! {
                /// The actions of each effect, in order: exit, transition, entry.
                static EFFECT_ACTIONS: [&[Action]; #effect_count] = [#effect_lists];
                /// The index in [`TRANSITIONS`] of each effect's transition (unused for the first
                /// two).
                static EFFECT_TRANSITION: [#transition_type; #effect_count] = [#effect_transitions];
            },
            quote! {
                match EFFECT_ACTIONS.get(self.effect as usize) {
                    Some(&actions) => actions,
                    None => &[],
                }
            },
            quote! { EFFECT_TRANSITION.get(self.effect as usize).map(|&t| t as usize) },
        )
    };
    let code_literal = Literal::usize_unsuffixed(code);
    let each_body = for_each_body(&ctx, table);

    let entry = &m.state(m.initial).entry;
    let initial_assignments = assignments(m, entry);
    let initial_list = ctx.list(entry);
    let enter_vars = if initial_assignments.is_empty() {
        quote! { _vars }
    } else {
        quote! { vars }
    };
    let (vars, guard) = (
        if uses.vars {
            quote! { vars }
        } else {
            quote! { _vars }
        },
        if uses.guard {
            quote! { mut guard }
        } else {
            quote! { _guard }
        },
    );
    // States with no arm of their own.
    let other_states = if cells.states_with_arms < m.states.len() {
        let fallback = tokens(nothing(m.fallback()));
        quote! { _ => #fallback, }
    } else {
        TokenStream::new()
    };
    let (tables, decide, body, step_vars, step_guard) = if !table {
        // A small machine is one `match`: the compiler sees each cell's step as constants, and
        // where `step` is inlined, the loop over its actions too.
        let arms = tokens(&cells.arms);
        let body = quote! {
            match state {
                #arms
                #other_states
            }
        };
        (TokenStream::new(), TokenStream::new(), body, vars, guard)
    } else {
        let widths = [width(m.states.len()), width(code + 1)];
        let mut bytes = Vec::with_capacity(cells.records.len() * (widths[0] + widths[1]));
        for &(target, effect) in &cells.records {
            for (value, width) in [target, effect.unwrap_or(code)].into_iter().zip(widths) {
                bytes.extend_from_slice(&value.to_le_bytes()[..width]);
            }
        }
        let cell_bytes = Literal::byte_string(&bytes);
        let [ws, we] = widths.map(Literal::usize_unsuffixed);
        let record = Literal::usize_unsuffixed(widths[0] + widths[1]);
        let tables = quote! {
            /// One record per (state, event) cell, state by state, then event by event: the
            /// index in `State::ALL` of the state after the event, then the effect (a row of
            /// [`EFFECTS`]), each little-endian in the fewest octets that fit.
            static CELLS: &[u8] = #cell_bytes;
        };
        let (decide, to_code) = if cells.any_code {
            let arms = tokens(&cells.arms);
            (
                quote! {
                    /// The effect in [`CELLS`] of a cell decided by [`decide`].
                    const BY_CODE: #effect_type = #code_literal;

                    /// The cells that guards or assignments decide.
                    fn decide(
                        state: State,
                        #vars: &mut Vars,
                        event: Event,
                        #guard: impl FnMut(Guard) -> bool,
                    ) -> Step {
                        match state {
                            #arms
                            #other_states
                        }
                    }
                },
                quote! {
                    if effect == BY_CODE {
                        return decide(state, vars, event, guard);
                    }
                },
            )
        } else {
            (TokenStream::new(), TokenStream::new())
        };
        let body = quote! {
            let at = (state.index() * Event::ALL.len() + event.index()) * #record;
            let effect = field(CELLS, at + #ws, #we) as #effect_type;
            #to_code
            match State::ALL.get(field(CELLS, at, #ws)) {
                Some(&target) => Step { target, effect },
                None => unhandled(state),
            }
        };
        let (step_vars, step_guard) =
            if cells.any_code { (quote! { vars }, quote! { guard }) } else { (quote! { _vars }, quote! { _guard }) };
        (tables, decide, body, step_vars, step_guard)
    };
    // A small machine's step compiles to a few instructions (a jump on the state, then the
    // event's bits of a constant): worth inlining into every caller, which lets the compiler
    // unroll the caller's loop over the step's actions. A large machine's is two table reads
    // and a call for the cells that need code.
    let (inline, how) = if table {
        (
            quote! { #[inline] },
            " O(1): two table reads (and, for a cell with guards or assignments, a jump on the state, then on the event); no allocation.",
        )
    } else {
        (quote! { #[inline(always)] }, " O(1): a jump on the state, then on the event; no allocation.")
    };
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

        /// The result of [`dispatch`]: where the machine goes and what it does on the way
        /// ([`Step::outcome`] of a [`Step`]).
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

        /// The result of [`step`]: the state after the event and what to run on the way, in a
        /// few octets (`Copy`, fits in a register). [`Step::actions`], [`Step::kind`],
        /// [`Step::transition`] and [`Step::outcome`] read the rest from static tables.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Step {
            /// The state after the event (the same state unless a transition was taken).
            pub target: State,
            /// What the step does (its actions and transition), a row of a static table: 0 for
            /// an unhandled event, 1 for an ignored one.
            effect: #effect_type,
        }

        #( #lists )*

        #effect_data
        #tables

        #[allow(dead_code)]
        const fn ignored(state: State) -> Step {
            Step { target: state, effect: 1 }
        }

        #[allow(dead_code)]
        const fn unhandled(state: State) -> Step {
            Step { target: state, effect: 0 }
        }

        impl Step {
            /// The actions to run, in order: exit, transition, entry.
            #[inline]
            pub fn actions(self) -> &'static [Action] {
                #actions_body
            }

            /// Calls `f` with each action to run, in order: exit, transition, entry. The same
            /// as a loop over [`Step::actions`]; in a small machine it is written out per
            /// effect, so that where it is inlined the caller's code for each action sits in
            /// place: one jump on the effect, no loop.
            #[inline(always)]
            pub fn for_each_action(self, mut f: impl FnMut(Action)) {
                #each_body
            }

            /// The index in [`TRANSITIONS`] of the transition taken, if any.
            #[inline]
            pub fn transition(self) -> ::core::option::Option<usize> {
                if self.effect < 2 {
                    return None;
                }
                #transition_body
            }

            /// How the event was dealt with.
            pub fn kind(self) -> Kind {
                match self.effect {
                    0 => Kind::Unhandled,
                    1 => Kind::Ignored,
                    _ => match self.transition().and_then(|t| TRANSITIONS.get(t)) {
                        Some(Transition { target: None, .. }) => Kind::Internal,
                        _ => Kind::Transition,
                    },
                }
            }

            /// Everything about the step.
            pub fn outcome(self) -> Outcome {
                Outcome { kind: self.kind(), target: self.target, actions: self.actions(), transition: self.transition() }
            }
        }

        /// Enters the initial state: applies its entry assignments to `vars` and returns its entry
        /// actions, in order.
        pub fn enter_initial(#enter_vars: &mut Vars) -> &'static [Action] {
            #( #initial_assignments )*
            #initial_list
        }

        #decide

        /// Handles `event` in `state`, asking `guard` once for each named guard the state and
        /// event need (and only those), updating `vars` by the transition's assignments.
        #[doc = #how]
        #inline
        pub fn step_with(
            state: State,
            #step_vars: &mut Vars,
            event: Event,
            #step_guard: impl FnMut(Guard) -> bool,
        ) -> Step {
            #body
        }

        /// Handles `event` in `state` with the named guards' values in `guards`; see
        /// [`step_with`].
        #[inline]
        pub fn step(state: State, vars: &mut Vars, event: Event, guards: Guards) -> Step {
            step_with(state, vars, event, |g| guards.get(g))
        }

        /// [`step_with`], with everything about the step: its kind, actions and transition.
        #[inline]
        pub fn dispatch_with(state: State, vars: &mut Vars, event: Event, guard: impl FnMut(Guard) -> bool) -> Outcome {
            step_with(state, vars, event, guard).outcome()
        }

        /// [`step`], with everything about the step: its kind, actions and transition.
        #[inline]
        pub fn dispatch(state: State, vars: &mut Vars, event: Event, guards: Guards) -> Outcome {
            step(state, vars, event, guards).outcome()
        }
    }
}
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
    let accessors = super::machine_accessors();
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

            #accessors

            /// Handles one event: evaluates guards through `hooks`, runs the actions through
            /// `hooks` in order, moves to the target state, and returns what happened.
            pub fn handle<H: Hooks + ?Sized>(&mut self, event: Event, hooks: &mut H) -> Outcome {
                self.step(event, hooks).outcome()
            }

            /// Handles one event like [`Machine::handle`], and returns the lean [`Step`].
            #[inline]
            pub fn step<H: Hooks + ?Sized>(&mut self, event: Event, hooks: &mut H) -> Step {
                let step = step_with(self.state, &mut self.vars, event, |g| hooks.guard(g));
                #record
                step.for_each_action(|action| hooks.action(action));
                self.state = step.target;
                step
            }
        }
    }
}
