"""Text -> AST for the statements of family tricks; mixed into parse._ToAst.

Methods are named after the grammar rules they handle (cardrules.lark, "family tricks")."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args

from . import ast
from .diagnostics import Span


class TricksToAst:
    """The tricks rules of the grammar; the host class provides tok, sp and _string_tok."""

    file: str

    def tok(self, t: Token) -> ast.Tok:
        raise NotImplementedError

    def sp(self, meta: Any) -> Span:
        raise NotImplementedError

    def _string_tok(self, t: Token) -> ast.Tok:
        raise NotImplementedError

    def _label(self, c: list[Any]) -> tuple[str, list[Any]]:
        """A block's optional quoted label, and the rest of its children."""
        if c and isinstance(c[0], Token) and c[0].type == "STRING":
            return self._string_tok(c[0]).text, c[1:]
        return "", c

    # -- levels, trumps, ties
    def levels(self, c: list[ast.Tok]) -> ast.Levels:
        return ast.Levels(ranks=tuple(c))

    def level_up(self, c: list[Token]) -> ast.Choice:
        return ast.Choice(what="level up", value=self.tok(c[0]))

    def trump_rank_level(self, c: list[Any]) -> ast.Tok | None:
        return None

    def trump_rank_fixed(self, c: list[ast.Tok]) -> ast.Tok | None:
        return c[0]

    def trump_suit(self, c: list[Any]) -> None:
        return None

    def trump_order(self, c: list[ast.TrumpPattern]) -> tuple[ast.TrumpPattern, ...]:
        return tuple(c)

    @v_args(meta=True)
    def trumps(self, meta: Any, c: list[Any]) -> ast.Trumps:
        rank = c[0] if isinstance(c[0], ast.Tok) else None
        return ast.Trumps(rank=rank, order=c[-1], span=self.sp(meta))

    def _pattern(self, kind: str, meta: Any, c: list[Any]) -> ast.TrumpPattern:
        word = c[0] if c and isinstance(c[0], ast.Tok) else None
        return ast.TrumpPattern(kind=kind, word=word, span=self.sp(meta))

    @v_args(meta=True)
    def pat_suit_rank(self, meta: Any, c: list[Any]) -> ast.TrumpPattern:
        return self._pattern("suit_rank", meta, [])

    @v_args(meta=True)
    def pat_off_rank(self, meta: Any, c: list[Any]) -> ast.TrumpPattern:
        return self._pattern("off_rank", meta, [])

    @v_args(meta=True)
    def pat_suit_of(self, meta: Any, c: list[Any]) -> ast.TrumpPattern:
        return self._pattern("suit_of", meta, c)

    @v_args(meta=True)
    def pat_off_of(self, meta: Any, c: list[Any]) -> ast.TrumpPattern:
        return self._pattern("off_of", meta, c)

    @v_args(meta=True)
    def pat_suit(self, meta: Any, c: list[Any]) -> ast.TrumpPattern:
        return self._pattern("suit", meta, [])

    @v_args(meta=True)
    def pat_card(self, meta: Any, c: list[Any]) -> ast.TrumpPattern:
        return self._pattern("card", meta, c)

    def tie_rule(self, c: list[Token]) -> ast.Tok:
        return self.tok(c[0])

    def ties(self, c: list[ast.Tok]) -> ast.Choice:
        return ast.Choice(what="ties", value=c[0])

    # -- units, leads, throws, following, ruffing
    def unit_identical(self, c: list[Token]) -> tuple[str, Any]:
        return ("identical", self.tok(c[0]))

    def unit_chain(self, c: list[Token]) -> tuple[str, Any]:
        return ("chain", (self.tok(c[0]), self.tok(c[1])))

    def unit(self, c: list[Any]) -> ast.Unit:
        name = self.tok(c[0])
        label, rest = self._label(c[1:])
        what, value = rest[0]
        if what == "identical":
            return ast.Unit(name=name, label=label, identical=value, chain_of=None,
                            min_len=None)
        return ast.Unit(name=name, label=label, identical=None, chain_of=value[0],
                        min_len=value[1])

    def lead_kind(self, c: list[Token]) -> ast.Tok:
        return self.tok(c[0])

    def leads(self, c: list[ast.Tok]) -> ast.Leads:
        return ast.Leads(kinds=tuple(c))

    def throw_units(self, c: list[Any]) -> None:
        return None

    throw_test = throw_fails = throw_units

    def throw_penalty(self, c: list[Token]) -> ast.Tok:
        return self.tok(c[0])

    def throw(self, c: list[Any]) -> ast.Throw:
        label, rest = self._label(c)
        penalty = next((x for x in rest if isinstance(x, ast.Tok)), None)
        return ast.Throw(label=label, penalty=penalty)

    def follow_class(self, c: list[Any]) -> None:
        return None

    def follow_alt(self, c: list[Token]) -> tuple[ast.Tok, ...]:
        return tuple(self.tok(x) for x in c)

    def follow_rule(self, c: list[Any]) -> ast.FollowRule:
        return ast.FollowRule(lead=self.tok(c[0]), alternatives=tuple(c[1:]))

    def follow(self, c: list[Any]) -> ast.Follow:
        return ast.Follow(rules=tuple(x for x in c if isinstance(x, ast.FollowRule)))

    def ruff_void(self, c: list[Any]) -> str:
        return "void"

    def ruff_cover(self, c: list[Any]) -> str:
        return "cover"

    def ruff_otherwise(self, c: list[Any]) -> str:
        return "discard"

    def ruff_overruff(self, c: list[Any]) -> str:
        return "overruff"

    def ruff(self, c: list[Any]) -> ast.Ruff:
        label, rest = self._label(c)
        return ast.Ruff(label=label, cover="cover" in rest, discard="discard" in rest,
                        overruff="overruff" in rest)

    # -- points, kitty, dealer
    def point_entry(self, c: list[Any]) -> tuple[ast.Tok, ast.Tok]:
        return (c[0], self.tok(c[1]))

    def points(self, c: list[tuple[ast.Tok, ast.Tok]]) -> ast.Points:
        return ast.Points(entries=tuple(c))

    @v_args(meta=True)
    def kitty(self, meta: Any, c: list[Any]) -> ast.Choice:
        return ast.Choice(what="kitty", value=ast.Tok(text="bury", span=self.sp(meta)))

    def kitty_bonus(self, c: list[Token]) -> ast.Choice:
        return ast.Choice(what="kitty bonus", value=self.tok(c[0]))

    def dealer_first(self, c: list[Token]) -> ast.DealerFirst:
        return ast.DealerFirst(fallback=self.tok(c[0]) if c else None)

    def dealer_next(self, c: list[Any]) -> ast.DealerNext:
        return ast.DealerNext(value=c[0])

    # -- bidding
    def bid_rank(self, c: list[Token]) -> tuple[tuple[ast.Tok | None, ast.Tok | None], ...]:
        return ((self.tok(c[0]), None),)

    def bid_part(self, c: list[Any]) -> tuple[ast.Tok | None, ast.Tok | None]:
        return (self.tok(c[0]), c[1]) if len(c) == 2 else (None, c[0])

    def bid_set(self, c: list[Any]) -> tuple[tuple[ast.Tok | None, ast.Tok | None], ...]:
        return tuple(c)

    def bid_names(self, c: list[Token]) -> ast.Tok:
        return self.tok(c[0])

    @v_args(meta=True)
    def bid(self, meta: Any, c: list[Any]) -> ast.Bid:
        return ast.Bid(options=tuple(c[:-1]), names=c[-1], span=self.sp(meta))

    def bid_overrides(self, c: list[Any]) -> None:
        return None

    bid_none = bid_overrides

    def bidding(self, c: list[Any]) -> ast.Bidding:
        label, rest = self._label(c)
        return ast.Bidding(label=label, bids=tuple(x for x in rest if isinstance(x, ast.Bid)))

    # -- worked examples
    def trump_state_suit(self, c: list[Token]) -> ast.Tok:
        return self.tok(c[0])

    def trump_state(self, c: list[ast.Tok]) -> tuple[ast.Tok, ast.Tok]:
        return (c[0], c[1])

    def legality(self, c: list[Token]) -> bool:
        return str(c[0]) == "legal"

    def case_is(self, c: list[Token]) -> dict[str, Any]:
        return {"case": "is", "cards": (self._string_tok(c[0]),), "kind": self.tok(c[1])}

    def case_nothing(self, c: list[Token]) -> dict[str, Any]:
        return {"case": "is", "cards": (self._string_tok(c[0]),), "kind": None}

    def case_trick(self, c: list[Token]) -> dict[str, Any]:
        return {"case": "trick", "cards": tuple(self._string_tok(x) for x in c[:-1]),
                "winner": self.tok(c[-1])}

    def case_follow(self, c: list[Any]) -> dict[str, Any]:
        return {"case": "follow", "cards": tuple(self._string_tok(x) for x in c[:3]),
                "legal": c[3]}

    def case_throw(self, c: list[Token]) -> dict[str, Any]:
        return {"case": "throw", "cards": tuple(self._string_tok(x) for x in c)}

    def example_tricks(self, c: list[Any]) -> ast.ExampleTricks:
        (trump, level), case = c
        return ast.ExampleTricks(trump=trump, level=level, **case)

    def settle_number(self, c: list[Token]) -> tuple[ast.Tok, ast.Tok]:
        return (self.tok(c[0]), self.tok(c[1]))

    def settle_expect(self, c: list[Any]) -> tuple[str, tuple[ast.Tok, ...]]:
        return (str(c[0]), tuple(x if isinstance(x, ast.Tok) else self.tok(x) for x in c[1:]))

    @v_args(meta=True)
    def example_settle(self, meta: Any, c: list[Any]) -> ast.ExampleSettle:
        setup = tuple(x for x in c if isinstance(x, tuple) and isinstance(x[0], ast.Tok))
        expect: dict[str, tuple[ast.Tok, ...]] = dict(
            x for x in c if isinstance(x, tuple) and isinstance(x[0], str))
        points = expect.get("points", (None,))[0]
        dealer = expect.get("dealer", (None,))[0]
        return ast.ExampleSettle(setup=setup, points=points, up=expect.get("up", ()),
                                 dealer=dealer, span=self.sp(meta))


_FIXED_KEYS: dict[type, str] = {
    ast.Levels: "levels", ast.Trumps: "trumps", ast.Leads: "lead", ast.Throw: "throw",
    ast.Follow: "follow", ast.Ruff: "ruff", ast.Points: "points",
    ast.DealerFirst: "dealer first", ast.DealerNext: "dealer next", ast.Bidding: "bidding"}


def tricks_key(stmt: ast.Stmt) -> str | None:
    """What a tricks statement defines (a variant's item replaces the base's of one key);
    None for a statement that is not of this family, or an example."""
    if isinstance(stmt, ast.Unit):
        return f"unit {stmt.name.text}"
    return _FIXED_KEYS.get(type(stmt))
