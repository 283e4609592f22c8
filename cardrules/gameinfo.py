"""What a loaded game knows of itself besides its compiled module, and the compiler's IR kept
only when it is at hand.

A game played from the cache of compiled modules (cardrules/cache.py) has its generated module
and a ``GameInfo``: names, seats, suits, the match's counts, as ``cardrules list`` and the play
and simulate commands need them. Whatever reads the IR (check, lint, diff and its witnesses,
the worked examples) reaches it through ``game.ir``, which compiles the rules file the first
time it is asked for, and so loads the compiler (Lark, Jinja) only then."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .compiler import ir


@dataclass(frozen=True, kw_only=True)
class GameInfo:
    name: str
    title: str
    family: str  # climbing, tricks or banking
    players: int  # the seats (a banking game: the fewest it is played with)
    players_max: int  # the most seats (players, but for a banking game)
    suits: tuple[str, ...]  # suit letters, low to high
    match_rounds: int  # 0: the match has no fixed count of rounds
    accumulate: str  # the def each round adds to a seat's running total

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> GameInfo:
        """The info as ``to_json`` wrote it; ValueError for anything else (a cache entry
        that was changed by hand is then compiled again, never trusted)."""
        if not isinstance(data, dict) or set(data) != _FIELDS:
            raise ValueError("not a game's info")
        strings = ("name", "title", "family", "accumulate")
        numbers = ("players", "players_max", "match_rounds")
        suits = data["suits"]
        if not (all(type(data[k]) is str for k in strings)
                and all(type(data[k]) is int and data[k] >= 0 for k in numbers)
                and isinstance(suits, list) and all(type(s) is str for s in suits)
                and data["name"].isidentifier()
                and data["family"] in ("climbing", "tricks", "banking")):
            raise ValueError("not a game's info")
        return cls(name=data["name"], title=data["title"], family=data["family"],
                   players=data["players"], players_max=data["players_max"],
                   suits=tuple(suits), match_rounds=data["match_rounds"],
                   accumulate=data["accumulate"])


_FIELDS = frozenset(GameInfo.__dataclass_fields__)


def info_of(game: ir.Game) -> GameInfo:
    family = "banking" if game.banking is not None else game.family
    most = game.banking.players_max if game.banking is not None else game.players
    return GameInfo(name=game.name, title=game.title, family=family, players=game.players,
                    players_max=most, suits=tuple(game.suits), match_rounds=game.match.rounds,
                    accumulate=game.match.accumulate)


class Loaded:
    """What a game of every family holds: its info, the generated module's source, the rules
    file, and the IR (given, or compiled from ``path`` when first read)."""

    path: Path
    source: str  # the generated Python
    info: GameInfo
    name: str
    title: str
    family: str
    players: int  # the seats (a banking game: the fewest it is played with)
    players_max: int  # the most seats

    def _loaded(self, game: ir.Game | GameInfo, source: str, path: Path,
                files: tuple[tuple[str, str], ...] = ()) -> None:
        """``game`` the checked IR, or the info of a game built earlier from the files
        ``files`` (path and SHA-256 of each, as the cache recorded them)."""
        if isinstance(game, GameInfo):
            self.info, self._ir = game, None
        else:
            self.info, self._ir = info_of(game), game
        self._files = files
        self.source = source
        self.path = path
        self.name = self.info.name
        self.title = self.info.title
        self.family = self.info.family
        self.players = self.info.players
        self.players_max = self.info.players_max

    @property
    def files(self) -> tuple[tuple[str, str], ...]:
        """The files the game was built from, top first: each file's absolute path and the
        SHA-256 of its text; () when not known (a game made from an IR or a module)."""
        return self._files

    @property
    def ir(self) -> ir.Game:
        """The compiler's IR of the game: compiled on first use if the game was loaded from
        the cache. CompileError if the rules no longer compile; ValueError if the files
        changed since the game was loaded (the IR would not be the module's)."""
        if self._ir is None:
            from .cache import compile_unchanged
            self._ir = compile_unchanged(self.path, self._files)
        return self._ir
