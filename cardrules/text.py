"""Text for people: counts with the right noun, and columns measured as a terminal shows them.

At the bottom of the layers, beside cards.py: the compiler's diagnostics and the CLI's tables
both use it.
"""

from __future__ import annotations

import unicodedata


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``1 worked example``, ``2 worked examples``; ``many`` for an irregular plural."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def char_width(ch: str) -> int:
    """Terminal columns of one character: 2 for wide and full-width (CJK, ♠ is 1), 0 for
    combining marks and other zero-width characters, else 1."""
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes (see char_width)."""
    return sum(char_width(c) for c in text)


def ljust_display(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns."""
    return text + " " * max(0, width - display_width(text))


def blank_like(text: str) -> str:
    """White space that takes the columns ``text`` takes on a terminal (tabs kept as tabs),
    to put a caret under a character that follows ``text``."""
    return "".join("\t" if c == "\t" else " " * char_width(c) for c in text)
