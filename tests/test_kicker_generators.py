"""The one-deck generators of kickers and wings (``gen_kicker_sets``, ``gen_winged_runs``)
make the plays the general generators (``gen_kickers``, ``gen_winged_run``) make, with each
set of cards first classified, deduplicated and keyed by the matchers: the same plays, in the
same order, with the same keys, on random hands of real and made-up kinds."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardrules.compiler import compile_text, ir
from cardrules.compiler.codegen import has_kickers, kicker_shapes
from cardrules.loader import load_module
from cardrules.runtime.climbing import shapes
from cardrules.runtime.protocol import beats

ROOT = Path(__file__).resolve().parent.parent

# Made-up kinds beside the real ones: a key read from the whole play or the main group only
# (made from the generator's split), and from a kicker (asked of the matcher); three kickers;
# wings on a run of pairs; a play that is also a plane (four triples); tied kicker ranks.
# (the table and singles of both made-up games below)
TABLE = """players 3
deck 54
deal 17 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2 LJ BJ
combination single { group 1 key rank }
"""
VARIANTS = "game kickvariants\n" + TABLE + """
combination plane { run 3 min 2 within 3 4 5 6 7 8 9 10 J Q K A  key rank }
combination three_wings {
  run 3 min 2 max 4 within 3 4 5 6 7 8 9 10 J Q K A + group 1  key size, rank
}
combination pair_wings { run 2 min 3 within 3 4 5 6 7 8 9 10 J Q K A 2 + group 1  key rank }
combination four_three { group 4 + group 1 + group 1 + group 1  key card of group 1 }
combination four_by_kicker { group 4 + group 2 + group 2  key rank of group 2, rank }
combination three_two_two { group 3 + group 1 + group 1  key size, suit of group 1 }
def score(p) = 0
"""


def games() -> list[tuple[str, ir.Game, Any]]:
    out = []
    for name, text in (("doudizhu", (ROOT / "cardrules/games/doudizhu.rules").read_text(
                            encoding="utf-8")),
                       ("kickers", (ROOT / "tests/data/kickers.rules").read_text(
                           encoding="utf-8")),
                       ("variants", VARIANTS)):
        g = compile_text(text, f"{name}.rules")
        module, _ = load_module(g, f"{name}.rules")
        out.append((name, g, module))
    return out


GAMES = games()


def first_kind(m: Any, cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """Every matcher of the cards' size in classify's order, none skipped: the first kind
    that matches, with its key."""
    for kind, matcher, *_ in m.MATCHERS_BY_SIZE.get(len(cards), ()):
        key = matcher(cards)
        if key is not None:
            return kind, key
    return None


def reference(m: Any, c: ir.Combination, index: int, hand: list[int],
              rank_index: dict[str, int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    by_rank = shapes.split_by_rank(hand, m.RANK)
    s = c.shape
    if isinstance(s, ir.RunShape):
        within = tuple(rank_index[r] for r in s.within)
        found = shapes.gen_winged_run(by_rank, s.width, s.min_len, s.max_len, within, s.wing)
    else:
        assert isinstance(s, ir.GroupsShape)
        found = shapes.gen_kickers(by_rank, s.sizes)
    out, seen = [], set()
    for cards in found:
        ordered = tuple(sorted(cards, key=m.CARD_KEY.__getitem__))
        if ordered in seen:
            continue
        seen.add(ordered)
        hit = first_kind(m, ordered)
        assert hit is not None
        if hit[0] == index:
            out.append((ordered, hit[1]))
    return out


def hands(m: Any, rng: random.Random, count: int) -> list[list[int]]:
    """Random hands of 8 to 20 cards, half of them rich in triples and fours."""
    out = []
    for i in range(count):
        deck = list(m.DECK)
        if i % 2:
            ranks = rng.sample(range(13), rng.randint(3, 6))
            cards = [c for c in deck if c < 52 and c % 13 in ranks]
            rest = [c for c in deck if c not in cards]
            cards += rng.sample(rest, rng.randint(2, 8))
            hand = rng.sample(cards, min(len(cards), rng.randint(10, 20)))
        else:
            hand = rng.sample(deck, rng.randint(8, 20))
        out.append(sorted(hand, key=m.CARD_KEY.__getitem__))
    return out


@pytest.mark.parametrize("name,game,m", GAMES, ids=[g[0] for g in GAMES])
def test_one_deck_generators_make_the_general_ones_plays(name: str, game: ir.Game,
                                                         m: Any) -> None:
    rank_index = {r: i for i, r in enumerate(game.ranks)}
    kinds = [(i, c) for i, c in enumerate(game.combinations) if has_kickers(c)]
    assert kinds
    rng = random.Random(name)
    made = 0
    for hand in hands(m, rng, 120):
        by_rank = shapes.split_by_rank(hand, m.RANK)
        for i, c in kinds:
            got = [(p.cards, p.key) for p in m.CANDIDATES[i](hand, by_rank)]
            assert all(p.kind == i for p in m.CANDIDATES[i](hand, by_rank))
            assert got == reference(m, c, i, hand, rank_index), (name, c.name, hand)
            made += len(got)
    assert made > 1000


@pytest.mark.parametrize("name,game,m", GAMES, ids=[g[0] for g in GAMES])
def test_kicker_shapes_hold_every_play(name: str, game: ir.Game, m: Any) -> None:
    """kicker_shapes lists the group sizes of every play (classify's table and the overlap
    tests rely on it), and classify finds each play the generators make."""
    rng = random.Random(name + "shapes")
    for hand in hands(m, rng, 100):
        by_rank = shapes.split_by_rank(hand, m.RANK)
        for i, c in enumerate(game.combinations):
            if not has_kickers(c):
                continue
            listed = kicker_shapes(c)
            assert listed is not None
            for p in m.CANDIDATES[i](hand, by_rank):
                sizes = tuple(sorted(map(len, shapes.split_by_rank(p.cards, m.RANK).values()),
                                     reverse=True))
                assert sizes in listed, (c.name, p.cards)
                found = m.classify(p.cards)
                assert found is not None and (found.kind, found.key) == (p.kind, p.key)


def test_kicker_shapes_by_hand() -> None:
    g = compile_text(VARIANTS, "v.rules")
    by_name = {c.name: c for c in g.combinations}
    assert kicker_shapes(by_name["four_three"]) == {(4, 1, 1, 1), (4, 2, 1), (4, 3)}
    assert kicker_shapes(by_name["four_by_kicker"]) == {(4, 2, 2), (4, 4)}
    assert kicker_shapes(by_name["three_wings"]) == {
        (3, 3, 1, 1), (3, 3, 2), (3, 3, 3, 1, 1, 1), (3, 3, 3, 2, 1), (3, 3, 3, 3),
        (3, 3, 3, 3, 1, 1, 1, 1), (3, 3, 3, 3, 2, 1, 1), (3, 3, 3, 3, 2, 2),
        (3, 3, 3, 3, 3, 1), (4, 3, 3, 3, 3)}


ATTACHED = """
game attached
players 4
deck 52
deal 13 each
ranks 3 4 5 6 7 8 9 10 J Q K A 2
combination single { group 1 key card }
combination straight { run 1 min 5 max 5 within 3 4 5 6 7 8 9 10 J Q K A  key rank }
combination pair_wide { cards 5 key size }
combination full_house { group 3 + group 2  key card of group 1 }
combination four_one { group 4 + group 1  key rank of group 2, card }
combination three_one { group 3 + group 1  key size, suit of group 1, rank }
def score(p) = 0
"""


@pytest.mark.parametrize("text", [ATTACHED, (ROOT / "cardrules/games/big_two.rules").read_text(
    encoding="utf-8"), (ROOT / "cardrules/games/doudizhu.rules").read_text(encoding="utf-8")],
    ids=["made-up", "big_two", "doudizhu"])
def test_attached_groups_make_the_general_generators_plays(text: str) -> None:
    """``group A + group B`` with one deck, made in the generated loops, against
    ``gen_groups`` with each set classified by the matchers in order: the same plays in the
    same order; and above a floor, the same as filtering all of them."""
    g = compile_text(text, "attached.rules")
    m, _ = load_module(g, "attached.rules")
    kinds = [(i, c) for i, c in enumerate(g.combinations) if isinstance(c.shape, ir.GroupsShape)
             and len(c.shape.sizes) == 2 and c.shape.sizes[0] > c.shape.sizes[1]]
    assert kinds
    rng = random.Random(7)
    made = 0
    for _ in range(150):
        hand = sorted(rng.sample(list(m.DECK), rng.randint(5, 20)), key=m.CARD_KEY.__getitem__)
        by_rank = shapes.split_by_rank(hand, m.RANK)
        for i, c in kinds:
            assert isinstance(c.shape, ir.GroupsShape)
            want = []
            for found in shapes.gen_groups(by_rank, c.shape.sizes, c.shape.up_to):
                cards = tuple(sorted(found, key=m.CARD_KEY.__getitem__))
                hit = first_kind(m, cards)
                if hit is not None and hit[0] == i:
                    want.append((cards, hit[1]))
            got = [(p.cards, p.key) for p in m.CANDIDATES[i](hand, by_rank)]
            assert got == want, (c.name, hand)
            made += len(got)
            for _, key in want[::7]:
                floor = (m.TIER[i], key)
                above = [(p.cards, p.key) for p in m.CANDIDATES[i](hand, by_rank, floor)]
                assert above == [w for w in want if (m.TIER[i], w[1]) > floor]
    assert made > 500


@pytest.mark.parametrize("name", ["doudizhu", "shuang_kou"])
def test_runs_by_length_make_gen_ranked_runs_plays(name: str) -> None:
    """Runs keyed by their top rank (straights, runs of pairs and triples), made a start and
    length at a time from each rank's choices (``single_run_pools``, ``run_pools``): the
    plays ``gen_ranked_runs`` gives, in its order, with and without a floor and a size, one
    deck and two."""
    text = (ROOT / f"cardrules/games/{name}.rules").read_text(encoding="utf-8")
    g = compile_text(text, f"{name}.rules")
    m, _ = load_module(g, f"{name}.rules")
    rank_index = {r: i for i, r in enumerate(g.ranks)}
    kinds = [(i, c.shape) for i, c in enumerate(g.combinations)
             if isinstance(c.shape, ir.RunShape) and not c.shape.wing]
    assert len(kinds) >= 3
    deck = list(m.DECK) * m.COPIES
    rng = random.Random(name)
    made = 0
    for _ in range(50):
        hand = sorted(rng.sample(deck, rng.randint(10, 17 if m.COPIES == 1 else 27)),
                      key=m.CARD_KEY.__getitem__)
        by_rank = shapes.split_by_rank(hand, m.RANK)
        for i, s in kinds:
            within = tuple(rank_index[r] for r in s.within)
            want = [(tuple(sorted(cards, key=m.CARD_KEY.__getitem__)), (top,))
                    for top, cards in shapes.gen_ranked_runs(by_rank, s.width, s.min_len,
                                                             s.max_len, within)]
            got = [(p.cards, p.key) for p in m.CANDIDATES[i](hand, by_rank)]
            assert got == want
            made += len(got)
            for cards, key in want[::5]:
                floor = (m.TIER[i], key)
                assert [(p.cards, p.key) for p in m.CANDIDATES[i](hand, by_rank, floor,
                                                                  len(cards))] == [
                    w for w in want if len(w[0]) == len(cards) and (m.TIER[i], w[1]) > floor]
    assert made > 1000


@pytest.mark.parametrize("name", ["doudizhu", "shuang_kou"])
def test_singles_keyed_by_rank_are_the_hands_cards_above_the_floor(name: str) -> None:
    """Singles keyed by rank, cards comparing by rank first: one shared Play per card, each
    card once (two decks: the first of equal cards), those above a floor by bisection on
    RANK: the same as every card keyed and filtered."""
    text = (ROOT / f"cardrules/games/{name}.rules").read_text(encoding="utf-8")
    g = compile_text(text, f"{name}.rules")
    m, _ = load_module(g, f"{name}.rules")
    i = list(m.KINDS).index("single")
    deck = list(m.DECK) * m.COPIES
    rng = random.Random(name + "singles")
    for _ in range(200):
        hand = sorted(rng.sample(deck, rng.randint(1, 27)), key=m.CARD_KEY.__getitem__)
        by_rank = shapes.split_by_rank(hand, m.RANK)
        every = [((c,), (m.RANK[c],)) for c in dict.fromkeys(hand)]
        assert [(p.cards, p.key) for p in m.CANDIDATES[i](hand, by_rank)] == every
        for r in range(len(g.ranks)):
            for floor in ((m.TIER[i], (r,)), (m.TIER[i] - 1, (r,)), (m.TIER[i] + 1, (r,))):
                assert [(p.cards, p.key) for p in m.CANDIDATES[i](hand, by_rank, floor)] == [
                    e for e in every if (m.TIER[i], e[1]) > floor]


# Runs whose length is fixed (``max`` equal to ``min``), plain and winged: following a play of
# their own kind once read an unset ``size`` (NameError). Fixed lengths beside the variable.
FIXED_RUNS = "game fixedruns\n" + TABLE + """
combination chain { run 1 min 5 max 5 within 3 4 5 6 7 8 9 10 J Q K A  key rank }
combination plane { run 3 min 2 max 2 within 3 4 5 6 7 8 9 10 J Q K A  key rank }
combination plane_singles { run 3 min 2 max 2 within 3 4 5 6 7 8 9 10 J Q K A + group 1  key rank }
combination plane_pairs { run 3 min 2 within 3 4 5 6 7 8 9 10 J Q K A + group 2  key rank }
def score(p) = 0
"""


def test_a_run_of_fixed_length_follows_its_own_kind() -> None:
    """The follows of a play of each run kind are exactly the plays of the hand that beat it
    (every kind followed at least 20 times), on random 17-card hands."""
    g = compile_text(FIXED_RUNS, "fixedruns.rules")
    m, _ = load_module(g, "fixedruns.rules")
    rng = random.Random(5)
    followed = dict.fromkeys(("chain", "plane", "plane_singles", "plane_pairs"), 0)
    deck = list(m.DECK)
    while min(followed.values()) < 20:
        rng.shuffle(deck)
        mine, theirs = deck[:17], deck[17:34]
        for current in m.plays(theirs):
            name = m.KINDS[current.kind]
            if name not in followed or followed[name] >= 40:
                continue
            followed[name] += 1
            got = [p.cards for p in m.follows(mine, current)]
            assert len(set(got)) == len(got)
            assert set(got) == {p.cards for p in m.plays(mine) if beats(p, current)}, name
