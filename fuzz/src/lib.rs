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

/// The moves a spec allows, by name: `(source, event, target)` for each source and event of
/// each transition, the target being the source for an internal transition. Read from the spec
/// by the compiler (not from the generated module), so that a runtime's state changes are
/// checked against the spec itself.
pub struct Moves(std::collections::HashMap<String, Vec<(String, String)>>);

impl Moves {
    /// The moves of the spec `text`, by source state: `(event, target)`; panics if it does not
    /// compile (the specs here do).
    pub fn of(text: &str) -> Moves {
        let compiled = fsm_dsl::compile(text);
        let Some(m) = compiled.machine else { panic!("the spec does not compile: {:?}", compiled.diagnostics) };
        let mut moves: std::collections::HashMap<String, Vec<(String, String)>> = Default::default();
        for t in &m.transitions {
            for &source in t.sources.iter() {
                let target = &m.state(t.target.unwrap_or(source)).named.name;
                let from = moves.entry(m.state(source).named.name.clone()).or_default();
                from.extend(t.events.iter().map(|&event| (m.event(event).named.name.clone(), target.clone())));
            }
        }
        Moves(moves)
    }

    /// Whether some transition goes from `from` to `to` on `event` (no allocation: a check per
    /// step of a fuzzed run).
    pub fn on(&self, from: &str, event: &str, to: &str) -> bool {
        self.0.get(from).is_some_and(|moves| moves.iter().any(|(e, t)| e == event && t == to))
    }

    /// Whether some transition goes from `from` to `to`, or the state did not change.
    pub fn step(&self, from: &str, to: &str) -> bool {
        from == to || self.0.get(from).is_some_and(|moves| moves.iter().any(|(_, t)| t == to))
    }
}

#[cfg(test)]
mod tests {
    use super::Moves;

    /// The moves are the spec's: RFC 3539 Appendix A rows 20 and 1, and none where it has none.
    #[test]
    fn moves_are_the_specs() {
        let moves = Moves::of(include_str!("../../specs/rfc3539_watchdog.fsm"));
        assert!(moves.on("INITIAL", "ConnectionUp", "OKAY"));
        assert!(moves.on("OKAY", "DWA", "OKAY"));
        assert!(!moves.on("OKAY", "ConnectionUp", "DOWN"));
        assert!(!moves.on("OKAY", "DWA", "DOWN"));
        assert!(moves.step("SUSPECT", "DOWN") && moves.step("DOWN", "DOWN"));
        assert!(!moves.step("INITIAL", "SUSPECT"));
    }
}
