"""Replay files (cardrules/replay.py): random games of every built-in game recorded and played
back to the same result; the CLI's --record and replay; files whose rules changed, or that
are malformed or hostile, refused with a sentence and exit 1, never a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cardrules.cli import main
from cardrules.compiler import builtin_games
from cardrules.families.banking.game import BankingGame
from cardrules.game import load
from cardrules.replay import (
    MAX_LINE,
    SCHEMA_PATH,
    ReplayError,
    check_file,
    family_of,
    read_replay,
    record_match,
    rules_hash,
)

GAMES = sorted(p.stem for p in builtin_games())
SEEDS = (1, 2)
TRICKS_SEEDS = (1,)  # a tricks match is dozens of rounds: one match each


def seeds_of(name: str) -> tuple[int, ...]:
    return TRICKS_SEEDS if family_of(load(name)) == "tricks" else SEEDS


def seats_for(game: object) -> list[str]:
    if isinstance(game, BankingGame):
        return ["random"] * game.players_max
    assert hasattr(game, "players")
    return ["greedy"] + ["random"] * (game.players - 1)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Path]]:
    """Every built-in game, recorded with two seeds (tricks: one)."""
    folder = tmp_path_factory.mktemp("replays")
    out: dict[str, list[Path]] = {}
    for name in GAMES:
        game = load(name)
        for seed in seeds_of(name):
            path = folder / f"{name}-{seed}.jsonl"
            record_match(game, seed=seed, seats=seats_for(game), path=path)
            out.setdefault(name, []).append(path)
    return out


def test_every_family_is_recorded() -> None:
    assert {family_of(load(n)) for n in GAMES} == {"climbing", "tricks", "banking"}


@pytest.mark.parametrize("name", GAMES)
def test_round_trip_gives_the_recorded_result(name: str,
                                              recorded: dict[str, list[Path]]) -> None:
    game = load(name)
    for seed, path in zip(seeds_of(name), recorded[name], strict=True):
        rep = read_replay(path)
        played = game.play_match(seed=seed, seats=seats_for(game))
        # the recording is the match play_match plays, and replaying it gives its result
        assert rep.end["scores"] == list(played.scores)
        assert len(rep.rounds) == len(played.rounds)
        assert all(r.actions for r in rep.rounds)
        end = check_file(path)
        assert end == rep.end
        assert end["totals"] == list(played.totals)


def test_header_names_the_rules_and_their_hash(recorded: dict[str, list[Path]]) -> None:
    rep = read_replay(recorded["tractor_2_trump"][0])
    h = rep.header
    assert (h["game"], h["family"], h["rules_file"], h["builtin"]) == \
        ("tractor_2_trump", "tricks", "tractor_2_trump.rules", True)
    assert h["seed"] == 1 and h["compiler"] == "0.1.0"
    # the hash covers the bases too: tractor_2_trump extends tractor
    path = load("tractor_2_trump").path
    assert h["rules_sha256"] == rules_hash(path)
    import hashlib
    assert h["rules_sha256"] != hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_auction_is_recorded(recorded: dict[str, list[Path]]) -> None:
    rep = read_replay(recorded["doudizhu"][0])
    said = [a for _, a in rep.rounds[0].actions]
    assert said[0] in ("pass", "bid 1", "bid 2", "bid 3")
    assert any(a.startswith("bid ") for a in said)


def test_every_line_matches_the_shipped_schema(recorded: dict[str, list[Path]]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    lines = 0
    for paths in recorded.values():
        for path in paths:
            text = path.read_text(encoding="utf-8").splitlines()
            for line in text[:60] + text[-4:]:  # every kind of record, in reasonable time
                validator.validate(json.loads(line))
                lines += 1
    assert lines > 900  # 64 lines of each of 18 files, fewer for the short ones
    bad = {"type": "action", "round": 1, "seat": 99, "action": "S3"}
    assert not validator.is_valid(bad)


# ------------------------------------------------------------------ the command line
def test_play_record_then_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    assert main(["play", "doudizhu", "--seed", "4", "--record", str(path)]) == 0
    played = capsys.readouterr().out
    assert f"recorded to {path}" in played
    assert main(["replay", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "replay of doudizhu" in shown and "as recorded" in shown
    # seat 1's view shows seat 1's hand, never seat 0's
    rep = read_replay(path)
    assert main(["replay", str(path), "--seat", "1"]) == 0
    seat1 = capsys.readouterr().out
    assert f"seat 1 holds {rep.rounds[0].hands[1]}" in seat1
    assert "seat 0 holds" not in seat1 and "seat 0 (open)" not in seat1
    assert main(["replay", str(path), "--open"]) == 0
    opened = capsys.readouterr().out
    assert all(h in opened for h in rep.rounds[0].hands)


@pytest.mark.parametrize("name", ["tractor", "blackjack"])
def test_play_record_other_families(name: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    assert main(["play", name, "--seed", "2", "--record", str(path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(path), "--open"]) == 0
    assert "as recorded" in capsys.readouterr().out


@pytest.mark.parametrize("name,workers", [("big_two", 2), ("blackjack", 2), ("shengji", 1)])
def test_simulate_record_writes_one_file_per_game(name: str, workers: int, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    n = 30 if name != "shengji" else 2
    assert main(["simulate", name, "-n", str(n), "--seed", "5", "--workers", str(workers),
                 "--record", str(tmp_path), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    files = sorted(tmp_path.glob("*.jsonl"))
    assert [f.name for f in files] == [f"{name}-5-{i:06d}.jsonl" for i in range(n)]
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind
    means = [sum(read_replay(f).end["scores"][s] for f in files) / n
             for s in range(len(stats["seats"]))]
    assert means == pytest.approx([s["mean"] for s in stats["seats"]], abs=1e-4)
    for f in files[:3]:
        check_file(f)
    # the statistics are those of the same run without recording
    assert main(["simulate", name, "-n", str(n), "--seed", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == stats


# ------------------------------------------------------------------ refusals
def refused(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["replay", str(path), *extra]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.startswith("cardrules: error: ")
    return err


def edit(src: Path, dst: Path, fn: object) -> Path:
    lines = [json.loads(x) for x in src.read_text(encoding="utf-8").splitlines()]
    assert callable(fn)
    fn(lines)
    dst.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return dst


def test_changed_rules_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "mine.rules"
    shutil.copy(load("big_two").path, rules)
    text = rules.read_text(encoding="utf-8").replace('game big_two', 'game mine', 1)
    rules.write_text(text, encoding="utf-8")
    game = load(rules)
    path = tmp_path / "r.jsonl"
    record_match(game, seed=1, seats=["random"] * 4, path=path)
    assert not read_replay(path).header["builtin"]
    assert main(["replay", str(path), "--rules", str(rules)]) == 0
    capsys.readouterr()
    rules.write_text(text + "\n# a comment changes the source\n", encoding="utf-8")
    err = refused(path, capsys, "--rules", str(rules))
    assert "the rules no longer match the recording" in err
    # elsewhere, without --rules: the file is looked for by name, and not found
    err = refused(path, capsys)
    assert "--rules" in err


def test_a_base_changing_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base, variant = tmp_path / "tractor.rules", tmp_path / "tractor_2_trump.rules"
    shutil.copy(load("tractor").path, base)
    shutil.copy(load("tractor_2_trump").path, variant)
    path = tmp_path / "r.jsonl"
    record_match(load(variant), seed=1, seats=["random"] * 4, path=path)
    assert main(["replay", str(path), "--rules", str(variant)]) == 0
    capsys.readouterr()
    base.write_text(base.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert "the rules no longer match" in refused(path, capsys, "--rules", str(variant))


def test_other_rules_of_the_same_text_are_refused(recorded: dict[str, list[Path]],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(recorded["big_two"][0], capsys, "--rules", str(load("da_bei").path))
    assert "the rules no longer match" in err


def _tamper_cases() -> list[tuple[str, object, str]]:
    def first(kind: str, lines: list[dict[str, object]]) -> dict[str, object]:
        return next(x for x in lines if x["type"] == kind)

    def set_action(lines: list[dict[str, object]]) -> None:
        a = [x for x in lines if x["type"] == "action"]
        a[-1]["action"] = "S3 S3 S3 S3" if a[-1]["action"] != "S3 S3 S3 S3" else "pass"

    return [
        ("action", set_action, "refused"),
        ("seat", lambda ls: first("action", ls).update(seat=(int(first("action", ls)["seat"])
                                                               + 1) % 4), "turn"),
        ("result", lambda ls: first("result", ls).update(scores=[9, 9, 9, 9]),
         "the result differs from the recording"),
        ("deal", lambda ls: first("round", ls).update(hands=["S3", "S4", "S5", "S6"]),
         "the deal is not the recorded one"),
        ("end", lambda ls: ls[-1].update(scores=[1, 2, 3, 4]), "end"),
        ("cut", lambda ls: ls.pop(), "no end record"),
        ("cut actions", lambda ls: [ls.pop(-3) for _ in range(3)],
         "end before the round does"),
        ("unknown field", lambda ls: ls[0].update(evil="x"), "unknown field"),
        ("missing field", lambda ls: ls[0].pop("seed"), "lacks seed"),
        ("bad type", lambda ls: ls[0].update(seats="greedy"), "seats"),
        ("bool for int", lambda ls: first("action", ls).update(seat=True), "true/false"),
        ("float", lambda ls: first("result", ls).update(scores=[0.5, 0, 0, 0]), "whole"),
        ("huge number", lambda ls: first("action", ls).update(seat=10 ** 30), "range"),
        ("negative seat", lambda ls: first("action", ls).update(seat=-1), "seat -1"),
        ("long text", lambda ls: first("action", ls).update(action="S3 " * 400), "longer"),
        ("hash", lambda ls: ls[0].update(rules_sha256="0" * 64), "no longer match"),
        ("bad hash", lambda ls: ls[0].update(rules_sha256="../x"), "hexadecimal"),
        ("path", lambda ls: ls[0].update(rules_file="/etc/passwd", builtin=False), "file name"),
        ("format", lambda ls: ls[0].update(format="other"), "not a cardrules replay"),
        ("version", lambda ls: ls[0].update(version=99), "version 99"),
        ("type", lambda ls: ls.insert(1, {"type": "evil"}), "unknown record type"),
        ("header not first", lambda ls: ls.insert(0, ls.pop(1)), "first line"),
        ("after end", lambda ls: ls.append(dict(ls[-1])), "after the end"),
        ("game", lambda ls: ls[0].update(game="no_such_game"), "the recording no_such_game"),
        ("rules file", lambda ls: ls[0].update(rules_file="no_such.rules"), "does not have"),
        ("dotted", lambda ls: ls[0].update(rules_file="..rules"), "file name"),
        ("seats", lambda ls: ls[0].update(seats=["random"] * 3), "hands"),
        ("card word", lambda ls: first("action", ls).update(action="S3 XX"), "refused"),
    ]


@pytest.mark.parametrize("case,fn,said", _tamper_cases(), ids=[c[0] for c in _tamper_cases()])
def test_tampered_files_are_refused(case: str, fn: object, said: str, tmp_path: Path,
                                    recorded: dict[str, list[Path]],
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = edit(recorded["big_two"][0], tmp_path / "t.jsonl", fn)
    err = refused(path, capsys)
    assert said in err, err


@pytest.mark.parametrize("content,said", [
    (b"", "empty"),
    (b"not json\n", "not a JSON object"),
    (b"[1, 2]\n", "each line is a JSON object"),
    (b"\xff\xfe\n", "not UTF-8"),
    (b'{"type": "header", "version": NaN}\n', "NaN is not a number"),
    (b"[" * 50_000 + b"\n", "not a JSON object"),
    (b"x" * (MAX_LINE + 1) + b"\n", "longer than"),
    (b"{}\n" * 400_001, "more than 400,000 lines"),
])
def test_malformed_files_are_refused(content: bytes, said: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    assert said in refused(path, capsys)


def test_not_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "not a regular file" in refused(tmp_path, capsys)
    assert "missing.jsonl: no such file" in refused(tmp_path / "missing.jsonl", capsys)


def test_bad_seat_option(recorded: dict[str, list[Path]],
                         capsys: pytest.CaptureFixture[str]) -> None:
    assert "--seat 7" in refused(recorded["big_two"][0], capsys, "--seat", "7")


def test_replay_error_is_a_value_error() -> None:
    assert issubclass(ReplayError, ValueError)
