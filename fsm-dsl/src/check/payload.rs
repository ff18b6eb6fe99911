//! Events that carry data no hook ever sees (W0010): in every state, the event is ignored,
//! unhandled, or taken by transitions that ask no named guard and run no action (exit and entry
//! actions included), so the data is built by the caller and dropped unread.

use super::report;
use crate::diag::Diagnostic;
use crate::ir::{Cell, Condition, Effect, EventId, Machine, StateId};

/// W0010 for each event with data that no guard and no action can see.
pub(super) fn unseen(m: &Machine) -> Vec<Diagnostic> {
    (0..m.events.len())
        .map(EventId)
        .filter(|&e| m.event(e).payload.is_some() && !seen(m, e))
        .map(|e| report::data_never_seen(&m.event(e).named))
        .collect()
}

/// Whether some step on `e` asks a named guard or runs an action: the hooks then see its data.
fn seen(m: &Machine, e: EventId) -> bool {
    (0..m.states.len()).map(StateId).any(|s| match m.cell(s, e) {
        Cell::Rules(rules) => rules.iter().any(|&t| {
            let asks = match &m.transition(t).condition {
                Condition::When(expr) => {
                    let (mut guards, mut vars) = (Vec::new(), Vec::new());
                    expr.collect(&mut guards, &mut vars);
                    !guards.is_empty()
                }
                Condition::Always | Condition::Else => false,
            };
            asks || m.each_effect_of(s, t).any(|effect| matches!(effect, Effect::Action(_)))
        }),
        Cell::Unmentioned | Cell::Ignored(_) | Cell::Error(_) => false,
    })
}
