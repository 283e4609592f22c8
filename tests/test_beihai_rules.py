"""大北 and 条数 (seed 000, rules-digest §2 and §3): every payout and rule the seed states."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import cardrules
from cardrules import Game, IllegalMove

DA_BEI = cardrules.load("da_bei")
TIAO_SHU = cardrules.load("tiao_shu")


class EndView:
    """A made-up end of round, independent of the runtime: places per seat, cards left,
    and who held which cards (sides in 大北 follow ♠3 and ♠A)."""

    def __init__(self, places: list[int], left: list[int] | None = None,
                 held: dict[int, list[str]] | None = None) -> None:
        self.p = places
        self.left = left or [0] * 4
        self.held = {s: set(GAME_CARDS(" ".join(cs))) for s, cs in (held or {}).items()}
        marks = [s for s in range(4) if any(c in self.held.get(s, ())
                                            for c in GAME_CARDS("S3 SA"))]
        self.sides = [0 if s in marks else 1 for s in range(4)]

    def cards_left(self, seat: int) -> int:
        return self.left[seat] if seat >= 0 else 0

    def holds(self, seat: int, card: int) -> bool:
        return card in self.held.get(seat, ())

    def place(self, seat: int) -> int:
        return self.p[seat] if seat >= 0 else 0

    def seat_at(self, place: int) -> int:
        return self.p.index(place) if place in self.p else -1

    def others(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(4) if s != seat)

    def seats(self) -> tuple[int, ...]:
        return (0, 1, 2, 3)

    def seat_count(self) -> int:
        return 4

    def side(self, seat: int) -> int:
        return self.sides[seat]

    def same_side(self, a: int, b: int) -> bool:
        return a >= 0 and b >= 0 and self.sides[a] == self.sides[b]

    def side_size(self, seat: int) -> int:
        return self.sides.count(self.sides[seat]) if seat >= 0 else 0

    def total(self, seat: int) -> int:
        return 0

    def round_number(self) -> int:
        return 1


GAME_CARDS = DA_BEI.parse_cards

# ------------------------------------------------------------------ 大北 payouts (seed 3b, 3c)
# ♠3 at seat 0, ♠A at seat 2: sides 甲 = {0, 2}, 乙 = {1, 3}.
PAIRS = {0: ["S3"], 2: ["SA"]}


@pytest.mark.parametrize(("places", "scores"), [
    ([1, 3, 2, 4], (6, -6, 6, -6)),     # 甲: ♠3 first, ♠A second: full win, 6 each
    ([1, 2, 3, 4], (3, -3, 3, -3)),     # ♠A third: half win, 3 each
    ([1, 2, 4, 3], (0, 0, 0, 0)),       # ♠A last: draw
    ([2, 3, 1, 4], (6, -6, 6, -6)),     # ♠A first, ♠3 second: the same full win
    ([3, 1, 4, 2], (-6, 6, -6, 6)),     # reading: 乙 first and second wins fully too
    ([2, 1, 4, 3], (-3, 3, -3, 3)),     # 乙 first and third: half win
    ([4, 1, 3, 2], (-6, 6, -6, 6)),
    ([3, 1, 2, 4], (0, 0, 0, 0)),       # 乙 first and last: draw
])
def test_da_bei_two_against_two_payouts(places: list[int], scores: tuple[int, ...]) -> None:
    assert DA_BEI.module.score(EndView(places, held=PAIRS)) == scores


@pytest.mark.parametrize(("solo_place", "solo", "each"), [
    (1, 18, -6), (2, 9, -3), (3, -9, 3), (4, -18, 6)])
def test_da_bei_solo_payouts_by_place(solo_place: int, solo: int, each: int) -> None:
    # Seat 1 holds both ♠3 and ♠A: 暗打单挑.
    others = iter(p for p in (1, 2, 3, 4) if p != solo_place)
    places = [solo_place if s == 1 else next(others) for s in range(4)]
    scores = DA_BEI.module.score(EndView(places, held={1: ["S3", "SA"]}))
    assert scores == (each, solo, each, each)
    assert sum(scores) == 0


def test_da_bei_stakes_are_named_constants() -> None:
    assert dict(DA_BEI.ir.consts) == {"small": 3, "large": 6}


# ------------------------------------------------------------------ 条数 payments (seed 3b-3c)
@pytest.mark.parametrize(("n", "pays"), [
    (1, 1), (7, 7), (8, 16), (9, 18), (10, 30), (11, 33), (12, 36), (13, 52)])
def test_tiao_shu_loser_pays_by_cards_left(n: int, pays: int) -> None:
    view = EndView([1, 0, 0, 0], left=[0, n, 0, 0])
    assert TIAO_SHU.module.score(view) == (pays, -pays, 0, 0)


def test_tiao_shu_no_spade_two_doubling() -> None:
    view = EndView([1, 0, 0, 0], left=[0, 8, 0, 0], held={1: ["S2"]})
    assert TIAO_SHU.module.score(view) == (16, -16, 0, 0)


def test_tiao_shu_match_ends_at_the_round_that_takes_a_total_to_100() -> None:
    for seed in range(5):
        m = TIAO_SHU.play_match(seed=seed, seats=["random"] * 4)
        running = [0, 0, 0, 0]
        for i, r in enumerate(m.rounds):
            assert max(running) < 100  # the match was still on before this round
            winner = r.places[0]
            paid = [-s if seat != winner else 0 for seat, s in enumerate(r.scores)]
            running = [a + b for a, b in zip(running, paid, strict=True)]
            assert sum(r.scores) == 0
            if i < len(m.rounds) - 1:
                assert max(running) < 100
        assert max(running) >= 100
        assert tuple(running) == m.totals
        assert len(m.rounds) > 1


# ------------------------------------------------------------------ orderings and straights
NINE = {"23456", "34567", "45678", "56789", "678910", "78910J", "8910JQ", "910JQK",
        "10JQKA"}
RANKS_NATURAL = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@pytest.mark.parametrize("game", [DA_BEI, TIAO_SHU], ids=["da_bei", "tiao_shu"])
def test_exactly_nine_straights(game: Game) -> None:
    suits = "DCHSD"  # mixed suits, so never a flush
    found = set()
    for ranks in itertools.combinations(RANKS_NATURAL, 5):
        cards = game.parse_cards(" ".join(s + r for s, r in zip(suits, ranks, strict=True)))
        combo = game.classify(cards)
        if combo is not None and combo.name == "straight":
            found.add("".join(ranks))
    assert found == NINE


@pytest.mark.parametrize("game", [DA_BEI, TIAO_SHU], ids=["da_bei", "tiao_shu"])
def test_nine_straights_in_order_23456_lowest(game: Game) -> None:
    runs = ["S2 D3 C4 H5 D6", "S3 D4 C5 H6 D7", "S4 D5 C6 H7 D8", "S5 D6 C7 H8 D9",
            "S6 D7 C8 H9 D10", "S7 D8 C9 H10 DJ", "S8 D9 C10 HJ DQ", "S9 D10 CJ HQ DK",
            "S10 DJ CQ HK DA"]
    for low, high in itertools.pairwise(runs):
        assert game.beats(high, low) and not game.beats(low, high)


@pytest.mark.parametrize("game", [DA_BEI, TIAO_SHU], ids=["da_bei", "tiao_shu"])
def test_spade_three_is_highest_diamond_four_lowest(game: Game) -> None:
    assert game.beats("S3", "S2")
    order = sorted(game.module.DECK, key=game.module.CARD_KEY.__getitem__)
    assert game.format_cards([order[0], order[-1]]) == "D4 S3"


def test_five_card_order_straight_flush_four_full_house_flush_straight() -> None:
    ladder = ["S10 DJ CQ HK DA", "S2 S4 S5 S10 SJ", "S4 H4 C4 S5 H5", "S4 H4 C4 D4 S5",
              "H10 HJ HQ HK HA"]
    for low, high in itertools.pairwise(ladder):
        assert DA_BEI.beats(high, low)


# ------------------------------------------------------------------ ♦4 rules
def test_da_bei_first_play_must_contain_diamond_four_every_round() -> None:
    d4 = DA_BEI.parse_cards("D4")[0]
    for first_round in (True, False):
        for seed in range(10):
            t = DA_BEI.new_table(seed=seed, first_round=first_round)
            assert d4 in t.hand(t.seat)
            assert all(d4 in m.cards for m in t.legal_actions())


def test_tiao_shu_diamond_four_leads_but_need_not_be_played() -> None:
    d4 = TIAO_SHU.parse_cards("D4")[0]
    t = TIAO_SHU.new_table(seed=3)
    assert d4 in t.hand(t.seat)
    assert any(d4 not in m.cards for m in t.legal_actions())
    later = TIAO_SHU.new_table(seed=3, first_round=False, leader=2)
    assert later.seat == 2  # later rounds: the previous winner leads


def test_tiao_shu_match_rounds_led_by_previous_winner() -> None:
    m = TIAO_SHU.play_match(seed=8, seats=["greedy"] * 4)
    assert len(m.rounds) > 2


# ------------------------------------------------------------------ hidden sides
def test_da_bei_views_do_not_reveal_sides_until_played() -> None:
    t = DA_BEI.new_table(seed=12)
    holders = {t.holder(c) for c in DA_BEI.parse_cards("S3 SA")}
    s3, sa = DA_BEI.parse_cards("S3 SA")
    played: set[int] = set()
    while not t.over:
        for seat in range(4):
            view = t.view(seat)
            known = view.known_sides
            assert known[seat] == (0 if seat in holders else 1)  # a seat knows its own side
            accounted = {s3, sa} <= played | set(t.dealt[seat])  # all known to this seat
            for other in range(4):
                revealed = any(other == s and (c in (s3, sa)) for s, m in t.history
                               for c in m.cards)
                if other != seat and not accounted and not revealed:
                    assert known[other] is None  # nothing leaks before ♠3/♠A are played
                if accounted:
                    assert known[other] == t.sides[other]
            # a view carries no other seat's cards
            assert set(view.hand) == set(t.hand(seat))
            assert "hands" not in view._asdict()
        mv = t.bot_move()
        t.apply(mv)
        played |= set(mv.cards)
        if {s3, sa} <= played:
            assert all(x is not None for x in t.view(0).known_sides)  # 全明打: all public


def test_bots_get_only_a_seat_view() -> None:
    seen = []

    def spy(view: object, legal: list[cardrules.Move], rng: object) -> cardrules.Move:
        seen.append(view)
        return legal[0]

    t = DA_BEI.new_table(seed=2)
    t.bot_fns = [spy] * 4  # type: ignore[list-item]
    t.play_out()
    assert seen and all(type(v).__name__ == "SeatView" for v in seen)
    fields = set(seen[0]._asdict())
    assert fields == {"seat", "hand", "hand_sizes", "to_beat", "last_player", "history",
                      "places", "known_sides", "bidding", "bid", "leader", "shown"}
    assert all(not v.bidding and v.shown == () for v in seen)  # no auction, nothing shown


def test_da_bei_round_ends_as_soon_as_the_payout_is_known() -> None:
    for seed in range(40):
        t = DA_BEI.new_table(seed=seed, seats=["greedy"] * 4)
        t.play_out()
        res = t.result()
        # A solo's payout is known once the solo is out (place 1 or 2; out 3rd leaves one
        # seat, so all four places are known); two sides' once the first out's partner is
        # out 2nd, else only when three are out (and so all four).
        first = res.places[0]
        solos = [s for s in range(4) if set(DA_BEI.parse_cards("S3 SA")) <= set(t.dealt[s])]
        if solos:
            place = res.places.index(solos[0]) + 1
            expected = place if place <= 2 else 4
        else:
            partner_second = t.sides[res.places[1]] == t.sides[first]
            expected = 2 if partner_second else 4
        assert len(res.places) == expected, (seed, res)
        assert sum(res.scores) == 0


def test_passing_always_allowed_when_following() -> None:
    t = DA_BEI.new_table(seed=5)
    t.apply(t.legal_actions()[0])
    assert "pass" in {str(m) for m in t.legal_actions()}


def test_illegal_first_play_without_diamond_four() -> None:
    t = DA_BEI.new_table(seed=5)
    other = next(c for c in t.hand(t.seat) if DA_BEI.format_cards([c]) != "D4")
    with pytest.raises(IllegalMove, match="must contain D4"):
        t.apply([other])


def test_a_solo_knows_it_plays_alone() -> None:
    t = DA_BEI.new_table(hands=["S3 SA D4 D5", "H4 H5 H6 H7", "C4 C5 C6 C7", "S4 S5 S6 S7"])
    assert t.view(0).known_sides == (0, 1, 1, 1)
    assert t.view(1).known_sides == (None, 1, None, None)


def test_hidden_sides_with_two_decks_count_every_copy(tmp_path: Path) -> None:
    rules = tmp_path / "two_decks.rules"
    rules.write_text("game two_decks extends da_bei\noverride deck 52 copies 2\n"
                     "override deal 26 each\n")
    game = cardrules.load(rules)
    hands = ["S3 SA D4", "S3 SA", "H4", "C4"]
    t = game.new_table(hands=hands)
    # seat 0 holds one copy of each holder card: seat 1 may hold the others, or not
    assert t.view(0).known_sides == (0, None, None, None)
