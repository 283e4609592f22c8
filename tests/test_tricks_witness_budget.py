"""The witness search of a tricks diff has a processor-time budget, the climbing search's
(cardrules/budget.py): a search that runs out of it says so, a search that never ticks is
interrupted by the SIGPROF timer, and off the main thread the searches' own ticks stop it."""

from __future__ import annotations

import signal
import threading
import time

import pytest

import cardrules
from cardrules.budget import Budget
from cardrules.compiler.diff import Difference, diff
from cardrules.families.climbing.witness import with_witnesses
from cardrules.families.tricks import witness as tricks_witness

STOPPED = ("no witness: not searched to the end; the witness search stopped after {:g} s of "
           "processor time, its time budget")


def witnesses(a: str, b: str, budget: float) -> list[Difference]:
    ga, gb = cardrules.load(a), cardrules.load(b)
    return with_witnesses(ga, gb, diff(ga.ir, gb.ir), budget=budget)


def test_a_spent_budget_stops_every_tricks_search_and_says_so() -> None:
    got = witnesses("tractor", "shengji", 0.0)
    searched = [d for d in got if d.witness is not None]
    assert len(searched) >= 4
    assert {d.witness for d in searched} == {STOPPED.format(0.0)}
    full = witnesses("tractor", "shengji", 6.0)  # the same diff within the budget
    assert all(d.witness != STOPPED.format(6.0) for d in full)
    assert any(d.witness and d.witness.startswith("level 2, nobody bid yet") for d in full)


def test_the_timer_stops_a_search_that_never_ticks(monkeypatch: pytest.MonkeyPatch) -> None:
    def spins(*_: object) -> str | None:
        while True:
            time.process_time()  # burns processor time, never checks the budget

    monkeypatch.setattr(tricks_witness, "order_witness", spins)
    before = signal.getsignal(signal.SIGPROF)
    got = witnesses("tractor", "tractor_2_trump", 0.3)
    (order,) = [d for d in got if d.what == "trump order"]
    assert order.witness == STOPPED.format(0.3)
    assert signal.getsignal(signal.SIGPROF) == before  # the handler is put back
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_off_the_main_thread_the_searches_ticks_stop_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # no SIGPROF timer off the main thread: the search's own ticks hold the budget
    def ticks(a: object, b: object, clock: Budget | None = None) -> str | None:
        while True:
            tricks_witness._tick(clock)

    monkeypatch.setattr(tricks_witness, "order_witness", ticks)
    got: list[list[Difference]] = []
    t = threading.Thread(target=lambda: got.append(
        witnesses("tractor", "tractor_2_trump", 0.3)))
    t.start()
    t.join(60)
    assert not t.is_alive()
    (order,) = [d for d in got[0] if d.what == "trump order"]
    assert order.witness == STOPPED.format(0.3)
