//! Lint control: `#[allow(W0002)]` on an item silences those warnings about it (their primary
//! span lies in the item), `#![allow(W0002)]` in the machine silences them everywhere. Only
//! warnings can be allowed: an `allow` of anything else is an error (E0019).

use super::report;
use crate::ast::{self, Span};
use crate::diag::{Code, Diagnostic, Severity};

/// Drops the warnings that the spec allows, and adds an error for each `allow` that does not
/// name a warning.
pub fn apply(spec: &ast::Spec, diagnostics: &mut Vec<Diagnostic>) {
    let mut everywhere: Vec<Code> = Vec::new();
    let mut within: Vec<(Code, Span)> = Vec::new();
    let mut errors = Vec::new();
    // Substates' attributes too: a superstate's `allow` covers the states inside it.
    let mut all: Vec<&ast::Item> = spec.items.iter().collect();
    let mut at = 0;
    while at < all.len() {
        if let ast::ItemKind::State(s) = &all[at].kind {
            all.extend(s.substates.iter());
        }
        at += 1;
    }
    for item in all {
        let (names, scope) = match &item.kind {
            ast::ItemKind::Allow(names) => (names, None),
            _ => (&item.allow, Some(item.span)),
        };
        for name in names {
            match Code::ALL.iter().find(|c| c.as_str() == name.text) {
                Some(&code) if code.severity() == Severity::Warning => match scope {
                    None => everywhere.push(code),
                    Some(span) => within.push((code, span)),
                },
                Some(_) => errors.push(report::not_a_warning(name, "it is an error, and errors cannot be allowed")),
                None => errors.push(report::not_a_warning(name, "no diagnostic has this code")),
            }
        }
    }
    diagnostics.retain(|d| {
        let span = d.primary.span;
        d.is_error()
            || !(everywhere.contains(&d.code)
                || within.iter().any(|&(c, s)| c == d.code && s.start <= span.start && span.end <= s.end))
    });
    diagnostics.extend(errors);
}
