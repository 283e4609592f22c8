"""A SeatHand as a table makes it (from a deal, with the keys the deal sorted) reads as one
made from the same cards by ``new_hand``, and stays so as the seat plays (``remove``: a
single's own steps, the loop for more cards or for a hand that holds a card twice)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.runtime.climbing.seathand import SeatHand
from cardrules.runtime.climbing.table import Table

FIELDS = ("cards", "keys", "by_rank", "ranks", "most", "suits", "singles", "single_keys")


def same_fields(h: SeatHand, again: SeatHand) -> None:
    assert [getattr(h, f) for f in FIELDS] == [getattr(again, f) for f in FIELDS]
    at_least, fresh = h.at_least, again.at_least
    assert at_least[:len(fresh)] == fresh
    assert not any(at_least[len(fresh):])


@pytest.mark.parametrize("name", ["big_two", "doudizhu", "shuang_kou", "da_bei"])
def test_a_dealt_seat_hand_is_new_hand_of_its_cards_as_it_plays(name: str) -> None:
    m: Any = cardrules.load(name).module
    rng = random.Random(f"dealt:{name}")
    for seed in range(40):
        table = Table(m, seed=seed, leader=0)
        h = table._seat_hand()  # made with the deal's keys
        same_fields(h, m.new_hand(list(h.cards)))
        while h.cards:
            size = min(rng.choice([1, 1, 1, 2, 5]), len(h.cards))
            h.remove(rng.sample(h.cards, size))
            same_fields(h, m.new_hand(list(h.cards)))


@pytest.mark.parametrize("name", ["big_two", "doudizhu", "shuang_kou", "da_bei"])
def test_a_seat_hand_the_table_plays_from_is_new_hand_of_its_cards(name: str) -> None:
    """``apply`` takes a single out of a hand of one Play per card itself (``remove``'s own
    steps written out): every seat's SeatHand reads as one made afresh after every move."""
    game: Any = cardrules.load(name)
    m = game.module
    for seed in range(25):
        rng = random.Random(f"played:{name}:{seed}")
        t = game.new_table(seed=seed)
        while not t.over:
            t.apply(rng.choice(list(t.legal_actions())))
            for seat, h in enumerate(t._held):
                if h is not None:
                    assert h.cards is t.hands[seat]
                    same_fields(h, m.new_hand(list(h.cards)))


def test_the_generators_read_at_least_where_a_seat_hand_has_an_entry() -> None:
    """The generated code tests ``h.at_least[n]`` for a rank of n cards up to codegen's
    bound, SeatHand's ``AT_LEAST``: every hand has those entries (0 above its largest rank),
    and ``most`` reads as the largest rank's cards."""
    from cardrules.compiler import codegen
    from cardrules.runtime.climbing import seathand
    assert codegen._AT_LEAST == seathand.AT_LEAST
    m: Any = cardrules.load("big_two").module
    for cards in ([], [0], [1, 14, 27], list(range(40, 52))):
        h = m.new_hand(cards)
        assert len(h.at_least) > seathand.AT_LEAST
        sizes = [len(same) for same in h.by_rank.values()]
        assert h.most == max(sizes, default=0)
        assert [bool(x) for x in h.at_least[1:]] == [n <= h.most for n in
                                                      range(1, len(h.at_least))]
