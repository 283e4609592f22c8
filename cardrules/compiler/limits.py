"""Limits on what a rules file may state, in one place; the manual's limits table lists them
(docs/language.md, 3.10 Limits, kept equal to these by tests/test_limits.py).

Each is enforced by a diagnostic at the place in the file that goes past it, so no input can
reach the Python limits below them (nesting in the parser and in generated code, the 4,300
digits of int(), the interpreter's recursion limit), and no rules file makes ``check``,
``compile``, ``play`` or ``diff`` run long or grow large. A flat list of named constants."""

from __future__ import annotations

MAX_FILE_BYTES = 100_000
"""Bytes of UTF-8 in a rules file, and in a game's files together (its own and every base
it extends); a longer file is refused before it is read further. Parsing takes about 1.6 s
of processor time for this many bytes of the densest statements (defs); the largest built-in
game is about 10,000 bytes."""

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

MAX_CONST_BITS = 64
"""Bits of a constant's or a table entry's value (its magnitude is below 2**64): constants
are computed when the file is checked, and squaring without end would never finish."""

MAX_EVAL_STEPS = 100_000
"""Steps one call of a def (or the match's `until`) may take, as the checker counts them:
each operation is a step, a call costs the body of the def it calls, and an aggregate over
seats costs its body once per player (compiler/cost.py)."""

MAX_VALUE_BITS = 256
"""Bits a def's value may grow to, by the checker's estimate: a product is as large as its
factors together, a sum one bit larger than its larger part; builtins are small, and a match
total counts as 64 bits (compiler/cost.py)."""

MAX_COMBINATIONS = 100
"""Combinations in one game, after `extends`."""

MAX_CANDIDATE_PLAYS = 1_000_000
"""Candidate plays the combinations of a game together may make from one hand of the deal:
an upper bound the checker computes from the deal, `copies` and the shapes
(compiler/playcount.py); the table makes them all on every lead."""

MAX_TYPICAL_PLAYS = 30_000
"""Candidate plays of all combinations from a dealt hand, on average, by the checker's
estimate (compiler/playcount.py, expected_count; it leans high): what a lead usually costs,
about 0.1 s at this figure. MAX_CANDIDATE_PLAYS bounds the worst hand, which real games never
deal (a two-deck game of straights and runs of pairs: worst 628,550, estimated 16,588, dealt
hands 1,883 on average); `cards 6` of 27-card hands makes 296,010 on every hand."""


MAX_MATCH_ROUNDS = 1_000
"""Rounds in a match: `rounds N` is at most this, and a match that its `until` has not ended
by then ends after this many rounds."""

MAX_BIDS = 20
"""Bids an auction may list: a seat's turn in the auction offers at most this many and a pass."""

MAX_BID = 1_000
"""The largest bid of an auction (a bid is a whole number from 1)."""

MAX_REDEALS = 100
"""Deals in one round of a game whose auction says `all pass: deal again`: when every seat
has passed on this many deals, the round ends with no game (every score 0)."""
