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
//! | [`Sg::association_up`], [`Sg::set_blocked`], [`Sg::set_asp_id_blocked`], [`Sg::poll_timeout`] | O(1) |
//! | [`Sg::deliver`], [`Sg::deliver_into`] (routed, queued, refused or discarded) | O(1) |
//! | Data Request, Heartbeat, Error, any message the SG does not expect | O(1) |
//! | ASP Up (from ASP-DOWN) | O(1) per AS whose machine it moves (an AS told the AS state, an AS that changes state), plus each Notify's recipients |
//! | ASP Up (from ASP-ACTIVE), ASP Down, association lost or restarted | O(1) per AS the ASP was active in or whose machine it moves, plus each Notify's recipients |
//! | ASP Active, ASP Inactive | O(1) per Interface Identifier and per AS named (for ranges, a logarithm in the configured identifiers per range, plus those inside it), or per AS when it names none; plus each Notify's recipients; Over-ride: O(1) per ASP taken over; a flush, O(1) per queued message |
//! | [`Sg::handle_timeout`] | O(1) amortized per T(r) that expires, plus what each expiry sends |
//! | a Notify from an AS | O(1) per recipient (the ASPs that are up), the sort included |
//!
//! The SG knows an ASP from the moment its association comes up ([`Sg::association_up`]) until
//! the association is lost ([`Sg::association_down`]), when it forgets it. Messages on an
//! association it was not told about are dropped and counted, so that no input makes the SG's
//! memory grow. What must outlive an association, the management lockouts (§4.3.3.1), is kept
//! apart, per association number and per ASP Identifier ([`Sg::set_blocked`],
//! [`Sg::set_asp_id_blocked`]).

use super::codec::{self, DecodeError, ErrorCode, InterfaceId, InterfaceIds, Message, Side, Status, TrafficMode};
use crate::machines::{iua_as, iua_asp};
use crate::time::Time;
use smallvec::SmallVec;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::time::Duration;

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

/// The outputs of one [`Sg::deliver`], in order, held inline: one delivery gives at most a
/// Data Indication or one event (a queue overflow, a discard), so building the list allocates
/// nothing. It reads as a slice of [`Output`]s (`&delivered[..]`, `delivered.len()`,
/// `delivered.iter()`), iterates by value, and converts into a `Vec<Output>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Delivered(SmallVec<[Output; 2]>);

impl std::ops::Deref for Delivered {
    type Target = [Output];

    fn deref(&self) -> &[Output] {
        &self.0
    }
}

impl IntoIterator for Delivered {
    type Item = Output;
    type IntoIter = DeliveredIter;

    fn into_iter(self) -> DeliveredIter {
        DeliveredIter(self.0.into_iter())
    }
}

impl<'a> IntoIterator for &'a Delivered {
    type Item = &'a Output;
    type IntoIter = std::slice::Iter<'a, Output>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl From<Delivered> for Vec<Output> {
    fn from(delivered: Delivered) -> Vec<Output> {
        delivered.0.into_vec()
    }
}

impl<const N: usize> PartialEq<[Output; N]> for Delivered {
    fn eq(&self, other: &[Output; N]) -> bool {
        self.0[..] == other[..]
    }
}

impl PartialEq<[Output]> for Delivered {
    fn eq(&self, other: &[Output]) -> bool {
        self.0[..] == *other
    }
}

impl PartialEq<Vec<Output>> for Delivered {
    fn eq(&self, other: &Vec<Output>) -> bool {
        self.0[..] == other[..]
    }
}

/// The outputs of a [`Delivered`], by value, in order.
#[derive(Debug)]
pub struct DeliveredIter(smallvec::IntoIter<[Output; 2]>);

impl Iterator for DeliveredIter {
    type Item = Output;

    fn next(&mut self) -> Option<Output> {
        self.0.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for DeliveredIter {
    fn next_back(&mut self) -> Option<Output> {
        self.0.next_back()
    }
}

impl ExactSizeIterator for DeliveredIter {}

/// Where an AS event's outputs go: the caller's `Vec`, or the inline list of [`Delivered`].
trait Sink: Extend<Output> {
    fn push(&mut self, output: Output);
    fn reserve(&mut self, additional: usize);
}

impl Sink for Vec<Output> {
    fn push(&mut self, output: Output) {
        Vec::push(self, output);
    }

    fn reserve(&mut self, additional: usize) {
        Vec::reserve(self, additional);
    }
}

impl Sink for SmallVec<[Output; 2]> {
    fn push(&mut self, output: Output) {
        SmallVec::push(self, output);
    }

    fn reserve(&mut self, additional: usize) {
        SmallVec::reserve(self, additional);
    }
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
    state.index() * 2 + usize::from(any_active)
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

    /// An association to an ASP came up (SCTP Communication Up): the ASP is ASP-DOWN. Only
    /// an association announced here has its messages heard. Announcing one that is already
    /// up changes nothing.
    pub fn association_up(&mut self, assoc: AssocId) {
        self.asps.entry(assoc).or_insert_with(new_asp);
    }

    /// The association was lost (SCTP CDI): the ASP goes to ASP-DOWN, and is forgotten (its
    /// lockouts are not: see [`set_blocked`](Self::set_blocked)).
    pub fn association_down(&mut self, now: T, assoc: AssocId) -> Vec<Output> {
        let mut out = Vec::new();
        self.asp_event(assoc, iua_asp::Event::SctpCdi, AspInput::default(), now, &mut out);
        self.set_up(assoc, false);
        self.asps.remove(&assoc);
        out
    }

    /// The ASP's SCTP peer restarted (SCTP RI): the ASP goes to ASP-DOWN.
    pub fn association_restart(&mut self, now: T, assoc: AssocId) -> Vec<Output> {
        let mut out = Vec::new();
        self.asp_event(assoc, iua_asp::Event::SctpRi, AspInput::default(), now, &mut out);
        out
    }

    /// A message arrived from an ASP. Undecodable bytes are answered with the Error the
    /// decoder names (RFC 4233 §3.3.3.1), or Unexpected Message for a QPTM message type only an
    /// SG sends (see [`DecodeError::answer_code`]). A message on an association that is not up (see
    /// [`association_up`](Self::association_up)) is dropped and counted, with an
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
            Ok(message) => self.message(assoc, message, now, out),
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
        self.as_event(as_index, iua_as::Event::Data, cause, now, out);
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
            self.as_event(as_index, iua_as::Event::TrExpiry, cause, now, &mut out);
        }
        out
    }

    /// Arms or disarms an AS's T(r), keeping [`Sg::deadlines`] in step: in O(1) amortized
    /// while the clock does not go back.
    fn set_deadline(&mut self, as_index: AsIndex, deadline: Option<T>) {
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
    fn set_up(&mut self, assoc: AssocId, up: bool) {
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
    fn active_in_order(&mut self, assoc: AssocId) -> Vec<AsIndex> {
        let mut active_in = self.asps.get(&assoc).map(|a| a.active_in.clone()).unwrap_or_default();
        sort_by_index(&mut active_in, &mut self.sort_scratch, |&i| i);
        active_in
    }

    /// Whether an ASP is active in an AS: in O(1).
    fn is_active_in(&self, assoc: AssocId, as_index: AsIndex) -> bool {
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
    fn set_active(&mut self, as_index: AsIndex, assoc: AssocId, active: bool) -> bool {
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
    fn fan_out(
        &mut self,
        assoc: AssocId,
        event: iua_as::Event,
        came_up: bool,
        own: &[AsIndex],
        now: T,
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
                        crate::coverage::record(iua_as::NAME, t);
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
            self.as_event(i, event, AsCause { assoc: Some(assoc), data: None, came_up }, now, out);
        }
        self.visit = visit;
    }

    fn message(&mut self, assoc: AssocId, message: Message, now: T, out: &mut Vec<Output>) {
        match message {
            Message::AspUp { asp_id, .. } => {
                let mut known_id = asp_id;
                if let Some(asp) = self.asps.get_mut(&assoc) {
                    asp.asp_id = asp_id.or(asp.asp_id);
                    known_id = asp.asp_id;
                }
                let blocked = self.blocked_assocs.contains(&assoc)
                    || known_id.is_some_and(|id| self.blocked_asp_ids.contains(&id));
                let input = AspInput {
                    guards: iua_asp::Guards { blocked, ..iua_asp::Guards::default() },
                    ..AspInput::default()
                };
                self.asp_event(assoc, iua_asp::Event::AspUp, input, now, out);
            }
            Message::AspDown { .. } => self.asp_event(assoc, iua_asp::Event::AspDown, AspInput::default(), now, out),
            Message::AspActive { traffic_mode, interface_ids, .. } => {
                let text_iid = matches!(interface_ids, Some(InterfaceIds::Text(_)));
                let (targets, unknown) = self.targets(interface_ids.as_ref());
                let mode_mismatch =
                    traffic_mode.is_some_and(|mode| targets.iter().any(|&i| self.ases[i].config.traffic_mode != mode));
                // The Ack names the interfaces of every AS the ASP is active in by it, so that
                // an ASP that named none (all its ASes) learns which they are.
                let served: Vec<u32> =
                    targets.iter().flat_map(|&i| self.ases[i].config.interface_ids.iter().copied()).collect();
                let ack_ids = interface_ids_parameter(&served);
                let input = AspInput {
                    guards: iua_asp::Guards {
                        text_iid,
                        unknown_iid: unknown,
                        mode_mismatch,
                        ..iua_asp::Guards::default()
                    },
                    targets,
                    ack_ids,
                    traffic_mode,
                    ..AspInput::default()
                };
                self.asp_event(assoc, iua_asp::Event::AspActive, input, now, out);
            }
            Message::AspInactive { interface_ids, .. } => {
                let text_iid = matches!(interface_ids, Some(InterfaceIds::Text(_)));
                let active_count = self.asps.get(&assoc).map_or(0, |a| a.active_in.len());
                // Configured interfaces of an AS the ASP is not active in are acknowledged (the
                // ASP is inactive there already, §4.3.3.5); unconfigured ones are an error.
                let (targets, unknown) = match &interface_ids {
                    Some(ids) => {
                        let (named, unknown) = self.targets(Some(ids));
                        (named.into_iter().filter(|&i| self.is_active_in(assoc, i)).collect(), unknown)
                    }
                    None => (self.active_in_order(assoc), false),
                };
                // The targets are distinct ASes the ASP is active in: any other is elsewhere.
                let active_elsewhere = active_count > targets.len();
                let input = AspInput {
                    guards: iua_asp::Guards {
                        text_iid,
                        unknown_iid: unknown,
                        active_elsewhere,
                        ..iua_asp::Guards::default()
                    },
                    targets,
                    ..AspInput::default()
                };
                self.asp_event(assoc, iua_asp::Event::AspInactive, input, now, out);
            }
            Message::Heartbeat { data } => {
                let input = AspInput { heartbeat: data, ..AspInput::default() };
                self.asp_event(assoc, iua_asp::Event::Heartbeat, input, now, out);
            }
            Message::DataRequest { interface_id, dlci, data } => {
                let (text_iid, foreign_iid) = match interface_id {
                    InterfaceId::Text(_) => (true, false),
                    InterfaceId::Integer(id) => {
                        let served = self.as_of_iid.get(&id).is_some_and(|&i| self.is_active_in(assoc, i));
                        (false, !served)
                    }
                };
                let input = AspInput {
                    guards: iua_asp::Guards { text_iid, foreign_iid, ..iua_asp::Guards::default() },
                    data: Some((interface_id, dlci, data)),
                    ..AspInput::default()
                };
                self.asp_event(assoc, iua_asp::Event::DataRequest, input, now, out);
            }
            Message::Error { code, .. } => out.push(Output::Event(SgEvent::ErrorReceived { assoc, code })),
            // TEI Status Request is a message an ASP may send (RFC 4233 §3.3, MGMT 2), so it is
            // not unexpected; but this SG has no Q.921 layer of its own, hence no TEI status to
            // confirm: it answers Unsupported Message Type (§3.3.3.1), as for any message type
            // it does not support.
            Message::TeiStatusRequest { .. } => out.push(error(assoc, ErrorCode::UnsupportedMessageType)),
            // The messages only an SG sends (acknowledgements, Notify, TEI Status Confirm and
            // Indication, Data Indication): the ASP had no business sending them.
            _ => out.push(error(assoc, ErrorCode::UnexpectedMessage)),
        }
    }

    /// The ASes an Interface Identifier list names, in the order it first names them, and
    /// whether it names one no AS serves. In time linear in the list and the ASes named (a
    /// range costs a logarithm plus the configured interfaces inside it, each visited once).
    fn targets(&mut self, ids: Option<&InterfaceIds>) -> (Vec<AsIndex>, bool) {
        let Some(ids) = ids else { return ((0..self.ases.len()).collect(), self.ases.is_empty()) };
        // An AS is named already when its mark is this call's stamp: no set to build.
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.iter_mut().for_each(|mark| *mark = 0);
            self.stamp = 1;
        }
        let (stamp, marks) = (self.stamp, &mut self.marks);
        let mut targets = Vec::new();
        let mut add = |i: AsIndex| {
            if let Some(mark) = marks.get_mut(i)
                && *mark != stamp
            {
                *mark = stamp;
                targets.push(i);
            }
        };
        let unknown = match ids {
            InterfaceIds::Integers(list) => {
                let mut unknown = list.is_empty();
                for id in list {
                    match self.as_of_iid.get(id) {
                        Some(&i) => add(i),
                        None => unknown = true,
                    }
                }
                unknown
            }
            InterfaceIds::Ranges(ranges) => {
                // Ranges name every configured interface inside them; merged first, so that
                // overlapping ranges visit each configured interface once.
                let mut sorted: Vec<(u32, u32)> = ranges.iter().filter(|(lo, hi)| lo <= hi).copied().collect();
                sorted.sort_unstable();
                let mut merged: Vec<(u32, u32)> = Vec::with_capacity(sorted.len());
                for (lo, hi) in sorted {
                    match merged.last_mut() {
                        Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                        _ => merged.push((lo, hi)),
                    }
                }
                let mut any = false;
                for (lo, hi) in merged {
                    for (_, &i) in self.iids_in_order.range(lo..=hi) {
                        any = true;
                        add(i);
                    }
                }
                !any
            }
            InterfaceIds::Text(_) => true,
        };
        (targets, unknown)
    }

    /// Runs an event on an ASP machine, then what its change means for the ASes.
    fn asp_event(&mut self, assoc: AssocId, event: iua_asp::Event, mut input: AspInput, now: T, out: &mut Vec<Output>) {
        let Some(asp) = self.asps.get_mut(&assoc) else { return };
        let before = asp.machine.state();
        let mut hooks = IuaAspHooks { assoc, input: &input, out, forward: false, discard: false };
        let outcome = asp.machine.handle(event, &mut hooks);
        let (forward, discard) = (hooks.forward, hooks.discard);
        if forward {
            if let Some((interface_id, dlci, data)) = input.data.take() {
                out.push(Output::Event(SgEvent::DataFromAsp { assoc, interface_id, dlci, data }));
            }
        } else if discard {
            out.push(Output::Event(SgEvent::DataFromInactiveAspDiscarded { assoc }));
        }
        let after = outcome.target;
        self.set_up(assoc, after != iua_asp::State::ASP_DOWN);
        if before != after {
            out.push(Output::Event(SgEvent::AspState { assoc, state: after }));
        }
        self.asp_changed(assoc, event, before, after, &outcome, &input, now, out);
    }

    /// What an ASP's step means for the ASes (Figure 7's "one ASP trans to ..." events).
    #[allow(clippy::too_many_arguments)]
    fn asp_changed(
        &mut self,
        assoc: AssocId,
        event: iua_asp::Event,
        before: iua_asp::State,
        after: iua_asp::State,
        outcome: &iua_asp::Outcome,
        input: &AspInput,
        now: T,
        out: &mut Vec<Output>,
    ) {
        use iua_asp::State::{ASP_ACTIVE, ASP_DOWN, ASP_INACTIVE};
        let acked_active = outcome.actions.contains(&iua_asp::Action::SendAspActiveAck);
        let acked_inactive = outcome.actions.contains(&iua_asp::Action::SendAspInactiveAck);
        match (before, after) {
            (ASP_DOWN, ASP_INACTIVE) => self.fan_out(assoc, iua_as::Event::AspInactive, true, &[], now, out),
            (ASP_INACTIVE | ASP_ACTIVE, ASP_DOWN) => {
                // In no order: `fan_out` puts the ASes in order.
                let own: Vec<AsIndex> = self.asps.get(&assoc).map(|a| a.active_in.clone()).unwrap_or_default();
                for &i in &own {
                    self.set_active(i, assoc, false);
                }
                self.fan_out(assoc, iua_as::Event::AspDown, false, &own, now, out);
            }
            (ASP_ACTIVE, ASP_INACTIVE) if event == iua_asp::Event::AspUp => {
                // ASP Up from an active ASP: inactive in every AS it was active in.
                let active_in = self.active_in_order(assoc);
                self.leave(assoc, &active_in, now, out);
            }
            _ if acked_active => self.join(assoc, &input.targets, now, out),
            _ if acked_inactive => self.leave(assoc, &input.targets, now, out),
            _ => {}
        }
    }

    /// The ASP becomes active in these ASes; in an Over-ride AS, the ASP that was active there
    /// is taken over (§4.3.3.4) and told with a Notify (Alternate ASP Active) that names the
    /// AS's Interface Identifiers, so that an ASP serving several ASes knows which one it lost,
    /// and the ASP Identifier of the ASP that took over, if it gave one.
    fn join(&mut self, assoc: AssocId, targets: &[AsIndex], now: T, out: &mut Vec<Output>) {
        let new_asp_id = self.asps.get(&assoc).and_then(|a| a.asp_id);
        for &i in targets {
            if !self.set_active(i, assoc, true) {
                continue;
            }
            self.as_event(i, iua_as::Event::AspActive, AsCause::asp(assoc), now, out);
            if self.ases[i].config.traffic_mode == TrafficMode::Override {
                let others: Vec<AssocId> =
                    self.ases[i].active.iter().copied().filter(|&other| other != assoc).collect();
                for other in others {
                    // Active in this AS and at least one other.
                    let elsewhere = self.asps.get(&other).is_some_and(|a| a.active_in.len() > 1);
                    let input = AspInput {
                        guards: iua_asp::Guards { active_elsewhere: elsewhere, ..iua_asp::Guards::default() },
                        targets: vec![i],
                        notify_ids: self.ases[i].notify_ids.clone(),
                        notify_asp_id: new_asp_id,
                        ..AspInput::default()
                    };
                    self.asp_event(other, iua_asp::Event::AlternateAspTakeover, input, now, out);
                    self.set_active(i, other, false);
                    self.as_event(i, iua_as::Event::AspInactive, AsCause::asp(other), now, out);
                }
            }
        }
    }

    /// The ASP stops being active in these ASes.
    fn leave(&mut self, assoc: AssocId, targets: &[AsIndex], now: T, out: &mut Vec<Output>) {
        for &i in targets {
            if self.set_active(i, assoc, false) {
                self.as_event(i, iua_as::Event::AspInactive, AsCause::asp(assoc), now, out);
            }
        }
    }

    /// Runs an event on an AS machine and carries out its actions. In O(1) but for the
    /// Notify messages it sends (one per ASP that is up) and the queue it delivers.
    fn as_event<O: Sink>(&mut self, i: AsIndex, event: iua_as::Event, cause: AsCause, now: T, out: &mut O) {
        let up = self.up.len();
        let Some(entry) = self.ases.get_mut(i) else { return };
        let any_active = !entry.active.is_empty();
        // Every ASP that is up is a member of the AS; those not active in it are inactive
        // there (every ASP active in it is up).
        let any_inactive = up > entry.active.len();
        let before = entry.machine.state();
        let mut hooks = IuaAsHooks { guards: iua_as::Guards { any_active, any_inactive, came_up: cause.came_up } };
        let outcome = entry.machine.handle(event, &mut hooks);
        let mut data = cause.data;
        for &action in outcome.actions {
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
        if outcome.target != before {
            out.push(Output::Event(SgEvent::AsState { as_index: i, state: outcome.target }));
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
) -> iua_as::Outcome {
    let mut vars = iua_as::Vars::INITIAL;
    iua_as::dispatch(state, &mut vars, event, iua_as::Guards { any_active, any_inactive, came_up })
}

fn does_something(state: iua_as::State, outcome: &iua_as::Outcome) -> bool {
    !outcome.actions.is_empty() || outcome.target != state
}

fn new_asp() -> Asp {
    Asp {
        machine: iua_asp::Machine::at(iua_asp::INITIAL, iua_asp::Vars::INITIAL),
        asp_id: None,
        active_in: Vec::new(),
        up_at: None,
    }
}

/// Sorts `items` by a dense index (an AS's position, an association number): a comparison
/// sort for a few, a least-significant-digit radix sort by octets for more, so that the time
/// is linear in their number. `scratch` is working space, kept by the caller.
fn sort_by_index<K: Copy>(items: &mut [K], scratch: &mut Vec<K>, key: impl Fn(&K) -> usize) {
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

/// The Interface Identifiers parameter that names these interfaces in a Notify or an ASP
/// Active Ack: `None` for none (an empty list cannot be sent), and for more than such a message
/// can carry even as ranges of consecutive identifiers, when the parameter is left out rather
/// than the message made unsendable. The room left is that of the longest message less the
/// header, this parameter's tag and length, and 16 octets for the message's other parameters
/// (a Notify's Status and ASP Identifier).
fn interface_ids_parameter(ids: &[u32]) -> Option<InterfaceIds> {
    const ROOM: usize = codec::MAX_MESSAGE_LEN - codec::HEADER_LEN - 4 - 16;
    if ids.is_empty() {
        None
    } else if ids.len() <= ROOM / 4 {
        Some(InterfaceIds::Integers(ids.to_vec()))
    } else {
        let mut sorted = ids.to_vec();
        sorted.sort_unstable();
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        for id in sorted {
            match ranges.last_mut() {
                Some(last) if id <= last.1.saturating_add(1) => last.1 = last.1.max(id),
                _ => ranges.push((id, id)),
            }
        }
        (ranges.len() <= ROOM / 8).then_some(InterfaceIds::Ranges(ranges))
    }
}

fn error(assoc: AssocId, code: ErrorCode) -> Output {
    Output::Send {
        assoc,
        stream: MANAGEMENT_STREAM,
        message: Message::Error { code, interface_ids: None, diagnostic: None },
    }
}

/// The Data Indication that carries queued traffic: the frame is moved, not copied.
fn data_indication(assoc: AssocId, queued: Queued) -> Output {
    Output::Send {
        assoc,
        stream: DATA_STREAM,
        message: Message::DataIndication {
            interface_id: InterfaceId::Integer(queued.interface_id),
            dlci: queued.dlci,
            data: queued.data,
        },
    }
}

/// One input to an ASP's machine: the values of its guards (the generated `Guards`), and what
/// of the message the actions need.
#[derive(Default)]
struct AspInput {
    guards: iua_asp::Guards,
    /// The ASes an ASP Active or ASP Inactive concerns.
    targets: Vec<AsIndex>,
    /// The Interface Identifiers an ASP Active Ack names.
    ack_ids: Option<InterfaceIds>,
    /// The Traffic Mode Type of the ASP Active, which its Ack echoes.
    traffic_mode: Option<TrafficMode>,
    /// The Interface Identifiers and the ASP Identifier a Notify (Alternate ASP Active) names.
    notify_ids: Option<InterfaceIds>,
    notify_asp_id: Option<u32>,
    heartbeat: Option<Vec<u8>>,
    data: Option<(InterfaceId, codec::Dlci, Vec<u8>)>,
}

struct IuaAspHooks<'a> {
    assoc: AssocId,
    input: &'a AspInput,
    out: &'a mut Vec<Output>,
    forward: bool,
    discard: bool,
}

impl iua_asp::Hooks for IuaAspHooks<'_> {
    fn guard(&mut self, guard: iua_asp::Guard) -> bool {
        self.input.guards.get(guard)
    }

    fn action(&mut self, action: iua_asp::Action) {
        use iua_asp::Action as A;
        let message = match action {
            A::SendAspUpAck => Message::AspUpAck { info: None },
            A::SendAspDownAck => Message::AspDownAck { info: None },
            A::SendAspActiveAck => {
                let traffic_mode = self.input.traffic_mode;
                Message::AspActiveAck { traffic_mode, interface_ids: self.input.ack_ids.clone(), info: None }
            }
            A::SendAspInactiveAck => Message::AspInactiveAck { interface_ids: None, info: None },
            A::NotifyAlternateAspActive => Message::Notify {
                status: Status::alternate_asp_active(),
                asp_id: self.input.notify_asp_id,
                interface_ids: self.input.notify_ids.clone(),
                info: None,
            },
            A::ErrorUnexpectedMessage => error_message(ErrorCode::UnexpectedMessage),
            A::ErrorManagementBlocking => error_message(ErrorCode::RefusedManagementBlocking),
            A::ErrorUnsupportedTrafficMode => error_message(ErrorCode::UnsupportedTrafficHandlingMode),
            A::ErrorInvalidInterfaceIdentifier => error_message(ErrorCode::InvalidInterfaceIdentifier),
            A::ErrorUnsupportedInterfaceIdentifierType => error_message(ErrorCode::UnsupportedInterfaceIdentifierType),
            A::SendHeartbeatAck => Message::HeartbeatAck { data: self.input.heartbeat.clone() },
            A::ForwardData => {
                self.forward = true;
                return;
            }
            A::DiscardData => {
                self.discard = true;
                return;
            }
        };
        self.out.push(Output::Send { assoc: self.assoc, stream: MANAGEMENT_STREAM, message });
    }
}

fn error_message(code: ErrorCode) -> Message {
    Message::Error { code, interface_ids: None, diagnostic: None }
}

/// The guard values of one AS event; the actions are read from the outcome.
/// An AS machine's part in a step: its guards' values. Its actions (notifications, T(r)) are
/// carried out by [`Sg::as_event`] from the step's outcome, in order with the queue.
struct IuaAsHooks {
    guards: iua_as::Guards,
}

impl iua_as::Hooks for IuaAsHooks {
    fn guard(&mut self, guard: iua_as::Guard) -> bool {
        self.guards.get(guard)
    }

    fn action(&mut self, _: iua_as::Action) {}
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

    use super::*;

    fn config(ases: usize) -> SgConfig {
        SgConfig {
            application_servers: (0..ases)
                .map(|i| AsConfig {
                    name: format!("as{i}"),
                    interface_ids: vec![u32::try_from(i).unwrap() + 1],
                    traffic_mode: TrafficMode::Loadshare,
                })
                .collect(),
            ..SgConfig::default()
        }
    }

    fn rx(sg: &mut Sg<Duration>, assoc: AssocId, message: &Message, now: Duration) -> Vec<Output> {
        sg.receive(now, assoc, &codec::encode(message).unwrap())
    }

    fn active(iid: u32) -> Message {
        Message::AspActive { traffic_mode: None, interface_ids: Some(InterfaceIds::Integers(vec![iid])), info: None }
    }

    fn inactive(iid: u32) -> Message {
        Message::AspInactive { interface_ids: Some(InterfaceIds::Integers(vec![iid])), info: None }
    }

    /// The receivers of the Notify messages with this status, in order.
    fn notified(out: &[Output], status: Status) -> Vec<AssocId> {
        out.iter()
            .filter_map(|o| match o {
                Output::Send { assoc, message: Message::Notify { status: s, .. }, .. } if *s == status => Some(*assoc),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn sort_by_index_sorts_few_and_many() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut scratch = Vec::new();
        for len in [0, 1, 2, 255, 256, 257, 1000, 5000] {
            for spread in [1usize, 300, 70_000, usize::MAX] {
                let mut items: Vec<usize> = (0..len)
                    .map(|_| {
                        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                        usize::try_from(seed >> 11).unwrap_or(usize::MAX) % spread
                    })
                    .collect();
                let mut expected = items.clone();
                expected.sort_unstable();
                sort_by_index(&mut items, &mut scratch, |&i| i);
                assert_eq!(items, expected, "{len} items below {spread}");
            }
        }
    }

    #[test]
    fn many_asps_get_notify_in_association_order_whatever_the_order_they_came_up() {
        let mut sg: Sg<Duration> = Sg::new(config(2));
        let now = Duration::ZERO;
        // 600 associations, announced and brought up in a scrambled order.
        let assocs: Vec<AssocId> = (0..600u32).map(|i| AssocId((i * 7_919) % 600 * 1_000 + 3)).collect();
        for &assoc in &assocs {
            sg.association_up(assoc);
            rx(&mut sg, assoc, &Message::AspUp { asp_id: None, info: None }, now);
        }
        let mut expected = assocs.clone();
        expected.sort_unstable();
        let out = rx(&mut sg, assocs[17], &active(1), now);
        assert_eq!(notified(&out, Status::as_active()), expected);
        // One leaves from the middle of the list, one ASP stops being active: the others are
        // told the AS is pending, still in association order.
        let gone = assocs[300];
        sg.association_down(now, gone);
        expected.retain(|&a| a != gone);
        let out = rx(&mut sg, assocs[17], &inactive(1), now);
        assert_eq!(notified(&out, Status::as_pending()), expected);
        assert_eq!(sg.poll_timeout(), Some(now + SgConfig::default().recovery_timer));
    }

    #[test]
    fn recovery_timers_armed_by_a_clock_that_goes_back_expire_in_deadline_order() {
        let mut sg: Sg<Duration> = Sg::new(config(3));
        let t_r = SgConfig::default().recovery_timer;
        let a = AssocId(1);
        sg.association_up(a);
        rx(&mut sg, a, &Message::AspUp { asp_id: None, info: None }, Duration::ZERO);
        for iid in 1..=3 {
            rx(&mut sg, a, &active(iid), Duration::ZERO);
        }
        // AS 0 pending at 10 s, AS 1 at 5 s (the clock went back), AS 2 at 10 s then active
        // again (its T(r) stopped).
        let (t10, t5) = (Duration::from_secs(10), Duration::from_secs(5));
        rx(&mut sg, a, &inactive(1), t10);
        rx(&mut sg, a, &inactive(2), t5);
        rx(&mut sg, a, &inactive(3), t10);
        rx(&mut sg, a, &active(3), t10);
        assert_eq!(sg.poll_timeout(), Some(t5 + t_r));
        let out = sg.handle_timeout(t5 + t_r);
        assert!(out.contains(&Output::Event(SgEvent::AsState { as_index: 1, state: iua_as::State::AS_INACTIVE })));
        assert_eq!(sg.as_state(0), Some(iua_as::State::AS_PENDING));
        assert_eq!(sg.poll_timeout(), Some(t10 + t_r));
        sg.handle_timeout(t10 + t_r);
        assert_eq!(sg.as_state(0), Some(iua_as::State::AS_INACTIVE));
        assert_eq!(sg.as_state(2), Some(iua_as::State::AS_ACTIVE));
        assert_eq!(sg.poll_timeout(), None);
    }

    #[test]
    fn recovery_timers_started_and_stopped_again_and_again_stay_bounded() {
        let mut sg: Sg<Duration> = Sg::new(config(1));
        let a = AssocId(1);
        sg.association_up(a);
        rx(&mut sg, a, &Message::AspUp { asp_id: None, info: None }, Duration::ZERO);
        for round in 0..1_000u64 {
            let now = Duration::from_millis(round);
            rx(&mut sg, a, &active(1), now);
            rx(&mut sg, a, &inactive(1), now);
        }
        assert!(sg.deadlines.len() <= 2 * sg.running + 16, "{} entries", sg.deadlines.len());
        assert_eq!(sg.poll_timeout(), Some(Duration::from_millis(999) + SgConfig::default().recovery_timer));
    }
}
