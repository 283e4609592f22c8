"""The blackjack arithmetic the banking tests' independent calculators share, written from the
seed (rules-digest §6), not from the compiled rules: a hand's total, an ace counting 11 unless
that busts it, then 1."""

from __future__ import annotations

from collections.abc import Sequence


def total(values: Sequence[int]) -> int:
    """The best total of cards worth ``values`` (an ace given as 11)."""
    t = sum(values)
    aces = list(values).count(11)
    while t > 21 and aces:
        t -= 10
        aces -= 1
    return t

