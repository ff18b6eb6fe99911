; Blocks that fold: the machine's body, a state's body (a superstate's substates), the diagram
; settings.
[
  (machine_body)
  (state_body)
  (diagram_settings)
] @fold
