//! "Did you mean": the closest declared name to a misspelled one, bounded in the work it does
//! whatever the names (the checker's undefined names, the parser's misspelled keywords).

/// Names longer than this many characters get a suggestion only for a difference of case.
pub const MAX_SUGGEST_LEN: usize = 64;
/// Most units of work one lookup of [`suggest`] does: one per candidate looked at, plus one per
/// cell of each edit-distance table computed. Past it, the best candidate so far is the answer.
pub const MAX_SUGGEST_WORK: u64 = 1 << 20;

/// The closest candidate to a misspelled name, if one is close enough to be a likely typo
/// (a Damerau-Levenshtein distance of at most a third of its length, or a difference of case).
/// Bounded: candidates whose length alone puts them too far are skipped before any distance is
/// computed, long names are compared by case only, and the work is capped by
/// [`MAX_SUGGEST_WORK`].
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    suggest_counted(name, candidates).0
}

/// [`suggest`], and the work it did (in the units of [`MAX_SUGGEST_WORK`]).
pub fn suggest_counted<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> (Option<&'a str>, u64) {
    let length = name.chars().count();
    let limit = (length / 3).max(1);
    let fuzzy = length <= MAX_SUGGEST_LEN;
    let mut work = 0u64;
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        work += 1;
        if work > MAX_SUGGEST_WORK {
            break;
        }
        // The length first: it bounds the distance from below, at no cost for ASCII names.
        let c_length = if c.is_ascii() { c.len() } else { c.chars().count() };
        if c_length.abs_diff(length) > limit {
            continue;
        }
        let distance = if c.chars().flat_map(char::to_lowercase).eq(name.chars().flat_map(char::to_lowercase)) {
            0
        } else if fuzzy {
            work += (length * c_length) as u64;
            if work > MAX_SUGGEST_WORK {
                break;
            }
            strsim::damerau_levenshtein(name, c)
        } else {
            continue;
        };
        if distance <= limit && best.is_none_or(|b| (distance, c) < b) {
            best = Some((distance, c));
        }
    }
    (best.map(|(_, c)| c), work.min(MAX_SUGGEST_WORK))
}
