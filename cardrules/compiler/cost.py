"""What evaluating a scoring formula can cost, estimated from its IR before any code runs.

Two upper bounds per expression: ``steps``, the operations one evaluation performs (a call
costs the whole body of the def it calls, an aggregate its body once per seat), and ``bits``,
how large its value can grow. The generated code computes exactly what the formula says, so
these bound the generated code too: a def that calls the previous one twice, forty deep, or
ten nested aggregates, is refused by the checker (limits.MAX_EVAL_STEPS) instead of running
for hours; constants and products that square each other are refused by their size
(limits.MAX_VALUE_BITS). A ``let`` is evaluated once, so naming a shared value is the way to
keep a formula cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from . import ir

# Sizes of the table's quantities, in bits: seats and places are below 8 (MAX players), cards
# and plays of a round below 256; a match total and the round number are counted as 64 bits.
_SMALL = 4
_BUILTIN_BITS = {
    "cards_left": 8, "place": _SMALL, "seat_at": _SMALL, "seat_count": _SMALL,
    "side": _SMALL, "side_size": _SMALL, "total": 64, "round_number": 64,
    "count_plays": 8, "largest_play": 8, "holds": 1, "same_side": 1,
    "others": _SMALL, "seats": _SMALL,
}


@dataclass(frozen=True)
class Cost:
    steps: int
    bits: int
    reported: bool = False  # over a limit, and said so: its callers are not blamed again


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
        """``scope``: the bits of each variable in reach (seats, and lets already bound)."""
        if isinstance(e, ir.Num):
            return Cost(1, abs(e.value).bit_length())
        if isinstance(e, ir.Var):
            return Cost(1, scope.get(e.name, _SMALL))
        if isinstance(e, ir.ConstRef):
            return Cost(1, abs(self.consts.get(e.name, 0)).bit_length())
        if isinstance(e, ir.CardLit | ir.KindLit):
            return Cost(1, 8)
        if isinstance(e, ir.Builtin):
            args = [self.of(a, scope) for a in e.args]
            steps = 1 + sum(a.steps for a in args)
            if e.func in ("others", "seats"):
                steps += self.players
            bits = args[0].bits if e.func == "abs" else _BUILTIN_BITS.get(e.func, 64)
            return Cost(steps, bits)
        if isinstance(e, ir.DefCall):
            called = self.defs.get(e.func, Cost(1, 1))
            self.calls_reported |= called.reported
            return Cost(1 + called.steps + sum(self.of(a, scope).steps for a in e.args),
                        called.bits)
        if isinstance(e, ir.Aggregate):
            domain = self.of(e.domain, scope)
            body = self.of(e.body, {**scope, e.var: _SMALL})
            bits = {"sum": body.bits + self.players.bit_length(),
                    "count": self.players.bit_length(),
                    "max": body.bits, "min": body.bits}.get(e.kind, 1)
            return Cost(1 + domain.steps + self.players * (body.steps + 1), bits)
        if isinstance(e, ir.TableRef):
            entries = self.tables.get(e.table, ())
            bits = max((abs(v).bit_length() for _, v in entries), default=0)
            return Cost(1 + self.of(e.index, scope).steps, bits)
        if isinstance(e, ir.If):
            c, a, b = self.of(e.cond, scope), self.of(e.then, scope), self.of(e.otherwise, scope)
            return Cost(1 + c.steps + max(a.steps, b.steps), max(a.bits, b.bits))
        if isinstance(e, ir.BinOp):
            left, right = self.of(e.left, scope), self.of(e.right, scope)
            steps = 1 + left.steps + right.steps
            if e.op in ("+", "-"):
                return Cost(steps, max(left.bits, right.bits) + 1)
            if e.op == "*":
                return Cost(steps, left.bits + right.bits)
            if e.op == "//":
                return Cost(steps, left.bits)
            if e.op == "%":
                return Cost(steps, right.bits)
            return Cost(steps, 1)  # comparisons, and, or
        if isinstance(e, ir.Not):
            return Cost(1 + self.of(e.operand, scope).steps, 1)
        assert isinstance(e, ir.Neg)
        inner = self.of(e.operand, scope)
        return Cost(1 + inner.steps, inner.bits)

    def of_def(self, params: tuple[str, ...], lets: tuple[tuple[str, ir.Expr], ...],
               body: ir.Expr) -> Cost:
        """A def's body with its lets, each evaluated once."""
        scope = {p: _SMALL for p in params}
        steps, bits = 1, 0
        for name, value in lets:
            c = self.of(value, scope)
            scope[name] = c.bits
            steps += c.steps + 1
            bits = max(bits, c.bits)
        c = self.of(body, scope)
        return Cost(steps + c.steps, max(bits, c.bits))
