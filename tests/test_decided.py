"""A round that ends when ``decided`` asks the scores of fewer finishing orders than there
are (``Table._decided``: orders that answer what the scoring asked of the first one alike
are not scored): it is decided exactly when every order scores the same, with the same
scores."""

from __future__ import annotations

import random
from itertools import permutations
from pathlib import Path

import pytest

import cardrules
from cardrules.runtime.climbing.table import Table

DATA = Path(__file__).parent / "data"


def _every_order(t: Table, left: list[int]) -> tuple[int, ...] | None:
    """The scores if every completion of the order scores the same, else None."""
    scores = {t.m.score(t.end_view(t.places + list(rest))) for rest in permutations(left)}
    return scores.pop() if len(scores) == 1 else None


@pytest.mark.parametrize("name", ["shuang_kou", "da_bei", str(DATA / "da_bei_flat.rules")])
def test_decided_is_every_order_scoring_the_same(name: str) -> None:
    game = cardrules.load(name)
    asked = 0
    for seed in range(40):
        t = game.new_table(seed=seed)
        rng = random.Random(seed)
        decided = t._decided

        def checked(left: list[int], t: Table = t, decided=decided) -> bool:
            nonlocal asked
            asked += 1
            expected = _every_order(t, left)
            t._scores = None
            found = decided(left)
            assert found == (expected is not None)
            if found:
                assert t._scores == expected
            return found

        t._decided = checked  # type: ignore[method-assign]
        while not t.over:
            t.apply(rng.choice(t.legal_actions()))
    assert asked > 40
