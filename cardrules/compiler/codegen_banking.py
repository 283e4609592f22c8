"""IR -> Python source for the banking family: card values, the hand total, the actions with
their conditions, the banker's policy and the settlement formulas (templates/banking.py.j2)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from ..cards import ALL_CODES
from . import ir
from .codegen import DefView, ModuleView, _rank_word, _wrap, environment
from .exprgen import py


class BankingModuleView(ModuleView):
    def __init__(self, game: ir.Game, source_name: str) -> None:
        super().__init__(game, source_name)
        assert game.banking is not None
        self.b = game.banking

    @property
    def value_table(self) -> str:
        values = dict(self.b.values)
        return _wrap([values.get(_rank_word(c), -1) if c in self.deck else -1
                      for c in ALL_CODES])

    @property
    def soft_cards(self) -> str:
        if self.b.soft is None:
            return "frozenset()"
        rank = self.b.soft[0]
        return "frozenset(" + repr(tuple(c for c in self.deck if _rank_word(c) == rank)) + ")"

    @property
    def soft_drop(self) -> int:
        if self.b.soft is None:
            return 0
        return dict(self.b.values)[self.b.soft[0]] - self.b.soft[1]

    @property
    def bets(self) -> str:
        return self.lit(tuple(range(self.b.bet_min, self.b.bet_max + 1, self.b.bet_step)))

    def action_table(self, attr: str) -> str:
        return self.lit(tuple(getattr(a, attr) for a in self.b.actions))

    @property
    def action_whens(self) -> list[tuple[str, str, str]]:
        return [(a.name, a.param, "True" if a.when is None else py(a.when))
                for a in self.b.actions]

    @property
    def banker_policy(self) -> tuple[str, int, int] | None:
        p = self.b.banker_policy
        if p is None:
            return None
        names = [a.name for a in self.b.actions]
        return py(p[1]), names.index(p[0]), names.index(p[2])

    @property
    def showdown_early(self) -> str:
        return "False" if self.b.showdown_early is None else py(self.b.showdown_early)

    @property
    def defs(self) -> list[DefView]:
        out = []
        for d in self.g.defs:
            types = d.types or ("seat",) * len(d.params)
            params = ", ".join(f"v_{p}: {'Hand' if t == 'hand' else 'int'}"
                               for p, t in zip(d.params, types, strict=True))
            out.append(DefView(name=d.name, params=params, returns=d.returns,
                               lets=[(n, py(e)) for n, e in d.lets], body=py(d.body)))
        return out

    def _reads(self, exprs: list[ir.Expr], follow: bool) -> tuple[int, frozenset[str]]:
        """What these formulas read of hands: the largest N of a ``card_value(h, N)`` (N a
        number or a const; -1 if some N is computed), and the builtins they call; with
        ``follow``, the defs they call too."""
        consts = dict(self.g.consts)
        defs = {d.name: d for d in self.g.defs}
        seen: set[str] = set()
        names: set[str] = set()
        most = 0
        todo = list(exprs)
        while todo:
            node = todo.pop()
            if isinstance(node, ir.Builtin):
                names.add(node.func)
                if node.func == "card_value":
                    at = node.args[1]
                    value = at.value if isinstance(at, ir.Num) else \
                        consts.get(at.name, -1) if isinstance(at, ir.ConstRef) else -1
                    most = -1 if value < 0 or most < 0 else max(most, value)
            elif isinstance(node, ir.DefCall) and follow and node.func not in seen:
                seen.add(node.func)
                d = defs[node.func]
                todo += [d.body, *(e for _, e in d.lets)]
            todo.extend(ir.expr_parts(node))
        return most, frozenset(names)

    @property
    def card_reads(self) -> int:
        """How many of a hand's first cards any formula reads by position."""
        exprs: list[ir.Expr] = [e for e in (self.b.showdown_early, self.g.match.until)
                                if e is not None]
        exprs += [a.when for a in self.b.actions if a.when is not None]
        if self.b.banker_policy is not None:
            exprs.append(self.b.banker_policy[1])
        for d in self.g.defs:
            exprs += [d.body, *(e for _, e in d.lets)]
        return self._reads(exprs, False)[0]

    @property
    def payout_reads(self) -> tuple[int, str]:
        """What ``def payout`` (and the defs it calls) reads of hands: card positions, and
        the builtins, as a literal."""
        d = next(d for d in self.g.defs if d.name == "payout")
        most, names = self._reads([d.body, *(e for _, e in d.lets)], True)
        body = textwrap.fill(" ".join(f"{n!r}," for n in sorted(names)), width=92,
                             initial_indent="    ", subsequent_indent="    ")
        return most, "frozenset((\n" + body + "\n))" if names else "frozenset()"

    @property
    def protocol_imports(self) -> list[str]:
        code = " ".join([self.until, self.showdown_early, *(d.body for d in self.defs),
                         *(e for d in self.defs for _, e in d.lets),
                         *(w for _, _, w in self.action_whens),
                         *([self.banker_policy[0]] if self.banker_policy else [])])
        return sorted(f for f in ("floor_div", "modulo") if f"{f}(" in code)


def generate_banking(game: ir.Game, source_name: str) -> str:
    view = BankingModuleView(game, Path(source_name).name)
    return environment().get_template("banking.py.j2").render(v=view, g=game, b=view.b)
