//! Transitions and the (state, event) table: the entry and exit effects of each state, every
//! transition (one with an error dropped, the pairs it may concern remembered for the analyses),
//! and the cells they fill, with the `ignore` items.

use super::Resolver;
use crate::ast::{self, Name, SmolStr, Span};
use crate::check::report::{self, Kind};
use crate::ir::{self, EventId, StateId, TransitionId};

impl Resolver<'_> {
    pub(super) fn resolve_entry_exit(&mut self) -> Vec<(Vec<ir::Effect>, Vec<ir::Effect>)> {
        let mut out = vec![(Vec::new(), Vec::new()); self.states.len()];
        for item in &self.spec.items {
            let ast::ItemKind::State(s) = &item.kind else { continue };
            let Some((i, span)) = self.state_tab.get(&s.decl.name.text) else { continue };
            if span != s.decl.name.span {
                continue; // a duplicate declaration, already reported
            }
            let (entry, exit) = (self.effects(&s.entry), self.effects(&s.exit));
            self.unsound |= entry.is_none() || exit.is_none();
            out[i] = (entry.unwrap_or_default().into_vec(), exit.unwrap_or_default().into_vec());
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
            self.repeats(Kind::Event, &t.events);
            let events = self.all_resolved(&t.events, Self::event);
            let condition = match t.guard.as_deref() {
                None => Some(ir::Condition::Always),
                Some(ast::GuardClause::Else(_)) => Some(ir::Condition::Else),
                Some(ast::GuardClause::Expr(e)) => self.expr(e).map(ir::Condition::When),
            };
            let effects = self.effects(&t.effects);
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
                self.dropped.push((sources, events));
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
            };
            out.push(
                ir::Transition::new(sources, wildcard, events, condition, target, effects, item.span).with_notes(notes),
            );
        }
        out
    }

    fn final_keyword(&self, state: &str) -> Option<Span> {
        self.items().find_map(|item| match &item.kind {
            ast::ItemKind::State(s) if s.decl.name.text == state => s.is_final,
            _ => None,
        })
    }

    /// Fills the (state, event) table from the transitions and the `ignore` items.
    pub(super) fn build_cells(&mut self, transitions: &[ir::Transition]) -> Vec<ir::Cell> {
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
        let spec = self.spec;
        for item in &spec.items {
            let ast::ItemKind::Ignore(ignore) = &item.kind else { continue };
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
            for (e, name) in events.into_iter().zip(&names) {
                let Some(e) = e else { continue };
                if ignore.otherwise {
                    // A fallback: the pairs some transition handles keep their transitions.
                    for &s in &states {
                        let cell = &mut cells[s.0 * n_events + e.0];
                        if matches!(cell, ir::Cell::Unmentioned) {
                            *cell = ir::Cell::Ignored;
                        }
                    }
                    continue;
                }
                // One diagnostic per ignored event, naming every state where it is also handled.
                let mut conflicts: Vec<(String, Span)> = Vec::new();
                for &s in &states {
                    let cell = &mut cells[s.0 * n_events + e.0];
                    match cell {
                        ir::Cell::Rules(rules) => {
                            let handled = rules.first().map_or(item.span, |t| transitions[t.0].span);
                            conflicts.push((self.states[s.0].named.name.clone(), handled));
                        }
                        _ => *cell = ir::Cell::Ignored,
                    }
                }
                if !conflicts.is_empty() {
                    self.diagnostics.push(report::ignored_and_handled(&conflicts, &name.text, item.span));
                }
            }
        }
        cells
    }
}

fn source_names(set: &ast::StateSet) -> &[Name] {
    match set {
        ast::StateSet::Names(names) => names,
        ast::StateSet::All { .. } => &[],
    }
}
