"""The web table's start of a table (``POST /api/tables`` of a built-in game: load the game,
deal, bots move to the person's turn), with the game loaded through the cache of compiled
games (what ``cardrules serve`` does) against compiling it for every table (what it did
before). Prints the median milliseconds of each and their ratio, per family's game. (Main
before this change, timed with the same requests: big_two 41-51 ms, doudizhu 112-169 ms,
tractor 77-140 ms, blackjack_casino 61-94 ms a table, on the shared 2-core machine under
load; this branch 2.5-15 ms.)

    python bench/bench_web_start.py [--tables 20]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from starlette.testclient import TestClient

from cardrules.compiler import builtin_games, compile_path
from cardrules.game import from_ir, load
from cardrules.web import server

GAMES = [("big_two", ["human", "greedy", "greedy", "greedy"]),
         ("doudizhu", ["human", "greedy", "greedy"]),
         ("tractor", ["human", "greedy", "greedy", "greedy"]),
         ("blackjack_casino", ["threshold", "human"])]


def compiled(name: str) -> Any:
    """The server's loader before the cache: compile the rules for every table. The game is
    given the files it was built from, as ``load`` gives them, so that the replay recorder
    hashes them in both cases and only the compile differs."""
    path = next(p for p in builtin_games() if p.stem == name)
    game = from_ir(compile_path(path), path)
    game._files = load(path).files
    return game


def median_ms(client: TestClient, game: str, seats: list[str], tables: int) -> float:
    times = []
    for i in range(tables):
        t = time.perf_counter()
        r = client.post("/api/tables", json={"game": game, "seats": seats, "seed": i})
        times.append(time.perf_counter() - t)
        assert r.status_code == 200, r.text
    return statistics.median(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=20, help="tables started per game and side")
    args = ap.parse_args()
    cached_loader = server._load_builtin
    client = TestClient(server.create_app())
    server.MAX_TABLES = 10 ** 6
    print(f"{'game':<18} {'compiled (ms)':>14} {'cached (ms)':>12} {'ratio':>7}")
    for game, seats in GAMES:
        server._load_builtin = compiled
        before = median_ms(client, game, seats, args.tables)
        server._load_builtin = cached_loader
        after = median_ms(client, game, seats, args.tables)
        print(f"{game:<18} {before:>14.1f} {after:>12.1f} {before / after:>6.1f}x")


if __name__ == "__main__":
    main()
