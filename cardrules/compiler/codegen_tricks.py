"""IR -> Python for family tricks: the view model the tricks template prints.

The trump order is specialised into ``trump_position``: one test per pattern, highest first,
so the runtime builds each trump state's order by calling it once per card."""

from __future__ import annotations

import functools

from ..cards import JOKER_NAMES, RANK_NAMES, card_name, rank_index
from . import ir
from .codegen import ModuleView, _rank_word


def _rank(word: str) -> int:
    r = rank_index(word)
    return -1 if r is None else r


class TricksModuleView(ModuleView):
    """Everything tricks.py.j2 prints, computed from the IR (consts, tables and defs come
    from the shared ModuleView)."""

    @functools.cached_property
    def t(self) -> ir.Tricks:
        assert self.g.tricks is not None
        return self.g.tricks

    @property
    def plain_order(self) -> tuple[int, ...]:
        """Notation ranks of suited cards, low to high, as ``ranks`` lists them."""
        return tuple(_rank(r) for r in self.g.ranks if r not in JOKER_NAMES)

    @property
    def levels(self) -> tuple[int, ...]:
        return tuple(_rank(r) for r in self.t.levels)

    @property
    def trump_rank(self) -> int:
        return _rank(self.t.trump_rank) if self.t.trump_rank else -1

    @property
    def suit_pattern(self) -> int:
        kinds = [p.kind for p in self.t.trump_order]
        return kinds.index("suit") if "suit" in kinds else -1

    @property
    def trump_tests(self) -> list[tuple[str, int, str]]:
        """(condition, step, what it is), highest step first."""
        out = []
        for step, p in reversed(list(enumerate(self.t.trump_order))):
            if p.kind == "card":
                out.append((f"card == {p.card}", step, card_name(p.card)))
            elif p.kind == "suit":
                out.append(("card < 52 and card // 13 == suit", step, "the trump suit"))
            else:
                rank = "rank" if p.kind.endswith("_rank") else str(p.rank)
                same = "==" if p.kind.startswith("suit") else "!="
                shown = "the trump rank" if rank == "rank" else RANK_NAMES[p.rank]
                where = "in" if same == "==" else "outside"
                out.append((f"card < 52 and card % 13 == {rank} and card // 13 {same} suit",
                            step, f"{shown} {where} the trump suit"))
        return out

    @property
    def unit_names(self) -> tuple[str, ...]:
        return tuple(u.name for u in self.t.units)

    @property
    def unit_labels(self) -> tuple[str, ...]:
        return tuple(u.label or u.name for u in self.t.units)

    @property
    def unit_identical(self) -> tuple[int, ...]:
        return tuple(u.identical for u in self.t.units)

    @property
    def unit_chain_of(self) -> tuple[int, ...]:
        names = self.unit_names
        return tuple(names.index(u.chain_of) if u.chain_of else -1 for u in self.t.units)

    @property
    def unit_min_len(self) -> tuple[int, ...]:
        return tuple(u.min_len for u in self.t.units)

    @property
    def leads(self) -> tuple[int, ...]:
        return tuple(self.unit_names.index(x) for x in self.t.leads if x != "throw")

    @property
    def follow(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        names = self.unit_names
        rules = {r.lead: r.alternatives for r in self.t.follow}
        return tuple(tuple(tuple(names.index(x) for x in alt) for alt in rules.get(u, ()))
                     for u in names)

    @property
    def points_table(self) -> str:
        from .codegen import _wrap
        by_rank = dict(self.t.points)
        return _wrap([by_rank.get(_rank_word(c), 0) if c in self.deck else 0
                      for c in range(54)])

    @property
    def bids(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        return tuple(b.options for b in self.t.bids)

    @property
    def bid_names_suit(self) -> tuple[bool, ...]:
        return tuple(b.names == "suit" for b in self.t.bids)

    @property
    def dealer_next(self) -> str:
        from .exprgen import py
        return py(self.t.dealer_next)

    @property
    def protocol_imports(self) -> list[str]:
        code = " ".join([self.until, self.dealer_next, *(d.body for d in self.defs),
                         *(e for d in self.defs for _, e in d.lets)])
        return sorted(f for f in ("floor_div", "modulo") if f"{f}(" in code)
