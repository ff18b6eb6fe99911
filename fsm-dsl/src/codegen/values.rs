//! Variables and guards as Rust expressions: the integer type of a variable's range, the
//! literals of its values, the assignments of a transition, and guard expressions.
//!
//! Everything is written in the variable's own type, as a person would write it
//! (`vars.NumDWA == 2`, `vars.NumDWA = -1`). Only where a literal does not fit the type does a
//! comparison widen the variable to `i64` (`i64::from(vars.x) < 300`): the result is then the
//! same for every value of the field, as before, and neither rustc's `unused_comparisons` nor
//! clippy's `absurd_extreme_comparisons` sees a comparison the type decides on its own.

use super::ident;
use crate::ast::CmpOp;
use crate::ir::{self, Effect, Machine, VarType};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;
use rustc_hash::FxHashMap as HashMap;

/// A Rust integer type: its name and the range of its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Int {
    name: &'static str,
    min: i64,
    max: i64,
}

impl Int {
    /// The smallest signed type that holds `ty`'s range (`i8` for `-1..=3`, `i16` for
    /// `0..=255`).
    fn of(ty: VarType) -> Int {
        const TYPES: [Int; 4] = [
            Int { name: "i8", min: i8::MIN as i64, max: i8::MAX as i64 },
            Int { name: "i16", min: i16::MIN as i64, max: i16::MAX as i64 },
            Int { name: "i32", min: i32::MIN as i64, max: i32::MAX as i64 },
            Int { name: "i64", min: i64::MIN, max: i64::MAX },
        ];
        let (min, max) = (ty.min(), ty.max());
        TYPES.into_iter().find(|t| t.min <= min && max <= t.max).unwrap_or(TYPES[3])
    }

    fn holds(self, value: i64) -> bool {
        self.min <= value && value <= self.max
    }

    fn ident(self) -> Ident {
        Ident::new(self.name, Span::call_site())
    }
}

/// The Rust integer type for a variable's range.
pub(crate) fn int_type(ty: VarType) -> Ident {
    Int::of(ty).ident()
}

/// The field's type: `bool`, or the integer type of its range.
pub(super) fn field_type(ty: VarType) -> TokenStream {
    match ty {
        VarType::Bool => quote! { bool },
        ty => {
            let t = int_type(ty);
            quote! { #t }
        }
    }
}

/// A value of `var` as a Rust expression of its type: `true`, `-1`. The checker keeps every
/// value a spec writes in the variable's range; a value out of it (none reaches here) is written
/// as a typed `i64` cast to the field's type (`300i64 as i8`), which compiles, where an
/// unsuffixed `300` for an `i8` field would be rustc's deny-by-default `overflowing_literals`.
pub(crate) fn literal(var: &ir::Var, value: i64) -> TokenStream {
    match var.ty {
        VarType::Bool => {
            let b = value != 0;
            quote! { #b }
        }
        ty => {
            let int = Int::of(ty);
            let lit = Literal::i64_unsuffixed(value);
            if int.holds(value) {
                quote! { #lit }
            } else {
                let rust = int.ident();
                let wide = Literal::i64_suffixed(value);
                quote! { (#wide as #rust) }
            }
        }
    }
}

/// The statements of a list of effects' assignments (`vars.Pending = false;`), in order; the
/// actions are not here.
pub(super) fn assignments(m: &Machine, effects: &[Effect]) -> Vec<TokenStream> {
    effects
        .iter()
        .filter_map(|e| match *e {
            Effect::Action(_) => None,
            Effect::Set(v, x) => {
                let field = ident(&m.vars[v.0].named.name);
                let value = literal(&m.vars[v.0], x);
                Some(quote! { vars.#field = #value; })
            }
            Effect::Add(v, d) => {
                // The checker proves that it stays in range; the wrapping forms only make sure
                // that a `Vars` value set out of range by hand cannot make this panic on
                // overflow. A step too large for the type can only sit on a transition never
                // taken: it keeps the truncating cast it always had.
                let var = &m.vars[v.0];
                let field = ident(&var.named.name);
                let int = Int::of(var.ty);
                let update = match d.checked_neg() {
                    Some(n) if d < 0 && int.holds(n) => {
                        let n = Literal::i64_unsuffixed(n);
                        quote! { wrapping_sub(#n) }
                    }
                    _ if int.holds(d) => {
                        let d = Literal::i64_unsuffixed(d);
                        quote! { wrapping_add(#d) }
                    }
                    _ => {
                        let (d, rust) = (Literal::i64_suffixed(d), int.ident());
                        quote! { wrapping_add(#d as #rust) }
                    }
                };
                Some(quote! { vars.#field = vars.#field.#update; })
            }
        })
        .collect()
}

/// How tightly an expression binds as written here: [`ir::Machine::expr_text`]'s order.
fn precedence(e: &ir::Expr) -> u8 {
    match without_double_negation(e) {
        ir::Expr::Or(..) => 1,
        ir::Expr::And(..) => 2,
        // `!(x < 2)` is written `x >= 2`: a comparison.
        ir::Expr::Cmp(..) => 3,
        ir::Expr::Not(e) if matches!(**e, ir::Expr::Cmp(..)) => 3,
        ir::Expr::Not(..) => 4,
        _ => 5,
    }
}

/// `e` without the `!!` in front of it, which changes nothing.
fn without_double_negation(mut e: &ir::Expr) -> &ir::Expr {
    while let ir::Expr::Not(a) = e
        && let ir::Expr::Not(b) = &**a
    {
        e = b;
    }
    e
}

/// A guard expression, parenthesized only where Rust needs it or where `&&` sits in `||`;
/// named guards are the locals `locals[g]` read at the top of the cell.
pub(super) fn guard_expr(m: &Machine, e: &ir::Expr, locals: &HashMap<ir::GuardId, Ident>) -> TokenStream {
    let e = without_double_negation(e);
    let inner = |child: &ir::Expr, own: u8| {
        let tokens = guard_expr(m, child, locals);
        if precedence(child) < own {
            quote! { (#tokens) }
        } else {
            tokens
        }
    };
    match e {
        ir::Expr::Const(b) => quote! { #b },
        ir::Expr::Guard(g) => {
            let local = &locals[g];
            quote! { #local }
        }
        ir::Expr::Var(v) => {
            let v = ident(&m.vars[v.0].named.name);
            quote! { vars.#v }
        }
        ir::Expr::Not(child) => match &**child {
            // `!(x < 2)` is `x >= 2` for integers, exactly, and what clippy asks for.
            ir::Expr::Cmp(op, a, b) => comparison(m, negate(*op), *a, *b),
            _ => {
                let child = inner(child, 4);
                quote! { !#child }
            }
        },
        ir::Expr::And(a, b) => {
            let (a, b) = (inner(a, 2), inner(b, 2));
            quote! { #a && #b }
        }
        ir::Expr::Or(a, b) => {
            // `&&` binds tighter in Rust too; its parentheses are for the reader.
            let side = |child: &ir::Expr| match child {
                ir::Expr::And(..) => inner(child, 3),
                _ => inner(child, 1),
            };
            let (a, b) = (side(a), side(b));
            quote! { #a || #b }
        }
        ir::Expr::Cmp(op, a, b) => comparison(m, *op, *a, *b),
    }
}

fn operator(op: CmpOp) -> TokenStream {
    match op {
        CmpOp::Eq => quote! { == },
        CmpOp::Ne => quote! { != },
        CmpOp::Lt => quote! { < },
        CmpOp::Le => quote! { <= },
        CmpOp::Gt => quote! { > },
        CmpOp::Ge => quote! { >= },
    }
}

/// The comparison that holds exactly when `op` does not.
fn negate(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Eq => CmpOp::Ne,
        CmpOp::Ne => CmpOp::Eq,
        CmpOp::Lt => CmpOp::Ge,
        CmpOp::Le => CmpOp::Gt,
        CmpOp::Gt => CmpOp::Le,
        CmpOp::Ge => CmpOp::Lt,
    }
}

/// `op` with its operands swapped: `a op b` is `b op.flip() a`.
fn flip(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        same => same,
    }
}

/// A comparison of integers, exact for every value the fields' types can hold (the checker's
/// ranges aside, as the interpreter compares them: `i64`).
fn comparison(m: &Machine, op: CmpOp, a: ir::Operand, b: ir::Operand) -> TokenStream {
    let field = |v: ir::VarId| {
        let name = ident(&m.vars[v.0].named.name);
        quote! { vars.#name }
    };
    match (a, b) {
        (ir::Operand::Const(a), ir::Operand::Const(b)) => {
            let value = op.holds(a, b);
            quote! { #value }
        }
        (ir::Operand::Var(a), ir::Operand::Var(b)) => {
            let (ta, tb) = (Int::of(m.vars[a.0].ty), Int::of(m.vars[b.0].ty));
            let (mut a, mut b) = (field(a), field(b));
            // The narrower side is widened losslessly to the wider's type.
            if ta != tb {
                let (narrow, wide) = if ta.max < tb.max { (&mut a, tb) } else { (&mut b, ta) };
                let wide = wide.ident();
                *narrow = quote! { #wide::from(#narrow) };
            }
            let op = operator(op);
            quote! { #a #op #b }
        }
        // Written with the variable first: `2 < NumDWA` reads `vars.NumDWA > 2`.
        (ir::Operand::Var(v), ir::Operand::Const(c)) => var_against(field(v), Int::of(m.vars[v.0].ty), op, c),
        (ir::Operand::Const(c), ir::Operand::Var(v)) => var_against(field(v), Int::of(m.vars[v.0].ty), flip(op), c),
    }
}

/// How `field op c` is written for a field of type `int`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Written {
    /// `field op c`, in the field's type (`op` may differ from the spec's at an extreme of the
    /// type: `x <= MIN` is written `x == MIN`).
    Typed(CmpOp),
    /// `i64::from(field) op c`: the type decides alone, and the spec's text is kept.
    Widened,
    /// The answer, the same for every value of the type.
    Constant(bool),
}

/// How to write `field op c` for a field of type `int`, exactly for every value of the type,
/// and without a comparison that the type decides (which rustc's `unused_comparisons` and
/// clippy's `absurd_extreme_comparisons` report).
fn written(int: Int, op: CmpOp, c: i64) -> Written {
    // Inside the type's range, apart from its extremes: as the spec writes it.
    if int.min < c && c < int.max {
        return Written::Typed(op);
    }
    // At an extreme, an order comparison that leaves one value is that value's equality.
    let (at_min, at_max) = (c == int.min, c == int.max);
    match op {
        CmpOp::Eq | CmpOp::Ne if at_min || at_max => return Written::Typed(op),
        CmpOp::Le if at_min => return Written::Typed(CmpOp::Eq),
        CmpOp::Gt if at_min => return Written::Typed(CmpOp::Ne),
        CmpOp::Ge if at_max => return Written::Typed(CmpOp::Eq),
        CmpOp::Lt if at_max => return Written::Typed(CmpOp::Ne),
        _ => {}
    }
    // What remains the type decides alone (`x > 300` for an `i8`, `x >= MIN`): every value
    // of the type gives the same answer. Widened to `i64` it still reads as the spec wrote it;
    // only where that would compare with an extreme of `i64` is it the constant it is.
    if int.name == "i64" || c == i64::MIN || c == i64::MAX {
        Written::Constant(op.holds(if c < int.min { int.min } else { int.max }, c))
    } else {
        Written::Widened
    }
}

/// `field op c` for a field of type `int` (see [`written`]).
fn var_against(field: TokenStream, int: Int, op: CmpOp, c: i64) -> TokenStream {
    let lit = Literal::i64_unsuffixed(c);
    match written(int, op, c) {
        Written::Typed(op) => {
            let op = operator(op);
            quote! { #field #op #lit }
        }
        Written::Widened => {
            let op = operator(op);
            quote! { i64::from(#field) #op #lit }
        }
        Written::Constant(answer) => quote! { #answer },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the written comparison gives for a field holding `x`.
    fn evaluate(written: Written, op: CmpOp, x: i64, c: i64) -> bool {
        match written {
            Written::Typed(written) => written.holds(x, c),
            Written::Widened => op.holds(x, c),
            Written::Constant(answer) => answer,
        }
    }

    /// Every comparison, written in the field's type or not, answers as `i64` compares, for
    /// every value of `i8` and the extremes of the wider types, against constants inside,
    /// at the edge of and outside each type.
    #[test]
    fn comparisons_are_exact_for_every_value_of_the_type() {
        let ops = [CmpOp::Eq, CmpOp::Ne, CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge];
        for ty in [
            VarType::Int { min: -1, max: 3 },
            VarType::Int { min: 0, max: 255 },
            VarType::Int { min: 0, max: 70_000 },
            VarType::Int { min: i64::MIN, max: 0 },
        ] {
            let int = Int::of(ty);
            let mut values: Vec<i64> = if int.name == "i8" { (-128..=127).collect() } else { Vec::new() };
            values.extend([int.min, int.min + 1, -1, 0, 1, int.max - 1, int.max]);
            let mut constants = vec![i64::MIN, i64::MIN + 1, -300, -1, 0, 2, 300, i64::MAX - 1, i64::MAX];
            for edge in [int.min, int.max] {
                constants.extend([edge.saturating_sub(1), edge, edge.saturating_add(1)]);
            }
            for op in ops {
                for &c in &constants {
                    let written = written(int, op, c);
                    if let Written::Typed(_) = written {
                        assert!(int.min < c && c < int.max || c == int.min || c == int.max, "{c} in {int:?}");
                    }
                    for &x in &values {
                        assert_eq!(evaluate(written, op, x, c), op.holds(x, c), "{x} {op:?} {c} in {int:?}");
                    }
                }
            }
        }
    }

    /// The rest of the type decides no `Typed` comparison: no `x >= MIN` or `x > MAX` left
    /// for rustc or clippy to call useless.
    #[test]
    fn no_typed_comparison_is_decided_by_the_type() {
        let int = Int::of(VarType::Int { min: -1, max: 3 });
        for op in [CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge] {
            for c in [int.min, int.max] {
                if let Written::Typed(written) = written(int, op, c) {
                    assert!(matches!(written, CmpOp::Eq | CmpOp::Ne), "{op:?} {c} written {written:?}");
                }
            }
        }
    }

    /// Guards as the generated `step` writes them: in the variables' types, widened
    /// only where the type cannot hold the constant, negations folded into comparisons, and
    /// parentheses only where they matter.
    #[test]
    fn guards_read_as_written_by_hand() {
        let spec = "machine M {
            initial state A; state B;
            event E1; event E2; event E3; event E4; event E5;
            guard g;
            var x: -1..=3 = 0;
            var y: 0..=300 = 0;
            A -> B on E1 [!(x < 2)]; internal A on E1 [else] / x += 1;
            A -> B on E2 [x < y]; internal A on E2 [else] / y = 300;
            A -> B on E3 [g || x == -1 && !g]; internal A on E3 [else];
            A -> B on E4 [x > 300]; internal A on E4 [else];
            A -> B on E5 [!!g]; internal A on E5 [else];
            B -> A on E1, E2, E3, E4, E5 / x = -1;
        }";
        let compiled = crate::compile(spec);
        let machine = compiled.machine.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics));
        let code: String = crate::codegen::generate(&machine, &crate::codegen::Options::default())
            .to_string()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        for expected in [
            // A guard on variables is the arm's guard; a named one is read into a local first.
            "(A,E1)ifvars.x>=2=>",
            "(A,E2)ifi16::from(vars.x)<vars.y=>",
            "ifg0||(vars.x==-1&&!g0){",
            "(A,E4)ifi64::from(vars.x)>300=>",
            "ifg0{",
            "vars.x=-1;",
            "vars.x=vars.x.wrapping_add(1);",
            "vars.y=300;",
            "Vars{x:0,y:0,}",
        ] {
            assert!(code.contains(expected), "no `{expected}` in the generated code");
        }
        assert!(!code.contains("asi64"), "a cast to i64 is left");
        assert!(!code.contains("!!"), "a double negation is left");
    }
}
