"""What a browser at one seat is sent: that seat's view of the table, as JSON-ready data.

Built only from ``table.view(seat)`` (the same view a bot or a terminal player gets), the
seat's legal actions when it is its turn, and, once the round is over, the result and every
hand (shown to all at the end, as at a real table). One function per family, over the same
keys: ``hand`` (groups of card words, sorted the way that family's players sort them),
``others`` (one line per seat), ``table`` (what lies on the table), ``info`` (trumps,
levels, bets ...), ``log``, ``legal``, and at the end ``scores`` and ``hands``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import RANK_NAMES, SUIT_LETTERS, format_cards
from ..families.banking.game import BankingGame, BankingGameTable
from ..families.climbing.game import ClimbingGame, ClimbingGameTable
from ..families.tricks.game import TricksGame, TricksGameTable
from ..runtime.tricks.trick import TrumpState

AnyGame = ClimbingGame | TricksGame | BankingGame
AnyTable = ClimbingGameTable | TricksGameTable | BankingGameTable
MAX_LEGAL_SHOWN = 200  # a lead in a climbing game can offer thousands: the first ones


def words(cards: Sequence[int]) -> list[str]:
    return format_cards(list(cards)).split() if cards else []


def render(game: AnyGame, table: AnyTable, seat: int) -> dict[str, Any]:
    """The state sent to ``seat``: only what that seat may see."""
    turn = table.seat if not table.over else -1
    legal = [str(a) for a in table.legal_actions()] if turn == seat else []
    out: dict[str, Any] = {
        "game": game.name, "title": game.title, "family": game.family, "seat": seat,
        "seats": len(getattr(table, "seat_kinds", ())) or game.players,
        "turn": turn, "over": table.over,
        "legal": legal[:MAX_LEGAL_SHOWN], "legal_count": len(legal),
    }
    if isinstance(game, BankingGame):
        assert isinstance(table, BankingGameTable)
        out.update(_banking(game, table, seat))
    elif isinstance(game, TricksGame):
        assert isinstance(table, TricksGameTable)
        out.update(_tricks(game, table, seat))
    else:
        assert isinstance(table, ClimbingGameTable)
        out.update(_climbing(game, table, seat))
    if table.over:
        out["scores"] = list(table.result().scores)
    return out


# ---------------------------------------------------------------- climbing
def _climbing(game: ClimbingGame, table: ClimbingGameTable, seat: int) -> dict[str, Any]:
    v = table.view(seat)
    others = []
    for s in range(game.players):
        side = v.known_sides[s]
        note = f", side {side}" if game.module.TEAMS != "none" and side is not None else ""
        place = f", out {v.places.index(s) + 1}" if s in v.places else ""
        others.append(f"seat {s}: {v.hand_sizes[s]} cards{note}{place}")
    info = []
    if v.bidding:
        info.append(f"auction: the bid to beat is {v.bid}" if v.bid else "auction: no bid yet")
    elif v.leader >= 0 and game.module.AUCTION_BIDS:
        info.append(f"seat {v.leader} won the auction at {v.bid}")
    if v.shown:
        info.append(f"the leader took {format_cards(list(v.shown))}")
    log = [f"seat {s}: {text}" if s >= 0 else f"-- {text}" for s, text in v.history]
    out: dict[str, Any] = {
        "hand": [words(v.hand)], "others": others,
        "table": ("the auction" if v.bidding else
                  f"to beat: {format_cards(list(v.to_beat))} (seat {v.last_player})"
                  if v.to_beat else "the lead"),
        "info": info, "log": log, "can_select": not v.bidding,
    }
    if table.over:
        out["hands"] = [format_cards(list(table.hand(s))) for s in range(game.players)]
    return out


# ---------------------------------------------------------------- tricks
def _trumps(state: TrumpState | None) -> str:
    if state is None:
        return "trumps: not yet known"
    suit = SUIT_LETTERS[state.suit] if state.suit >= 0 else "none (no-trump)"
    return f"trumps: suit {suit}, rank {RANK_NAMES[state.rank]}"


def _tricks(game: TricksGame, table: TricksGameTable, seat: int) -> dict[str, Any]:
    v = table.view(seat)
    order = game.order(v.trump or TrumpState(-1, table.trump_rank()))
    classes: dict[int, list[int]] = {}
    for c in v.hand:
        classes.setdefault(order.cls[c], []).append(c)
    hand = [words(sorted(classes[k], key=order.strength)) for k in sorted(classes)]
    levels = " ".join(RANK_NAMES[x] if 0 <= x < len(RANK_NAMES) else str(x) for x in v.levels)
    info = [_trumps(v.trump), f"dealer: {v.dealer if v.dealer >= 0 else '?'}",
            f"levels: {levels}", f"defenders' points: {v.defender_points}", f"phase: {v.phase}"]
    if v.kitty:
        info.append(f"kitty (yours to see): {format_cards(list(v.kitty))}")
    if v.selection:
        info.append(f"chosen so far: {format_cards(list(v.selection))}")
    log = [f"seat {s} shows {cards}" for s, cards in v.bids]
    for i, t in enumerate(v.tricks):
        plays = "; ".join(f"seat {s}: {format_cards(list(c))}" for s, c in t.plays)
        log.append(f"trick {i + 1}: {plays} -> seat {t.winner} (+{t.points})")
    played = [0] * game.players
    for t in v.tricks:
        for s, cards in t.plays:
            played[s] += len(cards)
    for s, cards in v.trick:
        played[s] += len(cards)
    sizes = [len(v.hand) + played[seat] - played[s] for s in range(game.players)]
    others = [f"seat {s}" + (" (dealer)" if s == v.dealer else "")
              + (f": {sizes[s]} cards" if v.phase == "play" else "")
              for s in range(game.players)]
    out: dict[str, Any] = {
        "hand": hand, "others": others, "info": info, "log": log, "can_select": True,
        "table": ("trick: " + "; ".join(f"seat {s}: {format_cards(list(c))}"
                                        for s, c in v.trick)) if v.trick else "no trick yet",
    }
    if table.over:
        out["hands"] = [format_cards(list(table.hand(s))) for s in range(game.players)]
    return out


# ---------------------------------------------------------------- banking
def _banking(game: BankingGame, table: BankingGameTable, seat: int) -> dict[str, Any]:
    v = table.view(seat)
    m = game.module

    def total(cards: Sequence[int]) -> str:
        shown = [c for c in cards if c >= 0]
        t, soft = m.hand_total(shown)
        if len(shown) < len(cards):
            return f"showing {'soft ' if soft else ''}{t}"
        return f"{t}, bust" if t > m.BUST else f"{'soft' if soft else 'hard'} {t}"

    lines = []
    for s, hands in enumerate(v.hands):
        who = "banker" if s == v.banker else f"bet {v.bets[s] or '-'}"
        if not hands:
            lines.append(f"seat {s} ({who})")
        for i, cards in enumerate(hands):
            mark = " <- to act" if v.acting == (s, i) else ""
            shown = " ".join("??" if c < 0 else format_cards([c]) for c in cards)
            lines.append(f"seat {s} ({who}) hand {i + 1}: {shown} [{total(cards)}]{mark}")
    mine = [words([c for c in cards if c >= 0]) for cards in v.hands[seat]] or [[]]
    out: dict[str, Any] = {
        "hand": mine, "others": lines, "table": f"phase: {v.phase}",
        "info": [f"banker: seat {v.banker}", f"cards unseen: {v.unseen}"],
        "log": [f"seat {s}: {text}" for s, text in v.history], "can_select": False,
    }
    if table.over:
        out["hands"] = lines
    return out

