//! Random edits of an encoded message, for the codecs' property tests: set an octet, cut the
//! message short, insert octets, remove a run.

use proptest::prelude::*;

/// One edit of a message.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Set the octet at this position (modulo the length) to this value.
    Set(usize, u8),
    /// Keep only the first octets (modulo the length plus one).
    Truncate(usize),
    /// Insert these octets at this position.
    Insert(usize, Vec<u8>),
    /// Remove this many octets from this position.
    Remove(usize, usize),
}

/// A random edit: inserted runs and removed runs are at most 12 octets.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, octet)| Mutation::Set(at, octet)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), proptest::collection::vec(any::<u8>(), 0..12))
            .prop_map(|(at, octets)| Mutation::Insert(at, octets)),
        (any::<usize>(), 1usize..12).prop_map(|(at, count)| Mutation::Remove(at, count)),
    ]
}

/// Applies `mutation` to `bytes`; positions wrap around the length, so every edit applies.
pub fn mutate(bytes: &mut Vec<u8>, mutation: &Mutation) {
    let len = bytes.len();
    match mutation {
        Mutation::Set(at, octet) if len > 0 => bytes[at % len] = *octet,
        Mutation::Truncate(at) => bytes.truncate(at % (len + 1)),
        Mutation::Insert(at, octets) => {
            let at = at % (len + 1);
            bytes.splice(at..at, octets.iter().copied());
        }
        Mutation::Remove(at, count) if len > 0 => {
            let at = at % len;
            bytes.drain(at..(at + count).min(len));
        }
        _ => {}
    }
}
