"""Replay files of what a seed alone does not deal (issue 11 §3): tables made with given cards
(``new_table(hands=...)``, a banking table's ``stock``) and the new deal after an auction that
every seat passed (``all pass: deal again``). Random games of every built-in game are
recorded, replayed, and give the recorded result; files that leave out or change a new deal,
or a given table's cards, are refused with a sentence."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardrules.compiler import builtin_games
from cardrules.families.banking.game import BankingGame
from cardrules.game import load
from cardrules.replay import (
    SCHEMA_PATH,
    Recorder,
    ReplayError,
    check_file,
    deal_record,
    family_of,
    play_recorded,
    read_replay,
    record_match,
    record_table,
)

GAMES = sorted(p.stem for p in builtin_games())
REDEAL_SEEDS = {"doudizhu": 23}  # random seats: round 1's auction is passed out once


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def write(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


def given_table(name: str, seed: int) -> Any:
    """A table of ``name`` made with given cards: hands dealt by another seed (a banking
    table: a stock of the whole shoe shuffled), the table's own seed ``seed``."""
    game = load(name)
    if isinstance(game, BankingGame):
        m = game.module
        stock = list(m.DECK) * m.COPIES
        random.Random(seed).shuffle(stock)
        return game.new_table(seed=seed, seats=["random"] * game.players_max, stock=stock)
    other = game.new_table(seed=f"other:{seed}")
    hands = deal_record(family_of(game), other)["hands"]
    return game.new_table(seed=seed, seats=["greedy"] + ["random"] * (game.players - 1),
                          hands=hands)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_table_of_given_cards_round_trips(name: str, seed: int, tmp_path: Path) -> None:
    table = given_table(name, seed)
    path = tmp_path / "given.jsonl"
    scores = record_table(table, path)
    assert scores == list(table.result().scores)
    rep = read_replay(path)
    (r,) = rep.rounds
    assert r.given is not None and r.given["seed"] == seed
    family = family_of(load(name))
    assert set(r.given) == {"climbing": {"seed", "leader", "first_round"},
                            "tricks": {"seed", "dealer", "levels", "round_number"},
                            "banking": {"seed", "stock"}}[family]
    if family != "banking":  # the recorded hands are the given ones, not the seed's
        assert r.hands == deal_record(family, given_table(name, seed))["hands"]
        assert r.hands != deal_record(family, load(name).new_table(seed=seed))["hands"]
    end = check_file(path)
    assert end["scores"] == end["totals"] == scores


def test_given_cards_with_a_leader_and_a_level_round_trip(tmp_path: Path) -> None:
    big_two, tractor = load("big_two"), load("tractor")
    hands = deal_record("climbing", big_two.new_table(seed=5))["hands"]
    t = big_two.new_table(seed=9, hands=hands, leader=2, first_round=False,
                          seats=["greedy"] * 4)
    record_table(t, tmp_path / "a.jsonl")
    assert read_replay(tmp_path / "a.jsonl").rounds[0].given == {
        "seed": 9, "leader": 2, "first_round": False}
    assert check_file(tmp_path / "a.jsonl")["scores"] == list(t.result().scores)
    hands = deal_record("tricks", tractor.new_table(seed=5))["hands"]
    u = tractor.new_table(seed="x", hands=hands, dealer=1, levels=[3, 0, 3, 0],
                          round_number=4, seats=["greedy"] * 4)
    record_table(u, tmp_path / "b.jsonl")
    assert read_replay(tmp_path / "b.jsonl").rounds[0].given == {
        "seed": "x", "dealer": 1, "levels": [3, 0, 3, 0], "round_number": 4}
    assert check_file(tmp_path / "b.jsonl")["scores"] == list(u.result().scores)


def test_record_table_is_for_tables_of_given_cards(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="a match dealt from its seed is recorded with "
                                          "record_match"):
        record_table(load("big_two").new_table(seed=1), tmp_path / "x.jsonl")
    assert not (tmp_path / "x.jsonl").exists()


def test_given_cards_without_a_seed_are_not_recorded() -> None:
    game = load("big_two")
    hands = deal_record("climbing", game.new_table(seed=5))["hands"]
    rec = Recorder(game, seed=1, seats=["random"] * 4)
    with pytest.raises(ReplayError, match="only with a seed"):
        rec.start_round(game.new_table(hands=hands))


def test_given_cards_that_no_longer_make_a_table_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record_table(given_table("big_two", 1), path)
    lines = lines_of(path)
    lines[1]["hands"][0] = lines[1]["hands"][1]  # two seats hold the same cards
    with pytest.raises(ReplayError, match="the given cards make no table of big_two: .*more "
                                          "often than the deck has it"):
        check_file(write(tmp_path / "bad.jsonl", lines))
    lines = lines_of(path)
    lines[1]["given"]["leader"] = "north"
    with pytest.raises(ReplayError, match="given: field 'leader' is not a whole number"):
        check_file(write(tmp_path / "bad.jsonl", lines))
    lines = lines_of(path)
    lines[1]["given"]["evil"] = 1
    with pytest.raises(ReplayError, match="unknown field"):
        check_file(write(tmp_path / "bad.jsonl", lines))


def test_a_match_and_given_tables_do_not_mix(tmp_path: Path) -> None:
    match = tmp_path / "m.jsonl"
    record_match(load("shuang_kou"), seed=1, seats=["random"] * 4, path=match)
    lines = lines_of(match)
    rounds = [i for i, x in enumerate(lines) if x["type"] == "round"]
    assert len(rounds) == 4
    lines[rounds[1]]["given"] = {"seed": 1, "leader": -1, "first_round": True}
    with pytest.raises(ReplayError, match=r"m2.jsonl:\d+: a table of given cards after a "
                                          "match's round"):
        read_replay(write(tmp_path / "m2.jsonl", lines))
    # two tables of given cards in one file, then one of them made a match's round
    rec = Recorder(load("big_two"), seed=1, seats=["random"] * 4)
    for seed in (1, 2):
        t = given_table("big_two", seed)
        rec.start_round(t)
        t.play_out()
        rec.end_round(t)
    rec.save(tmp_path / "two.jsonl")
    assert check_file(tmp_path / "two.jsonl")["rounds"] == 2
    lines = lines_of(tmp_path / "two.jsonl")
    del next(x for x in lines if x["type"] == "round" and x["round"] == 2)["given"]
    with pytest.raises(ReplayError, match="a round dealt from the seed after a table of given "
                                          "cards"):
        read_replay(write(tmp_path / "bad.jsonl", lines))


# ------------------------------------------------------------------ new deals
@pytest.mark.parametrize("name", sorted(REDEAL_SEEDS))
def test_a_new_deal_is_recorded_and_replayed(name: str, tmp_path: Path) -> None:
    game = load(name)
    seed = REDEAL_SEEDS[name]
    path = tmp_path / "r.jsonl"
    seats = ["random"] * game.players
    record_match(game, seed=seed, seats=seats, path=path)
    lines = lines_of(path)
    at = next(i for i, x in enumerate(lines) if x["type"] == "deal")
    before = lines[at - 1]
    # the deal follows the action that passed the auction out, and is not the first deal
    assert before["type"] == "action" and before["action"] == "pass"
    assert lines[at]["hands"] != lines[1]["hands"]
    rep = read_replay(path)
    assert rep.rounds[0].deals and rep.rounds[0].deals[0][1] == lines[at]["hands"]
    # ... and is the deal the table makes again from the seed
    table = game.new_match(seed=seed, seats=seats).new_round()
    for _ in range(game.players):
        table.apply("pass")
    assert deal_record("climbing", table)["hands"] == lines[at]["hands"]
    assert check_file(path) == rep.end == {
        "type": "end", "rounds": len(rep.rounds), "scores": list(game.play_match(
            seed=seed, seats=seats).scores), "totals": rep.end["totals"], "complete": True}


def test_a_new_deal_left_out_or_changed_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    record_match(load("doudizhu"), seed=REDEAL_SEEDS["doudizhu"], seats=["random"] * 3,
                 path=path)
    lines = lines_of(path)
    at = next(i for i, x in enumerate(lines) if x["type"] == "deal")
    left_out = lines[:at] + lines[at + 1:]
    with pytest.raises(ReplayError, match="every seat passed and the cards were dealt again; "
                                          "the recording has no new deal here"):
        check_file(write(tmp_path / "a.jsonl", left_out))
    changed = lines_of(path)
    changed[at]["hands"] = list(reversed(changed[at]["hands"]))
    with pytest.raises(ReplayError, match="the new deal: seat 0 is dealt .* the deal is not "
                                          "the recorded one"):
        check_file(write(tmp_path / "b.jsonl", changed))
    early = lines_of(path)
    early.insert(at - 1, early.pop(at))  # one action too soon
    with pytest.raises(ReplayError, match="the recording deals again here; the auction was "
                                          "not passed out"):
        check_file(write(tmp_path / "c.jsonl", early))
    # version 1 wrote no new deals: such a file is replayed from the seed as before
    old = [dict(x, version=1) if x["type"] == "header" else x for x in left_out]
    del old[-1]["complete"]  # nor whether a match was saved before it ended
    assert check_file(write(tmp_path / "d.jsonl", old)) == old[-1]
    # a deal record outside a climbing game is refused as it is read
    tractor = tmp_path / "t.jsonl"
    record_table(given_table("tractor", 1), tractor)
    t = lines_of(tractor)
    t.insert(2, dict(lines[at], round=1))
    with pytest.raises(ReplayError, match="a new deal outside a climbing game's round"):
        read_replay(write(tmp_path / "e.jsonl", t))


def test_random_matches_of_auction_games_with_new_deals_round_trip(tmp_path: Path) -> None:
    """Every climbing game with an auction, random seats, seeds until three matches have a
    new deal in them: each replays to its recorded end."""
    for name in GAMES:
        game = load(name)
        if isinstance(game, BankingGame) or not getattr(game.module, "AUCTION_BIDS", ()):
            continue
        with_deals = 0
        for seed in range(400):
            rec = Recorder(game, seed=seed, seats=["random"] * game.players)
            totals, _ = play_recorded(game, rec, seed=seed, seats=["random"] * game.players)
            if not any(x["type"] == "deal" for x in rec.lines):
                continue
            path = tmp_path / f"{name}-{seed}.jsonl"
            rec.save(path, totals)
            assert check_file(path) == read_replay(path).end
            with_deals += 1
            if with_deals == 3:
                break
        assert with_deals == 3, name


def test_given_tables_with_a_new_deal_round_trip(tmp_path: Path) -> None:
    """A table of given cards whose auction is passed out deals again from its own seed."""
    game = load("doudizhu")
    found = 0
    for seed in range(300):
        t = given_table("doudizhu", seed)
        t.seat_kinds = ["random"] * 3
        t.bot_fns = game.bots(t.seat_kinds)
        path = tmp_path / f"{seed}.jsonl"
        record_table(t, path)
        if not any(x["type"] == "deal" for x in lines_of(path)):
            continue
        found += 1
        assert check_file(path)["scores"] == list(t.result().scores)
        if found == 2:
            break
    assert found == 2


def test_the_new_records_match_the_schema(tmp_path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text("utf-8")))
    path = tmp_path / "r.jsonl"
    record_match(load("doudizhu"), seed=REDEAL_SEEDS["doudizhu"], seats=["random"] * 3,
                 path=path)
    kinds = set()
    for name in ("big_two", "tractor", "blackjack"):
        record_table(given_table(name, 1), tmp_path / f"{name}.jsonl")
        for x in lines_of(tmp_path / f"{name}.jsonl") + lines_of(path):
            validator.validate(x)
            kinds.add((x["type"], "given" in x))
    assert {("deal", False), ("round", True), ("round", False)} <= kinds
    bad = {"type": "round", "round": 1, "hands": [], "kitty": "",
           "given": {"seed": 1, "leader": 0}}
    assert not validator.is_valid(bad)


def test_the_command_line_shows_the_new_deal(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.cli import main
    path = tmp_path / "r.jsonl"
    record_match(load("doudizhu"), seed=REDEAL_SEEDS["doudizhu"], seats=["random"] * 3,
                 path=path)
    rep = read_replay(path)
    new_hands = rep.rounds[0].deals[0][1]
    assert main(["replay", str(path), "--open"]) == 0
    shown = capsys.readouterr().out
    assert "all passed: a new deal\n" in shown
    after = shown.split("all passed: a new deal\n", 1)[1]
    assert all(f"  seat {s} [random]: {h}\n" in after for s, h in enumerate(new_hands))
    assert shown.rstrip().endswith("as recorded")
    assert main(["replay", str(path), "--seat", "1"]) == 0
    seat1 = capsys.readouterr().out
    assert "all passed: a new deal\n" in seat1 and new_hands[0] not in seat1


def test_a_match_saved_before_it_ends(tmp_path: Path) -> None:
    """``complete: false``: the rounds that are over, replayed; the round in play is not in
    the file. A file that says otherwise of its match is refused."""
    game = load("shuang_kou")
    seats = ["random"] * 4
    rec = Recorder(game, seed=1, seats=seats)
    match = game.new_match(seed=1, seats=seats)
    for _ in range(2):
        t = rec.start_round(match.new_round())
        t.play_out()
        match.end_round(t)
        rec.end_round(t)
    playing = rec.start_round(match.new_round())  # round 3 in play, one action made
    playing.apply(playing.bot_move())
    text = rec.text(list(match.result().totals), complete=False)
    path = tmp_path / "part.jsonl"
    path.write_text(text, encoding="utf-8")
    lines = lines_of(path)
    assert [x["type"] for x in lines].count("round") == 2
    assert lines[-1] == {"type": "end", "rounds": 2, "scores": rec.scores,
                         "totals": list(match.result().totals), "complete": False}
    assert check_file(path) == lines[-1]
    lines[-1]["complete"] = True
    with pytest.raises(ReplayError, match="ends after 2 round.s., before the match does"):
        check_file(write(tmp_path / "a.jsonl", lines))
    whole = tmp_path / "whole.jsonl"
    record_match(game, seed=1, seats=seats, path=whole)
    lines = lines_of(whole)
    lines[-1]["complete"] = False
    with pytest.raises(ReplayError, match="says the match was not over after 4 round.s.; it "
                                          "was"):
        check_file(write(tmp_path / "b.jsonl", lines))


@pytest.mark.parametrize(("name", "field", "value", "said"), [
    ("big_two", "leader", 4, "given: leader 4: a seat 0 to 3, or -1"),
    ("big_two", "leader", -2, "given: leader -2: a seat 0 to 3, or -1"),
    ("tractor", "dealer", 99, "given: dealer 99: a seat 0 to 3, or -1"),
    ("tractor", "round_number", 0, "given: round_number is 1 or more"),
    ("tractor", "levels", [-5, 0, 0, 0], "given: levels are 0 or more"),
    ("tractor", "levels", [0, 0],
     "given: levels: 2 values for 4 seats (the seats the header, line 1, names)"),
    ("blackjack", "stock", "XX", "the given cards make no table of blackjack: 'XX' has no suit"),
    ("blackjack", "stock", "S3", "the stock is empty"),
    ("big_two", "seed", "x" * 600, "given: field 'seed' is longer than 512 characters"),
])
def test_a_hostile_given_object_is_refused(name: str, field: str, value: object, said: str,
                                           tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record_table(given_table(name, 1), path)
    lines = lines_of(path)
    lines[1]["given"][field] = value
    with pytest.raises(ReplayError) as err:
        check_file(write(tmp_path / "bad.jsonl", lines))
    assert said in str(err.value)


def test_the_header_hash_is_read_from_the_files_a_game_was_built_from(
        tmp_path: Path) -> None:
    """game_hash (what a Recorder writes; no parse) is rules_hash, for every built-in game
    and for a variant with its base; once a file changed it hashes the files as they are."""
    from cardrules.replay import game_hash, rules_hash
    for name in GAMES:
        game = load(name)
        assert game.files and game_hash(game) == rules_hash(game.path)
    base, variant = tmp_path / "tractor.rules", tmp_path / "mine.rules"
    base.write_text(load("tractor").path.read_text(encoding="utf-8"), encoding="utf-8")
    variant.write_text("game mine extends tractor\n", encoding="utf-8")
    game = load(variant)
    assert [Path(p).name for p, _ in game.files] == ["mine.rules", "tractor.rules"]
    before = game_hash(game)
    assert before == rules_hash(variant)
    base.write_text(base.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    assert game_hash(game) == rules_hash(variant) != before
