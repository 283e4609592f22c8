"""斗地主 (rules-digest §7) at the table: the uneven deal, the landlord alone against two,
and the stake doubled by bombs, the rocket, spring and anti-spring, played out."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.examples import check_examples


@pytest.fixture(scope="module")
def game() -> cardrules.Game:
    return cardrules.load("doudizhu")


def test_worked_examples_hold(game: cardrules.Game) -> None:
    assert check_examples(game) == []


def test_the_landlord_takes_the_three_cards_left_over(game: cardrules.Game) -> None:
    leaders = set()
    for seed in range(60):
        t = game.new_table(seed=seed)
        first = t.seat  # the first bidder, drawn; a bid of 3 ends the auction at once
        assert t.bidding and all(len(t.hand(s)) == 17 for s in range(3))
        t.apply("bid 3")
        assert not t.bidding and t.seat == t.leader == first and t.bid == 3
        leaders.add(t.seat)
        assert len(t.hand(t.seat)) == 20 and len(t.given) == 3
        assert sorted(len(t.hand(s)) for s in range(3)) == [17, 17, 20]
        assert t.sides == [0 if s == t.seat else 1 for s in range(3)]  # landlord alone
        assert set(t.given) <= set(t.hand(t.seat))
        for s in range(3):  # shown to all (底牌亮出)
            assert t.view(s).shown == t.given
    assert leaders == {0, 1, 2}


def play(game: cardrules.Game, hands: list[str], moves: list[str]) -> tuple[int, ...]:
    t = game.new_table(hands=hands, leader=0)  # a set-up position: no auction, the bid is 1
    for move in moves:
        t.apply(move)
    assert t.over
    return t.result().scores


def test_the_landlord_wins_twice_the_stake(game: cardrules.Game) -> None:
    # Seat 0 is the landlord; the peasants play, so no spring; no bombs: stake 1.
    scores = play(game, ["S3 SJ S4", "S9 S10 S2", "S6"],
                  ["S3", "S9", "pass", "SJ", "pass", "pass", "S4"])
    assert scores == (2, -1, -1)


def test_the_peasants_win(game: cardrules.Game) -> None:
    scores = play(game, ["S3 SJ S4 S5", "S9 S10", "S6"],
                  ["S3", "S9", "pass", "SJ", "pass", "pass", "S4", "S10"])
    assert scores == (-2, 1, 1)


def test_a_bomb_and_a_spring_each_double(game: cardrules.Game) -> None:
    # The landlord bombs and goes out before a peasant plays: bomb x2, spring x2.
    scores = play(game, ["S3 H3 C3 D3 S5", "S4", "S6"],
                  ["S3 H3 C3 D3", "pass", "pass", "S5"])
    assert scores == (8, -4, -4)


def test_anti_spring(game: cardrules.Game) -> None:
    # The landlord plays only its first lead and the peasants go out: x2.
    scores = play(game, ["S3 S4 S5", "S9", "S6 S7"], ["S3", "S9"])
    assert scores == (-4, 2, 2)


def test_the_rocket_doubles_and_beats_a_bomb(game: cardrules.Game) -> None:
    scores = play(game, ["S3 H3 C3 D3 S8", "LJ BJ S9", "S6"],
                  ["S3 H3 C3 D3", "LJ BJ", "pass", "pass", "S9"])
    # Two bombs played (the bomb and the rocket): x4; the landlord played once: anti-spring x2.
    assert scores == (-16, 8, 8)
