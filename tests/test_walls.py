"""The walls a variant author hit (issue 9, section 3): each is now a construct or a warning,
with a located message for its misuse."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.compiler import CompileError, compile_text

BASE = """game mini
players 4
deck 52
deal 13 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2
suits D C H S
combination single { group 1 key card }
def score(p) = 0
"""


def add(text: str) -> str:
    return BASE + text


def errors(text: str) -> list[tuple[str, str]]:
    with pytest.raises(CompileError) as info:
        compile_text(text, "bad.rules")
    return [(f"{d.span.line}:{d.span.col}", d.message) for d in info.value.diagnostics]


# ------------------------------------------------------------------ defs without parameters
def test_a_def_may_take_no_seat(tmp_path: object) -> None:
    game = compile_text(BASE.replace("def score(p) = 0", "def score(p) = twos_held + bonus()")
                        + "def twos_held = count(q in seats: holds(q, S2))\n"
                        + "def bonus() = if twos_held > 1 then 5 else 0\n"
                        + "match { until twos_held == 0 }\n", "ok.rules")
    assert [(d.name, d.params) for d in game.defs] == [
        ("score", ("p",)), ("twos_held", ()), ("bonus", ())]


def test_a_parameterless_def_scores_at_the_table(tmp_path: pytest.TempPathFactory) -> None:
    from pathlib import Path
    path = Path(str(tmp_path)) / "twos.rules"
    path.write_text(BASE.replace("def score(p) = 0", "def score(p) = twos_held")
                    + "def twos_held = count(q in seats: holds(q, S2) or holds(q, H2))\n"
                    + 'example scores cards_left 1 1 1 1 held "S2" by 0 held "H2" by 3 '
                      "=> 2 2 2 2\n")
    game = cardrules.load(path)
    from cardrules.examples import check_examples
    assert check_examples(game) == []
    assert "def def_twos_held(v: ScoreView) -> int:" in game.source


def test_a_def_with_seats_used_as_a_value_is_told_to_call_it() -> None:
    assert errors(add("def twice(p) = 2\ndef f(p) = twice + 1\n")) == [
        ("10:12", "twice is a def of 1 seat(s): call it, like twice(p)")]


def test_a_parameterless_def_cannot_call_itself() -> None:
    assert errors(add("def loop = loop + 1\n")) == [("9:12", "def loop calls itself")]


def test_a_parameterless_def_called_with_a_seat() -> None:
    assert errors(add("def n = 1\ndef f(p) = n(p)\n")) == [
        ("10:12", "n takes 0 argument(s), not 1")]


# ------------------------------------------------------------------ bombs sharing a rung
BOMBS = """game bombs
players 4
deck 54 copies 2
deal 27 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2 LJ BJ
combination single { group 1 key rank }
combination bomb { group 4 to 8 key size, rank }
combination flush_bomb { run 1 min 5 within 3 4 5 6 7 8 9 10 J Q K A  suits same  key size, rank }
combination joker_bomb { set LJ LJ BJ BJ key size }
bombs: bomb = flush_bomb < joker_bomb
def score(p) = 0
"""


def test_bombs_on_one_rung_compare_by_key(tmp_path: pytest.TempPathFactory) -> None:
    from pathlib import Path
    path = Path(str(tmp_path)) / "bombs.rules"
    path.write_text(BOMBS)
    g = cardrules.load(path)
    assert g.ir.bombs == ("bomb", "flush_bomb", "joker_bomb")
    assert g.ir.bomb_rungs == (0, 0, 1)
    six_straight_flush, five_bomb = "S3 S4 S5 S6 S7 S8", "SA HA CA DA SA"
    assert g.beats(six_straight_flush, five_bomb)       # size first, across the two kinds
    assert g.beats("S9 H9 C9 D9 S9 H9", six_straight_flush)  # six cards, 9 over 8
    assert not g.beats(six_straight_flush, "S9 H9 C9 D9 S9 H9")
    assert g.beats("LJ LJ BJ BJ", six_straight_flush)   # the higher rung
    assert g.beats("S3 S4 S5 S6 S7", "S2")              # any bomb beats a non-bomb


def test_bombs_on_one_rung_need_keys_of_the_same_parts() -> None:
    text = BOMBS.replace("flush_bomb { run 1 min 5 within 3 4 5 6 7 8 9 10 J Q K A  suits same"
                         "  key size, rank }",
                         "flush_bomb { run 1 min 5 within 3 4 5 6 7 8 9 10 J Q K A  suits same"
                         "  key rank }")
    assert errors(text) == [
        ("10:15", "bomb and flush_bomb share a bomb rung but are keyed 'size, rank' and 'rank'")]


def test_a_bomb_listed_twice() -> None:
    assert errors(BOMBS.replace("< joker_bomb", "< bomb")) == [
        ("10:28", "bomb is listed twice in bombs")]


# ------------------------------------------------------------------ warnings from check
SHADOWED = """game five_run extends big_two
title "x"
combination five_run "五顺" {
  run 1 min 5 max 5 within 3 4 5 6 7 8 9 10 J Q K A
  key rank
}
"""


def lint_of(tmp_path: object, text: str, name: str = "five_run") -> list[tuple[str, str]]:
    from pathlib import Path

    from cardrules.lint import lint
    path = Path(str(tmp_path)) / f"{name}.rules"
    path.write_text(text)
    return [(f"{d.span.line}:{d.span.col}", d.message) for d in lint(cardrules.load(path))]


def test_a_combination_shadowed_by_earlier_kinds_is_warned(tmp_path: object) -> None:
    assert lint_of(tmp_path, SHADOWED) == [
        ("3:1", "combination five_run never names a play: every set of cards it matches is "
                "classified as straight or straight_flush first")]


def test_a_combination_written_first_is_not_shadowed(tmp_path: object) -> None:
    # The same run as a new kind written before anything else names 34567 of mixed suits.
    text = ("game early\nplayers 4\ndeck 52\ndeal 13 each\nranks 3 4 5 6 7 8 9 10 J Q K A 2\n"
            "combination five_run { run 1 min 5 max 5 within 3 4 5 6 7 8 9 10 J Q K A "
            "key rank }\ncombination single { group 1 key card }\ndef score(p) = 0\n")
    assert lint_of(tmp_path, text, "early") == []


def test_the_deck_cannot_make_it_or_no_hand_is_large_enough(tmp_path: object) -> None:
    text = SHADOWED.replace("combination five_run", "combination quint { group 5 key card }\n"
                            "combination huge { cards 14 key card }\ncombination five_run")
    found = lint_of(tmp_path, text)
    assert found[:2] == [
        ("3:1", "combination quint can never match: the deck cannot make its shape"),
        ("4:1", "combination huge can never be played: it takes 14 cards and a hand holds "
                "at most 13")]


def test_a_bomb_below_non_bombs_on_its_ladder_is_warned(tmp_path: object) -> None:
    text = SHADOWED.replace(SHADOWED[SHADOWED.index("combination"):],
                            "override bombs: four_with_single\n")
    assert lint_of(tmp_path, text) == [
        ("60:1", "four_with_single is a bomb and straight_flush, above it on ladder five, is "
                 "not a bomb of its rung or higher: a straight_flush never beats a "
                 "four_with_single")]


@pytest.mark.parametrize("name", ["big_two", "da_bei", "tiao_shu"])
def test_the_built_in_games_have_no_warnings(name: str) -> None:
    from cardrules.lint import lint
    assert lint(cardrules.load(name)) == []


def test_check_prints_warnings_and_passes(tmp_path: object,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from cardrules.cli import main
    path = Path(str(tmp_path)) / "five_run.rules"
    path.write_text(SHADOWED)
    assert main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.endswith("ok: five_run, 9 combinations, 0 worked examples hold, 1 warning\n")
    assert err.splitlines()[0] == (
        f"{path}:3:1: warning: combination five_run never names a play: every set of cards "
        "it matches is classified as straight or straight_flush first")
    assert err.splitlines()[2].strip().startswith("^")
