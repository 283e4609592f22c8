"""Benchmark: random self-play rounds per second of the compiled 双扣 and 斗地主 against RLCard's
Dou Dizhu game, played through its raw game API (``DoudizhuGame.init_game`` / ``step``) with a
random legal action each turn, in the same run.

Usage: ``python bench/bench_climbing_rlcard.py [--seconds S] [--seed N]`` (needs rlcard and
numpy: ``pip install -e '.[test]'``).

Each side plays whole rounds for about S seconds; the figure is rounds per second, and the ratio
is against RLCard's rounds per second. A ratio is the result, never an assertion.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)


def rlcard_rounds(seconds: float, seed: int) -> tuple[int, float]:
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    rounds, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
        rounds += 1
    return rounds, time.perf_counter() - start


def our_rounds(name: str, seconds: float, seed: int) -> tuple[int, float]:
    game = cardrules.load(name)
    rounds, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        t = game.new_table(seed=seed + rounds, seats=["random"] * game.players)
        t.play_out()
        rounds += 1
    return rounds, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    n, took = rlcard_rounds(args.seconds, args.seed)
    base = n / took
    print(f"{'RLCard DoudizhuGame (random actions)':40} {n:7d} rounds {base:10.1f} rounds/s")
    for name in ("doudizhu", "shuang_kou"):
        m, spent = our_rounds(name, args.seconds, args.seed)
        rate = m / spent
        print(f"{'cardrules ' + name + ' (random bots)':40} {m:7d} rounds {rate:10.1f} rounds/s"
              f"   ratio {rate / base:6.2f}x")


if __name__ == "__main__":
    main()
