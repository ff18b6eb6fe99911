//! `fsm verify --promela`: a resolved system written as a Promela model for SPIN, with the
//! semantics of `verify::step`, so that SPIN checks the same state space by another
//! implementation (and, with its multi-core and swarm modes, past one machine's memory).
//!
//! The model is one process that holds the whole system: a `do` loop whose every option is one
//! move of `step::successors`, written as a single `d_step` (its first statement is the move's
//! precondition, the rest runs as one indivisible transition with no intermediate state). One
//! process rather than one per instance, because a move is atomic across instances (a delivery
//! steps all the receivers of its rule at once), and because a `d_step` in one process stores
//! exactly one state per configuration: SPIN then stores the configurations `fsm verify`
//! explores, plus one, the state before the start's `d_step`. The scratch counters and the
//! markers that name the assertions are 0 between moves, so they add no state (they are not
//! `hidden`, which SPIN's multi-core search refuses).
//!
//! - A named guard of a spec is free: each value of the guards that the transitions on an event
//!   read is an option of its own (several may lead to the same configuration, as in `step`).
//! - A move that breaks a property changes nothing: its precondition asserts (unspecified
//!   reception), or its `d_step` counts the messages it would send before it changes anything
//!   and asserts instead when one would not fit (overflow). So `pan -c0` goes on past every
//!   violation over the same state space, and a violating move has no successor, as in `step`.
//! - Deadlock is SPIN's own invalid end state: the loop head is no end label, and an option
//!   `timeout && (every instance in an end state)` lets the system rest where it may.
//! - Invariants (and agreements at quiescence) are asserted after the start and at the end of
//!   every move, so in every reachable configuration.
//! - SPIN's reductions change nothing here, measured on the watchdog pair (1,650 states each
//!   way): statement merging (`spin -o3` turns it off) has nothing to merge, every move being
//!   one `d_step` already; partial order reduction (`-DNOREDUCE` turns it off) has one process
//!   to reduce. `spin -o2` matters: without it SPIN leaves a variable that nothing reads out of
//!   the state vector, and stores fewer states than `step` when that variable differs.
//! - Home states are not exported: "from every reachable configuration some path reaches one
//!   where the formula holds" is CTL's AG EF, which LTL cannot state (`[] <> home` says that
//!   every run passes there infinitely often, a different and stronger property).
//!
//! What Promela cannot express as `step` means it, the export refuses with an [`Error`](enum@Error) rather
//! than write another model: names that are not Promela identifiers or that clash, values or
//! domains past its 32-bit `int`, a message that becomes two events of one instance, too many
//! combinations of named guards in one move, a guard that reads `running T` on `T`'s own expiry.

use super::model::{Instance, Predicate, System};
use super::step;
use super::syntax::When;
use fsm_dsl::ast::CmpOp;
use fsm_dsl::ir::{ActionKind, Cell, Condition, Effect, EventId, Expr, GuardId, Operand, StateId, StepKind, VarType};
use std::fmt::Write as _;
use thiserror::Error;

mod cond;
mod names;

use cond::{Cond, Prec};
use names::{Names, lit, state_name, timer_name, tracked, var_name};

/// Most options one move is written as (the product of its receivers' guard values).
pub const MAX_OPTIONS: usize = 256;

/// Why a system cannot be written as Promela with the same meaning.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Error {
    /// A name is not a Promela identifier, or is one of its (or C's) reserved words.
    #[error("cannot export to Promela: {what} `{name}` is not a Promela identifier (or is a reserved word)")]
    Name {
        /// What it names.
        what: String,
        /// The name as written into Promela.
        name: String,
    },
    /// Two things would have the same Promela name.
    #[error("cannot export to Promela: the name `{0}` would stand for two things; rename one of them")]
    Clash(String),
    /// A value or a variable's domain does not fit Promela's 32-bit `int`.
    #[error("cannot export to Promela: {0} does not fit Promela's 32-bit int")]
    Range(String),
    /// A message becomes two events of one instance.
    #[error(
        "cannot export to Promela: `{0}` becomes two events of instance `{1}`; the export steps each receiver once per message"
    )]
    RepeatedReceiver(String, String),
    /// Too many combinations of named guards in one move.
    #[error("cannot export to Promela: {0} would be {1} options (named-guard values), more than {MAX_OPTIONS}")]
    TooManyOptions(String, u128),
    /// A guard reads `running T` on `T`'s own expiry.
    #[error(
        "cannot export to Promela: in `{0}`, a transition on `{1}` reads whether its own timer runs, which the expiry clears as it arrives"
    )]
    RunningOnExpiry(String, String),
    /// More distinct messages than Promela's `mtype` holds.
    #[error("cannot export to Promela: the channels carry {0} distinct messages, more than the 255 of an mtype")]
    TooManyMessages(usize),
}

/// Writes `system` as Promela; `origin` (the system file) is named in the header.
pub fn promela(system: &System, origin: &str) -> Result<String, Error> {
    let names = Names::new(system)?;
    check_guards(system)?;
    let mut w = Writer { system, names: &names, out: String::new() };
    w.header(origin);
    w.declarations()?;
    w.process()?;
    Ok(w.out)
}

/// Refuses a guard that reads a timer's running variable on that timer's own expiry: the
/// interpreter clears it as the expiry arrives, `step` selects before that.
fn check_guards(system: &System) -> Result<(), Error> {
    for instance in &system.instances {
        let m = &instance.machine;
        for timer in &m.timers {
            let Some(v) = timer.running else { continue };
            for t in &m.transitions {
                if let Condition::When(e) = &t.condition
                    && t.events.contains(&timer.expiry)
                {
                    let (mut guards, mut vars) = (Vec::new(), Vec::new());
                    e.collect(&mut guards, &mut vars);
                    if vars.contains(&v) {
                        return Err(Error::RunningOnExpiry(
                            instance.path.clone(),
                            m.event(timer.expiry).named.name.clone(),
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

/// What a (state, event) pair does for some values of the variables.
struct Branch {
    /// When, over the instance's variables.
    when: Cond,
    /// The transition taken, or why none is.
    selection: Result<fsm_dsl::ir::TransitionId, StepKind>,
}

/// The named guards that the transitions on `event` read, in id order.
fn guards_read(instance: &Instance, event: EventId) -> Vec<GuardId> {
    let mut guards = Vec::new();
    for t in &instance.machine.transitions {
        if let Condition::When(e) = &t.condition
            && t.events.contains(&event)
        {
            e.collect(&mut guards, &mut Vec::new());
        }
    }
    guards.sort();
    guards
}

/// Every value of `guards` (a full vector by `GuardId`, the others false).
fn valuations(instance: &Instance, guards: &[GuardId]) -> Vec<Vec<bool>> {
    let n = instance.machine.guards.len();
    (0u32..1 << guards.len().min(16))
        .map(|bits| {
            let mut values = vec![false; n];
            for (k, g) in guards.iter().enumerate() {
                values[g.0] = bits & (1 << k) != 0;
            }
            values
        })
        .collect()
}

struct Writer<'a> {
    system: &'a System,
    names: &'a Names,
    out: String,
}

impl Writer<'_> {
    fn line(&mut self, indent: usize, text: &str) {
        let _ = writeln!(self.out, "{:w$}{text}", "", w = indent * 4);
    }

    fn header(&mut self, origin: &str) {
        let s = self.system;
        self.line(0, &format!("/* system {}, written by `fsm verify --promela` from {}.", s.name, comment(origin)));
        self.line(0, " * One process, one d_step per move of `fsm verify`; SPIN stores its configurations");
        self.line(0, " * and one state more (before the start). Check every safety property with:");
        self.line(0, " *   spin -o2 -a MODEL.pml && cc -O2 -DNOREDUCE -DSAFETY -o pan pan.c && ./pan -m100000 -c0");
        self.line(0, " * (-o2 keeps write-only variables in the state vector, so that the counts compare).");
        if !s.homes.is_empty() {
            let homes: Vec<&str> = s.homes.iter().map(|h| h.name.as_str()).collect();
            self.line(0, &format!(" * Not exported: home {} (AG EF, which LTL cannot state).", homes.join(", ")));
        }
        self.line(0, " */");
    }

    fn declarations(&mut self) -> Result<(), Error> {
        let s = self.system;
        self.line(0, "");
        if !self.names.messages.is_empty() {
            self.line(0, &format!("mtype = {{ {} }};", self.names.messages.join(", ")));
        }
        for c in &s.channels {
            // A channel of capacity 0 holds nothing: every send overflows, which the moves
            // check against the capacity; Promela's [0] would be a rendezvous instead.
            self.line(0, &format!("chan {} = [{}] of {{ mtype }};", c.name, c.capacity.max(1)));
        }
        let start = step::initial(s).ok().map(|(_, config)| config);
        for (i, instance) in s.instances.iter().enumerate() {
            let m = &instance.machine;
            self.line(0, "");
            self.line(0, &format!("/* {}: {} ({}) */", instance.name, m.named.name, comment(&instance.path)));
            for (k, state) in m.states.iter().enumerate() {
                self.line(0, &format!("#define {} {k}", state_name(instance, &state.named.name)));
            }
            let ty = if m.states.len() <= 256 { "byte" } else { "int" };
            let at = start.as_ref().map_or(m.initial, |c| c.state(i));
            self.line(0, &format!("{ty} {} = {};", instance.name, state_name(instance, &m.state(at).named.name)));
            // A parameter no guard reads keeps its one value for the whole exploration (it is
            // never assigned, nor explored), so its range may be wider than Promela's `int`
            // as long as its value fits.
            let guard_params = m.guard_params();
            for (v, var) in m.vars.iter().enumerate() {
                let name = var_name(instance, &var.named.name);
                let ty = match var.ty {
                    VarType::Bool => "bool",
                    VarType::Int { min, max } if min >= 0 && max <= 255 => "byte",
                    VarType::Int { min, max } if min >= i64::from(i16::MIN) && max <= i64::from(i16::MAX) => "short",
                    VarType::Int { min, max } if min >= i64::from(i32::MIN) && max <= i64::from(i32::MAX) => "int",
                    VarType::Int { .. } if var.param && !guard_params.contains(&fsm_dsl::ir::VarId(v)) => "int",
                    VarType::Int { .. } => return Err(Error::Range(format!("the domain of `{name}`"))),
                };
                let value = start.as_ref().map_or(var.init, |c| c.vars_of(instance)[v]);
                self.line(0, &format!("{ty} {name} = {};", lit(value, || format!("the value of `{name}`"))?));
            }
            for t in tracked(instance) {
                let runs = start.as_ref().is_some_and(|c| c.timers(i) & (1u64 << t) != 0);
                let name = timer_name(instance, &m.timers[t].named.name);
                self.line(0, &format!("bit {name} = {};", u8::from(runs)));
            }
        }
        self.line(0, "");
        // Not `hidden` (SPIN's multi-core search refuses hidden variables): every move sets them
        // back to 0 as it ends, so they are 0 in every state stored and add no state.
        self.line(0, "/* Scratch: what a move would send, and the markers that name the assertions");
        self.line(0, " * (0 when asserted: the name is SPIN's message). 0 between moves. */");
        let mut scratch = vec!["fsm_failed".to_owned(), "fsm_m".into(), "fsm_i".into(), "fsm_n".into()];
        scratch.extend(s.channels.iter().map(|c| format!("fsm_n_{}", c.name)));
        scratch.extend(s.invariants.iter().map(|v| format!("invariant_{}", v.name)));
        self.line(0, &format!("byte {};", scratch.join(", ")));
        self.line(0, "byte unspecified_reception, channel_overflow;");
        self.line(0, "");
        self.line(0, "/* The end of a move: scratch back to 0. */");
        self.line(0, "inline clear() {");
        self.line(1, &format!("{} = 0", scratch.join(" = 0; ")));
        self.line(0, "}");
        self.line(0, "");
        self.line(0, "/* The invariants, in the configuration a move reaches; then the move ends. */");
        self.line(0, "inline check() {");
        let quiet = self.quiet();
        for invariant in &s.invariants {
            let mut holds = self.predicate(&invariant.predicate)?;
            if invariant.at_quiescence {
                holds = quiet.clone().not().or(holds);
            }
            let marker = format!("invariant_{}", invariant.name);
            self.line(1, &format!("{marker} = ({});", holds.text()));
            self.line(1, &format!("assert({marker});"));
        }
        self.line(1, "clear()");
        self.line(0, "}");
        Ok(())
    }

    /// No message in any channel.
    fn quiet(&self) -> Cond {
        (self.system.channels.iter())
            .fold(Cond::Const(true), |acc, c| acc.and(Cond::cmp(format!("len({}) == 0", c.name))))
    }

    fn predicate(&self, p: &Predicate) -> Result<Cond, Error> {
        let s = self.system;
        Ok(match p {
            Predicate::InState(i, state, equal) => {
                let instance = &s.instances[*i];
                let op = if *equal { "==" } else { "!=" };
                let name = state_name(instance, &instance.machine.state(*state).named.name);
                Cond::cmp(format!("{} {op} {name}", instance.name))
            }
            Predicate::Var(i, v, op, value) => {
                let instance = &s.instances[*i];
                let name = var_name(instance, &instance.machine.vars[*v].named.name);
                Cond::cmp(format!("{name} {} {}", op.as_str(), lit(*value, || format!("a constant of `{name}`"))?))
            }
            Predicate::Not(p) => self.predicate(p)?.not(),
            Predicate::And(ps) => {
                ps.iter().try_fold(Cond::Const(true), |acc, p| Ok::<_, Error>(acc.and(self.predicate(p)?)))?
            }
            Predicate::Or(ps) => {
                ps.iter().try_fold(Cond::Const(false), |acc, p| Ok::<_, Error>(acc.or(self.predicate(p)?)))?
            }
        })
    }

    /// A guard expression with the named guards' values given.
    fn expr(&self, instance: &Instance, e: &Expr, guards: &[bool]) -> Result<Cond, Error> {
        let var = |v: fsm_dsl::ir::VarId| var_name(instance, &instance.machine.vars[v.0].named.name);
        let operand = |o: &Operand| match *o {
            Operand::Var(v) => Ok(var(v)),
            Operand::Const(c) => lit(c, || format!("a constant in a guard of `{}`", instance.path)),
        };
        Ok(match e {
            Expr::Const(b) => Cond::Const(*b),
            Expr::Guard(g) => Cond::Const(guards.get(g.0).copied().unwrap_or(false)),
            Expr::Var(v) => Cond::atom(var(*v)),
            Expr::Not(e) => self.expr(instance, e, guards)?.not(),
            Expr::And(a, b) => self.expr(instance, a, guards)?.and(self.expr(instance, b, guards)?),
            Expr::Or(a, b) => self.expr(instance, a, guards)?.or(self.expr(instance, b, guards)?),
            Expr::Cmp(op, a, b) => Cond::cmp(format!("{} {} {}", operand(a)?, op_text(*op), operand(b)?)),
        })
    }

    /// What `instance` does with `event` in `state` for the guard values, as `Machine::select`
    /// decides it: the first transition whose guard holds, else the `else` one, else the
    /// fallback.
    fn branches(
        &self,
        instance: &Instance,
        state: StateId,
        event: EventId,
        guards: &[bool],
    ) -> Result<Vec<Branch>, Error> {
        let m = &instance.machine;
        let rules = match m.cell(state, event) {
            Cell::Unmentioned => return Ok(vec![Branch { when: Cond::Const(true), selection: Err(m.fallback()) }]),
            Cell::Ignored(_) => return Ok(vec![Branch { when: Cond::Const(true), selection: Err(StepKind::Ignored) }]),
            Cell::Error(_) => {
                return Ok(vec![Branch { when: Cond::Const(true), selection: Err(StepKind::ProtocolError) }]);
            }
            Cell::Rules(rules) => rules,
        };
        let (mut out, mut none_before, mut otherwise) = (Vec::new(), Cond::Const(true), None);
        for &t in rules {
            let holds = match &m.transition(t).condition {
                Condition::Always => Cond::Const(true),
                Condition::Else => {
                    otherwise = otherwise.or(Some(t));
                    continue;
                }
                Condition::When(e) => self.expr(instance, e, guards)?,
            };
            let when = none_before.clone().and(holds.clone());
            if when != Cond::Const(false) {
                out.push(Branch { when, selection: Ok(t) });
            }
            none_before = none_before.and(holds.not());
            if none_before == Cond::Const(false) {
                return Ok(out);
            }
        }
        out.push(Branch { when: none_before, selection: otherwise.ok_or(m.fallback()) });
        Ok(out)
    }

    fn process(&mut self) -> Result<(), Error> {
        let s = self.system;
        self.line(0, "");
        self.line(0, &format!("active proctype {}() {{", s.name));
        let start = match step::initial(s) {
            Ok((_, config)) => config,
            Err(_) => {
                self.line(1, "/* The start's entry actions overflow a channel. */");
                self.line(1, "d_step { assert(channel_overflow) }");
                self.line(0, "}");
                return Ok(());
            }
        };
        self.line(1, "/* The start: the entry actions' messages, then the invariants. */");
        let mut body = Vec::new();
        for (c, queue) in start.queues().enumerate() {
            for &m in queue {
                let channel = &s.channels[c];
                body.push(format!("{}!{};", channel.name, channel.messages[usize::from(m)]));
            }
        }
        body.push("check()".to_owned());
        self.line(1, &format!("d_step {{ {} }}", body.join(" ")));
        self.line(1, "do");
        for (c, channel) in s.channels.iter().enumerate() {
            for (message, name) in channel.messages.iter().enumerate() {
                self.delivery(c, message, name)?;
            }
        }
        for env in &s.environment {
            self.environment(env.instance, env.event, env.when)?;
        }
        for c in 0..s.channels.len() {
            self.faults(c);
        }
        let at_end = s.instances.iter().fold(Cond::Const(true), |acc, instance| {
            let here = (0..instance.machine.states.len())
                .filter(|&k| instance.end.get(k).copied().unwrap_or(false))
                .fold(Cond::Const(false), |any, k| {
                    let name = state_name(instance, &instance.machine.states[k].named.name);
                    any.or(Cond::cmp(format!("{} == {name}", instance.name)))
                });
            acc.and(here)
        });
        if at_end != Cond::Const(false) {
            self.line(1, "/* Nothing else can move: a rest, where every instance is in an end state. */");
            self.line(1, &format!(":: timeout && {}", at_end.text()));
        }
        self.line(1, "od");
        self.line(0, "}");
        Ok(())
    }

    /// The options of the message `message` of channel `c` at its head.
    fn delivery(&mut self, c: usize, message: usize, name: &str) -> Result<(), Error> {
        let s = self.system;
        let channel = &s.channels[c];
        let receivers = &channel.receivers[message];
        let head = format!("{}?[{name}]", channel.name);
        let rule = format!("{}.{name}", channel.name);
        self.line(1, &format!("/* {rule} at the head */"));
        if receivers.is_empty() {
            self.line(1, &format!(":: d_step {{ {head} -> assert(unspecified_reception) }}"));
            return Ok(());
        }
        let mut deferred = Cond::Const(false);
        let mut unspecified = Cond::Const(false);
        let mut per_receiver = Vec::new();
        for (j, &(i, event)) in receivers.iter().enumerate() {
            let instance = &s.instances[i];
            if receivers[..j].iter().any(|&(k, _)| k == i) {
                return Err(Error::RepeatedReceiver(rule, instance.name.clone()));
            }
            let guards = guards_read(instance, event);
            let values = valuations(instance, &guards);
            for (k, state) in instance.machine.states.iter().enumerate() {
                let here = Cond::cmp(format!("{} == {}", instance.name, state_name(instance, &state.named.name)));
                if instance.defers(StateId(k), event) {
                    deferred = deferred.or(here.clone());
                    continue;
                }
                for v in &values {
                    for b in self.branches(instance, StateId(k), event, v)? {
                        if b.selection == Err(StepKind::Unhandled) {
                            unspecified = unspecified.or(here.clone().and(b.when));
                        }
                    }
                }
            }
            per_receiver.push((i, event, values));
        }
        let options = per_receiver.iter().map(|(_, _, v)| v.len() as u128).product::<u128>();
        if options > MAX_OPTIONS as u128 {
            return Err(Error::TooManyOptions(format!("the delivery of `{rule}`"), options));
        }
        let ready = Cond::atom(head).and(deferred.not());
        if unspecified != Cond::Const(false) {
            let when = ready.clone().and(unspecified.clone());
            self.line(1, &format!(":: d_step {{ {} -> assert(unspecified_reception) }}", when.text()));
        }
        let ready = ready.and(unspecified.not());
        // Every combination of the receivers' guard values, the first receiver's slowest.
        let mut combos: Vec<Vec<usize>> = vec![Vec::new()];
        for (_, _, values) in &per_receiver {
            combos = combos
                .into_iter()
                .flat_map(|c| (0..values.len()).map(move |k| [c.clone(), vec![k]].concat()))
                .collect();
        }
        for combo in combos {
            let steps: Vec<(usize, EventId, &[bool])> =
                per_receiver.iter().zip(&combo).map(|((i, e, values), &k)| (*i, *e, values[k].as_slice())).collect();
            self.line(1, &format!(":: d_step {{ {} ->", ready.text()));
            self.move_body(&steps, Some((c, name)))?;
            self.line(1, "   }");
        }
        Ok(())
    }

    /// The options of an environment event, one per value of the guards it reads.
    fn environment(&mut self, i: usize, event: EventId, when: When) -> Result<(), Error> {
        let s = self.system;
        let instance = &s.instances[i];
        let event_name = &instance.machine.event(event).named.name;
        let quiet = if when == When::AtQuiescence { " at quiescence" } else { "" };
        self.line(1, &format!("/* environment {}.{event_name}{quiet} */", instance.name));
        let guards = guards_read(instance, event);
        for values in valuations(instance, &guards) {
            let mut handled = Cond::Const(false);
            for (k, state) in instance.machine.states.iter().enumerate() {
                let here = Cond::cmp(format!("{} == {}", instance.name, state_name(instance, &state.named.name)));
                let branches = self.branches(instance, StateId(k), event, &values)?;
                // A state where every branch takes a transition handles the event whatever the
                // variables.
                let taken = if branches.iter().all(|b| b.selection.is_ok()) {
                    Cond::Const(true)
                } else {
                    (branches.into_iter().filter(|b| b.selection.is_ok()))
                        .fold(Cond::Const(false), |acc, b| acc.or(b.when))
                };
                handled = handled.or(here.and(taken));
            }
            if handled == Cond::Const(false) {
                continue;
            }
            let mut ready = handled;
            // A timer expires only while it runs.
            if let Some(t) = instance.machine.event(event).timer
                && instance.tracks(t.0)
            {
                let runs = timer_name(instance, &instance.machine.timers[t.0].named.name);
                ready = Cond::cmp(format!("{runs} == 1")).and(ready);
            }
            if when == When::AtQuiescence {
                ready = self.quiet().and(ready);
            }
            self.line(1, &format!(":: d_step {{ {} ->", ready.text()));
            self.move_body(&[(i, event, &values)], None)?;
            self.line(1, "   }");
        }
        Ok(())
    }

    /// The body of a move's `d_step`: the messages counted first (an overflow asserts and
    /// changes nothing), then the head taken (`delivered`), the steps run, the invariants.
    fn move_body(
        &mut self,
        steps: &[(usize, EventId, &[bool])],
        delivered: Option<(usize, &str)>,
    ) -> Result<(), Error> {
        let s = self.system;
        let mut sends = false;
        for &(i, event, guards) in steps {
            let instance = &s.instances[i];
            for (k, _) in instance.machine.states.iter().enumerate() {
                for b in self.branches(instance, StateId(k), event, guards)? {
                    if let Ok(t) = b.selection {
                        let effects = instance.machine.step_effects(StateId(k), event, t);
                        sends |=
                            effects.iter().any(|e| matches!(e, Effect::Action(a) if !instance.sends[a.0].is_empty()));
                    }
                }
            }
        }
        if sends {
            let mut count = vec!["fsm_failed = 0;".to_owned()];
            for (c, channel) in s.channels.iter().enumerate() {
                let less = if delivered.is_some_and(|(d, _)| d == c) { " - 1" } else { "" };
                count.push(format!("fsm_n_{0} = len({0}){less};", channel.name));
            }
            self.line(2, &count.join(" "));
            for &(i, event, guards) in steps {
                self.step(i, event, guards, true)?;
            }
            self.line(2, "if");
            self.line(2, ":: fsm_failed -> assert(channel_overflow); clear()");
            self.line(2, ":: else ->");
        }
        let indent = if sends { 3 } else { 2 };
        if let Some((c, name)) = delivered {
            self.line(indent, &format!("{}?{name};", s.channels[c].name));
        }
        for &(i, event, guards) in steps {
            self.step_at(indent, i, event, guards)?;
        }
        self.line(indent, "check()");
        if sends {
            self.line(2, "fi");
        }
        Ok(())
    }

    fn step_at(&mut self, indent: usize, i: usize, event: EventId, guards: &[bool]) -> Result<(), Error> {
        let instance = &self.system.instances[i];
        let m = &instance.machine;
        // The expiry of a timer that a guard tests clears its running variable as it arrives.
        if let Some(v) = m.event(event).timer.and_then(|t| m.timers.get(t.0)).and_then(|t| t.running) {
            self.line(indent, &format!("{} = 0;", var_name(instance, &m.vars[v.0].named.name)));
        }
        // So does the expiry of a timer whose running the system keeps.
        if let Some(t) = m.event(event).timer
            && instance.tracks(t.0)
        {
            self.line(indent, &format!("{} = 0;", timer_name(instance, &m.timers[t.0].named.name)));
        }
        let body = self.step_lines(i, event, guards, false)?;
        for l in body {
            self.line(indent, &l);
        }
        Ok(())
    }

    /// One receiver's step counted (`dry`: only what it sends, into `fsm_n_*`).
    fn step(&mut self, i: usize, event: EventId, guards: &[bool], dry: bool) -> Result<(), Error> {
        for l in self.step_lines(i, event, guards, dry)? {
            self.line(2, &l);
        }
        Ok(())
    }

    /// An `if` over the instance's states and its guards' branches: each taken transition's
    /// effects (`Machine::step_effects`, as the interpreter runs them) and its target.
    fn step_lines(&self, i: usize, event: EventId, guards: &[bool], dry: bool) -> Result<Vec<String>, Error> {
        let s = self.system;
        let instance = &s.instances[i];
        let m = &instance.machine;
        let mut lines = vec!["if".to_owned()];
        for (k, state) in m.states.iter().enumerate() {
            let here = Cond::cmp(format!("{} == {}", instance.name, state_name(instance, &state.named.name)));
            for b in self.branches(instance, StateId(k), event, guards)? {
                let Ok(t) = b.selection else { continue };
                let mut body = Vec::new();
                for effect in m.step_effects(StateId(k), event, t) {
                    match effect {
                        Effect::Action(a) => {
                            let set = match m.action(a).kind {
                                ActionKind::Start(t) => Some((t, 1)),
                                ActionKind::Stop(t) => Some((t, 0)),
                                ActionKind::User => None,
                            };
                            if let Some((t, runs)) = set
                                && !dry
                                && instance.tracks(t.0)
                            {
                                body.push(format!("{} = {runs}", timer_name(instance, &m.timers[t.0].named.name)));
                            }
                            for &c in &instance.flushes[a.0] {
                                let name = &s.channels[c].name;
                                body.push(if dry {
                                    format!("fsm_n_{name} = 0")
                                } else {
                                    format!("do :: nempty({name}) -> {name}?_ :: empty({name}) -> break od")
                                });
                            }
                            for &(c, msg) in &instance.sends[a.0] {
                                let channel = &s.channels[c];
                                let name = &channel.name;
                                body.push(if dry {
                                    format!(
                                        "if :: fsm_n_{name} >= {} -> fsm_failed = 1 :: else -> fsm_n_{name}++ fi",
                                        channel.capacity
                                    )
                                } else {
                                    format!("{name}!{}", channel.messages[usize::from(msg)])
                                });
                            }
                        }
                        Effect::Set(v, x) if !dry => body.push(self.set(instance, v.0, x)?),
                        Effect::Add(v, d) if !dry => body.extend(self.add(instance, v.0, d)?),
                        _ => {}
                    }
                }
                if let Some(target) = m.transition(t).target
                    && !dry
                {
                    body.push(format!("{} = {}", instance.name, state_name(instance, &m.state(target).named.name)));
                }
                if body.is_empty() {
                    // Counting, a step that sends nothing is left out.
                    if dry {
                        continue;
                    }
                    body.push("skip".to_owned());
                }
                let when = here.clone().and(b.when);
                lines.push(format!(":: {} -> {}", when.text(), body.join("; ")));
            }
        }
        if dry && lines.len() == 1 {
            return Ok(Vec::new());
        }
        lines.push(":: else -> skip".to_owned());
        lines.push("fi;".to_owned());
        Ok(lines)
    }

    fn set(&self, instance: &Instance, v: usize, x: i64) -> Result<String, Error> {
        let var = &instance.machine.vars[v];
        let name = var_name(instance, &var.named.name);
        let value = x.clamp(var.ty.min(), var.ty.max());
        Ok(format!("{name} = {}", lit(value, || format!("a value of `{name}`"))?))
    }

    /// `x += d` as the interpreter does it: kept inside the domain.
    fn add(&self, instance: &Instance, v: usize, d: i64) -> Result<Option<String>, Error> {
        let var = &instance.machine.vars[v];
        let name = var_name(instance, &var.named.name);
        let (min, max) = (i128::from(var.ty.min()), i128::from(var.ty.max()));
        let what = || format!("an increment of `{name}`");
        let d128 = i128::from(d);
        if d == 0 {
            return Ok(None);
        }
        Ok(Some(if d > 0 && max - d128 < min {
            format!("{name} = {}", lit(var.ty.max(), what)?)
        } else if d < 0 && min - d128 > max {
            format!("{name} = {}", lit(var.ty.min(), what)?)
        } else if d > 0 {
            let threshold = i64::try_from(max - d128).map_err(|_| Error::Range(what()))?;
            format!(
                "if :: {name} > {} -> {name} = {} :: else -> {name} = {name} + {} fi",
                lit(threshold, what)?,
                lit(var.ty.max(), what)?,
                lit(d, what)?
            )
        } else {
            let threshold = i64::try_from(min - d128).map_err(|_| Error::Range(what()))?;
            format!(
                "if :: {name} < {} -> {name} = {} :: else -> {name} = {name} - {} fi",
                lit(threshold, what)?,
                lit(var.ty.min(), what)?,
                lit(d.checked_neg().ok_or_else(|| Error::Range(what()))?, what)?
            )
        }))
    }

    /// Loss at every position, duplication of the head, reordering to the head.
    fn faults(&mut self, c: usize) {
        let channel = &self.system.channels[c];
        let name = channel.name.clone();
        let (cap, loss, duplication, reordering) =
            (channel.capacity, channel.loss, channel.duplication, channel.reordering);
        let differs = channel.messages.iter().fold(Cond::Const(false), |acc, h| {
            channel
                .messages
                .iter()
                .filter(|m| *m != h)
                .fold(acc, |acc, m| acc.or(Cond::Text(format!("{name}?[{h}] && {name}??[{m}]"), Prec::And)))
        });
        // Copies the channel's `fsm_n` messages to its end, leaving out the one at `fsm_i ==
        // skip` (into fsm_m): a rotation that keeps the order.
        let rotate = |skip: &str| {
            format!(
                "fsm_i = 0; do :: fsm_i < fsm_n -> {name}?fsm_m; if :: fsm_i != {skip} -> {name}!fsm_m :: else -> fsm_failed = fsm_m fi; fsm_i++ :: else -> break od"
            )
        };
        if loss {
            self.line(1, &format!("/* {name} loses a message */"));
            for p in 0..cap {
                self.line(
                    1,
                    &format!(
                        ":: d_step {{ len({name}) > {p} -> fsm_n = len({name}); {}; check() }}",
                        rotate(&p.to_string())
                    ),
                );
            }
        }
        if duplication && cap > 1 {
            self.line(1, &format!("/* {name} duplicates its head */"));
            self.line(
                1,
                &format!(
                    ":: d_step {{ len({name}) > 0 && len({name}) < {cap} -> fsm_n = len({name}) - 1; {name}?fsm_m; {name}!fsm_m; {name}!fsm_m; fsm_i = 0; do :: fsm_i < fsm_n -> {name}?fsm_m; {name}!fsm_m; fsm_i++ :: else -> break od; check() }}"
                ),
            );
        }
        if reordering && differs != Cond::Const(false) {
            self.line(1, &format!("/* a message of {name} overtakes those ahead */"));
            for p in 1..cap {
                self.line(
                    1,
                    &format!(
                        ":: d_step {{ len({name}) > {p} && ({}) -> fsm_n = len({name}); {}; {name}!fsm_failed; fsm_n = fsm_n - 1; fsm_i = 0; do :: fsm_i < fsm_n -> {name}?fsm_m; {name}!fsm_m; fsm_i++ :: else -> break od; check() }}",
                        differs.text(),
                        rotate(&p.to_string())
                    ),
                );
            }
        }
    }
}

fn op_text(op: CmpOp) -> &'static str {
    op.as_str()
}

/// A path or a name inside a `/* */` comment, which `*/` would end.
fn comment(text: &str) -> String {
    text.replace("*/", "* /")
}
