//! Text to syntax tree: the pest grammar (`syntax/fsm.pest`; its parser, generated, in
//! `syntax/grammar.rs`), error recovery so that every broken item is reported and not only the
//! first, and the conversion of pest's parse tree into `ast` with spans.

use crate::ast::{self, Span};
use crate::diag::{Code, Diagnostic};
use pest::Parser as _;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;

// The parser of `syntax/fsm.pest`, generated ahead of time by pest's generator (so that users'
// builds need no `pest_derive`) and kept in step with the grammar by `tests/parser.rs`.
#[rustfmt::skip]
pub(crate) mod grammar;
mod mistakes;
mod payload;
use grammar::{Grammar, Rule};

/// Deepest nesting of brackets accepted. Deeper text is refused before parsing, so that neither
/// the parser nor the tree walk can run out of stack on hostile input.
pub const MAX_NESTING: usize = 64;

/// Most terms one guard may join with `&&` or `||`, for the same reason.
pub const MAX_OPERANDS: usize = 256;

/// Parses a spec. Returns the syntax tree when the file's frame (`machine NAME { ... }`) could be
/// read, with every item that parsed, and one diagnostic per item that did not.
pub fn parse(text: &str) -> (Option<ast::Spec>, Vec<Diagnostic>) {
    if let Some(diagnostic) = check_nesting(text) {
        return (None, vec![diagnostic]);
    }
    let strict = match Grammar::parse(Rule::file, text) {
        Ok(mut pairs) => {
            let mut diagnostics = Vec::new();
            let spec = pairs.next().and_then(|file| build_spec(file, &mut diagnostics));
            return (spec, diagnostics);
        }
        Err(_) => {
            // Parse again collecting what was expected where (slower, so only on failure). The
            // setting is process-wide and is never turned off again, so that a parse running
            // at the same time in another thread cannot lose its details.
            pest::set_error_detail(true);
            match Grammar::parse(Rule::file, text) {
                Ok(mut pairs) => {
                    let mut diagnostics = Vec::new();
                    let spec = pairs.next().and_then(|file| build_spec(file, &mut diagnostics));
                    return (spec, diagnostics);
                }
                Err(error) => error,
            }
        }
    };
    // Read again leniently: items that do not parse become `junk`, each reported on its own.
    let Ok(mut pairs) = Grammar::parse(Rule::file_recover, text) else {
        return (None, vec![from_pest(text, 0, &strict)]);
    };
    let mut diagnostics = Vec::new();
    let spec = pairs.next().and_then(|file| build_spec(file, &mut diagnostics));
    if !diagnostics.iter().any(|d| d.code == Code::Syntax) {
        // The lenient reading found nothing wrong where the strict one did: report the latter.
        diagnostics.push(from_pest(text, 0, &strict));
    }
    diagnostics.sort_by_key(|d| d.primary.span.start);
    (spec, diagnostics)
}

/// Whether `text` follows the grammar: pest's parse alone, no syntax tree built and no
/// diagnostic (the `checker` benchmark measures the front end against it).
pub fn follows_grammar(text: &str) -> bool {
    check_nesting(text).is_none() && Grammar::parse(Rule::file, text).is_ok()
}

/// Refuses text nested deeper than `MAX_NESTING`, outside strings and comments.
fn check_nesting(text: &str) -> Option<Diagnostic> {
    let mut depth = 0usize;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                while let Some((_, c)) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' | '\n' => break,
                        _ => {}
                    }
                }
            }
            '/' if chars.peek().map(|&(_, c)| c) == Some('/') => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' | '[' | '{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(Diagnostic::new(
                        Code::Syntax,
                        format!("brackets nested more than {MAX_NESTING} deep"),
                        Span::new(i, i + 1),
                        "too deep",
                    ));
                }
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Turns a pest error into a diagnostic that says, in words, what was expected and what was
/// found. `offset` is where the parsed text starts in the whole spec.
fn from_pest(text: &str, offset: usize, error: &pest::error::Error<Rule>) -> Diagnostic {
    let mut pos = offset
        + match error.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
    let mut expected: Vec<String> = Vec::new();
    let attempts = error.parse_attempts();
    // pest places the error where a rule last failed; the literal tokens it tried may have got
    // further (past a complete name or number, say). Where they did, they are what was expected.
    // (Only when one of them is punctuation: letters and digits tried past a name come from the
    // test that the name is not a keyword, not from what may follow it.)
    let further = attempts.as_ref().filter(|a| {
        let punctuation = a.expected_tokens().iter().any(|t| {
            let t = t.to_string();
            !t.is_empty()
                && t.chars().all(|c| c.is_ascii_punctuation())
                && !matches!(t.as_str(), "//" | "////" | "_" | "\"")
        });
        offset + a.max_position > pos && punctuation
    });
    match further {
        Some(a) => pos = offset + a.max_position,
        None => {
            if let ErrorVariant::ParsingError { positives, .. } = &error.variant {
                expected.extend(positives.iter().filter_map(|r| describe_rule(*r)).map(str::to_owned));
            }
        }
    }
    if let Some(attempts) = attempts {
        let tokens: Vec<String> = attempts.expected_tokens().iter().map(ToString::to_string).collect();
        // Digits are expected after a letter (inside a name) as well as at the start of an
        // integer; only the optional `-` of an integer, or the absence of letters, says which.
        let letters = tokens.iter().any(|t| t == "a..z" || t == "A..Z");
        let integer = tokens.iter().any(|t| t == "-") || !letters;
        for token in &tokens {
            match describe_token(token) {
                Some(words) if words == "an integer" && !integer => {}
                Some(words) => expected.push(words),
                None => {}
            }
        }
    }
    let found = found_at(text, pos);
    expected.sort();
    expected.dedup();
    // A rule's description already names the tokens it stands for.
    if expected.iter().any(|e| e.starts_with("a comparison")) {
        expected.retain(|e| !matches!(e.as_str(), "`==`" | "`!=`" | "`<`" | "`<=`" | "`>`" | "`>=`"));
    }
    if expected.iter().any(|e| e.starts_with("a unit of time")) {
        // The digits expected are more of the number, which is complete.
        expected.retain(|e| e != "an integer" && e != "a number");
    }
    if expected.iter().any(|e| e.starts_with("`=`, `+=`")) {
        expected.retain(|e| !matches!(e.as_str(), "`=`" | "`+=`" | "`-=`"));
    }
    if expected.iter().any(|e| e.starts_with("an item")) {
        // Everything else that can start an item is already said by "an item".
        expected.retain(|e| e.starts_with("an item") || e == "`}`" || e == "end of file");
    }
    let message = match (expected.as_slice(), &error.variant) {
        (_, ErrorVariant::CustomError { message }) => message.clone(),
        ([], _) => format!("unexpected {}", found.describe()),
        (list, _) => format!("expected {}, found {}", join_or(list), found.describe()),
    };
    let label =
        if expected.is_empty() { "unexpected here".to_owned() } else { format!("expected {}", join_or(&expected)) };
    let mut diagnostic = Diagnostic::new(Code::Syntax, message, found.span, label);
    if let Some(help) = syntax_help(text, pos, &expected) {
        diagnostic = diagnostic.with_help(help);
    }
    if expected.iter().any(|e| e == "`;`") {
        // Point where the `;` belongs: right after the previous token, as rustc does.
        let end = text[..pos.min(text.len())].trim_end().len();
        if end < pos && end > 0 {
            diagnostic = diagnostic.with_secondary(Span::new(end, end), "`;` may belong here");
        }
    }
    diagnostic
}

/// What stands at a position, for "found ..." in messages.
struct Found {
    span: Span,
    text: Option<String>,
    /// A `///` doc comment.
    doc: bool,
}

impl Found {
    fn describe(&self) -> String {
        match &self.text {
            None if self.doc => "a doc comment".to_owned(),
            None => "end of file".to_owned(),
            Some(t) => quote_truncated(t),
        }
    }
}

/// Most characters of a word of junk quoted in a message.
const MAX_QUOTED: usize = 32;

/// A word in backquotes, shortened to its first [`MAX_QUOTED`] characters when longer, so that
/// a megabyte of junk is not echoed whole: "`yyyy...` (1000000 characters)".
fn quote_truncated(word: &str) -> String {
    match word.char_indices().nth(MAX_QUOTED) {
        None => format!("`{word}`"),
        Some((cut, _)) => format!("`{}...` ({} characters)", &word[..cut], word.chars().count()),
    }
}

fn found_at(text: &str, pos: usize) -> Found {
    let mut pos = pos.min(text.len());
    while !text.is_char_boundary(pos) {
        pos -= 1;
    }
    let rest = &text[pos..];
    let Some(first) = rest.chars().next() else {
        return Found { span: Span::new(pos, pos), text: None, doc: false };
    };
    if rest.starts_with("///") {
        return Found { span: Span::new(pos, pos + 3), text: None, doc: true };
    }
    let len = if first.is_alphanumeric() || first == '_' {
        rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len())
    } else {
        first.len_utf8()
    };
    Found { span: Span::new(pos, pos + len), text: Some(rest[..len].to_owned()), doc: false }
}

/// A help line for the commonest slips.
fn syntax_help(text: &str, pos: usize, expected: &[String]) -> Option<String> {
    let found = found_at(text, pos);
    let word = found.text.clone().unwrap_or_default();
    if expected.iter().any(|e| e.starts_with("a unit of time")) {
        return Some("a duration has a unit after its number: `30 s`, `500 ms`".to_owned());
    }
    if expected.iter().any(|e| e == "`;`") && (found.text.is_some() || found.doc) {
        return Some("the previous item may be missing its closing `;`".to_owned());
    }
    // Words that follow a name in the grammar are more likely a missing name than a misused one.
    if expected.iter().any(|e| e == "a name") && is_keyword(&word) && !matches!(word.as_str(), "on" | "in" | "except") {
        return Some(format!("`{word}` is a keyword of the DSL and cannot be used as a name"));
    }
    // A misspelled keyword at the start of an item reads as the first name of a transition.
    let before = text[..found.span.start.min(text.len())].trim_end();
    let previous = before.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or("");
    let item_start = before[..before.len() - previous.len()].trim_end().ends_with([';', '{', '}']);
    for candidate in [word.as_str(), previous] {
        let at_start = if candidate == word { expected.iter().any(|e| e.starts_with("an item")) } else { item_start };
        if at_start
            && !candidate.is_empty()
            && !is_keyword(candidate)
            && let Some(keyword) = crate::check::suggest(candidate, ITEM_KEYWORDS.iter().copied())
        {
            return Some(format!("did you mean `{keyword}` instead of `{candidate}`?"));
        }
    }
    if found.doc && expected.iter().any(|e| e.starts_with("`}`") || e == "end of file") {
        return Some("a doc comment documents the item that follows it; this one has none".to_owned());
    }
    None
}

/// The keywords that start an item of a machine (the language server completes them where an
/// item may start; a misspelling of one there gets a "did you mean").
pub const ITEM_KEYWORDS: [&str; 13] = [
    "state",
    "initial",
    "final",
    "event",
    "action",
    "guard",
    "timer",
    "var",
    "output",
    "ref",
    "internal",
    "ignore",
    "unhandled",
];

/// The DSL's keywords: words that cannot be names (the language server highlights and
/// completes them, and refuses them as new names).
pub const KEYWORDS: [&str; 26] = [
    "machine",
    "state",
    "initial",
    "final",
    "event",
    "action",
    "guard",
    "timer",
    "var",
    "ref",
    "on",
    "internal",
    "ignore",
    "in",
    "except",
    "else",
    "entry",
    "exit",
    "start",
    "stop",
    "unhandled",
    "true",
    "false",
    "bool",
    "otherwise",
    "output",
];

fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// Plain words for a grammar rule that can be expected; `None` for rules that are never the
/// first thing missing (their first token is reported instead).
fn describe_rule(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::ident => "a name",
        Rule::string => "a quoted string",
        Rule::int => "an integer",
        Rule::doc => "a doc comment",
        Rule::item | Rule::junk => {
            "an item (`state`, `event`, `action`, `guard`, `timer`, `var`, `ref`, `ignore`, `internal` or a transition)"
        }
        Rule::kw_machine => "`machine`",
        Rule::kw_state => "`state`",
        Rule::kw_initial => "`initial`",
        Rule::kw_final => "`final`",
        Rule::kw_event => "`event`",
        Rule::kw_action => "`action`",
        Rule::kw_guard => "`guard`",
        Rule::kw_timer => "`timer`",
        Rule::kw_var => "`var`",
        Rule::kw_ref => "`ref`",
        Rule::kw_on => "`on`",
        Rule::kw_internal => "`internal`",
        Rule::kw_ignore => "`ignore`",
        Rule::kw_in => "`in`",
        Rule::kw_except => "`except`",
        Rule::kw_else => "`else`",
        Rule::kw_entry => "`entry`",
        Rule::kw_exit => "`exit`",
        Rule::kw_start => "`start`",
        Rule::kw_stop => "`stop`",
        Rule::kw_unhandled => "`unhandled`",
        Rule::kw_true => "`true`",
        Rule::kw_false => "`false`",
        Rule::kw_bool => "`bool`",
        Rule::kw_otherwise => "`otherwise`",
        Rule::kw_output => "`output`",
        Rule::kw_allow => "`allow`",
        Rule::kw_diagram => "`diagram`",
        Rule::kw_direction => "`direction`",
        Rule::kw_events => "`events`",
        Rule::kw_actions => "`actions`",
        Rule::diagram_setting => "a diagram setting (`direction = TB;`, `events = hide;`, `actions = hide;`)",
        Rule::direction => "a direction (`TB`, `LR`, `BT` or `RL`)",
        Rule::visibility => "`show` or `hide`",
        Rule::duration => "a duration (`2 s`, `500 ms`, `1 min`)",
        Rule::uint => "a number",
        Rule::time_unit => "a unit of time (`ms`, `s`, `min` or `h`)",
        Rule::state_timer => "`timer`",
        Rule::substate => "a substate (`state NAME;`)",
        Rule::payload => "the event's data in parentheses (`(Segment)`)",
        Rule::payload_type => "a Rust type path (`Segment`)",
        Rule::attribute | Rule::machine_attribute => "an attribute (`#[allow(W0002)]`)",
        Rule::any_event => "`*`",
        Rule::policy => "`error`, `warn` or `ignore`",
        Rule::any_state => "`*`",
        Rule::cmp_op => "a comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`)",
        Rule::assign_op => "`=`, `+=` or `-=`",
        Rule::or_op => "`||`",
        Rule::and_op => "`&&`",
        Rule::not_op => "`!`",
        Rule::int_range => "a range (`0..=3`)",
        Rule::EOI => "end of file",
        _ => return None,
    })
}

/// Plain words for a literal token of the grammar.
fn describe_token(token: &str) -> Option<String> {
    let chars: Vec<char> = token.chars().collect();
    match chars.as_slice() {
        // Character ranges are white space, the first letter of a name or the first digit of
        // an integer.
        [a, '.', '.', _] if a.is_whitespace() => None,
        [a, '.', '.', _] if a.is_ascii_digit() => Some("an integer".to_owned()),
        [_, '.', '.', _] | ['_'] => Some("a name".to_owned()),
        // Whitespace, and the pieces of keywords and comments, are reported through their rules.
        [] => None,
        _ if chars.iter().all(|c| c.is_whitespace() || *c == '\u{feff}') => None,
        // Keywords; the letters of `error`, `warn` and `ignore` come through their rule.
        _ if chars.iter().all(|c| c.is_ascii_alphabetic()) => is_keyword(token).then(|| format!("`{token}`")),
        _ => match token {
            "///" | "//" | "////" | "\"" | "\\" | "-" => None,
            t => Some(format!("`{t}`")),
        },
    }
}

// ---------------------------------------------------------------------------------------------
// Parse tree to syntax tree. The grammar fixes the shape of every pair, so the walk below only
// meets what it expects; where it does not, it records an internal error rather than panic.

fn span_of(pair: &Pair<'_, Rule>) -> Span {
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

fn build_spec(file: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Spec> {
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

fn build_name(pair: &Pair<'_, Rule>) -> ast::Name {
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

fn build_int(pair: &Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<i64> {
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

fn build_literal(pair: &Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Literal> {
    let inner = pair.clone().into_inner().next()?;
    let span = span_of(&inner);
    Some(match inner.as_rule() {
        Rule::kw_true => ast::Literal::Bool(true, span),
        Rule::kw_false => ast::Literal::Bool(false, span),
        _ => ast::Literal::Int(build_int(&inner, diagnostics)?, span),
    })
}

fn build_names(pair: Pair<'_, Rule>) -> Vec<ast::Name> {
    pair.into_inner().filter(|p| p.as_rule() == Rule::ident).map(|p| build_name(&p)).collect()
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

fn build_guard(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::GuardClause> {
    let inner = pair.into_inner().next()?;
    match inner.as_rule() {
        Rule::kw_else => Some(ast::GuardClause::Else(span_of(&inner))),
        _ => Some(ast::GuardClause::Expr(build_expr(inner, diagnostics)?)),
    }
}

fn build_expr(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Expr> {
    match pair.as_rule() {
        Rule::expr | Rule::conj => {
            let is_or = pair.as_rule() == Rule::expr;
            let operands = pair.clone().into_inner().filter(|p| !matches!(p.as_rule(), Rule::or_op | Rule::and_op));
            if operands.count() > MAX_OPERANDS {
                diagnostics.push(Diagnostic::new(
                    Code::Syntax,
                    format!("a guard may join at most {MAX_OPERANDS} terms with `&&` or `||`"),
                    span_of(&pair),
                    "too long",
                ));
                return None;
            }
            let parts = pair.into_inner().filter(|p| !matches!(p.as_rule(), Rule::or_op | Rule::and_op));
            let operands = parts.map(|p| build_expr(p, diagnostics)).collect::<Option<Vec<_>>>()?;
            Some(balanced(operands, is_or))
        }
        Rule::unary => {
            let nots: Vec<Span> =
                pair.clone().into_inner().filter(|p| p.as_rule() == Rule::not_op).map(|p| span_of(&p)).collect();
            let primary = pair.into_inner().find(|p| p.as_rule() == Rule::primary)?;
            let expr = build_expr(primary, diagnostics)?;
            // `!!x` is `x`: only the parity of a run of `!` matters, and keeping the run would
            // nest the tree as deep as the text is long.
            Some(match nots.first() {
                Some(first) if nots.len() % 2 == 1 => {
                    let span = first.to(expr.span());
                    ast::Expr::Not(Box::new(expr), span)
                }
                _ => expr,
            })
        }
        Rule::primary => {
            let inner = pair.into_inner().next()?;
            match inner.as_rule() {
                Rule::expr => build_expr(inner, diagnostics),
                Rule::comparison => {
                    let mut parts = inner.into_inner();
                    let lhs = build_operand(parts.next()?, diagnostics)?;
                    let op = match parts.next()?.as_str() {
                        "==" => ast::CmpOp::Eq,
                        "!=" => ast::CmpOp::Ne,
                        "<=" => ast::CmpOp::Le,
                        ">=" => ast::CmpOp::Ge,
                        "<" => ast::CmpOp::Lt,
                        _ => ast::CmpOp::Gt,
                    };
                    let rhs = build_operand(parts.next()?, diagnostics)?;
                    Some(ast::Expr::Cmp(op, lhs, rhs))
                }
                Rule::kw_true => Some(ast::Expr::Bool(true, span_of(&inner))),
                Rule::kw_false => Some(ast::Expr::Bool(false, span_of(&inner))),
                _ => Some(ast::Expr::Name(build_name(&inner))),
            }
        }
        _ => None,
    }
}

/// Joins operands with `&&` or `||` as a balanced tree: both are associative, and a balanced
/// tree keeps the depth (and every recursion over it) logarithmic in the length of the chain.
fn balanced(mut operands: Vec<ast::Expr>, is_or: bool) -> ast::Expr {
    if operands.len() == 1 {
        return operands.remove(0);
    }
    let right = operands.split_off(operands.len() / 2);
    let (a, b) = (Box::new(balanced(operands, is_or)), Box::new(balanced(right, is_or)));
    if is_or { ast::Expr::Or(a, b) } else { ast::Expr::And(a, b) }
}

fn build_operand(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Operand> {
    let inner = pair.into_inner().next()?;
    match inner.as_rule() {
        Rule::int => Some(ast::Operand::Int(build_int(&inner, diagnostics)?, span_of(&inner))),
        _ => Some(ast::Operand::Name(build_name(&inner))),
    }
}

fn build_timer_op(pair: &Pair<'_, Rule>) -> Option<ast::TimerOp> {
    let mut parts = pair.clone().into_inner();
    let kind = match parts.next()?.as_rule() {
        Rule::kw_start => ast::TimerOpKind::Start,
        _ => ast::TimerOpKind::Stop,
    };
    let timer = build_name(&parts.next()?);
    Some(ast::TimerOp { kind, timer, span: span_of(pair) })
}

fn build_effects(list: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Vec<ast::Effect> {
    let mut effects = Vec::new();
    for effect in list.into_inner() {
        let mut parts = effect.into_inner();
        let Some(first) = parts.next() else { continue };
        if first.as_rule() == Rule::timer_op {
            effects.extend(build_timer_op(&first).map(ast::Effect::Timer));
            continue;
        }
        let (Some(op), Some(value)) = (parts.next(), parts.next()) else {
            effects.push(ast::Effect::Action(build_name(&first)));
            continue;
        };
        let op = match op.as_str() {
            "+=" => ast::AssignOp::Add,
            "-=" => ast::AssignOp::Sub,
            _ => ast::AssignOp::Set,
        };
        if let Some(value) = build_literal(&value, diagnostics) {
            effects.push(ast::Effect::Assign { var: build_name(&first), op, value });
        }
    }
    effects
}
