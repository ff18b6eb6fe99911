//! The generated machine's actions (RFC 6733 §5.6.3) carried out for one event, and the messages
//! they build (CER, CEA, DPR, DPA, DWR, DWA).

use super::config::{announced, capabilities_result};
use super::events::{DiscardReason, PeerError, PeerEvent};
use super::requests::{Accepted, Initiated, Received};
use super::{ConnId, Context, Core, Event, Output, Role, Run, SESSION_ID, State};
use crate::diameter::codec::result_code::is_success;
use crate::diameter::codec::result_code::{
    DIAMETER_APPLICATION_UNSUPPORTED, DIAMETER_COMMAND_UNSUPPORTED, DIAMETER_SUCCESS, DIAMETER_UNABLE_TO_COMPLY,
    DIAMETER_UNKNOWN_PEER, ELECTION_LOST,
};
use crate::diameter::codec::{DecodeError, DisconnectCause, Dpa, Dpr, Dwa, Message, RawMessage};
use crate::machines::diameter_peer as machine;
use crate::time::Time;

/// Carries out the peer state machine's actions (RFC 6733 §5.6.3) for one event.
pub(super) struct DiameterPeerHooks<'a, T, R> {
    pub(super) core: &'a mut Core<T, R>,
    pub(super) run: &'a mut Run<T>,
    pub(super) context: &'a Context,
    /// The state the event arrived in.
    pub(super) from: State,
    pub(super) event: Event,
}

impl<T, R> DiameterPeerHooks<'_, T, R> {
    fn send_initiated(&mut self, message: Message) {
        if let Some(id) = self.core.initiated.filter(|i| i.open).map(|i| i.id) {
            self.core.sent(id, &message);
            self.run.out.push(Output::Send(id, message));
        }
    }

    fn send_accepted(&mut self, message: Message) {
        if let Some(id) = self.core.accepted.as_ref().filter(|a| a.open).map(|a| a.id) {
            self.core.sent(id, &message);
            self.run.out.push(Output::Send(id, message));
        }
    }

    /// The received message of the event.
    fn received(&self) -> Option<(ConnId, &Received)> {
        match self.context {
            Context::Message(conn, received) => Some((*conn, received)),
            _ => None,
        }
    }

    fn dwa(&self) -> Option<Message> {
        let Some((_, Received::Ok(Message::Dwr(dwr)))) = self.received() else { return None };
        let c = &self.core.config;
        Some(Message::Dwa(Dwa {
            hop_by_hop: dwr.hop_by_hop,
            end_to_end: dwr.end_to_end,
            result_code: DIAMETER_SUCCESS,
            origin_host: c.capabilities.origin_host.clone(),
            origin_realm: c.capabilities.origin_realm.clone(),
            error_message: None,
            failed_avp: None,
            origin_state_id: c.capabilities.origin_state_id,
        }))
    }

    fn dpr(&mut self) -> Message {
        Message::Dpr(Dpr {
            hop_by_hop: self.core.next_hop_by_hop(),
            end_to_end: self.core.next_end_to_end(),
            origin_host: self.core.config.capabilities.origin_host.clone(),
            origin_realm: self.core.config.capabilities.origin_realm.clone(),
            disconnect_cause: self.core.stop_cause,
        })
    }

    /// The DPA to the received DPR, which decides whether to reconnect (RFC 6733 §5.4.3).
    fn dpa(&mut self) -> Option<Message> {
        let Some((_, Received::Ok(Message::Dpr(dpr)))) = self.received() else { return None };
        let (hop_by_hop, end_to_end, cause) = (dpr.hop_by_hop, dpr.end_to_end, dpr.disconnect_cause);
        let reconnect = cause == DisconnectCause::Rebooting;
        self.core.reconnect &= reconnect;
        self.run.report(PeerEvent::DisconnectRequested { cause, reconnect });
        let c = &self.core.config;
        Some(Message::Dpa(Dpa {
            hop_by_hop,
            end_to_end,
            result_code: DIAMETER_SUCCESS,
            origin_host: c.capabilities.origin_host.clone(),
            origin_realm: c.capabilities.origin_realm.clone(),
            error_message: None,
            failed_avp: None,
        }))
    }

    fn outgoing(&self) -> Option<Message> {
        match self.context {
            Context::Outgoing(message) => Some((**message).clone()),
            _ => None,
        }
    }

    fn close_initiated(&mut self) {
        if let Some(i) = self.core.initiated.take()
            && i.open
        {
            self.run.out.push(Output::Close(i.id));
        }
    }

    fn close_accepted(&mut self) {
        if let Some(a) = self.core.accepted.take()
            && a.open
        {
            self.run.out.push(Output::Close(a.id));
        }
    }

    /// Process: hands the message to the application, or answers a request it cannot serve.
    fn process(&mut self) {
        let Some((conn, received)) = self.received() else {
            // Send-Message ignored: nothing to process.
            return;
        };
        if self.run.throwaway {
            let header = match received {
                Received::Ok(message) => Some(message.header()),
                Received::Malformed { header, .. } => *header,
            };
            let (command_code, hop_by_hop) = header.map_or((0, 0), |h| (h.command_code, h.hop_by_hop));
            let reason = DiscardReason::NotInService;
            self.run.report(PeerEvent::Discarded { conn, command_code, hop_by_hop, reason });
            return;
        }
        let answer = match received {
            Received::Malformed { header: Some(header), error } => self.core.error_answer(header, error, None),
            Received::Malformed { header: None, .. } => None,
            Received::Ok(Message::Other(raw)) => self.unsupported(raw),
            // A second CER on an open connection.
            Received::Ok(Message::Cer(cer)) => {
                Some(Message::Cea(self.core.cea((cer.hop_by_hop, cer.end_to_end), DIAMETER_UNABLE_TO_COMPLY)))
            }
            // The answer to a request of the application (answers to nothing were discarded).
            Received::Ok(_) => None,
        };
        if let Some(answer) = answer {
            self.run.out.push(Output::Send(conn, answer));
        } else if let Received::Ok(message) = received {
            self.run.report(PeerEvent::Received { conn, message: message.to_raw() });
        }
    }

    /// The error answer to a request this node does not serve: a base-protocol command it does
    /// not know (DIAMETER_COMMAND_UNSUPPORTED) or an application the peers do not share
    /// (DIAMETER_APPLICATION_UNSUPPORTED); `None` for what goes to the application.
    fn unsupported(&self, raw: &RawMessage) -> Option<Message> {
        let header = raw.header;
        if !header.flags.request {
            return None;
        }
        let result_code = if header.application_id == 0 {
            DIAMETER_COMMAND_UNSUPPORTED
        } else if self.core.remote.as_ref().is_some_and(|r| r.common_applications.contains(&header.application_id)) {
            return None;
        } else {
            DIAMETER_APPLICATION_UNSUPPORTED
        };
        let reason = if result_code == DIAMETER_COMMAND_UNSUPPORTED {
            format!("command {} of the base protocol is not supported", header.command_code)
        } else {
            format!("application {} is not shared with this peer", header.application_id)
        };
        let error = DecodeError { result_code, offset: 0, failed_avp: None, reason };
        self.core.error_answer(&header, &error, raw.find(SESSION_ID))
    }
}

impl<T, R> DiameterPeerHooks<'_, T, R> {
    /// The connection and Origin-Host of the event's CER or CEA.
    fn claimed(&self) -> Option<(ConnId, &str)> {
        match self.context {
            Context::Cer(conn, cer) => Some((*conn, cer.capabilities.origin_host.as_str())),
            Context::Message(conn, received) => match &**received {
                Received::Ok(Message::Cea(cea)) => Some((*conn, cea.capabilities.origin_host.as_str())),
                _ => None,
            },
            _ => None,
        }
    }

    /// What the certificate of the event's connection names, when it does not prove the
    /// Origin-Host of the event's CER or CEA (see `Peer::transport_authenticated`).
    fn unproven(&self) -> Option<(ConnId, String, String)> {
        let (conn, origin_host) = self.claimed()?;
        let certificate = self.core.unproven(conn, origin_host)?;
        Some((conn, origin_host.to_owned(), certificate))
    }

    /// R-Refuse-Identity: the CER is answered DIAMETER_UNKNOWN_PEER and its connection closed.
    fn refuse_cer(&mut self) {
        let Context::Cer(conn, cer) = self.context else { return };
        let Some((conn, origin_host, certificate)) = self.unproven().filter(|(c, ..)| c == conn) else { return };
        let reason = format!("the certificate of the connection names {certificate}, not {origin_host}");
        if let Some(answer) = self.core.unknown_peer_answer(cer, reason) {
            self.run.out.push(Output::Send(conn, answer));
        }
        self.run.out.push(Output::Close(conn));
        let role = Role::Responder;
        self.run.report(PeerEvent::IdentityMismatch { conn, role, origin_host, certificate });
        let result_code = DIAMETER_UNKNOWN_PEER;
        self.run.report(PeerEvent::CapabilitiesRefused { conn, role, result_code });
    }
}

impl<T, R> machine::Hooks for DiameterPeerHooks<'_, T, R>
where
    T: Time,
{
    fn guard(&mut self, guard: machine::Guard) -> bool {
        match guard {
            machine::Guard::authenticated => self.unproven().is_none(),
        }
    }

    fn action(&mut self, action: machine::Action) {
        use machine::Action as A;
        match action {
            // A Timeout the time type cannot represent never expires (see `crate::time`).
            A::StartTimeout => self.core.timeout = self.run.now.checked_add(self.core.config.timeout),
            A::StopTimeout => self.core.timeout = None,
            A::I_Snd_Conn_Req => {
                let id = self.core.new_conn();
                self.core.initiated = Some(Initiated { id, established: false, open: true, cer: None });
                self.run.out.push(Output::Connect(id));
            }
            A::R_Accept => {
                if let Context::Cer(conn, cer) = self.context {
                    let result_code = DIAMETER_SUCCESS;
                    let cer = (**cer).clone();
                    self.core.accepted = Some(Accepted { id: *conn, open: true, cer, result_code, answered: false });
                }
            }
            A::Process_CER => {
                if let Some(a) = &mut self.core.accepted {
                    let theirs: Vec<u32> = announced(&a.cer.capabilities).collect();
                    a.result_code = capabilities_result(&self.core.config, &theirs);
                }
            }
            A::R_Snd_CEA => {
                let Some(a) = self.core.accepted.as_mut().filter(|a| a.open) else { return };
                a.answered = true;
                let (id, result_code, cer) = (a.id, a.result_code, a.cer.clone());
                let cea = self.core.cea((cer.hop_by_hop, cer.end_to_end), result_code);
                self.run.out.push(Output::Send(id, Message::Cea(cea)));
                if !is_success(result_code) {
                    // RFC 6733 §5.3: "SHOULD disconnect the transport layer connection".
                    self.run.report(PeerEvent::CapabilitiesRefused { conn: id, role: Role::Responder, result_code });
                    self.run.out.push(Output::Close(id));
                    if let Some(a) = &mut self.core.accepted {
                        a.open = false;
                    }
                    self.run.event(Event::R_Peer_Disc, Context::None);
                }
            }
            A::I_Snd_CER => {
                let cer = Message::Cer(self.core.cer());
                self.send_initiated(cer);
            }
            // The CEA's content was read when it arrived (see `route`); the connection is
            // reported open when the watchdog is told so.
            A::Process_CEA => {}
            A::Elect => {
                // RFC 6733 §5.6.4: the octets of the Origin-Hosts, ASCII letters without case.
                let Some(a) = &self.core.accepted else { return };
                let ours = self.core.config.capabilities.origin_host.to_ascii_lowercase();
                let theirs = a.cer.capabilities.origin_host.to_ascii_lowercase();
                let won = ours.as_bytes() > theirs.as_bytes();
                self.run.report(PeerEvent::Election { won });
                if won {
                    self.run.event(Event::Win_Election, Context::None);
                }
            }
            A::R_Reject => {
                if let Context::Cer(conn, _) = self.context {
                    self.run.out.push(Output::Close(*conn));
                }
            }
            A::R_Refuse_Identity => self.refuse_cer(),
            A::I_Refuse_Identity => {
                if let Some((conn, origin_host, certificate)) = self.unproven() {
                    let role = Role::Initiator;
                    self.run.report(PeerEvent::IdentityMismatch { conn, role, origin_host, certificate });
                }
            }
            A::I_Disc => self.close_initiated(),
            A::R_Disc => {
                // The accepted connection is dropped unanswered after a lost election: say so
                // (RFC 6733 §7.1.4 ELECTION_LOST).
                if let Some(a) = self.core.accepted.as_ref().filter(|a| a.open && !a.answered) {
                    let cea = self.core.cea((a.cer.hop_by_hop, a.cer.end_to_end), ELECTION_LOST);
                    self.run.out.push(Output::Send(a.id, Message::Cea(cea)));
                }
                self.close_accepted();
            }
            A::Cleanup => self.core.initiated = None,
            // Stop while the connections are being set up: the accepted one has had no CEA and
            // gets none (the election is abandoned, not lost), then the initiated one.
            A::Abort => {
                self.close_accepted();
                self.close_initiated();
            }
            A::Error => {
                self.close_initiated();
                self.close_accepted();
                self.run.report(PeerEvent::Error(PeerError::Failed { state: self.from, event: self.event }));
            }
            A::I_Snd_Message => {
                if let Some(message) = self.outgoing() {
                    self.send_initiated(message);
                }
            }
            A::R_Snd_Message => {
                if let Some(message) = self.outgoing() {
                    self.send_accepted(message);
                }
            }
            A::Process => self.process(),
            A::Process_DWR | A::Process_DWA => {}
            A::I_Snd_DWA => {
                if let Some(dwa) = self.dwa() {
                    self.send_initiated(dwa);
                }
            }
            A::R_Snd_DWA => {
                if let Some(dwa) = self.dwa() {
                    self.send_accepted(dwa);
                }
            }
            A::I_Snd_DPR => {
                let dpr = self.dpr();
                self.send_initiated(dpr);
            }
            A::R_Snd_DPR => {
                let dpr = self.dpr();
                self.send_accepted(dpr);
            }
            A::I_Snd_DPA => {
                if let Some(dpa) = self.dpa() {
                    self.send_initiated(dpa);
                }
            }
            A::R_Snd_DPA => {
                if let Some(dpa) = self.dpa() {
                    self.send_accepted(dpa);
                }
            }
        }
    }
}
