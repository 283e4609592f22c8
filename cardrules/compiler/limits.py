"""Limits on what a rules file may state, in one place; the manual's limits table lists them.

Each is enforced by a diagnostic at the place in the file that goes past it, so no input can
reach the Python limits below them (nesting in the parser and in generated code, the 4,300
digits of int(), the interpreter's recursion limit)."""

from __future__ import annotations

MAX_TREE_DEPTH = 300
"""Syntax-tree levels of one statement; a bracket level of a formula takes about six."""

MAX_FORMULA_DEPTH = 64
"""Levels of one formula as compiled: each operator, call, aggregate, if, and each `when` of
a `cases` (the later branches sit inside the earlier ones) is a level. Generated Python then
nests at most two brackets a level, well inside the 200 Python allows."""

MAX_NUMBER_DIGITS = 18
"""Digits of a number written in a rules file (so below 10**18)."""

MAX_EXTENDS_DEPTH = 16
"""Bases below a rules file through `extends` (a variant of a variant ... of a game)."""

MAX_CALL_DEPTH = 50
"""Def calls and aggregates one inside another, counted through the defs: each is a Python
frame when the score is computed, and the interpreter allows about a thousand."""
