"""The expect bot's later plays of a split hand while the seat holds other hands, on a shoe
too large for its exact reckoning of the seat's best (past JOINT_BUDGET; every full deck):
exact for a stated continuation (``last_mode`` 1). The hand deciding plays on for the sum of
its payout and those of the seat's finished hands, seeing all the seat has seen; the hands
still waiting play each by its own cards (the cards seen at the decision and its own), a
waiting pair splitting again as at the split (see Expectation); a split now makes hands
that play so too. The value is the expected sum of all the seat's payouts.

The reference (tests/blackjack_ref.py) follows the table's order card by card instead: the
house's face-down card first (given that it makes no BlackJack with the face-up card), the
deciding hand, the waiting hands in turn, the house last, from what is left."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from blackjack_ref import VALUES, Table, casino, draws, goes_on, take

from cardrules.runtime.banking import bots as banking_bots
from cardrules.runtime.banking.bots import Expectation


def later_value(done: Sequence[tuple[int, ...]], hand: tuple[int, ...], play: str,
                waiting: Sequence[tuple[int, ...]], up: int, unseen: Sequence[int]) -> float:
    """The expected sum of the seat's payouts (a bet of 1 on each hand) when ``hand`` takes
    ``play`` (hit, stand or split) and the seat plays on as stated."""
    root = tuple(list(unseen).count(v) for v in VALUES)
    holes = [(c, v) for v, c in zip(VALUES, root, strict=True) if c and goes_on(v, up)]
    kept = sum(c for c, _ in holes)
    rest_hands = tuple((h, (), "own") for h in waiting)
    out = 0.0
    for c, h in holes:
        table = Table(up, h, root, tuple(done))
        comp = take(root, h)
        if play == "stand":
            value = table.play(comp, ((hand, (), "seat"), *rest_hands), 1)
        elif play == "hit":
            value = sum(p * table.play(rest, (((*hand, x), (x,), "seat"), *rest_hands), 0)
                        for p, x, rest in draws(comp))
        else:
            value = sum(p * q * table.play(left, (((hand[0], x), (x,), "own"),
                                                  ((hand[1], y), (y,), "own"), *rest_hands), 0)
                        for p, x, rest in draws(comp) for q, y, left in draws(rest))
        out += c / kept * value
    return out


CASES = [
    # finished hands, the hand deciding, its hands waiting, the house's face-up card, unseen
    ("S8 S10", "H8 D5", "", "D6", "S10 HK DQ CJ S9 H9 D9 C8 S7 H7 D3 CA H2 S5 D10 C4"),
    ("", "H8 D3", "S8 C9", "D10", "S10 HK DQ CJ S9 H9 D9 S7 H7 D3 CA H2 S5 D10 C4 H6"),
    ("S8 S10", "H8 D6", "C8 C2", "D9", "S10 HK DQ CJ S9 H9 D9 S7 H7 D3 CA H2 S5 D10 C4"),
    # a waiting pair may split again (to four hands)
    ("", "H8 D3", "S8 C8", "D10", "S10 HK DQ CJ S9 H9 D9 D8 H7 D3 CA H2 S5 D10 C4 H6"),
    ("S8 S9", "H8 D2", "C8 D8", "D7", "S10 HK DQ CJ S9 H9 D9 H7 D3 CA H2 S5 D10 C4 H6 S2"),
    # the hand deciding is a pair: it may split again, a finished hand and a waiting one
    ("S8 S10", "H8 D8", "", "D6", "S10 HK DQ CJ S9 H9 D9 C8 S7 H7 D3 CA H2 S5 D10 C4"),
    ("S8 S10", "H8 D8", "C8 C5", "D10", "S10 HK DQ CJ S9 H9 D9 S7 H7 D3 CA H2 S5 D10 C4"),
    ("", "H9 D9", "S9 C9", "D10", "S10 HK DQ CJ H8 D8 S7 H7 D3 CA H2 S5 D10 C4 H6 S2"),
]


@pytest.mark.parametrize("listed", [True, False])
@pytest.mark.parametrize(("done", "hand", "waiting", "up", "unseen"), CASES)
def test_a_later_play_of_a_split_hand_is_exact_for_the_stated_continuation(
        done: str, hand: str, waiting: str, up: str, unseen: str, listed: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every legal play of the hand deciding, both ways the bot reckons the house's final
    hand (its listed draws, a recursion)."""
    if not listed:
        monkeypatch.setattr(banking_bots, "PATHS_BUDGET", 0)
    g = casino()
    m = g.module
    v = m.VALUE
    finished = [g.parse_cards(h) for h in done.split(",") if h]
    after = [g.parse_cards(waiting)] if waiting else []
    cards, shown, rest = g.parse_cards(hand), g.parse_cards(up), g.parse_cards(unseen)
    count = len(finished) + 1 + len(after)
    plays = {"hit": m.ACTIONS.index("hit"), "stand": m.ACTIONS.index("stand")}
    if v[cards[0]] == v[cards[1]]:
        plays["split"] = m.ACTIONS.index("split")
    bot = Expectation(m, joint=0)
    got = bot.values(1, cards, [-1, *shown], rest, list(plays.values()), bet=2, split=True,
                     count=count, before=[(h, 2, True) for h in finished],
                     after=[(h, 2, True) for h in after])
    assert bot.last_mode == 1
    for play, a in plays.items():
        want = later_value([tuple(v[c] for c in h) for h in finished],
                           tuple(v[c] for c in cards), play,
                           [tuple(v[c] for c in h) for h in after], v[shown[0]],
                           [v[c] for c in rest])
        assert got[a] == pytest.approx(2 * want, abs=1e-9), play


def test_a_second_hand_on_a_full_deck_is_exact() -> None:
    """A full deck (past JOINT_BUDGET for a split): the second hand of a split of 8s, the
    first finished on 18, against a 6. No hand waits, so the continuation is the seat's
    best, and the card-by-card reckoning (some seconds) agrees with the bot's."""
    g = casino()
    m = g.module
    v = m.VALUE
    done, cards, shown = g.parse_cards("S8 S10"), g.parse_cards("H8 D3"), g.parse_cards("D6")
    rest = [c for c in m.DECK if c not in (*done, *cards, *shown)]
    plays = {"hit": m.ACTIONS.index("hit"), "stand": m.ACTIONS.index("stand")}
    bot = Expectation(m, joint=0)
    got = bot.values(1, cards, [-1, *shown], rest, list(plays.values()), bet=2, split=True,
                     count=2, before=[(done, 2, True)])
    assert bot.last_mode == 1
    for play, a in plays.items():
        want = later_value([tuple(v[c] for c in done)], tuple(v[c] for c in cards), play, [],
                           v[shown[0]], [v[c] for c in rest])
        assert got[a] == pytest.approx(2 * want, abs=1e-9), play
