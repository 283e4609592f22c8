"""A bot declared ``blind`` (it reads no view) plays as it would with one: ``play_out`` makes
no view for it, and the round comes out the same; a bot that reads its view still gets it."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import cardrules
from cardrules.runtime.climbing.bots import random_bot
from cardrules.runtime.climbing.table import Action, SeatView


@pytest.mark.parametrize("name", ["big_two", "doudizhu", "shuang_kou", "tractor",
                                  "blackjack_casino"])
def test_play_out_of_blind_bots_is_the_bot_move_loop(name: str) -> None:
    """Every family's random bot is blind; a round of them played out (no views made) is the
    round played move by move through ``bot_move`` (which makes each view)."""
    game = cardrules.load(name)
    seats = ["random"] * game.players
    for seed in range(20):
        a = game.new_table(seed=seed, seats=seats)
        a.play_out()
        b = game.new_table(seed=seed, seats=seats)
        while not b.over:
            b.apply(b.bot_move())  # (bot_move makes the view)
        assert a.history == b.history
        assert a.result() == b.result()


def test_a_bot_that_reads_its_view_gets_it() -> None:
    game = cardrules.load("big_two")
    t = game.new_table(seed=3)
    seen: list[SeatView] = []

    def watcher(view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        seen.append(view)
        return random_bot(view, legal, rng)

    t.bot_fns = [watcher] * game.players
    t.play_out()
    assert len(seen) == len(t.history)
    assert all(isinstance(v, SeatView) for v in seen)


@pytest.mark.parametrize("name", ["big_two", "tractor", "blackjack_casino"])
def test_random_bots_are_given_no_view(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The random bot of every family is declared blind: a round of random bots is played
    out without a single view."""
    game = cardrules.load(name)
    t = game.new_table(seed=5, seats=["random"] * game.players)

    def no_view(seat: int) -> None:
        raise AssertionError(f"a view was made for seat {seat}")

    monkeypatch.setattr(t, "view", no_view)
    t.play_out()
    assert t.over


def test_random_bots_are_uniform_and_not_called(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every family's random bot is declared ``uniform``: a table of them only plays out the
    draw (no bot is called), and the round is the one the bots make when each is called
    (``test_play_out_of_blind_bots_is_the_bot_move_loop``); one other bot at the table and
    every bot is called again."""
    from cardrules.runtime import core
    from cardrules.runtime.banking.bots import random_bot as banking_random
    from cardrules.runtime.tricks.bots import random_bot as tricks_random
    for bot in (random_bot, tricks_random, banking_random):
        assert id(bot) in core._UNIFORM and id(bot) in core._BLIND
    assert core._WRITTEN is random.Random  # (CPython's randrange: bits drawn until below)
    game = cardrules.load("big_two")
    calls: list[int] = []

    @core.uniform
    def counted(view: SeatView | None, legal: Sequence[Action], rng: random.Random) -> Action:
        calls.append(1)
        return random_bot(view, legal, rng)

    t = game.new_table(seed=7, seats=["random"] * 4)
    t.bot_fns = [counted] * 4
    t.play_out()
    assert t.over and calls == []

    def plain(view: SeatView | None, legal: Sequence[Action], rng: random.Random) -> Action:
        calls.append(1)
        return random_bot(view, legal, rng)

    u = game.new_table(seed=7, seats=["random"] * 4)
    u.bot_fns = [counted, counted, counted, core.blind(plain)]
    u.play_out()
    assert len(calls) == len(u.history)
    assert u.history == t.history  # the same draws either way


def test_written_draw_is_randrange() -> None:
    from cardrules.runtime import core
    for seed in range(50):
        a, b = random.Random(seed), random.Random(seed)
        for n in range(1, 300):
            assert core._written_draw(a, n) == b.randrange(n)
