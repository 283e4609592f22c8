"""Rounds of family tricks played by random and greedy bots keep every invariant, checked
after every applied move, with the move's legality judged by the independent brute-force
reference (tests/reference/tricks_ref.py), not by the runtime's own functions:

- a bid shows cards of the seat's hand that make a bid of the game (the digest's bid levels,
  written out below), higher than the standing one; a buried card is the dealer's;
- a lead is of one class, and what it puts on the table is what the reference's throw test
  gives against the other hands at that moment; a follow is legal by the reference; each
  trick goes to the reference's winner, and the next trick is led by it;
- every card is in exactly one place (the cards still to deal, hands, the kitty or what was
  buried, the trick being played, the tricks played); card points total 100 per deck;
- the defenders' points are the points in the tricks the defenders won, plus the kitty's
  points times 2 x the largest unit of the last trick's lead (双抠翻倍, the kitty_mult of
  tractor.rules) when they won the last trick;
- the level changes and the next dealer agree with those points (rules-digest §4 level table,
  written plainly, with a side stopping at A), from random levels;
- the same seed gives the same round; a view holds the seat's own hand, never another's, and
  the kitty only for the dealer once the kitty is the dealer's.

The normal run plays 1,000 rounds of each game; ``pytest -m slow`` 10,000 more."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

import cardrules
from cardrules.cards import SUIT_LETTERS, card_name
from cardrules.compiler import builtin_games, compile_path
from cardrules.families.tricks.game import TricksGame, TricksGameTable
from cardrules.runtime.tricks import trick

try:
    from reference import tricks_ref as ref
except ImportError:  # tests/ imported as a package
    from tests.reference import tricks_ref as ref  # type: ignore[no-redef, import-not-found, unused-ignore]

GAMES = [p.stem for p in builtin_games() if compile_path(p).family == "tricks"]
RULES = {"tractor": ref.TRACTOR, "tractor_2_trump": ref.TRACTOR_2_TRUMP,
         "shengji": ref.SHENGJI, "titanic": ref.TITANIC}
BANDS = {"tractor": 40, "tractor_2_trump": 40, "shengji": 20, "titanic": 60}
ACE = 12  # the 13th level, counted from 0
# The bid levels of rules-digest §4 (亮主), low to high: N cards of the trump rank of one suit,
# N of one joker, or both jokers together (one deck).
BIDS: dict[str, list[list[tuple[str, int]]]] = {
    "tractor": [[("rank", 1)], [("rank", 2)], [("joker", 2)]],
    "shengji": [[("rank", 1)], [("both", 1)]],
    "titanic": [[("rank", 1)], [("rank", 2)], [("joker", 2)], [("rank", 3)], [("joker", 3)]],
}
BIDS["tractor_2_trump"] = BIDS["tractor"]


def load(name: str) -> TricksGame:
    game = cardrules.load(name)
    assert isinstance(game, TricksGame)
    return game


def names(cards: Sequence[int]) -> list[str]:
    return [card_name(c) for c in cards]


def bid_level(shown: list[str], level: str, name: str) -> int | None:
    """The level of the digest's bids these cards make at this trump rank, or None."""
    for i, options in enumerate(BIDS[name]):
        for kind, n in options:
            if kind == "rank" and len(shown) == n and len({c[0] for c in shown}) == 1 \
                    and all(ref.rank(c) == level and ref.suit(c) for c in shown):
                return i
            if kind == "joker" and len(shown) == n and len(set(shown)) == 1 \
                    and shown[0] in ("LJ", "BJ"):
                return i
            if kind == "both" and sorted(shown) == ["BJ", "LJ"]:
                return i
    return None


def expected_rise(points: int, dealer_side: bool, level: int, band: int) -> int:
    """The level table of rules-digest §4, written plainly: the dealer side climbs 3 at 0
    points, 2 under a band, 1 under two bands; the defenders 1 per band past two bands, from
    three; neither passes A in one round, except a dealer side already at A that wins."""
    to_a = ACE - level
    if dealer_side:
        won = 3 if points == 0 else 2 if points < band else 1 if points < 2 * band else 0
        return to_a if 0 < to_a < won else won
    climb = 0 if points < 3 * band else (points - 2 * band) // band
    return min(climb, to_a)


class Checker:
    """Checks one round of one game after every move."""

    def __init__(self, name: str, game: TricksGame, t: TricksGameTable) -> None:
        self.name, self.game, self.t = name, game, t
        self.rules = RULES[name]
        self.full = sorted(c for c in game.tm.DECK for _ in range(game.tm.COPIES))
        self.pos: ref.Pos = {}
        self.started: tuple[int, ...] = ()  # the mover's hand when its play began
        self.others: list[list[str]] = []  # the other hands when the lead began
        self.tried: list[str] = []  # the cards the leader chose

    def placed(self) -> list[int]:
        """Every card where it is now, sorted."""
        t = self.t
        out = [c for h in t.hands for c in h]
        if t.phase in ("deal", "last bids"):
            out += t.stream[t.dealt:] + t.kitty
        else:
            out += t.buried + [c for tr in t.tricks for _, p in tr.plays for c in p]
            if t.play is not None:
                out += [c for _, p in t.play.plays for c in p]
        return sorted(out)

    def plays_down(self) -> int:
        t = self.t
        return sum(len(tr.plays) for tr in t.tricks) + (len(t.play.plays) if t.play else 0)

    def move(self) -> None:
        """One bot move, checked."""
        t = self.t
        seat, phase = t.seat, t.phase
        legal = t.legal_actions()
        assert 0 < len(legal) <= 300
        hand = t.hand(seat)
        standing, rank = t.standing, ref.RANKS[t.trump_rank()]
        down, tricks = self.plays_down(), len(t.tricks)
        leading = phase == "play" and t.play is not None and not t.play.plays
        if phase == "play" and t.play is not None and not t.play.selection:
            self.started = hand
            if not t.play.plays:
                self.others = [names(t.hands[s]) for s in range(t.n) if s != seat]
        action = t.bot_move()
        t.apply(action)
        if action.kind == "bid":
            shown = names(action.cards)
            assert not Counter(action.cards) - Counter(hand), (shown, names(hand))
            level = bid_level(shown, rank, self.name)
            assert level is not None and level == action.level, (shown, rank)
            assert standing is None or level > standing.level
        elif action.kind == "bury":
            assert phase == "bury" and seat == t.dealer and action.card in hand
        elif action.kind == "card" and leading:
            self.tried.append(card_name(action.card))
        if phase in ("deal", "last bids", "bury") and t.phase == "play":
            state = t.state
            trump = SUIT_LETTERS[state.suit] if state.suit >= 0 else None
            self.pos = ref.positions(self.rules, trump, ref.RANKS[state.rank])
        moved = self.plays_down() > down
        if moved:
            self.play_down(seat, tricks)
        if moved or t.phase != "play" or phase != "play":
            assert self.placed() == self.full  # choosing cards moves none: a play put down does
        if len(t.tricks) > tricks or t.phase != "play" or phase != "play":
            self.views()  # after each move of the deal and the bury, and after each trick

    def play_down(self, seat: int, tricks: int) -> None:
        """The seat's play just went down: judge it, and the trick if it is complete."""
        t, pos, rules = self.t, self.pos, self.rules
        done = len(t.tricks) > tricks
        plays = list(t.tricks[-1].plays if done else t.play.plays)  # type: ignore[union-attr]
        who, cards = plays[-1]
        assert who == seat
        played = names(cards)
        if len(plays) == 1:  # a lead: of one class; all of it, or what the throw test gives
            tried = self.tried or played
            assert len({pos[c][0] for c in tried}) == 1, tried
            assert not Counter(tried) - Counter(names(self.started))
            outcomes = ref.throw_outcomes(tried, self.others, rules, pos)
            assert tuple(sorted(played)) in outcomes, \
                f"the throw {tried} played {played}; the reference: {outcomes}"
            self.tried = []
        else:
            lead = names(plays[0][1])
            assert ref.is_legal_follow(lead, names(self.started), played, rules, pos), \
                f"the follow {played} to {lead} from {names(self.started)} is illegal"
        if done:
            tr = t.tricks[-1]
            ordered = [names(p) for _, p in tr.plays]
            assert tr.plays[ref.trick_winner_to_format(ordered, rules, pos)][0] == tr.winner
            assert tr.points == ref.card_points([c for p in ordered for c in p])
            assert len(t.tricks) == 1 or tr.leader == t.tricks[-2].winner
            assert t.over or (t.play is not None and t.play.leader == tr.winner)

    def views(self) -> None:
        t = self.t
        for s in range(t.n):
            v = t.view(s)
            assert sorted(v.hand) == sorted(t.hands[s])
            dealer_knows = s == t.dealer and t.phase in ("bury", "play", "over")
            assert sorted(v.kitty) == (sorted(t.kitty + t.buried) if dealer_knows else [])
            assert not v.selection or s == t.seat

    def settled(self) -> None:
        t, game = self.t, self.game
        r = t.result()
        assert not any(t.hands)
        kitty = names(t.buried)
        assert ref.card_points(kitty) == r.kitty_points
        assert sum(tr.points for tr in t.tricks) + r.kitty_points == 100 * game.tm.COPIES
        defenders = {s for s in range(t.n) if (s - r.dealer) % 2}
        taken = sum(tr.points for tr in t.tricks if tr.winner in defenders)
        last = t.tricks[-1]
        bonus = 0
        if last.winner in defenders:
            unit = ref.largest_unit(names(last.plays[0][1]), self.rules, self.pos)
            bonus = r.kitty_points * 2 * unit
        assert (r.kitty_bonus, r.defender_points) == (bonus, taken + bonus), \
            f"kitty bonus {r.kitty_bonus}, defenders' points {r.defender_points}; " \
            f"expected {bonus}, {taken + bonus}"
        band = BANDS[self.name]
        for s in range(t.n):
            rise = expected_rise(r.defender_points, s not in defenders, t.levels[s], band)
            assert r.level_up[s] == rise
            assert r.levels[s] == t.levels[s] + rise
        assert r.next_dealer == ((r.dealer + 1) % 4 if r.defender_points >= 2 * band
                                 else (r.dealer + 2) % 4)


def play_checked(name: str, game: TricksGame, seed: int) -> TricksGameTable:
    """One round by random and greedy bots from random levels, checked after every move."""
    rng = random.Random(seed)
    kinds = [rng.choice(["random", "greedy"]) for _ in range(game.players)]
    dealer = rng.choice([None, rng.randrange(game.players)])
    side = [rng.choice([0, rng.randrange(ACE + 1)]) for _ in range(2)]
    if dealer is None:  # a match's first round: every side at the first level
        side = [0, 0]
    levels = [side[s % 2] for s in range(game.players)]
    t = game.new_table(seed=seed, seats=kinds, dealer=dealer, levels=levels)
    check = Checker(name, game, t)
    check.views()
    while not t.over:
        check.move()
    check.settled()
    return t


def same_round(name: str, game: TricksGame, seed: int) -> None:
    rng = random.Random(seed)
    kinds = [rng.choice(["random", "greedy"]) for _ in range(game.players)]
    a = game.new_table(seed=seed, seats=kinds)
    b = game.new_table(seed=seed, seats=kinds)
    assert (a.stream, a.kitty) == (b.stream, b.kitty)
    a.play_out()
    b.play_out()
    assert a.history == b.history and a.result() == b.result()


ROUNDS, PARTS = 1000, 4  # per game; in parts, for pytest -n to share out


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("name", GAMES)
def test_rounds_keep_every_invariant(name: str, part: int) -> None:
    game = load(name)
    size = ROUNDS // PARTS
    for seed in range(part * size, (part + 1) * size):
        play_checked(name, game, seed)
        if seed % 100 == 0:
            same_round(name, game, seed)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_rounds_keep_every_invariant_long(name: str) -> None:
    game = load(name)
    for seed in range(ROUNDS, ROUNDS + 10_000):
        play_checked(name, game, seed)


# ------------------------------------------------------------------ the checks can fail
def test_a_throw_that_never_fails_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A runtime that lets every throw through: the reference's throw test disagrees."""
    monkeypatch.setattr(trick, "throw_outcome", lambda cards, *_: tuple(cards))
    game = load("tractor")
    with pytest.raises(AssertionError, match="the throw"):
        for seed in range(50):
            play_checked("tractor", game, seed)


def test_a_kitty_bonus_read_from_the_wrong_unit_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A runtime whose 双抠翻倍 always reads a single: the defenders' points disagree."""
    monkeypatch.setattr(trick, "largest_unit", lambda *_: 1)
    game = load("tractor")
    with pytest.raises(AssertionError, match="kitty bonus"):
        for seed in range(300):
            play_checked("tractor", game, seed)


def test_a_follow_that_breaks_a_pair_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A runtime that offers every card of the led class: the reference's follow rule
    (pairs for a pair, ...) disagrees."""
    monkeypatch.setattr(trick, "follow_allowed",
                        lambda f, chosen, order, m: set(Counter(f.in_class) - chosen))
    game = load("tractor")
    with pytest.raises(AssertionError, match="is illegal"):
        for seed in range(50):
            play_checked("tractor", game, seed)


# ------------------------------------------------------------------ the reference's move checks
def test_one_follow_judged_alone_agrees_with_every_follow_listed() -> None:
    """ref.is_legal_follow (one play, no listing of the hand's subsets) against
    ref.legal_follows_to_format (every subset) on 400 small random positions: leads of one
    unit or two, hands of up to 9 cards, mostly of the led class."""
    from itertools import combinations
    rng = random.Random(7)
    compared = shaped = 0
    while compared < 400:
        name = rng.choice(sorted(RULES))
        rules = RULES[name]
        pos = ref.positions(rules, rng.choice(["S", "H", None]), rng.choice(ref.RANKS))
        deck = ref.deck(rules)
        cls = rng.choice(sorted({k for k, _ in pos.values()}))
        same = Counter(c for c in deck if pos[c][0] == cls)
        lead: list[str] = []
        for _ in range(rng.choice([1, 2])):
            width, length = rng.choice(ref.unit_shapes(rules)[:4])
            found = ref.instances(same - Counter(lead), width, length, pos)
            lead += list(rng.choice(found)) if found else []
        if not lead or len(lead) > 6:
            continue
        rest = list((Counter(deck) - Counter(lead)).elements())
        rng.shuffle(rest)
        in_class = sorted([c for c in rest if pos[c][0] == cls], key=lambda c: pos[c][1])
        start = rng.randrange(max(1, len(in_class) - 8))
        hand = in_class[start:start + rng.randint(len(lead), 8)] + rest[:rng.randint(0, 2)]
        if len(hand) < len(lead):
            continue
        every = ref.legal_follows_to_format(lead, hand, rules, pos)
        plays = {tuple(sorted(x)) for x in combinations(hand, len(lead))}
        for play in plays:
            assert ref.is_legal_follow(lead, hand, play, rules, pos) == (play in every), \
                (name, lead, hand, play)
        compared += 1
        shaped += any(p not in every and all(pos[c][0] == cls for c in p) for p in plays)
    assert shaped > 100  # positions where the shape of the lead rules some class plays out


@pytest.mark.parametrize(("others", "played"), [
    (["HJ C3", "D3", "C4"], ["H9"]),
    (["HQ HQ", "D3", "C4"], ["H4", "H4"]),
    (["H5 H5 C3", "D3", "C4"], ["H4", "H4"]),
    (["H7 H6 H2", "SA SA", "C4"], ["H9", "H8", "H8", "H4", "H4"]),
])
def test_the_reference_throw_test_plays_the_seed_s_98844(others: list[str],
                                                         played: list[str]) -> None:
    """Trump S, level 10: 98844 in hearts, another hand holding the J plays the 9; QQ or 55
    the 44; none of them all of it (rules-digest §4)."""
    pos = ref.positions(ref.TRACTOR, "S", "10")
    throw = "H9 H8 H8 H4 H4".split()
    assert ref.throw_outcomes(throw, [h.split() for h in others], ref.TRACTOR, pos) == {
        tuple(sorted(played))}
