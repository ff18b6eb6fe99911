//! Variants named bare (`(OKAY, DWA)`, `&[SetWatchdog]`) where a glob import of their enums
//! is unambiguous, as a person writes a `match` over a machine's states and events.

use super::ident;
use crate::ir;
use proc_macro2::{Group, Ident, Spacing, Span, TokenStream, TokenTree};
use quote::quote;

/// Names that a variant brought in by a glob import would hide or make ambiguous in any code:
/// the enums, and the prelude's and primitive types the generated code names.
const ALWAYS_USED: &[&str] = &[
    "State", "Event", "Action", "Option", "Some", "None", "Result", "Ok", "Err", "Default", "From", "Into", "bool",
    "char", "str", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];

/// `tokens` with `State::X`, `Event::X` and `Action::X` written `X`, and the glob imports
/// that make them mean the same (`use State::*;` for each enum it names), when no variant of
/// those enums is named like another of them, a name of [`ALWAYS_USED`] or of `names` (the
/// other names the code uses), or a guard's local (`g0`): then the imports cannot change what
/// a name means. `None` when they could: the tokens stay as they are.
pub(super) fn bare_variants(m: &ir::Machine, tokens: &TokenStream, names: &[&str]) -> Option<TokenStream> {
    let enums: [(&str, Vec<String>); 3] = [
        ("Action", m.actions.iter().map(|a| ident(&a.named.name).to_string()).collect()),
        ("Event", m.events.iter().map(|e| ident(&e.named.name).to_string()).collect()),
        ("State", m.states.iter().map(|s| ident(&s.named.name).to_string()).collect()),
    ];
    let mut used = [false; 3];
    mark_qualified(tokens, &enums, &mut used);
    let mut seen = std::collections::HashSet::new();
    for ((_, variants), used) in enums.iter().zip(used) {
        if !used {
            continue;
        }
        for v in variants {
            let local = v.strip_prefix('g').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            let taken = ALWAYS_USED.contains(&v.as_str()) || names.contains(&v.as_str());
            if local || taken || v.starts_with("r#") || !seen.insert(v.as_str()) {
                return None;
            }
        }
    }
    // A module whose events carry data imports its parent's names with a glob, which may
    // bring a `State` of the user's: `self::` says which one, as rustc asks of a macro's code.
    let path = m.has_payloads().then(|| quote! { self:: });
    let imports = enums.iter().zip(used).filter(|(_, used)| *used).map(|((name, _), _)| {
        let name = Ident::new(name, Span::call_site());
        quote! { use #path #name::*; }
    });
    let imports: Vec<TokenStream> = imports.collect();
    let body = unqualify(tokens.clone(), &enums);
    Some(quote! { #( #imports )* #body })
}

/// Marks which of `enums` `tokens` names as `Enum::Variant`.
fn mark_qualified(tokens: &TokenStream, enums: &[(&str, Vec<String>)], used: &mut [bool]) {
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    for (i, tree) in tokens.iter().enumerate() {
        match tree {
            TokenTree::Group(g) => mark_qualified(&g.stream(), enums, used),
            TokenTree::Ident(id) => {
                if let Some(k) = enums.iter().position(|(name, _)| id == name) {
                    used[k] |= is_path_sep(&tokens, i + 1);
                }
            }
            _ => {}
        }
    }
}

/// Whether `tokens[i..]` starts with `::`.
fn is_path_sep(tokens: &[TokenTree], i: usize) -> bool {
    matches!((tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
}

/// `tokens` with every `Enum::` of `enums` left out.
fn unqualify(tokens: TokenStream, enums: &[(&str, Vec<String>)]) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Ident(id) if enums.iter().any(|(name, _)| id == name) && is_path_sep(&tokens, i + 1) => {
                i += 3;
                continue;
            }
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), unqualify(g.stream(), enums));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            other => out.push(other.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}
