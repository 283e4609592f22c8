"""A climbing view's history (a History sharing the table's log, not a copy): a snapshot that
never sees later moves, the same entries a tuple of the moves' texts gives, read-only."""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.cards import format_cards
from cardrules.runtime.climbing.history import History
from cardrules.runtime.climbing.table import SeatView
from cardrules.search.clone import clone

CLIMBING = ("big_two", "da_bei", "tiao_shu", "shuang_kou", "doudizhu")


Seen = list[tuple[Any, tuple[tuple[int, str], ...]]]


def _played(name: str, seed: int, steps: int | None = None) -> tuple[Any, Seen]:
    """A round of random bots; every decision's view with its history copied at the time."""
    game = cardrules.load(name)
    t: Any = game.new_table(seed=seed, seats=["random"] * game.players)
    seen: Seen = []
    while not t.over and (steps is None or len(seen) < steps):
        view = t.view(t.seat)
        seen.append((view, tuple(view.history)))
        t.apply(t.bot_move())
    return t, seen


@pytest.mark.parametrize("name", CLIMBING)
def test_an_old_view_never_sees_later_moves(name: str) -> None:
    t, seen = _played(name, seed=3)
    assert t.over and len(seen) > 20
    for view, then in seen:  # read after the round: each as it was when made
        assert isinstance(view.history, History)
        assert len(view.history) == len(then) and tuple(view.history) == then
        assert view.history == then and list(view.history) == list(then)
    lengths = [len(then) for _, then in seen]
    assert lengths == sorted(lengths) and lengths[-1] > lengths[0]


@pytest.mark.parametrize("name", ["big_two", "da_bei", "tiao_shu"])
def test_the_history_is_every_move_as_text(name: str) -> None:
    """Without an auction or a shown rest, the public history is each move and its seat,
    as ``str`` of the Play (an independent reading of the table's own history)."""
    t, seen = _played(name, seed=8)
    moves = [(s, "pass" if not mv.cards else format_cards(mv.cards))
             for s, mv in t.history]
    assert tuple(t.view(0).history) == tuple(moves)
    for _, then in seen:
        assert then == tuple(moves[:len(then)])


def test_the_auction_a_new_deal_and_the_rest_are_in_the_history() -> None:
    """The auction's bids, the table's own line for a deal passed out and the leader's
    ``takes`` are in the history, and views made before them never show them."""
    game = cardrules.load("doudizhu")
    t: Any = game.new_table(seed=9, seats=["random"] * 3)
    seen: Seen = []
    for _ in range(3):
        view = t.view(t.seat)
        seen.append((view, tuple(view.history)))
        t.apply("pass")
    while not t.over:
        view = t.view(t.seat)
        seen.append((view, tuple(view.history)))
        t.apply(t.bot_move())
    texts = [text for _, text in t.view(0).history]
    assert texts[3] == "all passed: a new deal" and t.view(0).history[3][0] == -1
    assert texts[:3] == ["pass"] * 3 and any(text.startswith("takes ") for text in texts)
    for view, then in seen:
        assert tuple(view.history) == then
    assert [len(then) for _, then in seen][:4] == [0, 1, 2, 4]


def test_a_history_behaves_as_the_tuple_it_was() -> None:
    t, seen = _played("big_two", seed=5, steps=30)
    view, then = seen[-1]
    h = view.history
    assert len(h) == len(then) == 29
    assert h[0] == then[0] and h[-1] == then[-1] and h[3:9:2] == then[3:9:2]
    assert h[:] == then and type(h[:]) is tuple and h[100:] == ()
    with pytest.raises(IndexError):
        h[29]
    with pytest.raises(IndexError):
        h[-30]
    assert then[4] in h and h.index(then[4]) <= 4 and h.count(then[0]) >= 1
    assert list(reversed(h)) == list(reversed(then))
    assert hash(h) == hash(then) and h == then and then == h and h != then[:-1]
    assert repr(h) == f"History({then!r})"
    assert seen[0][0].history == () and len(seen[0][0].history) == 0
    # two tables with the same moves: equal histories, equal views
    again, seen_again = _played("big_two", seed=5, steps=30)
    assert seen_again[-1][0].history == h and seen_again[-1][0] == view
    assert pickle.loads(pickle.dumps(h)) == h


def test_a_history_cannot_change_the_table() -> None:
    t, seen = _played("big_two", seed=6, steps=10)
    h = seen[-1][0].history
    for attempt in ("h[0] = (0, 'x')", "del h[0]", "h.append((0, 'x'))", "h += ((0, 'x'),)",
                    "h.other = 1"):
        with pytest.raises((TypeError, AttributeError)):
            exec(attempt, {"h": h})
    assert len(h) == 9 and len(t.view(t.seat).history) == len(t.history) == 10


def test_a_cloned_table_shows_the_same_history_and_goes_its_own_way() -> None:
    game = cardrules.load("tiao_shu")
    t: Any = game.new_table(seed=4, seats=["random"] * 4)
    for _ in range(12):
        t.apply(t.bot_move())
    copy = clone(t)
    before = t.view(t.seat)
    assert copy.view(copy.seat) == before
    copy.play_out()
    assert len(copy.view(0).history) > len(t.view(0).history) == len(before.history) == 12
    assert tuple(t.view(t.seat).history) == tuple(before.history)


@pytest.mark.parametrize("name", ["big_two", "doudizhu"])
def test_the_tables_history_is_its_moves_alone(name: str) -> None:
    """``table.history`` holds the moves as played, (seat, Play), and no other event (where
    the log has none, the two are one list; a clone keeps them one, its own)."""
    game = cardrules.load(name)
    t: Any = game.new_table(seed=9, seats=["random"] * game.players)
    moves: list[tuple[int, Any]] = []
    while not t.over:
        seat = t.seat
        done = t.apply(t.bot_move())
        if not t.bidding and done.__class__.__name__ == "Play":
            moves.append((seat, done))
        if len(moves) == 20:
            copy = clone(t)
    assert t.history == moves and all(type(mv).__name__ == "Play" for _, mv in t.history)
    shown = tuple(t.view(0).history)
    assert (len(shown) > len(moves)) == (name == "doudizhu")  # bids, events: in the log alone
    copy.play_out()  # from the 20th move on: its own history and log
    assert t.history == moves and tuple(t.view(0).history) == shown
    assert copy.history[:20] == moves[:20] and copy.over
    events = len(shown) - len(moves)  # (the auction's, all before the first play)
    assert copy.view(0).history[events:] == tuple((s, str(mv)) for s, mv in copy.history)


# ---------------------------------------------------------------- every field of every view
TWO_DECKS_HIDDEN = ("game two_decks extends da_bei\noverride deck 52 copies 2\n"
                    "override deal 26 each\n")


def _game(name: str, tmp_path: Path) -> Any:
    if name == "two_decks":  # hidden teams with two copies of each holder card
        rules = tmp_path / "two_decks.rules"
        rules.write_text(TWO_DECKS_HIDDEN)
        return cardrules.load(rules)
    if name.endswith(".rules"):
        return cardrules.load(Path(__file__).parent / "data" / name)
    return cardrules.load(name)


def _known(t: Any, seat: int) -> tuple[int | None, ...]:
    """The sides ``seat`` knows, read from the public history alone (the rule as
    ``Table.known_sides`` states it)."""
    m = t.m
    if t.bidding:
        return (None,) * t.n
    if m.TEAMS != "hidden":
        return tuple(t.sides)
    holders = m.TEAM_HOLDERS
    played = [c for _, mv in t.history if mv.cards for c in mv.cards if c in holders]
    if all(played.count(c) + t.dealt[seat].count(c) >= m.COPIES for c in holders):
        return tuple(t.sides)
    known: list[int | None] = [None] * t.n
    known[seat] = t.sides[seat]
    for s, mv in t.history:
        if any(c in holders for c in mv.cards):
            known[s] = 0
    return tuple(known)


def _expected(t: Any, seat: int) -> tuple[Any, ...]:
    """A seat's view, field by field, made from the table's public state."""
    bidding = t.bidding
    return (seat, tuple(t.hands[seat]), tuple(len(h) for h in t.hands),
            t.current.cards if t.current is not None else (), t.last_player,
            tuple(t._log.texts(len(t._shown))[:len(t._shown)]), tuple(t.places),
            _known(t, seat), bidding, t.auction.high if bidding else t.bid, t.leader, t.shown)


def _snapshot(view: Any) -> tuple[Any, ...]:
    return tuple(tuple(f) if isinstance(f, History) else f for f in view)


VIEWED = (*CLIMBING, "two_decks", "da_bei_flat.rules", "kickers.rules")


@pytest.mark.parametrize("name", VIEWED)
def test_every_seat_sees_the_table_as_it_is_and_a_kept_view_never_changes(
        name: str, tmp_path: Path) -> None:
    """At every decision of random rounds, every seat's view (its own hand, the sizes, the
    play, the places, the sides it knows, the auction) is what the table shows, in any
    order of asking; and every view kept to the end of the round is as it was made."""
    game = _game(name, tmp_path)
    kept: list[tuple[Any, tuple[Any, ...]]] = []
    for seed in range(6):
        t: Any = game.new_table(seed=seed, seats=["random"] * game.players)
        rng = random.Random(seed)
        while True:
            seats = list(range(t.n))
            rng.shuffle(seats)
            for seat in seats + [t.seat]:
                view = t.view(seat)
                assert type(view) is SeatView and _snapshot(view) == _expected(t, seat)
                assert t.known_sides(seat) == view.known_sides
                kept.append((view, _snapshot(view)))
            if t.over:
                break
            t.apply(t.bot_move())
    for view, then in kept:
        assert _snapshot(view) == then
