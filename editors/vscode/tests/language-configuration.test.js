// The regular expressions of language-configuration.json, on the lines they must and must not
// match: VS Code indents after a line whose code ends in an open brace, outdents a line that
// starts with a closing one, and continues a `///` doc comment on Enter.
//
// Usage: node tests/language-configuration.test.js   (test.sh runs it)
"use strict";

const assert = require("assert");
const path = require("path");
const configuration = require(path.join(__dirname, "..", "language-configuration.json"));

const increase = new RegExp(configuration.indentationRules.increaseIndentPattern);
const decrease = new RegExp(configuration.indentationRules.decreaseIndentPattern);
const docComment = new RegExp(configuration.onEnterRules[0].beforeText);
const word = new RegExp(`^(?:${configuration.wordPattern})$`);

const cases = [
  [increase, "machine Door {", true],
  [increase, "machine Odd \"an \\\"odd\\\" <machine>\" {", true],
  [increase, "    state Connected \"a {brace}\" {", true],
  [increase, "    diagram { // how it is drawn", true],
  [increase, "    state Writing { entry Lock; exit Unlock; }", false],
  [increase, "    // a comment with a brace {", false],
  [increase, "    state A \"{\";", false],
  [increase, "    A -> B on E;", false],
  [decrease, "    }", true],
  [decrease, "}", true],
  [decrease, "    state S { }", false],
  [docComment, "    /// The door.", true],
  [docComment, "///", true],
  [docComment, "    //// Not a doc comment.", false],
  [docComment, "    // A comment.", false],
  [word, "OKAY_Pending", true],
  [word, "-1", true],
  [word, "a-b", false],
];

for (const [re, line, expected] of cases) {
  assert.strictEqual(re.test(line), expected, `${re} on ${JSON.stringify(line)}`);
}
assert.deepStrictEqual(configuration.comments, { lineComment: "//" });
const pairs = configuration.brackets.map(([open, close]) => open + close);
assert.deepStrictEqual(pairs, ["{}", "[]", "()"]);
console.log(`language-configuration.json: ${cases.length} lines as expected`);
