"""The penalty for a failed throw (甩牌, `penalty N` in the throw statement): no built-in game
states one (the seed names none), so a variant of tractor with `penalty 10` plays short
rounds from given hands, against tractor itself on the same hands, with exact points.

The reading (docs/language.md, lead and throw): a failed throw's penalty is added to the
defenders' points if a dealer-side seat failed, taken from them if a defender did (never
below 0)."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules.cards import parse_cards
from cardrules.families.tricks.game import TricksGame
from cardrules.runtime.tricks.table import TricksResult, TricksTable, _Play

PENALTY = """game house_penalty extends tractor
title "Tractor with a throw penalty"
# A failed throw costs its side 10 points (a regional rule).
override throw "甩牌" {
  units of one class
  test: unbeatable
  fails: smallest
  penalty 10
}
"""
# The kitty: C10 (10 points) and seven cards of no points; the dealer is seat 0, its partner
# seat 2; trumps: spades, rank 10.
KITTY = "C10 C2 C2 C3 C3 C8 C9 CJ"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, TricksGame]:
    path: Path = tmp_path_factory.mktemp("penalty") / "house_penalty.rules"
    path.write_text(PENALTY, "utf-8")
    out = {}
    for name in ("tractor", str(path)):
        game = cardrules.load(name)
        assert isinstance(game, TricksGame)
        out[game.name] = game
    assert out["house_penalty"].tm.THROW_PENALTY == 10 and out["tractor"].tm.THROW_PENALTY == 0
    return out


def play(game: TricksGame, hands: list[str], moves: list[str]) -> tuple[TricksTable,
                                                                        TricksResult]:
    """A round's last tricks: the hands given, seat 0 dealing and leading."""
    table = TricksTable(game.tm, seed=0)
    table.phase, table.state, table.dealer = "play", game.state("S", "10"), 0
    table.hands = [list(parse_cards(h)) for h in hands]
    table.buried = list(parse_cards(KITTY))
    table.play = _Play(leader=0)
    table.seat, table._legal = 0, None
    for move in moves:
        table.apply(move)
    assert table.over
    return table, table.result()


# Trick 1: the dealer throws HA HK; seat 1 holds the other HA, which beats the HK, so only
# the HK is played (HA of seat 1 wins: 10 points). Trick 2: seat 1 leads C4 (seat 3's C7
# wins). Trick 3: seat 3 leads D7 and wins (no points); a defender won the last trick, led by
# a single: the kitty's 10 points count x2.
DEALER_FAILS = (["HA HK D3", "HA C4 D4", "H3 C6 D6", "H4 C7 D7"],
                ["HA HK", "HA", "H3", "H4", "C4", "C6", "C7", "D3", "D7", "HA", "D4", "D6"])
# Trick 1: the dealer leads H3, seat 1 wins with HA. Trick 2: seat 1 throws C8 C4; seat 2's
# C6 beats the C4, so only the C4 is played (seat 3's C7 wins). Trick 3: seat 3's D7 wins.
DEFENDER_FAILS = (["H3 D3 D2", "HA C8 C4", "H4 C6 D6", "H6 C7 D7"],
                  ["H3", "HA", "H4", "H6", "C8 C4", "C6", "C7", "D3", "D7", "D2", "C8", "D6"])


def test_a_failed_throw_by_the_dealer_side_gives_the_defenders_the_penalty(
        games: dict[str, TricksGame]) -> None:
    got = {name: play(g, *DEALER_FAILS) for name, g in games.items()}
    for name, (table, r) in got.items():
        assert [(t.failed_throw, t.plays[0][1]) for t in table.tricks[:1]] == [
            (tuple(parse_cards("HA HK")), tuple(parse_cards("HK")))]
        assert [t.winner for t in table.tricks] == [1, 3, 3]
        assert [t.points for t in table.tricks] == [10, 0, 0], name
        assert [(o.seat, str(o.tried), str(o.played)) for o in r.throws] == [
            (0, "HA HK", "HK")]
        assert r.kitty_points == 10 and r.kitty_bonus == 20
    assert got["tractor"][0].trick_points() == 10
    assert got["tractor"][1].defender_points == 30
    assert got["house_penalty"][0].trick_points() == 20  # 10 in tricks + the penalty, 10
    assert got["house_penalty"][1].defender_points == 40
    # and the level change follows: under 40 the dealer side climbs 2, from 40 only 1
    assert got["tractor"][1].level_up == (2, 0, 2, 0)
    assert got["house_penalty"][1].level_up == (1, 0, 1, 0)


def test_a_failed_throw_by_a_defender_costs_the_defenders_the_penalty(
        games: dict[str, TricksGame]) -> None:
    got = {name: play(g, *DEFENDER_FAILS) for name, g in games.items()}
    for _, (table, r) in got.items():
        assert [(o.seat, str(o.tried), str(o.played)) for o in r.throws] == [
            (1, "C8 C4", "C4")]
        assert [t.winner for t in table.tricks] == [1, 3, 3]
        assert [t.points for t in table.tricks] == [0, 0, 0]
        assert r.kitty_bonus == 20
    # no card points in tricks: 10 taken from 0 stays 0; the kitty bonus is added after
    assert got["tractor"][1].defender_points == 20
    assert got["house_penalty"][0].trick_points() == 0
    assert got["house_penalty"][1].defender_points == 20


def test_a_defender_s_penalty_is_taken_from_points_won(games: dict[str, TricksGame]) -> None:
    """The same, the defenders having won a K (10 points) in trick 1: 10 - 10 = 0."""
    hands = ["HK D3 D2", "HA C8 C4", "H4 C6 D6", "H6 C7 D7"]
    moves = ["HK", "HA", "H4", "H6", "C8 C4", "C6", "C7", "D3", "D7", "D2", "C8", "D6"]
    tractor = play(games["tractor"], hands, moves)
    house = play(games["house_penalty"], hands, moves)
    assert tractor[0].trick_points() == 10 and tractor[1].defender_points == 30
    assert house[0].trick_points() == 0 and house[1].defender_points == 20
    assert house[1].level_up == tractor[1].level_up == (2, 0, 2, 0)  # both under 40
