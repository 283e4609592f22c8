"""Tests of the independent Big Two reference (tests/reference/big_two_ref.py) itself.

Named after the clauses of rules-digest.md section 1 they check.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, pairwise

import pytest

try:
    from reference import big_two_ref as ref
except ImportError:  # tests/ imported as a package
    from tests.reference import big_two_ref as ref  # type: ignore[no-redef, import-not-found, unused-ignore]

RefGame = ref.RefGame
beats = ref.beats
card_points = ref.card_points
classify = ref.classify
full_deck = ref.full_deck
legal_moves = ref.legal_moves
score_hands = ref.score_hands
scores_from_points = ref.scores_from_points


def cards(text: str) -> list[str]:
    return text.split()


def single(card: str) -> tuple[int, ...]:
    result = classify([card])
    assert result is not None and result[0] == "single"
    return result[1]


def kind(text: str) -> str | None:
    result = classify(cards(text))
    return None if result is None else result[0]


# --- scoring ---------------------------------------------------------------------------


def test_seed_scoring_example_5_8_0_12_gives_37_minus7_57_minus87() -> None:
    deck = [c for c in full_deck() if c != "S2"]
    hands = [deck[0:5], deck[5:13], [], deck[13:25]]
    assert [len(h) for h in hands] == [5, 8, 0, 12]
    assert [card_points(h) for h in hands] == [5, 16, 0, 36]
    assert score_hands(hands) == (37, -7, 57, -87)
    assert scores_from_points([5, 16, 0, 36]) == (37, -7, 57, -87)


@pytest.mark.parametrize(
    ("n", "points"),
    [(0, 0), (1, 1), (7, 7), (8, 16), (9, 18), (10, 30), (12, 36), (13, 52)],
)
def test_card_points_bands(n: int, points: int) -> None:
    hand = [c for c in full_deck() if c != "S2"][:n]
    assert card_points(hand) == points


def test_spade_two_doubles_card_points_with_8_or_more_cards() -> None:
    deck = [c for c in full_deck() if c != "S2"]
    assert card_points(["S2", *deck[:7]]) == 16 * 2  # 8 cards: 2n, doubled
    assert card_points(["S2", *deck[:9]]) == 30 * 2  # 10 cards: 3n, doubled
    assert card_points(["S2", *deck[:12]]) == 52 * 2  # 13 cards: 4n, doubled
    assert card_points(["S2", *deck[:6]]) == 7  # 7 cards: no doubling


def test_spade_two_doubling_in_scores() -> None:
    deck = [c for c in full_deck() if c != "S2"]
    # As the seed example, but B's 8 cards include ♠2: B's points 16 -> 32.
    hands = [deck[0:5], ["S2", *deck[5:12]], [], deck[12:24]]
    assert [card_points(h) for h in hands] == [5, 32, 0, 36]
    assert score_hands(hands) == (53, -55, 73, -71)
    assert sum(score_hands(hands)) == 0


# --- classification ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("S3", "single"),
        ("S3 H3", "pair"),
        ("S3 H4", None),
        ("S3 H3 D3", "triple"),
        ("S3 H3 D3 C3", None),  # four of a kind alone is not a play
        ("SA D2 C3 H4 S5", "straight"),
        ("D2 C3 H4 S5 S6", "straight"),
        ("S10 HJ HQ HK DA", "straight"),
        ("SJ HQ HK DA D2", None),  # JQKA2
        ("SQ HK DA D2 D3", None),  # QKA23
        ("SK HA D2 D3 D4", None),  # KA234
        ("H2 H7 H8 HJ HK", "flush"),
        ("S9 H9 D9 S5 H5", "full_house"),
        ("S9 H9 D9 C9 H5", "four_with_single"),
        ("HA H2 H3 H4 H5", "straight_flush"),
        ("H10 HJ HQ HK HA", "straight_flush"),
        ("S9 H9 D9 S5 H6", None),
        ("S9 H9 D8 S8 H5", None),
        ("S3 S4", None),
    ],
)
def test_classify_kinds(text: str, name: str | None) -> None:
    assert kind(text) == name


def test_exactly_ten_rank_sequences_are_straights() -> None:
    suits = "DCHSD"
    straights = []
    for ranks in combinations(ref.RANKS, 5):
        hand = [suit + rank for suit, rank in zip(suits, ranks, strict=True)]
        result = classify(hand)
        if result is not None:
            assert result[0] == "straight"
            straights.append(" ".join(ranks))
    assert sorted(straights) == sorted(
        [
            "3 4 5 6 7",
            "4 5 6 7 8",
            "5 6 7 8 9",
            "6 7 8 9 10",
            "7 8 9 10 J",
            "8 9 10 J Q",
            "9 10 J Q K",
            "10 J Q K A",
            "3 4 5 A 2",  # A2345
            "3 4 5 6 2",  # 23456
        ]
    )


@pytest.mark.slow
def test_five_card_counts_over_the_whole_deck_match_poker_counts() -> None:
    counts: Counter[str | None] = Counter()
    for hand in combinations(full_deck(), 5):
        result = classify(hand)
        counts[None if result is None else result[0]] += 1
    assert counts["straight"] == 10200
    assert counts["flush"] == 5108
    assert counts["full_house"] == 3744
    assert counts["four_with_single"] == 624
    assert counts["straight_flush"] == 40


def test_straights_keyed_by_top_card_a2345_by_5_23456_by_6_10jqka_by_a() -> None:
    assert classify(cards("SA D2 C3 H4 S5")) == ("straight", single("S5"))
    assert classify(cards("D2 C3 H4 S5 S6")) == ("straight", single("S6"))
    assert classify(cards("S10 HJ HQ HK DA")) == ("straight", single("DA"))
    assert classify(cards("HA H2 H3 H4 H5")) == ("straight_flush", single("H5"))


def test_straight_order_a2345_below_23456_below_10jqka() -> None:
    a2345 = cards("SA S2 C3 H4 S5")
    s23456 = cards("D2 D3 H4 D5 D6")
    s34567 = cards("C3 C4 C5 C6 D7")
    s10jqka = cards("D10 DJ DQ DK CA")
    assert beats(s23456, a2345) and not beats(a2345, s23456)
    assert beats(s34567, s23456)
    assert beats(s10jqka, s34567)
    assert beats(s10jqka, a2345)


def test_straights_with_equal_top_rank_compare_by_top_card_suit() -> None:
    assert beats(cards("D3 D4 D5 D6 S7"), cards("S3 S4 S5 S6 H7"))


def test_five_card_category_order() -> None:
    straight = cards("S10 SJ SQ SK DA")
    flush = cards("D3 D4 D5 D6 D8")
    full_house = cards("D3 C3 H3 D4 C4")
    four = cards("D3 C3 H3 S3 D4")
    straight_flush = cards("DA D2 D3 D4 D5")
    order = [straight, flush, full_house, four, straight_flush]
    for low, high in pairwise(order):
        assert beats(high, low) and not beats(low, high)


def test_full_house_keyed_by_triple_four_by_the_four() -> None:
    assert beats(cards("D4 C4 H4 D3 C3"), cards("D3 C3 H3 DA CA"))
    assert beats(cards("D4 C4 H4 S4 D3"), cards("D3 C3 H3 S3 S2"))


def test_flush_keyed_by_highest_card_then_its_suit() -> None:
    assert beats(cards("D3 D4 D5 D6 DK"), cards("SQ SJ S9 S8 S7"))
    assert beats(cards("S3 S4 S5 S6 SK"), cards("HQ HJ H9 H8 HK"))


def test_singles_rank_then_suit_and_two_highest() -> None:
    assert beats(["D2"], ["SA"])
    assert beats(["S3"], ["H3"]) and beats(["H3"], ["C3"]) and beats(["C3"], ["D3"])
    assert not beats(["D3"], ["D3"])


def test_only_same_size_and_same_kind_compare() -> None:
    assert not beats(cards("S9 H9"), ["D3"])
    assert not beats(cards("S9 H9 D9"), cards("S3 H3"))
    assert beats(cards("S9 H9"), cards("S8 H8"))
    assert beats(cards("S9 H9"), cards("D9 C9"))


# --- legal moves and the game -------------------------------------------------------------


def test_first_play_must_contain_diamond_three() -> None:
    hand = cards("D3 C3 D4 D5 D6 D7 S9 H9 D9 SK HK DK S2")
    moves = legal_moves(hand, None, first_turn=True)
    assert moves and all("D3" in m for m in moves)
    assert frozenset(cards("D3 D4 D5 D6 D7")) in moves  # straight flush with ♦3
    assert frozenset(cards("D3 C3")) in moves
    assert frozenset() not in moves  # no pass when leading


def test_following_allows_pass_and_only_beating_plays() -> None:
    hand = cards("D3 C3 D4 S9 H9")
    moves = legal_moves(hand, cards("H4 S4"), first_turn=False)
    assert moves == {frozenset(), frozenset(cards("S9 H9"))}


def test_game_passes_and_lead_returns_to_last_player() -> None:
    deck = full_deck()
    hands = [deck[0::4], deck[1::4], deck[2::4], deck[3::4]]  # seat 0 gets ♦3 ...
    game = RefGame(hands)
    assert game.seat == 0
    game.apply(frozenset(["D3"]))
    assert game.seat == 1
    for _ in range(3):
        game.apply(frozenset())
    assert game.seat == 0 and game.current is None
    assert frozenset() not in game.legal()
    assert any("D3" not in m and m for m in game.legal())


def test_passing_does_not_lock_a_player_out() -> None:
    hands = [
        cards("D3 D5 D7 D9 DJ DK D2 C4 C6 C8 C10 CQ CA"),
        cards("C3 C5 C7 C9 CJ CK C2 H4 H6 H8 H10 HQ HA"),
        cards("H3 H5 H7 H9 HJ HK H2 S4 S6 S8 S10 SQ SA"),
        cards("S3 S5 S7 S9 SJ SK S2 D4 D6 D8 D10 DQ DA"),
    ]
    game = RefGame(hands)
    game.apply(frozenset(["D3"]))
    game.apply(frozenset())  # seat 1 passes
    game.apply(frozenset(["H5"]))  # seat 2
    game.apply(frozenset(["S5"]))  # seat 3
    game.apply(frozenset(["D7"]))  # seat 0
    assert game.seat == 1
    assert frozenset(["C9"]) in game.legal()  # seat 1 may play again


def test_random_games_end_with_an_empty_hand_and_zero_sum_scores() -> None:
    rng = random.Random(1)
    for _ in range(20):
        deck = full_deck()
        rng.shuffle(deck)
        game = RefGame([deck[i * 13 : (i + 1) * 13] for i in range(4)])
        assert "D3" in game.hands[game.seat]
        steps = 0
        while not game.over:
            game.apply(rng.choice(sorted(game.legal(), key=sorted)))
            steps += 1
            assert steps < 1000
        assert min(len(h) for h in game.hands) == 0
        assert sum(game.scores()) == 0


def test_illegal_move_is_rejected() -> None:
    deck = full_deck()
    game = RefGame([deck[0::4], deck[1::4], deck[2::4], deck[3::4]])
    with pytest.raises(ValueError):
        game.apply(frozenset(["D4"]))  # first play must contain ♦3
    with pytest.raises(ValueError):
        game.apply(frozenset())  # no pass when leading
