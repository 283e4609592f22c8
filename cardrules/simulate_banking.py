"""Many rounds of a banking game with bots: each seat's mean result per round with a 95%
interval, and the mean result per player hand. Deterministic per round index, whatever the
worker count."""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .families.banking.game import BankingGame, BankingMatchResult
from .simulate import show_progress


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)

_CHUNK = 50


@functools.lru_cache(maxsize=4)
def _game(path: str) -> BankingGame:
    from .game import load
    game = load(Path(path))
    assert isinstance(game, BankingGame)
    return game


def _run_chunk(args: tuple[str, int, int, int, tuple[str, ...], str | None]
               ) -> list[dict[str, Any]]:
    from .replay import record_name
    path, seed, start, stop, seats, record = args
    game = _game(path)
    out = []
    for i in range(start, stop):
        res = game.play_match(seed=f"{seed}/{i}", seats=seats) if record is None else \
            _recorded(game, f"{seed}/{i}", seats, Path(record) / record_name(game.name, seed, i))
        out.append({"scores": list(res.scores),
                    "hands": [(h.seat, h.payout, h.bet) for r in res.rounds for h in r.hands],
                    "rounds": len(res.rounds)})
    return out


def _recorded(game: BankingGame, seed: str, seats: Sequence[str], path: Path
              ) -> BankingMatchResult:
    """A match as ``play_match`` plays it, written to its replay file by this process."""
    from .replay import Recorder, play_recorded
    rec = Recorder(game, seed=seed, seats=seats)
    totals, results = play_recorded(game, rec, seed=seed, seats=seats)
    rec.save(path, totals)
    return BankingMatchResult(rounds=tuple(results), totals=tuple(totals))


def _results(game: BankingGame, n: int, seed: int, seats: Sequence[str],
             workers: int, record: str | None = None) -> Iterator[dict[str, Any]]:
    chunks = [(str(game.path), seed, a, min(a + _CHUNK, n), tuple(seats), record)
              for a in range(0, n, _CHUNK)]
    if workers == 1:
        for c in chunks:
            yield from _run_chunk(c)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(_run_chunk, chunks):
            yield from part


def simulate_banking(game: BankingGame, *, n: int, seed: int, seats: Sequence[str],
                     workers: int, progress: bool, record: str | None = None
                     ) -> dict[str, Any]:
    """Statistics of ``n`` rounds; with ``record`` (a folder), a replay file for each."""
    per_seat: list[list[int]] = [[] for _ in seats]
    per_hand: list[list[int]] = [[] for _ in seats]
    per_unit: list[float] = []
    rounds = 0
    for done, r in enumerate(_results(game, n, seed, seats, workers, record), start=1):
        for s, v in enumerate(r["scores"]):
            per_seat[s].append(v)
        for s, payout, bet in r["hands"]:
            per_hand[s].append(payout)
            per_unit.append(payout / bet if bet else 0.0)
        rounds += r["rounds"]
        if progress and (done % 50 == 0 or done == n):
            show_progress(done, n)
    if progress:
        sys.stderr.write("\n")
    rows = []
    for s, kind in enumerate(seats):
        mean, half = _mean_ci(per_seat[s])
        row: dict[str, Any] = {"seat": s, "kind": kind, "banker": s == game.module.BANKER,
                               "mean": round(mean, 4),
                               "ci95": [round(mean - half, 4), round(mean + half, 4)],
                               "hands": len(per_hand[s])}
        rows.append(row)
    mean_u, half_u = _mean_ci(per_unit) if per_unit else (0.0, 0.0)
    return {"game": game.name, "games": n, "rounds": rounds, "seed": seed, "unit": "round",
            "seats": rows, "per_hand": {"hands": len(per_unit), "mean": round(mean_u, 4),
                                        "ci95": [round(mean_u - half_u, 4),
                                                 round(mean_u + half_u, 4)]}}


def banking_summary(stats: dict[str, Any]) -> str:
    lines = [f"{stats['game']}: {stats['games']} rounds, seed {stats['seed']}",
             "seat  kind        mean result   95% interval          hands",
             "                  (per round, chips)"]
    for s in stats["seats"]:
        lo, hi = s["ci95"]
        kind = s["kind"] + (" (banker)" if s["banker"] else "")
        lines.append(f"{s['seat']:>4}  {kind:<18} {s['mean']:>8.3f}   [{lo:>8.3f}, {hi:>8.3f}]"
                     f"   {s['hands']:>7}")
    ph = stats["per_hand"]
    lines.append(f"per player hand, in bets: {ph['mean']:.4f}  95% interval "
                 f"[{ph['ci95'][0]:.4f}, {ph['ci95'][1]:.4f}]  ({ph['hands']} hands)")
    return "\n".join(lines) + "\n"
