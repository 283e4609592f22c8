"""The witness search of `cardrules diff`: a time budget that holds inside play generators
that yield nothing, ends of round that a real round can reach, and witnesses that were
missed (same-rank plays of two decks; cards named by unused defs)."""

from __future__ import annotations

import signal
import threading
from pathlib import Path

import pytest
from test_docs import GAMES as MANUAL_GAMES
from test_docs import game_name

import cardrules
from cardrules.cards import parse_card
from cardrules.compiler.diff import Difference, diff
from cardrules.families.climbing.game import ClimbingGame
from cardrules.families.climbing.witness import NOT_FOUND, _named_cards, with_witnesses

P8 = ("game {name} extends big_two\noverride players 8\noverride deal 6 each\n"
      "override def score(p) = {score}\n")


def _game(tmp_path: Path, name: str, text: str) -> ClimbingGame:
    path = tmp_path / f"{name}.rules"
    path.write_text(text, encoding="utf-8")
    game = cardrules.load(path)
    assert isinstance(game, ClimbingGame)
    return game


def _p8(tmp_path: Path, name: str, score: str) -> ClimbingGame:
    return _game(tmp_path, name, P8.format(name=name, score=score))


def _witnesses(a: ClimbingGame, b: ClimbingGame, budget: float = 6.0) -> list[Difference]:
    return with_witnesses(a, b, diff(a.ir, b.ir), budget=budget)


@pytest.fixture
def shadow(tmp_path: Path) -> ClimbingGame:
    # five_b is classified after five_a, which claims every five cards: five_b's generator
    # walks all 2.6 million five-card sets of the deck and yields none
    return _game(tmp_path, "shadow", "game shadow extends big_two\n"
                 "combination five_a { cards 5  key card }\n"
                 "combination five_b { cards 5  key card }\n")


def _five_b(got: list[Difference]) -> str | None:
    (d,) = [d for d in got if "five_b" in d.what]
    return d.witness


def test_the_budget_holds_while_a_kind_yields_no_plays(shadow: ClimbingGame) -> None:
    # Before: the budget was checked only when a play came out; five_b's search ran its
    # whole deck (12.5 s of processor time, whatever the budget) and reported NOT_FOUND.
    # Now a processor-time timer stops it at the budget.
    before = signal.getsignal(signal.SIGPROF)
    got = _witnesses(cardrules.load("big_two"), shadow, budget=0.5)
    assert _five_b(got) == ("no witness: not searched to the end; the witness search "
                            "stopped after 0.5 s of processor time, its time budget")
    assert signal.getsignal(signal.SIGPROF) == before  # the handler is put back
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_without_a_timer_a_kind_of_too_many_card_sets_is_made_from_dealt_hands(
        shadow: ClimbingGame) -> None:
    # Off the main thread there is no SIGPROF timer: the whole deck's 2.6 million five-card
    # sets are not walked, only dealt hands of 13 cards (1287 sets each).
    a = cardrules.load("big_two")
    got: list[list[Difference]] = []
    t = threading.Thread(target=lambda: got.append(_witnesses(a, shadow)))
    t.start()
    t.join()
    assert _five_b(got[0]) == (f"{NOT_FOUND}; not searched: five_b plays beyond the first "
                               "50 of each of 16 dealt hands (in shadow)")


def test_scoring_witness_holds_no_more_cards_than_were_dealt(tmp_path: Path) -> None:
    # Before: "places 1 0 0 0 0 0 0 0, cards left 0 5 8 13 4 11 6 2, S2 held by 0": 13 and
    # 11 cards left of a deal of 6, and S2 named only by big_two's unused card_points.
    a = _p8(tmp_path, "p8a", "cards_left(p)")
    c = _p8(tmp_path, "p8c", "if cards_left(p) > 6 then 1000 else cards_left(p)")
    (d,) = [d for d in _witnesses(a, c) if d.what == "def score"]
    assert d.witness == "no end of round found that the two score differently"


def test_scoring_witness_uses_the_cards_the_score_names(tmp_path: Path) -> None:
    # Before: the named cards were the first three of S2 (from the unused card_points), S3,
    # H3, C3, so S2 took a slot: "not searched to the end" after the whole 6 s budget.
    a = _p8(tmp_path, "p8a", "cards_left(p)")
    b = _p8(tmp_path, "p8b", "if holds(p, S3) and holds(p, H3) and holds(p, C3) and "
            "cards_left(p) == 5 then 99 else cards_left(p)")
    (d,) = [d for d in _witnesses(a, b) if d.what == "def score"]
    assert d.witness == ("places 1 0 0 0 0 0 0 0, cards left 0 5 6 6 4 6 6 2, S3 H3 C3 held "
                         "by 1: scores 0 5 6 6 4 6 6 2 in p8a, 0 99 6 6 4 6 6 2 in p8b")


def test_named_cards_follow_the_defs_score_calls(tmp_path: Path) -> None:
    # big_two's score sums card_points, which names S2; a score that calls no def names none
    assert _named_cards(cardrules.load("big_two")) == [parse_card("S2")]
    assert _named_cards(_p8(tmp_path, "p8a", "cards_left(p)")) == []


def test_same_rank_plays_of_two_decks_witness_a_key_change(tmp_path: Path) -> None:
    # Before: "no witness found in the searched plays": pairs were only those both games
    # can deal together, and one deck holds no two same-rank triples without a shared card.
    (text,) = [t for t in MANUAL_GAMES if game_name(t) == "shuang_kou"]
    a, b = _game(tmp_path, "shuang_kou", text), cardrules.load("big_two")
    (d,) = [d for d in _witnesses(a, b) if d.what.startswith("triple: key")]
    assert d.witness == ("D3 C3 H3 vs D3 C3 S3: neither wins in shuang_kou, D3 C3 S3 wins "
                         "in big_two (dealt together only in shuang_kou, with 2 of each card)")


def test_a_sigprof_handler_in_use_is_left_alone(shadow: ClimbingGame) -> None:
    # A profiler's SIGPROF is not taken over: the search falls back to dealt hands.
    rang: list[int] = []
    old = signal.signal(signal.SIGPROF, lambda signum, frame: rang.append(signum))
    try:
        mine = signal.getsignal(signal.SIGPROF)
        got = _witnesses(cardrules.load("big_two"), shadow)
        assert signal.getsignal(signal.SIGPROF) is mine
        assert _five_b(got) == (f"{NOT_FOUND}; not searched: five_b plays beyond the first "
                                "50 of each of 16 dealt hands (in shadow)")
    finally:
        signal.signal(signal.SIGPROF, old)
    assert rang == []
