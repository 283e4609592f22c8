"""Benchmark: random self-play rounds per second of the compiled 双扣 and 斗地主 against RLCard's
Dou Dizhu game, played through its raw game API (``DoudizhuGame.init_game`` / ``step``) with a
random legal action each turn, in the same run.

Usage: ``python bench/bench_climbing_rlcard.py [--slice S] [--pairs N] [--seed N]`` (needs
rlcard and numpy: ``pip install -e '.[test]'``); ``--profile GAME [--rounds N]`` plays N
rounds of our side of one game under cProfile (CPU time) and prints where the time goes.

The three sides run in this one process in alternating slices of CPU time
(``time.process_time``: a loaded machine slows all alike), the order turned round every other
pass; each side's figure is whole rounds per CPU second over all its slices, and the ratio is
against RLCard's. Our rounds are played out by random bots, as ``cardrules simulate --seats
random,...`` plays them (``play_out``: the random bot is declared blind, so no view is made
for it, as RLCard's side makes none; ``bench_views.py`` measures bots that read views). A
ratio is the result, never an assertion.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)


def rlcard_side(seed: int) -> Callable[[], None]:
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)

    def play() -> None:
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
    return play


def our_side(name: str, seed: int) -> Callable[[], None]:
    game = cardrules.load(name)
    rounds = [seed]

    def play() -> None:
        t = game.new_table(seed=rounds[0], seats=["random"] * game.players)
        t.play_out()
        rounds[0] += 1
    return play


def run_slice(play: Callable[[], None], seconds: float) -> tuple[int, float]:
    done, start = 0, time.process_time()
    while True:
        play()
        done += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return done, spent


def profile(name: str, rounds: int, seed: int, top: int = 30) -> None:
    import cProfile
    import pstats

    play = our_side(name, seed)
    play()  # warm: the game loaded and its first round played before the profiler starts
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for _ in range(rounds):
        play()
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    parser.add_argument("--pairs", type=int, default=4, help="slices of each side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", choices=["doudizhu", "shuang_kou"],
                        help="profile our side of one game instead")
    parser.add_argument("--rounds", type=int, default=200, help="rounds to profile")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, args.rounds, args.seed)
        return
    sides = {"RLCard DoudizhuGame (random actions)": rlcard_side(args.seed),
             "cardrules doudizhu (random bots)": our_side("doudizhu", args.seed),
             "cardrules shuang_kou (random bots)": our_side("shuang_kou", args.seed)}
    totals = {name: [0, 0.0] for name in sides}
    for i in range(args.pairs):
        for name in (list(sides) if i % 2 == 0 else list(reversed(sides))):
            done, spent = run_slice(sides[name], args.slice)
            totals[name][0] += done
            totals[name][1] += spent
    print(f"Climbing rounds against RLCard, {args.pairs} alternating slices of {args.slice:g} "
          "CPU s each side")
    base = 0.0
    for name, (done, spent) in totals.items():
        rate = done / spent
        base = base or rate
        print(f"  {name:<38} {done:6d} rounds {rate:9.1f} rounds/s   ratio {rate / base:6.2f}x")


if __name__ == "__main__":
    main()
