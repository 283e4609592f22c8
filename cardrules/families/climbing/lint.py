"""Warnings for rules that compile but cannot mean what their author meant (`cardrules check`).

A combination that can never name a play (every set of cards it matches takes the name of a
kind tried before it, or the deck cannot make it), a combination no hand is large enough to
play, and a bomb on a ladder whose higher rungs are not bombs. Each is found on the compiled
game, with bounded work: a combination's plays are tried one rank pattern at a time, at most
``MAX_PATTERNS`` of them, and a warning is given only when the search was complete.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement, permutations

from ...cards import JOKER_NAMES, RANK_NAMES, SUIT_LETTERS, parse_card
from ...compiler import Diagnostic, ir
from .game import ClimbingGame

MAX_PATTERNS = 4000  # rank patterns tried per combination


def lint(game: ClimbingGame) -> list[Diagnostic]:
    """Every warning for the game, in file order of the combinations, then the ladders."""
    out: list[Diagnostic] = []
    for c in game.ir.combinations:
        problem = _unplayable(game, c) or _never_named(game, c)
        if problem:
            message, hint = problem
            out.append(Diagnostic(message=message, span=c.span, hint=hint,
                                  severity="warning"))
    out += _bombs_on_ladders(game.ir)
    return out


# ------------------------------------------------------------------ a hand too small
def max_hand(g: ir.Game) -> int:
    """The most cards one seat can hold: its deal, and every card left over when a remainder
    goes to a seat (``deal N each rest to leader``)."""
    rest = g.deck_size * g.copies - g.players * g.deal_each - g.kitty
    return g.deal_each + (rest if g.rest_to else 0)


def _unplayable(game: ClimbingGame, c: ir.Combination) -> tuple[str, str] | None:
    most = max_hand(game.ir)
    if min(c.sizes) > most:
        return (f"combination {c.name} can never be played: it takes {min(c.sizes)} cards and "
                f"a hand holds at most {most}", "check the shape's sizes against 'deal'")
    return None


# ------------------------------------------------------------------ never the name of a play
def _rank_words(g: ir.Game) -> list[str]:
    return [r for r in g.ranks if r in RANK_NAMES or (g.deck_size == 54 and r in JOKER_NAMES)]


def _per_rank(g: ir.Game, rank: str) -> int:
    return g.copies if rank in JOKER_NAMES else 4 * g.copies


def _patterns(g: ir.Game, c: ir.Combination) -> Iterator[dict[str, int]]:
    """Rank patterns (rank -> how many cards) of the plays the shape allows."""
    s = c.shape
    ranks = _rank_words(g)
    if isinstance(s, ir.GroupsShape):
        for first in range(s.sizes[0], s.up_to + 1):
            sizes = (first, *s.sizes[1:])
            for picked in permutations(ranks, len(sizes)):
                yield dict(zip(picked, sizes, strict=True))
    elif isinstance(s, ir.RunShape):
        for length in range(s.min_len, s.max_len + 1):
            for start in range(len(s.within) - length + 1):
                run = {r: s.width for r in s.within[start:start + length]}
                if not s.wing:
                    yield run
                    continue
                others = [r for r in ranks if r not in run]
                for wings in combinations(others, length):  # one wing of each rank
                    yield {**run, **dict.fromkeys(wings, s.wing)}
    elif isinstance(s, ir.SequenceShape):
        for ranks_of_run in s.runs:
            yield dict.fromkeys(ranks_of_run, 1)
    elif isinstance(s, ir.CardsShape):
        for picked in combinations_with_replacement(ranks, s.count):
            counts: dict[str, int] = {}
            for r in picked:
                counts[r] = counts.get(r, 0) + 1
            yield counts


def _code(rank: str, suit: str) -> int:
    return parse_card(rank if rank in JOKER_NAMES else suit + rank)


def _realizations(g: ir.Game, pattern: dict[str, int], suits: str) -> Iterator[tuple[int, ...]]:
    """Concrete cards with the pattern: all of one suit (if the deck allows it) and of mixed
    suits, as the combination's suit rule asks."""
    if any(n > _per_rank(g, r) for r, n in pattern.items()):
        return
    jokers = any(r in JOKER_NAMES for r in pattern)
    if suits != "mixed" and not jokers and all(n <= g.copies for n in pattern.values()):
        yield tuple(_code(r, SUIT_LETTERS[0]) for r, n in pattern.items() for _ in range(n))
    if suits != "same":
        cards: list[int] = []
        for i, (r, n) in enumerate(pattern.items()):
            cards += [_code(r, SUIT_LETTERS[(i + k) % 4]) for k in range(n)]
        yield tuple(cards)


def _never_named(game: ClimbingGame, c: ir.Combination) -> tuple[str, str] | None:
    g = game.ir
    if isinstance(c.shape, ir.SetShape):
        return None  # checked against the deck by the compiler; its cards are fixed
    kind = game.module.KINDS.index(c.name)
    taken: dict[str, int] = {}
    tried = 0
    for pattern in _patterns(g, c):
        tried += 1
        if tried > MAX_PATTERNS:
            return None  # not searched to the end: no claim
        for cards in _realizations(g, pattern, c.suits):
            play = game.module.classify(cards)
            if play is not None and play.kind == kind:
                return None
            if play is not None:
                name = game.module.KINDS[play.kind]
                taken[name] = taken.get(name, 0) + 1
    if not taken:
        return (f"combination {c.name} can never match: the deck cannot make its shape",
                f"a {g.deck_size}-card deck x {g.copies} has {4 * g.copies} cards of a rank")
    names = sorted(taken, key=lambda n: (-taken[n], n))
    return (f"combination {c.name} never names a play: every set of cards it matches is "
            f"classified as {' or '.join(names)} first",
            "cards take the first kind that matches, in file order (a ladder's highest rung "
            "first): move it earlier, or remove it")


# ------------------------------------------------------------------ bombs on ladders
def _bombs_on_ladders(g: ir.Game) -> list[Diagnostic]:
    """A bomb on a ladder beats every play that is not a bomb, its higher rungs included: a
    higher rung that is no bomb (or a lower bomb) can then never beat it."""
    rung = dict(zip(g.bombs, g.bomb_rungs, strict=True))
    out = []
    for ladder in g.ladders:
        for i, low in enumerate(ladder.kinds):
            for high in ladder.kinds[i + 1:]:
                if low in rung and rung.get(high, -1) < rung[low]:
                    out.append(Diagnostic(
                        message=f"{low} is a bomb and {high}, above it on ladder "
                                f"{ladder.name}, is not a bomb of its rung or higher: "
                                f"a {high} never beats a {low}",
                        span=ladder.span, severity="warning",
                        hint=f"make {high} a bomb too (e.g. 'bombs: {low} = {high}', the "
                             "ladder then decides between them), or take it off the ladder"))
    return out
