/**
 * @file The system descriptions of rfc-fsm (`.fsys`): instances of spec machines, the channels
 * between them, and the properties `fsm verify` checks.
 * @license MIT OR Apache-2.0
 *
 * Written from fsm-cli/src/verify/system.pest, the grammar of record; fsm-cli/tests/it/editors/
 * keeps the two in step (the words, the item forms, and every system of the repository). Node
 * names are the rules of system.pest: system, instance, channel, send, flush, receive,
 * environment, defer, end, invariant, home; the lexical conventions (comments, doc comments,
 * strings, names) are those of the grammar of the specs, ../grammar.js.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

/**
 * One or more `rule`, separated by commas.
 * @param {RuleOrLiteral} rule
 */
function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}

module.exports = grammar({
  name: 'fsys',

  // A byte order mark is white space too, as in system.pest.
  extras: $ => [/[\s\uFEFF]/, $.comment],

  // As in system.pest, a keyword is a whole word (`instancewa` is a name, not `instance wa`),
  // and reserves nothing: it may be a name where a name is expected (`instance end = ...`).
  word: $ => $.identifier,

  rules: {
    source_file: $ => $.system,

    system: $ => seq(
      repeat($.doc_comment),
      'system',
      field('name', $.identifier),
      field('body', $.system_body),
    ),

    system_body: $ => seq('{', repeat($._item), '}'),

    // Doc comments stand before the item they belong to.
    _item: $ => seq(
      repeat($.doc_comment),
      choice(
        $.instance,
        $.channel,
        $.send,
        $.flush,
        $.receive,
        $.environment,
        $.defer,
        $.end,
        $.invariant,
        $.home,
      ),
    ),

    // `instance c = "client.fsm" (retries = 3, reliable = false);`
    instance: $ => seq(
      'instance',
      field('name', $.identifier),
      '=',
      field('spec', $.string),
      optional(field('arguments', $.arguments)),
      ';',
    ),
    arguments: $ => seq('(', commaSep1($.argument), ')'),
    argument: $ => seq(
      field('parameter', $.identifier),
      '=',
      field('value', choice($.integer, $.identifier)),
    ),

    // `channel ab { DWR, DWA } capacity 2 loss;`
    channel: $ => seq(
      'channel',
      field('name', $.identifier),
      '{',
      commaSep1(field('message', $.identifier)),
      '}',
      'capacity',
      field('capacity', $.number),
      repeat(field('fault', $.fault)),
      ';',
    ),
    fault: _ => choice('loss', 'duplication', 'reordering'),

    // `send wa.SendWatchdog -> ab.DWR;`
    send: $ => seq(
      'send',
      field('action', $.qualified),
      '->',
      field('message', $.qualified),
      ';',
    ),
    // `flush ab, ba on wa.CloseConnection;`
    flush: $ => seq(
      'flush',
      commaSep1(field('channel', $.identifier)),
      'on',
      field('action', $.qualified),
      ';',
    ),
    // `receive ab.DWR -> wb.NonDWA, rb.DWR;`
    receive: $ => seq(
      'receive',
      field('message', $.qualified),
      '->',
      commaSep1(field('event', $.qualified)),
      ';',
    ),
    // `environment wa.TwExpiry always;`, `environment c.Timeout at quiescence;`
    environment: $ => seq(
      'environment',
      field('event', $.qualified),
      field('when', choice($.always, $.quiescence)),
      ';',
    ),
    always: _ => 'always',
    quiescence: _ => seq('at', 'quiescence'),
    // `defer wb.DWA in DOWN, INITIAL;`
    defer: $ => seq(
      'defer',
      field('event', $.qualified),
      'in',
      commaSep1(field('state', $.identifier)),
      ';',
    ),
    // `end wa in INITIAL, DOWN;`
    end: $ => seq(
      'end',
      field('instance', $.identifier),
      'in',
      commaSep1(field('state', $.identifier)),
      ';',
    ),

    // `invariant not_both_down: !(wa == DOWN && wb == DOWN);`, `invariant agree at quiescence: ...;`
    invariant: $ => seq(
      'invariant',
      field('name', $.identifier),
      optional(field('when', $.quiescence)),
      ':',
      field('formula', $._formula),
      ';',
    ),
    // `home both_okay: wa == OKAY && wb == OKAY;`
    home: $ => seq(
      'home',
      field('name', $.identifier),
      ':',
      field('formula', $._formula),
      ';',
    ),

    _formula: $ => choice($.or, $.and, $.not, $.parenthesized, $.comparison),
    or: $ => prec.left(1, seq(field('left', $._formula), '||', field('right', $._formula))),
    and: $ => prec.left(2, seq(field('left', $._formula), '&&', field('right', $._formula))),
    not: $ => prec(3, seq('!', field('operand', choice($.not, $.parenthesized, $.comparison)))),
    parenthesized: $ => seq('(', $._formula, ')'),
    // `wa == DOWN`, `wa.NumDWA >= 0`, `wa.Pending == false`: an instance's state, or one of its
    // variables, against a state, an integer, `true` or `false` (names here; the checker says
    // which fit).
    comparison: $ => seq(
      field('instance', $.identifier),
      optional(seq('.', field('variable', alias($.identifier, $.variable)))),
      field('operator', choice('==', '!=', '<=', '>=', '<', '>')),
      field('value', choice($.identifier, $.integer)),
    ),

    // `owner.member`: an instance's action or event, a channel's message.
    qualified: $ => seq(field('owner', $.identifier), '.', field('member', $.identifier)),

    identifier: _ => /[A-Za-z_][A-Za-z0-9_]*/,
    // A channel's capacity; an integer may be negative.
    number: _ => /[0-9]+/,
    integer: _ => /-?[0-9]+/,
    // A string ends on its line; any character may be escaped, a line break too, as in
    // system.pest.
    string: $ => seq('"', repeat(choice($.string_content, $.escape_sequence)), token.immediate('"')),
    string_content: _ => token.immediate(prec(1, /[^"\\\n]+/)),
    escape_sequence: _ => token.immediate(/\\(.|\n)/),

    // `//` starts a comment, `///` a doc comment, `////` a comment again.
    comment: _ => token(seq('//', optional(choice(/\/\/[^\n]*/, /[^\/\n][^\n]*/)))),
    doc_comment: _ => token(seq('///', optional(/[^\/\n][^\n]*/))),
  },
});
