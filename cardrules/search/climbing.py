"""Worlds of the climbing family, from a seat's view (runtime/climbing.py SeatView).

The view's history holds every public action in order: bids, plays and passes, and events
(the rest taken by the leader, a passed-out deal dealt again). A world deals each other seat
the cards it played plus hidden cards up to what it was dealt, the rest (when the rules give
it to the leader) its shown cards or hidden ones, and replays the actions since the last
deal."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..cards import CardError, parse_cards
from ..runtime.climbing.auction import NO_BID, Bid
from ..runtime.climbing.table import SeatView, Table
from ..runtime.core import IllegalMove
from ..runtime.protocol import Play, RulesModule
from .worlds import Failed, Place, Sample, unknown_pool

REST: Place = -1  # the cards the rules give the leader
NOBODY: Place = -2  # cards dealt to nobody


def _parsed(text: str) -> Bid | tuple[int, ...] | None:
    """A history entry as an action: a bid, a play's cards (() a pass); None for an event."""
    if text == "pass":
        return ()
    if text.startswith("bid ") and text[4:].isdigit():
        return Bid(int(text[4:]))
    try:
        return tuple(parse_cards(text))
    except CardError:
        return None


class ClimbingWorlds:
    def __init__(self, m: RulesModule) -> None:
        self.m = m
        self.n = m.PLAYERS
        total = len(m.DECK) * m.COPIES
        self.rest_size = max(0, total - self.n * m.DEAL_EACH - m.KITTY)
        self.to_leader = m.REST_TO == "leader" and self.rest_size > 0

    def prepare(self, view: SeatView) -> None:
        m, n, me = self.m, self.n, view.seat
        self.view = view
        start = max((i + 1 for i, (s, _) in enumerate(view.history) if s < 0), default=0)
        self.redealt = start > 0
        self.deals = 1 + sum(1 for s, _ in view.history if s < 0)
        actions: list[tuple[int, Bid | tuple[int, ...]]] = []
        for s, text in view.history[start:]:
            a = _parsed(text)
            if a is not None and s >= 0:
                actions.append((s, a))
        self.actions = actions
        played = [Counter[int]() for _ in range(n)]
        for s, a in actions:
            if isinstance(a, tuple):
                played[s].update(a)
        # The auction, if any, opens the deal: its first word is the first bidder's.
        self.first_bidder = (actions[0][0] if actions else me) if m.AUCTION_BIDS else None
        taken = self.to_leader and not view.bidding and view.leader >= 0
        self.taker = view.leader if taken else -1
        shown = Counter(view.shown)
        # What each seat was dealt: its cards now and the cards it played, less the rest.
        sizes = [view.hand_sizes[s] + sum(played[s].values()) for s in range(n)]
        if self.taker >= 0:
            sizes[self.taker] -= self.rest_size
        mine = Counter(view.hand) + played[me]
        known = Counter(mine)
        for s in range(n):
            if s != me:
                known.update(played[s])
        known.update(shown - played[self.taker] if self.taker >= 0 and self.taker != me
                     else Counter())
        self._pool = unknown_pool(m.DECK, m.COPIES, known)
        # Cards a seat is known to hold (played), placed in its deal, or in the rest.
        self.pinned: list[list[int]] = [[] for _ in range(n)]
        self.rest_known: list[int] = []
        for s in range(n):
            if s == me:
                continue
            cards = sorted(played[s].elements())
            if s == self.taker and shown:
                self.rest_known = list(view.shown)  # in the order shown
                cards = sorted((played[s] - shown).elements())
            elif s == self.taker:  # played beyond its deal: from the rest
                overflow = max(0, len(cards) - sizes[s])
                self.rest_known, cards = cards[:overflow], cards[overflow:]
            self.pinned[s] = cards
        own = sorted(mine.elements())
        if self.taker == me:  # what I took is mine: any split of my cards will do
            rest = list(view.shown) if shown else own[:self.rest_size]
            own = sorted((mine - Counter(rest)).elements())
            self.rest_known = rest
        self.own = own
        self._places: dict[Place, int] = {s: sizes[s] - len(self.pinned[s])
                                          for s in range(n) if s != me}
        if self.to_leader:
            self._places[REST] = self.rest_size - len(self.rest_known)
        self._places[NOBODY] = len(self._pool) - sum(self._places.values())
        if any(k < 0 for k in self._places.values()):
            raise ValueError("a view whose hand sizes do not add up")

    def pool(self) -> list[int]:
        return self._pool

    def places(self) -> dict[Place, int]:
        return self._places

    def build(self, sample: Sample) -> Table:
        view, me = self.view, self.view.seat
        hands = [self.own if s == me else self.pinned[s] + sample.cards[s]
                 for s in range(self.n)]
        rest = self.rest_known + sample.cards.get(REST, []) if self.to_leader else None
        leader = None if self.m.AUCTION_BIDS else view.leader
        t = Table(self.m, hands=hands, rest=rest, leader=leader, seed=sample.seed,
                  first_bidder=self.first_bidder)
        t.deals = self.deals
        for s, a in self.actions:
            if t.over or t.seat != s:
                raise Failed()
            try:
                t.apply(NO_BID if a == () and t.bidding else a)
            except IllegalMove:
                raise Failed(s, _cards_of(t.legal_actions(), a)) from None
        seen = t.view(me)
        if self.redealt:  # the world has no earlier deals to show
            seen = seen._replace(history=view.history)
        if t.over or seen != view:
            raise Failed()
        return t


def _cards_of(legal: list[Any], done: Bid | tuple[int, ...]) -> set[int]:
    """The cards of the legal plays, but those of the action the seat made."""
    out = {c for a in legal if isinstance(a, Play) for c in a.cards}
    return out - set(done) if isinstance(done, tuple) else out
