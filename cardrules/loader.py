"""Compile a rules file and import the generated module straight from memory.

No file is written and nothing is cached on disk, so no other user can plant code for us to
import; only generated text (names validated, literals printed with repr) is ever imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.util
import sys
from types import ModuleType

from .compiler import generate, ir


class _MemoryLoader(importlib.abc.SourceLoader):
    def __init__(self, source: str, filename: str) -> None:
        self.source = source
        self.filename = filename

    def get_data(self, path: str) -> bytes:
        return self.source.encode("utf-8")

    def get_filename(self, fullname: str) -> str:
        return self.filename


def import_source(source: str, module_name: str, filename: str) -> ModuleType:
    loader = _MemoryLoader(source, filename)
    spec = importlib.util.spec_from_loader(module_name, loader, origin=filename)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    loader.exec_module(module)
    return module


def load_module(game: ir.Game, source_name: str) -> tuple[ModuleType, str]:
    source = generate(game, source_name)
    digest = hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]
    name = f"cardrules_generated.{game.name}_{digest}"
    if name in sys.modules:
        return sys.modules[name], source
    return import_source(source, name, f"<cardrules {game.name}>"), source
