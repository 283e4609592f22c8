"""A table's tallies of the plays, read as its history grows (each from the one before),
count what a tally of the whole history counts at once."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules.runtime.climbing.scoreview import PlayTally


@pytest.mark.parametrize("name", ["shuang_kou", "doudizhu", "big_two"])
def test_tallies_read_as_the_history_grows_count_as_a_whole_one(name: str) -> None:
    game = cardrules.load(name)
    kinds = range(len(game.module.KINDS))
    for seed in range(10):
        t = game.new_table(seed=seed)
        rng = random.Random(seed)
        history = []  # (grows as the table's: the tallies read it as it stands)
        last: PlayTally | None = None
        while not t.over:
            t.apply(rng.choice(t.legal_actions()))
            if t.history:
                history.append(t.history[-1])
            if rng.random() < 0.2:  # a tally now, read (or not) in some order
                tally = PlayTally(history=history, earlier=last)
                whole = PlayTally(plays=[(s, mv.kind, len(mv.cards)) for s, mv in history
                                         if mv.cards])
                last = tally
                if rng.random() < 0.3:
                    continue  # not read: the next one reads from the one before this
                asks = ["counts", "largest", "seat_counts"]
                rng.shuffle(asks)  # (some read first: the earlier tally counted only those)
                for ask in asks[:rng.randrange(1, 4)]:
                    for s in range(game.players):
                        assert all(_asked(tally, ask, s, k) == _asked(whole, ask, s, k)
                                   for k in kinds)
                assert list(tally.plays) == list(whole.plays)


def _asked(tally: PlayTally, ask: str, seat: int, kind: int) -> int:
    counts = getattr(tally, ask)()
    return int(counts.get(seat if ask == "seat_counts" else (seat, kind), 0))


@pytest.mark.parametrize("name", ["shuang_kou", "doudizhu", "big_two"])
def test_one_kinds_counts_and_sizes_are_the_whole_tallys(name: str) -> None:
    """``of_kind`` (what ``count_plays`` and ``largest_play`` read) gives, per seat, what
    ``counts()`` and ``largest()`` give for that kind: on a history with passes, and on the
    plays given as they are."""
    game = cardrules.load(name)
    kinds = range(-1, len(game.module.KINDS))
    for seed in range(10):
        t = game.new_table(seed=seed)
        rng = random.Random(seed)
        while not t.over:
            t.apply(rng.choice(t.legal_actions()))
            if rng.random() < 0.1:
                history = list(t.history)
                plays = [(s, mv.kind, len(mv.cards)) for s, mv in history if mv.cards]
                for tally in (PlayTally(history=history), PlayTally(plays=plays)):
                    whole = PlayTally(plays=plays)
                    for k in rng.sample(list(kinds), len(kinds)):
                        counts, largest = tally.of_kind(k)
                        for s in range(game.players):
                            assert counts.get(s, 0) == whole.counts().get((s, k), 0)
                            assert largest.get(s, 0) == whole.largest().get((s, k), 0)
