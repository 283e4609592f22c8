"""The typed contract between a generated rules module and the generic table driver."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import repeat
from typing import TYPE_CHECKING, NamedTuple, Protocol

from ..cards import format_cards
from .core import GameModule

if TYPE_CHECKING:  # (seathand.py imports Play from here)
    from .climbing.choices import Choices
    from .climbing.seathand import SeatHand


class Play(NamedTuple):
    """A classified set of cards: what combination it is and how strong.

    ``group`` says which plays compare at all (a kind, or a ladder of kinds); ``tier`` is the
    rung on that ladder; ``bomb`` is -1, or the rung among kinds that beat any non-bomb.
    """

    cards: tuple[int, ...]
    kind: int
    group: int
    tier: int
    bomb: int
    key: tuple[int, ...]

    @property
    def is_pass(self) -> bool:
        return not self.cards

    @property
    def play(self) -> Play | None:
        """The play itself, or None for a pass (a Play is also a table's Move)."""
        return self if self.cards else None

    def __str__(self) -> str:
        return "pass" if not self.cards else format_cards(self.cards)

    def __repr__(self) -> str:
        """The cards in card notation, not codes: ``Play(S3 H3, kind=1, ...)``; the kind's
        name is the module's ``KINDS[kind]``."""
        return (f"Play({self}, kind={self.kind}, group={self.group}, tier={self.tier}, "
                f"bomb={self.bomb}, key={self.key})")


# A pass, and cards typed in that are not classified yet, as moves.
PASS = Play((), -1, -1, 0, -1, ())


def unclassified(cards: tuple[int, ...]) -> Play:
    return Play(cards, -1, -1, 0, -1, ())


def plays_of(found: Iterable[tuple[int, ...]], kind: int, group: int, tier: int, bomb: int,
             key: tuple[int, ...]) -> Iterator[Play]:
    """``Play(cards, kind, group, tier, bomb, key)`` for each of many sets of cards of one
    kind and key, lazily: the Plays made by ``tuple.__new__`` (what Play's own ``__new__``
    calls) through ``map`` and ``zip``, with no Python call per play (a generator that makes
    hundreds of runs a turn spends half its time in Play's ``__new__`` otherwise)."""
    fields = zip(found, repeat(kind), repeat(group), repeat(tier), repeat(bomb), repeat(key))
    return map(tuple.__new__, repeat(Play), fields)


def beats(a: Play, b: Play) -> bool:
    """Whether ``a`` may be played on ``b``. The one comparison rule of climbing games:
    bombs beat non-bombs and compare by bomb rung, then ladder rung, then key; other plays
    compare only within one group and with the same number of cards, by rung then key."""
    if a.bomb >= 0:
        return b.bomb < 0 or (a.bomb, a.tier, a.key) > (b.bomb, b.tier, b.key)
    if b.bomb >= 0:
        return False
    return (a.group == b.group and len(a.cards) == len(b.cards)
            and (a.tier, a.key) > (b.tier, b.key))


def floor_div(a: int, b: int) -> int:
    """``a // b`` of the rules language: whole-number division, and 0 when b is 0."""
    return a // b if b else 0


def modulo(a: int, b: int) -> int:
    """``a % b`` of the rules language, and 0 when b is 0."""
    return a % b if b else 0


class ScoreView(Protocol):
    """The named quantities scoring formulas read (see compiler/builtins.py)."""

    def cards_left(self, seat: int) -> int: ...
    def holds(self, seat: int, card: int) -> bool: ...
    def place(self, seat: int) -> int: ...
    def seat_at(self, place: int) -> int: ...
    def others(self, seat: int) -> tuple[int, ...]: ...
    def seats(self) -> tuple[int, ...]: ...
    def seat_count(self) -> int: ...
    def side(self, seat: int) -> int: ...
    def same_side(self, a: int, b: int) -> bool: ...
    def side_size(self, seat: int) -> int: ...
    def total(self, seat: int) -> int: ...
    def round_number(self) -> int: ...
    def winning_bid(self) -> int: ...
    def count_plays(self, seat: int, kind: int) -> int: ...
    def largest_play(self, seat: int, kind: int) -> int: ...
    def play_count(self, seat: int) -> int: ...
    # A def without parameters is made once per view (functools.lru_cache, keyed by the
    # view itself): a view is hashable, and says the same for as long as it is asked.
    def __hash__(self) -> int: ...


class RulesModule(GameModule, Protocol):
    """What every generated climbing module provides (checked by mypy on the generated code),
    besides what every family's does (GameModule)."""

    SOURCE_FILE: str
    SOURCE_SHA256: str
    DEAL_EACH: int
    KITTY: int
    REST_TO: str
    REST_SHOWN: bool
    DIRECTION: str
    RANK: tuple[int, ...]
    CARD_KEY: tuple[int, ...]
    KINDS: tuple[str, ...]
    LABELS: tuple[str, ...]
    KEY_SHOWS: tuple[tuple[str, ...], ...]
    FIRST_CARD: int
    FIRST_LOWEST: bool
    FIRST_RANDOM: bool
    FIRST_MUST_PLAY: bool
    LEAD_NEXT: str
    PASSING: str
    AFTER_OUT: str
    ROUND_END: str
    TEAMS: str
    TEAM_HOLDERS: tuple[int, ...]
    AUCTION_BIDS: tuple[int, ...]
    AUCTION_FIRST_CARD: int
    AUCTION_ENDS_AT: int
    AUCTION_ALL_PASS: str
    AUCTION_MAX_DEALS: int
    SUIT: tuple[int, ...]
    SUIT_SLOTS: int
    # SINGLES: the shared one-card Plays a SeatHand keeps beside its cards (None: none)
    SINGLES: dict[int, Play] | None
    # FOLLOWERS[kind]: ``follow_plays`` for a play of that kind (what the table calls)
    FOLLOWERS: tuple[Callable[[SeatHand, Play], list[Play]], ...]
    # FOLLOW_CHOICES[kind]: the same as a Choices (plays made as they are asked for) where
    # the kind's follow plays are counted (the list where none are), else None (what
    # ``bot_actions`` calls)
    FOLLOW_CHOICES: tuple[Callable[[SeatHand, Play], list[Play] | Choices] | None, ...]

    @property
    def classify(self) -> Callable[[Sequence[int]], Play | None]: ...
    @property
    def plays(self) -> Callable[[Sequence[int]], list[Play]]: ...
    @property
    def lead_plays(self) -> Callable[[SeatHand], list[Play]]: ...
    @property
    def lead_choices(self) -> Callable[[SeatHand], Sequence[Play]]: ...
    @property
    def lead_plays_holding(self) -> Callable[[SeatHand, int], list[Play]]: ...
    @property
    def plays_of_kind(self) -> Callable[[int, Sequence[int]], Iterator[Play]]: ...
    @property
    def follows(self) -> Callable[[Sequence[int], Play], list[Play]]: ...
    @property
    def follow_plays(self) -> Callable[[SeatHand, Play], list[Play]]: ...
    @property
    def new_hand(self) -> Callable[[Sequence[int]], SeatHand]: ...
    @property
    def score(self) -> Callable[[ScoreView], tuple[int, ...]]: ...
    @property
    def accumulate(self) -> Callable[[ScoreView], tuple[int, ...]]: ...
    @property
    def ends_match(self) -> Callable[[ScoreView], bool]: ...
    @property
    def lead_next(self) -> Callable[[ScoreView], str]: ...
