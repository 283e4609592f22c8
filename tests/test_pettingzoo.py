"""cardrules.pettingzoo: PettingZoo's own api_test and seed_test on every built-in game, and
what they do not check: rewards are the round's scores, a seed gives the same episode, the
observation holds nothing of another seat's hidden cards, and the climbing family's
one-card-at-a-time actions build exactly the table's legal plays."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardrules.compiler import builtin_games  # noqa: E402
from cardrules.pettingzoo import CARDS, CardrulesEnv, _Climbing, env  # noqa: E402

GAMES = sorted(p.stem for p in builtin_games())


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    with warnings.catch_warnings():
        # the two warnings PettingZoo's own card games give too: the observation is a dict
        # of the array and the action mask
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        api_test(env(name), num_cycles=1000)
        seed_test(lambda: env(name), num_cycles=1000)


def play_episode(e: CardrulesEnv, seed: int, pick: int = 0
                 ) -> tuple[list[Any], dict[str, float], int]:
    """Random masked play to the end: every observation, the rewards summed, the steps."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed + pick)
    seen: list[Any] = []
    total = {a: 0.0 for a in e.possible_agents}
    steps = 0
    for agent in e.agent_iter(100_000):
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        seen.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes()))
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        e.step(int(rng.choice(legal)))
        steps += 1
    return seen, total, steps


@pytest.mark.parametrize("name", GAMES)
def test_rewards_are_the_round_scores_and_seeds_repeat(name: str) -> None:
    e = env(name)
    seen, total, steps = play_episode(e, 11)
    assert steps > 0 and not e.agents
    scores = e.table.result().scores
    assert [total[a] for a in e.possible_agents] == [float(s) for s in scores]
    again, total2, _ = play_episode(env(name), 11)
    assert again == seen and total2 == total
    other, _, _ = play_episode(env(name), 12)
    assert other != seen


def test_seed_then_reset_is_reset_with_the_seed() -> None:
    a, b = env("shengji"), env("shengji")
    a.seed(9)
    a.reset()
    b.reset(seed=9)
    assert a.table.hands == b.table.hands and a.table.stream == b.table.stream
    a.reset()
    b.reset()  # the next rounds of both generators are alike too
    assert a.table.stream == b.table.stream


def test_spaces_are_fixed_per_game() -> None:
    big_two, doudizhu, tractor, blackjack = (env(n) for n in ("big_two", "doudizhu",
                                                              "tractor", "blackjack"))
    assert big_two.action_space("player_0").n == CARDS + 2  # cards, play, pass
    assert doudizhu.action_space("player_0").n == CARDS + 2 + 3  # and the bids 1 2 3
    assert tractor.action_space("player_0").n > 2 * CARDS + 2  # card, bury, done, pass, bids
    m = blackjack.game.module
    assert blackjack.action_space("player_0").n == len(m.BETS) + len(m.ACTIONS)
    for e in (big_two, doudizhu, tractor, blackjack):
        space = e.observation_space("player_0")["observation"]
        for seed in (1, 2):
            e.reset(seed=seed)
            obs = e.observe(e.agent_selection)
            assert obs["observation"].shape == space.shape
            assert e.observation_space("player_1") is e.observation_space("player_1")


def _advance(e: CardrulesEnv, steps: int, seed: int) -> None:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        mask = e.observe(e.agent_selection)["action_mask"]
        if e.table.over:
            return
        e.step(int(rng.choice(np.flatnonzero(mask))))


def moved(t: Any) -> None:
    """Tell a climbing table its hands changed behind its back (it keeps what views show
    until cards move: runtime/climbing/table.py, Table.view)."""
    if hasattr(t, "_changes"):
        t._changes += 1


@pytest.mark.parametrize("name,steps", [("big_two", 9), ("doudizhu", 7), ("shuang_kou", 12),
                                        ("tractor", 60), ("titanic", 140)])
def test_hidden_cards_change_nothing_a_seat_sees(name: str, steps: int) -> None:
    e = env(name)
    _advance(e, steps, 5)
    t = e.table
    me = t.seat
    before = e.observe(e.agent_selection)
    a, b = [s for s in range(t.n) if s != me][:2]
    # swap one card between two other seats' hands: nothing this seat sees changes
    ca = next(c for c in t.hands[a] if c not in t.hands[b])
    cb = next(c for c in t.hands[b] if c not in t.hands[a])
    t.hands[a][t.hands[a].index(ca)] = cb
    t.hands[b][t.hands[b].index(cb)] = ca
    moved(t)
    after = e.observe(e.agent_selection)
    assert np.array_equal(before["observation"], after["observation"])
    # while its own hand shows
    t.hands[me][0], t.hands[a][0] = t.hands[a][0], t.hands[me][0]
    moved(t)
    if t.hands[me][0] != t.hands[a][0]:
        mine = e.observe(e.agent_selection)["observation"]
        assert not np.array_equal(before["observation"], mine)


def test_banking_face_down_cards_stay_hidden() -> None:
    e = env("blackjack")
    e.reset(seed=3)
    while e.table.phase == "bet":
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    t = e.table
    if t.over:
        pytest.skip("the round ended at the deal")
    banker = t.banker_hand()
    assert banker.hidden and e.agent_selection != f"player_{t.banker}"
    before = e.observe(e.agent_selection)["observation"]
    banker.cards[0] = next(c for c in t.m.DECK if c != banker.cards[0])
    assert np.array_equal(before, e.observe(e.agent_selection)["observation"])


def buildable(codec: _Climbing, t: Any) -> set[tuple[int, ...]]:
    """Every play the card actions can build, adding cards in code order."""
    built: set[tuple[int, ...]] = set()

    def walk(last: int) -> None:
        legal = codec.legal(t)
        if codec.PLAY in legal:
            built.add(tuple(sorted(codec.chosen)))
        for c in sorted(i for i in legal if last <= i < CARDS):
            saved = (list(codec.chosen), codec._cands)
            codec.apply(t, c, c)
            walk(c)
            codec.chosen, codec._cands = saved

    walk(0)
    return built


@pytest.mark.parametrize("name,seed", [("big_two", 1), ("doudizhu", 2), ("shuang_kou", 3),
                                       ("da_bei", 4)])
def test_card_by_card_builds_exactly_the_legal_plays(name: str, seed: int) -> None:
    e = env(name)
    e.reset(seed=seed)
    codec = e.codec
    assert isinstance(codec, _Climbing)
    for _ in range(12):  # a few positions: leads, follows, bids
        t = e.table
        if t.over:
            break
        if not t.bidding:
            built = buildable(codec, t)
            want = {tuple(sorted(k)) for k in t.legal_moves() if k}
            assert built == want
        mask = e.observe(e.agent_selection)["action_mask"]
        rng = np.random.default_rng(seed)
        while True:  # finish one move card by card
            mask = e.observe(e.agent_selection)["action_mask"]
            agent = e.agent_selection
            choice = int(rng.choice(np.flatnonzero(mask)))
            e.step(choice)
            if choice >= CARDS or e.agent_selection != agent or e.table.over:
                break


def test_an_illegal_action_is_refused() -> None:
    e = env("big_two")
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(bad)


def test_banking_table_size() -> None:
    e = env("blackjack", players=3)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    with pytest.raises(ValueError):
        env("big_two", players=3)
