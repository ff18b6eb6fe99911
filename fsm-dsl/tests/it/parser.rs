//! The parser in `src/syntax/grammar.rs` is what pest's generator makes of `src/syntax/fsm.pest`.
//!
//! The grammar file is the source of truth. The parser is generated ahead of time and checked in
//! so that a crate using `fsm!` builds neither `pest_derive` nor its dependencies; this test
//! fails, with the command to run, when the two disagree.
//!
//! One change is made to pest's output (see [`one_step_type`]): every closure the rules give to
//! pest's combinators becomes a function of one function pointer type, so that each combinator
//! (`ParserState::sequence`, `rule`, `lookahead`, `Result::and_then`...) is compiled once, not
//! once per closure. With every closure cast, `fsm-dsl`'s unoptimized LLVM IR was 24% smaller
//! than with pest's closures everywhere (1,026,821 lines against 1,351,405): that much less to
//! build for every crate that uses `fsm!`. The parser does the same steps in the same order.
//!
//! With the feature `fast-parse`, the rules a large machine spends its parse in
//! ([`GENERIC_RULES`]: a transition and what it is made of, a state declaration, the whitespace
//! between tokens) keep pest's closures, so that LLVM inlines the combinators into them as it
//! does in pest's own output: an indirect call cannot be inlined. The file has both forms of
//! those rules, one for each side of the feature. Only an optimized build inlines anything: the
//! `fsm` tool and the benchmarks turn the feature on; the `fsm!` macro, which a user's build
//! compiles unoptimized (Cargo's default for proc-macros and their dependencies, in release
//! builds too), leaves it off and so compiles each combinator once (0.4 s less of rustc's CPU
//! for every crate that uses it).

use std::path::{Path, PathBuf};

use syn::visit_mut::VisitMut;

/// The environment variable that makes this test rewrite the parser instead of failing.
const UPDATE: &str = "FSM_UPDATE_PARSER";

fn syntax_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/syntax")
}

/// The parser source for a grammar: pest's derive output for `struct Grammar`, formatted.
fn generate(grammar: &str) -> String {
    let input = quote::quote! {
        #[grammar_inline = #grammar]
        pub struct Grammar;
    };
    let parser = pest_generator::derive_parser(input, false);
    let mut file: syn::File = syn::parse2(parser).unwrap();
    one_step_type(&mut file);
    format!(
        "//! The parser of `fsm.pest`, generated ahead of time by pest's generator (`pest_generator`\n\
         //! {}): `Grammar` parses, `Rule` names the grammar's rules. Each closure given to pest's\n\
         //! combinators is a function of one type, `Step`, so that each combinator is compiled once.\n\
         //! With the feature `fast-parse` (the `fsm` tool's), the rules a large machine spends its\n\
         //! parse in (a transition, a state declaration, names, whitespace) keep pest's closures\n\
         //! instead, so that an optimized build inlines the combinators there: 8% fewer instructions\n\
         //! to parse such a machine, as few as pest's own output, for 7% more LLVM IR\n\
         //! (`tests/it/parser.rs` says which rules and why).\n\
         //!\n\
         //! Do not edit. After a change to `fsm.pest`, run\n\
         //! `{UPDATE}=1 cargo test -p fsm-dsl --test it parser::` to rewrite this file.\n\
         \n\
         #![allow(dead_code, missing_docs, unused_qualifications, clippy::all)]\n\
         \n\
         /// The parser of the grammar; use it through `pest::Parser::parse`.\n\
         pub struct Grammar;\n\
         \n\
         {}",
        pest_version(),
        prettyplease::unparse(&file)
    )
}

/// The rules of `mod rules` whose closures [`one_step_type`] leaves as pest writes them, under the
/// feature `fast-parse` (and casts without it, like the other rules): those a
/// machine of 10,000 states and 10 events per state (100,000 lines like `S12 -> S13 on E0 /
/// Step;`, the front-end benchmark's) spends its parse in, and no more. Measured with callgrind
/// on that text: pest's own output parses it in 2,198 M instructions, this parser in 2,387 M
/// with every closure cast and 2,201 M with these kept. The LLVM IR of `fsm-dsl` as `fsm!` builds
/// it (unoptimized) grows 6.6%, from 1.027 M lines to 1.094 M: four fifths of what casting saves
/// are kept (pest's closures everywhere: 1.351 M). Rules tried on every line only to fail at its
/// first character count too (`doc`, `attribute`, `refs`: 20 M instructions more when cast); the
/// rest of the grammar (`keyword`, the other declarations, expressions, payload types) would gain
/// less than 0.1% for 2.2% more IR.
const GENERIC_RULES: &[&str] = &[
    // What surrounds each item and each token.
    "file",
    "item",
    "skip",
    "WHITESPACE",
    "COMMENT",
    "doc",
    "line_rest",
    "attribute",
    // A transition, `S12 -> S13 on E0 / Step;`, and what it tries and fails on the way.
    "transition",
    "state_set",
    "any_state",
    "ident_list",
    "event_list",
    "kw_on",
    "guard_clause",
    "effects",
    "effect_list",
    "effect",
    "timer_op",
    "kw_start",
    "kw_stop",
    "assign_op",
    "refs",
    "kw_ref",
    // A state declaration, `state S12;`.
    "state_decl",
    "state_modifier",
    "kw_state",
    // A name.
    "ident",
    "ident_char",
    "ASCII_ALPHANUMERIC",
];

/// Turns each closure `|state| ...` in pest's `mod rules` into a function, cast to `Step`, a
/// function pointer type declared there. pest's combinators are generic over the closure they
/// call, so that every closure of the generated parser (several hundred) has its own copy of
/// `sequence`, `rule`, `lookahead`, `optional`, `atomic`, `repeat`, `and_then` and `or_else`;
/// with one type, each of them is compiled once. The closures capture nothing (each takes the
/// parser state and calls pest or other rules), so each can be a function: `|state| f(state)` is
/// `f` itself, any other body becomes a local `fn step` (a function rather than a closure cast to
/// a pointer, which would add a shim per closure). The closure of `parse` itself, outside
/// `mod rules`, captures the rule to run and is left as it is, and so are the closures within the
/// functions of [`GENERIC_RULES`] in their `fast-parse` form.
fn one_step_type(file: &mut syn::File) {
    struct Cast {
        in_rules: bool,
        casts: usize,
        /// The functions of `GENERIC_RULES` met, kept as they are under `fast-parse`.
        generic: Vec<String>,
    }
    impl VisitMut for Cast {
        fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
            if module.ident == "rules" && !self.in_rules {
                let types: [syn::Item; 2] = [
                    syn::parse_quote! {
                        /// The parser's state, which every step takes and gives back.
                        pub type State<'i> = ::std::boxed::Box<::pest::ParserState<'i, super::Rule>>;
                    },
                    syn::parse_quote! {
                        /// What every rule and every step within one does: the state in, the state
                        /// after the step (or the state where it failed) out.
                        pub type Step = for<'i> fn(State<'i>) -> ::pest::ParseResult<State<'i>>;
                    },
                ];
                let (_, items) = module.content.as_mut().unwrap();
                let at = items.iter().take_while(|item| !matches!(item, syn::Item::Mod(_))).count();
                items.splice(at..at, types);
                self.in_rules = true;
                syn::visit_mut::visit_item_mod_mut(self, module);
                self.in_rules = false;
            } else if self.in_rules {
                // Each function of `GENERIC_RULES` twice: as pest writes it, with the feature
                // `fast-parse`, and cast like the others without it.
                let (_, items) = module.content.as_mut().unwrap();
                let mut out = Vec::with_capacity(items.len());
                for mut item in items.drain(..) {
                    if let syn::Item::Fn(function) = &mut item
                        && let name = syn::ext::IdentExt::unraw(&function.sig.ident).to_string()
                        && GENERIC_RULES.contains(&name.as_str())
                    {
                        self.generic.push(name);
                        let mut cast = function.clone();
                        function.attrs.push(syn::parse_quote!(#[cfg(feature = "fast-parse")]));
                        cast.attrs.push(syn::parse_quote!(#[cfg(not(feature = "fast-parse"))]));
                        self.visit_item_fn_mut(&mut cast);
                        out.extend([item, syn::Item::Fn(cast)]);
                    } else {
                        self.visit_item_mut(&mut item);
                        out.push(item);
                    }
                }
                *items = out;
            } else {
                syn::visit_mut::visit_item_mod_mut(self, module);
            }
        }

        fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
            syn::visit_mut::visit_expr_mut(self, expr);
            let syn::Expr::Closure(closure) = expr else { return };
            let takes_state = matches!(
                closure.inputs.iter().collect::<Vec<_>>().as_slice(),
                [syn::Pat::Ident(pat)] if pat.ident == "state"
            );
            if !self.in_rules || !takes_state {
                return;
            }
            let body = single_expr(&closure.body);
            *expr = match (forwards_state(body), body) {
                (Some(function), _) => syn::parse_quote!(#function as super::Step),
                (None, syn::Expr::Block(syn::ExprBlock { block, .. })) => syn::parse_quote!({
                    fn step(state: super::State<'_>) -> ::pest::ParseResult<super::State<'_>> #block
                    step as super::Step
                }),
                (None, _) => syn::parse_quote!({
                    fn step(state: super::State<'_>) -> ::pest::ParseResult<super::State<'_>> {
                        #body
                    }
                    step as super::Step
                }),
            };
            self.casts += 1;
        }
    }

    /// The expression a block is made of, if it is only that (`{ f(state) }` is `f(state)`).
    fn single_expr(expr: &syn::Expr) -> &syn::Expr {
        match expr {
            syn::Expr::Block(block) if block.attrs.is_empty() && block.label.is_none() => {
                match block.block.stmts.as_slice() {
                    [syn::Stmt::Expr(inner, None)] => single_expr(inner),
                    _ => expr,
                }
            }
            _ => expr,
        }
    }

    /// `f` if `expr` is `f(state)`.
    fn forwards_state(expr: &syn::Expr) -> Option<&syn::ExprPath> {
        let syn::Expr::Call(call) = expr else { return None };
        let syn::Expr::Path(function) = &*call.func else { return None };
        let [syn::Expr::Path(arg)] = call.args.iter().collect::<Vec<_>>().as_slice() else { return None };
        arg.path.is_ident("state").then_some(function)
    }

    let mut cast = Cast { in_rules: false, casts: 0, generic: Vec::new() };
    cast.visit_file_mut(file);
    // pest's output has changed shape if there is nothing to cast.
    assert!(cast.casts > 100, "{} closures cast", cast.casts);
    // A rule renamed or removed in the grammar must leave this list too.
    for rule in GENERIC_RULES {
        assert!(cast.generic.iter().any(|name| name == rule), "no rule `{rule}` in the parser: update GENERIC_RULES");
    }
}

/// The version of `pest_generator` this test was built with (from Cargo.lock), so that the
/// header says which generator wrote the file.
fn pest_version() -> String {
    let lock = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock")).unwrap();
    let at =
        lock.find("name = \"pest_generator\"\nversion = \"").unwrap() + "name = \"pest_generator\"\nversion = \"".len();
    let end = lock[at..].find('"').unwrap();
    lock[at..at + end].to_owned()
}

#[test]
fn the_checked_in_parser_is_generated_from_the_grammar() {
    let grammar = std::fs::read_to_string(syntax_dir().join("fsm.pest")).unwrap();
    let expected = generate(&grammar);
    let path = syntax_dir().join("grammar.rs");
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if current == expected {
        return;
    }
    if std::env::var_os(UPDATE).is_some() {
        std::fs::write(&path, &expected).unwrap();
        return;
    }
    panic!(
        "fsm-dsl/src/syntax/grammar.rs is not what pest's generator makes of fsm.pest: run `{UPDATE}=1 cargo test -p fsm-dsl --test it parser::`"
    );
}

#[test]
fn a_changed_grammar_changes_the_parser() {
    // The comparison above is only worth something if the output follows the grammar.
    let grammar = std::fs::read_to_string(syntax_dir().join("fsm.pest")).unwrap();
    let changed = grammar.replace("\"machine\"", "\"automaton\"");
    assert_ne!(generate(&grammar), generate(&changed));
}
