//! Flattening: the variables of a checked machine expanded into explicit states, printed as a
//! spec of the DSL (which itself checks clean). Each state of the result stands for one
//! reachable (state, variable values) configuration of the original.
//!
//! The result has no variables and no entry or exit actions: every transition lists all the
//! actions it runs (the source's exit, its own, the target's entry), since an original internal
//! transition that changes a variable becomes a move between two flattened states, which must
//! not run exit and entry actions. The initial state's entry actions stay entry actions of the
//! flattened initial state (transitions into it leave them out of their list); only if an
//! internal transition can move into that configuration does a separate start state carry them.

use fsm_dsl::ast::Span;
use fsm_dsl::ir::{
    ActionKind, Cell, Condition, Effect, ErrorId, EventId, Expr, IgnoreId, Machine, StateId, TransitionId, VarType,
};
use std::collections::HashMap;
use std::fmt::Write as _;
use thiserror::Error;

/// Most configurations a flattened machine may have.
pub const MAX_CONFIGURATIONS: usize = 100_000;

/// Why a machine cannot be flattened.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FlattenError {
    /// More reachable configurations than [`MAX_CONFIGURATIONS`].
    #[error("more than {MAX_CONFIGURATIONS} reachable (state, variables) configurations")]
    TooLarge,
    /// The machine has parameters: its flat form depends on their values, which a flat spec
    /// cannot take.
    #[error("the machine has parameters ({0}): its flat form depends on their values")]
    Parameters(String),
    /// Guards test whether timers are running: an expiry that no transition takes would move
    /// the flat machine between configurations, which a flat `ignore` cannot say.
    #[error("guards test whether timers are running ({0}): an ignored expiry would change the configuration")]
    RunningTests(String),
    /// Timers' durations are computed (from parameters, variables or an event's data): the flat
    /// spec keeps constant durations only.
    #[error(
        "timers' durations are computed ({0}), from variables or an event's data: the flat spec keeps constant durations only"
    )]
    Durations(String),
}

/// A configuration: a state and the variables' values.
type Config = (StateId, Vec<i64>);

/// One rule of a flattened cell.
struct Rule {
    guard: Option<String>,
    target: usize,
    /// Every action the original runs: exit, transition, entry.
    actions: Vec<String>,
    /// The same without the target's entry actions.
    actions_before_entry: Vec<String>,
    /// The original transition is internal and stays in the same configuration.
    internal: bool,
    /// The original transition is external (runs exit and entry actions).
    external: bool,
    from: TransitionId,
}

enum FlatCell {
    Unmentioned,
    Ignored(IgnoreId),
    Error(ErrorId),
    Rules(Vec<Rule>),
}

/// Writes a DSL string literal.
pub fn string_literal(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn doc_lines(out: &mut String, indent: &str, doc: &str) {
    for line in doc.lines() {
        if line.is_empty() {
            let _ = writeln!(out, "{indent}///");
        } else {
            let _ = writeln!(out, "{indent}/// {line}");
        }
    }
}

/// An item's doc comment and the `#[allow(..)]` of the warnings the spec allows where the item
/// comes from (`span`: the original item or name), as the lines before the item.
fn item_head(out: &mut String, m: &Machine, doc: &str, span: Span) {
    doc_lines(out, "    ", doc);
    let codes = m.allows.within(span);
    if !codes.is_empty() {
        let _ = writeln!(out, "    #[allow({})]", codes.join(", "));
    }
}

fn apply(m: &Machine, effects: &[Effect], vars: &mut [i64]) {
    for effect in effects {
        match *effect {
            Effect::Action(_) => {}
            Effect::Set(v, x) => vars[v.0] = x,
            Effect::Add(v, d) => {
                let ty = m.vars[v.0].ty;
                vars[v.0] = vars[v.0].saturating_add(d).clamp(ty.min(), ty.max());
            }
        }
    }
}

/// How an action is written in an action list of the flattened spec.
fn action_text(m: &Machine, effect: &Effect) -> Option<String> {
    let Effect::Action(a) = effect else { return None };
    let action = m.action(*a);
    Some(match action.kind {
        ActionKind::Start(t)
            if action.named.label.as_deref() == Some(&format!("start {}", m.timers[t.0].named.name)) =>
        {
            format!("start {}", m.timers[t.0].named.name)
        }
        ActionKind::Stop(t) if action.named.label.as_deref() == Some(&format!("stop {}", m.timers[t.0].named.name)) => {
            format!("stop {}", m.timers[t.0].named.name)
        }
        _ => action.named.name.clone(),
    })
}

fn config_name(m: &Machine, (s, vars): &Config) -> String {
    let mut name = m.state(*s).named.name.clone();
    for (var, value) in m.vars.iter().zip(vars) {
        let value = match var.ty {
            VarType::Bool => (*value != 0).to_string(),
            VarType::Int { .. } if *value < 0 => format!("m{}", value.unsigned_abs()),
            VarType::Int { .. } => value.to_string(),
        };
        let _ = write!(name, "__{}_{value}", var.named.name);
    }
    name
}

fn values_text(m: &Machine, vars: &[i64]) -> String {
    m.vars
        .iter()
        .zip(vars)
        .map(|(var, value)| match var.ty {
            VarType::Bool => format!("{} = {}", var.named.name, *value != 0),
            VarType::Int { .. } => format!("{} = {value}", var.named.name),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Explores the reachable configurations and the flattened cells of each.
fn explore(m: &Machine) -> Result<(Vec<Config>, Vec<Vec<FlatCell>>), FlattenError> {
    let mut start = m.initial_vars();
    apply(m, &m.state(m.initial).entry, &mut start);
    let mut configs: Vec<Config> = vec![(m.initial, start.clone())];
    let mut index: HashMap<Config, usize> = HashMap::from([((m.initial, start), 0)]);
    let mut cells = Vec::new();
    let mut next = 0;
    while next < configs.len() {
        let (s, vars) = configs[next].clone();
        next += 1;
        let mut row = Vec::with_capacity(m.events.len());
        for e in (0..m.events.len()).map(EventId) {
            let rules = match m.cell(s, e) {
                Cell::Unmentioned => {
                    row.push(FlatCell::Unmentioned);
                    continue;
                }
                Cell::Ignored(id) => {
                    row.push(FlatCell::Ignored(*id));
                    continue;
                }
                Cell::Error(id) => {
                    row.push(FlatCell::Error(*id));
                    continue;
                }
                Cell::Rules(rules) => rules,
            };
            // Guards with the variables substituted; those that cannot hold are dropped.
            let mut kept: Vec<(TransitionId, Option<Expr>)> = Vec::new();
            let mut otherwise = None;
            for &t in rules {
                match &m.transition(t).condition {
                    Condition::Always => kept.push((t, None)),
                    Condition::When(e) => match e.with_vars(&vars) {
                        Expr::Const(false) => {}
                        Expr::Const(true) => kept.push((t, None)),
                        residual => kept.push((t, Some(residual))),
                    },
                    Condition::Else => otherwise = otherwise.or(Some(t)),
                }
            }
            // `else` holds when no other transition can be taken: never beside one whose guard
            // the variables made true. Kept, it would reach configurations the spec cannot.
            if otherwise.is_some() && always_one_holds(&kept, m.guards.len(), &vars) {
                otherwise = None;
            }
            let mut out = Vec::new();
            let else_guard = if kept.is_empty() { None } else { Some("else".to_owned()) };
            let all = kept
                .into_iter()
                .map(|(t, g)| (t, g.map(|g| m.expr_text(&g))))
                .chain(otherwise.map(|t| (t, else_guard)));
            for (t, guard) in all {
                let transition = m.transition(t);
                let target_state = transition.target.unwrap_or(s);
                let mut target_vars = vars.clone();
                let effects = m.effects_of(s, t);
                apply(m, &effects, &mut target_vars);
                let config = (target_state, target_vars);
                let target = match index.get(&config) {
                    Some(&i) => i,
                    None => {
                        if configs.len() >= MAX_CONFIGURATIONS {
                            return Err(FlattenError::TooLarge);
                        }
                        index.insert(config.clone(), configs.len());
                        configs.push(config);
                        configs.len() - 1
                    }
                };
                let entry_len = transition.target.map_or(0, |t| m.state(t).entry.len());
                let before_entry = &effects[..effects.len() - entry_len];
                out.push(Rule {
                    guard,
                    target,
                    actions: effects.iter().filter_map(|e| action_text(m, e)).collect(),
                    actions_before_entry: before_entry.iter().filter_map(|e| action_text(m, e)).collect(),
                    internal: transition.target.is_none() && target == next - 1,
                    external: transition.target.is_some(),
                    from: t,
                });
            }
            row.push(if out.is_empty() { FlatCell::Unmentioned } else { FlatCell::Rules(out) });
        }
        cells.push(row);
    }
    Ok((configs, cells))
}

/// The flattened machine as spec text.
pub fn flatten(m: &Machine) -> Result<String, FlattenError> {
    let params: Vec<&str> = m.vars.iter().filter(|v| v.param).map(|v| v.named.name.as_str()).collect();
    if !params.is_empty() {
        return Err(FlattenError::Parameters(params.join(", ")));
    }
    let computed: Vec<&str> = m.timers.iter().filter(|t| t.duration.is_some()).map(|t| t.named.name.as_str()).collect();
    if !computed.is_empty() {
        return Err(FlattenError::Durations(computed.join(", ")));
    }
    let tested: Vec<&str> = m.timers.iter().filter(|t| t.running.is_some()).map(|t| t.named.name.as_str()).collect();
    if !tested.is_empty() {
        return Err(FlattenError::RunningTests(tested.join(", ")));
    }
    let (configs, cells) = explore(m)?;
    let names: Vec<String> = configs.iter().map(|c| config_name(m, c)).collect();
    let initial_entry: Vec<String> = m.state(m.initial).entry.iter().filter_map(|e| action_text(m, e)).collect();
    // The initial configuration keeps the initial state's entry actions, which then also run when
    // an external transition re-enters it, as in the original. Only an internal transition that
    // moves into it by changing variables must not run them: then a start state carries them.
    let reentered_quietly = cells.iter().flatten().any(|c| match c {
        FlatCell::Rules(rules) => rules.iter().any(|r| r.target == 0 && !r.internal && !r.external),
        _ => false,
    });
    let start_copy = !initial_entry.is_empty() && reentered_quietly;
    let mut out = String::new();

    doc_lines(&mut out, "", &m.named.doc);
    if !m.named.doc.is_empty() {
        out.push_str("///\n");
    }
    let _ = writeln!(
        out,
        "/// Flattened by `fsm flatten` from `{}`: each state is one reachable (state, variable values)\n/// configuration of it, and each transition lists every action it runs.",
        m.named.name
    );
    let label = m.named.label.as_ref().map(|l| format!(" {}", string_literal(l))).unwrap_or_default();
    let _ = writeln!(out, "machine {}Flat{label} {{", m.named.name);
    if !m.allows.everywhere.is_empty() {
        let _ = writeln!(out, "    #![allow({})]", m.allows.everywhere.join(", "));
    }
    for r in &m.refs {
        let _ = writeln!(out, "    ref {};", string_literal(r));
    }
    let policy = match m.policy {
        fsm_dsl::ast::Policy::Error => "error",
        fsm_dsl::ast::Policy::Warn => "warn",
        fsm_dsl::ast::Policy::Ignore => "ignore",
    };
    let _ = writeln!(out, "    unhandled = {policy};\n");
    if m.diagram != fsm_dsl::ir::Diagram::default() {
        let shown = |on: bool| if on { "show" } else { "hide" };
        let _ = writeln!(
            out,
            "    diagram {{ direction = {}; events = {}; actions = {}; }}\n",
            m.diagram.direction.code(),
            shown(m.diagram.events),
            shown(m.diagram.actions)
        );
    }

    if start_copy {
        let name = format!("{}_START", names[0]);
        let start = format!("The start: `{}`, entered once when the machine starts.", names[0]);
        item_head(&mut out, m, &start, m.state(configs[0].0).named.span);
        let _ = writeln!(out, "    initial state {name} {{ entry {}; }}", initial_entry.join(", "));
    }
    for (i, (s, vars)) in configs.iter().enumerate() {
        let state = m.state(*s);
        let mut doc = state.named.doc.clone();
        if !m.vars.is_empty() {
            if !doc.is_empty() {
                doc.push_str("\n\n");
            }
            let _ = write!(doc, "With {}.", values_text(m, vars));
        }
        item_head(&mut out, m, &doc, state.named.span);
        let mut label = state.named.display().to_owned();
        if !m.vars.is_empty() {
            let _ = write!(label, " ({})", values_text(m, vars));
        }
        let label = if label == names[i] { String::new() } else { format!(" {}", string_literal(&label)) };
        let initial = if i == 0 && !start_copy { "initial " } else { "" };
        let final_ = if state.is_final { "final " } else { "" };
        let entry = if i == 0 && !start_copy && !initial_entry.is_empty() {
            format!(" {{ entry {}; }}", initial_entry.join(", "))
        } else {
            ";".to_owned()
        };
        let _ = writeln!(out, "    {initial}{final_}state {}{label}{entry}", names[i]);
    }
    out.push('\n');
    declarations(m, &mut out);
    transitions(m, &names, &cells, start_copy, &mut out);
    out.push_str("}\n");
    Ok(out)
}

fn declarations(m: &Machine, out: &mut String) {
    let label = |l: &Option<String>| l.as_ref().map(|l| format!(" {}", string_literal(l))).unwrap_or_default();
    for event in m.events.iter().filter(|e| e.timer.is_none()) {
        item_head(out, m, &event.named.doc, event.named.span);
        let payload = event.payload.as_ref().map_or_else(String::new, |ty| format!("({ty})"));
        let _ = writeln!(out, "    event {}{payload}{};", event.named.name, label(&event.named.label));
    }
    for guard in &m.guards {
        item_head(out, m, &guard.named.doc, guard.named.span);
        let _ = writeln!(out, "    guard {}{};", guard.named.name, label(&guard.named.label));
    }
    for timer in &m.timers {
        item_head(out, m, &timer.named.doc, timer.named.span);
        // The default duration, which the flat machine's starts keep (`fsm equiv` compares it).
        let default = timer.default.map_or_else(String::new, |d| format!(" = {}", crate::markdown::duration_text(d)));
        let _ = writeln!(out, "    timer {}{}{default};", timer.named.name, label(&timer.named.label));
    }
    for action in &m.actions {
        let op = match action.kind {
            ActionKind::User => {
                item_head(out, m, &action.named.doc, action.named.span);
                let _ = writeln!(out, "    action {}{};", action.named.name, label(&action.named.label));
                continue;
            }
            ActionKind::Start(t) => format!("start {}", m.timers[t.0].named.name),
            ActionKind::Stop(t) => format!("stop {}", m.timers[t.0].named.name),
        };
        // A timer operation is declared only when the spec names it (a labelled timer's implied
        // `StopT` is shown as `stop <label>`, so the label cannot tell).
        if !action.implied {
            item_head(out, m, &action.named.doc, action.named.span);
            let _ = writeln!(out, "    action {}{} = {op};", action.named.name, label(&action.named.label));
        }
    }
    out.push('\n');
}

fn transitions(m: &Machine, names: &[String], cells: &[Vec<FlatCell>], start_copy: bool, out: &mut String) {
    // Transitions with the same event, guard, target and actions share one line, written where
    // the first of them was met: each group is found by its key (a search of the groups met so
    // far made flattening a large machine quadratic in its cells).
    type Key = (usize, Option<String>, usize, Vec<String>, bool, TransitionId);
    let mut groups: Grouped<Key> = Grouped::default();
    let mut ignores: Grouped<(usize, IgnoreId)> = Grouped::default();
    let mut errors: Grouped<(usize, ErrorId)> = Grouped::default();
    for (i, row) in cells.iter().enumerate() {
        let mut sources = vec![names[i].clone()];
        if i == 0 && start_copy {
            sources.push(format!("{}_START", names[0]));
        }
        for (e, cell) in row.iter().enumerate() {
            match cell {
                FlatCell::Unmentioned => {}
                FlatCell::Ignored(id) => ignores.add((e, *id), &sources),
                FlatCell::Error(id) => errors.add((e, *id), &sources),
                FlatCell::Rules(rules) => {
                    for r in rules {
                        // Entering the initial configuration runs its entry actions already.
                        let actions = if r.target == 0 && !start_copy && r.external {
                            r.actions_before_entry.clone()
                        } else {
                            r.actions.clone()
                        };
                        // The start copy moves to the initial configuration where the original
                        // stays put.
                        for (k, source) in sources.iter().enumerate() {
                            let internal = r.internal && k == 0;
                            let key = (e, r.guard.clone(), r.target, actions.clone(), internal, r.from);
                            groups.add(key, std::slice::from_ref(source));
                        }
                    }
                }
            }
        }
    }
    for ((e, guard, target, actions, internal, from), sources) in groups.0 {
        let t = m.transition(from);
        item_head(out, m, t.doc(), t.span);
        let guard = guard.map(|g| format!(" [{g}]")).unwrap_or_default();
        let actions = if actions.is_empty() { String::new() } else { format!(" / {}", actions.join(", ")) };
        let refs: String = t.refs().iter().map(|r| format!(" ref {}", string_literal(r))).collect();
        let event = &m.events[e].named.name;
        if internal {
            let _ = writeln!(out, "    internal {} on {event}{guard}{actions}{refs};", sources.join(", "));
        } else {
            let _ = writeln!(out, "    {} -> {} on {event}{guard}{actions}{refs};", sources.join(", "), names[target]);
        }
    }
    for ((e, id), states) in ignores.0 {
        let ignore = m.ignore(id);
        item_head(out, m, &ignore.doc, ignore.span);
        let refs: String = ignore.refs.iter().map(|r| format!(" ref {}", string_literal(r))).collect();
        let _ = writeln!(out, "    ignore {} in {}{refs};", m.events[e].named.name, states.join(", "));
    }
    for ((e, id), states) in errors.0 {
        let error = m.protocol_error(id);
        item_head(out, m, &error.doc, error.span);
        let cause = error.cause.as_deref().map(|c| format!(" {}", string_literal(c))).unwrap_or_default();
        let refs: String = error.refs.iter().map(|r| format!(" ref {}", string_literal(r))).collect();
        let _ = writeln!(out, "    error {} in {}{cause}{refs};", m.events[e].named.name, states.join(", "));
    }
}

/// Lines of the flat spec by key, each with its states, in the order their keys were first met.
struct Grouped<K>(Vec<(K, Vec<String>)>, HashMap<K, usize>);

impl<K> Default for Grouped<K> {
    fn default() -> Self {
        Grouped(Vec::new(), HashMap::new())
    }
}

impl<K: std::hash::Hash + Eq + Clone> Grouped<K> {
    /// Adds `states` to the line of `key`, which is new unless the key was met before.
    fn add(&mut self, key: K, states: &[String]) {
        match self.1.get(&key) {
            Some(&i) => self.0[i].1.extend_from_slice(states),
            None => {
                self.1.insert(key.clone(), self.0.len());
                self.0.push((key, states.to_vec()));
            }
        }
    }
}

/// Whether, for every value of the named guards, one of these guards (variables substituted;
/// `None` is always true) holds, so that an `else` beside them never does. Past 2^12
/// combinations it answers no, keeping the `else`: the flat machine may then hold a
/// configuration the spec never reaches, never one it does.
fn always_one_holds(kept: &[(TransitionId, Option<Expr>)], guards: usize, vars: &[i64]) -> bool {
    if kept.iter().any(|(_, g)| g.is_none()) {
        return true;
    }
    let mut named = Vec::new();
    for g in kept.iter().filter_map(|(_, g)| g.as_ref()) {
        g.collect(&mut named, &mut Vec::new());
    }
    named.sort_by_key(|g| g.0);
    named.dedup();
    if named.len() > 12 {
        return false;
    }
    let mut values = vec![false; guards];
    (0u32..1 << named.len()).all(|bits| {
        for (i, g) in named.iter().enumerate() {
            values[g.0] = bits >> i & 1 == 1;
        }
        kept.iter().any(|(_, g)| g.as_ref().is_some_and(|g| g.eval(&values, vars)))
    })
}
