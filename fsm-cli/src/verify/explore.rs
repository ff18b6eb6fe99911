//! The explicit-state, breadth-first exploration of a system's interleavings. The
//! configurations seen are packed octet strings laid end to end in one arena, in order of
//! discovery, and found again through a hash table of their indices (exact: a lookup compares
//! the octets, so no configuration is ever omitted by a hash collision). A configuration's
//! index is its place in the breadth-first queue, so the queue needs no storage of its own.
//! Each one keeps its parent's index and the place of the move that found it in the parent's
//! list of moves, so that a trace is found again by replaying those moves: every trace
//! reported is a shortest one. Per configuration: its packed octets, 4 octets of offset, 4 of
//! table entry (and the table's slack) and 8 of parent and move.

use super::model::System;
use super::step::{self, Config, Move, Packed, Problem, Scratch};
use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use std::hash::BuildHasher;
use std::time::{Duration, Instant};

/// The configurations seen: packed, end to end, indexed by a hash table of their indices.
struct Store {
    arena: Vec<u8>,
    /// Where each configuration ends in `arena` (it starts where the previous one ends).
    ends: Vec<u32>,
    table: HashTable<u32>,
    hasher: FxBuildHasher,
}

impl Store {
    fn new() -> Self {
        Store { arena: Vec::new(), ends: Vec::new(), table: HashTable::new(), hasher: FxBuildHasher }
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn get(&self, index: usize) -> &[u8] {
        let start = if index == 0 { 0 } else { self.ends[index - 1] as usize };
        &self.arena[start..self.ends[index] as usize]
    }

    /// Adds `bytes` unless it is there. `Ok(true)` when added, `Ok(false)` when it was there,
    /// `Err(())` when the arena would pass 4 GiB (offsets are 32 bits).
    fn insert(&mut self, bytes: &[u8]) -> Result<bool, ()> {
        let hash = self.hasher.hash_one(bytes);
        let (arena, ends) = (&self.arena, &self.ends);
        let at = |i: u32| {
            let i = i as usize;
            let start = if i == 0 { 0 } else { ends[i - 1] as usize };
            &arena[start..ends[i] as usize]
        };
        if self.table.find(hash, |&i| at(i) == bytes).is_some() {
            return Ok(false);
        }
        let end = u32::try_from(self.arena.len() + bytes.len()).map_err(|_| ())?;
        let index = u32::try_from(self.ends.len()).map_err(|_| ())?;
        self.arena.extend_from_slice(bytes);
        self.ends.push(end);
        let (arena, ends, hasher) = (&self.arena, &self.ends, &self.hasher);
        self.table.insert_unique(hash, index, |&i| {
            let i = i as usize;
            let start = if i == 0 { 0 } else { ends[i - 1] as usize };
            hasher.hash_one(&arena[start..ends[i] as usize])
        });
        Ok(true)
    }

    /// The index of `bytes`, if it is there.
    fn find(&self, bytes: &[u8]) -> Option<usize> {
        let hash = self.hasher.hash_one(bytes);
        self.table.find(hash, |&i| self.get(i as usize) == bytes).map(|&i| i as usize)
    }

    /// Octets held (capacities, so what the allocator gave), the parents' aside.
    fn bytes(&self) -> usize {
        self.arena.capacity() + 4 * self.ends.capacity() + 5 * self.table.capacity()
    }
}

/// How far to explore.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Most configurations stored; the exploration stops when it has stored this many.
    pub max_states: usize,
    /// Deepest configuration expanded, in moves from the start.
    pub max_depth: usize,
}

impl Default for Bounds {
    /// 10^7 configurations (a few hundred megaoctets for small systems), depth 10^4.
    fn default() -> Self {
        Bounds { max_states: 10_000_000, max_depth: 10_000 }
    }
}

/// A property the exploration checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Property {
    /// A configuration outside the declared end states with no move out of it.
    Deadlock,
    /// A message at a channel's head that its receiver's state neither handles, defers nor
    /// ignores.
    UnspecifiedReception,
    /// A message sent to a full channel.
    Overflow,
    /// An invariant (by index in `System::invariants`).
    Invariant(usize),
    /// A home state (by index in `System::homes`): a reachable configuration from which no
    /// path reaches one where its formula holds. Decided only on a complete exploration.
    Home(usize),
}

/// A property's first (so shortest) violation.
#[derive(Clone, Debug)]
pub struct Violation {
    /// The property.
    pub property: Property,
    /// The moves from the start (the first is `Move::Start`) to the configuration where it
    /// breaks.
    pub trace: Vec<Move>,
    /// That configuration.
    pub at: Config,
    /// The move out of it that breaks the property, for an unspecified reception or an
    /// overflow.
    pub problem: Option<Problem>,
    /// How many configurations (deadlock, invariant) or moves (the others) break it.
    pub count: usize,
}

/// Why the exploration stopped before it had seen every configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// It stored `Bounds::max_states` configurations.
    States(usize),
    /// The packed configurations filled the arena's 4 GiB.
    Memory,
    /// Some configuration at `Bounds::max_depth` was not expanded.
    Depth(usize),
}

/// What the exploration found.
#[derive(Clone, Debug)]
pub struct Report {
    /// Configurations stored (reachable within the bounds).
    pub states: usize,
    /// Moves explored (each move out of each expanded configuration, problems included).
    pub transitions: usize,
    /// The deepest configuration, in moves from the start.
    pub depth: usize,
    /// Octets of the packed configurations, in all.
    pub packed_bytes: usize,
    /// Octets the exploration's storage held at the end: the packed configurations, their
    /// offsets, the hash table and the parents (capacities, as allocated).
    pub memory_bytes: usize,
    /// Wall-clock time of the exploration.
    pub elapsed: Duration,
    /// The first violation of each property that has one, in the order deadlock, unspecified
    /// reception, overflow, invariants.
    pub violations: Vec<Violation>,
    /// Set when a bound stopped it: then the properties without a violation hold only within
    /// what was explored.
    pub stopped: Option<Stop>,
}

/// Explores every interleaving of `system` within `bounds`.
pub fn explore(system: &System, bounds: Bounds) -> Report {
    let started = Instant::now();
    let mut seen = Store::new();
    let mut parents: Vec<(u32, u32)> = Vec::new();
    let mut found: Vec<(Property, usize, Option<Problem>, usize)> = Vec::new();
    let mut report = Report {
        states: 0,
        transitions: 0,
        depth: 0,
        packed_bytes: 0,
        memory_bytes: 0,
        elapsed: Duration::ZERO,
        violations: Vec::new(),
        stopped: None,
    };
    let mut buffer = Vec::new();
    let start = match step::initial(system) {
        Ok((_, config)) => config,
        Err(problem) => {
            report.violations.push(Violation {
                property: Property::Overflow,
                trace: Vec::new(),
                at: Config::default(),
                problem: Some(problem),
                count: 1,
            });
            report.elapsed = started.elapsed();
            return report;
        }
    };
    step::pack(system, &start, &mut buffer);
    report.packed_bytes += buffer.len();
    let _ = seen.insert(&buffer);
    parents.push((u32::MAX, 0));
    let (mut depth, mut level_end) = (0usize, 1usize);
    let mut index = 0usize;
    let prefix = step::instance_octets(system);
    // Reused from one configuration to the next.
    let (mut config, mut outcomes, mut faults, mut current) =
        (Config::default(), Vec::new(), Packed::default(), Vec::new());
    // The moves are not recorded: a move is named by its place in the list, and made again,
    // recorded, for the first problem of each kind (see `problem_at`).
    let mut scratch = Scratch::new(false);
    'bfs: while index < seen.len() {
        if index == level_end {
            depth += 1;
            level_end = seen.len();
        }
        current.clear();
        current.extend_from_slice(seen.get(index));
        step::unpack_into(system, &current, &mut config);
        report.depth = depth;
        let quiet = config.quiet();
        for (v, invariant) in system.invariants.iter().enumerate() {
            if (quiet || !invariant.at_quiescence) && !invariant.predicate.holds(system, &config) {
                note(&mut found, Property::Invariant(v), index, None);
            }
        }
        if depth >= bounds.max_depth {
            report.stopped = Some(Stop::Depth(bounds.max_depth));
            index += 1;
            continue;
        }
        // The moves that step an instance, then the channels' faults, made on the packed
        // octets: together the list of `step::successors`, whose order names a move.
        step::steps_into(system, &config, &mut outcomes, &mut scratch);
        step::faults_packed(system, &current, prefix, &mut faults);
        report.transitions += outcomes.len() + faults.len();
        if outcomes.is_empty() && faults.is_empty() && !at_end(system, &config) {
            note(&mut found, Property::Deadlock, index, None);
        }
        let stepped = outcomes.len();
        for (ordinal, outcome) in outcomes.drain(..).enumerate() {
            match outcome {
                Err(problem) => {
                    let property = match problem {
                        Problem::Unspecified { .. } => Property::UnspecifiedReception,
                        Problem::Overflow { .. } => Property::Overflow,
                    };
                    // Only the first of each kind is reported: then made again, recorded.
                    let first = !found.iter().any(|(p, ..)| *p == property);
                    let problem = first.then(|| problem_at(system, &config, ordinal)).flatten();
                    note(&mut found, property, index, problem);
                }
                Ok((_, next)) => {
                    step::pack(system, &next, &mut buffer);
                    scratch.spare.push(next);
                    if let Err(stop) = add(&mut seen, &mut parents, &mut report, bounds, &buffer, index, ordinal) {
                        report.stopped = Some(stop);
                        break 'bfs;
                    }
                }
            }
        }
        for k in 0..faults.len() {
            if let Err(stop) = add(&mut seen, &mut parents, &mut report, bounds, faults.get(k), index, stepped + k) {
                report.stopped = Some(stop);
                break 'bfs;
            }
        }
        index += 1;
    }
    report.states = seen.len();
    report.memory_bytes = seen.bytes() + parents.capacity() * size_of::<(u32, u32)>();
    report.depth = report.depth.max(depth_of(&parents, seen.len().saturating_sub(1)));
    if report.stopped.is_none() {
        for (h, home) in system.homes.iter().enumerate() {
            let stranded = cannot_reach(system, &seen, &home.predicate);
            if let Some(&first) = stranded.first() {
                found.push((Property::Home(h), first, None, stranded.len()));
            }
        }
    }
    found.sort_by_key(|(p, ..)| order(p));
    for (property, at, problem, count) in found {
        let (trace, config) = trace(system, &seen, &parents, at);
        report.violations.push(Violation { property, trace, at: config, problem, count });
    }
    report.elapsed = started.elapsed();
    report
}

/// Stores `bytes`, found by the move at `ordinal` out of configuration `parent`, unless it was
/// seen before. A bound that a new configuration would pass stops the exploration: when the
/// store is full (a configuration seen before is still recognised) or its arena is.
fn add(
    seen: &mut Store,
    parents: &mut Vec<(u32, u32)>,
    report: &mut Report,
    bounds: Bounds,
    bytes: &[u8],
    parent: usize,
    ordinal: usize,
) -> Result<(), Stop> {
    if seen.len() >= bounds.max_states {
        return if seen.find(bytes).is_some() { Ok(()) } else { Err(Stop::States(bounds.max_states)) };
    }
    if seen.insert(bytes).map_err(|()| Stop::Memory)? {
        report.packed_bytes += bytes.len();
        parents.push((u32::try_from(parent).unwrap_or(u32::MAX), u32::try_from(ordinal).unwrap_or(u32::MAX)));
    }
    Ok(())
}

/// The configurations (by index, so shallowest first) from which no path reaches one where
/// `goal` holds: a backward fixpoint over the explored graph, which is not stored; each pass
/// computes every unmarked configuration's moves again, marking those with a marked
/// successor, in reverse order of discovery (successors tend to come later), until a pass
/// marks none. Time: passes x transitions; memory: one flag per configuration.
fn cannot_reach(system: &System, seen: &Store, goal: &super::model::Predicate) -> Vec<usize> {
    let n = seen.len();
    let mut reaches: Vec<bool> = (0..n)
        .map(|i| {
            let c = step::unpack(system, seen.get(i));
            goal.holds(system, &c)
        })
        .collect();
    let prefix = step::instance_octets(system);
    let (mut buffer, mut config, mut outcomes, mut faults, mut scratch) =
        (Vec::new(), Config::default(), Vec::new(), Packed::default(), Scratch::new(false));
    let reached = |bytes: &[u8], reaches: &[bool]| seen.find(bytes).is_some_and(|j| reaches[j]);
    loop {
        let mut changed = false;
        for i in (0..n).rev() {
            if reaches[i] {
                continue;
            }
            step::faults_packed(system, seen.get(i), prefix, &mut faults);
            if (0..faults.len()).any(|k| reached(faults.get(k), &reaches)) {
                reaches[i] = true;
                changed = true;
                continue;
            }
            step::unpack_into(system, seen.get(i), &mut config);
            step::steps_into(system, &config, &mut outcomes, &mut scratch);
            for outcome in outcomes.drain(..) {
                let Ok((_, next)) = outcome else { continue };
                step::pack(system, &next, &mut buffer);
                scratch.spare.push(next);
                if reached(&buffer, &reaches) {
                    reaches[i] = true;
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            break;
        }
    }
    (0..n).filter(|&i| !reaches[i]).collect()
}

/// The problem that the move at `ordinal` out of `config` runs into, its move recorded in full.
fn problem_at(system: &System, config: &Config, ordinal: usize) -> Option<Problem> {
    let mut outcomes = Vec::new();
    step::steps_into(system, config, &mut outcomes, &mut Scratch::new(true));
    outcomes.into_iter().nth(ordinal)?.err()
}

/// Records a violation: the first one of each property is kept (the shallowest, since
/// configurations are expanded in breadth-first order), the others counted.
fn note(
    found: &mut Vec<(Property, usize, Option<Problem>, usize)>,
    property: Property,
    at: usize,
    problem: Option<Problem>,
) {
    match found.iter_mut().find(|(p, ..)| *p == property) {
        Some(entry) => entry.3 += 1,
        None => found.push((property, at, problem, 1)),
    }
}

fn order(p: &Property) -> usize {
    match p {
        Property::Deadlock => 0,
        Property::UnspecifiedReception => 1,
        Property::Overflow => 2,
        Property::Invariant(i) => 3 + i,
        Property::Home(i) => 3 + usize::MAX / 2 + i,
    }
}

/// Whether every instance is in one of its end states.
fn at_end(system: &System, config: &Config) -> bool {
    system.instances.iter().zip(config.states()).all(|(i, s)| i.end.get(s.0).copied().unwrap_or(false))
}

fn depth_of(parents: &[(u32, u32)], mut index: usize) -> usize {
    let mut depth = 0;
    while let Some(&(parent, _)) = parents.get(index) {
        if parent == u32::MAX {
            break;
        }
        index = parent as usize;
        depth += 1;
    }
    depth
}

/// The moves from the start to configuration `index`, found again by replaying the recorded
/// places of the moves, and that configuration.
fn trace(system: &System, seen: &Store, parents: &[(u32, u32)], index: usize) -> (Vec<Move>, Config) {
    let mut ordinals = Vec::new();
    let mut at = index;
    while let Some(&(parent, ordinal)) = parents.get(at) {
        if parent == u32::MAX {
            break;
        }
        ordinals.push(ordinal as usize);
        at = parent as usize;
    }
    ordinals.reverse();
    let mut moves = Vec::new();
    let Ok((start, mut config)) = step::initial(system) else {
        return (moves, step::unpack(system, seen.get(index)));
    };
    moves.push(start);
    for ordinal in ordinals {
        match step::successors(system, &config).into_iter().nth(ordinal) {
            Some(Ok((m, next))) => {
                moves.push(m);
                config = next;
            }
            // The moves are generated in a fixed order, so a recorded place always names a
            // move that was taken; should it not, the trace ends where it can be followed.
            _ => break,
        }
    }
    (moves, config)
}
