"""Every built-in game played by bots, round after round, keeps every invariant.

The normal run plays a few hundred rounds of each game; `pytest -m slow` plays 10,000.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cardrules
from cardrules.compiler import builtin_games, compile_path
from cardrules.runtime.protocol import Play

# The climbing games; the tricks family's round driver is not built yet (tests/test_tricks*).
GAMES = [p.stem for p in builtin_games() if compile_path(p).family == "climbing"]


def play_round(game: cardrules.Game, seed: int, first_round: bool) -> tuple[object, ...]:
    rng = random.Random(seed)
    kinds = [rng.choice(["random", "greedy"]) for _ in range(game.players)]
    leader = rng.randrange(game.players) if not first_round else None
    t = game.new_table(seed=seed, seats=kinds, first_round=first_round, leader=leader)
    dealt = Counter(c for s in range(game.players) for c in t.hand(s))
    deck = Counter(c for c in game.module.DECK for _ in range(game.module.COPIES))
    assert not dealt - deck  # nothing dealt that the deck lacks
    played: Counter[int] = Counter()
    moves = []
    while not t.over:
        if t.bidding:  # an auction: bids, then the winner takes the rest (or a new deal)
            bid = t.bot_move()
            assert bid in t.legal_actions()
            deals = t.deals
            t.apply(bid)
            moves.append(str(bid))
            held = Counter(c for s in range(game.players) for c in t.hand(s))
            if t.deals > deals or t.no_game:
                dealt = held
            elif not t.bidding:
                assert held == dealt + Counter(t.given)  # the leader took the rest
                assert not held - deck
                dealt = held
            continue
        legal = {m.cards for m in t.legal_actions() if isinstance(m, Play)}
        mv = t.bot_move()
        assert isinstance(mv, Play)
        assert mv.cards in legal  # every applied move was legal
        t.apply(mv)
        played.update(mv.cards)
        moves.append(str(mv))
        held = Counter(c for s in range(game.players) for c in t.hand(s))
        assert held + played == dealt  # no card created or lost
    res = t.result()
    assert sum(res.scores) == 0  # every payout is paid by someone
    if t.no_game:
        return tuple(moves), res.scores, res.places
    assert len(set(res.places)) == len(res.places)
    assert all(res.cards_left[s] == 0 for s in res.places[: len(res.places) - 1])
    return tuple(moves), res.scores, res.places


def soak(name: str, rounds: int) -> None:
    game = cardrules.load(name)
    for i in range(rounds):
        first = play_round(game, i, first_round=i % 3 == 0)
        if i % 50 == 0:
            assert play_round(game, i, first_round=i % 3 == 0) == first  # same seed, same


@pytest.mark.parametrize("name", GAMES)
def test_bots_keep_every_invariant(name: str) -> None:
    soak(name, 300)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_bots_keep_every_invariant_10000_rounds(name: str) -> None:
    soak(name, 10_000)


@pytest.mark.parametrize("name", GAMES)
def test_matches_replay_identically(name: str) -> None:
    game = cardrules.load(name)
    for seed in range(3):
        a = game.play_match(seed=seed, seats=["random"] * game.players)
        b = game.play_match(seed=seed, seats=["random"] * game.players)
        assert a == b
        assert sum(a.scores) == 0
