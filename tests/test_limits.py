"""Bounded cost for any input (issue 6, section 3): every limit of compiler/limits.py is
enforced with a located diagnostic, and what used to run for minutes now ends at once.

The commands run in a subprocess with a generous timeout: it only detects non-termination
(each case below ran past a minute, or past 1 GB, before its fix); no test times anything.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.compiler import CompileError, compile_text, limits

ROOT = Path(__file__).resolve().parent.parent
HANG_GUARD = 20  # seconds: far above what any of these takes now

HEAD = """game g
players 4
deck 52
deal 13 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2
combination single { group 1 key card }
"""


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``cardrules ARGS``; a hang fails the test with TimeoutExpired."""
    return subprocess.run([sys.executable, "-m", "cardrules.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=HANG_GUARD)


def refused(text: str) -> list[tuple[int, int, str]]:
    """The diagnostics a text gets, as (line, col, message)."""
    with pytest.raises(CompileError) as info:
        compile_text(text, "limits.rules")
    return [(d.span.line, d.span.col, d.message) for d in info.value.diagnostics]


def write(tmp_path: Path, text: str, name: str = "g.rules") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# ---------------------------------------------------------------- constants
def squaring_consts(n: int) -> str:
    lines = ["def score(p) = 0", "const a0 = 2"]
    lines += [f"const a{i} = a{i - 1} * a{i - 1}" for i in range(1, n + 1)]
    return HEAD + "\n".join(lines) + "\n"


def test_constants_that_square_each_other_stop_at_the_first_too_large(tmp_path: Path) -> None:
    # Before: `check` ran past 20 s and 1.4 GB on a0..a40 (2**(2**40) never finishes); with
    # a0..a30 it took 8 s and 540 MB, then a traceback (int to str of over 4,300 digits).
    assert refused(squaring_consts(40)) == [
        (14, 12, f"this constant is too large (more than {limits.MAX_CONST_BITS} bits; the "
                 f"limit is {2 ** limits.MAX_CONST_BITS - 1:,})")]
    done = cli("check", write(tmp_path, squaring_consts(40)))
    assert done.returncode == 1
    assert "g.rules:14:12: error: this constant is too large" in done.stderr
    assert "Traceback" not in done.stderr


def test_constants_and_table_entries_up_to_the_limit_are_kept() -> None:
    big = 2 ** limits.MAX_CONST_BITS - 1
    game = compile_text(HEAD + f"const a = {big}\nconst b = -a\ntable t = {{ 1: a }}\n"
                        "def score(p) = 0\n", "ok.rules")
    assert dict(game.consts) == {"a": big, "b": -big}
    assert game.tables == (("t", ((1, big),)),)
    assert refused(HEAD + "table t = { 1: 99999999999 * 99999999999 }\ndef score(p) = 0\n") \
        == [(7, 16, f"this constant is too large (more than {limits.MAX_CONST_BITS} bits; the "
                    f"limit is {big:,})")]


# ---------------------------------------------------------------- scoring cost
def doubling_defs(n: int, op: str = "+") -> str:
    lines = ["def a0(p) = cards_left(p)"]
    lines += [f"def a{i}(p) = a{i - 1}(p) {op} a{i - 1}(p)" for i in range(1, n + 1)]
    return HEAD + "\n".join(lines) + f"\ndef score(p) = a{n}(p)\n"


def nested_sums(n: int, players: int = 4) -> str:
    body = "cards_left(q0)"
    for i in range(n):
        body = f"sum(q{i} in seats(): {body})"
    head = HEAD.replace("players 4", f"players {players}").replace("deal 13", "deal 6")
    return head + f"def score(p) = {body}\n"


def test_defs_that_call_the_previous_twice_are_refused_at_the_first_too_costly(
        tmp_path: Path) -> None:
    # Before: `play` of the 40-deep chain ran past 30 s (2**40 calls a seat); now the checker
    # refuses the first def over the limit, once (its callers are not blamed again).
    [(line, col, message)] = refused(doubling_defs(40))
    assert (line, col) == (21, 5)
    assert message == (f"def a14 may take 147,450 steps to evaluate (the limit is "
                       f"{limits.MAX_EVAL_STEPS:,})")
    done = cli("play", write(tmp_path, doubling_defs(40)), "--seed", "1")
    assert done.returncode == 1 and "def a14 may take" in done.stderr


def test_a_shared_value_in_a_let_is_cheap() -> None:
    lines = ["def a0(p) = cards_left(p)"]
    lines += [f"def a{i}(p) {{ let x = a{i - 1}(p) x + x }}" for i in range(1, 41)]
    game = compile_text(HEAD + "\n".join(lines) + "\ndef score(p) = a40(p)\n", "ok.rules")
    assert len(game.defs) == 42


def test_products_that_square_each_other_are_refused_by_their_size() -> None:
    # Before: `play` ran past 30 s (a value of 2**(2**40) bits).
    assert refused(doubling_defs(40, "*")) == [
        (13, 5, f"def a6 can grow to a number of 512 bits (the limit is "
                f"{limits.MAX_VALUE_BITS})")]


def test_nested_aggregates_are_refused_over_the_limit_and_played_under_it(
        tmp_path: Path) -> None:
    # Before: ten nested sums over 8 seats (8**10 evaluations a seat) ran past 30 s.
    [(line, col, message)] = refused(nested_sums(10, players=8))
    assert (line, col) == (7, 5)
    assert message.startswith("def score may take 4,908,534,051 steps")
    # Seven over 4 seats stay under the limit, and a round plays to its end.
    done = cli("play", write(tmp_path, nested_sums(7)), "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "scores:" in done.stdout


def test_until_is_held_to_the_same_limit() -> None:
    body = "total(q0)"
    for i in range(9):
        body = f"sum(q{i} in seats(): {body})"
    [(line, col, message)] = refused(HEAD + f"def score(p) = 0\nmatch {{ until {body} > 9 }}\n")
    assert (line, col) == (8, 15)
    assert message.startswith("the match's until may take")


def test_built_in_games_are_well_inside_the_scoring_limits() -> None:
    from cardrules.compiler import builtin_games
    from cardrules.compiler.check import Checker
    from cardrules.compiler.parse import parse_text
    from cardrules.compiler.resolve import resolve

    for path in builtin_games():
        checker = Checker(resolve(parse_text(path.read_text("utf-8"), str(path))))
        checker.game()
        costs = checker.def_costs.values()
        assert max(c.steps for c in costs) <= limits.MAX_EVAL_STEPS // 100
        assert max(c.bits for c in costs) <= 64


# ---------------------------------------------------------------- equal groups
SIX_SINGLES = " + ".join(["group 1"] * 6)


def test_equal_groups_are_generated_once_per_set_of_cards() -> None:
    # Before: gen_groups yielded every ordering of the equal groups, 13*12*11*10*9*8 =
    # 1,235,520 tuples for the C(13, 6) = 1,716 sets of a hand of 13 ranks (a round of such a
    # game took 31 s); dedupe then threw all but one ordering of each away.
    from itertools import combinations

    from cardrules.runtime.shapes import gen_groups, split_by_rank

    hand = list(range(0, 52, 4))  # one card of each of 13 ranks
    rank = [c // 4 for c in range(54)]
    made = list(gen_groups(split_by_rank(hand, rank), (1,) * 6, 1))
    assert len(made) == len({frozenset(m) for m in made}) == 1716
    # Mixed sizes with repeats: 3 + 3 + 1 + 1 from a hand with 4 cards of ranks 0-3 and one
    # card of ranks 4-6, against a count over every subset of the hand.
    hand = [r * 4 + s for r in range(4) for s in range(4)] + [16, 20, 24]
    made = list(gen_groups(split_by_rank(hand, rank), (3, 3, 1, 1), 3))
    expected = sum(1 for cards in combinations(hand, 8)
                   if sorted(sorted(rank[c] for c in cards).count(r)
                             for r in {rank[c] for c in cards}) == [1, 1, 3, 3])
    assert len(made) == len({frozenset(m) for m in made}) == expected
    assert expected == 6 * 16 * (16 + 2 * 3 * 4 + 3)  # two triples, then two singles


def test_a_game_of_six_equal_groups_plays_each_set_once(tmp_path: Path) -> None:
    import cardrules

    path = write(tmp_path, HEAD + f"combination six {{ {SIX_SINGLES} key card }}\n"
                 "def score(p) = cards_left(p)\n", "six.rules")
    game = cardrules.load(path)
    hand = game.parse_cards("S3 H4 C5 D6 S7 H8 C9 D10 SJ HQ CK DA S2 H3")
    plays = game.module.plays_of_kind(1, hand)
    # Independently: the 6-card subsets of the hand whose ranks are all different.
    from itertools import combinations
    expected = sum(1 for cards in combinations(hand, 6)
                   if len({game.module.RANK[c] for c in cards}) == 6)
    assert len(plays) == len({p.cards for p in plays}) == expected == 924 + 2 * 792
    done = cli("play", path, "--seed", "1")
    assert done.returncode == 0, done.stderr


# ---------------------------------------------------------------- many combinations
def many_combinations(n: int, bombs: bool = False) -> str:
    shape = "group 4" if bombs else "group 1"
    lines = [f"combination c{i} {{ {shape} key card }}" for i in range(n)]
    if bombs:
        lines.append("bombs: " + " < ".join(f"c{i}" for i in range(n)))
    return HEAD + "\n".join(lines) + "\ndef score(p) = 0\n"


@pytest.mark.parametrize("bombs", [False, True], ids=["one-line", "bombs"])
def test_too_many_combinations_are_refused_at_the_first_over_the_limit(
        tmp_path: Path, bombs: bool) -> None:
    # Before: `check` of 1,000 one-line combinations took 24-39 s and 2.5 GB, of 1,000 bombs
    # 37-42 s and 3.7 GB (code generation was cubic, and its output quadratic).
    n = 1000
    [(line, col, message)] = refused(many_combinations(n, bombs))
    assert (line, col) == (7 + limits.MAX_COMBINATIONS - 1, 1)
    assert message == (f"this game has {n + 1} combinations; the limit is "
                       f"{limits.MAX_COMBINATIONS}")
    done = cli("check", write(tmp_path, many_combinations(n, bombs)))
    assert done.returncode == 1 and "combinations; the limit is" in done.stderr


def test_code_generation_compares_each_kind_once_not_once_per_pair(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Before: rank_shape ran twice per pair of kinds and the classify order was rebuilt per
    # kind (cubic: 9,900 rank_shape calls for 100 kinds); now once per kind.
    from cardrules.compiler import codegen, generate

    calls = []
    real = codegen.rank_shape

    def counting(c: object, copies: int) -> object:
        calls.append(c)
        return real(c, copies)  # type: ignore[arg-type]

    monkeypatch.setattr(codegen, "rank_shape", counting)
    n = limits.MAX_COMBINATIONS - 1  # and the single of HEAD
    game = compile_text(many_combinations(n), "many.rules")
    source = generate(game, "many.rules")
    assert len(calls) == n + 1
    compile(source, "many.py", "exec")  # the module is valid Python
