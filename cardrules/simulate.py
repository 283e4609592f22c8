"""Many games with bots: deterministic per game index, the same whatever the worker count."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .game import Game, from_source, is_banking, is_tricks
from .gameinfo import GameInfo
from .pool import Work, stream
from .stats import Moments
from .text import columns, intervals, plural

# One game's summary: round scores added up, match totals, rounds played, and per round the
# seat that went out first (climbing) or dealt (tricks). Tuples: they cross the pipes cheaply.
Summary = tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]
Setup = tuple[GameInfo, str, Path, int, tuple[str, ...], str | None]  # what a worker is given
Plan = tuple[Game, int, tuple[str, ...], str | None]  # the game, seed, seats, record folder


def _setup(arg: Setup) -> Plan:
    """A worker builds the game once, from the module the parent loaded: the rules file is
    not read again (it may have changed, or gone, since it was loaded)."""
    info, source, path, seed, seats, record = arg
    game = from_source(info, source, path)
    assert not is_banking(game), "banking games simulate in simulate_banking.py"
    return game, seed, seats, record


def _play(plan: Plan, start: int, stop: int) -> list[Summary]:
    game, seed, seats, record = plan
    if record is not None:
        return [_recorded(game, seed, i, seats, record) for i in range(start, stop)]
    return [_one(game, seed, i, seats) for i in range(start, stop)]


def _recorded(game: Game, seed: int, index: int, seats: Sequence[str],
              record: str) -> Summary:
    """One game played into its replay file (written whole, by the process that plays it),
    with the same summary as ``_one``."""
    from .replay import Recorder, play_recorded, record_name
    rec = Recorder(game, seed=f"{seed}/{index}", seats=seats)
    totals, results = play_recorded(game, rec, seed=f"{seed}/{index}", seats=seats)
    rec.save(Path(record) / record_name(game.name, seed, index), totals)
    if game.ir.tricks is not None:
        return (tuple(rec.scores), tuple(totals), rec.rounds,
                tuple(r.dealer for r in results))
    return (tuple(rec.scores), tuple(totals), rec.rounds,
            tuple(r.places[0] for r in results if r.places))


def _one(game: Game, seed: int, index: int, seats: Sequence[str]) -> Summary:
    if is_tricks(game):  # a match of tricks: who dealt, instead of who went out (asked
        # without importing that family's runtime into a worker of another family's game)
        tres = game.play_match(seed=f"{seed}/{index}", seats=seats)
        return (tuple(tres.scores), tuple(tres.levels), len(tres.rounds),
                tuple(r.dealer for r in tres.rounds))
    res = game.play_match(seed=f"{seed}/{index}", seats=seats)
    return (tuple(res.scores), tuple(res.totals), len(res.rounds),
            tuple(r.places[0] for r in res.rounds if r.places))


def _results(game: Game, n: int, seed: int, seats: Sequence[str], workers: int,
             record: str | None = None, backend: str = "local",
             address: str | None = None) -> Iterator[Summary]:
    """Game summaries in index order, whatever the worker count and backend (pool.py)."""
    work = Work(_setup, _play, (game.info, game.source, game.path, seed, tuple(seats), record))
    return stream(work, n, workers=workers, here=(game, seed, tuple(seats), record),
                  backend=backend, address=address)


def show_progress(done: int, n: int) -> None:
    """A progress bar on standard error, drawn over itself."""
    filled = done * 30 // n
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{n}")
    sys.stderr.flush()


class Progress:
    """The progress bar of a simulation, redrawn at most ten times a second; its line is ended
    however the run ends, so that what follows (the summary, or "interrupted") starts a line
    of its own and the bar drawn so far stays."""

    def __init__(self, n: int, shown: bool) -> None:
        self.n, self.shown, self.done, self.drawn = n, shown, 0, 0.0

    def __enter__(self) -> Progress:
        return self

    def step(self) -> None:
        self.done += 1
        if self.shown:
            now = time.monotonic()
            if now - self.drawn >= 0.1 or self.done == self.n:
                self.drawn = now
                show_progress(self.done, self.n)

    def __exit__(self, *exc: object) -> None:
        if self.shown and self.done:
            show_progress(self.done, self.n)
            sys.stderr.write("\n")
            sys.stderr.flush()


def simulate(game: Game, *, n: int, seed: int, seats: Sequence[str], workers: int,
             progress: bool, record: str | None = None, backend: str = "local",
             address: str | None = None) -> dict[str, Any]:
    """Statistics of ``n`` games; with ``record`` (a folder), a replay file for each;
    ``backend``: ``local`` processes or ``ray`` (at ``address``), see pool.py."""
    per_seat = [Moments() for _ in range(game.players)]
    totals = [Moments() for _ in range(game.players)]
    wins = [0] * game.players
    rounds = 0
    with Progress(n, progress) as bar:
        for scores, match_totals, played, first in _results(game, n, seed, seats, workers,
                                                             record, backend, address):
            for s, v in enumerate(scores):
                per_seat[s].add(v)
            for s, v in enumerate(match_totals):
                totals[s].add(v)
            for w in first:
                wins[w] += 1
            rounds += played
            bar.step()
    seats_out = []
    kept = game.info.accumulate
    for s in range(game.players):
        mean, ci95 = per_seat[s].interval()
        row: dict[str, Any] = {"seat": s, "kind": seats[s], "mean": mean, "ci95": ci95,
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
    head = ("seat", "kind", "mean score", "95% interval", stats.get("first", "first out"),
            *(f"{k[len('mean_total_'):]} total" for k in extra))
    under = ("", "", f"(per {unit})", "", "", *("" for _ in extra))
    shown = intervals([(f"{s['ci95'][0]:.2f}", f"{s['ci95'][1]:.2f}") for s in stats["seats"]])
    rows = [(str(s["seat"]), s["kind"], f"{s['mean']:.2f}", ci, f"{s['first_out_rate']:.1%}",
             *(f"{s[k]:.2f}" for k in extra)) for s, ci in zip(stats["seats"], shown, strict=True)]
    lines = [f"{stats['game']}: {count}, seed {stats['seed']}",
             *columns([head, under, *rows], right=(True, False, True, False, True,
                                                   *(True for _ in extra)))]
    return "\n".join(lines) + "\n"
