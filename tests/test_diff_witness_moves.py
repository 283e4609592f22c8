"""`cardrules diff`: a flow witness names a move legal in one game and not in the other, and
a move is its cards, in any order. Two games that write the cards of a play in two card
orders (suits listed otherwise) offer the same pair as ``D4 C4`` in one and ``C4 D4`` in the
other: that is no difference. Every witness printed for these pairs is checked against the
games' own ``legal_actions()``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardrules
from cardrules.cli import main
from cardrules.compiler.diff import diff
from cardrules.families.climbing.game import ClimbingGame
from cardrules.families.climbing.witness import with_witnesses
from cardrules.runtime.climbing.table import Table
from cardrules.runtime.protocol import Play

W1 = ('game w1 extends big_two\ntitle "w1"\noverride suits S H C D\n'
      "override lead next: random\n")
W2 = ('game w2 extends big_two\ntitle "w2"\noverride suits S H C D\n'
      "override pass: forbidden\n")

LEAD = re.compile(r"deal of seed (\d+), (the first round|a later round whose last winner is "
                  r"seat 0): seat (\d+) may lead (.+) in (\w+), not in (\w+)")
PLAY = re.compile(r"deal of seed (\d+) after (\d+) moves?(?: \(last: [^)]*\))?: seat (\d+) "
                  r"may play (.+) in (\w+), not in (\w+)")
SINGLES = re.compile(r"(\S+) vs (\S+): (\S+) wins in (\w+), (\S+) wins in (\w+)")


def _games(tmp_path: Path, text: str) -> tuple[ClimbingGame, ClimbingGame, Path]:
    name = text.split()[1]
    path = tmp_path / f"{name}.rules"
    path.write_text(text)
    a, b = cardrules.load("big_two"), cardrules.load(path)
    assert isinstance(a, ClimbingGame) and isinstance(b, ClimbingGame)
    return a, b, path


def _witnesses(a: ClimbingGame, b: ClimbingGame) -> dict[str, str]:
    return {d.what: d.witness for d in with_witnesses(a, b, diff(a.ir, b.ir))
            if d.witness is not None}


def _offers(g: ClimbingGame, t: Table, text: str) -> bool:
    """Whether the seat to play at ``t`` may play these cards (in any order), or pass."""
    cards = [] if text == "pass" else sorted(g.parse_cards(text))
    return any(isinstance(m, Play) and sorted(m.cards) == cards for m in t.legal_actions())


def _beats(g: ClimbingGame, x: int, y: int) -> bool:
    """Whether the single ``x`` may be played on the single ``y`` (a later round, so no
    lead card is due; each seat holds one more card, so nobody goes out)."""
    spare = [c for c in g.module.DECK if c not in (x, y)]
    hands = [[y, spare[0]], [x, spare[1]], *([c] for c in spare[2:g.players])]
    t = g.new_table(hands=hands, first_round=False, leader=0)
    t.apply([y])
    return _offers(g, t, g.format_cards([x]))


def check(a: ClimbingGame, b: ClimbingGame, witness: str) -> None:
    """The witness is true of the two games, at their own tables: the move it names is
    legal in the game it names and not in the other; a pair of singles wins as it says."""
    games = {a.name: a, b.name: b}
    if m := LEAD.fullmatch(witness):
        seed, when, seat, move, yes, no = m.groups()
        hands = [list(h) for h in a.new_table(seed=int(seed)).dealt]
        first = when == "the first round"
        tables = {n: g.new_table(hands=hands, first_round=first,
                                 leader=None if first or g.module.LEAD_NEXT == "holder" else 0)
                  for n, g in games.items()}
        assert {t.seat for t in tables.values()} == {int(seat)}
    elif m := PLAY.fullmatch(witness):
        seed, moves, seat, move, yes, no = m.groups()
        hands = [list(h) for h in a.new_table(seed=int(seed)).dealt]
        tables = {a.name: a.new_table(hands=hands, seats=["greedy"] * a.players),
                  b.name: b.new_table(hands=hands)}
        for _ in range(int(moves)):  # A's greedy game, replayed in B
            played = str(tables[a.name].bot_move())
            for t in tables.values():
                t.apply(played)
        assert {t.seat for t in tables.values()} == {int(seat)}
    elif m := SINGLES.fullmatch(witness):
        x_text, y_text, win_a, name_a, win_b, name_b = m.groups()
        assert (name_a, name_b) == (a.name, b.name)
        for g, winner in ((a, win_a), (b, win_b)):
            [x], [y] = g.parse_cards(x_text), g.parse_cards(y_text)
            assert (_beats(g, x, y), _beats(g, y, x)) == (winner == x_text, winner == y_text)
        return
    else:
        pytest.fail(f"a witness of no form this test knows: {witness}")
    assert _offers(games[yes], tables[yes], move), witness
    assert not _offers(games[no], tables[no], move), witness


@pytest.mark.parametrize("text", [W1, W2], ids=["lead_next_random", "pass_forbidden"])
def test_every_witness_is_true_at_the_tables(tmp_path: Path, text: str) -> None:
    a, b, _ = _games(tmp_path, text)
    found = _witnesses(a, b)
    assert found
    for witness in found.values():
        if not witness.startswith("no witness"):
            check(a, b, witness)


def test_the_same_pair_in_another_card_order_is_no_difference(tmp_path: Path) -> None:
    a, b, _ = _games(tmp_path, W1)
    # the pair the tester saw named as a difference: big_two offers it, written D4 C4
    found = _witnesses(a, b)
    assert "C4 D4" not in found["lead next"]
    assert found["lead next"] == "no witness found in the searched plays"
    hands = [list(h) for h in a.new_table(seed=0).dealt]
    ta, tb = (g.new_table(hands=hands, first_round=False, leader=0) for g in (a, b))
    assert _offers(a, ta, "C4 D4") and _offers(b, tb, "C4 D4")
    assert "D4 C4" in {str(m) for m in ta.legal_actions()}
    assert "C4 D4" in {str(m) for m in tb.legal_actions()}


def test_pass_forbidden_is_witnessed_by_a_pass(tmp_path: Path) -> None:
    a, b, _ = _games(tmp_path, W2)
    witness = _witnesses(a, b)["pass"]
    assert "D3 C3" not in witness
    assert witness == ("deal of seed 0 after 1 move (last: D3): seat 3 may play pass in "
                       "big_two, not in w2")
    check(a, b, witness)


@pytest.mark.parametrize("text", [W1, W2], ids=["lead_next_random", "pass_forbidden"])
def test_the_command_prints_only_true_witnesses(tmp_path: Path, text: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    a, b, path = _games(tmp_path, text)
    assert main(["diff", "big_two", str(path)]) == 1
    printed = [line.removeprefix("    witness: ") for line in capsys.readouterr().out.split("\n")
               if line.startswith("    witness: ")]
    assert printed
    assert not any("C4 D4" in w or "D3 C3" in w for w in printed)
    for witness in printed:
        if not witness.startswith("no witness"):
            check(a, b, witness)


# ------------------------------------------------------------------ one change's own witness
RANKS = "override ranks 2 3 4 5 6 7 8 9 10 J Q K A\n"
W3 = f'game w3 extends big_two\ntitle "w3"\n{RANKS}override top H3\n'
W3_RANKS = f'game w3_ranks extends big_two\ntitle "w3 ranks"\n{RANKS}'  # w3 without top H3
W3_TOP = 'game w3_top extends big_two\ntitle "w3 top"\noverride top H3\n'  # big_two with it
W4 = f'game w4 extends big_two\ntitle "w4"\n{RANKS}override order suit then rank\n'
W4_RANKS = W3_RANKS.replace("w3", "w4")
W4_ORDER = 'game w4_order extends big_two\ntitle "w4 order"\noverride order suit then rank\n'


def _winner(g: ClimbingGame, x_text: str, y_text: str) -> str:
    """Which of two singles wins at ``g``'s table (``neither``), by its legal moves."""
    [x], [y] = g.parse_cards(x_text), g.parse_cards(y_text)
    return x_text if _beats(g, x, y) else y_text if _beats(g, y, x) else "neither"


@pytest.mark.parametrize(("texts", "what", "subject"), [
    ((W3, W3_TOP, W3_RANKS), "cards above all others", "H3"),
    ((W4, W4_ORDER, W4_RANKS), "card order", None),
], ids=["top", "card_order"])
def test_an_ordering_witness_shows_its_own_change_not_another(
        tmp_path: Path, texts: tuple[str, str, str], what: str, subject: str | None) -> None:
    """With the ranks changed too, a pair that the rank change alone orders otherwise is no
    witness of the top cards or the card order: the pair printed must come out otherwise
    in big_two with only that change, and in B with all but it."""
    a, b, _ = _games(tmp_path, texts[0])
    with_it, without_it = (_games(tmp_path, t)[1] for t in texts[1:])
    found = _witnesses(a, b)
    assert "rank 2" in found
    witness = found[what]
    check(a, b, witness)  # true of the two games
    m = SINGLES.fullmatch(witness)
    assert m
    x, y = m.group(1), m.group(2)
    if subject is not None:
        assert subject in (x, y)
    assert _winner(with_it, x, y) != _winner(a, x, y), witness
    assert _winner(without_it, x, y) != _winner(b, x, y), witness
