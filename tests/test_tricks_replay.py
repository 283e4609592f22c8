"""Recorded seeded rounds and matches of the four tricks games, replayed: every move (a
digest of the history) and every result must be the same. A change made for speed must
leave the play unchanged (tests/data/tricks_replay.json was recorded before the changes
of bench/README.md, "Where the time goes"; re-record it only for a change of the rules: the
match of tractor_2_trump took 29 rounds before a dealer side had to stop at A, 30 after)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.families.tricks.game import TricksGame

RECORDED: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "tricks_replay.json").read_text())


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_recorded_rounds_replay_the_same(name: str) -> None:
    game = cardrules.load(name)
    assert isinstance(game, TricksGame)
    for want in RECORDED[name]["rounds"]:
        seed = want["seed"]
        rng = random.Random(seed)
        seats = [rng.choice(["random", "greedy"]) for _ in range(4)]
        dealer = rng.choice([None, rng.randrange(4)])
        assert (seats, dealer) == (want["seats"], want["dealer"])
        t = game.new_table(seed=seed, seats=seats, dealer=dealer)
        t.play_out()
        r = t.result()
        history = "\n".join(f"{s} {a}" for s, a in t.history)
        got = {"seed": seed, "seats": seats, "dealer": dealer, "moves": len(t.history),
               "history_sha256": hashlib.sha256(history.encode()).hexdigest(),
               "scores": list(r.scores), "defender_points": r.defender_points,
               "next_dealer": r.next_dealer}
        assert got == want
    m = game.play_match(seed=7, seats=["greedy", "random", "greedy", "random"])
    assert {"rounds": len(m.rounds), "levels": list(m.levels)} == RECORDED[name]["match_seed_7"]
