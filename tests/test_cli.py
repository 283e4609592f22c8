"""The `cardrules` command as a user meets it: outputs, exit codes, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardrules.cli", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "big_two" in out and "锄大地" in out and "climbing" in out


def test_check_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "big_two"]) == 0
    assert "worked examples hold" in capsys.readouterr().out


def test_classify_straight(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", "big_two", "S3", "H4", "C5", "D6", "S7"]) == 0
    assert capsys.readouterr().out == "S3 H4 C5 D6 S7: straight (杂顺), key S7\n"


def test_classify_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", "big_two", "♠2", "♦3", "♣4", "♥5", "♦6"]) == 0
    assert "straight (杂顺), key D6" in capsys.readouterr().out


def test_classify_not_a_combination_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", "big_two", "DJ", "CQ", "HK", "DA", "S2"]) == 1
    assert capsys.readouterr().out.endswith("not a combination\n")


@pytest.mark.parametrize(("args", "code", "message"), [
    (["classify", "big_two", "X9"], 1, "'X9' has no suit"),
    (["classify", "big_two", "S1"], 1, "'S1' has no rank"),
    (["classify", "big_two", "BJ"], 1, "BJ is not in the deck of big_two"),
    (["classify", "big_two", "S3", "S3"], 1, "S3 is given 2 times; the deck has 1"),
    (["check", "no_such_game"], 1, "no game 'no_such_game'"),
    (["check", "missing.rules"], 1, "no game 'missing.rules'"),
    (["play", "big_two", "--seats", "random,robot,random,random"], 2,
     "unknown seat kind 'robot'"),
    (["play", "big_two", "--seats", "random,random"], 2, "has 4 seats, 2 given"),
    (["simulate", "big_two", "-n", "0"], 2, "-n must be between 1 and 100,000,000"),
    (["simulate", "big_two", "-n", "5", "--workers", "0"], 2, "--workers must be between 1 and 64"),
    (["play", "big_two", "--seed", "x"], 2, "is not a seed: a whole number below 2**64 in size"),
    (["frobnicate"], 2, "invalid choice"),
])
def test_bad_input_and_usage_never_traceback(args: list[str], code: int, message: str) -> None:
    r = run(*args)
    assert r.returncode == code, r.stderr
    assert message in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_bad_rules_file_prints_diagnostics_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.rules"
    bad.write_text("game bad extends big_two\noverride ranks 3 4 5 Z\nplayers 9\n")
    r = run("check", str(bad))
    assert r.returncode == 1
    assert f"{bad}:2:22: error: 'Z' is not a rank" in r.stderr
    assert "players is already defined by the base game" in r.stderr
    assert "errors" in r.stderr.splitlines()[-1]
    assert "Traceback" not in r.stderr


def test_failing_worked_example_fails_check(tmp_path: Path) -> None:
    bad = tmp_path / "wrong.rules"
    bad.write_text('game wrong extends big_two\nexample "S3 H4 C5 D6 S7" is flush\n'
                   'example "S2" beats "S2 H2"\nexample scores cards_left 1 1 1 1 => 1 0 0 0\n')
    r = run("check", str(bad))
    assert r.returncode == 1
    assert "example fails: S3 H4 C5 D6 S7 is straight (杂顺), key S7, not flush" in r.stderr
    assert "example fails: S2 does not beat S2 H2" in r.stderr
    assert "example fails: scores are 0 0 0 0, not 1 0 0 0" in r.stderr


def test_play_full_round_prints_plays_and_scores() -> None:
    r = run("play", "big_two", "--seed", "3", "--seats", "greedy,random,greedy,random")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("== 锄大地")
    plays = [x for x in lines if x.startswith("seat ") and "]: " in x]
    assert "D3" in plays[0]  # the first play holds ♦3
    assert lines[-1].startswith("scores: seat 0:")
    scores = [int(x.split(": ")[1]) for x in lines[-1][len("scores: "):].split("  ")]
    assert sum(scores) == 0


def test_play_is_deterministic_per_seed() -> None:
    a = run("play", "big_two", "--seed", "11")
    b = run("play", "big_two", "--seed", "11")
    assert a.stdout == b.stdout


def test_human_seat_re_asks_on_bad_input() -> None:
    # Seat kinds: the human is seat 0; feed junk, an illegal move, then "?" and real moves.
    lines = ["junk", "S2 S3", "?"] + ["pass"] * 200
    r = run("play", "big_two", "--seed", "5", "--seats", "human,greedy,greedy,greedy",
            stdin="\n".join(lines) + "\n")
    assert "Traceback" not in r.stderr
    assert "not allowed:" in r.stdout
    assert "legal:" in r.stdout


def test_an_empty_line_is_not_a_pass() -> None:
    r = run("play", "da_bei", "--seed", "3", "--seats", "human,greedy,greedy,greedy",
            stdin="\n\n")
    assert "[human]: pass" not in r.stdout
    assert r.stdout.count("your move") == 3  # asked again after each empty line


def test_usage_errors_show_the_command_usage() -> None:
    r = run("play", "big_two", "--seats", "random")
    assert r.returncode == 2
    assert r.stderr.startswith("usage: cardrules play")


def test_human_input_ending_early_is_a_clean_error() -> None:
    r = run("play", "big_two", "--seed", "5", "--seats", "human,greedy,greedy,greedy",
            stdin="")
    assert r.returncode == 1
    assert "input ended" in r.stderr and "Traceback" not in r.stderr


def test_simulate_same_results_whatever_the_worker_count() -> None:
    one = run("simulate", "big_two", "-n", "60", "--seed", "4", "--json")
    two = run("simulate", "big_two", "-n", "60", "--seed", "4", "--json", "--workers", "2")
    assert one.returncode == two.returncode == 0
    a, b = json.loads(one.stdout), json.loads(two.stdout)
    assert a == b
    assert a["games"] == 60 and len(a["seats"]) == 4
    for s in a["seats"]:
        lo, hi = s["ci95"]
        assert lo <= s["mean"] <= hi
    assert abs(sum(s["mean"] for s in a["seats"])) < 1e-6


def test_simulate_text_is_plain_when_piped() -> None:
    r = run("simulate", "big_two", "-n", "20")
    assert r.returncode == 0
    assert "\r" not in r.stdout + r.stderr  # no progress bar unless on a terminal
    assert "95% interval" in r.stdout


def test_compile_writes_module(tmp_path: Path) -> None:
    r = run("compile", "big_two", "-o", str(tmp_path / "out"))
    assert r.returncode == 0
    text = (tmp_path / "out" / "big_two.py").read_text()
    assert text.splitlines()[2].startswith("# Source: 'big_two.rules' (sha256 ")


def test_new_user_writes_a_variant_that_changes_rank_order(tmp_path: Path) -> None:
    """README story: extend big_two, change its rank order, check, compile, play."""
    variant = tmp_path / "low_twos.rules"
    variant.write_text(
        "game low_twos extends big_two\n"
        'title "Big Two with 2s low"\n'
        "override ranks 2 3 4 5 6 7 8 9 10 J Q K A\n"
        "override lead first: holder of D2 must play\n"
        'example "SA" beats "S2"\n'
        'example "D3" beats "S2"\n')
    assert run("check", str(variant)).returncode == 0
    r = run("classify", str(variant), "SA", "S2")
    assert r.returncode == 1  # two ranks: not a combination
    assert run("compile", str(variant), "-o", str(tmp_path)).returncode == 0
    assert (tmp_path / "low_twos.py").exists()
    r = run("play", str(variant), "--seed", "2")
    assert r.returncode == 0, r.stderr
    first_play = next(x for x in r.stdout.splitlines() if x.startswith("seat ") and "]: " in x
                      and "[" in x and "hands" not in x)
    assert "D2" in first_play
