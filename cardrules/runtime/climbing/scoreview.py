"""The quantities scoring formulas read at the end of a round (the ScoreView protocol).

One class serves a real table and a worked example alike; a seat of -1 (``seat_at`` a place
nobody has yet) holds nothing and sides with nobody."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import islice
from operator import attrgetter, itemgetter
from typing import TypeVar

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
_SEATS: dict[int, tuple[int, ...]] = {}  # number of seats -> the seats, the same way

_seat = itemgetter(0)
_move = itemgetter(1)
_kind = attrgetter("kind")


class PlayTally:
    """The plays of a round as formulas read them: (seat, kind, number of cards) of every
    play, in order (``plays``); per seat how many (``by_seat``: None until a formula first
    asks, then made by ``seat_counts()`` and kept). Given as the plays, or as the round's
    moves (seat, move), read when first asked; a table's tallies of one round's history as
    it grows (``earlier``: the tally of that history made before) read only the moves made
    since, and add to what the earlier one counted.

    What formulas ask of one kind (``of_kind``: per seat how many and the largest) is
    counted from that kind's plays alone, found in the kinds of the moves (``_kinds``, read
    once, the moves of ``history`` as it stands then: ``_seen``)."""

    __slots__ = ("_plays", "_history", "_earlier", "_read", "by_seat", "_kinds", "_seen",
                 "_per_kind")
    _read: int
    _earlier: PlayTally | None
    _kinds: list[int] | None
    _per_kind: dict[int, tuple[dict[int, int], dict[int, int]]] | None

    def __init__(self, plays: Sequence[tuple[int, int, int]] = (),
                 history: Sequence[tuple[int, Play]] | None = None,
                 earlier: PlayTally | None = None) -> None:
        self._plays = plays
        self._history = history
        if earlier is not None and earlier._read < 0:  # not read: what it would have added to
            earlier = earlier._earlier
        self._earlier = earlier if history is not None else None
        self._read = -1  # the moves of ``history`` read (-1: none yet)
        self.by_seat: dict[int, int] | None = None
        self._kinds = self._per_kind = None
        self._seen = -1

    def covers(self, history: Sequence[tuple[int, Play]]) -> bool:
        """Whether this tally read all of ``history`` (and nothing else)."""
        return self._history is history and (
            self._read if self._read >= 0 else self._seen) == len(history)

    def of_kind(self, kind: int) -> tuple[dict[int, int], dict[int, int]]:
        """Per seat, how many plays of ``kind`` it made and the largest (its number of
        cards): seats that made none are not in them."""
        per_kind = self._per_kind
        if per_kind is None:
            per_kind = self._per_kind = {}
        else:
            found = per_kind.get(kind)
            if found is not None:
                return found
        counts: dict[int, int] = {}
        largest: dict[int, int] = {}
        history = self._history
        if history is None:
            for s, k, n in self._plays:
                if k == kind:
                    counts[s] = counts.get(s, 0) + 1
                    if n > largest.get(s, 0):
                        largest[s] = n
        else:
            kinds = self._kinds
            if kinds is None:  # (one list made in C: most kinds are asked of few plays)
                kinds = self._kinds = list(map(_kind, map(_move, history)))
                self._seen = len(kinds)
            i = -1
            for _ in range(kinds.count(kind)):
                i = kinds.index(kind, i + 1)
                s, mv = history[i]
                n = len(mv.cards)
                if n:  # (a pass is no play)
                    counts[s] = counts.get(s, 0) + 1
                    if n > largest.get(s, 0):
                        largest[s] = n
        found = per_kind[kind] = (counts, largest)
        return found

    @property
    def plays(self) -> Sequence[tuple[int, int, int]]:
        history = self._history
        if history is not None and self._read < 0:
            earlier = self._earlier
            self._earlier = None
            if earlier is not None and earlier._history is not history:
                earlier = None
            new = [(s, mv.kind, len(mv.cards))
                   for s, mv in islice(history, 0 if earlier is None else earlier._read, None)
                   if mv.cards]
            self._read = len(history)
            if earlier is None:
                self._plays = new
            else:
                self._plays = [*earlier._plays, *new]
                self._add(earlier, new)
        return self._plays

    def _add(self, earlier: PlayTally, new: list[tuple[int, int, int]]) -> None:
        """What ``earlier`` counted, with the ``new`` plays counted in."""
        if earlier.by_seat is not None:
            self.by_seat = _counted(map(_seat, new), dict(earlier.by_seat))

    def seat_counts(self) -> dict[int, int]:
        """``by_seat``, made if it is not yet."""
        plays = self.plays  # (which may count them, from the earlier tally's counts)
        if self.by_seat is None:
            self.by_seat = Counter(map(_seat, plays))
        return self.by_seat


K = TypeVar("K")


def _counted(keys: Iterable[K], counts: dict[K, int]) -> dict[K, int]:
    """``counts`` with each of ``keys`` counted once more (a few keys: a Counter's update
    costs more)."""
    get = counts.get
    for k in keys:
        counts[k] = get(k, 0) + 1
    return counts


E = TypeVar("E", bound="EndOfRound")
TE = TypeVar("TE", bound="TracedEnd")


class EndOfRound(SeatQuantities):
    # Slots: ``made`` (and so a copy, ``placed``) sets them, not a dict it would read by
    # hashed look-ups.
    __slots__ = ("n", "left", "held", "place_of", "sides", "totals", "round", "_tally", "bid",
                 "_at")

    def __init__(self, *, cards_left: Sequence[int], held: Sequence[Collection[int]],
                 places: Mapping[int, int], sides: Sequence[int],
                 totals: Sequence[int] | None = None, round_number: int = 1,
                 plays: Sequence[tuple[int, int, int]] = (), bid: int = 0,
                 history: Sequence[tuple[int, Play]] | None = None,
                 tally: PlayTally | None = None) -> None:
        """``plays``: (seat, kind, number of cards) of every play of the round; or
        ``history``, the round's moves (seat, move), from which they are read when a formula
        first asks; or ``tally``, the plays as a table tallied them."""
        self.n = len(cards_left)
        self.left = cards_left
        self.held = held
        # seat -> finishing place, for the seats that have one. Read by ``place`` and
        # ``seat_at`` alone: ``TracedEnd`` (a 'decided' round) traces those two as all that
        # scoring asks of the order, so another method reading it must be traced there too.
        self.place_of = places
        self.sides = sides
        self.totals = totals if totals is not None else [0] * self.n
        self.round = round_number
        # The plays, and what formulas count of them (made when first asked: formulas ask
        # the same quantities of every seat, and a round's end may be scored for several
        # orders, which share it).
        self._tally = tally if tally is not None else PlayTally(plays, history)
        self.bid = bid  # the winning bid of the round's auction, 0 if none
        self._at: dict[int, int] | None = None  # place -> seat, made when first asked

    @classmethod
    def made(cls: type[E], left: Sequence[int], held: Sequence[Collection[int]],
             places: Mapping[int, int], sides: Sequence[int], totals: Sequence[int],
             round_number: int, tally: PlayTally, bid: int) -> E:
        """A table's end of round: the fields as they are given (``__init__``'s, none left
        out), set without reading keywords (a 'decided' round makes one at each seat out)."""
        view = _new(cls)
        view.n, view.left, view.held, view.place_of, view.sides, view.totals = \
            len(left), left, held, places, sides, totals
        view.round, view._tally, view.bid, view._at = round_number, tally, bid, None
        return view

    def placed(self, places: Mapping[int, int]) -> EndOfRound:
        """The same end of round with another finishing order (a completion scored beside
        others): what was read of the plays is shared, not read again (a plain EndOfRound,
        of a TracedEnd too)."""
        return EndOfRound.made(self.left, self.held, places, self.sides, self.totals,
                               self.round, self._tally, self.bid)

    @property
    def plays(self) -> Sequence[tuple[int, int, int]]:
        return self._tally.plays

    def seats(self) -> tuple[int, ...]:
        found = _SEATS.get(self.n)
        if found is None:
            found = _SEATS[self.n] = super().seats()
        return found

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
        return self.sides.count(self.sides[seat]) if seat >= 0 else 0

    def total(self, seat: int) -> int:
        return self.totals[seat] if seat >= 0 else 0

    def round_number(self) -> int:
        return self.round

    def winning_bid(self) -> int:
        return self.bid

    # (counts and sizes of one kind read from that kind's plays alone: ``PlayTally.of_kind``)
    def count_plays(self, seat: int, kind: int) -> int:
        tally = self._tally
        per_kind = tally._per_kind  # (what ``of_kind`` counted, read here: one call less)
        found = per_kind.get(kind) if per_kind is not None else None
        return (found if found is not None else tally.of_kind(kind))[0].get(seat, 0)

    def play_count(self, seat: int) -> int:
        counts = self._tally.by_seat
        return (counts if counts is not None else self._tally.seat_counts()).get(seat, 0)

    def largest_play(self, seat: int, kind: int) -> int:
        tally = self._tally
        per_kind = tally._per_kind
        found = per_kind.get(kind) if per_kind is not None else None
        return (found if found is not None else tally.of_kind(kind))[1].get(seat, 0)


_new = object.__new__


class TracedEnd(EndOfRound):
    """An end of round that keeps what scoring asked of its finishing order: each seat whose
    place was asked (``asked_place``: seat -> the answer) and each place whose seat was
    (``asked_seat``: place -> the answer). Formulas read the view and nothing else, so on
    another order that answers these questions alike, with the rest of the view the same,
    scoring asks the same questions in the same order, gets the same answers and gives
    the same scores."""

    __slots__ = ("asked_place", "asked_seat")
    asked_place: dict[int, int]
    asked_seat: dict[int, int]

    @classmethod
    def made(cls: type[TE], left: Sequence[int], held: Sequence[Collection[int]],
             places: Mapping[int, int], sides: Sequence[int], totals: Sequence[int],
             round_number: int, tally: PlayTally, bid: int) -> TE:
        """``EndOfRound.made``, a TracedEnd that has been asked nothing."""
        traced = super().made(left, held, places, sides, totals, round_number, tally, bid)
        traced.asked_place, traced.asked_seat = {}, {}
        return traced

    def place(self, seat: int) -> int:
        found = self.asked_place[seat] = self.place_of.get(seat, 0)
        return found

    def seat_at(self, place: int) -> int:
        at = self._at
        if at is None:
            at = self._at = {}
            for s, p in self.place_of.items():
                at.setdefault(p, s)  # (as ``EndOfRound.seat_at``)
        found = self.asked_seat[place] = at.get(place, -1)
        return found
