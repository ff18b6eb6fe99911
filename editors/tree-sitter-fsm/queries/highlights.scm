; Highlights of the .fsm DSL, with nvim-treesitter's capture names (Zed's are the same for these).
; Names are captured by kind as `fsm lsp` gives them in its semantic tokens: state = type,
; event = constant, guard = function, action = function.method, timer = property,
; variable = variable.

[
  "machine"
  "state"
  "event"
  "action"
  "guard"
  "timer"
  "var"
  "param"
  "group"
] @keyword

[
  "on"
  "in"
  "except"
  "entry"
  "exit"
  "internal"
  "ignore"
  "error"
  "ref"
  "unhandled"
  "start"
  "stop"
  "running"
  "allow"
] @keyword

"diagram {" @keyword

(else) @keyword
(otherwise) @keyword
(output) @keyword.modifier
(state_modifier) @keyword.modifier
(bool_type) @type.builtin
(policy) @constant.builtin
(direction) @constant.builtin
(visibility) @constant.builtin
(time_unit) @keyword
(diagram_setting
  name: _ @property)

; Declarations.
(machine
  name: (identifier) @type)
(state_declaration
  name: (identifier) @type)
(event_declaration
  name: (identifier) @constant)
(guard_declaration
  name: (identifier) @function)
(action_declaration
  name: (identifier) @function.method)
(group_declaration
  name: (identifier) @function.method)
(timer_declaration
  name: (identifier) @property)
(state_timer
  timer: (identifier) @property)
(variable_declaration
  name: (identifier) @variable)
(type_identifier) @type

; Uses.
(state_set
  (identifier) @type)
(transition
  target: (identifier) @type)
(event_list
  (identifier) @constant)
(timer_operation
  timer: (identifier) @property)
(assignment
  variable: (identifier) @variable)
(comparison
  (identifier) @variable)
(guard
  (identifier) @function)
(unary_expression
  operand: (identifier) @function)
(binary_expression
  (identifier) @function)
(parenthesized_expression
  (identifier) @function)
(effect_list
  (identifier) @function.method)
(allow_list
  (identifier) @constant)

(wildcard) @operator
(boolean) @boolean
(integer) @number
(string) @string
(escape_sequence) @string.escape
(comment) @comment
(doc_comment) @comment.documentation

[
  "->"
  "="
  "+="
  "-="
  "=="
  "!="
  "<="
  ">="
  "<"
  ">"
  "&&"
  "||"
  "!"
  "..="
  "/"
  "+"
  "-"
  "*"
  "^"
] @operator

(duration_call (function) @function.builtin)
(duration_field event: (identifier) @type)
(duration_field field: (field) @property)

[
  ";"
  ","
  ":"
  "::"
] @punctuation.delimiter

[
  "{"
  "}"
  "["
  "]"
  "("
  ")"
] @punctuation.bracket

(attribute
  "#" @punctuation.special) @attribute
(inner_attribute
  [
    "#"
    "!"
  ] @punctuation.special) @attribute
