//! IUA layer management at the ASP, sans-IO (RFC 4233 §4.3.3): ASP Up, ASP Active, ASP Inactive
//! and ASP Down as management requests, T(ack) retransmission, and the answers to what the SG
//! sends. The transitions are those of `specs/iua_asp_side.fsm`; this module turns actions into
//! messages and keeps T(ack)'s deadline and the Interface Identifiers the ASP is active for.
//!
//! The ASP has one state for all the ASes it serves over the association (ASP-ACTIVE: active
//! for at least one). Which ones, it learns from the ASP Active Ack when the Ack lists integer
//! Interface Identifiers (this crate's SG does), or else from its configuration when that lists
//! integers. When another ASP takes over some of them (Notify (Alternate ASP Active) naming
//! their Interface Identifiers, §4.3.3.4), it stays active for the others, refuses data for the
//! ones it lost, and asks again for the others only when it must return to ASP-ACTIVE. When it
//! does not know which ones it is active for, it cannot tell whether any remain: it then
//! withdraws from all with ASP Inactive, so that it and the SG agree that it is inactive.
//!
//! An ASP Active Ack is the SG's last word that the ASP is active, for the interfaces it lists:
//! the ASP takes it even in ASP-INACTIVE, or when it names more interfaces than the ASP thought
//! it had. Both happen when a retransmitted ASP Active crosses a takeover (see the
//! `iua_asp_side` spec); taking the Ack keeps the ASP and the SG in agreement. Likewise an ASP
//! Up Ack that reaches an active ASP says the SG has made it ASP-INACTIVE (§4.3.3.1): the ASP
//! takes that, and asks to be active again.

use super::codec::{self, DecodeError, ErrorCode, InterfaceId, InterfaceIds, Message, Side, Status, TrafficMode};
use super::sg::{DATA_STREAM, MANAGEMENT_STREAM};
use crate::machines::iua_asp_side as machine;
use crate::time::Time;
use machine::Guards;
use std::collections::BTreeSet;
use std::time::Duration;

pub use machine::State;

/// T(ack) when none is configured: 2 s (RFC 4233 §4.3.3.1), as `specs/iua_asp_side.fsm` declares
/// it (`timer Tack "T(ack)" = 2 s;`).
pub const TACK_DEFAULT: Duration = match machine::Timer::Tack.default_duration() {
    Some(tack) => tack,
    None => panic!("specs/iua_asp_side.fsm gives T(ack) its default"),
};

/// The ASP's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AspConfig {
    /// T(ack): how long to wait for an acknowledgement before sending the request again (RFC
    /// 4233 §4.3.3.1); 2 s by default. A T(ack) so long that the time when it would expire
    /// cannot be represented by the time type (`Duration::MAX`, say) never expires: the request
    /// is sent once and not retransmitted, as when retransmission is left to layer management
    /// (§4.3.3.1).
    pub tack: Duration,
    /// The ASP Identifier sent in ASP Up, if any.
    pub asp_id: Option<u32>,
    /// The traffic mode sent in ASP Active, if any.
    pub traffic_mode: Option<TrafficMode>,
    /// The Interface Identifiers sent in ASP Active and ASP Inactive (all ASes when `None`).
    /// Integer ones also tell the ASP which interfaces it is active for when the SG's ASP
    /// Active Ack does not (see the module documentation).
    pub interface_ids: Option<InterfaceIds>,
}

impl Default for AspConfig {
    /// T(ack) 2 s, no ASP Identifier, no traffic mode, no Interface Identifiers.
    fn default() -> Self {
        AspConfig { tack: TACK_DEFAULT, asp_id: None, traffic_mode: None, interface_ids: None }
    }
}

/// What the ASP tells its user and layer management.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AspEvent {
    /// The ASP's state changed; `Confirm*` primitives are these (M-ASP_UP confirm, ...).
    State(State),
    /// Data arrived from the SG (QPTM Data Indication) while the SG may route traffic to the
    /// ASP: in ASP-ACTIVE, or waiting for the ASP Active Ack or the ASP Inactive Ack.
    Data {
        /// The interface.
        interface_id: InterfaceId,
        /// The data link connection.
        dlci: codec::Dlci,
        /// The Q.921 frame.
        data: Vec<u8>,
    },
    /// Data the user asked to send was refused: the ASP is not active, or not for that
    /// interface.
    DataRefused,
    /// A Data Indication arrived when the ASP expects no traffic: it was dropped, and an Error
    /// (Unexpected Message) sent to the SG if there is an association (RFC 4233 §3.3.3.1).
    DataDropped {
        /// The interface it was for.
        interface_id: InterfaceId,
    },
    /// Data the user asked to send cannot be sent: the Data Request would break RFC 4233 (too
    /// long, a DLCI out of range, ...).
    DataInvalid(codec::EncodeError),
    /// The SG sent a Notify (M-NOTIFY indication).
    Notify {
        /// Its status.
        status: Status,
        /// The ASP Identifier it names, if any.
        asp_id: Option<u32>,
        /// The Interface Identifiers of the AS it is about, if it names them.
        interface_ids: Option<InterfaceIds>,
    },
    /// The SG sent a TEI Status Confirm (answering a TEI Status Request) or a TEI Status
    /// Indication (RFC 4233 §3.3, MGMT 3 and 4).
    TeiStatus {
        /// The D channel.
        interface_id: InterfaceId,
        /// The SAPI and TEI concerned.
        dlci: codec::Dlci,
        /// Whether Q.921 at the SG considers the TEI assigned.
        status: codec::TeiStatus,
    },
    /// The SG sent an Error.
    ErrorReceived {
        /// Its code.
        code: ErrorCode,
    },
    /// A message from the SG could not be decoded; an Error was sent back.
    Undecodable {
        /// Why.
        error: DecodeError,
    },
}

/// What to do after an input, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Send a message to the SG on a stream.
    Send {
        /// The SCTP stream.
        stream: u16,
        /// The message.
        message: Message,
    },
    /// Tell the user or layer management.
    Event(AspEvent),
}

/// The ASP's layer management towards one SG. `T` is the time type (a [`Time`]:
/// `std::time::Instant`, `tokio::time::Instant`, or a `Duration` for a virtual clock).
///
/// With the feature `tracing`, its machine's events go in the ASP's span, `iua_asp` (target
/// `fsm`, field `asp_id`), made by [`new`](Self::new) in the span current there.
pub struct Asp<T> {
    config: AspConfig,
    machine: machine::Machine,
    deadline: Option<T>,
    /// Requests sent, retransmissions included.
    sent_requests: u64,
    /// The Interface Identifiers ASP Active asks for: the configured ones, or after a partial
    /// takeover those the ASP kept.
    asking: Option<InterfaceIds>,
    /// In ASP-ACTIVE, the integer Interface Identifiers the ASP is active for, when it knows.
    active_ids: Option<BTreeSet<u32>>,
    /// With the feature `tracing`, the ASP's span: its machine steps in it.
    span: crate::trace::Span,
}

/// The ASP side's part in a step of its machine: the guards' values for the input, and what
/// the actions do (messages to send, T(ack), events for layer management).
struct IuaAspSideHooks<'a, T> {
    now: T,
    config: &'a AspConfig,
    asking: &'a Option<InterfaceIds>,
    guards: Guards,
    deadline: &'a mut Option<T>,
    data: Option<(InterfaceId, codec::Dlci, Vec<u8>)>,
    out: Vec<Output>,
    sent_requests: &'a mut u64,
}

impl<T: Time> machine::Hooks for IuaAspSideHooks<'_, T> {
    fn guard(&mut self, guard: machine::Guard) -> bool {
        self.guards.get(guard)
    }

    #[cfg(feature = "tracing")]
    fn instance(&self) -> u64 {
        self.config.asp_id.map_or(0, u64::from)
    }

    fn action(&mut self, action: machine::Action) {
        use machine::Action as A;
        let message = match action {
            A::StartTack => {
                // A deadline `T` cannot represent is never reached (see `AspConfig::tack`).
                *self.deadline = self.now.checked_add(self.config.tack);
                return;
            }
            A::StopTack => {
                *self.deadline = None;
                return;
            }
            A::SendAspUp => Message::AspUp { asp_id: self.config.asp_id, info: None },
            A::SendAspActive => Message::AspActive {
                traffic_mode: self.config.traffic_mode,
                interface_ids: self.asking.clone(),
                info: None,
            },
            A::SendAspInactive => Message::AspInactive { interface_ids: self.config.interface_ids.clone(), info: None },
            A::SendAspDown => Message::AspDown { info: None },
            A::TransmitData => {
                if let Some((interface_id, dlci, data)) = self.data.take() {
                    let message = Message::DataRequest { interface_id, dlci, data };
                    self.out.push(Output::Send { stream: DATA_STREAM, message });
                }
                return;
            }
            A::RefuseData => {
                self.out.push(Output::Event(AspEvent::DataRefused));
                return;
            }
            A::PassUpData => {
                if let Some((interface_id, dlci, data)) = self.data.take() {
                    self.out.push(Output::Event(AspEvent::Data { interface_id, dlci, data }));
                }
                return;
            }
            A::DropData => {
                if let Some((interface_id, _, _)) = self.data.take() {
                    self.out.push(Output::Event(AspEvent::DataDropped { interface_id }));
                }
                return;
            }
            A::ErrorUnexpectedMessage => {
                let message =
                    Message::Error { code: ErrorCode::UnexpectedMessage, interface_ids: None, diagnostic: None };
                self.out.push(Output::Send { stream: MANAGEMENT_STREAM, message });
                return;
            }
            // The state change is reported once, after the step.
            A::ConfirmUp | A::ConfirmActive | A::ConfirmInactive | A::ConfirmDown => return,
        };
        *self.sent_requests += 1;
        self.out.push(Output::Send { stream: MANAGEMENT_STREAM, message });
    }
}

impl<T: Time> Asp<T> {
    /// An ASP with no association.
    pub fn new(config: AspConfig) -> Self {
        Asp {
            machine: machine::Machine::at(machine::INITIAL, machine::Vars::INITIAL),
            deadline: None,
            sent_requests: 0,
            asking: config.interface_ids.clone(),
            active_ids: None,
            span: crate::trace::iua_asp(config.asp_id),
            config,
        }
    }

    /// The state.
    pub fn state(&self) -> State {
        self.machine.state()
    }

    /// When T(ack) expires, if it runs.
    pub fn poll_timeout(&self) -> Option<T> {
        self.deadline
    }

    /// ASP Up, Active, Inactive and Down messages sent so far, retransmissions included.
    pub fn requests_sent(&self) -> u64 {
        self.sent_requests
    }

    /// In ASP-ACTIVE, the integer Interface Identifiers the ASP is active for, if it knows them
    /// (see the module documentation); `None` otherwise.
    pub fn active_interface_ids(&self) -> Option<&BTreeSet<u32>> {
        self.active_ids.as_ref()
    }

    fn step(
        &mut self,
        now: T,
        event: machine::Event,
        data: Option<(InterfaceId, codec::Dlci, Vec<u8>)>,
        guards: Guards,
    ) -> Vec<Output> {
        let before = self.machine.state();
        let mut hooks = IuaAspSideHooks {
            now,
            config: &self.config,
            asking: &self.asking,
            guards,
            deadline: &mut self.deadline,
            data,
            out: Vec::new(),
            sent_requests: &mut self.sent_requests,
        };
        let entered = self.span.enter();
        self.machine.step(event, &mut hooks);
        drop(entered);
        let mut out = hooks.out;
        if self.machine.state() != State::ASP_ACTIVE {
            self.active_ids = None;
        }
        if self.machine.state() != before {
            out.push(Output::Event(AspEvent::State(self.machine.state())));
        }
        out
    }

    /// The guards of a Notify (Alternate ASP Active) that names `taken`, and the Interface
    /// Identifiers the ASP keeps if it stays active.
    fn takeover(&self, taken: Option<&InterfaceIds>) -> (Guards, Option<BTreeSet<u32>>) {
        let integers = match taken {
            // No Interface Identifier: all the ASP's traffic is taken over.
            None => return (Guards::default(), None),
            Some(InterfaceIds::Text(_)) => None,
            Some(ids @ (InterfaceIds::Integers(_) | InterfaceIds::Ranges(_))) => Some(ids),
        };
        match (integers, &self.active_ids) {
            (Some(taken), Some(active)) => {
                let kept: BTreeSet<u32> = active.iter().copied().filter(|&id| !taken.contains(id)).collect();
                if kept.is_empty() {
                    (Guards::default(), None)
                } else {
                    (Guards { active_elsewhere: true, ..Guards::default() }, Some(kept))
                }
            }
            _ => (Guards { scope_unknown: true, ..Guards::default() }, None),
        }
    }

    /// The transport to the SG came up: its SCTP association (RFC 4233 §4.3.2).
    pub fn transport_up(&mut self, now: T) -> Vec<Output> {
        self.step(now, machine::Event::AssociationUp, None, Guards::default())
    }

    /// The transport to the SG was lost, or the SCTP association restarted: the ASP is down,
    /// T(ack) stops.
    pub fn transport_down(&mut self, now: T) -> Vec<Output> {
        self.step(now, machine::Event::AssociationDown, None, Guards::default())
    }

    /// M-ASP_UP request.
    pub fn request_up(&mut self, now: T) -> Vec<Output> {
        self.step(now, machine::Event::UpRequest, None, Guards::default())
    }

    /// M-ASP_ACTIVE request (brings the ASP up first if it is down), for all the configured
    /// Interface Identifiers, those another ASP took over included.
    pub fn request_active(&mut self, now: T) -> Vec<Output> {
        if !matches!(self.machine.state(), State::ASP_ACTIVE | State::ACTIVE_PENDING) {
            self.asking = self.config.interface_ids.clone();
        }
        self.step(now, machine::Event::ActiveRequest, None, Guards::default())
    }

    /// M-ASP_INACTIVE request.
    pub fn request_inactive(&mut self, now: T) -> Vec<Output> {
        self.step(now, machine::Event::InactiveRequest, None, Guards::default())
    }

    /// M-ASP_DOWN request.
    pub fn request_down(&mut self, now: T) -> Vec<Output> {
        self.step(now, machine::Event::DownRequest, None, Guards::default())
    }

    /// Sends a Q.921 frame (QPTM Data Request) if the ASP is active; refuses it otherwise, and
    /// refuses a frame for an interface the ASP knows it is not active for, and a frame no Data
    /// Request can carry.
    pub fn send_data(&mut self, now: T, interface_id: InterfaceId, dlci: codec::Dlci, data: Vec<u8>) -> Vec<Output> {
        let request = Message::DataRequest { interface_id, dlci, data };
        if let Err(error) = request.validate() {
            return vec![Output::Event(AspEvent::DataInvalid(error))];
        }
        let Message::DataRequest { interface_id, dlci, data } = request else { return Vec::new() };
        let foreign_iid = match (&interface_id, &self.active_ids) {
            (InterfaceId::Integer(id), Some(active)) => !active.contains(id),
            _ => false,
        };
        self.step(
            now,
            machine::Event::SendData,
            Some((interface_id, dlci, data)),
            Guards { foreign_iid, ..Guards::default() },
        )
    }

    /// T(ack) fired: if `now` is at or after its deadline, the pending request is sent again.
    pub fn handle_timeout(&mut self, now: T) -> Vec<Output> {
        match self.deadline {
            Some(deadline) if now >= deadline => {
                self.deadline = None;
                self.step(now, machine::Event::TackExpiry, None, Guards::default())
            }
            _ => Vec::new(),
        }
    }

    /// A message arrived from the SG.
    pub fn receive(&mut self, now: T, bytes: &[u8]) -> Vec<Output> {
        let message = match codec::decode(bytes) {
            Ok(message) => message,
            Err(error) => {
                let diagnostic = bytes.get(..bytes.len().min(40)).map(<[u8]>::to_vec);
                // A QPTM type only an ASP sends (Establish Request, ...) is Unexpected Message
                // (RFC 4233 §3.3.3.1); other types the codec does not know stay Unsupported.
                let code = error.answer_code(bytes, Side::Asp);
                let reply = Message::Error { code, interface_ids: None, diagnostic };
                return vec![
                    Output::Send { stream: MANAGEMENT_STREAM, message: reply },
                    Output::Event(AspEvent::Undecodable { error }),
                ];
            }
        };
        let event = match message {
            Message::AspUpAck { .. } => machine::Event::AspUpAck,
            Message::AspDownAck { .. } => machine::Event::AspDownAck,
            Message::AspActiveAck { interface_ids, .. } => {
                let before = self.machine.state();
                let out = self.step(now, machine::Event::AspActiveAck, None, Guards::default());
                let acked = match &interface_ids {
                    Some(InterfaceIds::Integers(ids)) => Some(ids),
                    _ => None,
                };
                if self.machine.state() != State::ASP_ACTIVE {
                    return out;
                }
                if before != State::ASP_ACTIVE {
                    // Active now: for the interfaces the Ack lists, or else the configured ones.
                    self.active_ids = match (acked, &self.config.interface_ids) {
                        (Some(ids), _) | (None, Some(InterfaceIds::Integers(ids))) => {
                            Some(ids.iter().copied().collect())
                        }
                        _ => None,
                    };
                } else if let (Some(ids), Some(active)) = (acked, &mut self.active_ids)
                    && ids.iter().any(|id| !active.contains(id))
                {
                    // Already active, and the Ack names more: an ASP Active of this ASP crossed a
                    // takeover of one of its ASes, and the SG gave that AS back to it. The Ack is
                    // the SG's last word, as in ASP-INACTIVE (see the spec).
                    active.extend(ids.iter().copied());
                    self.asking = Some(InterfaceIds::Integers(active.iter().copied().collect()));
                }
                return out;
            }
            Message::AspInactiveAck { .. } => machine::Event::AspInactiveAck,
            Message::Notify { status, asp_id, interface_ids, .. } => {
                let (guards, kept) = self.takeover(interface_ids.as_ref());
                let mut out = vec![Output::Event(AspEvent::Notify { status, asp_id, interface_ids })];
                if status == Status::alternate_asp_active() {
                    out.extend(self.step(now, machine::Event::AlternateAspActive, None, guards));
                    if guards.active_elsewhere && self.machine.state() == State::ASP_ACTIVE {
                        // Still active for the rest, and only the rest is asked for again.
                        self.asking = kept.as_ref().map(|ids| InterfaceIds::Integers(ids.iter().copied().collect()));
                        self.active_ids = kept;
                    }
                }
                return out;
            }
            Message::Heartbeat { data } => {
                return vec![Output::Send { stream: MANAGEMENT_STREAM, message: Message::HeartbeatAck { data } }];
            }
            Message::DataIndication { interface_id, dlci, data } => {
                // Passed up or dropped as the spec says for the state (§4.3.3.4, §3.3.3.1).
                let data = Some((interface_id, dlci, data));
                return self.step(now, machine::Event::DataIndication, data, Guards::default());
            }
            Message::Error { code, .. } => return vec![Output::Event(AspEvent::ErrorReceived { code })],
            Message::TeiStatusConfirm { interface_id, dlci, status }
            | Message::TeiStatusIndication { interface_id, dlci, status } => {
                return vec![Output::Event(AspEvent::TeiStatus { interface_id, dlci, status })];
            }
            Message::HeartbeatAck { .. } => return Vec::new(),
            // The messages only an ASP sends: the SG had no business sending them (§3.3.3.1).
            _ => {
                let reply =
                    Message::Error { code: ErrorCode::UnexpectedMessage, interface_ids: None, diagnostic: None };
                return vec![Output::Send { stream: MANAGEMENT_STREAM, message: reply }];
            }
        };
        self.step(now, event, None, Guards::default())
    }
}
