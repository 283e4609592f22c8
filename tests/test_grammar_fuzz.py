"""Rules files generated from the grammar (cardrules.devtools.rulesgen) through check, compile
and a short play: never a crash, mostly valid, every grammar alternative reached, the same
programs for the same seed. The long run is `python -m cardrules.devtools.fuzz -n 100000`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardrules.devtools import fuzz
from cardrules.devtools.fuzz import Outcome, run_case
from cardrules.devtools.rulesgen import AVOIDED, SUITE, Program, generate, grammar, programs

N = 300
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def outcomes() -> list[tuple[Program, Outcome]]:
    return [(p, run_case(p.text, moves=60)) for p in programs("suite", N, SUITE)]


def test_generated_programs_never_crash(outcomes: list[tuple[Program, Outcome]]) -> None:
    crashes = [f"{p.seed}: {o.where}\n{p.text}\n{o.trace}" for p, o in outcomes if o.crash]
    assert not crashes, "\n\n".join(crashes[:3])


def test_generated_programs_are_mostly_valid(outcomes: list[tuple[Program, Outcome]]) -> None:
    checked = sum(o.compiled for _, o in outcomes)
    examples = sum(o.compiled and o.examples_ok for _, o in outcomes)
    played = sum(o.played for _, o in outcomes)
    assert checked >= 0.7 * N and examples >= 0.65 * N and played >= 0.65 * N
    assert checked <= 0.95 * N  # and some are not: the diagnostics are exercised too
    faulty = [p for p, _ in outcomes if p.fault]
    assert 0.1 * N <= len(faulty) <= 0.3 * N


def tricks_alternatives(g: Any) -> set[tuple[str, int]]:
    """The grammar of family tricks: the generator writes climbing games, and the tricks
    statements and examples have their own tests (tests/test_tricks_*.py)."""
    roots = {"tricks_stmt", "trump_state", "tricks_case", "settle_part", "settle_expect"}
    out = {("stmt", a.number) for a in g.alts["stmt"] if a.symbols == ("tricks_stmt",)}
    out |= {("example", a.number) for a in g.alts["example"]
            if a.alias in ("example_tricks", "example_settle")}
    out |= {("removable", a.number) for a in g.alts["removable"] if a.symbols == ("UNIT",)}
    todo = list(roots)
    while todo:
        name = todo.pop()
        for a in g.alts.get(name, ()):
            out.add((name, a.number))
            todo += [s for s in a.symbols if s in g.alts and s not in roots
                     and (s, 0) not in out and s not in ("rank", "card", "expr", "signed_int")]
    return out
# The grammar walk writes games of the climbing family; banking games are written by
# rulesgen_banking from statement templates (tests/test_banking_fuzz.py), not by the walk, so
# the banking family's alternatives are left out of this count.
BANKING_RULES = {"banking_stmt", "banker", "banker_plays", "bet", "values", "value_entry",
                 "soft", "bust", "action", "effect", "showdown_early", "deal_hidden",
                 "hand_setup", "hand_claim"}


def banking_only(name: str, symbols: tuple[str, ...]) -> bool:
    return (name in BANKING_RULES or any(s in BANKING_RULES for s in symbols)
            or (name == "players" and "TO" in symbols) or (name == "param" and "COLON" in symbols)
            or (name == "example" and "HAND" in symbols)
            or (name == "removable" and "ACTION" in symbols))


def test_every_alternative_of_the_grammar_is_generated() -> None:
    g = grammar()
    used = set().union(*(p.alts for p in programs("cover", 1000, SUITE)))
    every = {(name, a.number) for name, alts in g.alts.items() if name not in g.repeat
             for a in alts if not banking_only(name, a.symbols)}
    missing = sorted(every - used - tricks_alternatives(g))
    assert not missing, [(o, g.alts[o][n].symbols) for o, n in missing]


def test_the_generator_is_deterministic_per_seed() -> None:
    texts = [generate(f"det:{i}").text for i in range(40)]
    assert texts == [generate(f"det:{i}").text for i in range(40)]
    assert len(set(texts)) == 40
    # and from one process to another, whatever the hash seed
    code = ("from cardrules.devtools.rulesgen import generate\n"
            "print(''.join(generate(f'det:{i}').text for i in range(40)), end='')")
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, cwd=ROOT, check=True).stdout
        assert out == "".join(texts)


def test_suite_profile_names_what_it_avoids() -> None:
    assert SUITE.avoid == frozenset(AVOIDED) and SUITE.stress_rate == 0
    assert all(AVOIDED.values())
    assert not AVOIDED  # nothing is left out of the suite


def test_a_user_error_is_not_a_crash_and_an_exception_is(
        monkeypatch: pytest.MonkeyPatch) -> None:
    o = run_case("game g\nplayers 99\n")
    assert not o.compiled and not o.crash and o.stage == "render"

    def broken(text: str, path: str) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(fuzz, "compile_text", broken)
    o = run_case("game g\n")
    assert o.crash == "traceback" and o.where.startswith("KeyError at ")
    assert "KeyError: 'boom'" in o.trace


def test_fuzz_command_runs_counts_and_saves_what_crashes(tmp_path: Path) -> None:
    out = tmp_path / "crashes"
    ok = subprocess.run([sys.executable, "-m", "cardrules.devtools.fuzz", "-n", "6",
                         "--workers", "2", "--seed", "7", "--profile", "suite", "--out",
                         str(out)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "6 cases in" in ok.stdout and "pass check:" in ok.stdout
    assert "reach play:" in ok.stdout and "crashes: 0" in ok.stdout
    assert not out.exists()
    # A time limit no case can meet: every case is a hang, saved with how to reproduce it.
    hung = subprocess.run([sys.executable, "-m", "cardrules.devtools.fuzz", "-n", "2",
                           "--workers", "1", "--seed", "7", "--timeout", "0.001", "--out",
                           str(out)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert hung.returncode == 1
    assert "hang: 2" in hung.stdout
    saved = sorted(out.glob("hang-*.rules"))
    assert len(saved) == 2
    assert saved[0].read_text() == generate("7:0", fuzz.PROFILES["full"]).text
    note = saved[0].with_suffix(".txt").read_text()
    assert f"reproduce: python -m cardrules.devtools.fuzz --replay {saved[0].resolve()}" in note
    again = subprocess.run([sys.executable, "-m", "cardrules.devtools.fuzz", "--replay",
                            str(saved[0])], capture_output=True, text=True, cwd=ROOT,
                           timeout=60)
    assert again.returncode == 0 and "stage " in again.stdout


def test_the_full_profile_generates_every_case() -> None:
    """The 100,000-case run once stopped at a case the generator itself failed on (a
    repeated statement drawn from a program with none)."""
    from cardrules.devtools.rulesgen import FULL
    for i in range(22_000, 23_000):  # 2026:22992 was the one
        generate(f"2026:{i}", FULL)
