"""cardrules: a declarative rules language and compiler for traditional card games."""

from __future__ import annotations

from .cards import CardError
from .compiler import CompileError
from .game import Combination, Game, GameNotFound, load
from .runtime.climbing import Move, Result
from .runtime.core import IllegalMove

__all__ = ["CardError", "Combination", "CompileError", "Game", "GameNotFound", "IllegalMove",
           "Move", "Result", "load"]
__version__ = "0.1.0"
