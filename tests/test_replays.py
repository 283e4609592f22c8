"""Recorded random games of every climbing game (tests/replays.py, tests/data/
climbing_replays.json) play the same again: the same legal action lists in the same order at
every decision, the same history, the same results and match totals for the same seeds."""

from __future__ import annotations

import json
from typing import Any

import pytest
from replays import DATA, ROOT, load_text, play_match, play_round

import cardrules

RECORDED: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))


def check(game: Any, recorded: dict[str, Any]) -> None:
    for r in recorded["rounds"]:
        assert play_round(game, r["seed"]) == r, f"{game.name} round seed {r['seed']}"
    for m in recorded["matches"]:
        assert play_match(game, m["seed"]) == m, f"{game.name} match seed {m['seed']}"


@pytest.mark.parametrize("name", sorted(RECORDED["built_in"]))
def test_built_in_games_replay(name: str) -> None:
    check(cardrules.load(name), RECORDED["built_in"][name])


@pytest.mark.parametrize("name", sorted(RECORDED["files"]))
def test_rules_files_replay(name: str) -> None:
    check(cardrules.load(ROOT / "tests" / "data" / name), RECORDED["files"][name])


@pytest.mark.parametrize("index", range(len(RECORDED["generated"])))
def test_generated_games_replay(index: int) -> None:
    g = RECORDED["generated"][index]
    check(load_text(g["name"], g["text"]), g)


def test_the_replays_cover_every_climbing_game() -> None:
    assert set(RECORDED["built_in"]) == {"big_two", "da_bei", "tiao_shu", "shuang_kou",
                                         "doudizhu"}
    assert all(len(v["rounds"]) >= 200 for v in RECORDED["built_in"].values())
    assert len(RECORDED["generated"]) >= 5
