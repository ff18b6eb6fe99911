//! Guards and effects, parse tree to syntax tree: `&&` and `||` chains (bounded by
//! [`MAX_OPERANDS`](super::MAX_OPERANDS), kept as balanced trees), `!`, comparisons, and the
//! effect lists of transitions, entry and exit (actions, assignments, timer starts and stops).

use super::MAX_OPERANDS;
use super::grammar::Rule;
use super::walk::{build_int, build_literal, build_name, span_of};
use crate::ast::{self, Span};
use crate::diag::{Code, Diagnostic};
use pest::iterators::Pair;

pub(super) fn build_guard(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::GuardClause> {
    let inner = pair.into_inner().next()?;
    match inner.as_rule() {
        Rule::kw_else => Some(ast::GuardClause::Else(span_of(&inner))),
        _ => Some(ast::GuardClause::Expr(build_expr(inner, diagnostics)?)),
    }
}

fn build_expr(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Expr> {
    match pair.as_rule() {
        Rule::expr | Rule::conj => {
            let is_or = pair.as_rule() == Rule::expr;
            let operands = pair.clone().into_inner().filter(|p| !matches!(p.as_rule(), Rule::or_op | Rule::and_op));
            if operands.count() > MAX_OPERANDS {
                diagnostics.push(Diagnostic::new(
                    Code::Syntax,
                    format!("a guard may join at most {MAX_OPERANDS} terms with `&&` or `||`"),
                    span_of(&pair),
                    "too long",
                ));
                return None;
            }
            let parts = pair.into_inner().filter(|p| !matches!(p.as_rule(), Rule::or_op | Rule::and_op));
            let operands = parts.map(|p| build_expr(p, diagnostics)).collect::<Option<Vec<_>>>()?;
            Some(balanced(operands, is_or))
        }
        Rule::unary => {
            let nots: Vec<Span> =
                pair.clone().into_inner().filter(|p| p.as_rule() == Rule::not_op).map(|p| span_of(&p)).collect();
            let primary = pair.into_inner().find(|p| p.as_rule() == Rule::primary)?;
            let expr = build_expr(primary, diagnostics)?;
            // `!!x` is `x`: only the parity of a run of `!` matters, and keeping the run would
            // nest the tree as deep as the text is long.
            Some(match nots.first() {
                Some(first) if nots.len() % 2 == 1 => {
                    let span = first.to(expr.span());
                    ast::Expr::Not(Box::new(expr), span)
                }
                _ => expr,
            })
        }
        Rule::primary => {
            let inner = pair.into_inner().next()?;
            match inner.as_rule() {
                Rule::expr => build_expr(inner, diagnostics),
                Rule::comparison => {
                    let mut parts = inner.into_inner();
                    let lhs = build_operand(parts.next()?, diagnostics)?;
                    let op = match parts.next()?.as_str() {
                        "==" => ast::CmpOp::Eq,
                        "!=" => ast::CmpOp::Ne,
                        "<=" => ast::CmpOp::Le,
                        ">=" => ast::CmpOp::Ge,
                        "<" => ast::CmpOp::Lt,
                        _ => ast::CmpOp::Gt,
                    };
                    let rhs = build_operand(parts.next()?, diagnostics)?;
                    Some(ast::Expr::Cmp(op, lhs, rhs))
                }
                Rule::kw_true => Some(ast::Expr::Bool(true, span_of(&inner))),
                Rule::kw_false => Some(ast::Expr::Bool(false, span_of(&inner))),
                _ => Some(ast::Expr::Name(build_name(&inner))),
            }
        }
        _ => None,
    }
}

/// Joins operands with `&&` or `||` as a balanced tree: both are associative, and a balanced
/// tree keeps the depth (and every recursion over it) logarithmic in the length of the chain.
fn balanced(mut operands: Vec<ast::Expr>, is_or: bool) -> ast::Expr {
    if operands.len() == 1 {
        return operands.remove(0);
    }
    let right = operands.split_off(operands.len() / 2);
    let (a, b) = (Box::new(balanced(operands, is_or)), Box::new(balanced(right, is_or)));
    if is_or { ast::Expr::Or(a, b) } else { ast::Expr::And(a, b) }
}

fn build_operand(pair: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Operand> {
    let inner = pair.into_inner().next()?;
    match inner.as_rule() {
        Rule::int => Some(ast::Operand::Int(build_int(&inner, diagnostics)?, span_of(&inner))),
        _ => Some(ast::Operand::Name(build_name(&inner))),
    }
}

pub(super) fn build_timer_op(pair: &Pair<'_, Rule>) -> Option<ast::TimerOp> {
    let mut parts = pair.clone().into_inner();
    let kind = match parts.next()?.as_rule() {
        Rule::kw_start => ast::TimerOpKind::Start,
        _ => ast::TimerOpKind::Stop,
    };
    let timer = build_name(&parts.next()?);
    Some(ast::TimerOp { kind, timer, span: span_of(pair) })
}

pub(super) fn build_effects(list: Pair<'_, Rule>, diagnostics: &mut Vec<Diagnostic>) -> Vec<ast::Effect> {
    let effects_pairs = list.into_inner();
    let mut effects = Vec::with_capacity(effects_pairs.len());
    for effect in effects_pairs {
        let mut parts = effect.into_inner();
        let Some(first) = parts.next() else { continue };
        if first.as_rule() == Rule::timer_op {
            effects.extend(build_timer_op(&first).map(ast::Effect::Timer));
            continue;
        }
        let (Some(op), Some(value)) = (parts.next(), parts.next()) else {
            effects.push(ast::Effect::Action(build_name(&first)));
            continue;
        };
        let op = match op.as_str() {
            "+=" => ast::AssignOp::Add,
            "-=" => ast::AssignOp::Sub,
            _ => ast::AssignOp::Set,
        };
        if let Some(value) = build_literal(&value, diagnostics) {
            effects.push(ast::Effect::Assign { var: build_name(&first), op, value });
        }
    }
    effects
}
