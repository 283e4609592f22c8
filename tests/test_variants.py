"""Variants an author writes from the manual alone (docs/language.md 6.7, issue 9 section 3):
they check, play, and `cardrules diff` against big_two shows exactly what the manual says."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import cardrules
from cardrules.cli import main
from cardrules.examples import check_examples

ROOT = Path(__file__).resolve().parent.parent
MANUAL = (ROOT / "docs" / "language.md").read_text()
SECTION = MANUAL[MANUAL.index("### 6.7 Variants"):MANUAL.index("## 7. Planned")]
BLOCKS = re.findall(r"^```rules\n(.*?)^```", SECTION, flags=re.S | re.M)
SHOWN = re.findall(r"^```\n(\$ cardrules diff .*?)^```", SECTION, flags=re.S | re.M)


def _name(block: str) -> str:
    found = re.search(r"^game (\w+)", block, flags=re.M)
    assert found
    return found.group(1)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("variants")
    for block in BLOCKS:
        (where / f"{_name(block)}.rules").write_text(block)
    shutil.copy(ROOT / "cardrules" / "games" / "big_two.rules", where / "big_two.rules")
    return where


def test_the_section_has_its_variants() -> None:
    assert {_name(b) for b in BLOCKS} >= {"big_two_hk"}
    assert len(SHOWN) == len(BLOCKS)


@pytest.mark.parametrize("shown", SHOWN, ids=lambda s: s.split()[4])
def test_diff_output_is_as_the_manual_shows(shown: str, folder: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    command, *expected = shown.rstrip("\n").split("\n")
    args = command.split()[2:]  # after "$ cardrules"
    monkeypatch.chdir(folder)
    assert main(args) == 1  # differences
    assert capsys.readouterr().out.rstrip("\n").split("\n") == expected


def test_hong_kong_flushes_compare_by_suit_first(folder: Path) -> None:
    hk, big_two = cardrules.load(folder / "big_two_hk.rules"), cardrules.load("big_two")
    assert check_examples(hk) == []
    low_spades, high_hearts = "S3 S4 S5 S7 S9", "H2 HK HQ HJ H9"
    assert hk.beats(low_spades, high_hearts) and not hk.beats(high_hearts, low_spades)
    assert big_two.beats(high_hearts, low_spades)
    # Diamonds are the lowest suit: even a 2-high diamond flush loses to clubs.
    assert hk.beats("C3 C4 C5 C7 C9", "D2 DK DQ DJ D9")
    combo = hk.classify("S3 S4 S5 S7 S9")
    assert combo is not None and combo.key == ("S", "S9")
    # The other five-card hands are big_two's: a full house still beats any flush.
    assert hk.beats("S9 H9 C9 S5 H5", "S3 S4 S5 S7 S9")
