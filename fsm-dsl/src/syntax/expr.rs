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

/// What a timer's `= DURATION` says: a constant (folded here, as its RFC gives it), or an
/// expression that reads parameters or variables (evaluated at each start). `None` when it has
/// an error, reported.
pub(super) enum Duration {
    Constant(std::time::Duration),
    Expr(ast::DurationExpr),
}

/// Reads a `duration` node: its expression, then its unit.
pub(super) fn build_duration(r: &mut Reader<'_>, node: &Node, diagnostics: &mut Vec<Diagnostic>) -> Option<Duration> {
    let first = r.child(node)?;
    let mut operators = 0usize;
    let mut errors = Vec::new();
    let expr = build_int_expr(r, &first, &mut operators, &mut errors);
    let unit = r.child(node)?;
    let unit = r.str(&unit);
    let span = r.span(node);
    if operators > MAX_OPERANDS {
        diagnostics.push(Diagnostic::new(
            Code::Syntax,
            format!("a duration may have at most {MAX_OPERANDS} operators"),
            span,
            "too long",
        ));
        return None;
    }
    let text = r.text().get(span.range()).unwrap_or_default();
    let number = text.strip_suffix(unit).unwrap_or(text).trim_end();
    if expr.is_none() && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
        // A number too large for 64 bits: the duration is too long, whatever its unit.
        diagnostics.push(too_long(text, span));
        return None;
    }
    diagnostics.append(&mut errors);
    let expr = expr?;
    let millis_per_unit: u64 = match unit {
        "ms" => 1,
        "s" => 1_000,
        "min" => 60_000,
        _ => 3_600_000,
    };
    if reads_a_name(&expr) {
        return Some(Duration::Expr(ast::DurationExpr { expr, millis_per_unit, unit: unit.into(), span }));
    }
    let value = fold(&expr);
    let millis = u64::try_from(value).ok().and_then(|v| v.checked_mul(millis_per_unit));
    match millis {
        Some(millis) if value < i64::MAX => Some(Duration::Constant(std::time::Duration::from_millis(millis))),
        _ if value < 0 => {
            diagnostics.push(Diagnostic::new(
                Code::Syntax,
                format!("the duration `{text}` is negative"),
                span,
                format!("{value} {unit}"),
            ));
            None
        }
        _ => {
            diagnostics.push(too_long(text, span));
            None
        }
    }
}

fn too_long(text: &str, span: ast::Span) -> Diagnostic {
    Diagnostic::new(Code::Syntax, format!("the duration `{text}` is too long"), span, "more than 2^64 milliseconds")
}

fn reads_a_name(expr: &ast::IntExpr) -> bool {
    match expr {
        ast::IntExpr::Int(..) => false,
        ast::IntExpr::Name(_) | ast::IntExpr::Field(..) => true,
        ast::IntExpr::Op(_, a, b, _) => reads_a_name(a) || reads_a_name(b),
    }
}

/// The value of an expression that reads no name (saturating at the bounds of `i64`).
fn fold(expr: &ast::IntExpr) -> i64 {
    match expr {
        ast::IntExpr::Int(v, _) => *v,
        ast::IntExpr::Name(_) | ast::IntExpr::Field(..) => 0,
        ast::IntExpr::Op(op, a, b, _) => op.apply(fold(a), fold(b)),
    }
}

/// An integer expression (`time_expr`, `time_term`, `time_power`, `time_atom`), counting its
/// operators in `operators`: the caller refuses an expression with too many, whose tree would
/// be as deep as the text is long.
fn build_int_expr(
    r: &mut Reader<'_>,
    node: &Node,
    operators: &mut usize,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ast::IntExpr> {
    match node.rule {
        Rule::time_expr | Rule::time_term | Rule::time_power => {
            let mut acc: Option<ast::IntExpr> = None;
            let mut op = None;
            let mut failed = false;
            while let Some(part) = r.child(node) {
                match part.rule {
                    Rule::sum_op | Rule::product_op | Rule::power_op => {
                        *operators += 1;
                        op = Some(match r.str(&part) {
                            "+" => ast::IntOp::Add,
                            "-" => ast::IntOp::Sub,
                            "*" => ast::IntOp::Mul,
                            _ => ast::IntOp::Pow,
                        });
                    }
                    _ if *operators > MAX_OPERANDS || failed => {
                        r.close(&part);
                    }
                    _ => {
                        let Some(operand) = build_int_expr(r, &part, operators, diagnostics) else {
                            failed = true;
                            continue;
                        };
                        acc = Some(match (acc.take(), op.take()) {
                            (Some(a), Some(op)) => {
                                let span = a.span().to(operand.span());
                                ast::IntExpr::Op(op, Box::new(a), Box::new(operand), span)
                            }
                            _ => operand,
                        });
                    }
                }
            }
            if failed { None } else { acc }
        }
        Rule::time_atom => {
            let inner = r.child(node)?;
            match inner.rule {
                Rule::uint => {
                    let span = r.span(&inner);
                    Some(ast::IntExpr::Int(build_int(r.text(), span, diagnostics)?, span))
                }
                Rule::ident => Some(ast::IntExpr::Name(build_name(r, &inner))),
                Rule::time_field => {
                    let event = r.child(&inner)?;
                    let event = build_name(r, &event);
                    let mut path = Vec::new();
                    while let Some(field) = r.child(&inner) {
                        path.push(build_name(r, &field));
                    }
                    r.close(&inner);
                    // From the event to the last field (the pair's own end may take in the
                    // white space a failed repetition tried).
                    let end = path.last().map_or(event.span.end(), |f: &ast::Name| f.span.end());
                    let span = ast::Span::new(event.span.start(), end);
                    Some(ast::IntExpr::Field(event, path, span))
                }
                Rule::time_call => {
                    *operators += 1;
                    let function = r.child(&inner)?;
                    let op = if r.str(&function) == "min" { ast::IntOp::Min } else { ast::IntOp::Max };
                    let a = r.child(&inner)?;
                    let a = build_int_expr(r, &a, operators, diagnostics);
                    let b = r.child(&inner)?;
                    let b = build_int_expr(r, &b, operators, diagnostics);
                    let span = r.span(&inner);
                    Some(ast::IntExpr::Op(op, Box::new(a?), Box::new(b?), span))
                }
                _ => build_int_expr(r, &inner, operators, diagnostics),
            }
        }
        _ => None,
    }
}
