//! Forms a user may try that the DSL does not have (`event E "label"(Data);`, transitions inside a state, `if` for a
//! guard, `=>`, a missing `on`, a guard or effects on an `ignore` or an `error`, ...): an item that did not parse is matched against the grammar's
//! `mistake` rule, and a match gets an error that says what the DSL writes instead.

use super::grammar::{Grammar, Rule};
use crate::ast::Span;
use crate::diag::{Code, Diagnostic};
use pest::Parser as _;

/// The error for an item that did not parse, when it is one of the known mistakes. `text` is
/// the item, `offset` where it starts in the spec.
pub(super) fn diagnose(text: &str, offset: usize) -> Option<Diagnostic> {
    let mistake = Grammar::parse(Rule::mistake, text).ok()?.next()?;
    let marker = mistake.into_inner().flatten().find(|p| {
        matches!(
            p.as_rule(),
            Rule::bad_params
                | Rule::bad_state_content
                | Rule::bad_if
                | Rule::bad_event_separator
                | Rule::bad_arrow
                | Rule::bad_missing_on
                | Rule::bad_exclusive_range
                | Rule::bad_var_type
                | Rule::bad_decl_list
                | Rule::bad_label_first
                | Rule::bad_except_events
                | Rule::bad_ignore_cause
                | Rule::bad_ignore_guard
                | Rule::bad_error_guard
                | Rule::bad_ignore_effects
                | Rule::bad_error_effects
        )
    })?;
    let found = marker.as_str();
    let span = Span::new(offset + marker.as_span().start(), offset + marker.as_span().end());
    let (message, label, help) = match marker.as_rule() {
        Rule::bad_params => (
            "the data of an event follows its name, before the label".to_owned(),
            "data after the label",
            "write `event NAME(Type) \"LABEL\";`, as in `event RcvSegment(Segment) \"rcv segment\";`".to_owned(),
        ),
        Rule::bad_state_content => (
            "the `{ }` of a state holds only its `entry` and `exit` clauses, `timer`s and substates".to_owned(),
            "not an `entry` or `exit` clause or a substate",
            "write transitions in the machine, after the states, a superstate's too: `A -> B on E;`".to_owned(),
        ),
        Rule::bad_if => (
            format!("a guard is written in brackets after the events, not with `{found}`"),
            "not a guard",
            "write `A -> B on E [g];`".to_owned(),
        ),
        Rule::bad_event_separator => (
            format!("the events of a transition are separated by `,`, not `{found}`"),
            "not a separator",
            "write `A -> B on E1, E2;`".to_owned(),
        ),
        Rule::bad_arrow => {
            (format!("a transition is written with `->`, not `{found}`"), "not `->`", "write `A -> B on E;`".to_owned())
        }
        Rule::bad_missing_on => (
            "the events of a transition follow the keyword `on`".to_owned(),
            "`on` is missing before this",
            format!("write `on {found}`"),
        ),
        Rule::bad_exclusive_range => (
            "a variable's range is written with `..=` and holds both of its ends".to_owned(),
            "not `..=`",
            "write `var N: 0..=3 = 0;` for the values 0, 1, 2 and 3".to_owned(),
        ),
        Rule::bad_var_type => (
            format!("a variable is a `bool` or an integer range such as `0..=3`, not `{found}`"),
            "not a type of the DSL",
            "write `var N: 0..=3 = 0;` or `var B: bool = false;`".to_owned(),
        ),
        Rule::bad_label_first => (
            "the label of `on *` comes after its `except` list".to_owned(),
            "after the label",
            "write `on * except E, F \"any other event\"`".to_owned(),
        ),
        Rule::bad_ignore_cause => (
            "an `ignore` has no cause: the RFC's errors are `error` items".to_owned(),
            "a cause on an `ignore`",
            "write `error E in S \"cause\";` for pairs the RFC calls errors, or drop the text".to_owned(),
        ),
        Rule::bad_ignore_guard => (
            "an `ignore` takes no guard: it ignores its events in its states whatever the guards".to_owned(),
            "a guard on an `ignore`",
            "to do nothing when a guard holds, write an internal transition without effects beside the others: `internal S on E [g];`".to_owned(),
        ),
        Rule::bad_error_guard => (
            "an `error` item takes no guard: its pairs are protocol errors whatever the guards".to_owned(),
            "a guard on an `error` item",
            "a pair is a protocol error in every case or in none: where a guard decides, write its cases as transitions (`internal S on E [g];` does nothing)"
                .to_owned(),
        ),
        Rule::bad_ignore_effects => (
            "an `ignore` runs no effects: its pairs do nothing".to_owned(),
            "effects on an `ignore`",
            "to run effects and stay in the state, write an internal transition: `internal S on E / A;`".to_owned(),
        ),
        Rule::bad_error_effects => (
            "an `error` item runs no effects: nothing happens on its pairs but the step's outcome".to_owned(),
            "effects on an `error` item",
            "the hooks see `Kind::ProtocolError` and `error_cause(state, event)`; to run effects instead, write a transition on the pair".to_owned(),
        ),
        Rule::bad_except_events => (
            "`except` follows `*`: a transition on listed events takes only those".to_owned(),
            "`except` after a list of events",
            "write `on * except E, F` for every other event but those, or list the events it takes".to_owned(),
        ),
        _ => {
            ("a declaration declares one name".to_owned(), "a second name", "write one declaration per name".to_owned())
        }
    };
    Some(Diagnostic::new(Code::Syntax, message, span, label).with_help(help))
}
