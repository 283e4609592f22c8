"""Worlds of the banking family, from a seat's view (runtime/banking.py SeatView).

The view shows every card face up, and -1 for another hand's face-down cards; the stock is
unseen. A world deals each card the view shows where it shows it, and the hidden cards (the
face-down ones first, then the stock's) from a shuffle of the cards not seen, replaying the
history's actions; the banker's policy and the hands that stand by themselves play as they
did, or the sample is refused (a banker's face-down card that would have ended the round at
once, say). The cards drawn after the decision come from the stock at random, by the
table's generator, which each copy of the world starts afresh: the search sees a new future
in every iteration, not the one shuffle of its world."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..runtime.banking.table import BankAction, BankingModule, Hand, SeatView, Table
from ..runtime.core import IllegalMove
from .worlds import Failed, Place, Sample, unknown_pool

Policy = Callable[[Any, Sequence[Any], random.Random], Any]
UNSEEN: Place = -1
TRUST = 0.9  # the share of samples refused where the policy plays otherwise (BankingWorlds)
# Standard errors by which a bet other than the plain bot's must gain over it (a play needs
# the search's ordinary margin). A bet comes once a round, before any card decides it: a
# seat takes the same decision round after round, and a larger bet multiplies the round's
# score and its spread. At 2 standard errors the search bet the most in 4 rounds of 253 in
# a game whose every bet loses (blackjack_casino, 1000 play-outs: 100 copies a bet size),
# and those rounds lost more than all its plays gained. 4 standard errors: a one-sided
# chance of about 3 in 100,000 a bet size, under 3 in 10,000 for the nine of that game.
BET_MARGIN = 4.0


def bet_margin(move: BankAction) -> float | None:
    """The margin of a move at a flat search's root (ISMCTS ``margin_of``): BET_MARGIN for a
    bet, None (the search's own) for the rest."""
    return BET_MARGIN if move.act < 0 else None


class _World(Table):
    """A table whose cards come from the view where it shows them, else from the sample."""

    def __init__(self, m: BankingModule, shown: tuple[tuple[tuple[int, ...], ...], ...],
                 hidden: Sequence[int], seed: int) -> None:
        super().__init__(m, seed=seed, players=len(shown))
        self.shown = shown
        self.hidden = list(hidden)
        self.replaying = True  # cards come from the view while the history is replayed

    def card_for(self, h: Hand) -> int:
        if not self.replaying:  # after the decision: a fresh draw (the copy's own generator)
            return super().card_for(h)
        hands = self.hands[h.seat]
        index = next((i for i, x in enumerate(hands) if x is h), 0)  # 0: being dealt
        rows = self.shown[h.seat]
        pos = len(h.cards)
        card = rows[index][pos] if self.replaying and index < len(rows) \
            and pos < len(rows[index]) else -1
        if card < 0:
            if not self.hidden:
                raise Failed()
            card = self.hidden.pop()
        try:
            self.stock.remove(card)
        except ValueError:
            raise Failed() from None
        return card


class BankingWorlds:
    """``policy``, if given, is what the search takes the other seats to play by: a sample in
    which it would have made another seat's play (a hit, a stand; not a bet, which no card
    decides) otherwise than that seat did is refused, but one time in ten (a seat that plays
    otherwise still has worlds). A player who stood is then seen to hold a hand it stands
    on: a banker's search that took the player's face-down card for any card stood too
    early."""

    def __init__(self, m: BankingModule, policy: Policy | None = None) -> None:
        self.m = m
        self.policy = policy

    def prepare(self, view: SeatView) -> None:
        self.view = view
        seen = Counter(c for hands in view.hands for cards in hands for c in cards if c >= 0)
        self._pool = unknown_pool(self.m.DECK, self.m.COPIES, seen)

    def pool(self) -> list[int]:
        return self._pool

    def places(self) -> dict[Place, int]:
        return {UNSEEN: len(self._pool)}

    def build(self, sample: Sample) -> Table:
        view = self.view
        t = _World(self.m, view.hands, sample.cards[UNSEEN], sample.seed)
        history = view.history
        rng = random.Random(sample.seed + 1)
        while len(t.history) < len(history):
            s, text = history[len(t.history)]
            if t.over or t.seat != s:
                raise Failed()
            if self.policy is not None and s != view.seat:
                legal = t.legal_actions()
                try:
                    made = t.parse_action(text)
                except IllegalMove:
                    raise Failed() from None
                if made.act >= 0 and len(legal) > 1 and rng.random() < TRUST \
                        and self.policy(t.view(s), legal, rng) != made:
                    raise Failed()
            try:
                t.apply(text)
            except IllegalMove:
                raise Failed() from None
        if t.over != (view.phase == "over") or t.view(view.seat) != view:
            raise Failed()
        t.replaying = False
        return t
