"""Syntax hints that speak of the file's own family: where a statement cannot start (or a
word follows `remove`), the hint lists the statements of the file's family only, not every
statement of the language. A syntax error comes before the file is read whole, so the
family is found from the text: its `family NAME` line, else its base's, found as `extends`
finds it (compiler/resolve.py), up to the depth `extends` allows."""

from __future__ import annotations

import re

from .diagnostics import CompileError, did_you_mean
from .limits import MAX_EXTENDS_DEPTH

# Statement words only one family reads (the first word of the statement). Words of no
# family here (title, players, deck, lead, const, def, example, ...) belong to every family.
_ONLY: dict[str, frozenset[str]] = {
    "climbing": frozenset({"combination", "sequence", "ladder", "bombs", "top", "pass",
                           "after", "round", "auction"}),
    "tricks": frozenset({"levels", "level", "trumps", "ties", "unit", "throw", "follow",
                         "ruff", "points", "kitty", "dealer", "bidding"}),
    "banking": frozenset({"banker", "bet", "values", "soft", "bust", "action", "showdown"}),
}
# Statements of the other families that one family does not read either
# (compiler/check_banking.py).
_NOT_IN: dict[str, frozenset[str]] = {"banking": frozenset({"order", "suits", "teams", "lead"})}
_EVERY = frozenset({"title", "family", "players", "deck", "deal", "ranks", "suits", "order",
                    "lead", "teams", "match", "const", "table", "def"})
_FAMILY = re.compile(r"^[ \t]*(?:override[ \t]+)?family[ \t]+([A-Za-z_]\w*)", re.M)
_EXTENDS = re.compile(r"^[ \t]*game[ \t]+\w+[ \t]+extends[ \t]+([A-Za-z_]\w*)", re.M)


def file_family(text: str, path: str, depth: int = 0) -> str:
    """The family a rules file plays: stated in it, else its base's; ``climbing`` (the
    default) when none is stated or the base cannot be read."""
    found = _FAMILY.search(text)
    if found:
        return found.group(1)
    base = _EXTENDS.search(text)
    if base is None or depth >= MAX_EXTENDS_DEPTH:
        return "climbing"
    from .resolve import find_base, read_rules  # resolve parses: imported when needed
    where = find_base(base.group(1), path)
    if where is None:
        return "climbing"
    try:
        return file_family(read_rules(where), str(where), depth + 1)
    except (CompileError, OSError):
        return "climbing"


def of_family(words: list[str], family: str) -> list[str]:
    """The words a game of this family may use: none that only another family reads."""
    others = set().union(*(w for f, w in _ONLY.items() if f != family),
                         _NOT_IN.get(family, frozenset()))
    return sorted(w for w in words if w not in others)


def statement_hint(word: str, expected: list[str], text: str, path: str,
                   after_remove: bool) -> tuple[str, str]:
    """The message and hint for ``word`` where a statement (or, after ``remove``, a kind of
    removable statement) should start; ``expected`` are the words the grammar allows."""
    family = file_family(text, path)
    words = of_family(expected, family)
    close = did_you_mean(word.lower(), words)
    if after_remove:
        hint = close or (f"in family {family}, 'remove' takes: " + ", ".join(words))
        lower = word.lower()
        owner = next((f for f, w in _ONLY.items() if lower in w), None)
        if not close and owner not in (None, family):
            hint += f"; '{lower}' is a statement of the {owner} family"
        elif not close and (owner == family or lower in _EVERY):
            hint += f"; to change the {lower} statement, write 'override {lower} ...'"
        return f"'{word}' cannot be removed", hint
    hint = close or (f"in family {family}, statements start with: " + ", ".join(words))
    return f"unknown statement '{word}'", hint
