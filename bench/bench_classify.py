"""Benchmark: ``game.classify`` of the compiled ``big_two`` on random 5-card hands against
treys' ``Evaluator.evaluate`` (a pure-Python poker hand evaluator) on the same hands.

Usage: ``python bench/bench_classify.py [--slice S] [--pairs N] [--hands N]`` (needs treys:
``pip install -e '.[bench]'``).

The same random hands (drawn once, each side's card codes made before timing) are classified in
alternating slices of CPU time; the figure is hands per CPU second, and the ratio ours /
treys. ``--module`` times the generated module's ``classify`` (no argument checks) too.
A ratio is the result, never an assertion.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)
from cardrules.families.climbing.game import ClimbingGame  # noqa: E402


def run_slice(work: Callable[[], int], seconds: float) -> tuple[int, float]:
    done = 0
    start = time.process_time()
    while True:
        done += work()
        spent = time.process_time() - start
        if spent >= seconds:
            return done, spent


def main(argv: list[str] | None = None) -> None:
    from treys import Card, Evaluator

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    parser.add_argument("--pairs", type=int, default=5, help="slices of each side")
    parser.add_argument("--hands", type=int, default=2000, help="distinct random hands")
    parser.add_argument("--module", action="store_true", help="also the module's classify")
    args = parser.parse_args(argv)
    game = cardrules.load("big_two")
    assert isinstance(game, ClimbingGame)
    rng = random.Random(1)
    deck = [c for c in game.module.DECK]
    ours: list[tuple[int, ...]] = [tuple(rng.sample(deck, 5)) for _ in range(args.hands)]
    # The same cards as treys integers (rank letter + suit letter).
    letters = {"10": "T"}

    def treys_card(code: int) -> int:
        name = cardrules.cards.card_name(code)  # e.g. "S10"
        return int(Card.new(letters.get(name[1:], name[1:]) + name[0].lower()))

    theirs = [[treys_card(c) for c in hand] for hand in ours]
    evaluator = Evaluator()
    evaluate = evaluator.evaluate
    classify = game.classify
    module_classify = game.module.classify

    def run_ours() -> int:
        for hand in ours:
            classify(hand)
        return len(ours)

    def run_module() -> int:
        for hand in ours:
            module_classify(hand)
        return len(ours)

    def run_treys() -> int:
        for hand in theirs:
            evaluate(hand, [])
        return len(theirs)

    sides: dict[str, Callable[[], int]] = {"game.classify": run_ours,
                                           "treys Evaluator.evaluate": run_treys}
    if args.module:
        sides["module classify"] = run_module
    totals = {name: [0, 0.0] for name in sides}
    for i in range(args.pairs):
        order: Sequence[str] = list(sides) if i % 2 == 0 else list(reversed(sides))
        for name in order:
            done, spent = run_slice(sides[name], args.slice)
            totals[name][0] += done
            totals[name][1] += spent
    print(f"5-card classification, {args.hands} random hands, {args.pairs} alternating slices "
          f"of {args.slice:g} CPU s")
    rate = {name: done / spent for name, (done, spent) in totals.items()}
    for name, r in rate.items():
        print(f"  {name:<26} {r:12.0f} hands/s")
    base = rate["treys Evaluator.evaluate"]
    for name in sides:
        if not name.startswith("treys"):
            print(f"  ratio {name} / treys: {rate[name] / base:.2f}x")


if __name__ == "__main__":
    main()
