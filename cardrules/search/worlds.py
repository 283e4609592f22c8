"""Sampled worlds: the hidden cards dealt again, consistently with what one seat's view shows.

A family's ``Worlds`` (search/climbing.py, tricks.py, banking.py) reads a seat's view once per
decision: which cards the seat knows where (its own hand, cards played or shown, pinned to the
seat that showed them), how many hidden cards each place holds (a seat, a kitty, the stock),
and the public actions in order. A sample deals the hidden pool to those places at random;
the family builds a table from it and replays the public actions. A sample in which some
public action is illegal (a seat passed while it could beat, failed to follow a suit it
holds, bid cards it lacks) is repaired by moving one of the cards that seat could have played
to another place, and replayed again, a bounded number of times; then the world is checked by
comparing its view of the seat with the real one. Nothing here reads another seat's cards:
the input is the view, and the view alone."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

# A place hidden cards may lie: a seat (0..n-1), or a place of the family's own (negative:
# the rest, the kitty, cards dealt to nobody).
Place = int

REPAIRS = 40  # replays of one sample, each after a repair, before a fresh sample


class Failed(Exception):
    """A sample some public action contradicts: ``seat`` could not make it, and ``culprits``
    are cards whose holding made it illegal (the cards that seat could have played)."""

    def __init__(self, seat: int = -1, culprits: Iterable[int] = ()) -> None:
        super().__init__(seat)
        self.seat = seat
        self.culprits = frozenset(culprits)


@dataclass
class Sample:
    """Hidden cards per place, and a seed for whatever else the world draws (another seat's
    hidden choices, such as the cards it buried)."""

    cards: dict[Place, list[int]]
    seed: int
    extra: dict[str, Any] = field(default_factory=dict)


class Worlds(Protocol):
    """A family's worlds for one decision of one seat."""

    def prepare(self, view: Any) -> None:
        """Read the view: the known cards, the hidden places, the public actions."""

    def pool(self) -> list[int]:
        """The hidden cards, each copy once."""

    def places(self) -> dict[Place, int]:
        """How many hidden cards each place holds."""

    def build(self, sample: Sample) -> Any:
        """The table of this sample, at the decision the view is at; raises Failed."""


def unknown_pool(deck: Sequence[int], copies: int, known: Counter[int]) -> list[int]:
    """Every card of the deck ``copies`` times, without the known ones."""
    left = Counter({c: copies for c in deck})
    left.subtract(known)
    if any(k < 0 for k in left.values()):
        raise ValueError("a view shows more copies of a card than the deck has")
    return sorted(left.elements())


def deal(pool: Sequence[int], places: dict[Place, int], rng: random.Random) -> Sample:
    cards = list(pool)
    rng.shuffle(cards)
    out: dict[Place, list[int]] = {}
    i = 0
    for place, count in sorted(places.items()):
        out[place] = cards[i:i + count]
        i += count
    if i != len(cards):
        raise ValueError(f"{len(cards)} hidden cards for {i} hidden places")
    return Sample(out, rng.getrandbits(32))


def repair(sample: Sample, failed: Failed, rng: random.Random) -> bool:
    """Move the cards the failing seat could have played (or, with none named, one of its
    hidden cards) to other places, taking for each a card of that place the seat is not known
    to have been unable to hold. The cards blamed stay on the seat's list for this sample.
    False if nothing can move."""
    mine = sample.cards.get(failed.seat, [])
    if not mine:
        return False
    avoid: dict[Place, set[int]] = sample.extra.setdefault("avoid", {})
    banned = avoid.setdefault(failed.seat, set())
    banned |= failed.culprits
    blamed = [i for i, c in enumerate(mine) if c in banned] or [rng.randrange(len(mine))]
    moved = False
    for i in blamed:
        others = [(p, j) for p, cs in sample.cards.items() if p != failed.seat
                  for j, c in enumerate(cs)
                  if c not in banned and mine[i] not in avoid.get(p, ())]
        if not others:
            continue
        p, j = rng.choice(others)
        mine[i], sample.cards[p][j] = sample.cards[p][j], mine[i]
        moved = True
    sample.seed = rng.getrandbits(32)
    return moved


def find_worlds(worlds: Worlds, rng: random.Random, *, wanted: int,
                tries: int) -> tuple[list[tuple[Sample, Any]], int]:
    """Up to ``wanted`` samples consistent with the view, each with its table, after at
    most ``tries`` replays; and the replays made."""
    pool, places = worlds.pool(), worlds.places()
    found: list[tuple[Sample, Any]] = []
    sample = deal(pool, places, rng)
    repairs = 0
    for used in range(1, tries + 1):
        try:
            table = worlds.build(sample)
        except Failed as failed:
            repairs += 1
            if repairs >= REPAIRS or failed.seat < 0 or not repair(sample, failed, rng):
                sample, repairs = deal(pool, places, rng), 0
            continue
        found.append((sample, table))
        if len(found) >= wanted:
            return found, used
        sample, repairs = deal(pool, places, rng), 0
    return found, tries
