//! Checked model to a Mermaid `stateDiagram-v2`, the notation GitHub draws in place in Markdown
//! (a ```` ```mermaid ```` block). It draws what [`fsm_dsl::diagram`] lays out, as the DOT writer
//! does: the boxes of the states with their entry, exit and internal lines, the initial arrow
//! from `[*]`, an arrow to `[*]` from each final state, and "from any state" nodes (dashed).
//!
//! Each state is `state "LABEL" as s_NAME`: the `s_` prefix keeps ids clear of Mermaid's words
//! (`end`, `note`, `state`, `direction`), and labels go through [`text`], which writes the
//! characters Mermaid reads as syntax (`"`, `;`, `:`, `#`, `%`, braces, angle brackets) as its
//! entity codes. A superstate is a composite state, `state s_NAME { ... }` around its
//! substates, labelled by a `state "LABEL" as s_NAME` line before it.

use fsm_dsl::diagram::{self, Options};
use fsm_dsl::ir::{Machine, StateId, SuperstateId};
use std::fmt::Write as _;

/// Text made safe for a Mermaid label: characters that Mermaid would read as syntax become its
/// entity codes (`#quot;`, `#59;`, ...), line breaks `<br>`, other control characters are left
/// out.
pub fn text(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    for c in label.chars() {
        match c {
            '"' => out.push_str("#quot;"),
            '#' => out.push_str("#35;"),
            ';' => out.push_str("#59;"),
            ':' => out.push_str("#58;"),
            '%' => out.push_str("#37;"),
            '&' => out.push_str("#amp;"),
            '<' => out.push_str("#lt;"),
            '>' => out.push_str("#gt;"),
            '{' => out.push_str("#123;"),
            '}' => out.push_str("#125;"),
            '|' => out.push_str("#124;"),
            '\\' => out.push_str("#92;"),
            '`' => out.push_str("#96;"),
            '\n' => out.push_str("<br>"),
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// The diagram's title as a YAML double-quoted scalar (in its front matter). Mermaid takes a
/// title as plain text but removes what looks like an HTML tag from it and decodes no entity
/// code there, so `<` and `>` are written `‹` and `›`.
fn yaml(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '<' => out.push('‹'),
            '>' => out.push('›'),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The id of a state: `s_` and its name (a DSL identifier, which Mermaid takes as it is).
pub fn state_id(m: &Machine, s: StateId) -> String {
    format!("s_{}", m.state(s).named.name)
}

/// The id of a superstate: `s_` and its name, as a state's (the names are one namespace).
pub fn superstate_id(m: &Machine, s: SuperstateId) -> String {
    format!("s_{}", m.superstates[s.0].named.name)
}

/// A state's box: its label, then its lines, indented by `depth` levels.
fn write_node(m: &Machine, node: &diagram::Node, depth: usize, out: &mut String) {
    let pad = "    ".repeat(depth);
    let id = state_id(m, node.state);
    let _ = writeln!(out, "{pad}state \"{}\" as {id}", text(m.state(node.state).named.display()));
    for line in node.lines.iter().flat_map(|line| diagram::wrap(line, diagram::BOX_WIDTH)) {
        let _ = writeln!(out, "{pad}{id} : {}", text(line.trim_start()));
    }
}

/// A superstate as a composite state holding its substates, with its internal transitions in
/// its label.
fn write_composite(m: &Machine, graph: &diagram::Graph<'_>, s: SuperstateId, depth: usize, out: &mut String) {
    let pad = "    ".repeat(depth);
    let id = superstate_id(m, s);
    // Mermaid gives a composite state a label and no description lines: its internal
    // transitions go in the label, under its name.
    let mut label = text(m.superstates[s.0].named.display());
    for line in graph.clusters[s.0].lines.iter().flat_map(|line| diagram::wrap(line, diagram::BOX_WIDTH)) {
        label.push_str("<br>");
        label.push_str(&text(line.trim_start()));
    }
    let _ = writeln!(out, "{pad}state \"{label}\" as {id}");
    let _ = writeln!(out, "{pad}state {id} {{");
    for (i, child) in m.superstates.iter().enumerate() {
        if child.parent == Some(s) {
            write_composite(m, graph, SuperstateId(i), depth + 1, out);
        }
    }
    for node in graph.nodes.iter().filter(|n| m.superstates_of(n.state).first() == Some(&s)) {
        write_node(m, node, depth + 1, out);
    }
    let _ = writeln!(out, "{pad}}}");
}

/// The id of the "from any state" node with this index in [`diagram::Graph::any`].
pub fn any_id(index: usize) -> String {
    format!("any_{}", index + 1)
}

/// The machine as Mermaid text, drawn as its spec asks (`diagram { }`, or top to bottom with
/// events and actions).
pub fn render(m: &Machine) -> String {
    render_with(m, Options::of(m))
}

/// The machine as a Mermaid `stateDiagram-v2`, drawn with the given options.
pub fn render_with(m: &Machine, options: Options) -> String {
    let graph = diagram::graph(m, options);
    let mut out = String::new();
    let _ = writeln!(out, "---\ntitle: {}\n---\nstateDiagram-v2", yaml(m.named.display()));
    let _ = writeln!(out, "    %% {}: generated by `fsm mermaid` from the spec; do not edit.", m.named.name);
    let _ = writeln!(out, "    direction {}", options.direction.code());
    for node in graph.nodes.iter().filter(|n| m.superstates_of(n.state).is_empty()) {
        write_node(m, node, 1, &mut out);
    }
    for (i, superstate) in m.superstates.iter().enumerate() {
        if superstate.parent.is_none() {
            write_composite(m, &graph, SuperstateId(i), 1, &mut out);
        }
    }
    for (i, any) in graph.any.iter().enumerate() {
        let id = any_id(i);
        let _ = writeln!(out, "    state \"from {}\" as {id}", text(&any.text));
        if !any.internal.is_empty() {
            let _ = writeln!(out, "    {id} : internal#58;");
            for line in any.internal.iter().flat_map(|line| diagram::wrap(line, diagram::BOX_WIDTH)) {
                let _ = writeln!(out, "    {id} : {}", text(line.trim_start()));
            }
        }
    }
    let _ = writeln!(out, "    [*] --> {}", state_id(m, m.initial));
    for edge in &graph.edges {
        let from = match edge.from {
            diagram::From::State(s) => state_id(m, s),
            diagram::From::Any(i) => any_id(i),
            diagram::From::Superstate(s) => superstate_id(m, s),
        };
        let label = diagram::wrap_lines(&edge.label, diagram::LABEL_WIDTH);
        let label: Vec<String> = label.lines().map(|line| text(line.trim_start())).collect();
        if label.is_empty() {
            let _ = writeln!(out, "    {from} --> {}", state_id(m, edge.to));
        } else {
            let _ = writeln!(out, "    {from} --> {} : {}", state_id(m, edge.to), label.join("<br>"));
        }
    }
    for (s, state) in m.states.iter().enumerate() {
        if state.is_final {
            let _ = writeln!(out, "    {} --> [*]", state_id(m, StateId(s)));
        }
    }
    if !graph.any.is_empty() {
        let _ = writeln!(out, "    classDef any fill:none,stroke-dasharray:4 4,font-style:italic");
        let ids: Vec<String> = (0..graph.any.len()).map(any_id).collect();
        let _ = writeln!(out, "    class {} any", ids.join(","));
    }
    out
}
