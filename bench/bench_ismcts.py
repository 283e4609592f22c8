"""The ISMCTS bot's strength against the plain bots, on every built-in game.

For each game, opponent kind and seed, one round is played once per seat with the search bot
in that seat and the opponent kind in every other seat, and once with the opponent kind in
every seat (the same deal: the round's seed is the same). The pair gives the search bot's
gain in that seat on that deal: its score minus the opponent kind's score in its place.
Reported per game and opponent: the rounds, the search bot's mean score and the opponent
kind's in the same seats and deals, the mean gain with a 95% interval (normal, from the
pairs), the share of pairs the search bot did better / worse, and the search decisions a
second at the budget used. Seats where the search bot made no decision (a banker that plays
by the rules' policy) are left out. A banking game has no greedy bot: its plain bot is
``threshold``.

    .venv/bin/python bench/bench_ismcts.py --budget 0.1s --seeds 6 --workers 2
    .venv/bin/python bench/bench_ismcts.py --games big_two,doudizhu --budget 200
    .venv/bin/python bench/bench_ismcts.py --opponents greedy --budget 100 \
        --budget-for blackjack=1000,tractor=50 --seeds-for blackjack=500 --workers 2
    .venv/bin/python bench/bench_ismcts.py --from-log run1.err run2.err  # the rounds played
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import re
import sys
import time
from collections.abc import Sequence
from typing import Any

from cardrules.compiler.paths import builtin_games
from cardrules.game import load
from cardrules.search import ISMCTS

Job = tuple[str, str, str, int, int]  # game, opponent, search kind, seed, seat


def play(game: Any, seats: Sequence[str], seed: int) -> tuple[tuple[int, ...], Any]:
    table = game.new_table(seed=f"bench:{seed}", seats=list(seats))
    while not table.over:
        table.apply(table.bot_move())
    return table.result().scores, table


def run(job: Job) -> tuple[str, str, int, float, float, int, int, float, int]:
    """One pair: (game, opponent, seat, search score, opponent score, decisions searched,
    decisions made, seconds searching, iterations)."""
    name, opponent, kind, seed, seat = job
    game = load(name)
    n = game.players
    base, _ = play(game, [opponent] * n, seed)
    seats = [opponent] * n
    seats[seat] = kind
    scores, table = play(game, seats, seed)
    bot = table.bot_fns[seat]
    assert isinstance(bot, ISMCTS)
    st = bot.stats
    return (name, opponent, seat, scores[seat], base[seat], st.searched, st.decisions,
            st.seconds, st.iterations)


def plain(game: Any, opponent: str) -> str:
    return "threshold" if game.family == "banking" and opponent == "greedy" else opponent


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="", help="comma separated (default: every built-in)")
    ap.add_argument("--opponents", default="greedy,random")
    ap.add_argument("--budget", default="0.1s", help="iterations (200) or seconds (0.1s)")
    ap.add_argument("--seeds", type=int, default=6, help="deals per game and opponent")
    ap.add_argument("--random-seeds", type=int, default=0,
                    help="deals against random (default: half of --seeds)")
    ap.add_argument("--seeds-for", default="",
                    help="deals for some games, e.g. titanic=2,tractor=3 (against random: half)")
    ap.add_argument("--budget-for", default="",
                    help="budgets for some games, e.g. blackjack=400,tractor=50")
    ap.add_argument("--first-seed", type=int, default=0,
                    help="the deals' first seed (more deals for a run already made)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--from-log", nargs="+", default=[], metavar="FILE",
                    help="no play: the table of the per-round lines runs wrote to stderr")
    args = ap.parse_args(argv)
    if args.from_log:
        report(from_log(args.from_log))
        return 0
    names = [g for g in args.games.split(",") if g] or [p.stem for p in builtin_games()]
    budgets = {k: v for k, _, v in (x.partition("=") for x in args.budget_for.split(",") if x)}
    jobs: list[Job] = []
    special = {k: int(v) for k, _, v in (x.partition("=") for x in args.seeds_for.split(",")
                                          if x)}
    for name in names:
        game = load(name)
        kind = f"ismcts:{budgets.get(name, args.budget)}"
        for opponent in args.opponents.split(","):
            seeds = special.get(name, args.seeds)
            count = seeds if opponent != "random" else \
                (max(1, seeds // 2) if name in special else
                 args.random_seeds or max(1, seeds // 2))
            jobs += [(name, plain(game, opponent), kind, seed, seat)
                     for seed in range(args.first_seed, args.first_seed + count)
                     for seat in range(game.players)]
    started = time.perf_counter()
    rows: dict[tuple[str, str], list[Row]] = {}
    with multiprocessing.Pool(args.workers) if args.workers > 1 else _Serial() as pool:
        for done, (name, opp, _seat, mine, theirs, searched, made, secs, its) in enumerate(
                pool.imap_unordered(run, jobs), 1):
            if made:
                rows.setdefault((name, opp), []).append(
                    (mine, theirs, searched, made, secs, its))
            print(f"{done}/{len(jobs)} rounds, {time.perf_counter() - started:.0f}s: {name} "
                  f"{opp} seat {_seat}: {mine} vs {theirs}; searched {searched} of {made} "
                  f"in {secs:.2f}s, {its} iterations", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"ismcts budget {args.budget} a decision"
          + (f" ({args.budget_for})" if budgets else "")
          + f"; {time.perf_counter() - started:.0f}s in all")
    report(rows)
    return 0


Row = tuple[float, float, int, int, float, int]  # scores, searched, made, seconds, iterations
LINE = re.compile(r"\d+/\d+ rounds, \d+s: (\S+) (\S+) seat \d+: (\S+) vs (\S+); "
                  r"searched (\d+) of (\d+) in ([\d.]+)s, (\d+) iterations$")


def from_log(paths: Sequence[str]) -> dict[tuple[str, str], list[Row]]:
    """The rows of the per-round lines a run wrote to stderr (a run stopped early, or runs
    of more deals put together)."""
    rows: dict[tuple[str, str], list[Row]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = LINE.match(line.strip())
                if m and int(m[6]):
                    rows.setdefault((m[1], m[2]), []).append(
                        (float(m[3]), float(m[4]), int(m[5]), int(m[6]), float(m[7]),
                         int(m[8])))
    return rows


def report(rows: dict[tuple[str, str], list[Row]]) -> None:
    print(f"{'game':17} {'opponent':10} {'rounds':>6} {'ismcts':>8} {'opponent':>9} "
          f"{'gain':>8} {'95% interval':>19} {'better':>6} {'worse':>6} {'dec/s':>6} "
          f"{'it/dec':>6}")
    for (name, opp), pairs in sorted(rows.items()):
        gains = [a - b for a, b, *_ in pairs]
        k = len(gains)
        mean = sum(gains) / k
        sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (k - 1)) if k > 1 else 0.0
        half = 1.96 * sd / math.sqrt(k) if k > 1 else math.inf
        secs = sum(p[4] for p in pairs)
        searched = sum(p[2] for p in pairs)
        print(f"{name:17} {opp:10} {k:6d} {sum(p[0] for p in pairs) / k:8.3f} "
              f"{sum(p[1] for p in pairs) / k:9.3f} {mean:8.3f} "
              f"[{mean - half:8.3f},{mean + half:8.3f}] "
              f"{sum(g > 0 for g in gains) / k:6.0%} {sum(g < 0 for g in gains) / k:6.0%} "
              f"{searched / secs if secs else 0:6.1f} "
              f"{sum(p[5] for p in pairs) / searched if searched else 0:6.0f}")


class _Serial:
    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def imap_unordered(self, fn: Any, jobs: list[Job]) -> Any:
        return map(fn, jobs)


if __name__ == "__main__":
    raise SystemExit(main())
