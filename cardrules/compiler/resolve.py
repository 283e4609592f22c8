"""Resolve ``extends``: flatten a variant and its bases into one list of items.

A variant states only what differs. Each of its items either adds something new, or, marked
``override`` (or ``remove``), replaces (or drops) the base's item of the same key. Overriding
something the base lacks, or redefining without ``override``, is an error at the item.
The title and worked examples are never inherited: each file names itself and its examples
prove that file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import ast, limits
from .diagnostics import Collector, CompileError, Diagnostic, Span, did_you_mean
from .limits import MAX_EXTENDS_DEPTH
from .parse import parse_text
from .paths import builtin_games_dir, find_base  # noqa: F401 (also imported from here)

__all__ = ["Resolved", "builtin_games_dir", "find_base", "read_rules", "resolve", "too_large"]


@dataclass(frozen=True, kw_only=True)
class Resolved:
    name: str
    items: tuple[ast.Item, ...]
    sources: dict[str, str]
    path: str
    source: str
    errors: tuple[Diagnostic, ...] = ()  # merge errors, reported with the checker's
    removed: tuple[ast.Item, ...] = ()  # this file's remove statements


def too_large(path: str) -> Diagnostic:
    return Diagnostic(message=f"the file is larger than {limits.MAX_FILE_BYTES:,} bytes",
                      span=Span(file=path, line=1, col=1, end_line=1, end_col=1),
                      hint="a rules file states one game; split shared parts into a base "
                           "game and 'extends' it")


def read_rules(path: Path) -> str:
    """A rules file's text (UTF-8, a byte-order mark allowed); CompileError if unreadable."""
    try:
        with path.open("rb") as f:
            data = f.read(limits.MAX_FILE_BYTES + 1)  # never more, whatever the file is
        if len(data) > limits.MAX_FILE_BYTES:
            raise CompileError([too_large(str(path))], {})
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        span = Span(file=str(path), line=1, col=1, end_line=1, end_col=1)
        raise CompileError([Diagnostic(
            message=f"the file is not UTF-8 text (byte {err.start} cannot be decoded)",
            span=span, hint="save rules files as UTF-8")], {}) from None
    except OSError as err:
        span = Span(file=str(path), line=1, col=1, end_line=1, end_col=1)
        raise CompileError([Diagnostic(message=f"cannot read the file: "
                                               f"{err.strerror or err}", span=span)],
                           {}) from None


def resolve(rules: ast.RulesFile, _chain: tuple[str, ...] = ()) -> Resolved:
    sources = dict(rules.sources)
    errors = Collector()
    base_items: list[ast.Item] = []
    if rules.extends is not None:
        base_items, base_sources = _load_base(rules, _chain, errors)
        sources.update(base_sources)
    errors.raise_if_any(sources)
    merged = _merge(base_items, rules, errors)
    return Resolved(name=rules.name.text, items=tuple(merged), sources=sources,
                    path=rules.path, source=rules.source, errors=tuple(errors.items),
                    removed=tuple(i for i in rules.items if i.remove))


def _load_base(rules: ast.RulesFile, chain: tuple[str, ...],
               errors: Collector) -> tuple[list[ast.Item], dict[str, str]]:
    assert rules.extends is not None
    ext = rules.extends
    path = find_base(ext.text, rules.path)
    here = str(Path(rules.path).resolve())
    if path is not None and str(path.resolve()) in (*chain, here):
        errors.error(ext.span, f"'{rules.name.text}' extends itself: {path} is already in "
                     "the chain of bases")
        return [], {}
    if path is None and ext.text == rules.name.text:
        errors.error(ext.span, f"'{rules.name.text}' extends itself",
                     "name the base game: a built-in one, or a file beside this one")
        return [], {}
    if path is not None and len(chain) >= MAX_EXTENDS_DEPTH:
        top = Path(chain[0]).name if chain else Path(rules.path).name
        errors.error(ext.span, f"more than {MAX_EXTENDS_DEPTH} levels of 'extends' from {top}",
                     f"a game may rest on at most {MAX_EXTENDS_DEPTH} bases, each extending "
                     "the next: merge some of the levels into one file")
        return [], {}
    if path is None:
        known = [p.stem for p in builtin_games_dir().glob("*.rules")]
        errors.error(ext.span, f"cannot find the base game '{ext.text}'",
                     did_you_mean(ext.text, known)
                     or f"put {ext.text}.rules beside this file, or use a built-in game")
        return [], {}
    try:
        text = read_rules(path)
        if _chain_bytes(rules, chain) + len(text.encode("utf-8")) > limits.MAX_FILE_BYTES:
            errors.error(ext.span, f"this game's files together are larger than "
                         f"{limits.MAX_FILE_BYTES:,} bytes",
                         "the limit holds for a game's own file and all its bases together")
            return [], {}
        base = resolve(parse_text(text, str(path)), (*chain, here))
    except CompileError as err:
        errors.items.extend(err.diagnostics)
        return [], dict(err.sources)
    errors.items.extend(base.errors)
    items = [i for i in base.items if not _per_file(i.key)]
    return items, base.sources


def _chain_bytes(rules: ast.RulesFile, chain: tuple[str, ...]) -> int:
    """The bytes of this file and of the files that extend it, down the chain."""
    size = len(rules.source.encode("utf-8"))
    for p in chain:
        try:
            size += Path(p).stat().st_size
        except OSError:
            continue
    return size


def _per_file(key: str) -> bool:
    return key == "title" or key.startswith("example ")


# Statements every game has, stated or not (docs/language.md lists their defaults): a variant
# may override them even where its base relies on the default.
DEFAULTED = frozenset({"family", "suits", "order", "top", "bombs", "lead first", "lead next",
                       "pass", "after out", "round ends", "teams", "match"})


def _merge(base: list[ast.Item], rules: ast.RulesFile, errors: Collector) -> list[ast.Item]:
    merged: dict[str, ast.Item] = {i.key: i for i in base}
    own: dict[str, Span] = {}
    for item in rules.items:
        if item.key in own:
            errors.error(item.span, f"{item.key} is stated twice in this file",
                         f"the first is at line {own[item.key].line}")
            continue
        own[item.key] = item.span
        if item.override:
            if base and item.key not in merged and item.key in DEFAULTED and not item.remove:
                merged[item.key] = item  # the base had the default: this replaces it
                continue
            if item.key not in merged:
                verb = "remove" if item.remove else "override"
                hint = did_you_mean(item.key, merged) if base else ""
                if not base:
                    hint = "only a game that extends another can override or remove"
                errors.error(item.span, f"cannot {verb} {item.key}: the base game has none",
                             hint)
                continue
            if item.remove:
                del merged[item.key]
            else:
                merged[item.key] = item
        elif base and item.key in merged:
            prior = merged[item.key].span
            errors.error(item.span, f"{item.key} is already defined by the base game",
                         f"write 'override {item.key} ...' to replace the one at "
                         f"{Path(prior.file).name}:{prior.line}")
        elif base and item.key in DEFAULTED:
            errors.error(item.span, f"{item.key} is already defined by the base game (by "
                         "default)", f"write 'override {item.key} ...' to "
                         "replace it")
        else:
            merged[item.key] = item
    return list(merged.values())
