//! Hostile texts stay cheap and honest: a diagnostic shows a bounded window of a long line (the
//! caret still under the right character), a spec reports at most `MAX_DIAGNOSTICS` with a final
//! "and N more" note (in text and the macro's errors), "did you mean" does bounded work,
//! control characters are shown visibly with a caret under them, a huge word of junk is quoted
//! shortened. Bounds are checked by measuring the output and counting work, never by timing. (The
//! JSON of the capped diagnostics and the `fsm` tool's own bounds are tested with the tool.)

use fsm_dsl::check::{MAX_SUGGEST_WORK, suggest, suggest_counted};
use fsm_dsl::diag::{self, MAX_DIAGNOSTICS, Source};

fn render(text: &str) -> String {
    let compiled = fsm_dsl::compile(text);
    diag::render(Source { name: "x.fsm", text }, &compiled.diagnostics, false)
}

/// The column (in characters) of the first `^` of the caret line under the line that holds `marker`.
fn caret_below(rendered: &str, marker: &str) -> (String, usize) {
    let lines: Vec<&str> = rendered.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("1 |") && l.contains(marker)).unwrap();
    let caret = lines[at + 1].chars().position(|c| c == '^').unwrap();
    (lines[at].to_owned(), caret)
}

#[test]
fn a_long_line_is_shown_as_a_window_with_the_caret_under_the_error() {
    let filler = "ref \"a source\"; ".repeat(20_000);
    let text = format!("machine M {{ initial state A; event E; A -> A on E; {filler} 1oops; {filler} }}\n");
    assert!(text.len() > 500_000);
    let rendered = render(&text);
    // The whole line would be 600 kB; the window is a few hundred octets.
    assert!(rendered.len() < 4_000, "{} octets:\n{}", rendered.len(), &rendered[..rendered.len().min(2000)]);
    let (line, caret) = caret_below(&rendered, "1oops");
    assert!(line.contains("..."), "{line}");
    let under: String = line.chars().skip(caret).take(5).collect();
    assert_eq!(under, "1oops", "{rendered}");
    // The position is the original one.
    let column = text.find("1oops").unwrap() + 1;
    assert!(rendered.contains(&format!("x.fsm:1:{column}")), "{rendered}");
}

#[test]
fn a_long_label_is_shown_by_its_start() {
    let junk = format!("1{}", "y".repeat(1_000_000));
    let text = format!("machine M {{ initial state A; event E; A -> A on E; {junk} }}");
    let rendered = render(&text);
    assert!(rendered.len() < 4_000, "{} octets", rendered.len());
    // The message quotes the junk shortened, with its length.
    assert!(rendered.contains("found `1yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy...` (1000001 characters)"), "{rendered}");
}

#[test]
fn a_line_full_of_errors_gives_the_first_ones_and_a_count_of_the_rest() {
    let text = format!("machine M {{ initial state A; event E; A -> A on E; {} }}\n", "1x; ".repeat(5_000));
    let compiled = fsm_dsl::compile(&text);
    assert_eq!(compiled.diagnostics.len(), MAX_DIAGNOSTICS);
    assert_eq!(compiled.counts(), (5_000, 0));
    let last = compiled.diagnostics.last().unwrap();
    let note = last.notes.last().unwrap();
    assert!(note.starts_with("and 4900 more errors not shown"), "{note}");
    // Rendering all of them is bounded by the windows: a few hundred octets each.
    let rendered = diag::render(Source { name: "x.fsm", text: &text }, &compiled.diagnostics, false);
    assert!(rendered.len() < MAX_DIAGNOSTICS * 1_000, "{} octets", rendered.len());
    assert!(rendered.trim_end().ends_with("only the first 100 diagnostics of a spec are reported"), "{rendered}");
    // The macro reports the same errors, the last with the note.
    let tokens = fsm_dsl::expand::generate(&text, "x.fsm", None, proc_macro2::Span::call_site(), false).to_string();
    assert_eq!(tokens.matches("compile_error").count(), MAX_DIAGNOSTICS);
    assert!(tokens.contains("and 4900 more errors not shown"));
}

#[test]
fn junk_beyond_the_shown_diagnostics_is_counted_but_not_read_again() {
    // Each line is one item that does not parse; reading one again for what was expected costs
    // more than the lenient parse of it, so only those that can be shown are.
    let spec =
        |items: usize| format!("machine M {{ initial state A; event E;\n{}}}\n", "junk junk -> ;\n".repeat(items));
    let (_, all) = fsm_dsl::syntax::parse(&spec(250));
    assert_eq!(all.len(), 250);
    let placeholder = "not read further: too many errors before it";
    assert!(all[..MAX_DIAGNOSTICS].iter().all(|d| d.primary.message != placeholder));
    assert!(
        all[MAX_DIAGNOSTICS..]
            .iter()
            .all(|d| d.primary.message == placeholder && d.message == "this item cannot be read")
    );
    // What is shown is what a spec of only the shown items gives, and the rest is counted.
    let compiled = fsm_dsl::compile(&spec(250));
    assert_eq!(compiled.counts(), (250, 0));
    let few = fsm_dsl::compile(&spec(MAX_DIAGNOSTICS));
    let shown = |c: &fsm_dsl::Compiled| -> Vec<(String, String, usize)> {
        c.diagnostics.iter().map(|d| (d.message.clone(), d.primary.message.clone(), d.primary.span.start())).collect()
    };
    assert_eq!(shown(&compiled), shown(&few));
    assert!(compiled.diagnostics.last().unwrap().notes.last().unwrap().starts_with("and 150 more errors not shown"));
}

#[test]
fn errors_are_kept_before_warnings_when_capping() {
    use fsm_dsl::ast::Span;
    use fsm_dsl::diag::{Code, Diagnostic, Omitted};
    // 150 warnings first, then 150 errors further down.
    let mut all: Vec<Diagnostic> =
        (0..150).map(|i| Diagnostic::new(Code::Unused, "unused", Span::new(i, i + 1), "here")).collect();
    all.extend((150..300).map(|i| Diagnostic::new(Code::Syntax, "syntax", Span::new(i, i + 1), "here")));
    let (kept, omitted) = diag::cap(all);
    assert_eq!(kept.len(), MAX_DIAGNOSTICS);
    assert!(kept.iter().all(Diagnostic::is_error));
    assert_eq!(omitted, Omitted { errors: 50, warnings: 150 });
    assert_eq!(kept.last().unwrap().primary.span.start(), 249);
    let note = kept.last().unwrap().notes.last().unwrap();
    assert!(note.starts_with("and 50 more errors and 150 warnings not shown"), "{note}");
    // Fewer errors than the cap: all of them, and warnings up to the cap, in position order.
    let mut all: Vec<Diagnostic> =
        (0..150).map(|i| Diagnostic::new(Code::Unused, "unused", Span::new(i, i + 1), "here")).collect();
    all.extend((150..160).map(|i| Diagnostic::new(Code::Syntax, "syntax", Span::new(i, i + 1), "here")));
    let (kept, omitted) = diag::cap(all);
    assert_eq!(kept.iter().filter(|d| d.is_error()).count(), 10);
    assert!(kept.windows(2).all(|w| w[0].primary.span.start() < w[1].primary.span.start()));
    assert_eq!(omitted, Omitted { errors: 0, warnings: 60 });
}

#[test]
fn suggestions_skip_far_lengths_and_cap_their_work() {
    let candidates: Vec<String> = (0..2_000).map(|i| format!("{}{i}", "A".repeat(10_000))).collect();
    let long = "B".repeat(10_000);
    let (found, work) = suggest_counted(&long, candidates.iter().map(String::as_str));
    assert_eq!(found, None);
    assert!(work <= MAX_SUGGEST_WORK);
    // Names of very different lengths cost one unit each: no distance is computed.
    let short: Vec<String> = (0..1_000).map(|i| format!("S{i}")).collect();
    let (_, work) = suggest_counted(&"C".repeat(500), short.iter().map(String::as_str));
    assert_eq!(work, 1_000);
    // The usual case still works.
    assert_eq!(suggest("OKAY_Pnding", ["OKAY_Pending", "OKAY"]), Some("OKAY_Pending"));
    assert_eq!(suggest(&"a".repeat(100), [&*"A".repeat(100)]), Some(&*"A".repeat(100)));
}

#[test]
fn a_misspelled_long_name_is_checked_within_the_work_cap() {
    let a = "A".repeat(10_000);
    let b = "B".repeat(10_000);
    let text = format!("machine M {{ initial state {a}; state {b}; event E; {a}C -> {b} on E; {b} -> {a} on E; }}");
    let compiled = fsm_dsl::compile(&text);
    assert!(compiled.diagnostics.iter().any(|d| d.code == diag::Code::Undefined));
}

/// A name of 200,000 characters in a transition: its E0003 names it by its start and length in
/// the message and the help as shown, and the whole rendering stays small (it was 400 KB). The
/// help itself keeps the name whole, for the language server's quick fixes that copy from it.
#[test]
fn a_long_name_is_named_by_its_start_and_length() {
    let long = "A".repeat(200_000);
    let text = format!("machine M {{ event E; initial state S; S -> {long} on E; }}");
    let compiled = fsm_dsl::compile(&text);
    let d = compiled.diagnostics.iter().find(|d| d.code == diag::Code::Undefined).unwrap();
    let shown = format!("{}...(200000 characters)", "A".repeat(diag::SHOWN_OF_A_LONG_WORD));
    assert_eq!(d.message, format!("no state named `{shown}`"));
    assert_eq!(d.shown_help(), Some(format!("declare it with `state {shown};`")));
    assert_eq!(d.help, Some(format!("declare it with `state {long};`")));
    let rendered = render(&text);
    assert!(rendered.len() < 2_000, "{} bytes", rendered.len());
    // A name at the limit is shown whole.
    let limit = "B".repeat(diag::MAX_WORD);
    let text = format!("machine M {{ event E; initial state S; S -> {limit} on E; }}");
    assert!(render(&text).contains(&format!("no state named `{limit}`")));
}

#[test]
fn a_nul_byte_is_shown_visibly_with_a_caret_under_it() {
    let text = "machine M { initial state A; event E; A -> A on E; \0 }";
    let rendered = render(text);
    assert!(!rendered.contains('\0'), "{rendered:?}");
    let (line, caret) = caret_below(&rendered, "\u{2400}");
    assert_eq!(line.chars().nth(caret), Some('\u{2400}'), "{rendered}");
    assert!(rendered.contains("x.fsm:1:52"), "{rendered}");
    // Other control characters and bidirectional overrides too; the message as well.
    let text = "machine M { initial state A; event E; A -> A on E; \u{1b}[31m \u{202e} }";
    let rendered = render(text);
    assert!(!rendered.contains('\u{1b}') && !rendered.contains('\u{202e}'), "{rendered:?}");
    assert!(rendered.contains('\u{241b}'), "{rendered}");
}
