//! What the human renderer shows of a spec for one diagnostic: the lines its labels touch, each
//! cut to a bounded window around the labels' ends, with control characters made visible.
//!
//! codespan-reporting prints whole source lines; on a spec whose one line is a megabyte long,
//! every diagnostic would print the megabyte (and the renderer would scan it for columns). An
//! `Excerpt` is a small text made of the needed windows, presented to codespan through its
//! `Files` trait with the original line numbers and columns, so the carets land under the same
//! characters and the work per diagnostic is bounded by the window sizes, not the line lengths.

use codespan_reporting::files::{Error, Files};
use std::ops::Range;

/// Lines of at most this many octets are shown whole.
pub const MAX_LINE: usize = 240;
/// Octets shown on each side of a label's start and end in a longer line.
pub const CONTEXT: usize = 60;
/// A label on one line longer than this many octets is shown by its first ones.
pub const MAX_LABEL: usize = 160;
/// A label spanning more lines than this is shown down to this many lines after its start.
pub const MAX_LABEL_LINES: usize = 16;
/// Lines codespan shows after the start of a multi-line label (its `start_context_lines`).
const START_CONTEXT: usize = 3;

/// One run of the excerpt: a copy of the original, or a visible stand-in for one character.
#[derive(Clone, Copy, Debug)]
struct Piece {
    excerpt: usize,
    excerpt_len: usize,
    original: usize,
    original_len: usize,
    verbatim: bool,
}

/// The offsets at which the lines of a text start (the first is 0).
pub fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

/// The windows of one spec shown for one diagnostic.
pub struct Excerpt<'a> {
    name: &'a str,
    original: &'a str,
    starts: &'a [usize],
    text: String,
    /// (original line index, range of that line in `text`, newline included), by line index.
    lines: Vec<(usize, Range<usize>)>,
    pieces: Vec<Piece>,
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// How a character is shown: itself, or a visible stand-in for a control character (C0 controls
/// as their Unicode control pictures, `␀` for NUL; others, and the bidirectional overrides that
/// could reorder the text on screen, as `<U+XXXX>`). Tabs and line ends are left to codespan.
pub fn visible_char(c: char) -> Option<String> {
    match c {
        '\t' | '\n' => None,
        '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32).map(String::from),
        '\u{7f}' => Some("\u{2421}".to_owned()),
        c if c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') => {
            Some(format!("<U+{:04X}>", c as u32))
        }
        _ => None,
    }
}

/// A message with its control characters made visible: C0 controls as their Unicode control
/// pictures, other controls and the bidirectional overrides as `<U+XXXX>`.
pub fn visible(text: &str) -> String {
    if !text.chars().any(|c| visible_char(c).is_some()) {
        return text.to_owned();
    }
    text.chars().map(|c| visible_char(c).unwrap_or_else(|| c.to_string())).collect()
}

impl<'a> Excerpt<'a> {
    /// The excerpt of `original` (whose line starts are `starts`) for the given label spans,
    /// which are clamped to the text; returns it with the spans moved into it, in order.
    pub fn new(
        name: &'a str,
        original: &'a str,
        starts: &'a [usize],
        spans: &[Range<usize>],
    ) -> (Self, Vec<Range<usize>>) {
        let line_of = |at: usize| starts.partition_point(|&s| s <= at).saturating_sub(1);
        let line_end = |line: usize| starts.get(line + 1).map_or(original.len(), |&next| next - 1);
        // The spans as shown: on character boundaries, long ones shortened.
        let spans: Vec<Range<usize>> = spans
            .iter()
            .map(|span| {
                let start = floor_boundary(original, span.start);
                let mut end = ceil_boundary(original, span.end.max(start));
                let (first, last) = (line_of(start), line_of(end));
                if first == last && end - start > MAX_LABEL {
                    end = ceil_boundary(original, start + MAX_LABEL);
                } else if last - first > MAX_LABEL_LINES {
                    end = line_end(first + MAX_LABEL_LINES);
                }
                start..end
            })
            .collect();
        // Positions to keep visible, by line; lines shown for context have none.
        let mut wanted: Vec<(usize, Option<usize>)> = Vec::new();
        for span in &spans {
            let (first, last) = (line_of(span.start), line_of(span.end));
            wanted.push((first, Some(span.start)));
            wanted.push((last, Some(span.end)));
            if last > first {
                for line in (first + 1..last).take(START_CONTEXT) {
                    wanted.push((line, None));
                }
                wanted.push((last - 1, None));
            }
        }
        wanted.sort_unstable();
        wanted.dedup();
        // codespan shows the line between two shown lines rather than a break.
        let mut gaps = Vec::new();
        for pair in wanted.windows(2) {
            if pair[1].0 == pair[0].0 + 2 {
                gaps.push((pair[0].0 + 1, None));
            }
        }
        wanted.extend(gaps);
        wanted.sort_unstable();
        wanted.dedup();

        let mut excerpt =
            Excerpt { name, original, starts, text: String::new(), lines: Vec::new(), pieces: Vec::new() };
        let mut i = 0;
        while i < wanted.len() {
            let line = wanted[i].0;
            let mut positions = Vec::new();
            while i < wanted.len() && wanted[i].0 == line {
                positions.extend(wanted[i].1);
                i += 1;
            }
            excerpt.push_line(line, &positions);
        }
        let moved = spans.iter().map(|s| excerpt.to_excerpt(s.start)..excerpt.to_excerpt(s.end)).collect();
        (excerpt, moved)
    }

    fn push_line(&mut self, line: usize, positions: &[usize]) {
        let original = self.original;
        let start = self.starts[line];
        let end = self.starts.get(line + 1).map_or(original.len(), |&next| next - 1);
        // The windows of the line, merged where they touch.
        let mut windows: Vec<(usize, usize)> = Vec::new();
        if end - start <= MAX_LINE {
            windows.push((start, end));
        } else if positions.is_empty() {
            windows.push((start, floor_boundary(original, start + MAX_LINE)));
        } else {
            for &p in positions {
                let from = floor_boundary(original, p.saturating_sub(CONTEXT).max(start));
                let to = ceil_boundary(original, (p + CONTEXT).min(end));
                match windows.last_mut() {
                    Some(last) if from <= last.1 + 3 => last.1 = last.1.max(to),
                    _ => windows.push((from, to)),
                }
            }
        }
        let line_start = self.text.len();
        for (k, &(from, to)) in windows.iter().enumerate() {
            if from > start || k > 0 {
                self.text.push_str("...");
            }
            self.copy(from, to);
        }
        if windows.last().is_some_and(|&(_, to)| to < end) {
            self.text.push_str("...");
        }
        // The line end, copied when it is in the text, so that a span ending on it maps.
        if end < original.len() {
            self.copy(end, end + 1);
        } else {
            self.text.push('\n');
        }
        self.lines.push((line, line_start..self.text.len()));
    }

    /// Copies `original[from..to]`, control characters replaced.
    fn copy(&mut self, from: usize, to: usize) {
        let mut run = from;
        for (offset, c) in self.original[from..to].char_indices() {
            let at = from + offset;
            if let Some(shown) = visible_char(c).filter(|_| c != '\r' || !self.original[at..].starts_with("\r\n")) {
                self.verbatim(run, at);
                self.pieces.push(Piece {
                    excerpt: self.text.len(),
                    excerpt_len: shown.len(),
                    original: at,
                    original_len: c.len_utf8(),
                    verbatim: false,
                });
                self.text.push_str(&shown);
                run = at + c.len_utf8();
            }
        }
        self.verbatim(run, to);
    }

    fn verbatim(&mut self, from: usize, to: usize) {
        if from < to {
            self.pieces.push(Piece {
                excerpt: self.text.len(),
                excerpt_len: to - from,
                original: from,
                original_len: to - from,
                verbatim: true,
            });
            self.text.push_str(&self.original[from..to]);
        }
    }

    /// Where an original offset is in the excerpt (the nearest kept place if it was cut).
    fn to_excerpt(&self, at: usize) -> usize {
        let i = self.pieces.partition_point(|p| p.original <= at).saturating_sub(1);
        let Some(p) = self.pieces.get(i) else { return 0 };
        if at >= p.original + p.original_len {
            return p.excerpt + p.excerpt_len;
        }
        if p.verbatim { p.excerpt + at.saturating_sub(p.original) } else { p.excerpt }
    }

    /// Where an excerpt offset comes from in the original.
    fn to_original(&self, at: usize) -> usize {
        let i = self.pieces.partition_point(|p| p.excerpt <= at).saturating_sub(1);
        let Some(p) = self.pieces.get(i) else { return 0 };
        if at >= p.excerpt + p.excerpt_len {
            return p.original + p.original_len;
        }
        if p.verbatim { p.original + (at - p.excerpt) } else { p.original }
    }
}

impl<'e> Files<'e> for Excerpt<'_> {
    type FileId = ();
    type Name = &'e str;
    type Source = &'e str;

    fn name(&'e self, (): ()) -> Result<&'e str, Error> {
        Ok(self.name)
    }

    fn source(&'e self, (): ()) -> Result<&'e str, Error> {
        Ok(&self.text)
    }

    fn line_index(&'e self, (): (), byte_index: usize) -> Result<usize, Error> {
        let i = self.lines.partition_point(|(_, range)| range.start <= byte_index).saturating_sub(1);
        self.lines.get(i).map(|(line, _)| *line).ok_or(Error::FileMissing)
    }

    fn line_range(&'e self, (): (), line_index: usize) -> Result<Range<usize>, Error> {
        if line_index >= self.starts.len() {
            return Err(Error::LineTooLarge { given: line_index, max: self.starts.len().saturating_sub(1) });
        }
        // Lines the excerpt leaves out are never shown (codespan skips the middle of a long
        // multi-line label); an empty range stands for them.
        match self.lines.binary_search_by_key(&line_index, |(line, _)| *line) {
            Ok(i) => Ok(self.lines[i].1.clone()),
            Err(_) => Ok(0..0),
        }
    }

    fn column_number(&'e self, (): (), line_index: usize, byte_index: usize) -> Result<usize, Error> {
        let at = self.to_original(byte_index).min(self.original.len());
        let start = self.starts.get(line_index).copied().unwrap_or(0).min(at);
        Ok(self.original[start..floor_boundary(self.original, at)].chars().count() + 1)
    }
}
