"""Bots: each picks one of the legal moves from what its seat may see (a SeatView)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import cast

from .. import core
from ..protocol import Play, RulesModule
from .auction import Bid
from .table import Action, SeatView

Bot = core.Bot[SeatView, Action]


_BITS = [n.bit_length() for n in range(1024)]  # n.bit_length(), for the counts there are


@core.uniform
def random_bot(view: SeatView | None, legal: Sequence[Action], rng: random.Random) -> Action:
    """Any legal move (or bid), uniformly: ``rng.choice(legal)``. For a ``random.Random``
    itself its draw is written out (``_randbelow``: bits drawn until below the count), the
    same index without choice's two calls; another source draws with its own ``choice``.
    It reads no view (``play_out`` makes none for it)."""
    n = len(legal)
    if rng.__class__ is not _WRITTEN or not 0 < n < 1024:
        return rng.choice(legal)
    k = _BITS[n]
    i = rng.getrandbits(k)
    while i >= n:
        i = rng.getrandbits(k)
    return legal[i]


def _same_as_choice() -> bool:
    """Whether the written-out draw picks what this Python's ``choice`` picks (checked once,
    on a few counts: else ``random_bot`` asks ``choice`` itself)."""
    for seed in range(4):
        a, b = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 30, 100, 1023):
            seq = cast(Sequence[Action], range(n))
            if a.choice(seq) != random_bot(None, seq, b):
                return False
    return True


# The source whose draw is written out: random.Random, unless it draws otherwise here.
_WRITTEN: type | None = random.Random
_WRITTEN = random.Random if _same_as_choice() else None


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
