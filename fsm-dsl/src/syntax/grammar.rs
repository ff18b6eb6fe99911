//! The parser of `fsm.pest`, generated ahead of time by pest's generator (`pest_generator`
//! 2.9.6): `Grammar` parses, `Rule` names the grammar's rules. Each closure given to pest's
//! combinators is a function of one type, `Step`, so that each combinator is compiled once.
//! With the feature `fast-parse` (the `fsm` tool's), the rules a large machine spends its
//! parse in (a transition, a state declaration, names, whitespace) keep pest's closures
//! instead, so that an optimized build inlines the combinators there: 8% fewer instructions
//! to parse such a machine, as few as pest's own output, for 7% more LLVM IR
//! (`tests/it/parser.rs` says which rules and why).
//!
//! Do not edit. After a change to `fsm.pest`, run
//! `FSM_UPDATE_PARSER=1 cargo test -p fsm-dsl --test it parser::` to rewrite this file.

#![allow(dead_code, missing_docs, unused_qualifications, clippy::all)]

/// The parser of the grammar; use it through `pest::Parser::parse`.
pub struct Grammar;

#[allow(dead_code, non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Clone, Copy, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
pub enum Rule {
    ///End-of-input
    EOI,
    r#WHITESPACE,
    r#COMMENT,
    r#line_rest,
    r#doc,
    r#keyword,
    r#ident_char,
    r#ident,
    r#string,
    r#int,
    r#kw_machine,
    r#kw_state,
    r#kw_initial,
    r#kw_final,
    r#kw_event,
    r#kw_action,
    r#kw_guard,
    r#kw_timer,
    r#kw_var,
    r#kw_ref,
    r#kw_on,
    r#kw_internal,
    r#kw_ignore,
    r#kw_in,
    r#kw_except,
    r#kw_else,
    r#kw_entry,
    r#kw_exit,
    r#kw_start,
    r#kw_stop,
    r#kw_unhandled,
    r#kw_true,
    r#kw_false,
    r#kw_bool,
    r#kw_otherwise,
    r#kw_output,
    r#kw_allow,
    r#kw_diagram,
    r#kw_direction,
    r#kw_events,
    r#kw_actions,
    r#kw_group,
    r#kw_error,
    r#kw_param,
    r#kw_running,
    r#file,
    r#machine_head,
    r#file_recover,
    r#junk,
    r#junk_token,
    r#junk_block,
    r#junk_string,
    r#item_alone,
    r#item,
    r#attribute,
    r#machine_attribute,
    r#allow_list,
    r#ref_item,
    r#unhandled_item,
    r#policy,
    r#diagram_item,
    r#diagram_setting,
    r#direction,
    r#visibility,
    r#state_decl,
    r#state_modifier,
    r#state_body,
    r#substate,
    r#state_timer,
    r#entry_clause,
    r#exit_clause,
    r#event_decl,
    r#payload,
    r#payload_type,
    r#payload_group,
    r#payload_array,
    r#action_decl,
    r#group_decl,
    r#guard_decl,
    r#timer_decl,
    r#duration,
    r#time_expr,
    r#time_term,
    r#time_power,
    r#time_atom,
    r#time_field,
    r#time_call,
    r#time_fn,
    r#sum_op,
    r#product_op,
    r#power_op,
    r#uint,
    r#time_unit,
    r#var_decl,
    r#param_decl,
    r#var_type,
    r#int_range,
    r#literal,
    r#transition,
    r#internal_item,
    r#other_events,
    r#ignore_item,
    r#ignore_events,
    r#error_item,
    r#any_event,
    r#state_set,
    r#any_state,
    r#ident_list,
    r#event_list,
    r#refs,
    r#guard_clause,
    r#expr,
    r#conj,
    r#unary,
    r#primary,
    r#running_test,
    r#comparison,
    r#operand,
    r#or_op,
    r#and_op,
    r#not_op,
    r#cmp_op,
    r#effects,
    r#effect_list,
    r#effect,
    r#timer_op,
    r#assign_op,
    r#rust_path,
    r#path_body,
    r#path_root,
    r#path_segment,
    r#generic_args,
    r#generic_arg,
    r#rust_ident,
    r#mistake,
    r#bad_params,
    r#bad_state_content,
    r#bad_if,
    r#bad_event_separator,
    r#bad_arrow,
    r#bad_missing_on,
    r#bad_exclusive_range,
    r#bad_var_type,
    r#bad_decl_list,
    r#bad_label_first,
    r#bad_except_events,
    r#bad_ignore_cause,
    r#bad_ignore_guard,
    r#bad_error_guard,
    r#bad_ignore_effects,
    r#bad_error_effects,
}
impl Rule {
    pub fn all_rules() -> &'static [Rule] {
        &[
            Rule::r#WHITESPACE,
            Rule::r#COMMENT,
            Rule::r#line_rest,
            Rule::r#doc,
            Rule::r#keyword,
            Rule::r#ident_char,
            Rule::r#ident,
            Rule::r#string,
            Rule::r#int,
            Rule::r#kw_machine,
            Rule::r#kw_state,
            Rule::r#kw_initial,
            Rule::r#kw_final,
            Rule::r#kw_event,
            Rule::r#kw_action,
            Rule::r#kw_guard,
            Rule::r#kw_timer,
            Rule::r#kw_var,
            Rule::r#kw_ref,
            Rule::r#kw_on,
            Rule::r#kw_internal,
            Rule::r#kw_ignore,
            Rule::r#kw_in,
            Rule::r#kw_except,
            Rule::r#kw_else,
            Rule::r#kw_entry,
            Rule::r#kw_exit,
            Rule::r#kw_start,
            Rule::r#kw_stop,
            Rule::r#kw_unhandled,
            Rule::r#kw_true,
            Rule::r#kw_false,
            Rule::r#kw_bool,
            Rule::r#kw_otherwise,
            Rule::r#kw_output,
            Rule::r#kw_allow,
            Rule::r#kw_diagram,
            Rule::r#kw_direction,
            Rule::r#kw_events,
            Rule::r#kw_actions,
            Rule::r#kw_group,
            Rule::r#kw_error,
            Rule::r#kw_param,
            Rule::r#kw_running,
            Rule::r#file,
            Rule::r#machine_head,
            Rule::r#file_recover,
            Rule::r#junk,
            Rule::r#junk_token,
            Rule::r#junk_block,
            Rule::r#junk_string,
            Rule::r#item_alone,
            Rule::r#item,
            Rule::r#attribute,
            Rule::r#machine_attribute,
            Rule::r#allow_list,
            Rule::r#ref_item,
            Rule::r#unhandled_item,
            Rule::r#policy,
            Rule::r#diagram_item,
            Rule::r#diagram_setting,
            Rule::r#direction,
            Rule::r#visibility,
            Rule::r#state_decl,
            Rule::r#state_modifier,
            Rule::r#state_body,
            Rule::r#substate,
            Rule::r#state_timer,
            Rule::r#entry_clause,
            Rule::r#exit_clause,
            Rule::r#event_decl,
            Rule::r#payload,
            Rule::r#payload_type,
            Rule::r#payload_group,
            Rule::r#payload_array,
            Rule::r#action_decl,
            Rule::r#group_decl,
            Rule::r#guard_decl,
            Rule::r#timer_decl,
            Rule::r#duration,
            Rule::r#time_expr,
            Rule::r#time_term,
            Rule::r#time_power,
            Rule::r#time_atom,
            Rule::r#time_field,
            Rule::r#time_call,
            Rule::r#time_fn,
            Rule::r#sum_op,
            Rule::r#product_op,
            Rule::r#power_op,
            Rule::r#uint,
            Rule::r#time_unit,
            Rule::r#var_decl,
            Rule::r#param_decl,
            Rule::r#var_type,
            Rule::r#int_range,
            Rule::r#literal,
            Rule::r#transition,
            Rule::r#internal_item,
            Rule::r#other_events,
            Rule::r#ignore_item,
            Rule::r#ignore_events,
            Rule::r#error_item,
            Rule::r#any_event,
            Rule::r#state_set,
            Rule::r#any_state,
            Rule::r#ident_list,
            Rule::r#event_list,
            Rule::r#refs,
            Rule::r#guard_clause,
            Rule::r#expr,
            Rule::r#conj,
            Rule::r#unary,
            Rule::r#primary,
            Rule::r#running_test,
            Rule::r#comparison,
            Rule::r#operand,
            Rule::r#or_op,
            Rule::r#and_op,
            Rule::r#not_op,
            Rule::r#cmp_op,
            Rule::r#effects,
            Rule::r#effect_list,
            Rule::r#effect,
            Rule::r#timer_op,
            Rule::r#assign_op,
            Rule::r#rust_path,
            Rule::r#path_body,
            Rule::r#path_root,
            Rule::r#path_segment,
            Rule::r#generic_args,
            Rule::r#generic_arg,
            Rule::r#rust_ident,
            Rule::r#mistake,
            Rule::r#bad_params,
            Rule::r#bad_state_content,
            Rule::r#bad_if,
            Rule::r#bad_event_separator,
            Rule::r#bad_arrow,
            Rule::r#bad_missing_on,
            Rule::r#bad_exclusive_range,
            Rule::r#bad_var_type,
            Rule::r#bad_decl_list,
            Rule::r#bad_label_first,
            Rule::r#bad_except_events,
            Rule::r#bad_ignore_cause,
            Rule::r#bad_ignore_guard,
            Rule::r#bad_error_guard,
            Rule::r#bad_ignore_effects,
            Rule::r#bad_error_effects,
        ]
    }
}
#[allow(clippy::all)]
impl ::pest::Parser<Rule> for Grammar {
    fn parse<'i>(
        rule: Rule,
        input: &'i str,
    ) -> ::std::result::Result<
        ::pest::iterators::Pairs<'i, Rule>,
        ::pest::error::Error<Rule>,
    > {
        mod rules {
            #![allow(clippy::upper_case_acronyms)]
            /// The parser's state, which every step takes and gives back.
            pub type State<'i> = ::std::boxed::Box<::pest::ParserState<'i, super::Rule>>;
            /// What every rule and every step within one does: the state in, the state
            /// after the step (or the state where it failed) out.
            pub type Step = for<'i> fn(State<'i>) -> ::pest::ParseResult<State<'i>>;
            pub mod hidden {
                use super::super::Rule;
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn skip(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    if state.atomicity() == ::pest::Atomicity::NonAtomic {
                        state
                            .sequence(|state| {
                                state
                                    .repeat(|state| super::visible::WHITESPACE(state))
                                    .and_then(|state| {
                                        state
                                            .repeat(|state| {
                                                state
                                                    .sequence(|state| {
                                                        super::visible::COMMENT(state)
                                                            .and_then(|state| {
                                                                state.repeat(|state| super::visible::WHITESPACE(state))
                                                            })
                                                    })
                                            })
                                    })
                            })
                    } else {
                        Ok(state)
                    }
                }
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn skip(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    if state.atomicity() == ::pest::Atomicity::NonAtomic {
                        state
                            .sequence({
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .repeat(super::visible::WHITESPACE as super::Step)
                                        .and_then({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .repeat({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        super::visible::COMMENT(state)
                                                                            .and_then({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state.repeat(super::visible::WHITESPACE as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            })
                    } else {
                        Ok(state)
                    }
                }
            }
            pub mod visible {
                use super::super::Rule;
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#WHITESPACE(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .atomic(
                            ::pest::Atomicity::Atomic,
                            |state| {
                                state
                                    .match_range(' '..' ')
                                    .or_else(|state| { state.match_range('\t'..'\n') })
                                    .or_else(|state| { state.match_range('\r'..'\r') })
                                    .or_else(|state| {
                                        state.match_range('\u{feff}'..'\u{feff}')
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#WHITESPACE(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .atomic(
                            ::pest::Atomicity::Atomic,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .match_range(' '..' ')
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_range('\t'..'\n')
                                            }
                                            step as super::Step
                                        })
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_range('\r'..'\r')
                                            }
                                            step as super::Step
                                        })
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_range('\u{feff}'..'\u{feff}')
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#COMMENT(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .atomic(
                            ::pest::Atomicity::Atomic,
                            |state| {
                                state
                                    .sequence(|state| {
                                        state
                                            .match_string("//")
                                            .and_then(|state| {
                                                state
                                                    .match_string("//")
                                                    .or_else(|state| {
                                                        state.lookahead(false, |state| { state.match_string("/") })
                                                    })
                                            })
                                            .and_then(|state| { self::r#line_rest(state) })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#COMMENT(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .atomic(
                            ::pest::Atomicity::Atomic,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .match_string("//")
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .match_string("//")
                                                                .or_else({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .lookahead(
                                                                                false,
                                                                                {
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state.match_string("/")
                                                                                    }
                                                                                    step as super::Step
                                                                                },
                                                                            )
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(self::r#line_rest as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#line_rest(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .sequence(|state| {
                            state
                                .optional(|state| {
                                    state
                                        .match_range('\0'..'\t')
                                        .or_else(|state| {
                                            state.match_range('\u{b}'..'\u{10ffff}')
                                        })
                                        .and_then(|state| {
                                            state
                                                .repeat(|state| {
                                                    state
                                                        .sequence(|state| {
                                                            super::hidden::skip(state)
                                                                .and_then(|state| {
                                                                    state
                                                                        .match_range('\0'..'\t')
                                                                        .or_else(|state| {
                                                                            state.match_range('\u{b}'..'\u{10ffff}')
                                                                        })
                                                                })
                                                        })
                                                })
                                        })
                                })
                        })
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#line_rest(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .sequence({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state
                                    .optional({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state
                                                .match_range('\0'..'\t')
                                                .or_else({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state.match_range('\u{b}'..'\u{10ffff}')
                                                    }
                                                    step as super::Step
                                                })
                                                .and_then({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state
                                                            .repeat({
                                                                fn step(
                                                                    state: super::State<'_>,
                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                    state
                                                                        .sequence({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                super::hidden::skip(state)
                                                                                    .and_then({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .match_range('\0'..'\t')
                                                                                                .or_else({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        state.match_range('\u{b}'..'\u{10ffff}')
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                }
                                                                step as super::Step
                                                            })
                                                    }
                                                    step as super::Step
                                                })
                                        }
                                        step as super::Step
                                    })
                            }
                            step as super::Step
                        })
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#doc(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#doc,
                            |state| {
                                state
                                    .atomic(
                                        ::pest::Atomicity::Atomic,
                                        |state| {
                                            state
                                                .sequence(|state| {
                                                    state
                                                        .match_string("///")
                                                        .and_then(|state| {
                                                            state.lookahead(false, |state| { state.match_string("/") })
                                                        })
                                                        .and_then(|state| { self::r#line_rest(state) })
                                                })
                                        },
                                    )
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#doc(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#doc,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("///")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .lookahead(
                                                                                    false,
                                                                                    {
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state.match_string("/")
                                                                                        }
                                                                                        step as super::Step
                                                                                    },
                                                                                )
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then(self::r#line_rest as super::Step)
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#keyword(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#keyword,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .sequence({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .match_string("s")
                                                                                .and_then({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state
                                                                                            .match_string("tate")
                                                                                            .or_else({
                                                                                                fn step(
                                                                                                    state: super::State<'_>,
                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                    state.match_string("tart")
                                                                                                }
                                                                                                step as super::Step
                                                                                            })
                                                                                            .or_else({
                                                                                                fn step(
                                                                                                    state: super::State<'_>,
                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                    state.match_string("top")
                                                                                                }
                                                                                                step as super::Step
                                                                                            })
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .sequence({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state
                                                                                            .match_string("e")
                                                                                            .and_then({
                                                                                                fn step(
                                                                                                    state: super::State<'_>,
                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                    state
                                                                                                        .match_string("vent")
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("xcept")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("lse")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("ntry")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("xit")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                }
                                                                                                step as super::Step
                                                                                            })
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .sequence({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state
                                                                                            .match_string("i")
                                                                                            .and_then({
                                                                                                fn step(
                                                                                                    state: super::State<'_>,
                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                    state
                                                                                                        .match_string("nitial")
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("nternal")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("gnore")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("n")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                }
                                                                                                step as super::Step
                                                                                            })
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .sequence({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state
                                                                                            .match_string("o")
                                                                                            .and_then({
                                                                                                fn step(
                                                                                                    state: super::State<'_>,
                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                    state
                                                                                                        .match_string("n")
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("therwise")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("utput")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                }
                                                                                                step as super::Step
                                                                                            })
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .sequence({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state
                                                                                            .match_string("t")
                                                                                            .and_then({
                                                                                                fn step(
                                                                                                    state: super::State<'_>,
                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                    state
                                                                                                        .match_string("imer")
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("rue")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                }
                                                                                                step as super::Step
                                                                                            })
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .sequence({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state
                                                                                            .match_string("f")
                                                                                            .and_then({
                                                                                                fn step(
                                                                                                    state: super::State<'_>,
                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                    state
                                                                                                        .match_string("inal")
                                                                                                        .or_else({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state.match_string("alse")
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                }
                                                                                                step as super::Step
                                                                                            })
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("action")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("guard")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("var")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("ref")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("machine")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("unhandled")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("bool")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#ident_char(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    let state = state.check_stack_limit()?;
                    self::r#ASCII_ALPHANUMERIC(state)
                        .or_else(|state| { state.match_string("_") })
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#ident_char(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    let state = state.check_stack_limit()?;
                    self::r#ASCII_ALPHANUMERIC(state)
                        .or_else({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state.match_string("_")
                            }
                            step as super::Step
                        })
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#ident(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#ident,
                            |state| {
                                state
                                    .atomic(
                                        ::pest::Atomicity::Atomic,
                                        |state| {
                                            state
                                                .sequence(|state| {
                                                    self::r#ASCII_ALPHA_UPPER(state)
                                                        .or_else(|state| { state.match_string("_") })
                                                        .and_then(|state| {
                                                            state.repeat(|state| { self::r#ident_char(state) })
                                                        })
                                                })
                                                .or_else(|state| {
                                                    state
                                                        .sequence(|state| {
                                                            state
                                                                .lookahead(false, |state| { self::r#keyword(state) })
                                                                .and_then(|state| { self::r#ASCII_ALPHA_LOWER(state) })
                                                                .and_then(|state| {
                                                                    state.repeat(|state| { self::r#ident_char(state) })
                                                                })
                                                        })
                                                })
                                        },
                                    )
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#ident(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#ident,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                self::r#ASCII_ALPHA_UPPER(state)
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("_")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.repeat(self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                        .or_else({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .sequence({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .lookahead(false, self::r#keyword as super::Step)
                                                                                .and_then(self::r#ASCII_ALPHA_LOWER as super::Step)
                                                                                .and_then({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state.repeat(self::r#ident_char as super::Step)
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#string(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#string,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("\"")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .repeat({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state
                                                                                            .sequence({
                                                                                                fn step(
                                                                                                    state: super::State<'_>,
                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                    state
                                                                                                        .lookahead(
                                                                                                            false,
                                                                                                            {
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    state
                                                                                                                        .match_string("\"")
                                                                                                                        .or_else({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state.match_string("\\")
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                        .or_else({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state.match_string("\n")
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            },
                                                                                                        )
                                                                                                        .and_then(self::r#ANY as super::Step)
                                                                                                }
                                                                                                step as super::Step
                                                                                            })
                                                                                            .or_else({
                                                                                                fn step(
                                                                                                    state: super::State<'_>,
                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                    state
                                                                                                        .sequence({
                                                                                                            fn step(
                                                                                                                state: super::State<'_>,
                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                state
                                                                                                                    .match_string("\\")
                                                                                                                    .and_then(self::r#ANY as super::Step)
                                                                                                            }
                                                                                                            step as super::Step
                                                                                                        })
                                                                                                }
                                                                                                step as super::Step
                                                                                            })
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("\"")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#int(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#int,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .optional({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("-")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then(self::r#ASCII_DIGIT as super::Step)
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.repeat(self::r#ASCII_DIGIT as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_machine(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_machine,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("machine")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#kw_state(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_state,
                            |state| {
                                state
                                    .atomic(
                                        ::pest::Atomicity::Atomic,
                                        |state| {
                                            state
                                                .sequence(|state| {
                                                    state
                                                        .match_string("state")
                                                        .and_then(|state| {
                                                            state
                                                                .lookahead(false, |state| { self::r#ident_char(state) })
                                                        })
                                                })
                                        },
                                    )
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#kw_state(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_state,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("state")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_initial(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_initial,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("initial")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_final(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_final,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("final")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_event(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_event,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("event")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_action(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_action,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("action")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_guard(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_guard,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("guard")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_timer(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_timer,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("timer")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_var(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_var,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("var")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#kw_ref(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_ref,
                            |state| {
                                state
                                    .atomic(
                                        ::pest::Atomicity::Atomic,
                                        |state| {
                                            state
                                                .sequence(|state| {
                                                    state
                                                        .match_string("ref")
                                                        .and_then(|state| {
                                                            state
                                                                .lookahead(false, |state| { self::r#ident_char(state) })
                                                        })
                                                })
                                        },
                                    )
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#kw_ref(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_ref,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("ref")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#kw_on(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_on,
                            |state| {
                                state
                                    .atomic(
                                        ::pest::Atomicity::Atomic,
                                        |state| {
                                            state
                                                .sequence(|state| {
                                                    state
                                                        .match_string("on")
                                                        .and_then(|state| {
                                                            state
                                                                .lookahead(false, |state| { self::r#ident_char(state) })
                                                        })
                                                })
                                        },
                                    )
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#kw_on(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_on,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("on")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_internal(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_internal,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("internal")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_ignore(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_ignore,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("ignore")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_in(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_in,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("in")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_except(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_except,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("except")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_else(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_else,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("else")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_entry(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_entry,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("entry")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_exit(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_exit,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("exit")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#kw_start(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_start,
                            |state| {
                                state
                                    .atomic(
                                        ::pest::Atomicity::Atomic,
                                        |state| {
                                            state
                                                .sequence(|state| {
                                                    state
                                                        .match_string("start")
                                                        .and_then(|state| {
                                                            state
                                                                .lookahead(false, |state| { self::r#ident_char(state) })
                                                        })
                                                })
                                        },
                                    )
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#kw_start(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_start,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("start")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#kw_stop(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_stop,
                            |state| {
                                state
                                    .atomic(
                                        ::pest::Atomicity::Atomic,
                                        |state| {
                                            state
                                                .sequence(|state| {
                                                    state
                                                        .match_string("stop")
                                                        .and_then(|state| {
                                                            state
                                                                .lookahead(false, |state| { self::r#ident_char(state) })
                                                        })
                                                })
                                        },
                                    )
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#kw_stop(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_stop,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("stop")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_unhandled(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_unhandled,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("unhandled")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_true(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_true,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("true")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_false(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_false,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("false")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_bool(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_bool,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("bool")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_otherwise(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_otherwise,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("otherwise")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_output(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_output,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("output")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_allow(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_allow,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("allow")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_diagram(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_diagram,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("diagram")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_direction(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_direction,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("direction")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_events(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_events,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("events")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_actions(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_actions,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("actions")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_group(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_group,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("group")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_error(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_error,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("error")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_param(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_param,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("param")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#kw_running(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#kw_running,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("running")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#file(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#file,
                            |state| {
                                state
                                    .sequence(|state| {
                                        self::r#SOI(state)
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { self::r#machine_head(state) })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { state.match_string("{") })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                state
                                                    .sequence(|state| {
                                                        state
                                                            .optional(|state| {
                                                                self::r#item(state)
                                                                    .and_then(|state| {
                                                                        state
                                                                            .repeat(|state| {
                                                                                state
                                                                                    .sequence(|state| {
                                                                                        super::hidden::skip(state)
                                                                                            .and_then(|state| { self::r#item(state) })
                                                                                    })
                                                                            })
                                                                    })
                                                            })
                                                    })
                                            })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { state.match_string("}") })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { self::r#EOI(state) })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#file(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#file,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#SOI(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#machine_head as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("{")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#item(state)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then(self::r#item as super::Step)
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("}")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#EOI as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#machine_head(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#machine_head,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .sequence({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        self::r#doc(state)
                                                                            .and_then({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .repeat({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .sequence({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            super::hidden::skip(state)
                                                                                                                .and_then(self::r#doc as super::Step)
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#kw_machine as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#string as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#file_recover(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#file_recover,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#SOI(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#machine_head as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("{")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#item(state)
                                                                                        .or_else(self::r#junk as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    self::r#item(state).or_else(self::r#junk as super::Step)
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("}")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#EOI as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#junk(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .atomic(
                            ::pest::Atomicity::CompoundAtomic,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .rule(
                                            Rule::r#junk,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .repeat(self::r#junk_token as super::Step)
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            self::r#junk_block(state)
                                                                                .or_else({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state.match_string(";")
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                        .or_else({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .sequence({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            self::r#junk_token(state)
                                                                                .and_then({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state.repeat(self::r#junk_token as super::Step)
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#junk_token(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    let state = state.check_stack_limit()?;
                    self::r#junk_string(state)
                        .or_else({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state
                                    .sequence({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state
                                                .match_string("//")
                                                .and_then(super::hidden::skip as super::Step)
                                                .and_then(self::r#line_rest as super::Step)
                                        }
                                        step as super::Step
                                    })
                            }
                            step as super::Step
                        })
                        .or_else({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state
                                    .sequence({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state
                                                .match_range('\0'..'!')
                                                .or_else({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state.match_range('#'..'.')
                                                    }
                                                    step as super::Step
                                                })
                                                .or_else({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state.match_range('0'..':')
                                                    }
                                                    step as super::Step
                                                })
                                                .or_else({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state.match_range('<'..'z')
                                                    }
                                                    step as super::Step
                                                })
                                                .or_else({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state.match_range('|'..'|')
                                                    }
                                                    step as super::Step
                                                })
                                                .or_else({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state.match_range('~'..'\u{10ffff}')
                                                    }
                                                    step as super::Step
                                                })
                                                .and_then(super::hidden::skip as super::Step)
                                                .and_then({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state
                                                            .sequence({
                                                                fn step(
                                                                    state: super::State<'_>,
                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                    state
                                                                        .optional({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state
                                                                                    .match_range('\0'..'!')
                                                                                    .or_else({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state.match_range('#'..'.')
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                                    .or_else({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state.match_range('0'..':')
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                                    .or_else({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state.match_range('<'..'z')
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                                    .or_else({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state.match_range('|'..'|')
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                                    .or_else({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state.match_range('~'..'\u{10ffff}')
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                                    .and_then({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .repeat({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        state
                                                                                                            .sequence({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    super::hidden::skip(state)
                                                                                                                        .and_then({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state
                                                                                                                                    .match_range('\0'..'!')
                                                                                                                                    .or_else({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state.match_range('#'..'.')
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                                    .or_else({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state.match_range('0'..':')
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                                    .or_else({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state.match_range('<'..'z')
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                                    .or_else({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state.match_range('|'..'|')
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                                    .or_else({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state.match_range('~'..'\u{10ffff}')
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                }
                                                                step as super::Step
                                                            })
                                                    }
                                                    step as super::Step
                                                })
                                        }
                                        step as super::Step
                                    })
                            }
                            step as super::Step
                        })
                        .or_else({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state.match_string("/")
                            }
                            step as super::Step
                        })
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#junk_block(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .sequence({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state
                                    .match_string("{")
                                    .and_then(super::hidden::skip as super::Step)
                                    .and_then({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state
                                                .sequence({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state
                                                            .optional({
                                                                fn step(
                                                                    state: super::State<'_>,
                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                    self::r#junk_block(state)
                                                                        .or_else(self::r#junk_string as super::Step)
                                                                        .or_else({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state
                                                                                    .sequence({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .match_string("//")
                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                .and_then(self::r#line_rest as super::Step)
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                        .or_else({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state
                                                                                    .sequence({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .match_range('\0'..'!')
                                                                                                .or_else({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        state.match_range('#'..'.')
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                                .or_else({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        state.match_range('0'..'z')
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                                .or_else({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        state.match_range('|'..'|')
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                                .or_else({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        state.match_range('~'..'\u{10ffff}')
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                .and_then({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        state
                                                                                                            .sequence({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    state
                                                                                                                        .optional({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state
                                                                                                                                    .match_range('\0'..'!')
                                                                                                                                    .or_else({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state.match_range('#'..'.')
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                                    .or_else({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state.match_range('0'..'z')
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                                    .or_else({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state.match_range('|'..'|')
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                                    .or_else({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state.match_range('~'..'\u{10ffff}')
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                                    .and_then({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state
                                                                                                                                                .repeat({
                                                                                                                                                    fn step(
                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                        state
                                                                                                                                                            .sequence({
                                                                                                                                                                fn step(
                                                                                                                                                                    state: super::State<'_>,
                                                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                    super::hidden::skip(state)
                                                                                                                                                                        .and_then({
                                                                                                                                                                            fn step(
                                                                                                                                                                                state: super::State<'_>,
                                                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                state
                                                                                                                                                                                    .match_range('\0'..'!')
                                                                                                                                                                                    .or_else({
                                                                                                                                                                                        fn step(
                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                            state.match_range('#'..'.')
                                                                                                                                                                                        }
                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                    })
                                                                                                                                                                                    .or_else({
                                                                                                                                                                                        fn step(
                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                            state.match_range('0'..'z')
                                                                                                                                                                                        }
                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                    })
                                                                                                                                                                                    .or_else({
                                                                                                                                                                                        fn step(
                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                            state.match_range('|'..'|')
                                                                                                                                                                                        }
                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                    })
                                                                                                                                                                                    .or_else({
                                                                                                                                                                                        fn step(
                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                            state.match_range('~'..'\u{10ffff}')
                                                                                                                                                                                        }
                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                    })
                                                                                                                                                                            }
                                                                                                                                                                            step as super::Step
                                                                                                                                                                        })
                                                                                                                                                                }
                                                                                                                                                                step as super::Step
                                                                                                                                                            })
                                                                                                                                                    }
                                                                                                                                                    step as super::Step
                                                                                                                                                })
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                        .or_else({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state.match_string("/")
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                        .and_then({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state
                                                                                    .repeat({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .sequence({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        super::hidden::skip(state)
                                                                                                            .and_then({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    self::r#junk_block(state)
                                                                                                                        .or_else(self::r#junk_string as super::Step)
                                                                                                                        .or_else({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state
                                                                                                                                    .sequence({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state
                                                                                                                                                .match_string("//")
                                                                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                                                                .and_then(self::r#line_rest as super::Step)
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                        .or_else({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state
                                                                                                                                    .sequence({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state
                                                                                                                                                .match_range('\0'..'!')
                                                                                                                                                .or_else({
                                                                                                                                                    fn step(
                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                        state.match_range('#'..'.')
                                                                                                                                                    }
                                                                                                                                                    step as super::Step
                                                                                                                                                })
                                                                                                                                                .or_else({
                                                                                                                                                    fn step(
                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                        state.match_range('0'..'z')
                                                                                                                                                    }
                                                                                                                                                    step as super::Step
                                                                                                                                                })
                                                                                                                                                .or_else({
                                                                                                                                                    fn step(
                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                        state.match_range('|'..'|')
                                                                                                                                                    }
                                                                                                                                                    step as super::Step
                                                                                                                                                })
                                                                                                                                                .or_else({
                                                                                                                                                    fn step(
                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                        state.match_range('~'..'\u{10ffff}')
                                                                                                                                                    }
                                                                                                                                                    step as super::Step
                                                                                                                                                })
                                                                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                                                                .and_then({
                                                                                                                                                    fn step(
                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                        state
                                                                                                                                                            .sequence({
                                                                                                                                                                fn step(
                                                                                                                                                                    state: super::State<'_>,
                                                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                    state
                                                                                                                                                                        .optional({
                                                                                                                                                                            fn step(
                                                                                                                                                                                state: super::State<'_>,
                                                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                state
                                                                                                                                                                                    .match_range('\0'..'!')
                                                                                                                                                                                    .or_else({
                                                                                                                                                                                        fn step(
                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                            state.match_range('#'..'.')
                                                                                                                                                                                        }
                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                    })
                                                                                                                                                                                    .or_else({
                                                                                                                                                                                        fn step(
                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                            state.match_range('0'..'z')
                                                                                                                                                                                        }
                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                    })
                                                                                                                                                                                    .or_else({
                                                                                                                                                                                        fn step(
                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                            state.match_range('|'..'|')
                                                                                                                                                                                        }
                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                    })
                                                                                                                                                                                    .or_else({
                                                                                                                                                                                        fn step(
                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                            state.match_range('~'..'\u{10ffff}')
                                                                                                                                                                                        }
                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                    })
                                                                                                                                                                                    .and_then({
                                                                                                                                                                                        fn step(
                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                            state
                                                                                                                                                                                                .repeat({
                                                                                                                                                                                                    fn step(
                                                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                                        state
                                                                                                                                                                                                            .sequence({
                                                                                                                                                                                                                fn step(
                                                                                                                                                                                                                    state: super::State<'_>,
                                                                                                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                                                    super::hidden::skip(state)
                                                                                                                                                                                                                        .and_then({
                                                                                                                                                                                                                            fn step(
                                                                                                                                                                                                                                state: super::State<'_>,
                                                                                                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                                                                state
                                                                                                                                                                                                                                    .match_range('\0'..'!')
                                                                                                                                                                                                                                    .or_else({
                                                                                                                                                                                                                                        fn step(
                                                                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                                                                            state.match_range('#'..'.')
                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                                                                    })
                                                                                                                                                                                                                                    .or_else({
                                                                                                                                                                                                                                        fn step(
                                                                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                                                                            state.match_range('0'..'z')
                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                                                                    })
                                                                                                                                                                                                                                    .or_else({
                                                                                                                                                                                                                                        fn step(
                                                                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                                                                            state.match_range('|'..'|')
                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                                                                    })
                                                                                                                                                                                                                                    .or_else({
                                                                                                                                                                                                                                        fn step(
                                                                                                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                                                                                            state.match_range('~'..'\u{10ffff}')
                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                                                                    })
                                                                                                                                                                                                                            }
                                                                                                                                                                                                                            step as super::Step
                                                                                                                                                                                                                        })
                                                                                                                                                                                                                }
                                                                                                                                                                                                                step as super::Step
                                                                                                                                                                                                            })
                                                                                                                                                                                                    }
                                                                                                                                                                                                    step as super::Step
                                                                                                                                                                                                })
                                                                                                                                                                                        }
                                                                                                                                                                                        step as super::Step
                                                                                                                                                                                    })
                                                                                                                                                                            }
                                                                                                                                                                            step as super::Step
                                                                                                                                                                        })
                                                                                                                                                                }
                                                                                                                                                                step as super::Step
                                                                                                                                                            })
                                                                                                                                                    }
                                                                                                                                                    step as super::Step
                                                                                                                                                })
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                        .or_else({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state.match_string("/")
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                }
                                                                step as super::Step
                                                            })
                                                    }
                                                    step as super::Step
                                                })
                                        }
                                        step as super::Step
                                    })
                                    .and_then(super::hidden::skip as super::Step)
                                    .and_then({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state.match_string("}")
                                        }
                                        step as super::Step
                                    })
                            }
                            step as super::Step
                        })
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#junk_string(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .sequence({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state
                                    .match_string("\"")
                                    .and_then(super::hidden::skip as super::Step)
                                    .and_then({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state
                                                .sequence({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state
                                                            .optional({
                                                                fn step(
                                                                    state: super::State<'_>,
                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                    state
                                                                        .sequence({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state
                                                                                    .match_string("\\")
                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                    .and_then({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .match_range('\0'..'\t')
                                                                                                .or_else({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        state.match_range('\u{b}'..'\u{10ffff}')
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                        .or_else({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state.match_range('\0'..'\t')
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                        .or_else({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state.match_range('\u{b}'..'!')
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                        .or_else({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state.match_range('#'..'\u{10ffff}')
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                        .and_then({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state
                                                                                    .repeat({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .sequence({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        super::hidden::skip(state)
                                                                                                            .and_then({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    state
                                                                                                                        .sequence({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state
                                                                                                                                    .match_string("\\")
                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                    .and_then({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state
                                                                                                                                                .match_range('\0'..'\t')
                                                                                                                                                .or_else({
                                                                                                                                                    fn step(
                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                        state.match_range('\u{b}'..'\u{10ffff}')
                                                                                                                                                    }
                                                                                                                                                    step as super::Step
                                                                                                                                                })
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                        .or_else({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state.match_range('\0'..'\t')
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                        .or_else({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state.match_range('\u{b}'..'!')
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                        .or_else({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state.match_range('#'..'\u{10ffff}')
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                }
                                                                step as super::Step
                                                            })
                                                    }
                                                    step as super::Step
                                                })
                                        }
                                        step as super::Step
                                    })
                                    .and_then(super::hidden::skip as super::Step)
                                    .and_then({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state
                                                .optional({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state.match_string("\"")
                                                    }
                                                    step as super::Step
                                                })
                                        }
                                        step as super::Step
                                    })
                            }
                            step as super::Step
                        })
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#item_alone(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#item_alone,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#SOI(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#item as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#EOI as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#item(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#item,
                            |state| {
                                state
                                    .sequence(|state| {
                                        state
                                            .sequence(|state| {
                                                state
                                                    .optional(|state| {
                                                        self::r#doc(state)
                                                            .or_else(|state| { self::r#attribute(state) })
                                                            .and_then(|state| {
                                                                state
                                                                    .repeat(|state| {
                                                                        state
                                                                            .sequence(|state| {
                                                                                super::hidden::skip(state)
                                                                                    .and_then(|state| {
                                                                                        self::r#doc(state)
                                                                                            .or_else(|state| { self::r#attribute(state) })
                                                                                    })
                                                                            })
                                                                    })
                                                            })
                                                    })
                                            })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                self::r#transition(state)
                                                    .or_else(|state| { self::r#internal_item(state) })
                                                    .or_else(|state| { self::r#ignore_item(state) })
                                                    .or_else(|state| { self::r#error_item(state) })
                                                    .or_else(|state| { self::r#state_decl(state) })
                                                    .or_else(|state| { self::r#event_decl(state) })
                                                    .or_else(|state| { self::r#action_decl(state) })
                                                    .or_else(|state| { self::r#guard_decl(state) })
                                                    .or_else(|state| { self::r#timer_decl(state) })
                                                    .or_else(|state| { self::r#var_decl(state) })
                                                    .or_else(|state| { self::r#param_decl(state) })
                                                    .or_else(|state| { self::r#ref_item(state) })
                                                    .or_else(|state| { self::r#unhandled_item(state) })
                                                    .or_else(|state| { self::r#diagram_item(state) })
                                                    .or_else(|state| { self::r#group_decl(state) })
                                                    .or_else(|state| { self::r#machine_attribute(state) })
                                            })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#item(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#item,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .sequence({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        self::r#doc(state)
                                                                            .or_else(self::r#attribute as super::Step)
                                                                            .and_then({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .repeat({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .sequence({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            super::hidden::skip(state)
                                                                                                                .and_then({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        self::r#doc(state).or_else(self::r#attribute as super::Step)
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            self::r#transition(state)
                                                                .or_else(self::r#internal_item as super::Step)
                                                                .or_else(self::r#ignore_item as super::Step)
                                                                .or_else(self::r#error_item as super::Step)
                                                                .or_else(self::r#state_decl as super::Step)
                                                                .or_else(self::r#event_decl as super::Step)
                                                                .or_else(self::r#action_decl as super::Step)
                                                                .or_else(self::r#guard_decl as super::Step)
                                                                .or_else(self::r#timer_decl as super::Step)
                                                                .or_else(self::r#var_decl as super::Step)
                                                                .or_else(self::r#param_decl as super::Step)
                                                                .or_else(self::r#ref_item as super::Step)
                                                                .or_else(self::r#unhandled_item as super::Step)
                                                                .or_else(self::r#diagram_item as super::Step)
                                                                .or_else(self::r#group_decl as super::Step)
                                                                .or_else(self::r#machine_attribute as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#attribute(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#attribute,
                            |state| {
                                state
                                    .sequence(|state| {
                                        state
                                            .match_string("#")
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { state.match_string("[") })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { self::r#allow_list(state) })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { state.match_string("]") })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#attribute(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#attribute,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .match_string("#")
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("[")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#allow_list as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("]")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#machine_attribute(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#machine_attribute,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .match_string("#")
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("!")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("[")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#allow_list as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("]")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#allow_list(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#allow_list,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_allow(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("(")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .match_string(",")
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#ident as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                state
                                                                                                                                                    .match_string(",")
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#ident as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(")")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#ref_item(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#ref_item,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_ref(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#string as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#unhandled_item(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#unhandled_item,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_unhandled(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("=")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#policy as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#policy(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#policy,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("error")
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("warn")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("ignore")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#diagram_item(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#diagram_item,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_diagram(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("{")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#diagram_setting(state)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then(self::r#diagram_setting as super::Step)
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("}")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#diagram_setting(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#diagram_setting,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .sequence({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            self::r#kw_direction(state)
                                                                .and_then(super::hidden::skip as super::Step)
                                                                .and_then({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state.match_string("=")
                                                                    }
                                                                    step as super::Step
                                                                })
                                                                .and_then(super::hidden::skip as super::Step)
                                                                .and_then(self::r#direction as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .or_else({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        self::r#kw_events(state)
                                                                            .or_else(self::r#kw_actions as super::Step)
                                                                            .and_then(super::hidden::skip as super::Step)
                                                                            .and_then({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state.match_string("=")
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                            .and_then(super::hidden::skip as super::Step)
                                                                            .and_then(self::r#visibility as super::Step)
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#direction(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#direction,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("TB")
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("LR")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("BT")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("RL")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#visibility(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#visibility,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("show")
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("hide")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#state_decl(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#state_decl,
                            |state| {
                                state
                                    .sequence(|state| {
                                        state
                                            .sequence(|state| {
                                                state
                                                    .optional(|state| {
                                                        self::r#state_modifier(state)
                                                            .and_then(|state| {
                                                                state
                                                                    .repeat(|state| {
                                                                        state
                                                                            .sequence(|state| {
                                                                                super::hidden::skip(state)
                                                                                    .and_then(|state| { self::r#state_modifier(state) })
                                                                            })
                                                                    })
                                                            })
                                                    })
                                            })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { self::r#kw_state(state) })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { self::r#ident(state) })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                state.optional(|state| { self::r#string(state) })
                                            })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                self::r#state_body(state)
                                                    .or_else(|state| { state.match_string(";") })
                                            })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#state_decl(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#state_decl,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .sequence({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        self::r#state_modifier(state)
                                                                            .and_then({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .repeat({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .sequence({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            super::hidden::skip(state)
                                                                                                                .and_then(self::r#state_modifier as super::Step)
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#kw_state as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#string as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            self::r#state_body(state)
                                                                .or_else({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state.match_string(";")
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#state_modifier(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#state_modifier,
                            |state| {
                                self::r#kw_initial(state)
                                    .or_else(|state| { self::r#kw_final(state) })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#state_modifier(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#state_modifier,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    self::r#kw_initial(state)
                                        .or_else(self::r#kw_final as super::Step)
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#state_body(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#state_body,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .match_string("{")
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#entry_clause(state)
                                                                                        .or_else(self::r#exit_clause as super::Step)
                                                                                        .or_else(self::r#state_timer as super::Step)
                                                                                        .or_else(self::r#substate as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    self::r#entry_clause(state)
                                                                                                                                        .or_else(self::r#exit_clause as super::Step)
                                                                                                                                        .or_else(self::r#state_timer as super::Step)
                                                                                                                                        .or_else(self::r#substate as super::Step)
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("}")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#substate(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#substate,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .sequence({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        self::r#doc(state)
                                                                            .or_else(self::r#attribute as super::Step)
                                                                            .and_then({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .repeat({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .sequence({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            super::hidden::skip(state)
                                                                                                                .and_then({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        self::r#doc(state).or_else(self::r#attribute as super::Step)
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#state_decl as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#state_timer(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#state_timer,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_timer(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#entry_clause(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#entry_clause,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_entry(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#effect_list as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#exit_clause(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#exit_clause,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_exit(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#effect_list as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#event_decl(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#event_decl,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_event(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#payload as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#string as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#payload(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#payload,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .match_string("(")
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#payload_type as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(")")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#payload_type(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#payload_type,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .repeat({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                self::r#payload_group(state)
                                                                    .or_else(self::r#payload_array as super::Step)
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .sequence({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state
                                                                                            .lookahead(
                                                                                                false,
                                                                                                {
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        state
                                                                                                            .match_string("(")
                                                                                                            .or_else({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    state.match_string(")")
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                            .or_else({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    state.match_string("[")
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                            .or_else({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    state.match_string("]")
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                            .or_else({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    state.match_string(";")
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                            .or_else({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    state.match_string("{")
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                            .or_else({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    state.match_string("}")
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                            .or_else({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    state.match_string("\"")
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                },
                                                                                            )
                                                                                            .and_then(self::r#ANY as super::Step)
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#payload_group(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .sequence({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state
                                    .match_string("(")
                                    .and_then(super::hidden::skip as super::Step)
                                    .and_then({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state
                                                .sequence({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state
                                                            .optional({
                                                                fn step(
                                                                    state: super::State<'_>,
                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                    self::r#payload_group(state)
                                                                        .or_else(self::r#payload_array as super::Step)
                                                                        .or_else({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state
                                                                                    .sequence({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .lookahead(
                                                                                                    false,
                                                                                                    {
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .match_string("(")
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string(")")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string("[")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string("]")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string(";")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string("{")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string("}")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string("\"")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    },
                                                                                                )
                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                .and_then(self::r#ANY as super::Step)
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                        .and_then({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state
                                                                                    .repeat({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .sequence({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        super::hidden::skip(state)
                                                                                                            .and_then({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    self::r#payload_group(state)
                                                                                                                        .or_else(self::r#payload_array as super::Step)
                                                                                                                        .or_else({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state
                                                                                                                                    .sequence({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state
                                                                                                                                                .lookahead(
                                                                                                                                                    false,
                                                                                                                                                    {
                                                                                                                                                        fn step(
                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                            state
                                                                                                                                                                .match_string("(")
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string(")")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string("[")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string("]")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string(";")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string("{")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string("}")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string("\"")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                        }
                                                                                                                                                        step as super::Step
                                                                                                                                                    },
                                                                                                                                                )
                                                                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                                                                .and_then(self::r#ANY as super::Step)
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                }
                                                                step as super::Step
                                                            })
                                                    }
                                                    step as super::Step
                                                })
                                        }
                                        step as super::Step
                                    })
                                    .and_then(super::hidden::skip as super::Step)
                                    .and_then({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state.match_string(")")
                                        }
                                        step as super::Step
                                    })
                            }
                            step as super::Step
                        })
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#payload_array(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .sequence({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state
                                    .match_string("[")
                                    .and_then(super::hidden::skip as super::Step)
                                    .and_then({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state
                                                .sequence({
                                                    fn step(
                                                        state: super::State<'_>,
                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                        state
                                                            .optional({
                                                                fn step(
                                                                    state: super::State<'_>,
                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                    self::r#payload_group(state)
                                                                        .or_else(self::r#payload_array as super::Step)
                                                                        .or_else({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state
                                                                                    .sequence({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .lookahead(
                                                                                                    false,
                                                                                                    {
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .match_string("(")
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string(")")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string("[")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string("]")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string("{")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string("}")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                                .or_else({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state.match_string("\"")
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    },
                                                                                                )
                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                .and_then(self::r#ANY as super::Step)
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                        .and_then({
                                                                            fn step(
                                                                                state: super::State<'_>,
                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                state
                                                                                    .repeat({
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state
                                                                                                .sequence({
                                                                                                    fn step(
                                                                                                        state: super::State<'_>,
                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                        super::hidden::skip(state)
                                                                                                            .and_then({
                                                                                                                fn step(
                                                                                                                    state: super::State<'_>,
                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                    self::r#payload_group(state)
                                                                                                                        .or_else(self::r#payload_array as super::Step)
                                                                                                                        .or_else({
                                                                                                                            fn step(
                                                                                                                                state: super::State<'_>,
                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                state
                                                                                                                                    .sequence({
                                                                                                                                        fn step(
                                                                                                                                            state: super::State<'_>,
                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                            state
                                                                                                                                                .lookahead(
                                                                                                                                                    false,
                                                                                                                                                    {
                                                                                                                                                        fn step(
                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                            state
                                                                                                                                                                .match_string("(")
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string(")")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string("[")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string("]")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string("{")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string("}")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                                .or_else({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        state.match_string("\"")
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                        }
                                                                                                                                                        step as super::Step
                                                                                                                                                    },
                                                                                                                                                )
                                                                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                                                                .and_then(self::r#ANY as super::Step)
                                                                                                                                        }
                                                                                                                                        step as super::Step
                                                                                                                                    })
                                                                                                                            }
                                                                                                                            step as super::Step
                                                                                                                        })
                                                                                                                }
                                                                                                                step as super::Step
                                                                                                            })
                                                                                                    }
                                                                                                    step as super::Step
                                                                                                })
                                                                                        }
                                                                                        step as super::Step
                                                                                    })
                                                                            }
                                                                            step as super::Step
                                                                        })
                                                                }
                                                                step as super::Step
                                                            })
                                                    }
                                                    step as super::Step
                                                })
                                        }
                                        step as super::Step
                                    })
                                    .and_then(super::hidden::skip as super::Step)
                                    .and_then({
                                        fn step(
                                            state: super::State<'_>,
                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                            state.match_string("]")
                                        }
                                        step as super::Step
                                    })
                            }
                            step as super::Step
                        })
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#action_decl(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#action_decl,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_action(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#string as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .match_string("=")
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#timer_op as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#group_decl(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#group_decl,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_group(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#string as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("=")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#effect_list as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#guard_decl(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#guard_decl,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_guard(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#string as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#timer_decl(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#timer_decl,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_timer(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#payload as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#string as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .match_string("=")
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#duration as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#duration(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#duration,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#time_expr(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#time_unit as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#time_expr(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#time_expr,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#time_term(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                self::r#sum_op(state)
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#time_term as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                self::r#sum_op(state)
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#time_term as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#time_term(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#time_term,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#time_power(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                self::r#product_op(state)
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#time_power as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                self::r#product_op(state)
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#time_power as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#time_power(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#time_power,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#time_atom(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#power_op(state)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#time_atom as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#time_atom(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#time_atom,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .match_string("(")
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#time_expr as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(")")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                        .or_else(self::r#time_call as super::Step)
                                        .or_else(self::r#uint as super::Step)
                                        .or_else(self::r#time_field as super::Step)
                                        .or_else(self::r#ident as super::Step)
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#time_field(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#time_field,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#ident(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .match_string(".")
                                                                            .and_then(super::hidden::skip as super::Step)
                                                                            .and_then(self::r#rust_ident as super::Step)
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .match_string(".")
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#rust_ident as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                state
                                                                                                                                                    .match_string(".")
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#rust_ident as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#time_call(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#time_call,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#time_fn(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("(")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#time_expr as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(",")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#time_expr as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(")")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#time_fn(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#time_fn,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("min")
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("max")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#sum_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#sum_op,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .match_string("+")
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string("-")
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#product_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#product_op,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("*")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#power_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#power_op,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("^")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#uint(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#uint,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                self::r#ASCII_DIGIT(state)
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.repeat(self::r#ASCII_DIGIT as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#time_unit(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#time_unit,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("ms")
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("min")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("s")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("h")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#var_decl(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#var_decl,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .optional(self::r#kw_output as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#kw_var as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(":")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#var_type as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("=")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#literal as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#param_decl(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#param_decl,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_param(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(":")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#var_type as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .match_string("=")
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#literal as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#var_type(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#var_type,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    self::r#kw_bool(state)
                                        .or_else(self::r#int_range as super::Step)
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#int_range(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#int_range,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#int(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("..=")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#int as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#literal(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#literal,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    self::r#kw_true(state)
                                        .or_else(self::r#kw_false as super::Step)
                                        .or_else(self::r#int as super::Step)
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#transition(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#transition,
                            |state| {
                                state
                                    .sequence(|state| {
                                        self::r#state_set(state)
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { state.match_string("->") })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { self::r#ident(state) })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { self::r#kw_on(state) })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                self::r#other_events(state)
                                                    .or_else(|state| { self::r#event_list(state) })
                                            })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                state.optional(|state| { self::r#guard_clause(state) })
                                            })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                state.optional(|state| { self::r#effects(state) })
                                            })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                state.optional(|state| { self::r#refs(state) })
                                            })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { state.match_string(";") })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#transition(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#transition,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#state_set(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("->")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#kw_on as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            self::r#other_events(state)
                                                                .or_else(self::r#event_list as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#guard_clause as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#effects as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#refs as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#internal_item(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#internal_item,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_internal(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#state_set as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#kw_on as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            self::r#other_events(state)
                                                                .or_else(self::r#event_list as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#guard_clause as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#effects as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#refs as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#other_events(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#other_events,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#any_event(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#kw_except(state)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#event_list as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#string as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#ignore_item(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#ignore_item,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_ignore(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ignore_events as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#kw_in(state)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#state_set as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#kw_otherwise as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#refs as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#ignore_events(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#ignore_events,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    self::r#any_event(state)
                                        .or_else(self::r#event_list as super::Step)
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#error_item(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#error_item,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_error(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ignore_events as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#kw_in(state)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#state_set as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#kw_otherwise as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#string as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.optional(self::r#refs as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(";")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#any_event(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#any_event,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("*")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#state_set(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#state_set,
                            |state| {
                                state
                                    .sequence(|state| {
                                        self::r#any_state(state)
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                state
                                                    .optional(|state| {
                                                        state
                                                            .sequence(|state| {
                                                                self::r#kw_except(state)
                                                                    .and_then(|state| { super::hidden::skip(state) })
                                                                    .and_then(|state| { self::r#ident_list(state) })
                                                            })
                                                    })
                                            })
                                    })
                                    .or_else(|state| { self::r#ident_list(state) })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#state_set(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#state_set,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#any_state(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#kw_except(state)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#ident_list as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                        .or_else(self::r#ident_list as super::Step)
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#any_state(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state.rule(Rule::r#any_state, |state| { state.match_string("*") })
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#any_state(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#any_state,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("*")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#ident_list(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#ident_list,
                            |state| {
                                state
                                    .sequence(|state| {
                                        self::r#ident(state)
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                state
                                                    .sequence(|state| {
                                                        state
                                                            .optional(|state| {
                                                                state
                                                                    .sequence(|state| {
                                                                        state
                                                                            .match_string(",")
                                                                            .and_then(|state| { super::hidden::skip(state) })
                                                                            .and_then(|state| { self::r#ident(state) })
                                                                    })
                                                                    .and_then(|state| {
                                                                        state
                                                                            .repeat(|state| {
                                                                                state
                                                                                    .sequence(|state| {
                                                                                        super::hidden::skip(state)
                                                                                            .and_then(|state| {
                                                                                                state
                                                                                                    .sequence(|state| {
                                                                                                        state
                                                                                                            .match_string(",")
                                                                                                            .and_then(|state| { super::hidden::skip(state) })
                                                                                                            .and_then(|state| { self::r#ident(state) })
                                                                                                    })
                                                                                            })
                                                                                    })
                                                                            })
                                                                    })
                                                            })
                                                    })
                                            })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#ident_list(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#ident_list,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#ident(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .match_string(",")
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#ident as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                state
                                                                                                                                                    .match_string(",")
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#ident as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#event_list(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#event_list,
                            |state| {
                                state
                                    .sequence(|state| {
                                        self::r#ident(state)
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                state
                                                    .sequence(|state| {
                                                        state
                                                            .optional(|state| {
                                                                state
                                                                    .sequence(|state| {
                                                                        state
                                                                            .match_string(",")
                                                                            .and_then(|state| { super::hidden::skip(state) })
                                                                            .and_then(|state| { self::r#ident(state) })
                                                                    })
                                                                    .and_then(|state| {
                                                                        state
                                                                            .repeat(|state| {
                                                                                state
                                                                                    .sequence(|state| {
                                                                                        super::hidden::skip(state)
                                                                                            .and_then(|state| {
                                                                                                state
                                                                                                    .sequence(|state| {
                                                                                                        state
                                                                                                            .match_string(",")
                                                                                                            .and_then(|state| { super::hidden::skip(state) })
                                                                                                            .and_then(|state| { self::r#ident(state) })
                                                                                                    })
                                                                                            })
                                                                                    })
                                                                            })
                                                                    })
                                                            })
                                                    })
                                            })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#event_list(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#event_list,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#ident(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .match_string(",")
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#ident as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                state
                                                                                                                                                    .match_string(",")
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#ident as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#refs(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#refs,
                            |state| {
                                state
                                    .sequence(|state| {
                                        state
                                            .sequence(|state| {
                                                self::r#kw_ref(state)
                                                    .and_then(|state| { super::hidden::skip(state) })
                                                    .and_then(|state| { self::r#string(state) })
                                            })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                state
                                                    .sequence(|state| {
                                                        state
                                                            .optional(|state| {
                                                                state
                                                                    .sequence(|state| {
                                                                        self::r#kw_ref(state)
                                                                            .and_then(|state| { super::hidden::skip(state) })
                                                                            .and_then(|state| { self::r#string(state) })
                                                                    })
                                                                    .and_then(|state| {
                                                                        state
                                                                            .repeat(|state| {
                                                                                state
                                                                                    .sequence(|state| {
                                                                                        super::hidden::skip(state)
                                                                                            .and_then(|state| {
                                                                                                state
                                                                                                    .sequence(|state| {
                                                                                                        self::r#kw_ref(state)
                                                                                                            .and_then(|state| { super::hidden::skip(state) })
                                                                                                            .and_then(|state| { self::r#string(state) })
                                                                                                    })
                                                                                            })
                                                                                    })
                                                                            })
                                                                    })
                                                            })
                                                    })
                                            })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#refs(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#refs,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .sequence({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            self::r#kw_ref(state)
                                                                .and_then(super::hidden::skip as super::Step)
                                                                .and_then(self::r#string as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                self::r#kw_ref(state)
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#string as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                self::r#kw_ref(state)
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#string as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#guard_clause(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#guard_clause,
                            |state| {
                                state
                                    .sequence(|state| {
                                        state
                                            .match_string("[")
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                self::r#kw_else(state)
                                                    .or_else(|state| { self::r#expr(state) })
                                            })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { state.match_string("]") })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#guard_clause(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#guard_clause,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .match_string("[")
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            self::r#kw_else(state).or_else(self::r#expr as super::Step)
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("]")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#expr(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#expr,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#conj(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                self::r#or_op(state)
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#conj as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                self::r#or_op(state)
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#conj as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#conj(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#conj,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#unary(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                self::r#and_op(state)
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#unary as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                self::r#and_op(state)
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#unary as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#unary(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#unary,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .sequence({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        self::r#not_op(state)
                                                                            .and_then({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .repeat({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .sequence({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            super::hidden::skip(state)
                                                                                                                .and_then(self::r#not_op as super::Step)
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#primary as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#primary(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#primary,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .match_string("(")
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#expr as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(")")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                        .or_else(self::r#comparison as super::Step)
                                        .or_else(self::r#kw_true as super::Step)
                                        .or_else(self::r#kw_false as super::Step)
                                        .or_else(self::r#running_test as super::Step)
                                        .or_else(self::r#ident as super::Step)
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#running_test(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#running_test,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_running(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#comparison(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#comparison,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#operand(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#cmp_op as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#operand as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#operand(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#operand,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    self::r#int(state).or_else(self::r#ident as super::Step)
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#or_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#or_op,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("||")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#and_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#and_op,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("&&")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#not_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#not_op,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("!")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#cmp_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#cmp_op,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .match_string("==")
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string("!=")
                                            }
                                            step as super::Step
                                        })
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string("<=")
                                            }
                                            step as super::Step
                                        })
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string(">=")
                                            }
                                            step as super::Step
                                        })
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string("<")
                                            }
                                            step as super::Step
                                        })
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string(">")
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#effects(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#effects,
                            |state| {
                                state
                                    .sequence(|state| {
                                        state
                                            .lookahead(false, |state| { state.match_string("///") })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { state.match_string("/") })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { self::r#effect_list(state) })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#effects(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#effects,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .lookahead(
                                                        false,
                                                        {
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state.match_string("///")
                                                            }
                                                            step as super::Step
                                                        },
                                                    )
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("/")
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#effect_list as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#effect_list(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#effect_list,
                            |state| {
                                state
                                    .sequence(|state| {
                                        self::r#effect(state)
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| {
                                                state
                                                    .sequence(|state| {
                                                        state
                                                            .optional(|state| {
                                                                state
                                                                    .sequence(|state| {
                                                                        state
                                                                            .match_string(",")
                                                                            .and_then(|state| { super::hidden::skip(state) })
                                                                            .and_then(|state| { self::r#effect(state) })
                                                                    })
                                                                    .and_then(|state| {
                                                                        state
                                                                            .repeat(|state| {
                                                                                state
                                                                                    .sequence(|state| {
                                                                                        super::hidden::skip(state)
                                                                                            .and_then(|state| {
                                                                                                state
                                                                                                    .sequence(|state| {
                                                                                                        state
                                                                                                            .match_string(",")
                                                                                                            .and_then(|state| { super::hidden::skip(state) })
                                                                                                            .and_then(|state| { self::r#effect(state) })
                                                                                                    })
                                                                                            })
                                                                                    })
                                                                            })
                                                                    })
                                                            })
                                                    })
                                            })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#effect_list(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#effect_list,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#effect(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .match_string(",")
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#effect as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                state
                                                                                                                                                    .match_string(",")
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#effect as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#effect(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#effect,
                            |state| {
                                self::r#timer_op(state)
                                    .or_else(|state| {
                                        state
                                            .sequence(|state| {
                                                self::r#ident(state)
                                                    .and_then(|state| { super::hidden::skip(state) })
                                                    .and_then(|state| {
                                                        state
                                                            .optional(|state| {
                                                                state
                                                                    .sequence(|state| {
                                                                        self::r#assign_op(state)
                                                                            .and_then(|state| { super::hidden::skip(state) })
                                                                            .and_then(|state| { self::r#literal(state) })
                                                                    })
                                                            })
                                                    })
                                            })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#effect(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#effect,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    self::r#timer_op(state)
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .sequence({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            self::r#ident(state)
                                                                .and_then(super::hidden::skip as super::Step)
                                                                .and_then({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                self::r#assign_op(state)
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#literal as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#timer_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#timer_op,
                            |state| {
                                state
                                    .sequence(|state| {
                                        self::r#kw_start(state)
                                            .or_else(|state| { self::r#kw_stop(state) })
                                            .and_then(|state| { super::hidden::skip(state) })
                                            .and_then(|state| { self::r#ident(state) })
                                    })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#timer_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#timer_op,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#kw_start(state)
                                                    .or_else(self::r#kw_stop as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#ident as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn r#assign_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#assign_op,
                            |state| {
                                state
                                    .match_string("+=")
                                    .or_else(|state| { state.match_string("-=") })
                                    .or_else(|state| { state.match_string("=") })
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn r#assign_op(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#assign_op,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .match_string("+=")
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string("-=")
                                            }
                                            step as super::Step
                                        })
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string("=")
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#rust_path(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#rust_path,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#SOI(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#path_body as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#EOI as super::Step)
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#path_body(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#path_body,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .optional(self::r#path_root as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#path_segment as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .match_string("::")
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#path_segment as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                state
                                                                                                                                                    .match_string("::")
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#path_segment as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#path_root(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#path_root,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("::")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#path_segment(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#path_segment,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#rust_ident(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .optional({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state.match_string("::")
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#generic_args as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#generic_args(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#generic_args,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .match_string("<")
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then(self::r#generic_arg as super::Step)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .match_string(",")
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#generic_arg as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                state
                                                                                                                                                    .match_string(",")
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#generic_arg as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .optional({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state.match_string(",")
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string(">")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#generic_arg(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#generic_arg,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    self::r#path_body(state)
                                        .or_else(self::r#uint as super::Step)
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#rust_ident(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#rust_ident,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                self::r#ASCII_ALPHA(state)
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("_")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.repeat(self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#mistake(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#mistake,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                self::r#SOI(state)
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .optional({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#doc(state)
                                                                                        .or_else(self::r#attribute as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .repeat({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        super::hidden::skip(state)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    self::r#doc(state).or_else(self::r#attribute as super::Step)
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state
                                                                .sequence({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        self::r#kw_event(state)
                                                                            .and_then(super::hidden::skip as super::Step)
                                                                            .and_then(self::r#ident as super::Step)
                                                                            .and_then(super::hidden::skip as super::Step)
                                                                            .and_then(self::r#string as super::Step)
                                                                            .and_then(super::hidden::skip as super::Step)
                                                                            .and_then(self::r#bad_params as super::Step)
                                                                    }
                                                                    step as super::Step
                                                                })
                                                                .or_else({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .optional({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            self::r#state_modifier(state)
                                                                                                                .and_then({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state
                                                                                                                            .repeat({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                super::hidden::skip(state)
                                                                                                                                                    .and_then(self::r#state_modifier as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#kw_state as super::Step)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#ident as super::Step)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state.optional(self::r#string as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state.match_string("{")
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .sequence({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .optional({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        self::r#entry_clause(state)
                                                                                                                            .or_else(self::r#exit_clause as super::Step)
                                                                                                                            .or_else(self::r#state_timer as super::Step)
                                                                                                                            .or_else(self::r#substate as super::Step)
                                                                                                                            .and_then({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .repeat({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                state
                                                                                                                                                    .sequence({
                                                                                                                                                        fn step(
                                                                                                                                                            state: super::State<'_>,
                                                                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                            super::hidden::skip(state)
                                                                                                                                                                .and_then({
                                                                                                                                                                    fn step(
                                                                                                                                                                        state: super::State<'_>,
                                                                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                                        self::r#entry_clause(state)
                                                                                                                                                                            .or_else(self::r#exit_clause as super::Step)
                                                                                                                                                                            .or_else(self::r#state_timer as super::Step)
                                                                                                                                                                            .or_else(self::r#substate as super::Step)
                                                                                                                                                                    }
                                                                                                                                                                    step as super::Step
                                                                                                                                                                })
                                                                                                                                                        }
                                                                                                                                                        step as super::Step
                                                                                                                                                    })
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#bad_state_content as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                                .or_else({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    state
                                                                                        .sequence({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                self::r#state_set(state)
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state.match_string("->")
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                    .and_then(self::r#ident as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .or_else({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .sequence({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            self::r#kw_internal(state)
                                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                                .and_then(self::r#state_set as super::Step)
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .sequence({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            self::r#kw_on(state)
                                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                                .and_then({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        state
                                                                                                                            .sequence({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    self::r#event_list(state)
                                                                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                                                                        .and_then({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                self::r#bad_if(state)
                                                                                                                                                    .or_else(self::r#bad_event_separator as super::Step)
                                                                                                                                                    .or_else(self::r#bad_except_events as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                            .or_else({
                                                                                                                                fn step(
                                                                                                                                    state: super::State<'_>,
                                                                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                    state
                                                                                                                                        .sequence({
                                                                                                                                            fn step(
                                                                                                                                                state: super::State<'_>,
                                                                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                                                self::r#any_event(state)
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#string as super::Step)
                                                                                                                                                    .and_then(super::hidden::skip as super::Step)
                                                                                                                                                    .and_then(self::r#bad_label_first as super::Step)
                                                                                                                                            }
                                                                                                                                            step as super::Step
                                                                                                                                        })
                                                                                                                                }
                                                                                                                                step as super::Step
                                                                                                                            })
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                                    .or_else(self::r#bad_missing_on as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                                .or_else({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#kw_ignore(state)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#ignore_events as super::Step)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .optional({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        self::r#kw_in(state)
                                                                                                                            .and_then(super::hidden::skip as super::Step)
                                                                                                                            .and_then(self::r#state_set as super::Step)
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state.optional(self::r#kw_otherwise as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                self::r#bad_ignore_cause(state)
                                                                                                    .or_else(self::r#bad_ignore_guard as super::Step)
                                                                                                    .or_else(self::r#bad_ignore_effects as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                                .or_else({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#kw_error(state)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#ignore_events as super::Step)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .optional({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            state
                                                                                                                .sequence({
                                                                                                                    fn step(
                                                                                                                        state: super::State<'_>,
                                                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                                        self::r#kw_in(state)
                                                                                                                            .and_then(super::hidden::skip as super::Step)
                                                                                                                            .and_then(self::r#state_set as super::Step)
                                                                                                                    }
                                                                                                                    step as super::Step
                                                                                                                })
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state.optional(self::r#kw_otherwise as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state.optional(self::r#string as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                self::r#bad_error_guard(state)
                                                                                                    .or_else(self::r#bad_error_effects as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                                .or_else({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#state_set(state)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#bad_arrow as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                                .or_else({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#kw_var(state)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#ident as super::Step)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state.match_string(":")
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state
                                                                                                    .sequence({
                                                                                                        fn step(
                                                                                                            state: super::State<'_>,
                                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                            self::r#int(state)
                                                                                                                .and_then(super::hidden::skip as super::Step)
                                                                                                                .and_then(self::r#bad_exclusive_range as super::Step)
                                                                                                        }
                                                                                                        step as super::Step
                                                                                                    })
                                                                                                    .or_else(self::r#bad_var_type as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                                .or_else({
                                                                    fn step(
                                                                        state: super::State<'_>,
                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                        state
                                                                            .sequence({
                                                                                fn step(
                                                                                    state: super::State<'_>,
                                                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                    self::r#kw_event(state)
                                                                                        .or_else(self::r#kw_state as super::Step)
                                                                                        .or_else(self::r#kw_guard as super::Step)
                                                                                        .or_else(self::r#kw_timer as super::Step)
                                                                                        .or_else(self::r#kw_action as super::Step)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#ident as super::Step)
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then({
                                                                                            fn step(
                                                                                                state: super::State<'_>,
                                                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                                state.optional(self::r#string as super::Step)
                                                                                            }
                                                                                            step as super::Step
                                                                                        })
                                                                                        .and_then(super::hidden::skip as super::Step)
                                                                                        .and_then(self::r#bad_decl_list as super::Step)
                                                                                }
                                                                                step as super::Step
                                                                            })
                                                                    }
                                                                    step as super::Step
                                                                })
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_params(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_params,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("(")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_state_content(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_state_content,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    self::r#kw_on(state)
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string("->")
                                            }
                                            step as super::Step
                                        })
                                        .or_else(self::r#ident as super::Step)
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_if(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_if,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("if")
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("when")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .or_else({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.match_string("where")
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state.lookahead(false, self::r#ident_char as super::Step)
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_event_separator(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_event_separator,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .match_string("||")
                                                        .or_else({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state.match_string("|")
                                                            }
                                                            step as super::Step
                                                        })
                                                        .or_else({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .sequence({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .match_string("or")
                                                                                .and_then({
                                                                                    fn step(
                                                                                        state: super::State<'_>,
                                                                                    ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                        state.lookahead(false, self::r#ident_char as super::Step)
                                                                                    }
                                                                                    step as super::Step
                                                                                })
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_arrow(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_arrow,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .match_string("=>")
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string("-->")
                                            }
                                            step as super::Step
                                        })
                                        .or_else({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state.match_string("→")
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_missing_on(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state.rule(Rule::r#bad_missing_on, self::r#ident as super::Step)
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_exclusive_range(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_exclusive_range,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .atomic(
                                            ::pest::Atomicity::Atomic,
                                            {
                                                fn step(
                                                    state: super::State<'_>,
                                                ) -> ::pest::ParseResult<super::State<'_>> {
                                                    state
                                                        .sequence({
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state
                                                                    .match_string("..")
                                                                    .and_then({
                                                                        fn step(
                                                                            state: super::State<'_>,
                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                            state
                                                                                .lookahead(
                                                                                    false,
                                                                                    {
                                                                                        fn step(
                                                                                            state: super::State<'_>,
                                                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                                                            state.match_string("=")
                                                                                        }
                                                                                        step as super::Step
                                                                                    },
                                                                                )
                                                                        }
                                                                        step as super::Step
                                                                    })
                                                            }
                                                            step as super::Step
                                                        })
                                                }
                                                step as super::Step
                                            },
                                        )
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_var_type(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state.rule(Rule::r#bad_var_type, self::r#ident as super::Step)
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_decl_list(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_decl_list,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string(",")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_label_first(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state.rule(Rule::r#bad_label_first, self::r#kw_except as super::Step)
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_except_events(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_except_events,
                            self::r#kw_except as super::Step,
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_ignore_cause(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state.rule(Rule::r#bad_ignore_cause, self::r#string as super::Step)
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_ignore_guard(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_ignore_guard,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("[")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_error_guard(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_error_guard,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.match_string("[")
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_ignore_effects(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_ignore_effects,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .lookahead(
                                                        false,
                                                        {
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state.match_string("///")
                                                            }
                                                            step as super::Step
                                                        },
                                                    )
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("/")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(non_snake_case, unused_variables)]
                pub fn r#bad_error_effects(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::r#bad_error_effects,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state
                                        .sequence({
                                            fn step(
                                                state: super::State<'_>,
                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                state
                                                    .lookahead(
                                                        false,
                                                        {
                                                            fn step(
                                                                state: super::State<'_>,
                                                            ) -> ::pest::ParseResult<super::State<'_>> {
                                                                state.match_string("///")
                                                            }
                                                            step as super::Step
                                                        },
                                                    )
                                                    .and_then(super::hidden::skip as super::Step)
                                                    .and_then({
                                                        fn step(
                                                            state: super::State<'_>,
                                                        ) -> ::pest::ParseResult<super::State<'_>> {
                                                            state.match_string("/")
                                                        }
                                                        step as super::Step
                                                    })
                                            }
                                            step as super::Step
                                        })
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                pub fn ANY(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state.skip(1)
                }
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                pub fn EOI(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .rule(
                            Rule::EOI,
                            {
                                fn step(
                                    state: super::State<'_>,
                                ) -> ::pest::ParseResult<super::State<'_>> {
                                    state.end_of_input()
                                }
                                step as super::Step
                            },
                        )
                }
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                pub fn SOI(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state.start_of_input()
                }
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                pub fn ASCII_DIGIT(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state.match_range('0'..'9')
                }
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                pub fn ASCII_ALPHA_LOWER(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state.match_range('a'..'z')
                }
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                pub fn ASCII_ALPHA_UPPER(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state.match_range('A'..'Z')
                }
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                pub fn ASCII_ALPHA(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .match_range('a'..'z')
                        .or_else({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state.match_range('A'..'Z')
                            }
                            step as super::Step
                        })
                }
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                #[cfg(feature = "fast-parse")]
                pub fn ASCII_ALPHANUMERIC(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .match_range('a'..'z')
                        .or_else(|state| state.match_range('A'..'Z'))
                        .or_else(|state| state.match_range('0'..'9'))
                }
                #[inline]
                #[allow(dead_code, non_snake_case, unused_variables)]
                #[cfg(not(feature = "fast-parse"))]
                pub fn ASCII_ALPHANUMERIC(
                    state: ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                ) -> ::pest::ParseResult<
                    ::std::boxed::Box<::pest::ParserState<'_, Rule>>,
                > {
                    state
                        .match_range('a'..'z')
                        .or_else({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state.match_range('A'..'Z')
                            }
                            step as super::Step
                        })
                        .or_else({
                            fn step(
                                state: super::State<'_>,
                            ) -> ::pest::ParseResult<super::State<'_>> {
                                state.match_range('0'..'9')
                            }
                            step as super::Step
                        })
                }
            }
            pub use self::visible::*;
        }
        ::pest::state(
            input,
            |state| {
                match rule {
                    Rule::r#WHITESPACE => rules::r#WHITESPACE(state),
                    Rule::r#COMMENT => rules::r#COMMENT(state),
                    Rule::r#line_rest => rules::r#line_rest(state),
                    Rule::r#doc => rules::r#doc(state),
                    Rule::r#keyword => rules::r#keyword(state),
                    Rule::r#ident_char => rules::r#ident_char(state),
                    Rule::r#ident => rules::r#ident(state),
                    Rule::r#string => rules::r#string(state),
                    Rule::r#int => rules::r#int(state),
                    Rule::r#kw_machine => rules::r#kw_machine(state),
                    Rule::r#kw_state => rules::r#kw_state(state),
                    Rule::r#kw_initial => rules::r#kw_initial(state),
                    Rule::r#kw_final => rules::r#kw_final(state),
                    Rule::r#kw_event => rules::r#kw_event(state),
                    Rule::r#kw_action => rules::r#kw_action(state),
                    Rule::r#kw_guard => rules::r#kw_guard(state),
                    Rule::r#kw_timer => rules::r#kw_timer(state),
                    Rule::r#kw_var => rules::r#kw_var(state),
                    Rule::r#kw_ref => rules::r#kw_ref(state),
                    Rule::r#kw_on => rules::r#kw_on(state),
                    Rule::r#kw_internal => rules::r#kw_internal(state),
                    Rule::r#kw_ignore => rules::r#kw_ignore(state),
                    Rule::r#kw_in => rules::r#kw_in(state),
                    Rule::r#kw_except => rules::r#kw_except(state),
                    Rule::r#kw_else => rules::r#kw_else(state),
                    Rule::r#kw_entry => rules::r#kw_entry(state),
                    Rule::r#kw_exit => rules::r#kw_exit(state),
                    Rule::r#kw_start => rules::r#kw_start(state),
                    Rule::r#kw_stop => rules::r#kw_stop(state),
                    Rule::r#kw_unhandled => rules::r#kw_unhandled(state),
                    Rule::r#kw_true => rules::r#kw_true(state),
                    Rule::r#kw_false => rules::r#kw_false(state),
                    Rule::r#kw_bool => rules::r#kw_bool(state),
                    Rule::r#kw_otherwise => rules::r#kw_otherwise(state),
                    Rule::r#kw_output => rules::r#kw_output(state),
                    Rule::r#kw_allow => rules::r#kw_allow(state),
                    Rule::r#kw_diagram => rules::r#kw_diagram(state),
                    Rule::r#kw_direction => rules::r#kw_direction(state),
                    Rule::r#kw_events => rules::r#kw_events(state),
                    Rule::r#kw_actions => rules::r#kw_actions(state),
                    Rule::r#kw_group => rules::r#kw_group(state),
                    Rule::r#kw_error => rules::r#kw_error(state),
                    Rule::r#kw_param => rules::r#kw_param(state),
                    Rule::r#kw_running => rules::r#kw_running(state),
                    Rule::r#file => rules::r#file(state),
                    Rule::r#machine_head => rules::r#machine_head(state),
                    Rule::r#file_recover => rules::r#file_recover(state),
                    Rule::r#junk => rules::r#junk(state),
                    Rule::r#junk_token => rules::r#junk_token(state),
                    Rule::r#junk_block => rules::r#junk_block(state),
                    Rule::r#junk_string => rules::r#junk_string(state),
                    Rule::r#item_alone => rules::r#item_alone(state),
                    Rule::r#item => rules::r#item(state),
                    Rule::r#attribute => rules::r#attribute(state),
                    Rule::r#machine_attribute => rules::r#machine_attribute(state),
                    Rule::r#allow_list => rules::r#allow_list(state),
                    Rule::r#ref_item => rules::r#ref_item(state),
                    Rule::r#unhandled_item => rules::r#unhandled_item(state),
                    Rule::r#policy => rules::r#policy(state),
                    Rule::r#diagram_item => rules::r#diagram_item(state),
                    Rule::r#diagram_setting => rules::r#diagram_setting(state),
                    Rule::r#direction => rules::r#direction(state),
                    Rule::r#visibility => rules::r#visibility(state),
                    Rule::r#state_decl => rules::r#state_decl(state),
                    Rule::r#state_modifier => rules::r#state_modifier(state),
                    Rule::r#state_body => rules::r#state_body(state),
                    Rule::r#substate => rules::r#substate(state),
                    Rule::r#state_timer => rules::r#state_timer(state),
                    Rule::r#entry_clause => rules::r#entry_clause(state),
                    Rule::r#exit_clause => rules::r#exit_clause(state),
                    Rule::r#event_decl => rules::r#event_decl(state),
                    Rule::r#payload => rules::r#payload(state),
                    Rule::r#payload_type => rules::r#payload_type(state),
                    Rule::r#payload_group => rules::r#payload_group(state),
                    Rule::r#payload_array => rules::r#payload_array(state),
                    Rule::r#action_decl => rules::r#action_decl(state),
                    Rule::r#group_decl => rules::r#group_decl(state),
                    Rule::r#guard_decl => rules::r#guard_decl(state),
                    Rule::r#timer_decl => rules::r#timer_decl(state),
                    Rule::r#duration => rules::r#duration(state),
                    Rule::r#time_expr => rules::r#time_expr(state),
                    Rule::r#time_term => rules::r#time_term(state),
                    Rule::r#time_power => rules::r#time_power(state),
                    Rule::r#time_atom => rules::r#time_atom(state),
                    Rule::r#time_field => rules::r#time_field(state),
                    Rule::r#time_call => rules::r#time_call(state),
                    Rule::r#time_fn => rules::r#time_fn(state),
                    Rule::r#sum_op => rules::r#sum_op(state),
                    Rule::r#product_op => rules::r#product_op(state),
                    Rule::r#power_op => rules::r#power_op(state),
                    Rule::r#uint => rules::r#uint(state),
                    Rule::r#time_unit => rules::r#time_unit(state),
                    Rule::r#var_decl => rules::r#var_decl(state),
                    Rule::r#param_decl => rules::r#param_decl(state),
                    Rule::r#var_type => rules::r#var_type(state),
                    Rule::r#int_range => rules::r#int_range(state),
                    Rule::r#literal => rules::r#literal(state),
                    Rule::r#transition => rules::r#transition(state),
                    Rule::r#internal_item => rules::r#internal_item(state),
                    Rule::r#other_events => rules::r#other_events(state),
                    Rule::r#ignore_item => rules::r#ignore_item(state),
                    Rule::r#ignore_events => rules::r#ignore_events(state),
                    Rule::r#error_item => rules::r#error_item(state),
                    Rule::r#any_event => rules::r#any_event(state),
                    Rule::r#state_set => rules::r#state_set(state),
                    Rule::r#any_state => rules::r#any_state(state),
                    Rule::r#ident_list => rules::r#ident_list(state),
                    Rule::r#event_list => rules::r#event_list(state),
                    Rule::r#refs => rules::r#refs(state),
                    Rule::r#guard_clause => rules::r#guard_clause(state),
                    Rule::r#expr => rules::r#expr(state),
                    Rule::r#conj => rules::r#conj(state),
                    Rule::r#unary => rules::r#unary(state),
                    Rule::r#primary => rules::r#primary(state),
                    Rule::r#running_test => rules::r#running_test(state),
                    Rule::r#comparison => rules::r#comparison(state),
                    Rule::r#operand => rules::r#operand(state),
                    Rule::r#or_op => rules::r#or_op(state),
                    Rule::r#and_op => rules::r#and_op(state),
                    Rule::r#not_op => rules::r#not_op(state),
                    Rule::r#cmp_op => rules::r#cmp_op(state),
                    Rule::r#effects => rules::r#effects(state),
                    Rule::r#effect_list => rules::r#effect_list(state),
                    Rule::r#effect => rules::r#effect(state),
                    Rule::r#timer_op => rules::r#timer_op(state),
                    Rule::r#assign_op => rules::r#assign_op(state),
                    Rule::r#rust_path => rules::r#rust_path(state),
                    Rule::r#path_body => rules::r#path_body(state),
                    Rule::r#path_root => rules::r#path_root(state),
                    Rule::r#path_segment => rules::r#path_segment(state),
                    Rule::r#generic_args => rules::r#generic_args(state),
                    Rule::r#generic_arg => rules::r#generic_arg(state),
                    Rule::r#rust_ident => rules::r#rust_ident(state),
                    Rule::r#mistake => rules::r#mistake(state),
                    Rule::r#bad_params => rules::r#bad_params(state),
                    Rule::r#bad_state_content => rules::r#bad_state_content(state),
                    Rule::r#bad_if => rules::r#bad_if(state),
                    Rule::r#bad_event_separator => rules::r#bad_event_separator(state),
                    Rule::r#bad_arrow => rules::r#bad_arrow(state),
                    Rule::r#bad_missing_on => rules::r#bad_missing_on(state),
                    Rule::r#bad_exclusive_range => rules::r#bad_exclusive_range(state),
                    Rule::r#bad_var_type => rules::r#bad_var_type(state),
                    Rule::r#bad_decl_list => rules::r#bad_decl_list(state),
                    Rule::r#bad_label_first => rules::r#bad_label_first(state),
                    Rule::r#bad_except_events => rules::r#bad_except_events(state),
                    Rule::r#bad_ignore_cause => rules::r#bad_ignore_cause(state),
                    Rule::r#bad_ignore_guard => rules::r#bad_ignore_guard(state),
                    Rule::r#bad_error_guard => rules::r#bad_error_guard(state),
                    Rule::r#bad_ignore_effects => rules::r#bad_ignore_effects(state),
                    Rule::r#bad_error_effects => rules::r#bad_error_effects(state),
                    Rule::EOI => rules::EOI(state),
                }
            },
        )
    }
}
