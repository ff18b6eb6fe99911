//! The Diameter codec (RFC 6733 §3, §4): decoding never panics, at both levels; what decodes
//! encodes, and decodes again to the same message; the framer gives the same messages (or the
//! same error) whatever the chunks the stream arrives in.

use rfc_fsm::diameter::codec::{Framer, MAX_MESSAGE_LEN, Message, RawMessage};

/// The properties, on one input: the first octet says how to chunk the rest.
pub fn run(data: &[u8]) {
    let Some((&split, rest)) = data.split_first() else { return };
    if let Ok(message) = Message::decode(rest) {
        let bytes = message.encode().unwrap_or_else(|e| panic!("{message:?} decodes but does not encode: {e}"));
        assert_eq!(Message::decode(&bytes).as_ref(), Ok(&message), "{bytes:02x?}");
    }
    if let Ok(raw) = RawMessage::decode(rest) {
        let bytes = raw.encode().unwrap_or_else(|e| panic!("{raw:?} decodes but does not encode: {e}"));
        assert_eq!(RawMessage::decode(&bytes).as_ref(), Ok(&raw), "{bytes:02x?}");
    }
    let sizes: Vec<u8> = rest.iter().take(usize::from(split % 16) + 1).copied().collect();
    let whole = frames(&[rest]);
    let cut = frames(&crate::chunks(rest, &sizes));
    assert_eq!(whole, cut);
}

fn frames(chunks: &[&[u8]]) -> Vec<Result<Vec<u8>, String>> {
    let mut framer = Framer::new();
    let mut out = Vec::new();
    for chunk in chunks {
        framer.push(chunk);
        while let Some(next) = framer.next_message() {
            out.push(next.map_err(|e| e.to_string()));
        }
        assert!(framer.buffered() <= MAX_MESSAGE_LEN + chunk.len());
    }
    out
}
