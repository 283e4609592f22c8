"""Helpers shared by the web server's API tests (test_web_api.py, test_web_replay.py): a table
started through the API, a link's token, and the server's session behind a table."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from cardrules.web.server import Session


def new_table(client: TestClient, game: str, seats: list[str], seed: int = 3) -> dict[str, Any]:
    """A practice table (its seed chosen, so its deals are the tests' to know)."""
    r = client.post("/api/tables", json={"game": game, "seats": seats, "seed": seed,
                                         "practice": True})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def token_of(link: str) -> str:
    return link.split("token=")[1]


def session(client: TestClient, table_id: str) -> Session:
    app: Any = client.app
    found: Session = app.state.tables.by_id[table_id]
    return found
