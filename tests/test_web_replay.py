"""Replay files in the web table, through its HTTP API: a seat downloads the match once it is
over (written by cardrules/replay.py's Recorder, the file `play --record` writes), never
before (the file names the match's seed, from which every deal to come follows), nor
anything for a token that is not a seat of the table; an uploaded file is
checked against its rules and stepped through from any seat's view or with every hand open;
broken, hostile or mismatched files get a sentence, and the server keeps serving. The browser
side is in test_web_browser.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from webtables import new_table, session, token_of

from cardrules.game import load
from cardrules.replay import check_file, parse_replay, record_match
from cardrules.web import replays
from cardrules.web.server import create_app

CARD = re.compile(r"\b(?:[SHCD](?:10|[2-9JQKA])|LJ|BJ)\b")


@pytest.fixture()
def client() -> TestClient:
    return TestClient(create_app())


def play_match(client: TestClient, tid: str, tok: str) -> dict[str, Any]:
    """Every round of the match, the person's last legal move each time; the last state."""
    for _ in range(200):
        st = play_round(client, tid, tok)
        if st["replay_ready"]:
            return st
        assert client.get(f"/api/tables/{tid}/replay?token={tok}").status_code == 409
        r = client.post(f"/api/tables/{tid}/next?token={tok}")
        assert r.status_code == 200, r.text
    raise AssertionError("the match did not end")


def play_round(client: TestClient, tid: str, tok: str) -> dict[str, Any]:
    st: dict[str, Any] = client.get(f"/api/tables/{tid}/state?token={tok}").json()
    for _ in range(3000):
        if st["over"]:
            return st
        r = client.post(f"/api/tables/{tid}/move?token={tok}", json={"move": st["legal"][-1]})
        assert r.status_code == 200, r.text
        st = r.json()
    raise AssertionError("the round did not end")


def download(client: TestClient, tid: str, tok: str) -> str:
    r = client.get(f"/api/tables/{tid}/replay?token={tok}")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/x-ndjson")
    assert re.fullmatch(r'attachment; filename="[a-z_0-9]+-[A-Za-z0-9_-]+\.jsonl"',
                        r.headers["content-disposition"])
    return r.text


def lines_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(x) for x in text.splitlines()]


@pytest.mark.parametrize(("game", "seats"), [
    ("big_two", ["human", "greedy", "greedy", "greedy"]),
    ("doudizhu", ["human", "greedy", "random"]),
    ("tractor", ["human", "greedy", "greedy", "greedy"]),
    ("blackjack_casino", ["threshold", "human"]),
])
def test_a_finished_match_is_saved_as_the_replay_file_play_writes(
        client: TestClient, game: str, seats: list[str], tmp_path: Path) -> None:
    made = new_table(client, game, seats)
    tid, tok = made["id"], token_of(next(iter(made["links"].values())))
    end = play_match(client, tid, tok)
    s = session(client, tid)
    assert end["rounds_over"] == (len(s.match.rounds) if s.match else 1)
    text = download(client, tid, tok)
    lines = lines_of(text)
    h = lines[0]
    assert (h["type"], h["game"], h["builtin"], h["seed"], h["seats"]) == \
        ("header", game, True, "3", seats)
    result = [x for x in lines if x["type"] == "result"][-1]
    assert result["scores"] == end["scores"]
    assert lines[-1]["complete"] is True and lines[-1]["rounds"] == end["rounds_over"]
    assert lines[-1]["totals"] == (list(s.match.result().totals) if s.match else end["totals"])
    path = tmp_path / "saved.jsonl"
    path.write_text(text, encoding="utf-8")
    assert check_file(path) == lines[-1]  # the command line replays it as recorded


def test_a_table_of_an_unchosen_seed_is_saved_with_it(client: TestClient,
                                                    tmp_path: Path) -> None:
    """The default seed (128 random bits, 32 hex digits) is the file's seed and in its
    name, and the command line replays the file."""
    made = client.post("/api/tables", json={"game": "blackjack_casino",
                                            "seats": ["threshold", "human"]}).json()
    tid, tok = made["id"], token_of(made["links"]["1"])
    play_match(client, tid, tok)
    seed = session(client, tid).seed
    assert re.fullmatch(r"[0-9a-f]{32}", seed)
    r = client.get(f"/api/tables/{tid}/replay?token={tok}")
    assert r.headers["content-disposition"] == \
        f'attachment; filename="blackjack_casino-{seed}.jsonl"'
    lines = lines_of(r.text)
    assert lines[0]["seed"] == seed
    path = tmp_path / "saved.jsonl"
    path.write_text(r.text, encoding="utf-8")
    assert check_file(path) == lines[-1]


def test_nothing_to_save_before_the_match_is_over(client: TestClient) -> None:
    made = new_table(client, "big_two", ["human", "greedy", "greedy", "greedy"])
    tid, tok = made["id"], token_of(made["links"]["0"])
    r = client.get(f"/api/tables/{tid}/replay?token={tok}")
    assert (r.status_code, r.json()) == (409, {
        "error": "the replay file is saved when the match is over: it names the match's seed, "
                 "from which every deal to come follows (0 rounds over so far)"})
    st = client.get(f"/api/tables/{tid}/state?token={tok}").json()
    assert (st["rounds_over"], st["replay_ready"]) == (0, False)


def test_a_banking_match_ends_with_its_rounds(client: TestClient) -> None:
    """blackjack's match is one round (as play_match plays it): then the file may be saved,
    and no further round is dealt (from the seed the file shows)."""
    made = new_table(client, "blackjack", ["threshold", "human"])
    tid, tok = made["id"], token_of(made["links"]["1"])
    st = play_round(client, tid, tok)
    assert (st["replay_ready"], st["match_over"]) == (True, True)
    assert lines_of(download(client, tid, tok))[-1]["rounds"] == 1
    r = client.post(f"/api/tables/{tid}/next?token={tok}")
    assert (r.status_code, r.json()) == (409, {"error": "the match is over"})


def test_a_match_with_rounds_to_come_is_not_saved(client: TestClient) -> None:
    """Round 1 of four is over: a file now would name the seed, and with it every seat's
    hands of rounds 2 to 4 (dealt from it). Refused; the state says it is not ready."""
    made = new_table(client, "shuang_kou", ["human", "greedy", "greedy", "greedy"], seed=4)
    tid, tok = made["id"], token_of(made["links"]["0"])
    st = play_round(client, tid, tok)
    s = session(client, tid)
    assert s.table.over and not s.match.over
    assert (st["rounds_over"], st["replay_ready"]) == (1, False)
    r = client.get(f"/api/tables/{tid}/replay?token={tok}")
    assert r.status_code == 409 and r.json()["error"].endswith("(1 round over so far)")
    assert client.post(f"/api/tables/{tid}/next?token={tok}").status_code == 200
    r = client.get(f"/api/tables/{tid}/replay?token={tok}")
    assert r.status_code == 409 and not CARD.search(r.text) and "seed" in r.text
    assert "4" not in r.json()["error"].replace("(1 round over so far)", "")  # no seed shown


def test_no_token_fetches_a_replay_or_another_seats_cards(client: TestClient) -> None:
    made = new_table(client, "big_two", ["human", "human", "greedy", "greedy"])
    other = new_table(client, "big_two", ["human", "greedy", "greedy", "greedy"])
    tid = made["id"]
    for token in ("", "guess", token_of(made["links"]["0"])[:-1],
                  token_of(other["links"]["0"])):
        r = client.get(f"/api/tables/{tid}/replay?token={token}")
        assert (r.status_code, r.json()) == (
            403, {"error": "this link's token is not a seat of this table"})
    assert client.get("/api/tables/nope/replay?token=x").status_code == 404
    # mid-round, a seat's own download holds no card of any hand: nothing is over yet
    s = session(client, tid)
    for seat in ("0", "1"):
        r = client.get(f"/api/tables/{tid}/replay?token={token_of(made['links'][seat])}")
        assert r.status_code == 409 and not CARD.search(r.text)
    assert not s.table.over


# ------------------------------------------------------------------ opening a file
def recorded(tmp_path: Path, game: str = "doudizhu", seed: int = 23) -> str:
    g = load(game)
    path = tmp_path / f"{game}.jsonl"
    record_match(g, seed=seed, seats=["random"] * g.players, path=path)
    return path.read_text(encoding="utf-8")


def test_an_opened_replay_steps_through_each_seats_view(client: TestClient,
                                                        tmp_path: Path) -> None:
    text = recorded(tmp_path)  # doudizhu seed 23: its auction is passed out once
    rep = parse_replay(text.encode(), "r")
    r = client.post("/api/replays", json={"replay": text})
    assert r.status_code == 200, r.text
    got = r.json()
    assert (got["game"], got["seats"], got["seed"]) == ("doudizhu", ["random"] * 3, 23)
    assert [x["actions"] for x in got["rounds"]] == [len(x.actions) for x in rep.rounds]
    assert got["rounds"][0]["deals"] == 1 and got["end"] == rep.end
    rid = got["id"]
    first_hands = [set(h.split()) for h in rep.rounds[0].hands]
    new_hands = [set(h.split()) for h in rep.rounds[0].deals[0][1]]
    for seat in range(3):
        f = client.get(f"/api/replays/{rid}/rounds/1?view={seat}").json()["frames"]
        assert len(f) == len(rep.rounds[0].actions) + 2  # each action, the new deal, the end
        assert f[0]["said"] == f"seat {f[0]['seat']} [random]: {rep.rounds[0].actions[0][1]}"
        assert set(f[0]["view"]["hand"][0]) == first_hands[seat]
        deal = next(x for x in f if x["said"] == "all passed: a new deal")
        assert set(deal["view"]["hand"][0]) == new_hands[seat]
        for x in f[:-1]:  # before the end, only the viewing seat's cards
            assert x["view"]["seat"] == seat and "open" not in x
            shown = set(CARD.findall(json.dumps(x["view"]["hand"])))
            assert shown <= first_hands[seat] | new_hands[seat] | set(
                rep.rounds[0].deals[0][2].split())  # the kitty, if the seat leads
        assert f[-1]["view"]["over"] and f[-1]["said"].startswith("round 1 over: scores ")
        assert f[-1]["view"]["scores"] == rep.rounds[0].result["scores"]  # type: ignore[index]
    opened = client.get(f"/api/replays/{rid}/rounds/1?view=open").json()["frames"]
    assert [set(h.split()) for h in opened[0]["open"]] == first_hands
    at = rep.rounds[0].deals[0][0]  # the new deal follows this many actions
    seats = [s for s, _ in rep.rounds[0].actions]
    assert [x["seat"] for x in opened] == seats[:at] + [seats[at]] + seats[at:] + [-1]
    assert [set(h.split()) for h in opened[at]["open"]] == new_hands
    assert all(x["view"]["seat"] == max(x["seat"], 0) for x in opened)


def test_an_opened_replay_refuses_bad_requests(client: TestClient, tmp_path: Path) -> None:
    rid = client.post("/api/replays", json={"replay": recorded(tmp_path)}).json()["id"]
    for path, status, error in [
        (f"/api/replays/{rid}/rounds/2", 404, "no round 2: the replay has rounds 1 to 1"),
        (f"/api/replays/{rid}/rounds/x", 404, "no such round"),
        (f"/api/replays/{rid}/rounds/1?view=3", 400, "view: a seat, 0 to 2, or open"),
        (f"/api/replays/{rid}/rounds/1?view=-1", 400, "view: a seat, 0 to 2, or open"),
        ("/api/replays/nope/rounds/1", 404, "no such replay (open the file again)"),
    ]:
        r = client.get(path)
        assert (r.status_code, r.json()) == (status, {"error": error})


def mismatched(text: str, **header: Any) -> str:
    lines = lines_of(text)
    lines[0].update(header)
    return "".join(json.dumps(x) + "\n" for x in lines)


@pytest.mark.parametrize(("make", "status", "said"), [
    (lambda t: "not json at all", 422, "the replay file:1: not a JSON object"),
    (lambda t: "", 422, "the replay file: empty: no header record"),
    (lambda t: t.rsplit("\n", 2)[0] + "\n", 422, "no end record: the file is cut short"),
    (lambda t: mismatched(t, rules_sha256="0" * 64), 422,
     "the rules no longer match the recording: doudizhu.rules (with its bases) has sha256"),
    (lambda t: mismatched(t, rules_file="mine.rules", builtin=False), 422,
     "the recording is of mine.rules, which is not a built-in game: paste its rules"),
    (lambda t: mismatched(t, rules_file="../../etc/passwd.rules"), 422,
     "rules_file is a file name ending in .rules"),
    (lambda t: mismatched(t, version=99), 422, "replay format version 99"),
    (lambda t: t.replace('"action": "pass"', '"action": "S3 S3 S3"', 1), 422, "is refused"),
    (lambda t: '{"type": "header", "version": NaN}\n', 422, "NaN is not a number"),
    (lambda t: "[" * 50_000 + "\n", 422, "not a JSON object"),
    (lambda t: "[" * 100_000 + "\n", 422, "a line longer than 65,536 characters"),
])
def test_a_broken_or_mismatched_file_is_refused_with_a_sentence(
        client: TestClient, tmp_path: Path, make: Any, status: int, said: str) -> None:
    r = client.post("/api/replays", json={"replay": make(recorded(tmp_path))})
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert said in error and "Traceback" not in error
    assert "/work" not in error and str(Path.cwd()) not in error  # no server path shown
    assert client.get("/api/games").status_code == 200  # the server keeps serving


def test_uploads_are_bounded(client: TestClient, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    r = client.post("/api/replays", json={"replay": "x" * (replays.MAX_BYTES + 1)})
    assert (r.status_code, r.json()) == (422, {
        "error": f"the replay file is larger than {replays.MAX_BYTES:,} bytes"})
    r = client.post("/api/replays", content=b"x" * (5 * replays.MAX_BYTES))
    assert r.status_code == 413
    for body, error in [(b"\xff", "the request is not JSON"),
                        (b"[1]", "replay: the text of a replay file (.jsonl)"),
                        (b'{"replay": 5}', "replay: the text of a replay file (.jsonl)"),
                        (b'{"replay": "", "rules": 5}',
                         "rules: the text of the rules file the replay names")]:
        r = client.post("/api/replays", content=body)
        assert (r.status_code, r.json()) == (400, {"error": error})
    monkeypatch.setattr(replays, "MAX_ACTIONS", 10)
    r = client.post("/api/replays", json={"replay": recorded(tmp_path)})
    assert r.status_code == 422 and "the web table opens at most 10" in r.json()["error"]
    monkeypatch.setattr(replays, "MAX_OPEN", 2)
    monkeypatch.setattr(replays, "MAX_ACTIONS", 20_000)
    ids = [client.post("/api/replays", json={"replay": recorded(tmp_path)}).json()["id"]
           for _ in range(3)]
    assert client.get(f"/api/replays/{ids[0]}/rounds/1").status_code == 404  # closed
    assert client.get(f"/api/replays/{ids[2]}/rounds/1").status_code == 200


def test_a_variant_table_is_saved_and_opened_with_its_rules(client: TestClient) -> None:
    rules = 'game mine extends big_two\ntitle "Mine"\n'
    made = client.post("/api/tables", json={"rules": rules, "seed": 2, "practice": True,
                                            "seats": ["human", "greedy", "greedy", "greedy"]})
    tid, tok = made.json()["id"], token_of(made.json()["links"]["0"])
    play_round(client, tid, tok)
    text = download(client, tid, tok)
    assert lines_of(text)[0]["rules_file"] == "upload.rules"
    r = client.post("/api/replays", json={"replay": text})
    assert r.status_code == 422 and "paste its rules" in r.json()["error"]
    r = client.post("/api/replays", json={"replay": text, "rules": rules})
    assert r.status_code == 200 and r.json()["title"] == "Mine"
    r = client.post("/api/replays", json={"replay": text, "rules": rules + "# changed\n"})
    assert r.status_code == 422 and "the rules no longer match" in r.json()["error"]
    r = client.post("/api/replays", json={"replay": text, "rules": "game x extends big_two\n"
                                                                   "ranks 3 4\n"})
    assert r.status_code == 422 and "upload.rules:2:1: error:" in r.json()["diagnostics"]
