"""`cardrules play` for family tricks: the round told as it happens, and a person's seat
shown what it may see (its hand grouped by suit class, trumps in trump order, the trick so
far, the points)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ...cards import RANK_NAMES, SUIT_LETTERS, format_cards
from ...runtime.tricks import trick
from ...runtime.tricks.table import TricksSeatView
from ...runtime.tricks.trick import TrumpState
from ...terminal import take_move
from .game import TricksGame, TricksGameTable

if TYPE_CHECKING:
    from ...replay import Recorder


def trump_words(state: TrumpState | None) -> str:
    if state is None:
        return "not yet known"
    suit = SUIT_LETTERS[state.suit] if state.suit >= 0 else "none (no-trump)"
    return f"suit {suit}, rank {RANK_NAMES[state.rank]}"


def grouped_hand(game: TricksGame, view: TricksSeatView, rank: int) -> str:
    """The hand by suit class, low to high; trumps last, in trump order. While bids may
    still name the trump suit, the cards of the round's trump ``rank`` and the jokers."""
    order = game.order(view.trump or TrumpState(-1, rank))
    classes: dict[int, list[int]] = {}
    for c in view.hand:
        classes.setdefault(order.cls[c], []).append(c)
    parts = []
    for cls in sorted(classes):
        name = "trumps" if cls == trick.TRUMP else SUIT_LETTERS[cls]
        cards = sorted(classes[cls], key=order.strength)
        parts.append(f"{name}: {format_cards(cards)}")
    return " | ".join(parts)


def _ask(table: TricksGameTable, out: TextIO) -> None:
    game = table.game
    while True:
        view = table.view(table.seat)
        levels = " ".join(level_word(game, x) for x in view.levels)
        rank = table.trump_rank()
        trumps = trump_words(view.trump) if view.trump is not None else \
            f"rank {RANK_NAMES[rank]}, suit not yet known (standing bid: " \
            f"{f'seat {view.bids[-1][0]}: {view.bids[-1][1]}' if view.bids else 'none'})"
        out.write(f"\nseat {view.seat} ({view.phase}); trumps {trumps}; "
                  f"dealer {view.dealer if view.dealer >= 0 else '?'}; levels {levels}\n"
                  f"hand: {grouped_hand(game, view, rank)}\n")
        if view.trick:
            out.write("trick: " + "; ".join(f"seat {s}: {format_cards(list(c))}"
                                           for s, c in view.trick) + "\n")
        if view.selection:
            out.write(f"chosen so far: {format_cards(list(view.selection))}\n")
        if view.kitty and view.phase == "bury":  # the dealer's view only
            taken = game.tm.KITTY  # the kitty taken, then what was buried
            order = game.order(view.trump or TrumpState(-1, rank))
            out.write(f"kitty taken: {format_cards(sorted(view.kitty[:taken], key=order.strength))}"
                      f"; buried so far: {format_cards(list(view.kitty[taken:])) or 'none'}\n")
        if view.phase != "deal" and view.phase != "last bids":
            out.write(f"defenders' points: {view.defender_points}\n")
        out.write(f"your move ({_move_words(table, view)}; '?' for options): ")
        out.flush()
        if take_move(table, out, listing=len(table.legal_actions())):
            return


def _move_words(table: TricksGameTable, view: TricksSeatView) -> str:
    """What the seat may type now."""
    if view.phase in ("deal", "last bids"):
        bids = [a for a in table.legal_actions() if a.kind == "bid"]
        beat = f" that beat seat {view.bids[-1][0]}'s {view.bids[-1][1]}" if view.bids else ""
        if not bids:
            return f"no cards you hold{beat or ' make a bid now'}: 'pass'"
        return f"bid cards you hold{beat}, like '{bids[0]}', or 'pass'"
    if view.phase == "bury":
        return f"bury {table.game.tm.KITTY - len(table.buried)} more card(s): cards like S3"
    if view.trick:
        return f"follow with {len(view.trick[0][1])} card(s) of your hand"
    return "lead: cards like S3 S3, all at once, or one at a time and then 'done'"


def play_round(game: TricksGame, table: TricksGameTable, out: TextIO) -> None:
    kinds = table.seat_kinds
    seen_tricks = 0
    seen_bids = 0
    phase = table.phase
    while not table.over:
        if kinds[table.seat] == "human":
            _ask(table, out)
        else:
            table.apply(table.bot_move())
        for b in table.bids[seen_bids:]:
            out.write(f"seat {b.seat} bids {b}\n")
        seen_bids = len(table.bids)
        if table.phase != phase and table.phase in ("bury", "play"):
            if phase in ("deal", "last bids"):
                out.write(f"dealer: seat {table.dealer}; trumps {trump_words(table.state)}\n")
                if "human" not in kinds:  # a person at the table sees only their own hand
                    _dealt_hands(table, out)
            phase = table.phase
        for t in table.tricks[seen_tricks:]:
            tried = sorted(t.failed_throw, key=table.order.strength)
            failed = f" (throw {format_cards(tried)} failed)" \
                if t.failed_throw else ""
            plays = "; ".join(f"{s}: {format_cards(list(c))}" for s, c in t.plays)
            out.write(f"trick {seen_tricks + 1}{failed}: {plays} -> seat {t.winner} "
                      f"(+{t.points})\n")
            seen_tricks += 1
    r = table.result()
    out.write(f"round over: defenders' points {r.defender_points} (kitty "
              f"{r.kitty}: {r.kitty_points} points, bonus "
              f"{r.kitty_bonus}); levels up {' '.join(map(str, r.level_up))}; next dealer "
              f"seat {r.next_dealer}\n")
    out.write("scores: " + "  ".join(f"seat {s}: {v:+d}" for s, v in enumerate(r.scores))
              + "\n")


def _dealt_hands(table: TricksGameTable, out: TextIO) -> None:
    """The hands as dealt (before the dealer takes the kitty), in the round's trump order."""
    order = table.order
    out.write("hands:\n")
    for s in range(table.n):
        dealt = [c for c, r in zip(table.stream, table.receivers, strict=True) if r == s]
        out.write(f"  seat {s} [{table.seat_kinds[s]}]: "
                  f"{format_cards(sorted(dealt, key=order.strength))}\n")
    out.write(f"kitty: {format_cards(sorted(table.kitty, key=order.strength))}\n")


def level_word(game: TricksGame, climbed: int) -> str:
    """A side's level as its rank (past the last level: the last, and a plus)."""
    levels = game.module.LEVELS
    word = RANK_NAMES[levels[min(climbed, len(levels) - 1)]]
    return word + ("+" if climbed >= len(levels) else "")


def play(game: TricksGame, seed: int, seats: list[str], out: TextIO,
         rec: Recorder | None = None) -> list[int]:
    """A match; the levels climbed. ``rec`` records it (``play --record``)."""
    match = game.new_match(seed=seed, seats=seats)
    while not match.over:
        table = match.new_round()
        if rec is not None:
            rec.start_round(table)
        levels = " ".join(level_word(game, x) for x in match.levels)
        out.write(f"== {game.title}: round {len(match.rounds) + 1} (seed {seed}); levels "
                  f"{levels} ==\n")
        play_round(game, table, out)
        match.end_round(table)
        if rec is not None:
            rec.end_round(table)
    out.write(f"match over after {len(match.rounds)} rounds; levels climbed: "
              f"{' '.join(map(str, match.levels))}\n")
    return list(match.levels)
