"""Worlds of the tricks family, from a seat's view (runtime/tricks/table.py TricksSeatView).

The view shows the bids (who showed which cards, not when), the tricks and the trick being
played (failed throws included), and the kitty to its dealer. A world deals each seat the
cards it showed or played plus hidden cards, in a deal order that puts its own cards seen so
far first; the kitty is what is left (the dealer's own view fixes it). It is driven to the
view's decision: during the deal a seat makes its next public bid when it is legal and passes
otherwise; another dealer buries hidden cards it never plays in public; the plays are made
card by card as they were."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from ..runtime.core import IllegalMove
from ..runtime.tricks.protocol import TricksModule
from ..runtime.tricks.table import DONE, PASS, Action, TricksSeatView, TricksTable
from .worlds import Failed, Place, Sample, unknown_pool

KITTY: Place = -1
SHAPE = 1.0  # a round's whole card points, as a share of a score point (see reward)
MAX_STEPS = 20_000  # deal steps of one replay, at most


class TricksWorlds:
    def __init__(self, m: TricksModule) -> None:
        self.m = m
        self.n = m.PLAYERS

    def prepare(self, view: TricksSeatView) -> None:
        m, n, me = self.m, self.n, view.seat
        self.view = view
        plays: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []  # seat, cards, tried
        for t in view.tricks:
            for i, (s, cards) in enumerate(t.plays):
                plays.append((s, cards, t.failed_throw if i == 0 else ()))
        for s, cards in view.trick:
            plays.append((s, cards, ()))
        self.plays = plays
        played = [Counter[int]() for _ in range(n)]
        for s, cards, _ in plays:
            played[s].update(cards)
        bid_cards = [Counter[int]() for _ in range(n)]  # and the cards of failed throws
        for s, _, tried in plays:
            bid_cards[s] |= Counter(tried)
        for s, text in view.bids:
            bid_cards[s] |= Counter(self._cards(text))
        dealer_sees = bool(view.kitty)
        kitty = list(view.kitty[:m.KITTY]) if dealer_sees else []
        self.buried = list(view.kitty[m.KITTY:]) if dealer_sees else []
        mine = Counter(view.hand) + played[me] + Counter(self.buried)
        mine.subtract(kitty)
        own = list((+mine).elements())
        self.own_seen = own  # dealt to me so far (all of my deal once the deal is over)
        known = Counter(own) + Counter(kitty)
        self.pinned: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            if s != me:
                held = played[s] | bid_cards[s]  # a bid's cards, played later or not
                self.pinned[s] = list(held.elements())
                known.update(held)
        self._pool = unknown_pool(m.DECK, m.COPIES, known)
        each = m.DEAL_EACH
        self._places: dict[Place, int] = {s: each - len(self.pinned[s])
                                          for s in range(n) if s != me}
        self._places[me] = each - len(own)
        self._places[KITTY] = len(self._pool) - sum(self._places.values())
        if any(k < 0 for k in self._places.values()) or \
                self._places[KITTY] != m.KITTY - len(kitty):
            raise ValueError("a view whose cards do not add up to the deal")

    def _cards(self, text: str) -> list[int]:
        from ..cards import parse_cards
        return list(parse_cards(text[4:] if text.startswith("bid ") else text))

    def pool(self) -> list[int]:
        return self._pool

    def places(self) -> dict[Place, int]:
        return self._places

    def build(self, sample: Sample) -> TricksTable:
        view, me, m = self.view, self.view.seat, self.m
        rng = random.Random(sample.seed)
        hands = [self.own_seen + sample.cards[me] if s == me else
                 self.pinned[s] + sample.cards[s] for s in range(self.n)]
        t = TricksTable(m, hands=hands, dealer=view.dealer if view.dealer >= 0 else None,
                        levels=view.levels, seed=sample.seed)
        bids = [(s, sorted(self._cards(text))) for s, text in view.bids]
        steps = 0
        while t.phase in ("deal", "last bids"):
            if self._at(t):
                return t
            steps += 1
            if steps > MAX_STEPS or t.over:
                raise Failed()
            s = t.seat
            move = PASS
            if bids and bids[0][0] == s:
                wanted = bids[0][1]
                move = next((a for a in t.legal_actions()
                             if a.kind == "bid" and sorted(a.cards) == wanted), PASS)
                if move is not PASS:
                    bids.pop(0)
            t.apply(move)
        if bids:
            raise Failed(bids[0][0])
        if t.phase == "bury":
            if t.seat == me:
                for c in self.buried:
                    if self._at(t):
                        return t
                    self._apply(t, Action("bury", c))
            else:
                keep = Counter(self.pinned[t.seat])  # shown in public: not buried
                hidden = list((Counter(t.hands[t.seat]) - keep).elements())
                if len(hidden) < m.KITTY:
                    raise Failed(t.seat)
                # Cards the seat was seen unable to hold go first (see worlds.repair).
                banned = sample.extra.get("avoid", {}).get(t.seat, set())
                rng.shuffle(hidden)
                hidden.sort(key=lambda c: c not in banned)
                for c in hidden[:m.KITTY]:
                    self._apply(t, Action("bury", c))
        for s, cards, tried in self.plays:
            if t.seat != s or t.phase != "play":
                raise Failed()
            lead = t.play is not None and not t.play.plays
            for c in tried or cards:
                self._apply(t, Action("card", c))
            if lead:
                self._apply(t, DONE)
                if tried:
                    made = t.tricks[-1].plays[0][1] if t.play is None or not t.play.plays \
                        else t.play.plays[0][1]
                    if Counter(made) != Counter(cards):
                        raise Failed()
        for c in view.selection:
            self._apply(t, Action("card", c))
        if not self._at(t):
            raise Failed()
        return t

    def _at(self, t: TricksTable) -> bool:
        """Whether the world is at the view's decision, showing what the view shows."""
        view = self.view
        if t.seat != view.seat or t.over:
            return False
        seen = t.view(t.seat)
        # The kitty comes in the deck's order, and cards of equal strength in the hand's
        # order: the same cards are the same view.
        if Counter(seen.kitty) != Counter(view.kitty) or Counter(seen.hand) != Counter(view.hand):
            return False
        return replace(seen, kitty=view.kitty, hand=view.hand) == view

    def _apply(self, t: TricksTable, a: Action) -> None:
        seat = t.seat
        try:
            t.apply(a)
        except IllegalMove:
            culprits = {x.card for x in t.legal_actions() if x.kind == "card"} - {a.card}
            raise Failed(seat, culprits) from None


def make_reward(m: TricksModule) -> Callable[[TricksTable], list[float]]:
    """What the search credits each seat with at the end of a played-out round: its score,
    plus ``SHAPE`` times the share of the round's card points its side took (the defenders'
    points for a defender, less them for the dealer's side). A score moves in steps of the
    points (a level for every so many), so most moves change no score in most worlds; the
    points tell the search which of them gave or saved points on the way."""
    total = sum(m.POINTS[c] for c in m.DECK) * m.COPIES or 1

    def reward(t: TricksTable) -> list[float]:
        r = t.result()
        share = SHAPE * r.defender_points / total
        return [s + (-share if t._on_dealer_side(seat) else share)
                for seat, s in enumerate(r.scores)]

    return reward
