"""Every family's ``new_table`` refuses a keyword it does not know, as any Python function
does: a misspelt ``dealer`` or ``hands`` must not be dropped without a word (found by a
fresh-eyes review of issue 7: the tricks family swallowed every unknown keyword)."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules
from cardrules.families.tricks.game import TricksGame


@pytest.mark.parametrize(("name", "typo"), [
    ("tractor", "daeler"),      # family tricks
    ("tractor", "leader"),      # a climbing keyword: tricks has a dealer, not a leader
    ("shengji", "hand"),
    ("big_two", "dealer"),      # family climbing
    ("blackjack", "hands"),     # family banking
])
def test_an_unknown_keyword_is_a_type_error(name: str, typo: str) -> None:
    game = cardrules.load(name)
    unknown: dict[str, Any] = {typo: 0}
    with pytest.raises(TypeError, match=f"unexpected keyword argument '{typo}'"):
        game.new_table(seed=1, **unknown)


def test_the_known_keywords_still_work() -> None:
    game = cardrules.load("tractor")
    assert isinstance(game, TricksGame)
    table = game.new_table(seed=1, seats=["random"] * 4, dealer=2, levels=[3, 0, 3, 0],
                           round_number=2)
    assert table.dealer == 2 and table.trump_rank() == 3
