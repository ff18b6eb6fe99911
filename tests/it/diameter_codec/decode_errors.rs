//! Every decode error, with its Result-Code and offset.

use super::*;

#[test]
fn header_errors() {
    let dwr = dwr_with(&[]);
    let mut bytes = dwr.clone();
    bytes[0] = 2;
    assert_error(&bytes, DIAMETER_UNSUPPORTED_VERSION, 0);
    assert_error(&[2], DIAMETER_UNSUPPORTED_VERSION, 0);
    assert_error(&[], DIAMETER_INVALID_MESSAGE_LENGTH, 1);
    assert_error(&dwr[..19], DIAMETER_INVALID_MESSAGE_LENGTH, 1);
    for length in [16u8, 46, 40, 48] {
        // Shorter than the header, not a multiple of 4, shorter and longer than the 44 octets.
        let mut bytes = dwr.clone();
        bytes[3] = length;
        if length == 46 {
            bytes.extend_from_slice(&[0, 0]);
        }
        assert_error(&bytes, DIAMETER_INVALID_MESSAGE_LENGTH, 1);
    }
    let too_long = message(R, 272, 4, &avp(1, 0, &vec![0; MAX_MESSAGE_LEN - HEADER_LEN]));
    assert_error(&too_long, DIAMETER_INVALID_MESSAGE_LENGTH, 1);
    let max = message(R, 272, 4, &avp(1, 0, &vec![0; MAX_MESSAGE_LEN - HEADER_LEN - 8]));
    assert_eq!(max.len(), MAX_MESSAGE_LEN);
    assert!(Message::decode(&max).is_ok());

    // E in a request, T in an answer (RFC 6733 §3).
    for flags in [0xa0, 0x10, 0x30] {
        let mut bytes = dwr.clone();
        bytes[4] = flags;
        assert_error(&bytes, DIAMETER_INVALID_HDR_BITS, 4);
        assert_eq!(RawMessage::decode(&bytes).unwrap_err().result_code, DIAMETER_INVALID_HDR_BITS);
    }
    // P or T in a base message, which is never proxied nor retransmitted to another peer.
    for flags in [0xc0, 0x90] {
        let mut bytes = dwr.clone();
        bytes[4] = flags;
        assert_eq!(assert_error(&bytes, DIAMETER_INVALID_HDR_BITS, 4).failed_avp, None);
        assert!(RawMessage::decode(&bytes).is_ok());
    }
    assert_eq!(Header::decode(&dwr).unwrap().command_code, command_code::DEVICE_WATCHDOG);
}

/// RFC 6733 §3: the reserved command flags are "reserved for future use, and MUST be set to
/// zero, and ignored by the receiver".
#[test]
fn reserved_command_flags_are_ignored_on_receipt_and_sent_as_zero() {
    for reserved in [0x01, 0x02, 0x04, 0x08, CommandFlags::RESERVED] {
        for plain in [dwr_with(&[]), dwa_with(&[]), cer_with(&[]), message(R, 272, 4, &identity())] {
            let mut bytes = plain.clone();
            bytes[4] |= reserved;
            assert_eq!(Message::decode(&bytes), Message::decode(&plain), "flags {:#04x}", bytes[4]);
            assert_eq!(Header::decode(&bytes), Header::decode(&plain));
            let raw = RawMessage::decode(&bytes).unwrap();
            assert_eq!(raw.header.flags.bits() & CommandFlags::RESERVED, 0);
            assert_eq!(raw.encode().unwrap(), plain, "sent with the reserved bits at zero");
        }
    }
    // They do not hide the combinations §3 forbids: E in a request, T in an answer.
    let mut bytes = dwr_with(&[]);
    bytes[4] = R | CommandFlags::ERROR | 0x01;
    assert_error(&bytes, DIAMETER_INVALID_HDR_BITS, 4);
    let mut bytes = dwa_with(&[]);
    bytes[4] = CommandFlags::RETRANSMITTED | 0x08;
    assert_error(&bytes, DIAMETER_INVALID_HDR_BITS, 4);
}

#[test]
fn avp_length_errors() {
    // Only the AVP Code of an AVP is left.
    let bytes = dwr_with(&[avp_code::ORIGIN_STATE_ID.to_be_bytes().to_vec()]);
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_LENGTH, 44);
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::ORIGIN_STATE_ID, vec![0; 4])));
    // AVP Length under 8.
    let bytes = dwr_with(&[vec![0, 0, 0x01, 0x16, 0x40, 0, 0, 7]]);
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_LENGTH, 44);
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::ORIGIN_STATE_ID, vec![0; 4]).with_mandatory(true)));
    // AVP Length under 12 with the V bit, and a V bit with no room for the Vendor-ID.
    let bytes = dwr_with(&[vec![0, 0, 0x01, 0x16, 0xc0, 0, 0, 11, 0, 0, 0x28, 0xaf]]);
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_LENGTH, 44);
    assert_eq!(error.failed_avp.unwrap().vendor_id, Some(10415));
    assert_error(&dwr_with(&[vec![0, 0, 0x01, 0x16, 0xc0, 0, 0, 12]]), DIAMETER_INVALID_AVP_LENGTH, 44);
    // An AVP Length that runs past the end of the message (also by its padding).
    assert_error(&dwr_with(&[vec![0, 0, 0x01, 0x16, 0x40, 0, 0, 13, 0, 0, 0, 1]]), DIAMETER_INVALID_AVP_LENGTH, 44);
    assert_error(&dwr_with(&[vec![0, 0, 0x01, 0x16, 0x40, 0xff, 0xff, 0xff]]), DIAMETER_INVALID_AVP_LENGTH, 44);
    // Non-zero padding.
    let mut bytes = dwr_with(&[]);
    bytes[29] = 1; // the padding after Origin-Host "a"
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_LENGTH, 20);
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::ORIGIN_HOST, vec![]).with_mandatory(true)));
}

#[test]
fn reserved_avp_flags_are_invalid_avp_bits() {
    let bytes = dwr_with(&[avp(avp_code::ORIGIN_STATE_ID, M | 0x01, &[0, 0, 0, 1])]);
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_BITS, 44);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::ORIGIN_STATE_ID);
    assert_eq!(RawMessage::decode(&bytes).unwrap_err().result_code, DIAMETER_INVALID_AVP_BITS);
}

#[test]
fn missing_avps_with_an_example_in_failed_avp() {
    let dwr = message(R, command_code::DEVICE_WATCHDOG, 0, &avp(avp_code::ORIGIN_HOST, M, b"a"));
    let error = assert_error(&dwr, DIAMETER_MISSING_AVP, 32);
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::ORIGIN_REALM, vec![]).with_mandatory(true)));

    let dwa = message(0, command_code::DEVICE_WATCHDOG, 0, &identity());
    let error = assert_error(&dwa, DIAMETER_MISSING_AVP, 44);
    assert_eq!(error.failed_avp, Some(Avp::unsigned32(avp_code::RESULT_CODE, 0).with_mandatory(true)));

    let dpr = message(R, command_code::DISCONNECT_PEER, 0, &identity());
    let error = assert_error(&dpr, DIAMETER_MISSING_AVP, 44);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::DISCONNECT_CAUSE);

    let cer = message(R, command_code::CAPABILITIES_EXCHANGE, 0, &identity());
    let error = assert_error(&cer, DIAMETER_MISSING_AVP, 44);
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::HOST_IP_ADDRESS, vec![0; 6]).with_mandatory(true)));

    let body = [identity(), avp(avp_code::HOST_IP_ADDRESS, M, &[0, 1, 10, 0, 0, 1]), u32_avp(avp_code::VENDOR_ID, 0)];
    let cer = message(R, command_code::CAPABILITIES_EXCHANGE, 0, &body.concat());
    let error = assert_error(&cer, DIAMETER_MISSING_AVP, 72);
    // Product-Name has no M bit (RFC 6733 §4.5).
    assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::PRODUCT_NAME, vec![])));
}

#[test]
fn avps_that_occur_too_many_times() {
    let error = assert_error(&dwr_with(&[avp(avp_code::ORIGIN_HOST, M, b"c")]), DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, 44);
    assert_eq!(error.failed_avp.unwrap().as_str(), Some("c"));
    let states = [u32_avp(avp_code::ORIGIN_STATE_ID, 1), u32_avp(avp_code::ORIGIN_STATE_ID, 2)];
    assert_error(&dwr_with(&states), DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, 56);
    // Repeated AVPs where the format allows them.
    let twice = [avp(avp_code::HOST_IP_ADDRESS, M, &[0, 1, 10, 0, 0, 2]), u32_avp(avp_code::AUTH_APPLICATION_ID, 1)];
    let Ok(Message::Cer(cer)) = Message::decode(&cer_with(&[twice.concat(), twice.concat()])) else { panic!() };
    assert_eq!((cer.capabilities.host_ip_addresses.len(), cer.capabilities.auth_application_ids), (3, vec![1, 1]));
}

/// RFC 6733 §4.2: an Unsigned32's "AVP Length field MUST be set to 12"; §4.1: a message with an
/// invalid AVP length "MUST be rejected"; §7.1.5: that is DIAMETER_INVALID_AVP_LENGTH, with the
/// offending AVP in the Failed-AVP.
#[test]
fn avps_of_the_wrong_size_for_their_type_are_invalid_avp_length() {
    // An Unsigned32 of 3 octets, 5 and 8; a Disconnect-Cause (Enumerated) of 2.
    for data in [&[0, 0, 1][..], &[0, 0, 0, 0, 1], &[0; 8]] {
        let error =
            assert_error(&dwr_with(&[avp(avp_code::ORIGIN_STATE_ID, M, data)]), DIAMETER_INVALID_AVP_LENGTH, 44);
        assert_eq!(error.failed_avp, Some(Avp::raw(avp_code::ORIGIN_STATE_ID, data.to_vec()).with_mandatory(true)));
    }
    let dpr = message(
        R,
        command_code::DISCONNECT_PEER,
        0,
        &[identity(), avp(avp_code::DISCONNECT_CAUSE, M, &[0, 1])].concat(),
    );
    assert_error(&dpr, DIAMETER_INVALID_AVP_LENGTH, 44);
    // Within a Grouped AVP: the Vendor-Id of a Vendor-Specific-Application-Id.
    let vsai = avp(
        avp_code::VENDOR_SPECIFIC_APPLICATION_ID,
        M,
        &[avp(avp_code::VENDOR_ID, M, &[0; 2]), u32_avp(avp_code::AUTH_APPLICATION_ID, 4)].concat(),
    );
    let error = assert_error(&cer_with(&[vsai]), DIAMETER_INVALID_AVP_LENGTH, 92);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::VENDOR_ID);
    // Addresses (§4.3.1): IPv4 with 16 octets; IPv6 with 4; no AddressType at all.
    for address in [&[0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0][..], &[0, 2, 1, 2, 3, 4], &[1], &[]] {
        let bytes = cer_with(&[avp(avp_code::HOST_IP_ADDRESS, M, address)]);
        let error = assert_error(&bytes, DIAMETER_INVALID_AVP_LENGTH, 84);
        assert_eq!(error.failed_avp.unwrap().as_bytes(), Some(address));
    }
}

#[test]
fn invalid_avp_values() {
    // An Address of a family that is neither IPv4 nor IPv6.
    let address = [0, 3, 10, 0, 0, 1];
    let error = assert_error(&cer_with(&[avp(avp_code::HOST_IP_ADDRESS, M, &address)]), DIAMETER_INVALID_AVP_VALUE, 84);
    assert_eq!(error.failed_avp.unwrap().as_bytes(), Some(&address[..]));
    // Text that is not UTF-8.
    let bytes =
        message(R, command_code::DEVICE_WATCHDOG, 0, &[avp(avp_code::ORIGIN_HOST, M, &[0xff]), identity()].concat());
    assert_error(&bytes, DIAMETER_INVALID_AVP_VALUE, 20);
    // A Disconnect-Cause out of range.
    let dpr =
        message(R, command_code::DISCONNECT_PEER, 0, &[identity(), u32_avp(avp_code::DISCONNECT_CAUSE, 3)].concat());
    let error = assert_error(&dpr, DIAMETER_INVALID_AVP_VALUE, 44);
    assert_eq!(error.failed_avp.unwrap().as_u32(), Some(3));
    // A Failed-AVP without AVPs.
    assert_error(&dwa_with(&[avp(avp_code::FAILED_AVP, M, &[])]), DIAMETER_INVALID_AVP_VALUE, 56);
}

#[test]
fn vendor_specific_application_id_errors() {
    let vendor = u32_avp(avp_code::VENDOR_ID, 10415);
    let auth = u32_avp(avp_code::AUTH_APPLICATION_ID, 4);
    let acct = u32_avp(avp_code::ACCT_APPLICATION_ID, 3);
    let vsai = |children: &[&Vec<u8>]| {
        avp(
            avp_code::VENDOR_SPECIFIC_APPLICATION_ID,
            M,
            &children.iter().copied().flatten().copied().collect::<Vec<_>>(),
        )
    };
    // The CER's fixed AVPs end at octet 84: the VSAI starts there, its AVPs at 92, 104, 116.
    let Ok(Message::Cer(cer)) = Message::decode(&cer_with(&[vsai(&[&vendor, &acct])])) else { panic!() };
    let expected = VendorSpecificApplicationId { vendor_id: 10415, application: ApplicationId::Acct(3) };
    assert_eq!(cer.capabilities.vendor_specific_application_ids, [expected]);

    let error = assert_error(&cer_with(&[vsai(&[&vendor, &auth, &acct])]), DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, 116);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::ACCT_APPLICATION_ID);
    assert_error(&cer_with(&[vsai(&[&vendor, &vendor, &acct])]), DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, 104);
    let error = assert_error(&cer_with(&[vsai(&[&auth])]), DIAMETER_MISSING_AVP, 104);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::VENDOR_ID);
    let error = assert_error(&cer_with(&[vsai(&[&vendor])]), DIAMETER_MISSING_AVP, 104);
    assert_eq!(error.failed_avp, Some(Avp::unsigned32(avp_code::AUTH_APPLICATION_ID, 0).with_mandatory(true)));
    assert_error(&cer_with(&[vsai(&[&vendor, &avp(9999, M, &[])])]), DIAMETER_AVP_UNSUPPORTED, 104);
    assert_error(
        &cer_with(&[vsai(&[&vendor, &avp(avp_code::AUTH_APPLICATION_ID, M, &[1])])]),
        DIAMETER_INVALID_AVP_LENGTH,
        104,
    );
    // An AVP inside whose length runs past the end of the Grouped AVP.
    let mut bad = vsai(&[&vendor, &auth]);
    bad[27] = 13; // the AVP Length of the Auth-Application-Id
    let error = assert_error(&cer_with(&[bad]), DIAMETER_INVALID_AVP_LENGTH, 104);
    assert_eq!(error.failed_avp.unwrap().code, avp_code::AUTH_APPLICATION_ID);
}

/// `depth` Failed-AVPs, each inside the previous one, around an Origin-State-Id.
fn nested_failed_avps(depth: usize) -> Vec<u8> {
    let mut inner = u32_avp(avp_code::ORIGIN_STATE_ID, 1);
    for _ in 0..depth {
        inner = avp(avp_code::FAILED_AVP, M, &inner);
    }
    inner
}

#[test]
fn grouped_avps_nested_too_deep_are_refused() {
    let Ok(Message::Dwa(dwa)) = Message::decode(&dwa_with(&[nested_failed_avps(MAX_GROUPED_DEPTH)])) else { panic!() };
    let mut avps = dwa.failed_avp.unwrap();
    for _ in 1..MAX_GROUPED_DEPTH {
        avps = avps[0].as_grouped().unwrap().to_vec();
    }
    assert_eq!(avps[0].as_u32(), Some(1));
    // The AVP at depth 9 starts 8 octets after the one at depth 8.
    let bytes = dwa_with(&[nested_failed_avps(MAX_GROUPED_DEPTH + 1)]);
    let error = assert_error(&bytes, DIAMETER_INVALID_AVP_VALUE, 56 + 8 * MAX_GROUPED_DEPTH);
    assert_eq!(error.failed_avp, Some(Avp::grouped(avp_code::FAILED_AVP, vec![]).with_mandatory(true)));
    // Far deeper than the stack could take if the decoder recursed without a bound.
    let bytes = dwa_with(&[nested_failed_avps(5000)]);
    assert_eq!(error_of_raw(&bytes).result_code, DIAMETER_INVALID_AVP_VALUE);
}

fn error_of_raw(bytes: &[u8]) -> DecodeError {
    RawMessage::decode(bytes).unwrap_err()
}

#[test]
fn the_display_of_an_error_names_the_reason_offset_and_result_code() {
    let text = error(&dwr_with(&[avp(999, M, b"")])).to_string();
    assert_eq!(text, "AVP 999 has the M bit and is not supported (at offset 44: DIAMETER_AVP_UNSUPPORTED 5001)");
    assert_eq!(result_code::name(DIAMETER_INVALID_MESSAGE_LENGTH), Some("DIAMETER_INVALID_MESSAGE_LENGTH"));
    assert_eq!(result_code::name(42), None);
    assert!(result_code::is_protocol_error(DIAMETER_INVALID_HDR_BITS));
    assert!(!result_code::is_protocol_error(DIAMETER_MISSING_AVP));
}

#[test]
fn the_result_codes_have_the_values_of_rfc_6733() {
    let codes = [
        (DIAMETER_SUCCESS, 2001),
        (DIAMETER_COMMAND_UNSUPPORTED, 3001),
        (DIAMETER_INVALID_HDR_BITS, 3008),
        (DIAMETER_INVALID_AVP_BITS, 3009),
        (DIAMETER_UNKNOWN_PEER, 3010),
        (DIAMETER_AVP_UNSUPPORTED, 5001),
        (DIAMETER_INVALID_AVP_VALUE, 5004),
        (DIAMETER_MISSING_AVP, 5005),
        (DIAMETER_AVP_OCCURS_TOO_MANY_TIMES, 5009),
        (DIAMETER_NO_COMMON_APPLICATION, 5010),
        (DIAMETER_UNSUPPORTED_VERSION, 5011),
        (DIAMETER_INVALID_BIT_IN_HEADER, 5013),
        (DIAMETER_INVALID_AVP_LENGTH, 5014),
        (DIAMETER_INVALID_MESSAGE_LENGTH, 5015),
    ];
    for (constant, value) in codes {
        assert_eq!(constant, value);
    }
}
