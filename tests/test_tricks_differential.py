"""Differential test of the trick logic: the compiled tricks games against the brute-force
reference (tests/reference/tricks_ref.py) on random positions across one, two and three
decks, both trump orders (2为常主 or not) and no-trump.

At each position: a lead of one unit (or of single cards), or a throw of several units
(pairs, triples, tractors, titanics with single cards or other units), and a follower's hand
(up to 7 cards for single units, 10 for throws, 12 where the table's offered cards are
compared); the lead's units, the set of legal follows (every set of as many cards from the
hand) and the winner of a trick of four plays must be equal. 10,000 positions in the normal
run (6,000 single-unit leads, 4,000 throws); 30,000 more throws behind the slow marker.

Disagreements found and fixed in the runtime (the reference was right): a follow to a throw
counted the hand's units taking the lowest instances first, so a single could break a pair a
later unit needed (titanic: to HJ HJ H6 H6 H6 the hand D8 H10 H4 H4 H7 H7 H8 H9 S8 could
follow with one pair); and of two units of as many cards and as high, the first declared was
taken, not the wider (55666777 was the tractor 556677 and two singles, not the Titanic
666777 and the pair 55). Both are worked examples in titanic.rules."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

import cardrules
from cardrules.cards import format_cards, parse_card, parse_cards
from cardrules.families.tricks.game import TricksGame
from cardrules.runtime.tricks import trick
from cardrules.runtime.tricks.table import Action, TricksTable, _Play

try:
    from reference import tricks_ref as ref
except ImportError:  # tests/ imported as a package
    from tests.reference import tricks_ref as ref  # type: ignore[no-redef, import-not-found, unused-ignore]

POSITIONS = 6_000  # single-unit leads; with THROW_POSITIONS, 10,000 positions
GAMES = {"tractor": ref.TRACTOR, "tractor_2_trump": ref.TRACTOR_2_TRUMP,
         "shengji": ref.SHENGJI, "titanic": ref.TITANIC}


def random_lead(rng: random.Random, rules: ref.Rules, pos: ref.Pos,
                pool: Counter[str]) -> list[str] | None:
    """One unit (or up to three single cards of one class) drawn from the pool."""
    shapes = [(w, 1) for w in rules.widths] + [(w, n) for w in rules.chains for n in (2, 3)
                                               if not (w == 3 and n == 3)]
    width, length = rng.choice(shapes + [(1, 2), (1, 3)])
    cls = rng.choice(sorted({k for k, _ in pos.values()}))
    if width == 1 and length > 1:  # single cards of one class, at distinct positions
        cards = [c for c in pool if pos[c][0] == cls]
        rng.shuffle(cards)
        picked: list[str] = []
        for c in cards:
            if all(pos[c][1] != pos[x][1] for x in picked):
                picked.append(c)
        return picked[:length] if len(picked) >= length else None
    found = ref.instances(Counter({c: n for c, n in pool.items() if pos[c][0] == cls}),
                          width, length, pos)
    return list(rng.choice(found)) if found else None


def grouped(rng: random.Random, cards: list[str], k: int) -> list[str]:
    """``k`` of the cards, identical ones kept together half the time (pairs, triples and
    tractors are what following is about)."""
    if rng.random() < 0.5:
        rng.shuffle(cards)
        return cards[:k]
    by_card = Counter(cards)
    codes = sorted(by_card)
    rng.shuffle(codes)
    out: list[str] = []
    for c in codes:
        take = min(by_card[c], k - len(out))
        out += [c] * take
        if len(out) == k:
            break
    return out


def test_trick_logic_agrees_with_the_brute_force_reference() -> None:
    rng = random.Random(20_261_130)
    games = {name: cardrules.load(name) for name in GAMES}
    compared = follows_compared = 0
    while compared < POSITIONS:
        name = rng.choice(sorted(GAMES))
        rules, game = GAMES[name], games[name]
        assert isinstance(game, TricksGame)
        trump = rng.choice(["S", "H", "C", "D", None])
        level = rng.choice(ref.RANKS)
        pos = ref.positions(rules, trump, level)
        deck = ref.deck(rules)
        rng.shuffle(deck)
        pool = Counter(deck)
        lead = random_lead(rng, rules, pos, pool)
        if lead is None:
            continue
        pool -= Counter(lead)
        led = pos[lead[0]][0]
        same = [c for c in pool.elements() if pos[c][0] == led]
        other = [c for c in pool.elements() if pos[c][0] != led]
        rng.shuffle(other)
        k = rng.randint(0, min(7, len(same)))
        if rng.random() < 0.7 and len(lead) < min(7, len(same)):  # more than the lead: choice
            k = rng.randint(len(lead) + 1, min(7, len(same)))
        hand = sorted(grouped(rng, same, k) + other[:7 - k])
        if len(hand) < len(lead):
            continue
        state = game.state(trump or "none", level)
        order = game.order(state)
        code = {c: parse_card(c) for c in set(deck)}
        # legal follows: every subset of the hand, judged by both
        expect = ref.legal_follows(lead, hand, rules, pos)
        got = {s for s in {tuple(sorted(x)) for x in combinations(hand, len(lead))}
               if trick.follow_problem([code[c] for c in lead], [code[c] for c in hand],
                                       [code[c] for c in s], order, game.tm) is None}
        assert got == expect, (name, trump, level, lead, hand, got ^ expect)
        follows_compared += 1
        # the winner of a trick: the lead and three random plays of as many cards
        rest = list((pool - Counter(hand)).elements())
        rng.shuffle(rest)
        plays = [lead]
        for s in range(3):
            if rng.random() < 0.5 and expect:
                plays.append(list(rng.choice(sorted(expect))))
            else:
                plays.append(rest[s * len(lead):(s + 1) * len(lead)])
        if any(len(p) != len(lead) for p in plays):
            continue
        want = ref.trick_winner(plays, rules, pos)
        won = trick.trick_winner([[code[c] for c in p] for p in plays], order, game.tm)
        assert won == want, (name, trump, level, plays)
        compared += 1
    assert follows_compared >= POSITIONS


@pytest.mark.parametrize(("rules", "trump", "level", "cards", "shape"), [
    (ref.TRACTOR, "S", "10", ["HJ", "HJ", "H9", "H9"], (2, 2)),
    (ref.TRACTOR, "S", "10", ["H10", "H10", "C10", "C10"], None),
    (ref.TRACTOR_2_TRUMP, "S", "10", ["H2", "H2", "SA", "SA"], (2, 2)),
    (ref.TITANIC, "S", "5", ["SA", "SA", "SA", "H5", "H5", "H5"], (3, 2)),
    (ref.TITANIC, None, "5", ["H5", "H5", "H5", "C5", "C5", "C5"], None),
])
def test_reference_knows_the_seed_units(rules: ref.Rules, trump: str | None, level: str,
                                        cards: list[str], shape: tuple[int, int] | None) -> None:
    assert ref.is_unit(cards, rules, ref.positions(rules, trump, level)) == shape


def _follow_table(game: TricksGame, state: trick.TrumpState, lead: list[int],
                  hand: list[int]) -> TricksTable:
    """A table at seat 1's follow to ``lead`` (led by seat 0), holding ``hand``."""
    table = TricksTable(game.tm, seed=0)
    table.phase, table.state, table.seat = "play", state, 1
    table.hands[1] = list(hand)
    table.play = _Play(leader=0, plays=[(0, tuple(lead))])
    table._legal = table._follows = None
    return table


OFFERED_POSITIONS = 180


def test_the_cards_the_table_offers_agree_with_the_brute_force_reference() -> None:
    """Card by card, the table offers exactly the cards some legal follow (by the reference)
    holds together with the cards chosen so far: large hands of the led class (up to 12),
    leads of pairs, triples, tractors and titanics, and throws of several units."""
    rng = random.Random(7_2026)
    games = {name: cardrules.load(name) for name in GAMES}
    compared = 0
    while compared < OFFERED_POSITIONS:
        name = rng.choice(sorted(GAMES))
        rules, game = GAMES[name], games[name]
        assert isinstance(game, TricksGame)
        trump = rng.choice(["S", "H", "C", "D", None])
        level = rng.choice(ref.RANKS)
        pos = ref.positions(rules, trump, level)
        deck = ref.deck(rules)
        rng.shuffle(deck)
        pool = Counter(deck)
        throw = compared % 3 == 2  # a third of the leads: several units together
        lead = (random_throw if throw else random_lead)(rng, rules, pos, pool)
        if lead is None or len(lead) < 2 or (ref.is_unit(lead, rules, pos) is None) != throw:
            continue
        pool -= Counter(lead)
        led = pos[lead[0]][0]
        same = [c for c in pool.elements() if pos[c][0] == led]
        k = min(len(same), rng.randint(len(lead) + 2, 12))
        hand = sorted(grouped(rng, same, k))
        if len(hand) <= len(lead):
            continue
        code = {c: parse_card(c) for c in set(deck)}
        follows = (ref.legal_follows_to_format if throw else ref.legal_follows)(
            lead, hand, rules, pos)
        expect = [Counter(code[c] for c in f) for f in follows]
        state = game.state(trump or "none", level)
        table = _follow_table(game, state, [code[c] for c in lead], [code[c] for c in hand])
        follow = rng.choice(expect)
        chosen: Counter[int] = Counter()
        for card in sorted(follow.elements(), key=lambda _: rng.random()):
            offered = {a.card for a in table.legal_actions()}
            want = {c for f in expect for c in f - chosen if not chosen - f}
            assert offered == want, (name, trump, level, lead, hand, chosen, offered ^ want)
            table.apply(Action("card", card))
            chosen[card] += 1
        compared += 1


@pytest.mark.parametrize(("name", "trump", "level", "lead", "hand", "play", "offered"), [
    ("tractor", None, "10", "HA HA HK HK HQ",
     "H2 H2 H3 H3 H4 H5 H6 H7 H7 H8 H8 H9 H9 H10 HJ HJ HQ HK HA", "HJ HJ H9 H9 H8",
     "H2 H3 H4 H5 H6 H7 H8 H9 HJ HQ HK HA"),
    ("titanic", "S", "5", "HA HA HA HK HK HK",
     "HQ HQ HQ HJ HJ HJ H10 H10 H10 H9 H9 H9 H8 H8 H8 H7", "HQ HQ HQ HJ HJ HJ",
     "H8 H9 H10 HJ HQ"),
])
def test_every_legal_follow_is_offered_from_a_large_hand(
        name: str, trump: str | None, level: str, lead: str, hand: str, play: str,
        offered: str) -> None:
    """Past 4,000 candidate follows the table used to offer one built follow (H2 H3 H4;
    H8 H8 H8 H9 H9 H9) and refuse the others."""
    game = cardrules.load(name)
    assert isinstance(game, TricksGame)
    table = _follow_table(game, game.state(trump or "none", level), list(parse_cards(lead)),
                          list(parse_cards(hand)))
    assert format_cards([a.card for a in table.legal_actions()]) == offered
    table.apply(play)
    assert table.play is not None
    assert table.play.plays[1] == (1, tuple(parse_cards(play)))


# ------------------------------------------------------------------ leads of several units
def random_throw(rng: random.Random, rules: ref.Rules, pos: ref.Pos,
                 pool: Counter[str]) -> list[str] | None:
    """Two or three units of one class drawn from the pool (a pair or a triple, or a chain
    of them, with single cards or other units): a throw, read as whatever units the cards
    make together."""
    cls = rng.choice(sorted({k for k, _ in pos.values()}))
    left = Counter({c: n for c, n in pool.items() if pos[c][0] == cls})
    big = [(w, 1) for w in rules.widths if w > 1] + [(w, n) for w in rules.chains
                                                      for n in (2, 2, 3) if w * n <= 6]
    shapes = [rng.choice(big) if big else (1, 1)]
    for _ in range(rng.choice((1, 1, 2))):
        shapes.append((1, 1) if rng.random() < 0.6 or not big else rng.choice(big))
    cards: list[str] = []
    for width, length in shapes:
        found = ref.instances(left, width, length, pos)
        if not found:
            return None
        inst = rng.choice(found)
        cards += inst
        left -= Counter(inst)
    return cards if len(cards) <= 8 else None


def throw_position(rng: random.Random, name: str, most: int) -> tuple[
        ref.Rules, str | None, str, ref.Pos, list[str], list[str], Counter[str]] | None:
    """A random throw lead and a follower's hand of up to ``most`` cards, most of them of
    the led class (grouped, so that it holds units), in a random trump state."""
    rules = GAMES[name]
    trump = rng.choice(["S", "H", "C", "D", None])
    level = rng.choice(ref.RANKS)
    pos = ref.positions(rules, trump, level)
    deck = ref.deck(rules)
    rng.shuffle(deck)
    pool = Counter(deck)
    lead = random_throw(rng, rules, pos, pool)
    if lead is None:
        return None
    pool -= Counter(lead)
    led = pos[lead[0]][0]
    same = [c for c in pool.elements() if pos[c][0] == led]
    other = [c for c in pool.elements() if pos[c][0] != led]
    rng.shuffle(other)
    size = rng.randint(len(lead), most)
    k = min(len(same), size if rng.random() < 0.6 else rng.randint(0, size))
    hand = sorted(grouped(rng, same, k) + other[:size - k])
    if len(hand) < len(lead):
        return None
    return rules, trump, level, pos, lead, hand, pool - Counter(hand)


THROW_POSITIONS = 4_000


def compare_throws(seed: int, positions: int, most: int) -> int:
    """Throw leads against the reference: the lead's units, the legal follows (every set of
    as many cards from the hand), and the winner of a trick of four plays."""
    rng = random.Random(seed)
    games = {name: cardrules.load(name) for name in GAMES}
    names = [n for n in sorted(GAMES) if n != "shengji"] * 3 + ["shengji"]
    compared = 0
    while compared < positions:
        name = rng.choice(names)
        found = throw_position(rng, name, most)
        if found is None:
            continue
        rules, trump, level, pos, lead, hand, rest_pool = found
        game = games[name]
        assert isinstance(game, TricksGame)
        order = game.order(game.state(trump or "none", level))
        code = {c: parse_card(c) for c in set(ref.deck(rules))}
        shapes = ref.lead_format(lead, rules, pos)
        pieces = trick.decompose([code[c] for c in lead], order, game.tm)
        assert [(p.width, p.length) for p in pieces] == shapes, (name, trump, level, lead)
        expect = ref.legal_follows_to_format(lead, hand, rules, pos)
        got = {s for s in {tuple(sorted(x)) for x in combinations(hand, len(lead))}
               if trick.follow_problem([code[c] for c in lead], [code[c] for c in hand],
                                       [code[c] for c in s], order, game.tm) is None}
        assert got == expect, (name, trump, level, lead, hand, got ^ expect)
        rest = list(rest_pool.elements())
        rng.shuffle(rest)
        plays = [lead]
        for s in range(3):
            if rng.random() < 0.5:
                plays.append(list(rng.choice(sorted(expect))))
            else:
                plays.append(rest[s * len(lead):(s + 1) * len(lead)])
        if all(len(p) == len(lead) for p in plays):
            want = ref.trick_winner_to_format(plays, rules, pos)
            won = trick.trick_winner([[code[c] for c in p] for p in plays], order, game.tm)
            assert won == want, (name, trump, level, plays)
        compared += 1
    return compared


def test_throw_leads_agree_with_the_brute_force_reference() -> None:
    """Leads of several units (pairs, triples, tractors and titanics with single cards or
    other units), hands of up to 12 cards, one, two and three decks, both trump orders and
    no-trump."""
    assert compare_throws(20_261_201, THROW_POSITIONS, 10) == THROW_POSITIONS


@pytest.mark.slow
def test_throw_leads_agree_with_the_reference_at_length() -> None:
    assert compare_throws(7, 30_000, 12) == 30_000  # about 5 minutes
