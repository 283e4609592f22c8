"""Bots: each picks one of the legal moves from what its seat may see (a SeatView)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .. import core
from ..protocol import Play, RulesModule
from .auction import Bid
from .table import Action, SeatView

Bot = core.Bot[SeatView, Action]


@core.blind
def random_bot(view: SeatView | None, legal: Sequence[Action], rng: random.Random) -> Action:
    """Any legal move (or bid), uniformly (``choice`` draws as ``randrange(len(legal))``
    does, with one call fewer). It reads no view (``play_out`` makes none for it)."""
    return rng.choice(legal)


def make_bidder(m: RulesModule) -> Callable[[SeatView, Sequence[Bid]], Bid]:
    """A plain auction rule from the hand alone: count the cards of the game's four highest
    ranks in the hand, beyond what a hand of its size holds on average; each card beyond that
    is worth one step of the bids. Bid the step the hand is worth if it beats the standing
    bid, else pass."""
    ranks = sorted(set(m.RANK[c] for c in m.DECK))
    top = set(ranks[-4:])
    share = sum(1 for c in m.DECK if m.RANK[c] in top) / len(m.DECK)

    def bidder(view: SeatView, legal: Sequence[Bid]) -> Bid:
        high = sum(1 for c in view.hand if m.RANK[c] in top)
        steps = min(int(high - share * len(view.hand)), len(m.AUCTION_BIDS))
        want = m.AUCTION_BIDS[steps - 1] if steps > 0 else 0
        return next((b for b in legal if b.value == want), legal[-1])  # legal[-1]: pass

    return bidder


def make_greedy(m: RulesModule) -> Bot:
    """The lowest legal play: the one whose strongest card is weakest (more cards first on a
    tie); bombs only when nothing else beats. Passes only when it must."""
    card_key = m.CARD_KEY.__getitem__

    bidder = make_bidder(m)

    def strength(mv: Play) -> tuple[bool, int, int]:  # (a pass is never asked)
        return (mv.bomb >= 0, max(map(card_key, mv.cards)), -len(mv.cards))

    def greedy_bot(view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.bidding:
            return bidder(view, [b for b in legal if isinstance(b, Bid)])
        # The plays read where they are (the table's own list): no list of them is made.
        best = min((mv for mv in legal if isinstance(mv, Play) and mv.cards), key=strength,
                   default=None)
        return best if best is not None else legal[0]

    return greedy_bot


BOTS: core.BotKinds[RulesModule, Bot] = core.BotKinds({
    "random": lambda m: random_bot,
    "greedy": make_greedy,
})
