//! The outline of a spec (document symbols) and its semantic tokens.

use super::Lines;
use super::index::{Index, Kind};
use fsm_dsl::ast::{self, Span};
use lsp_types as lsp;

/// The outline: the machine, and in it its states (substates under their superstate), events,
/// guards, actions, timers, variables and transitions, in source order.
pub fn outline(text: &str, spec: &ast::Spec) -> Vec<lsp::DocumentSymbol> {
    let lines = Lines::new(text);
    let children: Vec<lsp::DocumentSymbol> = spec.items.iter().filter_map(|item| symbol(text, &lines, item)).collect();
    let whole =
        Span::new(spec.name.span.start().min(spec.items.first().map_or(usize::MAX, |i| i.span.start())), text.len());
    vec![new_symbol(
        &lines,
        spec.name.text.as_str().to_owned(),
        Some("machine".to_owned()),
        lsp::SymbolKind::MODULE,
        whole,
        spec.name.span,
        children,
    )]
}

fn symbol(text: &str, lines: &Lines<'_>, item: &ast::Item) -> Option<lsp::DocumentSymbol> {
    let (name, detail, kind, selection, children) = match &item.kind {
        ast::ItemKind::State(s) => {
            let children = s.substates.iter().filter_map(|sub| symbol(text, lines, sub)).collect();
            let detail = if s.substates.is_empty() { "state" } else { "superstate" };
            (s.decl.name.text.as_str().to_owned(), detail, lsp::SymbolKind::CLASS, s.decl.name.span, children)
        }
        ast::ItemKind::Event(e) => {
            (e.decl.name.text.as_str().to_owned(), "event", lsp::SymbolKind::EVENT, e.decl.name.span, vec![])
        }
        ast::ItemKind::Guard(g) => {
            (g.name.text.as_str().to_owned(), "guard", lsp::SymbolKind::BOOLEAN, g.name.span, vec![])
        }
        ast::ItemKind::Action(a) => {
            (a.decl.name.text.as_str().to_owned(), "action", lsp::SymbolKind::FUNCTION, a.decl.name.span, vec![])
        }
        ast::ItemKind::Timer(t) => {
            (t.decl.name.text.as_str().to_owned(), "timer", lsp::SymbolKind::CONSTANT, t.decl.name.span, vec![])
        }
        ast::ItemKind::Group(g) => {
            (g.decl.name.text.as_str().to_owned(), "group", lsp::SymbolKind::FUNCTION, g.decl.name.span, vec![])
        }
        ast::ItemKind::Var(v) if v.param => {
            (v.name.text.as_str().to_owned(), "parameter", lsp::SymbolKind::CONSTANT, v.name.span, vec![])
        }
        ast::ItemKind::Var(v) => {
            (v.name.text.as_str().to_owned(), "variable", lsp::SymbolKind::VARIABLE, v.name.span, vec![])
        }
        ast::ItemKind::Transition(t) => {
            let detail = if t.target.is_some() { "transition" } else { "internal transition" };
            let words: Vec<&str> = text.get(item.span.range()).unwrap_or("").split_whitespace().collect();
            let name = words.join(" ").trim_end_matches(';').to_owned();
            (name, detail, lsp::SymbolKind::OPERATOR, item.span, vec![])
        }
        _ => return None,
    };
    Some(new_symbol(lines, name, Some(detail.to_owned()), kind, item.span, selection, children))
}

fn new_symbol(
    lines: &Lines<'_>,
    name: String,
    detail: Option<String>,
    kind: lsp::SymbolKind,
    range: Span,
    selection: Span,
    children: Vec<lsp::DocumentSymbol>,
) -> lsp::DocumentSymbol {
    #[allow(deprecated)] // `deprecated` is a field the type still requires
    lsp::DocumentSymbol {
        // An empty name is a protocol error in some clients.
        name: if name.is_empty() { "?".to_owned() } else { name },
        detail,
        kind,
        tags: None,
        deprecated: None,
        range: lines.range(range),
        selection_range: lines.range(selection),
        children: (!children.is_empty()).then_some(children),
    }
}

/// The token types of [`tokens`], in the order of the legend.
pub const TOKEN_TYPES: [lsp::SemanticTokenType; 10] = [
    lsp::SemanticTokenType::KEYWORD,
    lsp::SemanticTokenType::COMMENT,
    lsp::SemanticTokenType::STRING,
    lsp::SemanticTokenType::NUMBER,
    lsp::SemanticTokenType::CLASS,    // state
    lsp::SemanticTokenType::EVENT,    // event
    lsp::SemanticTokenType::FUNCTION, // guard
    lsp::SemanticTokenType::METHOD,   // action
    lsp::SemanticTokenType::PROPERTY, // timer
    lsp::SemanticTokenType::VARIABLE, // variable
];

/// The one token modifier: the name's declaration.
pub const TOKEN_MODIFIERS: [lsp::SemanticTokenModifier; 1] = [lsp::SemanticTokenModifier::DECLARATION];

fn kind_token(kind: Kind) -> u32 {
    match kind {
        Kind::State => 4,
        Kind::Event => 5,
        Kind::Guard => 6,
        Kind::Action | Kind::Group => 7,
        Kind::Timer => 8,
        Kind::Var => 9,
    }
}

pub use fsm_dsl::syntax::KEYWORDS;

/// The semantic tokens of the whole text: keywords, comments, strings and numbers from a scan
/// of the text, names by kind from the index. A word the index does not know (in a part that
/// did not parse) gets no token.
pub fn tokens(text: &str, index: &Index) -> Vec<lsp::SemanticToken> {
    let names: std::collections::HashMap<usize, (usize, u32, bool)> =
        index.occurrences.iter().map(|o| (o.span.start(), (o.span.end(), kind_token(o.kind), o.is_decl))).collect();
    let lines = Lines::new(text);
    let mut out = Vec::new();
    let mut last = lsp::Position::new(0, 0);
    let mut emit = |start: usize, end: usize, token_type: u32, modifiers: u32| {
        let (from, to) = (lines.position(start), lines.position(end));
        if to.line != from.line || to.character <= from.character {
            return;
        }
        let delta_line = from.line - last.line;
        let delta_start = if delta_line == 0 { from.character - last.character } else { from.character };
        out.push(lsp::SemanticToken {
            delta_line,
            delta_start,
            length: to.character - from.character,
            token_type,
            token_modifiers_bitset: modifiers,
        });
        last = from;
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'/' && bytes.get(i + 1) == Some(&b'/') {
            let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
            emit(i, end, 1, 0);
            i = end;
        } else if c == b'"' {
            let mut end = i + 1;
            while end < bytes.len() && bytes[end] != b'"' && bytes[end] != b'\n' {
                end += if bytes[end] == b'\\' && bytes.get(end + 1).is_some_and(|&b| b != b'\n') { 2 } else { 1 };
            }
            let end = (end + usize::from(bytes.get(end) == Some(&b'"'))).min(bytes.len());
            emit(i, end, 2, 0);
            i = end;
        } else if c.is_ascii_digit() {
            let end = i + bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            emit(i, end, 3, 0);
            i = end;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let end = i + bytes[i..].iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
            let word = &text[i..end];
            if let Some(&(name_end, token_type, is_decl)) = names.get(&i) {
                emit(i, name_end, token_type, u32::from(is_decl));
            } else if KEYWORDS.contains(&word) {
                emit(i, end, 0, 0);
            }
            i = end;
        } else {
            i += 1;
        }
    }
    out
}
