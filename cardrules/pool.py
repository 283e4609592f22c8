"""One worker pool for every family's simulation (simulate.py, simulate_banking.py).

The work is the games ``0 .. n-1``; game ``i`` is played from its own seed, so the results do
not depend on how the range is cut into chunks or on who plays which chunk. ``stream`` yields
each game's result in index order, whatever the worker count and the backend: the same seeds
give the same totals with 1 worker, 2 workers or a Ray cluster.

Local workers are spawned processes, each with its own pipe to this process: no thread, lock or
queue is shared between workers or with the parent, so a worker ended at any moment (^C, an
error, a closed generator) cannot leave anything held that the parent would wait for. Chunks
are sized from the time the worker took for its last one (about ``TARGET_SECONDS`` of play),
so that a few messages a second pass through the pipes whatever the game's speed; at most
``AHEAD`` chunks are in flight per worker, and at most ``workers * WINDOW`` are played and not
yet yielded, so memory does not grow with n.

^C: the workers start with SIGINT blocked and then ignore it (a terminal sends it to the whole
process group): the parent alone takes it, and on its way out ends the workers, which hold
nothing it needs. A shell that starts a command in the background without job control makes it
ignore SIGINT from the start (POSIX); Python keeps that, so such a run is not stopped by ^C at
all, by design of the shell: that is what made the pool's interruption test hang in a run
started as a background job.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, Protocol, TypeVar

A = TypeVar("A")  # what a worker is given to set up (picklable)
S = TypeVar("S")  # what it set up (the game, kept by the worker)
R = TypeVar("R")  # one game's result (picklable)

TARGET_SECONDS = 0.2  # of play per chunk, once a worker's speed is known
MAX_CHUNK = 2000  # games per chunk at most
AHEAD = 2  # chunks in flight per worker: one played, one waiting in its pipe
WINDOW = 3  # chunks per worker issued and not yet yielded, at most
MIN_PER_WORKER = 8  # games per local worker at least: no process is started for fewer
STOP_SECONDS = 5.0  # how long ended workers get to exit before they are killed


class SimulationError(Exception):
    """The simulation could not run: a worker was lost, a backend is missing or unreachable.
    The command line prints it as an error (no traceback)."""


@dataclass(frozen=True)
class Work(Generic[A, S, R]):
    """What each worker does: ``setup(arg)`` once, then ``play(state, start, stop)`` for each
    chunk, returning the results of games ``start .. stop-1`` in order. ``setup`` and ``play``
    are module-level functions (a spawned process or a Ray node finds them by name)."""
    setup: Callable[[A], S]
    play: Callable[[S, int, int], list[R]]
    arg: A


def stream(work: Work[A, S, R], n: int, *, workers: int = 1, here: S | None = None,
           backend: str = "local", address: str | None = None) -> Iterator[R]:
    """The results of games ``0 .. n-1`` in index order. ``here``: the state already set up
    in this process, played here when one local worker is asked for. ``backend``: ``local``
    processes, or ``ray`` (pool_ray.py: the cluster at ``address``, or a local Ray instance;
    ``workers`` 0 there means one per CPU of the cluster)."""
    if backend == "ray":
        from .pool_ray import RayWorkers
        with RayWorkers.started(work, workers, address) as remote:
            yield from _scheduled(remote, n)
        return
    if backend != "local":
        raise SimulationError(f"unknown backend '{backend}': local or ray")
    workers = max(1, min(workers, -(-n // MIN_PER_WORKER)))  # no process for a few games
    if workers == 1:
        state = work.setup(work.arg) if here is None else here
        for start in range(0, n, 100):
            yield from work.play(state, start, min(start + 100, n))
        return
    with LocalWorkers.started(work, workers) as local:
        yield from _scheduled(local, n)


# ------------------------------------------------------------------ the scheduler
# ("ok", start, results, seconds), or ("error", start, (the error, its traceback), 0.0)
Reply = tuple[str, int, Any, float]


class Workers(Protocol):
    """Where chunks are played: local processes or Ray actors."""
    count: int

    def send(self, worker: int, start: int, stop: int) -> None: ...

    def receive(self) -> list[tuple[int, Reply]]:
        """At least one reply, with the worker it came from (blocks until one comes)."""
        ...


def chunk_size(seconds_per_game: float | None, left: int, workers: int) -> int:
    """Games in the next chunk: one until the worker's speed is known, then about
    ``TARGET_SECONDS`` of play, and no more than a share of what is left (so that the last
    chunks end together)."""
    if seconds_per_game is None:
        return 1
    size = int(TARGET_SECONDS / max(seconds_per_game, 1e-6))
    return max(1, min(size, MAX_CHUNK, -(-left // (2 * workers))))


def _scheduled(pool: Workers, n: int) -> Iterator[Any]:
    inflight: list[dict[int, int]] = [{} for _ in range(pool.count)]  # start -> stop
    speed: list[float | None] = [None] * pool.count  # seconds per game, per worker
    done: dict[int, list[Any]] = {}  # chunk start -> its results, until yielded
    issued = emitted = 0  # the next game to send, the next to yield
    outstanding = 0  # chunks sent and not yet yielded
    while emitted < n:
        for w in range(pool.count):
            while (len(inflight[w]) < AHEAD and issued < n
                   and outstanding < WINDOW * pool.count):
                stop = issued + chunk_size(speed[w], n - issued, pool.count)
                pool.send(w, issued, stop)
                inflight[w][issued] = stop
                issued = stop
                outstanding += 1
        if emitted in done:  # the next chunk in order is here: out with it, then refill
            rows = done.pop(emitted)
            outstanding -= 1
            emitted += len(rows)
            yield from rows
            continue
        for w, (status, start, payload, seconds) in pool.receive():
            if status != "ok":
                raise raised(payload)
            stop = inflight[w].pop(start)
            assert len(payload) == stop - start, "a chunk came back short"
            speed[w] = seconds / len(payload)
            done[start] = payload


# ------------------------------------------------------------------ errors across processes
class RemoteTraceback(Exception):
    """The traceback of an error raised in a worker (the cause of the error re-raised here)."""

    def __str__(self) -> str:
        return str(self.args[0])


def portable(err: BaseException) -> tuple[BaseException, str]:
    """An error to send back from a worker, with its traceback as text (a cause does not
    survive pickling): itself when it can be pickled, else a SimulationError that says what
    it was."""
    text = "".join(traceback.format_exception(type(err), err, err.__traceback__))
    try:
        pickle.loads(pickle.dumps(err))
    except Exception:
        return SimulationError(f"a worker failed: {type(err).__name__}: {err}"), text
    return err, text


def raised(payload: tuple[BaseException, str]) -> BaseException:
    """The error of a worker, to raise here, with the worker's traceback as its cause."""
    err, text = payload
    err.__cause__ = RemoteTraceback(f"\n\"\"\"\n{text}\"\"\"")
    return err


def play_reply(work: Work[A, S, R], state: S, start: int, stop: int) -> Reply:
    """One chunk played, as a reply: its results and the time it took, or the error."""
    began = time.perf_counter()
    try:
        rows = work.play(state, start, stop)
    except Exception as err:
        return ("error", start, portable(err), 0.0)
    return ("ok", start, rows, time.perf_counter() - began)


# ------------------------------------------------------------------ local processes
def _worker_main(conn: Connection, work: Work[Any, Any, Any]) -> None:
    """A worker process: ^C is the parent's; chunks come by the pipe until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # blocked until now: a pending one is dropped
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    # A session of its own: a terminal's ^C (sent to the foreground process group) does not
    # reach it, and where the kernel shares the processor out by session (Linux autogroup),
    # each worker gets a share, instead of all the workers splitting the parent's.
    os.setsid()
    try:
        try:
            state = work.setup(work.arg)
        except Exception as err:
            conn.send(("error", -1, portable(err), 0.0))
            return
        while True:
            task = conn.recv()
            if task is None:
                return
            conn.send(play_reply(work, state, *task))
    except (EOFError, OSError):  # the parent went away: nothing to report to
        return


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT held back in this thread while workers start: they inherit the mask, so none
    can be interrupted before it ignores ^C; one that came meanwhile reaches the parent.

    The workers' standard error is the null device: they report everything, errors with their
    tracebacks included, through their pipes, so nothing a worker prints can cut into the
    progress bar, and a worker ended while Python was still starting it (after a ^C under
    load) prints no traceback of its own at the person's terminal."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    quiet = os.open(os.devnull, os.O_WRONLY)
    ours = os.dup(2)
    try:
        os.dup2(quiet, 2)
        yield
    finally:
        os.dup2(ours, 2)
        os.close(ours)
        os.close(quiet)
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """While workers are ended: a second ^C must not cut that short (the first is on its way
    up already)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


class LocalWorkers:
    """Spawned worker processes, one pipe each."""

    def __init__(self, work: Work[Any, Any, Any], count: int) -> None:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process that may hold locks
        self.count = count
        self.conns: list[Connection] = []
        self.procs: list[multiprocessing.process.BaseProcess] = []
        with _sigint_blocked():
            try:
                for i in range(count):
                    ours, theirs = ctx.Pipe()
                    proc = ctx.Process(target=_worker_main, args=(theirs, work), daemon=True,
                                       name=f"cardrules-worker-{i}")
                    self.conns.append(ours)
                    self.procs.append(proc)
                    proc.start()
                    theirs.close()
            except BaseException:  # those started so far are ended
                self.procs = [p for p in self.procs if p.pid is not None]
                self.stop(False)
                raise

    @classmethod
    @contextmanager
    def started(cls, work: Work[Any, Any, Any], count: int) -> Iterator[LocalWorkers]:
        pool = None
        finished = False
        try:
            pool = cls(work, count)
            yield pool
            finished = True
        finally:
            if pool is not None:
                pool.stop(finished)

    def send(self, worker: int, start: int, stop: int) -> None:
        try:
            self.conns[worker].send((start, stop))
        except OSError:
            raise self._lost(worker) from None

    def receive(self) -> list[tuple[int, Reply]]:
        by_conn = {id(c): i for i, c in enumerate(self.conns)}
        by_sentinel = {p.sentinel: i for i, p in enumerate(self.procs)}
        ready = wait([*self.conns, *by_sentinel])
        replies: list[tuple[int, Reply]] = []
        for r in ready:
            if isinstance(r, Connection):
                w = by_conn[id(r)]
                try:
                    replies.append((w, r.recv()))
                except (EOFError, OSError):
                    raise self._lost(w) from None
        if not replies:  # only a process ended, with nothing left in its pipe
            raise self._lost(by_sentinel[next(r for r in ready if isinstance(r, int))])
        return replies

    def _lost(self, worker: int) -> SimulationError:
        proc = self.procs[worker]
        proc.join(1.0)
        code = proc.exitcode
        how = "was killed (out of memory?)" if code == -signal.SIGKILL else \
            f"was ended by signal {-code}" if code is not None and code < 0 else \
            f"exited with status {code}" if code is not None else "stopped answering"
        return SimulationError(f"simulation worker {worker + 1} {how}")

    def stop(self, finished: bool) -> None:
        """Ends the workers: after the work, they are asked to leave; otherwise (^C, an error,
        a closed generator) they are terminated at once: they hold nothing the parent needs."""
        with sigint_ignored():
            for conn in self.conns:
                try:
                    if finished:
                        conn.send(None)
                except OSError:
                    pass
                conn.close()
            if not finished:
                for proc in self.procs:
                    proc.terminate()
            deadline = time.monotonic() + STOP_SECONDS
            for proc in self.procs:
                proc.join(max(0.0, deadline - time.monotonic()))
                if proc.exitcode is None:
                    proc.kill()
                    proc.join(1.0)
