//! The checked, resolved model of one machine: dense ids instead of names, every source state
//! set expanded, and the (state, event) table filled in. Every output (Rust code, DOT, Markdown,
//! the interpreter) reads this and nothing else.
//!
//! Invariants that `check` establishes before it hands out a `Machine`: names are unique per
//! kind, every id is in range, exactly one initial state, at most one transition of a cell can
//! be taken for any guard values and reachable variable values, and variables stay in range.

mod expr;
mod text;

pub use crate::list::List;
pub use expr::{Condition, Expr, IntExpr, IntOp, Operand, TimerDuration};

use crate::ast::{Direction, Policy, Span};

macro_rules! id {
    ($name:ident, $what:literal) => {
        #[doc = concat!("Index of ", $what, " in its `Machine` list.")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub usize);

        impl $name {
            /// The index.
            pub fn index(self) -> usize {
                self.0
            }
        }
    };
}

id!(StateId, "a state");
id!(EventId, "an event");
id!(ActionId, "an action");
id!(GuardId, "a named guard");
id!(TimerId, "a timer");
id!(VarId, "a variable");
id!(TransitionId, "a transition");
id!(SuperstateId, "a superstate");
id!(ErrorId, "a protocol error (an `error` item)");
id!(IgnoreId, "an `ignore` item");

/// What every declaration has: a name, an optional display label, docs and a span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The identifier (also the Rust variant name).
    pub name: String,
    /// The display label, if the spec gives one.
    pub label: Option<String>,
    /// The doc comment, lines joined with `\n`.
    pub doc: String,
    /// Where it is declared (the name).
    pub span: Span,
}

impl Named {
    /// The label if there is one (and it is not blank), else the name: what `Display` and
    /// diagrams show.
    pub fn display(&self) -> &str {
        match self.label.as_deref() {
            Some(label) if !label.trim().is_empty() => label,
            _ => &self.name,
        }
    }
}

/// A state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Name, label, doc.
    pub named: Named,
    /// Marked `final`: no transition leaves it.
    pub is_final: bool,
    /// Run on every entry, in order.
    pub entry: Vec<Effect>,
    /// Run on every exit, in order.
    pub exit: Vec<Effect>,
    /// The effect groups `entry` names, where their effects stand in it (for display).
    pub entry_groups: Vec<GroupUse>,
    /// The effect groups `exit` names, likewise.
    pub exit_groups: Vec<GroupUse>,
}

/// An event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Name, label, doc.
    pub named: Named,
    /// The timer whose expiry this event is, if any.
    pub timer: Option<TimerId>,
    /// The Rust type path of the data the event carries (`Segment` for `event RcvSegment(Segment);`),
    /// white space collapsed; `None` for an event without data (timer expiries included).
    pub payload: Option<String>,
}

/// What an action does, as far as the model knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// A hook the user implements.
    User,
    /// Arm (or re-arm) a timer.
    Start(TimerId),
    /// Disarm a timer.
    Stop(TimerId),
}

/// An action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// Name, label, doc. A timer's own start and stop are named `StartT` / `StopT` and shown
    /// as `start T` / `stop T`, unless an `action X = start T;` names them.
    pub named: Named,
    /// User hook or timer operation.
    pub kind: ActionKind,
    /// A timer's start or stop that the spec does not name (`StartT` / `StopT`, which every
    /// `timer T` implies); `false` for a declared action, and for an `action X = start T;`.
    pub implied: bool,
}

/// A named guard: a boolean the user computes at the moment of the event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guard {
    /// Name, label, doc.
    pub named: Named,
}

/// A timer: declaring one gives a start action, a stop action and an expiry event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timer {
    /// Name, label, doc.
    pub named: Named,
    /// The action that arms it.
    pub start: ActionId,
    /// The action that disarms it.
    pub stop: ActionId,
    /// The event it raises when it expires (`TExpiry`).
    pub expiry: EventId,
    /// Its default duration, as the spec gives it (`timer Tack "T(ack)" = 2 s;`); for a
    /// duration that reads parameters or variables, its value when the machine starts (every
    /// variable at its initial value, every parameter at its default), `None` if a parameter it
    /// reads has no default.
    pub default: Option<std::time::Duration>,
    /// Its duration as an expression of parameters and variables, evaluated at each start
    /// (`= T1 * 2^n ms`); `None` for a constant duration or none.
    pub duration: Option<TimerDuration>,
    /// The variable that says whether it is running, when a guard tests it (`[running T]`):
    /// its starts set it, its stops and its expiry clear it (see [`Var::running`]).
    pub running: Option<VarId>,
}

/// The type of a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarType {
    /// `false` (0) or `true` (1).
    Bool,
    /// An integer in `min..=max`.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
}

impl VarType {
    /// Smallest value (0 for `bool`).
    pub fn min(self) -> i64 {
        match self {
            VarType::Bool => 0,
            VarType::Int { min, .. } => min,
        }
    }

    /// Largest value (1 for `bool`).
    pub fn max(self) -> i64 {
        match self {
            VarType::Bool => 1,
            VarType::Int { max, .. } => max,
        }
    }

    /// Number of values.
    pub fn size(self) -> u128 {
        (i128::from(self.max()) - i128::from(self.min()) + 1).max(0).unsigned_abs()
    }
}

/// A variable of the extended state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    /// Name, label, doc.
    pub named: Named,
    /// Its type.
    pub ty: VarType,
    /// Its value when the machine starts (`bool` as 0 / 1).
    pub init: i64,
    /// `output var`: written for the hooks to read (not reported as never read).
    pub output: bool,
    /// `param`: a parameter, given when the machine is created and never assigned. `init` is
    /// its default, or its type's smallest value when the spec gives none (`has_default`).
    pub param: bool,
    /// For a parameter, whether the spec gives it a default (`true` for a variable).
    pub has_default: bool,
    /// For the variable `running_T` that the machine keeps for `[running T]`, the timer: the
    /// spec declares no such variable. Every start of `T` is followed by `running_T = true`,
    /// every stop by `running_T = false` (in the effect lists, where texts leave them out),
    /// and `T`'s expiry clears it as it arrives ([`Machine::arrive`]), whatever the pair does.
    pub running: Option<TimerId>,
}

/// One entry of an action list, in execution order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Run an action (a user hook or a timer operation).
    Action(ActionId),
    /// `x = v` (`bool` as 0 / 1).
    Set(VarId, i64),
    /// `x += n` (a negative `n` for `-=`).
    Add(VarId, i64),
}

/// A transition, with its source states expanded.
#[derive(Clone, PartialEq, Eq)]
pub struct Transition {
    /// The source states (a `*` is expanded here).
    pub sources: List<StateId>,
    /// Whether the sources were written as `*` (every state that is not final, less `except`).
    pub wildcard: bool,
    /// The events that trigger it.
    pub events: List<EventId>,
    /// Its guard.
    pub condition: Condition,
    /// The target, or `None` for an internal transition (no exit, no entry).
    pub target: Option<StateId>,
    /// The transition's own effects, in order (exit and entry actions are not included).
    pub effects: List<Effect>,
    /// The whole transition in the spec.
    pub span: Span,
    /// The guard's text, the refs and the doc comment, held apart: most transitions of a large
    /// machine have none of them, and a transition is then 64 octets smaller. Set with
    /// [`Transition::with_notes`]; read with [`Transition::guard_text`], [`Transition::refs`],
    /// [`Transition::doc`].
    notes: Option<Box<Notes>>,
}

/// What a transition says for people rather than for the dispatch: the docs, the diagrams and
/// the generated tests show it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// The guard as written in the spec; empty when there is none.
    pub guard_text: String,
    /// References to the source document (`RFC 3539 App. A row 20`).
    pub refs: Vec<String>,
    /// The doc comment; empty when there is none.
    pub doc: String,
    /// For a transition on `*` (any other event), its label as the spec gives it, or `any
    /// other event`; `None` for a transition on events it lists. Its `events` are those it
    /// covers in its `sources`: the checker writes one transition per group of states where
    /// it covers the same events.
    pub other_events: Option<String>,
    /// The effect groups its effects name, where they stand among them (superstates' exits
    /// and entries included, as the effects hold them).
    pub groups: Vec<GroupUse>,
}

impl Transition {
    /// A transition from its parts, with no notes (see [`Transition::with_notes`]).
    pub fn new(
        sources: List<StateId>,
        wildcard: bool,
        events: List<EventId>,
        condition: Condition,
        target: Option<StateId>,
        effects: List<Effect>,
        span: Span,
    ) -> Self {
        Transition { sources, wildcard, events, condition, target, effects, span, notes: None }
    }

    /// The transition with these notes (held only when one of them is not empty, so that two
    /// transitions with the same empty notes compare equal however they were built).
    pub fn with_notes(mut self, notes: Notes) -> Self {
        let empty = notes.guard_text.is_empty()
            && notes.refs.is_empty()
            && notes.doc.is_empty()
            && notes.other_events.is_none()
            && notes.groups.is_empty();
        self.notes = (!empty).then(|| Box::new(notes));
        self
    }

    /// The guard as written in the spec (for docs and diagrams); empty when there is none.
    pub fn guard_text(&self) -> &str {
        self.notes.as_ref().map_or("", |n| &n.guard_text)
    }

    /// References to the source document (`RFC 3539 App. A row 20`).
    pub fn refs(&self) -> &[String] {
        self.notes.as_ref().map_or(&[], |n| &n.refs)
    }

    /// The doc comment; empty when there is none.
    pub fn doc(&self) -> &str {
        self.notes.as_ref().map_or("", |n| &n.doc)
    }

    /// For a transition written on `*` (any other event), its label (`any other event` unless
    /// the spec names it otherwise); `None` for one written on a list of events.
    pub fn other_events(&self) -> Option<&str> {
        self.notes.as_ref().and_then(|n| n.other_events.as_deref())
    }

    /// The effect groups its effects name, where they stand among them.
    pub fn groups(&self) -> &[GroupUse] {
        self.notes.as_ref().map_or(&[], |n| &n.groups)
    }

    /// [`keep_running`] on the transition's effects and the places of its groups.
    pub(crate) fn keep_running(&mut self, actions: &[Action], running: &[Option<VarId>]) {
        let mut effects = self.effects.to_vec();
        match &mut self.notes {
            Some(notes) => keep_running(&mut effects, &mut notes.groups, actions, running),
            None => keep_running(&mut effects, &mut [], actions, running),
        }
        self.effects = effects.into_iter().collect();
    }

    /// The notes (guard text, refs, doc, label, groups), for a transition derived from this one.
    pub fn notes(&self) -> Notes {
        self.notes.as_deref().cloned().unwrap_or_default()
    }
}

/// The notes print as fields, in the places they had as fields.
impl std::fmt::Debug for Transition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Every field named, so that a new one does not compile until it prints.
        let Transition { sources, wildcard, events, condition, target, effects, span, notes: _ } = self;
        let mut d = f.debug_struct("Transition");
        d.field("sources", sources)
            .field("wildcard", wildcard)
            .field("events", events)
            .field("condition", condition)
            .field("guard_text", &self.guard_text())
            .field("target", target)
            .field("effects", effects)
            .field("refs", &self.refs())
            .field("doc", &self.doc());
        // Printed only when set, so that the dumps of machines without `on *` stay as they were.
        if let Some(label) = self.other_events() {
            d.field("other_events", &label);
        }
        if !self.groups().is_empty() {
            d.field("groups", &self.groups());
        }
        d.field("span", span).finish()
    }
}

/// What the docs and diagrams call a transition on `*` (any other event) that the spec gives no
/// label.
pub const OTHER_EVENTS: &str = "any other event";

/// What a (state, event) pair does, before guards are evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No transition and no `ignore` mentions the pair: the machine's policy decides.
    Unmentioned,
    /// `ignore E in S`: the item's entry in [`Machine::ignores`].
    Ignored(IgnoreId),
    /// These transitions, in spec order; guards pick at most one (the `else` one last).
    Rules(List<TransitionId>),
    /// `error E in S "cause";`: a protocol error that the RFC names (the item's entry in
    /// [`Machine::protocol_errors`]). Nothing happens; the step says so.
    Error(ErrorId),
}

/// The warnings a spec allows, as it writes them: `#![allow(W0002)]` in the machine allows
/// them everywhere, `#[allow(W0008)]` on an item those whose place lies in the item (a
/// superstate's, in the states inside it too).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Allows {
    /// The codes the machine allows everywhere, each once.
    pub everywhere: Vec<String>,
    /// Each item with `#[allow(..)]`, substates included: its span and its codes.
    pub items: Vec<(Span, Vec<String>)>,
}

impl Allows {
    /// The codes allowed for what stands at `span`: those of every item that holds it, in
    /// spec order, each once (not those allowed everywhere).
    pub fn within(&self, span: Span) -> Vec<String> {
        let mut codes: Vec<String> = Vec::new();
        for (item, allowed) in &self.items {
            if item.contains(span) {
                for code in allowed {
                    if !codes.contains(code) {
                        codes.push(code.clone());
                    }
                }
            }
        }
        codes
    }
}

/// An `ignore` item (`ignore DWA in INITIAL, DOWN ref "RFC 3539 Appendix A";`): pairs the RFC
/// says to ignore, with where it says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ignore {
    /// The item's references to the source document.
    pub refs: Vec<String>,
    /// The item's doc comment; empty when there is none.
    pub doc: String,
    /// The item.
    pub span: Span,
}

/// A protocol error that the spec names (`error ASPUP in ASP_ACTIVE "Unexpected Message";`):
/// pairs that the RFC calls errors, distinct from pairs it ignores and from pairs it leaves out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    /// The RFC's cause, as the item gives it (`Unexpected Message`).
    pub cause: Option<String>,
    /// The item's references to the source document.
    pub refs: Vec<String>,
    /// The item's doc comment; empty when there is none.
    pub doc: String,
    /// The item.
    pub span: Span,
}

/// How an event was dealt with in one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// An external transition: exit actions, transition actions, entry actions.
    Transition,
    /// An internal transition: its actions only, no exit or entry.
    Internal,
    /// The event is ignored in this state (explicitly, or by the `ignore` policy).
    Ignored,
    /// Nothing handles the event in this state (or no guard held): nothing happens.
    Unhandled,
    /// The spec names the pair a protocol error (`error E in S;`): nothing happens.
    ProtocolError,
}

impl StepKind {
    /// `transition`, `internal`, `ignored`, `unhandled` or `protocol_error`.
    pub fn as_str(self) -> &'static str {
        match self {
            StepKind::Transition => "transition",
            StepKind::Internal => "internal",
            StepKind::Ignored => "ignored",
            StepKind::Unhandled => "unhandled",
            StepKind::ProtocolError => "protocol_error",
        }
    }
}

/// How diagrams draw a machine, from its `diagram { }` item: top to bottom, events and actions
/// shown, unless the spec says otherwise. `fsm dot` options override each setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    /// Which way transitions run.
    pub direction: Direction,
    /// Whether edges show their trigger (event and guard).
    pub events: bool,
    /// Whether edges show their effects and states their entry, exit and internal transitions.
    pub actions: bool,
}

impl Default for Diagram {
    fn default() -> Self {
        Diagram { direction: Direction::TopToBottom, events: true, actions: true }
    }
}

/// One machine, checked and resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    /// Name, label, description (the doc comment before `machine`).
    pub named: Named,
    /// `ref` items of the machine, in order.
    pub refs: Vec<String>,
    /// The policy for unmentioned pairs.
    pub policy: Policy,
    /// How diagrams draw the machine (its `diagram { }` item).
    pub diagram: Diagram,
    /// States in declaration order.
    pub states: Vec<State>,
    /// Events: declared ones, then each timer's expiry, in declaration order.
    pub events: Vec<Event>,
    /// Actions: declared ones and timer operations, in declaration order.
    pub actions: Vec<Action>,
    /// Named guards.
    pub guards: Vec<Guard>,
    /// Timers.
    pub timers: Vec<Timer>,
    /// Variables.
    pub vars: Vec<Var>,
    /// The initial state.
    pub initial: StateId,
    /// Transitions in spec order.
    pub transitions: Vec<Transition>,
    /// `states.len() * events.len()` cells, row-major by state.
    pub cells: Vec<Cell>,
    /// The superstates, parents before their children; empty for a flat spec. `states` holds
    /// only leaves: a superstate is the set of leaves below it, and its transitions, exits and
    /// entries are already in the leaves' cells (see the book's "Superstates").
    pub superstates: Vec<Superstate>,
    /// The effect groups (`group scr = ...;`), in declaration order, for display: every effect
    /// list that names one holds its effects in its place already.
    pub groups: Vec<Group>,
    /// The protocol errors (`error` items), in spec order, which [`Cell::Error`] indexes.
    pub protocol_errors: Vec<ProtocolError>,
    /// The `ignore` items (not `error` ones), in the order they were applied (plain ones, then
    /// `otherwise`), which [`Cell::Ignored`] indexes; an item whose pairs are all handled
    /// otherwise is here too.
    pub ignores: Vec<Ignore>,
    /// The spec's lint control (`#[allow(..)]`, `#![allow(..)]`), which the checker has applied
    /// already: for tools that write the machine out again (`fsm flatten`).
    pub allows: Allows,
    /// Per state, a bit per timer (the first 128) that the checker proved is not running in
    /// any configuration the machine reaches in that state from its start: a `stop` of it
    /// there is left out of the step (see [`Machine::step_effects`]). Empty when the checker did
    /// not decide it (a spec with errors, more than 128 timers).
    pub idle_timers: Vec<u128>,
}

/// A named list of effects (`group scr "send, close, reset" = SendCr, stop T;`), expanded: a
/// group it names is replaced by that group's effects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Name, label, doc.
    pub named: Named,
    /// Its effects, in order, every group among them expanded.
    pub effects: Vec<Effect>,
    /// Whether some effect list names it (a transition's, an entry's, an exit's or another
    /// group's): the checker reports one that none does (W0002).
    pub used: bool,
}

/// An effect group as an effect list names it: the group (its index in [`Machine::groups`]) and
/// the effects of the list that it stands for (`start..start + len`), so that docs and diagrams
/// show the name where the spec wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroupUse {
    /// The group's index in [`Machine::groups`].
    pub group: usize,
    /// Where its effects start in the list.
    pub start: usize,
    /// How many effects it stands for.
    pub len: usize,
}

/// After each start and stop of a timer in `effects` whose running variable is in `running`
/// (by `TimerId`), an assignment of that variable (`true` after a start, `false` after a stop);
/// `groups` keep their places (a group whose effects hold a new assignment grows by one, a later
/// one moves).
pub(crate) fn keep_running(
    effects: &mut Vec<Effect>,
    groups: &mut [GroupUse],
    actions: &[Action],
    running: &[Option<VarId>],
) {
    let mut at = 0;
    while at < effects.len() {
        let set = match effects[at] {
            Effect::Action(a) => match actions[a.0].kind {
                ActionKind::Start(t) => running.get(t.0).copied().flatten().map(|v| Effect::Set(v, 1)),
                ActionKind::Stop(t) => running.get(t.0).copied().flatten().map(|v| Effect::Set(v, 0)),
                ActionKind::User => None,
            },
            _ => None,
        };
        at += 1;
        if let Some(set) = set {
            effects.insert(at, set);
            for g in groups.iter_mut() {
                if g.start >= at {
                    g.start += 1;
                } else if at < g.start + g.len {
                    g.len += 1;
                }
            }
            at += 1;
        }
    }
}

/// A state that holds states, as declared (`state S { state A; ... }`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Superstate {
    /// Name, label, doc.
    pub named: Named,
    /// The superstate that holds it, if any.
    pub parent: Option<SuperstateId>,
    /// The leaf states below it, at any depth, in declaration order.
    pub states: Vec<StateId>,
    /// Its entry effects, for display: a transition into it already lists them among its own
    /// (the leaves' `entry` does not hold them).
    pub entry: Vec<Effect>,
    /// Its exit effects, for display, likewise already in each transition out of it.
    pub exit: Vec<Effect>,
    /// The effect groups its entry names, where their effects stand in it (for display).
    pub entry_groups: Vec<GroupUse>,
    /// The effect groups its exit names, likewise.
    pub exit_groups: Vec<GroupUse>,
}

impl Machine {
    /// The superstates that hold a state, innermost first.
    pub fn superstates_of(&self, state: StateId) -> Vec<SuperstateId> {
        let innermost = self
            .superstates
            .iter()
            .enumerate()
            .rev()
            .find(|(_, s)| s.states.contains(&state))
            .map(|(i, _)| SuperstateId(i));
        std::iter::successors(innermost, |&s| self.superstates[s.0].parent).collect()
    }

    /// The cell of a (state, event) pair.
    pub fn cell(&self, state: StateId, event: EventId) -> &Cell {
        self.cells.get(state.0 * self.events.len() + event.0).unwrap_or(&Cell::Unmentioned)
    }

    /// What the arrival of `event` does before the pair decides anything: the expiry of a
    /// timer that a guard tests (`[running T]`) clears the variable that says it is running,
    /// since the timer has fired. Returns whether a value changed.
    pub fn arrive(&self, event: EventId, vars: &mut [i64]) -> bool {
        // Read with `get`: a tool may step a machine with any event id.
        let timer = self.events.get(event.0).and_then(|e| e.timer);
        let Some(v) = timer.and_then(|t| self.timers.get(t.0)).and_then(|t| t.running) else { return false };
        match vars.get_mut(v.0) {
            Some(value) if *value != 0 => {
                *value = 0;
                true
            }
            _ => false,
        }
    }

    /// The protocol error with this id.
    pub fn protocol_error(&self, id: ErrorId) -> &ProtocolError {
        &self.protocol_errors[id.0]
    }

    /// The `ignore` item with this id.
    pub fn ignore(&self, id: IgnoreId) -> &Ignore {
        &self.ignores[id.0]
    }

    /// The state with this id.
    pub fn state(&self, id: StateId) -> &State {
        &self.states[id.0]
    }

    /// The event with this id.
    pub fn event(&self, id: EventId) -> &Event {
        &self.events[id.0]
    }

    /// The action with this id.
    pub fn action(&self, id: ActionId) -> &Action {
        &self.actions[id.0]
    }

    /// The transition with this id.
    pub fn transition(&self, id: TransitionId) -> &Transition {
        &self.transitions[id.0]
    }

    /// Whether some event carries data: the generated code then has an `Input` enum.
    pub fn has_payloads(&self) -> bool {
        self.events.iter().any(|e| e.payload.is_some())
    }

    /// Which actions the generated `Action` enum and the docs show, indexed by `ActionId`:
    /// every action the spec declares, and a timer's implied `StartT` / `StopT`
    /// ([`Action::implied`]) only if something runs it.
    pub fn shown_actions(&self) -> Vec<bool> {
        let emitted = self.emitted_actions();
        self.actions.iter().zip(emitted).map(|(action, emitted)| emitted || !action.implied).collect()
    }

    /// Which actions something runs (a transition, or the entry or exit of a state or a
    /// superstate), indexed by `ActionId`.
    pub fn emitted_actions(&self) -> Vec<bool> {
        let mut emitted = vec![false; self.actions.len()];
        let lists = self.transitions.iter().map(|t| t.effects.as_slice());
        let lists = lists.chain(self.states.iter().flat_map(|s| [s.entry.as_slice(), s.exit.as_slice()]));
        let lists = lists.chain(self.superstates.iter().flat_map(|s| [s.entry.as_slice(), s.exit.as_slice()]));
        for effect in lists.flatten() {
            if let Effect::Action(a) = effect
                && let Some(slot) = emitted.get_mut(a.0)
            {
                *slot = true;
            }
        }
        emitted
    }

    /// Looks a state up by name.
    pub fn state_named(&self, name: &str) -> Option<StateId> {
        self.states.iter().position(|s| s.named.name == name).map(StateId)
    }

    /// Looks an event up by name.
    pub fn event_named(&self, name: &str) -> Option<EventId> {
        self.events.iter().position(|e| e.named.name == name).map(EventId)
    }

    /// Looks a guard up by name.
    pub fn guard_named(&self, name: &str) -> Option<GuardId> {
        self.guards.iter().position(|g| g.named.name == name).map(GuardId)
    }

    /// The initial values of the variables, indexed by `VarId`: a parameter at its default
    /// (its type's smallest value without one).
    pub fn initial_vars(&self) -> Vec<i64> {
        self.vars.iter().map(|v| v.init).collect()
    }

    /// The values the variables may start with, before the initial state's entry, as the
    /// checker explores them: a parameter is unknown but constant, so there is one start for
    /// each combination of the values of the parameters that some guard reads (the others,
    /// which decide nothing, at [`Machine::initial_vars`]); one start without parameters.
    /// `None` when there would be more than `limit`.
    pub fn starts(&self, limit: usize) -> Option<Vec<Vec<i64>>> {
        let mut starts = vec![self.initial_vars()];
        for v in self.guard_params() {
            let ty = self.vars[v.0].ty;
            if starts.len() as u128 * ty.size() > limit as u128 {
                return None;
            }
            starts = starts
                .into_iter()
                .flat_map(|start| {
                    (ty.min()..=ty.max()).map(move |x| {
                        let mut start = start.clone();
                        start[v.0] = x;
                        start
                    })
                })
                .collect();
        }
        Some(starts)
    }

    /// The parameters that some guard reads, in declaration order: those whose every
    /// combination of values [`Machine::starts`] explores. A parameter no guard reads decides
    /// nothing, and the checker takes its range as it is, however wide.
    pub fn guard_params(&self) -> Vec<VarId> {
        let (mut guards, mut read) = (Vec::new(), Vec::new());
        for t in &self.transitions {
            if let Condition::When(e) = &t.condition {
                e.collect(&mut guards, &mut read);
            }
        }
        read.retain(|v| self.vars[v.0].param);
        read.sort();
        read
    }

    /// The transitions as the spec writes them: one written transition may be several here
    /// (flattened from a superstate, or an `on *` per group of states), all with its span.
    /// Each group lists those `keep` keeps, in model order; groups in the order first met.
    pub fn as_written(&self, keep: impl Fn(&Transition) -> bool) -> Vec<Vec<TransitionId>> {
        let mut index: rustc_hash::FxHashMap<Span, usize> = rustc_hash::FxHashMap::default();
        let mut groups: Vec<Vec<TransitionId>> = Vec::new();
        for (i, t) in self.transitions.iter().enumerate().filter(|(_, t)| keep(t)) {
            let at = *index.entry(t.span).or_insert_with(|| {
                groups.push(Vec::new());
                groups.len() - 1
            });
            groups[at].push(TransitionId(i));
        }
        groups
    }

    /// What the policy makes of a pair with no applicable transition.
    pub fn fallback(&self) -> StepKind {
        match self.policy {
            Policy::Ignore => StepKind::Ignored,
            Policy::Error | Policy::Warn => StepKind::Unhandled,
        }
    }

    /// The three parts of [`Machine::effects_of`], in execution order, read in place: the
    /// source's exit effects, the transition's, the target's entry effects (the first and last
    /// empty for an internal transition).
    pub(crate) fn effect_parts(&self, source: StateId, t: TransitionId) -> [&[Effect]; 3] {
        let transition = self.transition(t);
        match transition.target {
            None => [&[], &transition.effects, &[]],
            Some(target) => [&self.state(source).exit, &transition.effects, &self.state(target).entry],
        }
    }

    /// The effects of [`Machine::effects_of`], in the same order, without building a list (the
    /// checker's analyses read them for every transition of every state).
    pub(crate) fn each_effect_of(&self, source: StateId, t: TransitionId) -> impl Iterator<Item = &Effect> {
        self.effect_parts(source, t).into_iter().flatten()
    }

    /// The effects of taking transition `t` from `source`, in execution order: the source's exit
    /// effects, the transition's, then the target's entry effects (only the transition's own for
    /// an internal transition).
    pub fn effects_of(&self, source: StateId, t: TransitionId) -> Vec<Effect> {
        self.each_effect_of(source, t).copied().collect()
    }

    /// The effects that a step from `source` on `event` runs when it takes `t`, in order: those
    /// of [`Machine::effects_of`], less each `stop` of a timer that is proved not running at
    /// that point. A timer is not running there when the checker proved it is not running in
    /// `source` ([`Machine::idle_timers`]) or the event is its expiry, and no effect before the
    /// `stop` in the step starts it; after a `stop`, it is not running until a `start`. So
    /// `stop T` is emitted exactly when `T` may be running: a spurious stop is never emitted,
    /// and a needed one never left out.
    pub fn step_effects(&self, source: StateId, event: EventId, t: TransitionId) -> Vec<Effect> {
        let mut idle = self.idle_timers.get(source.0).copied().unwrap_or(0);
        if let Some(timer) = self.events.get(event.0).and_then(|e| e.timer).filter(|t| t.0 < 128) {
            idle |= 1 << timer.0;
        }
        self.without_idle_stops(self.each_effect_of(source, t), idle)
    }

    /// The effects the start runs: the initial state's entry effects, less each `stop` of a
    /// timer not started before it in the list (no timer runs before the start).
    pub fn start_effects(&self) -> Vec<Effect> {
        self.without_idle_stops(self.state(self.initial).entry.iter(), u128::MAX)
    }

    /// `effects` less each `stop` of a timer idle at that point: those of `idle` (a bit per
    /// timer) to begin with, then as the effects start and stop them.
    fn without_idle_stops<'a>(&self, effects: impl Iterator<Item = &'a Effect>, mut idle: u128) -> Vec<Effect> {
        effects
            .filter(|effect| {
                let Effect::Action(a) = effect else { return true };
                match self.action(*a).kind {
                    ActionKind::Start(timer) if timer.0 < 128 => {
                        idle &= !(1 << timer.0);
                        true
                    }
                    ActionKind::Stop(timer) if timer.0 < 128 => {
                        let was_idle = idle >> timer.0 & 1 == 1;
                        idle |= 1 << timer.0;
                        !was_idle
                    }
                    _ => true,
                }
            })
            .copied()
            .collect()
    }

    /// Picks the transition a (state, event) pair takes for the given guard and variable values,
    /// or says why none is taken.
    pub fn select(&self, state: StateId, event: EventId, guards: &[bool], vars: &[i64]) -> Selection {
        match self.cell(state, event) {
            Cell::Unmentioned => Selection::None(self.fallback()),
            Cell::Ignored(_) => Selection::None(StepKind::Ignored),
            Cell::Error(_) => Selection::None(StepKind::ProtocolError),
            Cell::Rules(rules) => {
                let mut otherwise = None;
                for &t in rules {
                    match &self.transition(t).condition {
                        Condition::Always => return Selection::Take(t),
                        Condition::When(e) if e.eval(guards, vars) => return Selection::Take(t),
                        Condition::When(_) => {}
                        Condition::Else => otherwise = otherwise.or(Some(t)),
                    }
                }
                otherwise.map_or(Selection::None(self.fallback()), Selection::Take)
            }
        }
    }
}

/// The result of [`Machine::select`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// This transition is taken.
    Take(TransitionId),
    /// No transition: the event is ignored, unhandled or a protocol error.
    None(StepKind),
}
