"""锄大地 (seed 002, rules-digest §1): one test per rule, named after it."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules import Game, IllegalMove

# ------------------------------------------------------------------ scoring (seed 四)


def test_seed_scoring_example_remaining_5_8_0_12_scores_37_m7_57_m87(big_two: Game) -> None:
    # Four hands holding 5, 8, 0 and 12 cards, neither B nor D holding S2.
    t = big_two.new_table(hands=[
        "D3 D4 D5 D6 D7",
        "C3 C4 C5 C6 C7 C8 C9 C10",
        "",
        "H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ HK HA",
    ])
    assert big_two.module.score(t.end_view()) == (37, -7, 57, -87)


def _score_of(game: Game, hands: list[str]) -> tuple[int, ...]:
    return game.module.score(game.new_table(hands=hands).end_view())


@pytest.mark.parametrize(("n", "points"), [
    (0, 0), (1, 1), (7, 7), (8, 16), (9, 18), (10, 30), (12, 36), (13, 52)])
def test_card_points_by_cards_left(big_two: Game, n: int, points: int) -> None:
    # Seat 0 holds n clubs; the others nothing: seat 0 pays 3 x points.
    clubs = "C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA C2".split()[:n]
    scores = _score_of(big_two, [" ".join(clubs), "", "", ""])
    assert scores == (-3 * points, points, points, points)


@pytest.mark.parametrize(("n", "points"), [(7, 7), (8, 32), (9, 36), (10, 60), (13, 104)])
def test_spade_two_doubles_card_points_from_8_cards(big_two: Game, n: int, points: int) -> None:
    cards = ["S2"] + "C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA".split()[:n - 1]
    scores = _score_of(big_two, [" ".join(cards), "", "", ""])
    assert scores == (-3 * points, points, points, points)


def test_other_twos_do_not_double(big_two: Game) -> None:
    cards = "H2 C3 C4 C5 C6 C7 C8 C9".split()
    assert _score_of(big_two, [" ".join(cards), "", "", ""]) == (-48, 16, 16, 16)


# ------------------------------------------------------------------ combinations (seed 一)
@pytest.mark.parametrize(("cards", "kind", "key"), [
    ("H3", "single", "H3"),
    ("S9 H9", "pair", "S9"),
    ("S9 H9 C9", "triple", "S9"),
    ("DA C2 H3 S4 D5", "straight", "D5"),
    ("S2 D3 C4 H5 D6", "straight", "D6"),
    ("S3 H4 C5 D6 S7", "straight", "S7"),
    ("S9 H10 DJ CQ SK", "straight", "SK"),
    ("S10 DJ CQ HK DA", "straight", "DA"),
    ("H2 H7 H8 HJ HK", "flush", "H2"),
    ("S9 H9 C9 S5 H5", "full_house", "S9"),
    ("S9 H9 C9 D9 S5", "four_with_single", "S9"),
    ("D3 D4 D5 D6 D7", "straight_flush", "D7"),
    ("HA H2 H3 H4 H5", "straight_flush", "H5"),
])
def test_seed_combinations(big_two: Game, cards: str, kind: str, key: str) -> None:
    combo = big_two.classify(big_two.parse_cards(cards))
    assert combo is not None
    assert (combo.name, combo.key) == (kind, (key,))


@pytest.mark.parametrize("cards", [
    "DJ CQ HK DA S2",   # JQKA2: A in the middle
    "DQ CK HA D2 S3",   # QKA23
    "DK CA H2 D3 S4",   # KA234
    "S9 S8",            # two ranks
    "S3 S4 S5 S6",      # four cards are nothing
    "S3 H4 C5 D6",      # four-card straight
    "S3 H4 C5 D6 S7 S8",  # six-card straight
    "S9 H9 C9 S5 H6",   # triple + two singles
    "S9 H9 S5 H5 C7",   # two pairs + single
])
def test_seed_non_combinations(big_two: Game, cards: str) -> None:
    assert big_two.classify(big_two.parse_cards(cards)) is None


STRAIGHTS_LOW_TO_HIGH = [
    "DA C2 H3 S4 D5", "D2 C3 H4 S5 D6", "D3 C4 H5 S6 D7", "D4 C5 H6 S7 D8", "D5 C6 H7 S8 D9",
    "D6 C7 H8 S9 D10", "D7 C8 H9 S10 DJ", "D8 C9 H10 SJ DQ", "D9 C10 HJ SQ DK",
    "D10 CJ HQ SK DA",
]


def test_straights_order_a2345_lowest_10jqka_highest(big_two: Game) -> None:
    for low, high in zip(STRAIGHTS_LOW_TO_HIGH, STRAIGHTS_LOW_TO_HIGH[1:], strict=False):
        assert big_two.beats(high, low), (high, low)
        assert not big_two.beats(low, high), (low, high)


def test_same_straight_compares_suit_of_top_card(big_two: Game) -> None:
    assert big_two.beats("D3 C4 H5 S6 S7", "S3 H4 C5 D6 H7")
    assert not big_two.beats("S3 H4 C5 D6 H7", "D3 C4 H5 S6 S7")


def test_five_card_category_order(big_two: Game) -> None:
    best_straight = "S10 SJ SQ SK HA"
    weak_flush = "D3 D4 D5 D6 D8"
    weak_full_house = "D3 C3 H3 D4 C4"
    weak_four = "D3 C3 H3 S3 D4"
    weak_straight_flush = "DA D2 D3 D4 D5"
    ladder = [best_straight, weak_flush, weak_full_house, weak_four, weak_straight_flush]
    kinds = [big_two.classify(x).name for x in ladder]  # type: ignore[union-attr]
    assert kinds == ["straight", "flush", "full_house", "four_with_single", "straight_flush"]
    for i, low in enumerate(ladder):
        for high in ladder[i + 1:]:
            assert big_two.beats(high, low) and not big_two.beats(low, high)


def test_flush_compared_by_its_top_card(big_two: Game) -> None:
    assert big_two.beats("D3 D4 D5 D6 D2", "S3 S4 S5 S6 SA")   # 2 beats A
    assert big_two.beats("S3 S4 S5 S6 SA", "H3 H4 H5 H6 HA")   # then suit: S > H
    assert big_two.beats("H3 H4 H5 H6 HA", "DK DQ DJ D9 D8")


def test_full_house_and_four_compare_by_the_group(big_two: Game) -> None:
    assert big_two.beats("S4 H4 C4 D3 C3", "S3 H3 C3 DA CA")
    assert big_two.beats("S4 H4 C4 D4 C3", "S3 H3 C3 D3 S2")


def test_only_plays_of_the_same_size_compare(big_two: Game) -> None:
    assert not big_two.beats("S2 H2", "D3")
    assert not big_two.beats("S2", "D3 C3")
    assert not big_two.beats("D3 D4 D5 D6 D7", "S2 H2 C2")


def test_singles_rank_then_suit(big_two: Game) -> None:
    order = ["D3", "C3", "H3", "S3", "D4", "SK", "DA", "SA", "D2", "C2", "H2", "S2"]
    for low, high in zip(order, order[1:], strict=False):
        assert big_two.beats(high, low) and not big_two.beats(low, high)


def test_pairs_compare_by_higher_card(big_two: Game) -> None:
    assert big_two.beats("S9 D9", "H9 C9")
    assert big_two.beats("D10 C10", "S9 H9")


# ------------------------------------------------------------------ play (seed 三)
HANDS = [
    "C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA C2",
    "D3 D4 D5 D6 D7 D8 D9 D10 DJ DQ DK DA D2",
    "H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ HK HA H2",
    "S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA S2",
]


def test_holder_of_d3_leads_and_first_play_contains_d3(big_two: Game) -> None:
    t = big_two.new_table(hands=HANDS)
    assert t.seat == 1
    moves = t.legal_actions()
    assert moves and all(big_two.parse_cards("D3")[0] in m.cards for m in moves)
    assert "pass" not in {str(m) for m in moves}
    with pytest.raises(IllegalMove, match="must contain D3"):
        t.apply("D4")


def test_dealt_tables_also_start_with_d3(big_two: Game) -> None:
    d3 = big_two.parse_cards("D3")[0]
    for seed in range(20):
        t = big_two.new_table(seed=seed)
        assert d3 in t.hand(t.seat)
        assert all(d3 in m.cards for m in t.legal_actions())


def test_later_rounds_led_by_winner_without_d3(big_two: Game) -> None:
    t = big_two.new_table(hands=HANDS, leader=3, first_round=False)
    assert t.seat == 3
    assert "S3" in {str(m) for m in t.legal_actions()}


def test_pass_and_reset_after_three_passes(big_two: Game) -> None:
    t = big_two.new_table(hands=HANDS)
    t.apply("D3")
    assert t.seat == 2 and "pass" in {str(m) for m in t.legal_actions()}
    t.apply("pass")
    t.apply("pass")
    t.apply("pass")
    assert t.seat == 1 and t.current is None
    assert "pass" not in {str(m) for m in t.legal_actions()}
    t.apply("D4 D5 D6 D7 D8")  # leads anew with any combination


def test_passing_does_not_lock_a_player_out(big_two: Game) -> None:
    t = big_two.new_table(hands=HANDS)
    t.apply("D3")
    t.apply("pass")        # seat 2
    t.apply("S4")          # seat 3
    t.apply("C5")          # seat 0
    t.apply("D6")          # seat 1
    assert t.seat == 2
    assert "H7" in {str(m) for m in t.legal_actions()}  # seat 2 passed before, plays now


def test_follow_must_beat_with_the_same_card_count(big_two: Game) -> None:
    t = big_two.new_table(hands=HANDS)
    t.apply("D3 D4 D5 D6 D7")
    legal = {str(m) for m in t.legal_actions()}
    assert all(len(m.split()) == 5 for m in legal - {"pass"})
    with pytest.raises(IllegalMove, match="does not beat"):
        t.apply("H2")


def test_round_ends_when_one_player_has_no_cards(big_two: Game) -> None:
    t = big_two.new_table(hands=["C4 C5", "D3", "H4 H5 H6", "S4 S5 S6 S7"])
    t.apply("D3")
    assert t.over
    res = t.result()
    assert res.places == (1,)
    assert res.cards_left == (2, 0, 3, 4)
    # card points 2, 0, 3, 4: seat 0 gets (0-2)+(3-2)+(4-2) = 1, seat 1 gets 2+3+4 = 9 ...
    assert res.scores == (1, 9, -3, -7)


def test_illegal_moves_change_nothing(big_two: Game) -> None:
    t = big_two.new_table(hands=HANDS)
    before = (t.seat, t.hand(1))
    for bad in ["S3", "D3 S4", "XX", "D3 D3", "pass"]:
        with pytest.raises(IllegalMove):
            t.apply(bad)
        assert (t.seat, t.hand(1)) == before


def test_card_notation_symbols_and_letters_agree(big_two: Game) -> None:
    assert big_two.parse_cards("♠3 ♥10 ♣Q ♦A") == big_two.parse_cards("S3 H10 CQ DA")
    assert big_two.parse_cards("s3, 10h") == big_two.parse_cards("S3 H10")
    with pytest.raises(cardrules.CardError, match="not in the deck"):
        big_two.parse_cards("BJ")


def test_hands_can_be_strings_word_lists_or_codes(big_two: Game) -> None:
    words = [h.split() for h in HANDS]
    codes = [list(big_two.parse_cards(h)) for h in HANDS]
    tables = [big_two.new_table(hands=h) for h in (HANDS, words, codes)]
    assert len({tuple(t.hand(s) for s in range(4)) for t in tables}) == 1
    with pytest.raises(cardrules.CardError):
        big_two.new_table(hands=[["D3", 5], [], [], []])  # type: ignore[list-item]
    with pytest.raises(cardrules.CardError, match="more often than the deck has it"):
        big_two.new_table(hands=["D3", "D3", "", ""])


def test_api_rejects_card_codes_out_of_range(big_two: Game) -> None:
    t = big_two.new_table(hands=HANDS)
    for bad in ([99], [-1], ["x"]):
        with pytest.raises(IllegalMove):
            t.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(cardrules.CardError):
        big_two.classify([99])
    with pytest.raises(cardrules.CardError, match="one hand per seat"):
        big_two.new_table(hands="S3 H3")


def test_scoring_can_read_what_each_seat_played(tmp_path: Path) -> None:
    # count_plays / largest_play: the quantities a bomb multiplier (双扣) is written with.
    rules = tmp_path / "tally.rules"
    rules.write_text("game tally extends big_two\n"
                     "override def score(p) = 10 * count_plays(p, pair) + largest_play(p, single)"
                     " + 100 * largest_play(p, straight)\n")
    game = cardrules.load(rules)
    t = game.new_table(hands=["C3 C4 C5 C6 C7 C8 C9", "D3 D4 D5 D6 H7", "H3 H4", "S3 S4"])
    for move in ["D3 D4 D5 D6 H7"]:
        t.apply(move)
    assert t.over  # seat 1 went out with a straight
    assert t.result().scores == (0, 500, 0, 0)
    t = game.new_table(hands=["C9 H9 C10 D10", "D3 D4 S6", "H3 H5", "S3 S5"])
    for move in ["D3", "H5", "pass", "C10", "pass", "pass", "pass", "C9 H9"]:
        t.apply(move)
    # seat 0: one pair (10) and singles of one card (1); seats 1 and 2: one single each
    assert game.module.score(t.end_view()) == (11, 1, 1, 0)


def test_count_plays_needs_a_combination_name() -> None:
    from cardrules.compiler import CompileError, compile_text
    with pytest.raises(CompileError) as info:
        compile_text("game x extends big_two\noverride def score(p) = count_plays(p, pairr)\n",
                     "x.rules")
    d = info.value.diagnostics[0]
    assert (d.message, d.hint) == ("'pairr' is not a combination of this game",
                                   "did you mean 'pair'?")
