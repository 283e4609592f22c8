"""The shared core of every family's table driver: what a deal, a move refused and a seat
are, whatever the game. Each family's driver (``climbing/``, ``tricks/``,
``banking/``) builds on this."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol


class IllegalMove(ValueError):
    """A move the rules do not allow here; the message says why in a plain sentence."""


def shuffled_deck(deck: Sequence[int], copies: int, rng: random.Random) -> list[int]:
    """Every card of the deck ``copies`` times, shuffled by ``rng``."""
    cards = [c for c in deck for _ in range(copies)]
    rng.shuffle(cards)
    return cards


def deal_each(cards: Sequence[int], players: int, each: int) -> list[list[int]]:
    """``each`` cards to every seat, in blocks from the top of ``cards``."""
    return [list(cards[i * each:(i + 1) * each]) for i in range(players)]


class SeatTable(Protocol):
    """What every family's table offers the surfaces above it (game, CLI, simulation, bots):
    whose turn it is, the moves they may make, making one, and the end."""

    seat: int
    over: bool

    def legal_actions(self) -> Sequence[object]: ...
    def apply(self, move: Any) -> object: ...
    def view(self, seat: int) -> object: ...
    def result(self) -> object: ...
