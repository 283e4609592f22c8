"""What a new user meets first outside the rules language: the Python API as the README shows
it, counts in words, and columns that line up on a terminal (issue 6, section 5)."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

import cardrules
from cardrules.cli import main
from cardrules.runtime.protocol import PASS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def big_two() -> cardrules.Game:
    return cardrules.load("big_two")


def test_beats_takes_what_classify_returns(big_two: cardrules.Game) -> None:
    # before: TypeError: 'Combination' object is not iterable
    low, high = big_two.classify("S3 H3"), big_two.classify("D4 C4")
    assert low is not None and high is not None
    assert big_two.beats(high, low) is True
    assert big_two.beats(low, high) is False
    assert big_two.beats(high, "S3 H3") is True and big_two.beats("D4 C4", low) is True
    assert big_two.beats(high.play, low.play) is True  # a move (Play) too
    assert big_two.beats(PASS, low) is False and big_two.beats(high, "S3 H4") is False


def test_a_play_shows_its_cards_in_notation(big_two: cardrules.Game) -> None:
    # before: Play(cards=(14, 1), kind=1, group=1, tier=0, bomb=-1, key=(3,))
    pair = big_two.classify("S3 H3")
    assert pair is not None
    assert repr(pair.play) == "Play(H3 S3, kind=1, group=1, tier=0, bomb=-1, key=(3,))"
    assert big_two.module.KINDS[pair.play.kind] == "pair"
    assert repr(PASS) == "Play(pass, kind=-1, group=-1, tier=0, bomb=-1, key=())"
    assert repr(pair) == "Combination(H3 S3: pair (一对), key S3)"
    assert pair.play == (pair.play.cards, 1, 1, 0, -1, (3,))  # still the same tuple


def readme_python() -> str:
    blocks = re.findall(r"^```python\n(.*?)^```", (ROOT / "README.md").read_text(),
                        flags=re.S | re.M)
    assert len(blocks) == 1
    return str(blocks[0])


def test_readme_python_plays_a_real_round(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # before: `table.apply(table.legal_actions()[0])`: every follower passes (the pass is
    # listed first), so only leaders ever play
    script = tmp_path / "readme.py"
    script.write_text(readme_python())
    names = runpy.run_path(str(script))
    table = names["table"]
    assert table.over
    follows = [mv for i, (_, mv) in enumerate(table.history)
               if mv.cards and i > 0 and table.history[i - 1][1].cards]
    assert len(follows) >= 5  # plays that beat the play before them, not only leads
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "straight (杂顺), key D6 True"
    assert out[-1] == str(table.result().scores)
    assert "legal_actions()[0]" not in readme_python()


def test_plural() -> None:
    from cardrules.text import plural
    assert plural(1, "worked example") == "1 worked example"
    assert plural(0, "worked example") == "0 worked examples"
    assert plural(2, "match", "matches") == "2 matches"


def test_check_says_one_worked_example_holds(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # before: "one.rules: ok: one, 8 combinations, 1 worked examples hold"
    rules = tmp_path / "one.rules"
    rules.write_text('game one extends big_two\nexample "S3" is single\n')
    assert main(["check", str(rules)]) == 0
    assert capsys.readouterr().out == f"{rules}: ok: one, 8 combinations, 1 worked example holds\n"


def test_one_error_and_one_round_in_the_singular(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "bad.rules"
    rules.write_text("game bad extends big_two\nfoo\n")
    assert main(["check", str(rules)]) == 1
    assert capsys.readouterr().err.endswith("\n1 error\n")
    # before: "big_two: 1 rounds, seed 1"
    assert main(["simulate", "big_two", "-n", "1"]) == 0
    assert capsys.readouterr().out.startswith("big_two: 1 round, seed 1\n")


def test_display_width() -> None:
    from cardrules.text import display_width, ljust_display
    assert display_width("锄大地 Big Two") == 14
    assert display_width("♠3") == 2  # ♠ is narrow on terminals (east asian width A)
    assert display_width("e\u0301") == 1
    assert ljust_display("大北", 6) == "大北  "


def test_list_columns_line_up_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    # before: the players column started at display column 36 for big_two, 34 for da_bei
    assert main(["list"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()
    assert len(rows) >= 3

    def column(line: str, text: str) -> int:  # the terminal column where text starts
        return sum(2 if "\u4e00" <= c <= "\u9fff" else 1 for c in line[:line.index(text)])

    for row in rows:
        if "banking" in row:  # 2-6 seats
            assert column(row, "  2-6  ") + 2 == column(header, "players")
            continue
        players = re.search(r"  [2-8]  ", row)  # 4 seats, or 3 (doudizhu)
        assert players is not None
        assert column(row, players.group()) + 2 == column(header, "players")
        assert column(row, row.split()[-1]) == column(header, "family")  # climbing, tricks


def test_a_diff_witness_says_after_1_move(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # before: "witness: deal of seed 0 after 1 moves (last: D3): ..."
    rules = tmp_path / "pf.rules"
    rules.write_text("game pf extends big_two\noverride pass: forbidden\n")
    assert main(["diff", "big_two", str(rules)]) == 1
    assert "witness: deal of seed 0 after 1 move (last: D3): seat 3 may play pass in " \
        "big_two, not in pf" in capsys.readouterr().out
