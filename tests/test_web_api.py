"""The web table's server (`cardrules serve`), through its HTTP and WebSocket API: seats see
only their own cards, nobody acts for another seat, bad requests and bad rules get a sentence,
and a whole round of each family plays to its scores. The browser tests are test_web_browser."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from webtables import new_table, session, token_of

from cardrules.cards import format_cards
from cardrules.web import server
from cardrules.web.server import create_app

ROUNDS = [("big_two", ["human", "greedy", "greedy", "greedy"]),
          ("doudizhu", ["human", "greedy", "random"]),
          ("tractor", ["human", "greedy", "greedy", "greedy"]),
          ("blackjack_casino", ["threshold", "human"])]


@pytest.fixture()
def client() -> TestClient:
    return TestClient(create_app())


def state(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table_id}/state?token={token}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_the_start_page_and_the_games(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "cardrules: pick a game" in page.text
    names = {g["name"] for g in client.get("/api/games").json()}
    assert {"big_two", "doudizhu", "tractor", "shengji", "blackjack", "blackjack_casino"} <= names


@pytest.mark.parametrize(("body", "status", "message"), [
    ({"game": "no_such", "seats": ["human"] * 4}, 400, "no game 'no_such'"),
    ({"game": "big_two", "seats": ["human"] * 3}, 400, "big_two seats 4 players, not 3"),
    ({"game": "big_two", "seats": ["human", "wizard", "greedy", "greedy"]}, 400,
     "no seat kind 'wizard': human, random, greedy, ismcts"),
    ({"game": "big_two", "seats": "human"}, 400,
     "seats: a list of seat kinds, e.g. [\"human\", \"greedy\", ...]"),
    ({"seats": ["human"] * 4}, 400, "game: the name of a game (see /api/games)"),
    ({"rules": 5, "seats": []}, 400, "rules: the text of a rules file"),
])
def test_a_bad_request_gets_a_sentence(client: TestClient, body: dict[str, Any], status: int,
                                       message: str) -> None:
    r = client.post("/api/tables", json=body)
    assert (r.status_code, r.json()) == (status, {"error": message})


def test_a_request_that_is_not_json_is_refused(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"\xff not json")
    assert (r.status_code, r.json()) == (400, {"error": "the request is not JSON"})
    r = client.post("/api/tables", content=b"x" * 200_000)
    assert (r.status_code, r.json()) == (413, {"error": "the request is too large"})


def test_a_link_without_its_token_reads_nothing(client: TestClient) -> None:
    made = new_table(client, "big_two", ["human", "human", "greedy", "greedy"])
    tid = made["id"]
    for token in ("", "guess", token_of(made["links"]["0"])[:-1]):
        r = client.get(f"/api/tables/{tid}/state?token={token}")
        assert (r.status_code, r.json()) == (
            403, {"error": "this link's token is not a seat of this table"})
        r = client.post(f"/api/tables/{tid}/move?token={token}", json={"move": "pass"})
        assert r.status_code == 403
    other = new_table(client, "big_two", ["human", "greedy", "greedy", "greedy"])
    r = client.get(f"/api/tables/{tid}/state?token={token_of(other['links']['0'])}")
    assert r.status_code == 403  # a token of another table
    assert client.get("/api/tables/nope/state?token=x").status_code == 404


@pytest.mark.parametrize(("game", "seats"), [
    ("big_two", ["human", "human", "greedy", "greedy"]),
    ("tractor", ["human", "human", "greedy", "greedy"]),
    ("blackjack", ["human", "human", "human"]),
])
def test_a_seat_is_sent_only_its_own_cards(client: TestClient, game: str,
                                           seats: list[str]) -> None:
    made = new_table(client, game, seats)
    tid, s = made["id"], session(client, made["id"])
    table = s.table
    while game == "blackjack" and table.view(0).phase == "bet":  # the bets, then the deal
        link = made["links"][str(table.seat)]
        assert client.post(f"/api/tables/{tid}/move?token={token_of(link)}",
                           json={"move": "bet 1"}).status_code == 200
    for seat, link in made["links"].items():
        mine = int(seat)
        sent = json.dumps(state(client, tid, token_of(link)), ensure_ascii=False)
        words = set(re.findall(r"[SHCD](?:10|[2-9JQKA])|LJ|BJ", sent))
        for other in range(len(seats)):
            if other == mine:
                continue
            if game == "blackjack":  # a hand's first card is face down to the others
                hidden = [h.cards[0] for h in table.hands[other]]
                seen = {c for h in table.hands[mine] for c in h.cards} | {
                    c for s in range(len(seats)) for h in table.hands[s] for c in h.cards[1:]}
                assert all(format_cards([c]) not in words or c in seen for c in hidden)
                assert "??" in sent
            else:
                theirs = set(format_cards(list(table.hand(other))).split())
                assert not theirs & words - set(format_cards(list(table.hand(mine))).split())
        if game == "tractor" and mine != table.dealer:
            assert "kitty (yours to see)" not in sent


def test_nobody_acts_for_another_seat(client: TestClient) -> None:
    made = new_table(client, "big_two", ["human", "human", "greedy", "greedy"])
    tid, table = made["id"], session(client, made["id"]).table
    waiting = 1 - table.seat if table.seat in (0, 1) else 0
    r = client.post(f"/api/tables/{tid}/move?token={token_of(made['links'][str(waiting)])}",
                    json={"move": "pass"})
    assert r.status_code == 409 and r.json()["error"].endswith("turn, not yours")


def test_an_illegal_move_gets_the_rules_sentence(client: TestClient) -> None:
    made = new_table(client, "big_two", ["human", "greedy", "greedy", "greedy"], seed=5)
    tid, tok = made["id"], token_of(made["links"]["0"])
    s = session(client, tid)
    st = state(client, tid, tok)
    assert st["turn"] == 0  # bots move until the person's turn
    missing = next(c for c in s.game.module.DECK if c not in s.table.hand(0))
    word = format_cards([missing])
    r = client.post(f"/api/tables/{tid}/move?token={tok}", json={"move": word})
    assert (r.status_code, r.json()) == (400, {"error": f"seat 0 does not hold {word}"})
    r = client.post(f"/api/tables/{tid}/move?token={tok}", json={"move": 7})
    assert r.status_code == 400 and r.json()["error"].startswith("move: the move as text")


def play_round(client: TestClient, tid: str, tok: str) -> dict[str, Any]:
    st = state(client, tid, tok)
    for _ in range(3000):
        if st["over"]:
            return st
        assert st["turn"] == st["seat"] and st["legal"]
        r = client.post(f"/api/tables/{tid}/move?token={tok}", json={"move": st["legal"][-1]})
        assert r.status_code == 200, r.text
        st = r.json()
    raise AssertionError("the round did not end")


@pytest.mark.parametrize(("game", "seats"), ROUNDS)
def test_a_whole_round_of_each_family(client: TestClient, game: str, seats: list[str]) -> None:
    made = new_table(client, game, seats)
    tid = made["id"]
    (seat, link), = made["links"].items()
    end = play_round(client, tid, token_of(link))
    s = session(client, tid)
    assert end["scores"] == list(s.table.result().scores)
    assert len(end["hands"]) >= len(seats) and end["totals"] == end["scores"]
    if game != "tractor":  # levels, not payouts
        assert sum(end["scores"]) == 0
    r = client.post(f"/api/tables/{tid}/next?token={token_of(link)}")
    if s.match is not None and s.match.over or game == "blackjack_casino":  # one round
        assert r.status_code == 409
    else:
        assert r.status_code == 200 and r.json()["round"] == 2


def test_rules_are_checked_in_another_process(client: TestClient) -> None:
    r = client.post("/api/check", json={"rules": "game x extends big_two\noverride deal 14 each\n"})
    got = r.json()
    assert r.status_code == 200 and got["ok"] is False
    assert got["diagnostics"].splitlines()[:3] == [
        "upload.rules:2:15: error: 4 x 14 cards + kitty 0 is more than the 52 cards of the deck",
        "    override deal 14 each",
        "                  ^~"]
    assert client.post("/api/check", json={"rules": "game x extends big_two\n"}).json() == \
        {"ok": True, "diagnostics": "",
         "summary": "upload.rules: ok: x, 8 combinations, 0 worked examples hold"}
    big = "# " + "x" * 200_000
    assert client.post("/api/check", json={"rules": big}).status_code == 413


FAILING_EXAMPLE = 'game x extends big_two\ntitle "x"\nexample "S3" beats "S2"\n'
SHADOWED = """game five_run extends big_two
title "x"
combination five_run "五顺" {
  run 1 min 5 max 5 within 3 4 5 6 7 8 9 10 J Q K A
  key rank
}
"""


def test_the_check_is_the_command_lines(client: TestClient, tmp_path: Any,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """/api/check checks what `cardrules check` checks, its worked examples and its lint
    too, and says it in the same words (its stderr: the errors, or the warnings; and its
    ok line)."""
    from cardrules import cli
    for text, ok in ((FAILING_EXAMPLE, False), (SHADOWED, True)):
        got = client.post("/api/check", json={"rules": text}).json()
        path = tmp_path / "upload.rules"
        path.write_text(text, encoding="utf-8")
        capsys.readouterr()
        code = cli.main(["check", str(path)])
        said = capsys.readouterr()
        assert (got["ok"], code) == (ok, 0 if ok else 1)
        assert got["diagnostics"] == said.err.replace(str(path), "upload.rules") \
            .removesuffix("1 error\n").rstrip("\n")
        assert got["summary"] == said.out.replace(str(path), "upload.rules").rstrip("\n")
    assert client.post("/api/check", json={"rules": FAILING_EXAMPLE}).json() == {
        "ok": False, "summary": "",
        "diagnostics": "upload.rules:3:1: error: example fails: S3 does not beat S2\n"
                       "    example \"S3\" beats \"S2\"\n"
                       "    ^~~~~~~~~~~~~~~~~~~~~~~\n"
                       "  hint: single (单张), key S3 against single (单张), key S2"}
    got = client.post("/api/check", json={"rules": SHADOWED}).json()
    assert got["ok"] is True and got["diagnostics"].startswith(
        "upload.rules:3:1: warning: combination five_run never names a play: every set of "
        "cards it matches is classified as straight or straight_flush first\n")
    assert got["summary"] == "upload.rules: ok: five_run, 9 combinations, 0 worked examples " \
                             "hold, 1 warning"


def test_a_variant_whose_examples_fail_starts_no_table(client: TestClient) -> None:
    r = client.post("/api/tables", json={"rules": FAILING_EXAMPLE,
                                         "seats": ["human", "greedy", "greedy", "greedy"]})
    assert (r.status_code, r.json()["error"]) == (422, "the rules do not check")
    assert r.json()["diagnostics"].splitlines()[0] == \
        "upload.rules:3:1: error: example fails: S3 does not beat S2"
    assert not client.app.state.tables.by_id  # type: ignore[attr-defined]
    r = client.post("/api/tables", json={"rules": SHADOWED,  # a warning: it plays
                                         "seats": ["human", "greedy", "greedy", "greedy"]})
    assert r.status_code == 200, r.text


def test_the_examples_are_checked_in_the_checking_process(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worked examples and the lint run in the checking process, within its time and
    memory limits, never in the server's: there they would raise."""
    from cardrules.families.climbing import lint
    from cardrules.families.climbing.game import ClimbingGame

    def never(*args: object) -> list[object]:
        raise AssertionError("checked in the server's process")
    monkeypatch.setattr(ClimbingGame, "check_examples", never)
    monkeypatch.setattr(lint, "lint", never)
    got = client.post("/api/check", json={"rules": FAILING_EXAMPLE}).json()
    assert got["diagnostics"].splitlines()[0] == \
        "upload.rules:3:1: error: example fails: S3 does not beat S2"
    assert client.post("/api/check", json={"rules": SHADOWED}).json()["ok"] is True


def test_a_tables_seed_is_nobodys_to_know(client: TestClient) -> None:
    """Every deal follows from the seed: by default it is 128 random bits, shown to no seat
    (the state has no seed), and each table has its own."""
    seats = ["human", "greedy", "greedy", "greedy"]
    made = [client.post("/api/tables", json={"game": "big_two", "seats": seats}).json()
            for _ in range(2)]
    seeds = [session(client, m["id"]).seed for m in made]
    assert all(re.fullmatch(r"[0-9a-f]{32}", s) for s in seeds) and seeds[0] != seeds[1]
    st = state(client, made[0]["id"], token_of(made[0]["links"]["0"]))
    assert st["practice"] is False and "seed" not in st
    assert seeds[0] not in json.dumps(st)


def test_a_chosen_seed_is_a_practice_table_shown_to_every_seat(client: TestClient) -> None:
    """A seed chosen by the table's creator deals hands the creator can know: it is refused
    unless the table is asked for as a practice table, whose state shows the seed to every
    seat (so every seat can know what the creator knows)."""
    from cardrules.game import load
    seats = ["human", "human", "greedy", "greedy"]
    r = client.post("/api/tables", json={"game": "big_two", "seats": seats, "seed": "3"})
    assert (r.status_code, r.json()) == (400, {"error": (
        "seed: a seed chosen by one person lets that person know every seat's hand: leave it "
        "out (a random seed nobody is shown), or ask for a practice table (\"practice\": "
        "true), whose seed every seat is shown")})
    assert not client.app.state.tables.by_id  # type: ignore[attr-defined]
    r = client.post("/api/tables", json={"game": "big_two", "seats": seats, "seed": "3",
                                         "practice": True})
    assert r.status_code == 200, r.text
    dealt = load("big_two").new_match(seed="3", seats=seats).new_round().dealt
    for seat in ("0", "1"):
        st = state(client, r.json()["id"], token_of(r.json()["links"][seat]))
        assert (st["practice"], st["seed"]) == (True, "3")
        assert sorted(st["hand"][0]) == sorted(format_cards(dealt[int(seat)]).split())
    for bad, error in (({"practice": "yes"}, "practice: true (a practice table, its seed "
                                             "shown to every seat) or false"),
                       ({"practice": True, "seed": "x" * 41},
                        "seed: a number or a word of 1 to 40 characters"),
                       ({"practice": True, "seed": [1]},
                        "seed: a number or a word of 1 to 40 characters"),
                       ({"practice": True, "seed": ""},
                        "seed: a number or a word of 1 to 40 characters")):
        r = client.post("/api/tables", json={"game": "big_two", "seats": seats, **bad})
        assert (r.status_code, r.json()) == (400, {"error": error})
    r = client.post("/api/tables", json={"game": "big_two", "seats": seats, "practice": True})
    st = state(client, r.json()["id"], token_of(r.json()["links"]["0"]))
    assert st["practice"] is True and re.fullmatch(r"[0-9a-f]{32}", st["seed"])


def test_a_variant_is_played_and_a_bad_one_refused(client: TestClient) -> None:
    bad = client.post("/api/tables", json={"rules": "game x extends big_two\nranks 3 4\n",
                                           "seats": ["human"] * 4})
    assert bad.status_code == 422 and "error:" in bad.json()["diagnostics"]
    good = client.post("/api/tables", json={"rules": 'game x extends big_two\ntitle "Mine"\n',
                                            "seats": ["human", "greedy", "greedy", "greedy"]})
    assert good.status_code == 200
    st = state(client, good.json()["id"], token_of(good.json()["links"]["0"]))
    assert st["title"] == "Mine" and st["game"] == "x"


def test_tables_are_bounded(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "MAX_TABLES", 3)
    for _ in range(3):
        new_table(client, "big_two", ["human", "greedy", "greedy", "greedy"])
    r = client.post("/api/tables", json={"game": "big_two", "seats": ["human"] * 4})
    assert (r.status_code, r.json()) == (503, {"error": "the server has 3 tables in play; try "
                                                        "later (a table makes room when its "
                                                        "round is over, or after 60 minutes "
                                                        "without a move)"})


def test_an_idle_table_makes_room(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Full of tables in play, the server closes the one without a move for longest once
    that is IDLE_SECONDS (abandoned tables do not hold the server full till it restarts):
    its links then find no table, and a socket opened before cannot move."""
    monkeypatch.setattr(server, "MAX_TABLES", 3)
    made = [new_table(client, "big_two", ["human", "greedy", "greedy", "greedy"])
            for _ in range(3)]
    sessions = [session(client, m["id"]) for m in made]
    sessions[1].active -= server.IDLE_SECONDS + 1  # the one idle longest
    sessions[2].active -= server.IDLE_SECONDS / 2  # idle, but not long enough
    tok = token_of(made[1]["links"]["0"])
    with client.websocket_connect(f"/ws/tables/{made[1]['id']}?token={tok}") as ws:
        ws.receive_json()
        r = client.post("/api/tables", json={"game": "big_two", "seats": ["human"] * 4})
        assert r.status_code == 200, r.text
        ws.send_json({"move": "pass"})
        assert ws.receive_json() == {"error": "no such table"}
    assert sessions[1].closed and not sessions[0].closed
    r = client.get(f"/api/tables/{made[1]['id']}/state?token={tok}")
    assert (r.status_code, r.json()) == (404, {"error": "no such table"})
    assert client.get(f"/api/tables/{made[0]['id']}/state?token="
                      f"{token_of(made[0]['links']['0'])}").status_code == 200
    r = client.post("/api/tables", json={"game": "big_two", "seats": ["human"] * 4})
    assert r.status_code == 503  # the others are in play, none idle long enough


def test_the_socket_pushes_the_state_and_takes_moves(client: TestClient) -> None:
    made = new_table(client, "big_two", ["human", "greedy", "greedy", "greedy"], seed=5)
    tid, tok = made["id"], token_of(made["links"]["0"])
    with client.websocket_connect(f"/ws/tables/{tid}?token={tok}") as ws:
        first = ws.receive_json()
        assert first["seat"] == 0 and first["turn"] == 0
        ws.send_json({"move": "XX"})
        refused = ws.receive_json()
        assert refused == {"error": "'XX' has no suit: write S, H, C or D (or ♠ ♥ ♣ ♦) and "
                                    "a rank"}
        ws.send_json({"move": first["legal"][0]})
        after = ws.receive_json()
        assert after["log"] and after["log"] != first["log"]
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(f"/ws/tables/{tid}?token=wrong") as ws:
            ws.receive_json()
    assert closed.value.code == 4403


def test_a_variant_is_compared_with_its_base(client: TestClient) -> None:
    r = client.post("/api/diff", json={"rules": "game low2 extends big_two\n"
                                                "override ranks 2 3 4 5 6 7 8 9 10 J Q K A\n"})
    assert r.json() == {"ok": True, "diff": "--- big_two\n+++ low2\nrank 2: highest -> lowest\n"
                                            "    witness: S2 vs SA: S2 wins in big_two, SA wins "
                                            "in low2\n"}
    r = client.post("/api/diff", json={"rules": "game alone\n"})
    assert r.json() == {"ok": False,
                        "diff": "this variant extends no game: write 'game NAME extends BASE'"}
    r = client.post("/api/diff", json={"rules": "game x extends big_two\nranks 3\n"})
    assert r.json()["ok"] is False and "upload.rules:2:1: error:" in r.json()["diff"]


def test_the_base_of_a_variant_is_the_parsers(client: TestClient) -> None:
    """/api/diff reads the base as the compiler does (a comment right after the name, a
    byte-order mark at the start: docs/language.md), not with a pattern of its own."""
    for text in ("game x extends big_two# comment\n", "\ufeffgame x extends big_two\n",
                 "# a variant\ngame x\n  extends big_two\n"):
        assert client.post("/api/check", json={"rules": text}).json()["ok"] is True, text
        assert client.post("/api/diff", json={"rules": text}).json() == \
            {"ok": True, "diff": "no difference from big_two"}, text
    r = client.post("/api/diff", json={"rules": "game x extends\n"})
    assert r.json()["ok"] is False and r.json()["diff"].startswith("upload.rules:1:"), r.text


def test_a_byte_order_mark_is_read_as_the_command_line_reads_it(client: TestClient) -> None:
    text = '\ufeffgame x extends big_two\ntitle "Mine"\n'
    r = client.post("/api/tables", json={"rules": text,
                                         "seats": ["human", "greedy", "greedy", "greedy"]})
    assert r.status_code == 200, r.text
    st = state(client, r.json()["id"], token_of(r.json()["links"]["0"]))
    assert (st["title"], st["game"]) == ("Mine", "x")
    from cardrules.replay import text_hash
    recorder = session(client, r.json()["id"]).recorder
    assert recorder is not None
    assert recorder.lines[0]["rules_sha256"] == text_hash(text[1:], "upload.rules")


def test_the_seat_kinds_are_each_games_own_bots(client: TestClient) -> None:
    """The start page offers what each game's bot_names() lists (a new bot appears there
    without the web code naming it), and a table refuses any other kind with that list."""
    from cardrules.game import load
    for g in client.get("/api/games").json():
        assert g["seat_kinds"] == ["human", *load(g["name"]).bot_names()]
    by_name = {g["name"]: g["seat_kinds"] for g in client.get("/api/games").json()}
    assert by_name["big_two"][:3] == ["human", "random", "greedy"]
    assert {"threshold", "expect"} <= set(by_name["blackjack_casino"])
    assert "expect" not in by_name["blackjack"]  # its banker decides: expect cannot sit
    r = client.post("/api/tables", json={"game": "blackjack", "seats": ["greedy", "human"]})
    assert r.json() == {"error": "no seat kind 'greedy': " + ", ".join(by_name["blackjack"])}


def test_a_table_of_a_builtin_game_is_loaded_from_the_cache(client: TestClient,
                                                            private_cache: object) -> None:
    """After the first table, a built-in game's table starts from the cached module: the
    compiler is not run (the game's IR is not at hand until something asks for it)."""
    new_table(client, "doudizhu", ["human", "greedy", "greedy"])
    made = new_table(client, "doudizhu", ["human", "greedy", "greedy"])
    game = session(client, made["id"]).game
    assert game._ir is None  # read from the cache: nothing was compiled for this table


def test_a_match_whose_scores_grow_without_bound_stops_with_an_error(client: TestClient) -> None:
    """Pasted rules that check but square the totals every round: the web table answers the
    move that ends the round past 2**64 with 422 and the reason, the state shows it
    (``stopped``, the match over), and no round or replay follows; never a 500."""
    rules = ('game squaring extends big_two\ntitle "s"\n'
             "override def score(p) = total(p) * total(p) + 2\noverride match { rounds 1000 }\n")
    r = client.post("/api/tables", json={"rules": rules, "seats": ["human", "random", "random",
                                                                    "random"]})
    assert r.status_code == 200, r.text
    tid, tok = r.json()["id"], token_of(r.json()["links"]["0"])
    refused = None
    for _ in range(5000):
        st = state(client, tid, tok)
        if st["stopped"] is not None:
            break
        if st["turn"] is None or st["over"]:
            nxt = client.post(f"/api/tables/{tid}/next?token={tok}")
            assert nxt.status_code == 200, nxt.text
            continue
        r = client.post(f"/api/tables/{tid}/move?token={tok}", json={"move": st["legal"][0]})
        assert r.status_code in (200, 422), r.text
        if r.status_code == 422:
            refused = r.json()
    st = state(client, tid, tok)
    assert st["stopped"] and "must stay below 2**64" in st["stopped"]
    assert st["match_over"] and not st["replay_ready"]
    if refused is not None:
        assert "must stay below 2**64" in json.dumps(refused)
    assert client.post(f"/api/tables/{tid}/next?token={tok}").status_code == 409
    assert client.get(f"/api/tables/{tid}/replay?token={tok}").status_code == 409
