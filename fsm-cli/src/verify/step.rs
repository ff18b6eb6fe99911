//! One configuration of a system and the moves out of it: a message delivered from a channel's
//! head, an environment event, or a fault of a channel. Each instance steps with its spec's
//! semantics through the reference interpreter (`crate::interp`); a spec's named guards are the
//! environment's choice, so every value of them that selects another transition is a move of
//! its own. Also how a configuration is packed into octets (exactly: packing is a bijection).

use super::model::{Channel, Instance, MAX_GUARDS, System};
use super::syntax::When;
use crate::interp::Interpreter;
use fsm_dsl::ir::{ActionId, ActionKind, EventId, Selection, StateId, StepKind, TransitionId};
use smallvec::SmallVec;

/// A configuration: each instance's state, variables and running timers, each channel's
/// messages (head first). Flat, in two vectors, so that a copy, made for each move, is two
/// copies of a few octets.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Config {
    /// By instance its state (see [`Config::state`]), then by instance its running timers
    /// ([`Config::timers`]), then every instance's variables ([`Config::vars_of`]).
    words: Vec<i64>,
    /// By channel its length, then by channel a slot of `stride` octets: its message ids,
    /// head first, then zeros (see [`Config::queue`]).
    octets: Vec<u8>,
    /// How many instances.
    instances: usize,
    /// How many channels.
    channels: usize,
    /// The octets of a channel's slot: the largest capacity of the system's channels.
    stride: usize,
}

impl Clone for Config {
    fn clone(&self) -> Self {
        Config { words: self.words.clone(), octets: self.octets.clone(), ..*self }
    }

    /// A copy into `self`'s storage: the exploration copies a configuration for each move and
    /// recycles the copies, so that a move allocates nothing for them.
    fn clone_from(&mut self, source: &Self) {
        self.words.clone_from(&source.words);
        self.octets.clone_from(&source.octets);
        (self.instances, self.channels, self.stride) = (source.instances, source.channels, source.stride);
    }
}

impl Config {
    /// A configuration of `system` in which every instance is in its first state with its
    /// variables and timers at zero, and every channel empty.
    fn new(system: &System) -> Self {
        let (words, octets, instances, channels, stride) = Config::shape(system);
        Config { words: vec![0; words], octets: vec![0; octets], instances, channels, stride }
    }

    /// The lengths of a configuration of `system`'s two vectors, its instances, its channels
    /// and its slots' width.
    fn shape(system: &System) -> (usize, usize, usize, usize, usize) {
        let (instances, channels, stride) = (system.instances.len(), system.channels.len(), slot_octets(system));
        let vars: usize = system.instances.iter().map(|i| i.machine.vars.len()).sum();
        (2 * instances + vars, channels * (1 + stride), instances, channels, stride)
    }

    /// Instance `i`'s state (panics past the system's instances).
    pub fn state(&self, i: usize) -> StateId {
        StateId(self.words[..self.instances][i] as usize)
    }

    /// Each instance's state, in the system's order.
    pub fn states(&self) -> impl Iterator<Item = StateId> + '_ {
        self.words[..self.instances].iter().map(|&s| StateId(s as usize))
    }

    fn set_state(&mut self, i: usize, state: StateId) {
        self.words[..self.instances][i] = state.0 as i64;
    }

    /// Instance `i`'s timers of [`Instance::tracked`] that run, a bit per `TimerId` (panics
    /// past the system's instances).
    ///
    /// [`Instance::tracked`]: super::model::Instance::tracked
    pub fn timers(&self, i: usize) -> u64 {
        self.words[self.instances..2 * self.instances][i] as u64
    }

    fn set_timers(&mut self, i: usize, running: u64) {
        self.words[self.instances..2 * self.instances][i] = running as i64;
    }

    /// The variables of `instance` (one of the system's), indexed by `VarId`.
    pub fn vars_of(&self, instance: &Instance) -> &[i64] {
        let start = (2 * self.instances + instance.first_var).min(self.words.len());
        &self.words[start..(start + instance.machine.vars.len()).min(self.words.len())]
    }

    fn vars_mut(&mut self, instance: &Instance) -> &mut [i64] {
        let start = (2 * self.instances + instance.first_var).min(self.words.len());
        let end = (start + instance.machine.vars.len()).min(self.words.len());
        &mut self.words[start..end]
    }

    /// The messages in channel `c` (by index in `System::channels`), head first; none past
    /// the system's channels.
    pub fn queue(&self, c: usize) -> &[u8] {
        let (start, len) = self.slot(c);
        self.octets.get(start..start + len).unwrap_or(&[])
    }

    /// Each channel's messages, as [`Config::queue`] gives them, in the system's order.
    pub fn queues(&self) -> impl Iterator<Item = &[u8]> {
        let (lens, slots) = self.octets.split_at(self.channels.min(self.octets.len()));
        let stride = self.stride;
        let slot = move |(c, &len): (usize, &u8)| slots.get(c * stride..c * stride + usize::from(len));
        lens.iter().enumerate().map(move |c| slot(c).unwrap_or(&[]))
    }

    /// Whether no message is in any channel (quiescence).
    pub fn quiet(&self) -> bool {
        self.octets[..self.channels].iter().all(|&len| len == 0)
    }

    /// Where channel `c`'s slot starts in `octets`, and how many messages it holds.
    fn slot(&self, c: usize) -> (usize, usize) {
        let len = if c < self.channels { self.octets.get(c).copied().unwrap_or(0) } else { 0 };
        (self.channels + c * self.stride, usize::from(len))
    }

    /// Appends `message` to channel `c`, which the caller made sure has room.
    fn push(&mut self, c: usize, message: u8) {
        let (start, len) = self.slot(c);
        if len < self.stride
            && let Some(slot) = self.octets.get_mut(start + len)
        {
            *slot = message;
            self.octets[c] += 1;
        }
    }

    /// Takes the message at channel `c`'s head out.
    fn pop(&mut self, c: usize) {
        let (start, len) = self.slot(c);
        if len > 0 {
            // Message by message: fewer than a call to move them costs.
            for k in start..start + len - 1 {
                self.octets[k] = self.octets[k + 1];
            }
            self.octets[start + len - 1] = 0;
            self.octets[c] -= 1;
        }
    }

    /// Empties channel `c`.
    fn clear(&mut self, c: usize) {
        let (start, len) = self.slot(c);
        if len > 0 {
            self.octets[start..start + len].fill(0);
            self.octets[c] = 0;
        }
    }

    /// Makes channel `c` hold `messages` (as many as it has room for).
    fn set_queue(&mut self, c: usize, messages: impl IntoIterator<Item = u8>) {
        self.clear(c);
        for message in messages {
            self.push(c, message);
        }
    }
}

/// The octets of each channel's slot in a [`Config`] of `system`: its largest capacity.
fn slot_octets(system: &System) -> usize {
    system.channels.iter().map(|c| c.capacity).max().unwrap_or(0)
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
        /// The move that sent it, with every step the move made (each receiver's, for a
        /// delivery; each instance's, for the start), the steps after the one that sent it
        /// included. Without a record (see [`Scratch::new`]), the move's steps are left out.
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
    steps_into(system, config, &mut out, &mut Scratch::new(true));
    faults_into(system, config, &mut out);
    out
}

/// What stepping instances reuses from one configuration to the next, and whether the moves
/// it makes are recorded in full.
#[derive(Debug)]
pub struct Scratch {
    /// Configurations to copy the reached ones into, while there are any: a caller that is
    /// done with a reached configuration may give it back, so that its storage is reused.
    pub spare: Vec<Config>,
    /// The actions of the step being made.
    actions: Vec<ActionId>,
    /// Whether each move says what its instances did ([`InstanceStep`]s with their actions).
    /// Without, a `Deliver` has no steps and an `Environment` step no actions, and nothing is
    /// allocated for them: what the exploration needs, which names a move by its place in the
    /// list and makes it again, recorded, only to report it.
    record: bool,
}

impl Scratch {
    /// Empty, recording the moves in full (each move's instance steps and their actions) or
    /// not (a `Deliver` without steps, an `Environment` step without actions: what the
    /// exploration needs).
    pub fn new(record: bool) -> Self {
        Scratch { spare: Vec::new(), actions: Vec::new(), record }
    }
}

/// The moves of [`successors`] that step an instance (deliveries, then environment events),
/// into `out` (cleared first): the list's start, the channels' faults aside ([`faults_packed`]
/// makes those from the packed configuration). The configurations they reach are copied into
/// configurations taken from `scratch`'s spares.
pub fn steps_into(system: &System, config: &Config, out: &mut Vec<Outcome>, scratch: &mut Scratch) {
    out.clear();
    for (c, queue) in config.queues().enumerate() {
        if let Some(&message) = queue.first() {
            deliver(system, config, c, message, out, scratch);
        }
    }
    let quiet = config.quiet();
    for env in &system.environment {
        if env.when == When::AtQuiescence && !quiet {
            continue;
        }
        // A timer expires only while it runs.
        let instance = &system.instances[env.instance];
        if let Some(t) = instance.machine.event(env.event).timer
            && instance.tracks(t.0)
            && config.timers(env.instance) & bit(t.0) == 0
        {
            continue;
        }
        for (selection, bits) in selections(system, config, env.instance, env.event) {
            if let Selection::Take(_) = selection {
                let mut next = copy(config, &mut scratch.spare);
                let (step, overflow) = run(system, &mut next, env.instance, env.event, bits, scratch);
                out.push(outcome(next, Move::Environment { step }, overflow));
            }
        }
    }
}

/// The faults of the channels, in the order [`successors`] lists them: by channel, each
/// message's loss (head first), the head's duplication, then each message that may overtake
/// the head, nearest first. Appended to `out`.
fn faults_into(system: &System, config: &Config, out: &mut Vec<Outcome>) {
    for (c, channel) in system.channels.iter().enumerate() {
        channel_faults(c, channel, config.queue(c), |fault, parts| {
            let mut next = config.clone();
            next.set_queue(c, parts.iter().flat_map(|part| part.iter().copied()));
            out.push(Ok((fault, next)));
        });
    }
}

/// The faults of channel `c`, whose messages are `queue` (head first), in the order of
/// [`faults_into`]: each as its move and the channel's messages after it, given as `parts`
/// end to end. The one list of faults, read by [`faults_into`] and [`faults_packed`] alike.
fn channel_faults(c: usize, channel: &Channel, queue: &[u8], mut emit: impl FnMut(Move, &[&[u8]])) {
    if channel.loss {
        for (position, &message) in queue.iter().enumerate() {
            emit(Move::Lose { channel: c, position, message }, &[&queue[..position], &queue[position + 1..]]);
        }
    }
    if channel.duplication && !queue.is_empty() && queue.len() < channel.capacity {
        emit(Move::Duplicate { channel: c, message: queue[0] }, &[&queue[..1], queue]);
    }
    if channel.reordering {
        for (position, &message) in queue.iter().enumerate().skip(1) {
            if message != queue[0] {
                let parts = [&queue[position..=position], &queue[..position], &queue[position + 1..]];
                emit(Move::Reorder { channel: c, position, message }, &parts);
            }
        }
    }
}

/// The configuration the system starts in, or the overflow its entry actions cause.
pub fn initial(system: &System) -> Result<(Move, Config), Problem> {
    let mut steps = Vec::new();
    let mut config = Config::new(system);
    let mut overflow = None;
    for (i, instance) in system.instances.iter().enumerate() {
        let (it, actions) = Interpreter::start_with(&instance.machine, instance.start.clone());
        config.set_state(i, it.state());
        for (slot, &value) in config.vars_mut(instance).iter_mut().zip(it.vars()) {
            *slot = value;
        }
        config.set_timers(i, keep_timers(instance, 0, &actions));
        send(system, &mut config, i, &actions, &mut overflow);
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
    outcome(config, Move::Start { steps }, overflow)
}

/// A copy of `config` in a configuration from `spare`, or a new one.
fn copy(config: &Config, spare: &mut Vec<Config>) -> Config {
    let mut next = spare.pop().unwrap_or_default();
    next.clone_from(config);
    next
}

/// Delivers the head `message` of channel `c` to its receivers, one after the other.
fn deliver(system: &System, config: &Config, c: usize, message: u8, out: &mut Vec<Outcome>, scratch: &mut Scratch) {
    let receivers = &system.channels[c].receivers[usize::from(message)];
    if receivers.is_empty() {
        out.push(Err(Problem::Unspecified { channel: c, message, receiver: None }));
        return;
    }
    // A receiver that defers the message in its state leaves it at the head: no move.
    if receivers.iter().any(|&(i, e)| system.instances[i].defers(config.state(i), e)) {
        return;
    }
    // One receiver (most messages): each of its choices is an outcome, in order.
    if let &[(i, event)] = receivers.as_slice() {
        let choices = selections(system, config, i, event);
        if choices.iter().any(|&(s, _)| s == Selection::None(StepKind::Unhandled)) {
            let receiver = Some((i, event, config.state(i)));
            out.push(Err(Problem::Unspecified { channel: c, message, receiver }));
            return;
        }
        for &(_, bits) in &choices {
            let mut next = copy(config, &mut scratch.spare);
            next.pop(c);
            let (step, overflow) = run(system, &mut next, i, event, bits, scratch);
            let steps = if scratch.record { vec![step] } else { Vec::new() };
            out.push(outcome(next, Move::Deliver { channel: c, message, steps }, overflow));
        }
        return;
    }
    let mut popped = copy(config, &mut scratch.spare);
    popped.pop(c);
    // The receivers' outcomes so far, each with the first message it could not send: one
    // unless a receiver's guards gave it a choice.
    let mut partial: SmallVec<[Partial; 2]> = smallvec::smallvec![(popped, Vec::new(), None)];
    for &(i, event) in receivers {
        let mut next_partial = SmallVec::<[_; 2]>::new();
        for (mut cfg, mut steps, overflow) in partial {
            let choices = selections(system, &cfg, i, event);
            // Unhandled under some guard values: that is the delivery's only outcome.
            if choices.iter().any(|&(s, _)| s == Selection::None(StepKind::Unhandled)) {
                let receiver = Some((i, event, cfg.state(i)));
                out.push(Err(Problem::Unspecified { channel: c, message, receiver }));
                return;
            }
            // Each choice but the last steps a copy; the last one steps `cfg` itself.
            let last = choices.len() - 1;
            for (k, &(_, bits)) in choices.iter().enumerate() {
                let (mut next, mut next_steps) = if k == last {
                    (std::mem::take(&mut cfg), std::mem::take(&mut steps))
                } else {
                    (copy(&cfg, &mut scratch.spare), steps.clone())
                };
                // After an overflow, the move's outcome is that overflow (the first one): the
                // later receivers still step, for the move's record.
                let (step, sent) = run(system, &mut next, i, event, bits, scratch);
                if scratch.record {
                    next_steps.push(step);
                }
                next_partial.push((next, next_steps, overflow.or(sent)));
            }
        }
        partial = next_partial;
    }
    for (cfg, steps, overflow) in partial {
        out.push(outcome(cfg, Move::Deliver { channel: c, message, steps }, overflow));
    }
}

/// The distinct selections of instance `i` for `event` over every value of its named guards,
/// each with the first guard values (a bit per `GuardId`, counting up) that make it. Only the
/// guards that the pair's transitions read are varied: the others cannot change what it selects.
/// The variables are read as the step reads them: after the event's arrival (the expiry of a
/// timer that a guard tests clears its `running` variable first: `Machine::arrive`).
fn selections(system: &System, config: &Config, i: usize, event: EventId) -> SmallVec<[(Selection, u32); 2]> {
    let instance = &system.instances[i];
    let (machine, state) = (&instance.machine, config.state(i));
    let n = machine.guards.len().min(MAX_GUARDS);
    let reads = instance.reads(state, event);
    let mut arrived = SmallVec::<[i64; 8]>::new();
    let vars = if machine.event(event).timer.and_then(|t| machine.timers.get(t.0)).is_some_and(|t| t.running.is_some())
    {
        arrived.extend_from_slice(config.vars_of(instance));
        machine.arrive(event, &mut arrived);
        &arrived[..]
    } else {
        config.vars_of(instance)
    };
    let mut found = SmallVec::new();
    // Every subset of `reads`, counting up: from zero, `(bits - reads) & reads` is the next.
    let mut bits = 0u32;
    loop {
        let s = machine.select(state, event, &guard_values(bits)[..n], vars);
        if !found.iter().any(|&(f, _)| f == s) {
            found.push((s, bits));
        }
        bits = bits.wrapping_sub(reads) & reads;
        if bits == 0 {
            return found;
        }
    }
}

/// Guard values, indexed by `GuardId`, from a bit per guard (slice the first `guards.len()`).
fn guard_values(bits: u32) -> [bool; MAX_GUARDS] {
    std::array::from_fn(|g| bits & (1 << g) != 0)
}

/// A message that found its channel full: (channel, message).
type Overflow = (usize, u8);

/// A delivery's outcome so far: the configuration, the receivers' steps (when recorded) and
/// the first overflow.
type Partial = (Config, Vec<InstanceStep>, Option<Overflow>);

/// Steps instance `i` with `event` under the named guards' values `bits` (a bit per
/// `GuardId`, found by [`selections`]), in `config`, and carries out its actions on the
/// channels (see [`send`]). Gives the step (its actions only when `scratch` records) and the
/// first message that found its channel full, if any.
fn run(
    system: &System,
    config: &mut Config,
    i: usize,
    event: EventId,
    bits: u32,
    scratch: &mut Scratch,
) -> (InstanceStep, Option<Overflow>) {
    let instance = &system.instances[i];
    let machine = &instance.machine;
    let mut it = Interpreter::at(machine, config.state(i), config.vars_mut(instance)).ignoring_durations();
    let guards = guard_values(bits);
    scratch.actions.clear();
    let step = it.step_into(event, &guards[..machine.guards.len().min(MAX_GUARDS)], &mut scratch.actions);
    config.set_state(i, step.to);
    // An expiry stops its timer as it arrives; then the step's starts and stops.
    let mut running = config.timers(i);
    if let Some(t) = machine.event(event).timer {
        running &= !bit(t.0);
    }
    config.set_timers(i, keep_timers(instance, running, &scratch.actions));
    let mut overflow = None;
    send(system, config, i, &scratch.actions, &mut overflow);
    let actions = if scratch.record { scratch.actions.clone() } else { Vec::new() };
    let step = InstanceStep {
        instance: i,
        event,
        from: step.from,
        to: step.to,
        kind: step.kind,
        transition: step.transition,
        actions,
    };
    (step, overflow)
}

/// The bit of a timer in a mask of [`Config::timers`] (none beyond `MAX_TIMERS`).
fn bit(timer: usize) -> u64 {
    1u64.checked_shl(u32::try_from(timer).unwrap_or(u32::MAX)).unwrap_or(0)
}

/// The `running` timers that `instance` keeps, after `actions`' timer starts and stops.
fn keep_timers(instance: &Instance, mut running: u64, actions: &[ActionId]) -> u64 {
    for &a in actions {
        match instance.machine.action(a).kind {
            ActionKind::Start(t) => running |= bit(t.0) & instance.tracked,
            ActionKind::Stop(t) => running &= !bit(t.0),
            ActionKind::User => {}
        }
    }
    running
}

/// The octets of an instance's running timers in a packed configuration: none for an
/// instance that keeps none, else one per eight timers of its spec.
fn timer_octets(instance: &Instance) -> usize {
    if instance.tracked == 0 { 0 } else { instance.machine.timers.len().div_ceil(8) }
}

/// Carries out instance `i`'s `actions` on the channels, action by action: each empties the
/// channels it flushes, then appends the messages it sends. A message sent to a full channel
/// is an overflow: the first one is kept in `overflow`, and nothing more is sent once there is
/// one.
fn send(system: &System, config: &mut Config, i: usize, actions: &[ActionId], overflow: &mut Option<Overflow>) {
    let instance = &system.instances[i];
    for action in actions {
        if overflow.is_some() {
            return;
        }
        for &c in &instance.flushes[action.0] {
            config.clear(c);
        }
        for &(c, message) in &instance.sends[action.0] {
            if config.queue(c).len() >= system.channels[c].capacity {
                *overflow = Some((c, message));
                return;
            }
            config.push(c, message);
        }
    }
}

/// The outcome of move `m`, which reached `config`, or overflowed a channel with a message.
fn outcome(config: Config, m: Move, overflow: Option<Overflow>) -> Outcome {
    match overflow {
        Some((channel, message)) => Err(Problem::Overflow { by: Box::new(m), channel, message }),
        None => Ok((m, config)),
    }
}

/// The octets of one instance variable whose type has `size` values in a packed
/// configuration: the fewest of 1, 2, 4, 8 that hold them.
fn octets(size: u128) -> usize {
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
    for field in &system.fields {
        let value = config.words.get(field.word).copied().unwrap_or(0);
        put(out, value.wrapping_sub(field.min) as u64, field.octets);
    }
    pack_channels(config, out);
}

/// A field of the instances' part of a packed configuration: a word of a [`Config`] (a state,
/// a variable, running timers), packed as its offset from `min` in `octets` octets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    word: usize,
    min: i64,
    octets: usize,
}

/// The fields of the instances' part of a packed configuration of a system whose instances
/// are `instances` (see [`pack`]), in order: per instance its state, its variables, then its
/// running timers where it keeps any. Kept in `System::fields`, so that packing and unpacking
/// are one loop over them.
pub fn fields(instances: &[Instance]) -> Vec<Field> {
    let n = instances.len();
    let mut fields = Vec::new();
    for (i, instance) in instances.iter().enumerate() {
        fields.push(Field { word: i, min: 0, octets: 2 });
        for (v, var) in instance.machine.vars.iter().enumerate() {
            let word = 2 * n + instance.first_var + v;
            fields.push(Field { word, min: var.ty.min(), octets: octets(var.ty.size()) });
        }
        if timer_octets(instance) > 0 {
            fields.push(Field { word: n + i, min: 0, octets: timer_octets(instance) });
        }
    }
    fields
}

/// Appends the channels' octets of [`pack`].
fn pack_channels(config: &Config, out: &mut Vec<u8>) {
    for queue in config.queues() {
        out.push(u8::try_from(queue.len()).unwrap_or(u8::MAX));
        // Octet by octet: a channel holds a few messages, fewer than a call to copy them costs.
        for &message in queue {
            out.push(message);
        }
    }
}

/// Appends the `octets` low octets of `value`, little-endian: each width a copy of a fixed
/// size (a packed configuration's fields are 1, 2, 4 or 8 octets; an instance's timers may
/// take others).
fn put(out: &mut Vec<u8>, value: u64, octets: usize) {
    match octets {
        0 => {}
        1 => out.push(value as u8),
        2 => out.extend_from_slice(&(value as u16).to_le_bytes()),
        4 => out.extend_from_slice(&(value as u32).to_le_bytes()),
        8 => out.extend_from_slice(&value.to_le_bytes()),
        n => out.extend_from_slice(&value.to_le_bytes()[..n.min(8)]),
    }
}

/// The value of `octets` octets at `at` in `bytes`, little-endian, as [`put`] wrote it; moves
/// `at` past them (octets past the end read as zeros).
fn get(bytes: &[u8], at: &mut usize, octets: usize) -> u64 {
    let start = *at;
    *at += octets;
    let fixed = |n: usize| bytes.get(start..start + n);
    match octets {
        1 => bytes.get(start).map(|&b| u64::from(b)),
        2 => fixed(2).map(|b| u64::from(u16::from_le_bytes([b[0], b[1]]))),
        4 => fixed(4).map(|b| u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
        8 => fixed(8).map(|b| u64::from_le_bytes(std::array::from_fn(|k| b[k]))),
        _ => None,
    }
    .unwrap_or_else(|| {
        let mut word = [0u8; 8];
        let end = (start + octets.min(8)).min(bytes.len());
        word[..end - start.min(end)].copy_from_slice(&bytes[start.min(end)..end]);
        u64::from_le_bytes(word)
    })
}

/// The octets of the instances' part of a packed configuration (the channels follow it): the
/// same for every configuration of `system`.
pub fn instance_octets(system: &System) -> usize {
    system.fields.iter().map(|field| field.octets).sum()
}

/// The packed configurations of the channels' faults out of the packed configuration
/// `packed`, in the order of [`successors`] (by channel, each message's loss, the head's
/// duplication, each message that may overtake the head), made by editing the channel's
/// octets, without unpacking: `out` is cleared, then holds them end to end.
/// `prefix` is [`instance_octets`] of `system`.
pub fn faults_packed(system: &System, packed: &[u8], prefix: usize, out: &mut Packed) {
    out.clear();
    let mut start = prefix;
    for (c, channel) in system.channels.iter().enumerate() {
        // This channel's octets: its length, then its messages.
        let len = usize::from(packed.get(start).copied().unwrap_or(0));
        let end = (start + 1 + len).min(packed.len());
        let queue = packed.get(start + 1..end).unwrap_or(&[]);
        let (before, after) = (&packed[..start.min(packed.len())], &packed[end..]);
        channel_faults(c, channel, queue, |_, parts| {
            out.bytes.extend_from_slice(before);
            out.bytes.push(u8::try_from(parts.iter().map(|part| part.len()).sum::<usize>()).unwrap_or(u8::MAX));
            for part in parts {
                out.bytes.extend_from_slice(part);
            }
            out.bytes.extend_from_slice(after);
            out.ends.push(out.bytes.len());
        });
        start = end;
    }
}

/// Packed configurations end to end, as [`faults_packed`] makes them.
#[derive(Clone, Debug, Default)]
pub struct Packed {
    bytes: Vec<u8>,
    /// Where each one ends in `bytes`.
    ends: Vec<usize>,
}

impl Packed {
    /// How many there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The `index`th one (panics when `index` is not below [`Packed::len`]).
    pub fn get(&self, index: usize) -> &[u8] {
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.bytes[start..self.ends[index]]
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
    }
}

/// The configuration [`pack`] packed into `bytes`.
pub fn unpack(system: &System, bytes: &[u8]) -> Config {
    let mut config = Config::default();
    unpack_into(system, bytes, &mut config);
    config
}

/// [`unpack`] into `config`, whose storage a caller reuses from one configuration to the next.
pub fn unpack_into(system: &System, bytes: &[u8], config: &mut Config) {
    let mut at = 0usize;
    let shape = (config.words.len(), config.octets.len(), config.instances, config.channels, config.stride);
    if shape != Config::shape(system) {
        *config = Config::new(system);
    }
    // What no field sets (the timers of an instance that keeps none) is zero.
    config.words.fill(0);
    config.octets.fill(0);
    for field in &system.fields {
        let value = field.min.wrapping_add(get(bytes, &mut at, field.octets) as i64);
        if let Some(word) = config.words.get_mut(field.word) {
            *word = value;
        }
    }
    for c in 0..system.channels.len() {
        let len = usize::from(bytes.get(at).copied().unwrap_or(0));
        let messages = bytes.get(at + 1..).unwrap_or(&[]);
        config.set_queue(c, messages[..len.min(messages.len())].iter().copied());
        at += 1 + len;
    }
}
