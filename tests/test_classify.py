"""classify against every matcher tried in turn: the generated classify reads a signature of
the cards (ranks present, one suit or not, which cards) and tries only the kinds a compile-time
table allows for it (BY_SHAPE). Here it is compared with the plain reference: sort the cards,
try the matcher of every kind whose sizes include theirs, in classify's order, first match
wins. Over random card sets of every size, plays the games' own generators make, and those
plays with one card changed, for every built-in climbing game and for generated games
(cardrules.devtools.rulesgen). And ``Game.classify``'s quick way against its checked way, for
good and bad input alike."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from types import ModuleType
from typing import Any

import pytest

import cardrules
from cardrules.cards import CardError
from cardrules.compiler import CompileError, compile_text, ir
from cardrules.compiler.codegen import ModuleView
from cardrules.compiler.paths import builtin_games
from cardrules.devtools.rulesgen import SUITE, programs
from cardrules.families.climbing.game import ClimbingGame as Game
from cardrules.loader import load_module
from cardrules.runtime.protocol import Play

Reference = Callable[[Sequence[int]], tuple[int, tuple[int, ...], tuple[int, ...]] | None]


def reference(game: ir.Game, m: Any) -> Reference:
    """Every matcher in classify's order (the ladders' highest rungs first)."""
    order = ModuleView(game, "x.rules").classify_order
    sizes = [frozenset(c.sizes) for c in game.combinations]
    matchers = [getattr(m, f"match_{c.name}") for c in game.combinations]

    def classify(cards: Sequence[int]) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
        ordered = tuple(sorted(cards, key=m.CARD_KEY.__getitem__))
        for kind in order:
            if len(cards) in sizes[kind]:
                key = matchers[kind](ordered)
                if key is not None:
                    return kind, key, ordered
        return None
    return classify


def seen(play: Play | None) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
    return None if play is None else (play.kind, play.key, play.cards)


def card_sets(game: ir.Game, m: Any, rng: random.Random,
              count: int) -> Iterator[tuple[int, ...]]:
    """Random cards of every size up to one past the largest play; plays of random hands, a
    few of each kind (made lazily: a hand may have billions), and those plays with one card
    swapped for another of the deck."""
    deck = [c for c in m.DECK for _ in range(m.COPIES)]
    largest = max(n for c in game.combinations for n in c.sizes)
    for _ in range(count):
        yield tuple(rng.sample(deck, rng.randint(1, min(largest + 1, len(deck)))))
    for _ in range(max(1, count // 200)):
        hand = rng.sample(deck, min(len(deck), max(m.DEAL_EACH, largest)))
        for kind in range(len(m.KINDS)):
            made = list(islice(m.plays_of_kind(kind, hand), 60))
            for p in rng.sample(made, min(len(made), 15)):
                yield p.cards
                rest = list(deck)
                for c in p.cards:
                    rest.remove(c)
                swapped = list(p.cards)
                swapped[rng.randrange(len(swapped))] = rng.choice(rest)
                yield tuple(swapped)


def compare(game: ir.Game, m: Any, rng: random.Random, count: int) -> int:
    """Check classify against the reference on ``count``-odd card sets; the number of them
    that formed a combination."""
    ref = reference(game, m)
    hits = 0
    for cards in card_sets(game, m, rng, count):
        want = ref(cards)
        assert seen(m.classify(cards)) == want, (game.name, cards)
        hits += want is not None
    return hits


def climbing_games() -> list[Game]:
    out = []
    for path in builtin_games():
        g = cardrules.load(path.stem)
        if isinstance(g, Game) and g.module.FAMILY == "climbing":
            out.append(g)
    return out


GAMES = climbing_games()


def test_every_climbing_game_is_compared() -> None:
    assert {g.name for g in GAMES} >= {"big_two", "doudizhu", "shuang_kou"}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_classify_is_every_matcher_in_turn(game: Game) -> None:
    hits = compare(game.ir, game.module, random.Random(game.name), 3000)
    assert hits >= 200  # the plays of random hands: every kind is reached


def test_classify_of_every_five_cards_of_a_short_deck() -> None:
    # Exhaustive where it is cheap: all 5-card sets of the big_two deck's top 20 cards (the
    # straights, flushes and full houses of 10 to 2), and the 2-card and 3-card sets.
    from itertools import combinations
    g = cardrules.load("big_two")
    assert isinstance(g, Game)
    ref = reference(g.ir, g.module)
    top = sorted(g.module.DECK, key=g.module.CARD_KEY.__getitem__)[-20:]
    for n in (1, 2, 3, 4, 5, 6):
        for cards in combinations(top, n):
            assert seen(g.module.classify(cards)) == ref(cards), cards


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_module_takes_no_negative_code_for_a_card(game: Game) -> None:
    # A tuple takes -1 for its last entry: CARD_BITS[-1] would be the last code's bits.
    m = game.module
    deck = sorted(m.DECK)
    for size in (1, 2, 5, 6):
        for bad in range(-len(m.RANK), 0):
            cards = [*deck[:size - 1], bad]
            with pytest.raises(ValueError, match="card codes are 0 up"):
                m.classify(cards)
            with pytest.raises(CardError, match="card codes 0-53"):
                game.classify(cards)


def generated_games(n: int) -> Iterator[tuple[ir.Game, ModuleType]]:
    for p in programs("classify", n, SUITE):
        try:
            game = compile_text(p.text, "gen.rules")
        except CompileError:
            continue
        if game.family == "climbing" and game.banking is None:
            yield game, load_module(game, "gen.rules")[0]


def test_classify_of_generated_games() -> None:
    compared = 0
    for game, m in generated_games(60):
        compare(game, m, random.Random(game.source_hash), 400)
        compared += 1
    assert compared >= 25


# ---------------------------------------------------------------- Game.classify, quick and checked
def checked(game: Game, cards: Any) -> tuple[str, Any]:
    """The checked way alone: what Game.classify did before its quick way."""
    try:
        codes = game._checked_codes(cards)
    except CardError as err:
        return "CardError", str(err)
    except TypeError:
        return "TypeError", None
    play = game.module.classify(codes) if codes else None
    return "ok", seen(play)


def quick(game: Game, cards: Any) -> tuple[str, Any]:
    try:
        combo = game.classify(cards)
    except CardError as err:
        return "CardError", str(err)
    except TypeError:
        return "TypeError", None
    return "ok", None if combo is None else seen(combo.play)


def numpy_cases() -> list[Any]:
    """Numpy integers are integers too: codes like any other (RL libraries give them)."""
    try:
        import numpy as np
    except ImportError:
        return []
    return [[np.int64(5)], [np.int64(5), np.int8(18)], [np.int64(5), np.int64(5)],
            [np.int64(-1)], [np.float64(5.0)], list(np.array([0, 13, 26]))]


BAD: list[Any] = [[99], [-1], [-60], [300], ["x"], [1.0], [1.5], [None], [True], [0, 0], [0, 0, 0],
                  [52], [53], [52, 53], [1, 2, 1], "S3 S3", "S3 XX", "S3 BJ", "", [], (), 7,
                  "S3", "s3 h3", [0, 13], [2**70], [-2**70], [0, -0], [255], [256],
                  [False, True], [True, True], *numpy_cases()]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_quick_way_answers_as_the_checked_way(game: Game) -> None:
    rng = random.Random(1)
    deck = [c for c in game.module.DECK for _ in range(game.module.COPIES)]
    cases: list[Any] = list(BAD)
    for _ in range(300):
        cards = rng.sample(deck, rng.randint(1, 8))
        if rng.random() < 0.3:
            cards.append(rng.choice(cards))  # given once more: too often with one deck
        cases += [cards, tuple(cards), " ".join(cardrules.cards.card_name(c) for c in cards)]
    for cards in cases:
        assert quick(game, cards) == checked(game, cards), cards


def test_bad_cards_are_clean_errors(big_two: Game) -> None:
    cases: list[tuple[Any, str]] = [
        ([99], "card codes 0-53"), ([-1], "card codes 0-53"), ([1.0], "card codes 0-53"),
        ([53], "BJ is not in the deck of big_two"), ([5, 5], "given 2 times"),
        ("S3 S3", "given 2 times"), ("S3 XX", "XX")]
    for bad, message in cases:
        with pytest.raises(CardError, match=message):
            big_two.classify(bad)


def test_the_cli_classify_goes_through_game_classify(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from cardrules import cli
    from cardrules.cli import main
    calls: list[object] = []
    real_load = cli._load

    def load(name: str) -> Any:
        game = real_load(name)
        real = game.classify

        def spy(cards: Sequence[int] | str) -> object:
            calls.append(cards)
            return real(cards)
        game.classify = spy  # type: ignore[assignment,method-assign]
        return game
    monkeypatch.setattr(cli, "_load", load)
    assert main(["classify", "big_two", "S3", "H4", "C5", "D6", "S7"]) == 0
    assert "straight" in capsys.readouterr().out and len(calls) == 1
    assert main(["classify", "big_two", "S3", "S3"]) == 1  # tests/test_cli.py: the message
    assert len(calls) == 2
