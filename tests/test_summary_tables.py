"""`cardrules simulate`'s table (climbing and tricks): each column as wide as its widest entry,
whatever the kinds' names and the numbers' widths (a fixed 7-column kind let `ismcts:500`
push the numbers out from under their headings)."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules
from cardrules.simulate import simulate, summary_text
from cardrules.text import columns, intervals


def _check(text: str, stats: dict[str, Any]) -> None:
    lines = text.splitlines()
    head, under, rows = lines[1], lines[2], lines[3:]
    assert len(rows) == len(stats["seats"])
    kind_at = head.index("kind")
    mean_end = head.index("mean score") + len("mean score")
    ci_at = head.index("95% interval")
    first = stats.get("first", "first out")
    first_end = head.index(first) + len(first)
    assert under.rstrip().endswith(f"(per {stats['unit']})") and len(under) == mean_end
    commas, closes = set(), set()
    for row, s in zip(rows, stats["seats"], strict=True):
        assert row[:kind_at].strip() == str(s["seat"]) and row[kind_at - 2:kind_at] == "  "
        assert row[kind_at:kind_at + len(s["kind"])] == s["kind"]
        mean = f"{s['mean']:.2f}"
        assert row[mean_end - len(mean) - 2:mean_end] == "  " + mean
        assert row[ci_at] == "[" and row[ci_at - 2:ci_at] == "  "
        rate = f"{s['first_out_rate']:.1%}"
        assert row[first_end - len(rate) - 1:first_end] == " " + rate
        commas.add(row.index(",", ci_at))
        closes.add(row.index("]", ci_at))
    assert len(commas) == 1 and len(closes) == 1  # the bounds of the intervals line up


@pytest.mark.parametrize(("name", "seats"), [
    ("big_two", ["ismcts:2", "greedy", "random", "random"]),
    ("shengji", ["random", "greedy", "random", "random"]),
])
def test_a_real_run_lines_up(name: str, seats: list[str]) -> None:
    stats = simulate(cardrules.load(name), n=3, seed=2, seats=seats, workers=1, progress=False)
    _check(summary_text(stats), stats)


def test_long_kinds_and_wide_numbers_line_up() -> None:
    seats = [{"seat": 0, "kind": "ismcts:2.5s", "mean": -12345.678, "ci95": (-99999.5, 5.25),
              "first_out_rate": 0.5},
             {"seat": 1, "kind": "x", "mean": 0.5, "ci95": (0.0, 1.0), "first_out_rate": 1.0},
             {"seat": 10, "kind": "greedy", "mean": 7.0, "ci95": (-3.0, 123456.0),
              "first_out_rate": 0.0}]
    stats = {"game": "g", "games": 3, "rounds": 3, "seed": 1, "unit": "round", "seats": seats}
    text = summary_text(stats)
    _check(text, stats)
    assert "   0  ismcts:2.5s    -12345.68  [-99999.50,      5.25]      50.0%" in text.splitlines()


def test_columns_and_intervals() -> None:
    assert columns([("a", "1"), ("bbb", "22")], right=(False, True)) == ["a     1", "bbb  22"]
    assert columns([("牌", "x")], right=(False, False)) == ["牌  x"]  # width as shown
    assert intervals([("-1.5", "2"), ("3", "40")]) == ["[-1.5,  2]", "[   3, 40]"]
