from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules


@pytest.fixture(scope="session", autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The cache of compiled games (cardrules/cache.py) lives in a directory of this test
    session (each xdist worker has its own), never in the user's cache; the commands the
    tests start inherit it. It is on, so every test that loads a game twice reads it back."""
    where = tmp_path_factory.mktemp("cache") / "cardrules"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CARDRULES_CACHE_DIR", str(where))
        mp.delenv("CARDRULES_CACHE", raising=False)
        yield where


@pytest.fixture(scope="session")
def big_two() -> cardrules.Game:
    return cardrules.load("big_two")
