"""A semantic diff of two games, computed on the IR (never on text).

Each difference is a frozen record naming what changed, its old and new value, and for
orderings and combinations a ``probe``: what a witness search (families/climbing/witness.py) should
look for, concrete cards that the two games classify or compare differently.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..cards import card_name
from . import ir, pretty


@dataclass(frozen=True, kw_only=True)
class Difference:
    area: str  # table ordering combination flow teams scoring match
    what: str  # the thing that differs, e.g. "rank 3", "straight: sequence A2345"
    change: str  # changed added removed
    old: str | None = None
    new: str | None = None
    witness: str | None = None
    probe: tuple[str, str] | None = None  # (search kind, subject) for the witness search

    def line(self) -> str:
        if self.change == "added":
            return f"{self.what} added" + (f": {self.new}" if self.new else "")
        if self.change == "removed":
            return f"{self.what} removed" + (f" (was {self.old})" if self.old else "")
        return f"{self.what}: {self.old} -> {self.new}"

    def record(self) -> dict[str, str | None]:
        return {"area": self.area, "what": self.what, "change": self.change, "old": self.old,
                "new": self.new, "witness": self.witness}


def _changed(area: str, what: str, old: object, new: object,
             probe: tuple[str, str] | None = None) -> list[Difference]:
    if old == new:
        return []
    return [Difference(area=area, what=what, change="changed", old=str(old), new=str(new),
                       probe=probe)]


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


# ------------------------------------------------------------------ orderings
def _lcs(a: list[str], b: list[str]) -> set[str]:
    """The items of a longest common subsequence: what kept its relative place."""
    n, m = len(a), len(b)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            best[i][j] = best[i + 1][j + 1] + 1 if a[i] == b[j] else max(best[i + 1][j],
                                                                         best[i][j + 1])
    keep, i, j = set(), 0, 0
    while i < n and j < m:
        if a[i] == b[j]:
            keep.add(a[i])
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    return keep


def _place(order: tuple[str, ...], item: str) -> str:
    i = order.index(item)
    if i == len(order) - 1:
        return "highest"
    if i == 0:
        return "lowest"
    return f"between {order[i - 1]} and {order[i + 1]}"


def order_changes(area: str, label: str, old: tuple[str, ...],
                  new: tuple[str, ...]) -> list[Difference]:
    """Items that moved (outside a longest common subsequence), were added or removed."""
    out = []
    common_old = [x for x in old if x in new]
    common_new = [x for x in new if x in old]
    kept = _lcs(common_old, common_new)
    for item in old:
        if item not in new:
            out.append(Difference(area=area, what=f"{label} {item}", change="removed",
                                  old=_place(old, item)))
        elif item not in kept:
            out.append(Difference(area=area, what=f"{label} {item}", change="changed",
                                  old=_place(old, item), new=_place(new, item),
                                  probe=("order", f"{label} {item}")))
    for item in new:
        if item not in old:
            out.append(Difference(area=area, what=f"{label} {item}", change="added",
                                  new=_place(new, item)))
    return out


def orderings(a: ir.Game, b: ir.Game) -> list[Difference]:
    out = order_changes("ordering", "rank", a.ranks, b.ranks)
    out += order_changes("ordering", "suit", a.suits, b.suits)
    out += _changed("ordering", "card order", " then ".join(a.card_order),
                    " then ".join(b.card_order), ("order", "card order"))
    out += _changed("ordering", "cards above all others",
                    " ".join(card_name(c) for c in a.top) or "none",
                    " ".join(card_name(c) for c in b.top) or "none", ("order", "top"))
    return out


# ------------------------------------------------------------------ combinations
def _combination(a: ir.Combination, b: ir.Combination) -> list[Difference]:
    name = a.name
    out: list[Difference] = []
    sa, sb = a.shape, b.shape
    if isinstance(sa, ir.SequenceShape) and isinstance(sb, ir.SequenceShape):
        # A run is the set of its ranks (cards match it in any order); the rank written last
        # is its top card, which a key by sequence compares: a run written in another order
        # is the same run with (perhaps) another top card, not one removed and one added.
        in_a = {frozenset(r): r for r in sa.runs}
        in_b = {frozenset(r): r for r in sb.runs}
        for r in sa.runs:
            if frozenset(r) not in in_b:
                out.append(Difference(area="combination",
                                      what=f"{name}: sequence {pretty.run(r)}",
                                      change="removed", probe=("classify", name)))
        for r in sb.runs:
            if frozenset(r) not in in_a:
                out.append(Difference(area="combination",
                                      what=f"{name}: sequence {pretty.run(r)}",
                                      change="added", probe=("classify", name)))
        for r in sa.runs:
            other = in_b.get(frozenset(r))
            if other is not None and other[-1] != r[-1]:
                out += _changed("combination", f"{name}: top card of sequence {pretty.run(r)}",
                                r[-1], other[-1], ("compare", name))
        ia = [frozenset(r) for r in sa.runs if frozenset(r) in in_b]
        ib = [frozenset(r) for r in sb.runs if frozenset(r) in in_a]
        if ia != ib:
            out += _changed("combination", f"{name}: order of sequences",
                            " < ".join(pretty.run(in_a[r]) for r in ia),
                            " < ".join(pretty.run(in_b[r]) for r in ib), ("compare", name))
    else:
        out += _changed("combination", f"{name}: shape", pretty.shape(a), pretty.shape(b),
                        ("classify", name))
    out += _changed("combination", f"{name}: suits", a.suits, b.suits, ("classify", name))
    out += _changed("combination", f"{name}: key", pretty.key(a), pretty.key(b),
                    ("compare", name))
    out += _changed("combination", f"{name}: label", a.label or "none", b.label or "none")
    return out


def moved_runs(a: tuple[tuple[str, ...], ...],
               b: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """The runs of a sequence both lists have, outside a longest common subsequence of their
    order (as rank sets): the ones whose place among the others changed."""
    sa = {frozenset(r) for r in a}
    sb = {frozenset(r) for r in b}
    ka = ["|".join(sorted(r)) for r in a if frozenset(r) in sb]
    kb = ["|".join(sorted(r)) for r in b if frozenset(r) in sa]
    kept = _lcs(ka, kb)
    return tuple(r for r, k in zip((r for r in a if frozenset(r) in sb), ka, strict=True)
                 if k not in kept)


def combinations(a: ir.Game, b: ir.Game) -> list[Difference]:
    out: list[Difference] = []
    na = {c.name: c for c in a.combinations}
    nb = {c.name: c for c in b.combinations}
    for name, c in na.items():
        if name not in nb:
            out.append(Difference(area="combination", what=f"combination {name}",
                                  change="removed", old=pretty.shape(c),
                                  probe=("classify", name)))
        else:
            out += _combination(c, nb[name])
    for name, c in nb.items():
        if name not in na:
            out.append(Difference(area="combination", what=f"combination {name}",
                                  change="added", new=pretty.shape(c),
                                  probe=("classify", name)))
    common_a = [c.name for c in a.combinations if c.name in nb]
    common_b = [c.name for c in b.combinations if c.name in na]
    if common_a != common_b:  # cards that fit two kinds outside a ladder take the first
        out += _changed("combination", "order of combinations", ", ".join(common_a),
                        ", ".join(common_b), ("classify", ""))
    la = {x.name: " < ".join(x.kinds) for x in a.ladders}
    lb = {x.name: " < ".join(x.kinds) for x in b.ladders}
    for name in sorted(set(la) | set(lb)):
        out += _changed("combination", f"ladder {name}", la.get(name, "none"),
                        lb.get(name, "none"), ("compare", ""))
    out += _changed("combination", "bombs", _bombs(a) or "none", _bombs(b) or "none",
                    ("compare", ""))
    return out


def _bombs(g: ir.Game) -> str:
    """The bomb rungs, lowest first; kinds sharing a rung joined by ``=`` in name order."""
    rungs: dict[int, list[str]] = {}
    for name, rung in zip(g.bombs, g.bomb_rungs, strict=True):
        rungs.setdefault(rung, []).append(name)
    return " < ".join(" = ".join(sorted(names)) for _, names in sorted(rungs.items()))


# ------------------------------------------------------------------ flow, teams, scoring
def table(a: ir.Game, b: ir.Game) -> list[Difference]:
    return (_changed("table", "players", a.players, b.players)
            + _changed("table", "deck", f"{a.deck_size} cards x {a.copies}",
                       f"{b.deck_size} cards x {b.copies}")
            + _changed("table", "deal", f"{a.deal_each} each", f"{b.deal_each} each")
            + _changed("table", "deal direction", a.direction, b.direction)
            + _changed("table", "kitty", a.kitty, b.kitty)
            + _changed("table", "cards left over", _rest(a), _rest(b)))


def _rest(g: ir.Game) -> str:
    if not g.rest_to:
        return "not dealt"
    return "to the leader, shown to all" if g.rest_shown else "to the leader"


def _lead_card(c: int | None) -> str:
    return "none" if c is None else f"holder of {card_name(c)}"


def _first(f: ir.Flow) -> str:
    if f.auction is not None:
        return "the auction's winner"
    if f.first_random:
        return "random"
    return "holder of the lowest card" if f.first_lowest else _lead_card(f.first_card)


def flow(a: ir.Game, b: ir.Game) -> list[Difference]:
    fa, fb = a.flow, b.flow
    first_a, first_b = _first(fa), _first(fb)
    return (_changed("flow", "lead first", first_a, first_b, ("flow", "first"))
            + _changed("flow", "first play must contain the lead card",
                       _yes(fa.first_must_play), _yes(fb.first_must_play), ("flow", "must"))
            + _changed("flow", "lead next", pretty.lead_next(fa), pretty.lead_next(fb),
                       ("flow", "next"))
            + _changed("flow", "pass", fa.passing, fb.passing, ("flow", "play"))
            + _changed("flow", "after out", fa.after_out, fb.after_out, ("flow", "play"))
            + _changed("flow", "round ends", fa.round_end, fb.round_end, ("flow", "end"))
            + _changed("flow", "auction", _auction(fa.auction), _auction(fb.auction),
                       ("flow", "first")))


def _auction(a: ir.Auction | None) -> str:
    if a is None:
        return "none"
    first = "random" if a.first_card is None else f"holder of {card_name(a.first_card)}"
    ends = f", a bid of {a.ends_at} ends it" if a.ends_at else ""
    passed = "deal again" if a.all_pass == "again" else "the first bidder takes the lowest"
    return (f"bids {' < '.join(map(str, a.bids))}, first bidder {first}{ends}; all pass: "
            f"{passed}")


def _teams(t: ir.Teams) -> str:
    if t.kind == "hidden":
        return "hidden, holders of " + " ".join(card_name(c) for c in t.holders)
    return t.kind


def scoring(a: ir.Game, b: ir.Game) -> list[Difference]:
    out = _changed("teams", "teams", _teams(a.teams), _teams(b.teams))
    for label, da, db in (
            ("const", {n: str(v) for n, v in a.consts}, {n: str(v) for n, v in b.consts}),
            ("table", {n: _table(e) for n, e in a.tables}, {n: _table(e) for n, e in b.tables}),
            ("def", {d.name: pretty.definition(d) for d in a.defs},
             {d.name: pretty.definition(d) for d in b.defs})):
        for name in [*da, *(n for n in db if n not in da)]:
            what = f"{label} {name}"
            if name not in db:
                out.append(Difference(area="scoring", what=what, change="removed", old=da[name]))
            elif name not in da:
                out.append(Difference(area="scoring", what=what, change="added", new=db[name]))
            else:
                out += _changed("scoring", what, da[name], db[name])
    return out


def _table(entries: tuple[tuple[int, int], ...]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in entries) + "}"


def _match(m: ir.Match) -> str:
    parts = []
    if m.rounds:
        parts.append(f"rounds {m.rounds}")
    if m.accumulate != "score":
        parts.append(f"accumulate {m.accumulate}")
    if m.until is not None:
        parts.append(f"until {pretty.expr(m.until)}")
    return "; ".join(parts)


def match(a: ir.Game, b: ir.Game) -> list[Difference]:
    return _changed("match", "match", _match(a.match), _match(b.match))


def diff(a: ir.Game, b: ir.Game) -> list[Difference]:
    """Every difference, in a fixed order: table, orderings, combinations, flow, teams and
    scoring, match. Names and titles are identity, not rules: they are not compared."""
    from .diff_tricks import family, tricks  # each family's statements in their own module
    if a.family != b.family:  # the rules of play of two families do not compare
        return family(a, b) + table(a, b) + match(a, b)
    if a.banking is not None and b.banking is not None:  # the banking family's own rules
        from .diff_banking import banking
        return table(a, b) + banking(a, b) + scoring(a, b) + match(a, b)
    return (table(a, b) + orderings(a, b) + combinations(a, b) + tricks(a, b)
            + flow(a, b) + scoring(a, b) + match(a, b))


def without_probe(d: Difference) -> Difference:
    return replace(d, probe=None)
