//! Parse tree to syntax tree: the machine's frame and its items (declarations, states with
//! their entry and exit, transitions, `ignore`, attributes, `diagram { }`), with their spans. The
//! grammar fixes the shape of every pair, so the walk only meets what it expects; where it does
//! not, it records an internal error rather than panic. An item the lenient parse left as `junk`
//! is reported here, through `mistakes` or pest's own error on the item alone.

use super::errors::from_pest;
use super::expr::{build_effects, build_guard, build_timer_op};
use super::grammar::{Grammar, Rule};
use super::{mistakes, payload};
use crate::ast::{self, Span};
use crate::diag::{Code, Diagnostic};
use pest::Parser as _;
use pest::iterators::Pair;

pub(super) fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

fn internal(pair: &Pair<'_, Rule>) -> Diagnostic {
    Diagnostic::new(
        Code::Syntax,
        format!("internal error: unexpected {:?} in the parse tree", pair.as_rule()),
        span_of(pair),
        "while reading this",
    )
}

pub(super) fn build_spec(file: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Spec> {
    let text = file.get_input();
    let mut docs = Vec::new();
    let mut name = None;
    let mut label = None;
    let pairs = file.into_inner();
    // One item per pair but the machine's head: sized once, so that the items of a large spec
    // are not copied as the vector grows.
    let mut items = Vec::with_capacity(pairs.len());
    let mut broken = std::collections::BTreeSet::new();
    for pair in pairs {
        match pair.as_rule() {
            Rule::machine_head => {
                for part in pair.into_inner() {
                    match part.as_rule() {
                        Rule::doc => docs.push(doc_text(part.as_str())),
                        Rule::ident => name = Some(build_name(&part)),
                        Rule::string => label = build_str(&part, diagnostics),
                        _ => {}
                    }
                }
            }
            Rule::item => {
                let reported = diagnostics.len();
                let whole = pair.clone();
                match build_item(pair, diagnostics) {
                    Some(item) => items.push(item),
                    None => {
                        if diagnostics.len() == reported {
                            diagnostics.push(internal(&whole));
                        }
                        // The item is dropped: its names may be declarations others refer to.
                        broken.extend(words(whole.as_str()));
                    }
                }
            }
            Rule::junk => {
                broken.extend(words(pair.as_str()));
                let start = pair.as_span().start();
                if let Some(diagnostic) = mistakes::diagnose(pair.as_str(), start) {
                    diagnostics.push(diagnostic);
                    continue;
                }
                match Grammar::parse(Rule::item_alone, pair.as_str()) {
                    Err(error) => diagnostics.push(from_pest(text, start, &error)),
                    Ok(_) => diagnostics.push(Diagnostic::new(
                        Code::Syntax,
                        "this item cannot be read here",
                        span_of(&pair),
                        "unexpected item",
                    )),
                }
            }
            _ => {}
        }
    }
    Some(ast::Spec { docs, name: name?, label, items, broken })
}

/// The identifier-like words of a text.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).map(str::to_owned)
}

fn doc_text(raw: &str) -> String {
    let body = raw.strip_prefix("///").unwrap_or(raw);
    body.strip_prefix(' ').unwrap_or(body).trim_end().to_owned()
}

pub(super) fn build_name(pair: &Pair<'_, Rule>) -> ast::Name {
    ast::Name { text: pair.as_str().to_owned(), span: span_of(pair) }
}

fn build_str(pair: &Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Str> {
    let raw = pair.as_str();
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
                let start = pair.as_span().start() + 1 + i;
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
    Some(ast::Str { value, span: span_of(pair) })
}

pub(super) fn build_int(pair: &Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<i64> {
    match pair.as_str().parse::<i64>() {
        Ok(v) => Some(v),
        Err(_) => {
            diagnostics.push(Diagnostic::new(
                Code::Syntax,
                format!("integer `{}` does not fit in 64 bits", pair.as_str()),
                span_of(pair),
                "too large",
            ));
            None
        }
    }
}

/// One `name = value;` of a `diagram { }` item (the grammar fixes the values).
fn diagram_setting(pair: Pair<'_, Rule>) -> Option<ast::DiagramSetting> {
    if pair.as_rule() != Rule::diagram_setting {
        return None;
    }
    let mut parts = pair.into_inner();
    let name = parts.next()?;
    let value = parts.next()?;
    let span = span_of(&value);
    let shown = value.as_str() == "show";
    match name.as_rule() {
        Rule::kw_direction => {
            ast::Direction::from_code(value.as_str()).map(|d| ast::DiagramSetting::Direction(d, span))
        }
        Rule::kw_events => Some(ast::DiagramSetting::Events(shown, span)),
        Rule::kw_actions => Some(ast::DiagramSetting::Actions(shown, span)),
        _ => None,
    }
}

fn build_item(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Item> {
    let mut docs = Vec::new();
    let mut allow = Vec::new();
    let mut body = None;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::doc => docs.push(doc_text(part.as_str())),
            Rule::attribute => allow.extend(allowed(part)),
            _ => body = Some(part),
        }
    }
    let body = body?;
    let span = span_of(&body);
    let kind = match body.as_rule() {
        Rule::ref_item => ast::ItemKind::Ref(first_str(body, diagnostics)?),
        Rule::unhandled_item => {
            let policy = body.into_inner().find(|p| p.as_rule() == Rule::policy)?;
            let value = match policy.as_str() {
                "warn" => ast::Policy::Warn,
                "ignore" => ast::Policy::Ignore,
                _ => ast::Policy::Error,
            };
            ast::ItemKind::Unhandled(value, span_of(&policy))
        }
        Rule::state_decl => ast::ItemKind::State(build_state(body, diagnostics)?),
        Rule::event_decl => {
            let payload = payload::build(&body);
            ast::ItemKind::Event(ast::EventDecl { decl: build_decl(body, diagnostics)?, payload })
        }
        Rule::guard_decl => ast::ItemKind::Guard(build_decl(body, diagnostics)?),
        Rule::timer_decl => {
            // A duration too long is reported, and the timer still declared (without it).
            let default = body
                .clone()
                .into_inner()
                .find(|p| p.as_rule() == Rule::duration)
                .and_then(|d| build_duration(&d, diagnostics));
            let payload = payload::build(&body);
            ast::ItemKind::Timer(ast::TimerDecl { decl: build_decl(body, diagnostics)?, payload, default })
        }
        Rule::action_decl => {
            let alias =
                body.clone().into_inner().find(|p| p.as_rule() == Rule::timer_op).and_then(|p| build_timer_op(&p));
            ast::ItemKind::Action(ast::ActionDecl { decl: build_decl(body, diagnostics)?, alias })
        }
        Rule::var_decl => ast::ItemKind::Var(build_var(body, diagnostics)?),
        Rule::transition | Rule::internal_item => ast::ItemKind::Transition(build_transition(body, diagnostics)?),
        Rule::ignore_item => ast::ItemKind::Ignore(build_ignore(body, diagnostics)?),
        Rule::machine_attribute => ast::ItemKind::Allow(allowed(body)),
        Rule::diagram_item => ast::ItemKind::Diagram(body.into_inner().filter_map(diagram_setting).collect()),
        _ => {
            diagnostics.push(internal(&body));
            return None;
        }
    };
    Some(ast::Item { docs, allow, kind, span })
}

/// The codes of an `allow(...)` attribute.
fn allowed(pair: Pair<'_, Rule>) -> Vec<ast::Name> {
    pair.into_inner().flatten().filter(|p| p.as_rule() == Rule::ident).map(|p| build_name(&p)).collect()
}

fn first_str(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Str> {
    let s = pair.into_inner().find(|p| p.as_rule() == Rule::string)?;
    build_str(&s, diagnostics)
}

fn build_decl(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Decl> {
    let mut name = None;
    let mut label = None;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::ident if name.is_none() => name = Some(build_name(&part)),
            Rule::string => label = Some(build_str(&part, diagnostics)?),
            _ => {}
        }
    }
    Some(ast::Decl { name: name?, label })
}

fn build_state(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::StateDecl> {
    let mut initial = None;
    let mut is_final = None;
    let mut entry = Vec::new();
    let mut exit = Vec::new();
    let mut substates = Vec::new();
    for part in pair.clone().into_inner() {
        match part.as_rule() {
            Rule::state_modifier => {
                for kw in part.into_inner() {
                    let slot = match kw.as_rule() {
                        Rule::kw_initial => &mut initial,
                        Rule::kw_final => &mut is_final,
                        _ => continue,
                    };
                    if let Some(first) = *slot {
                        diagnostics.push(
                            Diagnostic::new(
                                Code::Duplicate,
                                format!("`{}` is written twice", kw.as_str()),
                                span_of(&kw),
                                "written again here",
                            )
                            .with_secondary(first, "first written here"),
                        );
                    }
                    *slot = Some(span_of(&kw));
                }
            }
            Rule::state_body => {
                for clause in part.into_inner() {
                    if clause.as_rule() == Rule::substate {
                        // Nesting is bounded by `MAX_NESTING`, checked before parsing.
                        substates.extend(build_item(clause, diagnostics));
                        continue;
                    }
                    if clause.as_rule() == Rule::state_timer {
                        // Said once in the state: `entry start T` and `exit stop T`, here.
                        let name = build_name(&clause.clone().into_inner().find(|p| p.as_rule() == Rule::ident)?);
                        let span = span_of(&clause);
                        for (list, kind) in [(&mut entry, ast::TimerOpKind::Start), (&mut exit, ast::TimerOpKind::Stop)]
                        {
                            list.push(ast::Effect::Timer(ast::TimerOp { kind, timer: name.clone(), span }));
                        }
                        continue;
                    }
                    let into = if clause.as_rule() == Rule::entry_clause { &mut entry } else { &mut exit };
                    if let Some(list) = clause.into_inner().find(|p| p.as_rule() == Rule::effect_list) {
                        into.extend(build_effects(list, diagnostics));
                    }
                }
            }
            _ => {}
        }
    }
    Some(ast::StateDecl { decl: build_decl(pair, diagnostics)?, initial, is_final, entry, exit, substates })
}

/// A duration with its unit (`2 s`, `500 ms`, `1 min`, `1 h`).
fn build_duration(pair: &Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<std::time::Duration> {
    let mut parts = pair.clone().into_inner();
    let (number, unit) = (parts.next()?, parts.next()?);
    let millis_per_unit: u64 = match unit.as_str() {
        "ms" => 1,
        "s" => 1_000,
        "min" => 60_000,
        _ => 3_600_000,
    };
    match number.as_str().parse::<u64>().ok().and_then(|n| n.checked_mul(millis_per_unit)) {
        Some(millis) => Some(std::time::Duration::from_millis(millis)),
        None => {
            diagnostics.push(Diagnostic::new(
                Code::Syntax,
                format!("the duration `{}` is too long", pair.as_str()),
                span_of(pair),
                "more than 2^64 milliseconds",
            ));
            None
        }
    }
}

fn build_var(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::VarDecl> {
    let mut name = None;
    let mut ty = None;
    let mut init = None;
    let mut output = false;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::kw_output => output = true,
            Rule::ident => name = Some(build_name(&part)),
            Rule::var_type => {
                let ty_span = span_of(&part);
                let inner = part.into_inner().next()?;
                ty = Some((
                    match inner.as_rule() {
                        Rule::int_range => {
                            let mut ints = inner.into_inner();
                            let min = build_int(&ints.next()?, diagnostics)?;
                            let max = build_int(&ints.next()?, diagnostics)?;
                            ast::VarType::Int { min, max }
                        }
                        _ => ast::VarType::Bool,
                    },
                    ty_span,
                ));
            }
            Rule::literal => init = Some(build_literal(&part, diagnostics)?),
            _ => {}
        }
    }
    let (ty, ty_span) = ty?;
    Some(ast::VarDecl { name: name?, ty, ty_span, init: init?, output })
}

pub(super) fn build_literal(pair: &Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Literal> {
    let inner = pair.clone().into_inner().next()?;
    let span = span_of(&inner);
    Some(match inner.as_rule() {
        Rule::kw_true => ast::Literal::Bool(true, span),
        Rule::kw_false => ast::Literal::Bool(false, span),
        _ => ast::Literal::Int(build_int(&inner, diagnostics)?, span),
    })
}

fn build_names(pair: Pair<'_, Rule>) -> Vec<ast::Name> {
    // Sized once: a list's pairs are its names (the filter is for safety only).
    let parts = pair.into_inner();
    let mut names = Vec::with_capacity(parts.len());
    names.extend(parts.filter(|p| p.as_rule() == Rule::ident).map(|p| build_name(&p)));
    names
}

fn build_state_set(pair: Pair<'_, Rule>) -> ast::StateSet {
    let mut star = None;
    let mut names = Vec::new();
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::any_state => star = Some(span_of(&part)),
            Rule::ident_list => names = build_names(part),
            _ => {}
        }
    }
    match star {
        Some(span) => ast::StateSet::All { span, except: names },
        None => ast::StateSet::Names(names),
    }
}

fn build_refs(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Vec<ast::Str> {
    pair.into_inner().filter(|p| p.as_rule() == Rule::string).filter_map(|p| build_str(&p, diagnostics)).collect()
}

fn build_transition(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Transition> {
    let mut sources = None;
    let mut target = None;
    let mut events = Vec::new();
    let mut guard = None;
    let mut effects = Vec::new();
    let mut refs = Vec::new();
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::state_set => sources = Some(build_state_set(part)),
            Rule::ident => target = Some(build_name(&part)),
            Rule::event_list => events = build_names(part),
            Rule::guard_clause => guard = Some(build_guard(part, diagnostics)?),
            Rule::effects => {
                if let Some(list) = part.into_inner().next() {
                    effects = build_effects(list, diagnostics);
                }
            }
            Rule::refs => refs = build_refs(part, diagnostics),
            _ => {}
        }
    }
    Some(ast::Transition { sources: sources?, target, events, guard, effects, refs })
}

fn build_ignore(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Ignore> {
    let mut events = Vec::new();
    let mut every_event = None;
    let mut states = None;
    let mut otherwise = false;
    let mut refs = Vec::new();
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::ignore_events => {
                let inner = part.into_inner().next()?;
                match inner.as_rule() {
                    Rule::any_event => every_event = Some(span_of(&inner)),
                    _ => events = build_names(inner),
                }
            }
            Rule::state_set => states = Some(build_state_set(part)),
            Rule::kw_otherwise => otherwise = true,
            Rule::refs => refs = build_refs(part, diagnostics),
            _ => {}
        }
    }
    Some(ast::Ignore { events, every_event, states, otherwise, refs })
}
