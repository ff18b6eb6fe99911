//! Properties over random messages, bytes, mutations and stream splits.

use super::*;

fn text() -> impl Strategy<Value = String> {
    "\\PC{0,12}"
}

fn addresses() -> impl Strategy<Value = Vec<IpAddr>> {
    proptest::collection::vec(any::<IpAddr>(), 1..4)
}

fn ids() -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(any::<u32>(), 0..3)
}

/// An AVP the decoder gives back as it is: raw data unless it is one of the Grouped AVPs of the
/// base protocol, which has AVPs inside.
fn leaf_avp() -> impl Strategy<Value = Avp> {
    let code = any::<u32>().prop_filter("not Grouped", |code| !(260..=279).contains(code));
    (
        code,
        proptest::option::of(any::<u32>()),
        any::<bool>(),
        any::<bool>(),
        proptest::collection::vec(any::<u8>(), 0..10),
    )
        .prop_map(|(code, vendor_id, mandatory, protected, value)| Avp {
            code,
            vendor_id,
            mandatory,
            protected,
            value: AvpValue::Raw(value),
        })
}

fn any_avp() -> impl Strategy<Value = Avp> {
    leaf_avp().prop_recursive(3, 16, 4, |inner| {
        (
            prop_oneof![Just(avp_code::FAILED_AVP), Just(avp_code::VENDOR_SPECIFIC_APPLICATION_ID)],
            proptest::collection::vec(inner, 0..4),
        )
            .prop_map(|(code, avps)| Avp::grouped(code, avps).with_mandatory(true))
    })
}

fn failed_avp() -> impl Strategy<Value = Option<Vec<Avp>>> {
    proptest::option::of(proptest::collection::vec(any_avp(), 1..3))
}

fn vsais() -> impl Strategy<Value = Vec<VendorSpecificApplicationId>> {
    let application =
        prop_oneof![any::<u32>().prop_map(ApplicationId::Auth), any::<u32>().prop_map(ApplicationId::Acct)];
    proptest::collection::vec(
        (any::<u32>(), application)
            .prop_map(|(vendor_id, application)| VendorSpecificApplicationId { vendor_id, application }),
        0..3,
    )
}

fn cer() -> impl Strategy<Value = Cer> {
    (
        (any::<u32>(), any::<u32>(), text(), text(), addresses(), any::<u32>(), text()),
        (any::<Option<u32>>(), ids(), ids(), ids(), ids(), vsais(), any::<Option<u32>>()),
    )
        .prop_map(
            |(
                (hop_by_hop, end_to_end, origin_host, origin_realm, host_ip_addresses, vendor_id, product_name),
                rest,
            )| {
                let (
                    origin_state_id,
                    supported_vendor_ids,
                    auth_application_ids,
                    inband_security_ids,
                    acct_application_ids,
                    vsais,
                    firmware_revision,
                ) = rest;
                Cer {
                    hop_by_hop,
                    end_to_end,
                    capabilities: Capabilities {
                        origin_host,
                        origin_realm,
                        host_ip_addresses,
                        vendor_id,
                        product_name,
                        origin_state_id,
                        supported_vendor_ids,
                        auth_application_ids,
                        inband_security_ids,
                        acct_application_ids,
                        vendor_specific_application_ids: vsais,
                        firmware_revision,
                    },
                }
            },
        )
}

fn any_message() -> impl Strategy<Value = Message> {
    let ids = || (any::<u32>(), any::<u32>());
    prop_oneof![
        cer().prop_map(Message::Cer),
        (cer(), any::<u32>(), proptest::option::of(text()), failed_avp()).prop_map(
            |(cer, result_code, error_message, failed_avp)| {
                Message::Cea(Cea {
                    hop_by_hop: cer.hop_by_hop,
                    end_to_end: cer.end_to_end,
                    result_code,
                    capabilities: cer.capabilities,
                    error_message,
                    failed_avp,
                })
            }
        ),
        (ids(), text(), text(), any::<Option<u32>>()).prop_map(
            |((hop_by_hop, end_to_end), origin_host, origin_realm, origin_state_id)| {
                Message::Dwr(Dwr { hop_by_hop, end_to_end, origin_host, origin_realm, origin_state_id })
            }
        ),
        (ids(), any::<u32>(), text(), text(), proptest::option::of(text()), failed_avp(), any::<Option<u32>>())
            .prop_map(
                |(
                    (hop_by_hop, end_to_end),
                    result_code,
                    origin_host,
                    origin_realm,
                    error_message,
                    failed_avp,
                    origin_state_id,
                )| {
                    Message::Dwa(Dwa {
                        hop_by_hop,
                        end_to_end,
                        result_code,
                        origin_host,
                        origin_realm,
                        error_message,
                        failed_avp,
                        origin_state_id,
                    })
                }
            ),
        (ids(), text(), text(), 0u32..3).prop_map(|((hop_by_hop, end_to_end), origin_host, origin_realm, cause)| {
            let disconnect_cause = DisconnectCause::from_value(cause).unwrap();
            Message::Dpr(Dpr { hop_by_hop, end_to_end, origin_host, origin_realm, disconnect_cause })
        }),
        (ids(), any::<u32>(), text(), text(), proptest::option::of(text()), failed_avp()).prop_map(
            |((hop_by_hop, end_to_end), result_code, origin_host, origin_realm, error_message, failed_avp)| {
                Message::Dpa(Dpa {
                    hop_by_hop,
                    end_to_end,
                    result_code,
                    origin_host,
                    origin_realm,
                    error_message,
                    failed_avp,
                })
            }
        ),
        raw_message().prop_map(Message::Other),
    ]
}

/// A message of another application (so that it decodes as Other).
fn raw_message() -> impl Strategy<Value = RawMessage> {
    (
        any::<bool>(),
        any::<bool>(),
        0u32..0x0100_0000,
        1u32..,
        any::<u32>(),
        any::<u32>(),
        proptest::collection::vec(any_avp(), 0..5),
    )
        .prop_map(|(request, proxiable, command_code, application_id, hop_by_hop, end_to_end, avps)| {
            let flags = CommandFlags { request, proxiable, error: !request, retransmitted: request && proxiable };
            RawMessage { header: Header { flags, command_code, application_id, hop_by_hop, end_to_end }, avps }
        })
}

fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..max)
}

/// What a decode must satisfy whatever the bytes: an error points into the message (or at the
/// length field of a short one) with a Failed-AVP that can be sent, and a decoded message
/// encodes and decodes back to itself (a raw one to the very same octets, but for the reserved
/// command flags).
fn check_decode(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(raw) = RawMessage::decode(bytes) {
        // The same octets, but for the reserved command flags, which are ignored and sent as 0.
        let mut expected = bytes.to_vec();
        expected[4] &= !CommandFlags::RESERVED;
        prop_assert_eq!(raw.encode().map_err(|e| TestCaseError::fail(e.to_string()))?, expected);
    }
    match Message::decode(bytes) {
        Ok(message) => {
            let encoded = message.encode().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(Message::decode(&encoded), Ok(message));
        }
        Err(error) => {
            prop_assert!(error.offset <= bytes.len().max(HEADER_LEN), "{} for {} octets", error, bytes.len());
            prop_assert!(!error.reason.is_empty());
            prop_assert!(result_code::name(error.result_code).is_some());
            if let Some(avp) = error.failed_avp {
                let answer =
                    RawMessage { header: Header::default(), avps: vec![Avp::grouped(avp_code::FAILED_AVP, vec![avp])] };
                prop_assert!(answer.encode().is_ok());
            }
        }
    }
    Ok(())
}

/// Random AVPs, mostly well-formed, with the codes of the base messages.
fn random_avp() -> impl Strategy<Value = Vec<u8>> {
    let code = prop_oneof![256u32..300, Just(999)];
    let flags = prop_oneof![Just(0u8), Just(M), any::<u8>()];
    (code, flags, bytes(20)).prop_map(|(code, flags, value)| avp(code, flags & !V, &value))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn messages_round_trip(message in any_message()) {
        let bytes = message.encode().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(bytes.len() % 4, 0);
        prop_assert_eq!(u32::from_be_bytes([0, bytes[1], bytes[2], bytes[3]]) as usize, bytes.len());
        prop_assert_eq!(Header::decode(&bytes), Ok(message.header()));
        prop_assert_eq!(Message::decode(&bytes), Ok(message));
    }

    #[test]
    fn random_bytes_never_panic(bytes in bytes(200)) {
        check_decode(&bytes)?;
    }

    #[test]
    fn random_avps_under_a_valid_header_never_panic(
        flags in prop_oneof![Just(0u8), Just(R)],
        command in prop_oneof![Just(257u32), Just(280), Just(282), Just(272)],
        body in proptest::collection::vec(random_avp(), 0..8),
        valid in proptest::collection::vec(any_avp(), 0..3),
    ) {
        let valid: Vec<u8> = RawMessage { header: Header::default(), avps: valid }.encode().unwrap()[HEADER_LEN..].to_vec();
        check_decode(&message(flags, command, 0, &[body.concat(), valid].concat()))?;
    }

    #[test]
    fn mutations_of_valid_encodings_never_panic(
        message in any_message(),
        mutations in proptest::collection::vec(mutation(), 1..4),
        fix_length in any::<bool>(),
    ) {
        let mut bytes = message.encode().unwrap();
        for mutation in &mutations {
            mutate(&mut bytes, mutation);
        }
        if fix_length && bytes.len() >= 4 {
            let len = u32::try_from(bytes.len()).unwrap().to_be_bytes();
            bytes[1..4].copy_from_slice(&len[1..]);
        }
        check_decode(&bytes)?;
    }

    #[test]
    fn truncations_of_valid_encodings_are_refused(message in any_message(), cut in any::<usize>()) {
        let bytes = message.encode().unwrap();
        let cut = cut % bytes.len();
        let error = Message::decode(&bytes[..cut]).unwrap_err();
        prop_assert_eq!((error.result_code, error.offset), (DIAMETER_INVALID_MESSAGE_LENGTH, 1));
    }

    #[test]
    fn the_framer_reassembles_a_stream_split_at_random_points(
        messages in proptest::collection::vec(any_message(), 0..8),
        cuts in proptest::collection::vec(any::<usize>(), 0..20),
    ) {
        let encodings: Vec<Vec<u8>> = messages.iter().map(|m| m.encode().unwrap()).collect();
        let stream = encodings.concat();
        let mut cuts: Vec<usize> = cuts.iter().map(|cut| cut % (stream.len() + 1)).collect();
        cuts.push(0);
        cuts.push(stream.len());
        cuts.sort_unstable();
        let mut framer = Framer::new();
        let mut out = Vec::new();
        for window in cuts.windows(2) {
            framer.push(&stream[window[0]..window[1]]);
            while let Some(message) = framer.next_message() {
                out.push(message.unwrap());
            }
        }
        prop_assert_eq!(framer.buffered(), 0);
        prop_assert_eq!(&out, &encodings);
        let decoded: Vec<Message> = out.iter().map(|bytes| Message::decode(bytes).unwrap()).collect();
        prop_assert_eq!(decoded, messages);
    }
}
