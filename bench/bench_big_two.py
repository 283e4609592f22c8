"""Benchmark: the compiled ``big_two`` game against the plain reference implementation.

Usage: ``python bench/bench_big_two.py [--seconds S] [--seed N]``

Measures, in one run and with deterministic seeds:
  (a) whole games per second with random bots, for both sides, on the same deals;
  (b) legal-move generations per second, for both sides, on the same recorded positions.
Each figure is printed with the ratio compiled / reference.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)

Hands = list[list[str]]
Play = frozenset[str]


def load_reference() -> ModuleType:
    """Import tests/reference/big_two_ref.py by path (tests/ is not an installed package)."""
    path = ROOT / "tests" / "reference" / "big_two_ref.py"
    spec = importlib.util.spec_from_file_location("big_two_ref", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ref = load_reference()


def deal(seed: int) -> Hands:
    deck: list[str] = ref.full_deck()
    random.Random(seed).shuffle(deck)
    return [deck[i * 13 : (i + 1) * 13] for i in range(4)]


def as_text(hands: Hands) -> list[str]:
    return [" ".join(hand) for hand in hands]


def play_compiled(game: Any, hands: Hands, seed: int) -> int:
    """One random-bot game on the compiled table; returns the number of moves."""
    rng = random.Random(seed)
    t = game.new_table(seed=seed, hands=as_text(hands))
    moves = 0
    while not t.over:
        t.apply(rng.choice(t.legal_actions()))
        moves += 1
    t.result()
    return moves


def play_reference(hands: Hands, seed: int) -> int:
    """One random-bot game on the reference; returns the number of moves."""
    rng = random.Random(seed)
    g = ref.RefGame(hands)
    moves = 0
    while not g.over:
        g.apply(rng.choice(sorted(g.legal(), key=sorted)))
        moves += 1
    g.scores()
    return moves


def games_per_second(
    play: Callable[[Hands, int], int], seconds: float, seed: int
) -> tuple[float, float, int]:
    """Play deals seed, seed+1, ... for ``seconds``; return games/s, moves/s, games."""
    games = moves = 0
    start = time.perf_counter()
    while True:
        game_seed = seed + games
        moves += play(deal(game_seed), game_seed)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, moves / elapsed, games


def record_games(count: int, seed: int) -> list[tuple[Hands, list[Play]]]:
    """Deals and move sequences of ``count`` random reference games."""
    recorded = []
    for i in range(count):
        hands = deal(seed + 10_000 + i)
        rng = random.Random(seed + 20_000 + i)
        g = ref.RefGame(hands)
        moves: list[Play] = []
        while not g.over:
            move = rng.choice(sorted(g.legal(), key=sorted))
            moves.append(move)
            g.apply(move)
        recorded.append((hands, moves))
    return recorded


def compiled_generation_time(game: Any, recorded: list[tuple[Hands, list[Play]]]) -> float:
    """Replay the recorded games; time only the ``legal_actions()`` calls."""
    timed = 0.0
    for index, (hands, moves) in enumerate(recorded):
        t = game.new_table(seed=index, hands=as_text(hands))
        for move in moves:
            start = time.perf_counter()
            actions = t.legal_actions()
            timed += time.perf_counter() - start
            by_cards = {frozenset(game.format_cards(a.cards).split()): a for a in actions}
            t.apply(by_cards[move])
    return timed


def reference_generation_time(recorded: list[tuple[Hands, list[Play]]]) -> float:
    """Replay the recorded games; time only the ``legal()`` calls."""
    timed = 0.0
    for hands, moves in recorded:
        g = ref.RefGame(hands)
        for move in moves:
            start = time.perf_counter()
            g.legal()
            timed += time.perf_counter() - start
            g.apply(move)
    return timed


def generations_per_second(replay: Callable[[], float], positions: int, seconds: float) -> float:
    """Repeat a timed replay until ``seconds`` of timed work; generations per second."""
    timed = 0.0
    generations = 0
    while timed < seconds:
        timed += replay()
        generations += positions
    return generations / timed


def report(label: str, compiled: float, reference: float) -> None:
    ratio = compiled / reference if reference else float("inf")
    print(
        f"{label:<36} compiled {compiled:>11.1f}   reference {reference:>9.1f}   "
        f"compiled/reference {ratio:>7.1f}x"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--games", type=int, default=20, help="recorded games for (b)")
    args = parser.parse_args(argv)

    game = cardrules.load("big_two")
    print(f"Big Two benchmark: {args.seconds:g} s per measurement, seed {args.seed}")

    c_games, c_moves, c_count = games_per_second(
        lambda hands, seed: play_compiled(game, hands, seed), args.seconds, args.seed
    )
    r_games, r_moves, r_count = games_per_second(play_reference, args.seconds, args.seed)
    print(
        f"(a) random-bot games, deal seeds {args.seed}, {args.seed + 1}, ... ({c_count} compiled, "
        f"{r_count} reference games)"
    )
    report("    games per second", c_games, r_games)
    report("    moves per second", c_moves, r_moves)

    recorded = record_games(args.games, args.seed)
    positions = sum(len(moves) for _, moves in recorded)
    c_gen = generations_per_second(
        lambda: compiled_generation_time(game, recorded), positions, args.seconds
    )
    r_gen = generations_per_second(
        lambda: reference_generation_time(recorded), positions, args.seconds
    )
    print(f"(b) legal-move generation on {positions} recorded positions ({args.games} games)")
    report("    generations per second", c_gen, r_gen)


if __name__ == "__main__":
    main()
