"""The ``cardrules`` command. Exit 0: done; 1: bad input (rules, cards, moves); 2: bad usage."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .cards import RANK_NAMES, SUIT_LETTERS, CardError
from .compiler.diagnostics import CompileError
from .files import write_replacing
from .game import Game, GameNotFound, is_banking, is_climbing, is_tricks, load
from .runtime.core import MAX_TOTAL, IllegalMove
from .terminal import read_line
from .text import display_width, ljust_display, plural, printable

if TYPE_CHECKING:
    from .compiler.diagnostics import Diagnostic
    from .compiler.diff import Difference
    from .families.climbing.game import ClimbingGame
    from .families.tricks.game import TricksGame
    from .replay import Recorder

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2
MAX_WORKERS = 64  # processes `simulate --workers` may start (each loads the game)
# Games one `simulate` may play: more is a mistake (a billion rounds of big_two is days of
# CPU); with --record, each game writes a file, so far fewer.
MAX_GAMES = 100_000_000
MAX_RECORDED = 100_000
EXIT_PIPE = 128 + 13  # the reader went away (`| head`): what the shell reports for cat or yes,
# which SIGPIPE ends; Python ignores SIGPIPE, so it is done by hand, quietly


class UsageError(Exception):
    pass


class InputError(Exception):
    pass


def _load_any(name: str) -> Game:
    try:
        return load(name)
    except GameNotFound as err:
        raise InputError(str(err)) from None


def _load(name: str) -> ClimbingGame | TricksGame:
    """A game of a family with combinations or tricks (not of the banking family)."""
    game = _load_any(name)
    if is_climbing(game) or is_tricks(game):
        return game
    raise InputError(f"{game.name} is a banking game: it has no combinations")


def _seats(text: str | None, game: Game) -> list[str]:
    """``--seats``: the seat kinds, comma separated; their count is the table's size (a
    banking game seats ``players`` to ``players_max``)."""
    if text is None:
        return ["threshold"] * game.players if is_banking(game) else \
            ["greedy"] + ["random"] * (game.players - 1)
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    for k in kinds:
        try:
            game.check_seat_kind(k)
        except ValueError as err:
            raise UsageError(f"--seats: {err}") from None
    if game.players == game.players_max and len(kinds) != game.players:
        raise UsageError(f"--seats: this game has {game.players} seats, {len(kinds)} given")
    if not game.players <= len(kinds) <= game.players_max:
        raise UsageError(f"--seats: {game.name} seats {game.players} to {game.players_max}, "
                         f"not {len(kinds)}")
    try:  # a bot this game's rules cannot seat (made once: the game keeps it for the table)
        game.bots(kinds)
    except ValueError as err:
        raise UsageError(f"--seats: {err}") from None
    return kinds


# ------------------------------------------------------------------ list, check, compile
def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    from .cache import info
    from .compiler.paths import builtin_games
    rows = []
    for path in builtin_games():
        g = info(path)  # from the cache of compiled games: compiled only if not there
        seats = str(g.players) if g.players_max == g.players else f"{g.players}-{g.players_max}"
        rows.append((g.name, g.title, seats, g.family))
    widths = [max(display_width(r[i]) for r in rows + [("game", "title", "players", "family")])
              for i in range(4)]
    for row in [("game", "title", "players", "family"), *rows]:
        out.write("  ".join(ljust_display(c, w) for c, w in zip(row, widths, strict=True))
                  .rstrip() + "\n")
    return EXIT_OK


def check_game(game: Game) -> tuple[list[Diagnostic], list[Diagnostic], str]:
    """What `cardrules check` finds in a loaded game: the worked examples its rules contradict
    (errors; the lint does not run then), the lint's warnings, and the line that says ok
    (the web table's check says the same: cardrules/web/pasted.py)."""
    from .examples import check_examples
    from .families.climbing.lint import lint
    failures = check_examples(game)
    if failures:
        return failures, [], ""
    n = len(game.ir.examples)
    held = f"{plural(n, 'worked example')} {'holds' if n == 1 else 'hold'}"
    if is_banking(game):
        actions = plural(len(game.module.ACTIONS), "action")
        return [], [], f"{game.path}: ok: {game.name}, {actions}, {held}"
    warnings = lint(game) if is_climbing(game) else []
    noted = f", {plural(len(warnings), 'warning')}" if warnings else ""
    parts = (plural(len(game.ir.tricks.units), "unit") if game.ir.tricks is not None
             else plural(len(game.ir.combinations), "combination"))
    return [], warnings, f"{game.path}: ok: {game.name}, {parts}, {held}{noted}"


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    game = _load_any(args.game)
    failures, warnings, line = check_game(game)
    sources = {str(game.path): game.ir.source}
    if failures:
        raise CompileError(failures, sources)
    for w in warnings:
        sys.stderr.write(w.render(sources) + "\n")
    out.write(line + "\n")
    return EXIT_OK


def cmd_compile(args: argparse.Namespace, out: TextIO) -> int:
    game = _load_any(args.game)
    target = Path(args.output)
    if target.exists() and not target.is_dir():
        raise UsageError(f"-o {target}: not a directory (-o names the directory to write "
                         f"{game.name}.py into)")
    if not target.exists() and target.suffix == ".py":
        raise UsageError(f"-o {target}: -o names a directory, and the module is written into "
                         f"it as {game.name}.py: give -o {target.parent}")
    target.mkdir(parents=True, exist_ok=True)
    path = target / f"{game.name}.py"
    if _not_a_file(path):
        raise UsageError(f"{path}: not a regular file: give -o another directory")
    write_replacing(path, game.source)
    out.write(f"wrote {path}\n")
    return EXIT_OK


def cmd_classify(args: argparse.Namespace, out: TextIO) -> int:
    game = _load(args.game)
    try:
        cards = game.parse_cards(" ".join(args.cards))
    except CardError as err:
        raise InputError(str(err)) from None
    if not cards:  # `classify big_two ''`
        raise InputError("no cards given: write cards like S3 H10 DQ")
    if game.family == "tricks":
        return _classify_tricks(game, cards, args, out)
    if args.trump is not None or args.level is not None:
        raise UsageError(f"--trump and --level give a trump state, for a trick-taking game; "
                         f"{game.name} is of family {game.family} and has none")
    combo = game.classify(cards)
    if combo is None:
        out.write(f"{game.format_cards(game.sort_cards(cards))}: not a combination\n")
        return EXIT_INPUT
    out.write(f"{game.format_cards(combo.cards)}: {combo}\n")
    return EXIT_OK


def _classify_tricks(game: Game, cards: tuple[int, ...], args: argparse.Namespace,
                     out: TextIO) -> int:
    """A unit under the trump state given by --trump and --level."""
    from .families.tricks.game import TricksGame
    assert isinstance(game, TricksGame)
    if args.level is None:
        raise UsageError("a trick-taking game classifies under a trump state: give --trump "
                         "SUIT|none and --level RANK")
    trump = "none" if args.trump is None else args.trump
    state = game.state(trump, args.level)
    combo = game.classify(cards, trump=trump, level=args.level)
    shown = game.format_cards(game.sort_cards(cards, state))
    suit = SUIT_LETTERS[state.suit] if state.suit >= 0 else "none"
    where = f"(trump {suit}, level {RANK_NAMES[state.rank]})"  # as cards are written
    if combo is None:
        out.write(f"{shown}: not a unit {where}\n")
        return EXIT_INPUT
    out.write(f"{shown}: {combo} {where}\n")
    return EXIT_OK


# ------------------------------------------------------------------ play
def _recorder(args: argparse.Namespace, game: Game,
              seats: list[str]) -> Recorder | None:
    """``--record FILE``: the match is recorded, and written once it is over."""
    if args.record is None:
        return None
    from .replay import Recorder
    target = Path(args.record)
    if target.is_dir() or not target.parent.is_dir():
        raise UsageError(f"--record {target}: give a file in an existing folder")
    if _not_a_file(target):
        raise UsageError(f"--record {target}: not a regular file: give a file name (the "
                         "replay is written to a new file, then renamed over it)")
    return Recorder(game, seed=args.seed, seats=seats)


def _not_a_file(path: Path) -> bool:
    """Whether something other than a regular file stands at ``path`` (a device such as
    /dev/null, a pipe, or a symlink to one): written whole through a new file renamed over
    it, it would be replaced by a file."""
    return path.exists() and not path.is_file()


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    game_any = _load_any(args.game)
    if is_banking(game_any):
        from .families.banking.cli import play_banking
        kinds = _seats(args.seats, game_any)
        if "human" in kinds and sys.stdin is None:  # started with `<&-`
            raise UsageError("--seats: a human seat reads moves from standard input, which "
                             "is closed")
        brec = _recorder(args, game_any, kinds)
        play_banking(game_any, kinds, args.seed, out, brec)
        if brec is not None:
            _save(brec, args.record, brec.scores, out)
        return EXIT_OK
    game = game_any
    seats = _seats(args.seats, game)
    if "human" in seats and sys.stdin is None:  # started with `<&-`
        raise UsageError("--seats: a human seat reads moves from standard input, which is "
                         "closed")
    rec = _recorder(args, game, seats)
    if is_tricks(game):
        from .families.tricks.cli import play as play_tricks
        levels = play_tricks(game, args.seed, seats, out, rec)
        if rec is not None:
            _save(rec, args.record, levels, out)
        return EXIT_OK
    assert is_climbing(game)
    from .families.climbing.cli import play
    totals = play(game, args.seed, seats, out, rec)
    if rec is not None:
        _save(rec, args.record, totals, out)
    return EXIT_OK


def _save(rec: Recorder, path: str, totals: Sequence[int], out: TextIO) -> None:
    rec.save(Path(path), totals)
    out.write(f"recorded to {path}\n")


# ------------------------------------------------------------------ replay
def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    from .replay import show
    pause = None
    if args.pause:
        if sys.stdin is None:
            raise UsageError("--pause reads Enter from standard input, which is closed")

        def pause() -> bool:
            out.write("  [Enter: next, q: stop] ")
            out.flush()
            line = read_line()
            return line is not None and line.strip().lower() not in ("q", "quit")

    show(Path(args.file), out, seat=args.seat, opened=args.open,
         rules=Path(args.rules) if args.rules else None, pause=pause)
    return EXIT_OK


# ------------------------------------------------------------------ simulate
def _record_dir(args: argparse.Namespace) -> str | None:
    """``--record DIR``: a replay file per game, written by whichever process plays it."""
    if args.record is None:
        return None
    target = Path(args.record)
    if target.exists() and not target.is_dir():
        raise UsageError(f"--record {target}: not a directory")
    target.mkdir(parents=True, exist_ok=True)
    return str(target.resolve())


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from .pool import SimulationError
    try:
        return _simulate(args, out)
    except SimulationError as err:  # a lost worker, Ray missing or unreachable
        raise InputError(str(err)) from None


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    from .simulate import simulate, summary_text
    game_any = _load_any(args.game)
    most = MAX_GAMES if args.record is None else MAX_RECORDED
    if not 1 <= args.n <= most:
        raise UsageError(f"-n must be between 1 and {most:,}"
                         + (" with --record (a replay file per game)"
                            if args.record is not None and args.n > most else ""))
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address is the Ray cluster's: give it with --backend ray")
    if args.workers is None:  # local: one process; Ray: one worker per CPU of the cluster
        args.workers = 1 if args.backend == "local" else 0
    elif not 1 <= args.workers <= (MAX_WORKERS if args.backend == "local" else 4096):
        raise UsageError(f"--workers must be between 1 and "
                         f"{MAX_WORKERS if args.backend == 'local' else 4096}")
    where = {"backend": args.backend, "address": args.address}
    if is_banking(game_any):
        from .simulate_banking import banking_summary, simulate_banking
        kinds = _seats(args.seats, game_any)
        if "human" in kinds:
            raise UsageError("--seats: simulate plays bots only; a human seat is for "
                             "'cardrules play'")
        bstats = simulate_banking(game_any, n=args.n, seed=args.seed, seats=kinds,
                                  workers=args.workers, record=_record_dir(args),
                                  progress=sys.stderr.isatty() and not args.json, **where)
        out.write(json.dumps(bstats, indent=2, ensure_ascii=False) + "\n" if args.json
                  else banking_summary(bstats))
        return EXIT_OK
    game = game_any
    seats = _seats(args.seats, game)
    if "human" in seats:
        raise UsageError("--seats: simulate plays bots only; a human seat is for "
                         "'cardrules play'")
    show = sys.stderr.isatty() and not args.json
    stats = simulate(game, n=args.n, seed=args.seed, seats=seats, workers=args.workers,
                     progress=show, record=_record_dir(args), **where)
    if args.json:
        out.write(json.dumps(stats, indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(summary_text(stats))
    return EXIT_OK


# ------------------------------------------------------------------ diff
_RED, _GREEN, _DIM, _RESET = "\033[31m", "\033[32m", "\033[2m", "\033[0m"


def _text(a: str, b: str, diffs: list[Difference], color: bool) -> str:
    """One line per difference (old -> new); long values get a line each; witness below."""
    red, green, dim, reset = (_RED, _GREEN, _DIM, _RESET) if color else ("", "", "", "")
    lines = [f"--- {a}", f"+++ {b}"]
    for d in diffs:
        if d.change == "changed" and len(f"{d.old}{d.new}") > 70:
            lines += [f"{d.what} changed:", f"  {red}- {d.old}{reset}",
                      f"  {green}+ {d.new}{reset}"]
        elif d.change == "changed":
            lines.append(f"{d.what}: {red}{d.old}{reset} -> {green}{d.new}{reset}")
        else:
            lines.append((green if d.change == "added" else red) + d.line() + reset)
        if d.witness:
            lines.append(f"    {dim}witness: {d.witness}{reset}")
    return "\n".join(lines) + "\n"


def cmd_diff(args: argparse.Namespace, out: TextIO) -> int:
    from .compiler.diff import diff
    from .families.climbing.witness import with_witnesses  # noqa: I001 (loads the runtime lazily)
    a_any, b_any = _load_any(args.a), _load_any(args.b)
    if is_banking(a_any) and is_banking(b_any):
        from .families.banking.witness import with_banking_witnesses
        diffs = with_banking_witnesses(a_any, b_any, diff(a_any.ir, b_any.ir))
    elif is_banking(a_any) or is_banking(b_any):
        from .compiler.diff import without_probe  # two families: the family, table, match
        diffs = [without_probe(d) for d in diff(a_any.ir, b_any.ir)]
    else:
        diffs = with_witnesses(a_any, b_any, diff(a_any.ir, b_any.ir))
    a, b = a_any, b_any
    if not diffs:
        return EXIT_OK
    if args.format == "json":
        doc = {"a": a.name, "b": b.name, "differences": [d.record() for d in diffs]}
        out.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    elif args.format == "markdown":
        out.write(f"| | {a.name} | {b.name} | witness |\n|---|---|---|---|\n")
        for d in diffs:
            cells = [d.what, d.old or "", d.new or "", d.witness or ""]
            if d.change != "changed":
                cells[1 if d.change == "removed" else 2] = d.change
            out.write("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |\n")
    else:
        out.write(_text(a.name, b.name, diffs, out.isatty()))
    return EXIT_INPUT


# ------------------------------------------------------------------ entry
SUBPARSERS: dict[str, argparse.ArgumentParser] = {}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardrules", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    SUBPARSERS.clear()
    sub.add_parser("list", help="the built-in games")
    c = sub.add_parser("check", help="validate a game and its worked examples")
    c.add_argument("game", help="a built-in game name or a .rules file")
    c = sub.add_parser("compile", help="write the generated Python module")
    c.add_argument("game")
    c.add_argument("-o", "--output", default=".", metavar="DIR",
                   help="the directory to write NAME.py into, made if missing (default .)")
    c = sub.add_parser("classify", help="what combination some cards form")
    c.add_argument("game")
    c.add_argument("cards", nargs="+", help="cards like S3 H10 DQ or ♠3 ♥10")
    c.add_argument("--trump",
                   help="family tricks: the trump suit (S H C D, or none; default none)")
    c.add_argument("--level", help="family tricks: the trump rank (the dealer side's level)")
    for name, helptext in (("play", "play one round or match"),
                           ("simulate", "play many games with bots")):
        c = sub.add_parser(name, help=helptext)
        SUBPARSERS[name] = c
        c.add_argument("game")
        c.add_argument("--seed", type=seed_number, default=1,
                       help="a whole number below 2**64 in size (default 1)")
        c.add_argument("--seats", help="seat kinds, comma separated, one a seat: human"
                       f"{' (play only)' if name == 'simulate' else ''}, the game's bots "
                       "(random, greedy; banking: random, threshold, thresholdN, expect) "
                       "and ismcts, ismcts:N, ismcts:Xs (default: greedy, then random; "
                       "banking: threshold)")
        c.add_argument("--record", metavar="FILE" if name == "play" else "DIR",
                       help="write the match as a replay file" if name == "play"
                       else "write a replay file per game into this folder")
        if name == "simulate":
            c.add_argument("-n", type=int, required=True, help="how many games")
            c.add_argument("--workers", type=int, help="processes (default 1), or Ray workers "
                           "(default: one per CPU of the cluster)")
            c.add_argument("--backend", choices=("local", "ray"), default="local",
                           help="where the games are played: local processes, or Ray "
                           "(the ray extra)")
            c.add_argument("--address", help="with --backend ray: the cluster's address "
                           "(default: a local Ray instance for this run)")
            c.add_argument("--json", action="store_true")
    c = sub.add_parser("diff", help="what differs between two games (exit 1 if anything)")
    c.add_argument("a", help="a built-in game name or a .rules file")
    c.add_argument("b")
    c.add_argument("--format", choices=("text", "markdown", "json"), default="text")
    c = sub.add_parser("serve", help="a web table: play in a browser with friends and bots")
    c.add_argument("--host", default="127.0.0.1", help="address to listen on (default local)")
    c.add_argument("--port", type=int, default=8000)
    c = sub.add_parser("replay", help="step through a recorded match")
    SUBPARSERS["replay"] = c
    c.add_argument("file", help="a replay file (play --record, simulate --record)")
    c.add_argument("--seat", type=int, help="whose view to show (default: the human seat, "
                   "else seat 0)")
    c.add_argument("--open", action="store_true", help="show every hand")
    c.add_argument("--rules", help="the rules file, when it is not a built-in game")
    c.add_argument("--pause", action="store_true", help="wait for Enter after each action")
    SUBPARSERS.update(sub.choices)  # a usage error shows the command's own usage line
    return p


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    try:
        from .web.server import listen, serve
        if importlib.util.find_spec("wsproto") is None:  # uvicorn's other WebSocket library
            import websockets  # noqa: F401 (the tables' pushes: uvicorn has none of its own)
    except ImportError as err:
        raise UsageError(f"serve needs the web extra ({err.name} is not installed): "
                         "pip install 'cardrules[web]'") from None
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be between 1 and 65535, not {args.port}")
    try:
        sock = listen(args.host, args.port)
    except OSError as err:
        raise InputError(f"cannot listen on {args.host}:{args.port}: "
                         f"{err.strerror or err}") from None
    shown = f"[{args.host}]" if ":" in args.host else args.host  # an IPv6 address
    out.write(f"cardrules: serving on http://{shown}:{args.port}/ (Ctrl-C stops)\n")
    out.flush()
    serve(sock)
    return EXIT_OK


COMMANDS = {"list": cmd_list, "check": cmd_check, "compile": cmd_compile,
            "classify": cmd_classify, "play": cmd_play, "simulate": cmd_simulate,
            "diff": cmd_diff, "serve": cmd_serve, "replay": cmd_replay}


def seed_number(text: str) -> int:
    """``--seed``: a whole number below 2**64 either way (what a replay file holds; read
    without converting a number of any length)."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 20 \
            or abs(int(text)) >= MAX_TOTAL:
        raise argparse.ArgumentTypeError(f"'{text[:40]}' is not a seed: a whole number below "
                                         "2**64 in size")
    return int(text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    out = sys.stdout
    if out is None:  # started with standard output closed (`cardrules play >&-`)
        if sys.stderr is not None:
            sys.stderr.write("cardrules: error: standard output is closed\n")
        return EXIT_USAGE if args.command == "diff" else EXIT_INPUT
    # Bad input exits 1; but diff, like diff(1), says "differences" with 1 and trouble with 2.
    trouble = EXIT_USAGE if args.command == "diff" else EXIT_INPUT
    try:
        status = COMMANDS[args.command](args, out)
        out.flush()  # a closed pipe shows here, not at exit
        return status
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE
    except UsageError as err:
        SUBPARSERS.get(args.command, parser).print_usage(sys.stderr)
        sys.stderr.write(f"cardrules: error: {printable(str(err))}\n")
        return EXIT_USAGE
    except CompileError as err:
        sys.stderr.write(err.render() + "\n")
        sys.stderr.write(plural(len(err.diagnostics), "error") + "\n")
        return trouble
    except (InputError, CardError, IllegalMove, ValueError) as err:  # ReplayError too
        sys.stderr.write(f"cardrules: error: {printable(str(err))}\n")
        return trouble
    except OSError as err:
        sys.stderr.write(f"cardrules: error: {err.strerror or err}: "
                         f"{getattr(err, 'filename', '') or ''}\n")
        return trouble
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    except Exception:
        if args.command != "diff":
            raise
        # a bug, not a verdict: diff's 1 means "differences", so trouble must say 2
        import traceback
        traceback.print_exc()
        sys.stderr.write("cardrules: internal error in diff (a bug: please report it)\n")
        return EXIT_USAGE


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the flush at exit writes nothing
    and raises nothing (the recipe of Python's signal module documentation)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no file descriptor (a captured stream in tests)
        pass


if __name__ == "__main__":
    sys.exit(main())
