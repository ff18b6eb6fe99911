//! The printer of `fsm fmt`: walks pest's tree of a spec that parsed, turns each item into
//! tokens (with the spacing the layout allows before each, and the comments written before
//! each), and lays the tokens out in lines.
//!
//! This module holds the tokens and the walk that makes them, reading the comments from the
//! text between two tokens; `print/layout.rs` lays them out in lines of at most
//! [`MAX_WIDTH`](super::MAX_WIDTH) columns.

use fsm_dsl::syntax::grammar::Rule;
use pest::iterators::Pair;

mod layout;

/// Indentation of one level, and of a continuation line relative to its item.
const INDENT: usize = 4;

type Result<T = ()> = std::result::Result<T, String>;

/// What may stand before a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Space {
    /// Nothing (`;`, `,`, `)`, what follows `(` or `!`).
    Glue,
    /// One space, never a line break.
    One,
    /// One space, or a line break before a clause (`on`, the guard, `/`, `ref`, a label).
    Clause,
    /// One space, or a line break inside a clause (after a comma, before `&&` or `||`), only
    /// where the clause does not fit on a line of its own.
    List,
}

/// A `//` comment met between two tokens.
#[derive(Clone, Debug)]
struct Comment {
    text: String,
    /// Nothing but white space between it and what came before (it is not at a line's end).
    own_line: bool,
    /// A blank line before it.
    blank_before: bool,
}

/// A token of the output with the comments written before it in the input.
#[derive(Clone, Debug)]
struct Tok {
    text: String,
    space: Space,
    comments: Vec<Comment>,
    /// A blank line between it and the comment or token before it.
    blank_before: bool,
}

/// An item: tokens, or a declaration with a `{ }` body of clauses.
enum Shape {
    Flat(Vec<Tok>),
    Block { head: Vec<Tok>, clauses: Vec<Part>, close: Tok },
}

/// What a `{ }` body holds: a clause (`entry ...;`, `timer T;`, a diagram setting, a
/// substate's attribute), a substate's doc comment, or a substate.
enum Part {
    Line(Vec<Tok>),
    Doc(Tok),
    Nested(Shape),
}

struct Printer<'a> {
    src: &'a str,
    /// Where the input has been read up to.
    cursor: usize,
    out: String,
    comments: Vec<String>,
    /// The last line written opens a block: no blank line may follow it.
    block_start: bool,
}

/// Lays out `src` from its parse tree `file` (the pair of `file` or `file_recover`, without
/// `junk`). Returns the text and the comments met, or what went wrong (a bug: the tree and
/// the text disagree).
pub(super) fn print(src: &str, file: Pair<'_, Rule>) -> Result<super::Formatted> {
    let mut p = Printer { src, cursor: 0, out: String::new(), comments: Vec::new(), block_start: false };
    p.file(file)?;
    Ok(super::Formatted { text: p.out, comments: p.comments })
}

/// Whether `rest` starts with a comment, as the grammar's `COMMENT` reads one: `//`, not `///`
/// (a doc comment), but `////` again.
fn starts_comment(rest: &str) -> bool {
    rest.strip_prefix("//").is_some_and(|after| after.starts_with("//") || !after.starts_with('/'))
}

fn width(text: &str) -> usize {
    text.chars().count()
}

impl Printer<'_> {
    fn file(&mut self, file: Pair<'_, Rule>) -> Result {
        for part in file.into_inner() {
            match part.as_rule() {
                Rule::machine_head => {
                    let mut head = Vec::new();
                    for child in part.into_inner() {
                        if child.as_rule() == Rule::doc {
                            let doc = self.doc(&child)?;
                            self.layout(&[doc], 0);
                        } else {
                            let space = if head.is_empty() { Space::Glue } else { Space::One };
                            self.walk(child, space, &mut head)?;
                        }
                    }
                    self.lit("{", Space::One, &mut head)?;
                    self.layout(&head, 0);
                    self.block_start = true;
                }
                Rule::item => self.item(part)?,
                Rule::EOI => {
                    let close = self.take("}", Space::Glue)?;
                    self.close(&close, 0);
                    let (comments, _) = self.trivia();
                    for c in &comments {
                        self.leading(c, 0);
                    }
                    if self.cursor != self.src.len() {
                        return Err(format!("text after the machine at byte {}", self.cursor));
                    }
                }
                other => return Err(format!("unexpected {other:?} in a file")),
            }
        }
        Ok(())
    }

    fn item(&mut self, item: Pair<'_, Rule>) -> Result {
        for part in item.into_inner() {
            match part.as_rule() {
                Rule::doc => {
                    let doc = self.doc(&part)?;
                    self.layout(&[doc], INDENT);
                }
                Rule::state_decl | Rule::diagram_item => match self.shape(part)? {
                    Shape::Flat(toks) => self.layout(&toks, INDENT),
                    Shape::Block { head, clauses, close } => self.block(head, &clauses, close, INDENT),
                },
                _ => {
                    let mut toks = Vec::new();
                    self.walk(part, Space::Glue, &mut toks)?;
                    self.layout(&toks, INDENT);
                }
            }
        }
        Ok(())
    }

    /// A declaration that may have a `{ }` body: a state, or the diagram settings.
    fn shape(&mut self, pair: Pair<'_, Rule>) -> Result<Shape> {
        let mut head = Vec::new();
        let mut clauses = Vec::new();
        let mut body = false;
        for child in pair.into_inner() {
            let space = if head.is_empty() { Space::Glue } else { Space::One };
            match child.as_rule() {
                Rule::string => self.walk(child, Space::Clause, &mut head)?,
                Rule::state_body => {
                    body = true;
                    self.lit("{", Space::One, &mut head)?;
                    for clause in child.into_inner() {
                        if clause.as_rule() != Rule::substate {
                            let mut toks = Vec::new();
                            self.walk(clause, Space::Glue, &mut toks)?;
                            clauses.push(Part::Line(toks));
                            continue;
                        }
                        // A substate: its doc comments and attributes, then its declaration,
                        // laid out as an item one level in.
                        for part in clause.into_inner() {
                            match part.as_rule() {
                                Rule::doc => clauses.push(Part::Doc(self.doc(&part)?)),
                                Rule::state_decl => clauses.push(Part::Nested(self.shape(part)?)),
                                _ => {
                                    let mut toks = Vec::new();
                                    self.walk(part, Space::Glue, &mut toks)?;
                                    clauses.push(Part::Line(toks));
                                }
                            }
                        }
                    }
                }
                Rule::diagram_setting => {
                    let mut toks = Vec::new();
                    self.walk(child, Space::Glue, &mut toks)?;
                    clauses.push(Part::Line(toks));
                }
                Rule::kw_diagram => {
                    body = true;
                    self.walk(child, space, &mut head)?;
                    self.lit("{", Space::One, &mut head)?;
                }
                _ => self.walk(child, space, &mut head)?,
            }
        }
        if !body {
            self.lit(";", Space::Glue, &mut head)?;
            return Ok(Shape::Flat(head));
        }
        let close = self.take("}", Space::One)?;
        Ok(Shape::Block { head, clauses, close })
    }

    /// Tokens of a tree: leaves as they are written, with the punctuation the grammar puts
    /// between them. `space` is what may stand before the first token.
    fn walk(&mut self, pair: Pair<'_, Rule>, space: Space, t: &mut Vec<Tok>) -> Result {
        use Space::{Clause, Glue, List, One};
        let rule = pair.as_rule();
        let whole = pair.clone();
        let children: Vec<Pair<'_, Rule>> = pair.into_inner().collect();
        if children.is_empty() {
            return self.leaf(&whole, space, t);
        }
        let mut first = Some(space);
        // The space before the next token: `space` for the first one, then `then`.
        let mut sp = |then: Space| first.take().unwrap_or(then);
        match rule {
            Rule::ref_item | Rule::state_timer | Rule::timer_op | Rule::duration => {
                for child in children {
                    self.walk(child, sp(One), t)?;
                }
                if matches!(rule, Rule::ref_item | Rule::state_timer) {
                    self.lit(";", Glue, t)?;
                }
            }
            Rule::unhandled_item | Rule::diagram_setting => {
                let mut parts = children.into_iter();
                for child in parts.by_ref().take(1) {
                    self.walk(child, sp(One), t)?;
                }
                self.lit("=", One, t)?;
                for child in parts {
                    self.walk(child, One, t)?;
                }
                self.lit(";", Glue, t)?;
            }
            Rule::attribute | Rule::machine_attribute => {
                self.lit("#", sp(One), t)?;
                if rule == Rule::machine_attribute {
                    self.lit("!", Glue, t)?;
                }
                self.lit("[", Glue, t)?;
                for child in children {
                    self.walk(child, Glue, t)?;
                }
                self.lit("]", Glue, t)?;
            }
            Rule::allow_list => {
                for (i, child) in children.into_iter().enumerate() {
                    match i {
                        0 => self.walk(child, sp(One), t)?,
                        1 => {
                            self.lit("(", Glue, t)?;
                            self.walk(child, Glue, t)?;
                        }
                        _ => {
                            self.lit(",", Glue, t)?;
                            self.walk(child, List, t)?;
                        }
                    }
                }
                self.lit(")", Glue, t)?;
            }
            Rule::entry_clause | Rule::exit_clause => {
                for child in children {
                    self.walk(child, sp(One), t)?;
                }
                self.lit(";", Glue, t)?;
            }
            Rule::event_decl | Rule::action_decl | Rule::guard_decl | Rule::timer_decl => {
                for child in children {
                    match child.as_rule() {
                        Rule::payload => self.walk(child, Glue, t)?,
                        Rule::string => self.walk(child, Clause, t)?,
                        Rule::timer_op | Rule::duration => {
                            self.lit("=", Clause, t)?;
                            self.walk(child, One, t)?;
                        }
                        _ => self.walk(child, sp(One), t)?,
                    }
                }
                self.lit(";", Glue, t)?;
            }
            Rule::group_decl => {
                for child in children {
                    match child.as_rule() {
                        Rule::string => self.walk(child, Clause, t)?,
                        Rule::effect_list => {
                            self.lit("=", Clause, t)?;
                            self.walk(child, One, t)?;
                        }
                        _ => self.walk(child, sp(One), t)?,
                    }
                }
                self.lit(";", Glue, t)?;
            }
            Rule::payload => {
                self.lit("(", sp(Glue), t)?;
                for child in children {
                    self.walk(child, Glue, t)?;
                }
                self.lit(")", Glue, t)?;
            }
            Rule::var_decl | Rule::param_decl => {
                for child in children {
                    match child.as_rule() {
                        Rule::var_type => {
                            self.lit(":", Glue, t)?;
                            self.walk(child, One, t)?;
                        }
                        Rule::literal => {
                            self.lit("=", One, t)?;
                            self.walk(child, One, t)?;
                        }
                        _ => self.walk(child, sp(One), t)?,
                    }
                }
                self.lit(";", Glue, t)?;
            }
            Rule::int_range => {
                let mut parts = children.into_iter();
                if let Some(low) = parts.next() {
                    self.walk(low, sp(One), t)?;
                }
                self.lit("..=", Glue, t)?;
                for high in parts {
                    self.walk(high, Glue, t)?;
                }
            }
            Rule::transition | Rule::internal_item | Rule::ignore_item | Rule::error_item => {
                for child in children {
                    match child.as_rule() {
                        Rule::ident => {
                            // The target of a transition.
                            self.lit("->", One, t)?;
                            self.walk(child, One, t)?;
                        }
                        Rule::kw_on
                        | Rule::kw_in
                        | Rule::kw_otherwise
                        | Rule::guard_clause
                        | Rule::effects
                        // An `error` item's cause.
                        | Rule::string
                        | Rule::refs => self.walk(child, sp(Clause), t)?,
                        _ => self.walk(child, sp(One), t)?,
                    }
                }
                self.lit(";", Glue, t)?;
            }
            // The references are one clause: a line break goes before the first, and between
            // two only where they do not fit on a line of their own.
            Rule::refs => {
                for child in children {
                    let space = if child.as_rule() == Rule::kw_ref { List } else { One };
                    self.walk(child, sp(space), t)?;
                }
            }
            Rule::ident_list | Rule::event_list | Rule::effect_list => {
                for (i, child) in children.into_iter().enumerate() {
                    if i > 0 {
                        self.lit(",", Glue, t)?;
                    }
                    self.walk(child, sp(List), t)?;
                }
            }
            Rule::guard_clause => {
                self.lit("[", sp(One), t)?;
                for child in children {
                    self.walk(child, Glue, t)?;
                }
                self.lit("]", Glue, t)?;
            }
            Rule::expr | Rule::conj => {
                for child in children {
                    let space = if matches!(child.as_rule(), Rule::or_op | Rule::and_op) { List } else { One };
                    self.walk(child, sp(space), t)?;
                }
            }
            Rule::unary => {
                let mut after_not = false;
                for child in children {
                    self.walk(child, sp(if after_not { Glue } else { One }), t)?;
                    after_not = true;
                }
            }
            Rule::primary if whole.as_str().starts_with('(') => {
                self.lit("(", sp(One), t)?;
                for child in children {
                    self.walk(child, Glue, t)?;
                }
                self.lit(")", Glue, t)?;
            }
            // A duration's expression: `T1 * 2^n`, `min(4 * 2^n, 64)`, `(T1 + 1) * 2`.
            Rule::time_power => {
                let mut after_first = false;
                for child in children {
                    self.walk(child, sp(if after_first { Glue } else { One }), t)?;
                    after_first = true;
                }
            }
            Rule::time_atom if whole.as_str().starts_with('(') => {
                self.lit("(", sp(One), t)?;
                for child in children {
                    self.walk(child, Glue, t)?;
                }
                self.lit(")", Glue, t)?;
            }
            // A field of an event's data: `DhcpAck.lease`, no spaces.
            Rule::time_field => {
                let mut after_first = false;
                for child in children {
                    if after_first {
                        self.lit(".", Glue, t)?;
                    }
                    self.walk(child, sp(Glue), t)?;
                    after_first = true;
                }
            }
            Rule::time_call => {
                let mut children = children.into_iter();
                if let Some(function) = children.next() {
                    self.walk(function, sp(One), t)?;
                }
                self.lit("(", Glue, t)?;
                if let Some(a) = children.next() {
                    self.walk(a, Glue, t)?;
                }
                self.lit(",", Glue, t)?;
                for b in children {
                    self.walk(b, One, t)?;
                }
                self.lit(")", Glue, t)?;
            }
            Rule::effects => {
                self.lit("/", sp(One), t)?;
                for child in children {
                    self.walk(child, One, t)?;
                }
            }
            // Sequences of tokens with single spaces: a state set (`* except A, B`), a
            // comparison, an assignment, and the rules that only choose (`literal`, `operand`).
            _ => {
                for child in children {
                    self.walk(child, sp(One), t)?;
                }
            }
        }
        Ok(())
    }

    /// A token the tree holds: its text, after the comments before it.
    fn leaf(&mut self, pair: &Pair<'_, Rule>, space: Space, t: &mut Vec<Tok>) -> Result {
        let (comments, blank_before) = self.trivia();
        let span = pair.as_span();
        if self.cursor != span.start() {
            return Err(format!("lost track of the text at byte {} (before {:?})", self.cursor, pair.as_rule()));
        }
        self.cursor = span.end();
        let raw = pair.as_str();
        let text = match pair.as_rule() {
            // The type of an event's data: white space collapsed, as the syntax tree keeps it
            // (unless a `//` in it would then comment the rest of the line out).
            Rule::payload_type if !raw.contains("//") => fsm_dsl::syntax::collapse_white_space(raw),
            _ => raw.to_owned(),
        };
        t.push(Tok { text, space, comments, blank_before });
        Ok(())
    }

    /// Punctuation the grammar writes as a literal (not in the tree), after the comments
    /// before it.
    fn lit(&mut self, text: &str, space: Space, t: &mut Vec<Tok>) -> Result {
        t.push(self.take(text, space)?);
        Ok(())
    }

    fn take(&mut self, text: &str, space: Space) -> Result<Tok> {
        let (comments, blank_before) = self.trivia();
        if !self.src[self.cursor..].starts_with(text) {
            return Err(format!("expected `{text}` at byte {}", self.cursor));
        }
        self.cursor += text.len();
        Ok(Tok { text: text.to_owned(), space, comments, blank_before })
    }

    fn doc(&mut self, pair: &Pair<'_, Rule>) -> Result<Tok> {
        let mut t = Vec::new();
        self.leaf(pair, Space::Glue, &mut t)?;
        let mut doc = t.pop().ok_or("no doc comment")?;
        doc.text.truncate(doc.text.trim_end().len());
        Ok(doc)
    }

    /// Skips white space and comments from the cursor, as the grammar's implicit skip does.
    /// Returns the comments, and whether a blank line stands before what follows them.
    fn trivia(&mut self) -> (Vec<Comment>, bool) {
        let mut comments = Vec::new();
        let mut newlines = 0;
        let mut i = self.cursor;
        while let Some(c) = self.src[i..].chars().next() {
            match c {
                ' ' | '\t' | '\r' | '\u{FEFF}' => i += c.len_utf8(),
                '\n' => {
                    newlines += 1;
                    i += 1;
                }
                '/' if starts_comment(&self.src[i..]) => {
                    let rest = &self.src[i..];
                    let end = rest.find('\n').unwrap_or(rest.len());
                    let text = rest[..end].trim_end().to_owned();
                    self.comments.push(text.clone());
                    let own_line = newlines > 0 || self.out.is_empty();
                    comments.push(Comment { text, own_line, blank_before: newlines >= 2 });
                    newlines = 0;
                    i += end;
                }
                _ => break,
            }
        }
        self.cursor = i;
        (comments, newlines >= 2)
    }
}
