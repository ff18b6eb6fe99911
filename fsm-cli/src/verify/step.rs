//! One configuration of a system and the moves out of it: a message delivered from a channel's
//! head, an environment event, or a fault of a channel. Each instance steps with its spec's
//! semantics through the reference interpreter (`crate::interp`); a spec's named guards are the
//! environment's choice, so every value of them that selects another transition is a move of
//! its own. Also how a configuration is packed into octets (exactly: packing is a bijection).

use super::model::{Instance, System};
use super::syntax::When;
use crate::interp::Interpreter;
use fsm_dsl::ir::{ActionId, ActionKind, EventId, Selection, StateId, StepKind, TransitionId};

/// A configuration: each instance's state, variables and running timers, each channel's
/// messages (head first).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// By instance.
    pub states: Vec<StateId>,
    /// By instance, then by `VarId`.
    pub vars: Vec<Vec<i64>>,
    /// By instance: the timers of [`Instance::tracked`] that run, a bit per `TimerId`.
    ///
    /// [`Instance::tracked`]: super::model::Instance::tracked
    pub timers: Vec<u64>,
    /// By channel: message ids, head first.
    pub queues: Vec<Vec<u8>>,
}

/// What one instance did in a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstanceStep {
    /// The instance.
    pub instance: usize,
    /// The event it took.
    pub event: EventId,
    /// Its state before.
    pub from: StateId,
    /// Its state after.
    pub to: StateId,
    /// Transition, internal or ignored.
    pub kind: StepKind,
    /// The transition taken, if any (its `ref`s are cited in the chart).
    pub transition: Option<TransitionId>,
    /// The actions run, in order (what each sends and empties: the instance's `sends` and
    /// `flushes`).
    pub actions: Vec<ActionId>,
}

/// One move of the system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// The instances start: their initial states' entry actions.
    Start {
        /// One step per instance (the event field is unused).
        steps: Vec<InstanceStep>,
    },
    /// The message at a channel's head leaves it and becomes events of its receivers.
    Deliver {
        /// The channel.
        channel: usize,
        /// The message.
        message: u8,
        /// The receivers' steps, in order.
        steps: Vec<InstanceStep>,
    },
    /// An environment event (a timer's expiry, a transport's failure).
    Environment {
        /// The instance's step.
        step: InstanceStep,
    },
    /// A message in a channel is lost.
    Lose {
        /// The channel.
        channel: usize,
        /// Where it was (0 the head).
        position: usize,
        /// The message.
        message: u8,
    },
    /// The message at a channel's head is duplicated.
    Duplicate {
        /// The channel.
        channel: usize,
        /// The message.
        message: u8,
    },
    /// A message overtakes those ahead of it and becomes the head.
    Reorder {
        /// The channel.
        channel: usize,
        /// Where it was.
        position: usize,
        /// The message.
        message: u8,
    },
}

/// A property broken by a move out of a configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The message at a channel's head arrives as an event that the receiver's state neither
    /// handles, defers nor ignores (or no rule receives it: then `receiver` is `None`).
    Unspecified {
        /// The channel.
        channel: usize,
        /// The message.
        message: u8,
        /// The receiving instance, its event and its state.
        receiver: Option<(usize, EventId, StateId)>,
    },
    /// A move sends a message to a full channel.
    Overflow {
        /// The move, up to and including the step that sent it.
        by: Box<Move>,
        /// The channel.
        channel: usize,
        /// The message.
        message: u8,
    },
}

/// What a move out of a configuration gives.
pub type Outcome = Result<(Move, Config), Problem>;

/// Every move out of `config`, in a fixed order (the exploration names a move by its place in
/// this list): deliveries by channel, environment events in the order declared, then faults.
pub fn successors(system: &System, config: &Config) -> Vec<Outcome> {
    let mut out = Vec::new();
    for (c, queue) in config.queues.iter().enumerate() {
        if let Some(&message) = queue.first() {
            deliver(system, config, c, message, &mut out);
        }
    }
    let quiet = config.queues.iter().all(Vec::is_empty);
    for env in &system.environment {
        if env.when == When::AtQuiescence && !quiet {
            continue;
        }
        // A timer expires only while it runs.
        let instance = &system.instances[env.instance];
        if let Some(t) = instance.machine.event(env.event).timer
            && instance.tracks(t.0)
            && config.timers[env.instance] & bit(t.0) == 0
        {
            continue;
        }
        for selection in selections(system, config, env.instance, env.event) {
            if let Selection::Take(_) = selection {
                let mut next = config.clone();
                let step = run(system, &mut next, env.instance, env.event, selection);
                out.push(send_all(system, next, Move::Environment { step }));
            }
        }
    }
    for (c, channel) in system.channels.iter().enumerate() {
        let queue = &config.queues[c];
        if channel.loss {
            for (position, &message) in queue.iter().enumerate() {
                let mut next = config.clone();
                next.queues[c].remove(position);
                out.push(Ok((Move::Lose { channel: c, position, message }, next)));
            }
        }
        if channel.duplication && !queue.is_empty() && queue.len() < channel.capacity {
            let mut next = config.clone();
            next.queues[c].insert(1, queue[0]);
            out.push(Ok((Move::Duplicate { channel: c, message: queue[0] }, next)));
        }
        if channel.reordering {
            for position in 1..queue.len() {
                if queue[position] != queue[0] {
                    let mut next = config.clone();
                    let message = next.queues[c].remove(position);
                    next.queues[c].insert(0, message);
                    out.push(Ok((Move::Reorder { channel: c, position, message }, next)));
                }
            }
        }
    }
    out
}

/// The configuration the system starts in, or the overflow its entry actions cause.
pub fn initial(system: &System) -> Result<(Move, Config), Problem> {
    let mut steps = Vec::new();
    let mut config = Config {
        states: Vec::new(),
        vars: Vec::new(),
        timers: Vec::new(),
        queues: vec![Vec::new(); system.channels.len()],
    };
    for (i, instance) in system.instances.iter().enumerate() {
        let (it, actions) = Interpreter::start_with(&instance.machine, instance.start.clone());
        config.states.push(it.state());
        config.vars.push(it.vars().to_vec());
        config.timers.push(0);
        keep_timers(instance, &mut config.timers[i], &actions);
        let initial = instance.machine.initial;
        steps.push(InstanceStep {
            instance: i,
            event: EventId(0),
            from: initial,
            to: initial,
            kind: StepKind::Internal,
            transition: None,
            actions,
        });
    }
    send_all(system, config, Move::Start { steps })
}

/// Delivers the head `message` of channel `c` to its receivers, one after the other.
fn deliver(system: &System, config: &Config, c: usize, message: u8, out: &mut Vec<Outcome>) {
    let receivers = &system.channels[c].receivers[usize::from(message)];
    if receivers.is_empty() {
        out.push(Err(Problem::Unspecified { channel: c, message, receiver: None }));
        return;
    }
    // A receiver that defers the message in its state leaves it at the head: no move.
    if receivers.iter().any(|&(i, e)| system.instances[i].defers(config.states[i], e)) {
        return;
    }
    let mut popped = config.clone();
    popped.queues[c].remove(0);
    let mut partial = vec![(popped, Vec::new())];
    for &(i, event) in receivers {
        let mut next_partial = Vec::new();
        for (cfg, steps) in partial {
            for selection in selections(system, &cfg, i, event) {
                if selection == Selection::None(StepKind::Unhandled) {
                    let receiver = Some((i, event, cfg.states[i]));
                    out.push(Err(Problem::Unspecified { channel: c, message, receiver }));
                    return;
                }
                let mut next = cfg.clone();
                let step = run(system, &mut next, i, event, selection);
                let mut steps = steps.clone();
                steps.push(step);
                next_partial.push((next, steps));
            }
        }
        partial = next_partial;
    }
    for (cfg, steps) in partial {
        out.push(send_all(system, cfg, Move::Deliver { channel: c, message, steps }));
    }
}

/// The distinct selections of instance `i` for `event` over every value of its named guards.
fn selections(system: &System, config: &Config, i: usize, event: EventId) -> Vec<Selection> {
    let machine = &system.instances[i].machine;
    let n = machine.guards.len();
    let mut found: Vec<Selection> = Vec::new();
    let mut guards = vec![false; n];
    for bits in 0u32..(1u32 << n.min(super::model::MAX_GUARDS)) {
        for (g, value) in guards.iter_mut().enumerate() {
            *value = bits & (1 << g) != 0;
        }
        let s = machine.select(config.states[i], event, &guards, &config.vars[i]);
        if !found.contains(&s) {
            found.push(s);
        }
    }
    found
}

/// Steps instance `i` with `event` so that it takes `selection`, in `config`.
fn run(system: &System, config: &mut Config, i: usize, event: EventId, selection: Selection) -> InstanceStep {
    let instance = &system.instances[i];
    let machine = &instance.machine;
    let mut it = Interpreter::at(machine, config.states[i], std::mem::take(&mut config.vars[i]));
    // Named guards that make the selection: the interpreter selects again from them.
    let guards = guards_for(system, config.states[i], it.vars(), i, event, selection);
    let step = it.step(event, &guards);
    config.states[i] = it.state();
    config.vars[i] = it.into_vars();
    // An expiry stops its timer as it arrives; then the step's starts and stops.
    if let Some(t) = machine.event(event).timer {
        config.timers[i] &= !bit(t.0);
    }
    keep_timers(instance, &mut config.timers[i], &step.actions);
    InstanceStep {
        instance: i,
        event,
        from: step.from,
        to: step.to,
        kind: step.kind,
        transition: step.transition,
        actions: step.actions,
    }
}

/// The bit of a timer in a mask of [`Config::timers`] (none beyond `MAX_TIMERS`).
fn bit(timer: usize) -> u64 {
    1u64.checked_shl(u32::try_from(timer).unwrap_or(u32::MAX)).unwrap_or(0)
}

/// Applies `actions`' timer starts and stops to the `running` timers that `instance` keeps.
fn keep_timers(instance: &Instance, running: &mut u64, actions: &[ActionId]) {
    for &a in actions {
        match instance.machine.action(a).kind {
            ActionKind::Start(t) => *running |= bit(t.0) & instance.tracked,
            ActionKind::Stop(t) => *running &= !bit(t.0),
            ActionKind::User => {}
        }
    }
}

/// The octets of an instance's running timers in a packed configuration: none for an
/// instance that keeps none, else one per eight timers of its spec.
fn timer_octets(instance: &Instance) -> usize {
    if instance.tracked == 0 { 0 } else { instance.machine.timers.len().div_ceil(8) }
}

/// Guard values under which instance `i` selects `selection` (found again: there are at most
/// 2^`MAX_GUARDS` of them).
fn guards_for(
    system: &System,
    state: StateId,
    vars: &[i64],
    i: usize,
    event: EventId,
    selection: Selection,
) -> Vec<bool> {
    let machine = &system.instances[i].machine;
    let n = machine.guards.len();
    let mut guards = vec![false; n];
    for bits in 0u32..(1u32 << n.min(super::model::MAX_GUARDS)) {
        for (g, value) in guards.iter_mut().enumerate() {
            *value = bits & (1 << g) != 0;
        }
        if machine.select(state, event, &guards, vars) == selection {
            return guards;
        }
    }
    guards
}

/// Carries out the steps' actions on the channels, action by action: each empties the channels
/// it flushes, then appends the messages it sends. A message sent to a full channel is a
/// problem.
fn send_all(system: &System, mut config: Config, m: Move) -> Outcome {
    let steps = match &m {
        Move::Start { steps } | Move::Deliver { steps, .. } => steps.as_slice(),
        Move::Environment { step } => std::slice::from_ref(step),
        Move::Lose { .. } | Move::Duplicate { .. } | Move::Reorder { .. } => &[],
    };
    for step in steps {
        let instance = &system.instances[step.instance];
        for action in &step.actions {
            for &c in &instance.flushes[action.0] {
                config.queues[c].clear();
            }
            for &(c, message) in &instance.sends[action.0] {
                if config.queues[c].len() >= system.channels[c].capacity {
                    return Err(Problem::Overflow { by: Box::new(m), channel: c, message });
                }
                config.queues[c].push(message);
            }
        }
    }
    Ok((m, config))
}

/// The octets of one instance variable: the fewest of 1, 2, 4, 8 that hold its domain.
fn width(size: u128) -> usize {
    match size {
        0..=0x100 => 1,
        0x101..=0x1_0000 => 2,
        0x1_0001..=0x1_0000_0000 => 4,
        _ => 8,
    }
}

/// Packs a configuration: per instance its state (two octets), each variable's offset from
/// its type's minimum (the fewest octets of 1, 2, 4, 8 that hold its domain) and, where it
/// keeps any, its running timers (an octet per eight timers of its spec); per channel its
/// length (one octet) and its messages (one octet each). Exact: [`unpack`] inverts it.
pub fn pack(system: &System, config: &Config, out: &mut Vec<u8>) {
    out.clear();
    for (i, instance) in system.instances.iter().enumerate() {
        let state = u16::try_from(config.states[i].0).unwrap_or(u16::MAX);
        out.extend_from_slice(&state.to_le_bytes());
        for (v, var) in instance.machine.vars.iter().enumerate() {
            let offset = config.vars[i][v].wrapping_sub(var.ty.min()) as u64;
            out.extend_from_slice(&offset.to_le_bytes()[..width(var.ty.size())]);
        }
        out.extend_from_slice(&config.timers[i].to_le_bytes()[..timer_octets(instance)]);
    }
    for queue in &config.queues {
        out.push(u8::try_from(queue.len()).unwrap_or(u8::MAX));
        out.extend_from_slice(queue);
    }
}

/// The configuration [`pack`] packed into `bytes`.
pub fn unpack(system: &System, bytes: &[u8]) -> Config {
    let mut at = 0usize;
    let mut take = |n: usize| {
        let mut word = [0u8; 8];
        let end = (at + n).min(bytes.len());
        word[..end - at.min(end)].copy_from_slice(&bytes[at.min(end)..end]);
        at += n;
        u64::from_le_bytes(word)
    };
    let mut config = Config { states: Vec::new(), vars: Vec::new(), timers: Vec::new(), queues: Vec::new() };
    for instance in &system.instances {
        config.states.push(StateId(usize::try_from(take(2)).unwrap_or(0)));
        let vars = instance.machine.vars.iter().map(|v| v.ty.min().wrapping_add(take(width(v.ty.size())) as i64));
        config.vars.push(vars.collect());
        config.timers.push(take(timer_octets(instance)));
    }
    for _ in &system.channels {
        let len = usize::try_from(take(1)).unwrap_or(0);
        let queue = (0..len).map(|_| u8::try_from(take(1)).unwrap_or(0)).collect();
        config.queues.push(queue);
    }
    config
}
