//! The IUA codec (RFC 4233 §3): decoding never panics; what decodes encodes, and decodes again
//! to the same message; the framer gives the same messages (or the same error) whatever the
//! chunks the stream arrives in.

use rfc_fsm::iua::codec::{Framer, decode, encode};

/// The properties, on one input: the first octet says how to chunk the rest.
pub fn run(data: &[u8]) {
    let Some((&split, rest)) = data.split_first() else { return };
    if let Ok(message) = decode(rest) {
        let bytes = encode(&message).unwrap_or_else(|e| panic!("{message:?} decodes but does not encode: {e}"));
        assert_eq!(decode(&bytes).as_ref(), Ok(&message), "{bytes:02x?}");
    }
    // The stream: the same octets at once and in chunks.
    let sizes: Vec<u8> = rest.iter().take(usize::from(split % 16) + 1).copied().collect();
    let whole = frames(&[rest]);
    let cut = frames(&crate::chunks(rest, &sizes));
    assert_eq!(whole, cut);
    for frame in whole.into_iter().flatten() {
        let _ = decode(&frame);
    }
}

fn frames(chunks: &[&[u8]]) -> Vec<Result<Vec<u8>, String>> {
    let mut framer = Framer::new();
    let mut out = Vec::new();
    for chunk in chunks {
        framer.push(chunk);
        while let Some(next) = framer.next_message() {
            out.push(next.map_err(|e| e.to_string()));
        }
        assert!(framer.buffered() <= rfc_fsm::iua::codec::MAX_MESSAGE_LEN + chunk.len());
    }
    out
}
