"""Family tricks, rule by rule: the seed's worked examples (seed 004, rules-digest §4) through
the Python API, tricks statements' diagnostics, the worked examples failing when the rules
do not hold them, and the diff of the tricks statements.

The seed plays "打 10": level 10; spades are the trump suit here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardrules
from cardrules.compiler import CompileError, compile_text
from cardrules.examples import check_examples
from cardrules.families.climbing.game import ClimbingGame
from cardrules.families.tricks.game import TricksGame

GAMES = Path(__file__).resolve().parent.parent / "cardrules" / "games"


@pytest.fixture(scope="module")
def tractor() -> TricksGame:
    game = cardrules.load("tractor")
    assert isinstance(game, TricksGame)
    return game


def unit(game: TricksGame, cards: str, trump: str = "S", level: str = "10") -> str:
    c = game.classify(cards, trump=trump, level=level)
    return "nothing" if c is None else c.name


# ------------------------------------------------------------------ 拖拉机的构成
@pytest.mark.parametrize("cards", ["HK HK HQ HQ", "HJ HJ H9 H9", "H5 H5 H4 H4 H3 H3",
                                   "LJ LJ S10 S10", "S10 S10 H10 H10", "H10 H10 SA SA",
                                   "S10 S10 H10 H10 SA SA", "BJ BJ LJ LJ"])
def test_tractor_seed_tractors(tractor: TricksGame, cards: str) -> None:
    assert unit(tractor, cards) == "tractor"


@pytest.mark.parametrize("cards", ["H5 H5 H4", "H5 H4 H4", "H5 H5 H3 H3", "HJ HJ HQ",
                                   "H10 H10 C10 C10", "HJ HJ H10 H10", "HA HA H2 H2"])
def test_tractor_seed_not_tractors(tractor: TricksGame, cards: str) -> None:
    assert unit(tractor, cards) == "nothing"


def test_tractor_pairs_are_identical_cards_not_equal_ones(tractor: TricksGame) -> None:
    assert unit(tractor, "H10 H10") == "pair"
    assert unit(tractor, "H10 C10") == "nothing"  # equal trumps, not a pair
    assert unit(tractor, "SK") == "single"


def test_tractor_order_playing_10_with_spades_trump(tractor: TricksGame) -> None:
    # BJ, LJ, S10, the other 10s (equal), SA K Q J 9 ... 2; plain suits without their 10
    state = tractor.state("S", "10")
    hand = tractor.parse_cards("S2 SA H10 C10 S10 LJ BJ H9 HJ")
    assert tractor.format_cards(tractor.sort_cards(hand, state)) == \
        "H9 HJ S2 SA H10 C10 S10 LJ BJ"
    order = tractor.order(state)
    assert order.pos[tractor.parse_cards("H10")[0]] == order.pos[tractor.parse_cards("C10")[0]]


def test_tractor_no_trump_keeps_only_jokers_and_the_rank(tractor: TricksGame) -> None:
    state = tractor.state("none", "10")
    order = tractor.order(state)
    trumps = {c for c in tractor.tm.DECK if order.cls[c] == 4}
    assert tractor.format_cards(sorted(trumps)) == "S10 H10 C10 D10 LJ BJ"
    assert unit(tractor, "H10 H10 LJ LJ", trump="none") == "tractor"


# ------------------------------------------------------------------ tricks, ruffs, ties
def winner(game: TricksGame, *plays: str, trump: str = "S", level: str = "10") -> int:
    return game.trick_winner(list(plays), game.state(trump, level)) + 1


def test_tractor_equal_cards_first_played_wins(tractor: TricksGame) -> None:
    assert winner(tractor, "H10", "C10", "D10", "S3") == 1
    assert winner(tractor, "HA", "HA", "H3", "H4") == 1


def test_tractor_ruff_9988_7_2_beats_ak5544(tractor: TricksGame) -> None:
    assert winner(tractor, "HA HK H5 H5 H4 H4", "S9 S9 S8 S8 S7 S2") == 2


def test_tractor_ruff_9988_7_2_cannot_ruff_aa5544(tractor: TricksGame) -> None:
    assert winner(tractor, "HA HA H5 H5 H4 H4", "S9 S9 S8 S8 S7 S2") == 1


def test_tractor_884_overruffs_977_on_544(tractor: TricksGame) -> None:
    assert winner(tractor, "H5 H4 H4", "S9 S7 S7", "S8 S8 S4") == 3


def test_tractor_884_cannot_overruff_977_on_567(tractor: TricksGame) -> None:
    assert winner(tractor, "H5 H6 H7", "S9 S7 S7", "S8 S8 S4") == 2


def test_tractor_a_follow_without_the_leads_units_cannot_win(tractor: TricksGame) -> None:
    assert winner(tractor, "H5 H5", "H6 H7") == 1
    assert winner(tractor, "H5 H5", "S3 S4") == 1  # trumps without a pair: a discard
    assert winner(tractor, "H5 H5", "H6 H6", "S3 S3") == 3


# ------------------------------------------------------------------ 甩牌
@pytest.mark.parametrize(("others", "played"), [
    (["HJ C3", "D3"], "H9"),                  # the J beats the 9
    (["HQ HQ", "D3"], "H4 H4"),               # QQ beats 88 and 44: the smaller
    (["H5 H5 C3", "D3"], "H4 H4"),            # 55 beats 44
    (["H7 H6 H2", "SA SA"], "H9 H8 H8 H4 H4"),  # nobody beats any unit; trumps do not count
])
def test_tractor_throw_98844(tractor: TricksGame, others: list[str], played: str) -> None:
    state = tractor.state("S", "10")
    got = tractor.throw_outcome("H9 H8 H8 H4 H4", others, state)
    assert sorted(got) == sorted(tractor.parse_cards(played))


# ------------------------------------------------------------------ following
@pytest.mark.parametrize(("lead", "hand", "play", "legal"), [
    ("H5 H5", "H3 H4 H4 S2", "H4 H4", True),
    ("H5 H5", "H3 H4 H4 S2", "H3 H4", False),                 # has a pair: must play it
    ("H5 H5", "H7 H7 H8 H8 H2", "H2 H7", False),              # pairs inside a tractor count
    ("HQ HQ HJ HJ", "H2 H2 H3 H3 H8 H9 C4", "H2 H2 H8 H9", False),  # has a tractor
    ("HQ HQ HJ HJ", "H2 H2 H7 H7 H9 HK", "H2 H2 H9 HK", False),     # else pairs
    ("HQ HQ HJ HJ", "H2 H2 H7 H7 H9 HK", "H2 H2 H7 H7", True),
    ("H5", "H3 S2", "S2", False),                             # not void: follow suit
    ("H5", "C4 S2", "S2", True),
    ("H5 H5 H6", "H7 C4 C5", "H7 C4 C5", True),               # all of the suit, then anything
])
def test_tractor_follow_rules(tractor: TricksGame, lead: str, hand: str, play: str,
                              legal: bool) -> None:
    problem = tractor.follow_problem(lead, hand, play, tractor.state("S", "10"))
    assert (problem is None) == legal, problem


def test_tractor_follow_refusal_names_what_the_lead_calls_for(tractor: TricksGame) -> None:
    problem = tractor.follow_problem("H5 H5", "H3 H4 H4 S2", "H3 H4", tractor.state("S", "10"))
    assert problem == "the lead calls for pair: play it from your hand"


# ------------------------------------------------------------------ level changes, kitty
@pytest.mark.parametrize(("points", "up", "dealer"), [
    (0, (3, 0, 3, 0), 2), (35, (2, 0, 2, 0), 2), (40, (1, 0, 1, 0), 2), (79, (1, 0, 1, 0), 2),
    (80, (0, 0, 0, 0), 1), (119, (0, 0, 0, 0), 1), (120, (0, 1, 0, 1), 1),
    (160, (0, 2, 0, 2), 1), (200, (0, 3, 0, 3), 1), (240, (0, 4, 0, 4), 1),
])
def test_tractor_level_table_two_decks(tractor: TricksGame, points: int,
                                       up: tuple[int, ...], dealer: int) -> None:
    got = tractor.settle(dealer=0, points=points)
    assert got.level_up == up and got.next_dealer == dealer


@pytest.mark.parametrize(("last", "points"), [(0, 30), (1, 50), (2, 70), (4, 110)])
def test_tractor_kitty_doubling(tractor: TricksGame, last: int, points: int) -> None:
    assert tractor.settle(dealer=0, points=30, kitty=10, last=last).defender_points == points


def test_tractor_defenders_climb_stops_at_a(tractor: TricksGame) -> None:
    got = tractor.settle(dealer=0, points=200, levels=[0, 11, 0, 11])
    assert got.level_up == (0, 1, 0, 1) and got.levels == (0, 12, 0, 12)


def test_tractor_plays_compare_within_a_trick_only(tractor: TricksGame) -> None:
    """A tricks game is no climbing game: it has no ``beats``; plays compare within a trick,
    under a trump state."""
    assert not isinstance(tractor, ClimbingGame) and not hasattr(tractor, "beats")
    assert tractor.trick_winner(["HK", "HA"], tractor.state("S", "2")) == 1


# ------------------------------------------------------------------ examples that fail
def _mutations() -> list[tuple[int, str]]:
    """Each worked example of tractor.rules with its expectation turned false."""
    flips = [(" is tractor", " is nothing"), (" is nothing", " is pair"),
             (" is pair", " is single"), (" is single", " is nothing"),
             ("is legal", "is illegal"), ("is illegal", "is legal")]
    out = []
    for i, line in enumerate((GAMES / "tractor.rules").read_text().splitlines()):
        if not line.startswith("example"):
            continue
        body = line.split("#")[0].rstrip()
        new = body
        for a, b in flips:
            if a in body:
                new = body.replace(a, b)
                break
        else:
            if " trick " in body:
                new = re.sub(r"=> (\d)$", lambda m: "=> " + ("1" if m.group(1) != "1" else "2"),
                             body)
            elif " throw " in body:
                new = re.sub(r'=> "[^"]*"$', '=> "H3"', body)
            elif "settle" in body:
                new = re.sub(r"up (\d)", lambda m: f"up {int(m.group(1)) + 1}", body)
        assert new != body, body
        out.append((i, new))
    return out


def test_every_tractor_example_fails_when_falsified(tmp_path: Path) -> None:
    lines = (GAMES / "tractor.rules").read_text().splitlines()
    mutations = _mutations()
    assert len(mutations) >= 60
    for i, new in mutations:
        text = "\n".join(lines[:i] + [new] + lines[i + 1:])
        path = tmp_path / "tractor.rules"
        path.write_text(text)
        try:
            game = cardrules.load(path)
        except CompileError:
            continue  # a falsified throw may name cards the throw lacks: also caught
        failures = check_examples(game)
        assert len(failures) == 1 and failures[0].span.line == i + 1, new


# ------------------------------------------------------------------ diagnostics
TRICKS = (GAMES / "tractor.rules").read_text().split("# ----------------")[0]


def with_line(old: str, new: str) -> str:
    assert old in TRICKS, old
    return TRICKS.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    return next(i for i, x in enumerate(text.splitlines(), 1) if needle in x)


CASES = [
    ("a tricks statement in a climbing game", None, "levels 2 3 4",
     "levels belongs to family tricks", "family tricks"),
    ("a climbing statement in a tricks game", ("ties: first", "ties: first\npass: forbidden"),
     "pass: forbidden", "pass belongs to the climbing family, not to family tricks", "units"),
    ("a chain of a chain", ('unit tractor "拖拉机" { chain pair min 2 }',
                            'unit tractor "拖拉机" { chain pair min 2 }\n'
                            "unit long { chain tractor min 2 }"),
     "unit long", "a chain is made of identical cards; tractor is a chain itself", ""),
    ("three identical cards in two decks", ('unit pair "对子" { identical 2 }',
                                            'unit pair "对子" { identical 3 }'),
     'unit pair "对子"', "a deck of 2 copies has no 3 identical cards", "copies"),
    ("unknown unit in a follow", ("pair: pair then single", "pair: pair then singel"),
     "pair: pair then singel", "unknown unit 'singel'", "did you mean 'single'?"),
    ("a follow alternative too big", ("pair: pair then single", "pair: pair + pair then single"),
     "pair: pair + pair", "pair + pair holds more cards (4) than a pair (2)", ""),
    ("jokers left out of the trumps", ("order: suit < off rank < suit rank < LJ < BJ",
                                       "order: suit < off rank < suit rank"),
     "trumps {", "the jokers need a place in the trump order", "< LJ < BJ"),
    ("a pattern twice", ("order: suit < off rank", "order: suit < suit < off rank"),
     "order: suit < suit", "this pattern is already in the trump order", ""),
    ("a joker names a suit", ("bid 2 LJ or 2 BJ names none", "bid 2 LJ or 2 BJ names suit"),
     "bid 2 LJ or 2 BJ", "a joker has no suit to name", "names none"),
    ("a deal that leaves cards out", ("deal 25 each", "deal 24 each"), "deal 24",
     "4 x 24 cards + kitty 8 is not the 108 cards of the deck", "every card is dealt"),
    ("no sides", ("teams: opposite", "teams: none"), "teams: none",
     "family tricks plays two sides of partners sitting opposite", "teams: opposite"),
    ("kitty bonus reads itself", ("def kitty_mult(p) = 2 * last_unit()",
                                  "def kitty_mult(p) = defender_points()"), "kitty bonus:",
     "the kitty bonus kitty_mult reads defender_points(), which includes the kitty bonus",
     "kitty_points()"),
    ("a climbing builtin in a tricks formula", ("def kitty_mult(p) = 2 * last_unit()",
                                                "def kitty_mult(p) = cards_left(p)"),
     "def kitty_mult", "unknown function 'cards_left'", ""),
    ("dealer next is not a seat", ("dealer next: if", "dealer next: band\ndef unused(p) = if"),
     "dealer next:", "expected seat here, but this is int", ""),
    ("a throw never led", ("lead: single | pair | tractor | throw", "lead: single | pair"),
     "throw \"甩牌\"", "the throw is never led", "| throw"),
    ("a trump suit that is not a suit", ("ties: first", "ties: first\nexample with trump X "
                                         "level 10: \"HK\" is single"),
     "example with trump X", "'X' is not a trump suit", "'none'"),
    ("a follow example playing cards not held",
     ("ties: first", 'ties: first\nexample with trump S level 10: follow "H5" hand "H3" plays '
      '"H4" is legal'), "example with trump S level 10: follow",
     "the play holds cards the hand does not", ""),
    ("a settle example with an unknown setup", ("ties: first", "ties: first\nexample settle "
                                                "dealer 0 trumps 3 => up 0 0 0 0"),
     "example settle", "an example cannot set 'trumps'", "dealer"),
]


@pytest.mark.parametrize(("label", "change", "needle", "message", "hint"),
                         CASES, ids=[c[0] for c in CASES])
def test_bad_tricks_rules_give_located_messages(label: str, change: tuple[str, str] | None,
                                                needle: str, message: str, hint: str) -> None:
    if change is None:  # a tricks statement in a climbing game
        text = ("game mini\nplayers 4\ndeck 52\ndeal 13 each\nranks 3 4 5 6 7 8 9 10 J Q K A 2\n"
                "combination single { group 1 key card }\ndef score(p) = 0\nlevels 2 3 4\n")
    else:
        text = with_line(*change)
    with pytest.raises(CompileError) as info:
        compile_text(text, "bad.rules")
    found = [d for d in info.value.diagnostics if d.message == message]
    assert found, [d.message for d in info.value.diagnostics]
    assert found[0].span.line == line_of(text, needle)
    assert hint in found[0].hint



# ------------------------------------------------------------------ diff
def test_diff_tractor_2_trump_shows_the_order_with_two_cards() -> None:
    from cardrules.compiler.diff import diff
    from cardrules.families.climbing.witness import with_witnesses
    a, b = cardrules.load("tractor"), cardrules.load("tractor_2_trump")
    diffs = with_witnesses(a, b, diff(a.ir, b.ir))
    assert [d.record() for d in diffs] == [{
        "area": "ordering", "what": "trump order", "change": "changed",
        "old": "suit < off rank < suit rank < LJ < BJ",
        "new": "suit < off 2 < suit 2 < off rank < suit rank < LJ < BJ",
        "witness": "trump S level 3: trick S2, S4 is won by play 2 in tractor, play 1 in "
                   "tractor_2_trump"}]


def test_diff_shengji_shows_deck_deal_and_bands_with_a_scoring_witness() -> None:
    from cardrules.compiler.diff import diff
    from cardrules.families.climbing.witness import with_witnesses
    a, b = cardrules.load("tractor"), cardrules.load("shengji")
    diffs = {d.what: d for d in with_witnesses(a, b, diff(a.ir, b.ir))}
    assert (diffs["deck"].old, diffs["deck"].new) == ("54 cards x 2", "54 cards x 1")
    assert (diffs["deal"].old, diffs["deal"].new) == ("25 each", "12 each")
    assert diffs["const band"].witness == (
        "dealer 0, defenders 20 points: tractor gives points 20, up 2 0 2 0, dealer 2; "
        "shengji gives points 20, up 1 0 1 0, dealer 2")
    assert diffs["unit pair"].change == "removed" and "S2 S2 is pair in tractor" in (
        diffs["unit pair"].witness or "")


def test_diff_band_change_has_a_settle_witness(tmp_path: Path) -> None:
    from cardrules.compiler.diff import diff
    from cardrules.families.climbing.witness import with_witnesses
    path = tmp_path / "bands.rules"
    path.write_text("game bands extends tractor\noverride const band = 20\n")
    a, b = cardrules.load("tractor"), cardrules.load(path)
    diffs = with_witnesses(a, b, diff(a.ir, b.ir))
    assert [(d.what, d.old, d.new) for d in diffs] == [("const band", "40", "20")]
    assert diffs[0].witness == ("dealer 0, defenders 20 points: tractor gives points 20, up 2 0 "
                                "2 0, dealer 2; bands gives points 20, up 1 0 1 0, dealer 2")


def test_diff_across_families_names_the_family(tractor: TricksGame) -> None:
    from cardrules.compiler.diff import diff
    from cardrules.families.climbing.witness import with_witnesses
    b = cardrules.load("big_two")
    diffs = with_witnesses(tractor, b, diff(tractor.ir, b.ir))
    assert diffs[0].record()["what"] == "family"
    assert all(d.witness is None for d in diffs)


def test_hostile_labels_and_title_stay_strings() -> None:
    from cardrules.compiler import generate
    text = TRICKS.replace('title "拖拉机 Tractor (two decks)"',
                          'title "x\\"\\"\\"); import os; os.system(\\"echo pwned\\"); (\\"\\"\\""')
    text = text.replace('unit pair "对子"', 'unit pair "\\"); import os #"')
    assert text != TRICKS
    source = generate(compile_text(text, "evil'\n.rules"), "evil'\n.rules")
    compile(source, "<generated>", "exec")  # valid Python
    assert "import os" not in [line.strip() for line in source.splitlines()]
    assert "'\"); import os #'" in source


def test_titanic_splits_a_throw_largest_unit_first() -> None:
    """The reading stated in titanic.rules: H7 H7 H8 H8 H8 is tractor 7788 + single 8."""
    from cardrules.cards import format_cards, parse_cards
    from cardrules.runtime.tricks import trick

    game = cardrules.load("titanic")
    assert isinstance(game, TricksGame)
    order = game.order(game.state("S", "5"))
    pieces = trick.decompose(list(parse_cards("H7 H7 H8 H8 H8")), order, game.tm)
    assert [(game.tm.UNITS[p.unit], format_cards(list(p.cards))) for p in pieces] == [
        ("tractor", "H7 H7 H8 H8"), ("single", "H8")]


def test_removing_a_unit_the_base_names_is_reported_at_the_remove(tmp_path: Path) -> None:
    """Before: six errors in tractor.rules (39-56: unknown unit 'pair', and a follow
    alternative 'holding more cards than a tractor (0)'), none at the remove line."""
    from cardrules.compiler import compile_path

    path = tmp_path / "nopair.rules"
    path.write_text('game nopair extends tractor\ntitle "v"\nremove unit pair\n')
    with pytest.raises(CompileError) as err:
        compile_path(path)
    found = [(Path(d.span.file).name, d.span.line, d.message, d.hint)
             for d in err.value.diagnostics]
    assert found == [
        ("nopair.rules", 3, f"removing unit pair breaks the base game's {key}, which names it",
         f"override {key} too (at tractor.rules:{line})")
        for key, line in (("unit tractor", 39), ("lead", 40), ("follow", 55))]


def test_a_deal_past_the_deck_is_reported_once(tmp_path: Path) -> None:
    """Before: 'is more than the 108 cards' and 'is not the 108 cards', at the same place."""
    from cardrules.compiler import compile_path

    path = tmp_path / "kitty9.rules"
    path.write_text('game kitty9 extends tractor\ntitle "v"\n'
                    "override deal 25 each counterclockwise kitty 9\n")
    with pytest.raises(CompileError) as err:
        compile_path(path)
    assert [(d.span.line, d.message) for d in err.value.diagnostics] == [
        (3, "4 x 25 cards + kitty 9 is more than the 108 cards of the deck")]


@pytest.mark.parametrize(("text", "expected"), [
    ("override players 3", [
        (2, "family tricks plays two sides of partners sitting opposite",
         "it breaks the base game's teams (tractor.rules:11): override teams too; write "
         "'teams: opposite' with an even number of players"),
        (2, "3 x 12 cards + kitty 6 is not the 54 cards of the deck",
         "it breaks the base game's deal (shengji.rules:8): override deal too; in family "
         "tricks every card is dealt")]),
    # the jokers the base's trump order names are said missing once, at the override (before:
    # also 'this pattern is already in the trump order' at tractor.rules:33, both being -1)
    ("override deck 52", [
        (2, "4 x 12 cards + kitty 6 is more than the 52 cards of the deck",
         "it breaks the base game's deal (shengji.rules:8): override deal too")]
     + [(2, f"the deck has no {j}", f"it breaks the base game's {key} ({where}): override "
         f"{key} too; jokers need 'deck 54'")
        for key, where in (("trumps", "tractor.rules:33"), ("bidding", "shengji.rules:25"))
        for j in ("LJ", "BJ")]),
])
def test_an_override_that_breaks_an_inherited_statement_is_reported_at_it(
        tmp_path: Path, text: str, expected: list[tuple[int, str, str]]) -> None:
    """Before: reported at the base's lines (shengji.rules:8:15, tractor.rules:11:1), as
    docs/language.md says they must not be."""
    from cardrules.compiler import compile_path

    path = tmp_path / "x.rules"
    path.write_text(f"game x extends shengji\n{text}\n")
    with pytest.raises(CompileError) as err:
        compile_path(path)
    assert [(d.span.line, d.message, d.hint) for d in err.value.diagnostics
            if d.span.file == str(path)] == expected
    assert all(d.span.file == str(path) for d in err.value.diagnostics)
