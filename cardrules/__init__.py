"""cardrules: a declarative rules language and compiler for traditional card games.

The names below are imported when first used, so that ``import cardrules`` (and the
``cardrules`` command's start) costs nothing until a game is loaded."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import CardError
    from .compiler import CompileError
    from .game import Combination, Game, GameNotFound, load
    from .runtime.climbing.table import Move, Result
    from .runtime.core import IllegalMove

_WHERE = {"CardError": ".cards", "CompileError": ".compiler", "Combination": ".game",
          "Game": ".game", "GameNotFound": ".game", "load": ".game",
          "Move": ".runtime.climbing", "Result": ".runtime.climbing",
          "IllegalMove": ".runtime.core"}

__all__ = ["CardError", "Combination", "CompileError", "Game", "GameNotFound", "IllegalMove",
           "Move", "Result", "load"]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    if name not in _WHERE:
        raise AttributeError(f"module 'cardrules' has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value
