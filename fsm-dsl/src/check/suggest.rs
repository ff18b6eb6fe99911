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
            damerau_levenshtein(name, c)
        } else {
            continue;
        };
        if distance <= limit && best.is_none_or(|b| (distance, c) < b) {
            best = Some((distance, c));
        }
    }
    (best.map(|(_, c)| c), work.min(MAX_SUGGEST_WORK))
}

/// The Damerau-Levenshtein distance of two texts, in characters: the fewest insertions,
/// deletions, substitutions and transpositions of two adjacent characters that turn one into the
/// other, where a transposed pair may be edited further (the unrestricted distance of Lowrance
/// and Wagner, as `strsim::damerau_levenshtein` computes it). Time `a.len() * b.len()`.
fn damerau_levenshtein(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.is_empty() || b.is_empty() {
        return a.len().max(b.len());
    }
    // The table has a row and a column more than the usual one, of `far`, a distance no edit
    // reaches: `cell(i, j)` is the distance of `a[..i - 1]` to `b[..j - 1]`.
    let width = b.len() + 2;
    let far = a.len() + b.len();
    let mut d = vec![far; (a.len() + 2) * width];
    for i in 0..=a.len() {
        d[(i + 1) * width + 1] = i;
    }
    for j in 0..=b.len() {
        d[width + j + 1] = j;
    }
    // The last row at which each character of `a` was seen (names are short: a list will do).
    let mut last_row: Vec<(char, usize)> = Vec::new();
    for i in 1..=a.len() {
        let mut last_column = 0;
        for j in 1..=b.len() {
            let k = last_row.iter().find(|&&(c, _)| c == b[j - 1]).map_or(0, |&(_, row)| row);
            let same = a[i - 1] == b[j - 1];
            let substitution = d[i * width + j] + usize::from(!same);
            let insertion = d[i * width + j + 1] + 1;
            let deletion = d[(i + 1) * width + j] + 1;
            let transposition = d[k * width + last_column] + (i - k - 1) + 1 + (j - last_column - 1);
            if same {
                last_column = j;
            }
            d[(i + 1) * width + j + 1] = substitution.min(insertion).min(deletion).min(transposition);
        }
        match last_row.iter_mut().find(|(c, _)| *c == a[i - 1]) {
            Some(seen) => seen.1 = i,
            None => last_row.push((a[i - 1], i)),
        }
    }
    d[(a.len() + 1) * width + b.len() + 1]
}

#[cfg(test)]
mod tests {
    use super::damerau_levenshtein;
    use proptest::prelude::*;

    #[test]
    fn counts_edits_and_transpositions() {
        for (a, b, distance) in [
            ("", "", 0),
            ("", "abc", 3),
            ("abc", "", 3),
            ("OKAY_Pnding", "OKAY_Pending", 1),
            ("ab", "ba", 1),
            ("ca", "abc", 2),
            ("a cat", "an abct", 3),
            ("kitten", "sitting", 3),
            ("Stop", "Sotp", 1),
            ("é", "e", 1),
        ] {
            assert_eq!(damerau_levenshtein(a, b), distance, "{a} {b}");
        }
    }

    proptest! {
        /// The same distance as strsim's, which the checker used before: the suggestions are
        /// the same.
        #[test]
        fn agrees_with_strsim(a in "[a-dA_é]{0,9}", b in "[a-dA_é]{0,9}") {
            prop_assert_eq!(damerau_levenshtein(&a, &b), strsim::damerau_levenshtein(&a, &b));
        }
    }
}
