"""The expect bot's split on a shoe too large for its exact reckoning of the seat's best
(past JOINT_BUDGET; every full deck): the split's hands each play by their own cards (the
cards seen at the split and the ones the hand was dealt), and the value is the exact
expectation of the seat's payouts under that play, resplits to four hands included
(``last_mode`` 1).

The bot reckons it by a theorem (the hands' draws reordered; see Expectation). The reference
here follows the table's order card by card instead: the house's face-down card first
(given that it makes no BlackJack with the face-up card), the split's two hands take a card
each, the first plays on (it may split again on a pair while the seat has fewer than four
hands, its second card making a new hand after it), then the next, and the house draws
after all of them, from what is left. Each hand's play is its best for itself given the
cards seen at the split and its own cards, reckoned here by a separate recursion over the
unseen cards (blackjack_casino.rules written out by hand, as in test_blackjack_split.py);
for a pair, whether to split again is reckoned so too, the hands it would make valued each
on its own (each drawing from the cards unseen by that hand, counting only the hands made on
its own branch)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from blackjack_ref import VALUES, Table, casino, draws, goes_on, take

from cardrules.runtime.banking import bots as banking_bots
from cardrules.runtime.banking.bots import Expectation


def split_value(pair: int, up: int, unseen: Sequence[int]) -> float:
    """The split's expected payout for a bet of 1 on each hand."""
    root = tuple(list(unseen).count(v) for v in VALUES)
    holes = [(c, v) for v, c in zip(VALUES, root, strict=True) if c and goes_on(v, up)]
    kept = sum(c for c, _ in holes)
    out = 0.0
    for c, h in holes:
        table = Table(up, h, root)
        for p, x, rest in draws(take(root, h)):
            for q, y, left in draws(rest):
                out += c / kept * p * q * table.play(left, (((pair, x), (x,), "own"),
                                                            ((pair, y), (y,), "own")), 0)
    return out


SHOES = [
    # the pair, the house's face-up card, the unseen cards
    ("S8 H8", "D10", "S10 HK DQ CJ S9 H9 D9 C8 S7 H7 D3 CA H2 S5 D10"),  # a third 8; no A hole
    ("SK HQ", "D6", "S10 HJ DQ S9 H9 D9 C9 S8 H8 D8 C7 SA D10 C6 H10"),  # up to four hands
    ("S9 H9", "DA", "S10 HK DQ CJ C9 H8 D8 S7 H7 D10 CA S10 C10 H10 D7"),  # no 10 hole
    # a hand that draws a third 10 (a third 9) stands on it rather than split again
    ("SK HQ", "D10", "S10 HJ DQ S9 H9 D9 C9 S8 H8 D8 C7 SA D10 C6 H10"),
    ("S9 H9", "D10", "C9 D9 H8 D8 S7 H7 C7 D6 CA S10 H10 C10 D10 S8 C8"),
]


@pytest.mark.parametrize("listed", [True, False])
@pytest.mark.parametrize(("pair", "up", "unseen"), SHOES)
def test_split_with_hands_by_their_own_cards_is_exact(pair: str, up: str, unseen: str,
                                                      listed: bool,
                                                      monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """Both ways the bot reckons the house's final hand (its listed draws, a recursion)."""
    if not listed:
        monkeypatch.setattr(banking_bots, "PATHS_BUDGET", 0)
    g = casino()
    m = g.module
    v = m.VALUE
    cards, shown, rest = g.parse_cards(pair), g.parse_cards(up), g.parse_cards(unseen)
    want = split_value(v[cards[0]], v[shown[0]], [v[c] for c in rest])
    split = m.ACTIONS.index("split")
    bot = Expectation(m, joint=0)
    got = bot.values(1, cards, [-1, *shown], rest, [split], bet=2)[split]
    assert bot.last_mode == 1
    assert got == pytest.approx(2 * want, abs=1e-9)


@pytest.mark.parametrize("up", ["D2", "D6", "D10", "DA"])
def test_a_split_of_aces_on_a_full_deck_is_the_seats_best(up: str) -> None:
    """Split aces take one card each and stop (they may split again): the hands have no
    play to choose but a second split, so the split's value with the hands by their own
    cards is the seat's best, which the exact reckoning of all the hands together finds
    on a full deck in a few hundred thousand steps."""
    g = casino()
    m = g.module
    cards, shown = g.parse_cards("SA HA"), g.parse_cards(up)
    rest = [c for c in m.DECK if c not in (*cards, *shown)]
    split = m.ACTIONS.index("split")
    own = Expectation(m, joint=0)
    got = own.values(1, cards, [-1, *shown], rest, [split], bet=2)[split]
    assert own.last_mode == 1
    best = Expectation(m, budget=10**9, joint=10**9)
    assert best.values(1, cards, [-1, *shown], rest, [split], bet=2)[split] == \
        pytest.approx(got, abs=1e-9)
    assert best.last_mode == 0


def test_the_seats_best_is_no_less() -> None:
    """On a shoe small enough for the exact reckoning of the seat's best (every hand
    playing for the seat's total, seeing all it has seen: last_mode 0), and large enough
    that no hand can run short of cards: that value is at least the split's with the hands
    by their own cards, and here above it (they do not see each other's cards)."""
    g = casino()
    m = g.module
    v = m.VALUE
    cards, shown = g.parse_cards("S7 H7"), g.parse_cards("D10")
    rest = g.parse_cards("S10 HK DQ CJ H9 D4 S3 C10 D2")
    split = m.ACTIONS.index("split")
    own = Expectation(m, joint=0)
    got = own.values(1, cards, [-1, *shown], rest, [split], bet=2)[split]
    assert own.last_mode == 1
    assert got == pytest.approx(2 * split_value(7, v[shown[0]], [v[c] for c in rest]),
                                abs=1e-9)
    best = Expectation(m, budget=10**8, joint=10**8)
    top = best.values(1, cards, [-1, *shown], rest, [split], bet=2)[split]
    assert best.last_mode == 0
    assert top > got + 0.005, (top, got)  # 0.0026 bets (of 2 chips) here
