"""The manual's examples are true: every whole game in a ```rules block of docs/language.md
passes `cardrules check`, and the 双扣 sketch scores its bomb multiplier as the digest says."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import cardrules
from cardrules.compiler import compile_path

ROOT = Path(__file__).resolve().parent.parent
MANUAL = (ROOT / "docs" / "language.md").read_text()
BLOCKS = re.findall(r"^```rules\n(.*?)^```", MANUAL, flags=re.S | re.M)
GAMES = [b for b in BLOCKS if re.match(r"(#[^\n]*\n)*game ", b)]


def game_name(block: str) -> str:
    found = re.search(r"^game (\w+)", block, flags=re.M)
    assert found
    return found.group(1)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The manual's games side by side (one may extend another), with the built-ins."""
    where = tmp_path_factory.mktemp("manual")
    for built_in in (ROOT / "cardrules" / "games").glob("*.rules"):
        shutil.copy(built_in, where / built_in.name)
    for block in GAMES:
        name = game_name(block)
        if not (where / f"{name}.rules").exists():
            (where / f"{name}.rules").write_text(block)
    return where


def test_the_manual_has_whole_games() -> None:
    assert len(GAMES) >= 5


@pytest.mark.parametrize("block", GAMES, ids=[game_name(b) for b in GAMES])
def test_every_whole_game_in_the_manual_checks(block: str, folder: Path) -> None:
    path = folder / f"manual_{game_name(block)}.rules"
    path.write_text(block)
    game = cardrules.load(path)
    from cardrules.examples import check_examples
    assert check_examples(game) == []
    assert compile_path(path).name == game_name(block)


@pytest.fixture(scope="module")
def shuang_kou(folder: Path) -> cardrules.Game:
    return cardrules.load(folder / "shuang_kou.rules")


@pytest.mark.parametrize(("bomb", "multiplier"), [
    ("S5 H5 C5 D5", 1),            # four cards: no multiplier
    ("S5 H5 C5 D5 S5", 2),         # five-card bomb x2
    ("S5 H5 C5 D5 S5 H5", 3),      # six x3
    ("S5 H5 C5 D5 S5 H5 C5", 4),   # seven x4
    ("S5 H5 C5 D5 S5 H5 C5 D5", 5),  # eight x5
    ("LJ LJ BJ BJ", 5),            # the joker bomb x5
])
def test_shuang_kou_bomb_multiplier(shuang_kou: cardrules.Game, bomb: str,
                                    multiplier: int) -> None:
    # Seat 0 goes out on a bomb; all pass; 接风 gives the lead to seat 2, who goes out: 双扣.
    t = shuang_kou.new_table(hands=[bomb, "S9", "S3", "S10"], leader=0)
    for move in [bomb, "pass", "pass", "pass", "S3"]:
        t.apply(move)
    assert t.over and t.result().places == (0, 2)
    four = 4 * multiplier
    assert t.result().scores == (four, -four, four, -four)
