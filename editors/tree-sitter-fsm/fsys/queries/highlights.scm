; Highlights of the .fsys system descriptions, with nvim-treesitter's capture names, in the
; colours of the specs' (../../tree-sitter-fsm/queries/highlights.scm): a state is a type, an
; event or a message a constant, an action a method, a variable a variable. An instance or a
; channel is a variable, as `source.fsys` makes them (variable.other), a property a function.

[
  "system"
  "instance"
  "channel"
  "send"
  "flush"
  "receive"
  "environment"
  "defer"
  "end"
  "invariant"
  "home"
] @keyword

[
  "capacity"
  "on"
  "in"
  "at"
  "quiescence"
] @keyword

(always) @keyword
(fault) @constant.builtin

; Declarations.
(system
  name: (identifier) @type)
(instance
  name: (identifier) @variable)
(argument
  parameter: (identifier) @variable.parameter)
(channel
  name: (identifier) @variable)
(channel
  message: (identifier) @constant)
(invariant
  name: (identifier) @function)
(home
  name: (identifier) @function)

; Uses: `owner.member`, the member by what it names.
(qualified
  owner: (identifier) @variable)
(send
  action: (qualified
    member: (identifier) @function.method))
(flush
  action: (qualified
    member: (identifier) @function.method))
(send
  message: (qualified
    member: (identifier) @constant))
(receive
  message: (qualified
    member: (identifier) @constant))
(receive
  event: (qualified
    member: (identifier) @constant))
(environment
  event: (qualified
    member: (identifier) @constant))
(defer
  event: (qualified
    member: (identifier) @constant))
(flush
  channel: (identifier) @variable)
(end
  instance: (identifier) @variable)
(defer
  state: (identifier) @type)
(end
  state: (identifier) @type)
(comparison
  instance: (identifier) @variable)
(comparison
  variable: (variable) @variable)
; A state, but `true` and `false`: names to the grammar, values to the checker (no node has two
; captures, so the order of the patterns, which editors read differently, does not matter).
((comparison
  value: (identifier) @type)
  (#not-any-of? @type "true" "false"))
((comparison
  value: (identifier) @boolean)
  (#any-of? @boolean "true" "false"))
((argument
  value: (identifier) @boolean)
  (#any-of? @boolean "true" "false"))

(number) @number
(integer) @number
(string) @string
(escape_sequence) @string.escape
(comment) @comment
(doc_comment) @comment.documentation

[
  "->"
  "="
  "=="
  "!="
  "<="
  ">="
  "<"
  ">"
  "&&"
  "||"
  "!"
] @operator

[
  ";"
  ","
  ":"
  "."
] @punctuation.delimiter

[
  "{"
  "}"
  "("
  ")"
] @punctuation.bracket
