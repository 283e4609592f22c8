"""``FOLLOW_CHOICES``: a follow's plays with its run kinds counted and made one at a time are
``FOLLOWERS``' list, play for play, in every climbing game (built in, the test rules files,
games drawn by rulesgen); and a table's ``bot_actions`` at every position reads as its
``legal_actions``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from replays import DATA, load_text
from test_lead_choices import BUILT_IN, GAMES, hands

from cardrules.runtime.climbing.choices import Choices, Part

# every game drawn by rulesgen for the replays, besides those ``test_lead_choices`` asks
DRAWN = json.loads(DATA.read_text(encoding="utf-8"))["generated"]
ALL = GAMES + [load_text(g["name"], g["text"]) for g in DRAWN[3:]]


def _counted(game: Any) -> set[int]:
    """The kinds whose follow plays the game counts (a ``follow_choices_KIND``)."""
    return {k for k, chooser in enumerate(game.module.FOLLOW_CHOICES) if chooser is not None}


COUNTED = [g for g in ALL if _counted(g)]


def test_the_games_with_counted_follows() -> None:
    """The games that count a run kind's follows, as their leads (doudizhu, shuang_kou, and
    tests/data/kickers.rules and one rulesgen game); the others follow with their lists,
    compared below through ``bot_actions`` alone: none is skipped."""
    assert sorted(g.name for g in COUNTED) == ["doudizhu", "kick", "shuang_kou", "variant"]


@pytest.mark.parametrize("game", COUNTED, ids=lambda g: g.name)
def test_follow_choices_are_the_follow_plays(game: Any) -> None:
    m = game.module
    rng = random.Random(f"follow:{game.name}")
    counted = _counted(game)
    most = 27 if game.name in BUILT_IN else 14
    currents = [p for hand in hands(m, rng, 200, most)
                for p in m.lead_plays(m.new_hand(hand)) if p.kind in counted]
    assert currents
    parts = 0
    for hand in hands(m, rng, 300, most):
        h = m.new_hand(hand)
        for current in rng.sample(currents, min(10, len(currents))):
            eager = m.FOLLOWERS[current.kind](h, current)
            lazy = m.FOLLOW_CHOICES[current.kind](h, current)
            assert len(lazy) == len(eager), (sorted(hand), current)
            asked = range(len(eager)) if len(eager) <= 1000 else \
                rng.sample(range(len(eager)), 300)
            assert [lazy[i] for i in asked] == [eager[i] for i in asked], (sorted(hand), current)
            assert list(lazy) == eager
            if isinstance(lazy, Choices):  # (else no run beats it: the list itself)
                parts += sum(isinstance(p, Part) for p in lazy._parts)
    if game.name in ("doudizhu", "shuang_kou"):
        assert parts > 100  # the counted parts were asked, not only lists


@pytest.mark.parametrize("game", ALL, ids=lambda g: g.name)
def test_bot_actions_are_the_legal_actions(game: Any) -> None:
    for seed in range(5):
        t = game.new_table(seed=seed, seats=["random"] * game.players)
        rng = random.Random(seed)
        while not t.over:
            bot = t.bot_actions()
            legal = t.legal_actions()
            assert len(bot) == len(legal)
            assert [bot[i] for i in range(len(bot))] == legal == list(bot)
            t.apply(rng.choice(bot))


@pytest.mark.parametrize("name", ["shuang_kou", "doudizhu"])
def test_a_run_above_part_with_its_mask_is_the_one_without(name: str) -> None:
    """A RunAbovePart given the ranks held as a mask (the starts of runs read from its bits,
    above the floor's rank) counts and makes the runs that one reading the hand's counts
    makes, on floors of its own rung and a lower one."""
    from cardrules.runtime.climbing.choices import RunAbovePart

    m = next(g for g in ALL if g.name == name).module
    copies = getattr(m, "COPIES", 1)
    rng = random.Random(f"above:{name}")
    runs = [(k, width, min_len) for k, width, min_len in
            ((m.KINDS.index("straight"), 1, 5), (m.KINDS.index("pairs"), 2, 3))]
    found = 0
    for hand in hands(m, rng, 200, 27):
        h = m.new_hand(hand)
        for k, width, min_len in runs:
            if h.most < width:
                continue
            fields = (k, m.GROUP[k], m.TIER[k], m.BOMB[k])
            length = rng.randint(min_len, min_len + 2)
            floor = (m.TIER[k] - rng.randint(0, 1), (rng.randint(-1, 12),))
            args = (getattr(m, f"candidates_{m.KINDS[k]}"), h.cards, h.by_rank, fields, width,
                    min_len, 12, tuple(range(12)), floor, length * width, copies)
            with_mask = RunAbovePart(*args, mask=h.at_least[width] & 0b111111111111)
            without = RunAbovePart(*args)
            assert with_mask.total == without.total, (sorted(hand), length, floor)
            found += with_mask.total > 0
            assert with_mask._segs == without._segs and with_mask._ends == without._ends
            assert [with_mask[i] for i in range(min(with_mask.total, 200))] == \
                [without[i] for i in range(min(without.total, 200))]
    assert found > 30  # runs were found, not only none
