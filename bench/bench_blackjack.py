"""Benchmark: the compiled ``blackjack_casino`` game against Gymnasium's ``Blackjack-v1``.

Usage: ``python bench/bench_blackjack.py [--seconds S] [--rounds N] [--seed N]``
(Gymnasium is the optional extra ``bench``: ``pip install -e '.[bench]'``.)

Measures, in one run:
  (a) rounds per second with one fixed policy (the smallest bet; hit below 17, else stand),
      for the compiled casino game through its public table API (two seats: the house and
      one player) and for ``Blackjack-v1`` through ``reset``/``step``; and their ratio.
      The two games are not the same: Blackjack-v1 draws from an infinite deck and offers
      only hit and stand; the compiled game deals one deck, and computes the legal actions
      (double, split) and the house's early natural at every step.
  (b) the ``expect`` bot's mean result per round on the casino game, in bets (its first
      bet), with its 95% interval (normal approximation), over ``--rounds`` rounds; its
      decisions per second, how many used which reckoning (``last_mode``), the splits it
      made, the slowest decision, peak memory.
      ``cardrules simulate blackjack_casino --seats threshold,expect -n 20000 --workers 2``
      gives the same figure (per round, in chips: the bet is 2 chips) in parallel.
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)
from cardrules.families.banking.game import BankingGame  # noqa: E402
from cardrules.runtime.banking.bots import Expectation  # noqa: E402
from cardrules.runtime.banking.table import BankAction, SeatView, Table  # noqa: E402

MODES = {0: "exact, the seat's best", 1: "exact, the stated continuation",
         2: "split hands each on its own", 3: "approximate", 4: "stopped"}


def compiled_rounds(game: BankingGame, seconds: float, seed: int) -> tuple[int, float, float]:
    """(rounds, seconds, mean result per round in bets) with the fixed policy."""
    m = game.module
    bet = m.BETS[0]
    hit, stand = m.ACTIONS.index("hit"), m.ACTIONS.index("stand")
    n = 0
    won = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(200):
            t = game.new_table(seed=seed + n, players=2)
            t.apply(f"bet {bet}")
            while not t.over:
                h = t.current()
                assert h is not None
                want = hit if h.total < 17 else stand
                legal = t.legal_actions()
                t.apply(next(a for a in legal if a.act == want) if any(
                    a.act == want for a in legal) else legal[0])
            won += t.result().scores[1]
            n += 1
    elapsed = time.perf_counter() - start
    return n, elapsed, won / n / bet


def gym_rounds(seconds: float, seed: int) -> tuple[int, float, float] | None:
    try:
        import gymnasium
    except ImportError:
        return None
    env = gymnasium.make("Blackjack-v1", natural=True, sab=False)
    n = 0
    won = 0.0
    env.reset(seed=seed)
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(200):
            obs, _ = env.reset()
            done = False
            reward = 0.0
            while not done:
                action = 1 if obs[0] < 17 else 0
                obs, r, terminated, truncated, _ = env.step(action)
                reward = float(r)
                done = terminated or truncated
            won += reward
            n += 1
    elapsed = time.perf_counter() - start
    return n, elapsed, won / n


def expect_mean(game: BankingGame, rounds: int, seed: int) -> dict[str, Any]:
    """The expect bot (seat 1, against the house): its mean result per round in bets (its
    first bet; doubles and splits count in it) with the 95% interval (normal approximation);
    decisions, their rate, and how many fell back from the exact reckoning (budget)."""
    bot = Expectation(game.module)
    modes: dict[int, int] = {}
    splits = 0
    slowest = 0.0

    def counted(view: SeatView, legal: Sequence[BankAction],
                rng: random.Random) -> BankAction:
        nonlocal splits, slowest
        start = time.process_time()
        move = bot(view, legal, rng)
        slowest = max(slowest, time.process_time() - start)
        if legal[0].act >= 0:
            modes[bot.last_mode] = modes.get(bot.last_mode, 0) + 1
            splits += game.module.ACTION_SPLIT[move.act]
        return move

    game._bots["expect"] = counted
    start = time.perf_counter()
    results: list[float] = []
    for i in range(rounds):
        t = game.new_table(seed=f"expect:{seed}:{i}", seats=["threshold", "expect"])
        t.play_out()
        r = t.result()
        results.append(r.scores[1] / r.bets[1])
    secs = time.perf_counter() - start
    n = len(results)
    mean = sum(results) / n
    var = sum((x - mean) ** 2 for x in results) / (n - 1)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"mean": mean, "half": 1.96 * math.sqrt(var / n), "rounds": n, "seconds": secs,
            "decisions": sum(modes.values()), "modes": modes, "splits": splits,
            "slowest": slowest, "rss_mb": rss}


def predicted_mean(game: BankingGame) -> tuple[float, float, int]:
    """The expect bot's own reckoning of its mean result per round, in bets: every deal of
    the player's two cards and the house's face-up card (by class, with its probability),
    the house's BlackJack settled at once, else the bot's value of its best first action.
    Exact, a split's hands playing by their own cards (last_mode 1, past JOINT_BUDGET;
    the bot at the table plays each split hand seeing more than that).
    (mean, seconds, deals reckoned)."""
    m = game.module
    bot = Expectation(m, budget=10**9, joint=0)
    bet = m.BETS[0]
    start = time.perf_counter()
    reps: dict[int, list[int]] = {}
    for c in m.DECK:
        for _ in range(m.COPIES):
            reps.setdefault(bot.class_of[c], []).append(c)
    classes = sorted(reps)
    n = sum(len(v) for v in reps.values())
    total = 0.0
    deals = 0

    def table(cards: list[int], hole: int, up: int, unseen: list[int]) -> Table:
        t = game.new_table(seats=["threshold", "expect"],
                           stock=[*cards, hole, up, *[c for c in unseen if c != hole]])
        t.apply(f"bet {bet}")
        return t

    for i, a in enumerate(classes):
        for b in classes[i:]:
            if a == b and len(reps[a]) < 2:
                continue
            cards = [reps[a][0], reps[b][1 if a == b else 0]]
            weight = len(reps[a]) / n * (len(reps[b]) - (a == b)) / (n - 1) * (
                1 if a == b else 2)
            for u in classes:
                ups = [c for c in reps[u] if c not in cards]
                if not ups:
                    continue
                up = ups[0]
                unseen = [c for k in classes for c in reps[k] if c not in cards and c != up]
                p_up = len(ups) / (n - 2)
                early = p_early = 0.0
                going = -1
                for k in classes:
                    holes = [c for c in reps[k] if c in unseen]
                    if not holes:
                        continue
                    t = table(cards, holes[0], up, unseen)
                    q = len(holes) / len(unseen)
                    if t.over and t.result().early:
                        p_early += q
                        early += q * t.result().scores[1]
                    else:
                        going = holes[0]
                if going < 0:
                    total += weight * p_up * early
                    continue
                t = table(cards, going, up, unseen)
                acts = [x.act for x in t.legal_actions()] if not t.over and t.seat == 1 \
                    else [bot.stop]  # a hand that stands by itself at the deal
                values = bot.values(1, cards, [-1, up], unseen, acts, bet=bet)
                total += weight * p_up * (early + (1 - p_early) * max(values.values()))
                deals += 1
    return total / bet, time.perf_counter() - start, deals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--rounds", type=int, default=2000, help="rounds for the expect bot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--predict", action="store_true",
                    help="also the bot's own reckoning of its mean (every deal; minutes)")
    args = ap.parse_args()
    game = cardrules.load("blackjack_casino")
    assert isinstance(game, BankingGame)

    n, s, mean = compiled_rounds(game, args.seconds, args.seed)
    ours = n / s
    print(f"compiled blackjack_casino: {n} rounds in {s:.2f} s = {ours:,.0f} rounds/s "
          f"(fixed policy, mean {mean:+.4f} bets/round)")
    gym = gym_rounds(args.seconds, args.seed)
    if gym is None:
        print("gymnasium Blackjack-v1: not installed (pip install -e '.[bench]'); no ratio")
    else:
        gn, gs, gmean = gym
        theirs = gn / gs
        print(f"gymnasium Blackjack-v1:    {gn} rounds in {gs:.2f} s = {theirs:,.0f} rounds/s "
              f"(same policy, mean {gmean:+.4f})")
        print(f"ratio compiled / gymnasium: {ours / theirs:.2f}")
    if args.predict:
        mean, secs, deals = predicted_mean(game)
        print(f"expect bot on blackjack_casino, its own reckoning over {deals} deals: mean "
              f"{mean:+.5f} bets per round ({secs:.0f} s; splits exact with their hands "
              "playing by their own cards)")
    if args.rounds:
        e = expect_mean(game, args.rounds, args.seed)
        m, half = e["mean"], e["half"]
        print(f"expect bot on blackjack_casino: mean {m:+.4f} bets per round, 95% interval "
              f"[{m - half:+.4f}, {m + half:+.4f}] ({e['rounds']:.0f} rounds, "
              f"{e['seconds']:.0f} s, {e['rounds'] / e['seconds']:.1f} rounds/s)")
        modes = ", ".join(f"{k} ({MODES[k]}): {v}" for k, v in sorted(e["modes"].items()))
        print(f"  {e['decisions']:.0f} decisions, {e['decisions'] / e['seconds']:.1f} per "
              f"second (the bot's caches warm up over the first rounds); by last_mode: "
              f"{modes}; {e['splits']} splits made; the slowest decision "
              f"{e['slowest']:.2f} s of CPU; peak memory {e['rss_mb']:.0f} MB")


if __name__ == "__main__":
    main()
