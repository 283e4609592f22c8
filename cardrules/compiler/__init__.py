"""The compiler: parse -> resolve -> check -> IR -> codegen (and diff, on the IR)."""

from __future__ import annotations

from pathlib import Path

from . import ir, limits
from .check import check
from .codegen import generate
from .diagnostics import CompileError, Diagnostic, Span
from .parse import parse_text
from .resolve import builtin_games_dir, read_rules, resolve, too_large

__all__ = ["CompileError", "Diagnostic", "Span", "compile_text", "compile_path", "find_game",
           "generate", "ir", "builtin_games"]


def compile_text(text: str, path: str) -> ir.Game:
    """Rules text -> checked IR; raises CompileError with every diagnostic found."""
    if len(text) > limits.MAX_FILE_BYTES or len(text.encode("utf-8")) > limits.MAX_FILE_BYTES:
        raise CompileError([too_large(path)], {})
    try:
        return check(resolve(parse_text(text, path)))
    except RecursionError:  # a last guard: the depth limits should come first
        raise CompileError([Diagnostic(message="the rules nest too deeply to compile",
                                       span=Span.unknown(path),
                                       hint="split long formulas into lets or defs")],
                           {path: text}) from None


def compile_path(path: Path) -> ir.Game:
    return compile_text(read_rules(path), str(path))


def builtin_games() -> list[Path]:
    return sorted(builtin_games_dir().glob("*.rules"))


def find_game(name_or_path: str) -> Path | None:
    """A built-in game's name, or a path to a .rules file."""
    p = Path(name_or_path)
    if p.suffix == ".rules" or p.is_file():
        return p if p.is_file() else None
    builtin = builtin_games_dir() / f"{name_or_path}.rules"
    return builtin if builtin.is_file() else None
