"""Compile a rules file and import the generated module straight from memory.

No file is written and nothing is cached on disk, so no other user can plant code for us to
import; only generated text (names validated, literals printed with repr) is ever imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.util
import sys
from types import CodeType, ModuleType

from .compiler import generate, ir


class _MemoryLoader(importlib.abc.SourceLoader):
    def __init__(self, source: str, filename: str) -> None:
        self.source = source
        self.filename = filename

    def get_data(self, path: str) -> bytes:
        return self.source.encode("utf-8")

    def get_filename(self, fullname: str) -> str:
        return self.filename

    def get_code(self, fullname: str) -> CodeType:
        """Compile the source as text: a coding comment decides nothing (PEP 263 applies to
        bytes), so no decoding can turn an escaped literal back into code."""
        return compile(self.source, self.filename, "exec", dont_inherit=True)


def import_source(source: str, module_name: str, filename: str) -> ModuleType:
    loader = _MemoryLoader(source, filename)
    spec = importlib.util.spec_from_loader(module_name, loader, origin=filename)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]  # never leave a half-built module to be found next time
        raise
    return module


def load_module(game: ir.Game, source_name: str) -> tuple[ModuleType, str]:
    source = generate(game, source_name)
    digest = hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]
    name = f"cardrules_generated.{game.name}_{digest}"
    if name in sys.modules:
        return sys.modules[name], source
    return import_source(source, name, f"<cardrules {game.name}>"), source
