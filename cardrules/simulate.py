"""Many games with bots: deterministic per game index, the same whatever the worker count."""

from __future__ import annotations

import math
import multiprocessing
import signal
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .game import Game, from_source
from .gameinfo import GameInfo
from .text import plural

_CHUNK = 25  # games a worker plays per task
_AHEAD = 4  # tasks in flight per worker: the work is streamed, never listed up front

_worker_game: Game | None = None


def _init_worker(info: GameInfo, source: str, path: Path) -> None:
    """Each worker process builds the game once, from the module the parent loaded: the rules
    file is not read again (it may have changed, or gone, since it was loaded)."""
    global _worker_game
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # ^C is the parent's: it stops the pool
    game = from_source(info, source, path)
    assert isinstance(game, Game), "banking games simulate in simulate_banking.py"
    _worker_game = game


Chunk = tuple[int, int, int, tuple[str, ...], str | None]  # seed, start, stop, seats, record


def _run_chunk(args: Chunk) -> list[dict[str, Any]]:
    assert _worker_game is not None, "the worker was started without its game"
    return _play_chunk(_worker_game, args)


def _play_chunk(game: Game, args: Chunk) -> list[dict[str, Any]]:
    seed, start, stop, seats, record = args
    if record is not None:
        return [_recorded(game, seed, i, seats, record) for i in range(start, stop)]
    return [_one(game, seed, i, seats) for i in range(start, stop)]


def _recorded(game: Game, seed: int, index: int, seats: Sequence[str],
              record: str) -> dict[str, Any]:
    """One game played into its replay file (written whole, by the process that plays it),
    with the same summary as ``_one``."""
    from .replay import Recorder, play_recorded, record_name
    rec = Recorder(game, seed=f"{seed}/{index}", seats=seats)
    totals, results = play_recorded(game, rec, seed=f"{seed}/{index}", seats=seats)
    rec.save(Path(record) / record_name(game.name, seed, index), totals)
    if game.ir.tricks is not None:
        return {"scores": rec.scores, "totals": totals, "rounds": rec.rounds,
                "first_out": [r.dealer for r in results]}
    return {"scores": rec.scores, "totals": totals, "rounds": rec.rounds,
            "first_out": [r.places[0] for r in results if r.places]}


def _one(game: Game, seed: int, index: int, seats: Sequence[str]) -> dict[str, Any]:
    from .families.tricks.game import TricksGame
    if isinstance(game, TricksGame):  # a match of tricks: who dealt, instead of who went out
        tres = game.play_match(seed=f"{seed}/{index}", seats=seats)
        return {"scores": list(tres.scores), "totals": list(tres.levels),
                "rounds": len(tres.rounds), "first_out": [r.dealer for r in tres.rounds]}
    res = game.play_match(seed=f"{seed}/{index}", seats=seats)
    return {"scores": list(res.scores), "totals": list(res.totals), "rounds": len(res.rounds),
            "first_out": [r.places[0] for r in res.rounds if r.places]}


def _results(game: Game, n: int, seed: int, seats: Sequence[str],
             workers: int, record: str | None = None) -> Iterator[dict[str, Any]]:
    """Game results in index order, whatever the worker count; chunks are made as they are
    needed and at most ``workers * _AHEAD`` are in flight, so memory does not grow with n."""
    chunks = ((seed, a, min(a + _CHUNK, n), tuple(seats), record)
              for a in range(0, n, _CHUNK))
    workers = min(workers, -(-n // _CHUNK))  # no more processes than chunks of work
    if workers == 1:
        for c in chunks:
            yield from _play_chunk(game, c)
        return
    # The workers start with ^C blocked (the mask survives their start), so none can be
    # interrupted before its initializer ignores it; the parent takes a ^C that came
    # meanwhile once all are running. They are spawned, not forked (a fork made while the
    # pool's thread runs could copy a lock it holds); that alone did not stop a ^C run from
    # hanging now and then under load, hence the workers are ended on the way out.
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                             initargs=(game.info, game.source, game.path),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        pending: deque[Future[list[dict[str, Any]]]] = deque()
        try:
            for c in chunks:
                pending.append(pool.submit(_run_chunk, c))
                if len(pending) == workers:  # each submit so far started a worker
                    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
                if len(pending) >= workers * _AHEAD:
                    yield from pending.popleft().result()
            while pending:
                yield from pending.popleft().result()
        except BaseException:  # ^C, an error, a closed generator: the workers stop now
            for f in pending:
                f.cancel()
            # Leaving the pool waits for its workers; one that never comes back (a ^C run
            # hung there, now and then, under load) must not hold the command: end them.
            processes = getattr(pool, "_processes", None) or {}
            for proc in list(processes.values()):
                proc.terminate()
            raise
        finally:  # stopped early (an error, ^C, a closed generator): drop what has not started
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            for f in pending:
                f.cancel()


def show_progress(done: int, n: int) -> None:
    """A progress bar on standard error, drawn over itself."""
    filled = done * 30 // n
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{n}")
    sys.stderr.flush()


class _Moments:
    """Count, sum and sum of squares of whole numbers: an exact mean and variance in
    constant memory."""

    def __init__(self) -> None:
        self.n = self.total = self.squares = 0

    def add(self, v: int) -> None:
        self.n += 1
        self.total += v
        self.squares += v * v

    def mean(self) -> float:
        return self.total / self.n

    def mean_ci(self) -> tuple[float, float]:
        """The mean and the half-width of its 95% interval (normal approximation)."""
        n = self.n
        if n < 2:
            return self.mean(), 0.0
        var = (n * self.squares - self.total * self.total) / (n * (n - 1))  # exact, then /
        return self.mean(), 1.96 * math.sqrt(var / n)


def simulate(game: Game, *, n: int, seed: int, seats: Sequence[str], workers: int,
             progress: bool, record: str | None = None) -> dict[str, Any]:
    """Statistics of ``n`` games; with ``record`` (a folder), a replay file for each."""
    per_seat = [_Moments() for _ in range(game.players)]
    totals = [_Moments() for _ in range(game.players)]
    wins = [0] * game.players
    rounds = 0
    for done, r in enumerate(_results(game, n, seed, seats, workers, record), start=1):
        for s, v in enumerate(r["scores"]):
            per_seat[s].add(v)
        for s, v in enumerate(r["totals"]):
            totals[s].add(v)
        for w in r["first_out"]:
            wins[w] += 1
        rounds += r["rounds"]
        if progress and (done % 10 == 0 or done == n):
            show_progress(done, n)
    if progress:
        sys.stderr.write("\n")
    seats_out = []
    kept = game.info.accumulate
    for s in range(game.players):
        mean, half = per_seat[s].mean_ci()
        row: dict[str, Any] = {"seat": s, "kind": seats[s], "mean": round(mean, 4),
                               "ci95": [round(mean - half, 4), round(mean + half, 4)],
                               "first_out_rate": round(wins[s] / rounds, 4)}
        if kept != "score":
            row[f"mean_total_{kept}"] = round(totals[s].mean(), 4)
        seats_out.append(row)
    stats = {"game": game.name, "games": n, "rounds": rounds, "seed": seed,
             "unit": "match" if game.info.match_rounds != 1 else "round", "seats": seats_out}
    if game.family == "tricks":  # the rate counts who dealt, not who went out first
        stats["first"] = "dealt"
    return stats


def summary_text(stats: dict[str, Any]) -> str:
    unit = stats["unit"]
    extra = [k for k in stats["seats"][0] if k.startswith("mean_total_")]
    count = f"{plural(stats['games'], 'match', 'matches')}, {plural(stats['rounds'], 'round')}" \
        if unit == "match" else plural(stats["games"], "round")
    lines = [f"{stats['game']}: {count}, seed {stats['seed']}",
             "seat  kind     mean score   95% interval          "
             + f"{stats.get('first', 'first out'):>9}"
             + "".join(f"   {k[len('mean_total_'):]} total" for k in extra),
             f"                (per {unit})"]
    for s in stats["seats"]:
        lo, hi = s["ci95"]
        lines.append(f"{s['seat']:>4}  {s['kind']:<7} {s['mean']:>11.2f}   "
                     f"[{lo:>8.2f}, {hi:>8.2f}]   {s['first_out_rate']:>8.1%}"
                     + "".join(f"   {s[k]:>10.2f}" for k in extra))
    return "\n".join(lines) + "\n"
