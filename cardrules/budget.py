"""A processor-time budget for a search (the witness searches of `cardrules diff`, each
family's): processor time, not wall time, so that a busy machine finds the same witnesses.

``tick()`` between steps raises ``OutOfTime`` past the deadline. ``guard()`` holds the budget
even inside a step that runs long without a tick (a generator that examines many card sets
and yields none): a processor-time timer (SIGPROF) interrupts the search at the deadline.
Where there is none (no ``setitimer``, not the main thread, or SIGPROF in use, as by a
profiler), ``armed`` stays False and the search must bound its steps itself."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

BUDGET = 6.0  # seconds of processor time for all the witness searches of one diff


class OutOfTime(Exception):
    pass


class Budget:
    def __init__(self, seconds: float = BUDGET) -> None:
        self.seconds = seconds
        self.deadline = time.process_time() + seconds
        self.armed = False  # a processor-time timer will interrupt the search at the deadline

    def tick(self) -> None:
        if time.process_time() >= self.deadline:
            raise OutOfTime

    def _ring(self, signum: int, frame: object) -> None:
        if self.armed:
            self.armed = False  # once: a late ring during cleanup raises no second time
            raise OutOfTime

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Run the block under the timer (see the module's docstring); raises OutOfTime at
        once if the budget is spent."""
        self.tick()
        if not hasattr(signal, "setitimer") or \
                threading.current_thread() is not threading.main_thread() or \
                signal.getsignal(signal.SIGPROF) is not signal.SIG_DFL or \
                signal.getitimer(signal.ITIMER_PROF) != (0.0, 0.0):
            yield
            return
        old = signal.signal(signal.SIGPROF, self._ring)
        try:
            self.armed = True
            signal.setitimer(signal.ITIMER_PROF,
                             max(1e-6, self.deadline - time.process_time()))
            yield
        finally:
            try:
                self.armed = False  # a ring here raises OutOfTime once, after cleanup
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
                signal.signal(signal.SIGPROF, old)

    def stopped(self) -> str:
        """What a search cut short by the budget says instead of a witness."""
        return (f"no witness: not searched to the end; the witness search stopped after "
                f"{self.seconds:g} s of processor time, its time budget")
