"""Bids made of a stated set of cards (`bid LJ + BJ names none`): the grammar and its
diagnostics, the round's bids at the table, and what the reading of 升级 with one deck
changes: no-trump takes both jokers, not one."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules.cards import parse_cards
from cardrules.compiler import CompileError, compile_text
from cardrules.families.tricks.game import TricksGame
from cardrules.runtime.tricks.deal import legal_bids

ONE_JOKER = """game one_joker extends shengji
override bidding "亮主" {
  during deal
  bid 1 rank names suit
  bid 1 LJ or 1 BJ names none
  overrides: higher
  no bid: no_trump
}
"""


def no_trump_rounds(game: TricksGame, kind: str, rounds: int = 200, both: bool = True) -> int:
    """Of ``rounds`` seeded first rounds, how many end their bidding in no-trump."""
    out = 0
    for seed in range(rounds):
        t = game.new_table(seed=seed, seats=[kind] * game.players)
        while t.phase in ("deal", "last bids"):
            t.apply(t.bot_move())
        if t.state.suit < 0:
            out += 1
            standing = t.bids[-1] if t.bids else None
            assert standing is None or str(standing) == "LJ BJ" or not both, standing
    return out


def test_shengji_no_trump_needs_both_jokers_in_one_hand() -> None:
    # Bots that bid whenever they can: no-trump when one hand holds both jokers, with
    # probability 4 x 12/54 x 11/53 = 0.184 (about 37 of 200, sd 5.5); the bound is 4 sd wide.
    game = cardrules.load("shengji")
    assert isinstance(game, TricksGame)
    assert 15 <= no_trump_rounds(game, "greedy") <= 60  # measured: 35
    assert 15 <= no_trump_rounds(game, "random") <= 60  # measured: 33


def test_one_joker_for_no_trump_makes_nearly_every_round_no_trump(tmp_path: Path) -> None:
    # The former reading: a joker is dealt to some hand unless both lie in the kitty
    # (1 - 6/54 x 5/53 = 0.99): measured 199 of 200.
    (tmp_path / "one_joker.rules").write_text(ONE_JOKER)
    game = cardrules.load(str(tmp_path / "one_joker.rules"))
    assert isinstance(game, TricksGame)
    assert no_trump_rounds(game, "greedy", both=False) >= 190


def test_a_bid_of_two_jokers_is_offered_typed_and_shown() -> None:
    game = cardrules.load("shengji")
    assert isinstance(game, TricksGame)
    hand = list(parse_cards("LJ S3 BJ H2"))
    bids = legal_bids(game.tm, 0, hand, 0, None)  # level 2
    assert [(str(b), b.suit, b.level) for b in bids] == [("H2", 1, 0), ("LJ BJ", -1, 1)]
    assert legal_bids(game.tm, 0, list(parse_cards("LJ S3 H4")), 0, None) == []
    # over a standing rank bid, only the jokers
    assert [str(b) for b in legal_bids(game.tm, 1, hand, 0, bids[0])] == ["LJ BJ"]
    # at the table: deal until a seat holds both jokers, then type them in any order
    for seed in range(200):
        t = game.new_table(seed=seed, seats=["random"] * 4)
        while t.phase in ("deal", "last bids"):
            offered = [a for a in t.legal_actions() if a.kind == "bid" and a.level == 1]
            if offered:
                assert str(offered[0]) == "bid LJ BJ"
                seat = t.seat
                t.apply("bid BJ LJ")
                assert t.bids[-1].seat == seat and str(t.bids[-1]) == "LJ BJ"
                assert (seat, "LJ BJ") in t.view((seat + 1) % 4).bids
                while t.phase in ("deal", "last bids"):
                    t.apply("pass")
                assert t.state.suit == -1
                return
            t.apply("pass")
    pytest.fail("no seed of 200 dealt both jokers to one hand")


TRACTOR = (Path(cardrules.__file__).parent / "games" / "tractor.rules").read_text()


@pytest.mark.parametrize(("line", "message", "hint"), [
    ("bid LJ + H3 names suit", "a joker has no suit to name", "names none"),
    ("bid H3 + C3 names suit", "a bid that names a suit shows cards of that one suit",
     "names none"),
    ("bid 2 LJ + 2 LJ names none", "a deck of 2 copies has no 4 identical cards", ""),
    ("bid 3 rank names suit", "a deck of 2 copies has no 3 identical cards", ""),
    ("bid 2 S3 + 2 S4 + 2 S5 + 2 S6 + S7 names suit", "a bid shows at most 8 cards", ""),
    ("bid LJ + XX names none", "'XX' is not a card", ""),
])
def test_bad_bid_sets_give_located_messages(line: str, message: str, hint: str) -> None:
    text = TRACTOR.replace("  bid 2 LJ or 2 BJ names none", "  " + line, 1)
    with pytest.raises(CompileError) as info:
        compile_text(text, "bad.rules")
    found = [d for d in info.value.diagnostics if d.message == message]
    assert found, [d.message for d in info.value.diagnostics]
    assert found[0].span.line == next(i for i, x in enumerate(text.splitlines(), 1)
                                      if line in x)
    assert hint in (found[0].hint or "")


def test_a_set_of_one_suit_names_that_suit() -> None:
    text = TRACTOR.replace("  bid 2 LJ or 2 BJ names none", "  bid SA + SK names suit", 1)
    m = compile_text(text, "sets.rules")
    assert m.tricks is not None and m.tricks.bids[-1].options == ((11, 12),)
    assert m.tricks.bids[-1].names == "suit"


def test_diff_names_a_bid_set_and_a_witness() -> None:
    from cardrules.compiler.diff import diff
    from cardrules.families.climbing.witness import with_witnesses
    a, b = cardrules.load("tractor"), cardrules.load("shengji")
    found = [d for d in with_witnesses(a, b, diff(a.ir, b.ir)) if d.what == "bidding"]
    assert [(d.old, d.new) for d in found] == [(
        "1 rank names suit; 2 rank names suit; 2 LJ or 2 BJ names none",
        "1 rank names suit; LJ + BJ names none")]
    assert found[0].witness == ("level 2, nobody bid yet: showing S2 S2 is a bid in tractor, "
                                "no bid in shengji")
