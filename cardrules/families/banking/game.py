"""A compiled game of the banking family: what ``cardrules.load`` returns for one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...cards import format_cards, parse_cards_of
from ...gameinfo import GameInfo, Loaded
from ...runtime.banking.bots import BankBot, make_banking_bot
from ...runtime.banking.table import (
    BankAction,
    BankingModule,
    Hand,
    HandsView,
    Result,
    Table,
    made_hand,
)

if TYPE_CHECKING:
    from ...compiler import Diagnostic, ir


@dataclass(frozen=True, kw_only=True)
class BankingMatchResult:
    rounds: tuple[Result, ...]
    totals: tuple[int, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(sum(col) for col in zip(*(r.scores for r in self.rounds), strict=True))


class BankingGame(Loaded):
    family = "banking"

    def __init__(self, game: ir.Game | GameInfo, module: BankingModule, source: str,
                 path: Path, files: tuple[tuple[str, str], ...] = ()) -> None:
        """``game``: the checked IR, or the info of a game read from the cache (gameinfo)."""
        self._loaded(game, source, path, files)
        assert self.info.family == "banking"
        self.module = module
        # players: the smallest table; any up to players_max
        self.players_max = self.info.players_max
        self._bots: dict[str, BankBot] = {}

    # ------------------------------------------------------------ cards and hands
    def parse_cards(self, text: str) -> tuple[int, ...]:
        return parse_cards_of(text, self.module.DECK, self.name)

    def format_cards(self, cards: Sequence[int]) -> str:
        return format_cards(list(cards))

    def hand(self, cards: Sequence[int] | str, *, bet: int = 1, split: bool = False,
             seat: int = 1) -> Hand:
        codes = self.parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        return made_hand(self.module, seat, codes, bet, split)

    def hand_total(self, cards: Sequence[int] | str) -> int:
        return self.hand(cards).total

    def showdown(self, hands: Sequence[Sequence[Hand]]) -> HandsView:
        """A made-up end of round: the given hands per seat (the banker's at its seat)."""
        return HandsView(self.module, [list(h) for h in hands], self.module.BANKER)

    def settle(self, cards: Sequence[int] | str, against: Sequence[int] | str, *, bet: int = 1,
               split: bool = False) -> int:
        """The rules' payout of one player hand against the banker's hand."""
        m = self.module
        seats: list[list[Hand]] = [[] for _ in range(m.PLAYERS)]
        player = (m.BANKER + 1) % m.PLAYERS
        h = self.hand(cards, bet=bet, split=split, seat=player)
        seats[player] = [h]
        seats[m.BANKER] = [self.hand(against, bet=0, seat=m.BANKER)]
        return m.payout(self.showdown(seats), h)

    def holds(self, name: str, cards: Sequence[int] | str, split: bool = False) -> bool:
        """Whether a bool def of one hand (``natural``) or ``busted`` holds for the cards."""
        h = self.hand(cards, split=split)
        m = self.module
        view = self.showdown([[h] if s != m.BANKER else [self.hand((), seat=s, bet=0)]
                              for s in range(m.PLAYERS)])
        if name == "busted":
            return view.busted(h)
        fn = getattr(m, f"def_{name}")
        return bool(fn(view, h))

    # ------------------------------------------------------------ tables
    def new_table(self, *, seed: int | str | None = None, seats: Sequence[str] | None = None,
                  players: int | None = None,
                  stock: Sequence[int] | str | None = None) -> BankingGameTable:
        """A round. ``seats`` names the seat kinds (their count is the number of players);
        ``stock`` deals these cards in order instead of at random."""
        kinds = list(seats) if seats else ["random"] * (players or self.players)
        cards = self.parse_cards(stock) if isinstance(stock, str) else stock
        return BankingGameTable(self, seed=seed, seats=kinds, stock=cards)

    def bots(self, seats: Sequence[str]) -> list[BankBot | None]:
        """One bot per seat kind, made once per game (the expect bot keeps what it has
        reckoned from one round to the next)."""
        out: list[BankBot | None] = []
        for k in seats:
            if k != "human" and k not in self._bots:
                self._bots[k] = make_banking_bot(k, self.module)
            out.append(None if k == "human" else self._bots[k])
        return out

    def play_match(self, *, seed: int | str, seats: Sequence[str]) -> BankingMatchResult:
        rounds = []
        count = self.module.MATCH_ROUNDS or 1
        for i in range(count):
            t = self.new_table(seed=f"{seed}:{i}", seats=seats)
            t.play_out()
            rounds.append(t.result())
        totals = tuple(sum(col) for col in zip(*(r.scores for r in rounds), strict=True))
        return BankingMatchResult(rounds=tuple(rounds), totals=totals)


class BankingGameTable(Table):
    """A table that knows its game and which seats are bots."""

    def __init__(self, game: BankingGame, *, seed: int | str | None, seats: Sequence[str],
                 stock: Sequence[int] | None) -> None:
        super().__init__(game.module, seed=seed, players=len(seats), stock=stock)
        self.game = game
        self.seat_kinds = list(seats)
        self.bot_fns = game.bots(self.seat_kinds)
        self.bot_seed = f"bots:{seed}"
        self.bot_rng: random.Random | None = None  # made at the first bot move

    def bot_move(self) -> BankAction:
        bot = self.bot_fns[self.seat]
        if bot is None:
            raise ValueError(f"seat {self.seat} is not a bot")
        if self.bot_rng is None:
            self.bot_rng = random.Random(self.bot_seed)
        return bot(self.view(self.seat), self.legal_actions(), self.bot_rng)

    def play_out(self) -> None:
        while not self.over:
            self.apply(self.bot_move())


def check_hand_examples(game: BankingGame) -> list[Diagnostic]:
    """One diagnostic for each ``example hand`` the compiled rules contradict."""
    from ...compiler import Diagnostic, ir
    out = []
    for ex in game.ir.examples:
        if not isinstance(ex, ir.ExampleHand):
            continue
        problem = _hand_problem(game, ex)
        if problem:
            out.append(Diagnostic(message=problem, span=ex.span, hint=""))
    return out


def _hand_problem(game: BankingGame, ex: ir.ExampleHand) -> str | None:
    shown = format_cards(ex.cards)
    if ex.claim == "totals":
        got = game.hand(ex.cards, split=ex.split).total
        return None if got == ex.value else f"example fails: {shown} totals {got}, not {ex.value}"
    if ex.claim in ("is", "is_not"):
        holds = game.holds(ex.name, ex.cards, ex.split)
        if holds == (ex.claim == "is"):
            return None
        return f"example fails: {shown} is {'not ' if not holds else ''}{ex.name}"
    if ex.against is None:
        h = game.hand(ex.cards, bet=ex.bet, split=ex.split)
        view = game.showdown([[h] for _ in range(game.module.PLAYERS)])
        got = getattr(game.module, f"def_{ex.name}")(view, h)
    elif ex.name == "payout":
        got = game.settle(ex.cards, ex.against, bet=ex.bet, split=ex.split)
    else:
        m = game.module
        player = (m.BANKER + 1) % m.PLAYERS
        h = game.hand(ex.cards, bet=ex.bet, split=ex.split, seat=player)
        seats: list[list[Hand]] = [[] for _ in range(m.PLAYERS)]
        seats[player] = [h]
        seats[m.BANKER] = [game.hand(ex.against, bet=0, seat=m.BANKER)]
        got = getattr(m, f"def_{ex.name}")(game.showdown(seats), h)
    if got != ex.value:
        against = f" against {format_cards(ex.against)}" if ex.against is not None else ""
        return f"example fails: {ex.name} of {shown}{against} is {got}, not {ex.value}"
    return None
