"""A person's move at the terminal, for every family: one line read and applied."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Protocol, TextIO

from .runtime.core import IllegalMove

MAX_LINE = 10_000  # characters of a line typed as a move (a whole hand of cards is far less)


class _Table(Protocol):
    def legal_actions(self) -> Sequence[object]: ...
    def apply(self, move: str) -> object: ...


def read_line() -> str | None:
    """A line of standard input (None at its end); a line longer than MAX_LINE is read in
    pieces and dropped, and given as its first MAX_LINE + 1 characters (no line of any
    length is held whole)."""
    line = sys.stdin.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line) > MAX_LINE:
        rest = line
        while rest and not rest.endswith("\n"):
            rest = sys.stdin.readline(MAX_LINE)
    return line


def take_move(table: _Table, out: TextIO, *, listing: int | None = None) -> bool:
    """Read one line and apply it as the move of the seat whose turn it is; True once a move
    is made. An empty line is no move; with ``listing``, ``?`` or ``help`` prints the first
    ``listing`` legal moves; a refused move prints the rule's reason. The caller asks again
    while this is False. Raises ValueError when the input ends."""
    line = read_line()
    if line is None:
        raise ValueError("input ended before the round did")
    if len(line) > MAX_LINE:
        out.write(f"not allowed: a move is at most {MAX_LINE:,} characters\n")
        return False
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
