//! Effects and guard expressions into the model's terms: action and timer operations to
//! action ids, assignments checked against their variable's type and range, and guard names to
//! named guards or boolean variables (an integer is compared, never a condition).

use super::Resolver;

/// The most effects one effect list may run once its groups are written out: a group of two
/// that names a group of two, twenty deep, would otherwise run a million.
pub const MAX_EFFECTS: usize = 4096;

/// How deep groups may name groups (each level a frame of the checker's stack).
pub const MAX_GROUP_DEPTH: usize = 64;
use crate::ast::{self, Name, SmolStr, Span};
use crate::check::report::{self, Kind};
use crate::diag::{Code, Diagnostic};
use crate::ir::{self, VarId};

impl Resolver<'_> {
    /// The effects of a list, or `None` if one did not resolve (each error is reported). A
    /// [`ir::List`], which holds the usual one effect without an allocation.
    /// The effects of a list the spec writes (a transition's, an entry, an exit), and where the
    /// groups it names stand among them.
    pub(super) fn written_effects(
        &mut self,
        effects: &[ast::Effect],
    ) -> (Option<ir::List<ir::Effect>>, Vec<ir::GroupUse>) {
        self.written.clear();
        let resolved = self.effects(effects);
        (resolved, std::mem::take(&mut self.written))
    }

    pub(super) fn effects(&mut self, effects: &[ast::Effect]) -> Option<ir::List<ir::Effect>> {
        let mut out = ir::List::new();
        let mut ok = true;
        for effect in effects {
            let resolved = match effect {
                // A group's effects, in its place.
                ast::Effect::Action(name)
                    if self.action_tab.get(&name.text).is_none() && self.group_tab.get(&name.text).is_some() =>
                {
                    match self.group(name) {
                        Some(effects) if out.len() + effects.len() > MAX_EFFECTS => {
                            self.diagnostics.push(report::too_complex(
                                name.span,
                                format!(
                                    "with the group `{}`, this list runs more than {MAX_EFFECTS} effects",
                                    name.text
                                ),
                                "split the group, or name fewer groups in one list",
                            ));
                            ok = false;
                        }
                        Some(effects) => {
                            // A group the list names itself (not one inside a group).
                            if self.expanding.is_empty()
                                && let Some((group, _)) = self.group_tab.get(&name.text)
                            {
                                self.written.push(ir::GroupUse { group, start: out.len(), len: effects.len() });
                            }
                            out.extend(effects);
                        }
                        None => ok = false,
                    }
                    continue;
                }
                ast::Effect::Action(name) => match self.action_tab.get(&name.text) {
                    Some((i, _)) => Some(ir::Effect::Action(ir::ActionId(i))),
                    None => {
                        self.missing(Kind::Action, name, &[Kind::Action, Kind::Group]);
                        None
                    }
                },
                ast::Effect::Timer(op) => self.timer(&op.timer).map(|t| {
                    let timer = &self.timers[t.0];
                    ir::Effect::Action(match op.kind {
                        ast::TimerOpKind::Start => timer.start,
                        ast::TimerOpKind::Stop => timer.stop,
                    })
                }),
                ast::Effect::Assign(a) => self.assignment(&a.var, a.op, a.value),
            };
            match resolved {
                Some(e) => out.push(e),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// The effects of the group `name` (declared), expanded once and then remembered; `None`
    /// if an error stops the expansion (reported once, where it is).
    fn group(&mut self, name: &Name) -> Option<ir::List<ir::Effect>> {
        let (g, _) = self.group_tab.get(&name.text)?;
        self.groups[g].used = true;
        match self.groups[g].expansion.clone() {
            super::Expansion::Done(effects) => effects,
            super::Expansion::Running => {
                // The groups being expanded, from the first to this one.
                let path: Vec<String> =
                    self.expanding.iter().map(|&i| self.groups[i].decl.decl.name.text.to_string()).collect();
                let start = path.iter().position(|n| *n == name.text).unwrap_or(0);
                let mut cycle = path[start..].to_vec();
                cycle.push(name.text.to_string());
                self.diagnostics.push(report::recursive_group(name, &cycle));
                None
            }
            super::Expansion::NotYet if self.expanding.len() >= MAX_GROUP_DEPTH => {
                self.diagnostics.push(report::too_complex(
                    name.span,
                    format!("groups nest more than {MAX_GROUP_DEPTH} deep here"),
                    "write some of the nested groups' effects out",
                ));
                None
            }
            super::Expansion::NotYet => Some(self.expand_group(g)?),
        }
    }

    /// Expands the group `g` now (every declared group is, used or not, so that its errors
    /// are reported).
    pub(super) fn expand_group(&mut self, g: usize) -> Option<ir::List<ir::Effect>> {
        if let super::Expansion::Done(effects) = &self.groups[g].expansion {
            return effects.clone();
        }
        self.groups[g].expansion = super::Expansion::Running;
        self.expanding.push(g);
        let decl = self.groups[g].decl;
        let effects = self.effects(&decl.effects);
        self.expanding.pop();
        self.groups[g].expansion = super::Expansion::Done(effects.clone());
        effects
    }

    fn assignment(&mut self, var: &Name, op: ast::AssignOp, value: ast::Literal) -> Option<ir::Effect> {
        let id = self.var(var)?;
        if self.vars[id.0].param {
            self.diagnostics.push(report::assigns_parameter(var, self.vars[id.0].named.span));
            return None;
        }
        let ty = self.vars[id.0].ty;
        match (ty, op, value) {
            (ir::VarType::Bool, ast::AssignOp::Set, ast::Literal::Bool(b, _)) => {
                Some(ir::Effect::Set(id, i64::from(b)))
            }
            (ir::VarType::Int { min, max }, ast::AssignOp::Set, ast::Literal::Int(n, span)) => {
                if n < min || n > max {
                    self.diagnostics.push(report::out_of_range(
                        span,
                        format!("{n} is outside the range {min}..={max} of `{}`", var.text),
                        "out of range",
                    ));
                    return None;
                }
                Some(ir::Effect::Set(id, n))
            }
            (ir::VarType::Int { .. }, ast::AssignOp::Add | ast::AssignOp::Sub, ast::Literal::Int(n, span)) => {
                let delta = if op == ast::AssignOp::Sub { n.checked_neg() } else { Some(n) };
                match delta {
                    Some(d) => Some(ir::Effect::Add(id, d)),
                    None => {
                        self.diagnostics.push(report::out_of_range(span, format!("cannot subtract {n}"), "too large"));
                        None
                    }
                }
            }
            (ir::VarType::Bool, ast::AssignOp::Add | ast::AssignOp::Sub, _) => {
                self.diagnostics.push(report::type_mismatch(
                    var.span.to(value.span()),
                    format!("`{}` is a bool: it can only be set with `=`", var.text),
                    "arithmetic on a bool",
                ));
                None
            }
            (_, _, lit) => {
                self.diagnostics.push(report::type_mismatch(
                    lit.span(),
                    format!("the value does not match the type of `{}`", var.text),
                    "wrong type",
                ));
                None
            }
        }
    }

    pub(super) fn expr(&mut self, expr: &ast::Expr) -> Option<ir::Expr> {
        Some(match expr {
            ast::Expr::Bool(b, _) => ir::Expr::Const(*b),
            ast::Expr::Name(name) => match self.value(name)? {
                Ok(g) => ir::Expr::Guard(g),
                Err(v) => {
                    if self.vars[v.0].ty != ir::VarType::Bool {
                        self.diagnostics.push(
                            report::type_mismatch(
                                name.span,
                                format!("`{}` is an integer, not a condition", name.text),
                                "integer",
                            )
                            .with_help(format!("compare it, for example `{} > 0`", name.text)),
                        );
                        return None;
                    }
                    ir::Expr::Var(v)
                }
            },
            ast::Expr::Not(e, _) => ir::Expr::Not(Box::new(self.expr(e)?)),
            ast::Expr::And(a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                ir::Expr::And(Box::new(a?), Box::new(b?))
            }
            ast::Expr::Or(a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                ir::Expr::Or(Box::new(a?), Box::new(b?))
            }
            ast::Expr::Cmp(op, a, b) => {
                let (a, b) = (self.operand(a), self.operand(b));
                ir::Expr::Cmp(*op, a?, b?)
            }
            ast::Expr::Running(timer, span) => ir::Expr::Var(self.running_var(timer, *span)?),
        })
    }

    /// The variable that says whether `timer` is running, made on its first test: `running_T`,
    /// a `bool` that starts false (no timer runs before the start).
    fn running_var(&mut self, timer: &Name, test: Span) -> Option<VarId> {
        let t = self.timer(timer)?;
        if let Some(v) = self.timers[t.0].running {
            return Some(v);
        }
        let declared = &self.timers[t.0].named;
        let name = Name { text: SmolStr::new(format!("running_{}", declared.name)), span: declared.span };
        // A guard or a variable of the spec named so would be the generated field's name too.
        if let Some((_, first)) =
            self.table(Kind::Var).get(&name.text).or_else(|| self.table(Kind::Guard).get(&name.text))
        {
            let clashing = Name { text: name.text.clone(), span: first };
            let what = format!("the variable that `running {}` makes the machine keep", declared.name);
            // Said once, at the first test.
            if !self.diagnostics.iter().any(|d| d.primary.span == first && d.code == Code::Duplicate) {
                self.diagnostics.push(report::clash(Kind::Var, &clashing, test, &what));
            }
            self.unsound = true;
            return None;
        }
        let doc = format!(
            "Whether the timer `{}` is running: set by its start, cleared by its stop and its expiry, \
             for `[running {}]`.",
            declared.name, declared.name
        );
        if !self.enter(Kind::Var, &name, self.vars.len()) {
            self.unsound = true;
            return None;
        }
        let v = VarId(self.vars.len());
        self.vars.push(ir::Var {
            named: super::named(&name, None, std::slice::from_ref(&doc)),
            ty: ir::VarType::Bool,
            init: 0,
            output: false,
            param: false,
            has_default: true,
            running: Some(t),
        });
        self.timers[t.0].running = Some(v);
        Some(v)
    }

    fn operand(&mut self, operand: &ast::Operand) -> Option<ir::Operand> {
        match operand {
            ast::Operand::Int(n, _) => Some(ir::Operand::Const(*n)),
            ast::Operand::Name(name) => {
                let v = self.var(name)?;
                if self.vars[v.0].ty == ir::VarType::Bool {
                    self.diagnostics.push(
                        report::type_mismatch(
                            name.span,
                            format!("`{}` is a bool and cannot be compared as a number", name.text),
                            "bool",
                        )
                        .with_help(format!("use `{}` or `!{}` as the condition", name.text, name.text)),
                    );
                    return None;
                }
                Some(ir::Operand::Var(v))
            }
        }
    }
}

impl Resolver<'_> {
    /// Resolves the duration expressions of the timers (`timer A = T1 * 2^n ms;`), once every
    /// variable is declared: each name an integer variable or parameter, the value and every
    /// exponent never negative over the variables' ranges (E0032). A timer whose duration has
    /// an error keeps none.
    pub(super) fn resolve_durations(&mut self) {
        let spec = self.spec;
        for item in &spec.items {
            let ast::ItemKind::Timer(timer) = &item.kind else { continue };
            let Some(duration) = &timer.duration else { continue };
            // A timer declared twice: the first declaration is the timer.
            let Some((t, span)) = self.timer_tab.get(&timer.decl.name.text) else { continue };
            if span != timer.decl.name.span {
                continue;
            }
            let Some(expr) = self.int_expr(&duration.expr) else { continue };
            let Ok(data) = self.duration_data(&expr, &duration.expr) else { continue };
            let ranges: Vec<(i64, i64)> = self.vars.iter().map(|v| (v.ty.min(), v.ty.max())).collect();
            if let Some(diagnostic) = negative(&expr, &duration.expr, &ranges, duration.span) {
                self.diagnostics.push(diagnostic);
                continue;
            }
            let initial: Vec<i64> = self.vars.iter().map(|v| v.init).collect();
            let defaults = self.vars.iter().enumerate().all(|(v, var)| var.has_default || !expr.reads(VarId(v)));
            let resolved = ir::TimerDuration {
                expr,
                millis_per_unit: duration.millis_per_unit,
                text: format!("{} {}", duration.expr.text(), duration.unit),
                data,
            };
            let timer = &mut self.timers[t];
            // A duration that reads an event's data has no value until that event comes.
            let at_start = resolved.millis(&initial).filter(|_| defaults);
            timer.default = at_start.map(std::time::Duration::from_millis);
            timer.duration = Some(resolved);
        }
    }

    /// An integer expression, its names resolved to integer variables or parameters.
    fn int_expr(&mut self, expr: &ast::IntExpr) -> Option<ir::IntExpr> {
        match expr {
            ast::IntExpr::Int(v, _) => Some(ir::IntExpr::Const(*v)),
            ast::IntExpr::Name(name) => {
                let v = self.var(name)?;
                if self.vars[v.0].ty == ir::VarType::Bool {
                    self.diagnostics.push(
                        report::type_mismatch(
                            name.span,
                            format!("`{}` is a bool, and a duration is a number", name.text),
                            "bool",
                        )
                        .with_help("a duration reads integer parameters and variables (`param T1: 1..=60000 = 500;`)"),
                    );
                    return None;
                }
                Some(ir::IntExpr::Var(v))
            }
            ast::IntExpr::Field(event, path, _) => {
                let e = self.event(event)?;
                Some(ir::IntExpr::Field(e, path.iter().map(|f| f.text.to_string()).collect()))
            }
            ast::IntExpr::Op(op, a, b, _) => {
                let (a, b) = (self.int_expr(a), self.int_expr(b));
                Some(ir::IntExpr::Op(*op, Box::new(a?), Box::new(b?)))
            }
        }
    }

    /// The event whose data a duration reads, if it reads fields (`DhcpAck.lease`): E0034, and
    /// `Err`, when that event carries no data or the fields are of two events.
    fn duration_data(&mut self, expr: &ir::IntExpr, written: &ast::IntExpr) -> Result<Option<ir::EventId>, ()> {
        let mut fields = Vec::new();
        collect_fields(expr, written, &mut fields);
        let Some(&(first, first_span)) = fields.first() else { return Ok(None) };
        let mut failed = false;
        for &(e, span) in &fields {
            let event = &self.events[e.0];
            if event.payload.is_none() {
                // A data type refused already (E0020) makes the read wrong, without saying so again.
                if !self.refused_payloads.contains(&e) {
                    let name = &event.named.name;
                    self.diagnostics.push(
                        Diagnostic::new(
                            Code::DurationData,
                            format!("`{name}` carries no data for a duration to read"),
                            span,
                            "no data",
                        )
                        .with_help(format!(
                            "declare the type of its data (`event {name}(Ack);`), or read a parameter or a variable"
                        )),
                    );
                }
                failed = true;
            } else if e != first {
                self.diagnostics.push(
                    Diagnostic::new(
                        Code::DurationData,
                        format!(
                            "a duration reads the data of `{}` and of `{}`",
                            self.events[first.0].named.name, event.named.name
                        ),
                        span,
                        "another event",
                    )
                    .with_secondary(first_span, "the first event read")
                    .with_help("a timer starts on one event: read the fields of that event only"),
                );
                failed = true;
            }
        }
        if failed { Err(()) } else { Ok(Some(first)) }
    }
}

/// The fields an expression reads, with the event of each and where it is written.
fn collect_fields(expr: &ir::IntExpr, written: &ast::IntExpr, out: &mut Vec<(ir::EventId, Span)>) {
    match (expr, written) {
        (ir::IntExpr::Field(e, _), ast::IntExpr::Field(.., span)) => out.push((*e, *span)),
        (ir::IntExpr::Op(_, a, b), ast::IntExpr::Op(_, wa, wb, _)) => {
            collect_fields(a, wa, out);
            collect_fields(b, wb, out);
        }
        _ => {}
    }
}

/// E0032 when the duration, or the exponent of one of its powers, can be negative over the
/// variables' ranges (`ir` and `ast` are the same expression, resolved and as written).
fn negative(ir: &ir::IntExpr, ast: &ast::IntExpr, ranges: &[(i64, i64)], whole: Span) -> Option<Diagnostic> {
    if let Some(diagnostic) = negative_exponent(ir, ast, ranges) {
        return Some(diagnostic);
    }
    let (least, _) = ir.bounds(ranges);
    (least < 0).then(|| {
        Diagnostic::new(
            Code::NegativeDuration,
            format!("the duration `{}` can be negative", ast.text()),
            whole,
            format!("as low as {least}"),
        )
        .with_help("keep it at least 0 over the ranges of what it reads, e.g. with `max(..., 0)`")
    })
}

fn negative_exponent(ir: &ir::IntExpr, ast: &ast::IntExpr, ranges: &[(i64, i64)]) -> Option<Diagnostic> {
    let (ir::IntExpr::Op(op, a, b), ast::IntExpr::Op(_, ast_a, ast_b, _)) = (ir, ast) else { return None };
    if *op == ir::IntOp::Pow {
        let (least, _) = b.bounds(ranges);
        if least < 0 {
            return Some(
                Diagnostic::new(
                    Code::NegativeDuration,
                    format!("the exponent `{}` can be negative", ast_b.text()),
                    ast_b.span(),
                    format!("as low as {least}"),
                )
                .with_help("a power takes an exponent of at least 0 (`2^n` with `var n: 0..=6`)"),
            );
        }
    }
    negative_exponent(a, ast_a, ranges).or_else(|| negative_exponent(b, ast_b, ranges))
}
