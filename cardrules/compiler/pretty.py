"""IR -> rules-language text, for diffs and messages (the inverse of parse for formulas)."""

from __future__ import annotations

from ..cards import card_name
from . import ir

_PREC = {"or": 1, "and": 2, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4,
         "+": 5, "-": 5, "*": 6, "//": 6, "%": 6}


def expr(e: ir.Expr, outer: int = 0) -> str:
    if isinstance(e, ir.Num):
        return str(e.value)
    if isinstance(e, (ir.Var, ir.ConstRef)):
        return e.name
    if isinstance(e, ir.CardLit):
        return card_name(e.code)
    if isinstance(e, ir.KindLit):
        return e.name
    if isinstance(e, (ir.Builtin, ir.DefCall)):
        return f"{e.func}(" + ", ".join(expr(a) for a in e.args) + ")"
    if isinstance(e, ir.Aggregate):
        return f"{e.kind}({e.var} in {expr(e.domain)}: {expr(e.body)})"
    if isinstance(e, ir.TableRef):
        return f"{e.table}[{expr(e.index)}]"
    if isinstance(e, ir.If):  # a nested if is bracketed unless it continues an else chain
        text = f"if {expr(e.cond, 1)} then {expr(e.then, 1)} else {expr(e.otherwise)}"
        return f"({text})" if outer else text
    if isinstance(e, ir.BinOp):
        p = _PREC[e.op]
        text = f"{expr(e.left, p)} {e.op} {expr(e.right, p + 1)}"
        return f"({text})" if p < outer else text
    if isinstance(e, ir.Not):
        return f"not {expr(e.operand, 3)}"
    assert isinstance(e, ir.Neg)
    return f"-{expr(e.operand, 7)}"


def definition(d: ir.Def) -> str:
    lets = "".join(f"let {name} = {expr(value)}; " for name, value in d.lets)
    params = [p if not d.types or d.types[i] == "seat" else f"{p}: {d.types[i]}"
              for i, p in enumerate(d.params)]
    return f"def {d.name}({', '.join(params)}) = {lets}{expr(d.body)}"


def run(ranks: tuple[str, ...]) -> str:
    return "".join(ranks)


def shape(c: ir.Combination) -> str:
    s = c.shape
    if isinstance(s, ir.GroupsShape):
        first = f"group {s.sizes[0]}" + (f" to {s.up_to}" if s.up_to != s.sizes[0] else "")
        return " + ".join([first, *(f"group {n}" for n in s.sizes[1:])])
    if isinstance(s, ir.RunShape):
        top = f" max {s.max_len}" if s.max_len != len(s.within) else ""
        wing = f" + group {s.wing}" if s.wing else ""
        return f"run {s.width} min {s.min_len}{top} within {' '.join(s.within)}{wing}"
    if isinstance(s, ir.SequenceShape):
        return f"sequence of {s.sequence}"
    if isinstance(s, ir.CardsShape):
        return f"cards {s.count}"
    return "set " + " ".join(card_name(x) for x in s.cards)


def key(c: ir.Combination) -> str:
    return ", ".join(p.kind + (f" of group {p.group + 1}" if p.group is not None else "")
                     for p in c.key)


def lead_next(f: ir.Flow) -> str:
    def text(rule: str | ir.NextIf) -> str:
        if isinstance(rule, str):
            return rule
        return f"(if {expr(rule.cond, 1)} then {text(rule.then)} else {text(rule.otherwise)})"
    return text(f.lead_next_rule)[1:-1] if f.lead_next_rule else f.lead_next
