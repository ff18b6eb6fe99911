//! Name resolution: declarations into tables, references into ids, and the rules that need
//! nothing but the names (duplicates, kinds, types, the initial state, final states, the
//! (state, event) table).
//!
//! This module holds the tables, [`resolve`] (the order of the passes) and the lookups, which
//! report an undefined name or a name of the wrong kind. The passes are methods of one
//! `Resolver`, by what they resolve: `declare.rs` enters the declarations (states, events,
//! actions, guards, variables, timers with their generated expiry events and start and stop
//! actions) and the machine's settings; `values.rs` the effects and guard expressions (variables
//! and their types); `transitions.rs` the entry and exit of states, the transitions and the
//! (state, event) table with `ignore`.

use super::report::{self, Kind};
use crate::ast::{self, Name, Span};
use crate::diag::Diagnostic;
use crate::ir::{self, EventId, GuardId, StateId, TimerId, VarId};
use rustc_hash::FxHashMap as HashMap;

mod declare;
mod transitions;
mod values;

/// Largest variable domain the checker accepts (a parameter's is bounded by `MAX_STARTS`
/// instead, where a guard reads it).
pub const MAX_DOMAIN: u128 = 1 << 16;

/// Most (state, event) pairs a machine may have: the checker and the generated code keep a
/// table of them.
pub const MAX_CELLS: usize = 1 << 22;

use crate::naming::ENUM_ITEMS as GENERATED_ITEMS;

#[derive(Default)]
struct Table {
    /// Every name with its index and the span of its declaration.
    index: HashMap<String, (usize, Span)>,
    /// The same entries for the names of at most 15 bytes (nearly all), keyed by [`packed`]: a
    /// lookup then compares two integers held in the table, where comparing strings read the
    /// table's copy of the name from elsewhere in memory, a cache miss per reference on a large
    /// machine (the checker's largest single cost there).
    short: HashMap<u128, (usize, Span)>,
}

/// A name of at most 15 bytes as one integer: its bytes, zero-padded, and its length in the last
/// byte (so that no two names share one). `None` for a longer name.
fn packed(name: &str) -> Option<u128> {
    let bytes = name.as_bytes();
    let len = bytes.len();
    if len >= 16 {
        return None;
    }
    // The bytes are copied as two fixed-size pieces, overlapping where the name is shorter
    // than both (the same bytes land in the same places): two moves each, where a copy of the
    // name's own length is a call of `memcpy` per reference.
    let mut key = [0u8; 16];
    if len >= 8 {
        key[..8].copy_from_slice(&bytes[..8]);
        key[len - 8..len].copy_from_slice(&bytes[len - 8..]);
    } else if len >= 4 {
        key[..4].copy_from_slice(&bytes[..4]);
        key[len - 4..len].copy_from_slice(&bytes[len - 4..]);
    } else {
        for (k, b) in key.iter_mut().zip(bytes) {
            *k = *b;
        }
    }
    key[15] = len as u8;
    Some(u128::from_le_bytes(key))
}

impl Table {
    fn get(&self, name: &str) -> Option<(usize, Span)> {
        match packed(name) {
            Some(key) => self.short.get(&key).copied(),
            None => self.index.get(name).copied(),
        }
    }

    /// Enters a name (replacing an entry of the same name).
    fn insert(&mut self, name: String, entry: (usize, Span)) {
        if let Some(key) = packed(&name) {
            self.short.insert(key, entry);
        }
        self.index.insert(name, entry);
    }

    fn names(&self) -> impl Iterator<Item = &str> {
        self.index.keys().map(String::as_str)
    }
}

struct Resolver<'a> {
    spec: &'a ast::Spec,
    diagnostics: Vec<Diagnostic>,
    states: Vec<ir::State>,
    state_tab: Table,
    events: Vec<ir::Event>,
    event_tab: Table,
    actions: Vec<ir::Action>,
    action_tab: Table,
    guards: Vec<ir::Guard>,
    guard_tab: Table,
    timers: Vec<ir::Timer>,
    timer_tab: Table,
    vars: Vec<ir::Var>,
    var_tab: Table,
    /// The effect groups as declared, and each one's expansion once it is worked out.
    groups: Vec<GroupEntry<'a>>,
    group_tab: Table,
    /// The groups being expanded, outermost first.
    expanding: Vec<usize>,
    /// The groups the effect list being resolved names itself, where their effects stand.
    written: Vec<ir::GroupUse>,
    /// Items dropped for an error: the states and the events they concern, `None` where a name
    /// did not resolve (then it may be any).
    dropped: Vec<Dropped>,
    /// Set by an error the analyses cannot work around.
    unsound: bool,
    /// The events whose data type was refused (E0020): they carry no data in the model, which
    /// is not to be reported again where a duration reads it.
    refused_payloads: Vec<EventId>,
    /// The transitions on `*` (any other event), resolved, each with its `except` list as its
    /// events: `build_cells` writes them into the table once the other transitions are in.
    others: Vec<ir::Transition>,
    /// The protocol errors (`error` items) that `build_cells` wrote into the table.
    protocol_errors: Vec<ir::ProtocolError>,
    /// The `ignore` items that `build_cells` wrote into the table.
    ignores: Vec<ir::Ignore>,
}

/// An effect group: its declaration, and where its expansion stands.
struct GroupEntry<'a> {
    item: &'a ast::Item,
    decl: &'a ast::GroupDecl,
    expansion: Expansion,
    /// Named by some effect list (a transition's, an entry's, an exit's or another group's).
    used: bool,
}

/// How far a group's expansion has come.
#[derive(Clone)]
enum Expansion {
    NotYet,
    /// Being expanded: a name of it met now closes a circle.
    Running,
    /// Expanded; `None` when an error stopped it (reported).
    Done(Option<ir::List<ir::Effect>>),
}

/// The states and the events of an item dropped for an error; `None` for any.
type Dropped = (Option<ir::List<StateId>>, Option<ir::List<EventId>>);

/// What resolution could not settle, so that the analyses can still run on the rest.
#[derive(Debug, Default)]
pub struct Unknown {
    /// One flag per (state, event) pair, row by row: whether an item that did not resolve may
    /// concern it (the pair's content is then not known).
    pub cells: Vec<bool>,
    /// Whether an error leaves the whole model in doubt (an entry or exit effect that did not
    /// resolve, no initial state, a variable too large to explore): no analysis runs then.
    pub unsound: bool,
}

/// The spec's `allow` attributes, for [`ir::Machine::allows`]: the machine's, then each item's
/// (substates' too), in spec order. Read from the spec as written, before its superstates are
/// flattened, so that a superstate's span holds its states.
pub(super) fn allows(spec: &ast::Spec) -> ir::Allows {
    let mut allows = ir::Allows::default();
    let codes = |names: &[Name]| names.iter().map(|n| n.text.to_string()).collect::<Vec<_>>();
    for item in super::allow::every_item(spec) {
        match &item.kind {
            ast::ItemKind::Allow(names) => {
                for code in codes(names) {
                    if !allows.everywhere.contains(&code) {
                        allows.everywhere.push(code);
                    }
                }
            }
            _ if !item.allow().is_empty() => allows.items.push((item.span, codes(item.allow()))),
            _ => {}
        }
    }
    allows
}

pub(super) fn named(name: &Name, label: Option<&ast::Str>, docs: &[String]) -> ir::Named {
    ir::Named {
        name: name.text.as_str().to_owned(),
        label: label.map(|l| l.value.clone()),
        doc: doc(docs),
        span: name.span,
    }
}

/// A doc comment's lines joined with `\n` (most items have none: no join for them).
pub(super) fn doc(lines: &[String]) -> String {
    if lines.is_empty() { String::new() } else { lines.join("\n") }
}

/// Resolves a spec. The model is returned whenever the machine has a state, errors or not; the
/// caller decides whether errors make it unusable.
pub fn resolve(spec: &ast::Spec) -> (Option<ir::Machine>, Vec<Diagnostic>, Unknown) {
    let mut r = Resolver {
        spec,
        diagnostics: Vec::new(),
        states: Vec::new(),
        state_tab: Table::default(),
        events: Vec::new(),
        event_tab: Table::default(),
        actions: Vec::new(),
        action_tab: Table::default(),
        guards: Vec::new(),
        guard_tab: Table::default(),
        timers: Vec::new(),
        timer_tab: Table::default(),
        vars: Vec::new(),
        var_tab: Table::default(),
        groups: Vec::new(),
        group_tab: Table::default(),
        expanding: Vec::new(),
        written: Vec::new(),
        dropped: Vec::new(),
        unsound: false,
        refused_payloads: Vec::new(),
        others: Vec::new(),
        protocol_errors: Vec::new(),
        ignores: Vec::new(),
    };
    let module = super::module_name(&spec.name.text);
    let valid = module.starts_with(|c: char| c.is_ascii_alphabetic())
        || (module.starts_with('_') && module.chars().any(|c| c.is_ascii_alphanumeric()));
    if !valid || crate::naming::is_rust_keyword(&module) || crate::naming::is_std_crate(&module) {
        r.diagnostics.push(report::bad_module_name(&spec.name, &module));
    }
    r.declare_all();
    r.resolve_durations();
    // With no initial state (an error already reported), the first state stands in, so that the
    // macro's skeleton still has a model.
    let initial = r.initial_state();
    r.unsound |= initial.is_none();
    let initial = initial.or_else(|| (!r.states.is_empty()).then_some(StateId(0)));
    let (refs, policy) = r.machine_settings();
    let diagram = r.diagram_settings();
    let entry_exit = r.resolve_entry_exit();
    let mut transitions = r.resolve_transitions();
    let groups = r.resolve_groups();
    for (state, ((entry, entry_groups), (exit, exit_groups))) in r.states.iter_mut().zip(entry_exit) {
        (state.entry, state.entry_groups) = (entry, entry_groups);
        (state.exit, state.exit_groups) = (exit, exit_groups);
    }
    r.keep_running(&mut transitions);
    let cell_count = r.states.len().saturating_mul(r.events.len());
    if cell_count > MAX_CELLS {
        r.diagnostics.push(report::too_complex(
            spec.name.span,
            format!(
                "{} states and {} events make {cell_count} (state, event) pairs, more than the {MAX_CELLS} the checker handles",
                r.states.len(),
                r.events.len()
            ),
            "split the machine",
        ));
        return (None, r.diagnostics, Unknown { cells: Vec::new(), unsound: true });
    }
    let cells = r.build_cells(&mut transitions);
    let n_events = r.events.len();
    let mut unknown = Unknown { cells: vec![false; cells.len()], unsound: r.unsound };
    for (states, events) in &r.dropped {
        let states = states.clone().unwrap_or_else(|| (0..r.states.len()).map(StateId).collect());
        let events = events.clone().unwrap_or_else(|| (0..n_events).map(EventId).collect());
        for s in &states {
            for e in &events {
                unknown.cells[s.0 * n_events + e.0] = true;
            }
        }
    }
    let machine = initial.map(|initial| ir::Machine {
        named: named(&spec.name, spec.label.as_ref(), &spec.docs),
        refs,
        policy,
        diagram,
        states: r.states,
        events: r.events,
        actions: r.actions,
        guards: r.guards,
        timers: r.timers,
        vars: r.vars,
        initial,
        transitions,
        cells,
        superstates: Vec::new(),
        groups,
        protocol_errors: r.protocol_errors,
        ignores: r.ignores,
        allows: ir::Allows::default(),
        idle_timers: Vec::new(),
    });
    (machine, r.diagnostics, unknown)
}

impl Resolver<'_> {
    /// The assignments that keep each tested timer's running variable (`[running T]`) after
    /// every start and stop of it: in the transitions (those on `*` too) and in the states'
    /// entry and exit effects.
    fn keep_running(&mut self, transitions: &mut [ir::Transition]) {
        let running: Vec<Option<VarId>> = self.timers.iter().map(|t| t.running).collect();
        if running.iter().all(Option::is_none) {
            return;
        }
        for t in transitions.iter_mut().chain(self.others.iter_mut()) {
            t.keep_running(&self.actions, &running);
        }
        for state in &mut self.states {
            ir::keep_running(&mut state.entry, &mut state.entry_groups, &self.actions, &running);
            ir::keep_running(&mut state.exit, &mut state.exit_groups, &self.actions, &running);
        }
    }

    /// Expands every group (those no effect list names too, so that their errors are reported),
    /// and gives the model's list of them, each marked used or not (the analyses report those
    /// nothing names, once the spec has no error).
    fn resolve_groups(&mut self) -> Vec<ir::Group> {
        let mut out = Vec::with_capacity(self.groups.len());
        for g in 0..self.groups.len() {
            let effects = self.expand_group(g);
            let entry = &self.groups[g];
            out.push(ir::Group {
                named: named(&entry.decl.decl.name, entry.decl.decl.label.as_ref(), entry.item.docs()),
                effects: effects.map(ir::List::into_vec).unwrap_or_default(),
                used: entry.used,
            });
        }
        out
    }

    fn items(&self) -> impl Iterator<Item = &ast::Item> {
        self.spec.items.iter()
    }

    fn table(&self, kind: Kind) -> &Table {
        match kind {
            Kind::State => &self.state_tab,
            Kind::Event => &self.event_tab,
            Kind::Action => &self.action_tab,
            Kind::Guard => &self.guard_tab,
            Kind::Timer => &self.timer_tab,
            Kind::Var => &self.var_tab,
            Kind::Group => &self.group_tab,
        }
    }

    fn table_mut(&mut self, kind: Kind) -> &mut Table {
        match kind {
            Kind::State => &mut self.state_tab,
            Kind::Event => &mut self.event_tab,
            Kind::Action => &mut self.action_tab,
            Kind::Guard => &mut self.guard_tab,
            Kind::Timer => &mut self.timer_tab,
            Kind::Var => &mut self.var_tab,
            Kind::Group => &mut self.group_tab,
        }
    }

    /// Enters a name into its table, reporting duplicates and reserved names. Guards and
    /// variables share one namespace, since guard expressions read both; so do actions and
    /// effect groups, which effect lists name. Returns whether the name is new.
    fn enter(&mut self, kind: Kind, name: &Name, index: usize) -> bool {
        let namespace: &[Kind] = match kind {
            Kind::Guard | Kind::Var => &[Kind::Guard, Kind::Var],
            Kind::Action | Kind::Group => &[Kind::Action, Kind::Group],
            _ => std::slice::from_ref(&kind),
        };
        for &k in namespace {
            if let Some((_, first)) = self.table(k).get(&name.text) {
                self.diagnostics.push(report::duplicate(kind, name, first));
                return false;
            }
        }
        if crate::naming::is_rust_keyword(&name.text) {
            self.diagnostics.push(report::reserved(kind, name, "it is a Rust keyword"));
        } else if GENERATED_ITEMS.contains(&name.text.as_str()) {
            self.diagnostics.push(report::reserved(kind, name, "the generated code uses it"));
        }
        self.table_mut(kind).insert(name.text.as_str().to_owned(), (index, name.span));
        true
    }

    // -----------------------------------------------------------------------------------------
    // Lookups: each reports an undefined name (with a suggestion) or a name of the wrong kind.

    /// Reports a name that is not in the table of `kind`: as a name of another kind if it is
    /// one, else as undefined with the closest of `candidates`.
    fn missing(&mut self, kind: Kind, name: &Name, candidates: &[Kind]) {
        let timer = name.text.strip_suffix("Expiry").unwrap_or(&name.text);
        if self.spec.broken.contains(name.text.as_str()) || self.spec.broken.contains(timer) {
            return; // possibly declared in an item that did not parse: no cascade
        }
        let other = [Kind::State, Kind::Event, Kind::Action, Kind::Guard, Kind::Timer, Kind::Var, Kind::Group]
            .into_iter()
            .filter(|k| !candidates.contains(k))
            .find_map(|k| self.table(k).get(&name.text).map(|(_, span)| (k, span)));
        let diagnostic = match other {
            Some((actual, span)) => report::wrong_kind(kind, name, actual, span),
            None => {
                let names = candidates.iter().flat_map(|&k| self.table(k).names());
                report::undefined(kind, name, super::suggest(&name.text, names))
            }
        };
        self.diagnostics.push(diagnostic);
    }

    fn lookup(&mut self, kind: Kind, name: &Name) -> Option<usize> {
        let found = self.table(kind).get(&name.text).map(|(i, _)| i);
        if found.is_none() {
            self.missing(kind, name, &[kind]);
        }
        found
    }

    fn state(&mut self, name: &Name) -> Option<StateId> {
        self.lookup(Kind::State, name).map(StateId)
    }

    fn event(&mut self, name: &Name) -> Option<EventId> {
        self.lookup(Kind::Event, name).map(EventId)
    }

    fn timer(&mut self, name: &Name) -> Option<TimerId> {
        self.lookup(Kind::Timer, name).map(TimerId)
    }

    fn var(&mut self, name: &Name) -> Option<VarId> {
        self.lookup(Kind::Var, name).map(VarId)
    }

    /// A name read by a guard expression: a named guard or a variable.
    fn value(&mut self, name: &Name) -> Option<Result<GuardId, VarId>> {
        if let Some((i, _)) = self.guard_tab.get(&name.text) {
            return Some(Ok(GuardId(i)));
        }
        if let Some((i, _)) = self.var_tab.get(&name.text) {
            return Some(Err(VarId(i)));
        }
        self.missing(Kind::Guard, name, &[Kind::Guard, Kind::Var]);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::packed;

    /// The key is the name's bytes, zero-padded, with its length last, whatever its length.
    #[test]
    fn a_packed_name_is_its_bytes_and_its_length() {
        let text = "ABCDEFGHIJKLMNOPQ";
        for len in 0..=text.len() {
            let name = &text[..len];
            let expected = (len < 16).then(|| {
                let mut key = [0u8; 16];
                key[..len].copy_from_slice(name.as_bytes());
                key[15] = len as u8;
                u128::from_le_bytes(key)
            });
            assert_eq!(packed(name), expected, "{name:?}");
        }
    }
}
