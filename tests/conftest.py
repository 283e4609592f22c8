from __future__ import annotations

import importlib
import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

import pytest

import cardrules


def pytest_configure(config: pytest.Config) -> None:
    """The cache of compiled games (cardrules/cache.py) lives in a private temporary directory
    of this test process (each xdist worker has its own), never in the user's cache; the
    commands the tests start inherit it. Set here, before any test module is imported, as
    some load games at import. It is on, so every test that loads a game twice reads it back."""
    tmp = Path(tempfile.mkdtemp(prefix="cardrules-tests-"))
    before = {k: os.environ.get(k) for k in ("CARDRULES_CACHE_DIR", "CARDRULES_CACHE")}
    os.environ["CARDRULES_CACHE_DIR"] = str(tmp / "cardrules")
    os.environ.pop("CARDRULES_CACHE", None)

    def restore() -> None:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(tmp, ignore_errors=True)

    config.add_cleanup(restore)
    if not hasattr(config, "workerinput") and importlib.util.find_spec("rlcard") is not None:
        # RLCard unzips its Dou Dizhu tables at its first import; two xdist workers doing
        # that at once on a fresh install collide (FileExistsError). Done once here, in the
        # main process, before the workers start.
        importlib.import_module("rlcard.games.doudizhu.utils")


@pytest.fixture(scope="session")
def private_cache() -> Path:
    return Path(os.environ["CARDRULES_CACHE_DIR"])


@pytest.fixture(scope="session")
def big_two() -> cardrules.Game:
    return cardrules.load("big_two")
