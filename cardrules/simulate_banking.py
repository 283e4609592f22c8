"""Many rounds of a banking game with bots: each seat's mean result per round with a 95%
interval, and the mean result per player hand. Deterministic per round index, whatever the
worker count and backend (the pool and statistics are simulate.py's: pool.py, stats.py)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .families.banking.game import BankingGame, BankingMatchResult
from .gameinfo import GameInfo
from .pool import Work, stream
from .simulate import Progress
from .stats import Moments
from .text import columns, intervals

# One round's summary: each seat's result, and each player hand's (seat, payout, bet).
Summary = tuple[tuple[int, ...], tuple[tuple[int, int, int], ...], int]
Setup = tuple[GameInfo, str, Path, int, tuple[str, ...], str | None]
Plan = tuple[BankingGame, int, tuple[str, ...], str | None]


def _setup(arg: Setup) -> Plan:
    """A worker builds the game once, from the module the parent loaded (the rules file is not
    read again)."""
    from .game import from_source
    info, source, path, seed, seats, record = arg
    game = from_source(info, source, path)
    assert isinstance(game, BankingGame)
    return game, seed, seats, record


def _play(plan: Plan, start: int, stop: int) -> list[Summary]:
    game, seed, seats, record = plan
    out = []
    for i in range(start, stop):
        res = game.play_match(seed=f"{seed}/{i}", seats=seats) if record is None else \
            _recorded(game, seed, i, seats, record)
        out.append((tuple(res.scores),
                    tuple((h.seat, h.payout, h.bet) for r in res.rounds for h in r.hands),
                    len(res.rounds)))
    return out


def _recorded(game: BankingGame, seed: int, index: int, seats: Sequence[str], record: str
              ) -> BankingMatchResult:
    """A match as ``play_match`` plays it, written to its replay file (in the folder
    ``record``) by this process. (replay.py, and the compiler it reads rules with, are
    imported only here: a worker that records nothing starts without them.)"""
    from .replay import Recorder, play_recorded, record_name
    path = Path(record) / record_name(game.name, seed, index)
    match_seed = f"{seed}/{index}"
    rec = Recorder(game, seed=match_seed, seats=seats)
    totals, results = play_recorded(game, rec, seed=match_seed, seats=seats)
    rec.save(path, totals)
    return BankingMatchResult(rounds=tuple(results), totals=tuple(totals))


def _results(game: BankingGame, n: int, seed: int, seats: Sequence[str], workers: int,
             record: str | None = None, backend: str = "local",
             address: str | None = None) -> Iterator[Summary]:
    work = Work(_setup, _play, (game.info, game.source, game.path, seed, tuple(seats), record))
    return stream(work, n, workers=workers, here=(game, seed, tuple(seats), record),
                  backend=backend, address=address)


def simulate_banking(game: BankingGame, *, n: int, seed: int, seats: Sequence[str],
                     workers: int, progress: bool, record: str | None = None,
                     backend: str = "local", address: str | None = None) -> dict[str, Any]:
    """Statistics of ``n`` rounds; with ``record`` (a folder), a replay file for each."""
    per_seat = [Moments() for _ in seats]
    hands = [0] * len(seats)
    per_unit = Moments()
    rounds = 0
    with Progress(n, progress) as bar:
        for scores, played_hands, played in _results(game, n, seed, seats, workers, record,
                                                     backend, address):
            for s, v in enumerate(scores):
                per_seat[s].add(v)
            for s, payout, bet in played_hands:
                hands[s] += 1
                per_unit.add(payout / bet if bet else 0.0)
            rounds += played
            bar.step()
    rows = []
    for s, kind in enumerate(seats):
        mean, ci95 = per_seat[s].interval()
        rows.append({"seat": s, "kind": kind, "banker": s == game.module.BANKER,
                     "mean": mean, "ci95": ci95, "hands": hands[s]})
    mean_u, ci95_u = per_unit.interval()
    return {"game": game.name, "games": n, "rounds": rounds, "seed": seed, "unit": "round",
            "seats": rows, "per_hand": {"hands": per_unit.n, "mean": mean_u, "ci95": ci95_u}}


def banking_summary(stats: dict[str, Any]) -> str:
    """The statistics as a table, each column as wide as its widest entry (a kind such as
    ``threshold16 (banker)`` included): text to the left, numbers to the right."""
    head = ("seat", "kind", "mean result", "95% interval", "hands")
    under = ("", "", "(per round, chips)", "", "")
    rows = [(str(s["seat"]), s["kind"] + (" (banker)" if s["banker"] else ""),
             f"{s['mean']:.3f}", str(s["hands"])) for s in stats["seats"]]
    shown = intervals([(f"{s['ci95'][0]:.3f}", f"{s['ci95'][1]:.3f}") for s in stats["seats"]])
    table = columns([head, under, *((seat, kind, mean, ci, hands) for (seat, kind, mean, hands),
                                    ci in zip(rows, shown, strict=True))],
                    right=(True, False, True, False, True))
    lines = [f"{stats['game']}: {stats['games']} rounds, seed {stats['seed']}",
             *table]
    ph = stats["per_hand"]
    lines.append(f"per player hand, in bets: {ph['mean']:.4f}  95% interval "
                 f"[{ph['ci95'][0]:.4f}, {ph['ci95'][1]:.4f}]  ({ph['hands']} hands)")
    return "\n".join(lines) + "\n"
