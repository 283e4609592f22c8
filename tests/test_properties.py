"""Invariants over many random games and card sets (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.runtime.protocol import beats

GAME = cardrules.load("big_two")
DECK = GAME.module.DECK


def play_random_game(seed: int, kinds: list[str]) -> tuple[list[tuple[int, str]],
                                                            tuple[int, ...]]:
    t = GAME.new_table(seed=seed, seats=kinds)
    start = [t.hand(s) for s in range(4)]
    assert sorted(c for h in start for c in h) == sorted(DECK)  # a full deal, no duplicates
    played: list[int] = []
    history: list[tuple[int, str]] = []
    while not t.over:
        legal = {str(m) for m in t.legal_actions()}
        move = t.bot_move()
        assert str(move) in legal  # every applied move was legal
        seat = t.seat
        t.apply(move)
        played.extend(move.cards)
        history.append((seat, str(move)))
        # no card created or lost: hands plus what was played is the whole deck
        assert sorted(played + [c for s in range(4) for c in t.hand(s)]) == sorted(DECK)
    res = t.result()
    assert sum(res.scores) == 0  # pairwise differences sum to zero
    assert len(res.places) == 1 and res.cards_left[res.places[0]] == 0
    return history, res.scores


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), kinds=st.lists(st.sampled_from(["random", "greedy"]),
                                                  min_size=4, max_size=4))
def test_random_games_keep_every_invariant(seed: int, kinds: list[str]) -> None:
    first = play_random_game(seed, kinds)
    assert play_random_game(seed, kinds) == first  # same seed, same game


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=5, unique=True),
       st.randoms(use_true_random=False))
def test_classification_ignores_card_order(cards: list[int], rnd: random.Random) -> None:
    a = GAME.classify(cards)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    b = GAME.classify(shuffled)
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        assert (a.name, a.key) == (b.name, b.key)
        assert sorted(a.cards) == sorted(cards)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=13, max_size=13, unique=True))
def test_every_generated_play_classifies_as_itself(hand: list[int]) -> None:
    plays = GAME.module.plays(hand)
    assert len({p.cards for p in plays}) == len(plays)  # no play listed twice
    for p in plays:
        again = GAME.module.classify(p.cards)
        assert again == p
        assert set(p.cards) <= set(hand)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=13, max_size=13, unique=True),
       st.integers(0, 10**6))
def test_follows_are_exactly_the_plays_that_beat(hand: list[int], pick: int) -> None:
    plays = GAME.module.plays(hand)
    current = plays[pick % len(plays)]
    others = [c for c in DECK if c not in hand][:13]
    follows = {p.cards for p in GAME.module.follows(others, current)}
    expected = {p.cards for p in GAME.module.plays(others) if beats(p, current)}
    assert follows == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
       st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True))
def test_beats_is_antisymmetric(a: list[int], b: list[int]) -> None:
    ca, cb = GAME.classify(a), GAME.classify(b)
    if ca is not None and cb is not None:
        assert not (beats(ca.play, cb.play) and beats(cb.play, ca.play))


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=12))
def test_any_card_text_parses_or_says_why(text: str) -> None:
    try:
        cards = GAME.parse_cards(text)
    except cardrules.CardError as err:
        assert str(err)
    else:
        assert all(c in DECK for c in cards)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12), st.integers(0, 50))
def test_any_typed_move_is_applied_or_refused_cleanly(text: str, seed: int) -> None:
    t = GAME.new_table(seed=seed)
    before = [t.hand(s) for s in range(4)]
    try:
        t.apply(text)
    except cardrules.IllegalMove as err:
        assert str(err)
        assert [t.hand(s) for s in range(4)] == before  # a refused move changes nothing
