"""The compiler: parse -> resolve -> check -> IR -> codegen (and diff, on the IR).

Its parts are imported when first used: finding a game (``find_game``, ``builtin_games``) needs
no parser, so a game played from the cache of compiled modules (cardrules/cache.py) loads
neither Lark nor Jinja."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING

from .paths import builtin_games, find_game

if TYPE_CHECKING:
    from . import ir, limits  # noqa: F401 (the package names its modules)
    from .codegen import generate
    from .diagnostics import CompileError, Diagnostic, Span

__all__ = ["CompileError", "Diagnostic", "Span", "compile_text", "compile_path", "find_game",
           "generate", "ir", "builtin_games"]

_WHERE = {"CompileError": ".diagnostics", "Diagnostic": ".diagnostics", "Span": ".diagnostics",
          "generate": ".codegen"}


def __getattr__(name: str) -> object:
    if name in ("ir", "limits"):
        return importlib.import_module(f".{name}", __name__)
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value


def compile_text(text: str, path: str) -> ir.Game:
    """Rules text -> checked IR; raises CompileError with every diagnostic found."""
    return compile_sources(text, path)[0]


def compile_sources(text: str, path: str) -> tuple[ir.Game, dict[str, str]]:
    """As ``compile_text``, with the text of every file the game resolves to, by path: this
    file's first, then the base it extends, that base's base, and so on."""
    from .check import check
    from .diagnostics import CompileError, Diagnostic, Span
    from .limits import MAX_FILE_BYTES
    from .parse import parse_text
    from .resolve import resolve, too_large
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise CompileError([too_large(path)], {})
    try:
        resolved = resolve(parse_text(text, path))
        return check(resolved), dict(resolved.sources)
    except RecursionError:  # a last guard: the depth limits should come first
        raise CompileError([Diagnostic(message="the rules nest too deeply to compile",
                                       span=Span.unknown(path),
                                       hint="split long formulas into lets or defs")],
                           {path: text}) from None


def compile_path(path: Path) -> ir.Game:
    from .resolve import read_rules
    return compile_text(read_rules(path), str(path))
