"""Differential test: the compiled ``big_two`` game against the plain reference.

Random games are played in lockstep on the compiled table and on ``RefGame`` with the same
deal. At every position the sets of legal moves must be equal; at the end the scores must
be equal. Games are played until at least ``POSITIONS`` positions have been compared.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import cardrules

try:
    from reference import big_two_ref as ref
except ImportError:  # tests/ imported as a package
    from tests.reference import big_two_ref as ref  # type: ignore[no-redef, import-not-found, unused-ignore]

POSITIONS = 10_000
SEED = 20_240_601

Hands = list[list[str]]
Play = frozenset[str]
Chooser = Callable[[random.Random, list[Play]], Play]


def random_deal(rng: random.Random) -> Hands:
    deck = ref.full_deck()
    rng.shuffle(deck)
    return [sorted(deck[i * 13 : (i + 1) * 13], key=ref.single_key) for i in range(4)]


def special_deals() -> list[Hands]:
    """Deals rich in rare combinations: one suit per seat, and four-of-a-kinds."""
    by_suit = [[suit + rank for rank in ref.RANKS] for suit in ref.SUITS]
    by_rank = ref.full_deck()  # lowest first: seat 0 holds 3333 4444 5555 6
    return [by_suit, [by_rank[i * 13 : (i + 1) * 13] for i in range(4)]]


def choose_uniform(rng: random.Random, moves: list[Play]) -> Play:
    return rng.choice(moves)


def choose_by_size(rng: random.Random, moves: list[Play]) -> Play:
    """Pick a card count first (pass counts as 0), then a move of that size.

    Passes and small plays are far more frequent than under a uniform choice, so
    three-pass trick ends and long games are well covered.
    """
    sizes = sorted({len(m) for m in moves})
    size = rng.choice(sizes)
    return rng.choice([m for m in moves if len(m) == size])


CHOOSERS: tuple[Chooser, ...] = (choose_uniform, choose_by_size)


def as_cards(game: Any, codes: tuple[int, ...]) -> list[str]:
    return str(game.format_cards(codes)).split()


class Lockstep:
    """One deal played on the compiled table and on the reference side by side."""

    def __init__(self, game: Any, hands: Hands, game_seed: int) -> None:
        self.game = game
        self.hands = hands
        self.game_seed = game_seed
        self.table = game.new_table(seed=game_seed, hands=[" ".join(h) for h in hands])
        self.ref = ref.RefGame(hands)
        self.history: list[tuple[int, Play]] = []

    def where(self) -> str:
        """The position, for failure messages: enough to replay it."""
        ref_game = self.ref
        moves = " | ".join(f"{seat}:{' '.join(sorted(m)) or 'pass'}" for seat, m in self.history)
        current = None if ref_game.current is None else " ".join(sorted(ref_game.current))
        return (
            f"game seed {self.game_seed}\n"
            f"deal: {[' '.join(h) for h in self.hands]}\n"
            f"history: {moves}\n"
            f"seat {ref_game.seat} to act, hand {' '.join(ref_game.hands[ref_game.seat])}, "
            f"current {current}, first_turn {ref_game.first_turn}"
        )

    def compare_position(self) -> dict[Play, Any]:
        """Check the compiled table against the reference; return its moves by card set."""
        table, ref_game = self.table, self.ref
        assert not table.over, f"compiled table over too early\n{self.where()}"
        assert table.seat == ref_game.seat, f"seat {table.seat}\n{self.where()}"
        held = sorted(as_cards(self.game, tuple(table.hand(table.seat))))
        assert held == sorted(ref_game.hands[ref_game.seat]), f"hand {held}\n{self.where()}"
        actions = table.legal_actions()
        compiled = {frozenset(as_cards(self.game, tuple(m.cards))): m for m in actions}
        assert len(compiled) == len(actions), f"duplicate legal actions\n{self.where()}"
        expected = ref_game.legal()
        missing = sorted(sorted(m) for m in expected - compiled.keys())
        extra = sorted(sorted(m) for m in compiled.keys() - expected)
        assert not missing and not extra, (
            f"legal moves differ\n{self.where()}\n"
            f"missing from compiled: {missing[:20]} ({len(missing)})\n"
            f"extra in compiled: {extra[:20]} ({len(extra)})"
        )
        return compiled

    def apply(self, move: Play, action: Any) -> None:
        self.history.append((self.ref.seat, move))
        self.table.apply(action)
        self.ref.apply(move)

    def compare_result(self) -> None:
        assert self.table.over, f"compiled table not over\n{self.where()}"
        scores = tuple(self.table.result().scores)
        expected = self.ref.scores()
        assert scores == expected, f"scores {scores} != {expected}\n{self.where()}"


def test_compiled_big_two_matches_reference_on_10000_positions() -> None:
    game = cardrules.load("big_two")
    rng = random.Random(SEED)
    deals = special_deals()
    positions = 0
    games = 0
    while positions < POSITIONS:
        hands = deals[games] if games < len(deals) else random_deal(rng)
        choose = CHOOSERS[games % len(CHOOSERS)]
        match = Lockstep(game, hands, rng.randrange(2**32))
        games += 1
        while not match.ref.over:
            compiled = match.compare_position()
            positions += 1
            move = choose(rng, sorted(compiled, key=sorted))  # equal to the reference's
            match.apply(move, compiled[move])
        match.compare_result()
    assert positions >= POSITIONS
