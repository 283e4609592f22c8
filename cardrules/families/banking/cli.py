"""The ``play`` and ``simulate`` commands for games of the banking family."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from ...runtime.banking.table import SeatView
from ...terminal import take_move
from .game import BankingGame, BankingGameTable

if TYPE_CHECKING:
    from ...replay import Recorder


def _cards(game: BankingGame, cards: Sequence[int]) -> str:
    return " ".join("??" if c < 0 else game.format_cards([c]) for c in cards)


def _total(game: BankingGame, cards: Sequence[int]) -> str:
    if any(c < 0 for c in cards):
        shown = [c for c in cards if c >= 0]
        total, soft = game.module.hand_total(shown)
        return f"showing {'soft ' if soft else ''}{total}"
    total, soft = game.module.hand_total(cards)
    if total > game.module.BUST:
        return f"{total}, bust"
    return f"{'soft' if soft else 'hard'} {total}"


def _show_table(game: BankingGame, view: SeatView, out: TextIO) -> None:
    for s, hands in enumerate(view.hands):
        who = "banker" if s == view.banker else f"bet {view.bets[s]}"
        for i, cards in enumerate(hands):
            mark = " <-" if view.acting == (s, i) else ""
            bet = "" if s == view.banker else f", bet {view.hand_bets[s][i]}"
            out.write(f"  seat {s} ({who}) hand {i + 1}: {_cards(game, cards)}"
                      f"  [{_total(game, cards)}{bet}]{mark}\n")


def _ask(table: BankingGameTable, out: TextIO) -> None:
    game = table.game
    seat = table.seat
    while True:
        view = table.view(seat)
        out.write(f"\nseat {seat}, your turn:\n")
        _show_table(game, view, out)
        legal = table.legal_actions()
        out.write("your move (" + " | ".join(str(a) for a in legal[:12])
                  + (" ..." if len(legal) > 12 else "") + "): ")
        out.flush()
        if take_move(table, out, listing=len(legal)):  # the prompt shows 12; '?' all
            return


def play_banking(game: BankingGame, seats: list[str], seed: int, out: TextIO,
                 rec: Recorder | None = None) -> None:
    """The game's rounds; ``rec`` records them (``play --record``)."""
    rounds = game.module.MATCH_ROUNDS or 1
    for r in range(rounds):
        table = game.new_table(seed=f"{seed}:{r}", seats=seats)
        if rec is not None:
            rec.start_round(table)
        out.write(f"== {game.title}: round {r + 1} (seed {seed}), banker seat "
                  f"{game.module.BANKER} ==\n")
        dealt = False
        printed = 0
        while not table.over:
            if seats[table.seat] == "human":
                _ask(table, out)
            else:
                table.apply(table.bot_move())
            for s, move in table.history[printed:]:
                who = "banker" if s == table.banker else seats[s]
                out.write(f"seat {s} [{who}]: {move}\n")
            printed = len(table.history)
            if not dealt and table.phase != "bet":
                dealt = True
                out.write("dealt (as the table sees it):\n")
                _show_table(game, table.view(-1), out)
        res = table.result()
        out.write("showdown" + (" (the banker shows a natural at once)" if res.early else "")
                  + ":\n")
        _show_table(game, table.view(-1), out)
        for h in res.hands:
            out.write(f"  seat {h.seat} {game.format_cards(h.cards)}: {h.payout:+d}\n")
        out.write("scores: " + "  ".join(f"seat {s}: {v:+d}" for s, v in enumerate(res.scores))
                  + "\n")
        if rec is not None:
            rec.end_round(table)
