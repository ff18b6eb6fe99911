; Scopes and definitions of the .fsm DSL: one machine, one namespace per kind of name (states,
; events, guards and variables, actions, timers), so a reference resolves within the machine.

(machine) @local.scope

(state_declaration
  name: (identifier) @local.definition.type)
(event_declaration
  name: (identifier) @local.definition.constant)
(guard_declaration
  name: (identifier) @local.definition.function)
(action_declaration
  name: (identifier) @local.definition.method)
(timer_declaration
  name: (identifier) @local.definition.field)
(variable_declaration
  name: (identifier) @local.definition.var)

(state_set
  (identifier) @local.reference)
(transition
  target: (identifier) @local.reference)
(event_list
  (identifier) @local.reference)
(timer_operation
  timer: (identifier) @local.reference)
(state_timer
  timer: (identifier) @local.reference)
(assignment
  variable: (identifier) @local.reference)
(comparison
  (identifier) @local.reference)
(effect_list
  (identifier) @local.reference)
