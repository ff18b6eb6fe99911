//! The Mermaid export of every spec in `specs/` and `tests/data/ok/`, read back line by line:
//! each line is a form of `stateDiagram-v2` that the writer means to emit, every state is
//! declared with its label, and every transition is drawn (an edge from its source, or from a
//! "from any state" node that covers it, labelled with its events), every internal transition
//! is written in its state or beside such a node, the initial state has its `[*]` arrow and each
//! final state one to `[*]`. Superstates are composite states (`state s_X { ... }`) holding
//! their states; an edge or an internal transition of theirs covers every state inside.

use fsm_cli::mermaid;
use fsm_dsl::ir::{Machine, StateId};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn spec_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["specs", "tests/data/ok"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "fsm") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() > 10);
    files
}

/// What the text says: state labels by id, description lines by id, edges with labels.
#[derive(Default)]
struct Read {
    labels: BTreeMap<String, String>,
    /// Composite states: id -> the ids declared inside, at any depth.
    composite: BTreeMap<String, BTreeSet<String>>,
    lines: BTreeMap<String, Vec<String>>,
    edges: Vec<(String, String, String)>,
}

fn read(text: &str) -> Read {
    let mut r = Read::default();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("---"));
    assert!(lines.next().unwrap().starts_with("title: \""));
    assert_eq!(lines.next(), Some("---"));
    assert_eq!(lines.next(), Some("stateDiagram-v2"));
    let mut open: Vec<String> = Vec::new();
    for line in lines {
        let line = line.strip_prefix("    ").unwrap_or_else(|| panic!("not indented: {line:?}")).trim_start();
        if let Some(id) = line.strip_prefix("state ").and_then(|l| l.strip_suffix(" {")) {
            assert!(r.labels.contains_key(id), "composite before its label: {line}");
            r.composite.insert(id.to_owned(), BTreeSet::new());
            open.push(id.to_owned());
            continue;
        }
        if line == "}" {
            open.pop().expect("a `}` closes a composite state");
            continue;
        }
        if let Some(rest) = line.strip_prefix("state \"") {
            let id = rest.split_once("\" as ").unwrap().1;
            for outer in &open {
                r.composite.get_mut(outer).unwrap().insert(id.to_owned());
            }
        }
        if line.starts_with("%% ") || line.starts_with("classDef ") || line.starts_with("class ") {
            continue;
        }
        if let Some(d) = line.strip_prefix("direction ") {
            assert!(["TB", "LR", "BT", "RL"].contains(&d), "{line}");
        } else if let Some(rest) = line.strip_prefix("state \"") {
            let (label, id) = rest.split_once("\" as ").unwrap();
            assert!(!label.contains('"') && !id.contains(' '), "{line}");
            r.labels.insert(id.to_owned(), label.to_owned());
        } else if let Some((from, rest)) = line.split_once(" --> ") {
            let (to, label) = rest.split_once(" : ").unwrap_or((rest, ""));
            r.edges.push((from.to_owned(), to.to_owned(), label.to_owned()));
        } else if let Some((id, text)) = line.split_once(" : ") {
            assert!(r.labels.contains_key(id), "description before declaration: {line}");
            r.lines.entry(id.to_owned()).or_default().push(text.to_owned());
        } else {
            panic!("not a line the writer emits: {line:?}");
        }
    }
    assert!(open.is_empty(), "a composite state is not closed");
    // No label holds a character Mermaid would read as syntax, outside its entity codes.
    for text in r.labels.values().chain(r.lines.values().flatten()).chain(r.edges.iter().map(|e| &e.2)) {
        let bare = without_entities(text);
        assert!(!bare.contains(['"', ';', '#', '{', '}', '%', '\n']), "unescaped: {text:?}");
    }
    r
}

/// A text without its Mermaid entity codes (`#quot;`, `#59;`).
fn without_entities(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('#') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let code = after.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(after.len());
        if code > 0 && after[code..].starts_with(';') {
            rest = &after[code + 1..];
        } else {
            out.push('#');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// The states a "from any state" node covers, from its label.
fn covered(m: &Machine, label: &str) -> BTreeSet<StateId> {
    let rest = label.strip_prefix("from any state").unwrap();
    let except: Vec<String> = match rest.strip_prefix(" except ") {
        Some(list) => list.split(", ").map(str::to_owned).collect(),
        None => {
            assert!(rest.is_empty(), "{label}");
            Vec::new()
        }
    };
    (0..m.states.len())
        .map(StateId)
        .filter(|&s| !m.state(s).is_final && !except.contains(&mermaid::text(m.state(s).named.display())))
        .collect()
}

#[test]
fn every_state_and_transition_is_in_the_mermaid_export() {
    for path in spec_files() {
        let name = path.display().to_string();
        let compiled = fsm_dsl::compile(&std::fs::read_to_string(&path).unwrap());
        let m = compiled.machine.unwrap();
        let text = mermaid::render(&m);
        let r = read(&text);
        for (i, state) in m.states.iter().enumerate() {
            let id = mermaid::state_id(&m, StateId(i));
            assert_eq!(r.labels.get(&id), Some(&mermaid::text(state.named.display())), "{name}: {id}");
            if state.is_final {
                assert!(r.edges.iter().any(|e| e.0 == id && e.1 == "[*]"), "{name}: final {id}");
            }
        }
        // Each superstate: a composite holding the ids of the states inside it, and no others.
        let mut composite: BTreeMap<String, BTreeSet<StateId>> = BTreeMap::new();
        for (i, superstate) in m.superstates.iter().enumerate() {
            let id = mermaid::superstate_id(&m, fsm_dsl::ir::SuperstateId(i));
            let label = r.labels.get(&id).unwrap_or_else(|| panic!("{name}: no superstate {id}"));
            assert!(label.starts_with(&mermaid::text(superstate.named.display())), "{name}: {id}");
            let inside: BTreeSet<String> =
                r.composite[&id].iter().filter(|s| !r.composite.contains_key(*s)).cloned().collect();
            let expected: BTreeSet<String> = superstate.states.iter().map(|&s| mermaid::state_id(&m, s)).collect();
            assert_eq!(inside, expected, "{name}: {id}");
            composite.insert(id, superstate.states.iter().copied().collect());
        }
        let initial = mermaid::state_id(&m, m.initial);
        assert!(r.edges.iter().any(|e| e.0 == "[*]" && e.1 == initial), "{name}: initial");
        let any: BTreeMap<&String, BTreeSet<StateId>> =
            r.labels.iter().filter(|(id, _)| id.starts_with("any_")).map(|(id, l)| (id, covered(&m, l))).collect();
        for t in &m.transitions {
            // A transition on `*` is drawn with its label, not the events it covers.
            let events: Vec<String> = match t.other_events() {
                Some(label) => vec![mermaid::text(label)],
                None => t.events.iter().map(|e| mermaid::text(m.event(*e).named.display())).collect(),
            };
            for &s in &t.sources {
                let from = mermaid::state_id(&m, s);
                match t.target {
                    Some(target) => {
                        let to = mermaid::state_id(&m, target);
                        let drawn = r.edges.iter().any(|(f, tt, label)| {
                            (*f == from
                                || any.get(f).is_some_and(|c| c.contains(&s))
                                || composite.get(f).is_some_and(|c| c.contains(&s)))
                                && *tt == to
                                && events.iter().all(|e| label.replace("<br>", " ").contains(e.as_str()))
                        });
                        assert!(drawn, "{name}: no edge for {from} -> {to} on {events:?}\n{text}");
                    }
                    None => {
                        let written = |id: &String| {
                            r.lines.get(id).is_some_and(|lines| {
                                let all = lines.join(" ");
                                events.iter().all(|e| all.contains(e.as_str()))
                            })
                        };
                        // A superstate's internal transitions are in its label, under its name.
                        let in_label = |id: &String| {
                            r.labels.get(id).is_some_and(|l| events.iter().all(|e| l.contains(e.as_str())))
                        };
                        let shown = written(&from)
                            || any.iter().any(|(id, c)| c.contains(&s) && written(id))
                            || composite.iter().any(|(id, c)| c.contains(&s) && in_label(id));
                        assert!(shown, "{name}: internal transition of {from} on {events:?} not shown\n{text}");
                    }
                }
            }
        }
    }
}

#[test]
fn labels_escape_what_mermaid_reads_as_syntax() {
    assert_eq!(mermaid::text("say \"hi\"; 100% #1"), "say #quot;hi#quot;#59; 100#37; #35;1");
    assert_eq!(mermaid::text("T(ack) a-b {x} <b>"), "T(ack) a-b #123;x#125; #lt;b#gt;");
    assert_eq!(mermaid::text("two\nlines\u{0}"), "two<br>lines");
}
