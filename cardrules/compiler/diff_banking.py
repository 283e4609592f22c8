"""The semantic diff of two banking games' own rules (the table, values, actions, the banker's
play), on the IR. Each difference carries a probe for families/banking/witness.py."""

from __future__ import annotations

from . import ir, pretty
from .diff import Difference, _changed


def _bets(b: ir.Banking) -> str:
    step = f" step {b.bet_step}" if b.bet_step != 1 else ""
    return f"min {b.bet_min} max {b.bet_max}{step}"


def _action(a: ir.Action) -> str:
    effects = [f"bet * {a.bet}"] if a.bet != 1 else []
    effects += ["split"] if a.split else []
    effects += [f"draw {a.draw}"] if a.draw else []
    effects += ["stop"] if a.stop else []
    when = f" when {pretty.expr(a.when)}" if a.when is not None else ""
    return f"{a.name}({a.param}){when} {{ {'  '.join(effects)} }}"


def _policy(b: ir.Banking) -> str:
    if b.banker_policy is None:
        return "as seat"
    act, cond, other = b.banker_policy
    return f"{act} while {pretty.expr(cond)} else {other}"


def banking(a: ir.Game, b: ir.Game) -> list[Difference]:
    ba, bb = a.banking, b.banking
    if ba is None or bb is None:
        return _changed("table", "family", a.family, b.family) if a.family != b.family else []
    out = _changed("table", "most players", ba.players_max, bb.players_max)
    out += _changed("table", "face-down cards", ba.hidden, bb.hidden)
    out += _changed("table", "banker", f"seat {ba.banker}", f"seat {bb.banker}")
    out += _changed("table", "bet", _bets(ba), _bets(bb), ("bank", "bet"))
    va, vb = dict(ba.values), dict(bb.values)
    for r in va:
        out += _changed("values", f"value of {r}", va[r], vb.get(r), ("bank", "values"))
    out += _changed("values", "soft", "none" if ba.soft is None else f"{ba.soft[0]}: {ba.soft[1]}",
                    "none" if bb.soft is None else f"{bb.soft[0]}: {bb.soft[1]}",
                    ("bank", "values"))
    out += _changed("values", "bust over", ba.bust, bb.bust, ("bank", "values"))
    na = {x.name: x for x in ba.actions}
    nb = {x.name: x for x in bb.actions}
    for name in [*na, *(n for n in nb if n not in na)]:
        what = f"action {name}"
        if name not in nb:
            out.append(Difference(area="actions", what=what, change="removed",
                                  old=_action(na[name]), probe=("bank", what)))
        elif name not in na:
            out.append(Difference(area="actions", what=what, change="added",
                                  new=_action(nb[name]), probe=("bank", what)))
        else:
            out += _changed("actions", what, _action(na[name]), _action(nb[name]),
                            ("bank", what))
    out += _changed("banker", "banker plays", _policy(ba), _policy(bb), ("bank", "policy"))
    out += _changed("banker", "showdown early",
                    "never" if ba.showdown_early is None else
                    f"when {pretty.expr(ba.showdown_early)}",
                    "never" if bb.showdown_early is None else
                    f"when {pretty.expr(bb.showdown_early)}", ("bank", "early"))
    return out
