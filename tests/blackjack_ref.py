"""The blackjack arithmetic the banking tests' independent calculators share, written from the
seed (rules-digest §6), not from the compiled rules: a hand's total, an ace counting 11 unless
that busts it, then 1; and a card-by-card reckoning of split hands played out at the table
(blackjack_casino.rules written out by hand: the house hits below 17, no double after a
split, split aces take no card, splits to four hands), for test_blackjack_split_own.py and
test_blackjack_split_later.py."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import cardrules
from cardrules.families.banking.game import BankingGame


def total(values: Sequence[int]) -> int:
    """The best total of cards worth ``values`` (an ace given as 11)."""
    t = sum(values)
    aces = list(values).count(11)
    while t > 21 and aces:
        t -= 10
        aces -= 1
    return t


Comp = tuple[int, ...]  # how many cards of each value 2 .. 11 (ace) are left
VALUES = tuple(range(2, 12))


def take(comp: Comp, v: int) -> Comp:
    i = v - 2
    assert comp[i] > 0
    return comp[:i] + (comp[i] - 1,) + comp[i + 1:]


def draws(comp: Comp) -> list[tuple[float, int, Comp]]:
    n = sum(comp)
    return [(c / n, v, take(comp, v)) for v, c in zip(VALUES, comp, strict=True) if c]


def payout(values: Sequence[int], banker: Sequence[int]) -> int:
    """A split hand's payout for a bet of 1 (no BlackJack after a split; the house has none:
    the round went on after the deal)."""
    mine, theirs = total(values), total(banker)
    if mine > 21:
        return -1
    if theirs > 21 or mine > theirs:
        return 1
    return -1 if mine < theirs else 0


@functools.cache
def banker_finals(banker: tuple[int, ...], comp: Comp) -> tuple[tuple[tuple[int, ...], float],
                                                                 ...]:
    """The house's final hands: it hits below 17, stands on all 17s."""
    if total(banker) >= 17 or not sum(comp):
        return ((banker, 1.0),)
    out: dict[tuple[int, ...], float] = {}
    for p, v, rest in draws(comp):
        for final, q in banker_finals(tuple(sorted((*banker, v))), rest):
            out[final] = out.get(final, 0.0) + p * q
    return tuple(out.items())


def settle(hands: Sequence[tuple[int, ...]], up: int, hole: int, comp: Comp) -> float:
    return sum(q * sum(payout(h, final) for h in hands)
               for final, q in banker_finals(tuple(sorted((hole, up))), comp))


def goes_on(hole: int, up: int) -> bool:
    return total([hole, up]) != 21


@functools.cache
def own_best(comp: Comp, hand: tuple[int, ...], up: int, hands: int) -> str:
    """The best play of a split hand for itself, the face-down card among ``comp``, the
    seat holding ``hands`` hands: 'hit', 'stand' or 'split' (again; ties go to the others,
    as the bot plays). A split ace takes no more; no double after a split."""
    values = own_values(comp, hand, up, hands)
    best = "hit" if values.get("hit", -9.0) >= values["stand"] else "stand"
    return "split" if values.get("split", -9.0) > values[best] else best


@functools.cache
def own_values(comp: Comp, hand: tuple[int, ...], up: int, hands: int) -> dict[str, float]:
    """Each play's value for the hand alone; a split again makes two hands, each taking its
    card from ``comp`` as it is now and counting only the hands made on its own branch."""
    holes = [(c, v) for v, c in zip(VALUES, comp, strict=True) if c and goes_on(v, up)]
    kept = sum(c for c, _ in holes)
    n = sum(comp)

    def drawn(values: tuple[int, ...], count: int) -> float:
        """The hand ``values`` taking one card from ``comp``, then played at its best."""
        out = 0.0
        for c, h in holes:  # the face-down card h, then the hand's card x
            for v, cx in zip(VALUES, take(comp, h), strict=True):
                if cx:
                    more = (*values, v)
                    value = -1.0 if total(more) > 21 else \
                        own_value(take(comp, v), more, up, count)
                    out += c * cx / (n * (n - 1)) * value
        return out * n / kept

    out = {"stand": sum(c * settle([hand], up, v, take(comp, v)) for c, v in holes) / kept}
    if total(hand) < 21 and hand[0] != 11:
        out["hit"] = drawn(hand, hands)
    if len(hand) == 2 and hand[0] == hand[1] and hands < 4:
        out["split"] = 2 * drawn(hand[:1], hands + 1)
    return out


def own_value(comp: Comp, hand: tuple[int, ...], up: int, hands: int) -> float:
    return max(own_values(comp, hand, up, hands).values())


class Table:
    """Split hands played out at the table, the face-down card ``hole`` known to the table
    (not to the hands' play); ``done``: the seat's hands already finished. A hand in play:
    (its cards, the cards it was dealt from the shoe since ``root``, who chooses its play:
    "own", its best for itself given ``root`` and its own cards; "seat", its best for the
    sum of its payout and those of ``done``, given ``root`` and its own cards)."""

    def __init__(self, up: int, hole: int, root: Comp,
                 done: tuple[tuple[int, ...], ...] = ()) -> None:
        self.up, self.hole, self.root, self.done = up, hole, root, done

    @functools.cache  # noqa: B019  (one Table per test)
    def play(self, comp: Comp, hands: tuple[tuple[tuple[int, ...], tuple[int, ...], str], ...],
             i: int) -> float:
        """Hand ``i`` on."""
        if i == len(hands):
            return settle([*self.done, *(h for h, _, _ in hands)], self.up, self.hole, comp)
        cards, dealt, who = hands[i]
        own = self.root
        for v in dealt:
            own = take(own, v)
        count = len(self.done) + len(hands)
        play = "stand" if total(cards) > 21 else own_best(own, cards, self.up, count) \
            if who == "own" else seat_best(own, cards, self.up, self.done)
        if play == "split":  # again
            out = 0.0
            for p, x, rest in draws(comp):
                for q, y, left in draws(rest):
                    made = ((cards[0], x), (*dealt[:-1], x), who)  # the new hand: its first
                    new = ((cards[1], y), (*dealt[-1:], y), who)   # card is this one's second
                    out += p * q * self.play(left, (*hands[:i], made, new, *hands[i + 1:]), i)
            return out
        if play == "stand":
            return self.play(comp, hands, i + 1)
        return sum(p * self.play(rest, (*hands[:i], ((*cards, v), (*dealt, v), who),
                                        *hands[i + 1:]), i)
                   for p, v, rest in draws(comp))


@functools.cache
def seat_values(comp: Comp, hand: tuple[int, ...], up: int, done: tuple[tuple[int, ...], ...]
                ) -> dict[str, float]:
    """Each play of a split hand (hit, stand) for the sum of its payout and those of the
    seat's finished hands ``done``, the face-down card among ``comp``."""
    holes = [(c, v) for v, c in zip(VALUES, comp, strict=True) if c and goes_on(v, up)]
    kept = sum(c for c, _ in holes)
    n = sum(comp)
    out = {"stand": sum(c * settle([*done, hand], up, v, take(comp, v))
                        for c, v in holes) / kept}
    if total(hand) < 21 and hand[0] != 11:
        hit = 0.0
        for c, h in holes:  # the face-down card h, then the hand's card x
            for v, cx in zip(VALUES, take(comp, h), strict=True):
                if cx:
                    hit += c * cx / (n * (n - 1)) * seat_value(take(comp, v), (*hand, v), up,
                                                               done)
        out["hit"] = hit * n / kept
    return out


def seat_value(comp: Comp, hand: tuple[int, ...], up: int,
               done: tuple[tuple[int, ...], ...]) -> float:
    return max(seat_values(comp, hand, up, done).values())


def seat_best(comp: Comp, hand: tuple[int, ...], up: int,
              done: tuple[tuple[int, ...], ...]) -> str:
    values = seat_values(comp, hand, up, done)
    return "hit" if values.get("hit", -9.0) >= values["stand"] else "stand"


def casino() -> BankingGame:
    """The compiled casino game the calculators above are checked against."""
    g = cardrules.load("blackjack_casino")
    assert isinstance(g, BankingGame)
    return g
