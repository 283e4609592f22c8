from __future__ import annotations

import pytest

import cardrules


@pytest.fixture(scope="session")
def big_two() -> cardrules.Game:
    return cardrules.load("big_two")
