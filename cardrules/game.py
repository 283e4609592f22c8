"""A compiled game: what ``cardrules.load`` returns.

``Game`` is what a game of every family offers: its name, title, family and seats; card
notation; the bots its seats may be given; tables (``new_table``, a round), matches
(``new_match``, ``play_match``); and the worked examples of its rules file, checked against the
compiled module. Each family's game extends it (families/*/game.py): ``ClimbingGame``
(combinations: ``classify``, ``beats``), ``TricksGame`` (trick logic under a trump state) and
``BankingGame`` (hands against a banker). Use ``isinstance`` for what a family adds."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from .cache import build
from .cards import format_cards, parse_cards_of
from .compiler.paths import find_game
from .gameinfo import GameInfo, Loaded
from .loader import module_from_source
from .runtime.core import (
    HUMAN,
    Bot,
    BotKinds,
    BotSeats,
    GameModule,
    Match,
    MatchResult,
    UnknownBot,
)
from .runtime.protocol import Play
from .search import SEARCH_KINDS, is_search_kind, make_search_bot, parse_budget

if TYPE_CHECKING:
    from typing_extensions import TypeIs

    from .compiler import Diagnostic, ir
    from .families.banking.game import BankingGame
    from .families.climbing.game import ClimbingGame
    from .families.tricks.game import TricksGame


class GameNotFound(LookupError):
    pass


@dataclass(frozen=True, kw_only=True)
class Combination:
    """What ``classify`` says of some cards (a climbing combination, a tricks unit): the
    rules-file name of the combination and its comparison key, shown in card and rank words."""

    name: str
    label: str
    key: tuple[str, ...]
    cards: tuple[int, ...]
    play: Play

    def __str__(self) -> str:
        label = f" ({self.label})" if self.label and self.label != self.name else ""
        return f"{self.name}{label}, key {' '.join(self.key)}"

    def __repr__(self) -> str:
        return f"Combination({format_cards(self.cards)}: {self})"


class Game(Loaded, ABC):
    """A loaded game of any family. ``players`` is its number of seats (a banking game: the
    fewest; ``players_max`` the most). A family's game says which bots its seats may have
    (``bot_kinds``), how a table and a match are made, and what its worked examples claim."""

    bot_kinds: ClassVar[BotKinds[Any, Any]]  # the family's bots by name (runtime/*/bots.py)
    module: GameModule  # the generated module (each family's game names its own protocol)

    def __init__(self, game: ir.Game | GameInfo, module: GameModule, source: str, path: Path,
                 files: tuple[tuple[str, str], ...] = ()) -> None:
        """``game``: the checked IR, or the info of a game read from the cache (built from
        ``files``: see Loaded)."""
        self._loaded(game, source, path, files)
        self.module = module
        self._bots: dict[str, Bot[Any, Any]] = {}

    # ------------------------------------------------------------ cards
    def parse_cards(self, text: str) -> tuple[int, ...]:
        """Card notation (``S3 H10 DQ BJ`` or ``♠3 ♥10``) -> card codes; raises CardError,
        also for a card this game's deck does not have."""
        return parse_cards_of(text, self.module.DECK, self.name)

    def format_cards(self, cards: Sequence[int]) -> str:
        return format_cards(list(cards))

    # ------------------------------------------------------------ seats and bots
    def bot_names(self) -> tuple[str, ...]:
        """The bots a seat of this game may be given (``human`` aside), as ``bots`` takes
        them: what a seat chooser offers. A bot that this game's rules cannot seat (banking's
        ``expect`` where the banker decides) is left out."""
        def seatable(name: str) -> bool:
            try:
                self.bots([name])  # made once: the game keeps it for its tables
            except ValueError:
                return False
            return True
        return (*filter(seatable, self.bot_kinds.names()), *SEARCH_KINDS)

    def check_seat_kind(self, kind: str) -> None:
        """UnknownBot (a ValueError) saying which kinds there are, if no seat of this game
        may be ``kind``; for a search bot (``ismcts:500``), what is wrong with its budget."""
        if is_search_kind(kind):
            try:
                parse_budget(kind)
            except ValueError as err:
                raise UnknownBot(str(err)) from None
            return
        try:
            self.bot_kinds.check(kind, self.module)
        except UnknownBot as err:
            raise UnknownBot(f"unknown seat kind '{kind}' (choose from "
                             f"{', '.join(self.bot_kinds.written())}, "
                             f"{', '.join(k + '[:N|:Xs]' for k in SEARCH_KINDS)})") from err

    def bots(self, seats: Sequence[str]) -> list[Bot[Any, Any] | None]:
        """Per seat kind its bot, None for ``human``. Each bot is made once per game (a bot
        that keeps what it has reckoned, such as banking's ``expect``, keeps it from one round
        to the next); UnknownBot for a kind the family has not."""
        out: list[Bot[Any, Any] | None] = []
        for kind in seats:
            if kind != HUMAN and kind not in self._bots:
                self._bots[kind] = make_search_bot(self, kind) if is_search_kind(kind) \
                    else self.bot_kinds.make(kind, self.module)
            out.append(None if kind == HUMAN else self._bots[kind])
        return out

    # ------------------------------------------------------------ tables and matches
    @abstractmethod
    def new_table(self, *, seed: int | str | None = None,
                  seats: Sequence[str] | None = None) -> BotSeats[Any, Any]:
        """A round at a table, dealt from ``seed``; ``seats`` the seat kinds (default: random
        bots). Each family takes more (given hands, a dealer, a stock...)."""

    @abstractmethod
    def new_match(self, *, seed: int | str, seats: Sequence[str]) -> Match[Any, Any]:
        """A match as the rules define it, its rounds dealt from ``seed``."""

    def play_match(self, *, seed: int | str, seats: Sequence[str]) -> MatchResult[Any]:
        """A whole match with bots only, as the rules file defines it."""
        match = self.new_match(seed=seed, seats=seats)
        match.play_out()
        return match.result()

    # ------------------------------------------------------------ worked examples
    def check_examples(self) -> list[Diagnostic]:
        """One diagnostic for each worked example of the rules file that the compiled rules
        contradict."""
        from .compiler import Diagnostic
        out: list[Diagnostic] = []
        for ex in self.ir.examples:
            problem = self.example_problem(ex)
            if problem:
                message, hint = problem
                out.append(Diagnostic(message=message, span=ex.span, hint=hint))
        return out

    @abstractmethod
    def example_problem(self, ex: ir.Example) -> tuple[str, str] | None:
        """Why the compiled rules contradict a worked example (a message and a hint), or
        None. The compiler admits only the family's own forms of example."""


def load(name_or_path: str | Path) -> ClimbingGame | TricksGame | BankingGame:
    """A built-in game by name (see `cardrules list`) or a path to a .rules file, compiled
    (or read from the cache of compiled games, cache.py) and loaded: a Game, of the class of
    its family (``isinstance`` tells them apart). Raises GameNotFound, or CompileError with
    diagnostics."""
    path = find_game(str(name_or_path))
    if path is None:
        raise GameNotFound(f"no game '{name_or_path}': give a built-in name "
                           "(see `cardrules list`) or a path to a .rules file")
    built = build(path)
    return _made(built.ir if built.ir is not None else built.info, built.source, path,
                 built.files)


def is_banking(game: Game) -> TypeIs[BankingGame]:
    """Whether a loaded game is of the banking family (as isinstance says, without importing
    the family's runtime to ask)."""
    return game.family == "banking"


def is_climbing(game: Game) -> TypeIs[ClimbingGame]:
    """Whether a loaded game is of the climbing family (as ``is_banking``)."""
    return game.family == "climbing"


def is_tricks(game: Game) -> TypeIs[TricksGame]:
    """Whether a loaded game is of the tricks family (as ``is_banking``)."""
    return game.family == "tricks"


def from_ir(game: ir.Game, path: Path) -> ClimbingGame | TricksGame | BankingGame:
    """A game from its checked IR (as ``load`` does after compiling ``path``); the file is
    not read again, and the cache is not used."""
    from .compiler import generate
    return _made(game, generate(game, path.name), path, ())


def from_source(info: GameInfo, source: str, path: Path
                ) -> ClimbingGame | TricksGame | BankingGame:
    """A game from its info and generated module, as ``load`` made them (a worker process
    of ``simulate`` starts so): nothing is read or compiled; ``game.ir`` compiles ``path``."""
    return _made(info, source, path, ())


def _made(game: ir.Game | GameInfo, source: str, path: Path,
          files: tuple[tuple[str, str], ...]) -> ClimbingGame | TricksGame | BankingGame:
    """The family's game; only that family's runtime is imported."""
    module = module_from_source(game.name, source)
    family = game.family if isinstance(game, GameInfo) else \
        "banking" if game.banking is not None else game.family
    if family == "banking":
        from .families.banking.game import BankingGame
        from .runtime.banking.table import BankingModule
        return BankingGame(game, cast(BankingModule, module), source, path, files)
    if family == "tricks":
        from .families.tricks.game import TricksGame
        from .runtime.tricks.protocol import TricksModule
        return TricksGame(game, cast(TricksModule, module), source, path, files)
    from .families.climbing.game import ClimbingGame
    from .runtime.protocol import RulesModule
    return ClimbingGame(game, cast(RulesModule, module), source, path, files)

