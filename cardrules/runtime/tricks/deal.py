"""The deal-and-bid phase: cards dealt one at a time in turn order, and bids (亮主) shown
whenever a hand allows one. Only a bid of a higher level displaces the standing one
(``overrides: higher``); the standing bid names the trump suit, or none (no-trump)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import format_cards
from .protocol import TricksModule


@dataclass(frozen=True)
class Bid:
    """Cards shown as a bid: ``count`` copies of ``card``, at a level of the bidding."""

    seat: int
    level: int  # index into the module's BIDS, low to high
    card: int
    count: int
    suit: int  # the suit it names, -1 for none (no-trump)

    def __str__(self) -> str:
        return format_cards([self.card] * self.count)


def legal_bids(m: TricksModule, seat: int, hand: Sequence[int], rank: int,
               standing: Bid | None) -> list[Bid]:
    """Every bid the hand can show over the standing one (none if the game has no bidding)."""
    out: list[Bid] = []
    for level, options in enumerate(m.BIDS):
        if standing is not None and level <= standing.level:
            continue
        for count, card in options:
            cards = [s * 13 + rank for s in range(4)] if card < 0 else [card]
            for c in cards:
                if hand.count(c) >= count:
                    suit = c // 13 if m.BID_NAMES_SUIT[level] and c < 52 else -1
                    bid = Bid(seat, level, c, count, suit)
                    if bid not in out:
                        out.append(bid)
    return out


def deal_order(players: int, each: int, start: int) -> list[int]:
    """Which seat receives each dealt card: one at a time, in turn order from ``start``."""
    return [(start + i) % players for i in range(players * each)]
