//! A reader of pest's parse tree in document order, for the tree walk. pest keeps the tree as a
//! flat queue of start and end tokens; its `Pair` API reads it through reference-counted
//! handles, and each `into_inner` counts the children again. On a large spec that bookkeeping
//! was most of the walk's time. The reader goes through the queue once, front to back: the walk
//! asks for the next child of the pair it is reading and gets its rule and start, and a pair's
//! end once it is done with it.
//!
//! The one rule for the walk: ask a node's end ([`Reader::close`], [`Reader::span`],
//! [`Reader::str`]) before reading anything after the node, since the reader does not go back.

use super::grammar::Rule;
use crate::ast::Span;
use pest::Token;
use pest::iterators::{Pair, Tokens};

/// A pair the reader has entered: its rule, where its text starts, and how deep it lies (the
/// file is at depth 1), which is how the reader finds its end again. (Sixteen octets, so that
/// it travels in registers: the depth is bounded by the nesting of the text, see `MAX_NESTING`.)
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) rule: Rule,
    pub(super) start: usize,
    depth: u32,
}

/// The tokens of one pair and its descendants, read once in order.
pub(super) struct Reader<'i> {
    tokens: Tokens<'i, Rule>,
    text: &'i str,
    /// How many pairs are open: entered, their end not yet read.
    depth: u32,
    /// Where the last pair closed ended.
    end: usize,
}

impl<'i> Reader<'i> {
    /// A reader of `pair`, and the node of `pair` itself.
    pub(super) fn new(pair: Pair<'i, Rule>) -> (Self, Node) {
        let text = pair.get_input();
        let mut reader = Reader { tokens: pair.tokens(), text, depth: 0, end: 0 };
        let root = reader.child_at(0).unwrap_or(Node { rule: Rule::EOI, start: 0, depth: 1 });
        (reader, root)
    }

    /// The whole text parsed (spans are offsets into it).
    #[inline]
    pub(super) fn text(&self) -> &'i str {
        self.text
    }

    /// The next child of `parent`, entered; `None` once `parent` has no more, its end then read
    /// (see [`Reader::close`]). What is left of the child before, if the walk did not read it
    /// all (it skips what it does not need, and stops at the first error), is passed over.
    #[inline]
    pub(super) fn child(&mut self, parent: &Node) -> Option<Node> {
        self.child_at(parent.depth)
    }

    #[inline]
    fn child_at(&mut self, depth: u32) -> Option<Node> {
        if self.depth < depth {
            // The parent is closed already.
            return None;
        }
        while self.depth > depth {
            self.next_token();
        }
        match self.next_token()? {
            (true, rule, start) => Some(Node { rule, start, depth: self.depth }),
            (false, ..) => None,
        }
    }

    /// Reads one token: whether it starts a pair, the pair's rule, and where it starts or ends.
    #[inline]
    fn next_token(&mut self) -> Option<(bool, Rule, usize)> {
        match self.tokens.next()? {
            Token::Start { rule, pos } => {
                self.depth += 1;
                Some((true, rule, pos.pos()))
            }
            Token::End { rule, pos } => {
                self.depth -= 1;
                self.end = pos.pos();
                Some((false, rule, self.end))
            }
        }
    }

    /// Reads to the end of `node`, passing over what is left of it, and returns where it ends.
    /// Called once the walk is done with a node, before it reads anything after it.
    #[inline]
    pub(super) fn close(&mut self, node: &Node) -> usize {
        while self.depth >= node.depth {
            if self.next_token().is_none() {
                break;
            }
        }
        self.end
    }

    /// The span of `node`, which ends the reading of it (see [`Reader::close`]).
    #[inline]
    pub(super) fn span(&mut self, node: &Node) -> Span {
        Span::new(node.start, self.close(node))
    }

    /// The text of `node`, which ends the reading of it (see [`Reader::close`]). Empty, rather
    /// than a panic on any spec, if a walk ever broke the reader's rule and the end it finds is
    /// not the node's.
    #[inline]
    pub(super) fn str(&mut self, node: &Node) -> &'i str {
        let end = self.close(node);
        self.text.get(node.start..end).unwrap_or_default()
    }

    /// The first child of `parent` with the rule `rule`, passing over those before it.
    #[inline]
    pub(super) fn find(&mut self, parent: &Node, rule: Rule) -> Option<Node> {
        while let Some(child) = self.child(parent) {
            if child.rule == rule {
                return Some(child);
            }
        }
        None
    }
}
