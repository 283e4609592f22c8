"""Benchmark: the ``cardrules`` command's start-up, in wall time, each figure with its pair.

Usage: ``python bench/bench_startup.py [--runs N] [--baseline DIR]``

Times whole processes, as a person at the terminal sees them:
  play  ``cardrules play big_two --seed 1 --seats random,random,random,random`` (a round)
  list  ``cardrules list``
each twice in a row against one cache directory made empty before the first: ``cold`` is the
first run (every game compiled and its entry written), ``warm`` the second (read from the
cache). The cache directory is a new one under this run's own private temporary directory
(``CARDRULES_CACHE_DIR``), so the user's real cache is neither read nor written.

The package's own modules have their bytecode kept (in this run's temporary directory, through
PYTHONPYCACHEPREFIX), as for an installed package; ``--no-bytecode`` compiles them at every
start instead (what PYTHONDONTWRITEBYTECODE=1 in the environment does).

``--baseline DIR`` times a second source tree (say ``git archive main | tar -x -C DIR``) in
the same run, its runs interleaved with this tree's, so both see the same load on a shared
machine. Medians of ``--runs`` repetitions (and the fastest) are printed, in seconds, with the
median processor time of the process (user + system), which a loaded machine disturbs less
than the wall time. The goal of issue 10: play warm < 0.2 s, list warm < 0.15 s, wall time.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = {"play": ["play", "big_two", "--seed", "1", "--seats", "random,random,random,random"],
            "list": ["list"]}
ENTRY = "import sys; from cardrules.console import main; sys.exit(main())"


def run_once(tree: Path, args: list[str], cache: Path, pycache: Path | None
             ) -> tuple[float, float]:
    """Wall time and processor time (user + system) of one command."""
    env = dict(os.environ, PYTHONPATH=str(tree), CARDRULES_CACHE_DIR=str(cache))
    env.pop("CARDRULES_CACHE", None)  # the cache on, whatever the caller's shell says
    if pycache is None:  # every module compiled from its source at every start
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:  # bytecode kept, as for an installed package, in this run's own directory
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache / tree.name)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", ENTRY, *args], env=env, cwd=tree,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{tree}: cardrules {' '.join(args)} failed:\n{done.stderr.decode()}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return took, cpu


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=7, help="repetitions (default 7)")
    p.add_argument("--baseline", type=Path, help="another source tree to time alongside")
    p.add_argument("--no-bytecode", action="store_true",
                   help="keep no bytecode of the package's modules (PYTHONDONTWRITEBYTECODE), "
                        "so each start compiles them from source")
    args = p.parse_args()
    trees = {"this": ROOT}
    if args.baseline is not None:
        trees = {"baseline": args.baseline.resolve(), "this": ROOT}
    times: dict[tuple[str, str, str], list[float]] = {}
    cpus: dict[tuple[str, str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        pycache = None if args.no_bytecode else Path(tmp) / "pycache"
        for label, tree in trees.items():  # untimed: writes the bytecode of every module
            run_once(tree, COMMANDS["list"], Path(tmp) / f"{label}-warm-up", pycache)
        for r in range(args.runs):
            for label, tree in trees.items():
                for cmd, cmd_args in COMMANDS.items():
                    cache = Path(tmp) / f"{label}-{cmd}-{r}"
                    for phase in ("cold", "warm"):
                        t, c = run_once(tree, cmd_args, cache, pycache)
                        times.setdefault((label, cmd, phase), []).append(t)
                        cpus.setdefault((label, cmd, phase), []).append(c)
            print(f"run {r + 1}/{args.runs} done", file=sys.stderr)
    print("bytecode:", "none (each start compiles the modules)" if args.no_bytecode
          else "kept (as an installed package)")
    print(f"{'tree':<9} {'command':<5} {'phase':<5} {'wall median':>11} {'min':>6} "
          f"{'cpu median':>10}   wall of each run")
    for key, ts in times.items():
        label, cmd, phase = key
        runs = " ".join(f"{t:.3f}" for t in ts)
        print(f"{label:<9} {cmd:<5} {phase:<5} {statistics.median(ts):>11.3f} {min(ts):>6.3f} "
              f"{statistics.median(cpus[key]):>10.3f}   {runs}")
    if args.baseline is not None:
        print("\nthis / baseline, medians (wall; processor time):")
        for cmd in COMMANDS:
            for phase in ("cold", "warm"):
                this, base = ("this", cmd, phase), ("baseline", cmd, phase)
                wall = statistics.median(times[this]) / statistics.median(times[base])
                cpu = statistics.median(cpus[this]) / statistics.median(cpus[base])
                print(f"  {cmd} {phase}: {wall:.2f}; {cpu:.2f}")


if __name__ == "__main__":
    main()
