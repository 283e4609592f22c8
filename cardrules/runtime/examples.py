"""Check the worked examples written inside a rules file against its compiled module."""

from __future__ import annotations

from collections.abc import Sequence

from ..compiler import Diagnostic, ir
from .cards import format_cards
from .game import Game


class ExampleView:
    """A made-up end of round: only the quantities an ``example scores`` line gives."""

    def __init__(self, game: Game, *, cards_left: Sequence[int] = (),
                 places: Sequence[int] = (),
                 holds: Sequence[tuple[int, Sequence[int]]] = ()) -> None:
        n = game.players
        self.n = n
        self.left = list(cards_left) or [0] * n
        self.held = {seat: set(cards) for seat, cards in holds}
        self.places = list(places) or [0] * n
        m = game.module
        if m.TEAMS == "opposite":
            self.sides = [s % 2 for s in range(n)]
        elif m.TEAMS == "hidden":
            self.sides = [0 if any(c in self.held.get(s, ()) for c in m.TEAM_HOLDERS) else 1
                          for s in range(n)]
        else:
            self.sides = list(range(n))

    # As at a table: seat -1 (nobody) holds nothing and sides with nobody.
    def cards_left(self, seat: int) -> int:
        return self.left[seat] if seat >= 0 else 0

    def holds(self, seat: int, card: int) -> bool:
        return card in self.held.get(seat, ())

    def place(self, seat: int) -> int:
        return self.places[seat] if seat >= 0 else 0

    def seat_at(self, place: int) -> int:
        return self.places.index(place) if place in self.places else -1

    def others(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if s != seat)

    def seats(self) -> tuple[int, ...]:
        return tuple(range(self.n))

    def seat_count(self) -> int:
        return self.n

    def side(self, seat: int) -> int:
        return self.sides[seat] if seat >= 0 else -1

    def same_side(self, a: int, b: int) -> bool:
        return a >= 0 and b >= 0 and self.sides[a] == self.sides[b]

    def side_size(self, seat: int) -> int:
        return self.sides.count(self.sides[seat]) if seat >= 0 else 0

    def total(self, seat: int) -> int:
        return 0

    def round_number(self) -> int:
        return 1


def check_examples(game: Game) -> list[Diagnostic]:
    """One diagnostic for each worked example that the compiled rules contradict."""
    out: list[Diagnostic] = []
    for ex in game.ir.examples:
        problem = _problem(game, ex)
        if problem:
            message, hint = problem
            out.append(Diagnostic(message=message, span=ex.span, hint=hint))
    return out


def _problem(game: Game, ex: ir.Example) -> tuple[str, str] | None:
    if isinstance(ex, ir.ExampleIs):
        got = game.classify(ex.cards)
        shown = "not a combination" if got is None else str(got)
        if ex.kind is None:
            return None if got is None else (f"example fails: {ex.text} is {shown}",
                                             "the rules make these cards a combination")
        if got is None or got.name != ex.kind:
            return f"example fails: {ex.text} is {shown}, not {ex.kind}", ""
        if ex.key is not None and got.key != ex.key:
            return (f"example fails: {ex.text} has key {' '.join(got.key)}, "
                    f"not {' '.join(ex.key)}", "")
        return None
    if isinstance(ex, ir.ExampleBeats):
        a, b = game.classify(ex.winner), game.classify(ex.loser)
        for cards, c in ((ex.winner, a), (ex.loser, b)):
            if c is None:
                return f"example fails: {format_cards(cards)} is not a combination", ""
        if not game.beats(ex.winner, ex.loser):
            return (f"example fails: {format_cards(ex.winner)} does not beat "
                    f"{format_cards(ex.loser)}", f"{a} against {b}")
        return None
    view = ExampleView(game, cards_left=ex.cards_left, places=ex.places, holds=ex.holds)
    got_scores = game.module.score(view)
    if got_scores != ex.expect:
        return (f"example fails: scores are {' '.join(map(str, got_scores))}, "
                f"not {' '.join(map(str, ex.expect))}", "")
    return None
