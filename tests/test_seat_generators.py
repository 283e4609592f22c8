"""Generators that read a SeatHand's counts (``seat_KIND``: the suits with enough cards for
``cards N suits same``; ``pools_KIND``: a pool of one suit's cards made into plays, with no
test per play when its ranks hold no rank set of a kind classify tries first), and follows
that take a higher rung's plays whole or a group kind's plays above the current rank
(``rank_groups_above``): against the general path on random hands. A follow is the lead's
plays that beat the current play, in the lead's order; a kind's plays of one suit are the
sets of each suit's cards (suits in the order the hand shows them) that classify calls that
kind."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from replays import load_text
from test_lead_choices import GAMES, hands

from cardrules.runtime.protocol import beats

ONE_SUIT = """
game one_suit
players 4
deck 52
deal 13 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2
suits D C H S
order rank then suit
sequence straights: 3 4 5 6 7, 4 5 6 7 8, 10 J Q K A
combination single { group 1 key card }
combination pair { group 2 key card }
combination flush { cards 5 suits same key card }
combination four_flush { cards 4 suits same key card }
combination straight_flush { sequence of straights suits same key sequence }
combination full_house { group 3 + group 2 key card of group 1 }
ladder five: flush < full_house < straight_flush
def score(p) = 0
"""

CLIMBING = [g for g in GAMES if g.module.FAMILY == "climbing"]


ALL = [*CLIMBING, load_text("one_suit", ONE_SUIT)]


@pytest.mark.parametrize("game", ALL, ids=lambda g: g.name)
def test_follows_are_the_lead_plays_that_beat(game: Any) -> None:
    m = game.module
    rng = random.Random(f"seat:{game.name}")
    currents = [p for hand in hands(m, rng, 60, 13) for p in m.lead_plays(m.new_hand(hand))]
    followed = 0
    for hand in hands(m, rng, 150, 13):
        h = m.new_hand(hand)
        lead = m.lead_plays(h)
        for current in rng.sample(currents, min(12, len(currents))):
            want = [p for p in lead if beats(p, current)]
            got = m.FOLLOWERS[current.kind](h, current)
            assert got == want, (sorted(hand), current)
            followed += len(got)
    assert followed


@pytest.mark.parametrize("game", [g for g in ALL if any(hasattr(g.module, f"pools_{k}")
                                                        for k in g.module.KINDS)],
                         ids=lambda g: g.name)
def test_one_suit_plays_are_each_suits_sets_that_classify_as_the_kind(game: Any) -> None:
    m = game.module
    rng = random.Random(f"suits:{game.name}")
    kinds = [k for k, name in enumerate(m.KINDS) if hasattr(m, f"pools_{name}")]
    assert kinds
    made = 0
    deck = list(m.DECK)
    for i in range(300):
        # a third of the hands from two suits (many sets of one suit, runs of one suit)
        pool = deck if i % 3 else [c for c in deck if m.SUIT[c] in (0, 1)]
        hand = rng.sample(pool, rng.randint(4, 13))
        h = m.new_hand(hand)
        suits: dict[int, list[int]] = {}
        for x in h.cards:
            suits.setdefault(m.SUIT[x], []).append(x)
        for k in kinds:
            name = m.KINDS[k]
            n = m.SIZE[k]
            want = [(cards, p.key) for same in suits.values() for cards in combinations(same, n)
                    if (p := m.classify(cards)) is not None and p.kind == k]
            if max(h.suits) >= n:
                got = [(p.cards, p.key) for p in getattr(m, f"seat_{name}")(h)]
            else:
                got = []
            assert got == want, (name, sorted(hand))
            assert [(p.cards, p.key) for p in m.CANDIDATES[k](h.cards, h.by_rank)] == want
            for _, key in want[::3]:
                floor = (m.TIER[k], key)
                above = [(p.cards, p.key) for p in getattr(m, f"seat_{name}")(h, floor)]
                assert above == [w for w in want if (m.TIER[k], w[1]) > floor]
            made += len(got)
    assert made > 200


SEATED = [g for g in ALL if any(hasattr(g.module, f"seat_{k}") for k in g.module.KINDS)]


@pytest.mark.parametrize("game", SEATED, ids=lambda g: g.name)
def test_seat_generators_make_the_candidates_plays(game: Any) -> None:
    """``seat_KIND(h, floor)`` is ``candidates_KIND(cards, by_rank, floor)``, play for play
    (asked, as the leads and follows ask it, when the hand can have such a play)."""
    m = game.module
    rng = random.Random(f"seated:{game.name}")
    kinds = [k for k, name in enumerate(m.KINDS) if hasattr(m, f"seat_{name}")]
    made = 0
    for hand in hands(m, rng, 300, 16):
        h = m.new_hand(hand)
        for k in kinds:
            name = m.KINDS[k]
            want = list(m.CANDIDATES[k](h.cards, h.by_rank))
            try:
                got = getattr(m, f"seat_{name}")(h)
            except IndexError:  # (no rank with enough cards: ``at_least`` is shorter)
                assert not want
                continue
            assert got == want, (name, sorted(hand))
            made += len(got)
            for p in want[::4]:
                floor = (p.tier, p.key)
                above = list(m.CANDIDATES[k](h.cards, h.by_rank, floor))
                assert getattr(m, f"seat_{name}")(h, floor) == above
                assert above == [q for q in want if (q.tier, q.key) > floor]
    assert made > 100
