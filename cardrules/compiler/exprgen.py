"""IR expressions -> Python expressions. Every user name gets a prefix, so no rules-file word
can become a Python keyword, builtin or statement; numbers are printed as ints."""

from __future__ import annotations

from . import ir

_AGG = {
    "sum": "sum({body} for v_{var} in {dom})",
    "count": "sum(1 for v_{var} in {dom} if {body})",
    "any": "any({body} for v_{var} in {dom})",
    "all": "all({body} for v_{var} in {dom})",
    "max": "max(({body} for v_{var} in {dom}), default=0)",
    "min": "min(({body} for v_{var} in {dom}), default=0)",
}


_DIVISION = {"//": "floor_div", "%": "modulo"}


def py(e: ir.Expr) -> str:
    if isinstance(e, ir.Num):
        return str(int(e.value))
    if isinstance(e, ir.Var):
        return f"v_{e.name}"
    if isinstance(e, ir.ConstRef):
        return f"C_{e.name}"
    if isinstance(e, ir.CardLit):
        return str(int(e.code))
    if isinstance(e, ir.KindLit):
        return str(int(e.index))
    if isinstance(e, ir.Builtin):
        args = ", ".join(py(a) for a in e.args)
        return f"abs({args})" if e.func == "abs" else f"v.{e.func}({args})"
    if isinstance(e, ir.DefCall):
        return f"def_{e.func}(" + ", ".join(["v", *(py(a) for a in e.args)]) + ")"
    if isinstance(e, ir.Aggregate):
        return _AGG[e.kind].format(body=py(e.body), var=e.var, dom=py(e.domain))
    if isinstance(e, ir.TableRef):
        return f"T_{e.table}.get({py(e.index)}, 0)"
    if isinstance(e, ir.If):
        return f"({py(e.then)} if {py(e.cond)} else {py(e.otherwise)})"
    if isinstance(e, ir.BinOp) and e.op in _DIVISION:  # dividing by zero gives 0
        return f"{_DIVISION[e.op]}({py(e.left)}, {py(e.right)})"
    if isinstance(e, ir.BinOp):
        return f"({py(e.left)} {e.op} {py(e.right)})"
    if isinstance(e, ir.Not):
        return f"(not {py(e.operand)})"
    assert isinstance(e, ir.Neg)
    return f"(-{py(e.operand)})"
