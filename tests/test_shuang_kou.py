"""双扣 (rules-digest §5) played out on constructed deals: the first leader, 接风, the end of a
round as soon as its result is settled, the stakes, and the bomb multiplier."""

from __future__ import annotations

from collections import Counter

import pytest

import cardrules
from cardrules.examples import check_examples, example_view


@pytest.fixture(scope="module")
def game() -> cardrules.Game:
    return cardrules.load("shuang_kou")


def test_worked_examples_hold(game: cardrules.Game) -> None:
    assert check_examples(game) == []
    assert len(game.ir.examples) >= 30


# ------------------------------------------------------------------ who leads
def test_a_random_seat_leads_a_new_match(game: cardrules.Game) -> None:
    leaders = Counter(game.new_table(seed=seed).seat for seed in range(200))
    assert set(leaders) == {0, 1, 2, 3} and min(leaders.values()) > 20
    assert all(game.new_table(seed=s).seat == game.new_table(seed=s).seat for s in range(20))


@pytest.mark.parametrize(("places", "rule"), [
    ((1, 3, 2, 4), "random"),    # 双扣: a random seat leads next
    ((3, 1, 4, 2), "random"),
    ((1, 2, 3, 4), "winner"),    # 单扣: the first out leads next
    ((1, 3, 4, 2), "winner"),    # 平扣
])
def test_the_next_leader_rule(game: cardrules.Game, places: tuple[int, ...], rule: str) -> None:
    assert game.module.lead_next(example_view(game, places=places)) == rule


def test_in_a_match_the_first_out_leads_unless_the_last_round_was_shuang_kou(
        game: cardrules.Game) -> None:
    followed = drawn = moved = 0
    for seed in range(12):
        match = game.new_match(seed=seed, seats=["greedy"] * 4)
        last = None
        while not match.over:
            t = match.new_round()
            if last is not None:
                stakes = abs(last.scores[0])
                first, partner = last.places[0], (last.places[0] + 2) % 4
                shuang = last.places[1] == partner
                if shuang:
                    drawn += 1
                    moved += t.seat != first
                else:
                    assert t.seat == first, (seed, last)
                    followed += 1
                assert stakes % 2 == 0
            t.play_out()
            last = match.end_round(t)
        assert len(match.rounds) == 4
    assert followed > 5 and drawn > 3 and moved > 0


# ------------------------------------------------------------------ 接风 and the end of a round
def test_jie_feng_the_partner_leads_after_the_last_cards(game: cardrules.Game) -> None:
    t = game.new_table(hands=["S9", "S3 H4", "S5 H6", "S7 H8"], leader=0)
    t.apply("S9")                     # seat 0 goes out
    for _ in range(3):
        t.apply("pass")               # nobody beats the last cards
    assert t.seat == 2                # 接风: the partner of the seat that went out
    assert t.current is None          # and leads anew


def test_without_jie_feng_the_seat_that_beat_it_leads(game: cardrules.Game) -> None:
    t = game.new_table(hands=["S9", "S10 H4", "S5 H6", "S7 H8"], leader=0)
    t.apply("S9")
    t.apply("S10")                    # seat 1 beats the last card
    t.apply("pass")
    t.apply("pass")
    assert t.seat == 1 and t.current is None


def test_a_shuang_kou_ends_the_round_at_once(game: cardrules.Game) -> None:
    t = game.new_table(hands=["S9", "S3 H3 C3", "S5", "S7 H8 C8"], leader=0)
    for move in ["S9", "pass", "pass", "pass", "S5"]:
        t.apply(move)                 # seat 0 out, 接风, seat 2 out: 双扣
    assert t.over and t.result().places == (0, 2)   # the last two are not played out
    assert t.result().cards_left == (0, 3, 0, 3)
    assert t.result().scores == (4, -4, 4, -4)


def test_a_single_kou_ends_when_the_third_goes_out(game: cardrules.Game) -> None:
    t = game.new_table(hands=["S9", "S10", "SK", "S5 H6"], leader=0)
    t.apply("S9")
    t.apply("S10")                    # first and second out are opponents: not settled
    assert not t.over
    t.apply("SK")                     # seat 2 third: seats 0 and 2 first and third, 单扣
    assert t.over and t.result().places == (0, 1, 2, 3)  # the last takes fourth
    assert t.result().cards_left == (0, 0, 0, 2)
    assert t.result().scores == (2, -2, 2, -2)


def test_a_ping_kou_pays_nothing(game: cardrules.Game) -> None:
    t = game.new_table(hands=["S9", "S10", "S3 H4", "S5"], leader=0)
    for move in ["S9", "S10", "pass", "pass"]:
        t.apply(move)
    assert t.seat == 3                # 接风: seat 1 went out on the last play, partner 3 leads
    t.apply("S5")                     # seat 3 third: seat 0's partner is last, 平扣
    assert t.over and t.result().places == (0, 1, 3, 2)
    assert t.result().scores == (0, 0, 0, 0)


# ------------------------------------------------------------------ the bomb multiplier
@pytest.mark.parametrize(("bomb", "multiplier"), [
    ("S5 H5 C5 D5", 1),                # four cards: no multiplier
    ("S5 H5 C5 D5 S5", 2),             # five-card bomb x2
    ("S5 H5 C5 D5 S5 H5", 3),          # six x3
    ("S5 H5 C5 D5 S5 H5 C5", 4),       # seven x4
    ("S5 H5 C5 D5 S5 H5 C5 D5", 5),    # eight x5
    ("LJ LJ BJ BJ", 5),                # the joker bomb x5
])
def test_the_winners_bomb_multiplies(game: cardrules.Game, bomb: str, multiplier: int) -> None:
    t = game.new_table(hands=[bomb, "S9", "S3", "S10"], leader=0)
    for move in [bomb, "pass", "pass", "pass", "S3"]:
        t.apply(move)
    assert t.over and t.result().places[:2] == (0, 2)
    won = 4 * multiplier
    assert t.result().scores == (won, -won, won, -won)


def test_the_largest_bomb_only_not_cumulative(game: cardrules.Game) -> None:
    five, six = "S6 H6 C6 D6 S6", "S7 H7 C7 D7 S7 H7"
    t = game.new_table(hands=[five, "S3 H3", six + " S4", "S8 H9"], leader=0)
    for move in [five, "pass", six, "pass", "pass", "S4"]:
        t.apply(move)
    # Seat 0 and seat 2 both bombed; their side's largest is six cards: x3, not x2 x3.
    assert t.over and t.result().places[:2] == (0, 2)
    assert t.result().scores == (12, -12, 12, -12)


def test_the_losers_bombs_do_not_count(game: cardrules.Game) -> None:
    eight = "S8 H8 C8 D8 S8 H8 C8 D8"
    t = game.new_table(hands=["S3 S9", eight + " S4 H4", "SA", "S5 H5"], leader=0)
    for move in ["S3", eight, "pass", "pass", "pass",   # seat 1 bombs with eight cards
                 "S4", "SA", "pass", "pass", "pass",    # seat 2 goes out first; 接风
                 "S9"]:                                 # seat 0 second: 双扣 for 0 and 2
        t.apply(move)
    assert t.over and t.result().places == (2, 0)
    assert t.result().scores == (4, -4, 4, -4)          # no multiplier: the bomb was 1's


@pytest.mark.parametrize(("cards", "kind"), [
    ("S5 H5 C6 D6", None),                      # two pairs are not 连对: three or more
    ("S5 H5 C5 D6 S6 H6", None),                # two triples are not 连三张
    ("S5 H5 C6 D6 S7 H7", "pairs"),
    ("S3 H4 C5 D6", None),                      # four singles are not a straight
])
def test_minimum_lengths(game: cardrules.Game, cards: str, kind: str | None) -> None:
    combo = game.classify(cards)
    assert (combo.name if combo else None) == kind
