"""Kinds asked under one test in the generated lead: a kind joins the ``if`` of the kind
before only when that kind was asked as one ``if`` block (a sequence kind is asked after its
``runs_X = ...`` line, and the kind after it once went under the sequence's ``if``); and a
mixed-suit sequence of one-rank runs, whose suit test must not become a truth test. Found by
a review of the generator, on rules files a user could write (the built-in games do not have
these shapes)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import cardrules
from cardrules.cards import format_cards, parse_cards

GAMES = Path(cardrules.__file__).parent / "games"


def variant(tmp_path: Path, base: str, name: str, before: str, added: str) -> Path:
    """The built-in game ``base`` renamed ``name``, with ``added`` just before the line
    starting with ``before``."""
    text = (GAMES / f"{base}.rules").read_text(encoding="utf-8")
    text = text.replace(f"game {base}", f"game {name}", 1)
    at = text.index(before)
    path = tmp_path / f"{name}.rules"
    path.write_text(text[:at] + added + text[at:], encoding="utf-8")
    return path


def test_a_kind_after_a_sequence_is_not_under_its_test(tmp_path: Path) -> None:
    path = variant(tmp_path, "doudizhu", "ddz_seq", "combination four_pairs",
                   'sequence odds: 3 5 7 9 J\n'
                   'combination odd "odd" {\n  sequence of odds\n  suits mixed\n'
                   '  key sequence\n}\n')
    game = cardrules.load(path)
    hand = "S9 H9 C9 D9 S3 H3 S5 H5"
    t = game.new_table(seed=1, hands=[hand, "S4 H4", "S6 H6"], leader=0)
    acts = t.legal_actions()
    # A lead may play every set of its cards that is a combination, each once.
    cards = parse_cards(hand)
    combos = {tuple(sorted(p.cards)) for n in range(1, len(cards) + 1)
              for sub in combinations(cards, n) if (p := game.module.classify(sub)) is not None}
    assert sorted(tuple(sorted(a.cards)) for a in acts) == sorted(combos)
    assert len(acts) == 52
    assert str(t.apply(hand)) == "H3 S3 H5 S5 D9 C9 H9 S9"  # four with two pairs


def test_a_mixed_sequence_of_one_rank_runs_makes_no_single_twice(tmp_path: Path) -> None:
    path = variant(tmp_path, "big_two", "b2_one", "combination single",
                   'sequence solos: 3, 4, 5\n'
                   'combination solo "solo" {\n  sequence of solos\n  suits mixed\n'
                   '  key sequence\n}\n')
    game = cardrules.load(path)
    t = game.new_table(seed=1, hands=["D3 C3 H4 S9", "S4 H5", "S6 H6", "C7 D8"], leader=0)
    assert [format_cards(a.cards) for a in t.legal_actions()] == ["D3", "D3 C3"]
