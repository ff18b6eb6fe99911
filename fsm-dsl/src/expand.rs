//! What the `fsm!` proc-macro does, as a normal function that tests can call: read the spec
//! (a file relative to `CARGO_MANIFEST_DIR`, or inline text), check it, and return either the
//! generated module or one `compile_error!` per error, spanned on the string literal, plus a
//! skeleton of the module so that the user sees the real errors and not a cascade.
//!
//! It does only the work the user asks for: the `DOT` constant (a Graphviz rendering) is made
//! only for `fsm!(..., dot)`. It reads one file and nothing else: it writes no file and spawns
//! no program.

mod literal;

use crate::{check, codegen, diag};
use proc_macro2::{Delimiter, Ident, Literal, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};

const USAGE: &str =
    "expected a spec file path (`\"specs/x.fsm\"` or `path = \"specs/x.fsm\"`) or `source = \"machine ... { ... }\"`";

const OPTIONS: &str = "the options are `dot` (adds the `DOT` constant: the machine as a Graphviz graph), \
     `svg = \"generated/NAME.svg\"` (shows that drawing in the module's documentation), \
     `coverage = path::to::recorder` (`Machine::step` calls `recorder(NAME, transition)` for each transition taken), \
     `tracing` (`Machine::start` and `Machine::step` emit a `tracing` event each), \
     `transitions` (`TRANSITIONS`: the spec's transitions as static data) and \
     `serde` (`Machine::snapshot` and `Machine::restore`: a `Snapshot` by names that any `serde` format saves)";

/// The macro's input: `"path"`, `path = "path"` or `source = "spec text"`, then options.
struct Input {
    spec: Spec,
    /// `dot`: generate the `DOT` constant.
    dot: Option<Ident>,
    /// `coverage = path`: the recorder `Machine::step` calls with each transition taken.
    coverage: Option<TokenStream>,
    /// `svg = "path"`: an SVG file (relative to `CARGO_MANIFEST_DIR`) for the module's docs.
    svg: Option<(String, Span)>,
    /// `tracing`: `Machine::start` and `Machine::step` emit `tracing` events.
    tracing: Option<Ident>,
    /// `serde`: the `Snapshot` type and `Machine::snapshot` / `restore`.
    serde: Option<Ident>,
    /// `transitions`: the `TRANSITIONS` static and its `Transition` type.
    transitions: Option<Ident>,
}

/// Where the spec comes from: the string's value and the literal's span.
enum Spec {
    Path(String, Span),
    Source(String, Span),
}

/// A problem with the macro's input, reported where it is.
struct InputError {
    span: Span,
    message: String,
}

impl InputError {
    fn new(span: Span, message: impl Into<String>) -> Self {
        InputError { span, message: message.into() }
    }

    /// `compile_error!("message")`, every token spanned on the problem.
    fn to_compile_error(&self) -> TokenStream {
        let mut message = Literal::string(&self.message);
        message.set_span(self.span);
        quote_spanned! { self.span=> ::core::compile_error! { #message } }
    }
}

/// The tokens of the input, with the invisible groups that `macro_rules!` puts around the
/// fragments it passes on (`$path:literal`) taken away.
fn flatten(input: TokenStream, out: &mut Vec<TokenTree>) {
    for token in input {
        match token {
            TokenTree::Group(group) if group.delimiter() == Delimiter::None => flatten(group.stream(), out),
            token => out.push(token),
        }
    }
}

/// A string literal's value (escapes and raw strings as Rust reads them).
fn string(token: Option<&TokenTree>) -> Option<(String, Span)> {
    let Some(TokenTree::Literal(literal)) = token else { return None };
    Some((literal::string_value(&literal.to_string())?, literal.span()))
}

fn is_punct(token: Option<&TokenTree>, c: char) -> bool {
    matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

/// Where an error about `token` goes: on it, or at the macro call when the input has ended.
fn span_of(token: Option<&TokenTree>) -> Span {
    token.map_or_else(Span::call_site, TokenTree::span)
}

/// Reads `"path"`, `path = "path"` or `source = "text"`, then `, dot`, `, svg = "path"`,
/// `, coverage = path`, `, tracing`, `, serde`, `, transitions` and a trailing comma.
fn parse(input: TokenStream) -> Result<Input, InputError> {
    let mut tokens = Vec::new();
    flatten(input, &mut tokens);
    let (spec, mut at) = if let Some((value, span)) = string(tokens.first()) {
        (Spec::Path(value, span), 1)
    } else {
        let Some(TokenTree::Ident(key)) = tokens.first() else {
            return Err(InputError::new(span_of(tokens.first()), USAGE));
        };
        let kind = key.to_string();
        if kind != "path" && kind != "source" {
            return Err(InputError::new(key.span(), USAGE));
        }
        if !is_punct(tokens.get(1), '=') {
            return Err(InputError::new(span_of(tokens.get(1)), format!("expected `=` after `{kind}`")));
        }
        let Some((value, span)) = string(tokens.get(2)) else {
            return Err(InputError::new(span_of(tokens.get(2)), format!("expected a string literal after `{kind} =`")));
        };
        (if kind == "path" { Spec::Path(value, span) } else { Spec::Source(value, span) }, 3)
    };
    let mut dot = None;
    let mut coverage: Option<TokenStream> = None;
    let mut svg = None;
    let mut tracing = None;
    let mut serde = None;
    let mut transitions = None;
    while at < tokens.len() {
        if !is_punct(tokens.get(at), ',') {
            return Err(InputError::new(span_of(tokens.get(at)), format!("expected `,` and an option: {OPTIONS}")));
        }
        at += 1;
        let Some(token) = tokens.get(at) else { break };
        let TokenTree::Ident(option) = token else {
            return Err(InputError::new(token.span(), OPTIONS));
        };
        if option == "coverage" {
            if coverage.is_some() {
                return Err(InputError::new(option.span(), "the option `coverage` is given twice"));
            }
            if !is_punct(tokens.get(at + 1), '=') {
                return Err(InputError::new(
                    span_of(tokens.get(at + 1)),
                    "expected `= path::to::recorder` after `coverage`",
                ));
            }
            at += 2;
            let start = at;
            while at < tokens.len() && !is_punct(tokens.get(at), ',') {
                at += 1;
            }
            if start == at {
                return Err(InputError::new(
                    span_of(tokens.get(at)),
                    "expected the path of a recorder after `coverage =`",
                ));
            }
            coverage = Some(tokens[start..at].iter().cloned().collect());
            continue;
        }
        if option == "svg" {
            if svg.is_some() {
                return Err(InputError::new(option.span(), "the option `svg` is given twice"));
            }
            if !is_punct(tokens.get(at + 1), '=') {
                return Err(InputError::new(span_of(tokens.get(at + 1)), "expected `=` after `svg`"));
            }
            let Some(value) = string(tokens.get(at + 2)) else {
                return Err(InputError::new(span_of(tokens.get(at + 2)), "expected a string literal after `svg =`"));
            };
            svg = Some(value);
            at += 3;
            continue;
        }
        // The options that are a word alone: `dot`, `tracing`, `serde`, `transitions`.
        let flag = match option.to_string().as_str() {
            "dot" => &mut dot,
            "tracing" => &mut tracing,
            "serde" => &mut serde,
            "transitions" => &mut transitions,
            _ => return Err(InputError::new(option.span(), format!("unknown option `{option}`: {OPTIONS}"))),
        };
        if flag.is_some() {
            return Err(InputError::new(option.span(), format!("the option `{option}` is given twice")));
        }
        if is_punct(tokens.get(at + 1), '=') {
            return Err(InputError::new(
                span_of(tokens.get(at + 1)),
                format!(
                    "the option `{option}` takes no value: write `{option}` alone to turn it on, and leave it out to keep it off"
                ),
            ));
        }
        *flag = Some(option.clone());
        at += 1;
    }
    Ok(Input { spec, dot, svg, coverage, tracing, serde, transitions })
}

/// Expands `fsm!(...)`. Never panics: every failure becomes a `compile_error!`.
pub fn expand(input: TokenStream) -> TokenStream {
    let input = match parse(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").ok();
    expand_input(input, manifest_dir.as_deref(), BUILT)
}

/// Which of the options' generators a build of fsm-macros has: its features `dot`, `tracing`,
/// `serde` and `transitions`.
#[derive(Clone, Copy, Debug)]
struct Generators {
    dot: bool,
    tracing: bool,
    serde: bool,
    transitions: bool,
}

/// This build's generators.
const BUILT: Generators = Generators {
    dot: cfg!(feature = "dot"),
    tracing: cfg!(feature = "tracing"),
    serde: cfg!(feature = "serde"),
    transitions: cfg!(feature = "transitions"),
};

fn expand_input(input: Input, manifest_dir: Option<&str>, generators: Generators) -> TokenStream {
    let (span, name, text, include) = match input.spec {
        Spec::Source(text, span) => (span, "<inline spec>".to_owned(), text, None),
        Spec::Path(relative, span) => {
            let path = match manifest_dir {
                Some(dir) => std::path::Path::new(dir).join(&relative),
                None => std::path::PathBuf::from(&relative),
            };
            match std::fs::read_to_string(&path) {
                Ok(text) => (span, relative, text, Some(path.to_string_lossy().into_owned())),
                Err(error) => {
                    let message = format!(
                        "cannot read the spec file `{relative}` (paths are relative to the directory of the crate's Cargo.toml): {error}"
                    );
                    return quote_spanned! { span=> compile_error!(#message); };
                }
            }
        }
    };
    // The drawing is read by the compiler (`include_str!`), not here: the expansion reads the
    // spec alone.
    let svg = input.svg.map(|(relative, _)| match manifest_dir {
        Some(dir) => std::path::Path::new(dir).join(relative).to_string_lossy().into_owned(),
        None => relative,
    });
    // An option whose generator this build left out (its feature of fsm-macros is off) is an
    // error at the option, and the module is generated without it. `dot` is the exception: the
    // module keeps `DOT` (empty) in a skeleton, so that uses of it do not cascade.
    let built = |option: Option<Ident>, built: bool| match option {
        Some(option) if !built => (false, Some(option)),
        option => (option.is_some(), None),
    };
    let (tracing, no_tracing) = built(input.tracing, generators.tracing);
    let (serde, no_serde) = built(input.serde, generators.serde);
    let (transitions, no_transitions) = built(input.transitions, generators.transitions);
    let options = codegen::Options {
        spec_path: include,
        coverage: input.coverage,
        diagram: svg,
        tracing,
        serde,
        transitions,
        ..codegen::Options::default()
    };
    let mut expanded = generate_with(&text, &name, span, input.dot.is_some(), options);
    let no_dot = input.dot.filter(|_| !generators.dot);
    for option in [no_dot, no_tracing, no_serde, no_transitions].into_iter().flatten() {
        let message = format!(
            "the `{option}` option needs the `{option}` feature of fsm-macros: `fsm-macros = {{ version = \"0.1\", features = [\"{option}\"] }}`"
        );
        expanded.extend(quote_spanned! { option.span()=> compile_error!(#message); });
    }
    expanded
}

/// Checks `text` and returns the generated module, or the errors and a skeleton. `dot` adds
/// the `DOT` constant (when the crate is built with its `dot` feature; otherwise the constant is
/// left out).
pub fn generate(text: &str, name: &str, include: Option<String>, span: Span, dot: bool) -> TokenStream {
    generate_with(text, name, span, dot, codegen::Options { spec_path: include, ..codegen::Options::default() })
}

/// [`generate`], with the rest of `options` (the spec's path, the absolute path of an SVG
/// drawing for the module's docs, the coverage recorder, tracing, serde, transitions); their `dot` and `skeleton`
/// are set here.
fn generate_with(text: &str, name: &str, span: Span, dot: bool, options: codegen::Options) -> TokenStream {
    let compiled = crate::compile(text);
    let source = diag::Source { name, text };
    let include = options.spec_path.clone();
    if let Some(machine) = &compiled.machine {
        let options = codegen::Options { dot: dot.then(|| dot_text(machine)).flatten(), skeleton: false, ..options };
        let module = codegen::generate(machine, &options);
        let warnings = compiled.diagnostics.iter().map(|d| warning(source, d, span));
        return quote! { #module #( #warnings )* };
    }
    let errors = compiled.diagnostics.iter().filter(|d| d.is_error()).map(|d| {
        let message = format!("fsm spec has an error\n{}", diag::render(source, std::slice::from_ref(d), false));
        quote_spanned! { span=> compile_error!(#message); }
    });
    let errors: Vec<TokenStream> = errors.collect();
    let skeleton = compiled.ast.as_ref().and_then(check::skeleton).map(|machine| {
        let options = codegen::Options { dot: dot.then(String::new), diagram: None, skeleton: true, ..options };
        codegen::generate(&machine, &options)
    });
    let include = match (&skeleton, include) {
        (None, Some(path)) => Some(quote! { const _: &str = include_str!(#path); }),
        _ => None,
    };
    quote! { #( #errors )* #skeleton #include }
}

/// A checker's warning as a warning of `cargo build`, on stable Rust: proc-macros cannot emit
/// warnings (`proc_macro::Diagnostic` is unstable), so the warning is rustc's own `deprecated`
/// lint, on the use of a constant marked `#[deprecated]` whose note is the rendered diagnostic
/// (its code, `file:line:col`, the source line, help). The use is spanned on the macro's spec
/// argument, which is the user's code, so rustc reports it there and `#[allow(deprecated)]`
/// silences it like any other warning; the spec's own `allow` silences it before (the checker
/// reports nothing it allows). The constant is named after the code, in an anonymous `const`
/// of its own. (The technique of the `proc-macro-warning` crate, in a few lines, without the
/// `syn` it would add to the macro's build.)
fn warning(source: diag::Source<'_>, d: &diag::Diagnostic, span: Span) -> TokenStream {
    let rendered = diag::render(source, std::slice::from_ref(d), false);
    let note = format!("the fsm spec has a warning\n{}", rendered.trim_end());
    let name = Ident::new(d.code.as_str(), span);
    quote_spanned! { span=>
        const _: () = {
            #[deprecated(note = #note)]
            const #name: () = ();
            #name
        };
    }
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
        expand_input(
            Input {
                spec: Spec::Source(text.to_owned(), Span::call_site()),
                dot: None,
                coverage: None,
                svg: None,
                tracing: None,
                serde: None,
                transitions: None,
            },
            None,
            BUILT,
        )
        .to_string()
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

    const DOOR: &str =
        "machine Door { initial state Shut; state Open; event Push; Shut -> Open on Push; Open -> Shut on Push; }";

    fn expand_tokens(tokens: TokenStream) -> String {
        match parse(tokens) {
            Ok(input) => expand_input(input, None, BUILT).to_string(),
            Err(error) => error.to_compile_error().to_string(),
        }
    }

    // With the `dot` feature, as `fsm-macros/dot` and the workspace's builds have it.
    #[cfg(feature = "dot")]
    #[test]
    fn dot_is_generated_only_when_asked_for() {
        assert!(!expand_source(DOOR).contains("DOT"));
        let out = expand_tokens(quote! { source = #DOOR, dot });
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("pub const DOT"), "{out}");
        assert!(out.contains("digraph"), "{out}");
        // A trailing comma is fine, with or without the option.
        assert!(!expand_tokens(quote! { source = #DOOR, dot, }).contains("compile_error"));
        assert!(!expand_tokens(quote! { source = #DOOR, }).contains("compile_error"));
    }

    // Without it, as the `fsm!` of a crate that does not ask for `fsm-macros/dot` has it.
    #[cfg(not(feature = "dot"))]
    #[test]
    fn dot_without_the_feature_is_an_error_that_names_it() {
        assert!(!expand_source(DOOR).contains("compile_error"));
        let out = expand_tokens(quote! { source = #DOOR, dot });
        assert!(out.contains("the `dot` option needs the `dot` feature of fsm-macros"), "{out}");
        assert!(!out.contains("digraph"), "{out}");
    }

    // A build of fsm-macros without the generators of `tracing`, `serde` and `transitions`, as
    // a crate that asks for none of the features has it.
    #[test]
    fn an_option_whose_generator_is_left_out_is_an_error_at_the_option() {
        let plain_build = Generators { dot: BUILT.dot, tracing: false, serde: false, transitions: false };
        let expand = |tokens: TokenStream| match parse(tokens) {
            Ok(input) => expand_input(input, None, plain_build).to_string(),
            Err(error) => error.to_compile_error().to_string(),
        };
        let plain = expand(quote! { source = #DOOR });
        assert!(!plain.contains("compile_error"), "{plain}");
        for option in ["tracing", "serde", "transitions"] {
            let word = Ident::new(option, Span::call_site());
            let out = expand(quote! { source = #DOOR, #word });
            let needs = format!("the `{option}` option needs the `{option}` feature of fsm-macros");
            assert!(out.contains(&needs), "{out}");
            // The plain module and the one error: the option's items are left out, and the
            // code generator adds no error of its own.
            assert_eq!(out.matches("compile_error").count(), 1, "{out}");
            assert!(out.starts_with(&plain), "{out}");
        }
        let out = expand(quote! { source = #DOOR, tracing, serde, transitions });
        assert_eq!(out.matches("compile_error").count(), 3, "{out}");
        // A spec with an error: its error, the option's, and the skeleton without the option.
        let broken = quote! { source = "machine Door { initial state Shut; event Push; Shut -> Opn on Push; }" };
        let skeleton = expand(broken.clone());
        let out = expand(quote! { #broken, serde });
        assert_eq!(out.matches("compile_error").count(), 2, "{out}");
        assert!(out.starts_with(&skeleton) && out.contains("needs the `serde` feature of fsm-macros"), "{out}");
        // With the generators, none of these is an error.
        let built = Generators { dot: BUILT.dot, tracing: true, serde: true, transitions: true };
        if (BUILT.tracing, BUILT.serde, BUILT.transitions) == (true, true, true) {
            let Ok(input) = parse(quote! { source = #DOOR, tracing, serde, transitions }) else {
                panic!("the three options read")
            };
            let out = expand_input(input, None, built).to_string();
            assert!(!out.contains("compile_error"), "{out}");
        }
    }

    #[test]
    fn the_spec_is_read_as_rust_reads_string_literals() {
        let path = |tokens: TokenStream| match parse(tokens) {
            Ok(Input { spec: Spec::Path(path, _), dot, .. }) => (path, dot.is_some()),
            _ => panic!("not a path"),
        };
        assert_eq!(path(quote! { "specs/a.fsm" }), ("specs/a.fsm".to_owned(), false));
        assert_eq!(path(quote! { path = "specs/a.fsm", dot }), ("specs/a.fsm".to_owned(), true));
        let raw: TokenStream = r##"r#"specs/"a".fsm"#"##.parse().unwrap_or_default();
        assert_eq!(path(raw), ("specs/\"a\".fsm".to_owned(), false));
        let escaped: TokenStream = r#""specs/\u{61}\t.fsm""#.parse().unwrap_or_default();
        assert_eq!(path(escaped), ("specs/a\t.fsm".to_owned(), false));
        // A fragment that `macro_rules!` passes on arrives in an invisible group.
        let group = proc_macro2::Group::new(Delimiter::None, quote! { "specs/a.fsm" });
        assert_eq!(path(TokenStream::from(TokenTree::Group(group))), ("specs/a.fsm".to_owned(), false));
    }

    #[test]
    fn a_bad_invocation_says_what_is_expected() {
        for tokens in [quote! {}, quote! { 42 }, quote! { file = "x" }, quote! { b"x" }] {
            let out = expand_tokens(tokens);
            assert!(out.contains("expected a spec file path"), "{out}");
        }
        assert!(expand_tokens(quote! { path "x" }).contains("expected `=` after `path`"));
        assert!(expand_tokens(quote! { source = 1 }).contains("expected a string literal after `source =`"));
        assert!(expand_tokens(quote! { "x" dot }).contains("expected `,` and an option"));
    }

    #[test]
    fn an_unknown_or_repeated_option_is_a_compile_error() {
        let out = expand_tokens(quote! { source = #DOOR, dto });
        assert!(out.contains("unknown option `dto`: the options are `dot`"), "{out}");
        let out = expand_tokens(quote! { source = #DOOR, dot, dot });
        assert!(out.contains("the option `dot` is given twice"), "{out}");
        let out = expand_tokens(quote! { source = #DOOR, 42 });
        assert!(out.contains("the options are `dot`"), "{out}");
    }

    #[test]
    fn a_skeleton_keeps_dot_when_asked_for() {
        let out = expand_tokens(
            quote! { source = "machine Door { initial state Shut; event Push; Shut -> Opn on Push; }", dot },
        );
        assert!(out.contains("compile_error"), "{out}");
        assert!(out.contains("pub const DOT"), "uses of DOT do not cascade: {out}");
    }

    #[test]
    fn coverage_calls_the_recorder_in_machine_step_and_nothing_without_it() {
        let plain = expand_tokens(quote! { source = #DOOR });
        let covered = expand_tokens(quote! { source = #DOOR, coverage = crate::cov::record });
        assert!(!plain.contains("transition) = step . transition"), "{plain}");
        assert!(covered.contains("crate :: cov :: record (NAME , usize :: from (transition))"), "{covered}");
        assert!(!covered.contains("compile_error"), "{covered}");
        #[cfg(feature = "dot")]
        {
            let both = expand_tokens(quote! { source = #DOOR, coverage = crate::cov::record, dot });
            assert!(
                both.contains("crate :: cov :: record (NAME , usize :: from (transition))")
                    && both.contains("pub const DOT")
            );
            assert!(!both.contains("compile_error"), "{both}");
        }
        let out = expand_tokens(quote! { source = #DOOR, coverage });
        assert!(out.contains("expected `= path::to::recorder` after `coverage`"), "{out}");
        let out = expand_tokens(quote! { source = #DOOR, coverage = , dot });
        assert!(out.contains("expected the path of a recorder"), "{out}");
        let out = expand_tokens(quote! { source = #DOOR, coverage = a, coverage = b });
        assert!(out.contains("the option `coverage` is given twice"), "{out}");
    }

    #[cfg(feature = "tracing")]
    #[test]
    fn tracing_emits_from_machine_start_and_step_and_nothing_without_it() {
        let plain = expand_tokens(quote! { source = #DOOR });
        let traced = expand_tokens(quote! { source = #DOOR, tracing });
        assert!(!plain.contains("tracing"), "{plain}");
        assert!(!traced.contains("compile_error"), "{traced}");
        // One event in `Machine::start`, one in `Machine::step`, and the hook with its default.
        assert_eq!(traced.matches(":: tracing :: debug !").count(), 2, "{traced}");
        assert!(traced.contains("target : \"fsm::door\""), "{traced}");
        assert!(traced.contains("fn instance (& self) -> u64 { 0 }"), "{traced}");
        // Both with coverage and a trailing comma; off, the module is the plain one, token for token.
        let both = expand_tokens(quote! { source = #DOOR, coverage = crate::cov::record, tracing, });
        assert!(both.contains(":: tracing :: debug !") && both.contains("crate :: cov :: record"), "{both}");
        assert_eq!(expand_tokens(quote! { source = #DOOR, }), plain);
        let out = expand_tokens(quote! { source = #DOOR, tracing = 3 });
        assert!(out.contains("the option `tracing` takes no value"), "{out}");
        let out = expand_tokens(quote! { source = #DOOR, tracing, tracing });
        assert!(out.contains("the option `tracing` is given twice"), "{out}");
        // A skeleton keeps the hook, so that a `Hooks` that implements it sees no cascade.
        let out = expand_tokens(
            quote! { source = "machine Door { initial state Shut; event Push; Shut -> Opn on Push; }", tracing },
        );
        assert!(out.contains("compile_error") && out.contains("fn instance (& self) -> u64"), "{out}");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_adds_the_snapshot_and_nothing_without_it() {
        let plain = expand_tokens(quote! { source = #DOOR });
        let saved = expand_tokens(quote! { source = #DOOR, serde });
        assert!(!plain.contains("serde") && !plain.contains("Snapshot"), "{plain}");
        assert!(!saved.contains("compile_error"), "{saved}");
        assert!(saved.contains("pub struct Snapshot"), "{saved}");
        assert!(saved.contains("pub fn restore_with"), "{saved}");
        assert!(saved.contains(":: serde :: Deserialize"), "{saved}");
        // With the other options and a trailing comma; off, the plain module, token for token.
        let all = expand_tokens(quote! { source = #DOOR, serde, coverage = crate::cov::record, });
        assert!(all.contains("pub struct Snapshot") && all.contains("crate :: cov :: record"), "{all}");
        #[cfg(feature = "tracing")]
        {
            let all = expand_tokens(quote! { source = #DOOR, tracing, serde, coverage = crate::cov::record, });
            assert!(all.contains("pub struct Snapshot") && all.contains(":: tracing :: debug !"), "{all}");
        }
        assert_eq!(expand_tokens(quote! { source = #DOOR, }), plain);
        let out = expand_tokens(quote! { source = #DOOR, serde = 3 });
        assert!(out.contains("the option `serde` takes no value"), "{out}");
        let out = expand_tokens(quote! { source = #DOOR, serde, serde });
        assert!(out.contains("the option `serde` is given twice"), "{out}");
        // A skeleton keeps the snapshot, so that code using it sees the spec's errors alone.
        let out = expand_tokens(
            quote! { source = "machine Door { initial state Shut; event Push; Shut -> Opn on Push; }", serde },
        );
        assert!(out.contains("compile_error") && out.contains("pub struct Snapshot"), "{out}");
    }

    #[test]
    fn an_unreadable_file_is_a_compile_error() {
        let spec = Spec::Path("no/such/spec.fsm".to_owned(), Span::call_site());
        let out = expand_input(
            Input { spec, dot: None, coverage: None, svg: None, tracing: None, serde: None, transitions: None },
            Some("/nonexistent"),
            BUILT,
        )
        .to_string();
        assert!(out.contains("cannot read the spec file `no/such/spec.fsm`"), "{out}");
    }

    #[test]
    fn the_svg_option_shows_the_drawing_in_the_module_docs() {
        let input = parse(quote! { source = #DOOR, svg = "generated/door.svg", dot }).ok().unwrap();
        assert_eq!(input.svg.as_ref().map(|s| s.0.as_str()), Some("generated/door.svg"));
        let out = expand_input(input, Some("/crate"), BUILT).to_string();
        // Read by the compiler, from the crate's directory, inside the module's docs.
        assert!(out.contains(r#"# [doc = include_str ! ("/crate/generated/door.svg")]"#), "{out}");
        let docs = out.find("include_str ! (\"/crate/generated/door.svg").unwrap();
        assert!(docs < out.find("pub mod door").unwrap(), "{out}");
        for bad in [quote! { source = #DOOR, svg }, quote! { source = #DOOR, svg = 1 }] {
            assert!(expand_tokens(bad).contains("compile_error"));
        }
        let twice = expand_tokens(quote! { source = #DOOR, svg = "a.svg", svg = "b.svg" });
        assert!(twice.contains("the option `svg` is given twice"), "{twice}");
    }
}
