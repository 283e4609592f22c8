"""Replay files: a recorded match as one JSON Lines file, and playing one back.

A file holds, one JSON object a line: a ``header`` (the game, the rules file's name and the
sha256 of its resolved source, every file through ``extends``; the compiler version; the
seed; the seats), then for every round a ``round`` line (the hands as dealt from the seed, or
as given to ``new_table(hands=...)`` with what else the table was made with), an ``action``
line per decision in order (bids included), a ``deal`` line after an auction that every seat
passed dealt again, and a ``result`` line; last an ``end`` line with the match's scores.
Chance is not written out: the deals, and the cards a banking game draws, come from the seed
again, and the ``round`` and ``deal`` lines let a replay check that they did. The format is
described in docs/replay.md and by ``replay.schema.json`` beside this file.

Nothing here knows a game: it works for any family from the compiled module and the tables'
seat views. Reading is bounded (size, lines, line length, every field checked), and a file
that does not match the rules it names is refused with a sentence saying what differs."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from .cards import CardError, format_cards
from .compiler.diagnostics import CompileError
from .compiler.parse import parse_text
from .compiler.resolve import builtin_games_dir, read_rules, resolve
from .families.banking.game import BankingGame
from .files import write_replacing
from .game import Game, load
from .runtime.core import IllegalMove

FORMAT = "cardrules-replay"
VERSION = 2  # 2: ``deal`` records (a new deal after an auction all passed), ``given`` deals
READS = (1, 2)  # a version 1 file is a version 2 file without either
MAX_BYTES = 32 * 1024 * 1024  # a whole file
MAX_LINES = 400_000
MAX_LINE = 64 * 1024  # characters of one line
MAX_TEXT = 512  # characters of a name, a seat kind, a seed or an action
MAX_SEATS = 16
MAX_ROUNDS = 1_000
MAX_INT = 1 << 64  # any number in a file (seeds, scores, counts) is smaller than this in size:
# a match total stops below it (runtime.core.MAX_TOTAL), and so does a seed the command takes
MAX_STOCK = 16 * 1024  # characters of a banking table's given stock (several decks)

SCHEMA_PATH = Path(__file__).resolve().parent / "replay.schema.json"


class ReplayError(ValueError):
    """A replay file that is malformed, or that the rules it names no longer reproduce."""


def compiler_version() -> str:
    from . import __version__
    return __version__


def rules_hash(path: Path) -> str:
    """The sha256 of a rules file's resolved source: its own text and every base it
    ``extends``, in the order they are resolved (each text prefixed by its length)."""
    return text_hash(read_rules(path), str(path))


def text_hash(text: str, name: str) -> str:
    """``rules_hash`` of rules given as text (pasted into the web table), named ``name``."""
    return _hash_of(list(resolve(parse_text(text, name)).sources.values()))


def game_hash(game: AnyGame) -> str:
    """``rules_hash`` of a loaded game's rules file, from the files it was built from (no
    parse: a table starts without one) while they are unchanged; else parsed again."""
    texts = []
    for name, sha in game.files:
        try:
            text = read_rules(Path(name))
        except CompileError:
            break
        if hashlib.sha256(text.encode("utf-8")).hexdigest() != sha:
            break
        texts.append(text)
    else:
        if texts:
            return _hash_of(texts)
    return rules_hash(game.path)


def _hash_of(sources: list[str]) -> str:
    h = hashlib.sha256()
    for source in sources:
        data = source.encode("utf-8")
        h.update(f"{len(data)}:".encode())
        h.update(data)
    return h.hexdigest()


def is_builtin(path: Path) -> bool:
    try:
        return path.resolve().parent == builtin_games_dir().resolve()
    except OSError:
        return False


AnyGame = Game | BankingGame
AnyTable = Any  # GameTable | TricksGameTable | BankingGameTable: each family's own table


def family_of(game: AnyGame) -> str:
    """climbing, tricks or banking (from the game's info: its IR is not compiled)."""
    return game.family


# ------------------------------------------------------------------ actions as text
def action_text(family: str, action: object) -> str:
    """An action as the file writes it: what a person would type (a tricks bid also names
    its level, so that two bids of the same cards stay apart)."""
    if family == "tricks":
        from .runtime.tricks.table import Action
        assert isinstance(action, Action)
        if action.kind == "bid":
            return f"{action} level {action.level}"
    return str(action)


def apply_text(family: str, table: AnyTable, text: str) -> object:
    """Make the recorded action ``text`` at ``table``; IllegalMove if it is not legal now."""
    if family == "climbing":
        done = table.apply(text)
        if action_text(family, done) != text:
            raise IllegalMove(f"'{text}' is not written as the rules write it "
                              f"('{action_text(family, done)}')")
        return done
    for a in table.legal_actions():
        if action_text(family, a) == text:
            table.apply(a)
            return a
    raise IllegalMove(f"'{text}' is not a legal action here")


# ------------------------------------------------------------------ what a round records
def deal_record(family: str, table: AnyTable) -> dict[str, Any]:
    """The cards as dealt, before any decision (none for banking: its cards are drawn as
    the round goes, from the seed)."""
    if family == "climbing":
        return {"hands": [format_cards(list(h)) for h in table.hands],
                "kitty": format_cards(list(table.rest))}
    if family == "tricks":
        hands = [format_cards([c for c, r in zip(table.stream, table.receivers, strict=True)
                               if r == s]) for s in range(table.n)]
        return {"hands": hands, "kitty": format_cards(list(table.kitty))}
    return {"hands": [], "kitty": ""}


def result_record(family: str, table: AnyTable) -> dict[str, Any]:
    res = table.result()
    out: dict[str, Any] = {"scores": list(res.scores)}
    if family == "climbing":
        out.update(places=list(res.places), cards_left=list(res.cards_left),
                   no_game=bool(table.no_game))
    elif family == "tricks":
        out.update(dealer=res.dealer, defender_points=res.defender_points,
                   kitty_points=res.kitty_points, level_up=list(res.level_up),
                   levels=list(res.levels), next_dealer=res.next_dealer)
    else:
        out.update(bets=list(res.bets), early=res.early,
                   hands=[format_cards(list(h.cards)) for h in res.hands],
                   banker=format_cards(list(res.banker.cards)))
    return out


# ------------------------------------------------------------------ recording
class Recorder:
    """Collects one match's lines; ``save`` writes them at once, through a new file renamed
    into place, so a reader (or another worker) never sees half a file."""

    def __init__(self, game: AnyGame, *, seed: int | str, seats: Sequence[str],
                 sha256: str | None = None) -> None:
        """``sha256``: the rules' ``text_hash``, for a game whose rules are not a file (else
        the file's ``rules_hash``)."""
        self.game = game
        self.family = family_of(game)
        self.lines: list[dict[str, Any]] = [{
            "type": "header", "format": FORMAT, "version": VERSION, "game": game.name,
            "family": self.family, "rules_file": game.path.name,
            "builtin": is_builtin(game.path),
            "rules_sha256": sha256 if sha256 is not None else game_hash(game),
            "compiler": compiler_version(), "seed": seed, "seats": list(seats)}]
        self.rounds = 0
        self.scores = [0] * len(seats)

    def start_round(self, table: AnyTable) -> AnyTable:
        """Record the round's deal, and every action ``table.apply`` makes from now on."""
        self.rounds += 1
        number = self.rounds
        record = {"type": "round", "round": number, **deal_record(self.family, table)}
        setup = getattr(table, "setup", None)
        if setup is not None:  # dealt given cards: how to make this table again
            if setup["seed"] is None:
                raise ReplayError("a table dealt given cards is recorded only with a seed "
                                  "(new_table(seed=...)): its other chances come from it")
            record["given"] = dict(setup)
        self.lines.append(record)
        inner = table.apply
        family = self.family
        lines = self.lines
        deals = [getattr(table, "deals", 1)]

        def apply(move: Any) -> Any:
            seat = table.seat
            done = inner(move)
            for a in (done if isinstance(done, list) else [done]):
                lines.append({"type": "action", "round": number, "seat": seat,
                              "action": action_text(family, a)})
            if getattr(table, "deals", 1) != deals[0]:  # all passed: dealt again
                deals[0] = table.deals
                lines.append({"type": "deal", "round": number,
                              **deal_record(family, table)})
            return done

        setattr(table, "apply", apply)  # noqa: B010 (this table's moves, as they are made)
        return table

    def end_round(self, table: AnyTable) -> None:
        record = result_record(self.family, table)
        self.scores = [a + b for a, b in zip(self.scores, record["scores"], strict=True)]
        self.lines.append({"type": "result", "round": self.rounds, **record})

    def text(self, totals: Sequence[int] | None = None, *, complete: bool = True) -> str:
        """The file's text; ``totals`` the match's (None: tables on their own, whose totals
        are their scores). ``complete`` False: the match is not over (a match stopped part
        way); the rounds are those with a result, never a round in play (its lines would
        show every seat's hand). The file names the seed, from which every deal to come
        follows: the web table saves a match only once it is over."""
        done = max((i for i, x in enumerate(self.lines) if x["type"] == "result"), default=0)
        end = {"type": "end", "rounds": self.rounds_over, "scores": self.scores,
               "totals": list(self.scores if totals is None else totals),
               "complete": complete}
        lines = [*self.lines[:done + 1], end]
        return "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)

    @property
    def rounds_over(self) -> int:
        """The rounds recorded with their result."""
        return self.rounds - (1 if self.lines[-1]["type"] != "result" and self.rounds
                              else 0)

    def save(self, path: Path, totals: Sequence[int] | None = None) -> None:
        write_replacing(path, self.text(totals))


def record_table(table: AnyTable, path: Path) -> list[int]:
    """One table on its own, e.g. made with given hands (``new_table(hands=..., seed=...)``),
    played out by its bots and recorded to ``path``; its scores."""
    if table.setup is None:
        raise ReplayError("record_table records a table made with given cards (new_table("
                          "hands=..., seed=...)); a match dealt from its seed is recorded "
                          "with record_match")
    rec = Recorder(table.game, seed=table.setup["seed"], seats=table.seat_kinds)
    rec.start_round(table)
    table.play_out()
    rec.end_round(table)
    rec.save(path)
    return list(rec.scores)



def record_match(game: AnyGame, *, seed: int | str, seats: Sequence[str],
                 path: Path) -> tuple[list[int], list[int], int]:
    """A whole match with bots, as ``play_match`` plays it, recorded to ``path``.
    Returns the scores, the totals and the number of rounds."""
    rec = Recorder(game, seed=seed, seats=seats)
    totals, _ = play_recorded(game, rec, seed=seed, seats=seats)
    rec.save(path, totals)
    return rec.scores, totals, rec.rounds


def play_recorded(game: AnyGame, rec: Recorder, *, seed: int | str,
                  seats: Sequence[str]) -> tuple[list[int], list[Any]]:
    """Bots play a match into ``rec``, as ``play_match`` plays it: the match's totals, and
    each round's result."""
    results: list[Any] = []
    if isinstance(game, BankingGame):
        for i in range(game.module.MATCH_ROUNDS or 1):
            t = rec.start_round(game.new_table(seed=f"{seed}:{i}", seats=seats))
            t.play_out()
            rec.end_round(t)
            results.append(t.result())
        return list(rec.scores), results
    match = game.new_match(seed=seed, seats=seats)
    while not match.over:
        table = rec.start_round(match.new_round())
        table.play_out()
        results.append(match.end_round(table))
        rec.end_round(table)
    return list(match.result().totals), results


def record_name(game: str, seed: int | str, index: int) -> str:
    return f"{game}-{seed}-{index:06d}.jsonl"


# ------------------------------------------------------------------ reading, bounded
@dataclass
class Round:
    number: int
    hands: list[str]
    kitty: str
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    given: dict[str, Any] | None = None  # a table made with these hands, not dealt by seed
    # New deals after an auction all passed: (the count of actions before it, hands, kitty).
    deals: list[tuple[int, list[str], str]] = field(default_factory=list)


@dataclass
class Replay:
    header: dict[str, Any]
    rounds: list[Round]
    end: dict[str, Any]

    @property
    def seats(self) -> list[str]:
        return list(self.header["seats"])


_HEADER = {"type": str, "format": str, "version": int, "game": str, "family": str,
           "rules_file": str, "builtin": bool, "rules_sha256": str, "compiler": str,
           "seed": (int, str), "seats": list}
_RESULTS = {
    "climbing": {"scores": list, "places": list, "cards_left": list, "no_game": bool},
    "tricks": {"scores": list, "dealer": int, "defender_points": int, "kitty_points": int,
               "level_up": list, "levels": list, "next_dealer": int},
    "banking": {"scores": list, "bets": list, "early": bool, "hands": list, "banker": str},
}
_GIVEN = {  # a table made with given cards: what else it was made with
    "climbing": {"seed": (int, str), "leader": int, "first_round": bool},
    "tricks": {"seed": (int, str), "dealer": int, "levels": list, "round_number": int},
    "banking": {"seed": (int, str), "stock": str},
}


def _fields(rec: dict[str, Any], spec: dict[str, Any], where: str) -> None:
    """Exactly these keys, of these types; text bounded; whole numbers bounded."""
    missing = [k for k in spec if k not in rec]
    extra = [k for k in rec if k not in spec]
    if missing or extra:
        said = [f"lacks {', '.join(missing)}"] if missing else []
        said += [f"has unknown field(s) {', '.join(sorted(extra)[:5])}"] if extra else []
        raise ReplayError(f"{where}: a {rec.get('type')} record that {' and '.join(said)}")
    for k, kind in spec.items():
        v = rec[k]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(v, bool) and bool not in kinds:
            raise ReplayError(f"{where}: field '{k}' is true/false, not {_names(kinds)}")
        if not isinstance(v, kinds):
            raise ReplayError(f"{where}: field '{k}' is not {_names(kinds)}")
        _bounded(v, f"{where}: field '{k}'")


def _names(kinds: tuple[type, ...]) -> str:
    words = {int: "a whole number", str: "text", bool: "true/false", list: "a list"}
    return " or ".join(words.get(k, k.__name__) for k in kinds)


def _bounded(v: object, where: str) -> None:
    if isinstance(v, bool):
        return
    if isinstance(v, int) and abs(v) >= MAX_INT:
        raise ReplayError(f"{where} is out of range")
    if isinstance(v, str) and len(v) > MAX_TEXT:
        raise ReplayError(f"{where} is longer than {MAX_TEXT} characters")
    if isinstance(v, float):
        raise ReplayError(f"{where} holds a fraction; every number is whole")


def _ints(v: list[Any], where: str, n: int | None = None) -> list[int]:
    if n is not None and len(v) != n:
        raise ReplayError(f"{where}: {len(v)} values for {n} seats (the seats the header, line 1, "
                          "names)")
    if len(v) > MAX_SEATS or not all(isinstance(x, int) and not isinstance(x, bool)
                                     and abs(x) < MAX_INT for x in v):
        raise ReplayError(f"{where}: a list of whole numbers, one per seat, is expected")
    return list(v)


def _texts(v: list[Any], where: str, most: int) -> list[str]:
    if len(v) > most or not all(isinstance(x, str) and len(x) <= MAX_TEXT for x in v):
        raise ReplayError(f"{where}: a list of at most {most} texts is expected")
    return list(v)


def _given(v: object, family: str, n: int, where: str) -> dict[str, Any] | None:
    """A round's ``given`` object: the table's seed and what else it was made with."""
    if v is None:
        return None
    if not isinstance(v, dict):
        raise ReplayError(f"{where}: an object is expected")
    spec = _GIVEN[family]
    rec = {"type": "given", **v}
    if "stock" in rec and isinstance(rec["stock"], str) and len(rec["stock"]) <= MAX_STOCK:
        rec["stock"] = ""  # longer than other texts: checked here, bounded by MAX_STOCK
    _fields(rec, {"type": str, **spec}, where)
    for k in ("leader", "dealer"):
        if k in v and not -1 <= v[k] < n:
            raise ReplayError(f"{where}: {k} {v[k]}: a seat 0 to {n - 1}, or -1")
    if "round_number" in v and v["round_number"] < 1:
        raise ReplayError(f"{where}: round_number is 1 or more")
    if "levels" in v and not all(0 <= x <= 1000 for x in _ints(v["levels"],
                                                                f"{where}: levels", n)):
        raise ReplayError(f"{where}: levels are 0 or more")
    return dict(v)


def _no_constant(name: str) -> float:
    raise ReplayError(f"{name} is not a number a replay file may hold")


def read_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The file's records with their line numbers; at most MAX_BYTES, MAX_LINES lines of at
    most MAX_LINE characters; each line one JSON object. Raises ReplayError."""
    try:
        if not path.exists():
            raise ReplayError(f"{path}: no such file")
        if not path.is_file():
            raise ReplayError(f"{path}: not a regular file")
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as err:
        raise ReplayError(f"{path}: cannot read it: {err.strerror or err}") from None
    return parse_lines(data, str(path))


def parse_lines(data: bytes, path: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """``read_lines`` of a file's bytes (an upload), named ``path`` in the messages."""
    if len(data) > MAX_BYTES:
        raise ReplayError(f"{path}: larger than {MAX_BYTES:,} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ReplayError(f"{path}: not UTF-8 text (byte {err.start})") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) > MAX_LINES:
        raise ReplayError(f"{path}: more than {MAX_LINES:,} lines")
    for i, line in enumerate(lines, start=1):
        if len(line) > MAX_LINE:
            raise ReplayError(f"{path}:{i}: a line longer than {MAX_LINE:,} characters")
        try:
            rec = json.loads(line, parse_constant=_no_constant)
        except (ValueError, RecursionError) as err:
            if isinstance(err, ReplayError):
                raise ReplayError(f"{path}:{i}: {err}") from None
            raise ReplayError(f"{path}:{i}: not a JSON object: "
                              f"{str(err)[:120]}") from None
        if not isinstance(rec, dict):
            raise ReplayError(f"{path}:{i}: each line is a JSON object")
        yield i, rec


def read_replay(path: Path) -> Replay:
    """Parse and check a replay file's shape (not yet against the rules)."""
    return _replay_of(read_lines(path), str(path))


def parse_replay(data: bytes, name: str) -> Replay:
    """``read_replay`` of a file's bytes (an upload), named ``name`` in the messages."""
    return _replay_of(parse_lines(data, name), name)


def _replay_of(lines: Iterator[tuple[int, dict[str, Any]]], path: str) -> Replay:
    header: dict[str, Any] | None = None
    rounds: list[Round] = []
    end: dict[str, Any] | None = None
    n = 0
    family = ""
    for i, rec in lines:
        where = f"{path}:{i}"
        kind = rec.get("type")
        if end is not None:
            raise ReplayError(f"{where}: a record after the end record")
        if header is None:
            if kind != "header":
                raise ReplayError(f"{where}: the first line must be the header record")
            _fields(rec, _HEADER, where)
            if rec["format"] != FORMAT:
                raise ReplayError(f"{where}: not a cardrules replay (format "
                                  f"'{rec['format']}')")
            if rec["version"] not in READS:
                raise ReplayError(f"{where}: replay format version {rec['version']}; this "
                                  f"cardrules reads versions "
                                  f"{', '.join(map(str, READS))}")
            family = rec["family"]
            if family not in _RESULTS:
                raise ReplayError(f"{where}: unknown family '{family}'")
            seats = _texts(rec["seats"], f"{where}: seats", MAX_SEATS)
            if not seats:
                raise ReplayError(f"{where}: no seats")
            n = len(seats)
            if not rec["rules_file"].endswith(".rules") or "/" in rec["rules_file"] \
                    or "\\" in rec["rules_file"] or rec["rules_file"].startswith("."):
                raise ReplayError(f"{where}: rules_file is a file name ending in .rules")
            if len(rec["rules_sha256"]) != 64 or \
                    any(c not in "0123456789abcdef" for c in rec["rules_sha256"]):
                raise ReplayError(f"{where}: rules_sha256 is 64 hexadecimal digits")
            header = rec
            continue
        if kind == "round":
            given = rec.pop("given", None)
            _fields(rec, {"type": str, "round": int, "hands": list, "kitty": str}, where)
            if rec["round"] != len(rounds) + 1 or len(rounds) >= MAX_ROUNDS:
                raise ReplayError(f"{where}: round {rec['round']} where round "
                                  f"{len(rounds) + 1} was expected")
            if rounds and rounds[-1].result is None:
                raise ReplayError(f"{where}: round {rec['round']} starts before round "
                                  f"{rounds[-1].number} has a result")
            hands = _texts(rec["hands"], f"{where}: hands", n)
            rounds.append(Round(rec["round"], hands, rec["kitty"],
                                given=_given(given, family, n, f"{where}: given")))
            if rounds[0].given is None and rounds[-1].given is not None:
                raise ReplayError(f"{where}: a table of given cards after a match's round "
                                  "(a file is a match, or tables of given cards)")
            if rounds[0].given is not None and rounds[-1].given is None:
                raise ReplayError(f"{where}: a round dealt from the seed after a table of "
                                  "given cards (a file is a match, or tables of given cards)")
        elif kind == "deal":
            _fields(rec, {"type": str, "round": int, "hands": list, "kitty": str}, where)
            if family != "climbing" or not rounds or rounds[-1].result is not None \
                    or rec["round"] != rounds[-1].number:
                raise ReplayError(f"{where}: a new deal outside a climbing game's round")
            hands = _texts(rec["hands"], f"{where}: hands", n)
            rounds[-1].deals.append((len(rounds[-1].actions), hands, rec["kitty"]))
        elif kind == "action":
            _fields(rec, {"type": str, "round": int, "seat": int, "action": str}, where)
            if not rounds or rounds[-1].result is not None or rec["round"] != rounds[-1].number:
                raise ReplayError(f"{where}: an action outside its round")
            if not 0 <= rec["seat"] < n:
                raise ReplayError(f"{where}: seat {rec['seat']} of a table of {n}")
            rounds[-1].actions.append((rec["seat"], rec["action"]))
        elif kind == "result":
            _fields(rec, {"type": str, "round": int, **_RESULTS[family]}, where)
            if not rounds or rounds[-1].result is not None or rec["round"] != rounds[-1].number:
                raise ReplayError(f"{where}: a result outside its round")
            for k, v in rec.items():
                if isinstance(v, list):
                    if k in ("hands",):
                        _texts(v, f"{where}: {k}", MAX_SEATS * 8)
                    else:
                        _ints(v, f"{where}: {k}", n if k != "places" else None)
            rounds[-1].result = {k: v for k, v in rec.items() if k not in ("type", "round")}
        elif kind == "end":
            more = {"complete": bool} if header["version"] >= 2 else {}
            _fields(rec, {"type": str, "rounds": int, "scores": list, "totals": list, **more},
                    where)
            _ints(rec["scores"], f"{where}: scores", n)
            _ints(rec["totals"], f"{where}: totals", n)
            if rec["rounds"] != len(rounds) or (rounds and rounds[-1].result is None):
                raise ReplayError(f"{where}: the end record says {rec['rounds']} rounds; "
                                  f"the file has {len(rounds)} complete")
            end = rec
        else:
            raise ReplayError(f"{where}: unknown record type {str(kind)[:40]!r}")
    if header is None:
        raise ReplayError(f"{path}: empty: no header record")
    if end is None:
        raise ReplayError(f"{path}: no end record: the file is cut short")
    return Replay(header, rounds, end)


# ------------------------------------------------------------------ playing back
def find_rules(rep: Replay, rules: Path | None) -> Path:
    """The rules file to replay with: ``rules`` if given, a built-in game by name, or the
    recorded file name in the current folder."""
    h = rep.header
    if rules is not None:
        return rules
    if h["builtin"]:
        path: Path = builtin_games_dir() / str(h["rules_file"])  # a file name, checked
        if not path.is_file():
            raise ReplayError(f"the recording is of the built-in game '{h['game']}' "
                              f"({h['rules_file']}), which this cardrules does not have")
        return path
    here = Path(h["rules_file"])
    if here.is_file():
        return here
    raise ReplayError(f"the recording is of {h['rules_file']}, not found here: give it with "
                      "--rules PATH")


def load_for(rep: Replay, rules: Path | None) -> AnyGame:
    """The game the replay was recorded with, refused if its rules differ."""
    path = find_rules(rep, rules)
    h = rep.header
    if not path.is_file():
        raise ReplayError(f"{path}: no such rules file")
    now = rules_hash(path)
    if now != h["rules_sha256"]:
        raise ReplayError(f"the rules no longer match the recording: {path} (with its bases) "
                          f"has sha256 {now[:16]}..., the recording {h['rules_sha256'][:16]}"
                          "...: the game was recorded under other rules")
    game = load(path)
    if game.name != h["game"] or family_of(game) != h["family"]:
        raise ReplayError(f"{path} is the game {game.name} ({family_of(game)}), the "
                          f"recording {h['game']} ({h['family']})")
    return game


@dataclass
class Step:
    """One moment of a replay, for a viewer: the table before an action, and the action."""

    round: int
    table: AnyTable
    seat: int
    action: str


Watcher = Callable[[str, Any], None]


def replay(rep: Replay, game: AnyGame, watch: Watcher | None = None) -> dict[str, Any]:
    """Play the recording back at the rules; every deal, action and result must be as
    recorded. ``watch(event, data)`` sees each moment ("round", "step", "deal" after an
    auction passed out, "result").
    Returns the end record as replayed. Raises ReplayError saying what differs."""
    family = rep.header["family"]
    seats = rep.seats
    seed = rep.header["seed"]
    n = len(seats)
    if not isinstance(game, BankingGame) and n != game.players:
        raise ReplayError(f"the recording seats {n}, {game.name} has {game.players} seats")
    if isinstance(game, BankingGame) and not game.players <= n <= game.players_max:
        raise ReplayError(f"the recording seats {n}, {game.name} seats {game.players} to "
                          f"{game.players_max}")
    kinds = ["random"] * n  # bots are never asked: the recorded actions are played
    tables = bool(rep.rounds) and rep.rounds[0].given is not None  # not a match
    match: Any = None if isinstance(game, BankingGame) or tables else \
        game.new_match(seed=seed, seats=kinds)
    scores = [0] * n
    for r in rep.rounds:
        if match is not None and match.over:
            raise ReplayError(f"round {r.number}: the match was over after round "
                              f"{r.number - 1}")
        if r.given is not None:
            table: AnyTable = given_table(game, r, kinds)
        elif match is None:
            assert isinstance(game, BankingGame)
            if r.number > (game.module.MATCH_ROUNDS or 1):
                raise ReplayError(f"round {r.number}: the game plays "
                                  f"{game.module.MATCH_ROUNDS or 1} round(s)")
            table = game.new_table(seed=f"{seed}:{r.number - 1}", seats=kinds)
        else:
            table = match.new_round()
        _same_deal(deal_record(family, table), r.hands, r.kitty, f"round {r.number}")
        if watch:
            watch("round", (r.number, table))
        deals = iter(r.deals)
        redeal = next(deals, None)
        seen = 0
        for k, (seat, text) in enumerate(r.actions, start=1):
            where = f"round {r.number}, action {k}"
            if table.over:
                raise ReplayError(f"{where} ({text}): the round was already over")
            if table.seat != seat:
                raise ReplayError(f"{where} ({text}): recorded for seat {seat}, but it is "
                                  f"seat {table.seat}'s turn")
            if watch:
                watch("step", Step(r.number, table, seat, text))
            try:
                apply_text(family, table, text)
            except (IllegalMove, CardError) as err:
                raise ReplayError(f"{where}: seat {seat}'s '{text}' is refused: {err}") \
                    from None
            made = getattr(table, "deals", 1) - 1  # new deals so far
            if redeal is not None and redeal[0] == k:
                if made != seen + 1:
                    raise ReplayError(f"{where}: the recording deals again here; the "
                                      "auction was not passed out")
                _same_deal(deal_record(family, table), redeal[1], redeal[2],
                           f"{where}: the new deal")
                seen += 1
                if watch:
                    watch("deal", (r.number, table, redeal[1]))
                redeal = next(deals, None)
            elif made != seen and rep.header["version"] >= 2:  # version 1 wrote no deals
                raise ReplayError(f"{where} ({text}): every seat passed and the cards were "
                                  "dealt again; the recording has no new deal here")
        if redeal is not None:
            raise ReplayError(f"round {r.number}: the recording deals again after action "
                              f"{redeal[0]}, where the round had no new deal")
        if not table.over:
            raise ReplayError(f"round {r.number}: the recorded actions end before the round "
                              "does")
        if match is not None:
            match.end_round(table)
        got_result = result_record(family, table)
        if got_result != r.result:
            assert r.result is not None
            diff = [k for k in got_result if got_result[k] != r.result.get(k)]
            raise ReplayError(f"round {r.number}: the result differs from the recording ("
                              + "; ".join(f"{k} {got_result[k]} here, {r.result.get(k)} "
                                          "recorded" for k in diff[:3]) + ")")
        scores = [a + b for a, b in zip(scores, got_result["scores"], strict=True)]
        if watch:
            watch("result", (r.number, table, got_result))
    complete = bool(rep.end.get("complete", True))  # version 1: always a whole match
    plays = None if match is not None or tables else \
        (game.module.MATCH_ROUNDS or 1)
    over = tables or (match.over if match is not None else len(rep.rounds) == plays)
    if complete and not over:
        if match is not None:
            raise ReplayError(f"the recording ends after {len(rep.rounds)} round(s), before "
                              "the match does")
        raise ReplayError(f"the recording has {len(rep.rounds)} round(s), the game plays "
                          f"{plays}")
    if not complete and over:
        raise ReplayError(f"the recording says the match was not over after "
                          f"{len(rep.rounds)} round(s); it was")
    totals = scores if match is None else list(match.result().totals)
    end: dict[str, Any] = {"type": "end", "rounds": len(rep.rounds), "scores": scores,
                           "totals": totals}
    if "complete" in rep.end:
        end["complete"] = complete
    if end != rep.end:
        raise ReplayError(f"the match's end differs from the recording: scores {scores}, "
                          f"totals {totals} here; recorded {rep.end['scores']}, "
                          f"{rep.end['totals']}")
    return end


def given_table(game: AnyGame, r: Round, kinds: list[str]) -> AnyTable:
    """The table of a round of given cards, made again as it was made."""
    g = dict(r.given or {})
    try:
        if isinstance(game, BankingGame):
            return game.new_table(seed=g["seed"], seats=kinds, stock=g["stock"])
        if family_of(game) == "tricks":
            from .families.tricks.game import TricksGame
            assert isinstance(game, TricksGame)
            return game.new_table(seed=g["seed"], seats=kinds, hands=r.hands,
                                  dealer=None if g["dealer"] < 0 else g["dealer"],
                                  levels=g["levels"], round_number=g["round_number"])
        from .families.climbing.game import ClimbingGame
        assert isinstance(game, ClimbingGame)
        return game.new_table(seed=g["seed"], seats=kinds, hands=r.hands,
                              leader=None if g["leader"] < 0 else g["leader"],
                              first_round=g["first_round"])
    except (ValueError, IndexError) as err:  # CardError is a ValueError
        raise ReplayError(f"round {r.number}: the given cards make no table of "
                          f"{game.name}: {err}") from None


def _same_deal(dealt: dict[str, Any], hands: list[str], kitty: str, where: str) -> None:
    for s, (got, want) in enumerate(zip(dealt["hands"], hands, strict=False)):
        if got != want:
            raise ReplayError(f"{where}: seat {s} is dealt {got or 'nothing'} from the seed, "
                              f"the recording says {want or 'nothing'}: the deal is not the "
                              "recorded one")
    if len(dealt["hands"]) != len(hands) or dealt["kitty"] != kitty:
        raise ReplayError(f"{where}: the deal from the seed is not the recorded one")


def check_file(path: Path, rules: Path | None = None) -> dict[str, Any]:
    """Read, load and replay a file; its end record as replayed. Raises ReplayError (or
    CompileError, if the rules file no longer compiles)."""
    rep = read_replay(path)
    return replay(rep, load_for(rep, rules))


# ------------------------------------------------------------------ showing a replay
class Viewer:
    """Prints a replay as a person at the table would have seen it: the viewing seat's hand
    and the table before each of its decisions, every action as it is made. ``opened``
    shows every hand instead."""

    def __init__(self, rep: Replay, game: AnyGame, out: TextIO, *, seat: int,
                 opened: bool, pause: Callable[[], bool] | None = None) -> None:
        self.rep, self.game, self.out = rep, game, out
        self.seat, self.opened = seat, opened
        self.family = rep.header["family"]
        self.pause = pause
        self.stopped = False

    def __call__(self, event: str, data: Any) -> None:
        out = self.out
        if event == "round":
            number, table = data
            out.write(f"== round {number} ==\n")
            if self.opened:
                for s, h in enumerate(self.rep.rounds[number - 1].hands):
                    out.write(f"  seat {s} [{self.rep.seats[s]}]: {h}\n")
            return
        if event == "step":
            step: Step = data
            if self.opened or step.seat == self.seat:
                self._show(step.table, step.seat)
            who = f"seat {step.seat} [{self.rep.seats[step.seat]}]"
            out.write(f"{who}: {step.action}\n")
            if self.pause is not None and not self.pause():
                raise _Stop
            return
        if event == "deal":
            number, table, hands = data
            out.write("all passed: a new deal\n")
            if self.opened:
                for s, h in enumerate(hands):
                    out.write(f"  seat {s} [{self.rep.seats[s]}]: {h}\n")
            return
        number, table, result = data
        out.write(f"round {number} over: scores "
                  + "  ".join(f"seat {s}: {v:+d}" for s, v in enumerate(result["scores"]))
                  + "\n")

    def _show(self, table: AnyTable, seat: int) -> None:
        out = self.out
        view = table.view(seat)
        mark = "" if seat == self.seat else " (open)"
        if self.family == "climbing":
            beat = format_cards(list(view.to_beat)) if view.to_beat else "(leads)"
            state = f"auction, bid to beat {view.bid}" if view.bidding else f"to beat {beat}"
            out.write(f"    seat {seat}{mark} holds {format_cards(list(view.hand))}; cards "
                      f"left {' '.join(map(str, view.hand_sizes))}; {state}\n")
        elif self.family == "tricks":
            trick = "; ".join(f"{s}: {format_cards(list(c))}" for s, c in view.trick)
            sel = f"; chosen {format_cards(list(view.selection))}" if view.selection else ""
            out.write(f"    seat {seat}{mark} ({view.phase}) holds "
                      f"{format_cards(list(view.hand))}; trick: {trick or '(leads)'}{sel}; "
                      f"defenders' points {view.defender_points}\n")
        else:
            hands = " | ".join(
                f"{s}: " + " / ".join(" ".join("??" if c < 0 else format_cards([c])
                                               for c in h) for h in hs)
                for s, hs in enumerate(view.hands) if hs)
            out.write(f"    seat {seat}{mark} sees: {hands or '(no cards yet)'}; bets "
                      f"{' '.join(map(str, view.bets))}\n")


class _Stop(Exception):
    """The person stepping through a replay stopped it."""


def show(path: Path, out: TextIO, *, seat: int | None, opened: bool,
         rules: Path | None = None, pause: Callable[[], bool] | None = None) -> int:
    """``cardrules replay``: check and print a replay. Returns the number of actions."""
    rep = read_replay(path)
    game = load_for(rep, rules)
    n = len(rep.seats)
    if seat is not None and not 0 <= seat < n:
        raise ReplayError(f"--seat {seat}: the table has seats 0 to {n - 1}")
    if seat is None:
        seat = rep.seats.index("human") if "human" in rep.seats else 0
    h = rep.header
    note = "" if h["compiler"] == compiler_version() else \
        f" (recorded with cardrules {h['compiler']}, this is {compiler_version()})"
    out.write(f"replay of {h['game']} ({h['rules_file']}, sha256 {h['rules_sha256'][:12]}), "
              f"seed {h['seed']}, seats {','.join(rep.seats)}{note}\n"
              f"shown as seat {seat} sees it" + (", all hands open" if opened else "") + "\n")
    viewer = Viewer(rep, game, out, seat=seat, opened=opened, pause=pause)
    try:
        end = replay(rep, game, viewer)
    except _Stop:
        out.write("stopped\n")
        return 0
    actions = sum(len(r.actions) for r in rep.rounds)
    out.write(f"end: {len(rep.rounds)} round(s), {actions} actions; scores "
              + " ".join(map(str, end["scores"])) + "; totals "
              + " ".join(map(str, end["totals"])) + "; as recorded\n")
    return actions
