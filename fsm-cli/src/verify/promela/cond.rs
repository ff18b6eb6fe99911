//! Conditions as Promela text: constants folded, parenthesised only where C's precedence needs
//! it, and never `!!` (Promela's sorted send).

/// A condition as Promela text, constants folded, with how tightly its text binds (so that it
/// is parenthesised only where C's precedence needs it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Cond {
    /// A constant.
    Const(bool),
    /// Promela text, and how tightly it binds.
    Text(String, Prec),
}

/// How tightly a condition's text binds, loosest last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Prec {
    /// A name, a call, a negation or a parenthesised condition.
    Atom,
    /// A comparison.
    Cmp,
    /// A conjunction.
    And,
    /// A disjunction.
    Or,
}

impl Cond {
    pub(super) fn atom(text: String) -> Cond {
        Cond::Text(text, Prec::Atom)
    }

    pub(super) fn cmp(text: String) -> Cond {
        Cond::Text(text, Prec::Cmp)
    }

    /// The text, parenthesised when it binds more loosely than `at`.
    fn operand(text: String, prec: Prec, at: Prec) -> String {
        if prec > at { format!("({text})") } else { text }
    }

    pub(super) fn and(self, other: Cond) -> Cond {
        match (self, other) {
            (Cond::Const(false), _) | (_, Cond::Const(false)) => Cond::Const(false),
            (Cond::Const(true), c) | (c, Cond::Const(true)) => c,
            (Cond::Text(a, pa), Cond::Text(b, pb)) => Cond::Text(
                format!("{} && {}", Cond::operand(a, pa, Prec::And), Cond::operand(b, pb, Prec::And)),
                Prec::And,
            ),
        }
    }

    pub(super) fn or(self, other: Cond) -> Cond {
        match (self, other) {
            (Cond::Const(true), _) | (_, Cond::Const(true)) => Cond::Const(true),
            (Cond::Const(false), c) | (c, Cond::Const(false)) => c,
            (Cond::Text(a, _), Cond::Text(b, _)) => Cond::Text(format!("{a} || {b}"), Prec::Or),
        }
    }

    pub(super) fn not(self) -> Cond {
        match self {
            Cond::Const(b) => Cond::Const(!b),
            Cond::Text(t, prec) => match t.strip_prefix('!') {
                // A negation of a negation is what it negates.
                Some(rest) if rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                    Cond::atom(rest.to_owned())
                }
                Some(rest) if whole_group(rest) => Cond::Text(rest[1..rest.len() - 1].to_owned(), Prec::Or),
                // `!!` is Promela's sorted send: any other negation of a negation is parenthesised.
                Some(_) => Cond::atom(format!("!({t})")),
                None => Cond::atom(format!("!{}", Cond::operand(t, prec, Prec::Atom))),
            },
        }
    }

    pub(super) fn text(&self) -> String {
        match self {
            Cond::Const(b) => if *b { "true" } else { "false" }.to_owned(),
            Cond::Text(t, _) => t.clone(),
        }
    }
}

/// Whether `text` is one parenthesised group: `(a) && (b)` is not.
fn whole_group(text: &str) -> bool {
    if !text.starts_with('(') || !text.ends_with(')') {
        return false;
    }
    let mut depth = 0usize;
    for (k, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 && k + 1 < text.len() {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}
