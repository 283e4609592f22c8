"""Benchmark: climbing games played by bots that read a view at every decision (what
``cardrules simulate`` does) against the tight loop ``t.apply(rng.choice(list(
t.legal_actions())))`` on the same deals, in alternating slices of CPU time.

Usage: ``python bench/bench_views.py [--slice S] [--pairs N] [GAME ...]``

The figure is the bots' rate as a share of the tight loop's (goal: at least 0.8). A ratio is
the result, never an assertion.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)
from cardrules.runtime.climbing.bots import random_bot  # noqa: E402

GAMES = ("big_two", "da_bei", "tiao_shu", "shuang_kou", "doudizhu")


def tight(game: Any) -> Callable[[int], None]:
    def play(seed: int) -> None:
        rng = random.Random(seed)
        t = game.new_table(seed=seed)
        while not t.over:
            t.apply(rng.choice(list(t.legal_actions())))
    return play


def seeing_random(view: Any, legal: Any, rng: random.Random) -> Any:
    """The random bot, not declared blind: ``play_out`` makes its view at every decision
    (the random bot itself is blind, and would be given none)."""
    return random_bot(view, legal, rng)


def with_views(game: Any) -> Callable[[int], None]:
    def play(seed: int) -> None:
        t = game.new_table(seed=seed, seats=["random"] * game.players)
        t.bot_fns = [seeing_random] * game.players
        t.play_out()  # each decision: the seat's view, the legal actions, the bot
    return play


def rounds_in(play: Callable[[int], None], seconds: float) -> tuple[int, float]:
    done, start = 0, time.process_time()
    while True:
        play(done)
        done += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return done, spent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slice", type=float, default=0.5, help="CPU seconds per slice")
    parser.add_argument("--pairs", type=int, default=4, help="slices of each side")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args(argv)
    print(f"Bots reading views against the tight loop, {args.pairs} alternating slices of "
          f"{args.slice:g} CPU s each")
    for name in args.games:
        game = cardrules.load(name)
        sides = {"tight": tight(game), "views": with_views(game)}
        totals = {k: [0, 0.0] for k in sides}
        for i in range(args.pairs):
            for k in (("tight", "views") if i % 2 == 0 else ("views", "tight")):
                done, spent = rounds_in(sides[k], args.slice)
                totals[k][0] += done
                totals[k][1] += spent
        rate = {k: n / s for k, (n, s) in totals.items()}
        print(f"  {name:<12} tight {rate['tight']:8.1f} rounds/s   views {rate['views']:8.1f} "
              f"rounds/s   views / tight {rate['views'] / rate['tight']:.2f}")


if __name__ == "__main__":
    main()
