"""A person's move at the terminal, for every family: one line read and applied."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Protocol, TextIO

from .runtime.core import IllegalMove


class _Table(Protocol):
    def legal_actions(self) -> Sequence[object]: ...
    def apply(self, move: str) -> object: ...


def take_move(table: _Table, out: TextIO, *, listing: int | None = None) -> bool:
    """Read one line and apply it as the move of the seat whose turn it is; True once a move
    is made. An empty line is no move; with ``listing``, ``?`` or ``help`` prints the first
    ``listing`` legal moves; a refused move prints the rule's reason. The caller asks again
    while this is False. Raises ValueError when the input ends."""
    line = sys.stdin.readline()
    if not line:
        raise ValueError("input ended before the round did")
    text = line.strip()
    if not text:  # an empty line is no move: passing takes a word
        return False
    if listing is not None and text in ("?", "help"):
        options = table.legal_actions()
        out.write("legal: " + " | ".join(str(m) for m in options[:listing])
                  + (" ..." if len(options) > listing else "") + "\n")
        return False
    try:
        table.apply(text)
    except IllegalMove as err:
        out.write(f"not allowed: {err}\n")
        return False
    return True
