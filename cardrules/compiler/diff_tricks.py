"""The semantic diff of the statements of family tricks (trumps, units, leads, follow, ruff,
points, kitty, dealer, bidding, levels), on the IR. Differences that change what wins or what
may be played carry a probe for the tricks witness search (families/tricks/witness.py)."""

from __future__ import annotations

from ..cards import card_name
from . import ir, pretty
from .diff import Difference, _changed, _yes, order_changes

_PATTERN_WORDS = {"suit": "suit", "suit_rank": "suit rank", "off_rank": "off rank"}


def pattern(p: ir.TrumpPattern) -> str:
    if p.kind == "card":
        return card_name(p.card)
    if p.kind in _PATTERN_WORDS:
        return _PATTERN_WORDS[p.kind]
    from ..cards import RANK_NAMES
    return f"{p.kind.split('_')[0]} {RANK_NAMES[p.rank]}"


def unit(u: ir.Unit) -> str:
    return f"identical {u.identical}" if u.identical else f"chain {u.chain_of} min {u.min_len}"


def _bid(b: ir.Bid) -> str:
    opts = " or ".join(" + ".join(
        f"{o.count(c)} rank" if c < 0 else
        f"{o.count(c)} {card_name(c)}" if o.count(c) > 1 else card_name(c)
        for c in dict.fromkeys(o)) for o in b.options)
    return f"{opts} names {b.names}"


def _follow(r: ir.FollowRule) -> str:
    return " then ".join(" + ".join(alt) for alt in r.alternatives)


def family(a: ir.Game, b: ir.Game) -> list[Difference]:
    return _changed("table", "family", a.family, b.family)


def tricks(a: ir.Game, b: ir.Game) -> list[Difference]:
    """Every difference between the tricks statements of two games (none unless both are of
    family tricks)."""
    ta, tb = a.tricks, b.tricks
    if ta is None or tb is None:
        return []
    out = order_changes("ordering", "level", ta.levels, tb.levels)
    out += _changed("ordering", "trump rank", ta.trump_rank or "level",
                    tb.trump_rank or "level", ("tricks", "order"))
    out += _changed("ordering", "trump order", " < ".join(map(pattern, ta.trump_order)),
                    " < ".join(map(pattern, tb.trump_order)), ("tricks", "order"))
    out += _changed("ordering", "ties", ta.ties, tb.ties, ("tricks", "order"))
    ua = {u.name: unit(u) for u in ta.units}
    ub = {u.name: unit(u) for u in tb.units}
    for name in [*ua, *(n for n in ub if n not in ua)]:
        what = f"unit {name}"
        if name not in ub:
            out.append(Difference(area="combination", what=what, change="removed",
                                  old=ua[name], probe=("tricks", what)))
        elif name not in ua:
            out.append(Difference(area="combination", what=what, change="added",
                                  new=ub[name], probe=("tricks", what)))
        else:
            out += _changed("combination", what, ua[name], ub[name], ("tricks", what))
    out += _changed("flow", "lead", " | ".join(ta.leads), " | ".join(tb.leads),
                    ("tricks", "lead"))
    out += _changed("flow", "throw penalty", ta.throw_penalty, tb.throw_penalty,
                    ("tricks", "penalty"))
    fa = {r.lead: _follow(r) for r in ta.follow}
    fb = {r.lead: _follow(r) for r in tb.follow}
    for name in [*fa, *(n for n in fb if n not in fa)]:
        out += _changed("flow", f"follow {name}", fa.get(name, "none"), fb.get(name, "none"),
                        ("tricks", "follow " + name))
    out += _changed("flow", "ruff", _yes(ta.ruffing), _yes(tb.ruffing), ("tricks", "order"))
    out += _changed("flow", "ruff must cover units", _yes(ta.ruff_cover), _yes(tb.ruff_cover),
                    ("tricks", "cover"))
    out += _changed("scoring", "points", _points(ta), _points(tb))
    out += _changed("scoring", "kitty bonus", ta.kitty_bonus or "none", tb.kitty_bonus or "none")
    out += _changed("flow", "dealer first", f"first_bidder else seat {ta.dealer_fallback}",
                    f"first_bidder else seat {tb.dealer_fallback}", ("tricks", "first"))
    out += _changed("flow", "dealer next", pretty.expr(ta.dealer_next),
                    pretty.expr(tb.dealer_next), ("tricks", "settle"))
    out += _changed("flow", "bidding", "; ".join(map(_bid, ta.bids)) or "none",
                    "; ".join(map(_bid, tb.bids)) or "none", ("tricks", "bidding"))
    out += _changed("scoring", "level up", ta.level_up, tb.level_up)
    return out


def _points(t: ir.Tricks) -> str:
    return "{" + ", ".join(f"{r}: {n}" for r, n in t.points) + "}"
