//! The commands on checked models: `tests` (a covering suite), `sim` (the interpreter, one JSON
//! line per step), `observe` (a trace against the model) and `equiv` (two specs compared).

use super::{Io, Outcome, SuiteFormat, print_diagnostics, read, write_out};
use crate::interp::{self, Interpreter};
use fsm_dsl::diag::Diagnostic;
use fsm_dsl::ir::Machine;
use serde_json::{Map, Value, json};
use std::io::BufRead;
use std::path::Path;

pub(super) fn equiv(a: &Path, b: &Path, options: &crate::equiv::Options, io: &mut Io<'_>) -> Outcome {
    let load = |path: &Path, io: &mut Io<'_>| -> Result<Option<Machine>, String> {
        let text = read(path)?;
        let compiled = fsm_dsl::compile(&text);
        if compiled.machine.is_none() {
            let errors: Vec<Diagnostic> = compiled.diagnostics.into_iter().filter(Diagnostic::is_error).collect();
            print_diagnostics(io, &path.to_string_lossy(), &text, &errors);
        }
        Ok(compiled.machine)
    };
    let (Some(ma), Some(mb)) = (load(a, io)?, load(b, io)?) else { return Ok(1) };
    let report = match crate::equiv::compare(&ma, &mb, options) {
        Ok(report) => report,
        // A limit reached: the command could not finish (1), as `tests` and `verify` say it.
        Err(e @ (crate::equiv::EquivError::TooLarge | crate::equiv::EquivError::TooManyGuards { .. })) => {
            let _ = writeln!(io.err, "error: {e}");
            return Ok(1);
        }
        Err(e) => return Err(e.to_string()),
    };
    write_out(io, &crate::equiv::render(&report, &a.to_string_lossy(), &b.to_string_lossy()))?;
    Ok(i32::from(!report.equivalent()))
}

pub(super) fn observe(m: &Machine, trace: &Path, options: &crate::observe::Options, io: &mut Io<'_>) -> Outcome {
    let text = read(trace)?;
    let trace = crate::observe::read_trace(m, &text, options).map_err(|e| format!("{}: {e}", trace.display()))?;
    let result = crate::observe::observe(m, &trace);
    write_out(io, &crate::observe::render(m, &trace, &result))?;
    Ok(i32::from(!result.deviations.is_empty()))
}

pub(super) fn tests(m: &Machine, params: &[String], format: SuiteFormat, io: &mut Io<'_>) -> Outcome {
    let Some(vars) = start_vars(m, params, io) else { return Ok(2) };
    let suite = crate::testgen::cases_from(m, vars, &crate::testgen::Limits::CHECKER);
    match format {
        SuiteFormat::Text => write_out(io, &crate::testgen::text(m, &suite))?,
        SuiteFormat::Json => write_out(io, &format!("{}\n", crate::testgen::to_json(m, &suite)))?,
    };
    if let Some(why) = &suite.incomplete {
        let _ = writeln!(io.err, "error: the suite is incomplete: {why}");
        return Ok(1);
    }
    Ok(0)
}

fn actions_json(m: &Machine, actions: &[fsm_dsl::ir::ActionId]) -> Value {
    Value::Array(actions.iter().map(|a| Value::String(m.action_sim_text(*a))).collect())
}

fn vars_json(m: &Machine, values: &[i64]) -> Value {
    let mut map = Map::new();
    for (var, &value) in m.vars.iter().zip(values) {
        let v = match var.ty {
            fsm_dsl::ir::VarType::Bool => Value::Bool(value != 0),
            fsm_dsl::ir::VarType::Int { .. } => Value::from(value),
        };
        map.insert(var.named.name.clone(), v);
    }
    Value::Object(map)
}

/// In a machine with a timer whose duration reads variables or an event's data, `"durations"`:
/// the timers the step started, each with its duration in milliseconds (`null` for one that
/// reads a field of the event's data that the input did not give), in order.
fn add_durations(m: &Machine, it: &Interpreter<'_>, object: &mut Value) {
    if m.timers.iter().all(|t| t.duration.is_none()) {
        return;
    }
    let started: Vec<Value> =
        it.started().iter().map(|&(t, millis)| json!({ "timer": m.timers[t.0].named.name, "ms": millis })).collect();
    object["durations"] = Value::Array(started);
}

/// The variables a run starts from: their initial values, with each `--param NAME=VALUE` of
/// `params` set; `None` after saying which one is wrong and why.
fn start_vars(m: &Machine, params: &[String], io: &mut Io<'_>) -> Option<Vec<i64>> {
    let mut vars = m.initial_vars();
    let mut given = Vec::new();
    for param in params {
        let var = match interp::set_param(m, &mut vars, param) {
            Ok(var) => var,
            Err(error) => {
                let _ = writeln!(io.err, "error: --param {param}: {error}");
                return None;
            }
        };
        if given.contains(&var) {
            let name = &m.vars[var.0].named.name;
            let _ = writeln!(io.err, "error: --param {param}: `{name}` is given twice; give each parameter once");
            return None;
        }
        given.push(var);
    }
    Some(vars)
}

pub(super) fn sim(m: &Machine, params: &[String], events: &[String], io: &mut Io<'_>) -> Outcome {
    let Some(vars) = start_vars(m, params, io) else { return Ok(2) };
    let (mut it, entry) = Interpreter::start_with(m, vars);
    let mut first = json!({ "step": 0, "state": m.state(it.state()).named.name, "actions": actions_json(m, &entry) });
    add_durations(m, &it, &mut first);
    if !m.vars.is_empty() {
        first["vars"] = vars_json(m, it.vars());
    }
    writeln!(io.out, "{first}").map_err(|e| e.to_string())?;
    // Events stream in one at a time, so that `sim` can be driven interactively.
    let mut from_args = events.iter().cloned().map(Ok);
    let mut from_input = (&mut *io.input).lines().map(|l| l.map_err(|e| format!("cannot read standard input: {e}")));
    let lines: &mut dyn Iterator<Item = Result<String, String>> =
        if events.is_empty() { &mut from_input } else { &mut from_args };
    let mut step = 0;
    for line in lines {
        let line = line?;
        // `#` starts a comment, on a line of its own or after an event.
        let trimmed = line.split('#').next().unwrap_or("").trim();
        if trimmed.is_empty() {
            continue;
        }
        step += 1;
        let input = match interp::parse_input(m, trimmed) {
            Ok(input) => input,
            Err(error) => {
                let _ = writeln!(io.err, "error: step {step}: {error}");
                return Ok(1);
            }
        };
        let s = it.step_with_data(input.event, &input.guards, input.data);
        let mut object = json!({
            "step": step,
            "from": m.state(s.from).named.name,
            "event": m.event(s.event).named.name,
            "to": m.state(s.to).named.name,
            "kind": s.kind.as_str(),
            "actions": actions_json(m, &s.actions),
        });
        add_durations(m, &it, &mut object);
        // A protocol error with the cause its `error` item gives.
        if let fsm_dsl::ir::Cell::Error(id) = m.cell(s.from, s.event)
            && let Some(cause) = &m.protocol_error(*id).cause
        {
            object["cause"] = json!(cause);
        }
        if !m.vars.is_empty() {
            object["vars"] = vars_json(m, it.vars());
        }
        writeln!(io.out, "{object}").map_err(|e| e.to_string())?;
    }
    Ok(0)
}
