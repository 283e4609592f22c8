"""Witnesses for the differences between two games of family tricks: concrete cards under a
trump state that the two games order, classify or award differently, and a made-up end of
round that the two settle differently. Searches are bounded: a few trump states, cards of one
or two positions, a grid of end-of-round points; and all of them share a processor-time
budget (cardrules/budget.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from itertools import product

from ...budget import BUDGET, Budget, OutOfTime
from ...cards import SUIT_LETTERS, format_cards
from ...compiler.diff import Difference
from ...game import Game
from ...runtime.tricks import trick
from ...runtime.tricks.trick import TrumpState

_SUITS = (0, -1)  # spades trump, and no-trump
_SCORING = ("scoring", "teams")


def _tricks_games(a: Game, b: Game) -> tuple[object, object] | None:
    from .game import TricksGame
    if isinstance(a, TricksGame) and isinstance(b, TricksGame):
        return a, b
    return None


def _states(a: object) -> list[TrumpState]:
    from .game import TricksGame
    assert isinstance(a, TricksGame)
    return [TrumpState(s, r) for r in a.tm.LEVELS for s in _SUITS]


def _shown(state: TrumpState) -> str:
    suit = SUIT_LETTERS[state.suit] if state.suit >= 0 else "none"
    from ...cards import RANK_NAMES
    return f"trump {suit} level {RANK_NAMES[state.rank]}"


def order_witness(a: Game, b: Game, clock: Budget | None = None) -> str | None:
    """Two single cards whose trick the two games give to different plays."""
    from .game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    deck = sorted(set(a.tm.DECK) & set(b.tm.DECK))
    for state in _states(a):
        oa, ob = a.order(state), b.order(state)
        for x, y in product(deck, deck):
            _tick(clock)
            if x == y:
                continue
            wa = trick.trick_winner([(x,), (y,)], oa, a.tm)
            wb = trick.trick_winner([(x,), (y,)], ob, b.tm)
            if wa != wb:
                return (f"{_shown(state)}: trick {format_cards([x])}, {format_cards([y])} is won "
                        f"by play {wa + 1} in {a.name}, play {wb + 1} in {b.name}")
    return None


def unit_witness(a: Game, b: Game, unit: str = "", clock: Budget | None = None) -> str | None:
    """Cards at one or two positions that the two games make different units (one of them
    ``unit``, if given)."""
    from .game import TricksGame
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
                _tick(clock)
                na, nb = name(a, cards, oa), name(b, cards, ob)
                if na != nb and (not unit or unit in (na, nb)):
                    return (f"{_shown(state)}: {format_cards(list(cards))} is {na} in {a.name}, "
                            f"{nb} in {b.name}")
    return None


def _sets(a: object, b: object) -> list[tuple[int, ...]]:
    """Cards at one or two positions, up to the larger deck's copies."""
    from .game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    deck = sorted(set(a.tm.DECK) & set(b.tm.DECK))
    out: list[tuple[int, ...]] = []
    for n in range(1, max(a.tm.COPIES, b.tm.COPIES) + 1):
        out += [(x,) * n for x in deck]
        out += [(x,) * n + (y,) * n for x, y in product(deck, deck) if x < y]
    return out


def lead_witness(a: Game, b: Game, clock: Budget | None = None) -> str | None:
    """Cards that one game lets a leader play and the other does not."""
    from .game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)

    def leads(g: TricksGame, cards: tuple[int, ...], order: trick.Order) -> bool:
        return cards.count(cards[0]) <= g.tm.COPIES and trick.lead_problem(
            cards, order, g.tm) is None

    for state in _states(a)[:2]:
        oa, ob = a.order(state), b.order(state)
        for cards in _sets(a, b):
            _tick(clock)
            la, lb = leads(a, cards, oa), leads(b, cards, ob)
            if la != lb:
                return (f"{_shown(state)}: {format_cards(list(cards))} may be led in "
                        f"{a.name if la else b.name}, not in {b.name if la else a.name}")
    return None


def cover_witness(a: Game, b: Game, clock: Budget | None = None) -> str | None:
    """A pair led and two different trumps played on it: a ruff in one game, a discard in
    the other."""
    from .game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    state = TrumpState(0, a.tm.LEVELS[0])
    oa, ob = a.order(state), b.order(state)
    deck = sorted(set(a.tm.DECK) & set(b.tm.DECK))
    plain = [c for c in deck if oa.cls[c] == 1]
    trumps = [c for c in deck if oa.cls[c] == trick.TRUMP]
    for x, (y, z) in product(plain, product(trumps, trumps)):
        _tick(clock)
        if y >= z:
            continue
        plays = [(x, x), (y, z)]
        wa, wb = trick.trick_winner(plays, oa, a.tm), trick.trick_winner(plays, ob, b.tm)
        if wa != wb:
            return (f"{_shown(state)}: trick {format_cards([x, x])}, {format_cards([y, z])} "
                    f"is won by play {wa + 1} in {a.name}, play {wb + 1} in {b.name}")
    return None


def bidding_witness(a: Game, b: Game, clock: Budget | None = None) -> str | None:
    """Cards a seat may show as a bid in one game and not in the other (nobody bid yet):
    copies of one card, then the card sets either game's bids state."""
    from ...runtime.tricks.deal import bid_cards, legal_bids
    from .game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    rank = a.tm.LEVELS[0]
    deck = sorted(set(a.tm.DECK) & set(b.tm.DECK))
    hands = [(card,) * n for n, card in product(range(1, max(a.tm.COPIES, b.tm.COPIES) + 1),
                                                 deck)]
    hands += [cards for g in (a, b) for options in g.tm.BIDS for o in options
              for cards in bid_cards(o, rank)[:1]
              if cards not in hands and all(c in deck for c in cards)]
    for hand in hands:
        _tick(clock)
        ba = {(x.cards, x.suit) for x in legal_bids(a.tm, 0, hand, rank, None)}
        bb = {(x.cards, x.suit) for x in legal_bids(b.tm, 0, hand, rank, None)}
        if ba != bb:
            shown = tuple(sorted(hand))
            return (f"level {_rank_word(rank)}, nobody bid yet: showing {format_cards(hand)} is "
                    f"{'a bid' if shown in {c for c, _ in ba} else 'no bid'} in {a.name}, "
                    f"{'a bid' if shown in {c for c, _ in bb} else 'no bid'} in {b.name}")
    return None


def _rank_word(rank: int) -> str:
    from ...cards import RANK_NAMES
    return RANK_NAMES[rank]


def first_dealer_witness(a: Game, b: Game, clock: Budget | None = None) -> str | None:
    from .game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    fa, fb = a.tm.DEALER_FALLBACK, b.tm.DEALER_FALLBACK
    return (f"nobody bids in the first round: seat {fa} deals in {a.name}, seat {fb} in "
            f"{b.name}") if fa != fb else None


def penalty_witness(a: Game, b: Game, clock: Budget | None = None) -> str | None:
    from .game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    pa, pb = a.tm.THROW_PENALTY, b.tm.THROW_PENALTY
    return (f"a throw by the dealer's side fails: the defenders gain {pa} points in {a.name}, "
            f"{pb} in {b.name}") if pa != pb else None


def follow_witness(a: Game, b: Game, unit: str, clock: Budget | None = None) -> str | None:
    """Where one game lacks the led unit, the unit itself is the witness."""
    from .game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    for g, other in ((a, b), (b, a)):
        if unit in g.tm.UNITS and unit not in other.tm.UNITS:
            found = unit_witness(a, b, unit, clock)
            return f"a {unit} can be led only in {g.name}: {found}" if found else None
    return None


def settle_witness(a: Game, b: Game, clock: Budget | None = None) -> str | None:
    """An end of round (dealer seat 0) that the two games settle differently."""
    from .game import TricksGame
    assert isinstance(a, TricksGame) and isinstance(b, TricksGame)
    top = 100 * max(a.tm.COPIES, b.tm.COPIES)
    kitties = ((0, 0), (10, 1), (10, 2), (25, 4))  # the simplest ends first
    for (kitty, last), points in product(kitties, range(0, top + 1, 5)):
        _tick(clock)
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


def _tick(clock: Budget | None) -> None:
    if clock is not None:
        clock.tick()


def _search(a: Game, b: Game, subject: str, clock: Budget) -> str | None:
    searches = {"order": order_witness, "lead": lead_witness,
                "cover": cover_witness, "bidding": bidding_witness,
                "first": first_dealer_witness, "penalty": penalty_witness,
                "settle": settle_witness}
    if subject.startswith("follow "):
        return follow_witness(a, b, subject.removeprefix("follow "), clock)
    if subject.startswith("unit "):
        return unit_witness(a, b, subject.removeprefix("unit "), clock)
    return searches[subject](a, b, clock)


def with_tricks_witnesses(a: Game, b: Game, diffs: list[Difference],
                          budget: float = BUDGET) -> list[Difference]:
    """Witnesses where both games are of family tricks; none across families. The searches
    share a processor-time budget (cardrules/budget.py, as the climbing searches); one that
    runs out of it says so, and those after it are not made."""
    if _tricks_games(a, b) is None:
        return [replace(d, probe=None) for d in diffs]
    clock = Budget(budget)

    def search(run: Callable[[], str | None]) -> str | None:
        try:
            with clock.guard():
                return run()
        except OutOfTime:
            return clock.stopped()

    out = []
    found: dict[str, str | None] = {}
    for d in diffs:
        w = None
        if d.probe is not None:
            subject = d.probe[1]
            if subject not in found:
                found[subject] = search(partial(_search, a, b, subject, clock))
            w = found[subject] or "no witness found in the searched cards"
        out.append(replace(d, witness=w, probe=None))
    scoring = [i for i, d in enumerate(out) if d.area in _SCORING]
    if scoring:
        target = next((i for i in scoring if out[i].what.startswith("def ")), scoring[0])
        w = search(partial(settle_witness, a, b, clock)) or \
            "no end of round found that the two settle differently"
        out[target] = replace(out[target], witness=w)
    return out
