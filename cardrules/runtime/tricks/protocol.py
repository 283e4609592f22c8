"""The typed contract between a generated tricks module and the tricks runtime."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..core import GameModule


class TricksView(Protocol):
    """The named quantities a tricks formula reads (compiler/builtins.py, TRICKS_BUILTINS)."""

    def others(self, seat: int) -> tuple[int, ...]: ...
    def seats(self) -> tuple[int, ...]: ...
    def seat_count(self) -> int: ...
    def side(self, seat: int) -> int: ...
    def same_side(self, a: int, b: int) -> bool: ...
    def total(self, seat: int) -> int: ...
    def round_number(self) -> int: ...
    def dealer_seat(self) -> int: ...
    def on_dealer_side(self, seat: int) -> bool: ...
    def partner(self, seat: int) -> int: ...
    def next_seat(self, seat: int) -> int: ...
    def level_of(self, seat: int) -> int: ...
    def defender_points(self) -> int: ...
    def kitty_points(self) -> int: ...
    def last_unit(self) -> int: ...


class TricksModule(GameModule, Protocol):
    """What every generated tricks module provides (checked by mypy on the generated code),
    besides what every family's does (GameModule)."""

    SOURCE_FILE: str
    SOURCE_SHA256: str
    DEAL_EACH: int
    KITTY: int
    DIRECTION: str
    PLAIN_ORDER: tuple[int, ...]
    LEVELS: tuple[int, ...]
    TRUMP_RANK: int
    SUIT_PATTERN: int
    TIES: str
    UNITS: tuple[str, ...]
    UNIT_LABELS: tuple[str, ...]
    UNIT_IDENTICAL: tuple[int, ...]
    UNIT_CHAIN_OF: tuple[int, ...]
    UNIT_MIN_LEN: tuple[int, ...]
    LEADS: tuple[int, ...]
    THROWS: bool
    THROW_PENALTY: int
    FOLLOW: tuple[tuple[tuple[int, ...], ...], ...]
    RUFFING: bool
    RUFF_COVER: bool
    POINTS: tuple[int, ...]
    KITTY_BURY: bool
    BIDS: tuple[tuple[tuple[int, ...], ...], ...]  # per level: the card sets shown; -1 a
    # trump-rank card (all of one suit)
    BID_NAMES_SUIT: tuple[bool, ...]
    DEALER_FALLBACK: int

    @property
    def trump_position(self) -> Callable[[int, int, int], int]: ...
    @property
    def kitty_bonus(self) -> Callable[[TricksView], int]: ...
    @property
    def level_up(self) -> Callable[[TricksView], tuple[int, ...]]: ...
    @property
    def dealer_next(self) -> Callable[[TricksView], int]: ...
    @property
    def score(self) -> Callable[[TricksView], tuple[int, ...]]: ...
    @property
    def ends_match(self) -> Callable[[TricksView], bool]: ...
