"""Bots: each picks one of the legal moves from what its seat may see (a SeatView)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .climbing import Move, SeatView
from .protocol import RulesModule

Bot = Callable[[SeatView, Sequence[Move], random.Random], Move]


def random_bot(view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
    """Any legal move, uniformly."""
    return legal[rng.randrange(len(legal))]


def make_greedy(m: RulesModule) -> Bot:
    """The lowest legal play: the one whose strongest card is weakest (more cards first on a
    tie); bombs only when nothing else beats. Passes only when it must."""
    key = m.CARD_KEY

    def strength(mv: Move) -> tuple[int, int, int]:
        assert mv.play is not None
        return (mv.play.bomb >= 0, max(key[c] for c in mv.cards), -len(mv.cards))

    def greedy_bot(view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        plays = [mv for mv in legal if not mv.is_pass]
        return min(plays, key=strength) if plays else legal[0]

    return greedy_bot


BOT_KINDS = ("random", "greedy", "human")


def make_bot(kind: str, m: RulesModule) -> Bot:
    if kind == "random":
        return random_bot
    if kind == "greedy":
        return make_greedy(m)
    raise ValueError(f"no bot named '{kind}'")
