"""How a climbing game's scoring defs are generated: which parts are made once per view.

Scoring asks ``score(p)`` of every seat, and a round that ends when ``decided`` is scored for
several finishing orders, so a formula that walks the seats inside another that is asked per
seat is made many times over. Four rewrites of the checked defs, none of which changes a
value (formulas read the view and nothing else, and every one gives a value):

- a part of a def with parameters that reads none of them (nor a let that reads one) and
  walks the seats becomes a def without parameters of its own (made once per view: see the
  template), named after the def and the let it was (or the aggregate it is);
- a def with parameters that walks the seats and is called from two places, or from inside
  an aggregate, is remembered per view and arguments;
- a call in the body of an aggregate that reads none of the aggregate's variables is made
  once, before the aggregate (when the def always makes the aggregate);
- a product of a name (a let, a constant, a def without parameters) and a part that walks the
  seats does not make that part when the name is 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from . import ir
from .builtins import AGGREGATES, BUILTINS

_BOOL_OPS = ("and", "or", "==", "!=", "<", "<=", ">", ">=")


def rebuilt(e: ir.Expr, f: Callable[[ir.Expr], ir.Expr]) -> ir.Expr:
    """``e`` with ``f`` applied to each of its parts (``e`` itself if none changes)."""
    changes: dict[str, object] = {}
    for name in ir.EXPR_PARTS:
        child = getattr(e, name, None)
        if isinstance(child, tuple):
            new = tuple(f(c) for c in child)
            if new != child:
                changes[name] = new
        elif child is not None:
            new_child = f(child)
            if new_child is not child:
                changes[name] = new_child
    return replace(e, **changes) if changes else e  # type: ignore[arg-type]


def free_names(e: ir.Expr) -> frozenset[str]:
    """The variables ``e`` reads that it does not bind (an aggregate binds its own)."""
    if isinstance(e, ir.Var):
        return frozenset((e.name,))
    if isinstance(e, ir.Aggregate):
        return free_names(e.domain) | (free_names(e.body) - {e.var})
    return frozenset().union(*map(free_names, ir.expr_parts(e)))


def calls(e: ir.Expr, looped: bool = False) -> Iterator[tuple[str, bool]]:
    """Each def ``e`` calls, with whether the call is in an aggregate's body."""
    if isinstance(e, ir.DefCall):
        yield e.func, looped
    if isinstance(e, ir.Aggregate):
        yield from calls(e.domain, looped)
        yield from calls(e.body, True)
        return
    for p in ir.expr_parts(e):
        yield from calls(p, looped)


@dataclass(frozen=True)
class PlannedDef:
    d: ir.Def
    memo: bool  # with parameters: remembered per view and arguments


class _Planner:
    def __init__(self, defs: Sequence[ir.Def]) -> None:
        self.defs = {d.name: d for d in defs}
        self.taken = set(self.defs)
        self._walks: dict[str, bool] = {}

    def walks(self, e: ir.Expr) -> bool:
        """Whether making ``e`` walks the seats (an aggregate, or a call of a def with
        parameters that does: a def without is made once per view)."""
        if isinstance(e, ir.Aggregate):
            return True
        if isinstance(e, ir.DefCall) and e.args and self.def_walks(e.func):
            return True
        return any(self.walks(p) for p in ir.expr_parts(e))

    def def_walks(self, name: str) -> bool:
        found = self._walks.get(name)
        if found is None:
            self._walks[name] = False  # (a def calls no def that calls it: no cycle)
            d = self.defs[name]
            found = self._walks[name] = any(self.walks(e) for e in (*_lets(d), d.body))
        return found

    def returns(self, e: ir.Expr, lets: dict[str, str]) -> str:
        """int or bool: what ``e`` gives (``lets``: the type of each let in reach)."""
        if isinstance(e, ir.Var):
            return lets.get(e.name, "int")
        if isinstance(e, ir.Builtin):
            return "bool" if BUILTINS[e.func].returns == "bool" else "int"
        if isinstance(e, ir.DefCall):
            return self.defs[e.func].returns
        if isinstance(e, ir.Aggregate):
            return AGGREGATES[e.kind][1]
        if isinstance(e, ir.If):
            return self.returns(e.then, lets)
        if isinstance(e, ir.Not) or isinstance(e, ir.BinOp) and e.op in _BOOL_OPS:
            return "bool"
        return "int"

    def name(self, wanted: str) -> str:
        name = wanted
        while name in self.taken:
            name += "_"
        self.taken.add(name)
        return name

    def per_view(self, d: ir.Def) -> list[ir.Def]:
        """``d``, after the defs without parameters made of its parts that read none of its
        parameters and walk the seats."""
        if not d.params:
            return [d]
        made: list[ir.Def] = []
        fixed: dict[str, ir.Expr] = {}  # the lets that read no parameter (as rewritten)
        types: dict[str, str] = {}

        def lift(e: ir.Expr, bound: frozenset[str], hint: str) -> ir.Expr:
            free = free_names(e)
            # (an int or a bool, as a def gives: never seats)
            if (not _gives_seats(e) and free <= fixed.keys()
                    and not free & bound and self.walks(e)
                    and not (isinstance(e, ir.DefCall) and not e.args)):
                needed = set(free)
                for n in reversed(list(fixed)):  # and the lets those lets read
                    if n in needed:
                        needed |= free_names(fixed[n])
                kind = e.kind if isinstance(e, ir.Aggregate) else "part"
                name = self.name(f"{d.name}_{hint or kind}")
                made.append(ir.Def(name=name, params=(), span=d.span, body=e,
                                   lets=tuple((n, x) for n, x in fixed.items() if n in needed),
                                   returns=self.returns(e, types)))
                self.defs[name] = made[-1]
                return ir.DefCall(func=name, args=(), span=e.span)
            inner = bound | {e.var} if isinstance(e, ir.Aggregate) else bound
            return rebuilt(e, lambda p: lift(p, inner, ""))

        lets = []
        for n, x in d.lets:
            types[n] = self.returns(x, types)
            new = lift(x, frozenset(), n)
            if not free_names(x) - fixed.keys():
                fixed[n] = new
            lets.append((n, new))
        body = lift(d.body, frozenset(), "")
        return [*made, replace(d, lets=tuple(lets), body=body)]

    def short_products(self, e: ir.Expr) -> ir.Expr:
        """``e`` with each product of a name and a part that walks the seats made only
        when the name is not 0."""
        e = rebuilt(e, self.short_products)
        if isinstance(e, ir.BinOp) and e.op == "*":
            for name, other in ((e.left, e.right), (e.right, e.left)):
                if _named(name) and self.walks(other):
                    zero = ir.Num(value=0, span=e.span)
                    return ir.If(cond=ir.BinOp(op="==", left=name, right=zero, span=e.span),
                                 then=zero, otherwise=e, span=e.span)
        return e


def _hoisted(d: ir.Def) -> ir.Def:
    """``d`` with each call in the body of an aggregate it always makes that reads none of
    the aggregates' variables made once, before (a let named after what it calls)."""
    taken = {*d.params, *(n for n, _ in d.lets), *_bound_names(d)}
    made: dict[ir.Expr, str] = {}
    lets: list[tuple[str, ir.Expr]] = []

    def outside(e: ir.Expr) -> ir.Expr:  # an expression the def always makes
        if e in made:  # (made already, for an aggregate before)
            return ir.Var(name=made[e], span=e.span)
        if isinstance(e, ir.Aggregate):
            body = inside(e.body, frozenset((e.var,)))
            return replace(e, domain=outside(e.domain), body=body)
        if isinstance(e, ir.If):  # (its branches are made only if chosen)
            return replace(e, cond=outside(e.cond))
        if isinstance(e, ir.BinOp) and e.op in ("and", "or"):
            return replace(e, left=outside(e.left))
        return rebuilt(e, outside)

    def inside(e: ir.Expr, bound: frozenset[str]) -> ir.Expr:  # in an aggregate's body
        if (isinstance(e, ir.DefCall | ir.Aggregate)
                or isinstance(e, ir.Builtin) and e.func not in ("seats", "others")) \
                and not free_names(e) & bound:
            name = made.get(e)
            if name is None:
                name = made[e] = e.kind if isinstance(e, ir.Aggregate) else e.func
                while name in taken:
                    name = made[e] = name + "_"
                taken.add(name)
                lets.append((name, e))
            return ir.Var(name=name, span=e.span)
        inner = bound | {e.var} if isinstance(e, ir.Aggregate) else bound
        return rebuilt(e, lambda p: inside(p, inner))

    for n, x in d.lets:
        lets.append((n, outside(x)))
    body = outside(d.body)
    return replace(d, lets=tuple(lets), body=body) if made else d


def _gives_seats(e: ir.Expr) -> bool:
    """Whether ``e`` gives a seat or seats (an aggregate's domain), not a number."""
    if isinstance(e, ir.Builtin):
        return BUILTINS[e.func].returns in ("seat", "seats")
    if isinstance(e, ir.If):
        return _gives_seats(e.then) or _gives_seats(e.otherwise)
    return False


def _rebinds(d: ir.Def) -> bool:
    """Whether a name of ``d`` stands for two things (a let named again, a parameter or a
    let named as an aggregate's variable): the rewrites key parts by their names, so such a
    def is made as written."""
    names = [*d.params, *(n for n, _ in d.lets)]
    return len(set(names)) != len(names) or not set(names).isdisjoint(_bound_names(d))


def _bound_names(d: ir.Def) -> Iterator[str]:
    """The variables the aggregates of ``d`` bind."""
    todo: list[ir.Expr] = [*_lets(d), d.body]
    while todo:
        e = todo.pop()
        if isinstance(e, ir.Aggregate):
            yield e.var
        todo += ir.expr_parts(e)


def _named(e: ir.Expr) -> bool:
    return isinstance(e, ir.Var | ir.ConstRef) or isinstance(e, ir.DefCall) and not e.args


def _lets(d: ir.Def) -> list[ir.Expr]:
    return [x for _, x in d.lets]


def planned(defs: Sequence[ir.Def]) -> list[PlannedDef]:
    """The defs to generate, in order: each as written, after the defs made of its parts
    that are made once per view (see the module's docstring)."""
    plan = _Planner(defs)
    out: list[ir.Def] = []
    for given in defs:
        out += [given] if _rebinds(given) else map(_hoisted, plan.per_view(given))
    out = [replace(d, lets=tuple((n, plan.short_products(x)) for n, x in d.lets),
                   body=plan.short_products(d.body)) for d in out]
    sites: dict[str, int] = {}
    looped: set[str] = set()
    for d in out:
        for e in (*_lets(d), d.body):
            for name, inside in calls(e):
                sites[name] = sites.get(name, 0) + 1
                if inside:
                    looped.add(name)
    return [PlannedDef(d, bool(d.params) and plan.def_walks(d.name)
                       and (sites.get(d.name, 0) > 1 or d.name in looped)) for d in out]
