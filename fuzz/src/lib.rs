//! The properties the fuzz targets check, one module per input surface. Each `run` takes the
//! fuzzer's bytes and panics when a property fails; the targets in `fuzz_targets/` only call
//! them. The properties are those of the book's "Fuzzing" chapter.

pub mod diameter_codec;
pub mod diameter_peer;
pub mod iua_asp;
pub mod iua_codec;
pub mod iua_sg;
pub mod spec;
pub mod system;

/// Cuts `bytes` into chunks whose lengths come from `sizes` (each 1 to 256 octets, cycling),
/// as a stream transport may deliver them.
pub fn chunks<'a>(bytes: &'a [u8], sizes: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut rest = bytes;
    let mut i = 0;
    while !rest.is_empty() {
        let size = sizes.get(i % sizes.len().max(1)).map_or(rest.len(), |&s| usize::from(s) + 1).min(rest.len());
        let (head, tail) = rest.split_at(size);
        out.push(head);
        rest = tail;
        i += 1;
    }
    out
}
