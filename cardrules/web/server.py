"""`cardrules serve`: a local web server where people play any game, with friends and bots.

Each table gives every human seat a link holding a secret token; a request (HTTP or WebSocket)
acts for, and sees, only the seat its token names. Bots move on the server as soon as it is
their turn. Rules pasted in by a person are checked in a separate process, with a time and
memory limit, before the server loads them. Tables, connections and uploads are bounded.

Routes: ``/`` the start page; ``/t/ID?token=T`` a seat's table page; ``/api/games``;
``POST /api/tables`` (a game or rules text, the seat kinds) -> the links; ``GET
/api/tables/ID/state?token=T``; ``POST /api/tables/ID/move?token=T`` ``{"move": "S3 S4"}``;
``POST /api/tables/ID/next?token=T`` (the next round); ``GET /api/tables/ID/replay?token=T``
(the match as a replay file, once it is over); ``POST /api/check`` (rules text -> diagnostics);
``WS /ws/tables/ID?token=T`` (the state pushed at every change; moves sent); ``/replay`` the
page that opens a replay file; ``POST /api/replays`` (a replay file, and rules if not a
built-in game) -> its rounds; ``GET /api/replays/ID/rounds/N?view=SEAT|open`` (a round's
frames).

What a seat may download: the table's replay file, once the match is over (one round or
many, as the rules say). The file names the match's seed, from which every deal of the match
follows, so a file saved earlier would let a seat deal the hands to come; at the end of the
match every hand has been shown to every seat, so the file reveals nothing a seat has not
been shown. Before then the request is refused (409)."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import secrets
import socket
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..compiler import CompileError, builtin_games
from ..compiler.limits import MAX_FILE_BYTES
from ..families.banking.game import BankingGame
from ..game import from_ir, load
from ..replay import Recorder, ReplayError
from ..runtime.core import IllegalMove, ScoresTooLarge, check_totals
from . import replays
from .pasted import base_of, check_pasted, compile_pasted, hash_pasted, unmarked
from .state import AnyGame, render

MAX_TABLES = 64
MAX_SOCKETS_PER_SEAT = 4
MAX_BOT_MOVES = 100_000  # between two human moves: a round of any built-in game is far less
CHECK_SECONDS = 10.0
CHECK_MEMORY = 1 << 30
IDLE_SECONDS = 3600.0  # a table without a move so long may be closed to make room


class BadRequest(Exception):
    """A request the server refuses, with the sentence to show."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


# ---------------------------------------------------------------- checking uploads
TOO_MUCH_MEMORY = "upload.rules: error: checking these rules took too much memory"


def _compile_worker(text: str, conn: Any) -> None:
    """Whether the rules compile (the rules of an uploaded replay file: `cardrules replay`
    does not check a game's worked examples either)."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (CHECK_MEMORY, CHECK_MEMORY))
    try:
        compile_pasted(text)
        conn.send(("ok", "", ""))
    except CompileError as err:
        conn.send(("error", err.render(), ""))
    except MemoryError:
        conn.send(("error", TOO_MUCH_MEMORY, ""))


def _check_worker(text: str, conn: Any) -> None:
    """`cardrules check`: the rules compile, their worked examples hold (else an error), and
    the lint's warnings (pasted.check_pasted, by the command's own function)."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (CHECK_MEMORY, CHECK_MEMORY))
    try:
        ok, shown, summary = check_pasted(text)
        conn.send(("ok" if ok else "error", shown, summary))
    except MemoryError:
        conn.send(("error", TOO_MUCH_MEMORY, ""))


def _diff_worker(text: str, conn: Any) -> None:
    """`cardrules diff BASE upload.rules`, as the command line prints it. BASE is the
    built-in game the variant extends (never a path, nor a file of the server's folders)."""
    import contextlib
    import io
    import resource
    import tempfile

    from .. import cli

    resource.setrlimit(resource.RLIMIT_AS, (CHECK_MEMORY, CHECK_MEMORY))
    try:
        base = base_of(text)
    except CompileError as parse_error:
        conn.send(("error", parse_error.render(), ""))
        return
    if base is None:
        conn.send(("error", "this variant extends no game: write 'game NAME extends BASE'", ""))
        return
    builtin = {p.stem: p for p in builtin_games()}
    if base not in builtin:
        conn.send(("error", f"a pasted variant extends a built-in game, not "
                            f"'{base[:40]}' ({', '.join(builtin)})", ""))
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "upload.rules"
        path.write_text(unmarked(text), "utf-8")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(["diff", str(builtin[base]), str(path)])
    shown = (out.getvalue() + err.getvalue()).replace(str(path), "upload.rules") \
        .replace(str(builtin[base].parent) + "/", "")
    conn.send(("ok" if code in (0, 1) else "error", shown or f"no difference from {base}", ""))


@dataclass(frozen=True)
class Checked:
    """What `cardrules check` says of rules text: ``ok`` (it compiles and its worked
    examples hold), ``diagnostics`` (the errors, or else the warnings, as the command prints
    them to stderr) and ``summary`` (the line it prints when ok)."""

    ok: bool
    diagnostics: str
    summary: str


def check_upload(text: str) -> Checked:
    """`cardrules check` of rules text, in a separate process: a check that runs too long or
    too large is refused (its worked examples and lint run within the same limits)."""
    status, message, summary = _in_child(_check_worker, text)
    return Checked(status == "ok", message, summary)


def compile_upload(text: str) -> str | None:
    """Compile rules text in a separate process; None if it compiles, else the diagnostics
    as the command line prints them. A compile that runs too long or too large is refused."""
    status, message, _ = _in_child(_compile_worker, text)
    return None if status == "ok" else message


def diff_upload(text: str) -> tuple[bool, str]:
    """The variant's differences from the game it extends (with witnesses), as
    `cardrules diff` prints them, computed in a separate process; (False, why) if it fails."""
    status, message, _ = _in_child(_diff_worker, text)
    return status == "ok", message


def _in_child(worker: Callable[[str, Any], None], text: str) -> tuple[str, str, str]:
    """Run ``worker(text, pipe)`` in a new process with a time limit: what it sent,
    ("ok" or "error", a message, a summary), or ("error", why it sent nothing, "")."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        return "error", f"upload.rules:1:1: error: the file is larger than " \
                        f"{MAX_FILE_BYTES:,} bytes", ""
    ctx = multiprocessing.get_context("spawn")
    here, there = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=worker, args=(text, there), daemon=True)
    proc.start()
    there.close()
    try:
        if here.poll(CHECK_SECONDS):
            status, message, summary = here.recv()
            return str(status), str(message), str(summary)
        return "error", (f"upload.rules: error: checking these rules took more than "
                         f"{CHECK_SECONDS:.0f} s"), ""
    except EOFError:
        return "error", "upload.rules: error: checking these rules failed (out of memory?)", ""
    finally:
        proc.kill()
        proc.join(5)
        here.close()


# ---------------------------------------------------------------- tables
@dataclass
class Session:
    """One table: a game, its seats, the round being played, and each human seat's token."""

    id: str
    game: AnyGame
    kinds: list[str]
    seed: str
    tokens: dict[str, int]
    round: int = 0
    match: Any = None
    table: Any = None
    version: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sockets: dict[int, list[WebSocket]] = field(default_factory=dict)
    totals: list[int] = field(default_factory=list)
    recorder: Recorder | None = None  # every round, for the replay file
    practice: bool = False  # its creator chose the seed: every seat is shown it
    active: float = field(default_factory=time.monotonic)  # its last move (or its start)
    closed: bool = False  # closed to make room: a socket still open may not move
    stopped: str | None = None  # why the match stopped short (ScoresTooLarge), else None

    def start_round(self) -> None:
        g = self.game
        if isinstance(g, BankingGame):
            table = g.new_table(seed=f"{self.seed}:{self.round}", seats=self.kinds)
        else:
            if self.match is None:
                self.match = g.new_match(seed=self.seed, seats=self.kinds)
            table = self.match.new_round()
        self.table = self.recorder.start_round(table) if self.recorder else table
        self.round += 1
        self.run_bots()

    def end_round(self) -> None:
        """Record a finished round in the match; the totals are the sums of the scores. A
        match whose scores grew past their bound (ScoresTooLarge) stops here: the round is not
        recorded, ``stopped`` says why, and no round follows."""
        scores = self.table.result().scores
        totals = [a + b for a, b in zip(self.totals or [0] * len(scores), scores, strict=True)]
        try:
            check_totals(scores, totals, self.round)
            if self.match is not None:
                self.match.end_round(self.table)
        except ScoresTooLarge as err:
            self.stopped = str(err)
            return
        if self.recorder is not None:
            self.recorder.end_round(self.table)
        self.totals = totals

    def run_bots(self) -> None:
        for _ in range(MAX_BOT_MOVES):
            if self.table.over or self.kinds[self.table.seat] == "human":
                break
            self.table.apply(self.table.bot_move())
        if self.table.over:
            self.end_round()
        self.version += 1

    def state(self, seat: int) -> dict[str, Any]:
        out = render(self.game, self.table, seat)
        out["round"] = self.round
        out["version"] = self.version  # grows at every move
        out["kinds"] = self.kinds
        out["totals"] = self.totals
        out["match_over"] = self.match_done()
        out["rounds_over"] = self.recorder.rounds_over if self.recorder else 0
        out["replay_ready"] = self.match_done() and self.stopped is None
        out["stopped"] = self.stopped
        out["practice"] = self.practice
        if self.practice:  # a seed its creator chose, so known to one seat: shown to all
            out["seed"] = self.seed
        return out

    def match_done(self) -> bool:
        """Whether the match is over (a banking game: its rounds are played, as
        ``play_match`` plays them; no round is dealt after, from the seed the saved replay
        file shows)."""
        if self.stopped is not None:
            return True
        if self.match is not None:
            return bool(self.match.over)
        assert isinstance(self.game, BankingGame)
        rounds = self.recorder.rounds_over if self.recorder else 0
        return rounds >= (self.game.module.MATCH_ROUNDS or 1)

    def replay_text(self) -> str:
        """The match's replay file (the same writer as ``play --record``), once the match is
        over: the file names the match's seed, from which every later round's deal follows,
        so a file saved before the end would show a seat the others' hands to come."""
        rec = self.recorder
        if self.stopped is not None:
            raise BadRequest(f"no replay file: the match stopped short ({self.stopped})", 409)
        if rec is None or not self.match_done():
            over = rec.rounds_over if rec else 0
            raise BadRequest("the replay file is saved when the match is over: it names the "
                             "match's seed, from which every deal to come follows "
                             f"({over} round{'' if over == 1 else 's'} over so far)", 409)
        totals = self.match.result().totals if self.match is not None else rec.scores
        return rec.text(list(totals))


class Tables:
    """Every open table, at most MAX_TABLES (the oldest finished one makes room, else the
    one idle longest, if IDLE_SECONDS passed without a move)."""

    def __init__(self) -> None:
        self.by_id: dict[str, Session] = {}

    def add(self, game: AnyGame, kinds: list[str], seed: str,
            sha256: str | None = None, practice: bool = False) -> Session:
        """A new table; ``sha256``: the rules' hash when they are text, not a file."""
        self.make_room()
        return self.put(self.made(game, kinds, seed, sha256, practice))

    def make_room(self) -> None:
        """If MAX_TABLES are open, close one: the oldest whose round is over, else the one
        without a move for longest, if that is IDLE_SECONDS at least; else 503."""
        if len(self.by_id) >= MAX_TABLES:
            done = [k for k, s in self.by_id.items() if s.table is not None and s.table.over]
            now = time.monotonic()
            idle = sorted((s.active, k) for k, s in self.by_id.items()
                          if now - s.active >= IDLE_SECONDS)
            if not done and not idle:
                raise BadRequest(f"the server has {MAX_TABLES} tables in play; try later (a "
                                 f"table makes room when its round is over, or after "
                                 f"{IDLE_SECONDS / 60:.0f} minutes without a move)", 503)
            self.by_id.pop(done[0] if done else idle[0][1]).closed = True

    @staticmethod
    def made(game: AnyGame, kinds: list[str], seed: str, sha256: str | None,
             practice: bool = False) -> Session:
        """A new session, its first round dealt and its bots played up to a person's turn
        (slow with search bots: the server runs it in a worker thread)."""
        tokens = {secrets.token_urlsafe(16): s for s, k in enumerate(kinds) if k == "human"}
        session = Session(id=secrets.token_urlsafe(8), game=game, kinds=kinds, seed=seed,
                          tokens=tokens, practice=practice,
                          recorder=Recorder(game, seed=seed, seats=kinds, sha256=sha256))
        session.start_round()
        return session

    def put(self, session: Session) -> Session:
        self.make_room()
        self.by_id[session.id] = session
        return session

    def seat_of(self, table_id: str, token: str | None) -> tuple[Session, int]:
        session = self.by_id.get(table_id)
        if session is None:
            raise BadRequest("no such table", 404)
        if not token or token not in session.tokens:
            raise BadRequest("this link's token is not a seat of this table", 403)
        return session, session.tokens[token]


# ---------------------------------------------------------------- the games on offer
def _titles() -> list[dict[str, Any]]:
    """The built-in games with their titles, seats and bots, each loaded through the cache of
    compiled games (cache.py: compiled only the first time, or when its rules changed)."""
    out = []
    for path in builtin_games():
        g = load(path)
        most = g.players_max if isinstance(g, BankingGame) else g.players
        out.append({"name": g.name, "title": g.title, "family": g.family,
                    "players": g.players, "players_max": most,
                    "seat_kinds": ["human", *g.bot_names()]})
    return out


def _pasted_game(text: str) -> AnyGame:
    """A game from rules text that ``check_upload`` passed."""
    return from_ir(compile_pasted(text), Path("upload.rules"))


def _load_builtin(name: str) -> AnyGame:
    """A new game object for one table (the compiled module comes from the cache)."""
    for path in builtin_games():
        if path.stem == name:
            return load(path)
    raise BadRequest(f"no game '{name}'")


MAX_SEED = 40  # characters of a practice table's seed


def _seed(data: dict[str, Any]) -> tuple[str, bool]:
    """The match's seed, and whether the table is a practice table. Every deal of the match
    follows from the seed, so whoever knows it knows every seat's hand: a table's seed is 128
    random bits, shown to nobody until the match is over (in its replay file). A seed chosen
    in the request is for a practice table only (``"practice": true``), whose state shows the
    seed to every seat; a chosen seed without it is refused, not quietly dropped."""
    practice = data.get("practice", False)
    if not isinstance(practice, bool):
        raise BadRequest("practice: true (a practice table, its seed shown to every seat) "
                         "or false")
    if "seed" not in data:
        return secrets.token_hex(16), practice
    if not practice:
        raise BadRequest("seed: a seed chosen by one person lets that person know every "
                         "seat's hand: leave it out (a random seed nobody is shown), or ask "
                         "for a practice table (\"practice\": true), whose seed every seat "
                         "is shown")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, str | int) or \
            not 0 < len(str(seed)) <= MAX_SEED:
        raise BadRequest(f"seed: a number or a word of 1 to {MAX_SEED} characters")
    return str(seed), True


def _kinds(game: AnyGame, seats: Any) -> list[str]:
    allowed = ("human", *game.bot_names())
    low = game.players
    high = game.players_max if isinstance(game, BankingGame) else game.players
    if not isinstance(seats, list) or not all(isinstance(k, str) for k in seats):
        raise BadRequest("seats: a list of seat kinds, e.g. [\"human\", \"greedy\", ...]")
    if not low <= len(seats) <= high:
        want = str(low) if low == high else f"{low} to {high}"
        raise BadRequest(f"{game.name} seats {want} players, not {len(seats)}")
    for k in seats:
        if k not in allowed:
            if k in game.bot_kinds.names():  # the family's bot, which these rules cannot seat
                try:
                    game.bots([k])
                except ValueError as err:  # its sentence says why
                    raise BadRequest(f"seats: {err}") from None
            raise BadRequest(f"no seat kind '{k[:40]}': {', '.join(allowed)}")
    if "human" not in seats:  # no link to open it, and its bots would play on the loop
        raise BadRequest("seats: make at least one seat human (a table of bots alone is "
                         "`cardrules simulate`)")
    try:  # a bot this game's rules cannot seat (made once: the game keeps it for the table)
        game.bots(seats)
    except ValueError as err:
        raise BadRequest(f"seats: {err}") from None
    return list(seats)


# ---------------------------------------------------------------- the app
def create_app() -> Starlette:
    tables = Tables()
    games = _titles()
    page = resources.files("cardrules.web").joinpath("page.html").read_text("utf-8")

    async def read(request: Request, limit: int, too_large: str) -> bytes:
        """The request's body, read no further than ``limit`` bytes (413 past it): a body is
        never held whole before its size is known."""
        if request.headers.get("content-length", "0").isdigit() and \
                int(request.headers.get("content-length", "0")) > limit:
            raise BadRequest(too_large, 413)
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise BadRequest(too_large, 413)
            chunks.append(chunk)
        return b"".join(chunks)

    async def body(request: Request) -> dict[str, Any]:
        raw = await read(request, MAX_FILE_BYTES + 10_000, "the request is too large")
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError, RecursionError):
            raise BadRequest("the request is not JSON") from None
        if not isinstance(data, dict):
            raise BadRequest("the request is not a JSON object")
        return data

    def handled(fn: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def run(request: Request) -> Response:
            try:
                return await fn(request)  # type: ignore[no-any-return]
            except BadRequest as err:
                return JSONResponse({"error": str(err)}, status_code=err.status)
        return run

    async def start_page(request: Request) -> Response:
        return HTMLResponse(page)

    async def list_games(request: Request) -> Response:
        return JSONResponse(games)

    async def new_table(request: Request) -> Response:
        data = await body(request)
        if "rules" in data:
            text = data["rules"]
            if not isinstance(text, str):
                raise BadRequest("rules: the text of a rules file")
            checked = await asyncio.to_thread(check_upload, text)
            if not checked.ok:  # they do not compile, or a worked example fails
                return JSONResponse({"error": "the rules do not check",
                                     "diagnostics": checked.diagnostics}, status_code=422)
            # Compiled again here, off the event loop: the check above ran in a child with
            # limits on time and memory, so this text is known to compile, and cheaply.
            game: AnyGame = await asyncio.to_thread(_pasted_game, text)
            sha256: str | None = hash_pasted(text, "upload.rules")
        else:
            sha256 = None
            name = data.get("game")
            if not isinstance(name, str):
                raise BadRequest("game: the name of a game (see /api/games)")
            game = _load_builtin(name)
        kinds = _kinds(game, data.get("seats"))
        seed, practice = _seed(data)
        tables.make_room()  # before the work: the bots may play long (search bots)
        session = tables.put(await asyncio.to_thread(Tables.made, game, kinds, seed, sha256,
                                                     practice))
        links = {str(s): f"/t/{session.id}?token={t}" for t, s in session.tokens.items()}
        return JSONResponse({"id": session.id, "links": links})

    async def get_state(request: Request) -> Response:
        session, seat = tables.seat_of(request.path_params["id"],
                                       request.query_params.get("token"))
        async with session.lock:  # not while its bots play, in a worker thread
            return JSONResponse(session.state(seat))

    async def act(session: Session, seat: int, move: Any) -> dict[str, Any]:
        if not isinstance(move, str) or len(move) > 2000:
            raise BadRequest("move: the move as text, e.g. \"S3 S4\", \"pass\", \"hit\"")
        async with session.lock:
            t = session.table
            if session.closed:  # a socket opened before the table was closed
                raise BadRequest("no such table", 404)
            if t.over:
                raise BadRequest("the round is over", 409)
            if t.seat != seat:
                raise BadRequest(f"it is seat {t.seat}'s turn, not yours", 409)
            try:
                t.apply(move)
            except IllegalMove as err:
                raise BadRequest(str(err)) from None
            session.active = time.monotonic()
            # the bots play in a worker thread, so that other tables and pages are served
            # meanwhile (search bots take seconds); the session stays locked till they stop
            await asyncio.to_thread(session.run_bots)
        await push(session)
        async with session.lock:
            if session.stopped is not None:  # the move was made; the match cannot go on
                raise BadRequest(session.stopped, 422)
            return session.state(seat)

    async def post_move(request: Request) -> Response:
        session, seat = tables.seat_of(request.path_params["id"],
                                       request.query_params.get("token"))
        data = await body(request)
        return JSONResponse(await act(session, seat, data.get("move")))

    async def next_round(request: Request) -> Response:
        session, seat = tables.seat_of(request.path_params["id"],
                                       request.query_params.get("token"))
        async with session.lock:
            if not session.table.over:
                raise BadRequest("the round is not over", 409)
            if session.match_done():
                raise BadRequest("the match is over", 409)
            session.active = time.monotonic()
            await asyncio.to_thread(session.start_round)
        await push(session)
        async with session.lock:
            return JSONResponse(session.state(seat))

    async def get_replay(request: Request) -> Response:
        session, seat = tables.seat_of(request.path_params["id"],
                                       request.query_params.get("token"))
        async with session.lock:
            text = session.replay_text()
        safe = "".join(c for c in str(session.seed) if c.isalnum() or c in "-_")[:40]
        name = f"{session.game.name}-{safe or 'seed'}.jsonl"
        return Response(text, media_type="application/x-ndjson",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    opened: OrderedDict[str, replays.Opened] = OrderedDict()
    playbacks = asyncio.Semaphore(replays.AT_ONCE)

    async def open_replay(request: Request) -> Response:
        raw = await read(request, 2 * (replays.MAX_BYTES + MAX_FILE_BYTES) + 10_000,  # escapes
                         f"the replay file is larger than {replays.MAX_BYTES:,} bytes")
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError, RecursionError):
            raise BadRequest("the request is not JSON") from None
        if not isinstance(data, dict) or not isinstance(data.get("replay"), str):
            raise BadRequest("replay: the text of a replay file (.jsonl)")
        rules = data.get("rules") or None
        if rules is not None:
            if not isinstance(rules, str):
                raise BadRequest("rules: the text of the rules file the replay names")
            problems = await asyncio.to_thread(compile_upload, rules)
            if problems is not None:
                return JSONResponse({"error": "the pasted rules do not check",
                                     "diagnostics": problems}, status_code=422)
        try:
            async with playbacks:
                op = await asyncio.to_thread(replays.open_replay,
                                             data["replay"].encode("utf-8"), rules)
        except (ReplayError, CompileError) as err:
            text = err.render() if isinstance(err, CompileError) else str(err)
            return JSONResponse({"error": text}, status_code=422)
        except (ValueError, LookupError, TypeError, RecursionError, MemoryError) as err:
            return JSONResponse({"error": "this replay file cannot be played back "
                                          f"({type(err).__name__}: {str(err)[:200]})"},
                                status_code=422)
        opened[op.id] = op
        while len(opened) > replays.MAX_OPEN:
            opened.popitem(last=False)
        return JSONResponse(op.summary())

    async def replay_round(request: Request) -> Response:
        op = opened.get(request.path_params["id"])
        if op is None:
            raise BadRequest("no such replay (open the file again)", 404)
        try:
            number = int(request.path_params["n"])
        except ValueError:
            raise BadRequest("no such round", 404) from None
        if not 1 <= number <= len(op.rep.rounds):
            raise BadRequest(f"no round {number}: the replay has rounds 1 to "
                             f"{len(op.rep.rounds)}", 404)
        view = request.query_params.get("view", "0")
        if view != "open" and not (view.isascii() and view.isdigit() and len(view) < 4
                                   and int(view) < len(op.rep.seats)):
            raise BadRequest(f"view: a seat, 0 to {len(op.rep.seats) - 1}, or open")
        try:
            async with playbacks:
                shown = await asyncio.to_thread(replays.frames, op, number, view)
        except ReplayError as err:
            raise BadRequest(str(err), 422) from None
        return JSONResponse({"round": number, "view": view, "frames": shown})

    async def replay_page(request: Request) -> Response:
        return HTMLResponse(page)

    async def check_rules(request: Request) -> Response:
        data = await body(request)
        text = data.get("rules")
        if not isinstance(text, str):
            raise BadRequest("rules: the text of a rules file")
        checked = await asyncio.to_thread(check_upload, text)
        return JSONResponse({"ok": checked.ok, "diagnostics": checked.diagnostics,
                             "summary": checked.summary})

    async def diff_rules(request: Request) -> Response:
        data = await body(request)
        text = data.get("rules")
        if not isinstance(text, str):
            raise BadRequest("rules: the text of a rules file")
        ok, shown = await asyncio.to_thread(diff_upload, text)
        return JSONResponse({"ok": ok, "diff": shown})

    async def push(session: Session) -> None:
        async with session.lock:
            states = {seat: session.state(seat) for seat in session.sockets}
        for seat, state in states.items():
            sockets = session.sockets.get(seat, [])
            for ws in list(sockets):
                try:
                    await ws.send_json(state)
                except Exception:  # a closed browser: forget it
                    if ws in sockets:
                        sockets.remove(ws)

    async def socket(ws: WebSocket) -> None:
        try:
            session, seat = tables.seat_of(ws.path_params["id"], ws.query_params.get("token"))
        except BadRequest:
            await ws.close(code=4403)
            return
        mine = session.sockets.setdefault(seat, [])
        if len(mine) >= MAX_SOCKETS_PER_SEAT:
            await ws.close(code=4429)
            return
        await ws.accept()
        mine.append(ws)
        try:
            async with session.lock:
                first = session.state(seat)
            await ws.send_json(first)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                try:
                    data = json.loads(message.get("text") or "null")
                except (ValueError, RecursionError):  # not JSON, or nested past Python's stack
                    data = None
                try:
                    if not isinstance(data, dict):  # a binary frame too
                        raise BadRequest("send {\"move\": ...} as JSON text")
                    await act(session, seat, data.get("move"))
                except BadRequest as err:
                    await ws.send_json({"error": str(err)})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            if ws in mine:
                mine.remove(ws)

    async def table_page(request: Request) -> Response:
        return HTMLResponse(page)

    routes = [
        Route("/", start_page), Route("/t/{id}", table_page),
        Route("/api/games", list_games),
        Route("/api/tables", handled(new_table), methods=["POST"]),
        Route("/api/tables/{id}/state", handled(get_state)),
        Route("/api/tables/{id}/move", handled(post_move), methods=["POST"]),
        Route("/api/tables/{id}/next", handled(next_round), methods=["POST"]),
        Route("/api/tables/{id}/replay", handled(get_replay)),
        Route("/replay", replay_page),
        Route("/api/replays", handled(open_replay), methods=["POST"]),
        Route("/api/replays/{id}/rounds/{n}", handled(replay_round)),
        Route("/api/check", handled(check_rules), methods=["POST"]),
        Route("/api/diff", handled(diff_rules), methods=["POST"]),
        WebSocketRoute("/ws/tables/{id}", socket),
    ]
    app = Starlette(routes=routes)
    app.state.tables = tables
    return app


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is said: OSError for an address in use or
    a host name that does not resolve."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def serve(sock: socket.socket) -> None:
    """Run the server on ``sock`` (from ``listen``) until interrupted."""
    import uvicorn

    host, port = sock.getsockname()[:2]
    config = uvicorn.Config(create_app(), host=host, port=port, log_level="warning")
    uvicorn.Server(config).run(sockets=[sock])
