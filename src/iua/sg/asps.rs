//! The ASPs' side: each received message turned into its ASP machine's event (`specs/iua_asp.fsm`,
//! RFC 4233 Figure 6) with the guards' values, and what an ASP's step means for its ASes.

use super::{AsCause, AsIndex, Asp, AssocId, DATA_STREAM, MANAGEMENT_STREAM, Output, Queued, Sg, SgEvent};
use crate::iua::codec::{self, ErrorCode, InterfaceId, InterfaceIds, Message, Status, TrafficMode};
use crate::machines::{iua_as, iua_asp};
use crate::time::Time;

impl<T: Time> Sg<T> {
    pub(super) fn receive_message(&mut self, now: T, assoc: AssocId, message: Message, out: &mut Vec<Output>) {
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
                self.asp_event(now, assoc, iua_asp::Event::AspUp, input, out);
            }
            Message::AspDown { .. } => self.asp_event(now, assoc, iua_asp::Event::AspDown, AspInput::default(), out),
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
                self.asp_event(now, assoc, iua_asp::Event::AspActive, input, out);
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
                self.asp_event(now, assoc, iua_asp::Event::AspInactive, input, out);
            }
            Message::Heartbeat { data } => {
                let input = AspInput { heartbeat: data, ..AspInput::default() };
                self.asp_event(now, assoc, iua_asp::Event::Heartbeat, input, out);
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
                self.asp_event(now, assoc, iua_asp::Event::DataRequest, input, out);
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
    pub(super) fn asp_event(
        &mut self,
        now: T,
        assoc: AssocId,
        event: iua_asp::Event,
        mut input: AspInput,
        out: &mut Vec<Output>,
    ) {
        let Some(asp) = self.asps.get_mut(&assoc) else { return };
        // The association's span, held for the ASes' steps too (a clone: `self` changes).
        let span = asp.span.clone();
        let _in = span.enter();
        let before = asp.machine.state();
        let mut hooks = IuaAspHooks { assoc, input: &input, out, forward: false, discard: false };
        let step = asp.machine.step(event, &mut hooks);
        let (forward, discard) = (hooks.forward, hooks.discard);
        if forward {
            if let Some((interface_id, dlci, data)) = input.data.take() {
                out.push(Output::Event(SgEvent::DataFromAsp { assoc, interface_id, dlci, data }));
            }
        } else if discard {
            out.push(Output::Event(SgEvent::DataFromInactiveAspDiscarded { assoc }));
        }
        let after = step.target;
        self.set_up(assoc, after != iua_asp::State::ASP_DOWN);
        if before != after {
            out.push(Output::Event(SgEvent::AspState { assoc, state: after }));
        }
        self.asp_changed(now, assoc, event, before, after, &step, &input, out);
    }

    /// What an ASP's step means for the ASes (Figure 7's "one ASP trans to ..." events).
    #[allow(clippy::too_many_arguments)]
    fn asp_changed(
        &mut self,
        now: T,
        assoc: AssocId,
        event: iua_asp::Event,
        before: iua_asp::State,
        after: iua_asp::State,
        step: &iua_asp::Step,
        input: &AspInput,
        out: &mut Vec<Output>,
    ) {
        use iua_asp::State::{ASP_ACTIVE, ASP_DOWN, ASP_INACTIVE};
        let acked_active = step.actions.contains(&iua_asp::Action::SendAspActiveAck);
        let acked_inactive = step.actions.contains(&iua_asp::Action::SendAspInactiveAck);
        match (before, after) {
            (ASP_DOWN, ASP_INACTIVE) => self.fan_out(now, assoc, iua_as::Event::AspInactive, true, &[], out),
            (ASP_INACTIVE | ASP_ACTIVE, ASP_DOWN) => {
                // In no order: `fan_out` puts the ASes in order.
                let own: Vec<AsIndex> = self.asps.get(&assoc).map(|a| a.active_in.clone()).unwrap_or_default();
                for &i in &own {
                    self.set_active(i, assoc, false);
                }
                self.fan_out(now, assoc, iua_as::Event::AspDown, false, &own, out);
            }
            (ASP_ACTIVE, ASP_INACTIVE) if event == iua_asp::Event::AspUp => {
                // ASP Up from an active ASP: inactive in every AS it was active in.
                let active_in = self.active_in_order(assoc);
                self.leave(now, assoc, &active_in, out);
            }
            _ if acked_active => self.join(now, assoc, &input.targets, out),
            _ if acked_inactive => self.leave(now, assoc, &input.targets, out),
            _ => {}
        }
    }

    /// The ASP becomes active in these ASes; in an Over-ride AS, the ASP that was active there
    /// is taken over (§4.3.3.4) and told with a Notify (Alternate ASP Active) that names the
    /// AS's Interface Identifiers, so that an ASP serving several ASes knows which one it lost,
    /// and the ASP Identifier of the ASP that took over, if it gave one.
    fn join(&mut self, now: T, assoc: AssocId, targets: &[AsIndex], out: &mut Vec<Output>) {
        let new_asp_id = self.asps.get(&assoc).and_then(|a| a.asp_id);
        for &i in targets {
            if !self.set_active(i, assoc, true) {
                continue;
            }
            self.as_event(now, i, iua_as::Event::AspActive, AsCause::asp(assoc), out);
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
                    self.asp_event(now, other, iua_asp::Event::AlternateAspTakeover, input, out);
                    self.set_active(i, other, false);
                    self.as_event(now, i, iua_as::Event::AspInactive, AsCause::asp(other), out);
                }
            }
        }
    }

    /// The ASP stops being active in these ASes.
    fn leave(&mut self, now: T, assoc: AssocId, targets: &[AsIndex], out: &mut Vec<Output>) {
        for &i in targets {
            if self.set_active(i, assoc, false) {
                self.as_event(now, i, iua_as::Event::AspInactive, AsCause::asp(assoc), out);
            }
        }
    }
}

pub(super) fn new_asp(assoc: AssocId) -> Asp {
    Asp {
        machine: iua_asp::Machine::at(iua_asp::INITIAL, iua_asp::Vars::INITIAL),
        asp_id: None,
        active_in: Vec::new(),
        up_at: None,
        span: crate::trace::iua_association(assoc.0),
    }
}

/// The Interface Identifiers parameter that names these interfaces in a Notify or an ASP
/// Active Ack: `None` for none (an empty list cannot be sent), and for more than such a message
/// can carry even as ranges of consecutive identifiers, when the parameter is left out rather
/// than the message made unsendable. The room left is that of the longest message less the
/// header, this parameter's tag and length, and 16 octets for the message's other parameters
/// (a Notify's Status and ASP Identifier).
pub(super) fn interface_ids_parameter(ids: &[u32]) -> Option<InterfaceIds> {
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
pub(super) fn data_indication(assoc: AssocId, queued: Queued) -> Output {
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
pub(super) struct AspInput {
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

    #[cfg(feature = "tracing")]
    fn instance(&self) -> u64 {
        u64::from(self.assoc.0)
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
