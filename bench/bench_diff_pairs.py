"""Benchmark: `cardrules diff` on every pair of the built-in games and the manual's whole games.

Usage: ``python bench/bench_diff_pairs.py``

Each pair runs as its own process (``cardrules diff A B --format json``), as a user runs it.
Printed per pair: wall and processor seconds, the process's peak memory (MB), the number of
differences, how many carry a witness, and ``stopped`` if the witness search used up its time
budget.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the CLI, then its own peak memory (Linux: KB) and processor seconds, on stderr
MEASURED = ("import resource, runpy, sys\n"
            "sys.argv[0] = 'cardrules'\n"
            "try:\n"
            "    runpy.run_module('cardrules.cli', run_name='__main__')\n"
            "finally:\n"
            "    use = resource.getrusage(resource.RUSAGE_SELF)\n"
            "    print('used', use.ru_maxrss, use.ru_utime + use.ru_stime, file=sys.stderr)\n")


def games(where: Path) -> list[str]:
    """Copy the built-in games and the manual's whole games (the same layout as
    tests/test_docs.py) into ``where``; their names."""
    names = []
    for path in sorted((ROOT / "cardrules" / "games").glob("*.rules")):
        shutil.copy(path, where / path.name)
        names.append(path.stem)
    manual = (ROOT / "docs" / "language.md").read_text()
    for block in re.findall(r"^```rules\n(.*?)^```", manual, flags=re.S | re.M):
        found = re.match(r"(#[^\n]*\n)*game (\w+)", block)
        if found and found.group(2) not in names:
            (where / f"{found.group(2)}.rules").write_text(block)
            names.append(found.group(2))
    return names


def main() -> None:
    argparse.ArgumentParser(description=__doc__).parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        names = games(where)
        print(f"{'pair':<32} {'wall s':>6} {'cpu s':>6} {'MB':>6} {'diffs':>6} {'witnessed':>9}")
        for a, b in itertools.combinations(names, 2):
            start = time.monotonic()
            r = subprocess.run([sys.executable, "-c", MEASURED, "diff", f"{a}.rules",
                                f"{b}.rules", "--format", "json"], capture_output=True,
                               text=True, cwd=where, timeout=600)
            seconds = time.monotonic() - start
            _, peak, cpu = r.stderr.strip().rsplit("\n", 1)[-1].split()
            found = json.loads(r.stdout)["differences"] if r.returncode == 1 else []
            witnessed = sum(1 for d in found if d["witness"]
                            and not d["witness"].startswith("no "))
            stopped = any("stopped after" in (d["witness"] or "") for d in found)
            print(f"{a + ' vs ' + b:<32} {seconds:6.2f} {float(cpu):6.2f} {int(peak) / 1024:6.0f} "
                  f"{len(found):6} {witnessed:9}"
                  + ("  stopped" if stopped else ""))


if __name__ == "__main__":
    main()
