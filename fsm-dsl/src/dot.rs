//! Checked model to Graphviz DOT, through the askama template `templates/machine.dot`.
//!
//! States show their label, entry and exit actions and internal transitions; the initial state
//! has an arrow from a dot; final states have a double border; edges read
//! `Event [guard] / actions`; a transition from most states starts at one "from any state" text
//! node (see `diagram`); docs and refs are tooltips. Direction, events and actions follow
//! [`Options`]. The output depends only on the model and the options, so it is stable from run
//! to run.

use crate::diagram::{self, Options};
use crate::ir::{Machine, StateId, SuperstateId};
use askama::Template;

/// One state, ready for the template (strings already escaped).
struct Node {
    id: String,
    label: String,
    tooltip: String,
    is_final: bool,
}

/// A "from any state" node, ready for the template.
struct AnyNode {
    id: String,
    label: String,
    tooltip: String,
}

/// One edge, ready for the template.
struct Edge {
    from: String,
    to: String,
    label: String,
    tooltip: String,
    /// More attributes (`, ltail="cluster_X"` for an edge from a superstate's box), or nothing.
    attrs: String,
}

#[derive(Template)]
#[template(path = "machine.dot", escape = "none")]
struct Dot {
    name_comment: String,
    id: String,
    title: String,
    tooltip: String,
    rankdir: &'static str,
    initial: String,
    /// Whether edges may start at a cluster (a machine with superstates).
    compound: bool,
    /// The states outside every superstate.
    nodes: Vec<Node>,
    /// The superstates as nested `subgraph cluster_...` blocks holding their states, written
    /// out here (empty for a flat machine).
    clusters: String,
    any: Vec<AnyNode>,
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

/// The id of a superstate's cluster: Graphviz draws a box for a subgraph named `cluster...`.
fn cluster_id(m: &Machine, s: SuperstateId) -> String {
    quoted(&format!("cluster_{}", m.superstates[s.0].named.name))
}

/// The superstate's cluster and, inside it, the states and clusters it holds directly, each line
/// indented by `depth` levels.
fn write_cluster(
    m: &Machine,
    graph: &diagram::Graph<'_>,
    nodes: &[Node],
    s: SuperstateId,
    depth: usize,
    out: &mut String,
) {
    let pad = "    ".repeat(depth);
    let superstate = &m.superstates[s.0];
    let mut label = format!("<B>{}</B>", html(superstate.named.display()));
    let lines = &graph.clusters[s.0].lines;
    if !lines.is_empty() {
        label.push_str("<BR/><FONT POINT-SIZE=\"9\">");
        for line in lines.iter().flat_map(|line| diagram::wrap(line, diagram::BOX_WIDTH)) {
            label.push_str(&html(&line));
            label.push_str("<BR ALIGN=\"LEFT\"/>");
        }
        label.push_str("</FONT>");
    }
    let tooltip = if superstate.named.doc.is_empty() { superstate.named.display() } else { &superstate.named.doc };
    out.push_str(&format!("\n{pad}subgraph {} {{\n", cluster_id(m, s)));
    out.push_str(&format!(
        "{pad}    graph [label=<{label}>, tooltip={}, style=rounded, labeljust=l, fontsize=12];",
        quoted(tooltip)
    ));
    for (i, child) in m.superstates.iter().enumerate() {
        if child.parent == Some(s) {
            write_cluster(m, graph, nodes, SuperstateId(i), depth + 1, out);
        }
    }
    // Its own states: those whose innermost superstate it is.
    for (n, node) in graph.nodes.iter().zip(nodes) {
        if m.superstates_of(n.state).first() == Some(&s) {
            out.push_str(&format!("\n{pad}    {}", node_line(node)));
        }
    }
    out.push_str(&format!("\n{pad}}}"));
}

/// A state's statement, as the template writes those outside every superstate.
fn node_line(node: &Node) -> String {
    let peripheries = if node.is_final { ", peripheries=2" } else { "" };
    format!("{} [label=<{}>, tooltip={}{peripheries}];", node.id, node.label, node.tooltip)
}

/// The id of a "from any state" node: parenthesized, so that no state name can take it.
fn any_id(index: usize) -> String {
    quoted(&format!("(any {})", index + 1))
}

fn node(m: &Machine, n: &diagram::Node) -> Node {
    let state = m.state(n.state);
    let mut label = format!("<B>{}</B>", html(state.named.display()));
    if !n.lines.is_empty() {
        label.push_str("<BR/><FONT POINT-SIZE=\"9\">");
        for line in n.lines.iter().flat_map(|line| diagram::wrap(line, diagram::BOX_WIDTH)) {
            label.push_str(&html(&line));
            label.push_str("<BR ALIGN=\"LEFT\"/>");
        }
        label.push_str("</FONT>");
    }
    let mut tooltip = state.named.doc.clone();
    if tooltip.is_empty() {
        tooltip = state.named.display().to_owned();
    }
    Node { id: node_id(m, n.state), label, tooltip: quoted(&tooltip), is_final: state.is_final }
}

/// The machine as DOT text, drawn as its spec asks (`diagram { }`, or top to bottom with events
/// and actions).
pub fn render(m: &Machine) -> String {
    render_with(m, Options::of(m))
}

/// The machine as DOT text, drawn with the given options.
pub fn render_with(m: &Machine, options: Options) -> String {
    let graph = diagram::graph(m, options);
    let all: Vec<Node> = graph.nodes.iter().map(|n| node(m, n)).collect();
    let mut clusters = String::new();
    for (i, superstate) in m.superstates.iter().enumerate() {
        if superstate.parent.is_none() {
            write_cluster(m, &graph, &all, SuperstateId(i), 1, &mut clusters);
        }
    }
    let nodes = all
        .into_iter()
        .zip(&graph.nodes)
        .filter(|(_, n)| m.superstates_of(n.state).is_empty())
        .map(|(node, _)| node)
        .collect();
    let any = graph
        .any
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let from: Vec<String> =
                diagram::wrap(&format!("from {}", a.text), diagram::BOX_WIDTH).iter().map(|l| html(l)).collect();
            let mut label = format!("<I>{}</I>", from.join("<BR/>"));
            if !a.internal.is_empty() {
                label.push_str("<BR/><FONT POINT-SIZE=\"9\">internal:<BR ALIGN=\"LEFT\"/>");
                for line in a.internal.iter().flat_map(|line| diagram::wrap(line, diagram::BOX_WIDTH)) {
                    label.push_str(&html(&line));
                    label.push_str("<BR ALIGN=\"LEFT\"/>");
                }
                label.push_str("</FONT>");
            }
            AnyNode { id: any_id(i), label, tooltip: quoted(&a.text) }
        })
        .collect();
    let edges = graph
        .edges
        .iter()
        .map(|e| {
            // Each ref and doc once: the transitions of a merged edge often share their refs.
            let mut tooltip: Vec<String> = Vec::new();
            for t in &e.transitions {
                for line in t.refs().iter().map(String::as_str).chain(Some(t.doc()).filter(|d| !d.is_empty())) {
                    if !tooltip.iter().any(|l| l == line) {
                        tooltip.push(line.to_owned());
                    }
                }
            }
            if tooltip.is_empty() {
                let full = Options { events: true, actions: true, ..options };
                tooltip.extend(e.transitions.iter().map(|t| diagram::edge_label(m, t, full).replace('\n', " ")));
            }
            // An edge from a box starts at a state inside it, clipped at the box (`ltail`).
            let (from, attrs) = match e.from {
                diagram::From::State(s) => (node_id(m, s), String::new()),
                diagram::From::Any(i) => (any_id(i), String::new()),
                diagram::From::Superstate(s) => match m.superstates[s.0].states.first() {
                    Some(&inner) => (node_id(m, inner), format!(", ltail={}", cluster_id(m, s))),
                    None => (node_id(m, e.to), String::new()),
                },
            };
            Edge {
                from,
                to: node_id(m, e.to),
                label: quoted(&diagram::wrap_lines(&e.label, diagram::LABEL_WIDTH)),
                tooltip: quoted(&tooltip.join("\n")),
                attrs,
            }
        })
        .collect();
    let mut machine_tooltip = m.named.doc.clone();
    if !m.refs.is_empty() {
        machine_tooltip.push_str(&format!("\nSource: {}", m.refs.join("; ")));
    }
    let dot = Dot {
        name_comment: m.named.name.clone(),
        id: quoted(&m.named.name),
        title: quoted(m.named.display()),
        tooltip: quoted(machine_tooltip.trim()),
        rankdir: options.direction.code(),
        initial: node_id(m, m.initial),
        compound: !m.superstates.is_empty(),
        nodes,
        clusters,
        any,
        edges,
    };
    // Rendering into a String cannot fail: the template only formats strings and booleans.
    let mut text = dot.render().unwrap_or_default();
    text.push('\n');
    text
}
