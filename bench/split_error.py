"""The size of the expect bot's "independent hands" estimate of a split, against its exact
value (all the seat's hands sharing the cards), on ``blackjack_casino``.

Usage: ``python bench/split_error.py [--cards N] [--seconds S] [--steps K] [--full] [--grid]``

Random shoes of N unseen cards from one deck (a random pair, a random face-up card of the
house, seeded by N), for S seconds: the exact split value (past K steps a shoe is left out,
and counted), the estimate (``joint=0``: the split's hands valued each on its own), their
difference in bets, and how often the best action differs. ``--full``: a split of aces on a
full deck, against a 6 and a 10 (reckoned exactly in about 100,000 steps each).
``--grid``: every pair against every face-up card on a full deck, each decision by a new bot
(nothing reckoned yet: the worst case), in CPU seconds: the decision as the bot makes it (the
exact reckoning of the seat's best tried first, within JOINT_BUDGET, then the split with its
hands played by their own cards), and that split reckoning alone; and its value against the
estimate (the hands each on its own).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)
from cardrules.families.banking.game import BankingGame  # noqa: E402
from cardrules.runtime.banking.bots import Expectation  # noqa: E402


def best(values: dict[int, float]) -> int:
    return max(values, key=lambda a: (values[a], -a))


def shoes(game: BankingGame, n: int, seconds: float, steps: int) -> None:
    m = game.module
    rng = random.Random(n)
    split = m.ACTIONS.index("split")
    acts = list(range(len(m.ACTIONS)))
    diffs: list[float] = []
    flips = skipped = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        deck = list(m.DECK)
        rng.shuffle(deck)
        a = deck[0]
        b = next(c for c in deck[1:] if m.VALUE[c] == m.VALUE[a])
        rest = [c for c in deck if c not in (a, b)]
        up, unseen = rest[0], rest[1:1 + n]
        exact = Expectation(m, budget=steps, joint=steps)
        ex = exact.values(1, [a, b], [-1, up], unseen, acts, bet=2)
        if exact.last_mode != 0:
            skipped += 1
            continue
        alone = Expectation(m, budget=10**9, joint=0, own=False)
        est = alone.values(1, [a, b], [-1, up], unseen, acts, bet=2)
        diffs.append((ex[split] - est[split]) / 2)
        flips += best(ex) != best(est)
    if not diffs:
        print(f"{n} cards: no shoe reckoned in {seconds:.0f} s ({skipped} past {steps} steps)")
        return
    print(f"{n} cards: {len(diffs)} shoes ({skipped} past {steps:,} steps, left out); split "
          f"value, exact - estimate, in bets: mean {statistics.mean(diffs):+.4f}, mean |d| "
          f"{statistics.mean(map(abs, diffs)):.4f}, max |d| {max(map(abs, diffs)):.4f}; the "
          f"best action differs on {flips} ({flips / len(diffs):.1%})")


def full_aces(game: BankingGame) -> None:
    m = game.module
    split = m.ACTIONS.index("split")
    for up in ("D6", "D10"):
        cards, shown = list(game.parse_cards("SA HA")), list(game.parse_cards(up))
        unseen = [c for c in m.DECK if c not in cards + shown]
        exact = Expectation(m, budget=10**9, joint=10**9)
        start = time.process_time()
        ex = exact.values(1, cards, [-1, *shown], unseen, [split], bet=2)[split]
        secs = time.process_time() - start
        est = Expectation(m, budget=10**9, joint=0, own=False).values(
            1, cards, [-1, *shown], unseen, [split], bet=2)[split]
        print(f"SA HA against {up}, one deck: split exact {ex / 2:+.5f} bets, estimate "
              f"{est / 2:+.5f}, difference {(ex - est) / 2:+.5f} ({exact.steps:,} steps, "
              f"{secs:.1f} s)")


def grid(game: BankingGame) -> None:
    m = game.module
    split = m.ACTIONS.index("split")
    acts = [m.ACTIONS.index(a) for a in ("hit", "stand", "double", "split")]
    ranks = sorted({m.VALUE[c]: c for c in m.DECK}.items())  # one card per value
    whole: list[float] = []
    alone: list[float] = []
    modes: dict[int, int] = {}
    gaps: list[float] = []
    for _, a in ranks:
        b = next(c for c in m.DECK if m.VALUE[c] == m.VALUE[a] and c != a)
        for _, up in ranks:
            if up in (a, b):
                up = next(c for c in m.DECK if m.VALUE[c] == m.VALUE[up] and c not in (a, b))
            unseen = [c for c in m.DECK if c not in (a, b, up)]
            row = []
            for joint in (None, 0):
                bot = Expectation(m, joint=joint)
                start = time.process_time()
                got = bot.values(1, [a, b], [-1, up], unseen, acts, bet=2)
                secs = time.process_time() - start
                row.append((secs, bot.last_mode, got[split]))
            (w, mode, value), (s, _, _) = row
            est = Expectation(m, joint=0, own=False).values(1, [a, b], [-1, up], unseen,
                                                             [split], bet=2)[split]
            whole.append(w)
            alone.append(s)
            modes[mode] = modes.get(mode, 0) + 1
            gaps.append((value - est) / 2)
            print(f"{game.format_cards([a, b])} against {game.format_cards([up])}: "
                  f"split {value / 2:+.5f} bets (mode {mode}), estimate - exact "
                  f"{(est - value) / 2:+.6f}; decision {w:.2f} s, split reckoning {s:.2f} s",
                  flush=True)
    print(f"{len(whole)} decisions; modes {modes}; CPU s per decision: worst {max(whole):.2f}, "
          f"median {statistics.median(whole):.2f}; the split reckoning alone: worst "
          f"{max(alone):.2f}, median {statistics.median(alone):.2f}; exact - estimate: "
          f"max |d| {max(map(abs, gaps)):.6f} bets, mean {statistics.mean(gaps):+.6f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--steps", type=int, default=3_000_000)
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--grid", action="store_true")
    args = ap.parse_args()
    game = cardrules.load("blackjack_casino")
    assert isinstance(game, BankingGame)
    if args.grid:
        grid(game)
        return
    if args.full:
        full_aces(game)
    shoes(game, args.cards, args.seconds, args.steps)


if __name__ == "__main__":
    main()
