"""The public history of a climbing round as a seat's view holds it (``SeatView.history``).

A view is made at every decision, and the history grows by one entry a decision: copying it
into each view (a tuple) made a round cost the square of its length. Instead the table keeps
one append-only log of its public events (``PublicLog``), and each view holds a ``History``:
the first ``len`` entries of that log, read-only, its text made when first read and then kept
for every later view. A view made earlier never sees a later entry (its length is fixed), and
nothing in a ``History`` changes the table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import overload

from ...cards import format_cards
from ..protocol import Play

Entry = tuple[int, str]  # (seat, what it did as text); seat -1 for the table's own events

_TEXTS: dict[tuple[int, ...], str] = {}  # a move's text by its cards (at most 4096 kept)


def move_text(cards: tuple[int, ...]) -> str:
    """How a move shows in the history (as ``str`` of the Play): the same moves recur, so
    their texts are kept."""
    text = _TEXTS.get(cards)
    if text is None:
        if len(_TEXTS) >= 4096:
            _TEXTS.clear()
        text = _TEXTS[cards] = format_cards(cards) if cards else "pass"
    return text


_PASSES: dict[int, tuple[Entry, ...]] = {}  # per number of seats: a pass as text, by seat


def _passes(seats: int) -> tuple[Entry, ...]:
    made = _PASSES[seats] = tuple((s, "pass") for s in range(seats))
    return made


class PublicLog:
    """A table's public events: ``events`` is the table's own list, which it only appends to
    (``(seat, Play)`` for a move, ``(seat, text)`` for any other event, seat -1 for the
    table's own); ``texts(n)`` their first ``n`` as text, each made once, when first asked."""

    __slots__ = ("events", "_texts", "_passes")

    def __init__(self, events: list[tuple[int, Play | str]], seats: int) -> None:
        self.events = events
        self._texts: list[Entry] = []
        self._passes = _PASSES.get(seats) or _passes(seats)  # a pass, by seat

    def texts(self, n: int) -> list[Entry]:
        """The text of the events, at least the first ``n`` (more when a view asked them)."""
        texts = self._texts
        if len(texts) < n:
            passes = self._passes
            texts.extend((s, mv) if isinstance(mv, str)
                         else (s, _TEXTS.get(mv.cards) or move_text(mv.cards)) if mv.cards
                         else passes[s] for s, mv in self.events[len(texts):n])
        return texts

    def view(self) -> History:
        """The history as it stands, as a view holds it."""
        h = History()
        h._log = self
        h._n = len(self.events)
        return h


class History(Sequence[Entry]):
    """The first ``len(self)`` public events of a round, ``(seat, text)`` each, in order: a
    read-only sequence that shares the table's log (no copy per view) and never sees what
    came after it was made. Indexing gives an entry, slicing a tuple of them; it compares
    equal to another History or a tuple with the same entries (and hashes as that tuple)."""

    __slots__ = ("_log", "_n")
    _log: PublicLog
    _n: int

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> Entry: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Entry, ...]: ...

    def __getitem__(self, i: int | slice) -> Entry | tuple[Entry, ...]:
        n = self._n
        if isinstance(i, slice):
            start, stop, step = i.indices(n)
            return tuple(self._log.texts(n)[start:stop:step])
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("history index out of range")
        return self._log.texts(n)[i]

    def __iter__(self) -> Iterator[Entry]:
        n = self._n
        return islice(self._log.texts(n), n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            if other._log is self._log:
                return other._n == self._n
            return other._n == self._n and self[:] == other[:]
        if isinstance(other, tuple):
            return self[:] == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self[:])

    def __repr__(self) -> str:
        return f"History({self[:]!r})"

