"""A compiled game of the banking family: what ``cardrules.load`` returns for one."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ...cards import format_cards
from ...game import Game
from ...gameinfo import GameInfo
from ...runtime.banking.bots import BOTS
from ...runtime.banking.table import (
    BankAction,
    BankingModule,
    Hand,
    HandsView,
    Result,
    SeatView,
    Table,
    made_hand,
)
from ...runtime.core import BotSeats, Match, MatchResult, added_scores, check_totals

if TYPE_CHECKING:
    from ...compiler import ir

BankingMatchResult = MatchResult[Result]  # the totals: each seat's chips over the match


class BankingGame(Game):
    """A banking game: a banker against players, each hand settled against the banker's.
    ``players`` is the smallest table; any up to ``players_max`` seats."""

    bot_kinds = BOTS
    module: BankingModule

    def __init__(self, game: ir.Game | GameInfo, module: BankingModule, source: str,
                 path: Path, files: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(game, module, source, path, files)
        assert self.info.family == "banking"

    # ------------------------------------------------------------ hands
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

    # ------------------------------------------------------------ tables and matches
    def new_table(self, *, seed: int | str | None = None, seats: Sequence[str] | None = None,
                  players: int | None = None,
                  stock: Sequence[int] | str | None = None) -> BankingGameTable:
        """A round. ``seats`` names the seat kinds (their count is the number of players);
        ``stock`` deals these cards in order instead of at random."""
        kinds = list(seats) if seats else ["random"] * (players or self.players)
        cards = self.parse_cards(stock) if isinstance(stock, str) else stock
        return BankingGameTable(self, seed=seed, seats=kinds, stock=cards)

    def new_match(self, *, seed: int | str, seats: Sequence[str]) -> BankingMatch:
        return BankingMatch(self, seed=seed, seats=seats)

    # ------------------------------------------------------------ worked examples
    def example_problem(self, ex: ir.Example) -> tuple[str, str] | None:
        from ...compiler import ir
        assert isinstance(ex, ir.ExampleHand), "the compiler admits hand examples only"
        problem = _hand_problem(self, ex)
        return (problem, "") if problem else None


class BankingGameTable(Table, BotSeats[SeatView, BankAction]):
    """A banking table that knows its game and which seats are bots."""

    def __init__(self, game: BankingGame, *, seed: int | str | None, seats: Sequence[str],
                 stock: Sequence[int] | None) -> None:
        super().__init__(game.module, seed=seed, players=len(seats), stock=stock)
        self.game = game
        self.seat_bots(seats, game.bots(seats), seed)
        # A given stock: what the table was made with, for a replay file to make it again.
        self.setup: dict[str, object] | None = None if stock is None else {
            "seed": seed, "stock": format_cards(list(stock))}


class BankingMatch(Match[BankingGameTable, Result]):
    """``rounds N`` rounds (one if the rules say none), each dealt afresh; the totals are the
    chips each seat won or lost."""

    def __init__(self, game: BankingGame, *, seed: int | str, seats: Sequence[str]) -> None:
        super().__init__(seed=seed, seats=seats)
        self.game = game
        self.count = game.module.MATCH_ROUNDS or 1

    def new_round(self) -> BankingGameTable:
        return self.game.new_table(seed=f"{self.seed}:{len(self.rounds)}", seats=self.seats)

    def end_round(self, table: Table) -> Result:
        result = table.result()
        self.rounds.append(result)
        check_totals(result.scores, added_scores(self.rounds), len(self.rounds))
        self.over = len(self.rounds) >= self.count
        return result

    def result(self) -> BankingMatchResult:
        return BankingMatchResult(rounds=tuple(self.rounds), totals=added_scores(self.rounds))


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
