//! Checked model to a Markdown page, through the askama template `templates/machine.md`:
//! description, states with their docs, the other declarations, the state x event matrix, the
//! transition list with refs, and the diagram (Mermaid, and the Graphviz SVG). Where the machine has timers, the states say
//! which may be running in them, from the checker's timer analysis (`check::running`).

use askama::Template;
use fsm_dsl::ast::Policy;
use fsm_dsl::check::Running;
use fsm_dsl::ir::{Cell, Condition, EventId, Machine, StateId, Transition};

struct Section {
    title: &'static str,
    singular: &'static str,
    rows: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "machine.md", escape = "none")]
struct Page {
    spec_path: String,
    title: String,
    description: String,
    refs: String,
    initial: String,
    policy: &'static str,
    states: Vec<(String, String, String, String, String)>,
    timers: bool,
    declarations: Vec<Section>,
    matrix: String,
    transitions: Vec<(usize, String, String, String, String, String)>,
    diagram: Option<String>,
    mermaid: String,
}

/// Text made safe for one Markdown table cell: `|` escaped, line breaks as `<br>`.
pub fn cell(text: &str) -> String {
    text.trim().replace('|', "\\|").replace("\r\n", "\n").replace('\n', "<br>")
}

fn code(text: &str) -> String {
    if text.is_empty() { String::new() } else { format!("`{}`", text.replace('|', "\\|").replace('`', "'")) }
}

fn name_cell(named: &fsm_dsl::ir::Named) -> String {
    match &named.label {
        Some(label) if label != &named.name => format!("{} ({})", code(&named.name), cell(label)),
        _ => code(&named.name),
    }
}

/// Where a state stands among the superstates, outside in (`in RUNNING › CONNECTED › OKAY`),
/// or `None` for a state outside every superstate.
pub fn within(m: &Machine, s: StateId) -> Option<String> {
    let chain = m.superstates_of(s);
    if chain.is_empty() {
        return None;
    }
    let names: Vec<&str> = chain.iter().rev().map(|x| m.superstates[x.index()].named.display()).collect();
    Some(format!("in {}", names.join(" › ")))
}

/// The events a transition on `*` covers (see [`fsm_dsl::ir::Transition::other_events`]), less
/// the expiries that cannot come in any of its states: what docs and the hover list.
pub fn covered<'m>(m: &'m Machine, running: &'m Running, t: &'m Transition) -> impl Iterator<Item = EventId> + 'm {
    t.events.iter().copied().filter(move |&e| {
        m.event(e).timer.is_none_or(|timer| t.sources.iter().any(|&s| running.expiry_possible(s, timer)))
    })
}

/// What a (state, event) pair does, in a few words for the matrix.
fn matrix_cell(m: &Machine, running: &Running, s: StateId, e: EventId) -> String {
    let cannot_happen = m.event(e).timer.is_some_and(|t| running.reached(s) && !running.may_be_running(s, t));
    match m.cell(s, e) {
        Cell::Ignored(_) => "ignored".to_owned(),
        Cell::Error(id) => match &m.protocol_error(*id).cause {
            Some(cause) => format!("error: {}", cell(cause)),
            None => "error".to_owned(),
        },
        Cell::Unmentioned if m.state(s).is_final => String::new(),
        Cell::Unmentioned if cannot_happen => "(not running)".to_owned(),
        Cell::Unmentioned => match m.policy {
            Policy::Ignore => "(ignored)".to_owned(),
            Policy::Error | Policy::Warn => "—".to_owned(),
        },
        // An expiry that cannot happen here, which only a transition on `*` covers.
        Cell::Rules(rules) if cannot_happen && rules.iter().all(|&r| m.transition(r).other_events().is_some()) => {
            "(not running)".to_owned()
        }
        Cell::Rules(rules) => rules
            .iter()
            .map(|&id| {
                let t = m.transition(id);
                let guard = match t.condition {
                    Condition::Always => String::new(),
                    _ => format!("{} ", cell(&format!("[{}]", t.guard_text()))),
                };
                let effects = m.step_effects_text(s, id);
                let effects = if effects.is_empty() { String::new() } else { format!(" / {}", cell(&effects)) };
                // A pair that a transition on `*` covers says so, with the transition's label.
                let by = t.other_events().map_or(String::new(), |label| format!(" ({})", cell(label)));
                match t.target {
                    Some(target) => format!("{guard}→ {}{effects}{by}", cell(m.state(target).named.display())),
                    None => format!("{guard}internal{effects}{by}"),
                }
            })
            .collect::<Vec<_>>()
            .join("<br>"),
    }
}

/// The state x event matrix as a Markdown table, one row per (leaf) state, under its name the
/// superstates that hold it: each cell says what the pair does. A handled
/// pair gives, per transition (in spec order, one line each), its guard, `→ TARGET` or
/// `internal`, and after `/` every action it runs in order (the source's exit, the
/// transition's, the target's entry: `[!Pending] → SUSPECT / Failover, SetWatchdog`). Otherwise
/// the cell says `ignored`, `(ignored)` under `unhandled = ignore`, `—` for a pair nothing
/// handles, `(not running)` for the expiry of a timer that cannot be running in that state (so
/// nothing needs to handle it), or nothing in a final state.
pub fn matrix(m: &Machine) -> String {
    let running = fsm_dsl::check::running(m);
    let mut out = String::from("| State \\ Event |");
    for e in &m.events {
        out.push_str(&format!(" {} |", cell(e.named.display())));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(m.events.len()));
    out.push('\n');
    for (s, state) in m.states.iter().enumerate() {
        // A state inside superstates says which, under its name.
        match within(m, StateId(s)) {
            Some(path) => out.push_str(&format!("| **{}**<br>{} |", cell(state.named.display()), cell(&path))),
            None => out.push_str(&format!("| **{}** |", cell(state.named.display()))),
        }
        for e in 0..m.events.len() {
            out.push_str(&format!(" {} |", matrix_cell(m, &running, StateId(s), EventId(e))));
        }
        out.push('\n');
    }
    out
}

/// The Markdown page of a machine. `spec_path` is named in the header comment. The diagram is a
/// Mermaid block (GitHub draws it in place), followed by the SVG at the relative path `diagram`,
/// if there is one.
pub fn render(m: &Machine, spec_path: &str, diagram: Option<&str>) -> String {
    let running = fsm_dsl::check::running(m);
    let states = m
        .states
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut name = name_cell(&s.named);
            if StateId(i) == m.initial {
                name.push_str(" (initial)");
            }
            if s.is_final {
                name.push_str(" (final)");
            }
            if let Some(path) = within(m, StateId(i)) {
                name.push_str(&format!(", {}", cell(&path)));
            }
            let timers: Vec<&str> =
                running.may_run(StateId(i)).iter().map(|t| m.timers[t.index()].named.display()).collect();
            let timers =
                if running.reached(StateId(i)) { cell(&timers.join(", ")) } else { "(unreachable)".to_owned() };
            let entry = m.effects_text_with(&s.entry, &s.entry_groups);
            let exit = m.effects_text_with(&s.exit, &s.exit_groups);
            (name, cell(&s.named.doc), cell(&entry), cell(&exit), timers)
        })
        .collect();
    let mut declarations = Vec::new();
    let superstates: Vec<(String, String)> = m
        .superstates
        .iter()
        .map(|x| {
            let mut name = name_cell(&x.named);
            if let Some(parent) = x.parent {
                name.push_str(&format!(", in {}", code(&m.superstates[parent.index()].named.name)));
            }
            let states: Vec<String> = x.states.iter().map(|&s| code(&m.state(s).named.name)).collect();
            let mut doc = cell(&x.named.doc);
            if !doc.is_empty() {
                doc.push_str("<br>");
            }
            doc.push_str(&format!("States: {}", states.join(", ")));
            for (what, effects, groups) in [("Entry", &x.entry, &x.entry_groups), ("Exit", &x.exit, &x.exit_groups)] {
                if !effects.is_empty() {
                    doc.push_str(&format!("<br>{what}: {}", cell(&m.effects_text_with(effects, groups))));
                }
            }
            (name, doc)
        })
        .collect();
    if !superstates.is_empty() {
        declarations.push(Section { title: "Superstates", singular: "Superstate", rows: superstates });
    }
    // An event that carries data shows its type after its name, as the spec declares it.
    let events: Vec<(String, String)> = m
        .events
        .iter()
        .map(|e| {
            let mut name = name_cell(&e.named);
            if let Some(ty) = &e.payload {
                name.push_str(&format!(", carries {}", code(ty)));
            }
            (name, cell(&e.named.doc))
        })
        .collect();
    declarations.push(Section { title: "Events", singular: "Event", rows: events });
    // As the generated `Action` enum: a timer's implied operation that nothing runs is left out.
    let actions: Vec<(String, String)> = (m.actions.iter().zip(m.shown_actions()))
        .filter(|&(_, shown)| shown)
        .map(|(a, _)| (name_cell(&a.named), cell(&a.named.doc)))
        .collect();
    if !actions.is_empty() {
        declarations.push(Section { title: "Actions", singular: "Action", rows: actions });
    }
    // An effect group with its effects, written out (tables and diagrams show its name).
    let groups: Vec<(String, String)> = m
        .groups
        .iter()
        .map(|g| {
            let effects: Vec<String> = g.effects.iter().map(|e| code(&m.effect_text(e))).collect();
            let mut doc = cell(&g.named.doc);
            if !doc.is_empty() {
                doc.push_str("<br>");
            }
            doc.push_str(&format!("Effects: {}", effects.join(", ")));
            (name_cell(&g.named), doc)
        })
        .collect();
    if !groups.is_empty() {
        declarations.push(Section { title: "Effect groups", singular: "Group", rows: groups });
    }
    let guards: Vec<(String, String)> = m.guards.iter().map(|g| (name_cell(&g.named), cell(&g.named.doc))).collect();
    if !guards.is_empty() {
        declarations.push(Section { title: "Guards", singular: "Guard", rows: guards });
    }
    let timers: Vec<(String, String)> = m
        .timers
        .iter()
        .map(|t| {
            let mut name = name_cell(&t.named);
            match (&t.duration, t.default) {
                (Some(d), _) => name.push_str(&format!(", `{}` at each start", d.text)),
                (None, Some(d)) => name.push_str(&format!(", default {}", duration_text(d))),
                (None, None) => {}
            }
            (name, cell(&t.named.doc))
        })
        .collect();
    if !timers.is_empty() {
        declarations.push(Section { title: "Timers", singular: "Timer", rows: timers });
    }
    let vars: Vec<(String, String)> = m
        .vars
        .iter()
        .map(|v| {
            let (ty, value) = match v.ty {
                fsm_dsl::ir::VarType::Bool => ("bool".to_owned(), (v.init != 0).to_string()),
                fsm_dsl::ir::VarType::Int { min, max } => (format!("{min}..={max}"), v.init.to_string()),
            };
            // A parameter's value is its default, if it has one.
            let ty = match (v.param, v.has_default, v.output) {
                (true, true, _) => format!("parameter, {ty}, default {value}"),
                (true, false, _) => format!("parameter, {ty}, no default"),
                (false, _, true) => format!("output, {ty}, initially {value}"),
                (false, _, false) => format!("{ty}, initially {value}"),
            };
            (format!("{} ({ty})", code(&v.named.name)), cell(&v.named.doc))
        })
        .collect();
    if !vars.is_empty() {
        declarations.push(Section { title: "Variables", singular: "Variable", rows: vars });
    }
    // Each `error` item: its cause, and the pairs it makes protocol errors, state by state.
    let errors: Vec<(String, String)> = m
        .protocol_errors
        .iter()
        .enumerate()
        .map(|(i, error)| {
            let mut pairs: Vec<(StateId, Vec<&str>)> = Vec::new();
            for (at, c) in m.cells.iter().enumerate() {
                if *c != Cell::Error(fsm_dsl::ir::ErrorId(i)) {
                    continue;
                }
                let (s, e) = (StateId(at / m.events.len()), EventId(at % m.events.len()));
                match pairs.iter_mut().find(|(state, _)| *state == s) {
                    Some((_, events)) => events.push(m.event(e).named.display()),
                    None => pairs.push((s, vec![m.event(e).named.display()])),
                }
            }
            // The states with the same events together.
            let mut merged: Vec<(Vec<&str>, Vec<&str>)> = Vec::new();
            for (s, events) in pairs {
                match merged.iter_mut().find(|(e, _)| *e == events) {
                    Some((_, states)) => states.push(m.state(s).named.display()),
                    None => merged.push((events, vec![m.state(s).named.display()])),
                }
            }
            let pairs: Vec<String> =
                merged.iter().map(|(events, states)| format!("{}: {}", states.join(", "), events.join(", "))).collect();
            let mut doc = cell(&error.doc);
            for (what, text) in [("In", pairs.join("; ")), ("Refs", error.refs.join("; "))] {
                if !text.is_empty() {
                    if !doc.is_empty() {
                        doc.push_str("<br>");
                    }
                    doc.push_str(&format!("{what}: {}", cell(&text)));
                }
            }
            (cell(error.cause.as_deref().unwrap_or("(no cause given)")), doc)
        })
        .collect();
    if !errors.is_empty() {
        declarations.push(Section { title: "Protocol errors", singular: "Cause", rows: errors });
    }
    let transitions = m
        .transitions
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let from: Vec<&str> = t.sources.iter().map(|s| m.state(*s).named.display()).collect();
            let to = t.target.map_or("(internal)".to_owned(), |s| m.state(s).named.display().to_owned());
            let mut refs = t.refs().join("; ");
            if !t.doc().is_empty() {
                if !refs.is_empty() {
                    refs.push_str(": ");
                }
                refs.push_str(t.doc());
            }
            // A transition on `*` lists the events it covers after its label.
            let mut trigger = code(&m.trigger_text(t));
            if t.other_events().is_some() {
                // Less the expiries that cannot happen in any of its states.
                let covered: Vec<&str> = covered(m, &running, t).map(|e| m.event(e).named.display()).collect();
                trigger.push_str(&format!(": {}", cell(&covered.join(", "))));
            }
            (
                i + 1,
                cell(&from.join(", ")),
                trigger,
                cell(&to),
                cell(&m.effects_text_with(&t.effects, t.groups())),
                cell(&refs),
            )
        })
        .collect();
    let page = Page {
        spec_path: spec_path.to_owned(),
        title: m.named.display().to_owned(),
        description: m.named.doc.clone(),
        refs: m.refs.join("; "),
        initial: m.state(m.initial).named.display().to_owned(),
        policy: match m.policy {
            Policy::Error => "errors (every pair is handled or ignored explicitly)",
            Policy::Warn => "unhandled (the checker warns)",
            Policy::Ignore => "ignored",
        },
        states,
        timers: !m.timers.is_empty(),
        declarations,
        matrix: matrix(m),
        transitions,
        diagram: diagram.map(str::to_owned),
        mermaid: crate::mermaid::render(m),
    };
    let mut text = page.render().unwrap_or_default();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// A duration in the largest unit that writes it whole, as a spec writes it: `2 s`, `500 ms`.
pub(crate) fn duration_text(d: std::time::Duration) -> String {
    let ms = d.as_millis();
    match ms {
        0 => "0 s".to_owned(),
        _ if ms.is_multiple_of(3_600_000) => format!("{} h", ms / 3_600_000),
        _ if ms.is_multiple_of(60_000) => format!("{} min", ms / 60_000),
        _ if ms.is_multiple_of(1_000) => format!("{} s", ms / 1_000),
        _ => format!("{ms} ms"),
    }
}
