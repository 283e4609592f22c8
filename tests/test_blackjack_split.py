"""The expect bot's value of a split, and of the plays of split hands, against an independent
reckoning: every order the unseen cards of a small shoe can come in, with the casino rules
written out here by hand (blackjack_casino.rules: split any two cards of equal value, again up
to four hands; a split ace takes one card and no more; no double after a split; a 21 after a
split is no BlackJack; the house checks its face-down card for a BlackJack at the deal, hits
below 17 and stands on all 17s; BlackJack pays 3:2). The split hands share the cards: what
one hand takes the next cannot, and the house draws after all of them. The player sees each
card as it comes and plays every hand at its best given what it has seen: the exact value.

The reckoning follows the table's order of cards: the house's face-down card first (place 0
of an order), then the player's draws; on a split, the first hand takes its card, then the
new hand (placed after it) takes its card, then the first hand plays on; the house draws
last."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from fractions import Fraction

import pytest
from blackjack_ref import total

import cardrules
from cardrules.families.banking.game import BankingGame
from cardrules.runtime.banking.bots import Expectation

Hand = tuple[tuple[int, ...], int, bool]  # values, bet, made by a split


def natural(values: Sequence[int], split: bool = False) -> bool:
    return len(values) == 2 and total(values) == 21 and not split


def payout(hand: Hand, banker: Sequence[int]) -> int:
    values, bet, split = hand
    if total(values) > 21:
        return -bet
    if total(banker) > 21:
        return bet
    if natural(values, split):
        return 0 if natural(banker) else 3 * bet // 2
    if natural(banker):
        return -bet
    mine, theirs = total(values), total(banker)
    return bet if mine > theirs else -bet if mine < theirs else 0


class Reckoning:
    def __init__(self, up: int, unseen: Sequence[int]) -> None:
        self.up = up
        # Every distinct order of the unseen values is equally likely; the round went on
        # after the deal, so the face-down card and the face-up one make no BlackJack.
        self.orders = [o for o in set(itertools.permutations(unseen))
                       if not natural([o[0], up])]
        self.size = len(unseen)

    def settle(self, orders: list[tuple[int, ...]], hands: list[Hand], at: int) -> Fraction:
        got = 0
        for o in orders:
            banker = [o[0], self.up]
            k = at
            while total(banker) < 17 and k < self.size:  # as the table: while cards last
                banker.append(o[k])
                k += 1
            got += sum(payout(h, banker) for h in hands)
        return Fraction(got, len(orders))

    def drawn(self, orders: list[tuple[int, ...]], at: int
              ) -> list[tuple[int, list[tuple[int, ...]]]]:
        """The orders grouped by the card at place ``at`` (the one the player sees next)."""
        key = lambda o: o[at]  # noqa: E731
        return [(v, list(g)) for v, g in itertools.groupby(sorted(orders, key=key), key=key)]

    def options(self, orders: list[tuple[int, ...]], hands: list[Hand], i: int,
                at: int) -> dict[str, Fraction]:
        """Each legal action's value on hand ``i``, the player's next card at ``at``."""
        values, bet, split = hands[i]
        n = len(orders)
        out = {"stand": self.play(orders, hands, i + 1, at)}
        stock = self.size - at  # an action is offered only if the stock has its cards
        if total(values) < 21 and not (split and values[0] == 11) and stock:
            out["hit"] = sum((len(g) * self.after(g, hands, i, (*values, v), bet, split,
                                                  at + 1, stop=False)
                              for v, g in self.drawn(orders, at)), Fraction()) / n
        if len(values) == 2 and not split and total(values) < 21 and stock:
            out["double"] = sum((len(g) * self.after(g, hands, i, (*values, v), 2 * bet,
                                                     split, at + 1, stop=True)
                                 for v, g in self.drawn(orders, at)), Fraction()) / n
        if len(values) == 2 and values[0] == values[1] and len(hands) < 4 and stock >= 2:
            parts = Fraction()
            for v, g in self.drawn(orders, at):
                for w, g2 in self.drawn(g, at + 1):
                    made = [*hands[:i], ((values[0], v), bet, True),
                            ((values[1], w), bet, True), *hands[i + 1:]]
                    parts += len(g2) * self.at_hand(g2, made, i, at + 2)
            out["split"] = parts / n
        return out

    def after(self, orders: list[tuple[int, ...]], hands: list[Hand], i: int,
              values: tuple[int, ...], bet: int, split: bool, at: int, stop: bool
              ) -> Fraction:
        made = [*hands[:i], (values, bet, split), *hands[i + 1:]]
        if stop:
            return self.play(orders, made, i + 1, at)
        return self.at_hand(orders, made, i, at)

    def at_hand(self, orders: list[tuple[int, ...]], hands: list[Hand], i: int,
                at: int) -> Fraction:
        if total(hands[i][0]) > 21:
            return self.play(orders, hands, i + 1, at)
        return max(self.options(orders, hands, i, at).values())

    def play(self, orders: list[tuple[int, ...]], hands: list[Hand], i: int,
             at: int) -> Fraction:
        """Hand ``i`` on plays at its best; after the last, the house draws and settles."""
        if i == len(hands):
            return self.settle(orders, hands, at)
        return self.at_hand(orders, hands, i, at)


def casino() -> BankingGame:
    g = cardrules.load("blackjack_casino")
    assert isinstance(g, BankingGame)
    return g


SHOES = [
    # the player's pair, the house's face-up card, the unseen cards; whether the hands
    # valued on their own come to another figure
    ("S8 H8", "D7", "S10 HK D9 C8 S9 H10 SQ", False),  # a third 8 among them: splits again
    ("S9 H9", "D6", "S10 HK D9 C8 S7 H10 SA", True),
    ("SA HA", "D6", "S10 HK DA C8 S7 H9 SQ", False),   # split aces: one card each; again on A
    ("S10 HK", "D5", "SQ HJ D9 C8 S10 H7 S9", True),   # ten-valued cards, up to four hands
    ("S6 H6", "D10", "SQ HJ D6 C8 S10 H7 S9", True),   # the face-down card is no A
    ("S2 H2", "D6", "S10 HK D9 C3 S7 H5 SA", True),    # the split hands draw several cards
    ("S7 H7", "D10", "S10 HK D9 C3 S7 H5 S4", True),   # short of cards on some plays
]


@pytest.mark.parametrize(("pair", "up", "unseen", "differs"), SHOES)
def test_split_value_is_exact_on_small_shoes(pair: str, up: str, unseen: str,
                                              differs: bool) -> None:
    g = casino()
    m = g.module
    v = m.VALUE
    cards, shown, rest = g.parse_cards(pair), g.parse_cards(up), g.parse_cards(unseen)
    ref = Reckoning(v[shown[0]], [v[c] for c in rest])
    want = ref.options(ref.orders, [(tuple(v[c] for c in cards), 2, False)], 0, 1)
    bot = Expectation(m, budget=10**8, joint=10**8)
    acts = [m.ACTIONS.index(a) for a in want]
    got = bot.values(1, cards, [-1, *shown], rest, acts, bet=2)
    assert bot.last_mode == 0  # the exact joint reckoning, within its budget
    for a in acts:
        assert got[a] == pytest.approx(float(want[m.ACTIONS[a]]), abs=1e-9), m.ACTIONS[a]
    # The hands on their own (each drawing from the cards as they are at the split) is
    # another figure: the test tells the two apart.
    alone = Expectation(m, budget=10**8, joint=0, own=False)
    split = m.ACTIONS.index("split")
    apart = alone.values(1, cards, [-1, *shown], rest, [split], bet=2)[split]
    assert alone.last_mode == 2
    assert (abs(apart - float(want["split"])) > 0.01) == differs


def test_a_split_hand_plays_with_the_other_hands_in_view() -> None:
    """After a split, the first hand's plays weigh the second hand waiting (its cards seen,
    the cards it will take) and the house's one final hand against both; the second's weigh
    the first's finished hand."""
    g = casino()
    m = g.module
    v = m.VALUE
    shown = g.parse_cards("D7")
    rest = g.parse_cards("S10 HK D9 C8 S9 H10 SQ")
    first, second = g.parse_cards("S8 H3"), g.parse_cards("C8 D2")
    ref = Reckoning(v[shown[0]], [v[c] for c in rest])
    hands: list[Hand] = [(tuple(v[c] for c in first), 2, True),
                         (tuple(v[c] for c in second), 2, True)]
    bot = Expectation(m, budget=10**8, joint=10**8)
    names = ("hit", "stand")
    acts = [m.ACTIONS.index(a) for a in names]
    want = ref.options(ref.orders, hands, 0, 1)
    got = bot.values(1, first, [-1, *shown], rest, acts, bet=2, split=True, count=2,
                     after=[(second, 2, True)])
    assert bot.last_mode == 0
    for a in acts:
        assert got[a] == pytest.approx(float(want[m.ACTIONS[a]]), abs=1e-9)
    # The second hand, the first one finished at 20 (S8 H3 then the S9 from the shoe): its
    # cards are no longer unseen.
    done = g.parse_cards("S8 H3 S9")
    left = [c for c in rest if c not in done]
    ref = Reckoning(v[shown[0]], [v[c] for c in left])
    hands = [(tuple(v[c] for c in done), 2, True), hands[1]]
    want = ref.options(ref.orders, hands, 1, 1)
    got = bot.values(1, second, [-1, *shown], left, acts, bet=2, split=True, count=2,
                     before=[(done, 2, True)])
    assert bot.last_mode == 0
    for a in acts:
        assert got[a] == pytest.approx(float(want[m.ACTIONS[a]]), abs=1e-9)


def test_the_bot_splits_and_plays_both_hands_at_a_table() -> None:
    """At a table, dealt S8 H8 against a 6 from one deck, the bot splits; then it plays each
    split hand with the other in view (the waiting hand, then the finished one), by legal
    moves, each decision reckoned exactly: the seat's best within JOINT_BUDGET, else for
    the stated continuation (a full deck is past JOINT_BUDGET), never an estimate."""
    g = casino()
    m = g.module
    given = g.parse_cards("S8 H8 D10 C6")
    rest = [c for c in m.DECK if c not in given]
    t = g.new_table(seats=["threshold", "expect"], stock=[*given, *rest])
    bot = Expectation(m)
    modes = []
    while not t.over:
        legal = t.legal_actions()
        if t.seat == 1 and legal[0].act >= 0:
            mv = bot(t.view(1), legal, random.Random(1))
            modes.append(bot.last_mode)
        else:
            mv = legal[0]
        assert mv in legal
        t.apply(mv)
    moves = [a for s, a in t.history if s == 1]
    assert str(moves[1]) == "split"
    assert len([h for h in t.result().hands if h.seat == 1]) >= 2
    # the split exactly, its hands played by their own cards (1); then each hand with the
    # others in view: the seat's best (0) or the stated continuation (1), both exact
    assert len(modes) >= 3 and modes[0] == 1 and set(modes[1:]) <= {0, 1}
