//! Tokens to lines: an item on one line when it fits, else broken before its clauses and then
//! inside them, continuation lines indented once more; a `{ }` body one clause per line unless
//! the whole declaration fits; comments kept where they were written (at a line's end or on a
//! line of their own), blank lines kept but never doubled.

use super::{Comment, INDENT, Part, Printer, Shape, Space, Tok, width};
use crate::fmt::MAX_WIDTH;

impl Printer<'_> {
    /// Writes one line.
    fn push_line(&mut self, line: &str) {
        self.out.push_str(line.trim_end());
        self.out.push('\n');
        self.block_start = false;
    }

    /// A blank line, unless at the start of the file or of a block, or after another.
    fn blank(&mut self) {
        if !self.block_start && !self.out.is_empty() && !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
    }

    /// A comment before an item or a line: at the end of the last line written if it was
    /// there, on a line of its own otherwise.
    pub(super) fn leading(&mut self, c: &Comment, indent: usize) {
        if !c.own_line && self.out.ends_with('\n') {
            self.out.pop();
            self.out.push(' ');
            self.out.push_str(&c.text);
            self.out.push('\n');
            return;
        }
        if c.blank_before {
            self.blank();
        }
        self.push_line(&format!("{:indent$}{}", "", c.text));
    }

    /// Lays tokens out from a new line at `indent`: on one line if they fit, else broken
    /// before clauses and then inside them, continuation lines indented once more.
    pub(super) fn layout(&mut self, toks: &[Tok], indent: usize) {
        let cont = indent + INDENT;
        let mut line = String::new();
        let mut col = 0;
        for (i, tok) in toks.iter().enumerate() {
            if i == 0 {
                for c in &tok.comments {
                    self.leading(c, indent);
                }
                if tok.blank_before {
                    self.blank();
                }
                line = format!("{:indent$}{}", "", tok.text);
                col = indent + width(&tok.text);
                continue;
            }
            if !tok.comments.is_empty() {
                for c in &tok.comments {
                    if c.own_line {
                        if !line.trim().is_empty() {
                            self.push_line(&line);
                        }
                        self.push_line(&format!("{:cont$}{}", "", c.text));
                    } else {
                        line.push(' ');
                        line.push_str(&c.text);
                        self.push_line(&line);
                    }
                    line.clear();
                }
                line = format!("{:cont$}{}", "", tok.text);
                col = cont + width(&tok.text);
                continue;
            }
            let fits = match tok.space {
                Space::Glue | Space::One => true,
                Space::Clause | Space::List => col + run_width(toks, i) <= MAX_WIDTH,
            };
            if fits {
                if tok.space != Space::Glue {
                    line.push(' ');
                    col += 1;
                }
                line.push_str(&tok.text);
                col += width(&tok.text);
            } else {
                self.push_line(&line);
                line = format!("{:cont$}{}", "", tok.text);
                col = cont + width(&tok.text);
            }
        }
        if !line.is_empty() {
            self.push_line(&line);
        }
    }

    /// A declaration with a `{ }` body: on one line when it fits and holds no comment and no
    /// substate, else the head, one clause (or substate) per line, and the `}` on a line of its
    /// own.
    pub(super) fn block(&mut self, head: Vec<Tok>, parts: &[Part], mut close: Tok, indent: usize) {
        let clauses: Option<Vec<&Vec<Tok>>> =
            parts.iter().map(|p| if let Part::Line(toks) = p { Some(toks) } else { None }).collect();
        let commented =
            |clauses: &[&Vec<Tok>]| clauses.iter().copied().flatten().chain([&close]).any(|t| !t.comments.is_empty());
        if let Some(clauses) = clauses.filter(|c| !commented(c)) {
            let mut flat = head.clone();
            for clause in &clauses {
                for (i, tok) in clause.iter().enumerate() {
                    let mut tok = tok.clone();
                    if i == 0 {
                        tok.space = Space::One;
                    }
                    flat.push(tok);
                }
            }
            close.space = if clauses.is_empty() { Space::Glue } else { Space::One };
            flat.push(close.clone());
            let one_line = indent
                + flat
                    .iter()
                    .enumerate()
                    .map(|(i, t)| width(&t.text) + usize::from(i > 0 && t.space != Space::Glue))
                    .sum::<usize>();
            if one_line <= MAX_WIDTH && flat[1..].iter().all(|t| t.comments.is_empty()) {
                self.layout(&flat, indent);
                return;
            }
        }
        self.layout(&head, indent);
        self.block_start = true;
        for part in parts {
            match part {
                Part::Line(toks) => self.layout(toks, indent + INDENT),
                Part::Doc(doc) => self.layout(std::slice::from_ref(doc), indent + INDENT),
                Part::Nested(Shape::Flat(toks)) => self.layout(toks, indent + INDENT),
                Part::Nested(Shape::Block { head, clauses, close }) => {
                    self.block(head.clone(), clauses, close.clone(), indent + INDENT)
                }
            }
        }
        self.close(&close, indent);
    }

    /// The `}` that closes a block, after the comments before it.
    pub(super) fn close(&mut self, close: &Tok, indent: usize) {
        for c in &close.comments {
            self.leading(c, indent + INDENT);
        }
        self.push_line(&format!("{:indent$}}}", ""));
    }
}

/// The width from token `i` (with the space before it) to the next place where the layout may
/// break at the same level or above, or to a comment.
fn run_width(toks: &[Tok], i: usize) -> usize {
    let level = toks[i].space;
    let mut total = 1 + width(&toks[i].text);
    for tok in &toks[i + 1..] {
        let stop = match tok.space {
            Space::Clause => true,
            Space::List => level == Space::List,
            Space::Glue | Space::One => false,
        };
        if stop || !tok.comments.is_empty() {
            break;
        }
        total += width(&tok.text) + usize::from(tok.space != Space::Glue);
    }
    total
}
