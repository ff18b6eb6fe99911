//! What a state diagram shows, whatever the notation: the boxes of the states with the lines
//! inside them, and the edges with their labels. The Graphviz writer (`dot`) and the Mermaid
//! writer (`fsm_cli::mermaid`) both draw this, so that they agree on what a diagram says.
//!
//! A transition whose sources cover most of the states (a `*` source, or a list of nearly every
//! state) is one edge from a "from any state" node, as RFC figures write it ("(from any
//! state)", RFC 4960 §4), not one edge per state. Superstates are boxes holding boxes
//! ([`Cluster`]): a transition that applies in every state of a superstate is one edge from its
//! box, and an internal transition they all share is a line of the box.

use crate::ast::Direction;
use crate::ir::{Machine, StateId, SuperstateId, Transition};

/// How to draw: direction, and whether edges show events and actions. Each defaults to the
/// spec's `diagram { }` item ([`Options::of`]); `fsm dot` flags override them one by one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Which way transitions run.
    pub direction: Direction,
    /// Whether edges show their trigger (events and guard).
    pub events: bool,
    /// Whether edges show their effects, and states their entry, exit and internal transitions.
    pub actions: bool,
}

impl Options {
    /// The options a spec asks for (top to bottom, events and actions shown, unless its
    /// `diagram { }` item says otherwise).
    pub fn of(m: &Machine) -> Options {
        Options { direction: m.diagram.direction, events: m.diagram.events, actions: m.diagram.actions }
    }
}

/// One state's box.
pub struct Node {
    /// The state.
    pub state: StateId,
    /// The lines under its name: `entry / ...`, `exit / ...`, then each internal transition as
    /// `Trigger / effects`. Hidden actions leave out the entry and exit lines and the effects;
    /// hidden events leave out the internal transitions.
    pub lines: Vec<String>,
}

/// Where an edge starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum From {
    /// A state.
    State(StateId),
    /// The "from any state" node with this index in [`Graph::any`].
    Any(usize),
    /// The box of a superstate: the transitions apply in every state inside it.
    Superstate(SuperstateId),
}

/// A superstate's box: it holds the boxes of its substates (the machine's `superstates` say
/// which), and lists its entry and exit effects and the internal transitions that every state
/// inside it shares.
pub struct Cluster {
    /// The superstate.
    pub superstate: SuperstateId,
    /// `entry / ...`, `exit / ...` (as the options allow), then its internal transitions, as
    /// `Trigger / effects`.
    pub lines: Vec<String>,
}

/// A "from any state" node: the transitions it starts apply in every state that is not final,
/// except those listed.
pub struct Any {
    /// The states (not final) where the transitions do not apply, in declaration order.
    pub except: Vec<StateId>,
    /// Its text: `any state` or `any state except A, B`.
    pub text: String,
    /// The internal transitions of those states that they all share, as `Trigger / effects`
    /// (shown here rather than in each state's box).
    pub internal: Vec<String>,
}

/// One edge: the transitions drawn from one source to one target (those of one trigger, or
/// of several triggers one after the other in the label).
pub struct Edge<'m> {
    /// Where it starts.
    pub from: From,
    /// Where it ends.
    pub to: StateId,
    /// The label, as the options allow: `Event [guard]`, then `/ effects` on the next line.
    /// Drawn from a "from any state" node, transitions whose effects differ give one line per
    /// set of effects: those of the most states first, then the others with the states they
    /// apply in (`/ X in A, B`, `/ (no action) in C`).
    pub label: String,
    /// The transitions it draws, in spec order.
    pub transitions: Vec<&'m Transition>,
}

/// The whole diagram.
pub struct Graph<'m> {
    /// The options it was built with.
    pub options: Options,
    /// One node per state, in declaration order.
    pub nodes: Vec<Node>,
    /// The "from any state" nodes, in the order of their first transition.
    pub any: Vec<Any>,
    /// One box per superstate, in the machine's order (parents first); empty for a flat machine.
    pub clusters: Vec<Cluster>,
    /// The edges, in the order of their first transition.
    pub edges: Vec<Edge<'m>>,
}

/// The states a transition's sources leave out, if the transition is to be drawn once from a
/// "from any state" node: when its sources are every state (not final), at least three, or at
/// least four states and more than those they leave out. Otherwise `None`, and one edge per
/// source: three edges read better than "from any state except" two others.
pub fn drawn_once(m: &Machine, sources: &[StateId]) -> Option<Vec<StateId>> {
    let candidates: Vec<StateId> = (0..m.states.len()).map(StateId).filter(|&s| !m.state(s).is_final).collect();
    if sources.len() < 3 || sources.iter().any(|s| !candidates.contains(s)) {
        return None;
    }
    let except: Vec<StateId> = candidates.into_iter().filter(|s| !sources.contains(s)).collect();
    (except.is_empty() || (sources.len() >= 4 && sources.len() > except.len())).then_some(except)
}

/// Lines of at most `width` characters, broken at spaces (a longer word stays whole), each
/// continuation indented by two spaces: long guards and effect lists would otherwise make a
/// diagram many times wider than high.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
            line.push_str("  ");
        } else if !line.trim().is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.trim().is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The widest line in a state's box, in characters, before it is wrapped.
pub const BOX_WIDTH: usize = 48;
/// The widest line of an edge label, in characters, before it is wrapped.
pub const LABEL_WIDTH: usize = 40;

/// Each line of a text wrapped at `width` (see [`wrap`]), joined with `\n`.
pub fn wrap_lines(text: &str, width: usize) -> String {
    text.lines().flat_map(|line| wrap(line, width)).collect::<Vec<_>>().join("\n")
}

/// The label of a transition as the options allow: trigger, then effects on a second line.
pub fn edge_label(m: &Machine, t: &Transition, options: Options) -> String {
    let mut parts = Vec::new();
    if options.events {
        parts.push(m.trigger_text(t));
    }
    if options.actions && !t.effects.is_empty() {
        parts.push(format!("/ {}", m.effects_text(&t.effects)));
    }
    parts.join("\n")
}

/// The label of transitions with one trigger drawn as one edge from a "from any state" node.
fn group_label(m: &Machine, group: &[&Transition], options: Options, within: &dyn Fn(StateId) -> bool) -> String {
    let mut parts = Vec::new();
    if options.events {
        parts.push(m.trigger_text(group[0]));
    }
    if options.actions {
        // Sources grouped by effects; the effects of the most sources give the first line,
        // without its states.
        let mut variants: Vec<(&[crate::ir::Effect], Vec<StateId>)> = Vec::new();
        for t in group {
            let sources = t.sources.iter().copied().filter(|&s| within(s));
            match variants.iter_mut().find(|(effects, _)| *effects == t.effects.as_slice()) {
                Some(variant) => variant.1.extend(sources),
                None => variants.push((t.effects.as_slice(), sources.collect())),
            }
        }
        variants.retain(|(_, sources)| !sources.is_empty());
        variants.sort_by_key(|(_, sources)| std::cmp::Reverse(sources.len()));
        for (i, (effects, sources)) in variants.iter().enumerate() {
            let text = if effects.is_empty() { "(no action)".to_owned() } else { m.effects_text(effects) };
            if i == 0 {
                if !effects.is_empty() {
                    parts.push(format!("/ {text}"));
                }
            } else {
                let states: Vec<&str> = sources.iter().map(|s| m.state(*s).named.display()).collect();
                parts.push(format!("/ {text} in {}", states.join(", ")));
            }
        }
    }
    parts.join("\n")
}

/// The index of the "from any state" node for these left-out states, made if new.
fn any_node(m: &Machine, any: &mut Vec<Any>, except: Vec<StateId>) -> usize {
    if let Some(index) = any.iter().position(|a| a.except == except) {
        return index;
    }
    let text = if except.is_empty() {
        "any state".to_owned()
    } else {
        let names: Vec<&str> = except.iter().map(|s| m.state(*s).named.display()).collect();
        format!("any state except {}", names.join(", "))
    };
    any.push(Any { except, text, internal: Vec::new() });
    any.len() - 1
}

/// The superstates whose states are all among `sources` (the outermost of nested ones), and the
/// sources that none of them holds. A superstate that holds `to` is not taken: an edge cannot
/// leave a box for a state inside it.
pub fn cover(m: &Machine, sources: &[StateId], to: Option<StateId>) -> (Vec<SuperstateId>, Vec<StateId>) {
    let mut taken: Vec<SuperstateId> = Vec::new();
    let mut rest: Vec<StateId> = sources.to_vec();
    // Parents come first, so an outer box is taken before any box inside it.
    for (i, s) in m.superstates.iter().enumerate() {
        if s.states.is_empty() || to.is_some_and(|to| s.states.contains(&to)) {
            continue;
        }
        if s.states.iter().all(|st| rest.contains(st)) {
            rest.retain(|st| !s.states.contains(st));
            taken.push(SuperstateId(i));
        }
    }
    (taken, rest)
}

/// The diagram of a machine.
pub fn graph(m: &Machine, options: Options) -> Graph<'_> {
    let mut nodes: Vec<Node> = (0..m.states.len()).map(|s| Node { state: StateId(s), lines: Vec::new() }).collect();
    if options.actions {
        for node in &mut nodes {
            let state = m.state(node.state);
            if !state.entry.is_empty() {
                node.lines.push(format!("entry / {}", m.effects_text(&state.entry)));
            }
            if !state.exit.is_empty() {
                node.lines.push(format!("exit / {}", m.effects_text(&state.exit)));
            }
        }
    }
    let mut any: Vec<Any> = Vec::new();
    let mut clusters: Vec<Cluster> = m
        .superstates
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut lines = Vec::new();
            if options.actions && !s.entry.is_empty() {
                lines.push(format!("entry / {}", m.effects_text(&s.entry)));
            }
            if options.actions && !s.exit.is_empty() {
                lines.push(format!("exit / {}", m.effects_text(&s.exit)));
            }
            Cluster { superstate: SuperstateId(i), lines }
        })
        .collect();
    // Internal transitions: in the box of each state or superstate, or once beside a "from any
    // state" node.
    if options.events {
        for t in m.transitions.iter().filter(|t| t.target.is_none()) {
            let mut line = m.trigger_text(t);
            if options.actions && !t.effects.is_empty() {
                line.push_str(&format!(" / {}", m.effects_text(&t.effects)));
            }
            let (boxes, rest) = cover(m, &t.sources, None);
            if !boxes.is_empty() {
                for b in boxes {
                    clusters[b.0].lines.push(line.clone());
                }
                for s in rest {
                    nodes[s.0].lines.push(line.clone());
                }
                continue;
            }
            match drawn_once(m, &t.sources) {
                Some(except) => {
                    let index = any_node(m, &mut any, except);
                    any[index].internal.push(line);
                }
                None => {
                    for s in &t.sources {
                        nodes[s.0].lines.push(line.clone());
                    }
                }
            }
        }
    }
    // External transitions, grouped by target and trigger.
    let mut groups: Vec<(StateId, String, Vec<&Transition>)> = Vec::new();
    for t in &m.transitions {
        let Some(to) = t.target else { continue };
        let trigger = m.trigger_text(t);
        match groups.iter_mut().find(|(target, text, _)| *target == to && *text == trigger) {
            Some(group) => group.2.push(t),
            None => groups.push((to, trigger, vec![t])),
        }
    }
    let mut edges = Vec::new();
    for (to, _, group) in groups {
        let mut sources: Vec<StateId> = group.iter().flat_map(|t| t.sources.iter().copied()).collect();
        sources.sort();
        sources.dedup();
        // A superstate's transition: one edge from its box (the rest one edge per state),
        // unless the sources are a "from any state" that no box covers whole.
        let (boxes, rest) = cover(m, &sources, Some(to));
        if !boxes.is_empty() && (rest.is_empty() || drawn_once(m, &sources).is_none()) {
            for b in boxes {
                let inside = |s: StateId| m.superstates[b.0].states.contains(&s);
                let label = group_label(m, &group, options, &inside);
                let transitions = group.iter().copied().filter(|t| t.sources.iter().any(|&s| inside(s))).collect();
                edges.push(Edge { from: From::Superstate(b), to, label, transitions });
            }
            for t in &group {
                let label = edge_label(m, t, options);
                for &s in t.sources.iter().filter(|s| rest.contains(s)) {
                    edges.push(Edge { from: From::State(s), to, label: label.clone(), transitions: vec![t] });
                }
            }
            continue;
        }
        match drawn_once(m, &sources) {
            Some(except) => {
                let index = any_node(m, &mut any, except);
                let label = group_label(m, &group, options, &|_| true);
                edges.push(Edge { from: From::Any(index), to, label, transitions: group });
            }
            None => {
                for t in group {
                    let label = edge_label(m, t, options);
                    for &s in &t.sources {
                        edges.push(Edge { from: From::State(s), to, label: label.clone(), transitions: vec![t] });
                    }
                }
            }
        }
    }
    Graph { options, nodes, any, clusters, edges: merge_parallel(edges) }
}

/// Parallel edges (the same start and end, different triggers) merged into one, where the
/// first of them was, drawing all their transitions. Its label lists the triggers, those with the
/// same effects together (`TwExpiry, ConnectionDown` over `/ CloseConnection, SetWatchdog`), in
/// the order they came. A machine whose states answer several events alike (an RFC's error
/// handling) then draws one arrow between two states, not one per event.
fn merge_parallel(edges: Vec<Edge<'_>>) -> Vec<Edge<'_>> {
    /// The parts of a merged edge's label: the triggers that share one effects line, and it.
    type Part = (Vec<String>, String);
    // Each merged edge, with its labels' parts, one per effects.
    let mut merged: Vec<(Edge<'_>, Vec<Part>)> = Vec::with_capacity(edges.len());
    for edge in edges {
        // A label is the trigger, then the effects lines, each starting with `/`.
        let (trigger, effects) = match edge.label.split_once("\n/") {
            Some((trigger, effects)) => (trigger.to_owned(), format!("/{effects}")),
            None if edge.label.starts_with('/') => (String::new(), edge.label.clone()),
            None => (edge.label.clone(), String::new()),
        };
        match merged.iter_mut().find(|(e, _)| e.from == edge.from && e.to == edge.to) {
            Some((first, parts)) => {
                first.transitions.extend(edge.transitions);
                match parts.iter_mut().find(|(_, e)| *e == effects) {
                    Some((triggers, _)) => triggers.push(trigger),
                    None => parts.push((vec![trigger], effects)),
                }
            }
            None => merged.push((edge, vec![(vec![trigger], effects)])),
        }
    }
    merged
        .into_iter()
        .map(|(mut edge, parts)| {
            if parts.len() > 1 || parts[0].0.len() > 1 {
                let lines = parts.into_iter().map(|(triggers, effects)| {
                    let triggers: Vec<String> = triggers.into_iter().filter(|t| !t.is_empty()).collect();
                    [triggers.join(", "), effects].into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join("\n")
                });
                edge.label = lines.filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n");
            }
            edge
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn machine(text: &str) -> Machine {
        let compiled = crate::compile(text);
        assert!(compiled.diagnostics.is_empty(), "{:?}", compiled.diagnostics);
        compiled.machine.unwrap_or_else(|| unreachable!())
    }

    const SPEC: &str = "machine M {
        initial state A; state B; state C; state D; state E; final state F;
        event Go; event Stop; event Ping; action Log; action Close;
        A -> B on Go; B -> C on Go; C -> D on Go; D -> E on Go;
        A, B, E -> A on Stop / Log;
        C -> A on Stop / Close;
        internal * on Ping / Log;
        D -> F on Stop;
        ignore Go in E;
        ignore Ping in F;
    }";

    #[test]
    fn a_trigger_from_most_states_is_one_edge_from_any_state() {
        let m = machine(SPEC);
        let g = graph(&m, Options::of(&m));
        // Stop -> A from A, B, C, E (four of the five states that are not final): one edge.
        let stop: Vec<&Edge> = g.edges.iter().filter(|e| e.label.starts_with("Stop")).collect();
        assert_eq!(stop.len(), 2, "{:?}", stop.iter().map(|e| &e.label).collect::<Vec<_>>());
        let from_any = stop.iter().find(|e| matches!(e.from, From::Any(_))).unwrap_or_else(|| unreachable!());
        assert_eq!(from_any.label, "Stop\n/ Log\n/ Close in C");
        // Go from A, B, C, D: four states, but to four targets: one edge each.
        assert_eq!(g.edges.iter().filter(|e| e.label == "Go").count(), 4);
        let From::Any(i) = from_any.from else { unreachable!() };
        assert_eq!(g.any[i].text, "any state except D");
        // The internal transition of every state is shown once, beside its own node.
        let all = g.any.iter().find(|a| a.except.is_empty()).unwrap_or_else(|| unreachable!());
        assert_eq!(all.internal, ["Ping / Log"]);
        assert!(g.nodes.iter().all(|n| n.lines.is_empty()));
        // Three states of five are not most of them.
        let m = machine(&SPEC.replace("A, B, E -> A on Stop / Log;", "A, B -> A on Stop / Log; E -> D on Stop;"));
        let g = graph(&m, Options::of(&m));
        assert!(g.edges.iter().all(|e| matches!(e.from, From::State(_))));
    }

    #[test]
    fn options_hide_events_and_actions() {
        let m = machine(SPEC);
        let g = graph(&m, Options { events: false, ..Options::of(&m) });
        assert!(g.edges.iter().all(|e| !e.label.contains("Stop") && !e.label.contains("Go")));
        assert!(g.any.iter().all(|a| a.internal.is_empty()));
        let g = graph(&m, Options { actions: false, ..Options::of(&m) });
        assert!(g.edges.iter().all(|e| !e.label.contains('/')));
    }

    #[test]
    fn wrap_breaks_at_spaces_and_keeps_long_words() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "  ccc", "  dddd"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcdefghij"]);
        assert_eq!(wrap("", 4), [""]);
    }

    #[test]
    fn parallel_edges_are_one_edge_that_lists_the_triggers_by_effects() {
        let m = machine(
            "machine M { initial state A; state B; event E; event F; event G; event H; action X;
             A -> B on E / X; A -> B on F / X; A -> B on G; B -> A on H; ignore H in A; ignore E, F, G in B; }",
        );
        let g = graph(&m, Options::of(&m));
        let edges: Vec<(&str, &str, usize)> = g
            .edges
            .iter()
            .map(|e| {
                let From::State(from) = e.from else { panic!("an edge from a state") };
                (m.state(from).named.name.as_str(), e.label.as_str(), e.transitions.len())
            })
            .collect();
        assert_eq!(edges, [("A", "E, F\n/ X\nG", 3), ("B", "H", 1)]);
        // Without the events, the effects alone.
        let options = Options { events: false, ..Options::of(&m) };
        assert_eq!(graph(&m, options).edges[0].label, "/ X");
    }

    #[test]
    fn a_superstate_transition_is_one_edge_from_its_box() {
        let m = machine(
            "machine M { initial state A; state S { initial state B; state C; }
             event E; event F; event G; action Log;
             A -> S on E; S -> A on F; B -> C on E; C -> B on E; internal S on G / Log;
             ignore F, G in A; }",
        );
        let g = graph(&m, Options::of(&m));
        let from_box: Vec<&Edge<'_>> = g.edges.iter().filter(|e| matches!(e.from, From::Superstate(_))).collect();
        assert_eq!(from_box.len(), 1);
        assert_eq!((m.state(from_box[0].to).named.name.as_str(), from_box[0].label.as_str()), ("A", "F"));
        assert_eq!(from_box[0].transitions.len(), 1);
        // Not also drawn from each state inside, and the shared internal transition is a line
        // of the box, not of each state's.
        assert!(!g.edges.iter().any(|e| matches!(e.from, From::State(_)) && e.label == "F"));
        assert_eq!(g.clusters[0].lines, ["G / Log"]);
        assert!(g.nodes.iter().all(|n| n.lines.is_empty()));
        // An edge into the box from inside it cannot start at the box.
        let (boxes, rest) = cover(&m, &m.superstates[0].states, Some(m.state_named("B").unwrap()));
        assert!(boxes.is_empty());
        assert_eq!(rest.len(), 2);
    }
}
