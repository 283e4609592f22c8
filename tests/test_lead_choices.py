"""``lead_choices``: a lead's plays counted and made one at a time are ``lead_plays``, play for
play, in every climbing game (built in, the test rules files, games drawn by rulesgen); and a
round of random bots reading them plays as one reading the eager lists."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from replays import DATA, ROOT, load_text

import cardrules
from cardrules.runtime.climbing.choices import Choices, Part, nth_combination
from cardrules.runtime.climbing.shapes import suited_run

BUILT_IN = ("big_two", "da_bei", "tiao_shu", "shuang_kou", "doudizhu")
FILES = ("kickers.rules", "big_two_keyed_by_2.rules", "da_bei_flat.rules")


def games() -> list[Any]:
    out = [cardrules.load(name) for name in BUILT_IN]
    out += [cardrules.load(ROOT / "tests" / "data" / name) for name in FILES]
    drawn = json.loads(DATA.read_text(encoding="utf-8"))["generated"]  # by rulesgen
    out += [load_text(g["name"], g["text"]) for g in drawn[:3]]
    return out


GAMES = games()


def hands(m: Any, rng: random.Random, count: int, most: int) -> list[list[int]]:
    """Random hands of up to ``most`` cards, a third of them from few ranks (many runs,
    kickers and wings)."""
    deck = list(m.DECK) * getattr(m, "COPIES", 1)
    ranks = sorted({m.RANK[c] for c in deck})
    out = []
    for i in range(count):
        if i % 3:
            hand = rng.sample(deck, rng.randint(1, min(most, len(deck))))
        else:
            few = set(rng.sample(ranks, rng.randint(2, min(10, len(ranks)))))
            hand = [c for c in deck if m.RANK[c] in few]
            rng.shuffle(hand)
            hand = hand[:rng.randint(1, most)]
        out.append(hand)
    return out


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_lead_choices_are_the_lead_plays(game: Any) -> None:
    m = game.module
    rng = random.Random(f"choices:{game.name}")
    counted = 0
    for hand in hands(m, rng, 300, 27 if game.name in BUILT_IN else 14):
        eager = m.lead_plays(m.new_hand(hand))
        lazy = m.lead_choices(m.new_hand(hand))
        assert len(lazy) == len(eager), sorted(hand)
        asked = range(len(eager)) if len(eager) <= 1000 else rng.sample(range(len(eager)), 300)
        assert [lazy[i] for i in asked] == [eager[i] for i in asked], sorted(hand)
        assert list(lazy) == eager
        if eager:
            assert lazy[-1] == eager[-1] and eager[0] in lazy
        if isinstance(lazy, Choices):  # (else the game counts no kind: the list itself)
            counted += sum(isinstance(p, Part) for p in lazy._parts)
    if game.name in ("doudizhu", "shuang_kou"):
        assert counted > 100  # the counted parts were asked, not only lists


@pytest.mark.parametrize("game", [g for g in GAMES if g.name in ("doudizhu", "shuang_kou")],
                         ids=lambda g: g.name)
def test_random_bots_play_as_on_the_eager_lists(game: Any) -> None:
    for seed in range(20):
        fast = game.new_table(seed=seed, seats=["random"] * game.players)
        fast.play_out()
        slow = game.new_table(seed=seed, seats=["random"] * game.players)
        while not slow.over:
            seat = slow.seat
            legal = slow.legal_actions()  # the full list, as a person sees it
            slow.apply(slow.bot_fns[seat](slow.view(seat), legal, slow.bot_rng))
        assert fast.history == slow.history
        assert fast.result() == slow.result()


def test_choices_parts_and_indexes() -> None:
    from cardrules.runtime.protocol import PASS
    out = Choices()
    out += []
    out += [PASS]
    assert len(out) == 1 and out[0] is PASS and out[-1] is PASS and out[0:1] == [PASS]
    with pytest.raises(IndexError):
        out[1]
    from itertools import combinations
    pool = [3, 5, 8, 9, 11, 12]
    for r in range(len(pool) + 1):
        assert [nth_combination(pool, r, i) for i in range(len(list(combinations(pool, r))))] \
            == list(combinations(pool, r))


def test_has_run_is_a_scan_of_the_bits() -> None:
    """``has_run``, the quick test before a run kind is asked: ``length`` consecutive bits,
    the highest above ``above`` if given, as a plain scan finds them."""
    from cardrules.runtime.climbing.shapes import has_run

    rng = random.Random("has_run")
    for _ in range(5000):
        ranks, length, above = rng.getrandbits(15), rng.randint(1, 13), rng.randint(-1, 14)
        scan = any(all(ranks >> (start + i) & 1 for i in range(length))
                   and start + length - 1 > above for start in range(16))
        assert has_run(ranks, length, above) == scan, (bin(ranks), length, above)


@pytest.mark.parametrize("name", ["shuang_kou", "doudizhu", "big_two"])
def test_a_seat_hand_as_cards_are_played_is_one_made_again(name: str) -> None:
    """A SeatHand kept up to date as cards are played (``remove``) reads as one made from the
    cards left: with two decks, its singles each card once (its last copy played: gone)."""
    m = cardrules.load(name).module
    rng = random.Random(f"seathand:{name}")
    deck = list(m.DECK) * m.COPIES
    fields = ("cards", "keys", "by_rank", "ranks", "most", "suits", "singles", "single_keys")
    for _ in range(300):
        h = m.new_hand(rng.sample(deck, rng.randint(1, 30)))
        while h.cards:
            h.remove(rng.sample(h.cards, rng.randint(1, min(4, len(h.cards)))))
            again = m.new_hand(list(h.cards))
            assert [getattr(h, f) for f in fields] == [getattr(again, f) for f in fields]
            assert h.at_least[:len(again.at_least)] == again.at_least
            assert not any(h.at_least[len(again.at_least):])


@pytest.mark.parametrize("name", ["big_two", "da_bei", "tiao_shu"])
def test_a_run_of_one_suit_is_asked_exactly_when_one_suit_has_a_run(name: str) -> None:
    """``suited_run`` (tested before a run kind of one suit is asked) holds exactly when
    the kind's generator makes some play from the hand."""
    m = cardrules.load(name).module
    rng = random.Random(f"suited_run:{name}")
    deck = list(m.DECK) * m.COPIES
    for _ in range(2000):
        h = m.new_hand(rng.sample(deck, rng.randint(5, 20)))
        runs = m.PRESENT_straights[h.ranks]
        made = list(m.sequences_straight_flush(h.by_rank, None, runs))
        assert suited_run(h.cards, m.RANK, m.SUIT, m.PRESENT_straights.masks, runs) == bool(made)


@pytest.mark.parametrize("name", ["shuang_kou", "doudizhu"])
def test_a_run_part_with_its_mask_is_the_one_without(name: str) -> None:
    """A RunPart given the ranks held as a mask (its stretches looked up, only their ranks
    counted) counts and makes the runs that one reading the hand's counts itself makes, and
    both make the generator's runs in its order."""
    from cardrules.runtime.climbing.choices import RunPart

    m = cardrules.load(name).module
    copies = getattr(m, "COPIES", 1)
    within = tuple(range(12))
    runs = {"shuang_kou": (("straight", 1, 5), ("pairs", 2, 3), ("triples", 3, 3)),
            "doudizhu": (("straight", 1, 5), ("pairs", 2, 3), ("plane", 3, 2))}[name]
    rng = random.Random(f"mask:{name}")
    for hand in hands(m, rng, 200, 27):
        h = m.new_hand(hand)
        for kind, width, min_len in runs:
            if h.most < width:
                continue
            gen = getattr(m, f"candidates_{kind}")
            eager = list(gen(h.cards, h.by_rank))
            k = m.KINDS.index(kind)
            fields = (k, m.GROUP[k], m.TIER[k], m.BOMB[k])
            args = (gen, h.cards, h.by_rank, fields, width, min_len, 12, within, copies)
            mask = h.at_least[width] & 0b111111111111
            with_mask, without = RunPart(*args, mask=mask), RunPart(*args)
            assert with_mask.total == without.total == len(eager), sorted(hand)
            assert with_mask._ends == without._ends and with_mask._segs == without._segs
            asked = range(len(eager)) if len(eager) <= 300 else rng.sample(range(len(eager)), 100)
            assert [with_mask[i] for i in asked] == [without[i] for i in asked] \
                == [eager[i] for i in asked], sorted(hand)


def test_distinct_combinations_are_those_made_one_at_a_time() -> None:
    """``distinct_combinations`` of few sets (the combinations with the repeats dropped by a
    dict) makes the sets ``_distinct`` makes one at a time, in its order; where equal cards
    are not side by side, or the combinations are many, it makes them that way itself."""
    from itertools import combinations

    from cardrules.runtime.climbing.shapes import _distinct, distinct_combinations

    rng = random.Random("distinct")
    for _ in range(3000):
        values = sorted(rng.sample(range(20), rng.randint(1, 6)))
        cards = [v for v in values for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.2:
            rng.shuffle(cards)  # equal cards apart
        k = rng.randint(0, len(cards) + 1)
        found = list(distinct_combinations(cards, k))
        if len(set(cards)) == len(cards):
            assert found == list(combinations(cards, k))
        else:
            assert found == list(_distinct(cards, k, 0)), (cards, k)
    many = [c for c in range(10) for _ in range(2)]  # C(20, 10) combinations: one at a time
    assert sum(1 for _ in distinct_combinations(many, 10)) == 8953
