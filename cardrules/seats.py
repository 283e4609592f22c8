"""Seat kinds of any game: the family's own bots (runtime), the search bots (search/), and
``human``. The one place the surfaces (CLI, simulation, web server) ask which kinds a game's
seats may be, check a kind, and make its bot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .search import SEARCH_KINDS, is_search_kind, make_search_bot, parse_budget

if TYPE_CHECKING:
    from .families.banking.game import BankingGame
    from .game import Game


def family_kinds(game: Game | BankingGame) -> tuple[str, ...]:
    """The family's own seat kinds, ``human`` included."""
    if game.family == "banking":
        from .runtime.banking.bots import BANKING_BOTS
        return BANKING_BOTS
    if game.family == "tricks":
        from .runtime.tricks.bots import BOT_KINDS as TRICKS_KINDS
        return TRICKS_KINDS
    from .runtime.climbing.bots import BOT_KINDS
    return BOT_KINDS


def seat_kinds(game: Game | BankingGame) -> tuple[str, ...]:
    """Every seat kind of a game, bots first, ``human`` last (search bots take options, such
    as ``ismcts:500``)."""
    own = family_kinds(game)
    return (*(k for k in own if k != "human"), *SEARCH_KINDS, "human")


def check_kind(game: Game | BankingGame, kind: str) -> None:
    """Raises ValueError, with a sentence, for a seat kind the game has not."""
    if is_search_kind(kind):
        try:
            parse_budget(kind)
        except ValueError as err:
            raise ValueError(f"--seats: {err}") from None
        return
    own = family_kinds(game)
    if kind in own:
        return
    if game.family == "banking" and kind.startswith("threshold") \
            and kind[len("threshold"):].isdigit():
        return
    extra = ", thresholdN" if game.family == "banking" else ""
    raise ValueError(f"--seats: unknown seat kind '{kind}' (choose from "
                     f"{', '.join(seat_kinds(game))}{extra}; ismcts:N for N iterations a "
                     "decision, ismcts:Xs for X seconds)")


def search_bot(game: Game | BankingGame, kind: str) -> Any | None:
    """The bot of a search kind (a new one: it keeps statistics of its own), or None for a
    family's kind."""
    return make_search_bot(game, kind) if is_search_kind(kind) else None
