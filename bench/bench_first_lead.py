"""Benchmark: the first lead that must hold a card, made alone against filtered from every lead.

Usage: ``python bench/bench_first_lead.py [--pairs N] [--deals N] [GAME ...]`` (default: the
built-in games whose first play must hold a card: big_two, da_bei)

For each game, the first decisions of ``--deals`` deals whose leader must play the lead card
(``Table.first_pending``), the leader's hand as a SeatHand made beforehand; the two sides are
the module's ``lead_plays_holding(h, card)`` (what the table asks) and the old way, every lead
play of ``lead_plays(h)`` with those holding the card kept. Both run in this one process, in
alternating repeats, the best of each kept (``timeit``); the figure is microseconds per first
decision and the ratio of the two. A ratio is the result, never an assertion.
"""

from __future__ import annotations

import argparse
import sys
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardrules  # noqa: E402  (the source tree next to this script)
from cardrules.runtime.climbing.table import Table  # noqa: E402


def first_leads(m: Any, deals: int) -> list[tuple[Any, int]]:
    """(the leader's SeatHand, the card) of the deals whose first play must hold a card."""
    out = []
    for seed in range(deals):
        t = Table(m, seed=seed)
        if t.first_pending:
            out.append((m.new_hand(t.hands[t.seat]), t.first_card))
    return out


def sides(m: Any, cases: list[tuple[Any, int]]) -> dict[str, Callable[[], None]]:
    def holding() -> None:
        for h, card in cases:
            m.lead_plays_holding(h, card)

    def filtered() -> None:
        for h, card in cases:
            [p for p in m.lead_plays(h) if card in p.cards]
    return {"lead_plays_holding": holding, "lead_plays filtered": filtered}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["big_two", "da_bei"])
    parser.add_argument("--pairs", type=int, default=7, help="alternating repeats of each side")
    parser.add_argument("--deals", type=int, default=300, help="deals dealt (those whose "
                        "first play must hold a card are timed)")
    args = parser.parse_args(argv)
    for name in args.games:
        m = cardrules.load(name).module
        cases = first_leads(m, args.deals)
        if not cases:
            print(f"{name}: no first play must hold a card")
            continue
        best: dict[str, float] = {}
        for i in range(args.pairs):
            run = sides(m, cases)
            for side in (run if i % 2 == 0 else reversed(run)):
                spent = timeit.timeit(run[side], number=10) / 10 / len(cases) * 1e6
                best[side] = min(best.get(side, spent), spent)
        made, full = best["lead_plays_holding"], best["lead_plays filtered"]
        print(f"{name}: first decision ({len(cases)} deals) lead_plays_holding {made:.2f} us, "
              f"lead_plays filtered {full:.2f} us: {full / made:.2f}x")


if __name__ == "__main__":
    main()
