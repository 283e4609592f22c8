"""Scores and match totals stay below 2**64 (runtime.core.MAX_TOTAL), the bound the checker
takes ``total`` to keep: a rules file whose scores feed on the totals is stopped with an
error the command line prints, never a traceback, a hang or a number too long to print; and
every seed the command line takes, and every score below the bound, is one a replay file
holds."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import cardrules
from cardrules.cli import main
from cardrules.replay import read_replay
from cardrules.runtime.core import MAX_TOTAL, ScoresTooLarge, check_totals

# check passes it (each def is bounded, taking total(p) below 2**64), but each round's score
# squares the totals: past 2**64 within a few rounds, then without bound
SQUARING = """game squaring extends big_two
title "scores that square the totals"
override def score(p) = total(p) * total(p) + 2
override match { rounds 1000 }
"""


def _rules(tmp_path: Path, text: str, name: str) -> Path:
    path = tmp_path / f"{name}.rules"
    path.write_text(text)
    return path


def test_check_totals_stops_at_2_to_the_64() -> None:
    check_totals([MAX_TOTAL - 1, -(MAX_TOTAL - 1)], [0, 5], 3)
    for scores, totals, what in (([MAX_TOTAL, 0], [0, 0], "seat 0's score after round 3"),
                                 ([0, 0], [0, -MAX_TOTAL], "seat 1's match total after round 3")):
        with pytest.raises(ScoresTooLarge, match=what + " is a number of 65 bits"):
            check_totals(scores, totals, 3)


def test_a_match_whose_scores_square_the_totals_stops_with_an_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _rules(tmp_path, SQUARING, "squaring")
    assert main(["check", str(path)]) == 0
    capsys.readouterr()
    game = cardrules.load(path)
    with pytest.raises(ScoresTooLarge, match="after round [4-9]"):
        game.play_match(seed=1, seats=["random"] * 4)
    for args in (["simulate", str(path), "-n", "2"],
                 ["simulate", str(path), "-n", "16", "--workers", "2"],
                 ["play", str(path), "--seats", "random,random,random,random"]):
        assert main(args) == 1
        err = capsys.readouterr().err
        assert "Traceback" not in err
        assert "scores and match totals must stay below 2**64" in err.splitlines()[-1]


def test_every_seed_the_command_takes_replays(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    for seed in ("1000000000000", str(MAX_TOTAL - 1), str(1 - MAX_TOTAL)):
        record = tmp_path / "r.jsonl"
        assert main(["play", "big_two", "--seed", seed, "--seats", "random,random,random,random",
                     "--record", str(record)]) == 0
        assert main(["replay", str(record)]) == 0, capsys.readouterr().err
        assert read_replay(record).header["seed"] == int(seed)
    for seed in (str(MAX_TOTAL), "9" * 5000, "1e5", "²", "abc"):
        with pytest.raises(SystemExit) as stop:
            main(["play", "big_two", "--seed", seed])
        assert stop.value.code == 2
        assert "is not a seed: a whole number below 2**64 in size" in capsys.readouterr().err


def test_scores_past_10_to_the_12_replay(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = _rules(tmp_path, 'game bigs extends big_two\ntitle "b"\nconst k = 1000000000000\n'
                  "override def score(p) = cards_left(p) * k\n", "bigs")
    record = tmp_path / "bigs.jsonl"
    assert main(["play", str(path), "--seats", "random,random,random,random",
                 "--record", str(record)]) == 0
    assert main(["replay", str(record), "--rules", str(path)]) == 0, capsys.readouterr().err
    assert "as recorded" in capsys.readouterr().out


def test_a_bet_of_any_length_is_refused_as_a_move(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A human seat typing a bet of 5,000 digits (or digits that are not ASCII) is told it is
    not a move and asked again; the round goes on."""
    lines = ["bet " + "9" * 5000, "bet ²", "bet 1", *["stand"] * 20]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["play", "blackjack", "--seats", "threshold,human", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "not allowed: a bet of 5000 digits is not among the bets" in out
    assert "not allowed: 'bet ²' is not a move" in out
