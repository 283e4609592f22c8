"""The end of a round of family tricks: what the formulas read (a TricksView), and what a
player reads after the round: the defenders' points with the kitty bonus, each seat's level
change, the next dealer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import SeatQuantities
from .protocol import TricksModule


class Settlement(SeatQuantities):
    """A TricksView of a finished round (or of a worked example's made-up one).

    ``last_unit`` is the number of cards in the largest unit of the play that won the last
    trick when the defenders won it, else 0 (no kitty bonus)."""

    def __init__(self, m: TricksModule, *, dealer: int, trick_points: int, kitty_points: int,
                 last_unit: int, levels: Sequence[int], totals: Sequence[int] | None = None,
                 round_number: int = 1) -> None:
        self.n = m.PLAYERS
        self.dealer = dealer
        self.trick_points = trick_points
        self.kitty = kitty_points
        self.last = last_unit
        self.levels = list(levels)
        self.totals = list(totals) if totals is not None else [0] * self.n
        self.round = round_number
        self.bonus = kitty_points * m.kitty_bonus(self) if last_unit else 0

    # -- sides: two teams, seats facing each other
    def side(self, seat: int) -> int:
        return seat % 2

    def same_side(self, a: int, b: int) -> bool:
        return a % 2 == b % 2

    def total(self, seat: int) -> int:
        return self.totals[seat]

    def round_number(self) -> int:
        return self.round

    # -- the round's
    def dealer_seat(self) -> int:
        return self.dealer

    def on_dealer_side(self, seat: int) -> bool:
        return self.same_side(seat, self.dealer)

    def partner(self, seat: int) -> int:
        return (seat + self.n // 2) % self.n

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n

    def level_of(self, seat: int) -> int:
        return self.levels[seat]

    def defender_points(self) -> int:
        return self.trick_points + self.bonus

    def kitty_points(self) -> int:
        return self.kitty

    def last_unit(self) -> int:
        return self.last


@dataclass(frozen=True, kw_only=True)
class Settled:
    """What a round changes: the defenders' points (the kitty bonus included), each seat's
    levels climbed, the new levels, the next dealer."""

    defender_points: int
    kitty_bonus: int
    level_up: tuple[int, ...]
    levels: tuple[int, ...]
    next_dealer: int


def settle(m: TricksModule, view: Settlement) -> Settled:
    up = m.level_up(view)
    return Settled(defender_points=view.defender_points(), kitty_bonus=view.bonus,
                   level_up=up, levels=tuple(a + b for a, b in zip(view.levels, up,
                                                                    strict=True)),
                   next_dealer=m.dealer_next(view))
