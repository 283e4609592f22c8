"""What a native build would give: the climbing runtime and the generated games compiled to C
by mypyc, measured with the same benches as the Python install.

Usage: ``python bench/bench_mypyc.py [--games big_two,shuang_kou,doudizhu] [--keep DIR]
[--pure]``

An experiment, not a way to run cardrules: the package is plain Python, and nothing here is
installed or cached. The script copies this source tree into a temporary directory (or
``--keep DIR``), writes each game's generated module there as ``NAME.py``, compiles the
climbing runtime's modules (``seathand``, ``table``, ``shapes``, ``choices``, ``history``)
and those modules with ``mypyc`` (the ``test`` extra's mypy; gcc and the Python headers;
about a minute on 2 cores), and then runs ``bench_big_two.py`` and
``bench_climbing_rlcard.py`` from the copy, in a process whose ``cardrules.load`` takes the
compiled module of each compiled game. Each bench measures its own baseline in the same
process, as always. ``--pure`` runs the same two benches on the Python tree first, for the
figures of this machine and load beside them.

One thing the copy changes, as mypyc needs: the climbing ``Table`` is marked
``allow_interpreted_subclasses`` (the game's table class, which mixes in the interpreted
``BotSeats``, subclasses it). The rest of the package (the core's ``play_out`` and the bots
among it) stays Python.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ["seathand", "table", "shapes", "choices", "history"]

# In the process that runs a bench: the copy and its compiled games first on the path, and
# ``load`` given the compiled module of each game compiled.
RUNNER = """\
import importlib, runpy, sys
tree, script, names = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
sys.path[:0] = [tree, tree + "/native_games"]
import cardrules.game as game
made = game.module_from_source
def native(name, source):
    return importlib.import_module(name) if name in names else made(name, source)
game.module_from_source = native
sys.argv = [script]
runpy.run_path(script, run_name="__main__")
"""


def build(tree: Path, games: list[str]) -> None:
    """The copy of this tree in ``tree``, with its climbing runtime and ``games`` compiled."""
    sys.path.insert(0, str(ROOT))
    import cardrules

    shutil.copytree(ROOT / "cardrules", tree / "cardrules",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copytree(ROOT / "bench", tree / "bench", ignore=shutil.ignore_patterns("__pycache__"))
    table = tree / "cardrules/runtime/climbing/table.py"
    text = table.read_text()
    marked = text.replace("\nclass Table:", "\nfrom mypy_extensions import mypyc_attr\n\n\n"
                          "@mypyc_attr(allow_interpreted_subclasses=True)\nclass Table:", 1)
    if marked == text:
        raise SystemExit(f"{table}: no 'class Table:' to mark for mypyc")
    table.write_text(marked)
    out = tree / "native_games"
    out.mkdir()
    for name in games:
        (out / f"{name}.py").write_text(cardrules.load(name).source)
    sources = [f"cardrules/runtime/climbing/{m}.py" for m in RUNTIME]
    sources += [f"native_games/{name}.py" for name in games]
    mypyc = Path(sys.executable).parent / "mypyc"
    done = subprocess.run([str(mypyc), *sources], cwd=tree, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(tree)})
    if done.returncode:
        raise SystemExit(f"mypyc failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    for name in games:  # (mypyc leaves the .so files beside the sources: move the games')
        for built in tree.glob(f"{name}.*.so"):
            built.rename(out / built.name)


def run(tree: Path | None, script: str, games: list[str]) -> None:
    if tree is None:
        subprocess.run([sys.executable, str(ROOT / "bench" / script)], check=True)
        return
    subprocess.run([sys.executable, "-c", RUNNER, str(tree), str(tree / "bench" / script),
                    ",".join(games)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="big_two,shuang_kou,doudizhu",
                        help="the games to compile (comma-separated; others stay Python)")
    parser.add_argument("--keep", type=Path, help="build in DIR (made; must not exist) and "
                        "keep it")
    parser.add_argument("--pure", action="store_true", help="run the benches on the Python "
                        "tree first")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    if shutil.which("gcc") is None and shutil.which("cc") is None:
        raise SystemExit("mypyc needs a C compiler (gcc) and the Python headers")
    if args.keep is not None and args.keep.exists():
        raise SystemExit(f"--keep {args.keep}: it exists; give a new directory")
    scripts = ["bench_big_two.py", "bench_climbing_rlcard.py"]
    if args.pure:
        print("== the Python tree")
        for script in scripts:
            run(None, script, games)
    with tempfile.TemporaryDirectory(prefix="cardrules-mypyc-") as tmp:
        tree = args.keep if args.keep is not None else Path(tmp)
        tree.mkdir(parents=True, exist_ok=True)
        print(f"== building in {tree}: the climbing runtime and {', '.join(games)} by mypyc",
              flush=True)
        build(tree, games)
        print("== compiled by mypyc", flush=True)
        for script in scripts:
            run(tree, script, games)


if __name__ == "__main__":
    main()
