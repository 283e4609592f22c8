"""Benchmark: `cardrules simulate --workers 2` against `--workers 1`, per family.

Usage: ``python bench/bench_workers.py [--games big_two,shengji,blackjack_casino]
[--seconds S] [--pairs P] [--workers W] [--ray]``

For each game: a count of games that one worker plays in about S seconds (measured first),
then P pairs of whole runs of that count through ``simulate`` (the statistics included), one
worker then W workers, alternating, in this one process. Games per second of wall time, from
the start of a run (the workers' start-up included) to its statistics; the ratio of the
summed times of each side. On a shared machine the other people's load takes cores from both
sides alike, since they alternate; the load average before and after is printed with the
figures. Beside it, what W free cores would give: W times the processor time of the 1-worker
runs over that of the W-worker runs (the parent's and the workers', their start-up included),
a figure that the machine's load moves much less. Each W-worker run must give the same
statistics as the 1-worker run (asserted: the bench stops otherwise). ``--ray``: W Ray
workers on a local Ray instance as a third side. Figures, never assertions; bench/README.md
holds measured ones.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)
from cardrules.game import is_banking  # noqa: E402
from cardrules.simulate import simulate  # noqa: E402
from cardrules.simulate_banking import simulate_banking  # noqa: E402

SEATS = {"big_two": ["greedy", "random", "random", "random"],
         "shengji": ["greedy", "random", "greedy", "random"],
         "blackjack_casino": ["threshold", "threshold16"]}


def cpu() -> float:
    """Processor seconds of this process and of its ended children (the local workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run(name: str, n: int, workers: int, backend: str = "local"
        ) -> tuple[float, float, dict[str, Any]]:
    """Wall and processor seconds for ``simulate`` of ``n`` games, and its statistics."""
    game = cardrules.load(name)
    seats = SEATS.get(name) or ["random"] * game.players
    start, used = time.perf_counter(), cpu()
    if is_banking(game):
        stats = simulate_banking(game, n=n, seed=1, seats=seats, workers=workers,
                                 progress=False, backend=backend)
    else:
        stats = simulate(game, n=n, seed=1, seats=seats, workers=workers, progress=False,
                         backend=backend)
    return time.perf_counter() - start, cpu() - used, stats


def load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="big_two,shengji,blackjack_casino")
    ap.add_argument("--seconds", type=float, default=10.0, help="of one worker's run")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--ray", action="store_true", help="a third side: Ray workers")
    args = ap.parse_args()
    if args.ray:
        import ray
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        os.environ.setdefault("RAY_memory_monitor_refresh_ms", "0")  # others' memory: no kills
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False,
                 logging_level="ERROR")
    print(f"{os.cpu_count()} cores; load average (1/5/15 min) {load()} at the start")
    for name in args.games.split(","):
        probe = 4
        while True:  # one worker, in this process: how many games in `seconds`
            t, _, _ = run(name, probe, 1)
            if t >= 1.0:
                break
            probe *= 2
        n = max(4, int(probe * args.seconds / t))
        one = many = far = cpu_one = cpu_many = 0.0
        for p in range(args.pairs):
            t1, c1, s1 = run(name, n, 1)
            tw, cw, sw = run(name, n, args.workers)
            assert sw == s1, f"{name}: {args.workers} workers gave other statistics"
            one, many, cpu_one, cpu_many = one + t1, many + tw, cpu_one + c1, cpu_many + cw
            line = (f"{name} pair {p + 1}: {n} games, 1 worker {t1:6.2f} s "
                    f"({n / t1:7.1f}/s), {args.workers} workers {tw:6.2f} s "
                    f"({n / tw:7.1f}/s): {t1 / tw:.2f}x; cpu {c1:.2f} s, {cw:.2f} s")
            if args.ray:
                tr, _, sr = run(name, n, args.workers, "ray")
                assert sr == s1, f"{name}: Ray gave other statistics"
                far += tr
                line += f"; Ray {tr:6.2f} s: {t1 / tr:.2f}x"
            print(line + f"  [load {load()}]", flush=True)
        print(f"== {name}: {args.workers} workers / 1 worker, games per wall second: "
              f"{one / many:.2f}x" + (f"; Ray {one / far:.2f}x" if args.ray else "")
              + f"; on {args.workers} free cores (processor time, the workers' start-up "
              f"included): {args.workers * cpu_one / cpu_many:.2f}x; the same statistics",
              flush=True)
    print(f"load average at the end {load()}")


if __name__ == "__main__":
    main()
