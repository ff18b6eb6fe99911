//! Guards and effects, parse tree to syntax tree: `&&` and `||` chains (bounded by
//! [`MAX_OPERANDS`], kept as balanced trees), `!`, comparisons, and the
//! effect lists of transitions, entry and exit (actions, assignments, timer starts and stops).

use super::MAX_OPERANDS;
use super::grammar::Rule;
use super::reader::{Node, Reader};
use super::walk::{build_int, build_literal, build_name};
use crate::ast;
use crate::diag::{Code, Diagnostic};

pub(super) fn build_guard(
    r: &mut Reader<'_>,
    clause: &Node,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ast::GuardClause> {
    let inner = r.child(clause)?;
    match inner.rule {
        Rule::kw_else => Some(ast::GuardClause::Else(r.span(&inner))),
        _ => Some(ast::GuardClause::Expr(build_expr(r, &inner, diagnostics)?)),
    }
}

fn build_expr(r: &mut Reader<'_>, node: &Node, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Expr> {
    match node.rule {
        Rule::expr | Rule::conj => {
            let is_or = node.rule == Rule::expr;
            // The terms are counted as they are built, in one pass. A chain longer than
            // `MAX_OPERANDS` gets that error alone, so what its terms reported waits in `terms`
            // until the count is known; after a term that fails, the others are only counted.
            let mut operands = Vec::new();
            let mut terms = Vec::new();
            let mut count = 0usize;
            let mut failed = false;
            while let Some(part) = r.child(node) {
                if matches!(part.rule, Rule::or_op | Rule::and_op) {
                    continue;
                }
                count += 1;
                if count > MAX_OPERANDS {
                    diagnostics.push(Diagnostic::new(
                        Code::Syntax,
                        format!("a guard may join at most {MAX_OPERANDS} terms with `&&` or `||`"),
                        r.span(node),
                        "too long",
                    ));
                    return None;
                }
                if !failed {
                    match build_expr(r, &part, &mut terms) {
                        Some(operand) => operands.push(operand),
                        None => failed = true,
                    }
                }
            }
            diagnostics.append(&mut terms);
            if failed {
                return None;
            }
            Some(balanced(operands, is_or))
        }
        Rule::unary => {
            let mut first_not = None;
            let mut nots = 0usize;
            while let Some(part) = r.child(node) {
                match part.rule {
                    Rule::not_op => {
                        let span = r.span(&part);
                        first_not.get_or_insert(span);
                        nots += 1;
                    }
                    Rule::primary => {
                        let expr = build_expr(r, &part, diagnostics)?;
                        // `!!x` is `x`: only the parity of a run of `!` matters, and keeping the
                        // run would nest the tree as deep as the text is long.
                        return Some(match first_not {
                            Some(first) if nots % 2 == 1 => {
                                let span = first.to(expr.span());
                                ast::Expr::Not(Box::new(expr), span)
                            }
                            _ => expr,
                        });
                    }
                    _ => {}
                }
            }
            None
        }
        Rule::primary => {
            let inner = r.child(node)?;
            match inner.rule {
                Rule::expr => build_expr(r, &inner, diagnostics),
                Rule::comparison => {
                    let lhs = r.child(&inner)?;
                    let lhs = build_operand(r, &lhs, diagnostics)?;
                    let op = r.child(&inner)?;
                    let op = match r.str(&op) {
                        "==" => ast::CmpOp::Eq,
                        "!=" => ast::CmpOp::Ne,
                        "<=" => ast::CmpOp::Le,
                        ">=" => ast::CmpOp::Ge,
                        "<" => ast::CmpOp::Lt,
                        _ => ast::CmpOp::Gt,
                    };
                    let rhs = r.child(&inner)?;
                    let rhs = build_operand(r, &rhs, diagnostics)?;
                    Some(ast::Expr::Cmp(op, lhs, rhs))
                }
                Rule::kw_true => Some(ast::Expr::Bool(true, r.span(&inner))),
                Rule::kw_false => Some(ast::Expr::Bool(false, r.span(&inner))),
                Rule::running_test => {
                    // The children first: the span of a node ends the reading of it.
                    let keyword = r.child(&inner)?;
                    let start = r.span(&keyword).start();
                    let timer = r.child(&inner)?;
                    let timer = build_name(r, &timer);
                    let span = ast::Span::new(start, timer.span.end());
                    Some(ast::Expr::Running(timer, span))
                }
                _ => Some(ast::Expr::Name(build_name(r, &inner))),
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

fn build_operand(r: &mut Reader<'_>, operand: &Node, diagnostics: &mut Vec<Diagnostic>) -> Option<ast::Operand> {
    let inner = r.child(operand)?;
    match inner.rule {
        Rule::int => {
            let span = r.span(&inner);
            Some(ast::Operand::Int(build_int(r.text(), span, diagnostics)?, span))
        }
        _ => Some(ast::Operand::Name(build_name(r, &inner))),
    }
}

pub(super) fn build_timer_op(r: &mut Reader<'_>, op: &Node) -> Option<ast::TimerOp> {
    let kind = match r.child(op)?.rule {
        Rule::kw_start => ast::TimerOpKind::Start,
        _ => ast::TimerOpKind::Stop,
    };
    let timer = r.child(op)?;
    let timer = build_name(r, &timer);
    Some(ast::TimerOp { kind, timer, span: r.span(op) })
}

/// The effects of `list` (an `effect_list`), appended to `effects`: a transition's (a [`ast::List`],
/// which keeps the usual one in place) or a state's entry or exit (a `Vec`, several clauses
/// concatenated).
pub(super) fn build_effects(
    r: &mut Reader<'_>,
    list: &Node,
    diagnostics: &mut Vec<Diagnostic>,
    effects: &mut impl Extend<ast::Effect>,
) {
    while let Some(effect) = r.child(list) {
        let Some(first) = r.child(&effect) else { continue };
        if first.rule == Rule::timer_op {
            effects.extend(build_timer_op(r, &first).map(ast::Effect::Timer));
            continue;
        }
        let name = build_name(r, &first);
        let Some(op) = r.child(&effect) else {
            effects.extend([ast::Effect::Action(name)]);
            continue;
        };
        let op = match r.str(&op) {
            "+=" => ast::AssignOp::Add,
            "-=" => ast::AssignOp::Sub,
            _ => ast::AssignOp::Set,
        };
        let Some(value) = r.child(&effect) else {
            effects.extend([ast::Effect::Action(name)]);
            continue;
        };
        if let Some(value) = build_literal(r, &value, diagnostics) {
            effects.extend([ast::Effect::Assign(Box::new(ast::Assign { var: name, op, value }))]);
        }
    }
}
