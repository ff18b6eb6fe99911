//! Properties over random messages, bytes, mutations and stream splits.

use super::*;

// --- Properties ----------------------------------------------------------------------------

fn text() -> impl Strategy<Value = String> {
    "\\PC{1,24}"
}

/// INFO Strings: text, and any octets (an 8-bit string need not be UTF-8).
fn info() -> impl Strategy<Value = Option<Vec<u8>>> {
    proptest::option::of(prop_oneof!["\\PC{0,60}".prop_map(String::into_bytes), bytes(256)])
}

fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..max)
}

fn interface_id() -> impl Strategy<Value = InterfaceId> {
    prop_oneof![any::<u32>().prop_map(InterfaceId::Integer), text().prop_map(InterfaceId::Text)]
}

fn interface_ids() -> impl Strategy<Value = Option<InterfaceIds>> {
    let range = (any::<u32>(), any::<u32>()).prop_map(|(a, b)| (a.min(b), a.max(b)));
    proptest::option::of(prop_oneof![
        proptest::collection::vec(any::<u32>(), 1..20).prop_map(InterfaceIds::Integers),
        proptest::collection::vec(text(), 1..5).prop_map(InterfaceIds::Text),
        proptest::collection::vec(range, 1..10).prop_map(InterfaceIds::Ranges),
    ])
}

fn dlci_strategy() -> impl Strategy<Value = Dlci> {
    (0u8..=63, 0u8..=127).prop_map(|(sapi, tei)| dlci(sapi, tei))
}

fn status() -> impl Strategy<Value = Status> {
    prop_oneof![
        Just(Status::as_inactive()),
        Just(Status::as_active()),
        Just(Status::as_pending()),
        Just(Status::insufficient_asps()),
        Just(Status::alternate_asp_active()),
    ]
}

fn error_code() -> impl Strategy<Value = ErrorCode> {
    prop_oneof![
        (1u32..=15).prop_map(ErrorCode::from_value),
        (16u32..).prop_map(ErrorCode::Other),
        Just(ErrorCode::Other(0))
    ]
}

fn traffic_mode() -> impl Strategy<Value = Option<TrafficMode>> {
    proptest::option::of(prop_oneof![Just(TrafficMode::Override), Just(TrafficMode::Loadshare)])
}

fn tei_status() -> impl Strategy<Value = TeiStatus> {
    prop_oneof![Just(TeiStatus::Assigned), Just(TeiStatus::Unassigned)]
}

fn any_message() -> impl Strategy<Value = Message> {
    prop_oneof![
        (error_code(), interface_ids(), proptest::option::of(bytes(60)))
            .prop_map(|(code, interface_ids, diagnostic)| Message::Error { code, interface_ids, diagnostic }),
        (status(), proptest::option::of(any::<u32>()), interface_ids(), info())
            .prop_map(|(status, asp_id, interface_ids, info)| Message::Notify { status, asp_id, interface_ids, info }),
        (interface_id(), dlci_strategy())
            .prop_map(|(interface_id, dlci)| Message::TeiStatusRequest { interface_id, dlci }),
        (interface_id(), dlci_strategy(), tei_status())
            .prop_map(|(interface_id, dlci, status)| Message::TeiStatusConfirm { interface_id, dlci, status }),
        (interface_id(), dlci_strategy(), tei_status())
            .prop_map(|(interface_id, dlci, status)| Message::TeiStatusIndication { interface_id, dlci, status }),
        (proptest::option::of(any::<u32>()), info()).prop_map(|(asp_id, info)| Message::AspUp { asp_id, info }),
        info().prop_map(|info| Message::AspDown { info }),
        proptest::option::of(bytes(100)).prop_map(|data| Message::Heartbeat { data }),
        info().prop_map(|info| Message::AspUpAck { info }),
        info().prop_map(|info| Message::AspDownAck { info }),
        proptest::option::of(bytes(100)).prop_map(|data| Message::HeartbeatAck { data }),
        (traffic_mode(), interface_ids(), info()).prop_map(|(traffic_mode, interface_ids, info)| Message::AspActive {
            traffic_mode,
            interface_ids,
            info
        }),
        (interface_ids(), info()).prop_map(|(interface_ids, info)| Message::AspInactive { interface_ids, info }),
        (traffic_mode(), interface_ids(), info()).prop_map(|(traffic_mode, interface_ids, info)| {
            Message::AspActiveAck { traffic_mode, interface_ids, info }
        }),
        (interface_ids(), info()).prop_map(|(interface_ids, info)| Message::AspInactiveAck { interface_ids, info }),
        (interface_id(), dlci_strategy(), bytes(300)).prop_map(|(interface_id, dlci, data)| Message::DataRequest {
            interface_id,
            dlci,
            data
        }),
        (interface_id(), dlci_strategy(), bytes(300)).prop_map(|(interface_id, dlci, data)| Message::DataIndication {
            interface_id,
            dlci,
            data
        }),
    ]
}

/// What a decode must satisfy whatever the bytes: an error points into the message (or at the
/// length field of a short one), and a decoded message encodes and decodes back to itself.
fn check_decode(bytes: &[u8]) -> Result<(), TestCaseError> {
    match decode(bytes) {
        Ok(message) => {
            let encoded = encode(&message).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(decode(&encoded), Ok(message));
        }
        Err(error) => {
            prop_assert!(error.offset <= bytes.len().max(HEADER_LEN), "{} for {} octets", error, bytes.len());
            prop_assert!(!error.reason.is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn messages_round_trip(message in any_message()) {
        let bytes = encode(&message).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(encode_lenient(&message), Ok(bytes.clone()));
        prop_assert_eq!(bytes.len() % 4, 0);
        prop_assert_eq!(bytes.len(), message.encoded_len());
        prop_assert_eq!(u32::from_be_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize, bytes.len());
        prop_assert_eq!((bytes[2], bytes[3]), (message.class().value(), message.type_code()));
        prop_assert_eq!(decode(&bytes), Ok(message));
    }

    #[test]
    fn random_bytes_never_panic(bytes in bytes(200)) {
        check_decode(&bytes)?;
    }

    #[test]
    fn random_parameters_under_a_valid_header_never_panic(
        class in prop_oneof![Just(0u8), Just(3), Just(4), Just(5)],
        type_code in 0u8..8,
        body in proptest::collection::vec(
            (0u16..0x14, bytes(20)).prop_map(|(tag, value)| param(tag, &value)), 0..6),
    ) {
        check_decode(&message(class, type_code, &body.concat()))?;
    }

    #[test]
    fn mutations_of_valid_encodings_never_panic(
        message in any_message(),
        mutations in proptest::collection::vec(mutation(), 1..4),
        fix_length in any::<bool>(),
    ) {
        let mut bytes = encode(&message).unwrap();
        for mutation in &mutations {
            mutate(&mut bytes, mutation);
        }
        if fix_length && bytes.len() >= HEADER_LEN {
            let len = u32::try_from(bytes.len()).unwrap();
            bytes[4..8].copy_from_slice(&len.to_be_bytes());
        }
        check_decode(&bytes)?;
    }

    #[test]
    fn truncations_of_valid_encodings_are_refused(message in any_message(), cut in any::<usize>()) {
        let bytes = encode(&message).unwrap();
        let cut = cut % bytes.len();
        let error = decode(&bytes[..cut]).unwrap_err();
        prop_assert_eq!(error.code, ErrorCode::ProtocolError);
        prop_assert_eq!(error.offset, 4);
    }

    #[test]
    fn the_framer_reassembles_a_stream_split_at_random_points(
        messages in proptest::collection::vec(any_message(), 0..8),
        cuts in proptest::collection::vec(any::<usize>(), 0..20),
    ) {
        let encodings: Vec<Vec<u8>> = messages.iter().map(|m| encode(m).unwrap()).collect();
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
        let decoded: Vec<Message> = out.iter().map(|bytes| decode(bytes).unwrap()).collect();
        prop_assert_eq!(decoded, messages);
    }
}
