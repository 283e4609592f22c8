"""Both 21点 games played by bots at tables of 2 to 6 seats keep every invariant: no card
created or lost, the table's results sum to zero, every applied move was legal, the same seed
plays the same round, and no view shows another seat's face-down card before the showdown."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cardrules
from cardrules.families.banking.game import BankingGame, BankingGameTable

GAMES = ["blackjack", "blackjack_casino"]


def load(name: str) -> BankingGame:
    g = cardrules.load(name)
    assert isinstance(g, BankingGame)
    return g


def cards_on_table(t: BankingGameTable) -> Counter[int]:
    return Counter(c for hands in t.hands for h in hands for c in h.cards)


def check_views(t: BankingGameTable) -> None:
    for seat in range(t.n):
        v = t.view(seat)
        for s, hands in enumerate(t.hands):
            for h, shown in zip(hands, v.hands[s], strict=True):
                if s == seat or t.over:
                    assert shown == tuple(h.cards)
                else:
                    assert shown[:h.hidden] == (-1,) * h.hidden
                    assert shown[h.hidden:] == tuple(h.cards[h.hidden:])


def play_round(game: BankingGame, seed: int) -> tuple[object, ...]:
    rng = random.Random(seed)
    n = rng.randint(game.players, game.players_max)
    kinds = [rng.choice(["random", "threshold", "threshold13"]) for _ in range(n)]
    t = game.new_table(seed=seed, seats=kinds)
    deck = Counter(c for c in game.module.DECK for _ in range(game.module.COPIES))
    while not t.over:
        legal = t.legal_actions()
        mv = t.bot_move()
        assert mv in legal  # every applied move was legal
        t.apply(mv)
        assert cards_on_table(t) + Counter(t.stock) == deck  # no card created or lost
        check_views(t)
    res = t.result()
    assert sum(res.scores) == 0  # the banker pays or takes every player's result
    for s in range(n):
        if s != game.module.BANKER:
            assert res.scores[s] == sum(h.payout for h in res.hands if h.seat == s)
            assert res.bets[s] in game.module.BETS
    return (tuple(kinds), tuple((s, str(a)) for s, a in t.history), res)


@pytest.mark.parametrize("name", GAMES)
def test_bots_keep_every_invariant(name: str) -> None:
    game = load(name)
    for seed in range(300):
        first = play_round(game, seed)
        assert play_round(game, seed) == first  # same seed, same round


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_bots_keep_every_invariant_long(name: str) -> None:
    game = load(name)
    for seed in range(20_000):
        play_round(game, seed)


def test_different_seeds_deal_differently() -> None:
    game = load("blackjack")
    deals = {tuple(game.new_table(seed=s).stock) for s in range(20)}
    assert len(deals) == 1  # the stock is the deck until cards are drawn ...
    dealt = set()
    for s in range(20):
        t = game.new_table(seed=s, seats=["threshold", "threshold"])
        t.play_out()
        dealt.add(t.result().banker.cards)
    assert len(dealt) > 15  # ... drawn at random, seed by seed
