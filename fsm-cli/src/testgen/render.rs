//! A suite as `fsm tests` prints it: readable text, or one JSON document (its schema is in the
//! book, chapter "Test suites from a spec").

use super::{Stats, Step, Suite, value_text};
use fsm_dsl::ir::{Machine, StepKind};
use serde_json::{Map, Value, json};
use std::fmt::Write as _;

/// The one-line size of a suite: cases and steps against transitions and pairs.
pub fn summary(s: &Stats) -> String {
    // Said only for a machine with `error` items, so that the others' summaries read as before.
    let errors = if s.error_pairs > 0 { format!(", {} protocol error", s.error_pairs) } else { String::new() };
    format!(
        "{} {}, {} {}: {} of {} transitions taken in {} of {} handled pairs, {} ignored{errors} and {} unhandled pairs hit ({} goals; {} {} of a stopped timer left out; {} (state, event) pairs, {} {} explored)",
        s.cases,
        fsm_dsl::diag::plural(s.cases, "case"),
        s.steps,
        fsm_dsl::diag::plural(s.steps, "step"),
        s.transitions_covered,
        s.transitions,
        s.handled_pairs_covered,
        s.handled_pairs,
        s.ignored_pairs,
        s.unhandled_pairs,
        s.goals,
        s.expiries_left_out,
        if s.expiries_left_out == 1 { "expiry" } else { "expiries" },
        s.pairs,
        s.configurations,
        fsm_dsl::diag::plural(s.configurations, "configuration")
    )
}

fn vars_text(m: &Machine, vars: &[(String, i64)]) -> String {
    let parts: Vec<String> = vars.iter().map(|(n, x)| format!("{n} = {}", value_text(m, n, *x))).collect();
    format!("{{{}}}", parts.join(", "))
}

fn step_text(m: &Machine, number: usize, step: &Step) -> String {
    let mut line = format!("  {number:>2}. {:<24}", step.input);
    match step.kind {
        StepKind::Transition => line.push_str(&format!(" {} -> {}", step.from, step.to)),
        StepKind::Internal => line.push_str(&format!(" {} (internal)", step.from)),
        StepKind::Ignored => line.push_str(&format!(" {}: ignored", step.from)),
        StepKind::Unhandled => line.push_str(&format!(" {}: unhandled", step.from)),
        StepKind::ProtocolError => line.push_str(&format!(" {}: protocol error", step.from)),
    }
    if !step.actions.is_empty() {
        line.push_str(&format!(" / {}", step.actions.join(", ")));
    }
    if !step.durations.is_empty() {
        let durations: Vec<String> = (step.durations.iter())
            .map(|(timer, ms)| match ms {
                Some(ms) => {
                    format!("{timer} {}", crate::markdown::duration_text(std::time::Duration::from_millis(*ms)))
                }
                None => format!("{timer} from the event's data"),
            })
            .collect();
        line.push_str(&format!(" [{}]", durations.join(", ")));
    }
    if !step.vars.is_empty() {
        line.push_str(&format!(" {}", vars_text(m, &step.vars)));
    }
    if !step.refs.is_empty() {
        line.push_str(&format!("  ({})", step.refs.join("; ")));
    }
    line
}

/// The suite as text: a summary, the start, then each case with one line per step
/// (`input  from -> to / actions {vars}  (refs)`), then the transitions no case takes.
pub fn text(m: &Machine, suite: &Suite) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", suite.machine, summary(&suite.stats));
    let mut start = format!("start: {}", suite.initial);
    if !suite.entry.is_empty() {
        start.push_str(&format!(" / {}", suite.entry.join(", ")));
    }
    if !suite.start_vars.is_empty() {
        start.push_str(&format!(" {}", vars_text(m, &suite.start_vars)));
    }
    let _ = writeln!(out, "{start}");
    for (i, case) in suite.cases.iter().enumerate() {
        let n = case.steps.len();
        let _ = writeln!(out, "\ncase {} ({n} {})", i + 1, fsm_dsl::diag::plural(n, "step"));
        for (j, step) in case.steps.iter().enumerate() {
            let _ = writeln!(out, "{}", step_text(m, j + 1, step).trim_end());
        }
    }
    if !suite.untaken.is_empty() {
        let _ = writeln!(out, "\nnot taken from the start:");
        for &t in &suite.untaken {
            let tr = m.transition(t);
            let sources: Vec<&str> = tr.sources.iter().map(|s| m.state(*s).named.name.as_str()).collect();
            let _ = writeln!(out, "  {} on {}", sources.join(", "), m.trigger_text(tr));
        }
    }
    if let Some(why) = &suite.incomplete {
        let _ = writeln!(out, "\nincomplete: {why}");
    }
    out
}

fn vars_json(m: &Machine, vars: &[(String, i64)]) -> Value {
    let mut map = Map::new();
    for (name, x) in vars {
        let value = match value_text(m, name, *x).as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => Value::from(*x),
        };
        map.insert(name.clone(), value);
    }
    Value::Object(map)
}

/// The suite as one JSON document (schema in the book, "Test suites from a spec"):
/// `{machine, initial, entry, vars, summary, cases: [{steps: [{event, input, guards, from, to,
/// kind, actions, transition, refs, vars}]}], untaken, incomplete}`.
pub fn to_json(m: &Machine, suite: &Suite) -> Value {
    let s = &suite.stats;
    let cases: Vec<Value> = suite
        .cases
        .iter()
        .map(|case| {
            let steps: Vec<Value> = case
                .steps
                .iter()
                .map(|step| {
                    let guards: Map<String, Value> =
                        step.guards.iter().map(|(g, v)| (g.clone(), Value::Bool(*v))).collect();
                    let mut object = json!({
                        "event": step.event,
                        "input": step.input,
                        "guards": guards,
                        "from": step.from,
                        "to": step.to,
                        "kind": step.kind.as_str(),
                        "actions": step.actions,
                        "transition": step.transition.map(|t| t.0),
                        "refs": step.refs,
                        "vars": vars_json(m, &step.vars),
                    });
                    // As `fsm sim` prints them, in a machine with durations that read names.
                    if m.timers.iter().any(|t| t.duration.is_some()) {
                        object["durations"] =
                            (step.durations.iter()).map(|(timer, ms)| json!({ "timer": timer, "ms": ms })).collect();
                    }
                    object
                })
                .collect();
            json!({ "steps": steps })
        })
        .collect();
    let untaken: Vec<Value> = suite
        .untaken
        .iter()
        .map(|&t| {
            let tr = m.transition(t);
            json!({
                "transition": t.0,
                "sources": tr.sources.iter().map(|s| m.state(*s).named.name.clone()).collect::<Vec<_>>(),
                "trigger": m.trigger_text(tr),
                "refs": tr.refs(),
            })
        })
        .collect();
    json!({
        "machine": suite.machine,
        "initial": suite.initial,
        "entry": suite.entry,
        "vars": vars_json(m, &suite.start_vars),
        "summary": {
            "cases": s.cases,
            "steps": s.steps,
            "transitions": s.transitions,
            "transitions_covered": s.transitions_covered,
            "pairs": s.pairs,
            "handled_pairs": s.handled_pairs,
            "handled_pairs_covered": s.handled_pairs_covered,
            "ignored_pairs": s.ignored_pairs,
            "unhandled_pairs": s.unhandled_pairs,
            "error_pairs": s.error_pairs,
            "expiries_left_out": s.expiries_left_out,
            "goals": s.goals,
            "configurations": s.configurations,
        },
        "cases": cases,
        "untaken": untaken,
        "incomplete": suite.incomplete,
    })
}
