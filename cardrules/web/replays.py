"""Replay files in the web table: a file opened (uploaded) is checked against its rules and
played back on the server, and its rounds are sent as frames to step through, from any seat's
view or with every hand open, as ``cardrules replay`` shows them.

An uploaded file is untrusted: it is read by the same bounded reader as on the command line
(cardrules/replay.py), within a smaller size here (MAX_BYTES), with at most MAX_ACTIONS
actions, and it is played back in full before anything is shown, so a file whose rules no
longer match, or that the rules refuse anywhere, is refused as a whole with the reader's
sentence. The rules a file names are a built-in game's, or rules pasted with the file (never
a file of the server's). Opened replays are bounded (MAX_OPEN, the oldest closed first), and
so are the frames kept of each."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import format_cards
from ..families.banking.game import BankingGame
from ..families.climbing.game import ClimbingGame
from ..families.tricks.game import TricksGame
from ..replay import (
    AnyTable,
    Replay,
    ReplayError,
    Step,
    family_of,
    find_rules,
    load_for,
    parse_replay,
    replay,
)
from .state import AnyGame, render

MAX_BYTES = 2 * 1024 * 1024  # an uploaded replay file (a match of tractor is ~300 kB)
MAX_ACTIONS = 20_000  # a file's actions, over all its rounds: bounds each playback (a
# titanic match of 12,000 actions opens in about 2 s on a loaded 2-core machine)
AT_ONCE = 2  # playbacks running at once (opening a file, or a round's frames); others wait
MAX_OPEN = 16  # replays open on the server at once
MAX_FRAME_SETS = 8  # (round, view) frame lists kept per replay


class _Done(Exception):
    """The round asked for is over: playback stops."""


@dataclass
class Opened:
    """A replay file checked against its rules, open for stepping through."""

    id: str
    rep: Replay
    game: AnyGame
    lock: threading.Lock = field(default_factory=threading.Lock)
    frames: OrderedDict[tuple[int, str], list[dict[str, Any]]] = field(
        default_factory=OrderedDict)

    def summary(self) -> dict[str, Any]:
        h = self.rep.header
        return {"id": self.id, "game": h["game"], "title": self.game.title,
                "family": h["family"], "rules_file": h["rules_file"], "seed": h["seed"],
                "compiler": h["compiler"], "seats": self.rep.seats,
                "rounds": [{"number": r.number, "actions": len(r.actions),
                            "deals": len(r.deals), "given": r.given is not None,
                            "scores": (r.result or {}).get("scores", [])}
                           for r in self.rep.rounds],
                "end": self.rep.end}


def game_for(rep: Replay, rules: str | None) -> AnyGame:
    """The game to play the file back with: the built-in game it names, or ``rules`` (text
    already checked to compile), which must hash as the recording says."""
    from ..game import from_ir
    from .pasted import compile_pasted, hash_pasted

    h = rep.header
    if rules is None:
        if not h["builtin"]:
            raise ReplayError(f"the recording is of {h['rules_file']}, which is not a built-in "
                              "game: paste its rules with the file to open it")
        try:
            loaded = load_for(rep, None)
        except ReplayError as err:  # the server's own folders are not shown
            path = str(find_rules(rep, None))
            raise ReplayError(str(err).replace(path, h["rules_file"])) from None
        assert isinstance(loaded, ClimbingGame | TricksGame | BankingGame)
        return loaded
    now = hash_pasted(rules, h["rules_file"])
    if now != h["rules_sha256"]:
        raise ReplayError(f"the rules no longer match the recording: the pasted rules (with "
                          f"their bases) have sha256 {now[:16]}..., the recording "
                          f"{h['rules_sha256'][:16]}...: the game was recorded under other "
                          "rules")
    game = from_ir(compile_pasted(rules, h["rules_file"]), Path(h["rules_file"]))
    if game.name != h["game"] or family_of(game) != h["family"]:
        raise ReplayError(f"the pasted rules are the game {game.name} ({family_of(game)}), "
                          f"the recording {h['game']} ({h['family']})")
    return game


def open_replay(data: bytes, rules: str | None) -> Opened:
    """Read, bound, and play back a whole uploaded file; ReplayError says what is wrong."""
    if len(data) > MAX_BYTES:
        raise ReplayError(f"the replay file is larger than {MAX_BYTES:,} bytes")
    rep = parse_replay(data, "the replay file")
    actions = sum(len(r.actions) for r in rep.rounds)
    if actions > MAX_ACTIONS:
        raise ReplayError(f"the replay file holds {actions:,} actions; the web table opens "
                          f"at most {MAX_ACTIONS:,} (cardrules replay FILE shows it all)")
    game = game_for(rep, rules)
    replay(rep, game)
    return Opened(secrets.token_urlsafe(12), rep, game)


def open_hands(game: AnyGame, table: AnyTable) -> list[str]:
    """Every seat's cards now, for the open view."""
    if isinstance(game, BankingGame):
        return [" / ".join(format_cards(list(h.cards)) for h in hands) or "-"
                for hands in table.hands]
    return [format_cards(list(table.hand(s))) or "-" for s in range(game.players)]


def frames(op: Opened, number: int, view: str) -> list[dict[str, Any]]:
    """The moments of round ``number`` as ``view`` (a seat's number, or ``open``) sees
    them: before each action (which seat does what), after a new deal, and the end."""
    key = (number, view)
    with op.lock:
        if key in op.frames:
            op.frames.move_to_end(key)
            return op.frames[key]
        out = _frames(op, number, view)
        op.frames[key] = out
        while len(op.frames) > MAX_FRAME_SETS:
            op.frames.popitem(last=False)
        return out


def _frames(op: Opened, number: int, view: str) -> list[dict[str, Any]]:
    game, seats = op.game, op.rep.seats
    opened = view == "open"
    out: list[dict[str, Any]] = []

    def frame(table: AnyTable, actor: int, said: str) -> dict[str, Any]:
        seat = (actor if actor >= 0 else 0) if opened else int(view)
        state = render(game, table, seat)
        for k in ("legal", "legal_count"):
            state.pop(k, None)
        state["kinds"] = seats
        made: dict[str, Any] = {"seat": actor, "said": said, "view": state}
        if opened:
            made["open"] = open_hands(game, table)
        return made

    def watch(event: str, data: Any) -> None:
        if event == "step":
            step: Step = data
            if step.round == number:
                out.append(frame(step.table, step.seat,
                                 f"seat {step.seat} [{seats[step.seat]}]: {step.action}"))
        elif event == "deal" and data[0] == number:
            out.append(frame(data[1], data[1].seat, "all passed: a new deal"))
        elif event == "result" and data[0] == number:
            scores = "  ".join(f"seat {s}: {v:+d}" for s, v in enumerate(data[2]["scores"]))
            out.append(frame(data[1], -1, f"round {number} over: scores {scores}"))
            raise _Done

    try:
        replay(op.rep, game, watch)
    except _Done:
        pass
    return out
