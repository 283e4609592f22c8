"""The ISMCTS search bot (cardrules/search): it reads nothing but its seat's view, plays
legal moves to the end of a round of every built-in game, is fixed by its seed, and its
options are checked with a sentence."""

from __future__ import annotations

import copy
import dataclasses
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardrules.cli import main
from cardrules.compiler.paths import builtin_games
from cardrules.game import load
from cardrules.search import Budget, parse_budget
from cardrules.search.worlds import find_worlds

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.stem for p in builtin_games())
PLAIN = {"climbing": "greedy", "tricks": "greedy", "banking": "threshold"}


def _table(name: str, seed: int, seats: list[str] | None = None) -> Any:
    game = load(name)
    kinds = seats or [PLAIN[game.family]] * game.players
    return game, game.new_table(seed=seed, seats=kinds)


def _hidden(table: Any, seat: int) -> Any:
    """What ``seat`` may not see: the others' cards (and a banking table's stock)."""
    if hasattr(table, "stock"):
        return [[list(h.cards) for h in hs] for s, hs in enumerate(table.hands) if s != seat], \
            sorted(table.stock)
    return [sorted(table.hand(s)) for s in range(table.n) if s != seat]


def _same_view(a: Any, b: Any) -> bool:
    """Equal views; a hand (and a dealer's kitty) as the same cards: cards of equal
    strength may come in another order."""
    fa, fb = (x._asdict() if hasattr(x, "_asdict") else
              {f.name: getattr(x, f.name) for f in dataclasses.fields(x)} for x in (a, b))
    for k in ("hand", "kitty"):
        if k in fa:
            fa[k], fb[k] = Counter(fa[k]), Counter(fb[k])
    return fa == fb


@pytest.mark.parametrize("name", GAMES)
def test_the_bot_reads_only_its_view(name: str) -> None:
    """Other worlds consistent with a seat's view (other seats' cards differ) give the bot the
    same view and the same legal moves, and it makes the same move with the same seed."""
    game, table = _table(name, seed=5)
    steps = 0
    checked = 0
    while not table.over and checked < 2:
        seat, legal = table.seat, table.legal_actions()
        if len(legal) > 1 and steps % 7 == 3:
            view = table.view(seat)
            bot = game.bots(["ismcts:8"] * game.players)[seat]
            worlds = bot.make_worlds()
            worlds.prepare(view)
            samples, _ = find_worlds(worlds, random.Random(checked), wanted=3, tries=400)
            others = [table for _, table in samples]
            differ = [w for w in others if _hidden(w, seat) != _hidden(table, seat)]
            assert differ, f"{name}: no other world found for seat {seat}"
            want = bot(view, legal, random.Random(99))
            for world in differ:
                seen = world.view(seat)
                assert _same_view(seen, view)
                assert list(world.legal_actions()) == list(legal)
                again = game.bots(["ismcts:8"] * game.players)[seat]
                assert again(seen, world.legal_actions(), random.Random(99)) == want
            checked += 1
        table.apply(table.bot_move())
        steps += 1
    assert checked, f"{name}: no decision with a choice was checked"


SLOW = {"shuang_kou", "tractor", "tractor_2_trump", "titanic"}  # a round takes 15-50 s


@pytest.mark.parametrize("name", [pytest.param(g, marks=pytest.mark.slow) if g in SLOW else g
                                  for g in GAMES])
def test_plays_legal_moves_to_the_end(name: str) -> None:
    """Two search seats (legal moves are all a table accepts: apply raises otherwise). The
    games whose round is long run with ``-m slow``; every game plays search moves in
    test_the_bot_reads_only_its_view."""
    game = load(name)
    plain = PLAIN[game.family]
    seats = ["ismcts:3", "ismcts:0.2s" if game.family == "banking" else plain, "ismcts:3",
             plain, plain, plain][:game.players]
    table = game.new_table(seed=11, seats=seats)
    moves = 0
    while not table.over:
        legal = table.legal_actions()
        move = table.bot_move()
        assert move in legal
        table.apply(move)
        moves += 1
    assert moves > 0 and len(table.result().scores) == game.players
    bots = [b for b, k in zip(table.bot_fns, seats, strict=True) if k.startswith("ismcts")]
    assert sum(b.stats.decisions for b in bots) > 0  # a banker seat plays by the rules
    assert all(b.stats.failures == 0 for b in bots)


@pytest.mark.parametrize("name", ["big_two", "doudizhu", "shengji", "blackjack"])
def test_same_seed_same_game(name: str) -> None:
    def history() -> list[str]:
        game = load(name)
        plain = PLAIN[game.family]
        table = game.new_table(seed=3, seats=["ismcts:6"] + [plain] * (game.players - 1))
        out = []
        while not table.over:
            move = table.bot_move()
            out.append(f"{table.seat}:{move}")
            table.apply(move)
        return out

    assert history() == history()


def test_budgets() -> None:
    assert parse_budget("ismcts") == Budget(iterations=200)
    assert parse_budget("ismcts:500") == Budget(iterations=500)
    assert parse_budget("ismcts:0.5s") == Budget(seconds=0.5)
    for bad in ("ismcts:abc", "ismcts:0", "ismcts:-3", "ismcts:", "ismcts:nans", "ismcts:1e9",
                "ismcts:0s"):
        with pytest.raises(ValueError, match="budget|give a budget"):
            parse_budget(bad)


def test_every_family_lists_the_search_bot() -> None:
    for name in ("big_two", "tractor", "blackjack"):
        game = load(name)
        assert "ismcts" in game.bot_names()
        game.check_seat_kind("ismcts:50")
        with pytest.raises(ValueError, match="unknown seat kind 'mcts'.*ismcts"):
            game.check_seat_kind("mcts")
        with pytest.raises(ValueError, match="'abc' is not a number of iterations"):
            game.check_seat_kind("ismcts:abc")
    assert "threshold" in load("blackjack").bot_names()
    assert "greedy" in load("tractor").bot_names()


@pytest.mark.parametrize("game, seats", [("big_two", "ismcts:abc,greedy,random,random"),
                                         ("tractor", "ismcts:abc,greedy,greedy,greedy"),
                                         ("blackjack", "ismcts:abc,threshold")])
def test_a_bad_option_is_a_clear_error(game: str, seats: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["play"], ["simulate", "-n", "2"]):
        assert main([*command, game, "--seats", seats]) != 0
        err = capsys.readouterr().err
        assert "ismcts:abc" in err and "'abc' is not a number of iterations" in err
        assert "Traceback" not in err


def test_cli_simulates_with_the_search_bot() -> None:
    done = subprocess.run([sys.executable, "-m", "cardrules.cli", "simulate", "big_two", "-n",
                           "2", "--seats", "ismcts:5,greedy,random,random"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "ismcts:5" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "cardrules.cli", "play", "big_two",
                          "--seats", "ismcts:abc,greedy,random,random"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr
    assert "not a number of iterations" in bad.stderr


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_plays_as_a_deep_copy(name: str) -> None:
    """search/clone.py's copy of a world's table plays on exactly as a deep copy does (the
    same legal moves, views and result), shares nothing the play changes with the table it
    was copied from, and, given a seed, draws its chance events afresh."""
    from cardrules.search.clone import clone

    game, table = _table(name, seed=7)
    for _ in range(9):
        if table.over:
            break
        table.apply(table.bot_move())
    if table.over:
        table = _table(name, seed=8)[1]
    view = table.view(table.seat)
    bot = game.bots(["ismcts:8"] * game.players)[table.seat]
    worlds = bot.make_worlds()
    worlds.prepare(view)
    (_, world), = find_worlds(worlds, random.Random(1), wanted=1, tries=400)[0]
    before = (world.view(world.seat), _hidden(world, world.seat), world.seat)
    frozen: dict[int, Any] = {}
    for round_ in range(2):  # the second copy reuses the frozen tuples the first found
        copied = clone(world, frozen=frozen)
        shared = {id(v): v for v in vars(world).values() if isinstance(v, type(random))}
        deep = copy.deepcopy(world, shared)
        rng = random.Random(round_)
        steps = 0
        while not deep.over:
            legal = deep.legal_actions()
            assert copied.legal_actions() == legal
            assert copied.seat == deep.seat and copied.view(copied.seat) == deep.view(deep.seat)
            move = legal[rng.randrange(len(legal))]
            deep.apply(move)
            copied.apply(move)
            steps += 1
        assert copied.over and steps > 0
        assert copied.result().scores == deep.result().scores
        assert (world.view(world.seat), _hidden(world, world.seat), world.seat) == before
    assert frozen or game.family == "banking"
    if game.family == "banking":  # the stock's next cards: the same state, or a fresh one
        assert clone(world).rng.getstate() == world.rng.getstate()
        fresh = {clone(world, seed=s).rng.random() for s in range(4)}
        assert len(fresh) == 4


def test_the_move_leaves_the_plain_bots_only_for_a_clearly_better_one() -> None:
    from cardrules.search.ismcts import _choose, _Node

    def node(scores: list[float]) -> _Node:
        n = _Node(0)
        n.visits, n.total, n.squares = len(scores), sum(scores), sum(s * s for s in scores)
        return n

    plain = node([0.0, 1.0] * 50)  # mean 0.5, steady
    lucky = node([20.0, -16.0, 20.0])  # mean 8, from three wild tries
    sure = node([1.0, 2.0] * 50)  # mean 1.5, steady
    assert _choose([("plain", plain), ("lucky", lucky)], "plain", 0.0) == "plain"
    assert _choose([("plain", plain), ("sure", sure)], "plain", 2.0) == "sure"
    close = node([0.2, 1.5] * 5)  # mean 0.85, ten tries: ahead, but not by two errors
    assert _choose([("plain", plain), ("close", close)], "plain", 0.0) == "close"
    assert _choose([("plain", plain), ("close", close)], "plain", 2.0) == "plain"


@pytest.mark.parametrize("name", ["blackjack", "blackjack_casino"])
def test_a_banking_world_draws_a_fresh_future(name: str) -> None:
    """After the decision a banking world draws from its stock by its own generator: copies
    seeded differently deal different cards next (the sample's shuffle gave every copy the
    same future), and a copy never deals a card the seat has seen."""
    from cardrules.search.clone import clone

    game, table = _table(name, seed=4)
    while table.seat == game.module.BANKER or table.phase == "bet":
        table.apply(table.bot_move())
    seat, view = table.seat, table.view(table.seat)
    seen = {c for hands in view.hands for cards in hands for c in cards if c >= 0}
    bot = game.bots(["ismcts:8"] * game.players)[seat]
    worlds = bot.make_worlds()
    worlds.prepare(view)
    (_, world), = find_worlds(worlds, random.Random(1), wanted=1, tries=400)[0]
    draw = next(a for a in world.legal_actions() if a.name == "hit")
    dealt = set()
    for s in range(12):
        copied = clone(world, seed=s)
        copied.apply(draw)
        card = copied.hands[seat][0].cards[-1]  # its one hand, a card longer
        assert card not in seen
        dealt.add(card)
    assert len(dealt) > 3


def test_a_flat_search_asks_its_own_margin_of_some_moves() -> None:
    """_paired: a move gains over the plain bot's on the same copies; it replaces it only if
    the gain is above the move's margin in standard errors of the gain; of those that are,
    the largest gain."""
    from cardrules.search.ismcts import _paired

    paired = {"plain": [0.0] * 100,
              "raise": [1.5, -0.8] * 50,  # mean 0.35, standard error 0.1156: 3.03 errors
              "play": [1.0, -0.4] * 50}  # mean 0.3, standard error 0.0704: 4.26 errors
    assert _paired(paired, "plain", lambda k: 2.0) == "raise"
    assert _paired(paired, "plain", lambda k: 4.0 if k == "raise" else 2.0) == "play"
    assert _paired(paired, "plain", lambda k: 4.5 if k == "play" else 2.0) == "raise"
    assert _paired(paired, "plain", lambda k: 4.5 if k == "play" else 3.1) == "plain"


def test_a_banking_bet_needs_four_standard_errors() -> None:
    """blackjack_casino, whose smallest bet loses on average: on this deal (bench seed 49)
    the search bet the most (20) with the search's margin of 2 standard errors for a bet
    too; with banking.BET_MARGIN (4) it bets the plain bot's smallest. Its plays keep the
    margin of 2."""
    from cardrules.runtime.banking.table import BankAction
    from cardrules.search.banking import BET_MARGIN, bet_margin

    assert BET_MARGIN == 4.0
    assert bet_margin(BankAction(-1, "bet", 20)) == 4.0
    assert bet_margin(BankAction(0, "hit")) is None
    game, table = _table("blackjack_casino", seed="bench:49",  # type: ignore[arg-type]
                         seats=["threshold", "ismcts:1000"])
    while table.seat != 1:
        table.apply(table.bot_move())
    view, legal = table.view(1), table.bot_actions()
    assert legal[0].act < 0 and len(legal) == 10
    bot = table.bot_fns[1]
    state = table.bot_rng.getstate()  # as the table would hand it to the bot
    bets = []
    for margin_of in (bet_margin, None):
        bot.margin_of = margin_of
        rng = random.Random()
        rng.setstate(state)
        bets.append(bot(view, legal, rng).amount)
    assert bets[0] == 2
    assert bets[1] > 2
