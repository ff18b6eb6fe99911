//! The Promela names of a system's things (instances, their states and variables, channels,
//! messages, markers), each checked to be a Promela identifier, not a reserved word of Promela
//! or of the C that SPIN generates, and unique; and integer literals checked to fit `int`.

use super::Error;
use crate::verify::model::{Instance, System};
use std::collections::HashSet;

const RESERVED: &[&str] = &[
    "active",
    "assert",
    "atomic",
    "bit",
    "bool",
    "break",
    "byte",
    "chan",
    "d_step",
    "D_proctype",
    "do",
    "else",
    "empty",
    "enabled",
    "eval",
    "false",
    "fi",
    "full",
    "get_priority",
    "goto",
    "hidden",
    "if",
    "in",
    "init",
    "inline",
    "int",
    "len",
    "local",
    "ltl",
    "mtype",
    "nempty",
    "never",
    "nfull",
    "notrace",
    "np_",
    "od",
    "of",
    "pc_value",
    "printf",
    "printm",
    "priority",
    "proctype",
    "provided",
    "return",
    "run",
    "select",
    "set_priority",
    "short",
    "show",
    "skip",
    "timeout",
    "trace",
    "true",
    "typedef",
    "unless",
    "unsigned",
    "xr",
    "xs",
    "for",
    "c_code",
    "c_decl",
    "c_expr",
    "c_state",
    "c_track",
    "STDIN",
    "now",
    "auto",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "double",
    "enum",
    "extern",
    "float",
    "long",
    "register",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "union",
    "void",
    "volatile",
    "while",
];

/// The Promela names of a system's things, each checked to be an identifier and unique.
pub(super) struct Names {
    /// The messages of every channel, each once, in order of appearance (the `mtype`s).
    pub(super) messages: Vec<String>,
}

impl Names {
    /// Checks every name the model will use.
    pub(super) fn new(system: &System) -> Result<Self, Error> {
        let mut taken: HashSet<String> = HashSet::new();
        let mut take = |what: &str, name: String| -> Result<(), Error> {
            let mut chars = name.chars();
            let first = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
            if !first || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_') || RESERVED.contains(&name.as_str()) {
                return Err(Error::Name { what: what.to_owned(), name });
            }
            if name.starts_with("fsm_") || !taken.insert(name.clone()) {
                return Err(Error::Clash(name));
            }
            Ok(())
        };
        take("system", system.name.clone())?;
        let mut messages: Vec<String> = Vec::new();
        for channel in &system.channels {
            take("channel", channel.name.clone())?;
            for m in &channel.messages {
                if !messages.contains(m) {
                    messages.push(m.clone());
                }
            }
        }
        for m in &messages {
            take("message", m.clone())?;
        }
        for instance in &system.instances {
            take("instance", instance.name.clone())?;
            for s in &instance.machine.states {
                take("state", state_name(instance, &s.named.name))?;
            }
            for v in &instance.machine.vars {
                take("variable", var_name(instance, &v.named.name))?;
            }
            for t in tracked(instance) {
                take("timer", timer_name(instance, &instance.machine.timers[t].named.name))?;
            }
        }
        for name in ["unspecified_reception", "channel_overflow"] {
            take("marker", name.to_owned())?;
        }
        for invariant in &system.invariants {
            take("invariant", format!("invariant_{}", invariant.name))?;
        }
        if messages.len() > 255 {
            return Err(Error::TooManyMessages(messages.len()));
        }
        Ok(Names { messages })
    }
}

/// The constant of an instance's state.
pub(super) fn state_name(instance: &Instance, state: &str) -> String {
    format!("{}_{}", instance.name, state)
}

/// The global of an instance's variable.
pub(super) fn var_name(instance: &Instance, var: &str) -> String {
    format!("{}_{}", instance.name, var)
}

/// The global that says whether an instance's timer runs (see `Instance::tracked`).
pub(super) fn timer_name(instance: &Instance, timer: &str) -> String {
    format!("{}_{}_runs", instance.name, timer)
}

/// The timers whose running `instance` keeps, by `TimerId`.
pub(super) fn tracked(instance: &Instance) -> impl Iterator<Item = usize> + '_ {
    (0..instance.machine.timers.len()).filter(|&t| instance.tracks(t))
}

/// A literal of Promela's 32-bit `int`.
pub(super) fn lit(value: i64, what: impl FnOnce() -> String) -> Result<String, Error> {
    i32::try_from(value).map(|v| v.to_string()).map_err(|_| Error::Range(what()))
}
