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
  (b) the ``expect`` bot's mean result per hand on the casino game, in bets, with its 95%
      interval (normal approximation), over ``--rounds`` rounds.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)
from cardrules.banking_game import BankingGame  # noqa: E402


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


def expect_mean(game: BankingGame, rounds: int, seed: int) -> tuple[float, float, int, float]:
    """(mean result per hand in bets, 95% half-width, hands, seconds)."""
    start = time.perf_counter()
    results: list[float] = []
    for i in range(rounds):
        t = game.new_table(seed=f"expect:{seed}:{i}", seats=["threshold", "expect"])
        t.play_out()
        for h in t.result().hands:
            results.append(h.payout / t.result().bets[h.seat])
    n = len(results)
    mean = sum(results) / n
    var = sum((x - mean) ** 2 for x in results) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n), n, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--rounds", type=int, default=2000, help="rounds for the expect bot")
    ap.add_argument("--seed", type=int, default=1)
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
    if args.rounds:
        m, half, hands, secs = expect_mean(game, args.rounds, args.seed)
        print(f"expect bot on blackjack_casino: mean {m:+.4f} bets per hand, 95% interval "
              f"[{m - half:+.4f}, {m + half:+.4f}] ({hands} hands, {args.rounds} rounds, "
              f"{secs:.0f} s)")


if __name__ == "__main__":
    main()
