"""`cardrules diff`: semantic differences on the IR, as exact lists of records."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules.compiler.diff import diff
from cardrules.families.climbing.witness import with_witnesses

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
GAMES = ROOT / "cardrules" / "games"

Record = tuple[str, str, str, "str | None", "str | None", "str | None"]


def records(a: str | Path, b: str | Path) -> list[tuple[object, ...]]:
    ga, gb = cardrules.load(a), cardrules.load(b)
    return [
        (d.area, d.what, d.change, d.old, d.new, d.witness)
        for d in with_witnesses(ga, gb, diff(ga.ir, gb.ir))
    ]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardrules.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


BIG_TWO_VS_DA_BEI = [
    (
        "ordering",
        "rank 3",
        "changed",
        "lowest",
        "highest",
        "S3 vs S2: S2 wins in big_two, S3 wins in da_bei",
    ),
    (
        "combination",
        "straight: sequence A2345",
        "removed",
        None,
        None,
        "DA D2 D3 D4 C5: straight in big_two, not a combination in da_bei",
    ),
    (
        "combination",
        "straight_flush: sequence A2345",
        "removed",
        None,
        None,
        "DA D2 D3 D4 D5: straight_flush in big_two, flush in da_bei",
    ),
    (
        "flow",
        "lead first",
        "changed",
        "holder of D3",
        "holder of D4",
        "deal of seed 0, the first round: seat 2 (holding D3) leads in big_two, seat 0 (holding "
        "D4) "
        "in da_bei",
    ),
    (
        "flow",
        "lead next",
        "changed",
        "winner",
        "holder",
        "deal of seed 0, a later round whose last winner is seat 0: seat 0 may lead C4 in big_two, "
        "not in da_bei",
    ),
    (
        "flow",
        "round ends",
        "changed",
        "first_out",
        "decided",
        "deal of seed 1 played by greedy bots: 57 moves, out in order 1 in big_two; 75 moves, out "
        "in "
        "order 1 3 0 2 in da_bei",
    ),
    ("teams", "teams", "changed", "none", "hidden, holders of S3 SA", None),
    ("scoring", "const small", "added", None, "3", None),
    ("scoring", "const large", "added", None, "6", None),
    ("scoring", "table pair_stake", "added", None, "{2: 6, 3: 3, 4: 0}", None),
    ("scoring", "table solo_stake", "added", None, "{1: 6, 2: 3, 3: -3, 4: -6}", None),
    (
        "scoring",
        "def score",
        "changed",
        "def score(p) = sum(q in others(p): card_points(q) - card_points(p))",
        "def score(p) = let solo_result = sum(q in seats(): if solo(q) then solo_stake[place(q)] "
        "else 0); let winner = seat_at(1); let stake = pair_stake[partner_place(winner)]; if any(q "
        "in seats(): solo(q)) then (if solo(p) then 3 * solo_result else -solo_result) else if "
        "same_side(p, winner) then stake else -stake",
        "places 1 2 3 4, cards left 0 0 0 0, S2 S3 SA held by 0: scores 0 0 0 0 in big_two, 18 -6 "
        "-6 "
        "-6 in da_bei",
    ),
    (
        "scoring",
        "def partner_place",
        "added",
        None,
        "def partner_place(p) = sum(q in others(p): if same_side(p, q) then place(q) else 0)",
        None,
    ),
    ("scoring", "def solo", "added", None, "def solo(p) = side_size(p) == 1", None),
]


DA_BEI_VS_TIAO_SHU = [
    (
        "flow",
        "first play must contain the lead card",
        "changed",
        "yes",
        "no",
        "deal of seed 0, the first round: seat 0 may lead C4 in tiao_shu, not in da_bei",
    ),
    (
        "flow",
        "lead next",
        "changed",
        "holder",
        "winner",
        "deal of seed 0, a later round whose last winner is seat 0: seat 0 may lead C4 in "
        "tiao_shu, "
        "not in da_bei",
    ),
    (
        "flow",
        "round ends",
        "changed",
        "decided",
        "first_out",
        "deal of seed 1 played by greedy bots: 75 moves, out in order 1 3 0 2 in da_bei; 67 moves, "
        "out in order 1 in tiao_shu",
    ),
    ("teams", "teams", "changed", "hidden, holders of S3 SA", "none", None),
    ("scoring", "const small", "removed", "3", None, None),
    ("scoring", "const large", "removed", "6", None, None),
    ("scoring", "table pair_stake", "removed", "{2: 6, 3: 3, 4: 0}", None, None),
    ("scoring", "table solo_stake", "removed", "{1: 6, 2: 3, 3: -3, 4: -6}", None, None),
    (
        "scoring",
        "def score",
        "changed",
        "def score(p) = let solo_result = sum(q in seats(): if solo(q) then solo_stake[place(q)] "
        "else 0); let winner = seat_at(1); let stake = pair_stake[partner_place(winner)]; if any(q "
        "in seats(): solo(q)) then (if solo(p) then 3 * solo_result else -solo_result) else if "
        "same_side(p, winner) then stake else -stake",
        "def score(p) = if place(p) == 1 then sum(q in others(p): paid(q)) else -paid(p)",
        "places 1 2 3 4, cards left 0 0 0 0, S3 SA held by 0: scores 18 -6 -6 -6 in da_bei, 0 "
        "0 0 "
        "0 in tiao_shu",
    ),
    (
        "scoring",
        "def partner_place",
        "removed",
        "def partner_place(p) = sum(q in others(p): if same_side(p, q) then place(q) else 0)",
        None,
        None,
    ),
    ("scoring", "def solo", "removed", "def solo(p) = side_size(p) == 1", None, None),
    (
        "scoring",
        "def paid",
        "added",
        None,
        "def paid(p) = let n = cards_left(p); if n <= 7 then n else if n <= 9 then 2 * n else if n "
        "<= 12 then 3 * n else 4 * n",
        None,
    ),
    (
        "match",
        "match",
        "changed",
        "rounds 1",
        "accumulate paid; until any(p in seats(): total(p) >= 100)",
        None,
    ),
]


def test_big_two_vs_da_bei() -> None:
    assert records("big_two", "da_bei") == BIG_TWO_VS_DA_BEI


def test_da_bei_vs_tiao_shu() -> None:
    assert records("da_bei", "tiao_shu") == DA_BEI_VS_TIAO_SHU


def test_a_game_written_without_extends_has_no_differences() -> None:
    flat = DATA / "da_bei_flat.rules"
    assert "extends" not in flat.read_text().split("\n", 3)[2]
    assert records("da_bei", flat) == []
    r = run("diff", "da_bei", str(flat))
    assert (r.returncode, r.stdout, r.stderr) == (0, "", "")


def test_a_game_against_itself() -> None:
    assert records("big_two", "big_two") == []


def test_diff_is_symmetric_in_what_it_finds() -> None:
    forward = {(r[1], r[2]) for r in records("big_two", "da_bei")}
    backward = {(r[1], r[2]) for r in records("da_bei", "big_two")}
    flip = {"added": "removed", "removed": "added", "changed": "changed"}
    assert {(w, flip[c]) for w, c in forward} == backward


def test_user_copies_da_bei_changes_one_rule_and_sees_exactly_that(tmp_path: Path) -> None:
    mine = tmp_path / "my_da_bei.rules"
    text = (GAMES / "da_bei.rules").read_text()
    text = text.replace("game da_bei extends", "game my_da_bei extends")
    assert "override ranks 4 5 6 7 8 9 10 J Q K A 2 3" in text
    text = text.replace(
        "override ranks 4 5 6 7 8 9 10 J Q K A 2 3", "override ranks 4 5 6 7 8 9 10 J Q K A 3 2"
    )  # 2 on top, not 3
    text = text.replace('example "S3" beats "S2"', 'example "S2" beats "S3"')
    mine.write_text(text)
    assert run("check", str(mine)).returncode == 0
    assert records("da_bei", mine) == [
        (
            "ordering",
            "rank 2",
            "changed",
            "between A and 3",
            "highest",
            "S2 vs S3: S3 wins in da_bei, S2 wins in my_da_bei",
        )
    ]
    r = run("diff", "da_bei", str(mine))
    assert r.returncode == 1
    assert r.stdout == (
        "--- da_bei\n+++ my_da_bei\n"
        "rank 2: between A and 3 -> highest\n"
        "    witness: S2 vs S3: S3 wins in da_bei, S2 wins in my_da_bei\n"
    )


def test_removing_a_straight_is_reported_with_a_witness(tmp_path: Path) -> None:
    shutil.copy(GAMES / "da_bei.rules", tmp_path / "da_bei.rules")
    mine = tmp_path / "short.rules"
    mine.write_text(
        "game short extends da_bei\n"
        "override sequence straights: 3 4 5 6 7, 4 5 6 7 8, 5 6 7 8 9, 6 7 8 9 10,\n"
        "  7 8 9 10 J, 8 9 10 J Q, 9 10 J Q K, 10 J Q K A\n"
    )
    got = records(tmp_path / "da_bei.rules", mine)
    assert [(r[1], r[2]) for r in got] == [
        ("straight: sequence 23456", "removed"),
        ("straight_flush: sequence 23456", "removed"),
    ]
    assert got[0][5] == "D2 D3 D4 D5 C6: straight in da_bei, not a combination in short"
    assert got[1][5] == "D2 D3 D4 D5 D6: straight_flush in da_bei, flush in short"


def test_json_format_follows_the_documented_schema() -> None:
    r = run("diff", "big_two", "da_bei", "--format", "json")
    assert r.returncode == 1
    doc = json.loads(r.stdout)
    assert set(doc) == {"a", "b", "differences"}
    assert (doc["a"], doc["b"]) == ("big_two", "da_bei")
    for d in doc["differences"]:
        assert set(d) == {"area", "what", "change", "old", "new", "witness"}
        assert d["change"] in ("changed", "added", "removed")
    assert [tuple(d.values()) for d in doc["differences"]] == [tuple(r) for r in BIG_TWO_VS_DA_BEI]


def test_markdown_format_is_a_table() -> None:
    r = run("diff", "big_two", "da_bei", "--format", "markdown")
    lines = r.stdout.splitlines()
    assert lines[0] == "| | big_two | da_bei | witness |"
    assert lines[2].startswith("| rank 3 | lowest | highest | S3 vs S2")
    assert len(lines) == 2 + len(BIG_TWO_VS_DA_BEI)


def test_text_format_is_plain_when_piped() -> None:
    r = run("diff", "big_two", "da_bei")
    assert "\033[" not in r.stdout
    assert r.stdout.splitlines()[2] == "rank 3: lowest -> highest"


@pytest.mark.parametrize(
    "args", [["big_two", "nope"], ["nope", "big_two"], ["big_two", "da_bei", "--format", "yaml"]]
)
def test_errors_exit_2_like_diff(args: list[str]) -> None:
    r = run("diff", *args)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr


def test_bad_rules_file_in_diff_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.rules"
    bad.write_text("game bad extends big_two\noverride ranks 3 Z\n")
    r = run("diff", "big_two", str(bad))
    assert r.returncode == 2
    assert "'Z' is not a rank" in r.stderr


def test_reordered_ladder_has_a_comparison_witness(tmp_path: Path) -> None:
    lad = tmp_path / "lad.rules"
    lad.write_text(
        "game lad extends big_two\n"
        "override ladder five: flush < straight < full_house < four_with_single"
        " < straight_flush\n"
    )
    got = records("big_two", lad)
    assert [(r[1], r[2]) for r in got] == [("ladder five", "changed")]
    witness = got[0][5]
    assert isinstance(witness, str) and " vs " in witness
    assert witness.endswith("wins in lad")


def test_order_of_overlapping_combinations_is_compared(tmp_path: Path) -> None:
    base = (
        "game {name}\nplayers 2\ndeck 52\ndeal 5 each\n"
        "ranks 2 3 4 5 6 7 8 9 10 J Q K A\ncombination single {{ group 1 key card }}\n"
        "{first}\n{second}\ndef score(p) = 0\n"
    )
    pair = "combination pair { group 2 key card }"
    two = "combination two_cards { cards 2 key card }"
    (tmp_path / "a.rules").write_text(base.format(name="a", first=pair, second=two))
    (tmp_path / "b.rules").write_text(base.format(name="b", first=two, second=pair))
    got = records(tmp_path / "a.rules", tmp_path / "b.rules")
    assert got == [
        (
            "combination",
            "order of combinations",
            "changed",
            "single, pair, two_cards",
            "single, two_cards, pair",
            "D2 C2: pair in a, two_cards in b",
        )
    ]
