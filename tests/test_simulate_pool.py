"""The simulation pool (cardrules/pool.py, pool_ray.py) for every family: the same seeds give
the same totals whatever the worker count and backend; ^C stops a run with workers at once,
cleanly; errors in workers come back as errors."""

from __future__ import annotations

import multiprocessing
import os
import pty
import random
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import pool
from cardrules.cli import main
from cardrules.game import is_banking
from cardrules.simulate import simulate
from cardrules.simulate_banking import simulate_banking

ROOT = Path(__file__).resolve().parent.parent

# one game of each family, with seats and a count that gives several chunks to each worker
FAMILIES = [("big_two", ["greedy", "random", "random", "random"], 120),
            ("shengji", ["greedy", "random", "greedy", "random"], 16),
            ("blackjack", ["threshold", "random", "threshold"], 300)]


def _stats(name: str, seats: list[str], n: int, **kw: Any) -> dict[str, Any]:
    game = cardrules.load(name)
    if is_banking(game):
        return simulate_banking(game, n=n, seed=3, seats=seats, progress=False, **kw)
    return simulate(game, n=n, seed=3, seats=seats, progress=False, **kw)


@pytest.mark.parametrize(("name", "seats", "n"), FAMILIES)
def test_same_seeds_same_totals_whatever_the_worker_count(name: str, seats: list[str],
                                                          n: int) -> None:
    one = _stats(name, seats, n, workers=1)
    assert one["games"] == n and one["rounds"] >= n
    assert _stats(name, seats, n, workers=2) == one
    if name == "big_two":
        assert _stats(name, seats, n, workers=3) == one


# ------------------------------------------------------------------ the scheduler, alone
class Shuffled:
    """Workers that reply in a random order, with chunks of any size: the results must
    still come out in index order, each once."""

    def __init__(self, count: int, rng: random.Random) -> None:
        self.count, self.rng = count, rng
        self.waiting: list[tuple[int, int, int]] = []
        self.sizes: list[int] = []

    def send(self, worker: int, start: int, stop: int) -> None:
        self.waiting.append((worker, start, stop))
        self.sizes.append(stop - start)

    def receive(self) -> list[tuple[int, pool.Reply]]:
        w, start, stop = self.waiting.pop(self.rng.randrange(len(self.waiting)))
        return [(w, ("ok", start, list(range(start, stop)), 0.0005 * (stop - start)))]


@pytest.mark.parametrize("seed", range(20))
def test_the_scheduler_yields_in_index_order(seed: int) -> None:
    rng = random.Random(seed)
    workers = Shuffled(rng.randint(1, 5), rng)
    n = rng.randint(1, 3000)
    assert list(pool._scheduled(workers, n)) == list(range(n))
    assert workers.sizes[0] == 1 and max(workers.sizes) <= pool.MAX_CHUNK
    if n > 1000:  # once a worker's speed is known, chunks hold about TARGET_SECONDS of play
        assert max(workers.sizes) >= 100


def test_chunk_sizes() -> None:
    assert pool.chunk_size(None, 10**9, 2) == 1  # speed unknown
    assert pool.chunk_size(0.001, 10**9, 2) == int(pool.TARGET_SECONDS / 0.001)
    assert pool.chunk_size(1e-9, 10**9, 2) == pool.MAX_CHUNK
    assert pool.chunk_size(0.001, 40, 2) == 10  # the tail is shared out
    assert pool.chunk_size(10.0, 10**9, 2) == 1


# ------------------------------------------------------------------ errors in workers
def _setup(arg: int) -> int:
    return arg


def _play_failing(bad: int, start: int, stop: int) -> list[int]:
    if start <= bad < stop:
        raise ValueError(f"game {bad} went wrong")
    return list(range(start, stop))


def _play_dying(bad: int, start: int, stop: int) -> list[int]:
    if start <= bad < stop:
        os._exit(3)
    return list(range(start, stop))


def test_an_error_in_a_worker_is_raised_here_with_its_traceback() -> None:
    work = pool.Work(_setup, _play_failing, 50)
    with pytest.raises(ValueError, match="game 50 went wrong") as info:
        list(pool.stream(work, 200, workers=2))
    assert isinstance(info.value.__cause__, pool.RemoteTraceback)
    assert "_play_failing" in str(info.value.__cause__)


def test_a_lost_worker_is_a_simulation_error() -> None:
    work = pool.Work(_setup, _play_dying, 50)
    with pytest.raises(pool.SimulationError, match="exited with status 3"):
        list(pool.stream(work, 200, workers=2))


def test_closing_the_stream_ends_the_workers() -> None:
    work = pool.Work(_setup, _play_failing, -1)
    gen = pool.stream(work, 10**9, workers=2)
    assert [next(gen) for _ in range(5)] == list(range(5))
    gen.close()
    assert not [p for p in multiprocessing.active_children()
                if p.name.startswith("cardrules-worker")]


# ------------------------------------------------------------------ ^C
def _default_sigint() -> None:
    # A shell that starts a job in the background without job control makes it ignore
    # SIGINT (POSIX), and Python then keeps ignoring it: a test run started that way (`.ci/run
    # &` in a script) handed that on, and ^C did nothing. The child takes ^C as at a terminal.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _running(pid: int) -> bool:
    """Whether ``pid`` is still one of the run's processes (not a later process given the
    same number)."""
    try:
        return b"multiprocessing" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _read(fd: int, until: float) -> bytes:
    ready, _, _ = select.select([fd], [], [], max(0.0, until - time.monotonic()))
    if not ready:
        return b""
    try:
        return os.read(fd, 65536)
    except OSError:  # the other side closed
        return b""


@pytest.mark.parametrize("name", ["big_two", "shengji", "blackjack"])
def test_interrupting_a_run_with_workers_stops_it(name: str) -> None:
    """^C at a terminal reaches the whole process group, often twice; the workers, in sessions
    of their own, do not get it (and would ignore it): the parent ends them and stops with
    130, the progress bar drawn so far kept and 'interrupted' on a line of its own; no
    traceback, and no process left behind."""
    primary, secondary = pty.openpty()  # stderr a terminal: the progress bar is drawn
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from cardrules.console import "
                             "main; sys.exit(main())", "simulate", name, "-n", "100000000",
                             "--workers", "2"], cwd=ROOT, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=secondary, stdin=subprocess.DEVNULL,
                            preexec_fn=_default_sigint)
    os.close(secondary)
    err = b""
    try:
        deadline = time.monotonic() + 120
        while b"/100000000" not in err and time.monotonic() < deadline:  # games are played
            err += _read(primary, deadline)
        assert b"/100000000" in err, err
        shown = err
        workers = _children(proc.pid)
        assert len(workers) >= 2  # the resource tracker too
        os.kill(proc.pid, signal.SIGINT)
        os.killpg(proc.pid, signal.SIGINT)
        sent = time.monotonic()
        out, _ = proc.communicate(timeout=60)
        waited = time.monotonic() - sent
        while chunk := _read(primary, time.monotonic() + 2):
            err += chunk
        gone = time.monotonic() + 20
        while time.monotonic() < gone:  # the workers (own sessions), the resource tracker
            if not [pid for pid in workers if _running(pid)]:
                break
            time.sleep(0.1)
        else:
            pytest.fail("processes of the run were left behind")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(primary)
    text = err.decode("utf-8").replace("\r\n", "\n")
    assert proc.returncode == 130, text
    assert "Traceback" not in text and out == b""
    assert err.startswith(shown)  # what was shown stays
    assert text.endswith("\ninterrupted\n")
    last = text[:-len("\ninterrupted\n")].rpartition("\r")[2]  # the bar, last drawn
    assert last.startswith("[") and last.endswith("/100000000")
    assert waited < 30, f"{waited:.1f} s to stop"


# ------------------------------------------------------------------ Ray
@pytest.fixture(scope="module")
def ray_local() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    # Ray's memory monitor kills workers when the machine's memory is 95% used, by anyone: on
    # a shared machine it killed this test's small actors (22.4 of 23.5 GB used by others).
    env = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_memory_monitor_refresh_ms": "0"}
    before = {k: os.environ.get(k) for k in env}
    os.environ.update(env)  # read by the Ray processes started here
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level="ERROR")
    yield ray
    ray.shutdown()
    for key, value in before.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.mark.parametrize(("name", "seats", "n"), FAMILIES)
def test_ray_gives_the_local_totals(ray_local: Any, name: str, seats: list[str],
                                    n: int) -> None:
    assert _stats(name, seats, n, workers=2, backend="ray") == _stats(name, seats, n,
                                                                      workers=1)


def _broken_module(game: cardrules.Game) -> pool.Work[Any, Any, Any]:
    """The simulation of ``game`` as ``simulate`` sets it up, with a module that fails to load
    in the workers (the test's own functions are not importable in a Ray worker)."""
    from cardrules import simulate as sim
    return pool.Work(sim._setup, sim._play, (game.info, "raise ValueError('no module')",
                                             game.path, 1, ("random",) * 4, None))


@pytest.mark.parametrize("backend", ["local", "ray"])
def test_an_error_setting_a_worker_up_is_raised_here(request: pytest.FixtureRequest,
                                                     backend: str) -> None:
    if backend == "ray":
        request.getfixturevalue("ray_local")
    game = cardrules.load("big_two")
    assert isinstance(game, cardrules.Game)
    with pytest.raises(ValueError, match="no module") as info:
        list(pool.stream(_broken_module(game), 100, workers=2, backend=backend))
    assert "module_from_source" in str(info.value.__cause__)


def test_ray_through_the_cli(ray_local: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "big_two", "-n", "40", "--backend", "ray", "--json"]) == 0
    ray_out = capsys.readouterr().out
    assert main(["simulate", "big_two", "-n", "40", "--json"]) == 0
    assert capsys.readouterr().out == ray_out
    assert main(["simulate", "big_two", "-n", "40", "--backend", "ray", "--workers",
                 "3"]) == 1  # the local instance of this test has 2 CPUs
    assert "the Ray cluster has 2 CPUs" in capsys.readouterr().err


def _cli(*args: str, prelude: str = "") -> subprocess.CompletedProcess[str]:
    code = f"import sys\n{prelude}\nfrom cardrules.cli import main\nsys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_ray_unreachable_address_is_a_clear_error() -> None:
    pytest.importorskip("ray")
    r = _cli("simulate", "big_two", "-n", "5", "--backend", "ray", "--address", "127.0.0.1:1")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr == ("cardrules: error: --address 127.0.0.1:1: no Ray cluster answers "
                        "there (Connection refused)\n")


def test_ray_not_installed_is_a_clear_error() -> None:
    r = _cli("simulate", "big_two", "-n", "5", "--backend", "ray",
             prelude="sys.modules['ray'] = None  # import ray fails, as when not installed")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr == ("cardrules: error: --backend ray needs Ray, which is not installed: "
                        "pip install 'cardrules[ray]'\n")


def test_address_without_ray_backend_is_bad_usage() -> None:
    r = _cli("simulate", "big_two", "-n", "5", "--address", "127.0.0.1:6379")
    assert r.returncode == 2
    assert "--address is the Ray cluster's: give it with --backend ray" in r.stderr


# What a worker process does, in a new process: the setup and a chunk of games, as a worker
# that records nothing plays them; then the compiler's modules it holds.
WORKER = """
import pickle, sys
from pathlib import Path
info, source, path, seats = pickle.loads(sys.stdin.buffer.read())
if info.family == "banking":
    from cardrules.simulate_banking import _play, _setup
else:
    from cardrules.simulate import _play, _setup
rows = _play(_setup((info, source, Path(path), 3, seats, None)), 0, 4)
assert len(rows) == 4
print(sorted(m for m in sys.modules if m.split(".")[0] in ("lark", "jinja2")
             or m.startswith(("cardrules.compiler.parse", "cardrules.replay"))))
print(sorted(m for m in sys.modules if m.startswith("cardrules.families.")))
"""


@pytest.mark.parametrize(("name", "seats", "n"), FAMILIES)
def test_a_worker_that_records_nothing_imports_no_compiler(name: str, seats: list[str],
                                                           n: int) -> None:
    """A worker starts with the game's module and its family's runtime alone: replay.py (and
    the rules parser, Lark, that it reads rules files with) only when it records; no other
    family's runtime (0.1-0.2 s of a worker's start-up, which a short run's speed-up pays)."""
    import ast
    import pickle
    game = cardrules.load(name)
    done = subprocess.run([sys.executable, "-c", WORKER], capture_output=True, check=False,
                          input=pickle.dumps((game.info, game.source, str(game.path),
                                              tuple(seats))))
    assert done.returncode == 0, done.stderr.decode()
    compiler, families = done.stdout.decode().splitlines()
    assert compiler == "[]"
    held = ast.literal_eval(families)
    own = f"cardrules.families.{game.family}"
    assert held and all(m == "cardrules.families" or m.startswith(own) for m in held), held
