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
SECTION = MANUAL[MANUAL.index("### 6.7 Variants"):MANUAL.index("### 6.8 ")]
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
    assert {_name(b) for b in BLOCKS} >= {"big_two_hk", "big_two_tw", "big_two_3p"}
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


def test_taiwanese_fours_and_straight_flushes_beat_anything(folder: Path) -> None:
    tw, big_two = cardrules.load(folder / "big_two_tw.rules"), cardrules.load("big_two")
    assert check_examples(tw) == []
    four, straight_flush = "S3 H3 C3 D3 D4", "D3 D4 D5 D6 D7"
    for target in ("S2", "S2 H2", "S2 H2 C2", "S10 DJ CQ HK SA", "H2 H7 H8 HJ HK"):
        assert tw.beats(four, target) and tw.beats(straight_flush, target)
        assert not big_two.beats(four, target) or len(target.split()) == 5
    # One rung: the ladder decides between the two kinds, then the key within a kind.
    assert tw.beats(straight_flush, "S2 H2 C2 D2 S3")
    assert not tw.beats("S2 H2 C2 D2 S3", straight_flush)
    assert tw.beats("H3 H4 H5 H6 H7", straight_flush)
    # A plain five-card hand never beats a bomb.
    assert not tw.beats("S9 H9 C9 S5 H5", four)
    assert big_two.beats("S9 H9 C9 D9 S5", "S9 H9 C9 S5 H5")


def test_taiwanese_bombs_at_the_table(folder: Path) -> None:
    tw = cardrules.load(folder / "big_two_tw.rules")
    t = tw.new_table(hands=["D3 S9", "S2 S4 H4 C4 D4", "H5", "H6"])
    t.apply("D3")
    legal = {str(m) for m in t.legal_actions()}
    assert {"S2", "D4 C4 H4 S4 S2", "pass"} <= legal   # the four bombs a single


def test_three_players_the_leader_takes_the_card_left_over(folder: Path) -> None:
    game = cardrules.load(folder / "big_two_3p.rules")
    assert check_examples(game) == []
    d3 = game.parse_cards("D3")[0]
    for seed in range(300):
        t = game.new_table(seed=seed)
        assert sorted(len(t.hand(s)) for s in range(3)) == [17, 17, 18]
        assert len(t.given) == 1 and len(t.hand(t.seat)) == 18  # the leader took the 52nd
        assert t.first_card == d3 and d3 in t.hand(t.seat)    # so ♦3 is always led
        assert all(d3 in m.cards for m in t.legal_actions())


def test_three_players_when_d3_is_the_card_left_over(folder: Path) -> None:
    game = cardrules.load(folder / "big_two_3p.rules")
    d3, c3 = game.parse_cards("D3 C3")
    seed = next(s for s in range(5000) if game.new_table(seed=s).given == (d3,))
    t = game.new_table(seed=seed)
    assert c3 in t.hand(t.seat)  # ♣3 was the lowest card dealt: its holder leads
    assert {str(m) for m in t.legal_actions()} >= {"D3", "D3 C3"}
    assert all(d3 in m.cards for m in t.legal_actions())
    t.apply("D3")
    assert d3 not in t.hand(t.leader)


def test_lowest_card_without_a_rest_leads_the_lowest_dealt(tmp_path: Path) -> None:
    rules = tmp_path / "three.rules"
    rules.write_text("game three extends big_two\ntitle \"t\"\noverride players 3\n"
                     "override deal 17 each\noverride lead first: holder of lowest card "
                     "must play\n")
    game = cardrules.load(rules)
    seen_other = False
    for seed in range(200):
        t = game.new_table(seed=seed)
        in_play = [c for s in range(3) for c in t.hand(s)]
        lowest = min(in_play, key=game.module.CARD_KEY.__getitem__)
        assert t.first_card == lowest and lowest in t.hand(t.seat)
        assert sorted(len(t.hand(s)) for s in range(3)) == [17, 17, 17] and t.given == ()
        assert all(lowest in m.cards for m in t.legal_actions())
        seen_other = seen_other or game.format_cards([lowest]) != "D3"
    assert seen_other  # some deals leave ♦3 out: another card leads
