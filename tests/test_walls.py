"""The walls a variant author hit (issue 9, section 3): each is now a construct or a warning,
with a located message for its misuse."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.compiler import CompileError, compile_text
from cardrules.compiler.ir import RunShape

BASE = """game mini
players 4
deck 52
deal 13 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2
suits D C H S
combination single { group 1 key card }
def score(p) = 0
"""


def add(text: str) -> str:
    return BASE + text


def errors(text: str) -> list[tuple[str, str]]:
    with pytest.raises(CompileError) as info:
        compile_text(text, "bad.rules")
    return [(f"{d.span.line}:{d.span.col}", d.message) for d in info.value.diagnostics]


# ------------------------------------------------------------------ defs without parameters
def test_a_def_may_take_no_seat(tmp_path: object) -> None:
    game = compile_text(BASE.replace("def score(p) = 0", "def score(p) = twos_held + bonus()")
                        + "def twos_held = count(q in seats: holds(q, S2))\n"
                        + "def bonus() = if twos_held > 1 then 5 else 0\n"
                        + "match { until twos_held == 0 }\n", "ok.rules")
    assert [(d.name, d.params) for d in game.defs] == [
        ("score", ("p",)), ("twos_held", ()), ("bonus", ())]


def test_a_parameterless_def_scores_at_the_table(tmp_path: pytest.TempPathFactory) -> None:
    from pathlib import Path
    path = Path(str(tmp_path)) / "twos.rules"
    path.write_text(BASE.replace("def score(p) = 0", "def score(p) = twos_held")
                    + "def twos_held = count(q in seats: holds(q, S2) or holds(q, H2))\n"
                    + 'example scores cards_left 1 1 1 1 held "S2" by 0 held "H2" by 3 '
                      "=> 2 2 2 2\n")
    game = cardrules.load(path)
    from cardrules.examples import check_examples
    assert check_examples(game) == []
    assert "def def_twos_held(v: ScoreView) -> int:" in game.source


def test_a_def_with_seats_used_as_a_value_is_told_to_call_it() -> None:
    assert errors(add("def twice(p) = 2\ndef f(p) = twice + 1\n")) == [
        ("10:12", "twice is a def of 1 seat(s): call it, like twice(p)")]


def test_a_parameterless_def_cannot_call_itself() -> None:
    assert errors(add("def loop = loop + 1\n")) == [("9:12", "def loop calls itself")]


def test_a_parameterless_def_called_with_a_seat() -> None:
    assert errors(add("def n = 1\ndef f(p) = n(p)\n")) == [
        ("10:12", "n takes 0 arguments, not 1")]


# ------------------------------------------------------------------ bombs sharing a rung
BOMBS = """game bombs
players 4
deck 54 copies 2
deal 27 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2 LJ BJ
combination single { group 1 key rank }
combination bomb { group 4 to 8 key size, rank }
combination flush_bomb { run 1 min 5 within 3 4 5 6 7 8 9 10 J Q K A  suits same  key size, rank }
combination joker_bomb { set LJ LJ BJ BJ key size }
bombs: bomb = flush_bomb < joker_bomb
def score(p) = 0
"""


def test_bombs_on_one_rung_compare_by_key(tmp_path: pytest.TempPathFactory) -> None:
    from pathlib import Path
    path = Path(str(tmp_path)) / "bombs.rules"
    path.write_text(BOMBS)
    g = cardrules.load(path)
    assert g.ir.bombs == ("bomb", "flush_bomb", "joker_bomb")
    assert g.ir.bomb_rungs == (0, 0, 1)
    six_straight_flush, five_bomb = "S3 S4 S5 S6 S7 S8", "SA HA CA DA SA"
    assert g.beats(six_straight_flush, five_bomb)       # size first, across the two kinds
    assert g.beats("S9 H9 C9 D9 S9 H9", six_straight_flush)  # six cards, 9 over 8
    assert not g.beats(six_straight_flush, "S9 H9 C9 D9 S9 H9")
    assert g.beats("LJ LJ BJ BJ", six_straight_flush)   # the higher rung
    assert g.beats("S3 S4 S5 S6 S7", "S2")              # any bomb beats a non-bomb


def test_bombs_on_one_rung_need_keys_of_the_same_parts() -> None:
    text = BOMBS.replace("flush_bomb { run 1 min 5 within 3 4 5 6 7 8 9 10 J Q K A  suits same"
                         "  key size, rank }",
                         "flush_bomb { run 1 min 5 within 3 4 5 6 7 8 9 10 J Q K A  suits same"
                         "  key rank }")
    assert errors(text) == [
        ("10:15", "bomb and flush_bomb share a bomb rung but are keyed 'size, rank' and 'rank'")]


def test_a_bomb_listed_twice() -> None:
    assert errors(BOMBS.replace("< joker_bomb", "< bomb")) == [
        ("10:28", "bomb is listed twice in bombs")]


# ------------------------------------------------------------------ warnings from check
SHADOWED = """game five_run extends big_two
title "x"
combination five_run "五顺" {
  run 1 min 5 max 5 within 3 4 5 6 7 8 9 10 J Q K A
  key rank
}
"""


def lint_of(tmp_path: object, text: str, name: str = "five_run") -> list[tuple[str, str]]:
    from pathlib import Path

    from cardrules.families.climbing.lint import lint
    path = Path(str(tmp_path)) / f"{name}.rules"
    path.write_text(text)
    return [(f"{d.span.line}:{d.span.col}", d.message) for d in lint(cardrules.load(path))]


def test_a_combination_shadowed_by_earlier_kinds_is_warned(tmp_path: object) -> None:
    assert lint_of(tmp_path, SHADOWED) == [
        ("3:1", "combination five_run never names a play: every set of cards it matches is "
                "classified as straight or straight_flush first")]


def test_a_combination_written_first_is_not_shadowed(tmp_path: object) -> None:
    # The same run as a new kind written before anything else names 34567 of mixed suits.
    text = ("game early\nplayers 4\ndeck 52\ndeal 13 each\nranks 3 4 5 6 7 8 9 10 J Q K A 2\n"
            "combination five_run { run 1 min 5 max 5 within 3 4 5 6 7 8 9 10 J Q K A "
            "key rank }\ncombination single { group 1 key card }\ndef score(p) = 0\n")
    assert lint_of(tmp_path, text, "early") == []


def test_the_deck_cannot_make_it_or_no_hand_is_large_enough(tmp_path: object) -> None:
    text = SHADOWED.replace("combination five_run", "combination quint { group 5 key card }\n"
                            "combination huge { cards 14 key card }\ncombination five_run")
    found = lint_of(tmp_path, text)
    assert found[:2] == [
        ("3:1", "combination quint can never match: the deck cannot make its shape"),
        ("4:1", "combination huge can never be played: it takes 14 cards and a hand holds "
                "at most 13")]


def test_a_bomb_below_non_bombs_on_its_ladder_is_warned(tmp_path: object) -> None:
    text = SHADOWED.replace(SHADOWED[SHADOWED.index("combination"):],
                            "override bombs: four_with_single\n")
    assert lint_of(tmp_path, text) == [
        ("60:1", "four_with_single is a bomb and straight_flush, above it on ladder five, is "
                 "not a bomb of its rung or higher: a straight_flush never beats a "
                 "four_with_single")]


@pytest.mark.parametrize("name", ["big_two", "da_bei", "tiao_shu", "shuang_kou", "doudizhu"])
def test_the_built_in_games_have_no_warnings(name: str) -> None:
    from cardrules.families.climbing.lint import lint
    assert lint(cardrules.load(name)) == []


def test_check_prints_warnings_and_passes(tmp_path: object,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from cardrules.cli import main
    path = Path(str(tmp_path)) / "five_run.rules"
    path.write_text(SHADOWED)
    assert main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.endswith("ok: five_run, 9 combinations, 0 worked examples hold, 1 warning\n")
    assert err.splitlines()[0] == (
        f"{path}:3:1: warning: combination five_run never names a play: every set of cards "
        "it matches is classified as straight or straight_flush first")
    assert err.splitlines()[2].strip().startswith("^")


# ------------------------------------------------------------------ kickers and wings
KICKERS = __import__("pathlib").Path(__file__).parent / "data" / "kickers.rules"


@pytest.fixture(scope="module")
def kick() -> cardrules.Game:
    return cardrules.load(KICKERS)


def test_kicker_examples_hold(kick: cardrules.Game) -> None:
    from cardrules.examples import check_examples
    assert check_examples(kick) == []
    assert len(kick.ir.examples) == 10


@pytest.mark.parametrize(("cards", "kind", "key"), [
    ("S9 H9 C9 D9 S5 H5", "four_two", ("9",)),            # two equal single kickers
    ("S9 H9 C9 D9 S5 H6", "four_two", ("9",)),
    ("S9 H9 C9 D9 SA H2", "four_two", ("9",)),            # kickers above the four: key is 9
    ("S9 H9 C9 D9 S5 H5 C5 D5", "four_two_pairs", ("9",)),  # highest four is the main group
    ("S3 H3 C3 S4 H4 C4 S2 H2", "plane_singles", ("4",)),  # wings 22: key is the run's top
    ("S3 H3 C3 S4 H4 C4 S2 H2 S5 H5", "plane_pairs", ("4",)),
    ("S3 H3 C3 S4 H4 C4 S5 H5 C5 S6 H6 C6", "plane", ("6",)),
    ("S4 H4 C4 S5 H5 C5 S6 H6 C6 S3 H3 C3", "plane", ("6",)),
])
def test_kickers_classify(kick: cardrules.Game, cards: str, kind: str,
                          key: tuple[str, ...]) -> None:
    combo = kick.classify(cards)
    assert combo is not None and (combo.name, combo.key) == (kind, key)


@pytest.mark.parametrize("cards", [
    "S3 H3 C3 S4 H4 C4 D4",             # 3334444: the wing may not be of a run rank
    "S3 H3 C3 S4 H4 C4 D4 S5",          # 333 4444 5: a four is not a triple and a wing
    "S3 H3 C3 S4 H4 C4 S5",             # one wing for two triples
    "S3 H3 C3 S5 H5 C5 S6 S7",          # the triples are not consecutive
    "S2 H2 C2 SA HA CA S5 S6",          # 2 is outside `within`
    "S9 H9 C9 D9 S5 H5 C6",             # four with three
    "S9 H9 C9 D9 S5 H5 C5",             # four with a triple
])
def test_not_kickers(kick: cardrules.Game, cards: str) -> None:
    assert kick.classify(cards) is None


@pytest.mark.parametrize("seed", range(3))
def test_kicker_generators_find_exactly_what_classify_names(kick: cardrules.Game,
                                                             seed: int) -> None:
    """Every subset of a hand that classifies as a kicker kind is made by its generator,
    and nothing else (brute force over all subsets of the kind's sizes)."""
    from itertools import combinations

    from cardrules.runtime.core import shuffled_deck
    rng = __import__("random").Random(seed)
    deck = shuffled_deck(kick.module.DECK, 1, rng)
    hand = sorted(deck[:17], key=kick.module.CARD_KEY.__getitem__)
    # Make sure some kickers and planes exist: add a run of triples and a four.
    m = kick.module
    for name in ("four_two", "four_two_pairs", "plane_singles", "plane_pairs"):
        kind = m.KINDS.index(name)
        made = {p.cards for p in m.plays_of_kind(kind, hand)}
        sizes = [n for n in kick.ir.combination(name).sizes if n <= len(hand)]
        brute = set()
        for n in sizes:
            for cards in combinations(hand, n):
                play = m.classify(cards)
                if play is not None and play.kind == kind:
                    brute.add(play.cards)
        assert made == brute, name


def test_kickers_at_the_table(kick: cardrules.Game) -> None:
    t = kick.new_table(hands=["S9 H9 C9 D9 S5 H5 S7", "SJ HJ CJ DJ S3 H3 D8", "SK"])
    t.apply("S9 H9 C9 D9 S5 H5")                       # four with two singles (a pair)
    legal = {frozenset(str(m).split()) for m in t.legal_actions()}
    four = {"SJ", "HJ", "CJ", "DJ"}
    assert legal == {frozenset({"pass"}), frozenset(four | {"S3", "H3"}),
                     frozenset(four | {"S3", "D8"}), frozenset(four | {"H3", "D8"}),
                     frozenset(four)}  # a higher four with two, or the bomb


def test_a_wing_needs_a_size() -> None:
    assert errors(add("combination w { run 3 min 2 + group 5  key rank }\n")) == [
        ("9:37", "a wing's size must be between 1 and 4, not 5")]


def test_a_run_without_within_takes_every_rank() -> None:
    game = compile_text(add("combination w { run 1 min 5  key rank }\n"), "ok.rules")
    shape = game.combination("w").shape
    assert isinstance(shape, RunShape)
    assert shape.within == ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                        "K", "A", "2")


# ------------------------------------------------------------------ lead first random, lead next
def test_lead_next_formula_is_typed() -> None:
    assert errors(add("lead next: if 1 then random else winner\n")) == [
        ("9:15", "expected bool here, but this is int")]


def test_lead_next_holder_needs_a_lead_card() -> None:
    assert errors(add("lead first: random\nlead next: if seat_count > 3 then holder "
                      "else winner\n")) == [
        ("10:1", "'lead next: holder' needs a 'lead first: holder of CARD'")]


def test_lead_next_formula_compiles_to_a_word() -> None:
    game = compile_text(add("lead first: random\n"
                            "lead next: if seat_count == 4 then random else if round_number > 2 "
                            "then winner else random\n"), "ok.rules")
    from cardrules.compiler.pretty import lead_next
    assert game.flow.first_random and game.flow.lead_next == "formula"
    assert lead_next(game.flow) == ("if seat_count() == 4 then random else (if round_number() > 2 "
                                    "then winner else random)")


def test_a_kitty_is_not_a_rest() -> None:
    # Found by the grammar fuzzer: `kitty 3` was taken for `rest to leader`.
    game = compile_text(BASE.replace("deal 13 each", "deal 9 each kitty 3"), "ok.rules")
    assert (game.kitty, game.rest_to) == (3, "")
    game = compile_text(BASE.replace("deal 13 each", "deal 9 each kitty 3 rest to leader"),
                        "ok.rules")
    assert (game.kitty, game.rest_to) == (3, "leader")


def test_a_run_names_each_rank_once() -> None:
    # Found by the mutation fuzzer: 'within ... A Q K A' made straights holding one ♦A twice,
    # and playing one removed a card the hand did not hold (ValueError).
    text = BASE.replace("def score(p) = 0", "combination straight { run 1 min 5 within "
                        "3 4 5 6 7 8 9 10 A Q K A key rank }\ndef score(p) = 0")
    assert errors(text) == [("8:66", "'within' names A twice")]
