//! The enums of a machine's names (`State`, `Event`, `Action`, `Guard`, `Timer`,
//! `Superstate`): each with `ALL`, `name`, `from_name` and `Display`, the same items for every
//! kind, so that a user who learned one knows the others (the checker keeps spec names off
//! them: `naming::ENUM_ITEMS`), and `label` where some label differs from its name. A
//! variant's position in `ALL` is its discriminant (`state as usize`).
//! What the other items know of each enum (`State::is_final`, `Timer::expiry`, ...) goes in
//! the same `impl`, one per enum.

use super::{doc_attrs, doc_or, ident};
use crate::ir;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// One enum to write: its type name, what one variant is (`state`), its doc, and its variants.
pub(super) struct EnumSpec<'a> {
    pub(super) name: &'a str,
    pub(super) what: &'a str,
    pub(super) doc: String,
    /// Each variant's identifier, spec name, display label and doc (empty for none: see
    /// [`variants`]).
    pub(super) variants: Vec<(Ident, &'a str, &'a str, String)>,
    /// More items of the enum's `impl` (see [`crate::codegen::items`]).
    pub(super) methods: TokenStream,
}

/// The enum, its tables and its `impl`s.
pub(super) fn enum_items(spec: EnumSpec<'_>) -> TokenStream {
    let ty = format_ident!("{}", spec.name);
    let doc = doc_attrs(&spec.doc);
    let idents: Vec<&Ident> = spec.variants.iter().map(|v| &v.0).collect();
    let names: Vec<&str> = spec.variants.iter().map(|v| v.1).collect();
    let labels: Vec<&str> = spec.variants.iter().map(|v| v.2).collect();
    // `None` for no doc: an empty token stream would be an allocation per variant.
    let docs: Vec<Option<TokenStream>> =
        spec.variants.iter().map(|v| (!v.3.is_empty()).then(|| doc_attrs(&v.3))).collect();
    let undocumented = spec.variants.iter().any(|v| v.3.is_empty()).then(|| {
        quote! {
            #[allow(missing_docs, reason = "a large machine documents only the variants that its spec documents")]
        }
    });
    let count = proc_macro2::Literal::usize_unsuffixed(spec.variants.len());
    let what = spec.what;
    let all_doc = format!(" Every {what}, in declaration order.");
    let name_doc = format!(" The {what}'s identifier in the spec.");
    let label_doc =
        format!(" The {what}'s display label (its identifier when the spec gives none): what `Display` shows.");
    let from_doc = format!(" The {what} with this identifier, if there is one (a linear search).");
    let methods = spec.methods;
    let enum_item = quote! {
        #doc
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #undocumented
        pub enum #ty {
            #( #docs #idents, )*
        }
    };
    // Tables indexed by the discriminant, which is the position in `ALL`; an enum with no
    // variant has nothing to index and matches on nothing instead.
    let upper = spec.name.to_uppercase();
    let names_table = format_ident!("{}_NAMES", upper);
    let labels_table = format_ident!("{}_LABELS", upper);
    let (tables, name_body) = if idents.is_empty() {
        (TokenStream::new(), quote! { match self {} })
    } else {
        (quote! { const #names_table: [&str; #count] = [#( #names ),*]; }, quote! { #names_table[self as usize] })
    };
    // `label` only where it says something: labels that are all the names would be the
    // same table twice, and `Display` shows the name then.
    let (labels_table_item, label, shown) = if names == labels {
        (TokenStream::new(), TokenStream::new(), quote! { self.name() })
    } else {
        (
            quote! { const #labels_table: [&str; #count] = [#( #labels ),*]; },
            quote! {
                #[doc = #label_doc]
                pub const fn label(self) -> &'static str {
                    #labels_table[self as usize]
                }
            },
            quote! { self.label() },
        )
    };
    quote! {
        #enum_item

        #tables
        #labels_table_item

        impl #ty {
            #[doc = #all_doc]
            pub const ALL: [#ty; #count] = [#( #ty::#idents ),*];

            #[doc = #name_doc]
            pub const fn name(self) -> &'static str {
                #name_body
            }

            #label

            #[doc = #from_doc]
            pub fn from_name(name: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|var| var.name() == name)
            }

            #methods
        }

        impl ::core::fmt::Display for #ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(#shown)
            }
        }
    }
}

/// The variants of `items`: identifier, spec name, display label, and the doc (`fallback`
/// when the spec gives none, with the label when it differs from the name). A large machine
/// (`large`) has no fallback: a variant the spec says nothing of has no doc, rather than ten
/// thousand sentences that repeat its name (and as many attributes for rustc to read).
pub(super) fn variants<'a, T: 'a>(
    items: &'a [T],
    large: bool,
    named: impl Fn(&T) -> &ir::Named,
    fallback: impl Fn(&T) -> String,
) -> Vec<(Ident, &'a str, &'a str, String)> {
    items
        .iter()
        .map(|item| {
            let n = named(item);
            let mut doc = if large { doc_or(&n.doc, String::new()) } else { doc_or(&n.doc, fallback(item)) };
            if let Some(label) = n.label.as_ref().filter(|l| **l != n.name) {
                if !doc.is_empty() {
                    doc.push_str("\n\n");
                }
                doc.push_str(&format!("Shown as \"{label}\"."));
            }
            (ident(&n.name), n.name.as_str(), n.display(), doc)
        })
        .collect()
}
