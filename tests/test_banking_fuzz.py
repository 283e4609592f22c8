"""Generated banking games (cardrules.devtools.rulesgen_banking) through check, compile and a
short play with the random, threshold and expect bots: never a crash, a good share valid,
deterministic; and the driver bugs the fuzzer found, fixed."""

from __future__ import annotations

import gc
import random
import sys
from typing import cast

import pytest

from cardrules.compiler import compile_text
from cardrules.devtools.fuzz import Outcome, run_case
from cardrules.devtools.rulesgen import generate
from cardrules.devtools.rulesgen_banking import banking_program
from cardrules.loader import load_module
from cardrules.runtime.banking.table import BankingModule, Table

N = 40


@pytest.fixture(scope="module")
def outcomes() -> list[tuple[str, Outcome]]:
    out = []
    for i in range(N):
        text = banking_program(random.Random(f"bank-suite:{i}"), f"bank{i}", i % 5 == 0)
        out.append((text, run_case(text, moves=60)))
    return out


def test_generated_banking_games_never_crash(outcomes: list[tuple[str, Outcome]]) -> None:
    crashes = [f"{o.where}\n{text}\n{o.trace}" for text, o in outcomes if o.crash]
    assert not crashes, "\n\n".join(crashes[:3])


def test_generated_banking_games_are_mostly_valid(outcomes: list[tuple[str, Outcome]]) -> None:
    played = [o for _, o in outcomes if o.played]
    assert all(o.family == "banking" for o in played)
    assert len(played) >= 0.4 * N
    assert sum(o.compiled for _, o in outcomes) < N  # the diagnostics are exercised too


def test_the_fuzzer_draws_banking_games() -> None:
    texts = [generate(f"fam:{i}").text for i in range(200)]
    banking = sum("\nfamily banking\n" in t for t in texts)
    assert 15 <= banking <= 50
    assert texts == [generate(f"fam:{i}").text for i in range(200)]


def test_moves_are_made_per_set_of_actions_not_per_module_id() -> None:
    """The fuzzer's first banking crash: the driver kept each module's moves by id(module),
    and a freed module's id, reused by the next module, brought back moves of other
    actions (an IndexError at the deal)."""
    small = "action stand(h) { stop }\n"
    big = ("action stand(h) { stop }\naction hit(h) when hand_total(h) < 21 { draw 1 }\n"
           "action double(h) when card_count(h) == 2 { bet * 2  draw 1  stop }\n")
    for i in range(24):  # freed modules' ids are usually reused (what made the stale moves)
        text = ("game g\nfamily banking\nplayers 2 to 3\ndeck 52\ndeal 2 each hidden 1\n"
                "banker seat 0\nbet min 1 max 2\nranks 2 3 4 5 6 7 8 9 10 J Q K A\n"
                "values { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 10, "
                "Q: 10, K: 10, A: 11 }\nbust over 21\n" + (small, big)[i % 2] +
                "banker plays: stand while 1 == 1 else stand\n"
                "def payout(h: hand) = 0\ndef score(p) = 0\n")
        module, _ = load_module(compile_text(text, "g.rules"), "g.rules")
        t = Table(cast(BankingModule, module), seed=i)
        t.apply("bet 1")
        assert all(t.legal_actions()[k].name == module.ACTIONS[a.act]
                   for k, a in enumerate(t.legal_actions()))
        sys.modules.pop(module.__name__, None)
        del module, t
        gc.collect()
