//! One constructor per kind of diagnostic that the checker emits, so that the wording of each
//! lives here and nowhere else.

use crate::ast::{Name, Span};
use crate::diag::{Code, Diagnostic, Severity};

/// The kinds of declared names, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    State,
    Event,
    Action,
    Guard,
    Timer,
    Var,
    Group,
}

impl Kind {
    pub fn noun(self) -> &'static str {
        match self {
            Kind::State => "state",
            Kind::Event => "event",
            Kind::Action => "action",
            Kind::Guard => "guard",
            Kind::Timer => "timer",
            Kind::Var => "variable",
            Kind::Group => "group",
        }
    }

    fn article(self) -> &'static str {
        match self {
            Kind::Event | Kind::Action => "an",
            _ => "a",
        }
    }
}

pub fn duplicate(kind: Kind, name: &Name, first: Span) -> Diagnostic {
    Diagnostic::new(
        Code::Duplicate,
        format!("the {} `{}` is declared twice", kind.noun(), name.text),
        name.span,
        "declared again here",
    )
    .with_secondary(first, "first declared here")
    .with_help(format!("rename one of them, or remove the second declaration of `{}`", name.text))
}

pub fn clash(kind: Kind, name: &Name, first: Span, what: &str) -> Diagnostic {
    Diagnostic::new(
        Code::Duplicate,
        format!("the {} `{}` clashes with {what}", kind.noun(), name.text),
        name.span,
        "clashing name",
    )
    .with_secondary(first, format!("{what} comes from here"))
    .with_help(format!("rename the {}", kind.noun()))
}

pub fn duplicate_setting(what: &str, span: Span, first: Span) -> Diagnostic {
    Diagnostic::new(Code::Duplicate, format!("`{what}` is set twice"), span, "set again here")
        .with_secondary(first, "first set here")
}

pub fn duplicate_label(name: &Name, label: &str, label_span: Span, first: &str, first_span: Span) -> Diagnostic {
    Diagnostic::new(
        Code::Duplicate,
        format!("the states `{first}` and `{}` are both labelled \"{label}\"", name.text),
        label_span,
        "label used again here",
    )
    .with_secondary(first_span, "first used here")
    .with_help("labels name states in diagrams and in `Display`; give each state its own")
}

pub fn undefined(kind: Kind, name: &Name, suggestion: Option<&str>) -> Diagnostic {
    let d = Diagnostic::new(
        Code::Undefined,
        format!("no {} named `{}`", kind.noun(), name.text),
        name.span,
        format!("not a declared {}", kind.noun()),
    );
    match (suggestion, kind) {
        (Some(s), _) => d.with_help(format!("did you mean `{s}`?")),
        (None, Kind::Var) => d.with_help(format!("declare it, for example `var {}: bool = false;`", name.text)),
        (None, _) => d.with_help(format!("declare it with `{} {};`", decl_keyword(kind), name.text)),
    }
}

fn decl_keyword(kind: Kind) -> &'static str {
    match kind {
        Kind::State => "state",
        Kind::Event => "event",
        Kind::Action => "action",
        Kind::Guard => "guard",
        Kind::Timer => "timer",
        Kind::Var => "var",
        Kind::Group => "group",
    }
}

pub fn listed_twice(kind: Kind, name: &Name, first: Span) -> Diagnostic {
    Diagnostic::new(
        Code::Duplicate,
        format!("the {} `{}` is listed twice", kind.noun(), name.text),
        name.span,
        "listed again here",
    )
    .with_secondary(first, "first listed here")
    .with_help("remove one of them")
}

pub fn bad_module_name(machine: &Name, module: &str) -> Diagnostic {
    let d = Diagnostic::new(
        Code::Reserved,
        format!("the machine name `{}` cannot name a Rust module (`{module}`)", machine.text),
        machine.span,
        "the generated module is named after the machine",
    );
    let d = if crate::naming::is_std_crate(module) {
        d.with_note(format!(
            "`{module}` is a crate every Rust crate sees: beside a module of that name, `use {module}::...` is ambiguous (E0659)"
        ))
    } else {
        d
    };
    d.with_help("choose a machine name whose snake case is an identifier and neither a Rust keyword nor `std` or `core`, such as `Failover` (`failover`)")
}

pub fn wrong_kind(expected: Kind, name: &Name, actual: Kind, declared: Span) -> Diagnostic {
    Diagnostic::new(
        Code::WrongKind,
        format!(
            "`{}` is {} {}, not {} {}",
            name.text,
            actual.article(),
            actual.noun(),
            expected.article(),
            expected.noun()
        ),
        name.span,
        format!("expected {} {}", expected.article(), expected.noun()),
    )
    .with_secondary(declared, format!("`{}` is declared here", name.text))
}

pub fn reserved(kind: Kind, name: &Name, why: &str) -> Diagnostic {
    Diagnostic::new(
        Code::Reserved,
        format!("the {} name `{}` cannot be used: {why}", kind.noun(), name.text),
        name.span,
        "reserved name",
    )
    .with_help("choose another name; a display label (`state X \"LABEL\"`) can still show any text")
}

pub fn payload_not_path(event: &Name, payload: &crate::ast::Payload) -> Diagnostic {
    // Hostile text is quoted by its start and its length, control characters shown visibly.
    const MAX_SHOWN: usize = 32;
    let count = payload.ty.chars().count();
    let visible: String = payload
        .ty
        .chars()
        .take(MAX_SHOWN)
        .map(|c| if c.is_control() { format!("<U+{:04X}>", u32::from(c)) } else { c.to_string() })
        .collect();
    let shown = match count {
        0 => "nothing".to_owned(),
        n if n > MAX_SHOWN => format!("`{visible}...` ({n} characters)"),
        _ => format!("`{visible}`"),
    };
    Diagnostic::new(
        Code::PayloadNotPath,
        format!("the data of the event `{}` is {shown}, not a Rust type path", event.text),
        payload.span,
        "not a type path",
    )
    .with_help(
        "write a path to a type, such as `Segment`, `crate::tcp::Segment` or `Vec<u8>`; a reference, a \
         tuple or an array goes in a struct of its own (`struct Pair(u32, u32);`), an event without data \
         is `event NAME;`",
    )
}

pub fn data_never_seen(event: &crate::ir::Named) -> Diagnostic {
    Diagnostic::new(
        Code::DataNeverSeen,
        format!("the data of the event `{}` is never shown to a hook", event.name),
        event.span,
        "its data is dropped unread",
    )
    .with_help(
        "in every state the event is ignored, unhandled, or taken with no named guard and no action: \
         declare it without data (`event NAME;`), or name what the data decides with a guard",
    )
}

pub fn payload_on_timer(timer: &Name, payload: &crate::ast::Payload) -> Diagnostic {
    Diagnostic::new(
        Code::PayloadOnTimer,
        format!("the timer `{}` is declared with data, but its expiry carries none", timer.text),
        payload.span,
        "data on a timer",
    )
    .with_help(format!(
        "declare `timer {};` and keep what the expiry needs in the hooks' own state, set when the timer is started",
        timer.text
    ))
}

pub fn no_initial(machine: &Name) -> Diagnostic {
    Diagnostic::new(
        Code::NoInitial,
        format!("the machine `{}` has no initial state", machine.text),
        machine.span,
        "no state is marked `initial`",
    )
    .with_help("mark the state the machine starts in: `initial state NAME;`")
}

pub fn several_initial(name: &Name, keyword: Span, first_name: &str, first: Span) -> Diagnostic {
    Diagnostic::new(
        Code::SeveralInitial,
        format!("`{}` is marked initial, but `{first_name}` already is", name.text),
        keyword,
        "second initial state",
    )
    .with_secondary(first, "first initial state")
    .with_help("a machine starts in exactly one state; remove one of the `initial` keywords")
}

pub fn dead_end(name: &Name) -> Diagnostic {
    Diagnostic::new(
        Code::DeadEnd,
        format!("the state `{}` has no way out", name.text),
        name.span,
        "no transition leaves this state",
    )
    .with_help(format!(
        "add a transition out of `{}`, or mark it `final state {};` if the machine ends there",
        name.text, name.text
    ))
}

/// A state the machine can enter in a configuration (`values` of the variables, reached by the
/// events of `path`) from which no sequence of events leads to another state.
pub fn trapped(state: &Name, path: &[String], values: &[String]) -> Diagnostic {
    let when = match values {
        [] => String::new(),
        [one] => format!(" when {one}"),
        [init @ .., last] => format!(" when {} and {last}", init.join(", ")),
    };
    let after = if path.is_empty() { "at the start".to_owned() } else { format!("after {}", path.join(", ")) };
    Diagnostic::new(
        Code::Trapped,
        format!("the machine can be trapped in the state `{}`", state.text),
        state.span,
        format!("no event leads out of this state{when}"),
    )
    .with_note(format!("{after}: in `{}`{when}, no sequence of events leads to another state", state.text))
    .with_help(format!(
        "add a transition out of `{}` that can be taken{when}, or mark it `final` if the machine ends there",
        state.text
    ))
}

pub fn leaves_final(state: &Name, declared: Span, transition: Span) -> Diagnostic {
    Diagnostic::new(
        Code::LeavesFinal,
        format!("the final state `{}` has a transition", state.text),
        transition,
        "transition from a final state",
    )
    .with_secondary(declared, "marked `final` here")
    .with_help("remove `final` from the state, or remove the transition")
}

pub fn ignored_and_handled(conflicts: &[(String, Span)], event: &str, ignore: Span) -> Diagnostic {
    let states: Vec<String> = conflicts.iter().map(|(s, _)| format!("`{s}`")).collect();
    let noun = if states.len() == 1 { "state" } else { "states" };
    let mut d = Diagnostic::new(
        Code::IgnoredAndHandled,
        format!("the event `{event}` is both ignored and handled in the {noun} {}", states.join(", ")),
        ignore,
        "ignored here",
    );
    let mut shown: Vec<Span> = Vec::new();
    for (_, span) in conflicts {
        if !shown.contains(span) {
            d = d.with_secondary(*span, "handled here");
            shown.push(*span);
        }
    }
    d.with_help("leave those states out of the `ignore`, or remove the transitions")
}

/// E0030: an `error` item (`error` true) or an `ignore` item names pairs that another item
/// decides otherwise: each state, with the item that decides the pair there and what it does
/// (`handled`, `ignored` or `a protocol error`).
pub fn protocol_error_conflict(conflicts: &[(String, Span, &str)], event: &str, item: Span, error: bool) -> Diagnostic {
    let states: Vec<String> = conflicts.iter().map(|(s, _, _)| format!("`{s}`")).collect();
    let noun = if states.len() == 1 { "state" } else { "states" };
    let states = states.join(", ");
    let (message, label) = if error {
        (
            format!(
                "the event `{event}` is made a protocol error in the {noun} {states}, where another item decides it"
            ),
            "a protocol error here",
        )
    } else {
        (
            format!(
                "the event `{event}` is ignored in the {noun} {states}, where an `error` item makes it a protocol error"
            ),
            "ignored here",
        )
    };
    let mut d = Diagnostic::new(Code::ErrorAndHandled, message, item, label);
    let mut shown: Vec<Span> = Vec::new();
    for (_, span, what) in conflicts {
        if !shown.contains(span) {
            d = d.with_secondary(*span, format!("{what} here"));
            shown.push(*span);
        }
    }
    d.with_help("decide each (state, event) pair once: leave those states out of one of the items")
}

/// E0031: an effect assigns a parameter, which is fixed for the machine's life.
pub fn assigns_parameter(var: &Name, declared: Span) -> Diagnostic {
    Diagnostic::new(
        Code::AssignsParameter,
        format!("`{}` is a parameter: it is fixed for the machine's life", var.text),
        var.span,
        "assigned here",
    )
    .with_secondary(declared, "declared here with `param`")
    .with_help("declare it with `var` to change it, or remove the assignment")
}

pub fn non_deterministic(first: Span, second: Span, pairs: &str, witness: Option<&str>) -> Diagnostic {
    let note = match witness {
        Some(w) => format!("both can be taken when {w}"),
        None => "neither has a guard that rules the other out".to_owned(),
    };
    Diagnostic::new(
        Code::NonDeterministic,
        format!("two transitions can both be taken for {pairs}"),
        second,
        "this transition",
    )
    .with_secondary(first, "and this one")
    .with_note(note)
    .with_help("make the guards exclusive, or turn one of them into `[else]`")
}

/// Events that `state` does not handle under a policy that asks it to. `expiries` are those
/// among them that are a timer's expiry, each with its timer and how the timer comes to be
/// running there (`after `E`, `F``): ignoring such an expiry would draw W0008, so the help
/// asks for a transition or a stop instead. In a state that no event sequence reaches
/// (`reached` false, W0001), the expiries are asked for because a machine restored in the state
/// may have the timers running, and ignoring them there draws no W0008.
pub fn unhandled(
    code: Code,
    state: &Name,
    reached: bool,
    events: &[&str],
    expiries: &[(&str, &str, Option<String>)],
) -> Diagnostic {
    // Two events of one name (a declared event and a timer's expiry, E0002) are named once.
    let mut names: Vec<&str> = Vec::with_capacity(events.len());
    for &e in events {
        if !names.contains(&e) {
            names.push(e);
        }
    }
    let events = names.as_slice();
    let list = events.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(", ");
    let noun = if events.len() == 1 { "event" } else { "events" };
    let mut d = Diagnostic::new(
        code,
        format!("the state `{}` does not handle the {noun} {list}", state.text),
        state.span,
        "declared here",
    );
    if !reached {
        if !expiries.is_empty() {
            let timers = quoted(&expiries.iter().map(|(_, t, _)| (*t).to_owned()).collect::<Vec<_>>());
            let (noun, verb) = if expiries.len() == 1 { ("timer", "it") } else { ("timers", "each") };
            d = d.with_note(format!(
                "no sequence of events reaches `{}` (W0001), but a machine restored in it may have the {noun} {timers} running (the spec starts {verb})",
                state.text
            ));
        }
        // Nothing runs there but what a restored machine brings: an `ignore` draws no W0008.
        return d.with_help(format!(
            "add transitions, or say `ignore {} in {};`, or set the machine's policy with `unhandled = ignore;`, or remove the state",
            events.join(", "),
            state.text
        ));
    }
    for (_, timer, path) in expiries {
        let how = path.as_deref().map_or(String::new(), |p| format!(" {p}"));
        d = d.with_note(format!("`{timer}` may be running in `{}`{how}", state.text));
    }
    let plain: Vec<&str> = events.iter().copied().filter(|e| !expiries.iter().any(|(x, _, _)| x == e)).collect();
    let mut help = Vec::new();
    if !plain.is_empty() {
        help.push(format!(
            "add transitions, or say `ignore {} in {};`, or set the machine's policy with `unhandled = ignore;`",
            plain.join(", "),
            state.text
        ));
    }
    for (expiry, timer, _) in expiries {
        help.push(format!(
            "handle `{expiry}` in `{}` with a transition, or `stop {timer}` on every way into it (an `ignore` would draw W0008)",
            state.text
        ));
    }
    d.with_help(help.join("; "))
}

pub fn incomplete(code: Code, span: Span, pairs: &str, witness: Option<&str>) -> Diagnostic {
    Diagnostic::new(
        code,
        format!("no transition is taken for {pairs} in some cases"),
        span,
        "guards do not cover every case",
    )
    .with_note(format!("no guard holds when {}", witness.unwrap_or("the event arrives")))
    .with_help("add a transition with `[else]`, or widen a guard")
}

/// A group whose effects name it again (`group a = X, b; group b = a;`), at the name that
/// closes the circle; `path` is the groups from `group` to that name.
pub fn recursive_group(name: &Name, path: &[String]) -> Diagnostic {
    Diagnostic::new(
        Code::RecursiveGroup,
        format!("the group `{}` contains itself: {}", name.text, path.join(" -> ")),
        name.span,
        "names a group being expanded",
    )
    .with_help("a group's effects are run in its place: write them out, or split the group so that none names itself")
}

/// A transition on `*` (any other event), at `span`, that covers no event in any of its states.
pub fn covers_nothing(span: Span) -> Diagnostic {
    Diagnostic::new(
        Code::CoversNothing,
        "this transition on `*` covers no event: in each of its states, every event it may take is handled, ignored or in its `except` list",
        span,
        "never taken",
    )
    .with_help("remove the transition, or the transitions or `ignore`s that leave it nothing")
}

pub fn lone_else(span: Span) -> Diagnostic {
    Diagnostic::new(
        Code::LoneElse,
        "`else` has no other guarded transition beside it",
        span,
        "nothing to be the `else` of",
    )
    .with_help("remove `[else]`: with no other transition for the same state and event, it is always taken")
}

pub fn too_complex(span: Span, message: String, help: &str) -> Diagnostic {
    Diagnostic::new(Code::TooComplex, message, span, "too large to check").with_help(help)
}

pub fn type_mismatch(span: Span, message: String, label: &str) -> Diagnostic {
    Diagnostic::new(Code::TypeMismatch, message, span, label)
}

pub fn out_of_range(span: Span, message: String, label: &str) -> Diagnostic {
    Diagnostic::new(Code::OutOfRange, message, span, label)
}

pub fn unreachable(name: &Name) -> Diagnostic {
    Diagnostic::new(
        Code::Unreachable,
        format!("the state `{}` can never be reached", name.text),
        name.span,
        "unreachable",
    )
    .with_help("add a transition into it, or remove it")
}

pub fn unused(kind: Kind, name: &Name) -> Diagnostic {
    unused_noun(kind.noun(), name)
}

/// W0002 for a declaration that `noun` names (`parameter`, which shares its names with the
/// variables).
pub fn unused_noun(noun: &str, name: &Name) -> Diagnostic {
    Diagnostic::new(Code::Unused, format!("the {noun} `{}` is never used", name.text), name.span, "declared here")
        .with_help("use it in a transition, or remove the declaration")
}

pub fn not_a_warning(code: &Name, why: &str) -> Diagnostic {
    let warnings: Vec<&str> =
        Code::ALL.iter().filter(|c| c.severity() == Severity::Warning).map(|c| c.as_str()).collect();
    Diagnostic::new(
        Code::NotAWarning,
        format!("`allow` cannot silence `{}`: {why}", code.text),
        code.span,
        "not a warning",
    )
    .with_help(format!("the warnings are {}", warnings.join(", ")))
}

pub fn never_read(name: &Name) -> Diagnostic {
    Diagnostic::new(
        Code::Unused,
        format!("the variable `{}` is assigned but never read", name.text),
        name.span,
        "declared here",
    )
    .with_help("use it in a guard, declare it `output var` if the hooks read it, or remove it")
}

pub fn expiry_not_handled(timer: &Name, expiry: &str) -> Diagnostic {
    Diagnostic::new(
        Code::ExpiryNotHandled,
        format!("the timer `{}` is started, but no transition handles `{expiry}`", timer.text),
        timer.span,
        "started but its expiry is never handled",
    )
    .with_help(format!("add a transition `... on {expiry}`, or stop starting the timer"))
}

pub fn never_started(timer: &Name, expiry: &str) -> Diagnostic {
    Diagnostic::new(
        Code::NeverStarted,
        format!("the timer `{}` is never started, so `{expiry}` never happens", timer.text),
        timer.span,
        "never started",
    )
    .with_help(format!("start it with `start {}` in an action list", timer.text))
}

pub fn never_holds(span: Span, guard: &str) -> Diagnostic {
    if guard == "else" {
        return Diagnostic::new(Code::NeverHolds, "this `else` transition is never taken", span, "never taken")
            .with_note("the other guards of the same state and event cover every case")
            .with_help("remove it, or narrow one of the other guards");
    }
    Diagnostic::new(
        Code::NeverHolds,
        format!("the guard `{guard}` never holds where it is used"),
        span,
        "this transition is never taken",
    )
    .with_help("check the guard against the variables' values in its source states")
}

/// A guarded transition, at `span`, that some of its (state, event) pairs never take (`pairs`,
/// each written as `` `S` on `E` ``), though others do.
pub fn dead_pairs(span: Span, guard: &str, pairs: &[String]) -> Diagnostic {
    let noun = if pairs.len() == 1 { "pair" } else { "pairs" };
    let shown: Vec<&str> = pairs.iter().take(8).map(String::as_str).collect();
    let more =
        if pairs.len() > shown.len() { format!(" and {} more", pairs.len() - shown.len()) } else { String::new() };
    let why = if guard == "else" {
        "the other guards there cover every case".to_owned()
    } else {
        format!("`[{guard}]` never holds there")
    };
    Diagnostic::new(
        Code::DeadPairs,
        format!("this transition is never taken in the {noun} {}{more}: {why}", shown.join(", ")),
        span,
        "taken only in some of its pairs",
    )
    .with_help("leave those states or events out of the transition, or check the guard against the variables there")
}

/// The code for an unhandled pair under a policy, or `None` when the policy allows it.
pub fn unhandled_code(policy: crate::ast::Policy) -> Option<Code> {
    match policy {
        crate::ast::Policy::Error => Some(Code::Unhandled),
        crate::ast::Policy::Warn => Some(Code::UnhandledWarn),
        crate::ast::Policy::Ignore => None,
    }
}

/// The code for guards that leave a case uncovered under a policy, or `None` when allowed.
pub fn incomplete_code(policy: crate::ast::Policy) -> Option<Code> {
    match policy {
        crate::ast::Policy::Error => Some(Code::IncompleteGuards),
        crate::ast::Policy::Warn => Some(Code::UnhandledWarn),
        crate::ast::Policy::Ignore => None,
    }
}

/// Names in backquotes, joined as a sentence lists them: "`a`, `b` and `c`".
pub(crate) fn quoted(names: &[String]) -> String {
    let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A transition on `expiry` from states (`dead`) where its timer cannot be running; `live` are
/// the states where it may run; `all` when the transition applies in none of its sources.
pub fn dead_expiry(span: Span, expiry: &str, timer: &str, dead: &[String], live: &[String], all: bool) -> Diagnostic {
    let noun = if dead.len() == 1 { "state" } else { "states" };
    let where_live = if live.is_empty() {
        format!("`{timer}` is running in no state that the machine reaches")
    } else {
        format!("`{timer}` may be running only in {}", quoted(live))
    };
    let help = if all {
        "remove the transition: an expiry that cannot happen needs neither a transition nor an `ignore`".to_owned()
    } else {
        format!("leave {} out of the transition's sources", quoted(dead))
    };
    Diagnostic::new(
        Code::DeadExpiry,
        format!("`{expiry}` cannot happen in the {noun} {}: `{timer}` is not running there", quoted(dead)),
        span,
        "handles an expiry that cannot happen",
    )
    .with_note(where_live)
    .with_help(help)
}

/// A timer that may be running in `states`, where its expiry is ignored: by the `ignore` at
/// `span` (`by_ignore`), or by `unhandled = ignore` (then `span` is the state's).
pub fn expiry_ignored(
    span: Span,
    by_ignore: bool,
    timer: &str,
    expiry: &str,
    states: &[String],
    state_spans: &[Span],
    witness: Option<&str>,
) -> Diagnostic {
    let noun = if states.len() == 1 { "state" } else { "states" };
    let how = if by_ignore { "is ignored" } else { "falls to `unhandled = ignore`" };
    let mut d = Diagnostic::new(
        Code::ExpiryIgnored,
        format!("`{timer}` may still be running in the {noun} {}, where `{expiry}` {how}", quoted(states)),
        span,
        if by_ignore { "its expiry is ignored here" } else { "its expiry is not handled here" },
    );
    for &s in state_spans {
        d = d.with_secondary(s, format!("`{timer}` may be running here"));
    }
    if let (Some(w), Some(first)) = (witness, states.first()) {
        d = d.with_note(format!("{w}, `{timer}` is running in `{first}`"));
    }
    let allow = if by_ignore { "this `ignore`" } else { "the state" };
    d.with_help(format!(
        "stop `{timer}` before the machine gets there (`stop {timer}` in the transition, or `exit stop {timer}` in the state it leaves), or handle `{expiry}` there; if ignoring it is intended, put `#[allow(W0008)]` on {allow}"
    ))
}

/// A timer that may be running in a final state, where nothing can handle its expiry.
pub fn running_in_final(state: &str, span: Span, timer_span: Span, timer: &str, witness: Option<&str>) -> Diagnostic {
    let mut d = Diagnostic::new(
        Code::RunningInFinal,
        format!("`{timer}` may still be running in the final state `{state}`"),
        span,
        "final state",
    )
    .with_secondary(timer_span, "the timer");
    if let Some(w) = witness {
        d = d.with_note(format!("{w}, `{timer}` is running in `{state}`, where no transition can handle its expiry"));
    }
    d.with_help(format!("stop `{timer}` on the way into `{state}`: `stop {timer}` in the transition, or `exit stop {timer}` in the state it leaves"))
}

pub fn no_initial_substate(superstate: &Name, declared: Span, entered: Span, how: &str) -> Diagnostic {
    Diagnostic::new(
        Code::NoInitialSubstate,
        format!("{how} the superstate `{}`, which has no initial substate", superstate.text),
        entered,
        "enters a superstate",
    )
    .with_secondary(declared, "no substate here is marked `initial`")
    .with_help(format!(
        "mark the substate that entering `{}` enters: `initial state NAME;` in its body, or target that substate",
        superstate.text
    ))
}

pub fn nested_twice(name: &Name, first: Span, first_in: Option<&str>, second_in: Option<&str>) -> Diagnostic {
    let place = |within: Option<&str>| within.map_or("the machine".to_owned(), |s| format!("the superstate `{s}`"));
    Diagnostic::new(
        Code::NestedTwice,
        format!("the state `{}` is declared in {} and again in {}", name.text, place(first_in), place(second_in)),
        name.span,
        "declared again at another level",
    )
    .with_secondary(first, "first declared here")
    .with_help("state names are one namespace at every level of nesting: rename one of them")
}

pub fn final_superstate(name: &Name, keyword: Span) -> Diagnostic {
    Diagnostic::new(
        Code::FinalSuperstate,
        format!("the superstate `{}` is marked `final`", name.text),
        keyword,
        "a superstate cannot be final",
    )
    .with_secondary(name.span, "it has substates")
    .with_help("mark the substates the machine ends in as `final`")
}

pub fn entry_at_start(superstate: &Name, entry: Span, initial: &Name) -> Diagnostic {
    Diagnostic::new(
        Code::EntryAtStart,
        format!(
            "the machine starts in `{}` inside the superstate `{}`, whose entry actions would not run at the start",
            initial.text, superstate.text
        ),
        entry,
        "entry actions of a superstate that holds the initial state",
    )
    .with_secondary(initial.span, "the initial state")
    .with_help(format!(
        "put these actions in the entry of `{}`, or start in a state outside `{}`",
        initial.text, superstate.text
    ))
}
