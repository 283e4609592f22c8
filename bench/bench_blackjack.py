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
      decisions per second, how many fell back from the exact reckoning, peak memory.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)
from cardrules.banking_game import BankingGame  # noqa: E402
from cardrules.runtime.banking import BankAction, SeatView  # noqa: E402
from cardrules.runtime.banking_bots import Expectation  # noqa: E402


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


def expect_mean(game: BankingGame, rounds: int, seed: int) -> dict[str, float]:
    """The expect bot (seat 1, against the house): its mean result per round in bets (its
    first bet; doubles and splits count in it) with the 95% interval (normal approximation);
    decisions, their rate, and how many fell back from the exact reckoning (budget)."""
    bot = Expectation(game.module)
    decisions = fallbacks = 0

    def counted(view: SeatView, legal: Sequence[BankAction],
                rng: random.Random) -> BankAction:
        nonlocal decisions, fallbacks
        move = bot(view, legal, rng)
        if legal[0].act >= 0:
            decisions += 1
            fallbacks += bot.last_mode != 0
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
            "decisions": decisions, "fallbacks": fallbacks, "rss_mb": rss}


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
        e = expect_mean(game, args.rounds, args.seed)
        m, half = e["mean"], e["half"]
        print(f"expect bot on blackjack_casino: mean {m:+.4f} bets per round, 95% interval "
              f"[{m - half:+.4f}, {m + half:+.4f}] ({e['rounds']:.0f} rounds, "
              f"{e['seconds']:.0f} s, {e['rounds'] / e['seconds']:.1f} rounds/s)")
        print(f"  {e['decisions']:.0f} decisions, {e['decisions'] / e['seconds']:.1f} per "
              f"second (the bot's caches warm up over the first rounds); "
              f"{e['fallbacks']:.0f} past the exact budget; peak memory "
              f"{e['rss_mb']:.0f} MB")


if __name__ == "__main__":
    main()
