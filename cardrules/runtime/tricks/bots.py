"""Bots for family tricks: each picks one of the legal actions from what its seat may see."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import core
from . import trick
from .protocol import TricksModule
from .table import Action, TricksSeatView

TricksBot = core.Bot[TricksSeatView, Action]


@core.uniform
def random_bot(view: TricksSeatView | None, legal: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action, uniformly. It reads no view (``play_out`` makes none for it)."""
    return legal[rng.randrange(len(legal))]


def make_greedy(m: TricksModule) -> TricksBot:
    """Bids whenever it can; buries its weakest card without points; leads its strongest
    card alone; follows with its weakest legal cards."""

    def greedy_bot(view: TricksSeatView, legal: Sequence[Action],
                   rng: random.Random) -> Action:
        kinds = {a.kind for a in legal}
        if "bid" in kinds:
            return next(a for a in legal if a.kind == "bid")
        if kinds == {"pass"}:
            return legal[0]
        state = view.trump or trick.TrumpState(-1, 0)
        order = trick.order_for(m, state)

        def weak(a: Action) -> tuple[int, int]:
            return (m.POINTS[a.card] > 0, order.strength(a.card))

        if "bury" in kinds:
            return min(legal, key=weak)
        if "done" in kinds:
            return next(a for a in legal if a.kind == "done")
        cards = [a for a in legal if a.kind == "card"]
        if not view.trick:  # leading: the strongest card
            return max(cards, key=lambda a: order.strength(a.card))
        return min(cards, key=weak)

    return greedy_bot


BOTS: core.BotKinds[TricksModule, TricksBot] = core.BotKinds({
    "random": lambda m: random_bot,
    "greedy": make_greedy,
})
