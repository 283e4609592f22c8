"""The deal-and-bid phase: cards dealt one at a time in turn order, and bids (亮主) shown
whenever a hand allows one. Only a bid of a higher level displaces the standing one
(``overrides: higher``); the standing bid names the trump suit, or none (no-trump)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import format_cards
from .protocol import TricksModule


@dataclass(frozen=True)
class Bid:
    """Cards shown as a bid, at a level of the bidding."""

    seat: int
    level: int  # index into the module's BIDS, low to high
    cards: tuple[int, ...]  # sorted codes
    suit: int  # the suit it names, -1 for none (no-trump)

    def __str__(self) -> str:
        return format_cards(list(self.cards))


def bid_cards(option: Sequence[int], rank: int) -> list[tuple[int, ...]]:
    """The card sets one option of a bid stands for: itself, or for an option of trump-rank
    cards (-1), those cards in each of the four suits."""
    if -1 not in option:
        return [tuple(option)]
    return [tuple(sorted(s * 13 + rank if c < 0 else c for c in option)) for s in range(4)]


_SHOWN: dict[tuple[int, int], list[tuple[int, tuple[int, ...], tuple[tuple[int, int], ...],
                                         int]]] = {}


def _shown(m: TricksModule, rank: int) -> list[tuple[int, tuple[int, ...],
                                                      tuple[tuple[int, int], ...], int]]:
    """Every bid of the module at one trump rank, low to high: (level, cards shown, the
    copies of each card needed, the suit named or -1); built once per module and rank (a
    module lives as long as the process, so its id is a stable key)."""
    key = (id(m), rank)
    found = _SHOWN.get(key)
    if found is None:
        found = _SHOWN[key] = []
        for level, options in enumerate(m.BIDS):
            for option in options:
                for cards in bid_cards(option, rank):
                    suits = {c // 13 for c in cards if c < 52}
                    suit = suits.pop() if m.BID_NAMES_SUIT[level] and len(suits) == 1 else -1
                    found.append((level, cards, tuple(Counter(cards).items()), suit))
    return found


def legal_bids(m: TricksModule, seat: int, hand: Sequence[int], rank: int,
               standing: Bid | None) -> list[Bid]:
    """Every bid the hand can show over the standing one (none if the game has no bidding)."""
    out: list[Bid] = []
    held: Counter[int] | None = None
    least = -1 if standing is None else standing.level
    for level, cards, needs, suit in _shown(m, rank):
        if level <= least:
            continue
        if held is None:
            held = Counter(hand)
        if any(held[c] < k for c, k in needs):
            continue
        bid = Bid(seat, level, cards, suit)
        if bid not in out:
            out.append(bid)
    return out


def deal_order(players: int, each: int, start: int) -> list[int]:
    """Which seat receives each dealt card: one at a time, in turn order from ``start``."""
    return [(start + i) % players for i in range(players * each)]
