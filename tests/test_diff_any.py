"""`cardrules diff` on any two games (issue 6, section 4): lazy, sampled and time-bounded
witness search; decks of different copies; sequences keyed by another written rank; and every
pair of the built-in games and the manual's whole-game sketches."""

from __future__ import annotations

import itertools
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_docs import GAMES as MANUAL_GAMES
from test_docs import game_name

import cardrules
from cardrules.compiler.diff import diff
from cardrules.examples import check_examples
from cardrules.families.climbing.witness import NOT_FOUND, with_witnesses

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
BUILT_IN = sorted((ROOT / "cardrules" / "games").glob("*.rules"))
LIMIT_S = 60  # a hang guard only, not a speed test: the times are printed (pytest -s)
LIMIT_BYTES = 1 << 30


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT_BYTES, LIMIT_BYTES))


def run_diff(a: str | Path, b: str | Path, cwd: Path = ROOT,
             env: dict[str, str] | None = None) -> tuple[subprocess.CompletedProcess[str], float]:
    """`cardrules diff A B --format json` in a process of at most 1 GB, which must finish."""
    start = time.monotonic()
    try:
        r = subprocess.run([sys.executable, "-m", "cardrules.cli", "diff", str(a), str(b),
                            "--format", "json"], capture_output=True, text=True, cwd=cwd,
                           timeout=LIMIT_S, preexec_fn=_limit_memory, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail(f"diff {a} {b} did not finish in {LIMIT_S} s")
    return r, time.monotonic() - start


def records(r: subprocess.CompletedProcess[str]) -> list[tuple[str, str]]:
    assert r.returncode == 1, r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    return [(d["what"], d["witness"]) for d in json.loads(r.stdout)["differences"]]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built-in games and the manual's whole games, as test_docs lays them out, and the
    variants below."""
    where = tmp_path_factory.mktemp("any")
    for path in BUILT_IN:
        shutil.copy(path, where / path.name)
    for block in MANUAL_GAMES:
        if not (where / f"{game_name(block)}.rules").exists():
            (where / f"{game_name(block)}.rules").write_text(block)
    kou = (where / "shuang_kou.rules").read_text()
    assert "run 2 min 3 within" in kou
    (where / "kou_pairs_2.rules").write_text(
        kou.replace("game shuang_kou", "game kou_pairs_2")
        .replace("run 2 min 3 within", "run 2 min 2 within"))
    (where / "seven.rules").write_text(
        "game seven extends big_two\ncombination seven { cards 7  key card }\n")
    (where / "seven_size.rules").write_text(
        "game seven_size extends big_two\ncombination seven { cards 7  key card, size }\n")
    two = (where / "big_two.rules").read_text()
    ladder, example = "ladder five: straight < flush <", 'example "H2 H7 H8 HJ HK" beats'
    assert "\ndeck 52\n" in two and ladder in two and example in two
    (where / "two_packs.rules").write_text(  # two packs; a straight beats a flush
        two.replace("game big_two", "game two_packs").replace("\ndeck 52\n", "\ndeck 52 copies 2\n")
        .replace(ladder, "ladder five: flush < straight <").replace(example, "# " + example))
    for variant in ("kou_pairs_2", "seven", "seven_size", "two_packs"):
        assert check_examples(cardrules.load(where / f"{variant}.rules")) == []
    return where


# ------------------------------------------------------------------ lazy, bounded search
def test_runs_without_max_finish_and_find_the_witness(folder: Path) -> None:
    # Before: never finished (the 108-card deck's pair runs of every length were all made).
    r, seconds = run_diff("shuang_kou.rules", "kou_pairs_2.rules", folder)
    print(f"shuang_kou vs kou_pairs_2: {seconds:.2f} s")
    assert records(r) == [("pairs: shape",
                           "D3 D3 D4 D4: not a combination in shuang_kou, pairs in kou_pairs_2")]


def test_the_manual_shuang_kou_against_big_two_finishes(folder: Path) -> None:
    # Before: stopped with "D3 is given 2 times; the deck has 1" (exit 2).
    r, seconds = run_diff("shuang_kou.rules", "big_two.rules", folder)
    print(f"shuang_kou vs big_two: {seconds:.2f} s")
    got = dict(records(r))
    assert got["deck"] is None
    assert got["single: key"] == "D3 vs C3: neither wins in shuang_kou, C3 wins in big_two"
    assert got["combination pairs"] == \
        "D3 C3 D4 C4 D5 C5: pairs in shuang_kou, not a combination in big_two"
    assert got["combination joker_bomb"] == \
        "LJ LJ BJ BJ: joker_bomb in shuang_kou, not in the deck in big_two"
    # flow: searched on deals of the smaller hands from the cards both decks hold
    assert got["round ends"].startswith("deal 0 of 13 each from the cards both decks hold ")


def test_cards_7_is_made_lazily(folder: Path) -> None:
    # Before: MemoryError (every 7-card play of 52 cards was made before 4,000 were kept).
    r, seconds = run_diff("big_two.rules", "seven.rules", folder)
    print(f"big_two vs seven: {seconds:.2f} s")
    assert records(r) == [("combination seven",
                           "D3 C3 H3 S3 D4 C4 H4: not a combination in big_two, seven in seven")]


def test_a_search_cut_short_says_what_it_did_not_search(folder: Path) -> None:
    r, _ = run_diff("seven.rules", "seven_size.rules", folder)
    assert records(r) == [(
        "seven: key",
        f"{NOT_FOUND}; not searched: seven plays beyond the first 4000 of the deck and 50 of "
        "each of 16 dealt hands (in seven and seven_size)")]


def test_the_time_budget_stops_every_search_and_says_so() -> None:
    a, b = cardrules.load("big_two"), cardrules.load("da_bei")
    got = with_witnesses(a, b, diff(a.ir, b.ir), budget=0.0)
    stopped = "no witness: not searched to the end; the witness search stopped after 0 s"
    probed = [d for d in got if d.area in ("ordering", "combination", "flow")]
    assert probed and all(d.witness and d.witness.startswith(stopped) for d in probed)


def test_the_same_two_games_give_the_same_witnesses(folder: Path) -> None:
    runs = [run_diff("shuang_kou.rules", "big_two.rules", folder,
                     env={**os.environ, "PYTHONHASHSEED": seed})[0].stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1]


# ------------------------------------------------------------------ decks
def test_decks_of_different_copies_are_a_difference_and_witnesses_use_both(
        folder: Path) -> None:
    # Before: "D3 is given 2 times; the deck has 1" for any rule difference with a witness.
    r, _ = run_diff("big_two.rules", "two_packs.rules", folder)
    assert records(r) == [
        ("deck", None),
        ("ladder five", "D3 D4 C5 DA D2 vs D6 D7 D9 DJ DK: D6 D7 D9 DJ DK wins in big_two, "
                        "D3 D4 C5 DA D2 wins in two_packs"),
    ]
    assert json.loads(r.stdout)["differences"][0]["old"] == "52 cards x 1"
    assert json.loads(r.stdout)["differences"][0]["new"] == "52 cards x 2"


# ------------------------------------------------------------------ sequences
def _claims(game_a: cardrules.Game, game_b: cardrules.Game, witness: str) -> None:
    """A comparison witness `X vs Y: W wins in A, V wins in B` is true of the two games."""
    pair, _, outcome = witness.partition(": ")
    x, y = pair.split(" vs ")
    for g, part in zip((game_a, game_b), outcome.split(", "), strict=True):
        winner = part.removesuffix(f" wins in {g.name}")
        expected = x if g.beats(x, y) else y if g.beats(y, x) else "neither"
        assert winner == expected, (g.name, witness)


def test_a_run_written_in_another_order_is_keyed_by_another_card() -> None:
    # Before: four runs "removed" and four "added", all "no witness found".
    a, b = cardrules.load("big_two"), cardrules.load(DATA / "big_two_keyed_by_2.rules")
    x, y = a.parse_cards("DA C2 H3 S4 D5"), a.parse_cards("SA D2 H3 C4 S5")
    assert a.beats(y, x) and b.beats(x, y)  # the example: the two games disagree
    got = with_witnesses(a, b, diff(a.ir, b.ir))
    assert [(d.what, d.old, d.new) for d in got] == [
        ("straight: top card of sequence A2345", "5", "2"),
        ("straight: top card of sequence 23456", "6", "2"),
        ("straight_flush: top card of sequence A2345", "5", "2"),
        ("straight_flush: top card of sequence 23456", "6", "2"),
    ]
    for d, ranks in zip(got[:2], ({"A", "2", "3", "4", "5"}, {"2", "3", "4", "5", "6"}),
                        strict=True):
        assert d.witness and " vs " in d.witness
        _claims(a, b, d.witness)  # two straights of that run, which the games rank apart
        for play in d.witness.split(": ")[0].split(" vs "):
            assert {card[1:] for card in play.split()} == ranks
    # Straight flushes are of one suit: the top card's rank never decides between two of
    # them, so no witness exists, and every straight flush was searched.
    assert [d.witness for d in got[2:]] == [NOT_FOUND, NOT_FOUND]


def test_reordered_runs_have_a_witness(tmp_path: Path) -> None:
    swap = tmp_path / "swap.rules"
    swap.write_text(
        "game swap extends big_two\n"
        "override sequence straights: 2 3 4 5 6, A 2 3 4 5, 3 4 5 6 7, 4 5 6 7 8, 5 6 7 8 9,\n"
        "  6 7 8 9 10, 7 8 9 10 J, 8 9 10 J Q, 9 10 J Q K, 10 J Q K A\n")
    a, b = cardrules.load("big_two"), cardrules.load(swap)
    got = with_witnesses(a, b, diff(a.ir, b.ir))
    assert [d.what for d in got] == ["straight: order of sequences",
                                     "straight_flush: order of sequences"]
    for d in got:
        assert d.witness and " vs " in d.witness
        _claims(a, b, d.witness)


# ------------------------------------------------------------------ every pair
def _games() -> list[str]:
    names = [p.stem for p in BUILT_IN]
    return names + [game_name(b) for b in MANUAL_GAMES if game_name(b) not in names]


# Differences that carry no witness, and why. Table and match records never do (by design:
# they are not rules of play); nor do a combination's label (a display name) or a rank only
# one game has (its cards are not in the other deck: the deck record says so).
NO_WITNESS_BY_DESIGN = ("table", "match")
WHY_NOT = {
    "single: key": "single_size adds `size` to the key, and two singles always have one size "
                   "(the manual's own example of a difference without a witness)",
    "triple: key": "two triples of one rank need 6 cards of a rank; the deck both games can "
                   "deal has 4, so triples of two ranks always compare by rank in both",
    "bomb: key": "doudizhu's bombs are four cards of one deck: `size, rank` (shuang_kou) and "
                 "`rank` order them alike",
    "bombs": "doudizhu's rocket (LJ BJ) is no combination in shuang_kou and its joker bomb "
             "needs two decks: the kinds differ (their own records), no shared play does",
}
# A flow witness is a deal both games can play; with different seat counts there is none,
# and the witness says so.
OTHER_SEATS = "no witness: searched only on deals both games can make, and these two seat"


def _why_no_witness(area: str, what: str, change: str) -> str | None:
    if area in NO_WITNESS_BY_DESIGN:
        return f"a {area} difference carries no witness by design"
    if what.endswith(": label"):
        return "a label is a display name, not a rule of play"
    if area == "ordering" and what.startswith("rank ") and change != "changed":
        return "a rank only one game has: its cards are not in the other's deck"
    if area in ("scoring", "teams"):
        return "one end of round is searched per diff, on def score or the first record"
    return WHY_NOT.get(what)


PAIRS = list(itertools.combinations(_games(), 2))


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_every_pair_of_games_has_a_witness_for_every_difference(folder: Path, a: str,
                                                                b: str) -> None:
    r, seconds = run_diff(f"{a}.rules", f"{b}.rules", folder)
    assert r.returncode in (0, 1), r.stderr[-2000:]
    found = json.loads(r.stdout)["differences"] if r.returncode else []
    witnessed = [d for d in found if d["witness"] and not d["witness"].startswith("no ")]
    print(f"\n{a} vs {b}: {seconds:.2f} s, {len(found)} differences, {len(witnessed)} "
          f"witnessed")
    unexplained = [(d["what"], d["witness"]) for d in found
                   if d not in witnessed and not _why_no_witness(d["area"], d["what"],
                                                                 d["change"])
                   and not (d["area"] == "flow" and d["witness"].startswith(OTHER_SEATS))]
    assert unexplained == []
    scoring = [d for d in found if d["area"] in ("scoring", "teams")]
    seats_differ = any(d["what"] == "players" for d in found)  # no end of round fits both
    if any(d["area"] == "scoring" for d in scoring) and not seats_differ:
        assert [d for d in scoring if d in witnessed], scoring
