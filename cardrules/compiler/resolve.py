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

from . import ast
from .diagnostics import Collector, CompileError, Diagnostic, Span, did_you_mean
from .parse import parse_text


@dataclass(frozen=True, kw_only=True)
class Resolved:
    name: str
    items: tuple[ast.Item, ...]
    sources: dict[str, str]
    path: str
    source: str
    errors: tuple[Diagnostic, ...] = ()  # merge errors, reported with the checker's


def builtin_games_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "games"


def find_base(name: str, near: str) -> Path | None:
    """A base named in ``extends``: a file beside the variant first, then the built-in games."""
    beside = Path(near).parent / f"{name}.rules"
    if beside.is_file():
        return beside
    builtin = builtin_games_dir() / f"{name}.rules"
    return builtin if builtin.is_file() else None


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
                    path=rules.path, source=rules.source, errors=tuple(errors.items))


def _load_base(rules: ast.RulesFile, chain: tuple[str, ...],
               errors: Collector) -> tuple[list[ast.Item], dict[str, str]]:
    assert rules.extends is not None
    ext = rules.extends
    if ext.text in chain or ext.text == rules.name.text:
        errors.error(ext.span, f"'{rules.name.text}' extends itself through "
                     + " -> ".join((*chain, rules.name.text, ext.text)))
        return [], {}
    path = find_base(ext.text, rules.path)
    if path is None:
        known = [p.stem for p in builtin_games_dir().glob("*.rules")]
        errors.error(ext.span, f"cannot find the base game '{ext.text}'",
                     did_you_mean(ext.text, known)
                     or f"put {ext.text}.rules beside this file, or use a built-in game")
        return [], {}
    text = path.read_text("utf-8")
    try:
        base = resolve(parse_text(text, str(path)), (*chain, rules.name.text))
    except CompileError as err:
        errors.items.extend(err.diagnostics)
        return [], dict(err.sources)
    errors.items.extend(base.errors)
    items = [i for i in base.items if not _per_file(i.key)]
    return items, base.sources


def _per_file(key: str) -> bool:
    return key == "title" or key.startswith("example ")


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
        elif item.key in merged and base:
            prior = merged[item.key].span
            errors.error(item.span, f"{item.key} is already defined by the base game",
                         f"write 'override {_first_word(item.key)} ...' to replace the one at "
                         f"{Path(prior.file).name}:{prior.line}")
        else:
            merged[item.key] = item
    return list(merged.values())


def _first_word(key: str) -> str:
    return key.split(" ")[0]
