"""cardrules: a declarative rules language and compiler for traditional card games."""

from __future__ import annotations

from .compiler import CompileError
from .runtime.cards import CardError
from .runtime.game import Combination, Game, GameNotFound, load
from .runtime.table import IllegalMove, Move, Result

__all__ = ["CardError", "Combination", "CompileError", "Game", "GameNotFound", "IllegalMove",
           "Move", "Result", "load"]
__version__ = "0.1.0"
