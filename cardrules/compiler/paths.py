"""Where rules files are found: the built-in games, a game named on the command line, and the
base an ``extends`` names. Plain path logic with no parser, so that finding a game (and
checking a cached build of it, cardrules/cache.py) loads nothing else of the compiler."""

from __future__ import annotations

from pathlib import Path


def builtin_games_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "games"


def builtin_games() -> list[Path]:
    return sorted(builtin_games_dir().glob("*.rules"))


def find_game(name_or_path: str) -> Path | None:
    """A built-in game's name, or a path to a .rules file."""
    p = Path(name_or_path)
    if p.suffix == ".rules" or p.is_file():
        return p if p.is_file() else None
    if not name_or_path.isidentifier():  # a built-in game is a plain name, never a path
        return None
    builtin = builtin_games_dir() / f"{name_or_path}.rules"
    return builtin if builtin.is_file() else None


def find_base(name: str, near: str) -> Path | None:
    """A base named in ``extends``: a file beside the variant first (never the variant itself:
    a ``NAME.rules`` of one's own may extend the built-in NAME), then the built-ins."""
    beside = Path(near).parent / f"{name}.rules"
    if beside.is_file() and not same_file(beside, Path(near)):
        return beside
    builtin = builtin_games_dir() / f"{name}.rules"
    return builtin if builtin.is_file() else None


def same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False
