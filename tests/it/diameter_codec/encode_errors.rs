//! Encode errors (the encoder refuses what the decoder would), and the framer.

use super::*;

// Encode errors: the encoder refuses what the decoder would.

#[test]
fn encode_errors() {
    let cer = Cer {
        hop_by_hop: 1,
        end_to_end: 2,
        capabilities: Capabilities {
            origin_host: "h".into(),
            origin_realm: "r".into(),
            host_ip_addresses: vec![],
            vendor_id: 0,
            product_name: "p".into(),
            origin_state_id: None,
            supported_vendor_ids: vec![],
            auth_application_ids: vec![],
            inband_security_ids: vec![],
            acct_application_ids: vec![],
            vendor_specific_application_ids: vec![],
            firmware_revision: None,
        },
    };
    assert_eq!(Message::Cer(cer).encode().unwrap_err().message, "CER");
    let dwa = Dwa {
        hop_by_hop: 1,
        end_to_end: 2,
        result_code: DIAMETER_SUCCESS,
        origin_host: "h".into(),
        origin_realm: "r".into(),
        error_message: None,
        failed_avp: Some(vec![]),
        origin_state_id: None,
    };
    assert!(Message::Dwa(dwa).encode().is_err());

    let request = Header { flags: CommandFlags { request: true, ..CommandFlags::default() }, ..Header::default() };
    let raw = |header: Header, avps: Vec<Avp>| RawMessage { header, avps }.encode();
    assert!(raw(Header { command_code: 0x0100_0000, ..request }, vec![]).is_err());
    let error_request = CommandFlags { request: true, error: true, ..CommandFlags::default() };
    assert!(raw(Header { flags: error_request, ..request }, vec![]).is_err());
    let retransmitted_answer = CommandFlags { retransmitted: true, ..CommandFlags::default() };
    assert!(raw(Header { flags: retransmitted_answer, ..request }, vec![]).is_err());
    assert!(raw(request, vec![Avp::raw(avp_code::FAILED_AVP, vec![0; 8])]).is_err());
    assert!(raw(request, vec![Avp::raw(1, vec![0; MAX_MESSAGE_LEN])]).is_err());
    assert!(raw(request, vec![Avp::raw(1, vec![0; MAX_MESSAGE_LEN - HEADER_LEN - 8])]).is_ok());
    assert!(raw(request, vec![Avp::raw(1, vec![0; MAX_MESSAGE_LEN - HEADER_LEN - 7])]).is_err());
    let nest = |depth: usize| {
        let mut avp = Avp::unsigned32(avp_code::ORIGIN_STATE_ID, 1);
        for _ in 0..depth {
            avp = Avp::grouped(avp_code::FAILED_AVP, vec![avp]);
        }
        avp
    };
    assert!(raw(request, vec![nest(MAX_GROUPED_DEPTH)]).is_ok());
    assert!(raw(request, vec![nest(MAX_GROUPED_DEPTH + 1)]).is_err());
}

#[test]
fn avp_constructors_and_accessors() {
    let v6 = IpAddr::V6(Ipv6Addr::LOCALHOST);
    assert_eq!(Avp::address(1, v6).as_address(), Some(v6));
    assert_eq!(Avp::address(1, v6).as_bytes().map(<[u8]>::len), Some(18));
    assert_eq!(Avp::utf8(1, "é").as_str(), Some("é"));
    assert_eq!(Avp::raw(1, vec![0xff]).as_str(), None);
    assert_eq!(Avp::raw(1, vec![0; 3]).as_u32(), None);
    assert_eq!(Avp::raw(1, vec![0, 9, 1, 2, 3, 4]).as_address(), None);
    let group = Avp::grouped(2, vec![Avp::unsigned32(1, 7)]);
    assert_eq!((group.as_bytes(), group.as_u32()), (None, None));
    assert_eq!(group.as_grouped().map(<[Avp]>::len), Some(1));
    assert_eq!(Avp::raw(1, vec![]).as_grouped(), None);
    let flags = Avp::raw(1, vec![]).with_vendor(9).with_mandatory(true).with_protected(true);
    assert_eq!((flags.flags(), flags.header_len()), (0xe0, 12));
    assert_eq!(Avp::new(1, AvpValue::Raw(vec![])).flags(), 0);
    assert_eq!(DisconnectCause::from_value(1), Some(DisconnectCause::Busy));
    assert_eq!(DisconnectCause::Rebooting.value(), 0);
    assert_eq!(CommandFlags::from_bits(0xff).bits(), 0xf0);
}

// The framer.

#[test]
fn the_framer_fails_for_good_on_a_bad_length() {
    for length in [[0, 0, 19], [0, 0, 0], [0x01, 0x00, 0x04]] {
        let mut framer = Framer::new();
        framer.push(&dwr_with(&[]));
        let mut bad = dwr_with(&[]);
        bad[1..4].copy_from_slice(&length);
        framer.push(&bad);
        assert!(framer.next_message().unwrap().is_ok());
        let error = framer.next_message().unwrap().unwrap_err();
        assert_eq!((error.result_code, error.offset), (DIAMETER_INVALID_MESSAGE_LENGTH, 1));
        assert!(framer.is_failed());
        framer.push(&dwr_with(&[]));
        assert!(framer.next_message().is_none());
        assert_eq!(framer.buffered(), 0);
    }
}

#[test]
fn the_framer_holds_at_most_one_message_and_a_push() {
    let dwr = dwr_with(&[]);
    let mut framer = Framer::new();
    for _ in 0..1000 {
        for chunk in dwr.chunks(7) {
            framer.push(chunk);
            while let Some(message) = framer.next_message() {
                assert_eq!(message.unwrap(), dwr);
            }
        }
    }
    assert_eq!(framer.buffered(), 0);
    assert!(framer.allocated() <= 4 * dwr.len());
    // A message of the maximal length arrives whole.
    let max = message(R, 272, 4, &avp(1, 0, &vec![0; MAX_MESSAGE_LEN - HEADER_LEN - 8]));
    framer.push(&max[..MAX_MESSAGE_LEN - 1]);
    assert!(framer.next_message().is_none());
    framer.push(&max[MAX_MESSAGE_LEN - 1..]);
    assert_eq!(framer.next_message().unwrap().unwrap().len(), MAX_MESSAGE_LEN);
}
