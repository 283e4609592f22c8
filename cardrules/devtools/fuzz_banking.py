"""The fuzzer's play of a compiled banking game (cardrules.devtools.fuzz.run_case): its worked
examples, then rounds with the random, threshold and expect bots, a bounded number of moves."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from ..compiler import ir
from ..families.banking.game import BankingGame
from ..runtime.banking.bots import Expectation
from ..runtime.banking.table import BankingModule

# A small budget: the fuzzer's time limit is seconds per case, the bot's default a few
# seconds per decision; its fallback and its stop are exercised this way too.
EXPECT_BUDGET = 20_000


def play_banking(game: ir.Game, module: ModuleType, source: str, path: Path, moves: int,
                 out: Any, at: Callable[[str], None]) -> None:
    m = cast(BankingModule, module)
    bank = BankingGame(game, m, source, path)
    at("examples")
    out.examples_ok = not bank.check_examples()
    kinds = ["random", "threshold"]
    if not m.BANKER_DECIDES:
        bank._bots["expect"] = Expectation(m, budget=EXPECT_BUDGET, fallback=EXPECT_BUDGET // 4)
        kinds.append("expect")
    left = moves
    for i in range(3):
        if left <= 0:
            break
        seats = [kinds[(i + s) % len(kinds)] for s in range(bank.players_max if i else
                                                             bank.players)]
        at("play")
        t = bank.new_table(seed=i, seats=seats)
        while not t.over and left > 0:
            t.apply(t.bot_move())
            out.played = True
            left -= 1
        if t.over:
            at("score")
            t.result()
    at("done")
