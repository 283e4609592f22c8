"""Benchmark: `cardrules diff` on every pair of the built-in games and the manual's whole games.

Usage: ``python bench/bench_diff_pairs.py``

Each pair runs as its own process (``cardrules diff A B --format json``), as a user runs it.
Printed per pair: wall seconds, the process's peak memory (MB), the number of differences,
how many carry a witness, and ``stopped`` if the witness search used up its time budget.
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
# the CLI, then its own peak memory on stderr (Linux: KB)
MEASURED = ("import resource, runpy, sys\n"
            "sys.argv[0] = 'cardrules'\n"
            "try:\n"
            "    runpy.run_module('cardrules.cli', run_name='__main__')\n"
            "finally:\n"
            "    print('peak KB', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,"
            " file=sys.stderr)\n")


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
        print(f"{'pair':<32} {'s':>6} {'MB':>6} {'diffs':>6} {'witnessed':>9}")
        for a, b in itertools.combinations(names, 2):
            start = time.monotonic()
            r = subprocess.run([sys.executable, "-c", MEASURED, "diff", f"{a}.rules",
                                f"{b}.rules", "--format", "json"], capture_output=True,
                               text=True, cwd=where, timeout=600)
            seconds = time.monotonic() - start
            peak = int(r.stderr.strip().rsplit("\n", 1)[-1].removeprefix("peak KB "))
            found = json.loads(r.stdout)["differences"] if r.returncode == 1 else []
            witnessed = sum(1 for d in found if d["witness"]
                            and not d["witness"].startswith("no "))
            stopped = any("stopped after" in (d["witness"] or "") for d in found)
            print(f"{a + ' vs ' + b:<32} {seconds:6.2f} {peak / 1024:6.0f} {len(found):6} "
                  f"{witnessed:9}"
                  + ("  stopped" if stopped else ""))


if __name__ == "__main__":
    main()
