"""The expect bot of the banking family against independent reckonings: on small shoes, an
enumeration of every order the unseen cards can come in (a different algorithm from the
bot's memoised recursion over counts, with the casino rules written out here by hand), to
1e-9; and on the casino game's one deck, textbook basic strategy on hands that are far
from the line, and single-deck composition-dependent plays."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from fractions import Fraction

import pytest
from blackjack_ref import total

import cardrules
from cardrules.families.banking.game import BankingGame
from cardrules.runtime.banking import bots as banking_bots
from cardrules.runtime.banking.bots import DECISION_BUDGET, Expectation

# ---------------------------------------------------------------- the casino rules, by hand
# (blackjack_casino.rules: one deck; the house hits below 17, stands on all 17s; it checks its
# face-down card for a BlackJack at the deal; BlackJack pays 3:2; double on two cards.)


def natural(values: Sequence[int]) -> bool:
    return len(values) == 2 and total(values) == 21


def payout(hand: Sequence[int], bet: int, banker: Sequence[int]) -> int:
    if total(hand) > 21:
        return -bet
    if total(banker) > 21:
        return bet
    if natural(hand):
        return 0 if natural(banker) else 3 * bet // 2
    if natural(banker):
        return -bet
    mine, theirs = total(hand), total(banker)
    return bet if mine > theirs else -bet if mine < theirs else 0


def settle(hand: list[int], bet: int, up: int, order: Sequence[int], at: int) -> int:
    """The banker's face-down card is the first of ``order``; it draws from ``at`` on."""
    banker = [order[0], up]
    while total(banker) < 17 and at < len(order):
        banker.append(order[at])
        at += 1
    return payout(hand, bet, banker)


def mean(xs: list[Fraction] | list[int]) -> Fraction:
    return Fraction(sum(xs), len(xs))


def best(orders: list[tuple[int, ...]], hand: list[int], bet: int, up: int,
         at: int) -> Fraction:
    """The player's best over the orders still possible once it has seen ``at - 1`` draws."""
    return max(brute(orders, hand, bet, up, at, first=False).values())


def brute(orders: list[tuple[int, ...]], hand: list[int], bet: int, up: int, at: int,
          first: bool = True) -> dict[str, Fraction]:
    """Each action's mean payout over every order of the unseen cards: the card at place 0 is
    the banker's face-down one, the player draws from place ``at`` on, the banker after."""
    out = {"stand": mean([settle(hand, bet, up, o, at) for o in orders])}
    if total(hand) < 21 and at < len(orders[0]):
        parts = []
        for card, group in itertools.groupby(sorted(orders, key=lambda o: o[at]),
                                             key=lambda o: o[at]):
            g = list(group)
            more = [*hand, card]
            if total(more) > 21:
                value = Fraction(-bet)
            elif total(more) == 21:  # a hand at 21 stands
                value = mean([settle(more, bet, up, o, at + 1) for o in g])
            else:
                value = best(g, more, bet, up, at + 1)
            parts.append(value * len(g))
        out["hit"] = Fraction(sum(parts), len(orders))
        if first:
            out["double"] = mean([settle([*hand, o[at]], 2 * bet, up, o, at + 1)
                                  for o in orders])
    return out


def enumerate_orders(unseen: list[int], up: int) -> list[tuple[int, ...]]:
    """Every order of the unseen cards (by value) in which the round went on after the deal:
    the banker's face-down card and its face-up one make no BlackJack."""
    return [o for o in itertools.permutations(unseen) if not natural([o[0], up])]


# ---------------------------------------------------------------- the bot's side
def casino() -> BankingGame:
    g = cardrules.load("blackjack_casino")
    assert isinstance(g, BankingGame)
    return g


def bot_values(g: BankingGame, hand: str, up: str, unseen: str, *, bet: int = 2,
               budget: int = DECISION_BUDGET) -> tuple[dict[str, float], Expectation]:
    m = g.module
    bot = Expectation(m, budget=budget)
    acts = [m.ACTIONS.index(a) for a in ("hit", "stand", "double")]
    got = bot.values(1, g.parse_cards(hand), [-1, *g.parse_cards(up)], g.parse_cards(unseen),
                     acts, bet=bet)
    return {m.ACTIONS[a]: v for a, v in got.items()}, bot


SHOES = [
    # hand, banker's face-up card, the unseen cards (a small shoe)
    ("S10 H6", "D10", "S9 HK DA C8 S7 H5 S2"),      # the face-down card is no A (no BlackJack)
    ("S6 H5", "DA", "S9 HK DA C8 S7 H5 SQ"),        # nor a 10 here; double 11 against an A
    ("SA H5", "D9", "S9 HK D4 C8 S3 H2 SA"),        # a soft hand
    ("S9 H2", "D6", "S10 HK D2 C3 S7 H5 SA D9"),    # eight cards: 40,320 orders
    ("S2 H3", "D7", "S10 HK D2 C3 S7 H5 SA"),       # many draws, a short stock
]


@pytest.mark.parametrize("listed", [True, False])
@pytest.mark.parametrize(("hand", "up", "unseen"), SHOES)
def test_expect_bot_is_exact_on_small_shoes(hand: str, up: str, unseen: str, listed: bool,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Both ways the bot reckons the banker's final hand: from its listed draws (a product of
    falling factorials per counts), and by recursion over the counts."""
    if not listed:
        monkeypatch.setattr(banking_bots, "PATHS_BUDGET", 0)
    g = casino()
    m = g.module
    got, bot = bot_values(g, hand, up, unseen)
    assert bot.last_mode == 0  # exact, within its budget
    value = [m.VALUE[c] for c in g.parse_cards(unseen)]
    orders = enumerate_orders(value, m.VALUE[g.parse_cards(up)[0]])
    want = brute(orders, [m.VALUE[c] for c in g.parse_cards(hand)], 2,
                 m.VALUE[g.parse_cards(up)[0]], 1)
    assert set(got) == set(want)
    for action, v in want.items():
        assert got[action] == pytest.approx(float(v), abs=1e-9), action
    if listed:
        assert bot.paths_memo[(bot.up, bot.missing)] is not None
    else:
        assert bot.paths_memo[(bot.up, bot.missing)] is None


# Far from the line in every basic strategy chart (one deck or many, the house standing on
# soft 17): the best action must be clear by more than 0.05 bets.
TEXTBOOK = [
    ("S10 H6", "D7", "hit"), ("S10 H7", "D10", "stand"), ("S10 H5", "D6", "stand"),
    ("S10 H4", "D9", "hit"), ("S3 H2", "D10", "hit"), ("S6 H5", "D6", "double"),
    ("S5 H5", "D6", "double"), ("SA H6", "D4", "double"), ("SA H7", "D9", "hit"),
    ("S8 H8", "D6", "split"), ("SA HA", "D6", "split"), ("S9 H9", "D8", "split"),
    ("S9 H9", "D7", "stand"), ("S10 HK", "D6", "stand"),
]
# One deck's composition-dependent plays (the two-card exceptions to basic strategy in the
# Wizard of Odds' single-deck tables): what a total-only strategy gets wrong.
COMPOSITION = [
    ("S10 H2", "D4", "hit"),    # 12 against a 4: stand, but hit 10-2
    ("S7 H5", "D3", "stand"),   # 12 against a 3: hit, but stand on 7-5 and 8-4
    ("S8 H4", "D3", "stand"),
    ("S10 H3", "D2", "hit"),    # 13 against a 2: stand, but hit 10-3
]


@functools.cache
def shared_bot() -> Expectation:
    """One bot for the one-deck cases (it keeps what it reckoned)."""
    return Expectation(casino().module)


def ranked(g: BankingGame, hand: str, up: str) -> tuple[list[tuple[float, str]], int]:
    """The actions on a hand of one deck, best first, and how the bot reckoned them: exactly
    (0), or with a split in view, the split's hands valued each on its own (1: the exact
    reckoning of split hands sharing a full deck is past JOINT_BUDGET)."""
    m = g.module
    cards, shown = list(g.parse_cards(hand)), list(g.parse_cards(up))
    unseen = [c for c in m.DECK if c not in cards + shown]
    acts = [i for i, name in enumerate(m.ACTIONS)
            if name != "split" or m.VALUE[cards[0]] == m.VALUE[cards[1]]]
    bot = shared_bot()
    got = bot.values(1, cards, [-1, *shown], unseen, acts, bet=2)
    return sorted(((v / 2, m.ACTIONS[a]) for a, v in got.items()), reverse=True), \
        bot.last_mode


@pytest.mark.parametrize(("hand", "up", "best"), TEXTBOOK)
def test_expect_bot_plays_basic_strategy(hand: str, up: str, best: str) -> None:
    order, mode = ranked(casino(), hand, up)
    pair = casino().module.VALUE[casino().parse_cards(hand)[0]] == \
        casino().module.VALUE[casino().parse_cards(hand)[1]]
    assert mode == (1 if pair else 0)
    assert order[0][1] == best, order
    assert order[0][0] - order[1][0] > 0.05, order


@pytest.mark.parametrize(("hand", "up", "best"), COMPOSITION)
def test_expect_bot_plays_by_composition(hand: str, up: str, best: str) -> None:
    order, mode = ranked(casino(), hand, up)
    assert mode == 0
    assert order[0][1] == best, order


def test_a_small_budget_falls_back_then_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past its budget a decision reckons again (the banker's hand from the counts at the
    decision: mode 3; modes 1 and 2 are for split hands, test_blackjack_split.py); past the
    fallback's budget it stops (mode 4)."""
    g = casino()
    m = g.module
    full = [c for c in m.DECK if c not in g.parse_cards("S2 H3 D10")]
    acts = [m.ACTIONS.index(a) for a in ("hit", "stand", "double")]
    hit, stand = m.ACTIONS.index("hit"), m.ACTIONS.index("stand")
    for budget, fallback, mode, best in ((DECISION_BUDGET, 300_000, 0, hit),
                                         (100, 300_000, 3, hit), (100, 100, 4, stand)):
        monkeypatch.setattr(banking_bots, "FALLBACK_BUDGET", fallback)
        bot = Expectation(m, budget=budget)
        got = bot.values(1, g.parse_cards("S2 H3"), [-1, *g.parse_cards("D10")], full, acts,
                         bet=2)
        assert bot.last_mode == mode
        assert max(got, key=lambda a: got[a]) == best
