//! What `fsm!(..., serde)` adds to a module: a `Snapshot` of a machine by names (its state,
//! its variables, the running timers' remaining times), `Machine::snapshot`, `Machine::restore`
//! and `Machine::restore_with` (a migration from a snapshot of an older spec), `SnapshotError`,
//! and the `SCHEMA` text and its hash `VERSION` that tell the spec a snapshot was taken with.
//! Off (the default), nothing: the module is the same, token for token, as without the option.
//!
//! The snapshot names everything, rather than numbering it, so that a migration reads and
//! writes names the spec's author knows, and an error can say which names changed. The version
//! is computed here, when the code is generated, by FNV-1a 64 over `SCHEMA`: a hash that is the
//! same on every compiler release and platform (std's `DefaultHasher` promises neither).
//! The generated code names `::serde` (derives) and `alloc` (`alloc::string::String`, `Vec`, `BTreeMap`).

use super::{ident, values};
use crate::ir::{Machine, VarType};
use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

/// The canonical text of what a snapshot depends on: the machine's name, its states, its
/// variables with their types, and its timers, one a line, in declaration order.
pub(crate) fn schema(m: &Machine) -> String {
    let mut text = format!("machine {}\n", m.named.name);
    for s in &m.states {
        text.push_str(&format!("state {}\n", s.named.name));
    }
    for v in &m.vars {
        let ty = match v.ty {
            VarType::Bool => "bool".to_owned(),
            VarType::Int { min, max } => format!("{min}..={max}"),
        };
        text.push_str(&format!("var {}: {ty}\n", v.named.name));
    }
    for t in &m.timers {
        text.push_str(&format!("timer {}\n", t.named.name));
    }
    text
}

/// FNV-1a, 64 bits: small, and stable across compilers and platforms.
pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The snapshot items and the `impl Machine` block that takes and restores one, or nothing
/// when `on` is false.
pub(super) fn snapshot(m: &Machine, on: bool) -> TokenStream {
    if !on {
        return TokenStream::new();
    }
    let schema = schema(m);
    let version = Literal::u64_unsuffixed(fnv1a64(schema.as_bytes()));
    let names: Vec<&str> = m.vars.iter().map(|v| v.named.name.as_str()).collect();
    let count = names.len();
    let save_vars = m.vars.iter().map(|v| {
        let (name, field) = (v.named.name.as_str(), ident(&v.named.name));
        let value = match v.ty {
            VarType::Bool => quote! { SnapshotValue::Bool(self.vars.#field) },
            _ => quote! { SnapshotValue::Int(i64::from(self.vars.#field)) },
        };
        quote! { vars.insert(#name.into(), #value); }
    });
    let read_vars = if m.vars.is_empty() {
        quote! {
            if let Some(name) = snapshot.vars.keys().next() {
                return Err(SnapshotError::UnknownVariable(name.clone()));
            }
            let vars = Vars::INITIAL;
        }
    } else {
        let arms = m.vars.iter().map(|v| {
            let (name, field) = (v.named.name.as_str(), ident(&v.named.name));
            let read = match v.ty {
                VarType::Bool => quote! {
                    match value {
                        SnapshotValue::Bool(value) => *value,
                        SnapshotValue::Int(_) => return Err(SnapshotError::WrongType { variable: name.clone() }),
                    }
                },
                ty => {
                    let (min, max) = (values::literal(v, ty.min()), values::literal(v, ty.max()));
                    let rust = values::int_type(ty);
                    let in_range = if rust == "i64" {
                        quote! { SnapshotValue::Int(value) if (#min..=#max).contains(value) => *value, }
                    } else {
                        quote! {
                            SnapshotValue::Int(value) => match #rust::try_from(*value) {
                                Ok(value) if (#min..=#max).contains(&value) => value,
                                _ => return Err(SnapshotError::OutOfRange { variable: name.clone(), value: *value }),
                            },
                        }
                    };
                    quote! {
                        match value {
                            #in_range
                            SnapshotValue::Int(value) => {
                                return Err(SnapshotError::OutOfRange { variable: name.clone(), value: *value });
                            }
                            SnapshotValue::Bool(_) => return Err(SnapshotError::WrongType { variable: name.clone() }),
                        }
                    }
                }
            };
            quote! { #name => vars.#field = #read, }
        });
        quote! {
            for name in VARIABLES {
                if !snapshot.vars.contains_key(name) {
                    return Err(SnapshotError::MissingVariable(name.into()));
                }
            }
            let mut vars = Vars::INITIAL;
            for (name, value) in &snapshot.vars {
                match name.as_str() {
                    #( #arms )*
                    _ => return Err(SnapshotError::UnknownVariable(name.clone())),
                }
            }
        }
    };
    let (save_timers, read_timers, unknown_timers) = if m.timers.is_empty() {
        (
            quote! { let _ = timers; },
            quote! {
                if let Some(name) = snapshot.timers.keys().next() {
                    return Err(SnapshotError::UnknownTimer(name.clone()));
                }
                let timers = alloc::vec::Vec::new();
            },
            quote! { unknown.extend(snapshot.timers.keys().map(|name| alloc::format!("timer {name}"))); },
        )
    } else {
        (
            quote! {
                for &(timer, remaining) in timers {
                    // Milliseconds: a remaining time of more than 584 million years is saved as
                    // the most a `u64` holds.
                    let millis = u64::try_from(remaining.as_millis()).unwrap_or(u64::MAX);
                    running.insert(timer.name().into(), millis);
                }
            },
            quote! {
                let mut timers = alloc::vec::Vec::with_capacity(snapshot.timers.len());
                for (name, &millis) in &snapshot.timers {
                    let Some(timer) = Timer::from_name(name) else {
                        return Err(SnapshotError::UnknownTimer(name.clone()));
                    };
                    timers.push((timer, ::core::time::Duration::from_millis(millis)));
                }
            },
            quote! {
                unknown.extend(
                    snapshot
                        .timers
                        .keys()
                        .filter(|name| Timer::from_name(name).is_none())
                        .map(|name| alloc::format!("timer {name}")),
                );
            },
        )
    };
    // `[running T]` keeps `running_T`: a snapshot whose variable says otherwise than its timers
    // would resume a machine that believes a timer runs which the caller will not start again
    // (or the reverse), and take the wrong side of its guard.
    let kept: Vec<(TokenStream, &str)> = m
        .vars
        .iter()
        .filter_map(|v| {
            v.running.map(|t| (ident(&v.named.name).into_token_stream(), m.timers[t.index()].named.name.as_str()))
        })
        .collect();
    let check_running = kept.iter().map(|(field, timer)| {
        let variant = ident(timer);
        quote! {
            if vars.#field != timers.iter().any(|&(timer, _)| timer == Timer::#variant) {
                return Err(SnapshotError::RunningDisagrees(#timer.into()));
            }
        }
    });
    let (running_variant, running_message) = if kept.is_empty() {
        (TokenStream::new(), TokenStream::new())
    } else {
        (
            quote! {
                /// The variable that `[running T]` keeps for a timer says it runs and the
                /// snapshot's timers do not have it, or the reverse (the timer).
                RunningDisagrees(alloc::string::String),
            },
            quote! {
                SnapshotError::RunningDisagrees(timer) => write!(
                    f,
                    "the snapshot's variable `running_{timer}` and its timers disagree on whether `{timer}` runs"
                ),
            },
        )
    };
    let running_binding = if m.timers.is_empty() {
        quote! { let running = alloc::collections::BTreeMap::new(); }
    } else {
        quote! { let mut running = alloc::collections::BTreeMap::new(); }
    };
    let vars_binding = if m.vars.is_empty() {
        quote! { let vars = alloc::collections::BTreeMap::new(); }
    } else {
        quote! { let mut vars = alloc::collections::BTreeMap::new(); }
    };
    let schema_doc = format!(
        "What [`VERSION`] is the hash of (FNV-1a, 64 bits): the machine's name, states, variables \
         with their types and timers, as the spec `{}` declares them.",
        m.named.name
    );
    quote! {
        // `fsm!(..., serde)` needs `alloc`: the snapshot holds names as strings. Its types are
        // written in full, not imported, so that they shadow none of the names that a machine
        // whose events carry data brings from its parent module.
        extern crate alloc;

        #[doc = #schema_doc]
        pub const SCHEMA: &str = #schema;
        /// The version of this spec's snapshots: the FNV-1a 64 hash of [`SCHEMA`], computed when
        /// the code was generated. A snapshot of another version is restored only through a
        /// migration ([`Machine::restore_with`]).
        pub const VERSION: u64 = #version;
        /// The variables a snapshot holds, in declaration order.
        const VARIABLES: [&str; #count] = [#( #names ),*];

        /// A variable's value in a [`Snapshot`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(untagged)]
        pub enum SnapshotValue {
            /// The value of a `bool` variable.
            Bool(bool),
            /// The value of an integer variable.
            Int(i64),
        }

        /// A machine saved by names, to be restored by [`Machine::restore`] after a restart,
        /// with this spec or (through a migration) a later one. Serialize it with any `serde`
        /// format.
        #[derive(Clone, Debug, PartialEq, Eq, ::serde::Serialize, ::serde::Deserialize)]
        pub struct Snapshot {
            /// The machine's name ([`NAME`]).
            pub machine: alloc::string::String,
            /// The version of the spec it was taken with ([`VERSION`]).
            pub version: u64,
            /// The name of the current state.
            pub state: alloc::string::String,
            /// Every variable's value, by name.
            pub vars: alloc::collections::BTreeMap<alloc::string::String, SnapshotValue>,
            /// The running timers' remaining times, in milliseconds, by name.
            pub timers: alloc::collections::BTreeMap<alloc::string::String, u64>,
        }

        /// Why a [`Snapshot`] cannot be restored. A snapshot that does not parse is the `serde`
        /// format's error; this is one that parses and does not fit this spec.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum SnapshotError {
            /// The snapshot is of another machine (its name).
            WrongMachine(alloc::string::String),
            /// The snapshot was taken with another version of the spec: the names of the
            /// snapshot this spec does not know, and the variables of this spec that the
            /// snapshot lacks (each as `state X`, `variable X` or `timer X`). Restore it with
            /// [`Machine::restore_with`] and a migration.
            WrongVersion {
                /// The snapshot's version.
                found: u64,
                /// The snapshot's names that this spec does not have.
                unknown: alloc::vec::Vec<alloc::string::String>,
                /// This spec's variables that the snapshot does not have.
                missing: alloc::vec::Vec<alloc::string::String>,
            },
            /// The snapshot's state is not one of this spec's.
            UnknownState(alloc::string::String),
            /// A variable of the snapshot is not one of this spec's.
            UnknownVariable(alloc::string::String),
            /// A variable of this spec is not in the snapshot.
            MissingVariable(alloc::string::String),
            /// A variable's value is of the other type (`bool` for an integer or the reverse).
            WrongType {
                /// The variable.
                variable: alloc::string::String,
            },
            /// An integer variable's value is outside its range.
            OutOfRange {
                /// The variable.
                variable: alloc::string::String,
                /// The value.
                value: i64,
            },
            /// A running timer of the snapshot is not one of this spec's.
            UnknownTimer(alloc::string::String),
            #running_variant
            /// The migration refused the snapshot, for this reason.
            Migration(alloc::string::String),
        }

        impl ::core::fmt::Display for SnapshotError {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self {
                    SnapshotError::WrongMachine(found) => {
                        write!(f, "the snapshot is of the machine `{found}`, not `{NAME}`")
                    }
                    SnapshotError::WrongVersion { found, unknown, missing } => {
                        write!(
                            f,
                            "the snapshot was taken with version {found} of the spec `{NAME}`, not {VERSION} (its states, variables or timers changed): restore it with a migration"
                        )?;
                        if !unknown.is_empty() {
                            write!(f, "; unknown to this spec: {}", unknown.join(", "))?;
                        }
                        if !missing.is_empty() {
                            write!(f, "; missing from the snapshot: {}", missing.join(", "))?;
                        }
                        Ok(())
                    }
                    SnapshotError::UnknownState(name) => write!(f, "the snapshot's state `{name}` is not a state of `{NAME}`"),
                    SnapshotError::UnknownVariable(name) => {
                        write!(f, "the snapshot's variable `{name}` is not a variable of `{NAME}`")
                    }
                    SnapshotError::MissingVariable(name) => write!(f, "the snapshot has no value for the variable `{name}`"),
                    SnapshotError::WrongType { variable } => write!(f, "the snapshot's value of `{variable}` is not of its type"),
                    SnapshotError::OutOfRange { variable, value } => {
                        write!(f, "the snapshot's value {value} of `{variable}` is outside its range")
                    }
                    SnapshotError::UnknownTimer(name) => write!(f, "the snapshot's timer `{name}` is not a timer of `{NAME}`"),
                    #running_message
                    SnapshotError::Migration(reason) => write!(f, "the migration refused the snapshot: {reason}"),
                }
            }
        }

        impl ::core::error::Error for SnapshotError {}

        impl Machine {
            /// The machine by names, with `timers`, the timers the caller has running and
            /// their remaining times (the machine does not keep its timers: the caller does).
            /// Durations are saved in whole milliseconds, rounded down.
            pub fn snapshot(&self, timers: &[(Timer, ::core::time::Duration)]) -> Snapshot {
                #vars_binding
                #( #save_vars )*
                #running_binding
                #save_timers
                Snapshot {
                    machine: NAME.into(),
                    version: VERSION,
                    state: self.state.name().into(),
                    vars,
                    timers: running,
                }
            }

            /// The machine a snapshot of this spec holds, resumed with no action run, and the
            /// timers to start again with their remaining times. Every name of the snapshot
            /// must be this spec's and every value in its variable's range; a snapshot of
            /// another [`VERSION`] is refused with the names that changed.
            pub fn restore(
                snapshot: &Snapshot,
            ) -> Result<(Machine, alloc::vec::Vec<(Timer, ::core::time::Duration)>), SnapshotError> {
                if snapshot.machine != NAME {
                    return Err(SnapshotError::WrongMachine(snapshot.machine.clone()));
                }
                if snapshot.version != VERSION {
                    let mut unknown = alloc::vec::Vec::new();
                    if State::from_name(&snapshot.state).is_none() {
                        unknown.push(alloc::format!("state {}", snapshot.state));
                    }
                    unknown.extend(
                        snapshot
                            .vars
                            .keys()
                            .filter(|name| !VARIABLES.contains(&name.as_str()))
                            .map(|name| alloc::format!("variable {name}")),
                    );
                    #unknown_timers
                    let missing = VARIABLES
                        .iter()
                        .filter(|name| !snapshot.vars.contains_key(**name))
                        .map(|name| alloc::format!("variable {name}"))
                        .collect();
                    return Err(SnapshotError::WrongVersion { found: snapshot.version, unknown, missing });
                }
                let Some(state) = State::from_name(&snapshot.state) else {
                    return Err(SnapshotError::UnknownState(snapshot.state.clone()));
                };
                #read_vars
                #read_timers
                #( #check_running )*
                Ok((Machine::at(state, vars), timers))
            }

            /// [`Machine::restore`], with `migrate` first turning a snapshot of another
            /// version (or machine name) into one of this spec: it gets the old snapshot and
            /// returns it with this spec's names, [`NAME`] and [`VERSION`], which are then
            /// checked as `restore` does. A snapshot of this version is restored as it is.
            pub fn restore_with(
                snapshot: Snapshot,
                migrate: impl FnOnce(Snapshot) -> Result<Snapshot, SnapshotError>,
            ) -> Result<(Machine, alloc::vec::Vec<(Timer, ::core::time::Duration)>), SnapshotError> {
                if snapshot.machine == NAME && snapshot.version == VERSION {
                    Machine::restore(&snapshot)
                } else {
                    Machine::restore(&migrate(snapshot)?)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_is_the_published_function() {
        // The test vectors of the FNV reference (draft-eastlake-fnv): "" and "a".
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn the_schema_names_states_variables_with_types_and_timers() {
        let text = "machine Door { initial state Shut; state Open; event Push; timer T = 1 s; \
                    var n: 0..=3 = 0; var b: bool = false; \
                    Shut -> Open on Push / start T, n = 1, b = true; Open -> Shut on Push / stop T; Open -> Shut on TExpiry; }";
        let machine = crate::compile(text).machine.expect("a clean spec");
        assert_eq!(schema(&machine), "machine Door\nstate Shut\nstate Open\nvar n: 0..=3\nvar b: bool\ntimer T\n");
    }
}
