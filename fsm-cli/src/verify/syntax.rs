//! The system text to its syntax tree: pest's parser of `system.pest`, then a walk of the
//! parse tree into [`SystemAst`], every name with its byte span. The nesting of an invariant's
//! parentheses and the size of the text are bounded before pest recurses.

use super::diag::Diagnostic;
use fsm_dsl::ast::CmpOp;
use pest::Parser;
use pest::iterators::Pair;
use std::ops::Range;

mod grammar {
    // pest_derive writes the public `Rule` enum without docs; it stays private to `syntax`.
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "verify/system.pest"]
    pub(super) struct SystemParser;
}
use grammar::{Rule, SystemParser};

/// Longest system text read, in octets.
pub const MAX_SYSTEM_BYTES: usize = 1 << 20;
/// Deepest nesting of parentheses in an invariant.
pub const MAX_NESTING: usize = 32;

/// A name as written, with its byte span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The text.
    pub text: String,
    /// Where it is.
    pub span: Range<usize>,
}

/// `owner.member`: an instance's event or action, or a channel's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qualified {
    /// Before the dot.
    pub owner: Name,
    /// After the dot.
    pub member: Name,
}

/// When an environment event may happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// At any time (interleaved with every other move).
    Always,
    /// Only when no message is in any channel.
    AtQuiescence,
}

/// A link fault a channel allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Any message in the channel may be lost.
    Loss,
    /// The message at the head may be duplicated (while there is room).
    Duplication,
    /// Any message may overtake those ahead of it.
    Reordering,
}

/// An invariant's formula as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// `instance == STATE`, `instance.VAR >= 3`, `instance.FLAG == true`: any of `==`, `!=`,
    /// `<`, `<=`, `>`, `>=` (the model decides which fit).
    Compare {
        /// The instance.
        instance: Name,
        /// The variable, for a comparison of a variable.
        var: Option<Name>,
        /// The operator, and its span.
        op: (CmpOp, Range<usize>),
        /// A state's name, `true`, `false`, or an integer as written.
        value: Name,
    },
    /// `!f`.
    Not(Box<Formula>),
    /// `f && g && ...`.
    And(Vec<Formula>),
    /// `f || g || ...`.
    Or(Vec<Formula>),
}

/// One item of a system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `instance NAME = "spec.fsm";`, or `instance NAME = "spec.fsm" (PARAM = VALUE, ...);`
    Instance {
        /// Its name.
        name: Name,
        /// The spec's path, unquoted, relative to the system file; its span is the literal's.
        path: Name,
        /// The values given to the spec's parameters (`param` items), in order: each
        /// parameter's name and its value as written (an integer, `true` or `false`).
        arguments: Vec<(Name, Name)>,
    },
    /// `channel NAME { MSG, ... } capacity N FAULT*;`
    Channel {
        /// Its name.
        name: Name,
        /// The messages it carries.
        messages: Vec<Name>,
        /// How many messages it holds at most (and the number's span).
        capacity: (u64, Range<usize>),
        /// The faults it allows.
        faults: Vec<Fault>,
    },
    /// `send INSTANCE.ACTION -> CHANNEL.MESSAGE;`
    Send {
        /// The action.
        action: Qualified,
        /// The message and its channel.
        message: Qualified,
    },
    /// `flush CHANNEL, ... on INSTANCE.ACTION;`
    Flush {
        /// The channels emptied.
        channels: Vec<Name>,
        /// The action that empties them.
        action: Qualified,
    },
    /// `receive CHANNEL.MESSAGE -> INSTANCE.EVENT, ...;`
    Receive {
        /// The message and its channel.
        message: Qualified,
        /// The events it becomes, in the order the instances take them.
        events: Vec<Qualified>,
    },
    /// `environment INSTANCE.EVENT always | at quiescence;`
    Environment {
        /// The event.
        event: Qualified,
        /// When it may happen.
        when: When,
    },
    /// `defer INSTANCE.EVENT in STATE, ...;`
    Defer {
        /// The event (as received from a channel).
        event: Qualified,
        /// The states that leave it at the head of its channel.
        states: Vec<Name>,
    },
    /// `end INSTANCE in STATE, ...;`
    End {
        /// The instance.
        instance: Name,
        /// Its states where the system may rest.
        states: Vec<Name>,
    },
    /// `invariant NAME [at quiescence]: FORMULA;`
    Invariant {
        /// Its name.
        name: Name,
        /// Whether it is checked only where no message is in flight (an agreement that the
        /// instances reach once their messages have arrived).
        at_quiescence: bool,
        /// What must hold in every reachable configuration (or every quiescent one).
        formula: Formula,
    },
    /// `home NAME: FORMULA;`
    Home {
        /// Its name.
        name: Name,
        /// What some path from every reachable configuration reaches.
        formula: Formula,
    },
}

/// A parsed system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SystemAst {
    /// The system's name.
    pub name: Name,
    /// Its items, in order.
    pub items: Vec<Item>,
}

/// Parses a system text. Returns the tree, or the one syntax error (pest stops at the first).
pub fn parse(text: &str) -> Result<SystemAst, Diagnostic> {
    if text.len() > MAX_SYSTEM_BYTES {
        return Err(Diagnostic::too_large(0..0, format!("a system text of {} octets", text.len()), MAX_SYSTEM_BYTES));
    }
    check_nesting(text)?;
    let mut pairs = SystemParser::parse(Rule::file, text).map_err(|_| syntax_error(text))?;
    let file = pairs.next().ok_or_else(|| Diagnostic::syntax(0..0, "an empty parse".into()))?;
    let mut name = None;
    let mut items = Vec::new();
    for pair in file.into_inner() {
        match pair.as_rule() {
            Rule::ident => name = Some(name_of(&pair)),
            Rule::doc | Rule::EOI => {}
            rule if is_keyword(rule) => {}
            _ => items.push(item(pair)),
        }
    }
    let name = name.ok_or_else(|| Diagnostic::syntax(0..0, "no system name".into()))?;
    Ok(SystemAst { name, items })
}

/// Refuses parentheses nested deeper than [`MAX_NESTING`] before pest recurses into them.
fn check_nesting(text: &str) -> Result<(), Diagnostic> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Diagnostic::too_large(i..i + 1, "the nesting of parentheses".into(), MAX_NESTING));
                }
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// The syntax error of a text that does not parse, from a second parse with pest's error
/// detail: the literal tokens tried where the parse got furthest (`capacity`, `;`) say more
/// than the rules that failed before them. pest reads the detail setting from a process-wide
/// flag, which the spec parser also sets (under its own lock): should another thread turn it
/// off meanwhile, the error names the rules instead.
fn syntax_error(text: &str) -> Diagnostic {
    pest::set_error_detail(true);
    let result = SystemParser::parse(Rule::file, text);
    pest::set_error_detail(false);
    let Err(e) = result else { return Diagnostic::syntax(0..0, "unexpected text".into()) };
    let mut pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((a, _)) => a,
    };
    // What was expected, each said once: the rules pest names, then the tokens its attempts
    // found furthest on that no rule's description already says.
    let mut words = expected(&e.variant);
    if let Some(attempts) = e.parse_attempts() {
        let tokens: Vec<String> = attempts
            .expected_tokens()
            .iter()
            .map(ToString::to_string)
            .filter(|t| !t.starts_with("//") && t != "_" && !t.contains(".."))
            .filter(|t| !t.chars().all(|c| c.is_whitespace() || c == '\u{feff}'))
            .map(|t| format!("`{t}`"))
            .collect();
        if attempts.max_position >= pos && !tokens.is_empty() {
            if attempts.max_position > pos {
                words.clear();
            }
            pos = attempts.max_position;
            for token in tokens {
                if !words.iter().any(|w| w.contains(&token)) {
                    words.push(token);
                }
            }
        }
    }
    let end = text[pos.min(text.len())..].chars().next().map_or(pos, |c| pos + c.len_utf8());
    let words =
        if words.is_empty() { "unexpected text".to_owned() } else { format!("expected {}", words.join(" or ")) };
    Diagnostic::syntax(pos..end, words)
}

/// What the rules of a pest error say was expected, each said once (at most ten: the items).
fn expected(variant: &pest::error::ErrorVariant<Rule>) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    if let pest::error::ErrorVariant::ParsingError { positives, .. } = variant {
        for word in positives.iter().filter(|r| !matches!(r, Rule::doc | Rule::file)).take(10).map(|r| describe(*r)) {
            if !words.contains(&word) {
                words.push(word);
            }
        }
    }
    words
}

/// Whether `rule` is a keyword's (`kw_instance`): a whole word that says which item this is,
/// and nothing more.
fn is_keyword(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::kw_system
            | Rule::kw_instance
            | Rule::kw_channel
            | Rule::kw_capacity
            | Rule::kw_send
            | Rule::kw_flush
            | Rule::kw_on
            | Rule::kw_receive
            | Rule::kw_environment
            | Rule::kw_at
            | Rule::kw_quiescence
            | Rule::kw_defer
            | Rule::kw_in
            | Rule::kw_end
            | Rule::kw_invariant
            | Rule::kw_home
    )
}

fn describe(rule: Rule) -> String {
    match rule {
        Rule::ident => "a name".into(),
        Rule::string => "a quoted path".into(),
        Rule::number => "a number".into(),
        Rule::qualified => "`NAME.NAME`".into(),
        Rule::when => "`always` or `at quiescence`".into(),
        Rule::cmp => "a comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`)".into(),
        Rule::integer => "an integer".into(),
        Rule::EOI => "the end of the file".into(),
        Rule::fault => "`loss`, `duplication` or `reordering`".into(),
        other => {
            let name = format!("{other:?}");
            let word = name.strip_prefix("kw_").unwrap_or(&name);
            format!("`{}`", if other == Rule::quiescence { "at quiescence" } else { word })
        }
    }
}

fn name_of(pair: &Pair<'_, Rule>) -> Name {
    let span = pair.as_span();
    Name { text: pair.as_str().to_owned(), span: span.start()..span.end() }
}

fn qualified(pair: Pair<'_, Rule>) -> Qualified {
    let mut parts = pair.into_inner().map(|p| name_of(&p));
    let owner = parts.next().unwrap_or(Name { text: String::new(), span: 0..0 });
    let member = parts.next().unwrap_or(Name { text: String::new(), span: owner.span.clone() });
    Qualified { owner, member }
}

fn names(pair: Pair<'_, Rule>) -> Vec<Name> {
    pair.into_inner().map(|p| name_of(&p)).collect()
}

/// One item; the grammar fixes the order of the parts, so each is read in turn.
fn item(pair: Pair<'_, Rule>) -> Item {
    let rule = pair.as_rule();
    let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::doc && !is_keyword(p.as_rule()));
    let mut next = || inner.next();
    let blank = || Name { text: String::new(), span: 0..0 };
    match rule {
        Rule::instance => {
            let name = next().map_or_else(blank, |p| name_of(&p));
            let path = next().map_or_else(blank, |p| {
                let n = name_of(&p);
                Name { text: unquote(&n.text), span: n.span }
            });
            let arguments = next()
                .map(|list| {
                    (list.into_inner())
                        .map(|argument| {
                            let mut parts = argument.into_inner();
                            let mut part = || parts.next().map_or_else(blank, |p| name_of(&p));
                            (part(), part())
                        })
                        .collect()
                })
                .unwrap_or_default();
            Item::Instance { name, path, arguments }
        }
        Rule::channel => {
            let name = next().map_or_else(blank, |p| name_of(&p));
            let messages = next().map(names).unwrap_or_default();
            let capacity = next().map_or((0, 0..0), |p| {
                let n = name_of(&p);
                (n.text.parse().unwrap_or(u64::MAX), n.span)
            });
            let mut faults = Vec::new();
            while let Some(p) = next() {
                faults.push(match p.as_str() {
                    "loss" => Fault::Loss,
                    "duplication" => Fault::Duplication,
                    _ => Fault::Reordering,
                });
            }
            Item::Channel { name, messages, capacity, faults }
        }
        Rule::send => {
            let action = next().map(qualified);
            let message = next().map(qualified);
            let q = || Qualified { owner: blank(), member: blank() };
            Item::Send { action: action.unwrap_or_else(q), message: message.unwrap_or_else(q) }
        }
        Rule::flush => {
            let channels = next().map(names).unwrap_or_default();
            let action = next().map(qualified).unwrap_or(Qualified { owner: blank(), member: blank() });
            Item::Flush { channels, action }
        }
        Rule::receive => {
            let message = next().map(qualified).unwrap_or(Qualified { owner: blank(), member: blank() });
            let mut events = Vec::new();
            while let Some(p) = next() {
                events.push(qualified(p));
            }
            Item::Receive { message, events }
        }
        Rule::environment => {
            let event = next().map(qualified).unwrap_or(Qualified { owner: blank(), member: blank() });
            let when = match next().and_then(|p| p.into_inner().next()).map(|p| p.as_rule()) {
                Some(Rule::quiescence) => When::AtQuiescence,
                _ => When::Always,
            };
            Item::Environment { event, when }
        }
        Rule::defer => {
            let event = next().map(qualified).unwrap_or(Qualified { owner: blank(), member: blank() });
            let states = next().map(names).unwrap_or_default();
            Item::Defer { event, states }
        }
        Rule::end => {
            let instance = next().map_or_else(blank, |p| name_of(&p));
            let states = next().map(names).unwrap_or_default();
            Item::End { instance, states }
        }
        _ => {
            let name = next().map_or_else(blank, |p| name_of(&p));
            let mut part = next();
            let at_quiescence = part.as_ref().is_some_and(|p| p.as_rule() == Rule::quiescence);
            if at_quiescence {
                part = next();
            }
            let formula = part.map_or(Formula::And(Vec::new()), formula);
            if rule == Rule::home {
                Item::Home { name, formula }
            } else {
                Item::Invariant { name, at_quiescence, formula }
            }
        }
    }
}

/// A formula: `or`, `and`, `unary` or `comparison`. Recursion follows the parentheses, which
/// [`check_nesting`] bounded.
fn formula(pair: Pair<'_, Rule>) -> Formula {
    match pair.as_rule() {
        Rule::or => {
            let mut parts: Vec<Formula> = pair.into_inner().map(formula).collect();
            if parts.len() == 1 { parts.remove(0) } else { Formula::Or(parts) }
        }
        Rule::and => {
            let mut parts: Vec<Formula> = pair.into_inner().map(formula).collect();
            if parts.len() == 1 { parts.remove(0) } else { Formula::And(parts) }
        }
        Rule::unary => {
            let mut nots = 0usize;
            let mut inner = Formula::And(Vec::new());
            for p in pair.into_inner() {
                if p.as_rule() == Rule::not {
                    nots += 1;
                } else {
                    inner = formula(p);
                }
            }
            // `!!f` is `f`: only the parity of the negations matters.
            if nots % 2 == 1 { Formula::Not(Box::new(inner)) } else { inner }
        }
        _ => {
            let blank = || Name { text: String::new(), span: 0..0 };
            let mut names = Vec::new();
            let mut op = (CmpOp::Eq, 0..0);
            for p in pair.into_inner() {
                if p.as_rule() == Rule::cmp {
                    let span = p.as_span();
                    let o = match p.as_str() {
                        "!=" => CmpOp::Ne,
                        "<" => CmpOp::Lt,
                        "<=" => CmpOp::Le,
                        ">" => CmpOp::Gt,
                        ">=" => CmpOp::Ge,
                        _ => CmpOp::Eq,
                    };
                    op = (o, span.start()..span.end());
                } else {
                    names.push(name_of(&p));
                }
            }
            // `instance [. var] cmp value`: two names or three.
            let value = names.pop().unwrap_or_else(blank);
            let var = if names.len() > 1 { names.pop() } else { None };
            let instance = names.pop().unwrap_or_else(blank);
            Formula::Compare { instance, var, op, value }
        }
    }
}

/// A string literal's text: the quotes removed, `\"` and `\\` read as the characters.
fn unquote(literal: &str) -> String {
    let inner = literal.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(literal);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}
