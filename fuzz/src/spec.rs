//! Spec text: parse and check; whatever comes out is consistent, bounded and printable (the
//! first diagnostics and the last rendered); a spec that parses formats (`fsm fmt`) to the same
//! meaning and to a fixed point; the language server's analysis (its diagnostics, name index,
//! outline and semantic tokens) stays within the text; when a machine comes out, every output is
//! made from it and holds its own properties, and the interpreter runs over events drawn from
//! the input.

use fsm_cli::fmt;
use fsm_cli::interp::Interpreter;
use fsm_cli::lsp::index::Index;
use fsm_cli::lsp::symbols;
use fsm_dsl::Compiled;
use fsm_dsl::diag::{self, Code, Diagnostic, MAX_DIAGNOSTICS, Source};
use fsm_dsl::ir::{EventId, StepKind};
use lsp_types as lsp;

/// The properties, on one input.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let compiled = fsm_dsl::compile(&text);
    assert!(compiled.diagnostics.len() <= MAX_DIAGNOSTICS);
    let (errors, _) = compiled.counts();
    assert_eq!(errors > 0, compiled.has_errors());
    if compiled.machine.is_some() {
        assert!(!compiled.has_errors(), "a model came out of a spec with errors");
    }
    let source = Source { name: "fuzz.fsm", text: &text };
    for d in &compiled.diagnostics {
        assert!(d.primary.span.start() <= d.primary.span.end() && d.primary.span.end() <= text.len(), "{d:?}");
        for label in &d.secondary {
            assert!(label.span.start() <= label.span.end() && label.span.end() <= text.len(), "{d:?}");
        }
    }
    // What reaches a terminal holds no control character but line ends and tabs.
    let rendered = rendered(source, &compiled.diagnostics);
    assert!(!rendered.chars().any(|c| c.is_control() && c != '\n' && c != '\t'), "{rendered:?}");
    if let Some(d) = compiled.diagnostics.first() {
        let json = fsm_cli::json::diagnostic(source, d);
        assert_eq!(json["code"], d.code.as_str());
    }
    // The Rust generated from the model, made once: the formatted spec must generate the same
    // text, and `syn` must parse it.
    let tokens = compiled.machine.as_ref().map(|m| fsm_dsl::codegen::generate(m, &codegen_options()));
    let rust = tokens.as_ref().map(ToString::to_string);
    formats_faithfully(&text, &compiled, rust.as_deref());
    analyses_within_text(&text, &compiled);
    let (Some(m), Some(tokens)) = (&compiled.machine, tokens) else { return };

    let dot = fsm_dsl::dot::render(m);
    assert!(dot.contains("digraph \""), "{dot}");
    let markdown = fsm_cli::markdown::render(m, "fuzz.fsm", None);
    assert!(!markdown.is_empty());
    let mermaid = fsm_cli::mermaid::render(m);
    assert!(mermaid.contains("\nstateDiagram-v2\n"), "{mermaid}");
    if let Err(e) = syn::parse2::<syn::File>(tokens) {
        panic!("the generated code does not parse: {e}");
    }
    // Flattening keeps a clean spec clean.
    if let Ok(flat) = fsm_cli::flatten::flatten(m) {
        let again = fsm_dsl::compile(&flat);
        assert!(
            !again.has_errors(),
            "{text}\nflattens into\n{flat}\nwith\n{}",
            diag::render(Source { name: "flat.fsm", text: &flat }, &again.diagnostics, false)
        );
    }
    // The interpreter, on events drawn from the input.
    if m.events.is_empty() {
        return;
    }
    let (mut it, _) = Interpreter::start(m);
    let mut guards = vec![false; m.guards.len()];
    for (i, &byte) in data.iter().rev().take(256).enumerate() {
        for (g, value) in guards.iter_mut().enumerate() {
            *value = (byte.rotate_left(g as u32) ^ i as u8) & 1 == 1;
        }
        let before = (it.state(), it.vars().to_vec());
        let step = it.step(EventId(usize::from(byte) % m.events.len()), &guards);
        assert_eq!(step.from, before.0);
        assert!(step.to.0 < m.states.len());
        assert_eq!(it.state(), step.to);
        match step.kind {
            StepKind::Ignored | StepKind::Unhandled | StepKind::ProtocolError => {
                assert_eq!(step.to, step.from);
                assert!(step.actions.is_empty());
                // Only a timer's expiry may change a variable here: its running variable.
                for (v, (now, was)) in it.vars().iter().zip(&before.1).enumerate() {
                    assert!(
                        now == was || m.vars[v].running.is_some(),
                        "a variable changed on a step that does nothing"
                    );
                }
            }
            StepKind::Internal => assert_eq!(step.to, step.from),
            StepKind::Transition => {}
        }
        for (v, var) in it.vars().iter().zip(&m.vars) {
            assert!((var.ty.min()..=var.ty.max()).contains(v), "a variable left its range");
        }
        assert!(!m.state(step.from).is_final || step.to == step.from, "a final state was left");
    }
}

/// How many of an input's first diagnostics are rendered (besides its last). Each diagnostic is
/// rendered on its own (`diag::render` is linear in the text once, then bounded per diagnostic),
/// so the first ones of an input exercise the renderer as its later ones would: a shape of
/// diagnostic that only comes later in one input comes first in another, once a mutation
/// removes what stood before it. A broken input has about 19 diagnostics, and rendering all of
/// them was 15% of an execution (`perf record` of a release build, the campaign's inputs).
pub const RENDERED: usize = 8;

/// What the target renders of an input's diagnostics, each as `fsm check` renders it: the first
/// [`RENDERED`], and the last, which carries the note on the diagnostics left out when there
/// were more than [`diag::MAX_DIAGNOSTICS`].
pub fn rendered(source: Source<'_>, diagnostics: &[Diagnostic]) -> String {
    let first = diagnostics.len().min(RENDERED);
    let mut text = diag::render(source, &diagnostics[..first], false);
    if let Some(last) = diagnostics.get(first..).and_then(<[_]>::last) {
        text += &diag::render(source, std::slice::from_ref(last), false);
    }
    text
}

/// The code generator's options: with `TRANSITIONS`, so that the rows' guard texts, refs and
/// docs are generated too.
fn codegen_options() -> fsm_dsl::codegen::Options {
    fsm_dsl::codegen::Options { transitions: true, ..Default::default() }
}

/// A spec that parses formats to the same syntax tree (spans aside), the same diagnostics and
/// the same generated Rust (`rust`, that of `compiled`), keeps its comments, and formats again to
/// itself; one that does not parse is refused as a syntax error, never as the formatter's own
/// failure.
fn formats_faithfully(text: &str, compiled: &Compiled, rust: Option<&str>) {
    // The formatter reads the text with the parser `compile` used: a syntax error there is one
    // here, and most mutated inputs have one. Reading them twice checks nothing more.
    if compiled.diagnostics.iter().any(|d| d.code == Code::Syntax) {
        return;
    }
    // `format` lays the text out, reads the layout back and refuses it (`Internal`) unless it
    // has the input's syntax tree, spans aside, and its comments, and a second layout of it is
    // the same text: the fixed point. Those checks are the formatter's own, so they run in
    // `fsm fmt` too; what it returns is the text `layout` gives.
    let formatted = match fmt::format(text) {
        Ok(formatted) => formatted,
        Err(fmt::Error::Syntax(_)) => return,
        Err(e) => panic!("{text:?}: {e}"),
    };
    if formatted == text {
        // Already in its layout (the seeds are): compiling it again would compile the same text,
        // whose result is `compiled`.
        return;
    }
    let again = fsm_dsl::compile(&formatted);
    let said = |c: &Compiled| c.diagnostics.iter().map(|d| (d.code, d.message.clone())).collect::<Vec<_>>();
    assert_eq!(said(compiled), said(&again), "{text:?} formats into {formatted:?}");
    let rust_again = again.machine.as_ref().map(|m| fsm_dsl::codegen::generate(m, &codegen_options()).to_string());
    assert_eq!(rust, rust_again.as_deref(), "{text:?} formats into {formatted:?}");
}

/// What the language server computes from a spec stays within its text: every diagnostic's
/// range and related place in order and inside the document, every name the index finds
/// spelled where its span says, every outline entry's name range inside its whole range, and
/// the semantic tokens in order, one line each, none overlapping the one before.
fn analyses_within_text(text: &str, compiled: &Compiled) {
    // Each line's length in UTF-16 code units (the LSP's columns), counted once: a mutated
    // input is often one long line, and counting it again for each place checked made this
    // check quadratic.
    let widths = text.split('\n').map(|line| line.encode_utf16().count()).collect::<Vec<_>>();
    let inside = |p: lsp::Position| widths.get(p.line as usize).is_some_and(|&width| p.character as usize <= width);
    let uri: lsp::Uri = "file:///fuzz.fsm".parse().expect("a URI");
    let published = fsm_cli::lsp::diagnostics(&uri, text, compiled);
    assert_eq!(published.len(), compiled.diagnostics.len());
    for d in &published {
        assert!(d.range.start <= d.range.end && inside(d.range.start) && inside(d.range.end), "{d:?}");
        for related in d.related_information.iter().flatten() {
            let range = related.location.range;
            assert!(range.start <= range.end && inside(range.start) && inside(range.end), "{d:?}");
        }
    }
    let Some(spec) = &compiled.ast else { return };
    let index = Index::new(spec);
    for o in &index.occurrences {
        assert_eq!(text.get(o.span.start()..o.span.end()), Some(o.name.as_str()), "{o:?}");
    }
    let mut outline = symbols::outline(text, spec);
    while let Some(symbol) = outline.pop() {
        let (whole, name) = (symbol.range, symbol.selection_range);
        assert!(whole.start <= name.start && name.end <= whole.end, "{symbol:?}");
        assert!(inside(whole.start) && inside(whole.end), "{symbol:?}");
        outline.extend(symbol.children.into_iter().flatten());
    }
    let (mut line, mut start, mut end) = (0u32, 0u32, 0u32);
    for (i, token) in symbols::tokens(text, &index).into_iter().enumerate() {
        assert!(token.length > 0);
        if token.delta_line > 0 || i == 0 {
            line += token.delta_line;
            start = token.delta_start;
        } else {
            start += token.delta_start;
            assert!(start >= end, "a semantic token overlaps the one before on line {line}");
        }
        end = start + token.length;
        assert!(inside(lsp::Position::new(line, end)), "a semantic token past the end of line {line}");
    }
}
