"""Many games with bots: deterministic per game index, the same whatever the worker count."""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .game import Game, load
from .text import plural

_CHUNK = 25


@functools.lru_cache(maxsize=4)
def _game(path: str) -> Game:
    """Each worker process compiles a game once, not once per chunk."""
    return load(Path(path))


def _run_chunk(args: tuple[str, int, int, int, tuple[str, ...]]) -> list[dict[str, Any]]:
    path, seed, start, stop, seats = args
    game = _game(path)
    return [_one(game, seed, i, seats) for i in range(start, stop)]


def _one(game: Game, seed: int, index: int, seats: Sequence[str]) -> dict[str, Any]:
    res = game.play_match(seed=f"{seed}/{index}", seats=seats)
    return {"scores": list(res.scores), "totals": list(res.totals), "rounds": len(res.rounds),
            "first_out": [r.places[0] for r in res.rounds if r.places]}


def _results(game: Game, n: int, seed: int, seats: Sequence[str],
             workers: int) -> Iterator[dict[str, Any]]:
    chunks = [(str(game.path), seed, a, min(a + _CHUNK, n), tuple(seats))
              for a in range(0, n, _CHUNK)]
    if workers == 1:
        for c in chunks:
            yield from _run_chunk(c)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(_run_chunk, chunks):
            yield from part


def _mean_ci(values: list[int]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def simulate(game: Game, *, n: int, seed: int, seats: Sequence[str], workers: int,
             progress: bool) -> dict[str, Any]:
    per_seat: list[list[int]] = [[] for _ in range(game.players)]
    totals: list[list[int]] = [[] for _ in range(game.players)]
    wins = [0] * game.players
    rounds = 0
    for done, r in enumerate(_results(game, n, seed, seats, workers), start=1):
        for s, v in enumerate(r["scores"]):
            per_seat[s].append(v)
        for s, v in enumerate(r["totals"]):
            totals[s].append(v)
        for w in r["first_out"]:
            wins[w] += 1
        rounds += r["rounds"]
        if progress and (done % 10 == 0 or done == n):
            filled = done * 30 // n
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{n}")
            sys.stderr.flush()
    if progress:
        sys.stderr.write("\n")
    seats_out = []
    kept = game.ir.match.accumulate
    for s in range(game.players):
        mean, half = _mean_ci(per_seat[s])
        row: dict[str, Any] = {"seat": s, "kind": seats[s], "mean": round(mean, 4),
                               "ci95": [round(mean - half, 4), round(mean + half, 4)],
                               "first_out_rate": round(wins[s] / rounds, 4)}
        if kept != "score":
            row[f"mean_total_{kept}"] = round(sum(totals[s]) / len(totals[s]), 4)
        seats_out.append(row)
    return {"game": game.name, "games": n, "rounds": rounds, "seed": seed,
            "unit": "match" if game.ir.match.rounds != 1 else "round", "seats": seats_out}


def summary_text(stats: dict[str, Any]) -> str:
    unit = stats["unit"]
    extra = [k for k in stats["seats"][0] if k.startswith("mean_total_")]
    count = f"{plural(stats['games'], 'match', 'matches')}, {plural(stats['rounds'], 'round')}" \
        if unit == "match" else plural(stats["games"], "round")
    lines = [f"{stats['game']}: {count}, seed {stats['seed']}",
             "seat  kind     mean score   95% interval          first out"
             + "".join(f"   {k[len('mean_total_'):]} total" for k in extra),
             f"                (per {unit})"]
    for s in stats["seats"]:
        lo, hi = s["ci95"]
        lines.append(f"{s['seat']:>4}  {s['kind']:<7} {s['mean']:>11.2f}   "
                     f"[{lo:>8.2f}, {hi:>8.2f}]   {s['first_out_rate']:>8.1%}"
                     + "".join(f"   {s[k]:>10.2f}" for k in extra))
    return "\n".join(lines) + "\n"
