"""``lead_plays_holding``: the plays of ``lead_plays`` that hold a card, made without making
the others, are the filtered ``lead_plays`` in the same order, for every card of random hands,
in every climbing game (built in, the test rules files, games drawn by rulesgen); and a table
whose first lead must hold a card lists exactly those."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from replays import DATA, load_text
from test_lead_choices import BUILT_IN, GAMES, hands

from cardrules.runtime.climbing.table import Table


def every_drawn() -> list[Any]:
    """The games drawn by rulesgen that ``GAMES`` leaves out."""
    drawn = json.loads(DATA.read_text(encoding="utf-8"))["generated"]
    return [load_text(g["name"], g["text"]) for g in drawn[3:]]


@pytest.mark.parametrize("game", GAMES + every_drawn(), ids=lambda g: g.name)
def test_plays_holding_a_card_are_the_lead_plays_holding_it(game: Any) -> None:
    m = game.module
    rng = random.Random(f"holding:{game.name}")
    for hand in hands(m, rng, 150, 27 if game.name in BUILT_IN else 14):
        every = m.lead_plays(m.new_hand(hand))
        for card in dict.fromkeys(hand):
            held = m.lead_plays_holding(m.new_hand(hand), card)
            assert held == [p for p in every if card in p.cards], (sorted(hand), card)
            assert all(type(p) is type(every[0]) for p in held)


@pytest.mark.parametrize("game", [g for g in GAMES if g.module.FIRST_MUST_PLAY],
                         ids=lambda g: g.name)
def test_a_first_lead_lists_the_plays_holding_the_card(game: Any) -> None:
    m = game.module
    pending = 0
    for seed in range(30):
        table = Table(m, seed=seed)
        if not table.first_pending:
            continue
        pending += 1
        hand = m.new_hand(table.hands[table.seat])
        assert table.legal_actions() == [p for p in m.lead_plays(hand)
                                         if table.first_card in p.cards]
    assert pending
