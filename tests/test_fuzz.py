"""Mutated rules files: each either compiles (and then plays a round) or gives diagnostics.

Never any other exception: a bad rules file must not produce a traceback."""

from __future__ import annotations

import random
from pathlib import Path
from typing import cast

import pytest

from cardrules.compiler import CompileError, compile_text, generate
from cardrules.examples import check_examples
from cardrules.families.banking.game import BankingGame
from cardrules.families.climbing.game import ClimbingGame
from cardrules.families.tricks.game import TricksGame
from cardrules.loader import load_module
from cardrules.runtime.banking.table import BankingModule
from cardrules.runtime.protocol import RulesModule
from cardrules.runtime.tricks.protocol import TricksModule

GAMES = Path(__file__).resolve().parent.parent / "cardrules" / "games"
SOURCES = {p.stem: p.read_text() for p in sorted(GAMES.glob("*.rules"))}
WORDS = ["group", "+", "2", "0", "-1", "key", "card", "rank", "sequence", "of", "{", "}", "(",
         ")", "override", "S3", "BJ", "ranks", "suits", "when", "else", "if", "then", ":", ",",
         "sum", "q", "in", "99999999999999999999", '"x"', "example", "=>", "#", "\n"]


def mutate(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(words))
        op = rng.randrange(4)
        if op == 0:
            del words[i]
        elif op == 1:
            words.insert(i, rng.choice(WORDS))
        elif op == 2:
            words[i] = rng.choice(WORDS)
        else:
            j = rng.randrange(len(words))
            words[i], words[j] = words[j], words[i]
    return " ".join(words)


def fuzz(name: str, rounds: int) -> tuple[int, int]:
    rng = random.Random(name)
    compiled = failed = 0
    for _ in range(rounds):
        text = mutate(SOURCES[name], rng)
        path = str(GAMES / f"{name}.rules")  # so `extends` finds the built-in bases
        try:
            game = compile_text(text, path)
        except CompileError as err:
            assert err.diagnostics and err.render()
            failed += 1
            continue
        compiled += 1
        module, source = load_module(game, f"{name}.rules")
        assert generate(game, f"{name}.rules") == source
        if game.banking is not None:
            bank = BankingGame(game, cast(BankingModule, module), source, Path(path))
            table = bank.new_table(seed=1, seats=["random"] * bank.players)
            table.play_out()
            assert table.over and len(table.result().scores) == bank.players
            continue
        if game.family == "tricks":  # no round driver yet: its examples are checked instead
            tg = TricksGame(game, cast(TricksModule, module), source, Path(path))
            assert all(d.message for d in check_examples(tg))
            continue
        g = ClimbingGame(game, cast(RulesModule, module), source, Path(path))
        t = g.new_table(seed=1, seats=["random"] * g.players)
        t.play_out()  # a mutated game that compiles still plays to the end
        assert t.over and len(t.result().scores) == g.players
    return compiled, failed


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_mutated_rules_never_crash(name: str) -> None:
    compiled, failed = fuzz(name, 60)
    assert compiled + failed == 60 and failed > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SOURCES))
def test_mutated_rules_never_crash_long(name: str) -> None:
    fuzz(name, 2000)
