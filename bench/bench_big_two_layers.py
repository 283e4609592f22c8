"""Benchmark: where big_two's public loop spends its time, layer by layer, against the plain
engine in the same run.

Usage: ``python bench/bench_big_two_layers.py [--slice S] [--pairs N]``

Four sides play the same random games (``t.apply(rng.choice(list(t.legal_actions())))``, the
deal from ``seed``), in alternating slices of CPU time, each as a ratio against
``big2_plain.py`` (as ``bench_big_two.py`` measures it):

- ``table``: the compiled game's own table (what ``bench_big_two.py`` measures);
- ``minimal``: the least table that plays the same games on the same compiled module: the
  deal, one ``SeatHand`` per seat, the module's generators (``lead_plays_holding``,
  ``lead_plays``, ``FOLLOWERS``) and ``SeatHand.remove``; no scoring, no public log, no views,
  none of the rules the table reads that big_two does not use. What the table adds is the
  difference between ``table`` and ``minimal``;
- ``replayed``: ``minimal`` with every legal list taken from a record of the same game made
  beforehand, and no hand kept: the deal, the loop, the random choices and the turn-keeping
  alone (a hand is kept as its number of cards). What the generators and the hands (made and
  kept) cost is the difference between ``minimal`` and ``replayed``.

The minimal table is checked first to give the same legal lists as the real one on a few
hundred games. A ratio is the result, never an assertion.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_big_two import compiled_player, load_plain, plain_player, run_slice  # noqa: E402

import cardrules  # noqa: E402  (the source tree next to this script)
from cardrules.runtime.climbing.seathand import SeatHand  # noqa: E402
from cardrules.runtime.core import shuffled  # noqa: E402
from cardrules.runtime.protocol import PASS, Play  # noqa: E402

RECORDED = 2000  # the games ``replayed`` plays (seeds 0 up), recorded once


class Minimal:
    """One round of big_two's rules as the module gives them, on the module's generators:
    the holder of the first card leads it, a trick ends when every other seat passed, the
    round when a seat is out. Deals as the table does (its keys shuffled, the same order)."""

    __slots__ = ("held", "seat", "current", "last", "passes", "acts", "over", "history",
                 "first")
    # The module, and what the table reads of it (``use`` sets them, once)
    m: Any = None
    keys: list[int] = []
    card_of: dict[int, int] = {}
    after: list[int] = []
    followers: Any = None

    @classmethod
    def use(cls, m: Any) -> None:
        cls.m, cls.followers = m, m.FOLLOWERS
        cls.keys = [m.CARD_KEY[c] for c in m.DECK]
        cls.card_of = {m.CARD_KEY[c]: c for c in m.DECK}
        cls.after = [(s + 1) % m.PLAYERS for s in range(m.PLAYERS)]

    def __init__(self, seed: int) -> None:
        m = self.m
        keys = shuffled(self.keys[:], random.Random(seed))
        card_of = self.card_of
        each = m.DEAL_EACH
        self.held: list[Any] = []
        self.seat = 0
        for s in range(m.PLAYERS):
            mine = keys[s * each:(s + 1) * each]
            mine.sort()
            cards = [card_of[k] for k in mine]
            if m.FIRST_CARD in cards:
                self.seat = s
            self.held.append(self.new_hand(cards, mine))
        self.current: Play | None = None
        self.last = -1
        self.passes = 0
        self.acts: list[Play] | None = None
        self.over = False
        self.history: list[tuple[int, Play]] = []
        self.first = True

    def new_hand(self, cards: list[int], keys: list[int]) -> Any:
        m = self.m
        return SeatHand(cards, m.RANK, m.SUIT, m.CARD_KEY, m.SUIT_SLOTS, m.SINGLES, keys=keys)

    def legal_actions(self) -> list[Play]:
        acts = self.acts
        if acts is None:
            current = self.current
            h = self.held[self.seat]
            if current is not None:
                acts = self.followers[current.kind](h, current)
                acts.insert(0, PASS)
            elif self.first:
                acts = self.m.lead_plays_holding(h, self.m.FIRST_CARD)
            else:
                acts = self.m.lead_plays(h)
            self.acts = acts
        return list(acts)

    def apply(self, mv: Play) -> Play:
        acts = self.acts
        if acts is None or mv.__class__ is not Play or mv not in acts:
            raise ValueError(f"not a legal move here: {mv}")
        self.acts = None
        seat = self.seat
        self.history.append((seat, mv))
        if not mv.cards:
            self.passes += 1
            if self.passes >= self.m.PLAYERS - 1:
                self.current, self.passes, self.seat = None, 0, self.last
            else:
                self.seat = self.after[seat]
            return mv
        h = self.held[seat]
        h.remove(mv.cards)
        self.current, self.last, self.passes, self.first = mv, seat, 0, False
        if not h.cards:
            self.over = True
        else:
            self.seat = self.after[seat]
        return mv


class Counted:
    """A hand kept as its number of cards alone (``Replayed``'s)."""

    __slots__ = ("cards",)

    def __init__(self, cards: list[int]) -> None:
        self.cards = cards

    def remove(self, played: tuple[int, ...]) -> None:
        del self.cards[:len(played)]


class Replayed(Minimal):
    """``Minimal`` with each legal list taken from ``lists`` (the game's, in order) and the
    hands' sizes alone kept."""

    __slots__ = ("lists", "at")

    def __init__(self, seed: int, lists: list[list[Play]]) -> None:
        super().__init__(seed)
        self.lists = lists
        self.at = 0

    def new_hand(self, cards: list[int], keys: list[int]) -> Any:
        return Counted(cards)

    def legal_actions(self) -> list[Play]:
        acts = self.acts
        if acts is None:
            acts = self.acts = self.lists[self.at]
            self.at += 1
        return list(acts)


def loop(t: Minimal, rng: random.Random) -> int:
    decisions = 0
    while not t.over:
        t.apply(rng.choice(list(t.legal_actions())))
        decisions += 1
    return decisions


def check(game: Any, games: int) -> None:
    """The minimal table gives the real table's legal lists, game after game."""
    for seed in range(games):
        real, mine = game.new_table(seed=seed), Minimal(seed)
        rng = random.Random(seed)
        while not real.over:
            acts = real.legal_actions()
            if acts != mine.legal_actions():
                raise SystemExit(f"the minimal table differs from the real one (seed {seed})")
            mv = rng.choice(acts)
            real.apply(mv)
            mine.apply(mv)
        if not mine.over:
            raise SystemExit(f"the minimal table did not end with the real one (seed {seed})")


def recorded() -> list[list[list[Play]]]:
    """Every legal list of the games of seeds 0 up to RECORDED, in order."""
    out = []
    for seed in range(RECORDED):
        t, rng, lists = Minimal(seed), random.Random(seed), []
        while not t.over:
            acts = t.legal_actions()
            lists.append(acts)
            t.apply(rng.choice(acts))
        out.append(lists)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    parser.add_argument("--pairs", type=int, default=4, help="slices of each side")
    args = parser.parse_args(argv)
    game = cardrules.load("big_two")
    m = game.module
    Minimal.use(m)
    check(game, 300)
    record = recorded()

    def minimal(seed: int) -> int:
        return loop(Minimal(seed), random.Random(seed))

    def replayed(seed: int) -> int:
        seed %= RECORDED
        return loop(Replayed(seed, record[seed]), random.Random(seed))

    sides: dict[str, Callable[[int], int]] = {
        "plain": plain_player(load_plain()), "table": compiled_player(game),
        "minimal": minimal, "replayed": replayed}
    totals = {k: [0, 0.0] for k in sides}
    for i in range(args.pairs):
        for k in (list(sides) if i % 2 == 0 else list(reversed(sides))):
            games, _, spent = run_slice(sides[k], 1000 * i, args.slice)
            totals[k][0] += games
            totals[k][1] += spent
    rate = {k: g / s for k, (g, s) in totals.items()}
    print(f"big_two's public loop by layers, {args.pairs} alternating slices of {args.slice:g} "
          f"CPU s each side (games/s; ratio to the plain engine)")
    for k in sides:
        print(f"  {k:<9} {rate[k]:8.1f} games/s  {rate[k] / rate['plain']:5.2f}x")


if __name__ == "__main__":
    main()
