//! The trace format of `fsm observe`, JSON lines, read into a [`Trace`] for one machine.
//!
//! One JSON object per line. `{"event":"DWA","guards":{"g":true},"actions":["A"],"state":"OKAY",
//! "at":"1.5","note":"..","line":17}` is an event (`guards`, `actions`, `state`, `at`, `note` and
//! `line` optional; `to` is read as `state`, so `fsm sim`'s output replays; `line` is where the
//! record comes from in an input it was converted from, which the report then cites instead of
//! the record's own line); `{"action":"SendWatchdog"}` an action seen on its own;
//! `{"observable":[..],"hidden":[..]}` says which actions the trace shows and which events may
//! happen unseen; `{"params":{"retries":3,"reliable":false}}` the values the machine's
//! parameters had (as `fsm sim --param` gives them; the others at their defaults). `fsm sim`'s
//! first line (`"step":0`) is the start and is skipped.
//!
//! The tool reads no protocol's own format: a protocol's traces are converted to these lines by
//! the protocol's crate (the root crate's `diameter::watchdog_trace` does so for a Diameter
//! node's RFC 3539 watchdog, from the driver's trace or a capture).

use super::{Observed, Seen, Trace};
use fsm_dsl::ir::{ActionId, EventId, Machine};
use serde_json::Value;
use thiserror::Error;

/// What `fsm observe` was told besides the spec and the trace.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Observable actions (names); empty: the trace's own list, or every action.
    pub observable: Vec<String>,
    /// Hidden events (names), added to the trace's own.
    pub hidden: Vec<String>,
}

/// Why a trace cannot be read.
#[derive(Debug, Error)]
pub enum TraceError {
    /// A line is malformed or names what the spec does not have.
    #[error("line {line}: {why}")]
    Line {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The trace as a whole cannot be used with this spec or these options.
    #[error("{0}")]
    Unusable(String),
}

fn line_error(line: usize, why: impl Into<String>) -> TraceError {
    TraceError::Line { line, why: why.into() }
}

fn event(m: &Machine, name: &str) -> Result<EventId, String> {
    m.event_named(name).ok_or_else(|| format!("the spec has no event `{name}`"))
}

/// An action by its name, or as `fsm sim` prints a timer operation (`start Tw`).
fn action(m: &Machine, name: &str) -> Result<ActionId, String> {
    (0..m.actions.len())
        .map(ActionId)
        .find(|&a| m.action(a).named.name == name || m.action_sim_text(a) == name)
        .ok_or_else(|| format!("the spec has no action `{name}`"))
}

/// Reads `text`, JSON lines, for machine `m`, with `options` added to what the trace says.
pub fn read_trace(m: &Machine, text: &str, options: &Options) -> Result<Trace, TraceError> {
    let mut trace = jsonl(m, text)?;
    if !options.observable.is_empty() {
        let shown: Result<Vec<ActionId>, String> = options.observable.iter().map(|a| action(m, a)).collect();
        trace.observable = Some(shown.map_err(TraceError::Unusable)?);
    }
    for name in &options.hidden {
        let e = event(m, name).map_err(TraceError::Unusable)?;
        if !trace.hidden.contains(&e) {
            trace.hidden.push(e);
        }
    }
    Ok(trace)
}

fn names(value: &Value, line: usize, what: &str) -> Result<Vec<String>, TraceError> {
    let list = value.as_array().ok_or_else(|| line_error(line, format!("`{what}` is not a list")))?;
    list.iter()
        .map(|v| v.as_str().map(str::to_owned).ok_or_else(|| line_error(line, format!("`{what}` holds a non-string"))))
        .collect()
}

/// A JSON value as `fsm sim --param` reads it: a string as it is, anything else as JSON.
fn text_of_value(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn jsonl(m: &Machine, text: &str) -> Result<Trace, TraceError> {
    let mut trace = Trace::default();
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line).map_err(|e| line_error(line_no, e.to_string()))?;
        let Some(object) = value.as_object() else { return Err(line_error(line_no, "not a JSON object")) };
        let text_of = |key: &str| object.get(key).map(text_of_value);
        let bad = |why: String| line_error(line_no, why);
        if object.contains_key("observable") || object.contains_key("hidden") {
            if let Some(list) = object.get("observable") {
                let shown: Result<Vec<ActionId>, String> =
                    names(list, line_no, "observable")?.iter().map(|a| action(m, a)).collect();
                trace.observable = Some(shown.map_err(bad)?);
            }
            if let Some(list) = object.get("hidden") {
                for name in names(list, line_no, "hidden")? {
                    trace.hidden.push(event(m, &name).map_err(bad)?);
                }
            }
            continue;
        }
        if let Some(params) = object.get("params") {
            let params = params.as_object().ok_or_else(|| bad("`params` is not an object".into()))?;
            let vars = trace.start.get_or_insert_with(|| m.initial_vars());
            for (name, value) in params {
                let given = format!("{name}={}", text_of_value(value));
                crate::interp::set_param(m, vars, &given).map_err(|e| bad(e.to_string()))?;
            }
            continue;
        }
        if object.get("step").and_then(Value::as_u64) == Some(0) && !object.contains_key("event") {
            continue;
        }
        let state = match object.get("state").or_else(|| object.get("to")).and_then(Value::as_str) {
            Some(name) => Some(m.state_named(name).ok_or_else(|| bad(format!("the spec has no state `{name}`")))?),
            None => None,
        };
        let seen = if let Some(name) = object.get("event") {
            let name = name.as_str().ok_or_else(|| bad("`event` is not a string".into()))?;
            let event = event(m, name).map_err(bad)?;
            let mut guards = Vec::new();
            if let Some(given) = object.get("guards") {
                let given = given.as_object().ok_or_else(|| bad("`guards` is not an object".into()))?;
                for (name, value) in given {
                    let g = m.guard_named(name).ok_or_else(|| bad(format!("the spec has no guard `{name}`")))?;
                    let v = value.as_bool().ok_or_else(|| bad(format!("guard `{name}` is not true or false")))?;
                    guards.push((g, v));
                }
            }
            let actions = match object.get("actions") {
                Some(list) => {
                    let listed: Result<Vec<ActionId>, String> =
                        names(list, line_no, "actions")?.iter().map(|a| action(m, a)).collect();
                    Some(listed.map_err(bad)?)
                }
                None => None,
            };
            Seen::Event { event, guards, actions }
        } else if let Some(name) = object.get("action") {
            let name = name.as_str().ok_or_else(|| bad("`action` is not a string".into()))?;
            Seen::Action(action(m, name).map_err(bad)?)
        } else {
            return Err(bad("expected an `event`, an `action`, or `observable` / `hidden`".into()));
        };
        let note = text_of("note").unwrap_or_default();
        let line = match object.get("line") {
            Some(given) => {
                let given = given.as_u64().and_then(|l| usize::try_from(l).ok());
                given.ok_or_else(|| bad("`line` is not a line number".into()))?
            }
            None => line_no,
        };
        trace.steps.push(Observed { line, at: text_of("at"), seen, state, note });
    }
    Ok(trace)
}
