"""Check the worked examples written inside a rules file against its compiled module: each
family's game says what its forms of example claim (``Game.example_problem``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families.climbing.game import example_view

if TYPE_CHECKING:
    from .compiler import Diagnostic
    from .game import Game

__all__ = ["check_examples", "example_view"]


def check_examples(game: Game) -> list[Diagnostic]:
    """One diagnostic for each worked example that the compiled rules contradict."""
    return game.check_examples()
