//! IUA layer management at the signalling gateway (SG), sans-IO (RFC 4233 §4.3): one ASP
//! machine per remote ASP (`specs/iua_asp.fsm`, Figure 6) and one AS machine per Application
//! Server (`specs/iua_as.fsm`, Figure 7). Received messages, association events, traffic from
//! the ISDN side and timer expiries go in, with the current time; messages to send (association,
//! stream, message), management events and the next T(r) deadline come out.
//!
//! The transitions are the specs'. This module computes the guards the specs ask for (is the
//! ASP locked out, does the traffic mode match, which ASes does an Interface Identifier name,
//! is any ASP of an AS still active), turns actions into messages, and keeps what the machines
//! do not: which ASes each ASP is active in, and the bounded queue of an AS in AS-PENDING.
//!
//! Every ASP that is up is a member of every AS, as inactive, until it activates for an AS with
//! ASP Active (the "pool of inactive ASPs" of §4.3.3.1); ASP Active names its ASes by Interface
//! Identifier, or all of them when it names none.
//!
//! Costs: the SG keeps, as ASPs change, the active ASPs of each AS (a list in the order they
//! became active, with the place of each, so that one joins or leaves in O(1); the Load-share
//! round-robin follows this list, and one that leaves yields its place to the last), the ASes
//! each ASP is active in (a list whose places the ASes keep, O(1) likewise), the ASPs that are
//! up (a list, O(1) likewise; the recipients of a Notify, put in association order only when a
//! Notify is sent and the list changed since the last one), the running T(r)s in deadline
//! order, and the ASes grouped by state and by whether an ASP is active in them. ASPs and
//! Interface Identifiers are found through hash maps. An ASP that comes up or goes down runs
//! the AS machine only on the groups where the generated machine, asked with the group's guard
//! values, acts or changes state; elsewhere the event would be ignored. A frame is moved, never
//! copied, and [`Sg::deliver`] returns its outputs inline, so that routing or queueing a
//! message allocates nothing. An ASP Active's Interface Identifiers are deduplicated with
//! per-AS marks stamped by call, not a set built per message.
//!
//! Where an order shows (the Notify recipients, in association order; the ASes an ASP leaves
//! at once, in AS order; the T(r)s that expire together, in AS order), the few are sorted by
//! comparison and the many by a radix sort on the index, so that the time stays linear in
//! their number. Every T(r) lasts [`SgConfig::recovery_timer`], so T(r)s armed with a clock
//! that does not go back are armed in deadline order: the running ones are a FIFO, joined at
//! the back in O(1), a stopped one dropped lazily (the list compacted when more than half of
//! it is stale). A T(r) armed with a time earlier than the last armed one's is put in its place
//! in time linear in the running T(r)s; only a clock that goes back pays it.
//!
//! Each input costs, in the number of ASes and ASPs, O(1) amortized (hash maps: expected) plus
//! the outputs it produces:
//!
//! | input | cost |
//! |---|---|
//! | [`Sg::transport_up`], [`Sg::set_blocked`], [`Sg::set_asp_id_blocked`], [`Sg::poll_timeout`] | O(1) |
//! | [`Sg::deliver`], [`Sg::deliver_into`] (routed, queued, refused or discarded) | O(1) |
//! | Data Request, Heartbeat, Error, any message the SG does not expect | O(1) |
//! | ASP Up (from ASP-DOWN) | O(1) per AS whose machine it moves (an AS told the AS state, an AS that changes state), plus each Notify's recipients |
//! | ASP Up (from ASP-ACTIVE), ASP Down, association lost or restarted | O(1) per AS the ASP was active in or whose machine it moves, plus each Notify's recipients |
//! | ASP Active, ASP Inactive | O(1) per Interface Identifier and per AS named (for ranges, a logarithm in the configured identifiers per range, plus those inside it), or per AS when it names none; plus each Notify's recipients; Over-ride: O(1) per ASP taken over; a flush, O(1) per queued message |
//! | [`Sg::handle_timeout`] | O(1) amortized per T(r) that expires, plus what each expiry sends |
//! | a Notify from an AS | O(1) per recipient (the ASPs that are up), the sort included |
//!
//! The SG knows an ASP from the moment its association comes up ([`Sg::transport_up`]) until
//! the association is lost ([`Sg::transport_down`]), when it forgets it. Messages on an
//! association it was not told about are dropped and counted, so that no input makes the SG's
//! memory grow. What must outlive an association, the management lockouts (§4.3.3.1), is kept
//! apart, per association number and per ASP Identifier ([`Sg::set_blocked`],
//! [`Sg::set_asp_id_blocked`]).

use super::codec::{self, DecodeError, ErrorCode, InterfaceId, InterfaceIds, Message, Side, TrafficMode};
use crate::machines::{iua_as, iua_asp};
use crate::time::Time;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::time::Duration;

mod ases;
mod asps;
mod delivered;
#[cfg(test)]
mod tests;

use ases::sort_by_index;
use asps::{AspInput, interface_ids_parameter, new_asp};
use delivered::Sink;
pub use delivered::{Delivered, DeliveredIter};

/// The stream ASP management messages use (RFC 4233 §4.3.3: stream 0).
pub const MANAGEMENT_STREAM: u16 = 0;
/// The stream data messages use.
pub const DATA_STREAM: u16 = 1;

/// An SCTP association to one remote ASP, as the caller numbers them. Number an ASP's
/// associations the same way across reconnections (by configured peer, say) for a
/// [`Sg::set_blocked`] lockout to follow the ASP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AssocId(pub u32);

/// One Application Server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsConfig {
    /// A name, for logs.
    pub name: String,
    /// The Interface Identifiers (integer) whose traffic the AS handles. An Interface
    /// Identifier that several ASes list belongs to the first of them.
    pub interface_ids: Vec<u32>,
    /// Over-ride (one active ASP) or Load-share (round-robin among the active ASPs).
    pub traffic_mode: TrafficMode,
}

/// The SG's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgConfig {
    /// T(r), the recovery timer of an AS in AS-PENDING (RFC 4233 §4.3.1.2, §4.3.3.5). RFC 4233
    /// leaves it to the operator; 2 s by default. A T(r) so long that the time when it would
    /// expire cannot be represented by the time type (`Duration::MAX`, say) never expires: the
    /// AS stays AS-PENDING, queueing, until an ASP becomes active.
    pub recovery_timer: Duration,
    /// Most messages queued per AS in AS-PENDING; more are refused and counted.
    pub queue_limit: usize,
    /// The Application Servers.
    pub application_servers: Vec<AsConfig>,
}

impl Default for SgConfig {
    /// T(r) 2 s, 1,024 queued messages per AS, no AS.
    fn default() -> Self {
        SgConfig { recovery_timer: Duration::from_secs(2), queue_limit: 1024, application_servers: Vec::new() }
    }
}

/// The position of an AS in [`SgConfig::application_servers`].
pub type AsIndex = usize;

/// What the SG tells layer management and the ISDN side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgEvent {
    /// An ASP changed state (M-ASP_UP, M-ASP_ACTIVE, ... indications).
    AspState {
        /// The ASP's association.
        assoc: AssocId,
        /// Its new state.
        state: iua_asp::State,
    },
    /// An AS changed state (M-AS_STATUS indication).
    AsState {
        /// The AS.
        as_index: AsIndex,
        /// Its new state.
        state: iua_as::State,
    },
    /// A Data Request from an active ASP, for the ISDN side.
    DataFromAsp {
        /// The ASP's association.
        assoc: AssocId,
        /// The interface.
        interface_id: InterfaceId,
        /// The data link connection.
        dlci: codec::Dlci,
        /// The Q.921 frame.
        data: Vec<u8>,
    },
    /// A Data Request from an ASP that is not active was discarded (§4.3.3.4). (One from an
    /// active ASP for an interface it is not active for is answered with an Error instead.)
    DataFromInactiveAspDiscarded {
        /// The ASP's association.
        assoc: AssocId,
    },
    /// Traffic for an AS with no ASP up was discarded.
    DataDiscarded {
        /// The AS.
        as_index: AsIndex,
    },
    /// The AS-PENDING queue was full: the message was refused. `total` counts all refusals.
    QueueOverflow {
        /// The AS.
        as_index: AsIndex,
        /// Messages refused so far.
        total: u64,
    },
    /// T(r) expired: the queued messages were discarded (not reported when the queue was
    /// empty).
    QueueDiscarded {
        /// The AS.
        as_index: AsIndex,
        /// How many, at least one.
        count: usize,
    },
    /// The ASP sent an Error message.
    ErrorReceived {
        /// The ASP's association.
        assoc: AssocId,
        /// Its error code.
        code: ErrorCode,
    },
    /// A message from the ASP could not be decoded; an Error was sent back.
    Undecodable {
        /// The ASP's association.
        assoc: AssocId,
        /// Why.
        error: DecodeError,
    },
    /// A message arrived on an association the SG was not told is up (or was told is down): it
    /// was dropped, unanswered (see [`Sg::dropped_from_unknown_associations`]).
    UnknownAssociation {
        /// The association.
        assoc: AssocId,
    },
}

/// What to do after an input, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Send a message to an ASP.
    Send {
        /// The ASP's association.
        assoc: AssocId,
        /// The SCTP stream.
        stream: u16,
        /// The message.
        message: Message,
    },
    /// Tell layer management or the ISDN side.
    Event(SgEvent),
}

/// Counts per AS.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AsCounters {
    /// Messages routed to an active ASP.
    pub routed: u64,
    /// Messages queued in AS-PENDING.
    pub queued: u64,
    /// Queued messages delivered when an ASP became active.
    pub delivered: u64,
    /// Queued messages discarded at T(r) expiry.
    pub discarded_at_expiry: u64,
    /// Messages refused because the queue was full.
    pub overflowed: u64,
    /// Messages discarded because no ASP was up.
    pub discarded_no_asp: u64,
}

/// One message waiting in an AS's queue.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Queued {
    interface_id: u32,
    dlci: codec::Dlci,
    data: Vec<u8>,
}

struct Asp {
    machine: iua_asp::Machine,
    asp_id: Option<u32>,
    /// The ASes this ASP is active in, in no order (sorted when an order shows: see
    /// [`Sg::active_in_order`]); the place of each is kept by the AS, in `As::active_at`.
    active_in: Vec<AsIndex>,
    /// The place of this ASP in [`Sg::up`], while it is not ASP-DOWN.
    up_at: Option<usize>,
    /// With the feature `tracing`, the association's span: the ASP's machine steps in it, and
    /// the AS machines that its changes step.
    span: crate::trace::Span,
}

struct As<T> {
    config: AsConfig,
    machine: iua_as::Machine,
    queue: VecDeque<Queued>,
    deadline: Option<T>,
    /// Counts the arming and disarming of T(r): an entry of [`Sg::deadlines`] with another
    /// count is stale.
    tr_generation: u64,
    next_loadshare: usize,
    counters: AsCounters,
    /// The ASPs active in this AS (kept as ASPs change, never rebuilt), in the order they
    /// became active, but that one that stops being active leaves its place to the last: the
    /// order of the Load-share round-robin.
    active: Vec<AssocId>,
    /// The place of each of them in `active`, and the place of this AS in the ASP's
    /// `active_in`, so that one is added or removed in O(1).
    active_at: HashMap<AssocId, (usize, usize)>,
    /// The Interface Identifiers parameter of this AS's Notify messages.
    notify_ids: Option<InterfaceIds>,
    /// The AS's bucket in [`Sg::buckets`] and its place there.
    bucket: usize,
    slot: usize,
}

/// The SG's layer management. `T` is the time type (a [`Time`]: `std::time::Instant`,
/// `tokio::time::Instant`, or a `Duration` for a virtual clock).
///
/// With the feature `tracing`, each association has a span, `iua_association` (target `fsm`,
/// field `assoc`), made by [`transport_up`](Self::transport_up) in the span current there: its
/// ASP machine's events go in it (instance: the association), and those of the AS machines its
/// changes step (instance: the AS's index). The AS steps of [`deliver`](Self::deliver) and of
/// T(r)'s expiry go in the span current at the call.
pub struct Sg<T> {
    config: SgConfig,
    /// The ASPs whose association is up. Its order is never observed.
    asps: HashMap<AssocId, Asp>,
    ases: Vec<As<T>>,
    /// Each configured Interface Identifier and its AS, for lookups in O(1)...
    as_of_iid: HashMap<u32, AsIndex>,
    /// ... and in order, for ranges.
    iids_in_order: BTreeMap<u32, AsIndex>,
    /// Associations locked out (§4.3.3.1), whether up or not.
    blocked_assocs: HashSet<AssocId>,
    /// ASP Identifiers locked out (§4.3.3.1).
    blocked_asp_ids: HashSet<u32>,
    /// Messages dropped because their association was not up.
    unknown_drops: u64,
    /// The ASPs that are not ASP-DOWN, in no order (one leaves in O(1), the last taking its
    /// place): every one is a member of every AS, so these are the recipients of an AS's
    /// Notify, and their number decides `any_inactive`.
    up: Vec<AssocId>,
    /// The same ASPs in association order, the order in which they receive a Notify: sorted
    /// again (in linear time) at the first Notify after `up` changed.
    up_sorted: Vec<AssocId>,
    up_sorted_fresh: bool,
    /// The ASes by (state, whether an ASP is active in them), so that a change of one ASP
    /// visits only the ASes whose machine it can move (see [`Sg::fan_out`]).
    buckets: Vec<Vec<AsIndex>>,
    /// The running T(r)s, earliest first, with the AS's `tr_generation` at arming. Every T(r)
    /// lasts [`SgConfig::recovery_timer`], so with a clock that does not go back they are armed
    /// in deadline order and join at the back in O(1); one armed at an earlier time than the
    /// last is inserted in its place. A disarmed one stays, stale, until it reaches the front
    /// or the list is compacted, which keeps it within twice the running ones.
    deadlines: VecDeque<(T, AsIndex, u64)>,
    /// How many T(r)s run.
    running: usize,
    /// Scratch space of [`Sg::fan_out`], kept so that a fan-out allocates nothing.
    visit: Vec<AsIndex>,
    visit_bits: Vec<u64>,
    /// Per AS, the stamp of the last [`Sg::targets`] that named it, and the stamp of the last
    /// call: an Interface Identifier list is deduplicated without building a set.
    marks: Vec<u32>,
    stamp: u32,
    /// Scratch space of [`sort_by_index`].
    sort_scratch: Vec<usize>,
    up_scratch: Vec<AssocId>,
}

/// What one AS event concerns, for the AS machine's actions.
struct AsCause {
    /// The ASP whose change caused the event.
    assoc: Option<AssocId>,
    /// Traffic, for the `Data` event, moved into the message that carries it or into the queue.
    data: Option<Queued>,
    /// The ASP came up (from ASP-DOWN): the AS machine's `came_up` guard.
    came_up: bool,
}

impl AsCause {
    fn asp(assoc: AssocId) -> Self {
        AsCause { assoc: Some(assoc), data: None, came_up: false }
    }
}

/// The number of buckets: one per (AS state, whether an ASP is active in the AS).
const BUCKETS: usize = iua_as::State::ALL.len() * 2;

fn bucket_of(state: iua_as::State, any_active: bool) -> usize {
    state as usize * 2 + usize::from(any_active)
}

impl<T: Time> Sg<T> {
    /// An SG with no association yet.
    pub fn new(config: SgConfig) -> Self {
        let initial = bucket_of(iua_as::INITIAL, false);
        let ases: Vec<As<T>> = config
            .application_servers
            .iter()
            .enumerate()
            .map(|(slot, c)| As {
                config: c.clone(),
                machine: iua_as::Machine::at(iua_as::INITIAL, iua_as::Vars::INITIAL),
                queue: VecDeque::new(),
                deadline: None,
                tr_generation: 0,
                next_loadshare: 0,
                counters: AsCounters::default(),
                active: Vec::new(),
                active_at: HashMap::new(),
                notify_ids: interface_ids_parameter(&c.interface_ids),
                bucket: initial,
                slot,
            })
            .collect();
        let mut buckets = vec![Vec::new(); BUCKETS];
        buckets[initial] = (0..ases.len()).collect();
        let mut as_of_iid = HashMap::new();
        for (i, as_config) in config.application_servers.iter().enumerate() {
            for &id in &as_config.interface_ids {
                as_of_iid.entry(id).or_insert(i);
            }
        }
        let iids_in_order = as_of_iid.iter().map(|(&id, &i)| (id, i)).collect();
        let ases_len = ases.len();
        Sg {
            config,
            asps: HashMap::new(),
            ases,
            as_of_iid,
            iids_in_order,
            blocked_assocs: HashSet::new(),
            blocked_asp_ids: HashSet::new(),
            unknown_drops: 0,
            up: Vec::new(),
            up_sorted: Vec::new(),
            up_sorted_fresh: true,
            buckets,
            deadlines: VecDeque::new(),
            running: 0,
            visit: Vec::new(),
            visit_bits: Vec::new(),
            marks: vec![0; ases_len],
            stamp: 0,
            sort_scratch: Vec::new(),
            up_scratch: Vec::new(),
        }
    }

    /// The state of an ASP, if its association is up.
    pub fn asp_state(&self, assoc: AssocId) -> Option<iua_asp::State> {
        self.asps.get(&assoc).map(|a| a.machine.state())
    }

    /// The state of an AS.
    pub fn as_state(&self, as_index: AsIndex) -> Option<iua_as::State> {
        self.ases.get(as_index).map(|a| a.machine.state())
    }

    /// Messages waiting in an AS's queue.
    pub fn queue_len(&self, as_index: AsIndex) -> usize {
        self.ases.get(as_index).map_or(0, |a| a.queue.len())
    }

    /// The counters of an AS.
    pub fn as_counters(&self, as_index: AsIndex) -> Option<&AsCounters> {
        self.ases.get(as_index).map(|a| &a.counters)
    }

    /// The ASPs active in an AS, in association order. In time O(k log k) for k active ASPs.
    pub fn active_asps(&self, as_index: AsIndex) -> Vec<AssocId> {
        let mut active = self.ases.get(as_index).map(|a| a.active.clone()).unwrap_or_default();
        active.sort_unstable();
        active
    }

    /// The earliest T(r) deadline, if one runs. In O(1).
    pub fn poll_timeout(&self) -> Option<T> {
        self.deadlines.front().map(|&(deadline, ..)| deadline)
    }

    /// Locks the ASP on an association out for management reasons (or lets it in again): while
    /// locked, its ASP Up is answered with Error "Refused - Management Blocking" (§4.3.3.1).
    /// The lockout belongs to the association number, not to the association: it holds whether
    /// the association is up or not, across losses and reconnections, until lifted. It takes
    /// effect at the next ASP Up; an ASP already up stays up.
    pub fn set_blocked(&mut self, assoc: AssocId, blocked: bool) {
        if blocked {
            self.blocked_assocs.insert(assoc);
        } else {
            self.blocked_assocs.remove(&assoc);
        }
    }

    /// Locks out (or lets in again) the ASP that gives this ASP Identifier in its ASP Up, on
    /// whatever association (§4.3.3.1), as [`set_blocked`](Self::set_blocked) does for an
    /// association number.
    pub fn set_asp_id_blocked(&mut self, asp_id: u32, blocked: bool) {
        if blocked {
            self.blocked_asp_ids.insert(asp_id);
        } else {
            self.blocked_asp_ids.remove(&asp_id);
        }
    }

    /// Messages dropped so far because they came on an association that was not up.
    pub fn dropped_from_unknown_associations(&self) -> u64 {
        self.unknown_drops
    }

    /// The transport to an ASP came up: its SCTP association (SCTP Communication Up, RFC 4233
    /// §4.3.2). The ASP is ASP-DOWN. Only an association announced here has its messages
    /// heard. Announcing one that is already up changes nothing. The time is taken as every
    /// input takes it, first; nothing here depends on it (no timer starts, nothing is sent),
    /// hence no outputs.
    pub fn transport_up(&mut self, _now: T, assoc: AssocId) {
        self.asps.entry(assoc).or_insert_with(|| new_asp(assoc));
    }

    /// The transport to an ASP was lost: its SCTP association went down (SCTP CDI, RFC 4233
    /// §4.3.2). The ASP goes to ASP-DOWN, and is forgotten (its lockouts are not: see
    /// [`set_blocked`](Self::set_blocked)).
    pub fn transport_down(&mut self, now: T, assoc: AssocId) -> Vec<Output> {
        let mut out = Vec::new();
        self.asp_event(now, assoc, iua_asp::Event::SctpCdi, AspInput::default(), &mut out);
        self.set_up(assoc, false);
        self.asps.remove(&assoc);
        out
    }

    /// The transport to an ASP restarted: its SCTP peer restarted the association (SCTP RI, RFC
    /// 4233 §4.3.2). The ASP goes to ASP-DOWN.
    pub fn transport_restart(&mut self, now: T, assoc: AssocId) -> Vec<Output> {
        let mut out = Vec::new();
        self.asp_event(now, assoc, iua_asp::Event::SctpRi, AspInput::default(), &mut out);
        out
    }

    /// A message arrived from an ASP. Undecodable bytes are answered with the Error the
    /// decoder names (RFC 4233 §3.3.3.1), or Unexpected Message for a QPTM message type only an
    /// SG sends (see [`DecodeError::answer_code`]). A message on an association that is not up (see
    /// [`transport_up`](Self::transport_up)) is dropped and counted, with an
    /// [`SgEvent::UnknownAssociation`].
    pub fn receive(&mut self, now: T, assoc: AssocId, bytes: &[u8]) -> Vec<Output> {
        let mut out = Vec::new();
        self.receive_into(now, assoc, bytes, &mut out);
        out
    }

    /// [`receive`](Self::receive), appending the outputs to `out`, which the caller may clear
    /// and reuse: an ASP Up that is told the state of a thousand ASes then fills a list that
    /// already has the room.
    pub fn receive_into(&mut self, now: T, assoc: AssocId, bytes: &[u8], out: &mut Vec<Output>) {
        if !self.asps.contains_key(&assoc) {
            self.unknown_drops = self.unknown_drops.saturating_add(1);
            out.push(Output::Event(SgEvent::UnknownAssociation { assoc }));
            return;
        }
        match codec::decode(bytes) {
            Ok(message) => self.receive_message(now, assoc, message, out),
            Err(error) => {
                // The diagnostic carries the start of the offending message (at most 40 octets).
                let diagnostic = bytes.get(..bytes.len().min(40)).map(<[u8]>::to_vec);
                let code = error.answer_code(bytes, Side::Sg);
                out.push(Output::Send {
                    assoc,
                    stream: MANAGEMENT_STREAM,
                    message: Message::Error { code, interface_ids: None, diagnostic },
                });
                out.push(Output::Event(SgEvent::Undecodable { assoc, error }));
            }
        }
    }

    /// Traffic from the ISDN side for an interface: routed to the active ASP(s) of the AS that
    /// serves it, queued while the AS is pending, discarded when no ASP is up. An interface no
    /// AS serves gives no output. `data` (the Q.921 frame) is moved into the Data Indication or
    /// the queue, never copied. In O(1): a hash lookup and one step of the AS machine.
    ///
    /// The outputs come back as [`Delivered`], a list held inline (a Data Indication, or the
    /// event of a queue overflow or a discard): delivering allocates nothing but, in AS-PENDING,
    /// the growth of the AS's queue past its largest length so far.
    pub fn deliver(&mut self, now: T, interface_id: u32, dlci: codec::Dlci, data: Vec<u8>) -> Delivered {
        let mut out = Delivered::default();
        self.deliver_to(now, interface_id, dlci, data, &mut out.0);
        out
    }

    /// [`deliver`](Self::deliver), appending the outputs to `out`: with an `out` that has room
    /// (cleared and reused by the caller), delivering allocates nothing. Queueing in AS-PENDING
    /// allocates only when the AS's queue grows past its largest length so far.
    pub fn deliver_into(&mut self, now: T, interface_id: u32, dlci: codec::Dlci, data: Vec<u8>, out: &mut Vec<Output>) {
        self.deliver_to(now, interface_id, dlci, data, out);
    }

    fn deliver_to<O: Sink>(&mut self, now: T, interface_id: u32, dlci: codec::Dlci, data: Vec<u8>, out: &mut O) {
        let Some(&as_index) = self.as_of_iid.get(&interface_id) else {
            return;
        };
        let cause = AsCause { assoc: None, data: Some(Queued { interface_id, dlci, data }), came_up: false };
        self.as_event(now, as_index, iua_as::Event::Data, cause, out);
    }

    /// Time passed: every T(r) whose deadline is at or before `now` expires, in the order of
    /// the ASes. In O(1) amortized per expiry, plus what each sends.
    pub fn handle_timeout(&mut self, now: T) -> Vec<Output> {
        let mut out = Vec::new();
        let mut expired = Vec::new();
        while let Some(&(deadline, as_index, _)) = self.deadlines.front()
            && deadline <= now
        {
            self.set_deadline(as_index, None);
            expired.push(as_index);
        }
        sort_by_index(&mut expired, &mut self.sort_scratch, |&i| i);
        for as_index in expired {
            let cause = AsCause { assoc: None, data: None, came_up: false };
            self.as_event(now, as_index, iua_as::Event::TrExpiry, cause, &mut out);
        }
        out
    }
}
