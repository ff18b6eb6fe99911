//! Lint control: `#[allow(W0002)]` on an item silences those warnings about it (their primary
//! span lies in the item), `#![allow(W0002)]` in the machine silences them everywhere. Only
//! warnings can be allowed: an `allow` of anything else is an error (E0019).

use super::report;
use crate::ast::{self, Span};
use crate::diag::{Code, Diagnostic, Severity};

/// Every item an `allow` may stand on: the spec's items, then the states declared in states'
/// bodies, level by level (a superstate's `allow` covers the states inside it). The items are
/// read in place, once.
pub(super) fn every_item(spec: &ast::Spec) -> impl Iterator<Item = &ast::Item> {
    let mut items = spec.items.iter();
    let mut substates: Vec<&ast::Item> = Vec::new();
    let mut next_substate = 0;
    std::iter::from_fn(move || {
        let item = match items.next() {
            Some(item) => item,
            None => {
                let item = *substates.get(next_substate)?;
                next_substate += 1;
                item
            }
        };
        if let ast::ItemKind::State(s) = &item.kind {
            substates.extend(s.substates.iter());
        }
        Some(item)
    })
}

/// Drops the warnings that the spec allows, and adds an error for each `allow` that does not
/// name a warning.
pub fn apply(spec: &ast::Spec, diagnostics: &mut Vec<Diagnostic>) {
    let mut everywhere: Vec<Code> = Vec::new();
    let mut within: Vec<(Code, Span)> = Vec::new();
    let mut errors = Vec::new();
    for item in every_item(spec) {
        let (names, scope) = match &item.kind {
            ast::ItemKind::Allow(names) => (names.as_slice(), None),
            _ => (item.allow(), Some(item.span)),
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
        d.is_error() || !(everywhere.contains(&d.code) || within.iter().any(|&(c, s)| c == d.code && s.contains(span)))
    });
    diagnostics.extend(errors);
}
