"""The quantities scoring formulas read at the end of a round (the ScoreView protocol).

One class serves a real table and a worked example alike; a seat of -1 (``seat_at`` a place
nobody has yet) holds nothing and sides with nobody."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from copy import copy
from operator import itemgetter

from ..core import SeatQuantities
from ..protocol import Play


def sides_for(teams: str, holders: Sequence[int], hands: Sequence[Collection[int]],
              leader: int = 0) -> list[int]:
    """Each seat's side: partners opposite (``opposite``), the holders of the named cards
    against the rest (``hidden``: side 0 holds them), the round's first leader alone against
    the rest (``leader``: side 0 is the leader), or everyone alone (``none``)."""
    n = len(hands)
    if teams == "opposite":
        return [s % 2 for s in range(n)]
    if teams == "leader":
        return [0 if s == leader else 1 for s in range(n)]
    if teams == "hidden":
        return [0 if any(c in hands[s] for c in holders) else 1 for s in range(n)]
    return list(range(n))


# (number of seats, seat) -> the other seats, made once (scoring asks at every formula)
_OTHERS: dict[tuple[int, int], tuple[int, ...]] = {}


class EndOfRound(SeatQuantities):
    def __init__(self, *, cards_left: Sequence[int], held: Sequence[Collection[int]],
                 places: Mapping[int, int], sides: Sequence[int],
                 totals: Sequence[int] | None = None, round_number: int = 1,
                 plays: Sequence[tuple[int, int, int]] = (), bid: int = 0,
                 history: Sequence[tuple[int, Play]] | None = None) -> None:
        """``plays``: (seat, kind, number of cards) of every play of the round; or
        ``history``, the round's moves (seat, move), from which they are read when a formula
        first asks."""
        self.n = len(cards_left)
        self.left = cards_left
        self.held = held
        self.place_of = places  # seat -> finishing place, for the seats that have one
        self.sides = sides
        self.totals = totals if totals is not None else [0] * self.n
        self.round = round_number
        self._plays = plays  # (seat, kind, number of cards) for every play of the round
        self._history = history
        self.bid = bid  # the winning bid of the round's auction, 0 if none
        # Made from ``plays`` and ``places`` when a formula first asks (formulas ask the same
        # quantities of every seat, and a round's end may be scored for several orders):
        # per (seat, kind) its plays, and the largest; per seat its plays; place -> seat.
        self._counts: Counter[tuple[int, int]] | None = None
        self._largest: dict[tuple[int, int], int] | None = None
        self._played: Counter[int] | None = None
        self._at: dict[int, int] | None = None

    def placed(self, places: Mapping[int, int]) -> EndOfRound:
        """The same end of round with another finishing order (a completion scored beside
        others): what was read of the plays is shared, not read again."""
        other = copy(self)
        other.place_of, other._at = places, None
        return other

    @property
    def plays(self) -> Sequence[tuple[int, int, int]]:
        if self._history is not None:
            self._plays = [(s, mv.kind, len(mv.cards)) for s, mv in self._history if mv.cards]
            self._history = None
        return self._plays

    def others(self, seat: int) -> tuple[int, ...]:
        found = _OTHERS.get((self.n, seat))
        if found is None:
            found = _OTHERS[(self.n, seat)] = super().others(seat)
        return found

    def cards_left(self, seat: int) -> int:
        return self.left[seat] if seat >= 0 else 0

    def holds(self, seat: int, card: int) -> bool:
        """Whether the seat still holds the card: a seat with no cards left holds none (in a
        worked example, ``held`` also says who was dealt a card, for hidden sides)."""
        return seat >= 0 and self.left[seat] > 0 and card in self.held[seat]

    def place(self, seat: int) -> int:
        return self.place_of.get(seat, 0)

    def seat_at(self, place: int) -> int:
        at = self._at
        if at is None:
            at = self._at = {}
            for s, p in self.place_of.items():
                at.setdefault(p, s)  # the first seat with that place, as a scan finds it
        return at.get(place, -1)

    def side(self, seat: int) -> int:
        return self.sides[seat] if seat >= 0 else -1

    def same_side(self, a: int, b: int) -> bool:
        return a >= 0 and b >= 0 and self.sides[a] == self.sides[b]

    def side_size(self, seat: int) -> int:
        return list(self.sides).count(self.sides[seat]) if seat >= 0 else 0

    def total(self, seat: int) -> int:
        return self.totals[seat] if seat >= 0 else 0

    def round_number(self) -> int:
        return self.round

    def winning_bid(self) -> int:
        return self.bid

    def count_plays(self, seat: int, kind: int) -> int:
        if self._counts is None:
            self._counts = Counter(map(itemgetter(0, 1), self.plays))
        return self._counts[seat, kind]

    def play_count(self, seat: int) -> int:
        if self._played is None:
            self._played = Counter(map(itemgetter(0), self.plays))
        return self._played[seat]

    def largest_play(self, seat: int, kind: int) -> int:
        if self._largest is None:  # smallest first, so each (seat, kind) keeps its largest
            self._largest = {(s, k): n for s, k, n in sorted(self.plays, key=itemgetter(2))}
        return self._largest.get((seat, kind), 0)
