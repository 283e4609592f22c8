"""One package per family, above both the compiler and the runtime: the loaded game (its
worked examples, bots and tables), the witness search of ``diff``, and the terminal table.

- ``climbing``: ``witness`` (diff witnesses), ``lint`` (``check``'s warnings);
- ``tricks``: ``game``, ``witness``, ``cli``;
- ``banking``: ``game``, ``witness``, ``cli``.
"""
