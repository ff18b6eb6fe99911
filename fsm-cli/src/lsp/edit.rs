//! What changes the text: rename, completion and code actions.

use super::Lines;
use super::index::{Index, Kind};
use super::symbols::KEYWORDS;
use fsm_dsl::Compiled;
use fsm_dsl::ast::Span;
use fsm_dsl::diag::Code;
use lsp_types as lsp;

/// Why `new` cannot replace a name, or `None` when it can: it must be an identifier of the DSL
/// and of Rust (ASCII letters, digits and `_`, not starting with a digit, not `_` alone), not a
/// keyword of either, not a name declared already in the same namespace (guards and variables
/// share one; a timer `T` brings the event `TExpiry`), and not a name the checker reserves for
/// the generated code (E0012) or finds declared twice (E0002) in the renamed spec.
pub fn refuse_name(text: &str, index: &Index, old: &str, kind: Kind, new: &str) -> Option<String> {
    let starts_well = new.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if !starts_well || !new.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || new == "_" {
        return Some(format!(
            "`{new}` cannot be a name: a name is ASCII letters, digits and `_`, and does not start with a digit"
        ));
    }
    if KEYWORDS.contains(&new) {
        return Some(format!("`{new}` is a keyword of the DSL"));
    }
    if fsm_dsl::naming::is_rust_keyword(new) {
        return Some(format!("`{new}` is a Rust keyword, which the generated code cannot use as a name"));
    }
    // One namespace per kind, guards and variables sharing one, as the checker has them.
    let namespace: &[Kind] = match kind {
        Kind::Guard | Kind::Var => &[Kind::Guard, Kind::Var],
        Kind::Action | Kind::Group => &[Kind::Action, Kind::Group],
        _ => std::slice::from_ref(&kind),
    };
    if let Some(taken) = namespace.iter().find(|k| new != old && index.declaration(**k, new).is_some()) {
        return Some(format!("`{new}` is declared already, as a {}", taken.noun()));
    }
    if kind == Kind::Timer && new != old && index.declaration(Kind::Event, &format!("{new}Expiry")).is_some() {
        return Some(format!("the timer's expiry event `{new}Expiry` would be the name of a declared event"));
    }
    if kind == Kind::Event && new.strip_suffix("Expiry").is_some_and(|t| index.declaration(Kind::Timer, t).is_some()) {
        return Some(format!("`{new}` is the expiry event of a declared timer"));
    }
    // What the checker says of the renamed spec: no name it reserves, no name declared twice.
    let reserved = |text: &str| {
        let codes = [Code::Reserved, Code::Duplicate];
        fsm_dsl::compile(text).diagnostics.into_iter().filter(|d| codes.contains(&d.code)).collect::<Vec<_>>()
    };
    let before = reserved(text).len();
    let mut renamed = text.to_owned();
    for o in index.all(kind, old).into_iter().rev() {
        renamed.replace_range(o.span.range(), new);
    }
    let after = reserved(&renamed);
    if after.len() > before {
        let message = after.into_iter().find(|d| d.message.contains(&format!("`{new}`"))).map(|d| d.message);
        return Some(message.unwrap_or_else(|| "the checker refuses the renamed spec (E0002 or E0012)".to_owned()));
    }
    None
}

/// The edits of a rename: every occurrence of the name replaced.
pub fn rename(text: &str, index: &Index, kind: Kind, old: &str, new: &str) -> Vec<lsp::TextEdit> {
    let lines = Lines::new(text);
    index
        .all(kind, old)
        .into_iter()
        .map(|o| lsp::TextEdit { range: lines.range(o.span), new_text: new.to_owned() })
        .collect()
}

/// Where the cursor stands in the grammar, for completion.
#[derive(Debug, PartialEq, Eq)]
enum Context {
    /// A transition's sources, its target, an `except` or `in` list: states.
    States,
    /// After `on` or `ignore`: events and timers' expiries.
    Events,
    /// In a guard clause: guards and `bool` variables.
    Guard,
    /// In effects (after `/`, `entry`, `exit`): actions, variables and `start`/`stop`.
    Effects,
    /// After `start` or `stop`: timers.
    Timers,
    /// At the start of an item: keywords and states.
    Item,
}

/// The grammar's place at byte `at`, read back from the last `;`, `{` or `}` before it.
fn context(text: &str, at: usize) -> Context {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    // The current line less a comment, and the text of the item up to the cursor.
    let start = before.rfind([';', '{', '}']).map_or(0, |i| i + 1);
    let item: String =
        before[start..].lines().map(|line| line.find("//").map_or(line, |i| &line[..i])).collect::<Vec<_>>().join(" ");
    // The tokens before the word being typed.
    let item = item.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
    let mut tokens: Vec<&str> = Vec::new();
    let mut rest = item;
    while let Some(c) = rest.chars().next() {
        let len = if c.is_ascii_alphanumeric() || c == '_' {
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len())
        } else if rest.starts_with("->") || rest.starts_with("&&") || rest.starts_with("||") {
            2
        } else {
            c.len_utf8()
        };
        if !c.is_whitespace() {
            tokens.push(&rest[..len]);
        }
        rest = &rest[len..];
    }
    let position = |t: &str| tokens.iter().rposition(|x| *x == t);
    if matches!(tokens.last(), Some(&("start" | "stop"))) {
        return Context::Timers;
    }
    if let Some(open) = position("[")
        && position("]").is_none_or(|close| close < open)
    {
        return Context::Guard;
    }
    if position("/").is_some() || tokens.first().is_some_and(|t| *t == "entry" || *t == "exit") {
        return Context::Effects;
    }
    if tokens.is_empty() {
        return Context::Item;
    }
    let on = position("on").or(position("ignore"));
    // `except` after `on` (`on * except E`) lists events; before it, states.
    let except = position("except").filter(|&x| on.is_none_or(|on| x < on));
    let states = [position("->"), except, position("in"), position("internal")].into_iter().flatten().max();
    match (on, states) {
        (Some(on), Some(states)) if on > states => Context::Events,
        (Some(_), None) => Context::Events,
        _ if tokens.last().is_some_and(|t| *t == "," || *t == "->" || *t == "except" || *t == "in")
            || tokens.last() == Some(&"internal") =>
        {
            Context::States
        }
        _ => Context::Item,
    }
}

/// The completions at byte `at`: the names the grammar expects there, by kind, or keywords.
pub fn complete(text: &str, index: &Index, at: usize) -> Vec<lsp::CompletionItem> {
    let item = |label: &str, kind: lsp::CompletionItemKind, detail: &str| lsp::CompletionItem {
        label: label.to_owned(),
        kind: Some(kind),
        detail: Some(detail.to_owned()),
        ..lsp::CompletionItem::default()
    };
    let names = |kind: Kind, completion: lsp::CompletionItemKind| {
        index.declared(kind).into_iter().map(move |n| item(n, completion, kind.noun()))
    };
    let keywords =
        |words: &[&str]| words.iter().map(|w| item(w, lsp::CompletionItemKind::KEYWORD, "keyword")).collect::<Vec<_>>();
    match context(text, at) {
        Context::States => names(Kind::State, lsp::CompletionItemKind::CLASS).collect(),
        Context::Events => {
            let mut out: Vec<_> = names(Kind::Event, lsp::CompletionItemKind::EVENT).collect();
            out.extend(
                index
                    .declared(Kind::Timer)
                    .into_iter()
                    .map(|t| item(&format!("{t}Expiry"), lsp::CompletionItemKind::EVENT, "timer expiry")),
            );
            out.push(item("*", lsp::CompletionItemKind::KEYWORD, "any other event"));
            out
        }
        Context::Guard => {
            let mut out: Vec<_> = names(Kind::Guard, lsp::CompletionItemKind::FUNCTION).collect();
            out.extend(names(Kind::Var, lsp::CompletionItemKind::VARIABLE));
            out.extend(keywords(&["else", "true", "false", "running"]));
            out
        }
        Context::Effects => {
            let mut out: Vec<_> = names(Kind::Action, lsp::CompletionItemKind::FUNCTION).collect();
            out.extend(names(Kind::Group, lsp::CompletionItemKind::FUNCTION));
            out.extend(names(Kind::Var, lsp::CompletionItemKind::VARIABLE));
            out.extend(keywords(&["start", "stop", "ref"]));
            out
        }
        Context::Timers => names(Kind::Timer, lsp::CompletionItemKind::CONSTANT).collect(),
        Context::Item => {
            let mut out = keywords(&fsm_dsl::syntax::ITEM_KEYWORDS);
            out.extend(keywords(&["entry", "exit", "on", "except", "in", "otherwise"]));
            out.extend(names(Kind::State, lsp::CompletionItemKind::CLASS));
            out
        }
    }
}

/// The code actions for the diagnostics whose primary span meets `range` (bytes) or that the
/// client names in the request's context (`asked`): the "did you mean" rename of E0003, the
/// `ignore` line of E0008's help, the removal of a declaration that W0002 reports as never used.
///
/// A diagnostic of the context is matched by its code, its message and its first line, never by
/// its columns: Neovim 0.7 asks with the cursor as the range and the diagnostics of the cursor's
/// line as the context, their columns in bytes where the server published UTF-16 units. The
/// edits are always the server's own, from the text it holds.
pub fn code_actions(
    uri: &lsp::Uri,
    text: &str,
    compiled: &Compiled,
    index: &Index,
    range: Span,
    asked: &[lsp::Diagnostic],
) -> Vec<lsp::CodeActionOrCommand> {
    let lines = Lines::new(text);
    let published = super::diagnostics(uri, text, compiled);
    let mut out = Vec::new();
    for (d, lsp_diagnostic) in compiled.diagnostics.iter().zip(published) {
        let span = d.primary.span;
        let named = asked.iter().any(|a| {
            a.code == lsp_diagnostic.code
                && a.message == lsp_diagnostic.message
                && a.range.start.line == lsp_diagnostic.range.start.line
        });
        if (span.end() < range.start() || range.end() < span.start()) && !named {
            continue;
        }
        let help = d.help.as_deref().unwrap_or("");
        let fix = match d.code {
            Code::Undefined => between(help, "did you mean `", "`?").map(|name| {
                (
                    format!("Replace with `{name}`"),
                    vec![lsp::TextEdit { range: lines.range(span), new_text: name.into() }],
                )
            }),
            Code::Unhandled => between(help, "say `", "`").map(|line| {
                let at = compiled.ast.as_ref().and_then(|s| s.items.last()).map_or(0, |i| i.span.end());
                let edit = lsp::TextEdit { range: lines.range(Span::new(at, at)), new_text: format!("\n    {line}") };
                (format!("Add `{line}`"), vec![edit])
            }),
            Code::Unused => removal(text, compiled, index, span).map(|(name, remove)| {
                (
                    format!("Remove the unused declaration of `{name}`"),
                    vec![lsp::TextEdit { range: lines.range(remove), new_text: String::new() }],
                )
            }),
            _ => None,
        };
        if let Some((title, edits)) = fix {
            out.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title,
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![lsp_diagnostic]),
                edit: Some(super::workspace_edit(uri, edits)),
                is_preferred: Some(true),
                ..lsp::CodeAction::default()
            }));
        }
    }
    out
}

/// The text between `open` and the next `close` after it.
fn between<'a>(text: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = text.find(open)? + open.len();
    let len = text[start..].find(close)?;
    Some(&text[start..start + len])
}

/// The lines to delete to remove the top-level declaration named at `span`, its doc comment
/// and attributes included, when nothing else mentions the name (a variable that is assigned
/// but never read is not removed: its assignments would be left naming nothing).
fn removal(text: &str, compiled: &Compiled, index: &Index, span: Span) -> Option<(String, Span)> {
    let spec = compiled.ast.as_ref()?;
    let declared = index.occurrences.iter().find(|o| o.is_decl && o.span == span)?;
    if index.all(declared.kind, &declared.name).len() != 1 {
        return None;
    }
    let item = spec.items.iter().find(|i| i.span.contains(span))?;
    let line_start = |at: usize| text[..at].rfind('\n').map_or(0, |i| i + 1);
    let mut start = line_start(item.span.start());
    if !text[start..item.span.start()].trim().is_empty() {
        return None; // another item shares the line: leave the edit to the user
    }
    // The doc comment and attributes above it.
    while start > 0 {
        let above = line_start(start - 1);
        let line = text[above..start].trim();
        if !(line.starts_with("///") || line.starts_with("#[")) {
            break;
        }
        start = above;
    }
    let rest = &text[item.span.end()..];
    let line_end = rest.find('\n').map_or(text.len(), |i| item.span.end() + i + 1);
    if !text[item.span.end()..line_end].trim().is_empty() {
        return None;
    }
    Some((declared.name.clone(), Span::new(start, line_end)))
}
