"""IR -> Python source for the banking family: card values, the hand total, the actions with
their conditions, the banker's policy and the settlement formulas (templates/banking.py.j2)."""

from __future__ import annotations

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
