//! The syntax tree of one spec file, as written, with the byte span of every piece.
//!
//! Nothing here is resolved: names are strings, and the same name may be declared twice. The
//! checker (`check`) turns this into the resolved model (`ir`).

pub use crate::list::List;
pub use smol_str::SmolStr;
use std::ops::Range;

/// A byte range in the spec text (`start..end`, in octets of UTF-8).
///
/// Both ends are held in 32 bits, so that a name and its place take 32 octets and the syntax
/// tree of a large spec is smaller: a text is at most [`Span::MAX_OFFSET`] octets, which
/// [`crate::syntax::parse`] checks before anything else. An offset past that is held as
/// `MAX_OFFSET` (a span is never wrong by wrapping around).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    start: u32,
    end: u32,
}

/// `offset` in 32 bits, [`Span::MAX_OFFSET`] if it is larger.
const fn offset(offset: usize) -> u32 {
    if offset > Span::MAX_OFFSET { u32::MAX } else { offset as u32 }
}

impl Span {
    /// The largest offset a span holds (4 GiB less one), and so the longest text that
    /// [`crate::syntax::parse`] reads; [`crate::compile`] reads at most
    /// [`crate::MAX_SPEC_BYTES`].
    pub const MAX_OFFSET: usize = u32::MAX as usize;

    /// The span `start..end` (octet offsets; see [`Span::MAX_OFFSET`]).
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start: offset(start), end: offset(end) }
    }

    /// First byte.
    pub const fn start(self) -> usize {
        self.start as usize
    }

    /// One past the last byte.
    pub const fn end(self) -> usize {
        self.end as usize
    }

    /// The span as a `Range`, for slicing the source and for renderers.
    pub const fn range(self) -> Range<usize> {
        self.start()..self.end()
    }

    /// Whether `other` lies within this span (its ends included).
    pub const fn contains(self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// An identifier with the place it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The identifier. A [`SmolStr`] rather than a `String`: a spec's identifiers are short, and
    /// one of at most 23 octets is kept inline (24 octets in all, a `String`'s size), so that
    /// building the tree of a large spec allocates nothing per name and dropping it frees
    /// nothing; a clone of a longer one shares it rather than copying. It reads as a `&str`
    /// (deref, `as_str`) and compares with `str` and `String`.
    pub text: SmolStr,
    /// Where it stands.
    pub span: Span,
}

/// A string literal, unescaped, with its span (quotes included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Str {
    /// The value, with `\"` and `\\` unescaped.
    pub value: String,
    /// Where it stands.
    pub span: Span,
}

/// A whole spec: one machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The `///` lines before `machine`, without the slashes: the machine's description.
    pub docs: Vec<String>,
    /// The machine's name.
    pub name: Name,
    /// Its display label, if given (`machine Failover "Diameter failover"`).
    pub label: Option<Str>,
    /// The items of the body, in order.
    pub items: Vec<Item>,
    /// The words of items that did not parse (reported as syntax errors). The checker does not
    /// report these names as undefined, since their declaration may be among them.
    pub broken: std::collections::BTreeSet<String>,
}

/// One item of the machine body with its doc comment.
#[derive(Clone, PartialEq, Eq)]
pub struct Item {
    /// What the item says.
    pub kind: ItemKind,
    /// The whole item, docs excluded.
    pub span: Span,
    /// Its doc comment and `#[allow]` codes, held apart: most items of a large spec have
    /// neither, and an item is then 40 octets smaller (see [`Item::docs`], [`Item::allow`]).
    attributes: Option<Box<Attributes>>,
}

/// What stands before an item: its `///` lines and its `#[allow(...)]` codes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Attributes {
    docs: Vec<String>,
    allow: Vec<Name>,
}

impl Item {
    /// The item `kind` at `span` with its doc lines (without the slashes) and the warning codes
    /// of its `#[allow(...)]` attributes.
    pub fn new(kind: ItemKind, span: Span, docs: Vec<String>, allow: Vec<Name>) -> Self {
        let attributes = (!docs.is_empty() || !allow.is_empty()).then(|| Box::new(Attributes { docs, allow }));
        Item { kind, span, attributes }
    }

    /// An item with this one's place, docs and `allow` codes that says `kind` (the checker's
    /// flattening of superstates writes the items it derives from one so).
    pub fn with_kind(&self, kind: ItemKind) -> Self {
        Item { kind, span: self.span, attributes: self.attributes.clone() }
    }

    /// The `///` lines before the item, without the slashes.
    pub fn docs(&self) -> &[String] {
        self.attributes.as_ref().map_or(&[], |a| &a.docs)
    }

    /// The warning codes of its `#[allow(W0002, ...)]` attributes: not reported about the item.
    pub fn allow(&self) -> &[Name] {
        self.attributes.as_ref().map_or(&[], |a| &a.allow)
    }
}

/// The docs and `allow` codes print as fields, in the places they had as fields.
impl std::fmt::Debug for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Every field named, so that a new one does not compile until it prints: the formatter's
        // check (`fsm_cli::fmt`) that formatting kept a spec's meaning compares these dumps.
        let Item { kind, span, attributes: _ } = self;
        f.debug_struct("Item")
            .field("docs", &self.docs())
            .field("allow", &self.allow())
            .field("kind", kind)
            .field("span", span)
            .finish()
    }
}

/// The kinds of item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// `ref "RFC 3539 Appendix A";`: a source of the whole machine.
    Ref(Str),
    /// `unhandled = error;`: what a (state, event) pair that nobody mentioned means.
    Unhandled(Policy, Span),
    /// `initial state X "LABEL" { entry ...; exit ...; state Y; ... }`
    State(StateDecl),
    /// `event X;` or `event X(Type);`
    Event(EventDecl),
    /// `action X;` or `action X = start T;`
    Action(ActionDecl),
    /// `guard x;`
    Guard(Decl),
    /// `group scr "LABEL" = A, stop T, n = 0;`
    Group(GroupDecl),
    /// `timer T "T(r)";` or `timer Tack "T(ack)" = 2 s;`
    Timer(TimerDecl),
    /// `var x: bool = false;`, `var n: -1..=3 = 0;`, or `param Retries: 0..=4 = 4;`
    Var(VarDecl),
    /// A transition, external or internal.
    Transition(Transition),
    /// `ignore E, F in A, B;`, or `error E in A "cause";` (then with [`Ignore::error`]).
    Ignore(Ignore),
    /// `#![allow(W0002, ...)]`: warnings with these codes are not reported in the machine.
    Allow(Vec<Name>),
    /// `diagram { direction = LR; events = hide; }`: how diagrams draw the machine.
    Diagram(Vec<DiagramSetting>),
}

/// One setting of a `diagram { }` item, with the span of its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagramSetting {
    /// `direction = LR;`
    Direction(Direction, Span),
    /// `events = show;` (`true`) or `events = hide;`: the triggers on the edges.
    Events(bool, Span),
    /// `actions = show;` (`true`) or `actions = hide;`: effects on edges, entry and exit in states.
    Actions(bool, Span),
}

impl DiagramSetting {
    /// The setting's name as written: `direction`, `events` or `actions`.
    pub fn name(self) -> &'static str {
        match self {
            DiagramSetting::Direction(..) => "direction",
            DiagramSetting::Events(..) => "events",
            DiagramSetting::Actions(..) => "actions",
        }
    }

    /// The span of the value.
    pub fn span(self) -> Span {
        match self {
            DiagramSetting::Direction(_, span) | DiagramSetting::Events(_, span) | DiagramSetting::Actions(_, span) => {
                span
            }
        }
    }
}

/// The way a diagram's transitions run, from source to target: Graphviz's `rankdir` and
/// Mermaid's `direction`. Top to bottom unless the spec or the command says otherwise, as RFC
/// figures are mostly drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Direction {
    /// `TB`: top to bottom.
    #[default]
    TopToBottom,
    /// `LR`: left to right.
    LeftToRight,
    /// `BT`: bottom to top.
    BottomToTop,
    /// `RL`: right to left.
    RightToLeft,
}

impl Direction {
    /// The two-letter code that Graphviz, Mermaid and the DSL write: `TB`, `LR`, `BT`, `RL`.
    pub fn code(self) -> &'static str {
        match self {
            Direction::TopToBottom => "TB",
            Direction::LeftToRight => "LR",
            Direction::BottomToTop => "BT",
            Direction::RightToLeft => "RL",
        }
    }

    /// The direction for a two-letter code, or `None` for any other text.
    pub fn from_code(code: &str) -> Option<Direction> {
        match code {
            "TB" => Some(Direction::TopToBottom),
            "LR" => Some(Direction::LeftToRight),
            "BT" => Some(Direction::BottomToTop),
            "RL" => Some(Direction::RightToLeft),
            _ => None,
        }
    }
}

/// The machine-level policy for (state, event) pairs that no transition and no `ignore` mentions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Policy {
    /// Every pair must be handled or ignored explicitly: the checker reports the others as errors.
    #[default]
    Error,
    /// The checker warns about unmentioned pairs; at run time they are `unhandled`.
    Warn,
    /// Unmentioned pairs are ignored silently.
    Ignore,
}

/// A plain declaration: a name and an optional display label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decl {
    /// The identifier.
    pub name: Name,
    /// The display label (`"ASP-DOWN"`).
    pub label: Option<Str>,
}

/// `initial final state NAME "LABEL" { entry ...; exit ...; }`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateDecl {
    /// Name and label.
    pub decl: Decl,
    /// The `initial` keyword, if present.
    pub initial: Option<Span>,
    /// The `final` keyword, if present.
    pub is_final: Option<Span>,
    /// `entry` clauses, in order (several are concatenated).
    pub entry: Vec<Effect>,
    /// `exit` clauses, in order (several are concatenated).
    pub exit: Vec<Effect>,
    /// The states declared in its body, in order: each an [`ItemKind::State`] item with its
    /// docs and `allow`s. A state with substates is a superstate.
    pub substates: Vec<Item>,
}

/// `action NAME "LABEL" = start TIMER;`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionDecl {
    /// Name and label.
    pub decl: Decl,
    /// The timer operation this action names, if it is one.
    pub alias: Option<TimerOp>,
}

/// `group NAME "LABEL" = EFFECTS;`: a named list of effects, which an effect list names to
/// run them all, in order (an RFC's `scr` for "send, close, reset").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupDecl {
    /// Name and label.
    pub decl: Decl,
    /// The effects, in order; a name among them may be another group.
    pub effects: Vec<Effect>,
}

/// `event NAME(TYPE) "LABEL";`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventDecl {
    /// Name and label.
    pub decl: Decl,
    /// The data the event carries, if it is declared with some.
    pub payload: Option<Payload>,
}

/// The data of an event, `(Segment)` in `event RcvSegment(Segment);`: a Rust type path that the
/// generated code uses as is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payload {
    /// The type as written between the parentheses, with its white space collapsed to single
    /// spaces and trimmed.
    pub ty: String,
    /// Whether the type is a Rust path (`Segment`, `crate::tcp::Segment`, `Vec<u8>`): only a
    /// path is accepted (the checker reports the others).
    pub is_path: bool,
    /// The text between the parentheses.
    pub span: Span,
}

/// `timer NAME "LABEL" = DURATION;`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimerDecl {
    /// The timer and its label.
    pub decl: Decl,
    /// Data written after the timer's name (`timer T(Data);`), which the checker refuses: an
    /// expiry carries no data.
    pub payload: Option<Payload>,
    /// Its default duration, as the RFC gives it (`= 2 s`), or the value of its duration
    /// expression when that reads no name (`= 64 * 500 ms`).
    pub default: Option<std::time::Duration>,
    /// Its duration as an expression of parameters and variables, evaluated at each start
    /// (`= T1 * 2^n ms`); `None` for a constant duration (then in `default`).
    pub duration: Option<DurationExpr>,
}

/// A timer's duration that reads parameters or variables: an integer expression, in a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DurationExpr {
    /// The value, in units.
    pub expr: IntExpr,
    /// Milliseconds per unit: 1 (`ms`), 1,000 (`s`), 60,000 (`min`) or 3,600,000 (`h`).
    pub millis_per_unit: u64,
    /// The unit as written (`ms`, `s`, `min`, `h`).
    pub unit: SmolStr,
    /// The whole duration, unit included.
    pub span: Span,
}

/// An integer expression of a timer's duration: numbers, parameters and variables, joined by
/// `+`, `-`, `*`, `^` (a power) and `min` / `max` (at most [`crate::syntax::MAX_OPERANDS`]
/// operators in one expression).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntExpr {
    /// A number.
    Int(i64, Span),
    /// A parameter or an integer variable.
    Name(Name),
    /// A field of the data of the event that starts the timer: `DhcpAck.lease`, the event then
    /// the path of fields, with the span of the whole.
    Field(Name, Vec<Name>, Span),
    /// `a + b`, `a - b`, `a * b`, `a ^ b`, `min(a, b)`, `max(a, b)`, with the span of the whole.
    Op(IntOp, Box<IntExpr>, Box<IntExpr>, Span),
}

impl IntExpr {
    /// Where the expression stands.
    pub fn span(&self) -> Span {
        match self {
            IntExpr::Int(_, span) | IntExpr::Field(.., span) | IntExpr::Op(.., span) => *span,
            IntExpr::Name(n) => n.span,
        }
    }

    /// The expression in the spec's canonical spelling (`T1 * 2^n`, `min(4 * 2^n, 64)`), with
    /// the parentheses that precedence needs and no others.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out
    }

    /// Writes the expression, parenthesised when its operator binds less tightly than
    /// `context` (0: anything; 1: a term of `*`; 2: an operand of `^`).
    fn write(&self, out: &mut String, context: u8) {
        match self {
            IntExpr::Int(v, _) => out.push_str(&v.to_string()),
            IntExpr::Name(n) => out.push_str(&n.text),
            IntExpr::Field(event, path, _) => {
                out.push_str(&event.text);
                for field in path {
                    out.push('.');
                    out.push_str(&field.text);
                }
            }
            IntExpr::Op(op @ (IntOp::Min | IntOp::Max), a, b, _) => {
                out.push_str(if *op == IntOp::Min { "min(" } else { "max(" });
                a.write(out, 0);
                out.push_str(", ");
                b.write(out, 0);
                out.push(')');
            }
            IntExpr::Op(op, a, b, _) => {
                let (level, symbol, right) = match op {
                    IntOp::Add => (0, " + ", 1),
                    IntOp::Sub => (0, " - ", 1),
                    IntOp::Mul => (1, " * ", 2),
                    _ => (2, "^", 3),
                };
                let paren = level < context;
                if paren {
                    out.push('(');
                }
                // Left-associative: the left operand may be of the same level, the right one
                // (and both sides of `^`, which takes one power) binds tighter.
                a.write(out, if level == 2 { 3 } else { level });
                out.push_str(symbol);
                b.write(out, right);
                if paren {
                    out.push(')');
                }
            }
        }
    }
}

/// The operators of an [`IntExpr`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `^`: a power, `2^n`.
    Pow,
    /// `min(a, b)`
    Min,
    /// `max(a, b)`
    Max,
}

impl IntOp {
    /// The operator applied, saturating at the bounds of `i64`; a negative exponent counts as
    /// 0 (the checker refuses one that can be negative, E0032).
    pub fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            IntOp::Add => a.saturating_add(b),
            IntOp::Sub => a.saturating_sub(b),
            IntOp::Mul => a.saturating_mul(b),
            IntOp::Pow => a.saturating_pow(u32::try_from(b.max(0)).unwrap_or(u32::MAX)),
            IntOp::Min => a.min(b),
            IntOp::Max => a.max(b),
        }
    }
}

/// `var NAME: TYPE = INIT;` or `param NAME: TYPE = DEFAULT;`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarDecl {
    /// The variable.
    pub name: Name,
    /// Its type.
    pub ty: VarType,
    /// Span of the type.
    pub ty_span: Span,
    /// Initial value; for a parameter, its default (`None` for none).
    pub init: Option<Literal>,
    /// `output var ...`: written for the hooks to read, so not reported as never read.
    pub output: bool,
    /// `param NAME: TYPE = DEFAULT;`: a parameter, given when the machine is created and
    /// never assigned.
    pub param: bool,
}

/// The finite types a variable can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarType {
    /// `bool`
    Bool,
    /// `MIN..=MAX`
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
}

/// A literal value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Literal {
    /// `true` / `false`
    Bool(bool, Span),
    /// An integer.
    Int(i64, Span),
}

impl Literal {
    /// Where it stands.
    pub fn span(&self) -> Span {
        match *self {
            Literal::Bool(_, s) | Literal::Int(_, s) => s,
        }
    }
}

/// A set of source states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateSet {
    /// Listed states.
    Names(List<Name>),
    /// `*`: every state that is not final, less the `except` list.
    All {
        /// The `*`.
        span: Span,
        /// States excluded with `except`.
        except: List<Name>,
    },
}

/// A transition: `A, B -> T on E [guard] / actions ref "..." ;` or `internal A on E ...;`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transition {
    /// The source states.
    pub sources: StateSet,
    /// The target; `None` for an internal transition.
    pub target: Option<Name>,
    /// The triggering events (the transition applies to each); empty with `other`.
    pub events: List<Name>,
    /// `on *`: any other event, in place of a list; boxed, as it is rare.
    pub other: Option<Box<OtherEvents>>,
    /// The guard, if any; boxed, since most transitions have none, and unboxed it would take 64
    /// more octets in every item of the syntax tree.
    pub guard: Option<Box<GuardClause>>,
    /// The transition's own effects, in order.
    pub effects: List<Effect>,
    /// References to the source document.
    pub refs: Vec<Str>,
}

/// The trigger `* except E, F "any other event"`: in each source state, every event that no
/// other transition or `ignore` handles there (RFC state tables write "any other event", "all
/// other events" or "otherwise"), less the `except` list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherEvents {
    /// The `*`.
    pub span: Span,
    /// Events it does not cover, even where nothing else handles them.
    pub except: List<Name>,
    /// The RFC's words for it (`"any other event"`), which diagrams and docs show.
    pub label: Option<Str>,
}

/// `ignore E, F in A, B;`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ignore {
    /// Events to ignore; empty with `every_event`.
    pub events: List<Name>,
    /// `ignore *`: every event, timer expiries included (the span of the `*`).
    pub every_event: Option<Span>,
    /// States where they are ignored; `None` for every state.
    pub states: Option<StateSet>,
    /// `otherwise`: a fallback, ignoring only the pairs that no transition handles.
    pub otherwise: bool,
    /// References to the source document.
    pub refs: Vec<Str>,
    /// For `error E in S "cause";`: the pairs are protocol errors, not ignored.
    pub error: Option<ProtocolError>,
}

/// What makes an `ignore`-shaped item an `error` item: the pairs it names are protocol errors
/// that the RFC names, each reported by the step as its own outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    /// The `error` keyword.
    pub keyword: Span,
    /// The RFC's cause (`"Unexpected Message"`), if the item gives one.
    pub cause: Option<Str>,
}

/// What stands between `[` and `]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuardClause {
    /// `[else]`: holds when no other guard of the same state and event holds.
    Else(Span),
    /// A boolean expression.
    Expr(Expr),
}

/// A guard expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A named guard or a `bool` variable.
    Name(Name),
    /// `true` / `false`
    Bool(bool, Span),
    /// `!e`
    Not(Box<Expr>, Span),
    /// `a && b`
    And(Box<Expr>, Box<Expr>),
    /// `a || b`
    Or(Box<Expr>, Box<Expr>),
    /// `a < b` and the other comparisons.
    Cmp(CmpOp, Operand, Operand),
    /// `running T`: whether the timer `T` is running (the span of the whole test).
    Running(Name, Span),
}

impl Expr {
    /// Where the expression stands.
    pub fn span(&self) -> Span {
        match self {
            Expr::Name(n) => n.span,
            Expr::Bool(_, s) | Expr::Not(_, s) | Expr::Running(_, s) => *s,
            Expr::And(a, b) | Expr::Or(a, b) => a.span().to(b.span()),
            Expr::Cmp(_, a, b) => a.span().to(b.span()),
        }
    }
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }

    /// Whether `a OP b` holds, on integers (the model's values are `i64`).
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
}

/// One side of a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A variable.
    Name(Name),
    /// An integer literal.
    Int(i64, Span),
}

impl Operand {
    /// Where it stands.
    pub fn span(&self) -> Span {
        match self {
            Operand::Name(n) => n.span,
            Operand::Int(_, s) => *s,
        }
    }
}

/// `start T` or `stop T`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimerOp {
    /// Start or stop.
    pub kind: TimerOpKind,
    /// The timer.
    pub timer: Name,
    /// The whole operation.
    pub span: Span,
}

/// The two operations on a timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimerOpKind {
    /// Arm (or re-arm) the timer.
    Start,
    /// Disarm the timer.
    Stop,
}

/// One entry of an action list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A declared action.
    Action(Name),
    /// A timer operation.
    Timer(TimerOp),
    /// `x = v`, `x += n`, `x -= n` (boxed: assignments are rare, and an effect list of a
    /// large spec's transitions is then a quarter smaller).
    Assign(Box<Assign>),
}

/// An assignment to a variable: `x = v`, `x += n`, `x -= n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assign {
    /// The variable.
    pub var: Name,
    /// The operator.
    pub op: AssignOp,
    /// The right-hand side.
    pub value: Literal,
}

impl Effect {
    /// Where the effect stands.
    pub fn span(&self) -> Span {
        match self {
            Effect::Action(n) => n.span,
            Effect::Timer(t) => t.span,
            Effect::Assign(a) => a.var.span.to(a.value.span()),
        }
    }
}

/// Assignment operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssignOp {
    /// `=`
    Set,
    /// `+=`
    Add,
    /// `-=`
    Sub,
}

impl std::fmt::Display for Expr {
    /// Writes the expression back as DSL text, with only the parentheses that precedence needs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write(f, 0)
    }
}

impl Expr {
    fn precedence(&self) -> u8 {
        match self {
            Expr::Or(..) => 1,
            Expr::And(..) => 2,
            Expr::Cmp(..) => 3,
            Expr::Not(..) => 4,
            Expr::Name(_) | Expr::Bool(..) | Expr::Running(..) => 5,
        }
    }

    fn write(&self, f: &mut std::fmt::Formatter<'_>, parent: u8) -> std::fmt::Result {
        let own = self.precedence();
        if own < parent {
            f.write_str("(")?;
        }
        match self {
            Expr::Name(n) => f.write_str(&n.text)?,
            Expr::Bool(b, _) => write!(f, "{b}")?,
            Expr::Not(e, _) => {
                f.write_str("!")?;
                e.write(f, own)?;
            }
            Expr::And(a, b) | Expr::Or(a, b) => {
                // Both operators are associative: a chain needs no parentheses either way.
                a.write(f, own)?;
                f.write_str(if own == 1 { " || " } else { " && " })?;
                b.write(f, own)?;
            }
            Expr::Cmp(op, a, b) => write!(f, "{} {} {}", a, op.as_str(), b)?,
            Expr::Running(timer, _) => write!(f, "running {}", timer.text)?,
        }
        if own < parent {
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl std::fmt::Display for Operand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Operand::Name(n) => f.write_str(&n.text),
            Operand::Int(i, _) => write!(f, "{i}"),
        }
    }
}
