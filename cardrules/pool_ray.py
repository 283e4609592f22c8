"""The Ray backend of the simulation pool (``simulate --backend ray [--address ADDR]``): the
same chunks and scheduler as local workers (pool.py), played by Ray actors, one per worker,
each of which sets the game up once. Ray is an optional extra (``pip install
'cardrules[ray]'``); every node of a cluster needs cardrules installed, at the same version."""

from __future__ import annotations

import importlib
import logging
import os
import re
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .pool import Reply, SimulationError, Work, play_reply, portable, sigint_ignored

CONNECT_SECONDS = 5.0  # to find a Ray cluster at --address


class Player:
    """A Ray actor: one worker of the pool, which keeps its game between chunks."""

    def __init__(self, work: Work[Any, Any, Any]) -> None:
        self.work = work
        self.failed: tuple[BaseException, str] | None = None
        try:
            self.state = work.setup(work.arg)
        except Exception as err:  # reported with the first chunk, as a local worker does
            self.failed = portable(err)

    def play(self, start: int, stop: int) -> Reply:
        if self.failed is not None:
            return ("error", start, self.failed, 0.0)
        return play_reply(self.work, self.state, start, stop)


def _ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise SimulationError("--backend ray needs Ray, which is not installed: "
                              "pip install 'cardrules[ray]'") from None


def _first_line(err: BaseException) -> str:
    """The first line of Ray's message, without its terminal colours."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(err)).strip()
    return text.splitlines()[0] if text else type(err).__name__


def _reachable(address: str) -> None:
    """A clear error at once when nothing answers at ``host:port`` (``ray://host:port`` too),
    instead of Ray's retries; ``auto`` and other forms are left to Ray."""
    where = address.removeprefix("ray://")
    host, sep, port = where.rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)),
                                 timeout=CONNECT_SECONDS).close()
    except OSError as err:
        raise SimulationError(f"--address {address}: no Ray cluster answers there "
                              f"({err.strerror or err})") from None


class RayWorkers:
    """Ray actors playing chunks; replies come back as their tasks finish."""

    def __init__(self, ray: Any, actors: list[Any]) -> None:
        self.ray = ray
        self.actors = actors
        self.count = len(actors)
        self.refs: dict[Any, int] = {}  # a task's result -> its worker

    @classmethod
    @contextmanager
    def started(cls, work: Work[Any, Any, Any], workers: int,
                address: str | None) -> Iterator[RayWorkers]:
        """Connects to the cluster at ``address`` (none: starts a local Ray instance for this
        run, with ``workers`` CPUs), starts the actors, and ends them (and the local instance)
        however the run ends. ``workers`` 0: one actor per CPU of the cluster."""
        ray = _ray()
        ours = False
        actors: list[Any] = []
        try:
            if not ray.is_initialized():
                if address is not None:
                    _reachable(address)
                os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no prompt, no report
                try:
                    ray.init(address=address, include_dashboard=False, log_to_driver=False,
                             logging_level=logging.ERROR,
                             num_cpus=(workers or os.cpu_count() or 1) if address is None
                             else None)
                except Exception as err:
                    raise SimulationError(f"--backend ray: cannot start or reach Ray"
                                          f"{' at ' + address if address else ''}: "
                                          f"{_first_line(err)}") from None
                ours = True
            cpus = int(ray.cluster_resources().get("CPU", 0))
            count = workers or cpus
            if not 1 <= count <= cpus:
                raise SimulationError(f"--workers {count}: the Ray cluster has {cpus} CPUs "
                                      "(one worker each at most)")
            actor = ray.remote(num_cpus=1)(Player)
            actors = [actor.remote(work) for _ in range(count)]
            yield cls(ray, actors)
        finally:
            with sigint_ignored():
                for a in actors:
                    ray.kill(a)
                if ours:
                    ray.shutdown()

    def send(self, worker: int, start: int, stop: int) -> None:
        self.refs[self.actors[worker].play.remote(start, stop)] = worker

    def receive(self) -> list[tuple[int, Reply]]:
        ready, _ = self.ray.wait(list(self.refs), num_returns=1)
        replies = []
        for ref in ready:
            worker = self.refs.pop(ref)
            try:
                replies.append((worker, self.ray.get(ref)))
            except self.ray.exceptions.RayError as err:
                raise SimulationError(f"Ray worker {worker + 1} was lost: {_first_line(err)}"
                                      ) from None
        return replies
