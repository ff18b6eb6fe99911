//! Checked model to Graphviz DOT, through the askama template `templates/machine.dot`.
//!
//! States show their label, entry and exit actions and internal transitions; the initial state
//! has an arrow from a dot; final states have a double border; edges read
//! `Event [guard] / actions`; docs and refs are tooltips. The output depends only on the model,
//! so it is stable from run to run.

use crate::ir::{Machine, StateId, Transition};
use askama::Template;

/// One state, ready for the template (strings already escaped).
struct Node {
    id: String,
    label: String,
    tooltip: String,
    is_final: bool,
}

/// One edge, ready for the template.
struct Edge {
    from: String,
    to: String,
    label: String,
    tooltip: String,
}

#[derive(Template)]
#[template(path = "machine.dot", escape = "none")]
struct Dot {
    name_comment: String,
    id: String,
    title: String,
    tooltip: String,
    initial: String,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
}

/// Whether a character can stand in Graphviz input: control characters (NUL included) and
/// Unicode noncharacters cannot.
fn printable(c: char) -> bool {
    !(c.is_control() || matches!(c as u32, 0xFDD0..=0xFDEF) || (c as u32) & 0xFFFE == 0xFFFE)
}

/// A DOT quoted string: `"` and `\` escaped, line breaks as `\n`, tabs as spaces, other
/// characters Graphviz cannot take left out.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push(' '),
            c if printable(c) => out.push(c),
            _ => {}
        }
    }
    out.push('"');
    out
}

/// Text escaped for a Graphviz HTML-like label: markup characters as entities, line breaks and
/// tabs as spaces, characters Graphviz cannot take left out.
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\n' | '\t' => out.push(' '),
            c if printable(c) => out.push(c),
            _ => {}
        }
    }
    out
}

fn node_id(m: &Machine, s: StateId) -> String {
    quoted(&m.state(s).named.name)
}

fn node(m: &Machine, s: StateId, internal: &[Vec<&Transition>]) -> Node {
    let state = m.state(s);
    let mut lines = Vec::new();
    if !state.entry.is_empty() {
        lines.push(format!("entry / {}", m.effects_text(&state.entry)));
    }
    if !state.exit.is_empty() {
        lines.push(format!("exit / {}", m.effects_text(&state.exit)));
    }
    for t in &internal[s.0] {
        let mut line = m.trigger_text(t);
        if !t.effects.is_empty() {
            line.push_str(&format!(" / {}", m.effects_text(&t.effects)));
        }
        lines.push(line);
    }
    let mut label = format!("<B>{}</B>", html(state.named.display()));
    if !lines.is_empty() {
        label.push_str("<BR/><FONT POINT-SIZE=\"9\">");
        for line in lines {
            label.push_str(&html(&line));
            label.push_str("<BR ALIGN=\"LEFT\"/>");
        }
        label.push_str("</FONT>");
    }
    let mut tooltip = state.named.doc.clone();
    if tooltip.is_empty() {
        tooltip = state.named.display().to_owned();
    }
    Node { id: node_id(m, s), label, tooltip: quoted(&tooltip), is_final: state.is_final }
}

/// The machine as DOT text.
pub fn render(m: &Machine) -> String {
    // The internal transitions of each state, shown inside its box.
    let mut internal: Vec<Vec<&Transition>> = vec![Vec::new(); m.states.len()];
    for t in m.transitions.iter().filter(|t| t.target.is_none()) {
        for s in &t.sources {
            internal[s.0].push(t);
        }
    }
    let nodes = (0..m.states.len()).map(|s| node(m, StateId(s), &internal)).collect();
    let mut edges = Vec::new();
    for t in &m.transitions {
        let Some(target) = t.target else { continue };
        let mut label = m.trigger_text(t);
        if !t.effects.is_empty() {
            label.push_str(&format!("\n/ {}", m.effects_text(&t.effects)));
        }
        let mut tooltip: Vec<String> = t.refs.clone();
        if !t.doc.is_empty() {
            tooltip.push(t.doc.clone());
        }
        if tooltip.is_empty() {
            tooltip.push(label.replace('\n', " "));
        }
        for &source in &t.sources {
            edges.push(Edge {
                from: node_id(m, source),
                to: node_id(m, target),
                label: quoted(&label),
                tooltip: quoted(&tooltip.join("\n")),
            });
        }
    }
    let mut machine_tooltip = m.named.doc.clone();
    if !m.refs.is_empty() {
        machine_tooltip.push_str(&format!("\nSource: {}", m.refs.join("; ")));
    }
    let dot = Dot {
        name_comment: m.named.name.clone(),
        id: quoted(&m.named.name),
        title: quoted(m.named.display()),
        tooltip: quoted(machine_tooltip.trim()),
        initial: node_id(m, m.initial),
        nodes,
        edges,
    };
    // Rendering into a String cannot fail: the template only formats strings and booleans.
    let mut text = dot.render().unwrap_or_default();
    text.push('\n');
    text
}
