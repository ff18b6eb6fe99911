//! Guard expressions: what a transition's `[guard]` is once resolved, how the interpreter and
//! the checker evaluate it, and the condition a transition is taken under.

use super::{GuardId, VarId};
use crate::ast::CmpOp;

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
