//! Syntax tree to checked model: name resolution, the rules of the DSL, and the analyses
//! (determinism, completeness, reachability, unused declarations, timers).
//!
//! The checker never stops at the first problem. Resolution errors drop the item that has them
//! and go on; the analyses then still run, on the pairs the dropped items cannot concern, and
//! report only what those items could not change (conflicts, gaps, ranges, unhandled pairs),
//! so that one misspelled name neither hides the rest nor shows up again as a dead end.

mod allow;
mod analysis;
mod eval;
mod hierarchy;
mod payload;
mod report;
mod resolve;
mod suggest;
mod timers;

use crate::ast;
use crate::diag::Diagnostic;
use crate::ir;

pub use eval::{MAX_CONFIGURATIONS, MAX_EVALUATIONS, MAX_GUARD_COMBINATIONS};
pub use suggest::{MAX_SUGGEST_LEN, MAX_SUGGEST_WORK, suggest, suggest_counted};
pub use timers::{MAX_TIMERS, Running};

/// Checks a parsed spec. Returns the model when there is no error (warnings allowed), and every
/// diagnostic, sorted by position.
pub fn check(spec: &ast::Spec) -> (Option<ir::Machine>, Vec<Diagnostic>) {
    let original = spec;
    // Superstates mean what their flat spec means: the rest of the checker sees leaves only.
    let flat = hierarchy::flatten(spec);
    let spec = &*flat.spec;
    let (mut machine, mut diagnostics, unknown) = resolve::resolve(spec);
    // A nesting error drops or leaves out states: what the analyses would say is not known.
    let nested_ok = !flat.diagnostics.iter().any(Diagnostic::is_error);
    diagnostics.extend(flat.diagnostics);
    if let Some(machine) = &mut machine {
        machine.superstates = superstates(machine, &flat.superstates);
        machine.allows = resolve::allows(original);
    }
    let clean = !diagnostics.iter().any(Diagnostic::is_error) && spec.broken.is_empty();
    let nested_ok = nested_ok && spec.broken.is_empty();
    // Items that did not parse leave holes of unknown shape: nothing is analysed then. Names that
    // did not resolve drop their items, and the analyses still run on the pairs those items
    // cannot concern, reporting only what the missing items cannot change.
    if let Some(machine) = &mut machine {
        if clean {
            diagnostics.extend(timers::assigned_after_start(machine));
            diagnostics.extend(timers::started_without_data(machine));
            let running = timers::running_timers(machine, None);
            diagnostics.extend(analysis::analyse(machine, None, &running));
            diagnostics.extend(timers::diagnostics(machine, &running));
            diagnostics.extend(payload::unseen(machine));
            machine.idle_timers = running.idle(machine);
        } else if nested_ok && !unknown.unsound {
            // Only the pairs no dropped item concerns are followed: a timer found running is
            // running, one found stopped may not be.
            let running = timers::running_timers(machine, Some(&unknown.cells));
            diagnostics.extend(analysis::analyse(machine, Some(&unknown.cells), &running));
        }
    }
    allow::apply(original, &mut diagnostics);
    diagnostics.sort_by_key(|d| (d.primary.span.start(), d.code));
    let ok = !diagnostics.iter().any(Diagnostic::is_error);
    (machine.filter(|_| ok), diagnostics)
}

/// The checked model's superstates: leaves as ids (a leaf that did not resolve is left out).
fn superstates(machine: &ir::Machine, found: &[hierarchy::Superstate]) -> Vec<ir::Superstate> {
    found
        .iter()
        .map(|s| {
            let ((entry, entry_groups), (exit, exit_groups)) = (effects(machine, &s.entry), effects(machine, &s.exit));
            ir::Superstate {
                named: resolve::named(&s.name, s.label.as_ref(), &s.docs),
                parent: s.parent.map(ir::SuperstateId),
                states: s.leaves.iter().filter_map(|name| machine.state_named(name)).collect(),
                entry,
                exit,
                entry_groups,
                exit_groups,
            }
        })
        .collect()
}

/// A superstate's entry or exit effects in the model's terms, looked up by name in the checked
/// machine (the flat transitions that run them resolved the same names, so none is missing),
/// with the groups they name.
fn effects(machine: &ir::Machine, written: &[ast::Effect]) -> (Vec<ir::Effect>, Vec<ir::GroupUse>) {
    let mut groups = Vec::new();
    let mut at = 0;
    for effect in written {
        let len = match effect {
            ast::Effect::Action(name) if !machine.actions.iter().any(|a| a.named.name == name.text) => {
                match machine.groups.iter().position(|g| g.named.name == name.text) {
                    Some(group) => {
                        let len = machine.groups[group].effects.len();
                        groups.push(ir::GroupUse { group, start: at, len });
                        len
                    }
                    None => 0,
                }
            }
            _ => 1,
        };
        at += len;
    }
    (expand(machine, written), groups)
}

fn expand(machine: &ir::Machine, written: &[ast::Effect]) -> Vec<ir::Effect> {
    let var = |name: &ast::Name| machine.vars.iter().position(|v| v.named.name == name.text).map(ir::VarId);
    let literal = |value: &ast::Literal| match *value {
        ast::Literal::Bool(b, _) => i64::from(b),
        ast::Literal::Int(i, _) => i,
    };
    written
        .iter()
        .flat_map(|effect| match effect {
            // A group, written out.
            ast::Effect::Action(name) if !machine.actions.iter().any(|a| a.named.name == name.text) => {
                machine.groups.iter().find(|g| g.named.name == name.text).map_or_else(Vec::new, |g| g.effects.clone())
            }
            ast::Effect::Action(name) => machine
                .actions
                .iter()
                .position(|a| a.named.name == name.text)
                .map(|a| ir::Effect::Action(ir::ActionId(a)))
                .into_iter()
                .collect(),
            ast::Effect::Timer(op) => machine
                .timers
                .iter()
                .find(|t| t.named.name == op.timer.text)
                .map(|t| {
                    ir::Effect::Action(match op.kind {
                        ast::TimerOpKind::Start => t.start,
                        ast::TimerOpKind::Stop => t.stop,
                    })
                })
                .into_iter()
                .collect(),
            ast::Effect::Assign(a) => var(&a.var)
                .map(|v| match a.op {
                    ast::AssignOp::Set => ir::Effect::Set(v, literal(&a.value)),
                    ast::AssignOp::Add => ir::Effect::Add(v, literal(&a.value)),
                    ast::AssignOp::Sub => ir::Effect::Add(v, literal(&a.value).saturating_neg()),
                })
                .into_iter()
                .collect(),
        })
        .collect()
}

/// The timers that may be running in each state of a checked machine: what the checker's
/// timer analysis found (see [`Running`]), for tools that show it (the Markdown table).
pub fn running(machine: &ir::Machine) -> Running {
    timers::running(machine, None)
}

/// A model of whatever resolved, errors notwithstanding: the macro generates its skeleton from
/// it, so that code using the machine sees the declared names while the spec is being fixed.
/// `None` when the spec declares no state.
pub fn skeleton(spec: &ast::Spec) -> Option<ir::Machine> {
    let flat = hierarchy::flatten(spec);
    let mut m = resolve::resolve(&flat.spec).0?;
    m.superstates = superstates(&m, &flat.superstates);
    // A spec with errors may declare a name twice; the generated enums must not.
    fn unique<'a>(names: impl Iterator<Item = &'a mut ir::Named>) {
        let mut seen = std::collections::HashSet::new();
        for named in names {
            let base = crate::naming::rust_ident(&named.name);
            let mut candidate = base.clone();
            let mut n = 2;
            while !seen.insert(candidate.clone()) {
                candidate = format!("{base}_{n}");
                n += 1;
            }
            named.name = candidate;
        }
    }
    unique(m.states.iter_mut().map(|s| &mut s.named));
    unique(m.events.iter_mut().map(|e| &mut e.named));
    unique(m.actions.iter_mut().map(|a| &mut a.named));
    unique(m.guards.iter_mut().map(|g| &mut g.named).chain(m.vars.iter_mut().map(|v| &mut v.named)));
    unique(m.timers.iter_mut().map(|t| &mut t.named));
    Some(m)
}

pub use crate::naming::{is_rust_keyword, module_name};
