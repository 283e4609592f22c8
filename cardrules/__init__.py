"""cardrules: a declarative rules language and compiler for traditional card games.

``load`` returns a ``Game``: what every family's game offers (seats, card notation, bots,
``new_table``, ``new_match``, ``play_match``, worked examples), as a ``ClimbingGame``,
``TricksGame`` or ``BankingGame`` by its family, each adding its own (``isinstance`` tells).

The names below are imported when first used, so that ``import cardrules`` (and the
``cardrules`` command's start) costs nothing until a game is loaded."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import CardError
    from .compiler import CompileError
    from .families.banking.game import BankingGame
    from .families.climbing.game import ClimbingGame
    from .families.tricks.game import TricksGame
    from .game import Combination, Game, GameNotFound, load
    from .runtime.climbing.table import Move, Result
    from .runtime.core import IllegalMove

_WHERE = {"CardError": ".cards", "CompileError": ".compiler", "Combination": ".game",
          "Game": ".game", "GameNotFound": ".game", "load": ".game",
          "ClimbingGame": ".families.climbing.game", "TricksGame": ".families.tricks.game",
          "BankingGame": ".families.banking.game",
          "Move": ".runtime.climbing", "Result": ".runtime.climbing",
          "IllegalMove": ".runtime.core"}

__all__ = ["BankingGame", "CardError", "ClimbingGame", "Combination", "CompileError", "Game",
           "GameNotFound", "IllegalMove", "Move", "Result", "TricksGame", "load"]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    if name not in _WHERE:
        raise AttributeError(f"module 'cardrules' has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value
