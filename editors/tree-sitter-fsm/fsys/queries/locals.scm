; Scopes and definitions of the .fsys system descriptions: one system, whose instances and
; channels its items name (`wa.SendWatchdog`, `flush ab on ...`, `end wa in ...`, `wa == OKAY`).
; What an instance's name qualifies (events, actions, states, variables) is its spec's, in
; another file, so it is no reference here.

(system) @local.scope

(instance
  name: (identifier) @local.definition.var)
(channel
  name: (identifier) @local.definition.var)
(invariant
  name: (identifier) @local.definition.function)
(home
  name: (identifier) @local.definition.function)

(qualified
  owner: (identifier) @local.reference)
(flush
  channel: (identifier) @local.reference)
(end
  instance: (identifier) @local.reference)
(comparison
  instance: (identifier) @local.reference)
