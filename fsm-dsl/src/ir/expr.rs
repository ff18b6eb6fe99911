//! Guard expressions: what a transition's `[guard]` is once resolved, how the interpreter and
//! the checker evaluate it, and the condition a transition is taken under; and the integer
//! expressions of timers' durations.

use super::{EventId, GuardId, VarId};
use crate::ast::CmpOp;
pub use crate::ast::IntOp;

/// A guard expression over named guards and variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A constant.
    Const(bool),
    /// A named guard.
    Guard(GuardId),
    /// A `bool` variable.
    Var(VarId),
    /// `!e`
    Not(Box<Expr>),
    /// `a && b`
    And(Box<Expr>, Box<Expr>),
    /// `a || b`
    Or(Box<Expr>, Box<Expr>),
    /// A comparison of integers.
    Cmp(CmpOp, Operand, Operand),
}

/// One side of a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// An integer variable.
    Var(VarId),
    /// A constant.
    Const(i64),
}

impl Expr {
    /// Evaluates the expression for given guard values (indexed by `GuardId`) and variable
    /// values (indexed by `VarId`). Missing entries count as `false` / 0.
    pub fn eval(&self, guards: &[bool], vars: &[i64]) -> bool {
        let var = |v: VarId| vars.get(v.0).copied().unwrap_or(0);
        let operand = |o: &Operand| match *o {
            Operand::Var(v) => var(v),
            Operand::Const(c) => c,
        };
        match self {
            Expr::Const(b) => *b,
            Expr::Guard(g) => guards.get(g.0).copied().unwrap_or(false),
            Expr::Var(v) => var(*v) != 0,
            Expr::Not(e) => !e.eval(guards, vars),
            Expr::And(a, b) => a.eval(guards, vars) && b.eval(guards, vars),
            Expr::Or(a, b) => a.eval(guards, vars) || b.eval(guards, vars),
            Expr::Cmp(op, a, b) => op.holds(operand(a), operand(b)),
        }
    }

    /// [`Expr::eval`] for 64 combinations of guard values at once: bit `i` of `guards[g]` is
    /// guard `g`'s value in combination `i`, and bit `i` of the result the expression's value
    /// there. Missing entries count as `false` / 0, as in `eval`.
    pub fn eval_words(&self, guards: &[u64], vars: &[i64]) -> u64 {
        let all = |b: bool| if b { u64::MAX } else { 0 };
        match self {
            Expr::Const(b) => all(*b),
            Expr::Guard(g) => guards.get(g.0).copied().unwrap_or(0),
            Expr::Not(e) => !e.eval_words(guards, vars),
            Expr::And(a, b) => a.eval_words(guards, vars) & b.eval_words(guards, vars),
            Expr::Or(a, b) => a.eval_words(guards, vars) | b.eval_words(guards, vars),
            Expr::Var(_) | Expr::Cmp(..) => all(self.eval(&[], vars)),
        }
    }

    /// Substitutes variable values (indexed by `VarId`) and simplifies: what remains reads only
    /// named guards, or is a constant.
    pub fn with_vars(&self, vars: &[i64]) -> Expr {
        let constant = |e: &Expr| match e {
            Expr::Const(b) => Some(*b),
            _ => None,
        };
        match self {
            Expr::Const(_) | Expr::Guard(_) => self.clone(),
            Expr::Var(_) | Expr::Cmp(..) => Expr::Const(self.eval(&[], vars)),
            Expr::Not(e) => match e.with_vars(vars) {
                Expr::Const(b) => Expr::Const(!b),
                Expr::Not(inner) => *inner,
                other => Expr::Not(Box::new(other)),
            },
            Expr::And(a, b) => {
                let (a, b) = (a.with_vars(vars), b.with_vars(vars));
                match (constant(&a), constant(&b)) {
                    (Some(false), _) | (_, Some(false)) => Expr::Const(false),
                    (Some(true), _) => b,
                    (_, Some(true)) => a,
                    _ => Expr::And(Box::new(a), Box::new(b)),
                }
            }
            Expr::Or(a, b) => {
                let (a, b) = (a.with_vars(vars), b.with_vars(vars));
                match (constant(&a), constant(&b)) {
                    (Some(true), _) | (_, Some(true)) => Expr::Const(true),
                    (Some(false), _) => b,
                    (_, Some(false)) => a,
                    _ => Expr::Or(Box::new(a), Box::new(b)),
                }
            }
        }
    }

    /// Adds the named guards and the variables the expression reads to the two lists (no
    /// duplicates).
    pub fn collect(&self, guards: &mut Vec<GuardId>, vars: &mut Vec<VarId>) {
        let add_var = |v: VarId, vars: &mut Vec<VarId>| {
            if !vars.contains(&v) {
                vars.push(v);
            }
        };
        match self {
            Expr::Const(_) => {}
            Expr::Guard(g) => {
                if !guards.contains(g) {
                    guards.push(*g);
                }
            }
            Expr::Var(v) => add_var(*v, vars),
            Expr::Not(e) => e.collect(guards, vars),
            Expr::And(a, b) | Expr::Or(a, b) => {
                a.collect(guards, vars);
                b.collect(guards, vars);
            }
            Expr::Cmp(_, a, b) => {
                for o in [a, b] {
                    if let Operand::Var(v) = o {
                        add_var(*v, vars);
                    }
                }
            }
        }
    }
}

/// The condition under which a transition is taken, besides its state and event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// No guard: always.
    Always,
    /// `[else]`: when no other transition of the same state and event can be taken.
    Else,
    /// `[expr]`: when the expression holds.
    When(Expr),
}

/// A timer's duration that reads parameters, variables or the data of the event that starts
/// the timer (`timer A = T1 * 2^n ms;`, `timer Lease = DhcpAck.lease s;`), evaluated each time
/// the timer starts, with the values of that moment (the checker refuses an assignment of a
/// variable it reads after the start in the same step, E0033, so that the values at the start
/// are those after the step, and a start of a timer that reads an event's data by a step of
/// another event, E0035).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimerDuration {
    /// The value, in units.
    pub expr: IntExpr,
    /// Milliseconds per unit: 1 (`ms`), 1,000 (`s`), 60,000 (`min`) or 3,600,000 (`h`).
    pub millis_per_unit: u64,
    /// The duration in the spec's canonical spelling, unit included (`T1 * 2^n ms`).
    pub text: String,
    /// The event whose data it reads (`DhcpAck` in `DhcpAck.lease s`), if it reads fields.
    pub data: Option<EventId>,
}

impl TimerDuration {
    /// The duration for variable values indexed by `VarId` (parameters included), in
    /// milliseconds: a negative value counts as 0, and the product saturates at `u64::MAX`.
    /// `None` when it reads a field of an event's data ([`TimerDuration::millis_with`] takes
    /// their values).
    pub fn millis(&self, vars: &[i64]) -> Option<u64> {
        self.millis_with(vars, &|_| None)
    }

    /// As [`TimerDuration::millis`], with the value of each field of the event's data that it
    /// reads given by `field` (from the path of field names after the event, `["lease"]` for
    /// `DhcpAck.lease`); `None` when `field` gives no value for one.
    pub fn millis_with(&self, vars: &[i64], field: &dyn Fn(&[String]) -> Option<i64>) -> Option<u64> {
        let value = self.expr.eval_with(vars, field)?;
        Some(u64::try_from(value).unwrap_or(0).saturating_mul(self.millis_per_unit))
    }
}

/// An integer expression over variables and fields of an event's data (a timer's duration).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntExpr {
    /// A constant.
    Const(i64),
    /// An integer variable or parameter.
    Var(VarId),
    /// A field of the data of the event that starts the timer, by its path of field names (an
    /// unsigned integer in the event's Rust type: at least 0, at most `i64::MAX` once read).
    Field(EventId, Vec<String>),
    /// An operator applied to two operands.
    Op(IntOp, Box<IntExpr>, Box<IntExpr>),
}

impl IntExpr {
    /// The value for variable values indexed by `VarId` (a missing entry counts as 0),
    /// saturating at the bounds of `i64` ([`IntOp::apply`]); `None` when it reads a field of an
    /// event's data.
    pub fn eval(&self, vars: &[i64]) -> Option<i64> {
        self.eval_with(vars, &|_| None)
    }

    /// As [`IntExpr::eval`], with the value of each field it reads given by `field`.
    pub fn eval_with(&self, vars: &[i64], field: &dyn Fn(&[String]) -> Option<i64>) -> Option<i64> {
        Some(match self {
            IntExpr::Const(c) => *c,
            IntExpr::Var(v) => vars.get(v.0).copied().unwrap_or(0),
            IntExpr::Field(_, path) => field(path)?.max(0),
            IntExpr::Op(op, a, b) => op.apply(a.eval_with(vars, field)?, b.eval_with(vars, field)?),
        })
    }

    /// Whether it reads `var`.
    pub fn reads(&self, var: VarId) -> bool {
        match self {
            IntExpr::Const(_) | IntExpr::Field(..) => false,
            IntExpr::Var(v) => *v == var,
            IntExpr::Op(_, a, b) => a.reads(var) || b.reads(var),
        }
    }

    /// The least and the greatest value it can take when each variable `v` lies in
    /// `ranges[v]` (interval arithmetic: exact for a variable read once).
    pub fn bounds(&self, ranges: &[(i64, i64)]) -> (i64, i64) {
        match self {
            IntExpr::Const(c) => (*c, *c),
            IntExpr::Var(v) => ranges.get(v.0).copied().unwrap_or((0, 0)),
            IntExpr::Field(..) => (0, i64::MAX),
            IntExpr::Op(op, a, b) => {
                let ((a0, a1), (b0, b1)) = (a.bounds(ranges), b.bounds(ranges));
                match op {
                    IntOp::Add => (a0.saturating_add(b0), a1.saturating_add(b1)),
                    IntOp::Sub => (a0.saturating_sub(b1), a1.saturating_sub(b0)),
                    IntOp::Min => (a0.min(b0), a1.min(b1)),
                    IntOp::Max => (a0.max(b0), a1.max(b1)),
                    // Products and powers: the extremes are among the corners (a power's
                    // exponent is at least 0 once E0032 holds; a base may be negative, so
                    // the exponents next to each end count too).
                    IntOp::Mul | IntOp::Pow => {
                        let mut exponents = vec![b0, b1];
                        if *op == IntOp::Pow && b1 > b0 {
                            exponents.extend([b0 + 1, b1 - 1]);
                        }
                        let values: Vec<i64> =
                            [a0, a1].iter().flat_map(|&x| exponents.iter().map(move |&y| op.apply(x, y))).collect();
                        (values.iter().copied().min().unwrap_or(0), values.iter().copied().max().unwrap_or(0))
                    }
                }
            }
        }
    }
}
