/**
 * @file The state machine DSL of rfc-fsm: one `machine` per file, transcribed from an RFC.
 * @license MIT OR Apache-2.0
 *
 * Written from fsm-dsl/src/syntax/fsm.pest, the grammar of record; fsm-cli/tests/it/editors/ keeps
 * the two in step (the keywords, the item forms, and every spec of the repository). Node names
 * use the statechart terms of the book: state, superstate (a state with substates), event,
 * guard, action, entry, exit, internal transition.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

// `syntax::KEYWORDS`: never a name, wherever a name may stand.
const KEYWORDS = [
  'machine', 'state', 'initial', 'final', 'event', 'action', 'guard', 'timer', 'var', 'ref',
  'on', 'internal', 'ignore', 'in', 'except', 'else', 'entry', 'exit', 'start', 'stop',
  'unhandled', 'true', 'false', 'bool', 'otherwise', 'output',
];

const PREC = {
  or: 1,
  and: 2,
  not: 3,
};

/**
 * One or more `rule`, separated by commas.
 * @param {RuleOrLiteral} rule
 */
function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}

module.exports = grammar({
  name: 'fsm',

  // A byte order mark is white space too, as in fsm.pest.
  extras: $ => [/[\s\uFEFF]/, $.comment],

  // `//` starts a comment, `///` a doc comment, `////` a comment again: src/scanner.c reads
  // them, because a lexer without lookahead reads `///` where a doc comment cannot stand as a
  // comment `//` and a `/`, and `A -> B on E ///` then took the next line as effects. It reads
  // a string's text too, where `//` is no comment. It never returns `_in_payload`: valid only
  // inside an event's data type, it tells the scanner that a `///` there is read as a comment
  // (pest reads the type's text whole). `_error_sentinel`, in no rule, is valid only while the
  // parser recovers from an error, when every token is.
  externals: $ => [$.comment, $.doc_comment, $.string_content, $._in_payload, $._error_sentinel],

  word: $ => $.identifier,

  reserved: {
    global: _ => KEYWORDS,
    // The data type of an event is Rust's path, where `state` or `in` may be a segment.
    payload: _ => [],
  },

  rules: {
    source_file: $ => $.machine,

    machine: $ => seq(
      repeat($.doc_comment),
      'machine',
      field('name', $.identifier),
      optional(field('label', $.string)),
      field('body', $.machine_body),
    ),

    machine_body: $ => seq('{', repeat($._item), '}'),

    // Doc comments and attributes stand before the item they belong to.
    _item: $ => seq(
      repeat(choice($.doc_comment, $.attribute)),
      choice(
        $.transition,
        $.internal_transition,
        $.ignore_item,
        $.error_item,
        $.state_declaration,
        $.event_declaration,
        $.action_declaration,
        $.group_declaration,
        $.guard_declaration,
        $.timer_declaration,
        $.variable_declaration,
        $.parameter_declaration,
        $.machine_reference,
        $.unhandled_policy,
        $.diagram_settings,
        $.inner_attribute,
      ),
    ),

    // `#[allow(W0002)]` before an item; `#![allow(W0001)]` for the whole machine.
    attribute: $ => seq('#', '[', $.allow_list, ']'),
    inner_attribute: $ => seq('#', '!', '[', $.allow_list, ']'),
    allow_list: $ => seq('allow', '(', commaSep1($.identifier), ')'),

    machine_reference: $ => seq($.reference, ';'),
    reference: $ => seq('ref', field('text', $.string)),

    unhandled_policy: $ => seq('unhandled', '=', field('policy', $.policy), ';'),
    policy: _ => choice('error', 'warn', 'ignore'),

    // `diagram { direction = LR; events = show; actions = hide; }`. `diagram` is no keyword: a
    // state may be named so (`diagram -> Up on E;`), so `diagram {` is read as one token, which
    // a transition's first name cannot be followed by; white space and comments (each to its
    // line's end, a doc comment not among them) may stand between the two.
    diagram_settings: $ => seq(alias($._diagram_open, 'diagram {'), repeat($.diagram_setting), '}'),
    _diagram_open: _ => token(seq('diagram', /([ \t\r\n\uFEFF]|\/\/(\/\/[^\n]*|[^\/\n][^\n]*)?\n)*/, '{')),
    diagram_setting: $ => seq(
      choice(
        seq(field('name', 'direction'), '=', field('value', $.direction)),
        seq(field('name', choice('events', 'actions')), '=', field('value', $.visibility)),
      ),
      ';',
    ),
    direction: _ => choice('TB', 'LR', 'BT', 'RL'),
    visibility: _ => choice('show', 'hide'),

    // A state; with substates in its body, a superstate.
    state_declaration: $ => seq(
      repeat($.state_modifier),
      'state',
      field('name', $.identifier),
      optional(field('label', $.string)),
      choice(field('body', $.state_body), ';'),
    ),
    state_modifier: _ => choice('initial', 'final'),
    state_body: $ => seq(
      '{',
      repeat(choice(
        $.entry_clause,
        $.exit_clause,
        $.state_timer,
        seq(repeat(choice($.doc_comment, $.attribute)), $.state_declaration),
      )),
      '}',
    ),
    entry_clause: $ => seq('entry', $.effect_list, ';'),
    exit_clause: $ => seq('exit', $.effect_list, ';'),
    // `timer T;` in a state: started on entry, stopped on exit.
    state_timer: $ => seq('timer', field('timer', $.identifier), ';'),

    event_declaration: $ => seq(
      'event',
      field('name', $.identifier),
      optional(field('payload', $.payload)),
      optional(field('label', $.string)),
      ';',
    ),
    // The Rust type of an event's data, between balanced brackets. fsm.pest takes this text
    // whole and the checker says what is not a path (E0020), so anything balanced is read here.
    payload: $ => seq('(', optional($.payload_type), ')'),
    payload_type: $ => repeat1($._payload_part),
    _payload_part: $ => choice(
      reserved('payload', alias($.identifier, $.type_identifier)),
      $.integer,
      $.payload_group,
      $.payload_array,
      '::', '<', '>', ',', '&',
      /[^\sA-Za-z0-9_()\[\]{};"<>,&:\/-]+/,
      ':', '-', '/',
      $._in_payload,
    ),
    payload_group: $ => seq('(', repeat($._payload_part), ')'),
    payload_array: $ => seq('[', repeat(choice($._payload_part, ';')), ']'),

    action_declaration: $ => seq(
      'action',
      field('name', $.identifier),
      optional(field('label', $.string)),
      optional(seq('=', field('alias', $.timer_operation))),
      ';',
    ),
    // `group scr "LABEL" = A, stop T, n = 0;`: a named list of effects (`group` is no keyword).
    group_declaration: $ => seq(
      'group',
      field('name', $.identifier),
      optional(field('label', $.string)),
      '=',
      field('effects', $.effect_list),
      ';',
    ),
    guard_declaration: $ => seq(
      'guard',
      field('name', $.identifier),
      optional(field('label', $.string)),
      ';',
    ),
    timer_declaration: $ => seq(
      'timer',
      field('name', $.identifier),
      optional(field('payload', $.payload)),
      optional(field('label', $.string)),
      optional(seq('=', field('duration', $.duration))),
      ';',
    ),
    // `500 ms`, `2 s`, `4 min`, `1 h`, or an expression of parameters, variables and fields
    // of the starting event's data: `T1 * 2^n ms`, `min(4 * 2^n, 64) s`, `DhcpAck.lease s`.
    duration: $ => seq(field('value', $._duration_value), field('unit', $.time_unit)),
    _duration_value: $ => choice(
      $.integer, $.identifier, $.duration_field, $.duration_binary, $.duration_call, $.duration_parenthesized,
    ),
    duration_field: $ => seq(
      field('event', $.identifier),
      repeat1(seq('.', field('field', alias($.identifier, $.field)))),
    ),
    duration_binary: $ => choice(
      prec.left(1, seq(field('left', $._duration_value), field('operator', choice('+', '-')), field('right', $._duration_value))),
      prec.left(2, seq(field('left', $._duration_value), field('operator', '*'), field('right', $._duration_value))),
      prec.right(3, seq(field('left', $._duration_value), field('operator', '^'), field('right', $._duration_value))),
    ),
    // `min` and `max` are no keywords elsewhere.
    duration_call: $ => seq(
      field('function', alias(choice('min', 'max'), $.function)),
      '(',
      field('left', $._duration_value),
      ',',
      field('right', $._duration_value),
      ')',
    ),
    duration_parenthesized: $ => seq('(', $._duration_value, ')'),
    time_unit: _ => choice('ms', 'min', 's', 'h'),

    variable_declaration: $ => seq(
      optional($.output),
      'var',
      field('name', $.identifier),
      ':',
      field('type', choice($.bool_type, $.range_type)),
      '=',
      field('value', $._literal),
      ';',
    ),
    // `param Retries: 0..=4 = 4;`: a per-instance constant (`param` is no keyword).
    parameter_declaration: $ => seq(
      'param',
      field('name', $.identifier),
      ':',
      field('type', choice($.bool_type, $.range_type)),
      optional(seq('=', field('value', $._literal))),
      ';',
    ),
    output: _ => 'output',
    bool_type: _ => 'bool',
    range_type: $ => seq(field('low', $.integer), '..=', field('high', $.integer)),

    transition: $ => seq(
      field('source', $.state_set),
      '->',
      field('target', $.identifier),
      'on',
      field('events', choice($.other_events, $.event_list)),
      optional(field('guard', $.guard)),
      optional(field('effects', $.effects)),
      repeat($.reference),
      ';',
    ),
    internal_transition: $ => seq(
      'internal',
      field('source', $.state_set),
      'on',
      field('events', choice($.other_events, $.event_list)),
      optional(field('guard', $.guard)),
      optional(field('effects', $.effects)),
      repeat($.reference),
      ';',
    ),
    // `otherwise` makes it a fallback: only what no transition handles is ignored.
    ignore_item: $ => seq(
      'ignore',
      field('events', choice($.wildcard, $.event_list)),
      optional(seq('in', field('states', $.state_set))),
      optional($.otherwise),
      repeat($.reference),
      ';',
    ),
    otherwise: _ => 'otherwise',
    // `error ASPUP in ASP_ACTIVE "Unexpected Message";`: protocol errors the RFC names, with its
    // cause (`error` is no keyword: a state may be named `error`).
    error_item: $ => seq(
      'error',
      field('events', choice($.wildcard, $.event_list)),
      optional(seq('in', field('states', $.state_set))),
      optional($.otherwise),
      optional(field('cause', $.string)),
      repeat($.reference),
      ';',
    ),

    state_set: $ => choice(
      seq($.wildcard, optional(seq('except', commaSep1($.identifier)))),
      commaSep1($._state_name),
    ),
    // A state may be named `error` or `param`, which also start items: the parser tries both
    // until `->` or `in` decides.
    _state_name: $ => choice($.identifier, alias('error', $.identifier), alias('param', $.identifier)),
    wildcard: _ => '*',
    event_list: $ => commaSep1($.identifier),
    // `on * except E, F "any other event"`: every event nothing else handles in the state.
    other_events: $ => seq(
      $.wildcard,
      optional(seq('except', field('except', $.event_list))),
      optional(field('label', $.string)),
    ),

    guard: $ => seq('[', choice($.else, $._expression), ']'),
    else: _ => 'else',
    _expression: $ => choice(
      $.binary_expression,
      $.unary_expression,
      $._primary,
    ),
    binary_expression: $ => choice(
      prec.left(PREC.or, seq(field('left', $._expression), field('operator', '||'), field('right', $._expression))),
      prec.left(PREC.and, seq(field('left', $._expression), field('operator', '&&'), field('right', $._expression))),
    ),
    // `!` binds to a primary, and a comparison is one: `!n < 3` is `!(n < 3)`, as in fsm.pest.
    unary_expression: $ => prec(PREC.not, seq(field('operator', '!'), field('operand', choice($.unary_expression, $._primary)))),
    _primary: $ => choice(
      $.parenthesized_expression,
      $.comparison,
      $.boolean,
      $.running_test,
      $.identifier,
      // `running` alone names a guard or a variable.
      alias('running', $.identifier),
    ),
    // `[running Tw]`: whether the timer is running (`running` is no keyword).
    running_test: $ => seq('running', field('timer', $.identifier)),
    parenthesized_expression: $ => seq('(', $._expression, ')'),
    comparison: $ => seq(
      field('left', $._operand),
      field('operator', choice('==', '!=', '<=', '>=', '<', '>')),
      field('right', $._operand),
    ),
    _operand: $ => choice($.integer, $.identifier),

    effects: $ => seq('/', $.effect_list),
    effect_list: $ => commaSep1($._effect),
    _effect: $ => choice($.timer_operation, $.assignment, $.identifier),
    timer_operation: $ => seq(field('operation', choice('start', 'stop')), field('timer', $.identifier)),
    assignment: $ => seq(
      field('variable', $.identifier),
      field('operator', choice('=', '+=', '-=')),
      field('value', $._literal),
    ),

    _literal: $ => choice($.boolean, $.integer),
    boolean: _ => choice('true', 'false'),

    identifier: _ => /[A-Za-z_][A-Za-z0-9_]*/,
    integer: _ => /-?[0-9]+/,
    // A string ends on its line; the escapes are `\"`, `\\`, `\n` and `\t` (the checker refuses
    // others, so any escaped character is read here, a line break too, as in fsm.pest).
    string: $ => seq('"', repeat(choice($.string_content, $.escape_sequence)), token.immediate('"')),
    escape_sequence: _ => token.immediate(/\\(.|\n)/),

  },
});
