"""One diagnostic type for every stage.

``file:line:col: error: message``, then the source line, a caret under the spot, a hint.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

from ..text import blank_like, display_width, printable, steering_char

# Characters str.splitlines() breaks at but Lark does not (it counts only \n): inside a line
# they are shown as a space, one column each, so the caret stays under its place.
_OTHER_BREAKS = dict.fromkeys(map(ord, "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"), " ")


def source_lines(text: str) -> list[str]:
    """The lines of a rules file as the parser numbers them (split at newlines only), each
    ready to print on one line: a carriage return before the newline dropped, any other line
    break shown as a space."""
    return [_shown(line.removesuffix("\r").translate(_OTHER_BREAKS))
            for line in text.split("\n")]


def _shown(line: str) -> str:
    """A source line as it may be printed: a character that would steer the terminal (an
    ESC in a comment) shown as U+FFFD, one column, as the caret counts it."""
    if steering_char(line) is None:
        return line
    return "".join("\ufffd" if c != "\t" and steering_char(c) else c for c in line)


@dataclass(frozen=True, kw_only=True)
class Span:
    """A place in a rules file: 1-based line and column, end exclusive."""

    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    @staticmethod
    def unknown(file: str = "<input>") -> Span:
        return Span(file=file, line=1, col=1, end_line=1, end_col=1)


@dataclass(frozen=True, kw_only=True)
class Diagnostic:
    """A message for a person, tied to a span of the source."""

    message: str
    span: Span
    hint: str = ""
    severity: str = "error"

    def render(self, sources: dict[str, str]) -> str:
        s = self.span
        out = [printable(f"{s.file}:{s.line}:{s.col}: {self.severity}: {self.message}")]
        text = sources.get(s.file)
        if text is not None:
            lines = source_lines(text)
            if 1 <= s.line <= len(lines):
                src = lines[s.line - 1]
                end = s.end_col - 1 if s.end_line == s.line else len(src)
                # Columns as a terminal shows them: a CJK character takes two.
                marked = display_width(src[s.col - 1:end])
                out.append(f"    {src}")
                out.append("    " + blank_like(src[:s.col - 1]) + "^" + "~" * max(0, marked - 1))
        if self.hint:
            out.append(printable(f"  hint: {self.hint}"))
        return "\n".join(out)


class CompileError(Exception):
    """Raised with every diagnostic collected by a stage that could not finish."""

    def __init__(self, diagnostics: Iterable[Diagnostic], sources: dict[str, str]) -> None:
        self.diagnostics = tuple(diagnostics)
        self.sources = sources
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(d.render(self.sources) for d in self.diagnostics)


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """A "did you mean ...?" hint, or the empty string."""
    close = difflib.get_close_matches(name, sorted(set(known)), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


class Collector:
    """Gathers diagnostics so one run reports several errors."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []

    def error(self, span: Span, message: str, hint: str = "") -> None:
        self.items.append(Diagnostic(message=message, span=span, hint=hint))

    def raise_if_any(self, sources: dict[str, str]) -> None:
        if self.items:
            raise CompileError(self.items, sources)
