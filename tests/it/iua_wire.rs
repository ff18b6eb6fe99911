//! Our IUA messages on the wire, judged by an implementation nobody here wrote: an exchange
//! between our SG and two of our ASPs, plus every message type the exchange does not need, is
//! written to a pcap file and decoded by tshark (Wireshark's IUA dissector). Every packet must
//! decode as IUA, as the message we sent, with no malformed or unknown field.

use crate::support::tshark::{assert_clean, tshark};
use rfc_fsm::iua::asp::{self, Asp, AspConfig};
use rfc_fsm::iua::codec::{self, Dlci, ErrorCode, InterfaceId, InterfaceIds, Message, Status, TeiStatus, TrafficMode};
use rfc_fsm::iua::pcap::{IuaPcap, TSHARK_OPTIONS};
use rfc_fsm::iua::sg::{self, AsConfig, AssocId, Sg, SgConfig};
use std::time::Duration;

const IID: u32 = 3;

/// A Q.931 STATUS ENQUIRY (protocol discriminator 8, one-octet call reference), the kind of
/// message IUA carries.
fn q931(call_reference: u8) -> Vec<u8> {
    vec![0x08, 0x01, call_reference, 0x75]
}

/// Runs an exchange between an SG and two ASPs and returns every message, in order.
fn exchange() -> Vec<Message> {
    let mut wire = Vec::new();
    let config = SgConfig {
        application_servers: vec![AsConfig {
            name: "PRI".into(),
            interface_ids: vec![IID],
            traffic_mode: TrafficMode::Override,
        }],
        ..SgConfig::default()
    };
    let mut sg: Sg<Duration> = Sg::new(config);
    let asp_config = AspConfig {
        asp_id: Some(42),
        traffic_mode: Some(TrafficMode::Override),
        interface_ids: Some(InterfaceIds::Integers(vec![IID])),
        ..AspConfig::default()
    };
    let mut asps = [Asp::<Duration>::new(asp_config.clone()), Asp::new(AspConfig { asp_id: Some(43), ..asp_config })];
    let t = Duration::ZERO;
    // Delivers messages back and forth until both sides are quiet.
    let run = |sg: &mut Sg<Duration>,
               asps: &mut [Asp<Duration>; 2],
               start: Vec<(usize, Message)>,
               wire: &mut Vec<Message>| {
        let mut to_sg = start;
        for _ in 0..20 {
            let mut to_asps = Vec::new();
            for (i, m) in to_sg.drain(..) {
                wire.push(m.clone());
                for o in sg.receive(t, AssocId(i as u32), &codec::encode(&m).unwrap()) {
                    if let sg::Output::Send { assoc, message, .. } = o {
                        to_asps.push((assoc.0 as usize, message));
                    }
                }
            }
            for (i, m) in to_asps {
                wire.push(m.clone());
                for o in asps[i].receive(t, &codec::encode(&m).unwrap()) {
                    if let asp::Output::Send { message, .. } = o {
                        to_sg.push((i, message));
                    }
                }
            }
        }
    };
    let sends = |i: usize, out: Vec<asp::Output>| -> Vec<(usize, Message)> {
        out.into_iter()
            .filter_map(|o| match o {
                asp::Output::Send { message, .. } => Some((i, message)),
                asp::Output::Event(_) => None,
            })
            .collect()
    };
    for (i, a) in asps.iter_mut().enumerate() {
        a.transport_up(t);
        sg.transport_up(t, AssocId(i as u32));
    }
    let start = sends(0, asps[0].request_active(t));
    run(&mut sg, &mut asps, start, &mut wire);
    let start = sends(1, asps[1].request_up(t));
    run(&mut sg, &mut asps, start, &mut wire);
    for n in 1..=2 {
        for o in sg.deliver(t, IID, Dlci { sapi: 0, tei: 1 }, q931(n)) {
            if let sg::Output::Send { message, .. } = o {
                wire.push(message);
            }
        }
    }
    let start = sends(0, asps[0].send_data(t, InterfaceId::Integer(IID), Dlci { sapi: 0, tei: 1 }, q931(9)));
    run(&mut sg, &mut asps, start, &mut wire);
    // The second ASP takes over (Over-ride), the first is told.
    let start = sends(1, asps[1].request_active(t));
    run(&mut sg, &mut asps, start, &mut wire);
    let start = sends(1, asps[1].request_inactive(t));
    run(&mut sg, &mut asps, start, &mut wire);
    let start = sends(0, asps[0].request_down(t));
    run(&mut sg, &mut asps, start, &mut wire);
    run(&mut sg, &mut asps, vec![(1, Message::Heartbeat { data: Some(b"still there?".to_vec()) })], &mut wire);
    // An ASP Up Ack sent to the SG is answered with an Error.
    run(&mut sg, &mut asps, vec![(1, Message::AspUpAck { info: Some("wrong way".into()) })], &mut wire);
    wire
}

/// The messages the exchange does not produce.
fn the_rest() -> Vec<Message> {
    let dlci = Dlci { sapi: 0, tei: 5 };
    vec![
        Message::TeiStatusRequest { interface_id: InterfaceId::Integer(IID), dlci },
        Message::TeiStatusConfirm { interface_id: InterfaceId::Integer(IID), dlci, status: TeiStatus::Assigned },
        Message::TeiStatusIndication {
            interface_id: InterfaceId::Text("pri-1".into()),
            dlci,
            status: TeiStatus::Unassigned,
        },
        Message::Notify {
            status: Status::insufficient_asps(),
            asp_id: Some(7),
            interface_ids: None,
            info: Some("load-share".into()),
        },
        Message::Error {
            code: ErrorCode::InvalidVersion,
            interface_ids: Some(InterfaceIds::Ranges(vec![(1, 4)])),
            diagnostic: Some(vec![2, 0, 3, 1]),
        },
        Message::DataRequest { interface_id: InterfaceId::Text("pri-1".into()), dlci, data: q931(0x22) },
    ]
}

#[test]
fn tshark_decodes_every_message_as_iua() {
    let mut messages = exchange();
    messages.extend(the_rest());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("iua.pcap");
    let mut pcap = IuaPcap::new(std::fs::File::create(&path).unwrap()).unwrap();
    for (i, m) in messages.iter().enumerate() {
        pcap.write(Duration::from_millis(i as u64), &codec::encode(m).unwrap()).unwrap();
    }
    drop(pcap.into_inner());

    // Every message type of RFC 4233 that this project speaks is in the capture.
    let mut kinds: Vec<(u8, u8)> = messages.iter().map(|m| (m.class().value(), m.type_code())).collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds.len(), 17, "MGMT 5, ASPSM 6, ASPTM 4, QPTM Data Request and Indication: {kinds:?}");

    // Each packet decodes as IUA, with the class and type we sent.
    let fields = tshark(&path, &TSHARK_OPTIONS, &["frame.protocols", "iua.message_class", "iua.message_type"]);
    let rows: Vec<Vec<&str>> = fields.lines().map(|l| l.split('|').collect()).collect();
    assert_eq!(rows.len(), messages.len());
    for (row, m) in rows.iter().zip(&messages) {
        assert!(row[0].contains("iua"), "{row:?} for {m:?}");
        assert_eq!(row[1].parse::<u8>().unwrap(), m.class().value(), "{m:?}");
        assert_eq!(row[2].parse::<u8>().unwrap(), m.type_code(), "{m:?}");
    }
    // The second ASP comes up while the AS is active: after its ASP Up Ack (ASPSM 4) comes a
    // Notify (MGMT 1) AS-State-Change (1) AS-ACTIVE (3); and each ASP Active Ack (ASPTM 3)
    // carries the Over-ride traffic mode (1) of the ASP Active it answers.
    let fields = tshark(
        &path,
        &TSHARK_OPTIONS,
        &[
            "iua.message_class",
            "iua.message_type",
            "iua.status_type",
            "iua.status_identification",
            "iua.traffic_mode_type",
        ],
    );
    let rows: Vec<Vec<&str>> = fields.lines().map(|l| l.split('|').collect()).collect();
    let up_acks: Vec<usize> = (0..rows.len()).filter(|&i| rows[i][..2] == ["3", "4"]).collect();
    assert!(up_acks.len() >= 2, "{rows:?}");
    assert_eq!(rows[up_acks[1] + 1], ["0", "1", "1", "3", ""], "the AS state, after the second ASP's Ack");
    let active_acks: Vec<&Vec<&str>> = rows.iter().filter(|r| r[..2] == ["4", "3"]).collect();
    assert!(active_acks.len() >= 2 && active_acks.iter().all(|r| r[4] == "0x00000001"), "{active_acks:?}");
    // Nothing is malformed, unknown, or flagged by the dissectors.
    assert_clean(&tshark(&path, &TSHARK_OPTIONS, &[]));
}
