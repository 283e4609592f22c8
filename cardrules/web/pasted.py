"""Rules text pasted into the web table, compiled and hashed as a file alone in a new empty
folder: the compiler looks for the base game of ``extends`` beside the file first, and a
pasted variant has no folder, so its base is a built-in game, never a file of the folders
the server runs in. Diagnostics name the text as the person named it (``upload.rules``, or
the replay file's rules file) and a built-in base by its file name, not by the server's
folders."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from ..compiler import CompileError, compile_text, ir
from ..compiler.diagnostics import Diagnostic
from ..compiler.paths import builtin_games_dir
from ..replay import text_hash


def compile_pasted(text: str, name: str = "upload.rules") -> ir.Game:
    """``compile_text`` for pasted rules; CompileError as the person should see it."""
    with _alone(name) as where:
        return compile_text(text, where)


def hash_pasted(text: str, name: str) -> str:
    """``text_hash`` for pasted rules (of the text and the built-in bases it extends)."""
    with _alone(name) as where:
        return text_hash(text, where)


@contextmanager
def _alone(name: str) -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="cardrules-pasted-") as tmp:
        where = str(Path(tmp) / name)
        try:
            yield where
        except CompileError as err:
            raise _renamed(err, where, name) from None


def _renamed(err: CompileError, where: str, name: str) -> CompileError:
    builtin = str(builtin_games_dir()) + "/"

    def shown(text: str) -> str:
        return text.replace(where, name).replace(builtin, "")

    def moved(d: Diagnostic) -> Diagnostic:
        return replace(d, message=shown(d.message), hint=shown(d.hint),
                       span=replace(d.span, file=shown(d.span.file)))

    return CompileError([moved(d) for d in err.diagnostics],
                        {shown(k): v for k, v in err.sources.items()})
