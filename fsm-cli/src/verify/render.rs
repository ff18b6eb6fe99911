//! What `fsm verify` prints: the summary (text or JSON) and each violation as a message
//! sequence chart, in text and as a Mermaid `sequenceDiagram` (instances as lifelines,
//! messages as arrows at their delivery, environment events, faults and the instances' steps
//! as notes, each step citing the `ref`s of the transition it took).

use super::explore::{Property, Report, Stop, Violation};
use super::model::System;
use super::step::{Config, InstanceStep, Move, Problem};
use fsm_dsl::ir::StepKind;
use std::fmt::Write as _;

/// The name of a property as the summary prints it.
pub fn property_name(system: &System, p: &Property) -> String {
    match p {
        Property::Deadlock => "deadlock".into(),
        Property::UnspecifiedReception => "unspecified reception".into(),
        Property::Overflow => "channel overflow".into(),
        Property::Invariant(i) => match system.invariants.get(*i) {
            Some(v) if v.at_quiescence => format!("invariant {} at quiescence", v.name),
            Some(v) => format!("invariant {}", v.name),
            None => "invariant ?".into(),
        },
        Property::Home(i) => format!("home {}", system.homes.get(*i).map_or("?", |v| v.name.as_str())),
    }
}

fn properties(system: &System) -> Vec<Property> {
    let mut all = vec![Property::Deadlock, Property::UnspecifiedReception, Property::Overflow];
    all.extend((0..system.invariants.len()).map(Property::Invariant));
    all.extend((0..system.homes.len()).map(Property::Home));
    all
}

/// The moves of a violation's chart: those to the configuration where it breaks, and for an
/// overflow the move that overflows.
pub fn moves(v: &Violation) -> usize {
    v.trace.len().saturating_sub(1) + usize::from(matches!(v.problem, Some(Problem::Overflow { .. })))
}

/// Whether every property holds over every reachable configuration.
pub fn verified(report: &Report) -> bool {
    report.violations.is_empty() && report.stopped.is_none()
}

/// The summary: the system, the statistics, a verdict per property.
pub fn summary(system: &System, report: &Report) -> String {
    let mut out = String::new();
    let count = |n: usize, word: &str| format!("{n} {}", fsm_dsl::diag::plural(n, word));
    let _ = writeln!(
        out,
        "system {}: {}, {}, {}, {}",
        system.name,
        count(system.instances.len(), "instance"),
        count(system.channels.len(), "channel"),
        count(system.environment.len(), "environment event"),
        count(system.invariants.len(), "invariant")
    );
    if !system.homes.is_empty() {
        out.pop();
        let _ = writeln!(out, ", {}", count(system.homes.len(), "home state"));
    }
    let per_state = report.packed_bytes.checked_div(report.states).unwrap_or(0);
    let memory = report.memory_bytes.checked_div(report.states).unwrap_or(0);
    let _ = writeln!(
        out,
        "explored {} states, {} transitions, depth {}, in {:.3} s",
        report.states,
        report.transitions,
        report.depth,
        report.elapsed.as_secs_f64()
    );
    let _ = writeln!(
        out,
        "memory: {per_state} octets per state packed (exact storage), {memory} with the index and the trace links, {:.1} MiB in all",
        report.memory_bytes as f64 / (1024.0 * 1024.0)
    );
    match report.stopped {
        Some(Stop::States(n)) => {
            let _ = writeln!(out, "stopped at the bound of {n} states: what holds, holds only in the states explored");
        }
        Some(Stop::Memory) => {
            let _ = writeln!(
                out,
                "stopped when the packed states filled 4 GiB: what holds, holds only in the states explored"
            );
        }
        Some(Stop::Depth(n)) => {
            let _ = writeln!(out, "stopped at the bound of depth {n}: what holds, holds only up to that depth");
        }
        None => {}
    }
    let holds = if report.stopped.is_some() { "holds so far" } else { "holds" };
    let width = properties(system).iter().map(|p| property_name(system, p).len()).max().unwrap_or(0).max(28);
    for p in properties(system) {
        let name = property_name(system, &p);
        match report.violations.iter().find(|v| v.property == p) {
            Some(v) => {
                let what = if matches!(p, Property::Deadlock | Property::Invariant(_) | Property::Home(_)) {
                    "state"
                } else {
                    "move"
                };
                let what = fsm_dsl::diag::plural(v.count, what);
                let _ =
                    writeln!(out, "  {name:<width$} VIOLATED ({} {what}), shortest trace: {} moves", v.count, moves(v));
            }
            None => {
                let verdict = match p {
                    Property::Home(_) if report.stopped.is_some() => "not decided: it needs every state",
                    _ => holds,
                };
                let _ = writeln!(out, "  {name:<width$} {verdict}");
            }
        }
    }
    let verdict = if !report.violations.is_empty() {
        format!("{} of {} properties violated", report.violations.len(), properties(system).len())
    } else if report.stopped.is_some() {
        "no violation within the bounds (not a proof)".into()
    } else {
        "every property holds in every reachable state".into()
    };
    let _ = writeln!(out, "verdict: {verdict}");
    out
}

/// The summary as one JSON document.
pub fn summary_json(system: &System, report: &Report) -> serde_json::Value {
    let props: Vec<serde_json::Value> = properties(system)
        .iter()
        .map(|p| {
            let v = report.violations.iter().find(|v| v.property == *p);
            serde_json::json!({
                "property": property_name(system, p),
                "verdict": match (v.is_some(), report.stopped.is_some(), p) {
                    (true, ..) => "violated",
                    (false, true, Property::Home(_)) => "not-decided",
                    (false, true, _) => "holds-so-far",
                    (false, false, _) => "holds",
                },
                "count": v.map_or(0, |v| v.count),
                "trace_moves": v.map(moves),
            })
        })
        .collect();
    serde_json::json!({
        "system": system.name,
        "states": report.states,
        "transitions": report.transitions,
        "depth": report.depth,
        "packed_bytes": report.packed_bytes,
        "memory_bytes": report.memory_bytes,
        "seconds": report.elapsed.as_secs_f64(),
        "stopped": report.stopped.map(|s| match s {
            Stop::States(n) => serde_json::json!({"bound": "states", "limit": n}),
            Stop::Depth(n) => serde_json::json!({"bound": "depth", "limit": n}),
            Stop::Memory => serde_json::json!({"bound": "memory", "limit": u64::from(u32::MAX)}),
        }),
        "verified": verified(report),
        "properties": props,
    })
}

fn step_text(system: &System, s: &InstanceStep) -> String {
    let m = &system.instances[s.instance].machine;
    let (from, to) = (&m.state(s.from).named.name, &m.state(s.to).named.name);
    let mut text = match s.kind {
        StepKind::Ignored => format!("{} ignored in {from}", m.event(s.event).named.name),
        StepKind::Unhandled => format!("{} unhandled in {from}", m.event(s.event).named.name),
        _ => format!("{}: {from} -> {to}", m.event(s.event).named.name),
    };
    if !s.actions.is_empty() {
        let actions: Vec<&str> = s.actions.iter().map(|a| m.action(*a).named.name.as_str()).collect();
        let _ = write!(text, " / {}", actions.join(", "));
    }
    if let Some(t) = s.transition {
        let refs = m.transition(t).refs();
        if !refs.is_empty() {
            let _ = write!(text, " [{}]", refs.join("; "));
        }
    }
    text
}

fn message_name(system: &System, channel: usize, message: u8) -> &str {
    system.channels[channel].messages.get(usize::from(message)).map_or("?", String::as_str)
}

fn configuration(system: &System, c: &Config) -> String {
    let states: Vec<String> = system
        .instances
        .iter()
        .zip(c.states())
        .map(|(i, s)| format!("{}={}", i.name, i.machine.state(s).named.name))
        .collect();
    let queues: Vec<String> = system
        .channels
        .iter()
        .zip(c.queues())
        .map(|(ch, q)| {
            let ms: Vec<&str> =
                q.iter().map(|m| ch.messages.get(usize::from(*m)).map_or("?", String::as_str)).collect();
            format!("{}=[{}]", ch.name, ms.join(", "))
        })
        .collect();
    if queues.is_empty() { states.join(", ") } else { format!("{}; {}", states.join(", "), queues.join(", ")) }
}

/// What a violation means, in one line.
pub fn problem_text(system: &System, v: &Violation) -> String {
    match (&v.property, &v.problem) {
        (_, Some(Problem::Unspecified { channel, message, receiver })) => {
            let msg = message_name(system, *channel, *message);
            let ch = &system.channels[*channel].name;
            match receiver {
                Some((i, e, s)) => {
                    let inst = &system.instances[*i];
                    format!(
                        "unspecified reception: {msg} at the head of {ch} arrives at {} as {} in state {}, which neither handles, defers nor ignores it",
                        inst.name,
                        inst.machine.event(*e).named.name,
                        inst.machine.state(*s).named.name
                    )
                }
                None => format!("unspecified reception: {msg} at the head of {ch}, which no `receive` rule takes"),
            }
        }
        (_, Some(Problem::Overflow { channel, message, .. })) => {
            let capacity = system.channels[*channel].capacity;
            format!(
                "channel overflow: {} sent to {}, which holds {capacity} {} already (its capacity)",
                message_name(system, *channel, *message),
                system.channels[*channel].name,
                fsm_dsl::diag::plural(capacity, "message")
            )
        }
        (Property::Deadlock, _) => "deadlock: no move is possible, and not every instance is in an end state".into(),
        (p @ Property::Home(_), _) => format!("{}: no path from here reaches it", property_name(system, p)),
        (p, _) => format!("{} broken", property_name(system, p)),
    }
}

/// A violation as a text message sequence chart: one numbered line per move, with the
/// instances' steps and the messages sent indented below it, then what breaks.
pub fn chart_text(system: &System, v: &Violation) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: shortest trace, {} moves", property_name(system, &v.property), moves(v));
    for (n, m) in chart_moves(v).into_iter().enumerate() {
        let (head, steps) = move_head(system, m);
        let _ = writeln!(out, "{n:>4}  {head}");
        for s in steps {
            let name = &system.instances[s.instance].name;
            if matches!(m, Move::Start { .. }) {
                let machine = &system.instances[s.instance].machine;
                let actions: Vec<&str> = s.actions.iter().map(|a| machine.action(*a).named.name.as_str()).collect();
                let state = &machine.state(s.to).named.name;
                if actions.is_empty() {
                    let _ = writeln!(out, "        {name}: starts in {state}");
                } else {
                    let _ = writeln!(out, "        {name}: starts in {state} / {}", actions.join(", "));
                }
            } else {
                let _ = writeln!(out, "        {name}: {}", step_text(system, s));
            }
            let instance = &system.instances[s.instance];
            for c in s.actions.iter().flat_map(|a| instance.flushes[a.0].iter().copied()) {
                let _ = writeln!(out, "        {name} empties {}", system.channels[c].name);
            }
            for (c, msg) in s.actions.iter().flat_map(|a| instance.sends[a.0].iter().copied()) {
                let _ =
                    writeln!(out, "        {name} -> {}: {}", system.channels[c].name, message_name(system, c, msg));
            }
        }
    }
    let _ = writeln!(out, "     x  {}", problem_text(system, v));
    let _ = writeln!(out, "        in: {}", configuration(system, &v.at));
    out
}

/// The moves a violation's chart shows: its trace, and the move that overflowed, if one did.
fn chart_moves(v: &Violation) -> Vec<&Move> {
    let mut moves: Vec<&Move> = v.trace.iter().collect();
    if let Some(Problem::Overflow { by, .. }) = &v.problem {
        moves.push(by);
    }
    moves
}

/// A move's line in a chart, and the instances' steps it took.
fn move_head<'m>(system: &System, m: &'m Move) -> (String, &'m [InstanceStep]) {
    match m {
        Move::Start { steps } => ("start".into(), steps),
        Move::Deliver { channel, message, steps } => {
            (format!("{} delivers {}", system.channels[*channel].name, message_name(system, *channel, *message)), steps)
        }
        Move::Environment { step } => ("environment".into(), std::slice::from_ref(step)),
        Move::Lose { channel, message, position } => {
            let ch = &system.channels[*channel].name;
            (format!("{ch} loses {} (fault, position {position})", message_name(system, *channel, *message)), &[])
        }
        Move::Duplicate { channel, message } => {
            let ch = &system.channels[*channel].name;
            (format!("{ch} duplicates {} (fault)", message_name(system, *channel, *message)), &[])
        }
        Move::Reorder { channel, message, position } => {
            let ch = &system.channels[*channel].name;
            let message = message_name(system, *channel, *message);
            (format!("{ch}: {message} overtakes from position {position} (fault)"), &[])
        }
    }
}

/// Mermaid's entities for the characters that end a statement or start an entity.
fn mermaid_text(text: &str) -> String {
    text.replace('#', "#35;").replace(';', "#59;").replace(['\n', '\r'], " ")
}

/// A violation as a Mermaid `sequenceDiagram`.
pub fn chart_mermaid(system: &System, v: &Violation) -> String {
    let mut out = String::from("sequenceDiagram\n");
    for i in &system.instances {
        let _ = writeln!(out, "    participant {}", i.name);
    }
    let name = |i: usize| system.instances.get(i).map_or("?", |i| i.name.as_str());
    let moves = chart_moves(v);
    let note_steps = |out: &mut String, steps: &[InstanceStep]| {
        for s in steps {
            let _ = writeln!(out, "    Note over {}: {}", name(s.instance), mermaid_text(&step_text(system, s)));
        }
    };
    // Where a channel's fault is drawn: over its first sender and first receiver.
    let ends = |c: usize, m: u8| {
        let ch = &system.channels[c];
        let to = ch.receivers.get(usize::from(m)).and_then(|r| r.first()).map(|r| r.0);
        let from = ch.sender.get(usize::from(m)).copied().flatten();
        match (from, to) {
            (Some(a), Some(b)) if a != b => format!("{},{}", name(a), name(b)),
            (Some(a), _) | (None, Some(a)) => name(a).to_owned(),
            (None, None) => name(0).to_owned(),
        }
    };
    for (n, m) in moves.iter().enumerate() {
        match m {
            Move::Start { steps } => {
                for s in steps {
                    let machine = &system.instances[s.instance].machine;
                    let _ = writeln!(
                        out,
                        "    Note over {}: {n}. starts in {}",
                        name(s.instance),
                        machine.state(s.to).named.name
                    );
                }
            }
            Move::Deliver { channel, message, steps } => {
                let msg = message_name(system, *channel, *message);
                let ch = &system.channels[*channel];
                for s in steps.iter() {
                    let from = ch.sender.get(usize::from(*message)).copied().flatten().unwrap_or(s.instance);
                    let _ = writeln!(
                        out,
                        "    {}-){}: {n}. {} ({})",
                        name(from),
                        name(s.instance),
                        mermaid_text(msg),
                        ch.name
                    );
                }
                note_steps(&mut out, steps);
            }
            Move::Environment { step } => {
                let text = format!("{n}. environment: {}", step_text(system, step));
                let _ = writeln!(out, "    Note over {}: {}", name(step.instance), mermaid_text(&text));
            }
            Move::Lose { channel, message, .. } => {
                let text = format!(
                    "{n}. {} lost on {} (fault)",
                    message_name(system, *channel, *message),
                    system.channels[*channel].name
                );
                let _ = writeln!(out, "    Note over {}: {}", ends(*channel, *message), mermaid_text(&text));
            }
            Move::Duplicate { channel, message } => {
                let text = format!(
                    "{n}. {} duplicated on {} (fault)",
                    message_name(system, *channel, *message),
                    system.channels[*channel].name
                );
                let _ = writeln!(out, "    Note over {}: {}", ends(*channel, *message), mermaid_text(&text));
            }
            Move::Reorder { channel, message, .. } => {
                let text = format!(
                    "{n}. {} overtakes on {} (fault)",
                    message_name(system, *channel, *message),
                    system.channels[*channel].name
                );
                let _ = writeln!(out, "    Note over {}: {}", ends(*channel, *message), mermaid_text(&text));
            }
        }
    }
    let over = match &v.problem {
        Some(Problem::Unspecified { receiver: Some((i, ..)), .. }) => name(*i).to_owned(),
        Some(Problem::Unspecified { channel, message, .. } | Problem::Overflow { channel, message, .. }) => {
            ends(*channel, *message)
        }
        None if system.instances.len() > 1 => format!("{},{}", name(0), name(system.instances.len() - 1)),
        None => name(0).to_owned(),
    };
    let _ = writeln!(out, "    Note over {over}: {}", mermaid_text(&problem_text(system, v)));
    out
}

/// Each instance's part of a violation's trace, in `fsm observe`'s format (JSON lines, see
/// `crate::observe`), by instance: a `params` record where the system gives the instance's
/// spec parameters values other than their defaults, then one record per step the instance
/// took (the event, its actions, exactly, and the state after it, noted with the move that
/// took it). So `fsm observe SPEC TRACE` replays what each instance did against its own spec.
/// The start's entry actions are not listed (`fsm observe` does not compare them); the step of
/// an unspecified reception, which the receiver cannot take, is not either.
pub fn instance_traces(system: &System, v: &Violation) -> Vec<String> {
    let mut traces: Vec<String> = system
        .instances
        .iter()
        .map(|instance| {
            let m = &instance.machine;
            let initial = m.initial_vars();
            let params: serde_json::Map<String, serde_json::Value> = (m.vars.iter().enumerate())
                .filter(|&(v, var)| var.param && instance.start.get(v) != initial.get(v))
                .map(|(v, var)| {
                    let value = instance.start.get(v).copied().unwrap_or_default();
                    let json = match var.ty {
                        fsm_dsl::ir::VarType::Bool => serde_json::Value::Bool(value != 0),
                        fsm_dsl::ir::VarType::Int { .. } => serde_json::Value::from(value),
                    };
                    (var.named.name.clone(), json)
                })
                .collect();
            if params.is_empty() { String::new() } else { format!("{}\n", serde_json::json!({ "params": params })) }
        })
        .collect();
    for (n, m) in chart_moves(v).into_iter().enumerate() {
        // The start's entry actions are not compared by `fsm observe`; faults take no step.
        if matches!(m, Move::Start { .. }) {
            continue;
        }
        let (head, steps) = move_head(system, m);
        for s in steps {
            let machine = &system.instances[s.instance].machine;
            let actions: Vec<&str> = s.actions.iter().map(|a| machine.action(*a).named.name.as_str()).collect();
            let record = serde_json::json!({
                "event": machine.event(s.event).named.name,
                "actions": actions,
                "state": machine.state(s.to).named.name,
                "note": format!("move {n}: {head}"),
            });
            let _ = writeln!(traces[s.instance], "{record}");
        }
    }
    traces
}
