"""Copies of a table to play on, many times cheaper than ``copy.deepcopy``.

A search copies a world's table for each iteration, and ``deepcopy`` spent most of the
search's time doing it (most of a table is ints, tuples of ints and lists of them; deepcopy
memoises and reconstructs every one). ``clone`` knows the few kinds of value a table holds:
values that cannot change are shared (numbers, strings, frozen sets, modules, functions,
frozen dataclasses, and tuples holding only such values); lists, dicts, sets, plain objects
(``__dict__`` or ``__slots__``) and tuples holding any of them are copied, each once (two
references to one list stay two references to one copy). A table's random generator
(``random.Random``) is copied with its state, or, given ``seed``, started afresh from it: the
chance events after the copy (the cards a banking stock deals next) then differ from one
copy to the next. Anything else goes to ``copy.deepcopy``."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any

_SHARED: set[type] = {int, float, complex, bool, str, bytes, type(None), frozenset, range,
                      type, ModuleType, FunctionType, BuiltinFunctionType, MethodType,
                      type(Ellipsis)}

_Copier = Callable[[Any, dict[int, Any], "int | None"], Any]
_copiers: dict[type, _Copier] = {}


def clone(obj: Any, seed: int | None = None, frozen: dict[int, Any] | None = None) -> Any:
    """A copy of ``obj`` sharing nothing that can change; ``seed`` starts its random
    generators afresh (see the module's note). ``frozen``, kept from one call to the next
    while the objects copied live, remembers the tuples found to hold nothing that can
    change, so that copying the same table again does not look into them again."""
    memo: dict[int, Any] = {} if frozen is None else {_FROZEN: frozen}
    return _copy(obj, memo, seed)


_FROZEN = -1  # the memo's entry for the frozen tuples (no object's id is negative)


def _copy(x: Any, memo: dict[int, Any], seed: int | None) -> Any:
    t = type(x)
    if t in _SHARED:
        return x
    done = memo.get(id(x))
    if done is not None:
        return done
    f = _copiers.get(t)
    if f is None:
        f = _copiers[t] = _copier_for(t)
    return f(x, memo, seed)


def _copier_for(t: type) -> _Copier:
    if issubclass(t, tuple):
        return _tuple
    if t is list:
        return _list
    if t is dict:
        return _dict
    if t is set:
        return _set
    if issubclass(t, random.Random):
        return _random
    params = getattr(t, "__dataclass_params__", None)  # a dataclass's
    if params is not None and params.frozen \
            and not any(_may_change(str(f.type)) for f in dataclasses.fields(t)):  # type: ignore[arg-type]
        _SHARED.add(t)
        return _shared
    if issubclass(t, (list, dict, set)) or getattr(t, "__deepcopy__", None) is not None \
            or getattr(t, "__reduce_ex__", None) is not object.__reduce_ex__:
        return _deep
    slots = tuple(s for c in t.__mro__ for s in c.__dict__.get("__slots__", ())
                  if s not in ("__dict__", "__weakref__"))

    def plain(x: Any, memo: dict[int, Any], seed: int | None) -> Any:
        new = object.__new__(t)
        memo[id(x)] = new
        for name in slots:
            if hasattr(x, name):
                v = getattr(x, name)
                object.__setattr__(new, name, v if type(v) in _SHARED else _copy(v, memo, seed))
        if hasattr(x, "__dict__"):
            d = new.__dict__
            for k, v in vars(x).items():
                d[k] = v if type(v) in _SHARED else _copy(v, memo, seed)
        return new

    return plain


def _may_change(annotation: str) -> bool:
    """Whether a field so annotated may hold a value that changes (a list, a dict, a set,
    an object of some class): only numbers, strings and tuples of them cannot."""
    words = annotation.replace("[", " ").replace("]", " ").replace(",", " ").replace("|", " ")
    return any(w not in ("int", "str", "bool", "float", "tuple", "...", "None", "frozenset")
               for w in words.split())


def _shared(x: Any, memo: dict[int, Any], seed: int | None) -> Any:
    return x


def _deep(x: Any, memo: dict[int, Any], seed: int | None) -> Any:
    new = copy.deepcopy(x)
    memo[id(x)] = new
    return new


def _tuple(x: tuple[Any, ...], memo: dict[int, Any], seed: int | None) -> Any:
    """A tuple, plain or named: itself where none of its items changes in the copy (and then
    remembered as frozen for the rest of the search), else a new one of its own type."""
    frozen = memo.get(_FROZEN)
    if frozen is not None and id(x) in frozen:
        return x
    items = [v if type(v) in _SHARED else _copy(v, memo, seed) for v in x]
    if all(a is b for a, b in zip(items, x, strict=True)):
        if frozen is not None:
            frozen[id(x)] = x  # kept alive there: its id is not reused meanwhile
        return x
    new = tuple(items) if type(x) is tuple else type(x)(*items)
    memo[id(x)] = new
    return new


def _list(x: list[Any], memo: dict[int, Any], seed: int | None) -> Any:
    new = x.copy()
    memo[id(x)] = new
    for i, v in enumerate(new):
        if type(v) not in _SHARED:
            new[i] = _copy(v, memo, seed)
    return new


def _dict(x: dict[Any, Any], memo: dict[int, Any], seed: int | None) -> Any:
    new = x.copy()
    memo[id(x)] = new
    for k, v in new.items():
        if type(v) not in _SHARED:
            new[k] = _copy(v, memo, seed)
    return new


def _set(x: set[Any], memo: dict[int, Any], seed: int | None) -> Any:
    new = x.copy()
    memo[id(x)] = new
    return new


def _random(x: random.Random, memo: dict[int, Any], seed: int | None) -> Any:
    new = type(x)()
    if seed is None:
        new.setstate(x.getstate())
    else:
        new.seed(seed)
    memo[id(x)] = new
    return new
