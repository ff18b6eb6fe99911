//! What the peer keeps besides the state machine: sending and answering on the connections,
//! the watchdog joined to the machine, the request table.

use super::requests::Answers;
use super::{ConnId, Core, MAX_ERROR_MESSAGE};
use crate::diameter::codec::result_code::{DIAMETER_UNKNOWN_PEER, is_protocol_error};
use crate::diameter::codec::{
    Avp, Capabilities, Cea, Cer, CommandFlags, DecodeError, Dpa, Dwa, HEADER_LEN, Header, Message, RawMessage,
    avp_code, command_code,
};

impl<T, R> Core<T, R> {
    /// Records a request sent on `conn`, whose answer is to come on it (RFC 6733 §3).
    pub(super) fn sent(&mut self, conn: ConnId, message: &Message) {
        match message {
            Message::Cer(cer) => {
                if let Some(i) = self.initiated.as_mut().filter(|i| i.id == conn) {
                    i.cer = Some(cer.hop_by_hop);
                }
            }
            Message::Dwr(dwr) => self.dwr = Some((conn, dwr.hop_by_hop)),
            Message::Dpr(dpr) => self.dpr = Some((conn, dpr.hop_by_hop)),
            Message::Other(raw) if raw.header.flags.request => {
                self.requests.insert(conn, raw.header.hop_by_hop, raw.header.command_code);
            }
            _ => {}
        }
    }

    /// The request an answer with `header`, received on `conn`, answers (RFC 6733 §3: the same
    /// Hop-by-Hop Identifier and Command Code), which is then answered; `None` for an answer to
    /// no request waiting on `conn`.
    pub(super) fn answered(&mut self, conn: ConnId, header: &Header) -> Option<Answers> {
        let id = (conn, header.hop_by_hop);
        let base = header.application_id == 0;
        match header.command_code {
            command_code::CAPABILITIES_EXCHANGE if base => {
                if let Some(i) = self.initiated.as_mut().filter(|i| i.id == conn && i.cer == Some(header.hop_by_hop)) {
                    i.cer = None;
                    return Some(Answers::Cer);
                }
            }
            command_code::DEVICE_WATCHDOG if base && self.dwr == Some(id) => {
                self.dwr = None;
                return Some(Answers::Dwr);
            }
            command_code::DISCONNECT_PEER if base && self.dpr == Some(id) => {
                self.dpr = None;
                return Some(Answers::Dpr);
            }
            _ => {}
        }
        self.requests.take(conn, header.hop_by_hop, header.command_code).then_some(Answers::Application)
    }

    /// The answer to a CER from another node than [`PeerConfig::peer_host`](super::PeerConfig::peer_host): DIAMETER_UNKNOWN_PEER
    /// with the E bit (RFC 6733 §7.1.3, §7.2) and the CER's Origin-Host as Failed-AVP; `None` for
    /// a CER from the peer, or when any node is the peer.
    pub(super) fn unknown_peer(&self, cer: &Cer) -> Option<Message> {
        let expected = self.config.peer_host.as_deref()?;
        let theirs = &cer.capabilities.origin_host;
        if theirs.eq_ignore_ascii_case(expected) {
            return None;
        }
        self.unknown_peer_answer(cer, format!("this node serves {expected}, not {theirs}"))
    }

    /// What the transport proved of `conn`, as text, when it does not prove `origin_host`; `None`
    /// when it does, or when nothing was proved (plain TCP).
    pub(super) fn unproven(&self, conn: ConnId, origin_host: &str) -> Option<String> {
        let (_, identity) = self.identities.iter().find(|(c, _)| *c == conn)?;
        (!identity.proves(origin_host)).then(|| identity.to_string())
    }

    /// The CEA that refuses `cer` with DIAMETER_UNKNOWN_PEER (3010, with the E bit: RFC 6733
    /// §7.1.3, §7.2), its Origin-Host as the Failed-AVP and `reason` as the Error-Message.
    pub(super) fn unknown_peer_answer(&self, cer: &Cer, reason: String) -> Option<Message> {
        let theirs = &cer.capabilities.origin_host;
        let flags = CommandFlags { request: true, ..CommandFlags::default() };
        let (hop_by_hop, end_to_end) = (cer.hop_by_hop, cer.end_to_end);
        let command_code = command_code::CAPABILITIES_EXCHANGE;
        let header = Header { flags, command_code, application_id: 0, hop_by_hop, end_to_end };
        let error = DecodeError {
            result_code: DIAMETER_UNKNOWN_PEER,
            offset: 0,
            failed_avp: Some(Avp::utf8(avp_code::ORIGIN_HOST, theirs).with_mandatory(true)),
            reason,
        };
        self.error_answer(&header, &error, None)
    }

    /// The connection is gone: no answer will come on it.
    pub(super) fn forget(&mut self, conn: ConnId) {
        if self.dwr.is_some_and(|(c, _)| c == conn) {
            self.dwr = None;
        }
        if self.dpr.is_some_and(|(c, _)| c == conn) {
            self.dpr = None;
        }
        self.requests.forget(conn);
        self.identities.retain(|(c, _)| *c != conn);
    }

    /// Whether the peer uses `conn`: the initiated or accepted connection, or one waiting for its
    /// CER.
    pub(super) fn is_live(&self, conn: ConnId) -> bool {
        self.initiated.is_some_and(|i| i.id == conn && i.open)
            || self.accepted.as_ref().is_some_and(|a| a.id == conn && a.open)
            || self.pending.iter().any(|p| p.id == conn)
    }

    pub(super) fn new_conn(&mut self) -> ConnId {
        let id = ConnId(self.next_conn);
        self.next_conn = self.next_conn.wrapping_add(1);
        id
    }

    /// The next Hop-by-Hop Identifier: one more than the last (RFC 6733 §3: unique on the
    /// connection at any time).
    pub(super) fn next_hop_by_hop(&mut self) -> u32 {
        self.hop_by_hop = self.hop_by_hop.wrapping_add(1);
        self.hop_by_hop
    }

    /// The next End-to-End Identifier: the high 12 bits from the clock at creation, the low 20
    /// counting from a random start (RFC 6733 §3).
    pub(super) fn next_end_to_end(&mut self) -> u32 {
        let low = (self.end_to_end.wrapping_add(1)) & 0x000f_ffff;
        self.end_to_end = (self.end_to_end & 0xfff0_0000) | low;
        self.end_to_end
    }

    /// This node's capabilities, as its CER and CEA announce them (RFC 6733 §5.3).
    fn capabilities(&self) -> Capabilities {
        self.config.capabilities.clone()
    }

    /// The CEA answering the CER of these identifiers.
    pub(super) fn cea(&self, (hop_by_hop, end_to_end): (u32, u32), result_code: u32) -> Cea {
        Cea {
            hop_by_hop,
            end_to_end,
            result_code,
            capabilities: self.capabilities(),
            error_message: None,
            failed_avp: None,
        }
    }

    pub(super) fn cer(&mut self) -> Cer {
        let hop_by_hop = self.next_hop_by_hop();
        let end_to_end = self.next_end_to_end();
        Cer { hop_by_hop, end_to_end, capabilities: self.capabilities() }
    }

    /// The answer to a request that failed (RFC 6733 §7.2, §7.5): for a 3xxx, the error answer
    /// format with the E bit; for the other codes, the base command's answer (CEA, DWA, DPA) or
    /// the same format without the E bit. With the Failed-AVP and Error-Message when they encode,
    /// without them otherwise. `None` for a header that is not a request's.
    pub(super) fn error_answer(
        &self,
        request: &Header,
        error: &DecodeError,
        session_id: Option<&Avp>,
    ) -> Option<Message> {
        if !request.flags.request {
            return None;
        }
        let text = truncate(&error.reason, MAX_ERROR_MESSAGE);
        let failed = error.failed_avp.clone().map(|avp| vec![avp]);
        let build =
            |failed: Option<Vec<Avp>>| self.error_message(request, error.result_code, &text, failed, session_id);
        let answer = build(failed);
        if answer.encode().is_ok() { Some(answer) } else { Some(build(None)) }
    }

    fn error_message(
        &self,
        request: &Header,
        result_code: u32,
        text: &str,
        failed_avp: Option<Vec<Avp>>,
        session_id: Option<&Avp>,
    ) -> Message {
        let c = &self.config;
        let (hop_by_hop, end_to_end) = (request.hop_by_hop, request.end_to_end);
        let (origin_host, origin_realm) = (c.capabilities.origin_host.clone(), c.capabilities.origin_realm.clone());
        let error_message = Some(text.to_owned());
        let base = request.application_id == 0 && !is_protocol_error(result_code);
        match request.command_code {
            command_code::DEVICE_WATCHDOG if base => Message::Dwa(Dwa {
                hop_by_hop,
                end_to_end,
                result_code,
                origin_host,
                origin_realm,
                error_message,
                failed_avp,
                origin_state_id: c.capabilities.origin_state_id,
            }),
            command_code::DISCONNECT_PEER if base => Message::Dpa(Dpa {
                hop_by_hop,
                end_to_end,
                result_code,
                origin_host,
                origin_realm,
                error_message,
                failed_avp,
            }),
            command_code::CAPABILITIES_EXCHANGE if base => {
                Message::Cea(Cea { error_message, failed_avp, ..self.cea((hop_by_hop, end_to_end), result_code) })
            }
            _ => {
                let mut header = request.answer();
                header.flags.error = is_protocol_error(result_code);
                let mut avps = Vec::new();
                avps.extend(session_id.cloned());
                avps.push(Avp::utf8(avp_code::ORIGIN_HOST, &c.capabilities.origin_host).with_mandatory(true));
                avps.push(Avp::utf8(avp_code::ORIGIN_REALM, &c.capabilities.origin_realm).with_mandatory(true));
                avps.push(Avp::unsigned32(avp_code::RESULT_CODE, result_code).with_mandatory(true));
                avps.push(Avp::utf8(avp_code::ERROR_MESSAGE, text));
                if let Some(failed) = failed_avp {
                    avps.push(Avp::grouped(avp_code::FAILED_AVP, failed).with_mandatory(true));
                }
                Message::Other(RawMessage { header, avps })
            }
        }
    }
}

fn truncate(text: &str, max: usize) -> String {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default().to_owned()
}

/// The header of a message that may not decode: [`Header::decode`] if it can, else the fields
/// read as they are from a message of at least 20 octets (to answer a request whose version,
/// length or flags are wrong).
pub(super) fn lenient_header(bytes: &[u8]) -> Option<Header> {
    if let Ok(header) = Header::decode(bytes) {
        return Some(header);
    }
    let &[_, _, _, _, flags, c0, c1, c2, a0, a1, a2, a3, h0, h1, h2, h3, e0, e1, e2, e3] = bytes.get(..HEADER_LEN)?
    else {
        return None;
    };
    Some(Header {
        flags: CommandFlags::from_bits(flags),
        command_code: u32::from_be_bytes([0, c0, c1, c2]),
        application_id: u32::from_be_bytes([a0, a1, a2, a3]),
        hop_by_hop: u32::from_be_bytes([h0, h1, h2, h3]),
        end_to_end: u32::from_be_bytes([e0, e1, e2, e3]),
    })
}
