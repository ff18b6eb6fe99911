//! Transitions and the (state, event) table: the entry and exit effects of each state, every
//! transition (one with an error dropped, the pairs it may concern remembered for the analyses),
//! and the cells they fill, with the `ignore` items.

use super::Resolver;
use crate::ast::{self, Name, SmolStr, Span};
use crate::check::report::{self, Kind};
use crate::ir::{self, EventId, StateId, TransitionId};

impl Resolver<'_> {
    /// Each state's entry and exit effects, with the groups each names.
    pub(super) fn resolve_entry_exit(&mut self) -> Vec<(Written, Written)> {
        let mut out = vec![Default::default(); self.states.len()];
        for item in &self.spec.items {
            let ast::ItemKind::State(s) = &item.kind else { continue };
            let Some((i, span)) = self.state_tab.get(&s.decl.name.text) else { continue };
            if span != s.decl.name.span {
                continue; // a duplicate declaration, already reported
            }
            let (entry, entry_groups) = self.written_effects(&s.entry);
            let (exit, exit_groups) = self.written_effects(&s.exit);
            self.unsound |= entry.is_none() || exit.is_none();
            out[i] = (
                (entry.unwrap_or_default().into_vec(), entry_groups),
                (exit.unwrap_or_default().into_vec(), exit_groups),
            );
        }
        out
    }

    /// The ids of `names`, or `None` if one did not resolve (each such name is reported).
    fn all_resolved<T>(
        &mut self,
        names: &[Name],
        resolve: impl Fn(&mut Self, &Name) -> Option<T>,
    ) -> Option<ir::List<T>> {
        let mut ids = ir::List::new();
        let mut all = true;
        for name in names {
            match resolve(self, name) {
                Some(id) => ids.push(id),
                None => all = false,
            }
        }
        all.then_some(ids)
    }

    /// Reports a name written twice in one list (`A, A -> B`).
    #[inline]
    fn repeats(&mut self, kind: Kind, names: &[Name]) {
        if names.len() > 1 {
            self.repeats_in(kind, names);
        }
    }

    /// [`Self::repeats`] for a list of two or more names (most lists have one: no call for them).
    fn repeats_in(&mut self, kind: Kind, names: &[Name]) {
        for (i, name) in names.iter().enumerate() {
            if let Some(first) = names[..i].iter().find(|n| n.text == name.text) {
                self.diagnostics.push(report::listed_twice(kind, name, first.span));
            }
        }
    }

    fn state_set(&mut self, set: &ast::StateSet) -> Option<ir::List<StateId>> {
        match set {
            ast::StateSet::Names(names) => {
                self.repeats(Kind::State, names);
                self.all_resolved(names, Self::state)
            }
            ast::StateSet::All { except, .. } => {
                self.repeats(Kind::State, except);
                let excluded: Vec<Option<StateId>> = except.iter().map(|n| self.state(n)).collect();
                let excluded: Vec<StateId> = excluded.into_iter().collect::<Option<_>>()?;
                Some(
                    (0..self.states.len())
                        .map(StateId)
                        .filter(|s| !self.states[s.0].is_final && !excluded.contains(s))
                        .collect(),
                )
            }
        }
    }

    /// Resolves every transition; those with an error are dropped (the error is reported).
    pub(super) fn resolve_transitions(&mut self) -> Vec<ir::Transition> {
        let spec = self.spec;
        let count = spec.items.iter().filter(|item| matches!(item.kind, ast::ItemKind::Transition(_))).count();
        let mut out = Vec::with_capacity(count);
        for item in &spec.items {
            let ast::ItemKind::Transition(t) = &item.kind else { continue };
            let sources = self.state_set(&t.sources);
            let target = t.target.as_ref().map(|n| self.state(n));
            // On `*`, the events are those of its `except` list until `build_cells`.
            let listed = t.other.as_ref().map_or(&t.events[..], |o| &o.except[..]);
            self.repeats(Kind::Event, listed);
            let events = self.all_resolved(listed, Self::event);
            let condition = match t.guard.as_deref() {
                None => Some(ir::Condition::Always),
                Some(ast::GuardClause::Else(_)) => Some(ir::Condition::Else),
                Some(ast::GuardClause::Expr(e)) => self.expr(e).map(ir::Condition::When),
            };
            let (effects, groups) = self.written_effects(&t.effects);
            let target = match target {
                None => Some(None),
                Some(Some(s)) => Some(Some(s)),
                Some(None) => None,
            };
            // A transition with an error is dropped; the pairs it may concern are remembered, so
            // that the analyses leave them alone instead of reporting what its absence causes.
            let (Some(_), Some(_), Some(condition), Some(effects), Some(target)) =
                (&sources, &events, condition, effects, target)
            else {
                // A transition on `*` may concern any event of its states.
                self.dropped.push((sources, if t.other.is_some() { None } else { events }));
                continue;
            };
            let (Some(sources), Some(events)) = (sources, events) else { continue };
            // Every name resolved: the ids stand in the names' order (none for `*`).
            for (name, &id) in source_names(&t.sources).iter().zip(&sources) {
                if self.states[id.0].is_final
                    && let Some((_, decl)) = self.state_tab.get(&name.text)
                {
                    let declared = self.final_keyword(&name.text).unwrap_or(decl);
                    self.diagnostics.push(report::leaves_final(name, declared, item.span));
                }
            }
            let guard_text = match t.guard.as_deref() {
                None => String::new(),
                Some(ast::GuardClause::Else(_)) => "else".to_owned(),
                Some(ast::GuardClause::Expr(e)) => e.to_string(),
            };
            let wildcard = matches!(t.sources, ast::StateSet::All { .. });
            let notes = ir::Notes {
                guard_text,
                refs: t.refs.iter().map(|r| r.value.clone()).collect(),
                doc: super::doc(item.docs()),
                other_events: t
                    .other
                    .as_ref()
                    .map(|o| o.label.as_ref().map_or_else(|| ir::OTHER_EVENTS.to_owned(), |label| label.value.clone())),
                groups,
            };
            let transition =
                ir::Transition::new(sources, wildcard, events, condition, target, effects, item.span).with_notes(notes);
            if t.other.is_some() {
                self.others.push(transition);
            } else {
                out.push(transition);
            }
        }
        out
    }

    fn final_keyword(&self, state: &str) -> Option<Span> {
        self.items().find_map(|item| match &item.kind {
            ast::ItemKind::State(s) if s.decl.name.text == state => s.is_final,
            _ => None,
        })
    }

    /// Fills the (state, event) table from the transitions and the `ignore` and `error` items
    /// (written alike, an `error` item's pairs marked errors), and adds to `transitions` those
    /// on `*` (any other event), one per group of states where each covers the same events.
    ///
    /// The order decides: the transitions on listed events, then the plain `ignore`s and
    /// `error`s; then the transitions on `*` written for states (or superstates, flattened),
    /// which take the pairs still unmentioned, less their `except` lists; then those written
    /// for `*` states, which take what is left; then the `ignore ... otherwise` and `error ...
    /// otherwise` items. Transitions on `*` of one of these two rounds that cover the same pair
    /// are alternatives (guards choose), as transitions on a listed event are.
    pub(super) fn build_cells(&mut self, transitions: &mut Vec<ir::Transition>) -> Vec<ir::Cell> {
        let n_events = self.events.len();
        let mut cells = vec![ir::Cell::Unmentioned; self.states.len() * n_events];
        for (i, t) in transitions.iter().enumerate() {
            for &s in &t.sources {
                for &e in &t.events {
                    let cell = &mut cells[s.0 * n_events + e.0];
                    match cell {
                        // A name listed twice (reported) puts the transition in a pair once.
                        ir::Cell::Rules(rules) if rules.last() == Some(&TransitionId(i)) => {}
                        ir::Cell::Rules(rules) => rules.push(TransitionId(i)),
                        _ => *cell = ir::Cell::Rules(ir::List::one(TransitionId(i))),
                    }
                }
            }
        }
        let mut marks = vec![None; cells.len()];
        self.ignore_items(transitions, &mut cells, &mut marks, false);
        if !self.others.is_empty() {
            self.other_events(transitions, &mut cells);
        }
        self.ignore_items(transitions, &mut cells, &mut marks, true);
        cells
    }

    /// Writes the transitions on `*` into the table (see [`Self::build_cells`]), and reports
    /// those that cover nothing (W0011).
    fn other_events(&mut self, transitions: &mut Vec<ir::Transition>, cells: &mut [ir::Cell]) {
        let n_events = self.events.len();
        let others = std::mem::take(&mut self.others);
        // The transitions on `*` as written (one may be several here, flattened from a
        // superstate), with whether any of them covers a pair.
        let mut covering: Vec<(Span, bool)> = Vec::new();
        // Named sources first, then `*` sources.
        for wildcard in [false, true] {
            let round: Vec<&ir::Transition> = others.iter().filter(|t| t.wildcard == wildcard).collect();
            // The pairs unmentioned when the round starts: every transition of the round covers
            // them, whatever the others of the round take.
            let open: Vec<bool> = cells.iter().map(|c| matches!(c, ir::Cell::Unmentioned)).collect();
            for t in round {
                let except = &t.events;
                // The states grouped by the events covered there, in the order of the states.
                let mut groups: Vec<(ir::List<EventId>, ir::List<StateId>)> = Vec::new();
                for &s in &t.sources {
                    let events: ir::List<EventId> = (0..n_events)
                        .map(EventId)
                        .filter(|e| open[s.0 * n_events + e.0] && !except.contains(e))
                        .collect();
                    if events.is_empty() {
                        continue;
                    }
                    match groups.iter_mut().find(|(covered, _)| *covered == events) {
                        Some((_, states)) => states.push(s),
                        None => groups.push((events, ir::List::one(s))),
                    }
                }
                match covering.iter_mut().find(|(span, _)| *span == t.span) {
                    Some((_, covers)) => *covers |= !groups.is_empty(),
                    None => covering.push((t.span, !groups.is_empty())),
                }
                for (events, sources) in groups {
                    let id = TransitionId(transitions.len());
                    for &s in &sources {
                        for &e in &events {
                            let cell = &mut cells[s.0 * n_events + e.0];
                            match cell {
                                ir::Cell::Rules(rules) => rules.push(id),
                                _ => *cell = ir::Cell::Rules(ir::List::one(id)),
                            }
                        }
                    }
                    transitions.push(
                        ir::Transition::new(
                            sources,
                            t.wildcard,
                            events,
                            t.condition.clone(),
                            t.target,
                            t.effects.clone(),
                            t.span,
                        )
                        .with_notes(t.notes()),
                    );
                }
            }
        }
        for (span, _) in covering.into_iter().filter(|(_, covers)| !covers) {
            self.diagnostics.push(report::covers_nothing(span));
        }
    }

    /// Writes the `ignore` and `error` items into the table: the plain ones (`otherwise`
    /// false), or the `otherwise` ones, which take only pairs still unmentioned. `marks` holds,
    /// for each cell that an item has made ignored or an error, that item.
    fn ignore_items(
        &mut self,
        transitions: &[ir::Transition],
        cells: &mut [ir::Cell],
        marks: &mut [Option<Span>],
        otherwise: bool,
    ) {
        let n_events = self.events.len();
        let spec = self.spec;
        for item in &spec.items {
            let ast::ItemKind::Ignore(ignore) = &item.kind else { continue };
            if ignore.otherwise != otherwise {
                continue;
            }
            let states = match &ignore.states {
                None => Some((0..self.states.len()).map(StateId).collect()),
                Some(set) => self.state_set(set),
            };
            self.repeats(Kind::Event, &ignore.events);
            let (events, names): (Vec<Option<EventId>>, Vec<Name>) = match ignore.every_event {
                Some(star) => (0..n_events)
                    .map(|e| (Some(EventId(e)), Name { text: SmolStr::new(&self.events[e].named.name), span: star }))
                    .unzip(),
                None => (ignore.events.iter().map(|e| self.event(e)).collect(), ignore.events.to_vec()),
            };
            if states.is_none() || events.iter().any(Option::is_none) {
                self.dropped.push((states.clone(), events.iter().copied().collect()));
            }
            let Some(states) = states else { continue };
            let mark = match &ignore.error {
                Some(error) => ir::Cell::Error(self.protocol_error(item, ignore, error)),
                None => ir::Cell::Ignored(self.ignore_id(item, ignore)),
            };
            for (e, name) in events.into_iter().zip(&names) {
                let Some(e) = e else { continue };
                if ignore.otherwise {
                    // A fallback: the pairs some transition handles keep their transitions.
                    for &s in &states {
                        let at = s.0 * n_events + e.0;
                        if matches!(cells[at], ir::Cell::Unmentioned) {
                            cells[at] = mark.clone();
                            marks[at] = Some(item.span);
                        }
                    }
                    continue;
                }
                // One diagnostic per event, naming every state where the pair is also handled
                // (or, for a protocol error, ignored or an error of another item).
                let mut handled: Vec<(String, Span)> = Vec::new();
                let mut marked: Vec<(String, Span, &str)> = Vec::new();
                for &s in &states {
                    let at = s.0 * n_events + e.0;
                    let state = || self.states[s.0].named.name.clone();
                    match &cells[at] {
                        ir::Cell::Rules(rules) => {
                            handled.push((state(), rules.first().map_or(item.span, |t| transitions[t.0].span)));
                        }
                        // Ignored twice says the same twice; an error is said by one item.
                        ir::Cell::Ignored(_) if ignore.error.is_none() => {}
                        ir::Cell::Error(_) | ir::Cell::Ignored(_) if marks[at] != Some(item.span) => {
                            let what =
                                if matches!(cells[at], ir::Cell::Error(_)) { "a protocol error" } else { "ignored" };
                            marked.push((state(), marks[at].unwrap_or(item.span), what));
                        }
                        _ => {
                            cells[at] = mark.clone();
                            marks[at] = Some(item.span);
                        }
                    }
                }
                match &ignore.error {
                    None => {
                        if !handled.is_empty() {
                            self.diagnostics.push(report::ignored_and_handled(&handled, &name.text, item.span));
                        }
                    }
                    Some(_) => {
                        marked.extend(handled.into_iter().map(|(state, span)| (state, span, "handled")));
                    }
                }
                if !marked.is_empty() {
                    let error = ignore.error.is_some();
                    self.diagnostics.push(report::protocol_error_conflict(&marked, &name.text, item.span, error));
                }
            }
        }
    }

    /// The id of `ignore` item `item`, the one already made for it if its superstates made it
    /// several flat items.
    fn ignore_id(&mut self, item: &ast::Item, ignore: &ast::Ignore) -> ir::IgnoreId {
        if let Some(i) = self.ignores.iter().position(|p| p.span == item.span) {
            return ir::IgnoreId(i);
        }
        self.ignores.push(ir::Ignore {
            refs: ignore.refs.iter().map(|r| r.value.clone()).collect(),
            doc: super::doc(item.docs()),
            span: item.span,
        });
        ir::IgnoreId(self.ignores.len() - 1)
    }

    /// The id of the protocol error of `error` item `item`, the one already made for it if
    /// its superstates made it several flat items.
    fn protocol_error(&mut self, item: &ast::Item, ignore: &ast::Ignore, error: &ast::ProtocolError) -> ir::ErrorId {
        if let Some(i) = self.protocol_errors.iter().position(|p| p.span == item.span) {
            return ir::ErrorId(i);
        }
        self.protocol_errors.push(ir::ProtocolError {
            cause: error.cause.as_ref().map(|c| c.value.clone()),
            refs: ignore.refs.iter().map(|r| r.value.clone()).collect(),
            doc: super::doc(item.docs()),
            span: item.span,
        });
        ir::ErrorId(self.protocol_errors.len() - 1)
    }
}

/// Effects with the groups they name, where those stand among them.
type Written = (Vec<ir::Effect>, Vec<ir::GroupUse>);

fn source_names(set: &ast::StateSet) -> &[Name] {
    match set {
        ast::StateSet::Names(names) => names,
        ast::StateSet::All { .. } => &[],
    }
}
