"""What a player reads after a round of family tricks: the kitty and the failed throws as
cards (Cards: tuples of codes that print as notation), and the whole result as text."""

from __future__ import annotations

import cardrules
from cardrules.cards import Cards, format_cards, parse_cards
from cardrules.families.tricks.game import TricksGame
from cardrules.runtime.tricks.table import ThrowOutcome


def test_cards_are_codes_that_read_as_notation() -> None:
    hand = Cards(parse_cards("S3 H10 BJ"))
    assert hand == tuple(parse_cards("S3 H10 BJ")) and isinstance(hand, tuple)
    assert str(hand) == "S3 H10 BJ" and repr(hand) == "Cards('S3 H10 BJ')"
    assert str(Cards()) == "" and hand[1] == parse_cards("H10")[0]


def test_the_result_shows_the_kitty_and_the_failed_throws_as_cards() -> None:
    game = cardrules.load("tractor")
    assert isinstance(game, TricksGame)
    t = game.new_table(seed=0, seats=["random"] * 4)
    t.play_out()
    r = t.result()
    assert isinstance(r.kitty, Cards) and r.kitty == tuple(t.buried)
    assert str(r.kitty) == format_cards(t.buried) == "DJ CK BJ HA CA C8 HJ HJ"
    failed = [tr for tr in t.tricks if tr.failed_throw]
    assert [(o.seat, o.tried, o.played) for o in r.throws] == [
        (tr.plays[0][0], tr.failed_throw, tr.plays[0][1]) for tr in failed]
    assert len(r.throws) == 15
    assert r.throws[0] == ThrowOutcome(seat=1, tried=Cards(parse_cards("S8 SJ S10")),
                                       played=Cards(parse_cards("S8")))
    assert str(r.throws[0]) == "seat 1 threw S8 SJ S10: failed, played S8"
    text = str(r).splitlines()
    assert text[:3] == ["dealer seat 1; trumps suit D, rank 2",
                        "defenders' points 145 (kitty DJ CK BJ HA CA C8 HJ HJ: 10 points, "
                        "bonus 0)",
                        "seat 1 threw S8 SJ S10: failed, played S8"]
    assert text[-2:] == ["levels up 1 0 1 0; levels now 1 0 1 0; next dealer seat 2",
                         "scores 1 0 1 0"]


def test_a_round_without_a_failed_throw_lists_none() -> None:
    game = cardrules.load("tractor")
    assert isinstance(game, TricksGame)
    for seed in range(50):
        t = game.new_table(seed=seed, seats=["greedy"] * 4)  # greedy leads single cards
        t.play_out()
        r = t.result()
        assert r.throws == () and len(str(r).splitlines()) == 4
