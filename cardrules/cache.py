"""A cache of compiled games, so that playing a game does not compile it again.

Where (docs/cache.md says the same for users):
- ``$CARDRULES_CACHE_DIR`` if set; else the user's cache directory: ``$XDG_CACHE_HOME/cardrules``
  (``~/.cache/cardrules`` when XDG_CACHE_HOME is unset or not absolute) on Linux and other
  Unixes, ``~/Library/Caches/cardrules`` on macOS, ``%LOCALAPPDATA%\\cardrules`` on Windows:
  what platformdirs gives, in a dozen lines of the standard library rather than one more
  dependency and one more import at start-up.
- ``CARDRULES_CACHE=off`` (or 0, no, false): nothing is read or written; every load compiles.

An entry is two files: ``STEM-KEY.py``, the generated module (plain Python source, as
``cardrules compile`` writes it), and ``STEM-KEY.json``, what the runtime needs besides
(gameinfo.GameInfo) and what the entry was built from. KEY is the SHA-256 of the entry format,
the compiler's version (``compiler_version``: its own files, templates and grammar included),
the rules file's absolute path and the SHA-256 of its text. The JSON records every file the
game resolves to (the file, the base it ``extends``, that base's base, ...) with the SHA-256 of
each, and each file an ``extends`` looked for beside the variant and did not find (one there
now would be the base instead of the built-in game). An entry is used only if all of that still
holds, the JSON's own checksum holds, and the module's text has the SHA-256 the JSON records.
Anything else (no entry, a truncated or edited one, a file another user owns, a link) is
ignored, never an error: the game is compiled and the entry written again.

Safety (what lark#1628 shows going wrong with a cache in a shared temporary directory): the
directory is the user's own, made 0o700 (one another user owns is not used); files are written
to a new temporary file inside it (mkstemp: 0o600, created exclusively) and renamed into place
with os.replace (atomic; never writes through a link left at the name); they are read with
O_NOFOLLOW and used only if regular files of the user's that no one else may write. Nothing is
unpickled: the JSON is parsed and checked field by field, and the module is compiled from its
text as a freshly generated one is. The hashes find damage, they do not authenticate: whoever
can write the user's own files needs no cache to run code as the user.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__
from .gameinfo import GameInfo, info_of

if TYPE_CHECKING:
    from .compiler import ir

FORMAT = 1  # the layout of an entry and its JSON: raise it when either changes
MAX_RULES_BYTES = 100_000  # compiler/limits.py MAX_FILE_BYTES (a test keeps them equal)
MAX_MODULE_BYTES = 16_000_000  # a larger entry is not read (bounded cost), nor written
MAX_JSON_BYTES = 1_000_000

# What the generated text and the GameInfo are made by: hashed into compiler_version, so that a
# changed compiler (a new release, or an edited checkout) never reads an older one's entries.
_COMPILER_FILES = (("compiler", ".py"), ("compiler/templates", ".j2"), ("grammar", ".lark"),
                   (".", "cards.py"), (".", "text.py"), (".", "gameinfo.py"))


@dataclass(frozen=True, kw_only=True)
class Built:
    """A game ready to load: its info, the generated module's text, the IR if it was compiled
    here (None when read from the cache), and the files it was built from (path, SHA-256)."""

    info: GameInfo
    source: str
    ir: ir.Game | None
    files: tuple[tuple[str, str], ...]


# ------------------------------------------------------------------ where
def enabled() -> bool:
    return os.environ.get("CARDRULES_CACHE", "").strip().lower() not in ("off", "0", "no",
                                                                         "false")


def cache_dir() -> Path | None:
    """Where entries are kept (not made here), or None if the cache is off or no user cache
    directory can be named."""
    if not enabled():
        return None
    given = os.environ.get("CARDRULES_CACHE_DIR")
    if given:
        return Path(given)
    try:
        if sys.platform == "win32":
            local = os.environ.get("LOCALAPPDATA")
            base = Path(local) if local else Path.home() / "AppData" / "Local"
        elif sys.platform == "darwin":
            base = Path.home() / "Library" / "Caches"
        else:
            xdg = os.environ.get("XDG_CACHE_HOME", "")
            base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    except RuntimeError:  # no home directory to be found
        return None
    return base / "cardrules"


@functools.cache
def compiler_version() -> str:
    """SHA-256 of the package version, the entry format, and the text of every file of the
    compiler, its templates and grammar, and what it imports of the package."""
    h = hashlib.sha256(f"cardrules {__version__} format {FORMAT}\0".encode())
    root = os.path.dirname(os.path.abspath(__file__))
    for folder, ending in _COMPILER_FILES:
        where = os.path.join(root, folder)
        for name in sorted(os.listdir(where)):
            if name.endswith(ending):
                with open(os.path.join(where, name), "rb") as f:
                    data = f.read()
                h.update(f"{folder}/{name}\0{len(data)}\0".encode())
                h.update(data)
    return h.hexdigest()


# ------------------------------------------------------------------ building a game
def build(path: Path) -> Built:
    """The game in the rules file at ``path``: from its cache entry when one is valid, else
    compiled (CompileError for bad rules) and its entry written."""
    text = _rules_text(path)
    where = cache_dir()
    if text is not None and where is not None:
        hit = _lookup(where, path, text, with_module=True)
        if hit is not None:
            return hit
    return _compile(path, text, where)


def info(path: Path) -> GameInfo:
    """A game's info (``cardrules list``): only the entry's JSON is read when it is valid."""
    text = _rules_text(path)
    where = cache_dir()
    if text is not None and where is not None:
        hit = _lookup(where, path, text, with_module=False)
        if hit is not None:
            return hit.info
    return _compile(path, text, where).info


def compile_unchanged(path: Path, files: tuple[tuple[str, str], ...]) -> ir.Game:
    """The IR of a game loaded from the cache: compiled now, from files that must be those the
    entry was built from (ValueError if one changed since)."""
    from .compiler import compile_path, compile_sources
    text = _rules_text(path)
    if text is None:
        return compile_path(path)  # raises the error that says what is wrong with the file
    game, sources = compile_sources(text, str(path))
    if files and _files_of(sources) != files:
        raise ValueError(f"{path}: the rules changed since the game was loaded; load it again")
    return game


def _compile(path: Path, text: str | None, where: Path | None) -> Built:
    from .compiler import compile_path, compile_sources, generate
    if text is None:
        game, sources = compile_path(path), None  # it says what is wrong with the file
    else:
        game, sources = compile_sources(text, str(path))
    source = generate(game, path.name)
    built = Built(info=info_of(game), source=source, ir=game,
                  files=_files_of(sources) if sources else ())
    if where is not None and sources:
        with contextlib.suppress(OSError, ValueError):  # a cache that fails is no cache
            _store(where, path, sources, built)
    return built


def _files_of(sources: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """Each file of the chain, top first, as an absolute path and its text's SHA-256."""
    return tuple((os.path.abspath(p), _sha(t)) for p, t in sources.items())


def _absent(files: tuple[tuple[str, str], ...]) -> list[str]:
    """The files an ``extends`` looked for beside its variant and did not find (it found the
    built-in game): were one to appear, the game would resolve to it instead."""
    from .compiler.paths import same_file
    out = []
    for (variant, _), (base, _) in zip(files, files[1:], strict=False):
        beside = os.path.join(os.path.dirname(variant), os.path.basename(base))
        if beside != base and not same_file(Path(beside), Path(variant)):
            out.append(beside)
    return out


# ------------------------------------------------------------------ entries
def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _rules_text(path: Path) -> str | None:
    """The file's text as the compiler reads it, or None if it cannot be read so."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_RULES_BYTES + 1)
        if len(data) > MAX_RULES_BYTES:
            return None
        return data.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None


def _stem(path: Path, text: str) -> str:
    key = hashlib.sha256(f"{FORMAT}\0{compiler_version()}\0{os.path.abspath(path)}\0"
                         f"{_sha(text)}".encode()).hexdigest()
    readable = re.sub(r"[^A-Za-z0-9_-]", "_", path.stem)[:40]  # for a person's eye only
    return f"{readable}-{key}"


def _checksum(body: dict[str, Any]) -> str:
    return _sha(json.dumps(body, sort_keys=True, ensure_ascii=False))


def _lookup(where: Path, path: Path, text: str, *, with_module: bool) -> Built | None:
    stem = _stem(path, text)
    raw = _read_private(where / f"{stem}.json", MAX_JSON_BYTES)
    if raw is None:
        return None
    try:
        doc = json.loads(raw.decode("utf-8"))
        body = doc["body"]
        if not isinstance(body, dict) or doc["checksum"] != _checksum(body):
            return None
        files = tuple((str(p), str(h)) for p, h in body["files"])
        if (body["format"] != FORMAT or body["compiler"] != compiler_version() or not files
                or files[0] != (os.path.abspath(path), _sha(text))):
            return None
        game_info = GameInfo.from_json(body["info"])
        absent = [str(p) for p in body["absent"]]
        module_sha = str(body["module_sha256"])
    except (ValueError, KeyError, TypeError):  # json's errors are ValueErrors
        return None
    for p, h in files[1:]:
        base = _rules_text(Path(p))
        if base is None or _sha(base) != h:
            return None
    if any(os.path.isfile(p) for p in absent):
        return None
    source = ""
    if with_module:
        data = _read_private(where / f"{stem}.py", MAX_MODULE_BYTES)
        if data is None or hashlib.sha256(data).hexdigest() != module_sha:
            return None
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return Built(info=game_info, source=source, ir=None, files=files)


def _store(where: Path, path: Path, sources: dict[str, str], built: Built) -> None:
    module = built.source.encode("utf-8")
    if len(module) > MAX_MODULE_BYTES or not _private_dir(where):
        return
    top = next(iter(sources.values()))
    stem = _stem(path, top)
    body = {"format": FORMAT, "compiler": compiler_version(), "files": built.files,
            "absent": _absent(built.files), "module_sha256": hashlib.sha256(module).hexdigest(),
            "info": built.info.to_json()}
    body = json.loads(json.dumps(body))  # tuples as lists: the checksum is of what is read
    doc = {"body": body, "checksum": _checksum(body)}
    _prune(where, stem, built.files[0][0])
    _write_private(where, f"{stem}.py", module)  # the module first: the JSON commits the entry
    _write_private(where, f"{stem}.json",
                   json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8"))


def _prune(where: Path, stem: str, top: str) -> None:
    """Remove the entries of earlier versions of the same rules file (or of the compiler), so
    the cache holds one entry per rules file."""
    readable = stem.rsplit("-", 1)[0]
    for old in where.glob(f"{readable}-*.json"):
        if old.stem == stem:
            continue
        raw = _read_private(old, MAX_JSON_BYTES)
        try:
            same = raw is not None and json.loads(raw)["body"]["files"][0][0] == top
        except (ValueError, KeyError, TypeError, IndexError):
            same = False
        if same:
            for f in (old, old.with_suffix(".py")):
                with contextlib.suppress(OSError):
                    f.unlink()


# ------------------------------------------------------------------ private files
def _owner_ok(st: os.stat_result) -> bool:
    """Owned by this user, and writable by no one else."""
    if not hasattr(os, "geteuid"):  # Windows: the user's profile is private by default
        return True
    return st.st_uid == os.geteuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _private_dir(where: Path) -> bool:
    """Make the directory (0o700) if need be; whether it is the user's own, now 0o700."""
    try:
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.stat(where)
        if not stat.S_ISDIR(st.st_mode) or (hasattr(os, "geteuid")
                                            and st.st_uid != os.geteuid()):
            return False
        if stat.S_IMODE(st.st_mode) != 0o700 and hasattr(os, "geteuid"):
            os.chmod(where, 0o700)
        return True
    except OSError:
        return False


def _read_private(path: Path, limit: int) -> bytes | None:
    """The file's bytes if it is a regular file of the user's that no one else may write
    (a link is not followed), and not larger than ``limit``; else None."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY",
                                                                                  0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or not _owner_ok(st) or st.st_size > limit:
                return None
            data = f.read(limit + 1)
        except OSError:
            return None
    return data if len(data) <= limit else None


def _write_private(where: Path, name: str, data: bytes) -> None:
    import tempfile
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=where)  # 0o600
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, where / name)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
