"""Issue 6 section 2: inputs that once ended in a Python traceback. Each must end as a
located diagnostic, or a clean message with the documented exit status."""

from __future__ import annotations

import io
import itertools
import json
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import pool
from cardrules import simulate as sim
from cardrules.cli import main
from cardrules.compiler import CompileError, compile_path, compile_text, limits
from cardrules.compiler.diagnostics import Diagnostic, Span, source_lines

ROOT = Path(__file__).resolve().parent.parent

BASE = """game mini
players 4
deck 52
deal 13 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2
suits D C H S
combination single { group 1 key card }
"""


def errors_of(text: str, path: str = "t.rules") -> list[Diagnostic]:
    with pytest.raises(CompileError) as info:
        compile_text(text, path)
    return list(info.value.diagnostics)


def run(*args: str, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardrules.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120, **kw)


def cases_rules(n: int) -> str:
    whens = "".join(f"  when cards_left(p) == {i}: {i}\n" for i in range(n))
    return BASE + "def score(p) = cases {\n" + whens + "  else: 0\n}\n"


# ------------------------------------------------------------------ cases nesting
@pytest.mark.parametrize("n", [200, 1000])
def test_cases_with_too_many_branches_is_a_diagnostic(n: int) -> None:
    errs = errors_of(cases_rules(n))
    assert len(errs) == 1
    e = errs[0]
    assert (e.span.line, e.span.col) == (8, 16)  # at the `cases`
    assert e.message == (f"this cases block has {n} branches; with what it sits in it nests "
                         f"more than {limits.MAX_FORMULA_DEPTH} levels")
    assert "table" in e.hint


def test_cases_with_too_many_branches_through_the_cli(tmp_path: Path) -> None:
    f = tmp_path / "many.rules"
    f.write_text(cases_rules(1000).replace("game mini", "game many"), encoding="utf-8")
    r = run("check", str(f))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert f"{f}:8:16: error: this cases block has 1000 branches" in r.stderr


def test_cases_at_the_limit_compiles_and_plays(tmp_path: Path) -> None:
    # `def score(p) = cases {...}`: the cases is level 1, branch k's `when` nests k levels
    # below it, and `cards_left(p) == i` takes three more.
    n = limits.MAX_FORMULA_DEPTH - 3
    f = tmp_path / "deep.rules"
    f.write_text(cases_rules(n).replace("game mini", "game deep"), encoding="utf-8")
    game = cardrules.load(f)  # the generated module compiles and imports
    result = game.play_match(seed=3, seats=["greedy"] * 4)
    left = result.rounds[0].cards_left
    assert result.scores == tuple(c if c < n else 0 for c in left)
    errs = errors_of(cases_rules(n + 1))  # the last branch's `p` is one level too deep
    assert [(e.span.line, e.message) for e in errs] == [
        (8 + n + 1, f"this formula is too long or nests too deeply (more than "
                    f"{limits.MAX_FORMULA_DEPTH} levels)")]


def test_cases_counts_what_it_sits_in() -> None:
    inner = "cases { " + " ".join(f"when cards_left(p) == {i}: {i}" for i in range(40)) \
        + " else: 0 }"
    text = BASE + "def score(p) = " + "1 + (" * 30 + inner + ")" * 30 + "\n"  # at level 31
    errs = errors_of(text)
    assert [e.message for e in errs] == [
        f"this cases block has 40 branches; with what it sits in it nests more than "
        f"{limits.MAX_FORMULA_DEPTH} levels"]


# ------------------------------------------------------------------ duplicate parameters
def test_duplicate_parameter_is_a_diagnostic() -> None:
    errs = errors_of(BASE + "def f(p, p) = 1\ndef score(p) = f(p, p)\n")
    assert [(e.span.line, e.span.col, e.message) for e in errs] == [
        (8, 10, "def f names parameter 'p' twice")]
    assert errs[0].hint


# ------------------------------------------------------------------ huge numbers
def test_integer_literal_over_python_limit_is_a_diagnostic() -> None:
    errs = errors_of(BASE + "def score(p) = " + "9" * 5000 + "\n")
    assert [(e.span.line, e.span.col) for e in errs] == [(8, 16)]
    assert errs[0].message == (f"this number has 5000 digits; numbers have at most "
                               f"{limits.MAX_NUMBER_DIGITS}")


@pytest.mark.parametrize("where", ["players {}", "def score(p) = {} - 1",
                                   "example scores cards_left 0 1 1 {} => 0 0 0 0"])
def test_long_number_anywhere_is_a_diagnostic(where: str) -> None:
    text = BASE.replace("players 4\n", "") + where.format("1" * 30) + "\n"
    if "def score" not in where:
        text += "def score(p) = 0\n"
    if "players" not in where:
        text += "players 4\n"
    errs = errors_of(text)
    assert errs[0].message == (f"this number has 30 digits; numbers have at most "
                               f"{limits.MAX_NUMBER_DIGITS}")


def test_longest_number_is_accepted() -> None:
    big = "9" * limits.MAX_NUMBER_DIGITS
    game = compile_text(BASE + f"const big = {big}\ndef score(p) = 0\n", "t.rules")
    assert game.consts == (("big", int(big)),)


# ------------------------------------------------------------------ extends chains
def write_chain(d: Path, depth: int) -> Path:
    (d / "g0.rules").write_text(BASE.replace("game mini", "game g0") + "def score(p) = 0\n",
                                encoding="utf-8")
    for i in range(1, depth + 1):
        (d / f"g{i}.rules").write_text(f"game g{i} extends g{i - 1}\n", encoding="utf-8")
    return d / f"g{depth}.rules"


def test_extends_chain_500_deep_is_a_diagnostic(tmp_path: Path) -> None:
    top = write_chain(tmp_path, 500)
    with pytest.raises(CompileError) as info:
        compile_path(top)
    errs = info.value.diagnostics
    assert len(errs) == 1
    e = errs[0]
    deepest = 500 - limits.MAX_EXTENDS_DEPTH
    assert e.span.file == str(tmp_path / f"g{deepest}.rules")
    assert (e.span.line, e.span.col) == (1, len(f"game g{deepest} extends ") + 1)
    assert e.message == (f"more than {limits.MAX_EXTENDS_DEPTH} levels of 'extends' "
                         f"from {top.name}")
    rendered = info.value.render()
    assert f"game g{deepest} extends g{deepest - 1}" in rendered


def test_extends_chain_at_the_limit_compiles(tmp_path: Path) -> None:
    top = write_chain(tmp_path, limits.MAX_EXTENDS_DEPTH)
    assert compile_path(top).name == f"g{limits.MAX_EXTENDS_DEPTH}"


def test_extends_chain_too_deep_through_the_cli(tmp_path: Path) -> None:
    top = write_chain(tmp_path, 500)
    r = run("check", str(top))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert "levels of 'extends'" in r.stderr


# ------------------------------------------------------------------ diff of 5-player games
def test_diff_of_five_player_games_finds_a_witness(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    five = BASE.replace("players 4", "players 5").replace("deal 13", "deal 10")
    a, b = tmp_path / "five_a.rules", tmp_path / "five_b.rules"
    a.write_text(five.replace("game mini", "game five_a") + "def score(p) = cards_left(p)\n",
                 encoding="utf-8")
    b.write_text(five.replace("game mini", "game five_b")
                 + "def score(p) = if cards_left(p) > 1 then 2 * cards_left(p) "
                   "else cards_left(p)\n", encoding="utf-8")
    assert main(["diff", str(a), str(b)]) == 1  # differences: like diff(1)
    out = capsys.readouterr().out
    assert out.splitlines()[2:] == [
        "def score changed:",
        "  - def score(p) = cards_left(p)",
        "  + def score(p) = if cards_left(p) > 1 then 2 * cards_left(p) else cards_left(p)",
        "    witness: places 1 0 0 0 0, cards left 0 5 8 10 4: scores 0 5 8 10 4 in five_a, "
        "0 10 16 20 8 in five_b"]  # at most the 10 cards dealt


def test_diff_internal_error_is_trouble_not_differences(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import cardrules.families.climbing.witness

    def broken(*args: object) -> None:
        raise IndexError("list index out of range")
    monkeypatch.setattr(cardrules.families.climbing.witness, "with_witnesses", broken)
    assert main(["diff", "big_two", "da_bei"]) == 2
    err = capsys.readouterr().err
    assert "internal error" in err and "IndexError" in err


# ------------------------------------------------------------------ stdin closed
def test_play_with_stdin_closed_in_process(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["play", "big_two", "--seats", "human,random,random,random"]) == 2
    err = capsys.readouterr().err
    assert "cardrules: error: --seats: a human seat reads moves from standard input, which " \
           "is closed" in err


def test_play_with_stdin_closed() -> None:
    r = subprocess.run(["sh", "-c", 'exec "$0" -m cardrules.cli play big_two '
                        '--seats human,random,random,random <&-', sys.executable],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    assert "standard input, which is closed" in r.stderr


# ------------------------------------------------------------------ simulate streams
def test_simulate_does_not_build_every_chunk_first(big_two: cardrules.Game) -> None:
    seats = ("greedy", "random", "random", "random")
    tracemalloc.start()
    try:
        first = list(itertools.islice(sim._results(big_two, 10**7, 1, seats, 1), 3))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(first) == 3
    assert peak < 5_000_000, f"{peak} bytes to play the first games of 10**7"


def test_simulate_with_workers_submits_a_bounded_window(big_two: cardrules.Game) -> None:
    seats = ("greedy", "random", "random", "random")
    tracemalloc.start()
    try:
        gen = sim._results(big_two, 10**6, 1, seats, 2)
        first = list(itertools.islice(gen, 3))
        _, peak = tracemalloc.get_traced_memory()
        gen.close()  # stops the pool without playing the rest
    finally:
        tracemalloc.stop()
    assert len(first) == 3
    assert peak < 5_000_000, f"{peak} bytes to play the first games of 10**6"


def test_simulate_statistics_take_constant_memory(big_two: cardrules.Game,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    n = 200_000

    def fake(game: object, n: int, seed: int, seats: object, workers: int,
             record: str | None = None, backend: str = "local",
             address: str | None = None) -> Iterator[sim.Summary]:
        for i in range(n):
            scores = (i % 7, -(i % 5), 3, -3 - i % 7 + i % 5)
            yield scores, scores, 1, (i % 4,)
    monkeypatch.setattr(sim, "_results", fake)
    tracemalloc.start()
    try:
        stats = sim.simulate(big_two, n=n, seed=1, seats=["random"] * 4, workers=1,
                             progress=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, f"{peak} bytes for the statistics of {n} games"
    # exact figures: seat 0 scores i % 7 over 200,000 games
    values = [i % 7 for i in range(n)]
    mean = sum(values) / n
    assert stats["seats"][0]["mean"] == round(mean, 4)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * (var / n) ** 0.5
    assert stats["seats"][0]["ci95"] == [round(mean - half, 4), round(mean + half, 4)]
    assert stats["seats"][0]["first_out_rate"] == 0.25


@pytest.mark.parametrize(("game", "n", "seed", "before"), [
    ("big_two", 60, 4, "sim_big_two_60_4.json"),
    ("da_bei", 30, 2, "sim_da_bei_30_2.json"),
])
def test_simulate_figures_unchanged(game: str, n: int, seed: int, before: str) -> None:
    """The streamed statistics equal those the list-keeping code printed."""
    r = run("simulate", game, "-n", str(n), "--seed", str(seed), "--json", "--workers", "2")
    assert r.returncode == 0, r.stderr
    expected = json.loads((ROOT / "tests" / "data" / before).read_text(encoding="utf-8"))
    assert json.loads(r.stdout) == expected


# ------------------------------------------------------------------ simulate uses the loaded game
@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_plays_the_game_loaded_not_the_file_now(tmp_path: Path, workers: int) -> None:
    text = "game mine extends big_two\ntitle \"mine\"\n"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "mine.rules").write_text(text, encoding="utf-8")
    f = tmp_path / "b" / "mine.rules"
    f.write_text(text, encoding="utf-8")
    seats = ["greedy", "random", "random", "random"]
    expected = sim.simulate(cardrules.load(tmp_path / "a" / "mine.rules"), n=30, seed=7,
                            seats=seats, workers=1, progress=False)
    game = cardrules.load(f)
    f.write_text("game mine extends da_bei\ntitle \"something else\"\n", encoding="utf-8")
    assert sim.simulate(game, n=30, seed=7, seats=seats, workers=workers,
                        progress=False) == expected
    f.write_text("this is not a rules file\n", encoding="utf-8")
    assert sim.simulate(game, n=30, seed=7, seats=seats, workers=workers,
                        progress=False) == expected


# ------------------------------------------------------------------ line breaks
@pytest.mark.parametrize("brk", ["\u2028", "\x85", "\x0c", "\x0b", "\x1c", "\u2029", "\r"])
def test_diagnostic_quotes_the_right_line_whatever_the_line_breaks(brk: str) -> None:
    text = BASE + f"# one{brk}two\ndef score(p) = nope\n"
    errs = errors_of(text)
    rendered = CompileError(errs, {"t.rules": text}).render()
    assert rendered.splitlines() == [
        "t.rules:9:16: error: unknown name 'nope'",
        "    def score(p) = nope",
        "                   ^~~~",
    ]


def test_source_line_with_an_odd_break_is_shown_on_one_line() -> None:
    text = f"game x\nplayers 4{chr(0x2028)}\n"
    d = Diagnostic(message="m", span=Span(file="f", line=2, col=1, end_line=2, end_col=8))
    shown = d.render({"f": text}).split("\n")
    assert shown[1] == "    players 4 "


def test_source_lines_split_like_lark() -> None:
    assert source_lines("a\u2028b\x0cc\r\nd\x85e\n") == ["a b c", "d e", ""]


# ------------------------------------------------------------------ usage and pipes
def test_simulate_with_a_human_seat_is_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "big_two", "-n", "2", "--seats",
                 "human,random,random,random"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: cardrules simulate")
    assert "cardrules: error: --seats: simulate plays bots only; a human seat is for " \
           "'cardrules play'" in err


@pytest.mark.parametrize("args", [["play", "big_two"], ["list"],
                                  ["diff", "big_two", "da_bei"]])
def test_closed_pipe_stops_quietly(args: list[str]) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "cardrules.cli", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line is written, as `| head -0`
    err = proc.stderr.read().decode("utf-8")
    assert proc.wait(timeout=120) == 141  # 128 + SIGPIPE, as the shell reports for cat or yes
    assert err == ""


def test_closed_pipe_in_process(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    class Closed(io.StringIO):
        def write(self, s: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")
    monkeypatch.setattr(sys, "stdout", Closed())
    assert main(["play", "big_two"]) == 141
    assert capsys.readouterr().err == ""


def test_exit_codes_are_documented() -> None:
    for doc in ("docs/language.md", "README.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        assert "141" in text, doc


# ------------------------------------------------------------------ def calls nest
def def_chain(n: int, reverse: bool) -> str:
    defs = [f"def a{i}(p) = a{i - 1}(p) + 1\n" for i in range(1, n)]
    if reverse:
        defs.reverse()
    return (BASE + "def a0(p) = cards_left(p)\n" + "".join(defs)
            + f"def score(p) = a{n - 1}(p)\n")


@pytest.mark.parametrize("reverse", [False, True])
def test_long_chain_of_def_calls_is_a_diagnostic(reverse: bool) -> None:
    n = 2000
    errs = errors_of(def_chain(n, reverse))
    assert len(errs) == 1
    e = errs[0]
    assert e.message == (f"def calls and aggregates nest more than {limits.MAX_CALL_DEPTH} "
                         "deep here")
    # the call that goes past the limit: in file order, counted from a0 up, a{MAX} calls
    # a{MAX - 1}; written the other way, counted from a{n - 1} down, a{n - MAX} is the MAX-th
    # def on the way and calls the next
    bad = limits.MAX_CALL_DEPTH if not reverse else n - limits.MAX_CALL_DEPTH
    line = 8 + bad if not reverse else 8 + n - bad
    assert (e.span.line, e.span.col) == (line, len(f"def a{bad}(p) = ") + 1)


def test_long_chain_of_def_calls_through_the_cli(tmp_path: Path) -> None:
    f = tmp_path / "chain.rules"
    f.write_text(def_chain(2000, False).replace("game mini", "game chain"), encoding="utf-8")
    r = run("play", str(f))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert "def calls and aggregates nest more than" in r.stderr


def test_aggregates_count_as_call_levels() -> None:
    # a{i} calls a{i - 1} inside four sums: 5 frames a def, so a10's call goes past 50
    assert limits.MAX_CALL_DEPTH == 50
    sums = "".join(f"sum(q{k} in seats(): " for k in range(4))
    defs = "".join(f"def a{i}(p) = {sums}a{i - 1}(p){')' * 4}\n" for i in range(1, 12))
    errs = errors_of(BASE + "def a0(p) = cards_left(p)\n" + defs + "def score(p) = a11(p)\n")
    # (the same defs cost 4**4 times more at each level: the evaluation-cost limit refuses a2
    # too, see tests/test_limits.py)
    assert (8 + 10, len(f"def a10(p) = {sums}") + 1,
            f"def calls and aggregates nest more than {limits.MAX_CALL_DEPTH} deep here") \
        in [(e.span.line, e.span.col, e.message) for e in errs]


def test_def_chain_at_the_limit_plays(tmp_path: Path) -> None:
    n = limits.MAX_CALL_DEPTH - 1  # score -> a{n-1} -> ... -> a0: MAX_CALL_DEPTH defs deep
    f = tmp_path / "chain.rules"
    f.write_text(def_chain(n, True).replace("game mini", "game chain"), encoding="utf-8")
    game = cardrules.load(f)
    result = game.play_match(seed=3, seats=["greedy"] * 4)
    assert result.scores == tuple(c + n - 1 for c in result.rounds[0].cards_left)


# ---------------------------------------------------------------- found by the grammar fuzzer
# A kind's matcher is also asked, by another kind's generator, whether it would claim a play
# first; a `group N` matcher that did not check the count claimed plays of any size.

_RANGE_BESIDE_GROUP = """game g
players 4
deck 52
deal 13 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2
{combos}
def score(p) = 0
"""


def _ranged(combos: str) -> cardrules.Game:
    from cardrules.game import from_ir
    return from_ir(compile_text(_RANGE_BESIDE_GROUP.format(combos=combos), "g.rules"),
                   Path("g.rules"))


def test_a_pair_kind_does_not_swallow_the_singles_of_a_range_kind() -> None:
    g = _ranged("combination pair { group 2 key card }\n"
                "combination single { group 1 to 2 key card }")
    t = g.new_table(hands=["S3 H4", "D3 D4", "C5 C6", "H7 H8"], leader=0)
    assert sorted(str(m) for m in t.legal_actions()) == ["H4", "S3"]


def test_a_range_kind_offers_the_pairs_it_classifies() -> None:
    g = _ranged("combination single { group 1 key card }\n"
                "combination twos { group 1 to 2 key card }")
    combo = g.classify("S3 H3")
    assert combo is not None and combo.name == "twos"
    t = g.new_table(hands=["S3 H3", "D3 D4", "C5 C6", "H7 H8"], leader=0)
    assert sorted(str(m) for m in t.legal_actions()) == ["H3", "H3 S3", "S3"]


def test_a_range_kind_below_a_group_kind_on_a_ladder_can_still_lead() -> None:
    g = _ranged("combination combo3 { group 1 to 4 key card }\n"
                "combination combo { group 3 key card }\n"
                "ladder l: combo3 < combo")
    t = g.new_table(hands=["S3 H5", "D3 D4", "C5 C6", "H7 H8"], leader=0)
    assert sorted(str(m) for m in t.legal_actions()) == ["H5", "S3"]
    t = g.new_table(seed=3)
    t.play_out()
    assert t.over


# ---------------------------------------------------------------- found by the fresh-eyes review
def test_a_string_with_a_control_character_is_a_diagnostic() -> None:
    """A title or label with ESC used to be printed raw: it could set the window title or
    clear the screen of whoever ran `play` or `diff`."""
    for line in ('title "red\x1b[2J"', 'override combination single "\x1b[5mx" { group 1 key '
                 'card }', 'example "S3\u202e" is single'):
        [d] = errors_of("game esc extends big_two\n" + line + "\n")
        assert d.message.startswith("this string holds the control character U+")
        assert d.span.line == 2


def test_a_control_character_is_never_written_to_the_terminal(tmp_path: Path) -> None:
    name = tmp_path / "esc\x1b[2J.rules"
    name.write_text("game esc extends big_two\n# a comment \x1b[31m red\n"
                    "override ranks 3 4 5 6 7 8 9 10 J Q K A 2 X\n", encoding="utf-8")
    done = run("check", str(name))
    assert done.returncode == 1
    assert "\x1b" not in done.stderr
    assert "esc\\x1b[2J.rules:3:43: error: 'X' is not a rank" in done.stderr
    assert "# a comment \ufffd[31m red" not in done.stderr  # only the line at fault is quoted


def test_a_control_character_in_the_quoted_line_is_shown_as_a_replacement() -> None:
    [d] = errors_of("game esc extends big_two\noverride ranks 3 \x1b 4\n")
    shown = d.render({"t.rules": "game esc extends big_two\noverride ranks 3 \x1b 4\n"})
    assert "\x1b" not in shown


def test_stdout_closed_is_a_message_not_a_traceback() -> None:
    done = subprocess.run(["sh", "-c", f"'{sys.executable}' -m cardrules.cli list >&-"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 1
    assert done.stderr == "cardrules: error: standard output is closed\n"


def test_ctrl_c_while_the_command_starts_stops_quietly(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """Ctrl-C during the imports (the first second) printed a KeyboardInterrupt traceback."""
    import importlib.abc

    from cardrules import console

    class Interrupting(importlib.abc.MetaPathFinder):
        def find_spec(self, name: str, path: object, target: object = None) -> None:
            if name == "cardrules.cli":
                raise KeyboardInterrupt

    monkeypatch.delitem(sys.modules, "cardrules.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Interrupting(), *sys.meta_path])
    assert console.main() == 130
    assert capsys.readouterr().err == "interrupted\n"


def test_workers_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--workers 400` started 394 processes for 3 games (1.26 GB)."""
    done = run("simulate", "big_two", "-n", "3", "--workers", "400")
    assert done.returncode == 2 and "--workers must be between 1 and 64" in done.stderr

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool was started for a few games")

    monkeypatch.setattr(pool.LocalWorkers, "__init__", no_pool)
    stats = sim.simulate(cardrules.load("big_two"), n=3, seed=1, seats=["random"] * 4,
                         workers=8, progress=False)
    assert stats["games"] == 3


def test_an_override_of_the_deal_is_blamed_for_too_many_plays(tmp_path: Path) -> None:
    path = tmp_path / "ovd3.rules"
    path.write_text("game ovd3 extends big_two\noverride deck 52 copies 4\n"
                    "override deal 50 each\n", encoding="utf-8")
    with pytest.raises(CompileError) as info:
        compile_path(path)
    [d] = info.value.diagnostics
    assert (Path(d.span.file).name, d.span.line) == ("ovd3.rules", 3)
    assert "big_two.rules:39" in d.hint
