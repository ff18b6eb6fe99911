//! Encodings written out from RFC 6733 §3 (header), §4.1 (AVP header) and the Command Code
//! Formats of §5.3.1, §5.4.1, §5.5.1 and §5.5.2; unknown AVPs (§4.1) and what decodes as Other.

use super::*;

#[test]
fn dwr_encoding() {
    let dwr = Message::Dwr(Dwr {
        hop_by_hop: 0x1122_3344,
        end_to_end: 0x5566_7788,
        origin_host: "dwr.example.com".into(),
        origin_realm: "example.com".into(),
        origin_state_id: Some(1),
    });
    let bytes = [
        // Version 1, Message Length 76; flags R; Command Code 280; Application-ID 0
        &[1, 0, 0, 76, 0x80, 0, 0x01, 0x18, 0, 0, 0, 0][..],
        // Hop-by-Hop, End-to-End
        &[0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88],
        // Origin-Host (264), M, AVP Length 8 + 15, one octet of padding
        &[0, 0, 0x01, 0x08, 0x40, 0, 0, 23],
        b"dwr.example.com",
        &[0],
        // Origin-Realm (296), M, AVP Length 8 + 11, one octet of padding
        &[0, 0, 0x01, 0x28, 0x40, 0, 0, 19],
        b"example.com",
        &[0],
        // Origin-State-Id (278), M, AVP Length 12, value 1
        &[0, 0, 0x01, 0x16, 0x40, 0, 0, 12, 0, 0, 0, 1],
    ]
    .concat();
    assert_encoding(&dwr, &bytes);
    assert_eq!((dwr.name(), dwr.is_request()), ("DWR", true));
}

#[test]
fn dwa_encoding() {
    let dwa = Message::Dwa(Dwa {
        hop_by_hop: 0x1122_3344,
        end_to_end: 0x5566_7788,
        result_code: DIAMETER_SUCCESS,
        origin_host: "dwa.example.com".into(),
        origin_realm: "example.com".into(),
        error_message: Some("ok".into()),
        failed_avp: None,
        origin_state_id: Some(7),
    });
    let bytes = [
        // Version 1, Message Length 100; no flags (an answer); Command Code 280; Application-ID 0
        &[1, 0, 0, 100, 0x00, 0, 0x01, 0x18, 0, 0, 0, 0][..],
        &[0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88],
        // Result-Code (268), M, 12, DIAMETER_SUCCESS (2001)
        &[0, 0, 0x01, 0x0c, 0x40, 0, 0, 12, 0, 0, 0x07, 0xd1],
        &[0, 0, 0x01, 0x08, 0x40, 0, 0, 23],
        b"dwa.example.com",
        &[0],
        &[0, 0, 0x01, 0x28, 0x40, 0, 0, 19],
        b"example.com",
        &[0],
        // Error-Message (281), M bit clear (RFC 6733 §4.5), AVP Length 10, two octets of padding
        &[0, 0, 0x01, 0x19, 0x00, 0, 0, 10],
        b"ok",
        &[0, 0],
        // Origin-State-Id (278), M, 12, 7
        &[0, 0, 0x01, 0x16, 0x40, 0, 0, 12, 0, 0, 0, 7],
    ]
    .concat();
    assert_encoding(&dwa, &bytes);
    assert_eq!((dwa.name(), dwa.is_request()), ("DWA", false));
}

#[test]
fn cer_encoding_with_two_host_ip_addresses_and_a_vendor_specific_application() {
    let cer = Message::Cer(Cer {
        hop_by_hop: 1,
        end_to_end: 2,
        capabilities: Capabilities {
            origin_host: "cer.example.com".into(),
            origin_realm: "example.com".into(),
            host_ip_addresses: vec![
                IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)),
                IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1)),
            ],
            vendor_id: 32473,
            product_name: "rfc-fsm".into(),
            origin_state_id: None,
            supported_vendor_ids: vec![10415],
            auth_application_ids: vec![4],
            inband_security_ids: vec![],
            acct_application_ids: vec![3],
            vendor_specific_application_ids: vec![VendorSpecificApplicationId {
                vendor_id: 10415,
                application: ApplicationId::Auth(16_777_251),
            }],
            firmware_revision: Some(1),
        },
    });
    let bytes = [
        // Version 1, Message Length 216; R; Command Code 257; Application-ID 0; identifiers 1, 2
        &[1, 0, 0, 216, 0x80, 0, 0x01, 0x01, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2][..],
        &[0, 0, 0x01, 0x08, 0x40, 0, 0, 23],
        b"cer.example.com",
        &[0],
        &[0, 0, 0x01, 0x28, 0x40, 0, 0, 19],
        b"example.com",
        &[0],
        // Host-IP-Address (257), M, 8 + 6: AddressType 1 (IPv4), 192.0.2.1, two octets of padding
        &[0, 0, 0x01, 0x01, 0x40, 0, 0, 14, 0, 1, 192, 0, 2, 1, 0, 0],
        // Host-IP-Address, M, 8 + 18: AddressType 2 (IPv6), 2001:db8::1, two octets of padding
        &[0, 0, 0x01, 0x01, 0x40, 0, 0, 26, 0, 2, 0x20, 0x01, 0x0d, 0xb8],
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
        // Vendor-Id (266), M, 12, 32473
        &[0, 0, 0x01, 0x0a, 0x40, 0, 0, 12, 0, 0, 0x7e, 0xd9],
        // Product-Name (269), M bit clear, 8 + 7, one octet of padding
        &[0, 0, 0x01, 0x0d, 0x00, 0, 0, 15],
        b"rfc-fsm",
        &[0],
        // Supported-Vendor-Id (265) 10415, Auth-Application-Id (258) 4, Acct-Application-Id (259) 3
        &[0, 0, 0x01, 0x09, 0x40, 0, 0, 12, 0, 0, 0x28, 0xaf],
        &[0, 0, 0x01, 0x02, 0x40, 0, 0, 12, 0, 0, 0, 4],
        &[0, 0, 0x01, 0x03, 0x40, 0, 0, 12, 0, 0, 0, 3],
        // Vendor-Specific-Application-Id (260), M, 8 + 24: Vendor-Id 10415, Auth-Application-Id
        // 16777251
        &[0, 0, 0x01, 0x04, 0x40, 0, 0, 32],
        &[0, 0, 0x01, 0x0a, 0x40, 0, 0, 12, 0, 0, 0x28, 0xaf],
        &[0, 0, 0x01, 0x02, 0x40, 0, 0, 12, 0x01, 0, 0, 0x23],
        // Firmware-Revision (267), M bit clear, 12, 1
        &[0, 0, 0x01, 0x0b, 0x00, 0, 0, 12, 0, 0, 0, 1],
    ]
    .concat();
    assert_encoding(&cer, &bytes);
    assert_eq!((cer.name(), cer.is_request()), ("CER", true));
}

#[test]
fn dpr_encoding() {
    let dpr = Message::Dpr(Dpr {
        hop_by_hop: 5,
        end_to_end: 6,
        origin_host: "dpr.example.com".into(),
        origin_realm: "example.com".into(),
        disconnect_cause: DisconnectCause::DoNotWantToTalkToYou,
    });
    let bytes = [
        // Version 1, Message Length 76; R; Command Code 282; Application-ID 0; identifiers 5, 6
        &[1, 0, 0, 76, 0x80, 0, 0x01, 0x1a, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 6][..],
        &[0, 0, 0x01, 0x08, 0x40, 0, 0, 23],
        b"dpr.example.com",
        &[0],
        &[0, 0, 0x01, 0x28, 0x40, 0, 0, 19],
        b"example.com",
        &[0],
        // Disconnect-Cause (273), M, 12, DO_NOT_WANT_TO_TALK_TO_YOU (2)
        &[0, 0, 0x01, 0x11, 0x40, 0, 0, 12, 0, 0, 0, 2],
    ]
    .concat();
    assert_encoding(&dpr, &bytes);
    assert_eq!((dpr.name(), dpr.is_request()), ("DPR", true));
}

#[test]
fn cea_and_dpa_round_trip_with_a_failed_avp() {
    let failed = vec![Avp::unsigned32(avp_code::ORIGIN_STATE_ID, 0).with_mandatory(true)];
    let cea = Message::Cea(Cea {
        hop_by_hop: 9,
        end_to_end: 10,
        result_code: DIAMETER_NO_COMMON_APPLICATION,
        capabilities: Capabilities {
            origin_host: "h".into(),
            origin_realm: "r".into(),
            host_ip_addresses: vec![IpAddr::V4(Ipv4Addr::LOCALHOST)],
            vendor_id: 0,
            product_name: "p".into(),
            origin_state_id: Some(3),
            supported_vendor_ids: vec![1, 2],
            auth_application_ids: vec![],
            inband_security_ids: vec![0],
            acct_application_ids: vec![],
            vendor_specific_application_ids: vec![VendorSpecificApplicationId {
                vendor_id: 5,
                application: ApplicationId::Acct(6),
            }],
            firmware_revision: None,
        },
        error_message: Some("no common application".into()),
        failed_avp: Some(failed.clone()),
    });
    let bytes = cea.encode().unwrap();
    assert_eq!(Message::decode(&bytes), Ok(cea.clone()));
    assert_eq!((cea.name(), cea.is_request()), ("CEA", false));
    let raw = RawMessage::decode(&bytes).unwrap();
    let failed_avp = raw.find(avp_code::FAILED_AVP).unwrap();
    assert_eq!(failed_avp.as_grouped(), Some(&failed[..]));
    assert_eq!(raw.result_code(), Some(DIAMETER_NO_COMMON_APPLICATION));

    let dpa = Message::Dpa(Dpa {
        hop_by_hop: 1,
        end_to_end: 2,
        result_code: DIAMETER_SUCCESS,
        origin_host: "h".into(),
        origin_realm: "r".into(),
        error_message: None,
        failed_avp: Some(failed),
    });
    assert_eq!(Message::decode(&dpa.encode().unwrap()), Ok(dpa.clone()));
    assert_eq!((dpa.name(), dpa.is_request()), ("DPA", false));
}

#[test]
fn vendor_id_avp_round_trip() {
    // A 3GPP AVP (code 1407, vendor 10415) with the V and M bits: AVP Length 16.
    let header = Header {
        flags: CommandFlags { request: true, proxiable: true, ..CommandFlags::default() },
        command_code: 316,
        application_id: 16_777_251,
        hop_by_hop: 1,
        end_to_end: 2,
    };
    let vendor_avp = Avp::unsigned32(1407, 5).with_vendor(10415).with_mandatory(true);
    let message = RawMessage { header, avps: vec![vendor_avp.clone()] };
    let bytes = [
        &[1, 0, 0, 36, 0xc0, 0, 0x01, 0x3c, 0x01, 0, 0, 0x23, 0, 0, 0, 1, 0, 0, 0, 2][..],
        // AVP Code 1407, flags V and M, AVP Length 16, Vendor-ID 10415, value 5
        &[0, 0, 0x05, 0x7f, 0xc0, 0, 0, 16, 0, 0, 0x28, 0xaf, 0, 0, 0, 5],
    ]
    .concat();
    assert_eq!(message.encode().unwrap(), bytes);
    assert_eq!(RawMessage::decode(&bytes), Ok(message.clone()));
    assert_eq!(Message::decode(&bytes), Ok(Message::Other(message)));
    assert_eq!((vendor_avp.header_len(), vendor_avp.flags(), vendor_avp.as_u32()), (12, 0xc0, Some(5)));
}

// Unknown AVPs (RFC 6733 §4.1) and what decodes as Other.

#[test]
fn unknown_avps_without_the_m_bit_are_ignored_in_a_dwr() {
    let bytes = dwr_with(&[avp(999, 0, b"ignored"), vendor_avp(1, 0, 10415, &[1, 2, 3, 4])]);
    let expected =
        Dwr { hop_by_hop: 1, end_to_end: 2, origin_host: "a".into(), origin_realm: "b".into(), origin_state_id: None };
    assert_eq!(Message::decode(&bytes), Ok(Message::Dwr(expected)));
}

#[test]
fn an_unknown_avp_with_the_m_bit_is_unsupported_in_a_dwr() {
    let unknown = avp(999, M, b"xyz");
    let error = assert_error(&dwr_with(&[unknown]), DIAMETER_AVP_UNSUPPORTED, 44);
    assert_eq!(error.failed_avp, Some(Avp::raw(999, b"xyz".to_vec()).with_mandatory(true)));
    let vendor = vendor_avp(avp_code::ORIGIN_STATE_ID, M, 10415, &[0, 0, 0, 1]);
    let error = assert_error(&dwr_with(&[vendor]), DIAMETER_AVP_UNSUPPORTED, 44);
    assert_eq!(error.failed_avp.unwrap().vendor_id, Some(10415));
}

#[test]
fn known_base_avps_outside_the_command_format_are_ignored() {
    // A Result-Code and a Disconnect-Cause (with the M bit) in a DWR: allowed by * [ AVP ].
    let bytes = dwr_with(&[u32_avp(avp_code::RESULT_CODE, 1), u32_avp(avp_code::DISCONNECT_CAUSE, 9)]);
    assert!(matches!(Message::decode(&bytes), Ok(Message::Dwr(_))));
}

#[test]
fn other_commands_and_applications_decode_as_other() {
    let body = [avp(263, M, b"session"), identity()].concat();
    let unknown_command = message(R, 272, 4, &body);
    let Ok(Message::Other(raw)) = Message::decode(&unknown_command) else { panic!() };
    assert_eq!((raw.header.command_code, raw.header.application_id), (272, 4));
    assert_eq!(raw.avps.first().and_then(Avp::as_str), Some("session"));
    assert_eq!(Message::Other(raw.clone()).encode().unwrap(), unknown_command);
    let answer = raw.header.answer();
    assert_eq!((answer.flags, answer.hop_by_hop, answer.end_to_end), (CommandFlags::default(), 1, 2));

    let other_application = message(R, command_code::DEVICE_WATCHDOG, 3, &identity());
    assert!(matches!(Message::decode(&other_application), Ok(Message::Other(_))));
}

#[test]
fn an_error_answer_to_a_base_request_decodes_as_other() {
    // A CEA with the E bit (RFC 6733 §7.2): DIAMETER_UNKNOWN_PEER, without the CEA's AVPs.
    let body = [identity(), u32_avp(avp_code::RESULT_CODE, DIAMETER_UNKNOWN_PEER)].concat();
    let bytes = message(0x20, command_code::CAPABILITIES_EXCHANGE, 0, &body);
    let Ok(Message::Other(raw)) = Message::decode(&bytes) else { panic!() };
    assert_eq!(raw.result_code(), Some(DIAMETER_UNKNOWN_PEER));
    assert!(raw.header.flags.error);
}
