"""A compiled game: what ``cardrules.load`` returns."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from .cache import build
from .cards import BIG_JOKER, CardError, card_name, check_given, format_cards, parse_cards_of
from .compiler import limits
from .compiler.paths import find_game
from .gameinfo import GameInfo, Loaded
from .loader import module_from_source
from .runtime.climbing.bots import Bot, make_bot
from .runtime.climbing.table import Action, Result, Table
from .runtime.protocol import Play, RulesModule, beats
from .text import plural

if TYPE_CHECKING:
    from typing_extensions import TypeIs

    from .compiler import ir
    from .families.banking.game import BankingGame


class GameNotFound(LookupError):
    pass


@dataclass(frozen=True, kw_only=True)
class Combination:
    """What ``classify`` says of some cards: the rules-file name of the combination and its
    comparison key, shown in card and rank words."""

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


@dataclass(frozen=True, kw_only=True)
class MatchResult:
    rounds: tuple[Result, ...]
    totals: tuple[int, ...]  # the running totals the rules keep (``match { accumulate }``)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's round scores added up."""
        return tuple(sum(col) for col in zip(*(r.scores for r in self.rounds), strict=True))


class Game(Loaded):
    def __init__(self, game: ir.Game | GameInfo, module: RulesModule, source: str, path: Path,
                 files: tuple[tuple[str, str], ...] = ()) -> None:
        """``game``: the checked IR, or the info of a game read from the cache (built from
        ``files``: see Loaded)."""
        self._loaded(game, source, path, files)
        self.module = module
        self._by_key = {k: c for c, k in enumerate(module.CARD_KEY) if k >= 0}
        self._deck = frozenset(module.DECK)

    # ------------------------------------------------------------ cards
    def parse_cards(self, text: str) -> tuple[int, ...]:
        """Card notation (``S3 H10 DQ BJ`` or ``♠3 ♥10``) -> card codes; raises CardError,
        also for a card this game's deck does not have."""
        return parse_cards_of(text, self.module.DECK, self.name)

    def format_cards(self, cards: Sequence[int]) -> str:
        return format_cards(list(cards))

    def sort_cards(self, cards: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(cards, key=self.module.CARD_KEY.__getitem__))

    # ------------------------------------------------------------ combinations
    def classify(self, cards: Sequence[int] | str) -> Combination | None:
        """The combination these cards form, or None. Raises CardError for a card the deck
        lacks, or holds fewer copies of than given."""
        codes = self.parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        if not (set(map(type, codes)) <= {int} and self._deck.issuperset(codes)
                and len(set(codes)) == len(codes)):  # else: an error, or copies to count
            if not all(isinstance(c, int) and 0 <= c <= BIG_JOKER for c in codes):
                raise CardError(f"cards are notation or card codes 0-{BIG_JOKER}, not "
                                f"{codes!r}")
            check_given(codes, self.module.DECK, self.module.COPIES, self.name)
        if not codes:
            return None
        play = self.module.classify(codes)
        if play is None:
            return None
        return Combination(name=self.module.KINDS[play.kind], label=self.module.LABELS[play.kind],
                           key=self.show_key(play), cards=play.cards, play=play)

    def show_key(self, play: Play) -> tuple[str, ...]:
        out: list[str] = []
        values = iter(play.key)
        m = self.module
        for part in m.KEY_SHOWS[play.kind]:
            if part == "sequence":
                next(values)  # which listed run: shown through its top card
                out.append(card_name(self._by_key[next(values)]))
            elif part == "card":
                out.append(card_name(self._by_key[next(values)]))
            elif part == "rank":
                out.append(m.RANK_NAMES[next(values)])  # type: ignore[attr-defined]
            elif part == "suit":
                suit = next(values)
                out.append(self.info.suits[suit] if suit >= 0 else "none")
            else:
                out.append(str(next(values)))
        return tuple(out)

    def beats(self, a: Combination | Play | Sequence[int] | str,
              b: Combination | Play | Sequence[int] | str) -> bool:
        """Whether ``a`` may be played on ``b``: each is what ``classify`` returns, a Play (a
        move), or cards (notation or codes). False if either is not a combination."""
        pa, pb = self._play_of(a), self._play_of(b)
        return pa is not None and pb is not None and beats(pa, pb)

    def _play_of(self, x: Combination | Play | Sequence[int] | str) -> Play | None:
        if isinstance(x, Combination):
            return x.play
        if isinstance(x, Play):  # before Sequence: a Play is a tuple
            return x.play
        combo = self.classify(x)
        return combo.play if combo else None

    # ------------------------------------------------------------ tables and matches
    def new_table(self, *, seed: int | str | None = None,
                  seats: Sequence[str] | None = None,
                  hands: Sequence[Sequence[int] | Sequence[str] | str] | None = None,
                  leader: int | None = None, first_round: bool = True) -> GameTable:
        """A round at a table. ``hands`` deals given cards instead of shuffling: per seat a
        string (``"S3 H4"``), a list of card words, or a list of card codes."""
        dealt = None
        if hands is not None:
            if isinstance(hands, str):
                raise CardError("hands: give one hand per seat, e.g. [\"S3 H4\", \"D3\", ...]")
            dealt = [self._hand(h) for h in hands]
            self._check_hands(dealt)
        return GameTable(self, seed=seed, seats=seats, hands=dealt, leader=leader,
                         first_round=first_round)

    def _hand(self, hand: Sequence[int] | Sequence[str] | str) -> tuple[int, ...]:
        if isinstance(hand, str):
            return self.parse_cards(hand)
        if all(isinstance(c, str) for c in hand):
            return self.parse_cards(" ".join(str(c) for c in hand))
        if all(isinstance(c, int) and 0 <= c < 54 for c in hand):
            return tuple(int(c) for c in hand)
        raise CardError("a hand is a string of cards, a list of card words, or card codes "
                        "0-53")

    def _check_hands(self, hands: list[tuple[int, ...]]) -> None:
        if len(hands) != self.players:
            raise ValueError(f"{self.name} has {self.players} seats, not "
                             f"{plural(len(hands), 'hand')}")
        seen: dict[int, int] = {}
        for h in hands:
            for c in h:
                seen[c] = seen.get(c, 0) + 1
                if c not in self.module.DECK:
                    raise CardError(f"{card_name(c)} is not in the deck of {self.name}")
                if seen[c] > self.module.COPIES:
                    raise CardError(f"{card_name(c)} is dealt more often than the deck has it")

    def bots(self, seats: Sequence[str]) -> list[Bot | None]:
        return [None if k == "human" else make_bot(k, self.module) for k in seats]

    def new_match(self, *, seed: int | str, seats: Sequence[str]) -> Match:
        return Match(self, seed=seed, seats=seats)

    def play_match(self, *, seed: int | str, seats: Sequence[str]) -> MatchResult:
        """A whole match with bots only, as the rules file defines it."""
        match = self.new_match(seed=seed, seats=seats)
        while not match.over:
            table = match.new_round()
            table.play_out()
            match.end_round(table)
        return match.result()


class Match:
    """Rounds as the rules define a match: ``rounds N`` of them, or until ``until`` holds;
    running totals of what ``accumulate`` names; the next leader by ``lead next``."""

    def __init__(self, game: Game, *, seed: int | str, seats: Sequence[str]) -> None:
        self.game = game
        self.seed = seed
        self.seats = list(seats)
        self.totals = [0] * game.players
        self.rounds: list[Result] = []
        self.over = False
        self._leader: int | None = None
        self._holder_leads = False  # the last round's rule was "holder": lead as at first

    def new_round(self) -> GameTable:
        t = self.game.new_table(seed=f"{self.seed}:{len(self.rounds)}", seats=self.seats,
                                leader=self._leader,
                                first_round=not self.rounds or self._holder_leads)
        t.totals = list(self.totals)
        t.round_number = len(self.rounds) + 1
        return t

    def end_round(self, t: Table) -> Result:
        """Record a finished round: its result, the running totals, whether the match ends."""
        m = self.game.module
        result = t.result()
        self.rounds.append(result)
        gained = m.accumulate(t.final_view()) if not t.no_game else (0,) * self.game.players
        self.totals = [a + b for a, b in zip(self.totals, gained, strict=True)]
        t.totals = list(self.totals)  # `until` reads the totals after this round
        self.over = (m.MATCH_ROUNDS > 0 and len(self.rounds) >= m.MATCH_ROUNDS) \
            or len(self.rounds) >= limits.MAX_MATCH_ROUNDS or m.ends_match(t.final_view())
        rule = m.lead_next(t.final_view()) if not m.AUCTION_BIDS else "auction"
        self._leader = t.places[0] if rule == "winner" and t.places else None
        self._holder_leads = rule == "holder"
        if rule == "random":
            self._leader = random.Random(f"lead:{self.seed}:{len(self.rounds)}").randrange(
                self.game.players)
        return result

    def result(self) -> MatchResult:
        return MatchResult(rounds=tuple(self.rounds), totals=tuple(self.totals))


class GameTable(Table):
    """A table that knows its game and which seats are bots."""

    def __init__(self, game: Game, *, seed: int | str | None,
                 seats: Sequence[str] | None, hands: Sequence[Sequence[int]] | None,
                 leader: int | None, first_round: bool) -> None:
        super().__init__(game.module, seed=seed, hands=hands, leader=leader,
                         first_round=first_round)
        self.game = game
        self.seat_kinds = list(seats) if seats else ["random"] * game.players
        self.bot_fns = game.bots(self.seat_kinds)
        self.bot_rng = random.Random(f"bots:{seed}")

    def bot_move(self) -> Action:
        bot = self.bot_fns[self.seat]
        if bot is None:
            raise ValueError(f"seat {self.seat} is not a bot")
        return bot(self.view(self.seat), self.legal_actions(), self.bot_rng)

    def play_out(self) -> None:
        """Let the bots play to the end of the round."""
        while not self.over:
            self.apply(self.bot_move())


def load(name_or_path: str | Path) -> Game | BankingGame:
    """A built-in game by name (see `cardrules list`) or a path to a .rules file, compiled
    (or read from the cache of compiled games, cache.py) and loaded: a BankingGame for the
    banking family, else a Game. Raises GameNotFound, or CompileError with diagnostics."""
    path = find_game(str(name_or_path))
    if path is None:
        raise GameNotFound(f"no game '{name_or_path}': give a built-in name "
                           "(see `cardrules list`) or a path to a .rules file")
    built = build(path)
    return _made(built.ir if built.ir is not None else built.info, built.source, path,
                 built.files)


def is_banking(game: Game | BankingGame) -> TypeIs[BankingGame]:
    """Whether a loaded game is of the banking family (as isinstance says, without importing
    the banking runtime to ask)."""
    return game.family == "banking"


def from_ir(game: ir.Game, path: Path) -> Game | BankingGame:
    """A game from its checked IR (as ``load`` does after compiling ``path``); the file is
    not read again, and the cache is not used."""
    from .compiler import generate
    return _made(game, generate(game, path.name), path, ())


def from_source(info: GameInfo, source: str, path: Path) -> Game | BankingGame:
    """A game from its info and generated module, as ``load`` made them (a worker process
    of ``simulate`` starts so): nothing is read or compiled; ``game.ir`` compiles ``path``."""
    return _made(info, source, path, ())


def _made(game: ir.Game | GameInfo, source: str, path: Path,
          files: tuple[tuple[str, str], ...]) -> Game | BankingGame:
    name = game.name
    module = module_from_source(name, source)
    family = game.family if isinstance(game, GameInfo) else \
        "banking" if game.banking is not None else game.family
    if family == "banking":  # the banking runtime is imported for a banking game only
        from .families.banking.game import BankingGame
        from .runtime.banking.table import BankingModule
        return BankingGame(game, cast(BankingModule, module), source, path, files)
    if family == "tricks":
        from .families.tricks.game import TricksGame  # noqa: I001 (the family's game, above both)
        from .runtime.tricks.protocol import TricksModule
        return TricksGame(game, cast(TricksModule, module), source, path, files)
    return Game(game, cast(RulesModule, module), source, path, files)
