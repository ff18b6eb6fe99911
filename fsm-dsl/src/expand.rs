//! What the `fsm!` proc-macro does, as a normal function that tests can call: read the spec
//! (a file relative to `CARGO_MANIFEST_DIR`, or inline text), check it, and return either the
//! generated module or one `compile_error!` per error, spanned on the string literal, plus a
//! skeleton of the module so that the user sees the real errors and not a cascade.
//!
//! It does only the work the user asks for: the `DOT` constant (a Graphviz rendering) is made
//! only for `fsm!(..., dot)`. It reads one file and nothing else: it writes no file and spawns
//! no program.

use crate::{check, codegen, diag};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::parse::{Parse, ParseStream};
use syn::{LitStr, Token};

const USAGE: &str =
    "expected a spec file path (`\"specs/x.fsm\"` or `path = \"specs/x.fsm\"`) or `source = \"machine ... { ... }\"`";

const OPTIONS: &str = "the only option is `dot` (adds the `DOT` constant: the machine as a Graphviz graph)";

/// The macro's input: `"path"`, `path = "path"` or `source = "spec text"`, then options.
struct Input {
    spec: Spec,
    /// `dot`: generate the `DOT` constant.
    dot: Option<syn::Ident>,
}

/// Where the spec comes from.
enum Spec {
    Path(LitStr),
    Source(LitStr),
}

impl Parse for Input {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let spec = if input.peek(LitStr) {
            Spec::Path(input.parse()?)
        } else {
            if !input.peek(syn::Ident) {
                return Err(input.error(USAGE));
            }
            let key: syn::Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            let lit: LitStr = input.parse()?;
            match key.to_string().as_str() {
                "path" => Spec::Path(lit),
                "source" => Spec::Source(lit),
                _ => return Err(syn::Error::new(key.span(), USAGE)),
            }
        };
        let mut dot = None;
        while input.parse::<Option<Token![,]>>()?.is_some() && !input.is_empty() {
            let option: syn::Ident = input.parse().map_err(|e| syn::Error::new(e.span(), OPTIONS))?;
            if option != "dot" {
                return Err(syn::Error::new(option.span(), format!("unknown option `{option}`: {OPTIONS}")));
            }
            if dot.is_some() {
                return Err(syn::Error::new(option.span(), "the option `dot` is given twice"));
            }
            dot = Some(option);
        }
        Ok(Input { spec, dot })
    }
}

/// Expands `fsm!(...)`. Never panics: every failure becomes a `compile_error!`.
pub fn expand(input: TokenStream) -> TokenStream {
    let input = match syn::parse2::<Input>(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").ok();
    expand_input(input, manifest_dir.as_deref())
}

fn expand_input(input: Input, manifest_dir: Option<&str>) -> TokenStream {
    let (span, name, text, include) = match input.spec {
        Spec::Source(lit) => (lit.span(), "<inline spec>".to_owned(), lit.value(), None),
        Spec::Path(lit) => {
            let relative = lit.value();
            let path = match manifest_dir {
                Some(dir) => std::path::Path::new(dir).join(&relative),
                None => std::path::PathBuf::from(&relative),
            };
            match std::fs::read_to_string(&path) {
                Ok(text) => (lit.span(), relative, text, Some(path.to_string_lossy().into_owned())),
                Err(error) => {
                    let message = format!(
                        "cannot read the spec file `{relative}` (paths are relative to the directory of the crate's Cargo.toml): {error}"
                    );
                    return quote_spanned! { lit.span()=> compile_error!(#message); };
                }
            }
        }
    };
    let mut expanded = generate(&text, &name, include, span, input.dot.is_some());
    if let Some(option) = input.dot.filter(|_| !cfg!(feature = "dot")) {
        let message = "the `dot` option needs the `dot` feature of fsm-macros: `fsm-macros = { version = \"0.1\", features = [\"dot\"] }`";
        expanded.extend(quote_spanned! { option.span()=> compile_error!(#message); });
    }
    expanded
}

/// Checks `text` and returns the generated module, or the errors and a skeleton. `dot` adds
/// the `DOT` constant (when the crate is built with its `dot` feature; otherwise the constant is
/// left out).
pub fn generate(text: &str, name: &str, include: Option<String>, span: Span, dot: bool) -> TokenStream {
    let compiled = crate::compile(text);
    let source = diag::Source { name, text };
    if let Some(machine) = &compiled.machine {
        let options = codegen::Options { spec_path: include, dot: dot.then(|| dot_text(machine)).flatten() };
        return codegen::generate(machine, &options);
    }
    let errors = compiled.diagnostics.iter().filter(|d| d.is_error()).map(|d| {
        let message = format!("fsm spec has an error\n{}", diag::render(source, std::slice::from_ref(d), false));
        quote_spanned! { span=> compile_error!(#message); }
    });
    let errors: Vec<TokenStream> = errors.collect();
    let skeleton = compiled.ast.as_ref().and_then(check::skeleton).map(|machine| {
        let options = codegen::Options { spec_path: include.clone(), dot: dot.then(String::new) };
        codegen::generate(&machine, &options)
    });
    let include = match (&skeleton, include) {
        (None, Some(path)) => Some(quote! { const _: &str = include_str!(#path); }),
        _ => None,
    };
    quote! { #( #errors )* #skeleton #include }
}

#[cfg(feature = "dot")]
fn dot_text(machine: &crate::ir::Machine) -> Option<String> {
    Some(crate::dot::render(machine))
}

#[cfg(not(feature = "dot"))]
fn dot_text(_: &crate::ir::Machine) -> Option<String> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand_source(text: &str) -> String {
        let lit = LitStr::new(text, Span::call_site());
        expand_input(Input { spec: Spec::Source(lit), dot: None }, None).to_string()
    }

    #[test]
    fn a_valid_spec_expands_to_a_module() {
        let out = expand_source(
            "machine Door { initial state Shut; state Open; event Push; Shut -> Open on Push; Open -> Shut on Push; }",
        );
        assert!(out.contains("pub mod door"), "{out}");
        assert!(!out.contains("compile_error"), "{out}");
    }

    #[test]
    fn each_error_becomes_one_compile_error_and_a_skeleton_follows() {
        let out = expand_source(
            "machine Door { initial state Shut; state Open; event Push; Shut -> Opn on Push; Open -> Shut on Pul; }",
        );
        assert_eq!(out.matches("compile_error").count(), 2, "{out}");
        assert!(out.contains("did you mean `Open`?"), "{out}");
        assert!(out.contains("pub mod door"), "the skeleton keeps the module: {out}");
    }

    #[test]
    fn an_unreadable_file_is_a_compile_error() {
        let lit = LitStr::new("no/such/spec.fsm", Span::call_site());
        let out = expand_input(Input { spec: Spec::Path(lit), dot: None }, Some("/nonexistent")).to_string();
        assert!(out.contains("cannot read the spec file `no/such/spec.fsm`"), "{out}");
    }
}
