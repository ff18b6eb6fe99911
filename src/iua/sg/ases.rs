//! The Application Servers' side: each AS's machine (`specs/iua_as.fsm`, RFC 4233 Figure 7), its
//! T(r), which ASPs are active in it, and its queue in AS-PENDING.

use super::asps::data_indication;
use super::delivered::Sink;
use super::{AsCause, AsIndex, AssocId, MANAGEMENT_STREAM, Output, Sg, SgEvent, bucket_of};
use crate::iua::codec::{Message, Status, TrafficMode};
use crate::machines::iua_as;
use crate::time::Time;

impl<T: Time> Sg<T> {
    /// Arms or disarms an AS's T(r), keeping [`Sg::deadlines`] in step: in O(1) amortized
    /// while the clock does not go back.
    pub(super) fn set_deadline(&mut self, as_index: AsIndex, deadline: Option<T>) {
        let Some(entry) = self.ases.get_mut(as_index) else { return };
        entry.tr_generation = entry.tr_generation.wrapping_add(1);
        let generation = entry.tr_generation;
        let was_running = std::mem::replace(&mut entry.deadline, deadline).is_some();
        self.running = self.running - usize::from(was_running) + usize::from(deadline.is_some());
        if let Some(new) = deadline {
            match self.deadlines.back() {
                Some(&(last, ..)) if new < last => {
                    let at = self.deadlines.partition_point(|&(t, ..)| t <= new);
                    self.deadlines.insert(at, (new, as_index, generation));
                }
                _ => self.deadlines.push_back((new, as_index, generation)),
            }
        }
        let ases = &self.ases;
        let stale = |&(_, i, generation): &(T, AsIndex, u64)| {
            ases.get(i).is_none_or(|a| a.tr_generation != generation || a.deadline.is_none())
        };
        while self.deadlines.front().is_some_and(stale) {
            self.deadlines.pop_front();
        }
        if self.deadlines.len() > 2 * self.running + 16 {
            self.deadlines.retain(|entry| !stale(entry));
        }
    }

    /// Counts an ASP among those that are up (not ASP-DOWN), or no longer: in O(1).
    pub(super) fn set_up(&mut self, assoc: AssocId, up: bool) {
        let Some(asp) = self.asps.get_mut(&assoc) else { return };
        match (asp.up_at, up) {
            (None, true) => {
                asp.up_at = Some(self.up.len());
                self.up.push(assoc);
            }
            (Some(at), false) => {
                asp.up_at = None;
                self.up.swap_remove(at);
                if let Some(&moved) = self.up.get(at)
                    && let Some(other) = self.asps.get_mut(&moved)
                {
                    other.up_at = Some(at);
                }
            }
            _ => return,
        }
        self.up_sorted_fresh = false;
    }

    /// The ASes an ASP is active in, in the order of the ASes: in time linear in their number.
    pub(super) fn active_in_order(&mut self, assoc: AssocId) -> Vec<AsIndex> {
        let mut active_in = self.asps.get(&assoc).map(|a| a.active_in.clone()).unwrap_or_default();
        sort_by_index(&mut active_in, &mut self.sort_scratch, |&i| i);
        active_in
    }

    /// Whether an ASP is active in an AS: in O(1).
    pub(super) fn is_active_in(&self, assoc: AssocId, as_index: AsIndex) -> bool {
        self.ases.get(as_index).is_some_and(|a| a.active_at.contains_key(&assoc))
    }

    /// Moves an AS to the bucket of its state and of whether an ASP is active in it.
    fn place(&mut self, as_index: AsIndex) {
        let Some(entry) = self.ases.get(as_index) else { return };
        let (old, slot) = (entry.bucket, entry.slot);
        let new = bucket_of(entry.machine.state(), !entry.active.is_empty());
        if new == old {
            return;
        }
        self.buckets[old].swap_remove(slot);
        if let Some(&moved) = self.buckets[old].get(slot) {
            self.ases[moved].slot = slot;
        }
        self.ases[as_index].bucket = new;
        self.ases[as_index].slot = self.buckets[new].len();
        self.buckets[new].push(as_index);
    }

    /// Adds an ASP to the end of the active list of an AS (and the AS to the ASP's list), or
    /// removes it from there, the last of each list taking the leaver's place. Whether it
    /// changed anything (an ASP that is not known cannot become active). In O(1) amortized.
    pub(super) fn set_active(&mut self, as_index: AsIndex, assoc: AssocId, active: bool) -> bool {
        let Some(entry) = self.ases.get_mut(as_index) else { return false };
        if active {
            let Some(asp) = self.asps.get_mut(&assoc) else { return false };
            if entry.active_at.contains_key(&assoc) {
                return false;
            }
            entry.active_at.insert(assoc, (entry.active.len(), asp.active_in.len()));
            entry.active.push(assoc);
            asp.active_in.push(as_index);
        } else {
            let Some((at, own_at)) = entry.active_at.remove(&assoc) else { return false };
            entry.active.swap_remove(at);
            if let Some(&moved) = entry.active.get(at)
                && let Some(place) = entry.active_at.get_mut(&moved)
            {
                place.0 = at;
            }
            if let Some(asp) = self.asps.get_mut(&assoc)
                && own_at < asp.active_in.len()
            {
                asp.active_in.swap_remove(own_at);
                if let Some(&moved) = asp.active_in.get(own_at)
                    && let Some(place) = self.ases.get_mut(moved).and_then(|a| a.active_at.get_mut(&assoc))
                {
                    place.1 = own_at;
                }
            }
        }
        self.place(as_index);
        true
    }

    /// Runs an event that one ASP's change sends to every AS (it came up, or went down), in
    /// the order of the ASes, on the ASes whose machine it can move: those in `own` (the ASes
    /// the ASP was active in), and those of every bucket where the AS machine, given the guard
    /// values of the bucket, does something (an action or a change of state). The spec decides
    /// which: each bucket is probed with the generated machine. The other ASes would ignore the
    /// event, so skipping them changes nothing, and an ASP's change costs the ASes it moves.
    pub(super) fn fan_out(
        &mut self,
        now: T,
        assoc: AssocId,
        event: iua_as::Event,
        came_up: bool,
        own: &[AsIndex],
        out: &mut Vec<Output>,
    ) {
        let mut visit = std::mem::take(&mut self.visit);
        visit.clear();
        visit.extend_from_slice(own);
        let any_up = !self.up.is_empty();
        for state in iua_as::State::ALL {
            for any_active in [false, true] {
                let members = &self.buckets[bucket_of(state, any_active)];
                if members.is_empty() {
                    continue;
                }
                // Without an active ASP, `any_inactive` is whether any ASP is up; with one, it
                // depends on the AS, so both values are probed.
                let moves = if any_active {
                    [false, true].into_iter().any(|any_inactive| moves(state, event, any_active, any_inactive, came_up))
                } else {
                    let probe = probe(state, event, any_active, any_up, came_up);
                    // Every member has these guard values, so a transition that does nothing is
                    // taken by each of them in being skipped: coverage counts it.
                    #[cfg(feature = "coverage")]
                    if let (false, Some(t)) = (does_something(state, &probe), probe.transition) {
                        crate::coverage::record(iua_as::NAME, usize::from(t));
                    }
                    does_something(state, &probe)
                };
                if moves {
                    visit.extend_from_slice(members);
                }
            }
        }
        // In the order of the ASes: sorted, or, for many, through a bit set of the ASes.
        if visit.len() * 16 < self.ases.len() {
            visit.sort_unstable();
            visit.dedup();
        } else {
            let mut bits = std::mem::take(&mut self.visit_bits);
            bits.clear();
            bits.resize(self.ases.len().div_ceil(64), 0);
            for &i in &visit {
                bits[i / 64] |= 1 << (i % 64);
            }
            visit.clear();
            for (word, &set) in bits.iter().enumerate() {
                let mut set = set;
                while set != 0 {
                    visit.push(word * 64 + set.trailing_zeros() as usize);
                    set &= set - 1;
                }
            }
            self.visit_bits = bits;
        }
        out.reserve(visit.len());
        for &i in &visit {
            self.as_event(now, i, event, AsCause { assoc: Some(assoc), data: None, came_up }, out);
        }
        self.visit = visit;
    }

    /// Runs an event on an AS machine and carries out its actions. In O(1) but for the
    /// Notify messages it sends (one per ASP that is up) and the queue it delivers.
    pub(super) fn as_event<O: Sink>(&mut self, now: T, i: AsIndex, event: iua_as::Event, cause: AsCause, out: &mut O) {
        let up = self.up.len();
        let Some(entry) = self.ases.get_mut(i) else { return };
        let any_active = !entry.active.is_empty();
        // Every ASP that is up is a member of the AS; those not active in it are inactive
        // there (every ASP active in it is up).
        let any_inactive = up > entry.active.len();
        let before = entry.machine.state();
        let guards = iua_as::Guards { any_active, any_inactive, came_up: cause.came_up };
        let mut hooks = IuaAsHooks { guards, as_index: i };
        let step = entry.machine.step(event, &mut hooks);
        let mut data = cause.data;
        for &action in step.actions {
            let entry = &mut self.ases[i];
            match action {
                iua_as::Action::NotifyAsInactive | iua_as::Action::NotifyAsActive | iua_as::Action::NotifyAsPending => {
                    let status = match action {
                        iua_as::Action::NotifyAsInactive => Status::as_inactive(),
                        iua_as::Action::NotifyAsActive => Status::as_active(),
                        _ => Status::as_pending(),
                    };
                    // To every ASP of the AS that is not ASP-DOWN (§4.3.3.6), naming the ASP
                    // whose change caused it.
                    let asp_id = cause.assoc.and_then(|a| self.asps.get(&a)).and_then(|a| a.asp_id);
                    if !self.up_sorted_fresh {
                        self.up_sorted.clear();
                        self.up_sorted.extend_from_slice(&self.up);
                        sort_by_index(&mut self.up_sorted, &mut self.up_scratch, |a| a.0 as usize);
                        self.up_sorted_fresh = true;
                    }
                    out.reserve(self.up_sorted.len());
                    for &member in &self.up_sorted {
                        out.push(Output::Send {
                            assoc: member,
                            stream: MANAGEMENT_STREAM,
                            message: Message::Notify {
                                status,
                                asp_id,
                                interface_ids: entry.notify_ids.clone(),
                                info: None,
                            },
                        });
                    }
                }
                iua_as::Action::TellAsActive | iua_as::Action::TellAsPending => {
                    // The AS's state, to the ASP that came up (RFC 4666 §4.3.4.5): no ASP
                    // changed the AS, so no ASP Identifier.
                    let status =
                        if action == iua_as::Action::TellAsActive { Status::as_active() } else { Status::as_pending() };
                    if let Some(assoc) = cause.assoc {
                        out.push(Output::Send {
                            assoc,
                            stream: MANAGEMENT_STREAM,
                            message: Message::Notify {
                                status,
                                asp_id: None,
                                interface_ids: entry.notify_ids.clone(),
                                info: None,
                            },
                        });
                    }
                }
                iua_as::Action::Route => {
                    let Some(queued) = data.take() else { continue };
                    let active = &entry.active;
                    let target = match entry.config.traffic_mode {
                        TrafficMode::Override => active.first().copied(),
                        TrafficMode::Loadshare if active.is_empty() => None,
                        TrafficMode::Loadshare => {
                            let pick = active[entry.next_loadshare % active.len()];
                            entry.next_loadshare = entry.next_loadshare.wrapping_add(1);
                            Some(pick)
                        }
                    };
                    if let Some(target) = target {
                        entry.counters.routed += 1;
                        out.push(data_indication(target, queued));
                    }
                }
                iua_as::Action::Enqueue => {
                    let Some(queued) = data.take() else { continue };
                    if entry.queue.len() < self.config.queue_limit {
                        entry.queue.push_back(queued);
                        entry.counters.queued += 1;
                    } else {
                        entry.counters.overflowed += 1;
                        let total = entry.counters.overflowed;
                        out.push(Output::Event(SgEvent::QueueOverflow { as_index: i, total }));
                    }
                }
                iua_as::Action::DeliverQueue => {
                    // In order, to the ASP whose activation ended the wait.
                    if let Some(target) = cause.assoc {
                        let delivered = entry.queue.len() as u64;
                        out.reserve(entry.queue.len());
                        out.extend(entry.queue.drain(..).map(|queued| data_indication(target, queued)));
                        entry.counters.delivered += delivered;
                    }
                }
                iua_as::Action::DiscardQueue => {
                    let count = entry.queue.len();
                    entry.queue.clear();
                    entry.counters.discarded_at_expiry += count as u64;
                    if count > 0 {
                        out.push(Output::Event(SgEvent::QueueDiscarded { as_index: i, count }));
                    }
                }
                iua_as::Action::Discard => {
                    entry.counters.discarded_no_asp += 1;
                    out.push(Output::Event(SgEvent::DataDiscarded { as_index: i }));
                }
                // A deadline `T` cannot represent is never reached (see `SgConfig::recovery_timer`).
                iua_as::Action::StartTr => {
                    let deadline = now.checked_add(self.config.recovery_timer);
                    self.set_deadline(i, deadline);
                }
                iua_as::Action::StopTr => self.set_deadline(i, None),
            }
        }
        if step.target != before {
            out.push(Output::Event(SgEvent::AsState { as_index: i, state: step.target }));
            self.place(i);
        }
    }
}

/// Whether an AS machine in `state` does anything (an action, a change of state) on `event`
/// with these guard values: asked of the generated machine itself.
fn moves(state: iua_as::State, event: iua_as::Event, any_active: bool, any_inactive: bool, came_up: bool) -> bool {
    does_something(state, &probe(state, event, any_active, any_inactive, came_up))
}

/// What the AS machine would do in `state` with these guard values. A probe, not a step the SG
/// takes: the free function, which coverage does not record.
fn probe(
    state: iua_as::State,
    event: iua_as::Event,
    any_active: bool,
    any_inactive: bool,
    came_up: bool,
) -> iua_as::Step {
    let mut vars = iua_as::Vars::INITIAL;
    let guards = iua_as::Guards { any_active, any_inactive, came_up };
    iua_as::step(state, &mut vars, event, |guard| guards.get(guard))
}

fn does_something(state: iua_as::State, step: &iua_as::Step) -> bool {
    !step.actions.is_empty() || step.target != state
}

/// Sorts `items` by a dense index (an AS's position, an association number): a comparison
/// sort for a few, a least-significant-digit radix sort by octets for more, so that the time
/// is linear in their number. `scratch` is working space, kept by the caller.
pub(super) fn sort_by_index<K: Copy>(items: &mut [K], scratch: &mut Vec<K>, key: impl Fn(&K) -> usize) {
    const FEW: usize = 256;
    if items.len() <= FEW {
        items.sort_unstable_by_key(|item| key(item));
        return;
    }
    // One pass counts every octet's digits; an octet whose digits are all alike is skipped.
    let mut counts = [[0usize; 256]; size_of::<usize>()];
    for item in items.iter() {
        let k = key(item);
        for (octet, count) in counts.iter_mut().enumerate() {
            count[(k >> (8 * octet)) & 0xff] += 1;
        }
    }
    for (octet, count) in counts.iter().enumerate() {
        if count.contains(&items.len()) {
            continue;
        }
        let mut starts = [0usize; 256];
        let mut sum = 0;
        for (start, &n) in starts.iter_mut().zip(count) {
            *start = sum;
            sum += n;
        }
        scratch.clear();
        scratch.extend_from_slice(items);
        for item in scratch.iter() {
            let digit = (key(item) >> (8 * octet)) & 0xff;
            items[starts[digit]] = *item;
            starts[digit] += 1;
        }
    }
}

/// An AS machine's part in a step: its guards' values. Its actions (notifications, T(r)) are
/// carried out by [`Sg::as_event`] from the returned `Step`'s actions, in order with the queue.
struct IuaAsHooks {
    guards: iua_as::Guards,
    /// The AS's index: the `instance` of its machine's `tracing` events.
    #[cfg_attr(not(feature = "tracing"), allow(dead_code, reason = "read by `instance`, with the feature `tracing`"))]
    as_index: AsIndex,
}

impl iua_as::Hooks for IuaAsHooks {
    fn guard(&mut self, guard: iua_as::Guard) -> bool {
        self.guards.get(guard)
    }

    #[cfg(feature = "tracing")]
    fn instance(&self) -> u64 {
        self.as_index as u64
    }

    fn action(&mut self, _: iua_as::Action) {}
}
