; Blocks that fold: the system's body.
(system_body) @fold
