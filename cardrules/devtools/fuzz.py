"""Grammar-driven fuzzing: generated rules files through check, compile and a short play.

    python -m cardrules.devtools.fuzz -n 100000 --workers 2 --seed 1
    python -m cardrules.devtools.fuzz --replay fuzz-crashes/traceback-....rules

Each case (cardrules.devtools.rulesgen) is compiled (a CompileError is the right answer to a
bad file), its worked examples are checked, the generated module is imported, and a match is
played by bots for a bounded number of moves. A crash is a Python traceback (any exception but
the documented user errors), a case that takes longer than --timeout seconds (a hang), or one
that needs more than --memory-mb (MemoryError, or the worker killed). Cases run in worker
processes that live for many cases, each under an address-space limit (RLIMIT_AS); the parent
enforces the timeout and restarts a worker after a crash. Every crashing input is saved with
its traceback and the command that reproduces it; crashes are counted by category and by
distinct location (exception type and innermost cardrules frame).

This is a developer tool, not part of the ``cardrules`` command.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import selectors
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, cast

from ..cards import CardError
from ..compiler import CompileError, compile_text
from .rulesgen import FULL, SUITE, generate

PROFILES = {"suite": SUITE, "full": FULL}
USER_ERRORS = (CompileError, CardError)  # a diagnostic, the right answer to a bad file
CASE_PATH = "fuzz_case.rules"


# ---------------------------------------------------------------- one case


@dataclass
class Outcome:
    compiled: bool = False  # check passed: no diagnostics
    examples_ok: bool = False  # and every worked example holds
    played: bool = False  # at least one move was played
    crash: str = ""  # "" or a category: traceback, memory
    where: str = ""  # exception type and innermost cardrules frame
    trace: str = ""
    stage: str = ""
    family: str = ""  # of the compiled game


def frame_site(frames: list[tuple[str, int, str]], with_line: bool = True) -> str:
    """Where, of frames innermost first: the innermost frame in cardrules or in a generated
    module (whose functions are named after the game's defs and combinations: `def_score`,
    `candidates_pair`, shown as `def_*`, `candidates_*`)."""
    for name, line, func in frames:
        if name.startswith("<cardrules"):
            return "generated " + re.sub(r"^(def|candidates|match|key)_.*", r"\1_*", func)
        if "cardrules" in name:
            short = "cardrules" + name.rsplit("cardrules", 1)[1]
            return f"{short}:{line} in {func}" if with_line else f"{short} in {func}"
    if frames:
        name, line, func = frames[0]
        return f"{Path(name).name}:{line} in {func}"
    return "?"


def crash_site(exc: BaseException) -> str:
    """Exception type and where it was raised (see frame_site)."""
    frames = [(f.filename, f.lineno or 0, f.name)
              for f in reversed(traceback.extract_tb(exc.__traceback__))]
    frames = [f for f in frames if not f[0].endswith("devtools/fuzz.py")]
    return f"{type(exc).__name__} at {frame_site(frames)}"


def run_case(text: str, *, moves: int = 80, path: str = CASE_PATH,
             stage: Any = None) -> Outcome:
    """Check, compile and briefly play one rules text. Never raises: a crash is recorded."""
    from typing import cast as _cast

    from ..examples import check_examples
    from ..families.climbing.game import ClimbingGame
    from ..loader import load_module
    from ..runtime.protocol import RulesModule

    out = Outcome()
    module_name = ""

    def at(name: str) -> None:
        out.stage = name
        if stage is not None:
            stage(name)

    try:
        at("check")
        try:
            game = compile_text(text, path)
        except USER_ERRORS as err:
            if isinstance(err, CompileError):
                at("render")
                err.render()  # the diagnostics must print
            return out
        out.compiled = True
        out.family = game.family
        at("compile")
        module, source = load_module(game, Path(path).name)
        module_name = module.__name__
        if game.banking is not None:
            from .fuzz_banking import play_banking
            play_banking(game, module, source, Path(path), moves, out, at)
            return out
        g = ClimbingGame(game, _cast(RulesModule, module), source, Path(path))
        at("examples")
        try:
            out.examples_ok = not check_examples(g)
        except USER_ERRORS:
            out.examples_ok = False
        seats = ["greedy"] + ["random"] * (g.players - 1)
        match = g.new_match(seed=1, seats=seats)
        left = moves
        while not match.over and left > 0:
            at("play")
            table = match.new_round()
            while not table.over and left > 0:
                table.apply(table.bot_move())
                out.played = True
                left -= 1
            if table.over:
                at("score")
                match.end_round(table)
                table.result()
        if match.over:
            match.result()
        at("done")
    except MemoryError:
        out.crash, out.where, out.trace = "memory", f"MemoryError in {out.stage}", \
            traceback.format_exc()
    except RecursionError as exc:
        out.crash, out.where, out.trace = "traceback", crash_site(exc), traceback.format_exc()
    except Exception as exc:  # noqa: BLE001 -- any other exception is what we look for
        out.crash, out.where, out.trace = "traceback", crash_site(exc), traceback.format_exc()
    finally:
        if module_name:
            sys.modules.pop(module_name, None)
    return out


# ---------------------------------------------------------------- the worker process


def limit_memory(mb: int) -> None:
    try:
        import resource
    except ImportError:  # not on this platform: the parent's timeout still applies
        return
    limit = mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def worker_main(seed: str, profile: str, moves: int, memory_mb: int, timeout: float) -> int:
    """Read case numbers on stdin; for each write stage lines and a result line on stdout.
    A case that runs into the parent's time limit first dumps its stack to stderr (which the
    parent reads to say where it hung)."""
    import faulthandler

    limit_memory(memory_mb)
    faulthandler.enable(file=sys.stderr)  # a segfault, too, shows where
    prof = PROFILES[profile]
    out = sys.stdout

    def send(obj: dict[str, Any]) -> None:
        out.write(json.dumps(obj) + "\n")
        out.flush()

    for line in sys.stdin:
        i = int(line)
        prog = generate(f"{seed}:{i}", prof)
        faulthandler.dump_traceback_later(max(0.1, timeout - 1.0), file=sys.stderr)
        o = run_case(prog.text, moves=moves, stage=lambda s: send({"stage": s}))
        faulthandler.cancel_dump_traceback_later()
        send({"i": i, "compiled": o.compiled, "examples_ok": o.examples_ok,
              "played": o.played, "crash": o.crash, "where": o.where, "trace": o.trace,
              "stage": o.stage, "stress": prog.stress, "fault": prog.fault,
              "family": o.family, "banking": "\nfamily banking\n" in prog.text})
        if o.crash == "memory":
            return 3  # start afresh after running out of memory
    return 0


@dataclass
class Worker:
    argv: list[str]
    proc: subprocess.Popen[bytes] = field(init=False)
    err: IO[bytes] = field(init=False)  # the worker's stderr: stacks of hung cases
    buf: bytes = b""
    case: int = -1
    err_at: int = 0
    started: float = 0.0
    stage: str = ""
    served: int = 0

    def __post_init__(self) -> None:
        self.start()

    def start(self) -> None:
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, start_new_session=True)
        self.buf, self.case, self.served = b"", -1, 0

    def send(self, i: int) -> None:
        stdin = cast(IO[bytes], self.proc.stdin)
        stdin.write(f"{i}\n".encode())
        stdin.flush()
        self.case, self.started, self.stage = i, time.monotonic(), "start"
        self.served += 1
        self.err_at = self.err.seek(0, os.SEEK_END)

    def stderr(self) -> str:
        """What the worker wrote to stderr during its current case."""
        self.err.seek(self.err_at)
        return self.err.read().decode("utf-8", "replace")

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        self.err.close()

    def restart(self) -> None:
        self.kill()
        self.start()


# ---------------------------------------------------------------- the run


@dataclass
class Tally:
    done: int = 0
    compiled: int = 0
    examples_ok: int = 0
    played: int = 0
    crashes: Counter[str] = field(default_factory=Counter)  # by category
    sites: Counter[str] = field(default_factory=Counter)  # by category + location
    saved: Counter[str] = field(default_factory=Counter)
    stress: Counter[str] = field(default_factory=Counter)  # crashes per stress shape
    banking: Counter[str] = field(default_factory=Counter)  # generated, compiled, played


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:80]


class Run:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.tally = Tally()
        self.out_dir = Path(args.out)
        self.t0 = time.monotonic()

    def save(self, i: int, category: str, where: str, trace: str, stage: str) -> None:
        key = f"{category}: {where}"
        self.tally.crashes[category] += 1
        self.tally.sites[key] += 1
        prog = generate(f"{self.args.seed}:{i}", PROFILES[self.args.profile])
        if prog.stress:
            self.tally.stress[prog.stress] += 1
        if self.tally.saved[key] >= self.args.keep:
            return
        self.tally.saved[key] += 1
        self.out_dir.mkdir(parents=True, exist_ok=True)
        stem = f"{category}-{slug(where)}-{self.args.seed}-{i}"
        rules = self.out_dir / f"{stem}.rules"
        rules.write_text(prog.text, encoding="utf-8")
        repro = f"python -m cardrules.devtools.fuzz --replay {rules.resolve()}"
        (self.out_dir / f"{stem}.txt").write_text(
            f"{key}\ncase {self.args.seed}:{i} (profile {self.args.profile}, stress "
            f"{prog.stress or '-'}, fault {prog.fault or '-'}), stage {stage}\n"
            f"reproduce: {repro}\n\n{trace}", encoding="utf-8")

    def result(self, w: Worker, r: dict[str, Any]) -> None:
        t = self.tally
        t.done += 1
        t.compiled += r["compiled"]
        t.examples_ok += r["compiled"] and r["examples_ok"]
        t.played += r["played"]
        if r.get("banking"):
            t.banking["generated"] += 1
            t.banking["compiled"] += r.get("family") == "banking"
            t.banking["played"] += r.get("family") == "banking" and r["played"]
        if r["crash"]:
            self.save(r["i"], r["crash"], r["where"], r["trace"], r["stage"])

    def lost(self, w: Worker, category: str) -> None:
        """The worker's case hung or killed the worker."""
        self.tally.done += 1
        if category == "hang":
            time.sleep(0.05)  # let the stack dump land
        code = w.proc.poll()
        dump = w.stderr()
        if category == "died" and "Timeout (" in dump:
            category = "hang"  # it died after its time was up (the stack dump fired)
        trace = f"the worker {'ran past the time limit' if category == 'hang' else 'died'} " \
                f"in stage {w.stage} (exit {code})\n{dump}"
        where = f"in {w.stage}"
        frames = [(name, int(line), func) for name, line, func in
                  re.findall(r'File "([^"]*)", line (\d+) in (\S+)', dump)]
        frames = [f for f in frames if not f[0].endswith("devtools/fuzz.py")]
        if frames:  # faulthandler lists the innermost frame first; a hang has no one line
            where += f" at {frame_site(frames, with_line=False)}"
        self.save(w.case, category, where, trace, w.stage)
        w.restart()

    def line(self, w: Worker, data: bytes) -> None:
        msg = json.loads(data)
        if "stage" in msg and "i" not in msg:
            w.stage = msg["stage"]
            return
        w.case = -1
        self.result(w, msg)

    def progress(self, final: bool = False) -> None:
        t, n = self.tally, self.args.n
        dt = time.monotonic() - self.t0
        rate = t.done / dt if dt else 0.0

        def pct(k: int) -> float:
            return 100.0 * k / t.done if t.done else 0.0

        crashes = ", ".join(f"{k} {v}" for k, v in sorted(t.crashes.items())) or "none"
        print(f"[{dt:7.1f}s] {t.done}/{n} cases, {rate:.1f}/s; pass check "
              f"{pct(t.compiled):.1f}%, examples hold {pct(t.examples_ok):.1f}%, reach play "
              f"{pct(t.played):.1f}%; crashes: {crashes}", flush=True)
        if final:
            print(f"\n{t.done} cases in {dt:.1f}s ({rate:.1f} cases/s, {self.args.workers} "
                  f"workers, profile {self.args.profile}, seed {self.args.seed})")
            print(f"pass check: {t.compiled} ({pct(t.compiled):.1f}%), worked examples hold: "
                  f"{t.examples_ok} ({pct(t.examples_ok):.1f}%), reach play: {t.played} "
                  f"({pct(t.played):.1f}%)")
            b = t.banking
            print(f"banking family: {b['generated']} cases, {b['compiled']} pass check, "
                  f"{b['played']} reach play")
            print(f"crashes: {sum(t.crashes.values())}")
            for cat, k in sorted(t.crashes.items()):
                print(f"  {cat}: {k}")
            if t.sites:
                print("distinct crashes:")
                for key, k in t.sites.most_common():
                    print(f"  {k:6d}  {key}")
                print(f"crashing inputs saved in {self.out_dir}/ (reproduce: python -m "
                      "cardrules.devtools.fuzz --replay FILE.rules)")
            if t.stress:
                print("crashes by stress shape drawn: " + ", ".join(
                    f"{k} {v}" for k, v in t.stress.most_common()))

    def go(self) -> int:
        a = self.args
        argv = [sys.executable, "-m", "cardrules.devtools.fuzz", "--worker", "--seed",
                str(a.seed), "--profile", a.profile, "--moves", str(a.moves),
                "--memory-mb", str(a.memory_mb), "--timeout", str(a.timeout)]
        workers = [Worker(argv) for _ in range(a.workers)]
        sel = selectors.DefaultSelector()
        for w in workers:
            sel.register(cast(IO[bytes], w.proc.stdout), selectors.EVENT_READ, w)
        nxt = 0
        last = time.monotonic()
        try:
            while self.tally.done < a.n:
                for w in workers:
                    if w.case < 0 and nxt < a.n:
                        if w.served >= a.recycle:
                            self._restart(sel, w)
                        w.send(nxt)
                        nxt += 1
                for key, _ in sel.select(timeout=0.2):
                    w = cast(Worker, key.data)
                    chunk = os.read(key.fd, 1 << 16)
                    if not chunk:  # the worker died
                        if w.case >= 0:
                            self.lost(w, "died")
                        else:
                            w.restart()
                        sel.unregister(key.fileobj)
                        sel.register(cast(IO[bytes], w.proc.stdout), selectors.EVENT_READ, w)
                        continue
                    w.buf += chunk
                    while b"\n" in w.buf:
                        data, w.buf = w.buf.split(b"\n", 1)
                        self.line(w, data)
                now = time.monotonic()
                for w in workers:
                    if w.case >= 0 and now - w.started > a.timeout:
                        sel.unregister(cast(IO[bytes], w.proc.stdout))
                        self.lost(w, "hang")
                        sel.register(cast(IO[bytes], w.proc.stdout), selectors.EVENT_READ, w)
                if now - last >= a.every:
                    last = now
                    self.progress()
        finally:
            for w in workers:
                w.kill()
        self.progress(final=True)
        return 1 if self.tally.crashes else 0

    def _restart(self, sel: selectors.BaseSelector, w: Worker) -> None:
        sel.unregister(cast(IO[bytes], w.proc.stdout))
        w.restart()
        sel.register(cast(IO[bytes], w.proc.stdout), selectors.EVENT_READ, w)


class Hang(BaseException):
    """The time limit of a replayed case (not an Exception: run_case lets it through)."""


def replay(path: Path, moves: int, memory_mb: int, timeout: float) -> int:
    """Run one saved case in this process, with the same limits, and show what happens."""
    limit_memory(memory_mb)
    if hasattr(signal, "SIGALRM"):
        def on_alarm(signum: int, frame: object) -> None:
            raise Hang(f"the case ran past {timeout} s")
        signal.signal(signal.SIGALRM, on_alarm)
        signal.alarm(max(1, int(timeout)))
    text = path.read_text("utf-8")
    t0 = time.monotonic()
    stages: list[str] = []
    try:
        o = run_case(text, moves=moves, path=str(path), stage=stages.append)
    except Hang:
        print(f"{path}: HANG in stage {stages[-1] if stages else '?'}\n"
              f"{traceback.format_exc()}")
        return 1
    dt = time.monotonic() - t0
    print(f"{path}: stage {o.stage}, passes check {o.compiled}, examples hold "
          f"{o.examples_ok}, played {o.played}, {dt:.2f}s")
    if o.crash:
        print(f"CRASH ({o.crash}): {o.where}\n{o.trace}")
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m cardrules.devtools.fuzz",
                                 description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("-n", type=int, default=1000, help="cases to run (default 1000)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="full",
                    help="full (default): with the extremes of issue 6; suite: as the tests")
    ap.add_argument("--moves", type=int, default=80, help="moves played per case (default 80)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per case")
    ap.add_argument("--memory-mb", type=int, default=1024)
    ap.add_argument("--out", default="fuzz-crashes", help="folder for crashing inputs")
    ap.add_argument("--keep", type=int, default=5,
                    help="inputs saved per distinct crash (default 5)")
    ap.add_argument("--every", type=float, default=10.0, help="seconds between progress lines")
    ap.add_argument("--recycle", type=int, default=5000,
                    help="cases a worker runs before it is restarted")
    ap.add_argument("--replay", type=Path, help="run one saved .rules case here and exit")
    ap.add_argument("--show", metavar="CASE", help="print the program of case SEED:I")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker:
        return worker_main(a.seed, a.profile, a.moves, a.memory_mb, a.timeout)
    if a.replay:
        return replay(a.replay, a.moves, a.memory_mb, a.timeout)
    if a.show:
        print(generate(a.show, PROFILES[a.profile]).text, end="")
        return 0
    return Run(a).go()



if __name__ == "__main__":
    sys.exit(main())
