//! Parse tree to syntax tree: the machine's frame and its items (declarations, states with
//! their entry and exit, transitions, `ignore`, attributes, `diagram { }`), with their spans. The
//! grammar fixes the shape of every pair, so the walk only meets what it expects; where it does
//! not, it records an internal error rather than panic. An item the lenient parse left as `junk`
//! is reported here, through `mistakes` or pest's own error on the item alone.
//!
//! The walk reads the parse tree once, in document order, through a [`Reader`]. Where the
//! diagnostics have always come in another order than the text's (a declaration's label is
//! reported after its duration, a state's after its body), the walk keeps the parts' spans and
//! builds them in that order once the pair is read.

use super::errors::from_pest;
use super::expr::{Duration, build_duration, build_effects, build_guard, build_timer_op};
use super::grammar::Rule;
use super::reader::{Node, Reader};
use super::{is_attribute, mistakes, payload, without_comment};
use crate::ast::{self, Span};
use crate::diag::{Code, Diagnostic, MAX_DIAGNOSTICS};
use pest::iterators::Pair;

fn internal(rule: Rule, span: Span) -> Diagnostic {
    Diagnostic::new(
        Code::Syntax,
        format!("internal error: unexpected {rule:?} in the parse tree"),
        span,
        "while reading this",
    )
}

/// The syntax tree of a file's pairs (`file` or `file_recover`), and whether any item was
/// `junk` (which `file` never has).
pub(super) fn build_spec(file: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> (Option<ast::Spec>, bool) {
    // One item per pair but the machine's head: sized once (pest counts a pair's children by
    // hopping over them), so that the items of a large spec are not copied as the vector grows.
    let count = file.clone().into_inner().len();
    let (mut r, file) = Reader::new(file);
    let text = r.text();
    let mut docs = Vec::new();
    let mut name = None;
    let mut label = None;
    let mut items = Vec::with_capacity(count);
    let mut broken = std::collections::BTreeSet::new();
    let mut junk = false;
    let mut reads: rustc_hash::FxHashMap<&str, JunkRead> = Default::default();
    // The errors among the first `counted` diagnostics.
    let (mut errors, mut counted) = (0, 0);
    while let Some(pair) = r.child(&file) {
        match pair.rule {
            Rule::machine_head => {
                while let Some(part) = r.child(&pair) {
                    match part.rule {
                        Rule::doc => docs.push(doc_text(r.str(&part))),
                        Rule::ident => name = Some(build_name(&mut r, &part)),
                        Rule::string => label = build_str(text, r.span(&part), diagnostics),
                        _ => {}
                    }
                }
            }
            Rule::item => {
                let reported = diagnostics.len();
                if build_item(&mut r, &pair, &mut items, diagnostics).is_none() {
                    let span = r.span(&pair);
                    if diagnostics.len() == reported {
                        diagnostics.push(internal(pair.rule, span));
                    }
                    // The item is dropped: its names may be declarations others refer to.
                    add_words(&mut broken, &text[span.range()]);
                }
            }
            Rule::junk => {
                junk = true;
                let span = r.span(&pair);
                let junk = &text[span.range()];
                add_words(&mut broken, junk);
                errors += diagnostics[counted..].iter().filter(|d| d.is_error()).count();
                counted = diagnostics.len();
                if errors >= MAX_DIAGNOSTICS {
                    // `diag::cap` keeps the first diagnostics by position, and this item comes
                    // after that many: it is counted, never shown, so it is not read again for
                    // what was expected (which costs more than the lenient parse of it did).
                    diagnostics.push(Diagnostic::new(
                        Code::Syntax,
                        "this item cannot be read",
                        span,
                        "not read further: too many errors before it",
                    ));
                    continue;
                }
                // What the item says on its own depends on its text alone: read once for a
                // text that comes again (mutated and pasted specs repeat their broken items).
                let read = reads.entry(junk).or_insert_with(|| {
                    match mistakes::diagnose(junk, 0).or_else(|| nothing_after(junk, Span::new(0, junk.len()))) {
                        Some(named) => JunkRead::Named(named),
                        None => JunkRead::Parsed(super::parse_detailed(Rule::item_alone, junk).err()),
                    }
                });
                diagnostics.push(match read {
                    JunkRead::Named(named) => shifted(named.clone(), span.start()),
                    // Where the item stands matters from here on: what comes before and after it.
                    JunkRead::Parsed(Some(error)) => from_pest(text, span.start(), Rule::item_alone, error),
                    JunkRead::Parsed(None) => {
                        Diagnostic::new(Code::Syntax, "this item cannot be read here", span, "unexpected item")
                    }
                });
            }
            _ => {}
        }
    }
    (name.map(|name| ast::Spec { docs, name, label, items, broken }), junk)
}

/// What a broken item's text says on its own, read from the start of the text: a form the DSL
/// lacks or a doc comment or attribute with no item after it (`mistakes`, `nothing_after`), or
/// else pest's error with its detail (`None` if the item parses alone).
enum JunkRead {
    Named(Diagnostic),
    Parsed(Option<pest::error::Error<Rule>>),
}

/// `diagnostic` with its places moved `by` octets later in the text.
fn shifted(mut diagnostic: Diagnostic, by: usize) -> Diagnostic {
    for label in std::iter::once(&mut diagnostic.primary).chain(&mut diagnostic.secondary) {
        label.span = Span::new(label.span.start() + by, label.span.end() + by);
    }
    diagnostic
}

/// Adds the identifier-like words of a text to `set`, each copied only when new (broken items
/// of mutated text repeat the same few words).
fn add_words(set: &mut std::collections::BTreeSet<String>, text: &str) {
    for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()) {
        if !set.contains(word) {
            set.insert(word.to_owned());
        }
    }
}

fn doc_text(raw: &str) -> String {
    let body = raw.strip_prefix("///").unwrap_or(raw);
    body.strip_prefix(' ').unwrap_or(body).trim_end().to_owned()
}

/// The name `node` (an `ident`) is.
pub(super) fn build_name(r: &mut Reader<'_>, node: &Node) -> ast::Name {
    name_at(r.text(), r.span(node))
}

fn name_at(text: &str, span: Span) -> ast::Name {
    ast::Name { text: ast::SmolStr::new(&text[span.range()]), span }
}

/// The string literal at `span` of `text`, unescaped.
fn build_str(text: &str, span: Span, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Str> {
    let raw = &text[span.range()];
    let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or("");
    let mut value = String::with_capacity(inner.len());
    let mut chars = inner.char_indices();
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            value.push(c);
            continue;
        }
        match chars.next() {
            Some((_, '"')) => value.push('"'),
            Some((_, '\\')) => value.push('\\'),
            Some((_, 'n')) => value.push('\n'),
            Some((_, 't')) => value.push('\t'),
            other => {
                let start = span.start() + 1 + i;
                let end = start + 1 + other.map_or(0, |(_, c)| c.len_utf8());
                diagnostics.push(
                    Diagnostic::new(
                        Code::Syntax,
                        "unknown escape in a string",
                        Span::new(start, end),
                        "unknown escape",
                    )
                    .with_help("the escapes are `\\\"`, `\\\\`, `\\n` and `\\t`"),
                );
                return None;
            }
        }
    }
    Some(ast::Str { value, span })
}

/// The integer at `span` of `text`.
pub(super) fn build_int(text: &str, span: Span, diagnostics: &mut Vec<Diagnostic>) -> Option<i64> {
    let digits = &text[span.range()];
    match digits.parse::<i64>() {
        Ok(v) => Some(v),
        Err(_) => {
            diagnostics.push(Diagnostic::new(
                Code::Syntax,
                format!("integer `{digits}` does not fit in 64 bits"),
                span,
                "too large",
            ));
            None
        }
    }
}

/// One `name = value;` of a `diagram { }` item (the grammar fixes the values).
fn diagram_setting(r: &mut Reader<'_>, setting: &Node) -> Option<ast::DiagramSetting> {
    if setting.rule != Rule::diagram_setting {
        return None;
    }
    let name = r.child(setting)?;
    let value = r.child(setting)?;
    let span = r.span(&value);
    let value = &r.text()[span.range()];
    let shown = value == "show";
    match name.rule {
        Rule::kw_direction => ast::Direction::from_code(value).map(|d| ast::DiagramSetting::Direction(d, span)),
        Rule::kw_events => Some(ast::DiagramSetting::Events(shown, span)),
        Rule::kw_actions => Some(ast::DiagramSetting::Actions(shown, span)),
        _ => None,
    }
}

/// An item, or a substate (the same shape: docs and attributes, then the item proper), pushed
/// onto `items`; `None` when it cannot be built. (Pushed here rather than returned, so that
/// the item, a few hundred octets, is not copied on its way.)
fn build_item(
    r: &mut Reader<'_>,
    item: &Node,
    items: &mut Vec<ast::Item>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<()> {
    let mut docs = Vec::new();
    let mut allow = Vec::new();
    let mut body = None;
    while let Some(part) = r.child(item) {
        match part.rule {
            Rule::doc => docs.push(doc_text(r.str(&part))),
            Rule::attribute => allow.extend(allowed(r, &part)),
            _ => {
                // The item proper comes last.
                body = Some(part);
                break;
            }
        }
    }
    let body = body?;
    let text = r.text();
    let kind = match body.rule {
        Rule::ref_item => {
            let string = r.find(&body, Rule::string)?;
            ast::ItemKind::Ref(build_str(text, r.span(&string), diagnostics)?)
        }
        Rule::unhandled_item => {
            let policy = r.find(&body, Rule::policy)?;
            let span = r.span(&policy);
            let value = match &text[span.range()] {
                "warn" => ast::Policy::Warn,
                "ignore" => ast::Policy::Ignore,
                _ => ast::Policy::Error,
            };
            ast::ItemKind::Unhandled(value, span)
        }
        Rule::state_decl => ast::ItemKind::State(build_state(r, &body, diagnostics)?),
        Rule::event_decl => {
            let parts = DeclParts::read(r, &body);
            let payload = parts.payload.map(|span| payload::build(text, span));
            ast::ItemKind::Event(ast::EventDecl { decl: parts.decl(text, diagnostics)?, payload })
        }
        Rule::guard_decl => ast::ItemKind::Guard(DeclParts::read(r, &body).decl(text, diagnostics)?),
        Rule::timer_decl => {
            let mut parts = DeclParts::read(r, &body);
            // A duration with an error is reported, and the timer still declared (without it).
            diagnostics.append(&mut parts.errors);
            let (default, duration) = match parts.duration.take() {
                Some(Duration::Constant(d)) => (Some(d), None),
                Some(Duration::Expr(e)) => (None, Some(e)),
                None => (None, None),
            };
            let payload = parts.payload.map(|span| payload::build(text, span));
            ast::ItemKind::Timer(ast::TimerDecl { decl: parts.decl(text, diagnostics)?, payload, default, duration })
        }
        Rule::action_decl => {
            let mut parts = DeclParts::read(r, &body);
            let alias = parts.alias.take();
            ast::ItemKind::Action(ast::ActionDecl { decl: parts.decl(text, diagnostics)?, alias })
        }
        Rule::var_decl | Rule::param_decl => ast::ItemKind::Var(build_var(r, &body, diagnostics)?),
        Rule::group_decl => ast::ItemKind::Group(build_group(r, &body, diagnostics)?),
        Rule::transition | Rule::internal_item => ast::ItemKind::Transition(build_transition(r, &body, diagnostics)?),
        Rule::ignore_item | Rule::error_item => ast::ItemKind::Ignore(build_ignore(r, &body, diagnostics)?),
        Rule::machine_attribute => ast::ItemKind::Allow(allowed(r, &body)),
        Rule::diagram_item => {
            let mut settings = Vec::new();
            while let Some(setting) = r.child(&body) {
                settings.extend(diagram_setting(r, &setting));
            }
            ast::ItemKind::Diagram(settings)
        }
        _ => {
            diagnostics.push(internal(body.rule, r.span(&body)));
            return None;
        }
    };
    items.push(ast::Item::new(kind, r.span(&body), docs, allow));
    Some(())
}

/// The codes of an `allow(...)` attribute: every name under `node`, in order.
fn allowed(r: &mut Reader<'_>, node: &Node) -> Vec<ast::Name> {
    fn collect(r: &mut Reader<'_>, node: &Node, names: &mut Vec<ast::Name>) {
        while let Some(child) = r.child(node) {
            match child.rule {
                Rule::ident => names.push(build_name(r, &child)),
                _ => collect(r, &child, names),
            }
        }
    }
    let mut names = Vec::new();
    collect(r, node, &mut names);
    names
}

/// The parts of a declaration (`event`, `guard`, `timer`, `action`), read in one pass and kept
/// as spans: its label is unescaped last, after the duration, as it always was.
#[derive(Default)]
struct DeclParts {
    name: Option<Span>,
    label: Option<Span>,
    /// The text between the parentheses of `(Type)`.
    payload: Option<Span>,
    /// A timer's duration.
    duration: Option<Duration>,
    /// What reading the duration reported.
    errors: Vec<Diagnostic>,
    /// An action's `= start T`.
    alias: Option<ast::TimerOp>,
}

impl DeclParts {
    fn read(r: &mut Reader<'_>, decl: &Node) -> DeclParts {
        let mut parts = DeclParts::default();
        while let Some(part) = r.child(decl) {
            match part.rule {
                Rule::ident if parts.name.is_none() => parts.name = Some(r.span(&part)),
                Rule::string => parts.label = Some(r.span(&part)),
                Rule::payload => {
                    if let Some(ty) = r.find(&part, Rule::payload_type) {
                        parts.payload = Some(r.span(&ty));
                    }
                }
                Rule::duration => parts.duration = build_duration(r, &part, &mut parts.errors),
                Rule::timer_op if parts.alias.is_none() => parts.alias = build_timer_op(r, &part),
                _ => {}
            }
        }
        parts
    }

    /// The name and label; `None` (the label's error reported) when the label does not unescape.
    fn decl(&self, text: &str, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Decl> {
        let label = match self.label {
            Some(span) => Some(build_str(text, span, diagnostics)?),
            None => None,
        };
        Some(ast::Decl { name: name_at(text, self.name?), label })
    }
}

fn build_state(r: &mut Reader<'_>, state: &Node, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::StateDecl> {
    let text = r.text();
    let mut name = None;
    let mut label = None;
    let mut initial = None;
    let mut is_final = None;
    let mut entry = Vec::new();
    let mut exit = Vec::new();
    let mut substates = Vec::new();
    while let Some(part) = r.child(state) {
        match part.rule {
            Rule::ident if name.is_none() => name = Some(r.span(&part)),
            Rule::string => label = Some(r.span(&part)),
            Rule::state_modifier => {
                while let Some(kw) = r.child(&part) {
                    let slot = match kw.rule {
                        Rule::kw_initial => &mut initial,
                        Rule::kw_final => &mut is_final,
                        _ => continue,
                    };
                    let span = r.span(&kw);
                    if let Some(first) = *slot {
                        diagnostics.push(
                            Diagnostic::new(
                                Code::Duplicate,
                                format!("`{}` is written twice", &text[span.range()]),
                                span,
                                "written again here",
                            )
                            .with_secondary(first, "first written here"),
                        );
                    }
                    *slot = Some(span);
                }
            }
            Rule::state_body => {
                while let Some(clause) = r.child(&part) {
                    if clause.rule == Rule::substate {
                        // Nesting is bounded by `MAX_NESTING`, checked before parsing.
                        // One that cannot be built is dropped, its error reported.
                        let _ = build_item(r, &clause, &mut substates, diagnostics);
                        continue;
                    }
                    if clause.rule == Rule::state_timer {
                        // Said once in the state: `entry start T` and `exit stop T`, here.
                        let timer = r.find(&clause, Rule::ident)?;
                        let name = build_name(r, &timer);
                        let span = r.span(&clause);
                        for (list, kind) in [(&mut entry, ast::TimerOpKind::Start), (&mut exit, ast::TimerOpKind::Stop)]
                        {
                            list.push(ast::Effect::Timer(ast::TimerOp { kind, timer: name.clone(), span }));
                        }
                        continue;
                    }
                    let into = if clause.rule == Rule::entry_clause { &mut entry } else { &mut exit };
                    if let Some(list) = r.find(&clause, Rule::effect_list) {
                        build_effects(r, &list, diagnostics, into);
                    }
                }
            }
            _ => {}
        }
    }
    // The label last: its error has always come after those of the body.
    let label = match label {
        Some(span) => Some(build_str(text, span, diagnostics)?),
        None => None,
    };
    let decl = ast::Decl { name: name_at(text, name?), label };
    Some(ast::StateDecl { decl, initial, is_final, entry, exit, substates })
}

fn build_var(r: &mut Reader<'_>, var: &Node, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::VarDecl> {
    let text = r.text();
    let mut name = None;
    let mut ty = None;
    let mut init = None;
    let mut output = false;
    let param = var.rule == Rule::param_decl;
    while let Some(part) = r.child(var) {
        match part.rule {
            Rule::kw_output => output = true,
            Rule::ident => name = Some(build_name(r, &part)),
            Rule::var_type => {
                let inner = r.child(&part)?;
                let var_type = match inner.rule {
                    Rule::int_range => {
                        let min = r.child(&inner)?;
                        let min = build_int(text, r.span(&min), diagnostics)?;
                        let max = r.child(&inner)?;
                        let max = build_int(text, r.span(&max), diagnostics)?;
                        ast::VarType::Int { min, max }
                    }
                    _ => ast::VarType::Bool,
                };
                ty = Some((var_type, r.span(&part)));
            }
            Rule::literal => init = Some(build_literal(r, &part, diagnostics)?),
            _ => {}
        }
    }
    let (ty, ty_span) = ty?;
    // A variable's initial value is in its grammar; a parameter's default is optional.
    if init.is_none() && !param {
        return None;
    }
    Some(ast::VarDecl { name: name?, ty, ty_span, init, output, param })
}

pub(super) fn build_literal(
    r: &mut Reader<'_>,
    literal: &Node,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ast::Literal> {
    let inner = r.child(literal)?;
    let span = r.span(&inner);
    Some(match inner.rule {
        Rule::kw_true => ast::Literal::Bool(true, span),
        Rule::kw_false => ast::Literal::Bool(false, span),
        _ => ast::Literal::Int(build_int(r.text(), span, diagnostics)?, span),
    })
}

fn build_names(r: &mut Reader<'_>, list: &Node) -> ast::List<ast::Name> {
    // Most lists have one name, which the list keeps without allocating.
    let mut names = ast::List::new();
    while let Some(part) = r.child(list) {
        if part.rule == Rule::ident {
            names.push(build_name(r, &part));
        }
    }
    names
}

fn build_state_set(r: &mut Reader<'_>, set: &Node) -> ast::StateSet {
    let mut star = None;
    let mut names = ast::List::new();
    while let Some(part) = r.child(set) {
        match part.rule {
            Rule::any_state => star = Some(r.span(&part)),
            Rule::ident_list => names = build_names(r, &part),
            _ => {}
        }
    }
    match star {
        Some(span) => ast::StateSet::All { span, except: names },
        None => ast::StateSet::Names(names),
    }
}

fn build_refs(r: &mut Reader<'_>, refs: &Node, diagnostics: &mut Vec<Diagnostic>) -> Vec<ast::Str> {
    let mut strings = Vec::new();
    while let Some(part) = r.child(refs) {
        if part.rule == Rule::string {
            strings.extend(build_str(r.text(), r.span(&part), diagnostics));
        }
    }
    strings
}

#[inline]
fn build_transition(
    r: &mut Reader<'_>,
    transition: &Node,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ast::Transition> {
    let mut sources = None;
    let mut target = None;
    let mut events = ast::List::new();
    let mut other = None;
    let mut guard = None;
    let mut effects = ast::List::new();
    let mut refs = Vec::new();
    while let Some(part) = r.child(transition) {
        match part.rule {
            Rule::state_set => sources = Some(build_state_set(r, &part)),
            Rule::ident => target = Some(build_name(r, &part)),
            Rule::event_list => events = build_names(r, &part),
            Rule::other_events => other = Some(Box::new(build_other_events(r, &part, diagnostics))),
            Rule::guard_clause => guard = Some(Box::new(build_guard(r, &part, diagnostics)?)),
            Rule::effects => {
                if let Some(list) = r.child(&part) {
                    build_effects(r, &list, diagnostics, &mut effects);
                }
            }
            Rule::refs => refs = build_refs(r, &part, diagnostics),
            _ => {}
        }
    }
    Some(ast::Transition { sources: sources?, target, events, other, guard, effects, refs })
}

fn build_group(r: &mut Reader<'_>, group: &Node, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::GroupDecl> {
    let mut name = None;
    let mut label = None;
    let mut effects = Vec::new();
    while let Some(part) = r.child(group) {
        match part.rule {
            Rule::ident => name = Some(build_name(r, &part)),
            Rule::string => label = build_str(r.text(), r.span(&part), diagnostics),
            Rule::effect_list => build_effects(r, &part, diagnostics, &mut effects),
            _ => {}
        }
    }
    Some(ast::GroupDecl { decl: ast::Decl { name: name?, label }, effects })
}

fn build_other_events(r: &mut Reader<'_>, other: &Node, diagnostics: &mut Vec<Diagnostic>) -> ast::OtherEvents {
    let mut span = Span::default();
    let mut except = ast::List::new();
    let mut label = None;
    while let Some(part) = r.child(other) {
        match part.rule {
            Rule::any_event => span = r.span(&part),
            Rule::event_list => except = build_names(r, &part),
            Rule::string => label = build_str(r.text(), r.span(&part), diagnostics),
            _ => {}
        }
    }
    ast::OtherEvents { span, except, label }
}

fn build_ignore(r: &mut Reader<'_>, ignore: &Node, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Ignore> {
    let mut events = ast::List::new();
    let mut every_event = None;
    let mut states = None;
    let mut otherwise = false;
    let mut refs = Vec::new();
    let mut error = None;
    while let Some(part) = r.child(ignore) {
        match part.rule {
            Rule::kw_error => error = Some(ast::ProtocolError { keyword: r.span(&part), cause: None }),
            Rule::string => {
                let cause = build_str(r.text(), r.span(&part), diagnostics);
                if let Some(error) = &mut error {
                    error.cause = cause;
                }
            }
            Rule::ignore_events => {
                let inner = r.child(&part)?;
                match inner.rule {
                    Rule::any_event => every_event = Some(r.span(&inner)),
                    _ => events = build_names(r, &inner),
                }
            }
            Rule::state_set => states = Some(build_state_set(r, &part)),
            Rule::kw_otherwise => otherwise = true,
            Rule::refs => refs = build_refs(r, &part, diagnostics),
            _ => {}
        }
    }
    Some(ast::Ignore { events, every_event, states, otherwise, refs, error })
}

/// The error for a broken item that is only doc comments or attributes (and comments), each on
/// lines of its own: they belong to the item after them, and none follows (the machine's `}`
/// does). At them, rather than at the `}` with every token an item may start with.
fn nothing_after(junk: &str, span: Span) -> Option<Diagnostic> {
    let (mut doc, mut attribute) = (false, false);
    // Where the last doc comment or attribute ends, in `junk` (a comment after it left out).
    let (mut offset, mut end) = (0, 0);
    for raw in junk.split_inclusive('\n') {
        let indent = raw.len() - raw.trim_start().len();
        let line = raw.trim();
        if line.starts_with("///") && !line.starts_with("////") {
            doc = true;
            end = offset + indent + line.len();
        } else {
            // An attribute the grammar reads whole, a comment after it or alone; anything else
            // (an attribute that does not parse among them) is a broken item of another kind.
            match without_comment(line).trim_end() {
                "" => {}
                code if is_attribute(code) => {
                    attribute = true;
                    end = offset + indent + code.len();
                }
                _ => return None,
            }
        }
        offset += raw.len();
    }
    if !doc && !attribute {
        return None;
    }
    let at = Span::new(span.start(), span.start() + end);
    Some(if doc {
        Diagnostic::new(Code::Syntax, "a doc comment with no item after it", at, "documents nothing")
            .with_help("a doc comment (`///`) documents the item that follows it; write `//` for a comment")
    } else {
        Diagnostic::new(Code::Syntax, "an attribute with no item after it", at, "applies to nothing")
            .with_help("an attribute applies to the item that follows it; `#![allow(...)]` applies to the machine")
    })
}
