//! The model written back as the spec writes it: effects, guard expressions and triggers as
//! text, for diagrams, docs, `fsm sim` and diagnostics.

use super::{
    ActionId, ActionKind, Effect, Expr, GroupUse, Machine, Operand, StateId, Transition, TransitionId, VarType,
};

impl Machine {
    /// An effect as the spec writes it: the action's display name (`SetWatchdog`, `start Tw`),
    /// or the assignment (`Pending = false`, `NumDWA += 1`).
    pub fn effect_text(&self, effect: &Effect) -> String {
        match *effect {
            Effect::Action(a) => self.action(a).named.display().to_owned(),
            Effect::Set(v, x) => {
                let var = &self.vars[v.0];
                match var.ty {
                    VarType::Bool => format!("{} = {}", var.named.name, x != 0),
                    VarType::Int { .. } => format!("{} = {x}", var.named.name),
                }
            }
            Effect::Add(v, d) if d < 0 => format!("{} -= {}", self.vars[v.0].named.name, d.unsigned_abs()),
            Effect::Add(v, d) => format!("{} += {d}", self.vars[v.0].named.name),
        }
    }

    /// An action as `fsm sim` prints it: its identifier, or `start T` / `stop T` for a timer
    /// operation (whatever name the spec gives it).
    pub fn action_sim_text(&self, id: ActionId) -> String {
        let action = self.action(id);
        match action.kind {
            ActionKind::User => action.named.name.clone(),
            ActionKind::Start(t) => format!("start {}", self.timers[t.0].named.name),
            ActionKind::Stop(t) => format!("stop {}", self.timers[t.0].named.name),
        }
    }

    /// A guard expression as DSL text, with only the parentheses that precedence needs.
    pub fn expr_text(&self, e: &Expr) -> String {
        fn precedence(e: &Expr) -> u8 {
            match e {
                Expr::Or(..) => 1,
                Expr::And(..) => 2,
                Expr::Cmp(..) => 3,
                Expr::Not(..) => 4,
                _ => 5,
            }
        }
        fn write(m: &Machine, e: &Expr, parent: u8, out: &mut String) {
            let own = precedence(e);
            if own < parent {
                out.push('(');
            }
            let operand = |o: &Operand| match *o {
                Operand::Var(v) => m.vars[v.0].named.name.clone(),
                Operand::Const(c) => c.to_string(),
            };
            match e {
                Expr::Const(b) => out.push_str(if *b { "true" } else { "false" }),
                Expr::Guard(g) => out.push_str(&m.guards[g.0].named.name),
                Expr::Var(v) => match m.vars[v.0].running {
                    Some(t) => out.push_str(&format!("running {}", m.timers[t.0].named.name)),
                    None => out.push_str(&m.vars[v.0].named.name),
                },
                Expr::Not(inner) => {
                    out.push('!');
                    write(m, inner, own, out);
                }
                Expr::And(a, b) | Expr::Or(a, b) => {
                    write(m, a, own, out);
                    out.push_str(if own == 1 { " || " } else { " && " });
                    write(m, b, own, out);
                }
                Expr::Cmp(op, a, b) => out.push_str(&format!("{} {} {}", operand(a), op.as_str(), operand(b))),
            }
            if own < parent {
                out.push(')');
            }
        }
        let mut out = String::new();
        write(self, e, 0, &mut out);
        out
    }

    /// Effects, comma-separated, each written out (but the assignments the machine keeps for
    /// `[running T]`, which the spec does not write: see [`super::Var::running`]).
    pub fn effects_text(&self, effects: &[Effect]) -> String {
        effects.iter().filter(|e| !self.keeps(e)).map(|e| self.effect_text(e)).collect::<Vec<_>>().join(", ")
    }

    /// Whether the effect is an assignment of a timer's running variable, which the machine
    /// keeps and the spec does not write.
    fn keeps(&self, effect: &Effect) -> bool {
        matches!(*effect, Effect::Set(v, _) if self.vars.get(v.0).is_some_and(|v| v.running.is_some()))
    }

    /// Effects as the spec writes them, comma-separated: the effects a group stands for (in
    /// `groups`, where the spec named it) shown by the group's name (`scr, stop T`).
    pub fn effects_text_with(&self, effects: &[Effect], groups: &[GroupUse]) -> String {
        let mut parts = Vec::with_capacity(effects.len());
        let mut at = 0;
        while at < effects.len() {
            match groups.iter().find(|g| g.start == at && g.len > 0 && g.group < self.groups.len()) {
                Some(g) => {
                    parts.push(self.groups[g.group].named.display().to_owned());
                    at += g.len;
                }
                None => {
                    if !self.keeps(&effects[at]) {
                        parts.push(self.effect_text(&effects[at]));
                    }
                    at += 1;
                }
            }
        }
        parts.join(", ")
    }

    /// The effects of taking `t` from `source` (see [`Machine::effects_of`]) as the spec writes
    /// them: the source's exit, the transition's own, the target's entry, each with its groups.
    pub fn step_effects_text(&self, source: StateId, t: TransitionId) -> String {
        let transition = self.transition(t);
        let mut parts = Vec::new();
        if let Some(target) = transition.target {
            let from = self.state(source);
            parts.push(self.effects_text_with(&from.exit, &from.exit_groups));
            parts.push(self.effects_text_with(&transition.effects, transition.groups()));
            let to = self.state(target);
            parts.push(self.effects_text_with(&to.entry, &to.entry_groups));
        } else {
            parts.push(self.effects_text_with(&transition.effects, transition.groups()));
        }
        parts.retain(|p| !p.is_empty());
        parts.join(", ")
    }

    /// A transition's trigger as the spec writes it: `E1, E2 [guard]`; for one on `*`, its
    /// label (`any other event [guard]`).
    pub fn trigger_text(&self, t: &Transition) -> String {
        let mut text = match t.other_events() {
            Some(label) => label.to_owned(),
            None => self.events_text(t),
        };
        if !t.guard_text().is_empty() {
            text.push_str(&format!(" [{}]", t.guard_text()));
        }
        text
    }

    /// The events a transition is taken on, comma-separated: for one on `*`, those it covers
    /// in its sources.
    pub fn events_text(&self, t: &Transition) -> String {
        let events: Vec<&str> = t.events.iter().map(|e| self.event(*e).named.display()).collect();
        events.join(", ")
    }
}
