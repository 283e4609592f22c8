"""Search bots for any game: information-set Monte Carlo tree search over worlds sampled
from a seat's view (``ismcts``, ``ismcts:500`` for 500 iterations a decision, ``ismcts:2s``
for two seconds). The layer above the runtime: it needs a loaded game, and knows none by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ismcts import ISMCTS, Budget, Stats

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["ISMCTS", "SEARCH_KINDS", "Budget", "Stats", "is_search_kind", "make_search_bot",
           "parse_budget"]

SEARCH_KINDS = ("ismcts",)
MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 3600.0


def is_search_kind(kind: str) -> bool:
    """Whether a seat kind names a search bot (``ismcts`` or ``ismcts:OPTIONS``)."""
    return kind.split(":", 1)[0] in SEARCH_KINDS


def parse_budget(kind: str) -> Budget:
    """``ismcts`` (200 iterations), ``ismcts:N`` (N iterations a decision), ``ismcts:Xs`` (X
    seconds a decision). Raises ValueError with a sentence for anything else."""
    name, _, option = kind.partition(":")
    if name not in SEARCH_KINDS:
        raise ValueError(f"no search bot named '{name}' (choose from {', '.join(SEARCH_KINDS)})")
    if not option:
        if kind.endswith(":"):
            raise ValueError(f"'{kind}': give a budget after the colon, e.g. {name}:500 "
                             f"(iterations a decision) or {name}:2s (seconds a decision)")
        return Budget()
    text = option.strip().lower()
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if not 0 < seconds <= MAX_SECONDS or not seconds == seconds:
                raise ValueError
            return Budget(seconds=seconds)
        iterations = int(text)
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError
        return Budget(iterations=iterations)
    except ValueError:
        raise ValueError(
            f"'{kind}': the budget '{option}' is not a number of iterations from 1 to "
            f"{MAX_ITERATIONS:,} (e.g. {name}:500) or of seconds up to {MAX_SECONDS:g} "
            f"(e.g. {name}:2s)") from None


def make_search_bot(game: Game, kind: str) -> ISMCTS:
    """The search bot ``kind`` names, for any family of game."""
    budget = parse_budget(kind)
    if game.family == "banking":
        from ..runtime.banking.bots import make_threshold
        from .banking import BankingWorlds, bet_margin
        m = game.module
        # A banking move's score scales with the bet: a larger bet's few lucky tries look
        # better than the smallest bet's many: the moves are compared on the same cards
        # (flat), and one must beat the plain bot's move by two standard errors, a bet by
        # four (banking.BET_MARGIN).
        # No random moves in the play-outs: a banker that hits a 20 now and then makes
        # every bet look good (the chance of the draws is variety enough). A card is drawn
        # between a hand's decisions: no tree (see ISMCTS.flat).
        plain = make_threshold(m, 17)  # type: ignore[arg-type]
        return ISMCTS(lambda: BankingWorlds(m, plain), budget=budget,  # type: ignore[arg-type]
                      policy=plain,
                      margin=2.0, epsilon=0.0, flat=True,
                      margin_of=bet_margin)
    if game.family == "tricks":
        from ..runtime.tricks.bots import make_greedy as tricks_greedy
        from .tricks import TricksWorlds, make_reward
        tm = game.module
        # Scores move in steps of card points: most moves change none in most worlds, so
        # the points taken count too (tricks.make_reward), and a move must beat the plain
        # bot's by 1.5 standard errors.
        return ISMCTS(lambda: TricksWorlds(tm), budget=budget,  # type: ignore[arg-type]
                      policy=tricks_greedy(tm), reward=make_reward(tm),  # type: ignore[arg-type]
                      margin=1.5)
    from ..runtime.climbing.bots import make_greedy
    from .climbing import ClimbingWorlds
    cm = game.module
    return ISMCTS(lambda: ClimbingWorlds(cm), budget=budget,  # type: ignore[arg-type]
                  policy=make_greedy(cm))  # type: ignore[arg-type]
