"""Text for people: counts with the right noun, and columns measured as a terminal shows them.

At the bottom of the layers, beside cards.py: the compiler's diagnostics and the CLI's tables
both use it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence


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


# Characters that steer a terminal or the direction of text rather than show: C0 and C1
# controls (ESC starts a terminal's escape sequences) and the bidirectional overrides.
_STEERING = frozenset([*range(0x00, 0x20), *range(0x7F, 0xA0), 0x200E, 0x200F,
                       *range(0x202A, 0x202F), *range(0x2066, 0x206A)])


def steering_char(text: str) -> str | None:
    """The first character of ``text`` that would steer a terminal (tabs and newlines
    aside), or None."""
    return next((c for c in text if ord(c) in _STEERING and c not in "\t\n"), None)


def printable(text: str) -> str:
    """``text`` safe to write to a terminal: each steering character (see steering_char)
    written as its escape, ``\\x1b``, ``\\u202e``; tabs and newlines kept."""
    if steering_char(text) is None:
        return text
    return "".join(c if ord(c) not in _STEERING or c in "\t\n"
                   else (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")
                   for c in text)


def columns(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    """Rows of cells as lines of a table, each column as wide as its widest cell (as a
    terminal shows them), two spaces apart: text to the left, numbers (``right``) to the right;
    trailing blanks dropped."""
    widths = [max(display_width(r[i]) for r in rows) for i in range(len(right))]
    return ["  ".join(" " * (w - display_width(c)) + c if r else ljust_display(c, w)
                      for c, w, r in zip(row, widths, right, strict=True)).rstrip()
            for row in rows]


def intervals(bounds: Sequence[tuple[str, str]]) -> list[str]:
    """``[lo, hi]`` for each pair, the bounds right-aligned so that the commas line up."""
    lo_w = max((len(lo) for lo, _ in bounds), default=0)
    hi_w = max((len(hi) for _, hi in bounds), default=0)
    return [f"[{lo:>{lo_w}}, {hi:>{hi_w}}]" for lo, hi in bounds]
