"""Check the worked examples written inside a rules file against its compiled module."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import format_cards
from .compiler import Diagnostic, ir
from .families.banking.game import BankingGame, check_hand_examples
from .game import Game
from .runtime.climbing.scoreview import EndOfRound, sides_for


def example_view(game: Game, *, cards_left: Sequence[int] = (), places: Sequence[int] = (),
                 holds: Sequence[tuple[int, Sequence[int]]] = (), leader: int = 0,
                 bid: int = 0, plays: Sequence[int] = (),
                 plays_of: Sequence[tuple[int, Sequence[int]]] = ()) -> EndOfRound:
    """A made-up end of round: only the quantities an ``example scores`` line gives
    (places per seat, 0 for none; cards left; who held which cards; the first leader and
    the winning bid; how many plays each seat made, and how many of them of a combination).
    A play made up here has no size: ``largest_play`` reads 0."""
    n = game.players
    held: list[set[int]] = [set() for _ in range(n)]
    for seat, cards in holds:
        held[seat] |= set(cards)
    m = game.module
    made: list[tuple[int, int, int]] = []
    for kind, counts in plays_of:
        made += [(s, kind, 0) for s in range(n) for _ in range(counts[s])]
    for s, count in enumerate(plays):
        made += [(s, -1, 0)] * (count - sum(1 for q, _, _ in made if q == s))
    return EndOfRound(cards_left=list(cards_left) or [0] * n, held=held,
                      places={s: p for s, p in enumerate(places) if p},
                      sides=sides_for(m.TEAMS, m.TEAM_HOLDERS, held, leader), bid=bid,
                      plays=made)


def check_examples(game: Game | BankingGame) -> list[Diagnostic]:
    """One diagnostic for each worked example that the compiled rules contradict."""
    if isinstance(game, BankingGame):
        return check_hand_examples(game)
    out: list[Diagnostic] = []
    for ex in game.ir.examples:
        problem = _problem(game, ex)
        if problem:
            message, hint = problem
            out.append(Diagnostic(message=message, span=ex.span, hint=hint))
    return out


def _problem(game: Game, ex: ir.Example) -> tuple[str, str] | None:
    if isinstance(ex, (ir.ExampleTricks, ir.ExampleSettle)):
        from .families.tricks.game import TricksGame, tricks_problem  # the family's own examples
        assert isinstance(game, TricksGame)
        return tricks_problem(game, ex)
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
    assert isinstance(ex, ir.ExampleScores)
    view = example_view(game, cards_left=ex.cards_left, places=ex.places, holds=ex.holds,
                        leader=ex.leader, bid=ex.bid, plays=ex.plays, plays_of=ex.plays_of)
    got_scores = game.module.score(view)
    if got_scores != ex.expect:
        return (f"example fails: scores are {' '.join(map(str, got_scores))}, "
                f"not {' '.join(map(str, ex.expect))}", "")
    return None
