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


def unmarked(text: str) -> str:
    """Pasted text as the command line reads a file: a byte-order mark at its start is
    dropped (compiler/resolve.py, ``read_rules``), so the text compiles and hashes alike."""
    return text.removeprefix("\ufeff")


def compile_pasted(text: str, name: str = "upload.rules") -> ir.Game:
    """``compile_text`` for pasted rules; CompileError as the person should see it."""
    with _alone(name) as where:
        return compile_text(unmarked(text), where)


def check_pasted(text: str, name: str = "upload.rules") -> tuple[bool, str, str]:
    """`cardrules check` of pasted rules, by the command's own function (``cli.check_game``):
    (True, its warnings, its ok line), or (False, the diagnostics, "") for rules that do not
    compile or whose worked examples fail; named as the person should see them."""
    from ..cli import check_game
    from ..game import from_ir
    try:
        with _alone(name) as where:
            game = from_ir(compile_text(unmarked(text), where), Path(where))
            failures, warnings, line = check_game(game)
            sources = {where: game.ir.source}
            if failures:
                raise CompileError(failures, sources)
            shown = _renamed(CompileError(warnings, sources), where, name)
            return True, "\n".join(w.render(shown.sources) for w in shown.diagnostics), \
                line.replace(where, name)
    except CompileError as err:
        return False, err.render(), ""


def base_of(text: str, name: str = "upload.rules") -> str | None:
    """The name of the game pasted rules extend, as the parser reads it (None: it extends
    none); CompileError if the text does not parse."""
    from ..compiler.parse import parse_text
    with _alone(name) as where:
        ext = parse_text(unmarked(text), where).extends
    return None if ext is None else ext.text


def hash_pasted(text: str, name: str) -> str:
    """``text_hash`` for pasted rules (of the text and the built-in bases it extends)."""
    with _alone(name) as where:
        return text_hash(unmarked(text), where)


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
