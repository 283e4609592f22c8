"""Bounded cost for any input (issue 6, section 3): every limit of compiler/limits.py is
enforced with a located diagnostic, and what used to run for minutes now ends at once.

The commands run in a subprocess with a generous timeout: it only detects non-termination
(each case below ran past a minute, or past 1 GB, before its fix); no test times anything.
"""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardrules.cli import main
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
    game = compile_text(HEAD + "const a = 4294967295 * 4294967297\nconst b = -a\n"
                        "table t = { 1: a }\ndef score(p) = 0\n", "ok.rules")
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
        (13, 5, f"def a6 can grow to a number of more than {limits.MAX_VALUE_BITS} bits")]


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
        game = checker.game()
        costs = checker.def_costs.values()
        # a banking score walks every hand of up to 6 seats: the estimate is larger
        share = 20 if game.family == "banking" else 100
        assert max(c.steps for c in costs) <= limits.MAX_EVAL_STEPS // share
        assert max(c.bits for c in costs) <= 64


# ---------------------------------------------------------------- equal groups
SIX_SINGLES = " + ".join(["group 1"] * 6)


def test_equal_groups_are_generated_once_per_set_of_cards() -> None:
    # Before: gen_groups yielded every ordering of the equal groups, 13*12*11*10*9*8 =
    # 1,235,520 tuples for the C(13, 6) = 1,716 sets of a hand of 13 ranks (a round of such a
    # game took 31 s); dedupe then threw all but one ordering of each away.
    from itertools import combinations

    from cardrules.runtime.climbing.shapes import gen_groups, split_by_rank

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
    plays = list(game.module.plays_of_kind(1, hand))
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


# ---------------------------------------------------------------- candidate plays
BIG_HEAD = """game big
players 2
deck 54 copies 4
deal {deal} each
ranks 3 4 5 6 7 8 9 10 J Q K A 2 LJ BJ
combination single {{ group 1 key card }}
"""


def big_game(shape: str, deal: int) -> str:
    return BIG_HEAD.format(deal=deal) + f"combination x {{ {shape} key rank }}\n" \
        "def score(p) = 0\n"


@pytest.mark.parametrize(("shape", "deal"), [
    ("cards 5", 100),
    ("run 2 min 3 within 3 4 5 6 7 8 9 10 J Q K A", 50),
    ("run 2 min 3 within 3 4 5 6 7 8 9 10 J Q K A", 100),
    ("run 1 min 2 within 3 4 5 6 7 8 9 10 J Q K A 2 LJ BJ", 100),
])
def test_shapes_that_make_too_many_plays_from_big_hands_are_refused(
        tmp_path: Path, shape: str, deal: int) -> None:
    # Before: `play` of `cards 5` from 100-card hands ran past 30 s and 440 MB (75 million
    # candidates a lead); of `run 2 min 3` with copies 4, past 30 s (more than 10**12).
    [(line, col, message)] = refused(big_game(shape, deal))
    assert (line, col) == (7, 1)
    assert message == (f"a hand of {deal} cards can make more than "
                       f"{limits.MAX_CANDIDATE_PLAYS:,} candidate plays of combination x (the "
                       "limit for a game)")
    done = cli("play", write(tmp_path, big_game(shape, deal)), "--seed", "1")
    assert done.returncode == 1 and "candidate plays of combination x" in done.stderr


def test_the_limit_counts_the_rest_a_leader_is_given(tmp_path: Path) -> None:
    # 'deal 3 each rest to leader' from 104 cards to 2 seats gives the leader 101: the bound was
    # taken on the 3 dealt each (the fuzzer found 4 seats: a first lead of 3,257,865 plays).
    text = (BIG_HEAD.format(deal=3).replace("copies 4", "copies 2").replace("deck 54", "deck 52")
            .replace("ranks 3 4 5 6 7 8 9 10 J Q K A 2 LJ BJ", "ranks 3 4 5 6 7 8 9 10 J Q K A 2")
            .replace("deal 3 each", "deal 3 each rest to leader")
            + "combination x { cards 5 key card, size }\ndef score(p) = 0\n")
    [(line, _, message)] = refused(text)
    assert line == 7
    assert message == (f"a hand of 101 cards can make more than {limits.MAX_CANDIDATE_PLAYS:,} "
                       "candidate plays of combination x (the limit for a game)")


def test_the_limit_counts_every_combination_of_the_game() -> None:
    # Each alone is under the limit; together they are not.
    shapes = [f"combination c{n} {{ cards {n} key card }}" for n in (4, 5)]
    text = BIG_HEAD.format(deal=43).replace("copies 4", "copies 2") + "\n".join(shapes) \
        + "\ndef score(p) = 0\n"
    [(_, _, message)] = refused(text)  # C(43, 4) = 123,410 and C(43, 5) = 962,598
    assert message == (f"a hand of 43 cards can make up to {43 + 123410 + 962598:,} candidate "
                       f"plays of this game's combinations (the limit is "
                       f"{limits.MAX_CANDIDATE_PLAYS:,}), up to 962,598 of c5")


@functools.cache
def _compiled(game_text: str) -> tuple[Any, Any]:
    from cardrules.loader import load_module

    g = compile_text(game_text, "count.rules")
    return g, load_module(g, "count.rules")[0]


def raw_count(game_text: str, hand_text: str, kind: str) -> tuple[int, int]:
    """(the tuples a kind's generator yields from the hand, the checker's bound for it)."""
    from cardrules.cards import parse_cards
    from cardrules.compiler import ir
    from cardrules.compiler.playcount import candidate_bound
    from cardrules.runtime.climbing import shapes

    g, m = _compiled(game_text)
    c = next(x for x in g.combinations if x.name == kind)
    hand = sorted(parse_cards(hand_text), key=m.CARD_KEY.__getitem__)
    by_rank = shapes.split_by_rank(hand, m.RANK)
    s = c.shape
    if isinstance(s, ir.GroupsShape):
        made = shapes.gen_groups(by_rank, s.sizes, s.up_to)
    elif isinstance(s, ir.RunShape):
        made = shapes.gen_run(by_rank, s.width, s.min_len, s.max_len,
                              tuple(g.ranks.index(r) for r in s.within))
    else:
        assert isinstance(s, ir.CardsShape)
        made = shapes.gen_cards(hand, s.count, m.SUIT if c.suits == "same" else None)
    tuples = list(made)
    assert len(tuples) == len({tuple(sorted(t)) for t in tuples})  # each set of cards once
    bound = candidate_bound(c, hand=len(hand), copies=g.copies, ranks=len(g.ranks),
                            jokers=g.deck_size == 54, stop_above=10**12)
    return len(tuples), bound


SHUANG_KOU_LIKE = """game sk
players 4
deck 54 copies 2
deal 27 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2 LJ BJ
combination single { group 1 key rank }
combination pairs { run 2 min 3 within 3 4 5 6 7 8 9 10 J Q K A key rank }
combination straight { run 1 min 5 within 3 4 5 6 7 8 9 10 J Q K A key rank }
combination bomb { group 4 to 8 key size, rank }
combination fh { group 3 + group 2 key card of group 1 }
combination flush { cards 5 suits same key card }
def score(p) = 0
"""


@pytest.mark.parametrize(("kind", "hand"), [
    # the worst hand for runs of pairs we know: four different 3s to 8s and three 9s
    ("pairs", "S3 H3 C3 D3 S4 H4 C4 D4 S5 H5 C5 D5 S6 H6 C6 D6 S7 H7 C7 D7 S8 H8 C8 D8 "
              "S9 H9 C9"),
    ("straight", "S3 H3 S4 H4 C4 S5 H5 S6 H6 C6 S7 H7 S8 H8 C8 S9 H9 S10 H10 C10 SJ HJ SQ "
                 "HQ CQ SK HK"),
    ("bomb", "S3 S3 H3 H3 C3 C3 D3 D3 S4 S4 H4 H4 C4 C4 D4 D4 S5 S5 H5 H5 C5 C5 D5 D5 "
             "S6 S6 H6"),
    ("fh", "S3 H3 C3 S4 H4 C4 S5 H5 C5 S6 H6 C6 S7 H7 C7 S8 H8 C8 S9 H9 C9 S10 H10 C10 "
           "SJ HJ CJ"),
    ("flush", "S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA S2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ HK "
              "HA H2 C3"),
])
def test_the_bound_holds_for_hard_hands(kind: str, hand: str) -> None:
    made, bound = raw_count(SHUANG_KOU_LIKE, hand, kind)
    assert made <= bound
    assert made > 0


def test_copies_make_each_set_of_cards_once() -> None:
    # Two decks' eight 3s: 10 different pairs (4 of one suit twice, 6 of two suits), where
    # the generator used to make C(8, 2) = 28 and throw 18 away.
    made, _ = raw_count(SHUANG_KOU_LIKE.replace("group 4 to 8", "group 2"),
                        "S3 S3 H3 H3 C3 C3 D3 D3", "bomb")
    assert made == 10


def test_distinct_combinations_keep_the_order_of_first_appearance() -> None:
    import random
    from itertools import combinations

    from cardrules.runtime.climbing.shapes import distinct_combinations

    rng = random.Random(6)
    for _ in range(500):
        cards = sorted(rng.randint(0, 6) for _ in range(rng.randint(0, 9)))
        for k in range(len(cards) + 1):
            assert list(distinct_combinations(cards, k)) == \
                list(dict.fromkeys(combinations(cards, k)))


def test_two_deck_games_like_the_manuals_shuang_kou_are_under_the_candidate_limit() -> None:
    # The manual's 双扣 sketch is the largest game we know: 27 cards of two decks. Its runs of
    # pairs are bounded by 378,071, and the hard hand above makes 234,900 of them.
    from cardrules.compiler.playcount import candidate_bound

    g = compile_text(SHUANG_KOU_LIKE, "sk.rules")
    bounds = {c.name: candidate_bound(c, hand=27, copies=2, ranks=15, jokers=True,
                                      stop_above=limits.MAX_CANDIDATE_PLAYS)
              for c in g.combinations}
    assert bounds == {"single": 27, "pairs": 378071, "straight": 159360, "bomb": 750,
                      "fh": 33600, "flush": 65780}
    assert sum(bounds.values()) < limits.MAX_CANDIDATE_PLAYS


# ---------------------------------------------------------------- file size and match length
def test_a_file_over_the_size_limit_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "huge.rules"
    path.write_text(HEAD + "#" * limits.MAX_FILE_BYTES + "\n", encoding="utf-8")
    done = cli("check", str(path))
    assert done.returncode == 1
    assert done.stderr.startswith(f"{path}:1:1: error: the file is larger than "
                                  f"{limits.MAX_FILE_BYTES:,} bytes")
    [(line, col, message)] = refused(HEAD + "#" * limits.MAX_FILE_BYTES)
    assert (line, col, message) == (1, 1, f"the file is larger than "
                                          f"{limits.MAX_FILE_BYTES:,} bytes")
    # A base game over the limit is refused where the variant names it too.
    (tmp_path / "variant.rules").write_text("game variant extends huge\n", encoding="utf-8")
    done = cli("check", str(tmp_path / "variant.rules"))
    assert done.returncode == 1 and "the file is larger than" in done.stderr


def test_a_game_and_its_bases_together_are_held_to_the_size_limit(tmp_path: Path) -> None:
    half = "#" * (limits.MAX_FILE_BYTES // 2 + 10) + "\n"
    (tmp_path / "low.rules").write_text(HEAD.replace("game g", "game low") + half
                                        + "def score(p) = 0\n", encoding="utf-8")
    (tmp_path / "mid.rules").write_text("game mid extends low\n" + half, encoding="utf-8")
    (tmp_path / "top.rules").write_text("game top extends mid\n", encoding="utf-8")
    done = cli("check", str(tmp_path / "top.rules"))
    assert done.returncode == 1
    assert f"mid.rules:1:18: error: this game's files together are larger than " \
        f"{limits.MAX_FILE_BYTES:,} bytes" in done.stderr
    (tmp_path / "mid.rules").write_text("game mid extends low\n", encoding="utf-8")
    assert cli("check", str(tmp_path / "top.rules")).returncode == 0


TINY = """game tiny
players 2
deck 52
deal 1 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2
combination single { group 1 key card }
def score(p) = 0
"""


def test_a_match_whose_until_never_holds_ends_after_the_round_limit(tmp_path: Path) -> None:
    # Before: `play` of big_two with `until round_number() < 0` never ended; with
    # `rounds 10000` it ran past 30 s.
    assert refused(TINY + f"match {{ rounds {limits.MAX_MATCH_ROUNDS + 1} }}\n") == [
        (8, 16, f"rounds must be between 1 and {limits.MAX_MATCH_ROUNDS}, not "
                f"{limits.MAX_MATCH_ROUNDS + 1}")]
    import cardrules

    game = cardrules.load(write(tmp_path, TINY + "match { until round_number() < 0 }\n"))
    result = game.play_match(seed=1, seats=["random", "random"])
    assert len(result.rounds) == limits.MAX_MATCH_ROUNDS


def test_the_manuals_limits_table_states_every_limit_with_its_figure() -> None:
    manual = (ROOT / "docs" / "language.md").read_text("utf-8")
    section = manual.split("### 3.10 Limits", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[3].strip(" `"): line.split("|")[2]
            for line in section.splitlines() if line.startswith("| ") and "`MAX_" in line}
    constants = {name: value for name, value in vars(limits).items() if name.startswith("MAX_")}
    assert set(rows) == set(constants)
    for name, value in constants.items():
        assert f"{value:,}" in rows[name]


@pytest.mark.parametrize("copies", [1, 2])
def test_the_bound_holds_for_dealt_hands(copies: int) -> None:
    """Differential: what each generator makes from dealt hands never exceeds the bound."""
    import random

    from cardrules.cards import format_cards

    text = SHUANG_KOU_LIKE.replace("copies 2", f"copies {copies}").replace("deal 27", "deal 13")
    deck = [c for c in range(54) for _ in range(copies)]
    rng = random.Random(copies)
    for _ in range(15):
        rng.shuffle(deck)
        hand = format_cards(sorted(deck[:rng.randint(5, 27)]))
        for kind in ("pairs", "straight", "bomb", "fh", "flush"):
            made, bound = raw_count(text, hand, kind)
            assert made <= bound, (kind, hand)


# ---------------------------------------------------------------- found by the 100,000-case fuzz
@pytest.mark.parametrize("statement", [
    "deck 52 copies 999999999999999999", "deck 52 copies 100", "players 999999999999999999",
    "deal 999999999999999999 each",
])
def test_a_number_out_of_its_range_is_reported_and_not_used(statement: str) -> None:
    """`copies 100` used to be reported and then used: the play bound then ran past 10 s."""
    word = statement.split()[0]
    text = "\n".join(statement if line.startswith(word + " ") else line
                     for line in (HEAD + "def score(p) = 0\n").splitlines())
    done = cli("check", write_tmp(text))
    assert done.returncode == 1
    assert "must be between" in done.stderr or "more than" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def write_tmp(text: str) -> str:
    import tempfile
    folder = Path(tempfile.mkdtemp())
    (folder / "g.rules").write_text(text, encoding="utf-8")
    return str(folder / "g.rules")


@pytest.mark.parametrize(("shape", "deal", "expected"), [
    ("cards 6", 27, "about 296,037 candidate plays on a lead (the limit is 30,000), 296,010 of "
                    "them of combination six"),
    ("cards 7", 27, "about 888,057 candidate plays on a lead (the limit is 30,000), 888,030 of "
                    "them of combination six"),
])
def test_a_game_whose_every_lead_makes_too_many_plays_is_refused(shape: str, deal: int,
                                                                  expected: str) -> None:
    """Under the worst-hand bound, these made a lead cost seconds on every hand."""
    text = (HEAD.replace("deck 52", "deck 52 copies 2").replace("players 4", "players 3")
            .replace("deal 13", f"deal {deal}")
            + f"combination six {{ {shape} key card }}\ndef score(p) = 0\n")
    [(line, col, message)] = refused(text)
    assert (line, col) == (7, 1)
    assert message == f"a dealt hand of {deal} cards makes {expected}"


def test_the_estimate_of_a_lead_leans_high_on_dealt_hands() -> None:
    """Differential: the estimate against the plays dealt hands really make, per kind."""
    import importlib
    import random

    from cardrules.cards import format_cards
    playcount = importlib.import_module("cardrules.compiler.playcount")
    g, m = _compiled(SHUANG_KOU_LIKE)
    caps = [2 if r in ("LJ", "BJ") else 8 for r in g.ranks]
    index = {r: i for i, r in enumerate(g.ranks)}
    deck = [c for c in range(54) for _ in range(2)]
    rng = random.Random(5)
    hands = []
    for _ in range(30):
        rng.shuffle(deck)
        hands.append(format_cards(sorted(deck[:27])))
    total_estimate = total_made = 0.0
    for c in g.combinations:
        estimate = playcount.expected_count(c, hand=27, caps=caps, copies=2, rank_index=index,
                                            jokers=True)
        made = sum(raw_count(SHUANG_KOU_LIKE, h, c.name)[0] for h in hands) / len(hands) \
            if c.name in ("pairs", "straight", "bomb", "fh", "flush") else estimate
        total_estimate += estimate
        total_made += made
    assert total_made <= total_estimate <= 20 * total_made
    assert total_estimate < limits.MAX_TYPICAL_PLAYS  # such a game is accepted


def test_the_odds_of_a_rank_in_a_hand_add_up() -> None:
    import importlib
    import itertools
    playcount = importlib.import_module("cardrules.compiler.playcount")
    for hand, deck, cap in itertools.product(range(0, 30, 3), (4, 8, 54, 216), (1, 4, 16)):
        if cap <= deck:
            assert sum(playcount.rank_spread(hand, deck, cap)) == pytest.approx(1)
    assert playcount.rank_spread(2, 4, 2) == pytest.approx([1 / 6, 4 / 6, 1 / 6])


@pytest.mark.parametrize("ranks", ["ranks holder", "ranks 007", "ranks LJ"])
def test_the_play_bounds_of_a_game_whose_ranks_were_refused(ranks: str) -> None:
    """Found by the 100,000-case fuzz: with the rank order refused, the bounds met no ranks
    (ValueError from comb() and max())."""
    text = (HEAD.replace("deck 52", "deck 54 copies 2").replace("deal 13", "deal 7")
            .replace("ranks 3 4 5 6 7 8 9 10 J Q K A 2", ranks)
            + "combination combo { cards 1 suits same key size }\n"
              "combination two { group 2 + group 1 key card }\ndef score(p) = 0\n")
    assert refused(text)


@pytest.mark.parametrize(("line", "message"), [
    ("override players 99", "players must be between 2 and 8, not 99"),
    ("override deal 300 each", "cards dealt each must be between 1 and 200, not 300"),
    ("override deck 52 copies 9", "copies must be between 1 and 4, not 9")])
def test_a_figure_out_of_bounds_is_the_one_error(line: str, message: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The checker goes on with a figure out of its bounds clamped into them; no other message
    names a number reckoned from it (``8 x 13 cards ... is more than the 52 cards`` for
    ``players 99``, ``a dealt hand of 200 cards makes ...`` for ``deal 300 each``)."""
    path = tmp_path / "v.rules"
    path.write_text(f'game v extends big_two\ntitle "v"\n{line}\n')
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"error: {message}" in err and err.count("error:") == 1, err
