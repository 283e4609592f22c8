"""The web table's server against requests a hostile or careless visitor sends: a pasted
variant reads no file of the server's (its base is a built-in game), malformed requests get a
sentence and a 4xx, never a 500, and a table is for people (one seat at least is human)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from webtables import new_table, token_of

from cardrules.web.server import create_app

SECRET = "game secretbase\ntitle \"the server's own file: do not show\"\n"


@pytest.fixture()
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


@pytest.fixture()
def server_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The server runs in a folder holding files of its own, one a rules file."""
    (tmp_path / "secret.txt").write_text("root:s3cr3t-hash:0:0\n", encoding="utf-8")
    base = Path(__file__).resolve().parent.parent / "cardrules" / "games" / "big_two.rules"
    text = base.read_text(encoding="utf-8").replace("game big_two", "game secretbase", 1)
    (tmp_path / "secretbase.rules").write_text(text + "# " + SECRET, encoding="utf-8")
    (tmp_path / "big_two").write_text("not a rules file: s3cr3t\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("base", ["secret.txt", "/etc/passwd", "../../etc/passwd", "-h",
                                  "--format=json", "secretbase"])
def test_a_pasted_variants_diff_reads_no_file_of_the_server(
        client: TestClient, server_folder: Path, base: str) -> None:
    r = client.post("/api/diff", json={"rules": f"game x extends {base}\n"})
    got = r.json()
    assert r.status_code == 200 and got["ok"] is False, got
    assert "s3cr3t" not in got["diff"] and "root:" not in got["diff"]
    if base.isidentifier():  # a name: the parser reads it, and only a built-in game is a base
        assert got["diff"].startswith(f"a pasted variant extends a built-in game, not "
                                      f"'{base}'"), got
    else:  # not a name: the parser refuses it, as it does on the command line
        assert re.match(r"upload\.rules:1:\d+: error: unexpected ", got["diff"]), got


def test_a_pasted_variants_diff_uses_the_built_in_base(client: TestClient,
                                                       server_folder: Path) -> None:
    """A file `big_two` in the server's folder is not the built-in big_two."""
    r = client.post("/api/diff", json={"rules": "game low2 extends big_two\n"
                                                "override ranks 2 3 4 5 6 7 8 9 10 J Q K A\n"})
    assert r.json()["ok"] is True and r.json()["diff"].startswith("--- big_two\n+++ low2\n")


def test_a_diff_that_fails_says_so(client: TestClient,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A diff that runs out of time is not reported as a difference, and its sentence is
    whole (it lost its first letter: 'pload.rules: ...')."""
    from cardrules.web import server
    monkeypatch.setattr(server, "CHECK_SECONDS", 0.0)
    r = client.post("/api/diff", json={"rules": "game low2 extends big_two\n"})
    assert r.json() == {"ok": False, "diff": "upload.rules: error: checking these rules took "
                                             "more than 0 s"}


@pytest.mark.parametrize("route", ["/api/check", "/api/tables"])
def test_a_pasted_variant_extends_no_file_of_the_server(
        client: TestClient, server_folder: Path, route: str) -> None:
    r = client.post(route, json={"rules": "game x extends secretbase\n",
                                 "seats": ["human", "greedy", "greedy", "greedy"]})
    shown = r.json()["diagnostics"]
    assert r.status_code == (200 if route == "/api/check" else 422)
    assert shown.splitlines()[0] == \
        "upload.rules:1:16: error: cannot find the base game 'secretbase'", shown


def test_a_pasted_variants_errors_in_its_base_name_no_folder_of_the_server(
        client: TestClient) -> None:
    r = client.post("/api/check", json={"rules": "game x extends shengji\noverride players 3\n"})
    shown = r.json()["diagnostics"]
    assert r.json()["ok"] is False and "shengji.rules:" in shown
    assert "/" not in shown.split(":")[0] and "cardrules/games" not in shown, shown


def test_a_pasted_variant_of_a_built_in_game_plays_beside_a_file_of_the_same_name(
        client: TestClient, server_folder: Path) -> None:
    (server_folder / "big_two.rules").write_text("game big_two\nbroken\n", encoding="utf-8")
    r = client.post("/api/tables", json={"rules": 'game x extends big_two\ntitle "Mine"\n',
                                         "seats": ["human", "greedy", "greedy", "greedy"]})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("route", ["/api/tables", "/api/check", "/api/diff"])
def test_deeply_nested_json_is_not_json(client: TestClient, route: str) -> None:
    for raw in (b"[" * 50_000 + b"]" * 50_000,
                b'{"rules": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"):
        r = client.post(route, content=raw)
        assert (r.status_code, r.json()) == (400, {"error": "the request is not JSON"})


def test_a_move_in_deeply_nested_json_is_not_json(client: TestClient) -> None:
    made = new_table(client, "big_two", ["human", "greedy", "greedy", "greedy"])
    tid, tok = made["id"], token_of(made["links"]["0"])
    r = client.post(f"/api/tables/{tid}/move?token={tok}",
                    content=b'{"move": ' + b"[" * 50_000 + b"]" * 50_000 + b"}")
    assert (r.status_code, r.json()) == (400, {"error": "the request is not JSON"})


@pytest.mark.parametrize("view", ["²", "9" * 5000, "٣", " 1", "+1"])
def test_a_replay_view_that_is_no_seat_is_refused(client: TestClient, view: str,
                                                  tmp_path: Path) -> None:
    from cardrules.game import load
    from cardrules.replay import record_match
    path = tmp_path / "r.jsonl"
    record_match(load("big_two"), seed=3, seats=["random"] * 4, path=path)
    r = client.post("/api/replays", json={"replay": path.read_text(encoding="utf-8")})
    assert r.status_code == 200, r.text
    got = client.get(f"/api/replays/{r.json()['id']}/rounds/1", params={"view": view})
    assert (got.status_code, got.json()) == (400, {"error": "view: a seat, 0 to 3, or open"})


@pytest.mark.parametrize("seats", [["greedy", "random", "greedy", "ismcts"],
                                   ["random"] * 4])
def test_a_table_without_a_person_is_refused(client: TestClient, seats: list[str]) -> None:
    """Nobody could open it (there is no link), yet its bots would play a whole round on
    the server's loop as the request is answered (4 ismcts bots: many seconds)."""
    r = client.post("/api/tables", json={"game": "big_two", "seats": seats})
    assert (r.status_code, r.json()) == (400, {
        "error": "seats: make at least one seat human (a table of bots alone is "
                 "`cardrules simulate`)"})


def test_a_bot_the_rules_cannot_seat_gets_a_sentence(client: TestClient) -> None:
    """`expect` is a banking bot (no longer offered for blackjack): blackjack's banker
    decides, and the bot needs a banker policy. The table was a 500."""
    r = client.post("/api/tables", json={"game": "blackjack", "seats": ["human", "expect"]})
    assert (r.status_code, r.json()) == (400, {
        "error": "seats: the expect bot needs a banker policy stated in the rules "
                 "('banker plays: ACTION while ... else ACTION')"})


@pytest.fixture(scope="module")
def live_port() -> Iterator[int]:
    """The server, run as `cardrules serve` runs it (uvicorn on a socket from ``listen``)."""
    import threading
    import time

    import uvicorn

    from cardrules.web.server import listen
    sock = listen("127.0.0.1", 0)
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port,
                                       log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield port
    srv.should_exit = True
    thread.join(10)
    sock.close()


def test_the_served_table_upgrades_its_websocket(live_port: int) -> None:
    """`cardrules serve` as installed by the web extra (starlette, uvicorn): uvicorn had no
    WebSocket library, so /ws/tables/... answered 404 ('Unsupported upgrade request', two
    WARNING lines every 1.5 s while a page was open, as it reconnects) and a seat never saw
    the others' moves pushed. The extra brings one; the server switches protocols."""
    import socket
    with socket.create_connection(("127.0.0.1", live_port), timeout=10) as c:
        c.sendall(b"GET /ws/tables/none?token=x HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  b"Connection: Upgrade\r\nUpgrade: websocket\r\n"
                  b"Sec-WebSocket-Version: 13\r\n"
                  b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
        head = c.recv(4096).split(b"\r\n")[0]
    # the app accepts the upgrade, then closes (4403: no such table) over the socket
    assert head in (b"HTTP/1.1 101 Switching Protocols", b"HTTP/1.1 403 Forbidden"), head


def test_serve_without_a_websocket_library_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import socket
    import sys

    from cardrules.cli import main
    monkeypatch.setitem(sys.modules, "websockets", None)
    monkeypatch.setitem(sys.modules, "wsproto", None)
    with socket.socket() as taken:  # were the library not looked for, serve would stop here
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        assert main(["serve", "--port", str(taken.getsockname()[1])]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "cardrules: error: serve needs the web extra (websockets is not installed): "
        "pip install 'cardrules[web]'")


@pytest.mark.parametrize("frame", ["not json", "[" * 50_000 + "]" * 50_000, b"\xff\x00",
                                   "[1, 2]"])
def test_a_socket_frame_that_is_no_move_gets_a_sentence(client: TestClient,
                                                        frame: str | bytes) -> None:
    """A frame of text that is not JSON closed the socket with no close frame; a binary
    frame did too, after a traceback in the server's log (KeyError: 'text'). Each gets the
    sentence, and the socket still takes moves."""
    made = new_table(client, "big_two", ["human", "greedy", "greedy", "greedy"], seed=5)
    tid, tok = made["id"], token_of(made["links"]["0"])
    with client.websocket_connect(f"/ws/tables/{tid}?token={tok}") as ws:
        first = ws.receive_json()
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        assert ws.receive_json() == {"error": "send {\"move\": ...} as JSON text"}
        ws.send_json({"move": first["legal"][0]})
        assert ws.receive_json()["log"] != first["log"]


@pytest.mark.parametrize("route", ["/api/check", "/api/tables", "/api/diff", "/api/replays"])
def test_a_request_body_is_held_only_up_to_its_limit(live_port: int, route: str) -> None:
    """The body was read whole before its size was checked: a 500 MB request took the
    server from 38 MB to 991 MB before its 413. Now the server stops keeping it past the
    limit (0.1 MB; a replay file's ~4.2 MB): 200 MB sent, the server's peak allocation
    stays far below it."""
    import http.client
    import tracemalloc

    def body() -> Iterator[bytes]:
        for _ in range(20_000):  # 200 MB
            yield b"x" * 10_000
    tracemalloc.start()
    conn = http.client.HTTPConnection("127.0.0.1", live_port, timeout=60)
    try:
        conn.request("POST", route, body=body(), encode_chunked=True,
                     headers={"Content-Type": "application/json"})
        status = conn.getresponse().status
    except OSError:  # the server answered 413 and closed while this was still sending
        status = 413
    finally:
        conn.close()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert status == 413 and peak < 40_000_000, (status, peak)


def test_a_declared_body_over_the_limit_is_refused_before_it_is_read(live_port: int) -> None:
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", live_port, timeout=30)
    try:
        conn.putrequest("POST", "/api/check")
        conn.putheader("Content-Length", str(10**12))
        conn.endheaders()
        r = conn.getresponse()
        assert (r.status, r.read()) == (413, b'{"error":"the request is too large"}')
    finally:
        conn.close()


def test_bots_that_think_long_do_not_stop_the_server(live_port: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots played on the server's event loop: a tractor table with three ismcts bots
    took 27 s to start and up to 12 s a move on a loaded machine, and every other table and
    page waited meanwhile. They play in a worker thread now: here the bots take 1.5 s more
    to start a table, and the games list is served meanwhile (it waited 1.2 s before)."""
    import http.client
    import json
    import threading
    import time

    from cardrules.web import server
    played = server.Session.run_bots

    def slowly(self: server.Session) -> None:
        time.sleep(1.5)
        played(self)
    monkeypatch.setattr(server.Session, "run_bots", slowly)

    def post() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", live_port, timeout=30)
        conn.request("POST", "/api/tables", body=json.dumps(
            {"game": "big_two", "seats": ["human", "greedy", "greedy", "greedy"]}))
        assert conn.getresponse().status == 200
        conn.close()
    starting = threading.Thread(target=post)
    starting.start()
    time.sleep(0.3)
    t = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", live_port, timeout=30)
    conn.request("GET", "/api/games")
    assert conn.getresponse().status == 200
    waited = time.monotonic() - t
    conn.close()
    starting.join(30)
    assert waited < 1.0, waited
