"""Recorded random games of every climbing game, to prove that a change to move generation or
to the table changes no behaviour: the same legal action lists, in the same order, and the
same results for the same seeds.

``python tests/replays.py`` records them again into tests/data/climbing_replays.json (only do
that when a change of behaviour is intended, and say so in the commit).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "climbing_replays.json"

BUILT_IN = ("big_two", "da_bei", "tiao_shu", "shuang_kou", "doudizhu")
FILES = ("kickers.rules", "big_two_keyed_by_2.rules", "da_bei_flat.rules")  # in tests/data
FILES_EACH = 60
GAMES_EACH = 200  # random rounds per built-in game
GENERATED = 6  # games written by cardrules.devtools.rulesgen
GENERATED_EACH = 40
MATCHES_EACH = 3  # whole matches with greedy and random bots


def action_text(a: Any) -> str:
    """Everything an action is: a Play's cards, kind, group, rung, bomb rung and key."""
    if hasattr(a, "cards"):
        return f"{a.cards}|{a.kind}|{a.group}|{a.tier}|{a.bomb}|{a.key}"
    return f"bid:{a}"


def play_round(game: Any, seed: int | str) -> dict[str, Any]:
    """One round with random actions through the public loop; a digest of every legal list
    (in order) and of the history as the players saw it, and the result."""
    rng = random.Random(f"replay:{seed}")
    t = game.new_table(seed=seed)
    digest = hashlib.sha256()
    decisions = 0
    while not t.over:
        legal = list(t.legal_actions())
        digest.update(("\n".join(action_text(a) for a in legal) + "\n\n").encode())
        t.apply(rng.choice(legal))
        decisions += 1
    digest.update(repr(tuple(t.view(0).history)).encode())  # as when it was a tuple
    r = t.result()
    return {"seed": seed, "decisions": decisions, "legal": digest.hexdigest()[:24],
            "scores": list(r.scores), "places": list(r.places),
            "cards_left": list(r.cards_left)}


def play_match(game: Any, seed: int) -> dict[str, Any]:
    seats = ["greedy"] + ["random"] * (game.players - 1)
    res = game.play_match(seed=seed, seats=seats)
    return {"seed": seed, "totals": list(res.totals),
            "rounds": [[list(r.scores), list(r.places)] for r in res.rounds]}


def load_text(name: str, text: str) -> Any:
    """A climbing game from rules text (a generated variant kept in the data file)."""
    from cardrules.compiler import compile_text
    from cardrules.families.climbing.game import ClimbingGame
    from cardrules.loader import load_module
    from cardrules.runtime.protocol import RulesModule

    g = compile_text(text, f"{name}.rules")
    module, source = load_module(g, f"{name}.rules")
    return ClimbingGame(g, cast(RulesModule, module), source, Path(f"{name}.rules"))


def record_game(game: Any, rounds: int) -> dict[str, Any]:
    return {"rounds": [play_round(game, s) for s in range(rounds)],
            "matches": [play_match(game, s) for s in range(MATCHES_EACH)]}


def generated_texts() -> list[tuple[str, str]]:
    """Valid climbing games drawn by rulesgen that play a round."""
    from cardrules.devtools.rulesgen import SUITE, generate

    out: list[tuple[str, str]] = []
    i = 0
    while len(out) < GENERATED:
        p = generate(f"replay:{i}", SUITE)
        i += 1
        if p.fault:
            continue
        try:
            game = load_text(f"gen{len(out)}", p.text)
            if game.ir.family != "climbing":
                continue
            play_round(game, 0)
        except Exception:  # noqa: BLE001  (a drawn program that does not compile or play)
            continue
        out.append((f"gen{len(out)}", p.text))
    return out


def record() -> dict[str, Any]:
    import cardrules

    data: dict[str, Any] = {"built_in": {}, "generated": []}
    for name in BUILT_IN:
        data["built_in"][name] = record_game(cardrules.load(name), GAMES_EACH)
    data["files"] = {name: record_game(cardrules.load(ROOT / "tests" / "data" / name),
                                       FILES_EACH) for name in FILES}
    for name, text in generated_texts():
        data["generated"].append({"name": name, "text": text,
                                  **record_game(load_text(name, text), GENERATED_EACH)})
    return data


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    DATA.write_text(json.dumps(record(), indent=1, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    print(f"wrote {DATA}")
