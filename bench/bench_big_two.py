"""Benchmark: the compiled ``big_two`` in random self-play against a plain hand-written engine.

Usage: ``python bench/bench_big_two.py [--slice S] [--pairs N] [--profile [--games N]]``

The anchor is ``bench/big2_plain.py`` (a copy of shared/bench/big2_plain.py): a pure-Python Big
Two that enumerates every legal move each turn and picks one at random, as our random bot does.
The compiled game is played through the public loop
``t.apply(rng.choice(list(t.legal_actions())))`` on a table the game deals itself. Both sides
run in this one process, in alternating slices of CPU time (``time.process_time``), so a
loaded machine slows both alike; the figure is games per CPU second of each side summed over
all slices, and the ratio compiled / plain. A ratio is the result, never an assertion.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)


def load_plain() -> ModuleType:
    path = ROOT / "bench" / "big2_plain.py"
    spec = importlib.util.spec_from_file_location("big2_plain", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_player(game: Any) -> Callable[[int], int]:
    """A function playing one random game (deal ``seed``); returns its decisions."""
    def play(seed: int) -> int:
        rng = random.Random(seed)
        t = game.new_table(seed=seed)
        decisions = 0
        while not t.over:
            t.apply(rng.choice(list(t.legal_actions())))
            decisions += 1
        t.result()
        return decisions
    return play


def plain_player(plain: ModuleType) -> Callable[[int], int]:
    def play(seed: int) -> int:
        return int(plain.play_game(random.Random(seed))[1])
    return play


def run_slice(play: Callable[[int], int], first_seed: int,
              seconds: float) -> tuple[int, int, float]:
    """Games from seed ``first_seed`` on for ``seconds`` of CPU time: games, decisions, time."""
    games = decisions = 0
    start = time.process_time()
    while True:
        decisions += play(first_seed + games)
        games += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return games, decisions, spent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    parser.add_argument("--pairs", type=int, default=6, help="slices of each side")
    parser.add_argument("--profile", action="store_true", help="profile the compiled side")
    parser.add_argument("--games", type=int, default=1000, help="games to profile")
    args = parser.parse_args(argv)
    game = cardrules.load("big_two")
    sides = {"compiled big_two": compiled_player(game),
             "plain big2_plain.py": plain_player(load_plain())}
    if args.profile:  # a fixed number of games, timed in CPU time (a loaded machine's
        # waits would show as time spent in whatever was running)
        play = sides["compiled big_two"]
        profile = cProfile.Profile(time.process_time)
        profile.runcall(lambda: [play(seed) for seed in range(args.games)])
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(15)
        stats.sort_stats("cumulative").print_stats(20)
        return
    totals = {name: [0, 0, 0.0] for name in sides}
    rates: dict[str, list[float]] = {name: [] for name in sides}
    seed = 0
    for i in range(args.pairs):
        order = list(sides) if i % 2 == 0 else list(reversed(sides))
        for name in order:
            games, decisions, spent = run_slice(sides[name], seed, args.slice)
            totals[name][0] += games
            totals[name][1] += decisions
            totals[name][2] += spent
            rates[name].append(games / spent)
        seed += 100_000
    print(f"Big Two random self-play, {args.pairs} alternating slices of {args.slice:g} CPU s "
          "each side")
    for name, (games, decisions, spent) in totals.items():
        print(f"  {name:<22} {games / spent:9.1f} games/s  {decisions / spent:10.0f} "
              f"decisions/s  ({games} games, {decisions / games:.1f} decisions/game)")
    ours, plain = (totals[n][0] / totals[n][2] for n in sides)
    pair_ratios = [a / b for a, b in zip(*rates.values(), strict=True)]
    print(f"  ratio compiled / plain: {ours / plain:.2f}x (per slice pair: median "
          f"{statistics.median(pair_ratios):.2f}x, range {min(pair_ratios):.2f}-"
          f"{max(pair_ratios):.2f}x)")


if __name__ == "__main__":
    main()
