"""What evaluating a scoring formula can cost, estimated from its IR before any code runs.

Two upper bounds per expression: ``steps``, the operations one evaluation performs (a call
costs the whole body of the def it calls, an aggregate its body once per seat), and ``size``,
how large its value can grow. The generated code computes exactly what the formula says, so
these bound the generated code too: a def that calls the previous one twice, forty deep, or
ten nested aggregates, is refused by the checker (limits.MAX_EVAL_STEPS) instead of running
for hours; products that square each other are refused by their size
(limits.MAX_VALUE_BITS). A ``let`` is evaluated once, so naming a shared value is the way
to keep a formula cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from . import ir
from .limits import MAX_BID, MAX_MATCH_ROUNDS, MAX_VALUE_BITS

# The largest magnitude of each of the table's quantities: seats, places and seat counts are
# at most 8 (players), cards and plays of a round below 256, the round number at most
# MAX_MATCH_ROUNDS; a match total is counted as 2**64.
_SEAT = 8
_BUILTIN_SIZE = {
    "cards_left": 255, "place": _SEAT, "seat_at": _SEAT, "seat_count": _SEAT,
    "side": _SEAT, "side_size": _SEAT, "total": 1 << 64, "round_number": MAX_MATCH_ROUNDS,
    "winning_bid": MAX_BID,
    "count_plays": 255, "largest_play": 255, "holds": 1, "same_side": 1,
    "others": _SEAT, "seats": _SEAT,
    # family tricks: seats, yes/no, levels climbed, card points (a kitty bonus included)
    "dealer_seat": _SEAT, "partner": _SEAT, "next_seat": _SEAT, "on_dealer_side": 1,
    "level_of": 1 << 16, "defender_points": 1 << 20, "kitty_points": 1 << 12,
    "last_unit": 255,
    # the banking family: a hand's total and its cards' values, its bet (bets at most
    # 1,000,000, multiplied by at most 10 a card drawn, counted as 2**40)
    "banker_seat": _SEAT, "owner": _SEAT, "hand_count": 255, "card_count": 255,
    "card_value": 100, "hand_total": 100 * 255, "bet_of": 1 << 40, "is_soft": 1,
    "busted": 1, "from_split": 1, "banker_hand": 1, "hands_of": 1,
}
_CLAMP = 1 << (MAX_VALUE_BITS + 1)  # past this, only "too large" matters: keeps bounds cheap


def _clamp(size: int) -> int:
    return min(size, _CLAMP)


@dataclass(frozen=True)
class Cost:
    steps: int
    size: int  # an upper bound on the value's magnitude (at most _CLAMP * _CLAMP)
    reported: bool = False  # over a limit, and said so: its callers are not blamed again

    @property
    def bits(self) -> int:
        return self.size.bit_length()


class Estimator:
    """Costs of expressions, given the costs of the defs they call (``defs``), the values of
    constants and tables, and the number of seats an aggregate walks."""

    def __init__(self, *, players: int, consts: Mapping[str, int],
                 tables: Mapping[str, tuple[tuple[int, int], ...]],
                 defs: Mapping[str, Cost]) -> None:
        self.players = players
        self.consts = consts
        self.tables = tables
        self.defs = defs
        self.calls_reported = False  # whether an estimate called a def already reported

    def of(self, e: ir.Expr, scope: Mapping[str, int]) -> Cost:
        """``scope``: the size of each variable in reach (seats, and lets already bound)."""
        if isinstance(e, ir.Num):
            return Cost(1, abs(e.value))
        if isinstance(e, ir.Var):
            return Cost(1, scope.get(e.name, _SEAT))
        if isinstance(e, ir.ConstRef):
            return Cost(1, abs(self.consts.get(e.name, 0)))
        if isinstance(e, ir.CardLit | ir.KindLit):
            return Cost(1, 255)
        if isinstance(e, ir.Builtin):
            args = [self.of(a, scope) for a in e.args]
            steps = 1 + sum(a.steps for a in args)
            if e.func in ("others", "seats"):
                steps += self.players
            size = args[0].size if e.func == "abs" else _BUILTIN_SIZE.get(e.func, 1 << 64)
            return Cost(steps, size)
        if isinstance(e, ir.DefCall):
            called = self.defs.get(e.func, Cost(1, 1))
            self.calls_reported |= called.reported
            return Cost(1 + called.steps + sum(self.of(a, scope).steps for a in e.args),
                        called.size)
        if isinstance(e, ir.Aggregate):
            domain = self.of(e.domain, scope)
            seats = self.players - 1 if isinstance(e.domain, ir.Builtin) \
                and e.domain.func == "others" else self.players
            body = self.of(e.body, {**scope, e.var: _SEAT})
            size = {"sum": _clamp(seats * body.size), "count": seats,
                    "max": body.size, "min": body.size}.get(e.kind, 1)
            return Cost(1 + domain.steps + seats * (body.steps + 1), size)
        if isinstance(e, ir.TableRef):
            entries = self.tables.get(e.table, ())
            size = max((abs(v) for _, v in entries), default=0)
            return Cost(1 + self.of(e.index, scope).steps, size)
        if isinstance(e, ir.If):
            c, a, b = self.of(e.cond, scope), self.of(e.then, scope), self.of(e.otherwise, scope)
            return Cost(1 + c.steps + max(a.steps, b.steps), max(a.size, b.size))
        if isinstance(e, ir.BinOp):
            left, right = self.of(e.left, scope), self.of(e.right, scope)
            steps = 1 + left.steps + right.steps
            if e.op in ("+", "-"):
                return Cost(steps, _clamp(left.size + right.size))
            if e.op == "*":
                return Cost(steps, _clamp(left.size * right.size))
            if e.op == "//":
                return Cost(steps, left.size)
            if e.op == "%":
                return Cost(steps, right.size)
            return Cost(steps, 1)  # comparisons, and, or
        if isinstance(e, ir.Not):
            return Cost(1 + self.of(e.operand, scope).steps, 1)
        assert isinstance(e, ir.Neg)
        inner = self.of(e.operand, scope)
        return Cost(1 + inner.steps, inner.size)

    def of_def(self, params: tuple[str, ...], lets: tuple[tuple[str, ir.Expr], ...],
               body: ir.Expr) -> Cost:
        """A def's body with its lets, each evaluated once."""
        scope = {p: _SEAT for p in params}
        steps, size = 1, 0
        for name, value in lets:
            c = self.of(value, scope)
            scope[name] = c.size
            steps += c.steps + 1
            size = max(size, c.size)
        c = self.of(body, scope)
        return Cost(steps + c.steps, max(size, c.size))
