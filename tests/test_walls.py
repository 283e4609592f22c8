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
