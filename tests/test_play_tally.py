"""A table's tallies of the plays, read as its history grows (each from the one before),
count what a tally of the whole history counts at once."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

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
                assert tally.seat_counts() == _seat_counts(whole.plays)


def _asked(tally: PlayTally, ask: str, seat: int, kind: int) -> int:
    """What the tally counts: per seat (``seat_counts``), or of one kind (``of_kind``: how
    many, or the largest), checked against the reference counts of its plays."""
    if ask == "seat_counts":
        return int(tally.seat_counts().get(seat, 0))
    counts, largest = tally.of_kind(kind)
    found = (counts if ask == "counts" else largest).get(seat, 0)
    reference = (_counts if ask == "counts" else _largest)(tally.plays)
    assert found == reference.get((seat, kind), 0)
    return found


def _counts(plays: Sequence[tuple[int, int, int]]) -> dict[tuple[int, int], int]:
    """The reference: per (seat, kind), how many plays."""
    return dict(Counter((s, k) for s, k, _ in plays))


def _largest(plays: Sequence[tuple[int, int, int]]) -> dict[tuple[int, int], int]:
    """The reference: per (seat, kind), the largest play's number of cards."""
    largest: dict[tuple[int, int], int] = {}
    for s, k, n in plays:
        largest[s, k] = max(n, largest.get((s, k), 0))
    return largest


def _seat_counts(plays: Sequence[tuple[int, int, int]]) -> dict[int, int]:
    """The reference: per seat, how many plays."""
    return dict(Counter(s for s, _, _ in plays))


@pytest.mark.parametrize("name", ["shuang_kou", "doudizhu", "big_two"])
def test_one_kinds_counts_and_sizes_are_the_whole_tallys(name: str) -> None:
    """``of_kind`` (what ``count_plays`` and ``largest_play`` read) gives, per seat, what
    the reference counts of the whole plays give for that kind: on a history with passes,
    and on the plays given as they are."""
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
                    whole_counts, whole_largest = _counts(plays), _largest(plays)
                    for k in rng.sample(list(kinds), len(kinds)):
                        counts, largest = tally.of_kind(k)
                        for s in range(game.players):
                            assert counts.get(s, 0) == whole_counts.get((s, k), 0)
                            assert largest.get(s, 0) == whole_largest.get((s, k), 0)
