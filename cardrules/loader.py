"""Import a generated module straight from its text.

The text is a freshly generated one, or one read back from the user's own cache of compiled
games (cache.py: owner-only, checked against its recorded hash); nothing is imported from a
path another user could write to, and only generated text (names validated, literals printed
with repr) is ever imported.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import sys
from types import CodeType, ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .compiler import ir


class _MemoryLoader(importlib.machinery.SourceFileLoader):
    """A loader of one text (importlib.machinery's: importlib.abc would cost start-up time,
    its import brings importlib.resources and tempfile); nothing is read from disk, and no
    bytecode is written."""

    def __init__(self, source: str, filename: str) -> None:
        super().__init__(filename, filename)
        self.source = source
        self.filename = filename

    def get_data(self, path: str) -> bytes:
        return self.source.encode("utf-8")

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
    from .compiler import generate
    source = generate(game, source_name)
    return module_from_source(game.name, source), source


def module_from_source(game_name: str, source: str) -> ModuleType:
    """The module of this generated text, imported once per process and text."""
    digest = hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]
    name = f"cardrules_generated.{game_name}_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    return import_source(source, name, f"<cardrules {game_name}>")
