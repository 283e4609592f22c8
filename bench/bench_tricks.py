"""Benchmark: the four tricks games in random self-play.

Usage: ``python bench/bench_tricks.py [--rounds N] [--seed S] [--profile [GAME ...]]
[--top N]``

For each game: rounds per second with random bots (by processor time, which a shared
machine changes less than wall time, and by wall time), the mean and largest number of legal
actions offered at one decision, and the decisions per round. With ``--profile`` (no names:
all four games), a cProfile summary of each game's rounds: the top functions by cumulative
time and by own time. Figures, never assertions; bench/README.md holds measured ones.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)
from cardrules.families.tricks.game import TricksGame  # noqa: E402

GAMES = ("shengji", "tractor", "tractor_2_trump", "titanic")


def run(game: TricksGame, rounds: int, seed: int) -> tuple[float, float, list[int]]:
    """Wall seconds, processor seconds and every decision's width, for ``rounds`` rounds."""
    widths: list[int] = []
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(rounds):
        t = game.new_table(seed=f"{seed}:{i}", seats=["random"] * game.players)
        while not t.over:
            legal = t.legal_actions()
            widths.append(len(legal))
            t.apply(t.bot_move())
    return time.perf_counter() - start, time.process_time() - cpu, widths


def profile(name: str, rounds: int, seed: int, top: int) -> str:
    """The cProfile summary of ``rounds`` rounds of one game: top functions by cumulative
    time, then by own time."""
    game = cardrules.load(name)
    assert isinstance(game, TricksGame)
    prof = cProfile.Profile()
    prof.runcall(run, game, rounds, seed)
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.strip_dirs()
    out.write(f"==== {name}: {rounds} rounds, by cumulative time\n")
    stats.sort_stats("cumulative").print_stats(top)
    out.write(f"==== {name}: by own time\n")
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", nargs="*", choices=GAMES, metavar="GAME",
                    help="profile these games (none named: all four)")
    ap.add_argument("--top", type=int, default=12, help="functions listed per profile")
    args = ap.parse_args()
    print(f"{'game':<16}{'rounds/s cpu':>13}{'rounds/s wall':>14}{'mean width':>12}"
          f"{'max width':>11}{'decisions/round':>17}")
    for name in GAMES:
        game = cardrules.load(name)
        assert isinstance(game, TricksGame)
        wall, cpu, widths = run(game, args.rounds, args.seed)
        print(f"{name:<16}{args.rounds / cpu:>13.1f}{args.rounds / wall:>14.1f}"
              f"{sum(widths) / len(widths):>12.2f}{max(widths):>11}"
              f"{len(widths) / args.rounds:>17.1f}")
    if args.profile is not None:
        for name in args.profile or GAMES:
            print(profile(name, max(10, args.rounds // 5), args.seed, args.top))


if __name__ == "__main__":
    main()
