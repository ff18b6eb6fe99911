//! The resolved system: names turned into dense ids over the instances' checked machines
//! (`fsm_dsl::ir::Machine`), as `verify::resolve` builds it from the syntax tree.

use super::step::{self, Config};
use super::syntax::When;
use fsm_dsl::ast::CmpOp;
use fsm_dsl::ir::{EventId, Machine, StateId};

/// Most instances in a system.
pub const MAX_INSTANCES: usize = 64;
/// Most channels in a system.
pub const MAX_CHANNELS: usize = 64;
/// Most messages one channel carries (a message is one octet of a packed state).
pub const MAX_MESSAGES: usize = 255;
/// Largest capacity of a channel, in messages (its length is one octet of a packed state).
pub const MAX_CAPACITY: u64 = 64;
/// Most named guards of one instance's spec: each step tries every combination of their values.
pub const MAX_GUARDS: usize = 8;
/// Most events one message becomes (its `receive` rules together): the receivers' choices of
/// guard values multiply.
pub const MAX_RECEIVERS: usize = 16;
/// Most states of one instance's spec (a state is two octets of a packed configuration).
pub const MAX_STATES: usize = 1 << 16;
/// Most timers of one instance's spec (whether each runs is a bit of a configuration).
pub const MAX_TIMERS: usize = 64;

/// An instance of a spec machine.
#[derive(Clone, Debug)]
pub struct Instance {
    /// Its name in the system.
    pub name: String,
    /// The spec's path as written in the system file.
    pub path: String,
    /// The variables it starts with (by `VarId`): the declared initial values, and the values
    /// the system gives its parameters.
    pub start: Vec<i64>,
    /// The checked machine.
    pub machine: Machine,
    /// Per action (by `ActionId`): the messages it sends, in order, as (channel, message).
    pub sends: Vec<Vec<(usize, u8)>>,
    /// Per action (by `ActionId`): the channels it empties (before it sends).
    pub flushes: Vec<Vec<usize>>,
    /// Per (state, event), `state * events + event`: whether a message that arrives as this
    /// event stays at the head of its channel.
    pub deferred: Vec<bool>,
    /// Per (state, event), `state * events + event`: the named guards that the conditions of
    /// the pair's transitions read, a bit per `GuardId` (fewer than [`MAX_GUARDS`]): the only
    /// ones whose values can change what the pair selects.
    pub reads: Vec<u32>,
    /// Per state: whether the system may rest there (a declared `end` state or a final one).
    pub end: Vec<bool>,
    /// The timers whose running the exploration keeps, a bit per `TimerId`: those whose
    /// expiry is an environment event of the system, so that it expires only while it runs.
    /// A timer that a `[running T]` guard tests is kept by its variable `running_T` already.
    pub tracked: u64,
    /// Where its variables start among the system's (`step::Config::vars_of`): the number
    /// of variables of the instances before it.
    pub first_var: usize,
}

impl Instance {
    /// Whether the exploration keeps whether `timer` (a `TimerId`'s index) runs: see
    /// [`Instance::tracked`]. `false` past [`MAX_TIMERS`].
    pub fn tracks(&self, timer: usize) -> bool {
        timer < MAX_TIMERS && self.tracked & (1u64 << timer) != 0
    }

    /// The named guards that the transitions of `state` and `event` read: see
    /// [`Instance::reads`].
    pub fn reads(&self, state: StateId, event: EventId) -> u32 {
        self.reads.get(state.0 * self.machine.events.len() + event.0).copied().unwrap_or(0)
    }

    /// Whether `event` is deferred in `state`.
    pub fn defers(&self, state: StateId, event: EventId) -> bool {
        self.deferred.get(state.0 * self.machine.events.len() + event.0).copied().unwrap_or(false)
    }
}

/// A FIFO channel.
#[derive(Clone, Debug)]
pub struct Channel {
    /// Its name.
    pub name: String,
    /// The messages it carries (a message's id is its index here).
    pub messages: Vec<String>,
    /// How many messages it holds at most.
    pub capacity: usize,
    /// Whether any message in it may be lost.
    pub loss: bool,
    /// Whether the message at its head may be duplicated.
    pub duplication: bool,
    /// Whether a message may overtake those ahead of it.
    pub reordering: bool,
    /// Per message: the (instance, event) pairs it becomes when it leaves the head, in order.
    pub receivers: Vec<Vec<(usize, EventId)>>,
    /// Per message: the instance that sends it first in the system text (the arrow's start in
    /// a message sequence chart), if any.
    pub sender: Vec<Option<usize>>,
}

/// An event of the environment.
#[derive(Clone, Copy, Debug)]
pub struct Environment {
    /// The instance that takes it.
    pub instance: usize,
    /// The event.
    pub event: EventId,
    /// When it may happen.
    pub when: When,
}

/// An invariant's formula over instance states and variables.
#[derive(Clone, Debug)]
pub enum Predicate {
    /// Instance `.0` is (or, when `.2` is false, is not) in state `.1`.
    InState(usize, StateId, bool),
    /// Instance `.0`'s variable `.1` (by `VarId`) compares with `.3` by `.2` (`bool` as 0 / 1).
    Var(usize, usize, CmpOp, i64),
    /// Negation.
    Not(Box<Predicate>),
    /// Conjunction.
    And(Vec<Predicate>),
    /// Disjunction.
    Or(Vec<Predicate>),
}

impl Predicate {
    /// Evaluates the predicate on a configuration of `system`.
    pub fn holds(&self, system: &System, config: &Config) -> bool {
        match self {
            Predicate::InState(i, s, equal) => (config.states().nth(*i) == Some(*s)) == *equal,
            Predicate::Var(i, v, op, value) => system
                .instances
                .get(*i)
                .and_then(|instance| config.vars_of(instance).get(*v))
                .is_some_and(|current| op.holds(*current, *value)),
            Predicate::Not(p) => !p.holds(system, config),
            Predicate::And(ps) => ps.iter().all(|p| p.holds(system, config)),
            Predicate::Or(ps) => ps.iter().any(|p| p.holds(system, config)),
        }
    }
}

/// A named invariant.
#[derive(Clone, Debug)]
pub struct Invariant {
    /// Its name.
    pub name: String,
    /// What must hold.
    pub predicate: Predicate,
    /// Whether it is checked only in quiescent configurations (no message in any channel).
    pub at_quiescence: bool,
}

/// A checked system, ready to explore.
#[derive(Clone, Debug)]
pub struct System {
    /// Its name.
    pub name: String,
    /// The instances, in the order declared.
    pub instances: Vec<Instance>,
    /// The channels, in the order declared.
    pub channels: Vec<Channel>,
    /// The environment's events, in the order declared.
    pub environment: Vec<Environment>,
    /// The invariants, in the order declared.
    pub invariants: Vec<Invariant>,
    /// The home states (`home NAME: FORMULA;`): from every reachable configuration, some path
    /// reaches one where the formula holds. In the order declared.
    pub homes: Vec<Invariant>,
    /// The fields of a packed configuration's instance part (`step::fields` of the instances).
    pub fields: Vec<step::Field>,
}

/// What loading a spec gave: its checked machine, or the reason there is none.
pub enum Loaded {
    /// The checked machine.
    Machine(Box<Machine>),
    /// The file could not be read (the error's text).
    Unreadable(String),
    /// The spec has this many errors; the caller has the spec's diagnostics.
    Errors(usize),
}
