"""A bot declared ``blind`` (it reads no view) plays as it would with one: ``play_out`` makes
no view for it, and the round comes out the same; a bot that reads its view still gets it."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import cardrules
from cardrules.runtime.climbing.bots import random_bot
from cardrules.runtime.climbing.table import Action, SeatView


@pytest.mark.parametrize("name", ["big_two", "doudizhu", "shuang_kou"])
def test_play_out_of_blind_bots_is_the_bot_move_loop(name: str) -> None:
    game = cardrules.load(name)
    for seed in range(20):
        a = game.new_table(seed=seed)
        a.play_out()
        b = game.new_table(seed=seed)
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
