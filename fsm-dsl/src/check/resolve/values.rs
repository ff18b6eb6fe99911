//! Effects and guard expressions into the model's terms: action and timer operations to
//! action ids, assignments checked against their variable's type and range, and guard names to
//! named guards or boolean variables (an integer is compared, never a condition).

use super::Resolver;
use crate::ast::{self, Name};
use crate::check::report;
use crate::ir;

impl Resolver<'_> {
    /// The effects of a list, or `None` if one did not resolve (each error is reported). A
    /// [`ir::List`], which holds the usual one effect without an allocation.
    pub(super) fn effects(&mut self, effects: &[ast::Effect]) -> Option<ir::List<ir::Effect>> {
        let mut out = ir::List::new();
        let mut ok = true;
        for effect in effects {
            let resolved = match effect {
                ast::Effect::Action(name) => self.action(name).map(ir::Effect::Action),
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

    fn assignment(&mut self, var: &Name, op: ast::AssignOp, value: ast::Literal) -> Option<ir::Effect> {
        let id = self.var(var)?;
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
        })
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
