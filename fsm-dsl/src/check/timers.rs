//! Which timers may be running in each state, and what follows from it: an expiry that cannot
//! happen in a state needs no handling there (the completeness check does not ask for it) and
//! handling it is dead (W0007); a timer that may be running where its expiry is ignored is
//! reported (W0008), and so is one that may still be running in a final state (W0009).
//!
//! "Running" means armed, as the generated code and the runtimes treat a timer: `start T` arms
//! it (a running timer is re-armed: one expiry is pending, counted from the last start),
//! `stop T` disarms it, and an expiry disarms it as it fires, before the machine handles the
//! event. So after an ignored expiry, or a transition on it that does not start the timer
//! again, the timer is not running; an expiry of a timer that is not running never happens.
//! Effects run in the order of `ir::Machine::effects_of` (exit, transition, entry), so a
//! state-scoped `timer T;` is its `entry start T` and `exit stop T`.
//!
//! The sets are computed per configuration: the state, the variables' values and the set of
//! running timers, explored from the start with the named guards as free inputs, as the other
//! analyses do. A state's set is the union over its reachable configurations, and each member
//! comes with the shortest event sequence that leaves it running there. Past the checker's
//! limits ([`super::eval::MAX_CONFIGURATIONS`], [`super::eval::MAX_EVALUATIONS`]) the
//! sets are computed per state instead, ignoring guards and variables: an over-approximation,
//! so that "cannot be running" stays true and "may be running" may be too wide.

use super::eval::{self, MAX_CONFIGURATIONS, MAX_EVALUATIONS, MAX_GUARD_COMBINATIONS, MAX_STARTS};
use super::report;
use crate::ast::{Policy, Span};
use crate::diag::Diagnostic;
use crate::ir::{self, ActionKind, Cell, EventId, Machine, StateId, TimerId};
use std::collections::{BTreeMap, HashMap};

/// Most timers the analysis tracks; a machine with more is checked as if each timer that is
/// started anywhere could be running in every state.
pub const MAX_TIMERS: usize = 128;

/// The timers that may be running in each state (see the module's documentation for what
/// "running" means). Built by [`crate::check::running`] for a checked machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Running {
    /// Per state: a bit per timer that may be running there.
    may_run: Vec<u128>,
    /// Per state: whether a sequence of events reaches it.
    reached: Vec<bool>,
    /// Per timer: whether any effect starts it.
    started: Vec<bool>,
    /// Per configuration explored: how it was first reached (parent, event).
    parents: Vec<Option<(usize, EventId)>>,
    /// (state, timer) -> the first configuration where the timer is running in the state.
    first: HashMap<(StateId, TimerId), usize>,
    /// Whether the sets are per configuration (`true`) or the per-state over-approximation.
    exact: bool,
    /// Whether the timers were analysed at all (at most [`MAX_TIMERS`]).
    analysed: bool,
    /// Whether items were dropped: the sets then hold only what the known pairs lead to.
    partial: bool,
}

impl Running {
    /// The timers that may be running while the machine is in `state`, in declaration order;
    /// empty for a state that no event sequence reaches.
    pub fn may_run(&self, state: StateId) -> Vec<TimerId> {
        let mut bits = self.may_run.get(state.0).copied().unwrap_or(0);
        let mut timers = Vec::new();
        // Set bits only: most states of a large machine run no timer.
        while bits != 0 {
            timers.push(TimerId(bits.trailing_zeros() as usize));
            bits &= bits - 1;
        }
        timers
    }

    /// Per state, a bit per timer that is proved not running in any configuration reached in
    /// that state ([`ir::Machine::idle_timers`]): none where the state is not reached or the
    /// timers were not analysed, since nothing is proved there.
    pub fn idle(&self, m: &Machine) -> Vec<u128> {
        if !self.analysed || self.partial || m.timers.is_empty() {
            return Vec::new();
        }
        let declared = if m.timers.len() >= 128 { u128::MAX } else { (1u128 << m.timers.len()) - 1 };
        (0..m.states.len()).map(|s| if self.reached(StateId(s)) { declared & !self.may_run[s] } else { 0 }).collect()
    }

    /// Whether `timer` may be running while the machine is in `state`.
    pub fn may_be_running(&self, state: StateId, timer: TimerId) -> bool {
        timer.0 < MAX_TIMERS && self.may_run.get(state.0).is_some_and(|bits| bits >> timer.0 & 1 == 1)
    }

    /// Whether some sequence of events reaches `state`.
    pub fn reached(&self, state: StateId) -> bool {
        self.reached.get(state.0).copied().unwrap_or(false)
    }

    /// Whether the analysis ran over every pair and found that no sequence of events reaches
    /// `state`; `false` when that is not known (too many timers, dropped items, or a machine
    /// without timers, whose states the checker's reading does not explore).
    pub fn unreached(&self, state: StateId) -> bool {
        self.analysed && !self.partial && !self.reached.is_empty() && !self.reached(state)
    }

    /// `true` when the sets were computed per configuration (guards and variables taken into
    /// account); `false` when the machine was too large and they are per state, wider.
    pub fn exact(&self) -> bool {
        self.exact && self.analysed
    }

    /// A shortest event sequence from the start after which `timer` is running in `state`,
    /// when the sets are exact and it may be.
    pub fn witness(&self, state: StateId, timer: TimerId) -> Option<Vec<EventId>> {
        let mut at = *self.first.get(&(state, timer))?;
        let mut path = Vec::new();
        while let Some((parent, e)) = self.parents.get(at).copied().flatten() {
            path.push(e);
            at = parent;
        }
        path.reverse();
        Some(path)
    }

    /// Whether the expiry of `timer` can happen in `state`, for the completeness check: in a
    /// reached state, when the timer may be running there; in a state nothing reaches, when
    /// anything starts the timer (the generated code can be started in any state), unless
    /// dropped items leave that unknown.
    pub fn expiry_possible(&self, state: StateId, timer: TimerId) -> bool {
        let started = self.started.get(timer.0).copied().unwrap_or(true);
        if !self.analysed {
            started
        } else if self.reached(state) {
            self.may_be_running(state, timer)
        } else {
            started && !self.partial
        }
    }
}

fn bit(t: TimerId) -> u128 {
    1u128 << t.0
}

/// The running timers after `effects`, in order.
fn timers_after<'a>(m: &Machine, effects: impl IntoIterator<Item = &'a ir::Effect>, mut mask: u128) -> u128 {
    if m.timers.is_empty() {
        return mask; // no action starts or stops one
    }
    for effect in effects {
        if let ir::Effect::Action(a) = effect {
            match m.action(*a).kind {
                ActionKind::Start(t) if t.0 < MAX_TIMERS => mask |= bit(t),
                ActionKind::Stop(t) if t.0 < MAX_TIMERS => mask &= !bit(t),
                _ => {}
            }
        }
    }
    mask
}

/// Whether no dropped item may concern the pair.
fn known(m: &Machine, unknown: Option<&[bool]>, s: StateId, e: EventId) -> bool {
    unknown.is_none_or(|u| !u.get(s.0 * m.events.len() + e.0).copied().unwrap_or(true))
}

/// The running timers when `e` arrives with `mask` running: `None` when it is the expiry of a
/// timer that is not running (it cannot arrive), else the set with that timer disarmed.
fn arrival(m: &Machine, e: EventId, mask: u128) -> Option<u128> {
    match m.event(e).timer {
        Some(t) if t.0 >= MAX_TIMERS => Some(mask),
        Some(t) if mask & bit(t) == 0 => None,
        Some(t) => Some(mask & !bit(t)),
        None => Some(mask),
    }
}

/// Computes the timers that may be running in each state. `unknown` flags the pairs that
/// dropped items may concern: they are not followed.
pub fn running(m: &Machine, unknown: Option<&[bool]>) -> Running {
    let mut started = vec![false; m.timers.len()];
    let effects = m.states.iter().flat_map(|s| s.entry.iter().chain(&s.exit));
    for effect in effects.chain(m.transitions.iter().flat_map(|t| &t.effects)) {
        if let ir::Effect::Action(a) = effect
            && let ActionKind::Start(t) = m.action(*a).kind
        {
            started[t.0] = true;
        }
    }
    let mut out = Running {
        may_run: vec![0; m.states.len()],
        reached: vec![false; m.states.len()],
        started,
        parents: Vec::new(),
        first: HashMap::new(),
        exact: true,
        analysed: m.timers.len() <= MAX_TIMERS,
        partial: unknown.is_some(),
    };
    if !out.analysed || m.states.is_empty() {
        return out;
    }
    if m.timers.is_empty() {
        // Nothing to track, and no second exploration of the whole space for it: the states
        // reached come from the per-state pass (guards ignored, so `exact()` is false).
        per_state(m, unknown, &mut out);
        return out;
    }
    if !exact(m, unknown, &mut out) {
        per_state(m, unknown, &mut out);
    }
    out
}

/// [`running`] as the checker itself reads it: only about timers (which expiries the
/// completeness check need not ask for, and W0007 to W0009). A machine without timers has
/// nothing to read there, so the pass over its states that finds which ones are reached is
/// skipped: no state is marked reached, and no timer runs anywhere.
pub(super) fn running_timers(m: &Machine, unknown: Option<&[bool]>) -> Running {
    if !m.timers.is_empty() {
        return running(m, unknown);
    }
    Running {
        may_run: Vec::new(),
        reached: Vec::new(),
        started: Vec::new(),
        parents: Vec::new(),
        first: HashMap::new(),
        exact: false,
        analysed: true,
        partial: unknown.is_some(),
    }
}

/// The exploration of (state, variables, running timers); `false` when a limit stopped it.
fn exact(m: &Machine, unknown: Option<&[bool]>, out: &mut Running) -> bool {
    type Config = (StateId, Vec<i64>, u128);
    // One root per start: per combination of the parameters that guards read.
    let Some(starts) = m.starts(MAX_STARTS) else { return false };
    let mut index: HashMap<Config, usize> = HashMap::new();
    let mut nodes: Vec<Config> = Vec::new();
    let mut parents: Vec<Option<(usize, EventId)>> = Vec::new();
    for mut vars in starts {
        let _ = eval::apply(m, &m.state(m.initial).entry, &mut vars);
        let start: Config = (m.initial, vars, timers_after(m, &m.state(m.initial).entry, 0));
        if !index.contains_key(&start) {
            index.insert(start.clone(), nodes.len());
            nodes.push(start);
            parents.push(None);
        }
    }
    let mut budget = MAX_EVALUATIONS;
    let mut values = vec![false; m.guards.len()];
    let (mut guard_ids, mut read, mut selected) = (Vec::new(), Vec::new(), Vec::new());
    let (mut decisive, mut scratch) = (Vec::new(), eval::Decisive::default());
    let mut next = 0;
    while next < nodes.len() {
        let (s, at_rest, mask) = nodes[next].clone();
        let mut reached: Vec<Config> = Vec::new();
        for e in (0..m.events.len()).map(EventId) {
            let Some(armed) = arrival(m, e, mask) else { continue };
            if !known(m, unknown, s, e) {
                continue;
            }
            // The expiry of a timer that a guard tests clears its running variable too (a copy
            // only then: this runs for every event of every configuration).
            let arrived;
            let vars = match m.event(e).timer.and_then(|t| m.timers[t.0].running) {
                Some(v) if at_rest.get(v.0).is_some_and(|&x| x != 0) => {
                    let mut cleared = at_rest.clone();
                    let _ = m.arrive(e, &mut cleared);
                    arrived = cleared;
                    &arrived
                }
                _ => &at_rest,
            };
            match m.cell(s, e) {
                Cell::Rules(rules) => {
                    eval::reads(m, rules, &mut guard_ids, &mut read);
                    let combinations = 1u128 << guard_ids.len().min(127);
                    if combinations > MAX_GUARD_COMBINATIONS {
                        return false;
                    }
                    let Some(rest) = budget.checked_sub(combinations * rules.len() as u128) else { return false };
                    budget = rest;
                    // Every other combination reaches only configurations that one of these reached.
                    eval::decisive_combinations(m, rules, &guard_ids, vars, false, &mut scratch, &mut decisive);
                    for &combination in &decisive {
                        for (n, g) in guard_ids.iter().enumerate() {
                            values[g.0] = combination >> n & 1 == 1;
                        }
                        eval::decide(m, rules, &values, vars, &mut selected);
                        if selected.is_empty() {
                            reached.push((s, vars.clone(), armed));
                        }
                        for &t in &selected {
                            let mut after = vars.clone();
                            let _ = eval::apply(m, m.each_effect_of(s, t), &mut after);
                            let timers = timers_after(m, m.each_effect_of(s, t), armed);
                            reached.push((m.transition(t).target.unwrap_or(s), after, timers));
                        }
                    }
                }
                _ => {
                    // Ignored or unhandled: nothing happens, but an expiry has disarmed its
                    // timer, and a configuration of its own follows, reached by this event.
                    // Counted like a guard evaluation, as `analysis` counts it, so that many
                    // events over many configurations stay within the budget too.
                    let Some(rest) = budget.checked_sub(1) else { return false };
                    budget = rest;
                    if armed != mask || *vars != at_rest {
                        reached.push((s, vars.clone(), armed));
                    }
                }
            }
            for config in reached.drain(..) {
                if index.contains_key(&config) {
                    continue;
                }
                if nodes.len() as u128 >= MAX_CONFIGURATIONS {
                    return false;
                }
                index.insert(config.clone(), nodes.len());
                nodes.push(config);
                parents.push(Some((next, e)));
            }
        }
        next += 1;
    }
    // Breadth-first order: the first configuration of a (state, timer) has the shortest path.
    for (n, (s, _, mask)) in nodes.iter().enumerate() {
        out.reached[s.0] = true;
        out.may_run[s.0] |= mask;
        for t in (0..m.timers.len()).filter(|t| mask >> t & 1 == 1) {
            out.first.entry((*s, TimerId(t))).or_insert(n);
        }
    }
    out.parents = parents;
    true
}

/// The per-state over-approximation: every transition of a pair is taken, whatever its guard.
/// Union over paths of a gen/kill effect, so a fixpoint over states reaches it.
fn per_state(m: &Machine, unknown: Option<&[bool]>, out: &mut Running) {
    out.exact = false;
    out.first.clear();
    out.parents.clear();
    out.may_run.iter_mut().for_each(|b| *b = 0);
    out.reached.iter_mut().for_each(|r| *r = false);
    out.reached[m.initial.0] = true;
    out.may_run[m.initial.0] = timers_after(m, &m.state(m.initial).entry, 0);
    let mut queue = std::collections::VecDeque::from([m.initial]);
    let mut queued = vec![false; m.states.len()];
    queued[m.initial.0] = true;
    while let Some(s) = queue.pop_front() {
        queued[s.0] = false;
        let mask = out.may_run[s.0];
        for e in (0..m.events.len()).map(EventId) {
            let Some(armed) = arrival(m, e, mask) else { continue };
            let Cell::Rules(rules) = m.cell(s, e) else { continue };
            if !known(m, unknown, s, e) {
                continue;
            }
            for &t in rules {
                let target = m.transition(t).target.unwrap_or(s);
                let after = timers_after(m, m.each_effect_of(s, t), armed);
                if !out.reached[target.0] || out.may_run[target.0] | after != out.may_run[target.0] {
                    out.reached[target.0] = true;
                    out.may_run[target.0] |= after;
                    if !queued[target.0] {
                        queued[target.0] = true;
                        queue.push_back(target);
                    }
                }
            }
        }
    }
}

/// The diagnostics of the analysis on a whole machine (no dropped item): W0007, W0008, W0009.
pub fn diagnostics(m: &Machine, running: &Running) -> Vec<Diagnostic> {
    if !running.analysed || m.timers.is_empty() {
        return Vec::new();
    }
    let mut out = dead_handling(m, running);
    out.extend(ignored_while_running(m, running));
    out
}

fn state_list(m: &Machine, states: &[StateId]) -> Vec<String> {
    states.iter().map(|s| m.state(*s).named.name.clone()).collect()
}

/// How the timer `t` comes to be running in `s`: `after `E`, `F`` (the shortest event sequence
/// from the start), `at the start`, or `None` when the checker has no sequence for it.
pub(crate) fn path_text(m: &Machine, running: &Running, s: StateId, t: TimerId) -> Option<String> {
    let path = running.witness(s, t)?;
    let events: Vec<String> = path.iter().map(|e| format!("`{}`", m.event(*e).named.name)).collect();
    Some(if events.is_empty() { "at the start".to_owned() } else { format!("after {}", events.join(", ")) })
}

/// W0007: transitions on an expiry, from states where its timer cannot be running. A transition
/// on `*` (any other event) covers such an expiry without naming it, and is not reported. One
/// transition as written may be several in the model (flattened from a superstate): it is judged
/// over all of them.
fn dead_handling(m: &Machine, running: &Running) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let names_an_expiry =
        |t: &ir::Transition| t.other_events().is_none() && t.events.iter().any(|e| m.event(*e).timer.is_some());
    for ids in m.as_written(names_an_expiry) {
        let parts: Vec<&ir::Transition> = ids.iter().map(|&id| m.transition(id)).collect();
        let span = parts[0].span;
        let mut events: Vec<EventId> = parts.iter().flat_map(|t| t.events.iter().copied()).collect();
        events.sort();
        events.dedup();
        let wildcard = parts.iter().any(|t| t.wildcard);
        for e in events {
            let Some(timer) = m.event(e).timer else { continue };
            // A timer that nothing starts is W0004's.
            if !running.started.get(timer.0).copied().unwrap_or(false) {
                continue;
            }
            let sources: Vec<StateId> =
                parts.iter().filter(|t| t.events.contains(&e)).flat_map(|t| t.sources.iter().copied()).collect();
            let reached: Vec<StateId> = sources.iter().copied().filter(|&s| running.reached(s)).collect();
            let dead: Vec<StateId> = reached.iter().copied().filter(|&s| !running.may_be_running(s, timer)).collect();
            // `*` means "wherever it happens": only a transition that never applies is dead.
            if dead.is_empty() || (wildcard && dead.len() < reached.len()) {
                continue;
            }
            let live: Vec<StateId> =
                (0..m.states.len()).map(StateId).filter(|&s| running.may_be_running(s, timer)).collect();
            out.push(report::dead_expiry(
                span,
                &m.event(e).named.name,
                &m.timers[timer.0].named.name,
                &state_list(m, &dead),
                &state_list(m, &live),
                dead.len() == sources.len(),
            ));
        }
    }
    out
}

/// W0008 (an expiry ignored, by an `ignore` or by `unhandled = ignore`, where its timer may be
/// running) and W0009 (a timer that may be running in a final state).
fn ignored_while_running(m: &Machine, running: &Running) -> Vec<Diagnostic> {
    // (place, timer) -> states, so that one `ignore` gives one diagnostic per timer.
    let mut by_item: BTreeMap<(Span, TimerId), Vec<StateId>> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, state) in m.states.iter().enumerate() {
        let s = StateId(i);
        for timer in running.may_run(s) {
            let expiry = m.timers[timer.0].expiry;
            let why = path_text(m, running, s, timer);
            if state.is_final {
                out.push(report::running_in_final(
                    &state.named.name,
                    state.named.span,
                    m.timers[timer.0].named.span,
                    &m.timers[timer.0].named.name,
                    why.as_deref(),
                ));
                continue;
            }
            match m.cell(s, expiry) {
                Cell::Ignored(id) => {
                    let place = m.ignore(*id).span;
                    by_item.entry((place, timer)).or_default().push(s);
                }
                Cell::Unmentioned if m.policy == Policy::Ignore => {
                    out.push(report::expiry_ignored(
                        state.named.span,
                        false,
                        &m.timers[timer.0].named.name,
                        &m.event(expiry).named.name,
                        std::slice::from_ref(&state.named.name),
                        &[],
                        why.as_deref(),
                    ));
                }
                _ => {}
            }
        }
    }
    for ((place, timer), states) in by_item {
        let first = states[0];
        let why = path_text(m, running, first, timer);
        let spans: Vec<Span> = states.iter().map(|s| m.state(*s).named.span).collect();
        out.push(report::expiry_ignored(
            place,
            true,
            &m.timers[timer.0].named.name,
            &m.event(m.timers[timer.0].expiry).named.name,
            &state_list(m, &states),
            &spans,
            why.as_deref(),
        ));
    }
    out
}

/// E0033: a step that starts a timer whose duration reads a variable, then assigns that
/// variable. The generated `Machine` hands each start's duration over with the values after the
/// step's assignments; an assignment after the start would make them differ from the values at
/// the start, which the RFC means. Each (transition, source state) step and the start are
/// read; a pair is reported once, at the transition (or the initial state).
pub fn assigned_after_start(m: &Machine) -> Vec<Diagnostic> {
    if m.timers.iter().all(|t| t.duration.is_none()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut read = |effects: &mut dyn Iterator<Item = &ir::Effect>, span: Span, out: &mut Vec<Diagnostic>| {
        let mut started: Vec<TimerId> = Vec::new();
        for effect in effects {
            match *effect {
                ir::Effect::Action(a) => {
                    if let ActionKind::Start(t) = m.action(a).kind
                        && m.timers[t.0].duration.is_some()
                        && !started.contains(&t)
                    {
                        started.push(t);
                    }
                }
                ir::Effect::Set(v, _) | ir::Effect::Add(v, _) => {
                    for &t in &started {
                        let timer = &m.timers[t.0];
                        let Some(duration) = &timer.duration else { continue };
                        if duration.expr.reads(v) && seen.insert((span, t, v)) {
                            let var = &m.vars[v.0].named.name;
                            out.push(
                                Diagnostic::new(
                                    crate::diag::Code::AssignedAfterStart,
                                    format!(
                                        "`{var}` is assigned after `{}` starts, and its duration reads it",
                                        timer.named.name
                                    ),
                                    span,
                                    format!("starts `{}`, then assigns `{var}`", timer.named.name),
                                )
                                .with_secondary(timer.named.span, format!("`{}`", duration.text))
                                .with_help(format!("assign `{var}` before the start of `{}`", timer.named.name)),
                            );
                        }
                    }
                }
            }
        }
    };
    for (i, t) in m.transitions.iter().enumerate() {
        for &source in t.sources.iter() {
            read(&mut m.each_effect_of(source, ir::TransitionId(i)), t.span, &mut out);
        }
    }
    let initial = m.state(m.initial);
    read(&mut initial.entry.iter(), initial.named.span, &mut out);
    out
}

/// E0035: a start of a timer whose duration reads an event's data (`DhcpAck.lease s`) by a
/// step that another event may trigger (a transition on other events too, the start of the
/// machine). The generated `Machine` computes the duration from the data of the event being
/// handled; only a step of that event has it. Each transition (with its source states' exits
/// and its target's entries) and the start are read; a pair is reported once.
pub fn started_without_data(m: &Machine) -> Vec<Diagnostic> {
    if m.timers.iter().all(|t| t.duration.as_ref().is_none_or(|d| d.data.is_none())) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut read = |effects: &mut dyn Iterator<Item = &ir::Effect>,
                    events: Option<&[EventId]>,
                    span: Span,
                    out: &mut Vec<Diagnostic>| {
        for effect in effects {
            let ir::Effect::Action(a) = *effect else { continue };
            let ActionKind::Start(t) = m.action(a).kind else { continue };
            let timer = &m.timers[t.0];
            let Some((duration, data)) = timer.duration.as_ref().and_then(|d| Some((d, d.data?))) else { continue };
            let other = match events {
                Some(events) => {
                    let others: Vec<String> =
                        events.iter().filter(|&&e| e != data).map(|&e| m.event(e).named.name.to_string()).collect();
                    (!others.is_empty()).then(|| format!("on {}", report::quoted(&others)))
                }
                None => Some("at the start of the machine".to_owned()),
            };
            let Some(other) = other else { continue };
            if !seen.insert((span, t)) {
                continue;
            }
            let event = &m.event(data).named.name;
            out.push(
                Diagnostic::new(
                    crate::diag::Code::StartedWithoutData,
                    format!("`{}` is started {other}, but its duration reads the data of `{event}`", timer.named.name),
                    span,
                    format!("starts `{}` {other}", timer.named.name),
                )
                .with_secondary(timer.named.span, format!("`{}`", duration.text))
                .with_help(format!(
                    "start `{}` only on `{event}`, or give it a duration that does not read `{event}`'s data",
                    timer.named.name
                )),
            );
        }
    };
    for (i, t) in m.transitions.iter().enumerate() {
        for &source in t.sources.iter() {
            read(&mut m.each_effect_of(source, ir::TransitionId(i)), Some(t.events.as_slice()), t.span, &mut out);
        }
    }
    let initial = m.state(m.initial);
    read(&mut initial.entry.iter(), None, initial.named.span, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compile(text: &str) -> Machine {
        let spec = crate::syntax::parse(text).0.unwrap();
        crate::check::skeleton(&spec).unwrap()
    }

    fn names(m: &Machine, r: &Running) -> Vec<Vec<String>> {
        (0..m.states.len())
            .map(|s| r.may_run(StateId(s)).iter().map(|t| m.timers[t.0].named.name.clone()).collect())
            .collect()
    }

    #[test]
    fn the_configuration_after_an_ignored_expiry_is_explored_from_that_expiry() {
        // `TExpiry`, ignored in `S`, stops `T`: `E` then takes `S -> R` and starts `T` again,
        // where its expiry is ignored too. That configuration was left among the next event's
        // successors, or lost after the last event, so the warning was missed.
        let text = "machine M {
            unhandled = error;
            timer T = 1 s;
            initial state S { entry start T; }
            state R;
            event E;
            #[allow(W0008)] ignore TExpiry in S;
            S -> R on E [!running T] / start T;
            internal S on E [running T];
            R -> S on E / stop T;
            ignore TExpiry in R;
        }";
        let compiled = crate::compile(text);
        let warning = compiled.diagnostics.iter().find(|d| d.code == crate::diag::Code::ExpiryIgnored);
        let Some(warning) = warning else { panic!("no W0008 in {:?}", compiled.diagnostics) };
        assert!(warning.notes.iter().any(|n| n.contains("after `TExpiry`, `E`, `T` is running in `R`")), "{warning:?}");
    }

    #[test]
    fn the_per_state_pass_is_wider_than_the_exact_one_and_never_narrower() {
        // The guard `n < 1` gives up after one retry: the exact pass sees that `T` is never
        // running when `Failed` is entered; the per-state one takes every transition whatever
        // its guard and still never drops a timer that may run.
        let m = compile(
            "machine M {
                initial state Idle;
                state Trying;
                state Failed;
                event Go;
                timer T;
                var n: 0..=1 = 0;
                Idle -> Trying on Go / start T, n = 0;
                internal Trying on TExpiry [n < 1] / start T, n += 1;
                Trying -> Failed on TExpiry [else];
                Trying -> Failed on Go [n == 1] / start T;
                internal Trying on Go [else];
                Failed -> Idle on Go / stop T;
                ignore TExpiry otherwise;
            }",
        );
        let exact_pass = running(&m, None);
        assert!(exact_pass.exact());
        let mut wide = exact_pass.clone();
        per_state(&m, None, &mut wide);
        assert!(!wide.exact());
        assert_eq!(names(&m, &exact_pass), [vec![], vec!["T".to_owned()], vec!["T".to_owned()]]);
        assert_eq!(names(&m, &wide), [vec![], vec!["T".to_owned()], vec!["T".to_owned()]]);
        for s in 0..m.states.len() {
            let (narrow, broad) = (exact_pass.may_run[s], wide.may_run[s]);
            assert_eq!(narrow & !broad, 0, "the per-state pass dropped a timer in state {s}");
        }
        // Only the exact pass keeps the shortest sequences.
        assert!(wide.witness(StateId(1), TimerId(0)).is_none(), "no witness without exact sets");
        assert!(exact_pass.witness(StateId(2), TimerId(0)).is_some());
    }

    #[test]
    fn the_per_state_pass_ignores_guards() {
        // `[n == 5]` never holds (n stays 0): the exact pass knows that `T` never runs in `B`.
        let m = compile(
            "machine M {
                initial state A;
                state B;
                event Go;
                timer T;
                var n: 0..=5 = 0;
                A -> B on Go [n == 5] / start T;
                A -> B on Go [else];
                B -> A on Go / stop T;
                ignore TExpiry otherwise;
            }",
        );
        let exact_pass = running(&m, None);
        assert!(!exact_pass.may_be_running(StateId(1), TimerId(0)));
        let mut wide = exact_pass.clone();
        per_state(&m, None, &mut wide);
        assert!(wide.may_be_running(StateId(1), TimerId(0)));
        assert!(!wide.may_be_running(StateId(0), TimerId(0)));
    }
}
