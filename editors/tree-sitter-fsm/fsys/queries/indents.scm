; Indentation (nvim-treesitter's captures): one level inside the system's body, and inside a
; channel's messages or an instance's arguments when they are broken over lines.
[
  (system_body)
  (channel)
  (arguments)
] @indent.begin

[
  "}"
  ")"
] @indent.end @indent.branch
