"""The command line on the banking games: check, play (bots and a person), simulate, diff
with witnesses; and the bots."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.cli import main
from cardrules.families.banking.game import BankingGame
from cardrules.runtime.banking.bots import Expectation
from cardrules.runtime.banking.table import BankAction, SeatView

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardrules.cli", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_check_and_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "blackjack"]) == 0
    assert "4 actions, 16 worked examples hold" in capsys.readouterr().out
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "blackjack_casino" in out and "banking" in out


def test_classify_is_not_for_banking_games() -> None:
    r = run("classify", "blackjack", "SA", "SK")
    assert r.returncode == 1 and "banking game" in r.stderr and "Traceback" not in r.stderr


def test_play_with_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "blackjack", "--seats", "threshold,threshold,random", "--seed",
                 "3"]) == 0
    out = capsys.readouterr().out
    assert "dealt (as the table sees it):" in out and "??" in out and "scores:" in out


def test_a_person_plays_the_casino_game() -> None:
    r = run("play", "blackjack_casino", "--seats", "threshold,human", "--seed", "2",
            stdin="bet 3\nbet 4\nfold\nstand\nstand\nstand\nstand\n")
    assert r.returncode == 0, r.stderr
    assert "not allowed" in r.stdout  # bet 3 is not a bet here, fold is no move
    assert "your turn" in r.stdout and "banker" in r.stdout and "scores:" in r.stdout
    assert "hard" in r.stdout or "soft" in r.stdout


def test_bad_seats_are_usage_errors() -> None:
    r = run("play", "blackjack", "--seats", "threshold")
    assert r.returncode == 2 and "seats 2 to 6" in r.stderr
    r = run("simulate", "blackjack", "-n", "3", "--seats", "greedy,random")
    assert r.returncode == 2 and "unknown seat kind 'greedy'" in r.stderr


def test_simulate_reports_means_with_intervals() -> None:
    r = run("simulate", "blackjack_casino", "-n", "300", "--seats", "threshold,threshold16",
            "--json")
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)
    banker, player = stats["seats"]
    assert banker["banker"] and banker["mean"] == -player["mean"]
    lo, hi = player["ci95"]
    assert lo < player["mean"] < hi and stats["per_hand"]["hands"] >= 300


def test_simulate_with_workers_is_the_same() -> None:
    a = run("simulate", "blackjack", "-n", "120", "--seats", "threshold,random", "--json")
    b = run("simulate", "blackjack", "-n", "120", "--seats", "threshold,random", "--json",
            "--workers", "2")
    assert json.loads(a.stdout) == json.loads(b.stdout)


def test_diff_shows_policy_and_payout_with_witnesses() -> None:
    r = run("diff", "blackjack", "blackjack_casino")
    assert r.returncode == 1
    out = r.stdout
    assert "banker plays: as seat -> hit while hand_total(banker_hand()) < 17 else stand" in out
    assert "it decides (as a seat) in blackjack, must hit in blackjack_casino" in out
    # the 3:2 payout, against a hand the house stands on (soft 17)
    assert "S10 SA, bet 2, against the banker's S6 HA: +2 in blackjack, +3 in blackjack_casino" \
        in out
    assert "showdown early: never -> when natural(banker_hand())" in out
    assert out.count("witness:") == 6 and "no witness" not in out
    r = run("diff", "blackjack", "big_two")  # two families: the family, the table
    assert r.returncode == 1 and "family: banking -> climbing" in r.stdout, r.stdout + r.stderr


def test_expect_bot_needs_a_banker_policy() -> None:
    g = cardrules.load("blackjack")
    assert isinstance(g, BankingGame)
    with pytest.raises(ValueError, match="banker policy"):
        g.new_table(seats=["threshold", "expect"])


@pytest.mark.parametrize(("cards", "best"), [
    ("S9 H7", "stand"),    # 16 against a 6: stand
    ("S2 H3", "hit"),
    ("S8 H8", "split"),
    ("SA H7", "double"),   # soft 18 against a 6: double
    ("S10 H5", "stand"),   # (10-2 against a 6 is a hit on one deck: test_blackjack_expect)
    ("S5 H6", "double"),   # 11: double
])
def test_expect_bot_chooses_by_expectation(cards: str, best: str) -> None:
    g = cardrules.load("blackjack_casino")
    assert isinstance(g, BankingGame)
    given = g.parse_cards(cards + " D10 C6")
    rest = [c for c in g.module.DECK if c not in given]
    t = g.new_table(seats=["threshold", "expect"], stock=[*given, *rest])
    t.apply("bet 2")
    bot = Expectation(g.module)
    assert str(bot(t.view(1), t.legal_actions(), random.Random(1))) == best


# The expect bot's result (seat 1, chips) in each round of blackjack_casino dealt by these
# seeds (it splits in the last four: aces in 88 and 195), one bot playing them in this
# order; recorded from the bot as it is (a change of its play changes them).
EXPECT_SEEDS = [*range(40), 88, 195, 214, 243]
EXPECT_SCORES = [2, -2, -2, -2, 2, -2, 2, -2, -2, 2, -2, 2, -2, -2, -2, -2, 2, 0, 0, 0, 0, -2,
                 -2, -2, -2, -2, 3, -4, -2, -2, -2, 0, 2, 2, 2, 0, -2, -4, -2, 2, -4, 6, 4, 4]


def test_expect_bot_plays_rounds() -> None:
    """The recorded results, every decision reckoned exactly (the seat's best, or for the
    stated continuation: last_mode 0 or 1; a full deck never needs the estimate), and the
    split hands' later plays among them."""
    g = cardrules.load("blackjack_casino")
    assert isinstance(g, BankingGame)
    bot = Expectation(g.module)
    modes: list[int] = []
    later = 0

    def counted(view: SeatView, legal: Sequence[BankAction], rng: random.Random
                ) -> BankAction:
        nonlocal later
        move = bot(view, legal, rng)
        if legal[0].act >= 0:
            modes.append(bot.last_mode)
            later += len(view.hands[1]) > 1
        return move

    scores = []
    for i in EXPECT_SEEDS:
        t = g.new_table(seed=i, seats=["threshold", "expect"])
        t.bot_fns[1] = counted
        t.play_out()
        scores.append(t.result().scores[1])
    assert scores == EXPECT_SCORES
    assert set(modes) <= {0, 1} and later == 5


def _check_columns(text: str, stats: dict[str, Any]) -> None:
    """Each column of banking_summary's table starts (text) or ends (numbers) where its
    heading does, whatever the widths of the kinds and numbers."""
    lines = text.splitlines()
    head, under, rows = lines[1], lines[2], lines[3:3 + len(stats["seats"])]
    kind_at, mean_end = head.index("kind"), head.index("mean result") + len("mean result")
    interval_at, hands_end = head.index("95% interval"), head.index("hands") + len("hands")
    assert under.endswith("(per round, chips)") and len(under) == mean_end
    commas, closes = set(), set()
    for row, s in zip(rows, stats["seats"], strict=True):
        kind = s["kind"] + (" (banker)" if s["banker"] else "")
        mean = f"{s['mean']:.3f}"
        assert row[:kind_at].strip() == str(s["seat"]) and row[kind_at - 2:kind_at] == "  "
        assert row[kind_at:kind_at + len(kind)] == kind
        assert row[mean_end - len(mean) - 2:mean_end] == "  " + mean
        assert row[interval_at] == "[" and row[interval_at - 2:interval_at] == "  "
        assert row.endswith(" " + str(s["hands"])) and len(row) == hands_end
        commas.add(row.index(",", interval_at))
        closes.add(row.index("]", interval_at))
    assert len(commas) == 1 and len(closes) == 1  # the intervals' bounds line up too


def test_simulate_table_columns_line_up() -> None:
    from cardrules.simulate_banking import banking_summary, simulate_banking
    game = cardrules.load("blackjack")
    assert isinstance(game, BankingGame)
    stats = simulate_banking(game, n=30, seed=2, seats=["threshold16", "random", "threshold"],
                             workers=1, progress=False)
    _check_columns(banking_summary(stats), stats)  # "threshold16 (banker)": 20 columns
    # made up: a long kind, wide and negative numbers
    seats = [{"seat": 0, "kind": "ismcts:2.5s", "banker": True, "mean": -12345.678,
              "ci95": (-99999.5, 5.25), "hands": 0},
             {"seat": 1, "kind": "x", "banker": False, "mean": 0.5, "ci95": (0.0, 1.0),
              "hands": 1234567},
             {"seat": 10, "kind": "threshold", "banker": False, "mean": 7.0,
              "ci95": (-3.0, 123456.0), "hands": 3}]
    made = {"game": "g", "games": 3, "seed": 1, "seats": seats,
            "per_hand": {"hands": 4, "mean": 0.0, "ci95": (0.0, 0.0)}}
    _check_columns(banking_summary(made), made)
