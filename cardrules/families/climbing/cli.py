"""`cardrules play` for family climbing: the round told as it happens, and a person's seat
shown what it may see (its hand, the cards left in each hand, the sides it knows, the play to
beat; in an auction, the bid to beat)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ...runtime.protocol import Play
from ...terminal import take_move
from .game import ClimbingGame, ClimbingGameTable

if TYPE_CHECKING:
    from ...replay import Recorder


def _ask(table: ClimbingGameTable, out: TextIO) -> None:
    game = table.game
    seat = table.seat
    while True:
        view = table.view(seat)
        beat = game.format_cards(view.to_beat) if view.to_beat else "(you lead)"
        if view.bidding:
            standing = f"the bid to beat: {view.bid}" if view.bid else "no bid yet"
            out.write(f"\nseat {seat}, your hand: {game.format_cards(view.hand)}\n"
                      f"auction: {standing}; your bid ('bid N', 'pass', '?' for options): ")
            out.flush()
            if take_move(table, out, listing=40):
                return
            continue
        sides = ""
        if game.module.TEAMS != "none":
            sides = "sides known to you: " + " ".join(
                f"{s}:{'?' if k is None else k}" for s, k in enumerate(view.known_sides)) + "\n"
        out.write(f"\nseat {seat}, your hand: {game.format_cards(view.hand)}\n"
                  f"cards left: {' '.join(map(str, view.hand_sizes))}\n{sides}"
                  f"to beat: {beat}\nyour move (cards like S3 S4, 'pass', '?' for options): ")
        out.flush()
        if take_move(table, out, listing=40):
            return


def play_round(game: ClimbingGame, table: ClimbingGameTable, out: TextIO) -> None:
    kinds = table.seat_kinds
    if "human" not in kinds:  # a person at the table sees only their own hand
        out.write("hands:\n")
        for s in range(game.players):
            out.write(f"  seat {s} [{kinds[s]}]: {game.format_cards(table.hand(s))}\n")
    while not table.over:
        seat = table.seat
        if table.bidding:
            said = len(table.view(seat).history)
            if kinds[seat] == "human":
                _ask(table, out)
            else:
                table.apply(table.bot_move())
            for s, text in table.view(seat).history[said:]:  # the bid, and what it led to
                out.write(f"seat {s} [{kinds[s]}]: {text}\n" if s >= 0 else f"  -- {text}\n")
            if not table.bidding and not table.over:
                out.write(f"  -- seat {table.leader} wins the auction at {table.bid} "
                          "and leads\n")
            continue
        if kinds[seat] == "human":
            _ask(table, out)
            move = table.history[-1][1]
        else:
            played = table.apply(table.bot_move())
            assert isinstance(played, Play)
            move = played
        what = f"  {game.module.KINDS[move.play.kind]}" if move.play else ""
        out.write(f"seat {seat} [{kinds[seat]}]: {move}{what}\n")
        if not table.over and table.current is None:
            out.write(f"  -- all pass; seat {table.seat} leads\n")
    res = table.result()
    if table.no_game:
        out.write(f"no game: every seat passed on {table.deals} deals\n")
    out.write(f"round over; went out: {' '.join(map(str, res.places))}; "
              f"cards left: {' '.join(map(str, res.cards_left))}\n")
    out.write("scores: " + "  ".join(f"seat {s}: {v:+d}" for s, v in enumerate(res.scores))
              + "\n")


def play(game: ClimbingGame, seed: int, seats: list[str], out: TextIO,
         rec: Recorder | None = None) -> list[int]:
    """A match; its totals. ``rec`` records it (``play --record``)."""
    match = game.new_match(seed=seed, seats=seats)
    while not match.over:
        table = match.new_round()
        if rec is not None:
            rec.start_round(table)
        out.write(f"== {game.title}: round {table.round_number} (seed {seed}) ==\n")
        play_round(game, table, out)
        match.end_round(table)
        if rec is not None:
            rec.end_round(table)
        if game.module.MATCH_ROUNDS != 1:
            out.write("match totals: " + "  ".join(f"seat {s}: {v}" for s, v in
                                                   enumerate(match.totals)) + "\n")
    return list(match.totals)
