; Indentation (nvim-treesitter's captures): one level inside each block.
[
  (machine_body)
  (state_body)
  (diagram_settings)
] @indent.begin

"}" @indent.end @indent.branch
