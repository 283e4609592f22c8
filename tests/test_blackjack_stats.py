"""The casino game's statistics against exact values, computed here by an independent small
recursion over the cards left in one deck (written plainly, from rules-digest §6 and the
casino file's stated choices; nothing of it comes from the compiled rules).

Rounds are played by the compiled game with fixed bots; each simulated frequency and mean must
lie within 3 standard errors of the exact value."""

from __future__ import annotations

import math
from functools import cache

import pytest
from blackjack_ref import total

import cardrules
from cardrules.families.banking.game import BankingGame

# One deck by value: 2..9 four each, ten-valued 16, aces (counted 11) four.
VALUES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
DECK = (4, 4, 4, 4, 4, 4, 4, 4, 16, 4)
ROUNDS = 20_000


def draws(counts: tuple[int, ...]) -> list[tuple[float, int, tuple[int, ...]]]:
    """(probability, value, counts after) for the next card."""
    n = sum(counts)
    out = []
    for i, k in enumerate(counts):
        if k:
            rest = counts[:i] + (k - 1,) + counts[i + 1:]
            out.append((k / n, VALUES[i], rest))
    return out


@cache
def banker_final(counts: tuple[int, ...], cards: tuple[int, ...]) -> dict[str, float]:
    """The house's final total, from these cards (sorted): hit below 17, stand on all 17s;
    a two-card 21 is 'natural'."""
    if len(cards) == 2 and total(cards) == 21:
        return {"natural": 1.0}
    t = total(cards)
    if t > 21:
        return {"bust": 1.0}
    if len(cards) >= 2 and t >= 17:
        return {str(t): 1.0}
    out: dict[str, float] = {}
    for p, v, rest in draws(counts):
        for k, q in banker_final(rest, tuple(sorted(cards + (v,)))).items():
            out[k] = out.get(k, 0.0) + p * q
    return out


def exact_banker_distribution() -> dict[str, float]:
    return banker_final(DECK, ())


def player_mean(bet: int, hit_below: int) -> float:
    """The exact mean result of a player who bets ``bet`` and hits while below ``hit_below``
    (never doubling or splitting) against the house, one player at the table: the house
    checks for a natural first; a player's natural pays 3:2; a busted player loses."""

    def settle(player: tuple[int, ...], counts: tuple[int, ...],
               banker: tuple[int, ...]) -> float:
        pt = total(player)
        if pt > 21:
            return -bet
        if len(player) == 2 and pt == 21:
            return 3 * bet // 2  # the house has no natural here (it checked)
        mean = 0.0
        for k, q in banker_final(counts, banker).items():
            if k == "bust":
                mean += q * bet
            else:
                bt = 21 if k == "natural" else int(k)
                mean += q * bet * ((pt > bt) - (pt < bt))
        return mean

    def play(player: tuple[int, ...], counts: tuple[int, ...],
             banker: tuple[int, ...]) -> float:
        if total(player) < hit_below and total(player) < 21:
            return sum(p * play(player + (v,), rest, banker) for p, v, rest in draws(counts))
        return settle(player, counts, banker)

    mean = 0.0
    for p1, a, c1 in draws(DECK):
        for p2, b, c2 in draws(c1):
            for p3, x, c3 in draws(c2):
                for p4, y, c4 in draws(c3):
                    p = p1 * p2 * p3 * p4
                    player, banker = (a, b), tuple(sorted((x, y)))
                    if total(banker) == 21:  # the house shows its natural at once
                        mean += p * (0 if total(player) == 21 else -bet)
                    else:
                        mean += p * play(player, c4, banker)
    return mean


def test_the_exact_calculator_on_known_values() -> None:
    d = exact_banker_distribution()
    assert sum(d.values()) == pytest.approx(1.0)
    # a two-card natural from one deck: 2 * 4/52 * 16/51
    assert d["natural"] == pytest.approx(2 * 4 / 52 * 16 / 51)
    assert 0.27 < d["bust"] < 0.30  # the house busts about 28% of the time (one deck, S17)


@pytest.fixture(scope="module")
def casino() -> BankingGame:
    g = cardrules.load("blackjack_casino")
    assert isinstance(g, BankingGame)
    return g


def test_banker_final_totals_agree_with_the_exact_distribution(casino: BankingGame) -> None:
    exact = exact_banker_distribution()
    seen: dict[str, int] = {}
    for i in range(ROUNDS):
        t = casino.new_table(seed=f"dist:{i}", seats=["threshold0", "threshold0"])
        t.play_out()
        b = t.result().banker
        key = "natural" if len(b.cards) == 2 and b.total == 21 else \
            "bust" if b.total > 21 else str(b.total)
        seen[key] = seen.get(key, 0) + 1
    assert set(seen) <= set(exact)
    for key, p in exact.items():
        freq = seen.get(key, 0) / ROUNDS
        se = math.sqrt(p * (1 - p) / ROUNDS)
        assert abs(freq - p) <= 3 * se, (key, freq, p, se)


def test_a_fixed_player_policy_mean_agrees_with_the_exact_mean(casino: BankingGame) -> None:
    exact = player_mean(bet=2, hit_below=12)
    results = []
    for i in range(ROUNDS):
        t = casino.new_table(seed=f"mean:{i}", seats=["threshold0", "threshold12"])
        t.play_out()
        results.append(t.result().scores[1])
    n = len(results)
    mean = sum(results) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in results) / (n - 1))
    assert abs(mean - exact) <= 3 * sd / math.sqrt(n), (mean, exact, sd / math.sqrt(n))
    assert -0.4 < exact < 0.0  # hitting only below 12 loses, but not much


def test_the_reference_total() -> None:
    """The calculators' own arithmetic, on the seed's worked totals (SA H8 is 19, SA H7 SJ 18)."""
    assert (total((11, 8)), total((11, 7, 10)), total((11, 11)), total((10, 9, 5))) == \
        (19, 18, 12, 24)
