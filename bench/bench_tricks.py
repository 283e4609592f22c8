"""Benchmark: the four tricks games in random self-play.

Usage: ``python bench/bench_tricks.py [--rounds N] [--seed S] [--profile GAME]``

For each game: rounds per second with random bots, the mean and largest number of legal
actions offered at one decision, and the decisions per round. With ``--profile``, the ten
functions where one game's rounds spend their time. Figures, never assertions.
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
from cardrules.tricks_game import TricksGame  # noqa: E402

GAMES = ("shengji", "tractor", "tractor_2_trump", "titanic")


def run(game: TricksGame, rounds: int, seed: int) -> tuple[float, list[int]]:
    widths: list[int] = []
    start = time.perf_counter()
    for i in range(rounds):
        t = game.new_table(seed=f"{seed}:{i}", seats=["random"] * game.players)
        while not t.over:
            legal = t.legal_actions()
            widths.append(len(legal))
            t.apply(t.bot_move())
    return time.perf_counter() - start, widths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", choices=GAMES)
    args = ap.parse_args()
    print(f"{'game':<16}{'rounds/s':>10}{'mean width':>12}{'max width':>11}"
          f"{'decisions/round':>17}")
    for name in GAMES:
        game = cardrules.load(name)
        assert isinstance(game, TricksGame)
        seconds, widths = run(game, args.rounds, args.seed)
        print(f"{name:<16}{args.rounds / seconds:>10.1f}{sum(widths) / len(widths):>12.2f}"
              f"{max(widths):>11}{len(widths) / args.rounds:>17.1f}")
    if args.profile:
        game = cardrules.load(args.profile)
        assert isinstance(game, TricksGame)
        prof = cProfile.Profile()
        prof.runcall(run, game, max(10, args.rounds // 5), args.seed)
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(10)
        print(out.getvalue())


if __name__ == "__main__":
    main()
