"""Witnesses for the differences between two games of family tricks: concrete cards under a
trump state that the two games order, classify or award differently, and a made-up end of
round that the two settle differently. Searches are bounded: a few trump states, cards of one
or two positions, a grid of end-of-round points."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from .cards import SUIT_LETTERS, format_cards
from .compiler.diff import Difference
from .game import Game
from .runtime.tricks import trick
from .runtime.tricks.trick import TrumpState

_SUITS = (0, -1)  # spades trump, and no-trump
_SCORING = ("scoring", "teams")


def _tricks_games(a: Game, b: Game) -> tuple[object, object] | None:
    from .tricks_game import TricksGame
    if isinstance(a, TricksGame) and isinstance(b, TricksGame):
        return a, b
    return None


def _states(a: object) -> list[TrumpState]:
    from .tricks_game import TricksGame
    assert isinstance(a, TricksGame)
    return [TrumpState(s, r) for r in a.tm.LEVELS for s in _SUITS]


def _shown(state: TrumpState) -> str:
    suit = SUIT_LETTERS[state.suit] if state.suit >= 0 else "none"
    from .cards import RANK_NAMES
    return f"trump {suit} level {RANK_NAMES[state.rank]}"


def order_witness(a: Game, b: Game) -> str | None:
    """Two single cards whose trick the two games give to different plays."""
    from .tricks_game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    deck = sorted(set(a.tm.DECK) & set(b.tm.DECK))
    for state in _states(a):
        oa, ob = a.order(state), b.order(state)
        for x, y in product(deck, deck):
            if x == y:
                continue
            wa = trick.trick_winner([(x,), (y,)], oa, a.tm)
            wb = trick.trick_winner([(x,), (y,)], ob, b.tm)
            if wa != wb:
                return (f"{_shown(state)}: trick {format_cards([x])}, {format_cards([y])} is won "
                        f"by play {wa + 1} in {a.name}, play {wb + 1} in {b.name}")
    return None


def unit_witness(a: Game, b: Game) -> str | None:
    """Cards at one or two positions that the two games make different units."""
    from .tricks_game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    deck = sorted(set(a.tm.DECK) & set(b.tm.DECK))
    copies = max(a.tm.COPIES, b.tm.COPIES)

    def name(g: TricksGame, cards: tuple[int, ...], order: trick.Order) -> str:
        if cards.count(cards[0]) > g.tm.COPIES:
            return f"more copies than its deck of {g.tm.COPIES}"
        u = trick.unit_of(cards, order, g.tm)
        return g.tm.UNITS[u] if u is not None else "nothing"

    for state in _states(a)[:4]:
        oa, ob = a.order(state), b.order(state)
        for n in range(1, copies + 1):
            sets = [(x,) * n for x in deck]
            sets += [(x,) * n + (y,) * n for x, y in product(deck, deck) if x < y]
            for cards in sets:
                na, nb = name(a, cards, oa), name(b, cards, ob)
                if na != nb:
                    return (f"{_shown(state)}: {format_cards(list(cards))} is {na} in {a.name}, "
                            f"{nb} in {b.name}")
    return None


def settle_witness(a: Game, b: Game) -> str | None:
    """An end of round (dealer seat 0) that the two games settle differently."""
    from .tricks_game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    top = 100 * max(a.tm.COPIES, b.tm.COPIES)
    kitties = ((0, 0), (10, 1), (10, 2), (25, 4))  # the simplest ends first
    for (kitty, last), points in product(kitties, range(0, top + 1, 5)):
        sa = a.settle(dealer=0, points=points, kitty=kitty, last=last)
        sb = b.settle(dealer=0, points=points, kitty=kitty, last=last)
        if sa != sb:
            setup = f"dealer 0, defenders {points} points" + (
                f", kitty {kitty} points, last trick's largest unit {last}" if last else "")
            return (f"{setup}: {a.name} gives points {sa.defender_points}, up "
                    f"{' '.join(map(str, sa.level_up))}, dealer {sa.next_dealer}; {b.name} "
                    f"gives points {sb.defender_points}, up {' '.join(map(str, sb.level_up))}, "
                    f"dealer {sb.next_dealer}")
    return None


def with_tricks_witnesses(a: Game, b: Game, diffs: list[Difference]) -> list[Difference]:
    """Witnesses where both games are of family tricks; none across families."""
    if _tricks_games(a, b) is None:
        return [replace(d, probe=None) for d in diffs]
    out = []
    found: dict[str, str | None] = {}
    for d in diffs:
        w = None
        if d.probe is not None:
            subject = d.probe[1]
            if subject not in found:
                found[subject] = (order_witness(a, b) if subject == "order"
                                  else unit_witness(a, b) if subject == "unit" else None)
            w = found[subject] or "no witness found in the searched cards"
        out.append(replace(d, witness=w, probe=None))
    scoring = [i for i, d in enumerate(out) if d.area in _SCORING]
    if scoring:
        target = next((i for i in scoring if out[i].what.startswith("def ")), scoring[0])
        w = settle_witness(a, b) or "no end of round found that the two settle differently"
        out[target] = replace(out[target], witness=w)
    return out
